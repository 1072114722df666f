package catalog

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// poisonPhrase matches a phrase that adds the poison effect (R17 poison;
// catalogue.md 4.6 "poison doses ... adds the poison effect to an attack or
// defence", "poison (3)" among the weapon texts): on an item, "Ajoute poison
// à une attaque", one dose; on a weapon, "Poison" or "Empoisonnée", every
// successful attack.
var poisonPhrase = regexp.MustCompile(`^(?:(?:ajoute|applique|donne|confere) (?:l'effet |un effet |le )?(?:de )?poison(?: (?:a|sur) (?:une|1|l'|son) ?(?:attaque|arme))?|(?:inflige (?:le |un )?)?poison|empoisonnee?s?|arme empoisonnee)$`)

func init() {
	// Weapons: the phrase table takes the poison key (effects.go).
	for _, k := range []profiles.Kind{profiles.KindMelee, profiles.KindRanged} {
		allowedKeys[k] = append(allowedKeys[k], "poison")
	}
	phraseRules = append(phraseRules, rule("Poison", "poison", `(?:inflige (?:le |un )?)?poison|empoisonnee?s?|arme empoisonnee`,
		func(e *equipOut, p string, m []string) string {
			return e.set("poison", p, func() { e.ef.Poison = true })
		}))
}

// Item phrases of the other effects fights play (sim/items.go), on folded
// text (catalogue.md 4.6 "Items": "+2 on a mastery reroll in one domain",
// "poison doses ... adds the poison effect to an attack or defence",
// "healing food"; seed 000 lines 1153-1157, the antidote):
//   - poisonDefencePhrase: a dose for an attack or a defence, "Ajoute poison
//     à une attaque ou une défense";
//   - rerollPhrase: a mastery-reroll charm, "+2 sur une relance de maîtrise
//     offensive" (the domain: offensive, défensive, de tir, d'objectif,
//     ésotérique); no limit of uses is read (the card shape gives none);
//   - healPhrase: a healing flask, "Rend 1D5 PV une fois par partie" (one
//     drink per copy: "une fois par partie" or nothing; any other frequency
//     is left not modelled);
//   - antidotePhrase: "Antidote", "Contre-poison", "Stoppe les effets du
//     poison";
//   - immunePhrase: "Immunisé au poison".
var (
	poisonDefencePhrase = regexp.MustCompile(`^(?:ajoute|applique|donne|confere) (?:l'effet |un effet |le )?(?:de )?poison (?:a|sur) (?:une |1 |l'|son |sa )?(?:attaque ou (?:a |sur )?(?:une |1 |l'|sa )?defense|defense ou (?:a |sur )?(?:une |1 |l'|son )?attaque)$`)
	rerollPhrase        = regexp.MustCompile(`^\+(\d) (?:sur|a|aux?|en) (?:une |la |les |toute )?relances? (?:d'un de )?de (?:de |des )?maitrises? (offensive|defensive|de tir|tir|d'objectifs?|objectifs?|esoterique)s?$`)
	healPhrase          = regexp.MustCompile(`^(?:rend|redonne|soigne|restaure|regenere|fait regagner) (\d+d(?:5|10)(?:\+\d+)?|\d+) (?:pv|points de vie)(?: \(?une fois par partie\)?| \(?une seule fois\)?)?$`)
	antidotePhrase      = regexp.MustCompile(`^(?:antidote|contre-?poison|(?:stoppe|annule|soigne|guerit) (?:tous |toutes )?(?:les effets (?:du|de l') |le |l'|un )?(?:poison|empoisonnement))$`)
	immunePhrase        = regexp.MustCompile(`^(?:immunise|immunisee|insensible|immunite) (?:au|contre le|contre l'|a l') ?(?:poison|empoisonnement)s?$`)
)

// rerollFields maps a folded domain of rerollPhrase to its mastery field.
var rerollFields = map[string]profiles.Field{
	"offensive": profiles.Offensive, "defensive": profiles.Defensive, "de tir": profiles.Shooting, "tir": profiles.Shooting,
	"d'objectif": profiles.Objective, "d'objectifs": profiles.Objective, "objectif": profiles.Objective, "objectifs": profiles.Objective,
	"esoterique": profiles.Esoteric,
}

// itemPhrase reads one phrase of an item's text the engine plays: a poison
// dose (for attacks, or attacks and defences), a mastery-reroll charm, a
// healing flask, an antidote, poison immunity. It reports whether it did.
func (e *equipOut) itemPhrase(phrase string) bool {
	p := strings.TrimRight(fold(phrase), " .!")
	switch {
	case poisonPhrase.MatchString(p):
		e.ef.Poison = true
	case poisonDefencePhrase.MatchString(p):
		e.ef.Poison, e.ef.PoisonDefence = true, true
	case rerollPhrase.MatchString(p):
		m := rerollPhrase.FindStringSubmatch(p)
		b, _ := strconv.Atoi(m[1])
		if b < 1 || e.ef.RerollBonus != 0 {
			return false // +0, or a second charm phrase: the data format has one
		}
		e.ef.RerollField, e.ef.RerollBonus = rerollFields[m[2]], b
	case healPhrase.MatchString(p):
		d, err := profiles.ParseDice(strings.ToUpper(healPhrase.FindStringSubmatch(p)[1]))
		if err != nil || d.N == 0 && d.Plus <= 0 || e.ef.Heal != nil {
			return false
		}
		e.ef.Heal = &d
	case antidotePhrase.MatchString(p):
		e.ef.Antidote = true
	case immunePhrase.MatchString(p):
		e.ef.PoisonImmune = true
	default:
		return false
	}
	return true
}

// writePoison writes poison: true for a weapon that poisons and for a
// poison dose, and the other item effects itemPhrase reads.
func (e *equipOut) writePoison(kv func(key, value string)) {
	ef := &e.ef
	if ef.Poison {
		kv("poison", "true")
	}
	if ef.PoisonDefence {
		kv("poison_defence", "true")
	}
	if ef.RerollBonus != 0 {
		kv("reroll_field", string(ef.RerollField))
		kv("reroll_bonus", strconv.Itoa(ef.RerollBonus))
	}
	if ef.Heal != nil {
		kv("heal", ef.Heal.String())
	}
	if ef.Antidote {
		kv("antidote", "true")
	}
	if ef.PoisonImmune {
		kv("poison_immune", "true")
	}
}
