package profiles

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// AuraGrant is a skill a card gives the allies that stand in its aura or
// within a distance of it, for as long as they do (skills.md section 3,
// pattern D: "a standing effect on allies in its aura, within 5 toises":
// Brutality 1 for its people's warriors in its aura, Heroic defence for
// level-I allies in its aura, +1 to Brutal charge for its people within 5
// toises). Unlike AllyGrant, which is read once on the list, it holds only
// while the ally stands there: skirmishes check it between actions
// (sim/auragrants.go). The card's own Safar is not its own ally: a skill it
// has everywhere is written in its skills.
type AuraGrant struct {
	// Skills are given to each ally To names while it stands within reach.
	Skills []Skill
	// Increment: an ally that already has a number skill adds the granted
	// value to its own ("+1 to Brutal charge"); otherwise it keeps the
	// higher (AllyGrant.Increment).
	Increment bool
	// The buffs that are no skill (skills.md section 3, pattern D; they
	// are AuraBuffs, below): an entry gives skills, buffs or both.
	AuraBuffs
	To Selector
	// Within is the reach in toises from the centre of the card's base to
	// the centre of the ally's (the aura's measure, seed 000 l.585-593; seed
	// 004 l.510-512); 0 means the card's aura, I toises.
	Within float64
	Pos    Pos
}

// AuraBuffs are pattern D's combat buffs that are no skill, given to the
// allies in reach like the skills of an aura grant (skills.md section 3,
// D). Each is a switch: identical auras do not stack (skills.md section 3,
// D: "Battle book: identical auras do not stack"), so an ally in two auras
// with the same buff has it once.
type AuraBuffs struct {
	// ShotStature: the ally adds its own stature to the attack threshold of
	// its shots ("a bonus equal to their stature on shots for its people in
	// its aura"). Read as the assault's stature bonus is, on the threshold
	// (seed 000 l.709, l.717; R8), not on the damage.
	ShotStature bool
	// DefenceReroll: one free reroll of one die per defence ("one free
	// reroll of one die per defence for allies in its aura"), every
	// defence, against free attacks too. The die rerolled is the lowest,
	// as R4's mastery reroll (seed 000 l.367), when the kept face would not
	// stop the attack: the defender's best choice, since the highest die
	// is kept (sim/auragrants.go).
	DefenceReroll bool
	// DazeOnCrit: a critical hit of the ally's attacks dazes the target
	// ("daze on a CH for allies of one origin in its aura"), as a weapon's
	// "daze on CH" does (R17); a weapon that stuns on a CH keeps its stun.
	DazeOnCrit bool
	// FreeVAfterFailedDefence: once per turn, after a defence that failed,
	// the ally may take a free V effect, applied once the attack is
	// resolved ("once per turn, allies may take a free V effect after a
	// failed defence"). A fight plays it as Survival instinct's free V:
	// taken when the ally's policy would rather shoot, stepping away
	// (sim/auragrants.go); it changes no exchange.
	FreeVAfterFailedDefence bool
	// D10OncePerTurn: once per turn, +1D10 to the final total of an attack
	// or a defence ("once per turn, +1D10 to the final total of an attack or
	// defence for allies of its faction in its aura"): a plain d10 (no CH,
	// no CF) on the first main roll of the turn that calls for it: an attack
	// whose kept face is 5 or less and no CF, or a defence, no CF, short of
	// the attack's total by 1 to 10 (sim/auragrants.go).
	D10OncePerTurn bool
	// Stature: the ally's stature counts that many more (1-2; skills.md
	// section 3.2, a Goûn aura upgrade: "+1 stature" for the allies in the
	// bearer's aura) wherever a fight's exchange reads it: the CH bonus of a
	// 2-3 AP melee action (R9), the assault bonus (R8), a repel's contest.
	// Not its base: the base, and so reach, contact, lines of sight and
	// cover heights, stays the card's (a base does not grow in an aura).
	// The best of several auras holds (identical auras do not stack).
	Stature int
	// Armour: an armour the ally wears while it stands in the aura (skills.md
	// section 3.2, a Goûn aura upgrade: "a light armour for allies in the
	// aura"), written with an armour's protection and boxes (R12): worn in
	// the second armour slot, under its own armour, as an armour that
	// stacks (sim/armour_slots.go), unless that slot holds one already; its
	// boxes are the ally's for the battle, kept when it leaves the aura
	// (sim/auragrants.go).
	Armour *ArmourStats
}

