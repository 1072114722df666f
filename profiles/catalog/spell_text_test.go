package catalog

import (
	"maps"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// classText classes text as a difficulty 15 of a spell of duration d.
func classText(text string, d profiles.Duration) (levelOut, []string) {
	s := &spellOut{duration: d}
	l := levelOut{threshold: 15, text: text}
	s.classLevel(&l)
	return l, s.notModelled
}

// TestSpellRuleExamples checks the table itself: each row's example, alone,
// is read in full as the row's category (a row may name what fights leave
// out of it, never that the text is not classed).
func TestSpellRuleExamples(t *testing.T) {
	for _, r := range spellRules {
		if r.category == "" {
			continue // a restated duration: no effect of its own
		}
		l, nm := classText(r.example, profiles.OneTurn)
		if l.effect != r.category || strings.Contains(strings.Join(nm, ";"), "not classed") {
			t.Errorf("example %q: %s, not modelled %q; want %s", r.example, l.effect, nm, r.category)
		}
	}
}

// TestSpellTexts reads invented effect texts in the catalogue's shape (French,
// an "(inventé)" mark, catalogue.md 4.10), one or more per row of spellRules,
// into the category of skills.md 4.3 and the fields fights play
// (profiles/magic_effects.go). The names and wordings are invented.
func TestSpellTexts(t *testing.T) {
	for _, c := range []struct {
		name, text string
		duration   profiles.Duration
		effect     profiles.SpellEffect
		amount     string
		ignores    bool
		params     profiles.EffectParams
		notes      string // what the report names as not modelled, "" for nothing
	}{
		// direct damage (skills.md 4.3, 3 spells)
		{"damage", "Inflige 2D5+1 dégâts (inventé)", profiles.Instant, profiles.EffectDamage, "2D5+1", false, profiles.EffectParams{}, ""},
		{"damage through armour", "Inflige 1D5 dommages qui ignorent l'armure (inventé).", profiles.Instant, profiles.EffectDamage, "1D5", true, profiles.EffectParams{}, ""},
		// healing (6)
		{"healing", "La cible récupère 1D10 PV (inventé)", profiles.Instant, profiles.EffectHealing, "1D10", false, profiles.EffectParams{}, ""},
		{"healing paid by the caster", "Le lanceur perd 1D5 PV, la cible en regagne autant (inventé)", profiles.Instant,
			profiles.EffectHealing, "1D5", false, profiles.EffectParams{}, ""}, // caster_pays: TestSpellTextCasterPays
		// return from defeat (3)
		{"return", "Un allié vaincu revient en jeu avec 3D5 PV pour une activation (inventé)", profiles.Instant,
			profiles.EffectReturn, "3D5", false, profiles.EffectParams{Activations: 1}, ""},
		// offensive buffs (7)
		{"attack bonus", "La cible gagne +2 à ses jets d'attaque (inventé)", profiles.UntilTargetActivation,
			profiles.EffectOffensiveBuff, "", false, profiles.EffectParams{AttackBonus: 2}, ""},
		{"attack bonus and critical range", "+1 aux jets d'attaque et réussites critiques sur 9 et 10 (inventé)", profiles.OneTurn,
			profiles.EffectOffensiveBuff, "", false, profiles.EffectParams{AttackBonus: 1, CriticalFrom: 9}, ""},
		// characteristic buffs (3)
		{"buff of two", "Le lanceur gagne +1 en P et en C (inventé)", profiles.UntilCasterActivation,
			profiles.EffectStatBuff, "", false, profiles.EffectParams{Modifier: profiles.Stats{P: 1, C: 1}}, ""},
		{"buff of all", "+1 à toutes ses caractéristiques (inventé)", profiles.OneTurn,
			profiles.EffectStatBuff, "", false, profiles.EffectParams{Modifier: profiles.Stats{V: 1, P: 1, A: 1, C: 1, T: 1, I: 1}}, ""},
		{"buff of two amounts", "+2 en P et +1 en A (inventé)", profiles.OneTurn,
			profiles.EffectStatBuff, "", false, profiles.EffectParams{Modifier: profiles.Stats{P: 2, A: 1}}, ""},
		// defensive buffs (9)
		{"cover", "La cible est à couvert comme derrière un obstacle de sa stature +1 (inventé)", profiles.OneTurn,
			profiles.EffectDefensiveBuff, "", false, profiles.EffectParams{Cover: 1}, ""},
		// debuffs (5)
		{"debuff of all", "La cible subit -1 à toutes ses caractéristiques jusqu'à la fin de sa prochaine activation (inventé)", profiles.UntilTargetActivation,
			profiles.EffectDebuff, "", false, profiles.EffectParams{Modifier: profiles.Stats{V: -1, P: -1, A: -1, C: -1, T: -1, I: -1}}, ""},
		{"debuff of three", "-1 en P, A et C (inventé)", profiles.OneTurn,
			profiles.EffectDebuff, "", false, profiles.EffectParams{Modifier: profiles.Stats{P: -1, A: -1, C: -1}}, ""},
		// morale (6)
		{"fright", "Le lanceur provoque l'effroi 12 pour toute la partie (inventé)", profiles.WholeGame,
			profiles.EffectMorale, "", false, profiles.EffectParams{Fright: 12}, ""},
		// activation and movement control (7)
		{"AP loss", "L'ennemi perd 2 PA à sa prochaine activation (inventé)", profiles.Instant,
			profiles.EffectControl, "", false, profiles.EffectParams{APLoss: 2}, ""},
		{"immobilised", "La cible est immobilisée et perd 1 PA (inventé)", profiles.UntilTargetActivation,
			profiles.EffectControl, "", false, profiles.EffectParams{Immobilise: true, APLoss: 1}, ""},
		{"cannot walk", "La cible ne peut pas se déplacer (inventé)", profiles.OneTurn,
			profiles.EffectControl, "", false, profiles.EffectParams{Immobilise: true}, ""},
		// anti-magic (1)
		{"ward", "+1 à la difficulté des sorts ennemis pour toute la partie (inventé)", profiles.WholeGame,
			profiles.EffectAntiMagic, "", false, profiles.EffectParams{Ward: 1}, ""},
		{"dispel and silence", "Dissipe les sorts ennemis qui l'affectent, puis la cible ne peut plus lancer de sort (inventé)", profiles.UntilTargetActivation,
			profiles.EffectAntiMagic, "", false, profiles.EffectParams{Dispel: true, Silence: true}, ""},

		// Not read: stays unclassed, with what no row matched named.
		{"placeholder", "<texte inventé>", profiles.Instant, profiles.EffectUnclassed, "", false, profiles.EffectParams{},
			`difficulty 15: not classed, no row reads "<texte invente>"`},
		// dice and skill tools (5): the target's reroll, an enemy's forced
		// reroll, a fixed result, a kept d10 and a skill granted (Skilled
		// swordsman, Awakened) are played.
		{"dice tool: reroll", "La cible peut relancer un dé de son prochain jet (inventé)", profiles.UntilTargetActivation,
			profiles.EffectDiceTool, "", false, profiles.EffectParams{Reroll: true}, ""},
		{"dice tool: reroll, short", "L'allié peut relancer 1 dé (inventé)", profiles.OneTurn,
			profiles.EffectDiceTool, "", false, profiles.EffectParams{Reroll: true}, ""},
		{"skill granted", "L'allié gagne la compétence Fine lame jusqu'à la fin de sa prochaine activation (inventé)", profiles.UntilTargetActivation,
			profiles.EffectDiceTool, "", false, profiles.EffectParams{GrantSkill: profiles.SkillSkilledSwordsman}, ""},
		{"Awakened granted", "L'allié gagne En éveil (inventé)", profiles.OneTurn,
			profiles.EffectDiceTool, "", false, profiles.EffectParams{GrantSkill: profiles.SkillAwakened}, ""},
		{"fixed result", "Le résultat d'un jet est fixé à I + 2 (inventé)", profiles.OneTurn,
			profiles.EffectDiceTool, "", false, profiles.EffectParams{FixedResult: 2}, ""},
		{"fixed result at I + 0: not played", "Le résultat d'un dé est fixé à son I+0 (inventé)", profiles.OneTurn,
			profiles.EffectDiceTool, "", false, profiles.EffectParams{},
			"difficulty 15: a roll's result fixed at the caster's I + 0 is not modelled (fixed_result is from 1 to 9)"},
		{"stored die", "Le lanceur lance un D10 et le garde pour remplacer un jet ultérieur (inventé)", profiles.WholeGame,
			profiles.EffectDiceTool, "", false, profiles.EffectParams{StoredDie: true}, ""},
		{"forced reroll", "L'ennemi doit relancer un dé (inventé)", profiles.UntilTargetActivation,
			profiles.EffectDiceTool, "", false, profiles.EffectParams{ForceReroll: true}, ""},
		{"forced reroll, instant: not followed", "L'ennemi doit relancer un dé (inventé)", profiles.Instant,
			profiles.EffectDiceTool, "", false, profiles.EffectParams{ForceReroll: true},
			"difficulty 15: a lasting dice-tool effect for the duration instant, which fights do not follow"},
		{"reroll of a whole roll: no row", "La cible peut relancer son jet (inventé)", profiles.OneTurn, profiles.EffectUnclassed, "", false, profiles.EffectParams{},
			`difficulty 15: not classed, no row reads "peut relancer son jet"`},
		{"a row and an unread rest", "Inflige 1D5 dégâts et la cible est repoussée de 2 toises (inventé)", profiles.Instant,
			profiles.EffectUnclassed, "", false, profiles.EffectParams{}, `difficulty 15: not classed, no row reads "est repoussee de 2 toises"`},
		{"damage from I", "Inflige des dégâts égaux à la moitié de son I (inventé)", profiles.Instant, profiles.EffectUnclassed, "", false, profiles.EffectParams{},
			`difficulty 15: not classed, no row reads "inflige des degats egaux a la moitie de son i"`},
		{"two categories", "Inflige 1D5 dégâts et la cible est immobilisée (inventé)", profiles.Instant, profiles.EffectUnclassed, "", false, profiles.EffectParams{},
			"difficulty 15: not classed, the text mixes damage and activation-control (a difficulty has one effect)"},
		{"out of range", "+4 en P (inventé)", profiles.OneTurn, profiles.EffectUnclassed, "", false, profiles.EffectParams{},
			"difficulty 15: not classed, a modifier of +4 (the data format's are -3 to +3, not 0)"},
		{"a duration the card contradicts", "Provoque l'effroi 13 pour toute la partie (inventé)", profiles.OneTurn, profiles.EffectUnclassed, "", false, profiles.EffectParams{},
			`difficulty 15: not classed, the text says "pour toute la partie", the card's duration is one-turn`},
		{"empty", "", profiles.Instant, profiles.EffectUnclassed, "", false, profiles.EffectParams{}, "difficulty 15: not classed, no effect in the text"},
		{"a row inside a word", "Reprend 1D5 PV (inventé)", profiles.Instant, profiles.EffectUnclassed, "", false, profiles.EffectParams{},
			`difficulty 15: not classed, no row reads "reprend 1d5 pv"`},
		// Classed, but a lasting effect for a duration fights do not follow.
		{"next-damage duration", "+1 à la difficulté des sorts ennemis (inventé)", profiles.UntilNextDamage,
			profiles.EffectAntiMagic, "", false, profiles.EffectParams{Ward: 1},
			"difficulty 15: a lasting anti-magic effect for the duration next-damage, which fights do not follow"},
		// A special duration: a ward lasts the game (skills.md 4.3), another
		// lasting effect needs its text to name a duration.
		{"special duration, a ward", "+1 à la difficulté des sorts ennemis (inventé)", profiles.SpecialDuration,
			profiles.EffectAntiMagic, "", false, profiles.EffectParams{Ward: 1}, ""},
		{"special duration, no duration named", "+1 en P (inventé)", profiles.SpecialDuration,
			profiles.EffectStatBuff, "", false, profiles.EffectParams{Modifier: profiles.Stats{P: 1}},
			"difficulty 15: a lasting characteristic-buff effect for the duration special, and its text names no duration fights follow"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, nm := classText(c.text, c.duration)
			if l.effect != c.effect || l.amount != c.amount || l.ignores != c.ignores || l.params != c.params {
				t.Errorf("%q: %s %q ignores %v %+v; want %s %q ignores %v %+v", c.text, l.effect, l.amount, l.ignores, l.params,
					c.effect, c.amount, c.ignores, c.params)
			}
			if got := strings.Join(nm, "; "); got != c.notes {
				t.Errorf("%q: not modelled %q, want %q", c.text, got, c.notes)
			}
		})
	}
}

