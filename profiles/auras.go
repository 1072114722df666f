package profiles

import "go.yaml.in/yaml/v3"

// MoraleAura is a card's support to the temerity of allies in its aura (I
// toises from the centre of its base, seed 000 l.585-593): skills.md section
// 3, pattern C3, "Allies of given kinds in its aura get +2 T; or Spearhead
// allies in its aura may use its T for their tests". Identical auras do not
// stack (skills.md section 3, D: "identical auras do not stack"): an ally
// takes the best one.
type MoraleAura struct {
	To Selector
	// Temerity adds to the T of their temerity and fright tests.
	Temerity int
	// LendTemerity lets them test with its T when it is higher than theirs.
	LendTemerity bool
	Pos          Pos
}

// LeaderAuraBonus is what a card gets while it stands in its leader's aura
// (skills.md section 3, pattern B: "While in its leader's aura a servant gets
// +1 V and passes terror (temerity) tests automatically").
type LeaderAuraBonus struct {
	Velocity   int
	PassTerror bool
	Pos        Pos
}

var (
	moraleAuraFields  = []string{"to", "temerity", "lend_temerity"}
	leaderAuraFields  = []string{"velocity", "pass_terror"}
	moraleAuraMessage = "temerity must be from 1 to 9"
)

// moraleAuras decodes a morale_auras list.
func (d *decoder) moraleAuras(n *yaml.Node, field string) []MoraleAura {
	var out []MoraleAura
	for e := range d.entries(n, field) {
		a := MoraleAura{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "to":
				a.To = d.selector(f.v, ff)
			case "temerity":
				a.Temerity, _ = d.intIn(f.v, ff, 1, 9, moraleAuraMessage)
			case "lend_temerity":
				a.LendTemerity, _ = d.boolValue(f.v, ff)
			default:
				d.unknown(f.k, ff, f.key, moraleAuraFields)
			}
		}
		e.require("to")
		if a.Temerity == 0 && !a.LendTemerity && !e.present["temerity"] {
			d.errorf(e.node, e.field, "gives nothing: want temerity N or lend_temerity: true")
		}
		out = append(out, a)
	}
	return out
}

// leaderAura decodes in_leader_aura.
func (d *decoder) leaderAura(n *yaml.Node, field string) *LeaderAuraBonus {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil
	}
	b := &LeaderAuraBonus{Pos: d.pos(deref(n))}
	for _, f := range fields {
		ff := join(field, f.key)
		switch f.key {
		case "velocity":
			b.Velocity, _ = d.intIn(f.v, ff, 1, 9, "velocity must be from 1 to 9")
		case "pass_terror":
			b.PassTerror, _ = d.boolValue(f.v, ff)
		default:
			d.unknown(f.k, ff, f.key, leaderAuraFields)
		}
	}
	return b
}