// Any reports whether b gives a buff.
func (b AuraBuffs) Any() bool {
	return b.ShotStature || b.DefenceReroll || b.DazeOnCrit || b.FreeVAfterFailedDefence || b.D10OncePerTurn || b.Stature > 0 || b.Armour != nil
}

// Or returns the buffs of b and c together.
func (b AuraBuffs) Or(c AuraBuffs) AuraBuffs {
	return AuraBuffs{ShotStature: b.ShotStature || c.ShotStature, DefenceReroll: b.DefenceReroll || c.DefenceReroll,
		DazeOnCrit: b.DazeOnCrit || c.DazeOnCrit, FreeVAfterFailedDefence: b.FreeVAfterFailedDefence || c.FreeVAfterFailedDefence,
		D10OncePerTurn: b.D10OncePerTurn || c.D10OncePerTurn, Stature: max(b.Stature, c.Stature), Armour: cmp.Or(b.Armour, c.Armour)}
}

// Names returns the data-format keys of the buffs of b, for traces.
func (b AuraBuffs) Names() []string {
	var out []string
	if b.ShotStature {
		out = append(out, "shot_stature")
	}
	if b.DefenceReroll {
		out = append(out, "defence_reroll")
	}
	if b.DazeOnCrit {
		out = append(out, "daze_on_crit")
	}
	if b.FreeVAfterFailedDefence {
		out = append(out, "free_v_after_failed_defence")
	}
	if b.D10OncePerTurn {
		out = append(out, "d10_once_per_turn")
	}
	if b.Stature > 0 {
		out = append(out, "stature +"+strconv.Itoa(b.Stature))
	}
	if a := b.Armour; a != nil {
		out = append(out, fmt.Sprintf("armour -%d/%d/-%d", a.Failure, a.Threshold, a.Success))
	}
	return out
}

// Radius returns the reach of g for a card whose aura is aura toises (its
// I, or more when an ally widens it: WiderAura): Within, or its aura when
// Within is 0.
func (g *AuraGrant) Radius(aura float64) float64 {
	if g.Within > 0 {
		return g.Within
	}
	return aura
}

// AuraGrantable reports whether an aura may grant the skill keyword name:
// the skills a fight reads at each exchange or move (class EXCHANGE of the
// table of skills, and Brutal charge, read when an assault walks), which
// the engine can switch on and off between actions. Deployment, morale,
// list and magic skills are read once per battle or not by fights at all.
func AuraGrantable(name string) bool {
	s, ok := SkillByName(name)
	return ok && (s.Engine == PlayedExchange || s.Engine == PlayedFights || s.Engine == PlayedSkirmish) &&
		(s.Class == ClassExchange || name == SkillBrutalCharge)
}

// auraGrantFields are the keys of one aura_grants entry.
var auraGrantFields = []string{"skills", "to", "within", "increment", "shot_stature", "defence_reroll", "daze_on_crit", "free_v_after_failed_defence", "d10_once_per_turn", "stature", "armour"}