// TestCatalog056Spells checks the fixture's spells (invented texts, one
// spell at least per effect category of skills.md 4.3): each category, the
// dice and skill tools included (relance-inventee: the target's reroll), is
// imported and played; the partly modelled spells are exactly those whose
// texts no row reads in full, or whose effect fights leave in part.
func TestCatalog056Spells(t *testing.T) {
	c := fixture056(t)
	partly := map[string]bool{}
	for _, e := range c.Report.Entries {
		if e.Kind == "spell" && e.Status == Partly {
			partly[e.CatalogID] = true
		}
	}
	want := map[string]bool{"grand-appel": true}
	if !maps.Equal(partly, want) {
		t.Errorf("partly modelled spells %v, want %v", partly, want)
	}
	played := map[profiles.SpellEffect]bool{}
	for _, s := range c.DataSet().Spells {
		for _, l := range s.Levels {
			if s.Played(l) {
				played[l.Effect] = true
			}
		}
	}
	for _, e := range profiles.SpellEffects {
		if !played[e] {
			t.Errorf("effect %s played: %v", e, played[e])
		}
	}
	if _, m, p, x := c.Report.Count("spell"); m != 13 || p != 1 || x != 1 {
		t.Errorf("spells: %d modelled, %d partly, %d not imported; want 13, 1, 1", m, p, x)
	}
}

