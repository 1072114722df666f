package profiles

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// Guard is a card rule by which one Safar takes the defence of an attack
// made on an ally, in its place (skills.md section 3, pattern A: "When an
// ally is attacked, this Safar takes the defence in its place and suffers
// the result: it defends with its own AP, characteristics, shield and
// armour, and takes the damage and effects"). It is written on a profile in
// one of two directions:
//
//   - defends_for: the card's Safar defends for the allies Allies names
//     (the level-I servant who must defend for its leader, fangs-larbin-1;
//     the father who may defend for any ally while in the attacker's zone of
//     control, gouns-pere-de-famille-2/-3; the knight who may defend for one
//     of two named characters in its zone, with +4, kharns-engueran);
//   - defended_by: the allies Allies names may defend for the card's Safar
//     (allies of its people standing in its zone of control,
//     fangs-decatie-2/-3).
//
// A list's card_defends_for gives entries of the first kind to the members
// By names (the special card of skills.md 3.2: "an army-wide option to
// defend for an ally in the same melee with +3").
//
// Skirmishes only: a duel has no ally (sim/guard.go).
type Guard struct {
	// Allies names the protected allies (defends_for) or the substitutes
	// (defended_by); ignored, and may be left out, with Leader.
	Allies Selector
	// Leader: the protected ally is the Spearhead's leader (defends_for only:
	// "instead of its leader").
	Leader bool
	// Zone is where the substitute must stand (GuardZone).
	Zone GuardZone
	// Must: the substitute must defend (the servant's "must"); otherwise the
	// defending side's policy chooses.
	Must bool
	// Bonus adds to the substitute's defence ("+4 to that defence"; the
	// special card's +3).
	Bonus int
	// By names, in a list's card_defends_for, the members who may defend
	// for the allies Allies names; unused on a profile.
	By  Selector
	Pos Pos
}

// GuardZone is where a substitute defender must stand (Guard.Zone). "Its"
// is the card's Safar: in defends_for the substitute, in defended_by the
// protected ally.
type GuardZone string

// The zones of a Guard.
const (
	// GuardSameMelee: the substitute and the protected ally are both engaged
	// with the attacker ("when both are in the same melee").
	GuardSameMelee GuardZone = "same-melee"
	// GuardItsZOC: defends_for, the protected ally stands in the
	// substitute's zone of control; defended_by, the substitute stands in
	// the protected ally's ("allies ... standing in its ZOC").
	GuardItsZOC GuardZone = "its-zoc"
	// GuardAttackerZOC: the substitute stands in the attacker's zone of
	// control ("when it is itself in the attacker's ZOC").
	GuardAttackerZOC GuardZone = "attacker-zoc"
)

// guardZones lists the zones, for messages.
var guardZones = []string{string(GuardSameMelee), string(GuardItsZOC), string(GuardAttackerZOC)}

// guardFields are the keys of one defends_for or defended_by entry; a
// list's card_defends_for adds by.
var guardFields = []string{"allies", "leader", "zone", "must", "bonus"}

// maxGuardBonus bounds a Guard's bonus (the cards give +3 and +4).
const maxGuardBonus = 10

// guards decodes a defends_for, defended_by or (list) card_defends_for
// list; kind is the field's name.
func (d *decoder) guards(n *yaml.Node, field, kind string) []Guard {
	keys := guardFields
	if kind == "card_defends_for" {
		keys = append([]string{"by"}, guardFields...)
	}
	var out []Guard
	for e := range d.entries(n, field) {
		g := Guard{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "allies":
				g.Allies = d.selector(f.v, ff)
			case "leader":
				g.Leader, _ = d.boolValue(f.v, ff)
				if kind != "defends_for" {
					d.errorf(deref(f.v), ff, "leader is read in defends_for only (the card's Safar defends for its leader, skills.md section 3, pattern A)")
				}
			case "zone":
				if v, ok := d.stringValue(f.v, ff); ok {
					z := GuardZone(strings.ToLower(v))
					switch z {
					case GuardSameMelee, GuardItsZOC, GuardAttackerZOC:
						g.Zone = z
					default:
						d.errorf(deref(f.v), ff, "unknown zone %q%s (known: %s; skills.md section 3, pattern A)", v,
							didYouMean(Closest(v, guardZones, 1)), strings.Join(guardZones, ", "))
					}
				}
			case "must":
				g.Must, _ = d.boolValue(f.v, ff)
			case "bonus":
				g.Bonus, _ = d.intIn(f.v, ff, 0, maxGuardBonus, "bonus must be from 0 to 10 (added to the substitute's defence)")
			case "by":
				if kind != "card_defends_for" {
					d.unknown(f.k, ff, f.key, keys)
					continue
				}
				g.By = d.selector(f.v, ff)
			default:
				d.unknown(f.k, ff, f.key, keys)
			}
		}
		e.require("zone")
		if !e.present["allies"] && !g.Leader {
			d.errorf(e.node, e.field, "missing field \"allies\" (or leader: true in defends_for): whom the rule protects or who stands in")
		}
		if kind == "card_defends_for" && !e.present["by"] {
			g.By = Selector{All: true}
		}
		out = append(out, g)
	}
	return out
}

// GuardLink is one way a Safar of a Spearhead may take the defence of
// another: Sub for Prot, in Zone, as the card of Rule says (sim/guard.go
// lists them once per battle).
type GuardLink struct {
	Sub, Prot int
	Rule      *Guard
	// ItsIsSub: the card's Safar ("its" of Zone) is the substitute
	// (defends_for, card_defends_for); false for defended_by.
	ItsIsSub bool
}

// GuardLinks returns the guard rules between the Safars of one side:
// members[k] are their profiles, leader the index of the Spearhead's leader
// in members (-1 none), cards the list's card_defends_for. A Safar never
// stands in for itself.
func GuardLinks(members []*Profile, leader int, cards []Guard) []GuardLink {
	var out []GuardLink
	for s, ps := range members {
		for p, pp := range members {
			if s == p {
				continue
			}
			for x := range ps.DefendsFor {
				g := &ps.DefendsFor[x]
				if g.Leader && p == leader || !g.Leader && g.Allies.Matches(pp) {
					out = append(out, GuardLink{Sub: s, Prot: p, Rule: g, ItsIsSub: true})
				}
			}
			for x := range pp.DefendedBy {
				g := &pp.DefendedBy[x]
				if g.Allies.Matches(ps) {
					out = append(out, GuardLink{Sub: s, Prot: p, Rule: g})
				}
			}
			for x := range cards {
				g := &cards[x]
				if g.By.Matches(ps) && (g.Leader && p == leader || !g.Leader && g.Allies.Matches(pp)) {
					out = append(out, GuardLink{Sub: s, Prot: p, Rule: g, ItsIsSub: true})
				}
			}
		}
	}
	return out
}
