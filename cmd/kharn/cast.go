package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

// parseCast reads SPELL[:DIFFICULTY]; difficulty 0 means every difficulty.
func parseCast(s string) (id string, difficulty int, err error) {
	id, d, found := strings.Cut(strings.TrimSpace(s), ":")
	if id == "" {
		return "", 0, fmt.Errorf("want SPELL[:DIFFICULTY], got %q", s)
	}
	if !found {
		return id, 0, nil
	}
	difficulty, err = strconv.Atoi(d)
	if err != nil || difficulty < 1 {
		return "", 0, fmt.Errorf("difficulty %q: want a threshold of the spell, a whole number such as 14", d)
	}
	return id, difficulty, nil
}

// castDefence reads --defence for a cast: best (nil), reflex (0) or 0-3 AP.
func castDefence(s string) (*int, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "best":
		return nil, nil
	case "reflex":
		z := 0
		return &z, nil
	}
	k, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || k < 0 || k > 3 {
		return nil, fmt.Errorf("against a spell the defence is best, reflex or 0 to 3 AP (seed 000 line 1452: I x AP + level dice), got %q", s)
	}
	return &k, nil
}

// runCast is kharn odds --cast: the exact odds of casting a spell of the attacker
// (the caster) on the defender (the target), for each difficulty and incantation
// asked.
func runCast(cmd *cobra.Command, ds *profiles.DataSet, variant sim.Variant, cp, tp *profiles.Profile, f *oddsFlags) error {
	id, diff, err := parseCast(f.cast)
	if err != nil {
		return &usageError{fmt.Errorf("--cast: %w", err)}
	}
	def, err := castDefence(f.defence)
	if err != nil {
		return &usageError{fmt.Errorf("--defence: %w", err)}
	}
	spell, err := ds.Spell(id)
	if err != nil {
		return fmt.Errorf("--cast: %w", err)
	}
	caster := sim.NewFighter(cp, items(ds, cp))
	tgt := sim.NewFighter(tp, items(ds, tp))
	if cp.Magic == nil {
		return explainRule(&sim.RuleError{Rule: "skills.md 4.1", Msg: fmt.Sprintf("%s is not a caster: it masters no path of magic (a Safar that masters no way casts nothing)", cp.ID)})
	}
	diffs := spell.Difficulties()
	if diff != 0 {
		diffs = []int{diff}
	}
	aps := []int{f.castAP}
	if f.castAP == 0 {
		aps = nil
		for ap := 1; ap <= min(3, caster.AP); ap++ {
			aps = append(aps, ap)
		}
	}
	allied := f.allied
	var notes []string
	switch spell.Target {
	case profiles.TargetAlly, profiles.TargetSelf:
		if !allied {
			allied = true
			notes = append(notes, fmt.Sprintf("%s targets %s: the target is on the caster's side and does not defend (seed 000 line 1448)", spell.ID, map[profiles.SpellTarget]string{profiles.TargetAlly: "an ally", profiles.TargetSelf: "the caster"}[spell.Target]))
		}
	}
	way := cp.Magic.Way
	field := sim.Count(way, f.wayCount)
	bonus := field.WayBonus(way)
	wi, _ := profiles.WayOf(way)
	wayText := fmt.Sprintf("%s, +1 per Safar counted among the %s: %d counted (--way-count), +%d", way, wi.Bonus, f.wayCount, bonus)
	if spell.Way != "" && spell.Way != way {
		wayText += fmt.Sprintf(" (none on this spell of the way %s, known by Affinity)", spell.Way)
	}
	var rows []reports.CastRow
	for _, d := range diffs {
		for _, ap := range aps {
			c := sim.Cast{Caster: caster, Target: tgt, Spell: spell, Difficulty: d, AP: ap, Battlefield: field,
				Allied: allied, Defence: def, Reroll: !f.noMastery, DefenceMastery: !f.noMastery, APValue: f.apValue, Variant: variant}
			res, err := c.Exact()
			if err != nil {
				return explainRule(err)
			}
			l, _ := spell.Level(d)
			rows = append(rows, reports.CastRow{Difficulty: d, AP: ap, Text: l.Text, Result: res})
		}
	}
	defName := "best response (R5: chosen knowing the casting total)"
	switch {
	case allied:
		defName = "none: an allied target does not defend (seed 000 line 1448)"
	case def != nil:
		defName = fmt.Sprintf("%d AP: %d x I + level dice (seed 000 line 1452)", *def, *def)
	}
	meta := reports.CastMeta{
		Caster:   describeCaster(ds, cp, caster),
		Target:   describeTarget(tp, tgt),
		Spell:    describeSpell(spell),
		Allied:   allied,
		WayBonus: wayText,
		Defence:  defName,
		Rules:    variant.String(),
		Notes:    notes,
		Data:     ds.Source,
		Version:  versionString(),
	}
	out := cmd.OutOrStdout()
	if f.json {
		return reports.WriteJSON(out, reports.NewCastJSON(meta, rows))
	}
	return reports.WriteCasts(out, meta, rows)
}

