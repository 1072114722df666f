package catalog

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// Spell effect texts: a difficulty's effectText (free French, catalogue.md
// 4.10) is read with the table spellRules below, one row per phrasing. Every
// row is searched in the folded text (see fold) and each match is applied and
// cut out; what is left once the "(inventé)" marks, punctuation, the joining
// words "et" and "puis" and the subjects "la cible", "le lanceur", "l'allié",
// "l'ennemi" are dropped must be nothing. Otherwise the difficulty stays
// unclassed and the report names what no row matched: nothing is guessed. The
// rows of one difficulty must all be of one category (the data format gives a
// difficulty one effect, skills.md 4.4).

// A spellRule maps one phrasing of a spell's effect text to an effect category
// of skills.md 4.3 and the fields fights play (profiles.EffectParams).
type spellRule struct {
	example  string               // invented, in the catalogue's style
	category profiles.SpellEffect // skills.md 4.3; "" for a row that restates the duration
	re       *regexp.Regexp
	// apply sets the level from the submatches m; it returns "" or why the
	// phrase cannot be written (a value out of the data format's range),
	// which leaves the difficulty unclassed.
	apply func(l *levelOut, s *spellOut, m []string) string
}

func spellRow(example string, category profiles.SpellEffect, pattern string, apply func(l *levelOut, s *spellOut, m []string) string) spellRule {
	return spellRule{example, category, regexp.MustCompile(pattern), apply}
}

// Pieces of the patterns: dice ("1D5", "2d5+1"), a small count ("2", "une",
// "deux"), a list of characteristics ("p", "p et c", "p, a et en c").
const (
	diceRe  = `(\d+ ?d ?(?:5|10)(?: ?[+-] ?\d+)?)`
	countRe = `(\d|une?|deux|trois)`
	charsRe = `([vpacti](?:(?:,| et|, et) (?:en )?[vpacti])*)\b`
	hpRe    = `(?:pv|points? de vie)\b`
)

