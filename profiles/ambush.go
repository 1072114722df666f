package profiles

import "go.yaml.in/yaml/v3"

// ambushFields are the keys of the mapping form of Ambush ("ambush:
// {first_attack: {threshold: 2, damage: 1}}") and of its first_attack.
var (
	ambushFields      = []string{"first_attack"}
	firstAttackFields = []string{"threshold", "damage"}
)

// MaxFirstAttackBonus bounds the threshold and damage bonuses of an
// ambusher's first attack (skills.md #18: +2 to +4 and +1 to +3 seen).
const MaxFirstAttackBonus = 10

// ambushValue decodes the mapping form of Ambush: the precision some cards
// give the first attack after the reveal (skills.md #18, catalogue.md 3.2),
// "+N au seuil" (added to the attack threshold: the engaged characteristics
// plus the kept die, seed 004 lines 242 and 605-607) and "+N dgt" (added to
// its damage), into sk.FirstThreshold and sk.FirstDamage.
func (d *decoder) ambushValue(sk *Skill, n *yaml.Node, field string) bool {
	fields, ok := d.mapping(n, field)
	if !ok {
		return false
	}
	good := true
	for _, f := range fields {
		ff := join(field, f.key)
		if f.key != "first_attack" {
			d.unknown(f.k, ff, f.key, ambushFields)
			good = false
			continue
		}
		inner, ok := d.mapping(f.v, ff)
		if !ok {
			good = false
			continue
		}
		for _, g := range inner {
			gf := join(ff, g.key)
			var x int
			var ok bool
			switch g.key {
			case "threshold":
				x, ok = d.intIn(g.v, gf, 0, MaxFirstAttackBonus, "threshold (added to the first attack's threshold) must be from 0 to 10")
				sk.FirstThreshold = x
			case "damage":
				x, ok = d.intIn(g.v, gf, 0, MaxFirstAttackBonus, "damage (added to the first attack's damage) must be from 0 to 10")
				sk.FirstDamage = x
			default:
				d.unknown(g.k, gf, g.key, firstAttackFields)
			}
			good = good && ok
		}
	}
	return good
}