func describeCaster(ds *profiles.DataSet, p *profiles.Profile, f *sim.Fighter) string {
	s := fmt.Sprintf("%s, %s (%s, level %d, %d Kr), I %d, way %s", p.ID, p.Name, p.Faction, p.Level, p.Cost, p.Stats.I, p.Magic.Way)
	if g := p.Magic.Grimoire; g != nil {
		s += fmt.Sprintf(", %s grimoire", g.ID)
	}
	if c := ds.MagicCost(p); c > 0 {
		s += fmt.Sprintf(" (+%d Kr of magic)", c)
	}
	return s + esoteric(f)
}

func esoteric(f *sim.Fighter) string {
	n := 0
	for _, m := range f.Mastery {
		if m&sim.FieldEsoteric != 0 {
			n++
		}
	}
	return fmt.Sprintf(", %d esoteric mastery dice", n)
}

func describeTarget(p *profiles.Profile, f *sim.Fighter) string {
	s := fmt.Sprintf("%s, %s (%s, level %d, %d Kr), I %d, %d AP", p.ID, p.Name, p.Faction, p.Level, p.Cost, p.Stats.I, p.AP)
	if f.Armour != nil {
		s += fmt.Sprintf(", armour %d/%d/%d (%d boxes)", -f.Armour.Failure, f.Armour.Threshold, -f.Armour.Success, f.ArmourBoxes)
	}
	for _, name := range []string{profiles.SkillAwakened, profiles.SkillHermeticism, profiles.SkillResponsive, profiles.SkillImmunity} {
		if sk, ok := p.Skill(name); ok {
			s += ", " + name
			switch {
			case sk.Value != 0:
				s += fmt.Sprintf(" %d", sk.Value)
			case sk.Text != "":
				s += " " + sk.Text
			}
		}
	}
	return s + esotericSkills(p, f) + esoteric(f)
}

// esotericSkills names the target's Master, Heroic and Specialist of its
// spell defences: of the whole esoteric field, or of one way of magic only
// (profiles.Skill.FieldWay).
func esotericSkills(p *profiles.Profile, f *sim.Fighter) string {
	what := []struct {
		skill, name string
		bits        sim.Fields
		does        string
	}{
		{profiles.SkillMaster, "Master", f.Skills.Master, "a free reroll of its whole defence pool, seed 000 l.1636"},
		{profiles.SkillHeroic, "Heroic", f.Skills.Heroic, "one more die, seed 000 l.1632"},
		{profiles.SkillSpecialist, "Specialist", f.Skills.Specialist, "a natural 1 is no critical failure, seed 000 l.1658"},
	}
	s := ""
	for _, w := range what {
		if w.bits&sim.FieldEsoteric != 0 {
			s += fmt.Sprintf(", %s esoteric (%s)", w.name, w.does)
		}
		for _, sk := range p.Skills {
			if way := sk.FieldWay(); way != "" && sk.Name == w.skill {
				s += fmt.Sprintf(", %s %s (%s; against spells of that way only)", w.name, way, w.does)
			}
		}
	}
	return s
}

func describeSpell(s *profiles.Spell) string {
	way := "generic"
	if s.Way != "" {
		way = string(s.Way)
	}
	out := fmt.Sprintf("%s, %s (%s %s, target %s", s.ID, s.Name, way, s.Kind, s.Target)
	if s.Range > 0 {
		out += fmt.Sprintf(" within %g toises", s.Range)
	}
	out += fmt.Sprintf(", cadence %s, duration %s); difficulties:", s.Cadence, s.Duration)
	for _, l := range s.Levels {
		out += fmt.Sprintf(" %d %s", l.Difficulty, l.Effect)
		if l.Amount != nil {
			out += " " + l.Amount.String()
			if l.IgnoresArmour {
				out += " ignoring armour"
			}
			if l.CasterPays {
				out += " paid in HP by the caster"
			}
		}
		if l.Text != "" {
			out += fmt.Sprintf(" (%s)", l.Text)
		}
		out += ";"
	}
	return strings.TrimSuffix(out, ";")
}