// TestGrandAppelSpecial checks the fixture's grand-appel, of duration
// "spéciale" (catalogue.md 4.10; profiles/catalog/spell_special.go): its
// difficulty 24, "+1 à la difficulté des sorts ennemis", is a ward lasting
// the whole game (skills.md 4.3, anti-magic: "enemy spell difficulties +1 for
// the game"), and its difficulty 28, "Tous les Safars rejouent leur
// activation", activations played again (replay_all), both played in fights;
// only difficulty 20, an invented placeholder text, stays not classed and is
// what the report lists.
func TestGrandAppelSpecial(t *testing.T) {
	c := fixture056(t)
	s, err := c.DataSet().Spell("grand-appel")
	if err != nil {
		t.Fatal(err)
	}
	if s.Duration != profiles.SpecialDuration || len(s.Levels) != 3 {
		t.Fatalf("grand-appel: duration %s, %d difficulties; want special, 3", s.Duration, len(s.Levels))
	}
	if l := s.Levels[0]; l.Effect != profiles.EffectUnclassed || s.Played(l) {
		t.Errorf("difficulty 20: %s, played %v; want unclassed, not played", l.Effect, s.Played(l))
	}
	if l := s.Levels[1]; l.Effect != profiles.EffectAntiMagic || l.Ward != 1 || s.DurationOf(&l) != profiles.WholeGame || !s.Played(l) {
		t.Errorf("difficulty 24: %s ward %d lasting %s, played %v; want anti-magic ward 1 for the game, played", l.Effect, l.Ward, s.DurationOf(&l), s.Played(l))
	}
	if l := s.Levels[2]; l.Effect != profiles.EffectControl || !l.ReplayAll || !s.Played(l) {
		t.Errorf("difficulty 28: %s replay %v, played %v; want activation-control, replay_all, played", l.Effect, l.ReplayAll, s.Played(l))
	}
	for _, e := range c.Report.Entries {
		if e.Kind == "spell" && e.CatalogID == "grand-appel" {
			if len(e.NotModelled) != 1 || !strings.HasPrefix(e.NotModelled[0], "difficulty 20: not classed") {
				t.Errorf("grand-appel not modelled: %q; want difficulty 20 only", e.NotModelled)
			}
		}
	}
}

// TestSpecialDurationText checks the duration a difficulty of a spell of
// duration special restates in its text ("pour toute la partie", "pendant un
// tour"): it becomes that difficulty's duration, and a lasting effect whose
// text names none, other than a ward, stays not modelled.
func TestSpecialDurationText(t *testing.T) {
	for _, c := range []struct {
		text string
		want profiles.Duration
	}{
		{"+1 en P pour toute la partie", profiles.WholeGame},
		{"+1 en P pendant un tour", profiles.OneTurn},
		{"+1 en P", ""},
	} {
		s := &spellOut{duration: profiles.SpecialDuration}
		l := levelOut{threshold: 15, text: c.text}
		s.classLevel(&l)
		if l.effect != profiles.EffectStatBuff || l.lasts != c.want {
			t.Errorf("%q: %s lasting %q, want characteristic buff lasting %q", c.text, l.effect, l.lasts, c.want)
		}
		if notPlayed := len(s.notModelled) > 0; notPlayed != (c.want == "") {
			t.Errorf("%q: not modelled %q", c.text, s.notModelled)
		}
	}
}