// spellRules is the table of spell effect phrasings. Categories and their
// parameters: skills.md 4.3; the fields: profiles/magic_effects.go.
var spellRules = []spellRule{
	// The caster's cost first: its "perd 1D5 PV" is no AP loss nor damage.
	spellRow("Le lanceur perd 1D5 PV, la cible en récupère autant", profiles.EffectHealing,
		`\ble lanceur perd `+diceRe+` `+hpRe+`,? (?:et )?la cible en (?:recupere|regagne) autant`,
		func(l *levelOut, _ *spellOut, m []string) string {
			l.pays = true // caster_pays: the caster loses the amount rolled (sim/magic_pay.go)
			return l.setAmount(m[1])
		}),
	spellRow("Inflige 1D5 dégâts qui ignorent l'armure", profiles.EffectDamage,
		`\binflige `+diceRe+` (?:points? de )?(?:degats?|dommages?)( qui ignorent l'armure| ignorant l'armure| sans tenir compte de l'armure)?`,
		func(l *levelOut, _ *spellOut, m []string) string {
			l.ignores = m[2] != ""
			return l.setAmount(m[1])
		}),
	spellRow("Soigne 1D10 PV", profiles.EffectHealing,
		`\b(?:soigne|rend|recupere|regagne) `+diceRe+` `+hpRe,
		func(l *levelOut, _ *spellOut, m []string) string { return l.setAmount(m[1]) }),
	spellRow("Un allié vaincu revient en jeu avec 3D5 PV pour une activation", profiles.EffectReturn,
		`\b(?:un allie vaincu )?revient (?:en jeu )?avec `+diceRe+` `+hpRe+` pour `+countRe+` activations?`,
		func(l *levelOut, _ *spellOut, m []string) string {
			if why := l.setAmount(m[1]); why != "" {
				return why
			}
			return set(&l.params.Activations, count(m[2]), 1, 9, "activations")
		}),
	spellRow("+2 à ses jets d'attaque", profiles.EffectOffensiveBuff,
		`(?:gagne )?\+ ?(\d) (?:a ses|a ces|aux) (?:jets|totaux) d'attaque`,
		func(l *levelOut, _ *spellOut, m []string) string {
			return set(&l.params.AttackBonus, atoi(m[1]), 1, 5, "an attack bonus")
		}),
	spellRow("Coups critiques sur 9 et 10", profiles.EffectOffensiveBuff,
		`\b(?:ses )?(?:coups? critiques?|reussites? critiques?) (?:sur|de|a) (\d) (?:et|a|-) 10`,
		func(l *levelOut, _ *spellOut, m []string) string {
			return set(&l.params.CriticalFrom, atoi(m[1]), 2, 9, "a critical range")
		}),
	spellRow("+1 à toutes ses caractéristiques", profiles.EffectStatBuff,
		`(?:gagne )?\+ ?(\d) (?:a|en) toutes (?:ses|les) caracteristiques`,
		func(l *levelOut, _ *spellOut, m []string) string { return l.modify("v p a c t i", atoi(m[1])) }),
	spellRow("+1 en P et en C", profiles.EffectStatBuff,
		`(?:gagne )?\+ ?(\d) (?:en|a) `+charsRe,
		func(l *levelOut, _ *spellOut, m []string) string { return l.modify(m[2], atoi(m[1])) }),
	spellRow("-1 à toutes ses caractéristiques", profiles.EffectDebuff,
		`(?:subit )?- ?(\d) (?:a|en) toutes (?:ses|les) caracteristiques`,
		func(l *levelOut, _ *spellOut, m []string) string { return l.modify("v p a c t i", -atoi(m[1])) }),
	spellRow("-2 en V", profiles.EffectDebuff,
		`(?:subit )?- ?(\d) (?:en|a) `+charsRe,
		func(l *levelOut, _ *spellOut, m []string) string { return l.modify(m[2], -atoi(m[1])) }),
	spellRow("Est à couvert comme derrière un obstacle de sa stature +1", profiles.EffectDefensiveBuff,
		`\b(?:est )?a couvert (?:comme )?(?:derriere )?(?:d')?un obstacle de (?:sa|la) stature ?\+ ?(\d)`,
		func(l *levelOut, _ *spellOut, m []string) string {
			return set(&l.params.Cover, atoi(m[1]), 1, 3, "cover")
		}),
	spellRow("Provoque l'effroi 12", profiles.EffectMorale,
		`\b(?:provoque|cause|inspire) (?:l')?effroi ?(\d+)`,
		func(l *levelOut, _ *spellOut, m []string) string {
			return set(&l.params.Fright, atoi(m[1]), 2, 30, "fright")
		}),
	spellRow("Perd 2 PA à sa prochaine activation", profiles.EffectControl,
		`\bperd (\d) pa\b(?: (?:a|lors de) sa prochaine activation)?`,
		func(l *levelOut, _ *spellOut, m []string) string {
			return set(&l.params.APLoss, atoi(m[1]), 1, 7, "an AP loss")
		}),
	spellRow("Est immobilisée, ne peut pas se déplacer", profiles.EffectControl,
		`\b(?:est immobilisee?|ne peut (?:pas|plus) se deplacer)`,
		func(l *levelOut, _ *spellOut, _ []string) string { l.params.Immobilise = true; return "" }),
	spellRow("+1 à la difficulté des sorts ennemis", profiles.EffectAntiMagic,
		`\+ ?(\d) a la difficulte des sorts (?:ennemis|adverses)|\bla difficulte des sorts (?:ennemis|adverses) augmente de (\d)`,
		func(l *levelOut, _ *spellOut, m []string) string {
			return set(&l.params.Ward, atoi(m[1]+m[2]), 1, 5, "a ward")
		}),
	spellRow("Dissipe les sorts ennemis qui l'affectent", profiles.EffectAntiMagic,
		`\b(?:dissipe|annule|met fin a) (?:tous )?les (?:sorts|effets de sorts) (?:ennemis|adverses)(?: qui l'affectent| sur (?:elle|lui))?`,
		func(l *levelOut, _ *spellOut, _ []string) string { l.params.Dispel = true; return "" }),
	// Dice and skill tools (skills.md 4.3): a reroll for the target, an
	// enemy's forced reroll, a fixed result, a kept d10 and a skill granted
	// are played.
	spellRow("La cible peut relancer un dé de son prochain jet", profiles.EffectDiceTool,
		`\bpeut relancer (?:un|1) de(?: de son prochain jet| lors de son prochain jet)?`,
		func(l *levelOut, _ *spellOut, _ []string) string { l.params.Reroll = true; return "" }),
	spellRow("L'allié gagne la compétence Fine lame", profiles.EffectDiceTool,
		`\bgagne (?:la competence )?(fine lame|en eveil)\b`,
		func(l *levelOut, _ *spellOut, m []string) string {
			l.params.GrantSkill = grantedSkills[m[1]]
			if !slices.Contains(profiles.PlayedGrants, l.params.GrantSkill) {
				l.unplayed = "the granted skill " + l.params.GrantSkill + " is not modelled"
			}
			return ""
		}),
	spellRow("Le résultat d'un jet est fixé à I + 2", profiles.EffectDiceTool,
		`\ble resultat d'un (?:de|jet) (?:est )?fixe a (?:son |l')?i ?\+ ?(\d)`,
		func(l *levelOut, _ *spellOut, m []string) string {
			l.params.FixedResult, _ = strconv.Atoi(m[1]) // one digit: \d
			if l.params.FixedResult == 0 {
				l.unplayed = "a roll's result fixed at the caster's I + 0 is not modelled (fixed_result is from 1 to 9)"
			}
			return ""
		}),
	spellRow("Lance un D10 et le garde pour remplacer un jet ultérieur", profiles.EffectDiceTool,
		`\blance (?:un|1) ?d10 et le garde pour remplacer un (?:jet|de) ulterieur`,
		func(l *levelOut, _ *spellOut, _ []string) string { l.params.StoredDie = true; return "" }),
	spellRow("L'ennemi doit relancer un dé", profiles.EffectDiceTool,
		`\bdoit relancer (?:un|1) de`,
		func(l *levelOut, _ *spellOut, _ []string) string { l.params.ForceReroll = true; return "" }),
	spellRow("Ne peut pas lancer de sort", profiles.EffectAntiMagic,
		`\bne peut (?:pas|plus) lancer de sorts?`,
		func(l *levelOut, _ *spellOut, _ []string) string { l.params.Silence = true; return "" }),
	// Activations played again (skills.md 4.3, activation and movement
	// control): every Safar in play, of both sides (sim/magic_replay.go).
	spellRow("Tous les Safars rejouent leur activation", profiles.EffectControl,
		`\b(?:tous les safars|chaque safar) (?:rejouent|rejoue) (?:immediatement )?(?:leur|son) activation`,
		func(l *levelOut, _ *spellOut, _ []string) string { l.params.ReplayAll = true; return "" }),
	// A duration the text restates must agree with the card's duration field,
	// which fights follow.
	spellRow("jusqu'à la fin de sa prochaine activation, pour toute la partie", "",
		`\b(?:jusqu'a la fin de (?:sa|la) prochaine activation|pour (?:toute )?la partie|jusqu'a la fin de la partie|pendant (?:1|un) tour)`,
		func(l *levelOut, s *spellOut, m []string) string {
			want := restated[m[0]]
			if s.duration == profiles.SpecialDuration {
				l.lasts, l.lastsWhy = want[0], "the card's duration is special: this difficulty's text says "+strconv.Quote(m[0])
				return ""
			}
			if !slices.Contains(want, s.duration) {
				return fmt.Sprintf("the text says %q, the card's duration is %s", m[0], s.duration)
			}
			return ""
		}),
}