// auraGrants decodes an aura_grants list.
func (d *decoder) auraGrants(n *yaml.Node, field string) []AuraGrant {
	var out []AuraGrant
	for e := range d.entries(n, field) {
		g := AuraGrant{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "skills":
				g.Skills = d.skills(f.v, ff)
				for _, s := range g.Skills {
					if !AuraGrantable(s.Name) {
						d.errorf(deref(f.v), ff, "an aura cannot grant %q: only skills of class EXCHANGE and brutal charge, which fights read at each exchange or move (skills.md section 3, pattern D)", s.Name)
					}
				}
			case "to":
				g.To = d.selector(f.v, ff)
			case "within":
				g.Within = d.auraReach(f.v, ff)
			case "increment":
				g.Increment, _ = d.boolValue(f.v, ff)
			case "shot_stature":
				g.ShotStature, _ = d.boolValue(f.v, ff)
			case "defence_reroll":
				g.DefenceReroll, _ = d.boolValue(f.v, ff)
			case "daze_on_crit":
				g.DazeOnCrit, _ = d.boolValue(f.v, ff)
			case "free_v_after_failed_defence":
				g.FreeVAfterFailedDefence, _ = d.boolValue(f.v, ff)
			case "d10_once_per_turn":
				g.D10OncePerTurn, _ = d.boolValue(f.v, ff)
			case "stature":
				g.Stature, _ = d.intIn(f.v, ff, 1, 2, "stature must be from 1 to 2 (the stature its allies count more; skills.md 3.2: \"+1 stature\")")
			case "armour":
				g.Armour = d.auraArmour(f.v, ff)
			default:
				d.unknown(f.k, ff, f.key, auraGrantFields)
			}
		}
		e.require("to", "within")
		switch {
		case e.present["skills"] && len(g.Skills) == 0:
			d.errorf(e.node, join(e.field, "skills"), "must give at least one skill")
		case !e.present["skills"] && !g.Any():
			d.errorf(e.node, e.field, "gives nothing: want skills, or a buff set to true (shot_stature, defence_reroll, daze_on_crit, free_v_after_failed_defence, d10_once_per_turn) or stature: N (skills.md section 3, pattern D and 3.2), or armour: {protection, boxes} (a light armour, skills.md 3.2)")
		}
		out = append(out, g)
	}
	return out
}

// auraArmour decodes an aura's armour: an armour's protection and boxes
// (the keys of armour equipment); no velocity malus, which the engine
// reads once per battle from the card's own armour.
func (d *decoder) auraArmour(n *yaml.Node, field string) *ArmourStats {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil
	}
	a := &ArmourStats{Stacks: true}
	present := make(map[string]bool)
	for _, f := range fields {
		present[f.key] = true
		ff := join(field, f.key)
		switch f.key {
		case "protection", "boxes":
			d.armourField(a, f, ff)
		default:
			d.unknown(f.k, ff, f.key, []string{"protection", "boxes"})
		}
	}
	d.require(deref(n), field, present, "protection", "boxes")
	return a
}

// auraReachMessage is the allowed range of within.
const auraReachMessage = "within must be aura (the card's I toises) or a distance from 0.5 to 30 toises"

// auraReach decodes within: "aura" (0) or a distance in toises.
func (d *decoder) auraReach(n *yaml.Node, field string) float64 {
	v := deref(n)
	if v != nil && v.Kind == yaml.ScalarNode && strings.EqualFold(v.Value, "aura") {
		return 0
	}
	if v == nil || v.Kind != yaml.ScalarNode || (v.ShortTag() != "!!int" && v.ShortTag() != "!!float") {
		d.errorf(v, field, "%s", auraReachMessage)
		return 0
	}
	x, ok := d.numberValue(n, field)
	if ok && (x < 0.5 || x > 30) {
		d.errorf(v, field, "%s, got %s", auraReachMessage, v.Value)
	}
	return x
}

// WithAuraGrants returns p with the skills of grants added (a copy), as an
// ally standing in their reach fights: a skill it lacks is taken as
// written; one it has adds the value with Increment, keeps the higher
// otherwise (addGranted); and its stature raised by the best Stature buff
// of grants (AuraBuffs.Stature). It returns p itself when grants is empty.
func WithAuraGrants(p *Profile, grants []*AuraGrant) *Profile {
	if len(grants) == 0 {
		return p
	}
	c := *p
	c.Skills = slices.Clone(p.Skills)
	st := 0
	for _, g := range grants {
		c.Skills = addGranted(c.Skills, AllyGrant{Skills: g.Skills, Increment: g.Increment})
		st = max(st, g.Stature)
	}
	c.Stature += st
	return &c
}
