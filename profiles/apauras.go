package profiles

import "go.yaml.in/yaml/v3"

// APAura is a card's rule on the AP of the Safars that stand within reach of
// it (skills.md section 3, pattern E, "AP and activation economy"). One entry
// holds one of six rules:
//
//   - FirstAttack: the allies To names get that many AP off the cost of the
//     first attack of their activation ("warriors of its people within 5
//     toises get one free AP for the first attack of their activation");
//   - DefenceAP: the allies To names always have that many AP to defend with,
//     even at 0 AP left ("allies of given kinds in its aura always have one
//     AP to defend with, even at 0 AP left"; section 3.2, the standard
//     bearer's banner that keeps 1 AP for defence);
//   - EnemyAttack: an attack made by an enemy standing within reach costs it
//     that many AP more ("enemy attacks inside its aura cost 1 AP more");
//   - FirstAction: the allies To names that start their activation within
//     reach do not pay for the first action of that activation that costs AP
//     ("allies that start their activation in its aura do not pay for their
//     first AP-costing action");
//   - GiveAP: during its activation its Safar may give up to that many AP to
//     one ally To names within reach ("during its activation it may give up
//     to 2 AP to an ally of given kinds in its aura");
//   - DrawAP: during its activation its Safar may use up to that many AP of
//     the allies To names within reach ("it may use up to 6 AP of level-I
//     allies in its aura during its own activation").
//
// The reach is measured as an aura is (seed 000 l.585-593, seed 004
// l.510-512), from the centre of the card's base to the centre of the other
// Safar's. The card's own Safar is not its own ally. Identical auras do not
// stack (skills.md section 3, D: "identical auras do not stack"): a Safar
// within reach of several takes the best of each rule.
type APAura struct {
	FirstAttack int
	DefenceAP   int
	EnemyAttack int
	FirstAction bool
	GiveAP      int
	DrawAP      int
	// To names the allies of every rule but EnemyAttack; EnemyAttack reaches
	// every enemy and has none.
	To Selector
	// Within is the reach in toises; 0 means the card's aura, I toises.
	Within float64
	Pos    Pos
}

// A card that "activates at the same time as its Spearhead leader"
// (skills.md section 3, pattern E) is written activates_with_leader: true on
// the profile (Profile.WithLeader): no aura, no reach.

// Radius returns the reach of a for a card whose I is i: Within, or its aura
// (I toises) when Within is 0.
func (a *APAura) Radius(i int) float64 {
	if a.Within > 0 {
		return a.Within
	}
	return float64(i)
}

// apAuraFields are the keys of one ap_auras entry; apAuraRules its rules, one
// of which each entry holds.
var (
	apAuraFields = []string{"first_attack_ap", "defence_ap", "enemy_attack_ap", "first_action_free", "give_ap", "draw_ap", "to", "within"}
	apAuraRules  = []string{"first_attack_ap", "defence_ap", "enemy_attack_ap", "first_action_free", "give_ap", "draw_ap"}
)

// apAuraMessage is the allowed range of an ap_auras rule's AP.
const apAuraMessage = "must be from 1 to 2 AP"

// apAuras decodes an ap_auras list.
func (d *decoder) apAuras(n *yaml.Node, field string) []APAura {
	var out []APAura
	for e := range d.entries(n, field) {
		a := APAura{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "first_attack_ap":
				a.FirstAttack, _ = d.intIn(f.v, ff, 1, 2, "first_attack_ap "+apAuraMessage)
			case "defence_ap":
				a.DefenceAP, _ = d.intIn(f.v, ff, 1, 2, "defence_ap "+apAuraMessage)
			case "enemy_attack_ap":
				a.EnemyAttack, _ = d.intIn(f.v, ff, 1, 2, "enemy_attack_ap "+apAuraMessage)
			case "first_action_free":
				a.FirstAction, _ = d.boolValue(f.v, ff)
				if !a.FirstAction {
					d.errorf(deref(f.v), ff, "first_action_free gives nothing when false: leave it out")
				}
			case "give_ap":
				a.GiveAP, _ = d.intIn(f.v, ff, 1, 2, "give_ap "+apAuraMessage)
			case "draw_ap":
				a.DrawAP, _ = d.intIn(f.v, ff, 1, 6, "draw_ap must be from 1 to 6 AP")
			case "to":
				a.To = d.selector(f.v, ff)
			case "within":
				a.Within = d.auraReach(f.v, ff) // profiles/auragrants.go
			default:
				d.unknown(f.k, ff, f.key, apAuraFields)
			}
		}
		e.require("within")
		rules := 0
		for _, r := range apAuraRules {
			if e.present[r] {
				rules++
			}
		}
		switch {
		case rules == 0:
			d.errorf(e.node, e.field, "gives nothing: want one of first_attack_ap, defence_ap, enemy_attack_ap, first_action_free, give_ap or draw_ap (skills.md section 3, pattern E)")
		case rules > 1:
			d.errorf(e.node, e.field, "holds %d rules: one of first_attack_ap, defence_ap, enemy_attack_ap, first_action_free, give_ap or draw_ap per entry", rules)
		case e.present["enemy_attack_ap"] && e.present["to"]:
			d.errorf(e.node, join(e.field, "to"), "enemy_attack_ap reaches every enemy within reach: no to")
		case !e.present["enemy_attack_ap"] && !e.present["to"]:
			e.require("to")
		}
		out = append(out, a)
	}
	return out
}

// Reactivation is a card's "it may forgo its activation to activate again
// one ally of its people that has already acted (+5 to its attacks and +1
// damage for that activation; loses 1D5 HP that cannot be healed)"
// (skills.md section 3, pattern E), written reactivates_ally on the profile.
type Reactivation struct {
	// To names the allies it may activate again.
	To Selector
	// Attack adds to the attack totals and Damage to the damage of the
	// ally's attacks in that activation.
	Attack, Damage int
	// HPLoss is what the ally loses, for good (it cannot be healed).
	HPLoss Dice
	Pos    Pos
}

// reactivationFields are the keys of reactivates_ally.
var reactivationFields = []string{"to", "attack", "damage", "hp_loss"}

// reactivation decodes reactivates_ally.
func (d *decoder) reactivation(n *yaml.Node, field string) *Reactivation {
	e, ok := d.entry(n, field)
	if !ok {
		return nil
	}
	r := &Reactivation{Pos: e.pos}
	for f, ff := range e.keys() {
		switch f.key {
		case "to":
			r.To = d.selector(f.v, ff)
		case "attack":
			r.Attack, _ = d.intIn(f.v, ff, 0, 9, "attack must be from 0 to 9")
		case "damage":
			r.Damage, _ = d.intIn(f.v, ff, 0, 9, "damage must be from 0 to 9")
		case "hp_loss":
			if x := d.dice(f.v, ff); x != nil {
				r.HPLoss = *x
			}
		default:
			d.unknown(f.k, ff, f.key, reactivationFields)
		}
	}
	e.require("to", "attack", "damage", "hp_loss")
	return r
}