// grantedSkills maps the French names of the skills a spell grants to this
// project's (profiles.GrantableSkills).
var grantedSkills = map[string]string{
	"fine lame": profiles.SkillSkilledSwordsman,
	"en eveil":  profiles.SkillAwakened,
}

// restated maps a duration an effect text restates to the card durations
// that agree with it.
var restated = map[string][]profiles.Duration{
	"jusqu'a la fin de sa prochaine activation": {profiles.UntilTargetActivation, profiles.UntilCasterActivation},
	"jusqu'a la fin de la prochaine activation": {profiles.UntilTargetActivation, profiles.UntilCasterActivation},
	"pour toute la partie":                      {profiles.WholeGame},
	"pour la partie":                            {profiles.WholeGame},
	"jusqu'a la fin de la partie":               {profiles.WholeGame},
	"pendant 1 tour":                            {profiles.OneTurn},
	"pendant un tour":                           {profiles.OneTurn},
}

// fillerText is what may be left of an effect text once the rows are cut out.
var fillerText = regexp.MustCompile(`\(invente\)|\b(?:et|puis)\b|(?:^|\s)(?:la cible|le lanceur|l'allie|l'ennemi)\b|[.,;:!|]`)

// classLevel classes the effect text of l with spellRules. A text no row
// reads in full stays unclassed, and s names the part no row matched; a
// classed effect fights cannot play (a lasting effect whose duration they do
// not follow) is named too.
func (s *spellOut) classLevel(l *levelOut) {
	f := fold(l.text)
	try := *l
	var cats []profiles.SpellEffect
	why := ""
	for _, r := range spellRules {
		for why == "" {
			m := r.re.FindStringSubmatchIndex(f)
			if m == nil {
				break
			}
			sub := make([]string, len(m)/2)
			for i := range sub {
				if m[2*i] >= 0 {
					sub[i] = f[m[2*i]:m[2*i+1]]
				}
			}
			why = r.apply(&try, s, sub)
			if r.category != "" && !slices.Contains(cats, r.category) {
				cats = append(cats, r.category)
			}
			f = f[:m[0]] + " | " + f[m[1]:]
		}
	}
	left := strings.Join(strings.Fields(fillerText.ReplaceAllString(f, " ")), " ")
	l.effect = profiles.EffectUnclassed
	switch {
	case why != "":
		s.notModelledf("difficulty %d: not classed, %s", l.threshold, why)
	case left != "":
		s.notModelledf("difficulty %d: not classed, no row reads %q", l.threshold, left)
	case len(cats) == 0:
		s.notModelledf("difficulty %d: not classed, no effect in the text", l.threshold)
	case len(cats) > 1:
		s.notModelledf("difficulty %d: not classed, the text mixes %s (a difficulty has one effect)", l.threshold, joinEffects(cats))
	default:
		try.effect = cats[0]
		*l = try
		s.specialLasts(l)
		if l.unplayed != "" {
			s.notModelledf("difficulty %d: %s", l.threshold, l.unplayed)
		} else if !s.plays(*l) {
			if s.duration == profiles.SpecialDuration {
				s.notModelledf("difficulty %d: a lasting %s effect for the duration special, and its text names no duration fights follow", l.threshold, l.effect)
			} else {
				s.notModelledf("difficulty %d: a lasting %s effect for the duration %s, which fights do not follow", l.threshold, l.effect, s.duration)
			}
		}
	}
}

