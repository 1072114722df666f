package catalog

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// cardAttackOut is a card rule mapped by hand to a card-defined special
// attack (skills.md section 3, pattern I; profiles.CardAttack).
type cardAttackOut struct {
	attack profiles.CardAttack
	source string // "rule Coup de gueule, hand mapping rules-056.yaml:14"
}

// statsYAML writes the six characteristics, a null one (not printed, that no
// effect gave: catalogue.md 4.5) as ~.
func (p *profileOut) statsYAML() string {
	parts := make([]string, 6)
	for i, c := range "VPACTI" {
		v := strconv.Itoa(p.stats[i])
		if p.nullStats[i] {
			v = "~"
		}
		parts[i] = string(c) + ": " + v
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// writeCardAttacks writes p's special_attacks, indented by indent.
func (p *profileOut) writeCardAttacks(b *bytes.Buffer, indent string) {
	if len(p.cardAttacks) == 0 {
		return
	}
	b.WriteString(indent + "special_attacks: # card rules, by hand mapping\n")
	for _, o := range p.cardAttacks {
		a := o.attack
		s := "{name: " + yamlString(oneLine(a.Name, 100)) + ", chars: " + a.Chars[0].String() + a.Chars[1].String() + ", damage: " + a.Damage.String()
		if a.Bleeding > 0 {
			s += ", bleeding: " + strconv.Itoa(a.Bleeding)
		}
		if a.Daze {
			s += ", daze: true"
		}
		if a.OncePerActivation {
			s += ", once_per_activation: true"
		}
		if a.OnlyAttack {
			s += ", only_attack: true"
		}
		b.WriteString(indent + "  - " + s + "} # " + oneLine(o.source, 80) + "\n")
	}
	p.writeMappedItems(b, "special_attacks")
}