// plays reports whether fights play level l of s (profiles.Spell.Played).
func (s *spellOut) plays(l levelOut) bool {
	pl := profiles.SpellLevel{Difficulty: l.threshold, Effect: l.effect, IgnoresArmour: l.ignores, CasterPays: l.pays, Lasts: l.lasts, EffectParams: l.params}
	if l.amount != "" {
		d, err := profiles.ParseDice(l.amount)
		if err != nil {
			return false
		}
		pl.Amount = &d
	}
	sp := profiles.Spell{Duration: s.duration}
	return sp.Played(pl)
}

func joinEffects(cs []profiles.SpellEffect) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = string(c)
	}
	return strings.Join(s, " and ")
}

// setAmount sets the dice of a damage, healing or return.
func (l *levelOut) setAmount(dice string) string {
	a := strings.ToUpper(strings.ReplaceAll(dice, " ", ""))
	if _, err := profiles.ParseDice(a); err != nil {
		return err.Error()
	}
	if l.amount != "" && l.amount != a {
		return fmt.Sprintf("two amounts, %s and %s", l.amount, a)
	}
	l.amount = a
	return ""
}

// modify sets each characteristic chars names ("p et en c", "v p a c t i")
// to n.
func (l *levelOut) modify(chars string, n int) string {
	if n < -3 || n > 3 || n == 0 {
		return fmt.Sprintf("a modifier of %+d (the data format's are -3 to +3, not 0)", n)
	}
	st := &l.params.Modifier
	ptr := map[rune]*int{'v': &st.V, 'p': &st.P, 'a': &st.A, 'c': &st.C, 't': &st.T, 'i': &st.I}
	for _, w := range strings.FieldsFunc(chars, func(r rune) bool { return r == ' ' || r == ',' }) {
		r := rune(w[0])
		if p, ok := ptr[r]; ok && len(w) == 1 {
			if *p != 0 {
				return fmt.Sprintf("%s modified twice", strings.ToUpper(string(r)))
			}
			*p = n
		}
	}
	return ""
}

// set sets *dst to n when n is from lo to hi and *dst is not set yet.
func set(dst *int, n, lo, hi int, what string) string {
	switch {
	case n < lo || n > hi:
		return fmt.Sprintf("%s of %d (the data format's are %d to %d)", what, n, lo, hi)
	case *dst != 0 && *dst != n:
		return fmt.Sprintf("%s given twice (%d and %d)", what, *dst, n)
	}
	*dst = n
	return ""
}

func atoi(s string) int { n, _ := strconv.Atoi(strings.TrimSpace(s)); return n }

// count reads "1", "une", "deux", "trois".
func count(s string) int {
	switch s {
	case "un", "une":
		return 1
	case "deux":
		return 2
	case "trois":
		return 3
	}
	return atoi(s)
}

// writeLevel writes one difficulty of a spell in spells.yaml.
func writeLevel(b *bytes.Buffer, l levelOut) {
	b.WriteString("      - {threshold: " + strconv.Itoa(l.threshold) + ", effect: " + string(l.effect))
	if l.amount != "" {
		b.WriteString(", amount: " + l.amount)
	}
	if l.ignores {
		b.WriteString(", ignores_armour: true")
	}
	if l.pays {
		b.WriteString(", caster_pays: true")
	}
	p := l.params
	if p.Modifier != (profiles.Stats{}) {
		var ms []string
		for _, c := range []struct {
			name string
			v    int
		}{{"V", p.Modifier.V}, {"P", p.Modifier.P}, {"A", p.Modifier.A}, {"C", p.Modifier.C}, {"T", p.Modifier.T}, {"I", p.Modifier.I}} {
			if c.v != 0 {
				ms = append(ms, c.name+": "+strconv.Itoa(c.v))
			}
		}
		b.WriteString(", modifier: {" + strings.Join(ms, ", ") + "}")
	}
	for _, f := range []struct {
		key string
		v   int
	}{{"ap_loss", p.APLoss}, {"fright", p.Fright}, {"ward", p.Ward}, {"attack_bonus", p.AttackBonus},
		{"critical_from", p.CriticalFrom}, {"cover", p.Cover}, {"activations", p.Activations}} {
		if f.v != 0 {
			b.WriteString(", " + f.key + ": " + strconv.Itoa(f.v))
		}
	}
	for _, f := range []struct {
		key string
		v   bool
	}{{"immobilise", p.Immobilise}, {"dispel", p.Dispel}, {"silence", p.Silence}, {"reroll", p.Reroll}, {"force_reroll", p.ForceReroll}, {"stored_die", p.StoredDie}} {
		if f.v {
			b.WriteString(", " + f.key + ": true")
		}
	}
	if p.GrantSkill != "" {
		b.WriteString(", grant_skill: " + p.GrantSkill)
	}
	if p.FixedResult > 0 {
		b.WriteString(", fixed_result: " + strconv.Itoa(p.FixedResult))
	}
	if p.ReplayAll {
		b.WriteString(", replay_all: true")
	}
	if l.lasts != "" {
		b.WriteString(", lasts: " + string(l.lasts))
	}
	switch {
	case l.effect == profiles.EffectUnclassed:
		b.WriteString(`, text: "not classed by kharn import catalog: the card's text is in the comment above"`)
	case !l.effect.HasAmount():
		b.WriteString(`, text: "read by kharn import catalog from the card's text in the comment above"`)
	}
	b.WriteString("}\n")
}
