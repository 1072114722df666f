package catalog

import (
	"strconv"

	"github.com/kharn-ages/kharn/profiles"
)

// readArmourSlots reads the two armour fields of catalogue.md 4.6 "Armour":
// heavySeuil, a better threshold used when the wearer's printed armour already
// stops at least as much (YAML heavy_threshold), and stacksWithArmor, an
// armour worn in a slot of its own on top of one ordinary armour (YAML
// stacks_with_armour). Both belong to armour; on another category they are
// reported and left out.
func (e *equipOut) readArmourSlots(o *object, stacks bool) {
	if x, ok := o.get("heavySeuil"); ok && x != nil {
		n, ok := e.whole(x, o.at("heavySeuil"), "ignored")
		switch {
		case !ok:
		case e.kind != profiles.KindArmour:
			e.problemf(o.at("heavySeuil"), "heavySeuil %d on %s: only an armour has one, ignored", n, profiles.WithArticle(kindNames[e.kind]))
		case n < 2 || n >= e.armour.Threshold:
			e.problemf(o.at("heavySeuil"), "heavySeuil %d is no better threshold than seuil %d (from 2 to %d), ignored", n, e.armour.Threshold, e.armour.Threshold-1)
		default:
			e.armour.HeavyThreshold = n
		}
	}
	if stacks {
		if e.kind != profiles.KindArmour {
			e.problemf(o.at("stacksWithArmor"), "stacksWithArmor on %s: only an armour stacks with an armour, ignored", profiles.WithArticle(kindNames[e.kind]))
			return
		}
		e.armour.Stacks = true
	}
}

// writeArmourSlots writes what readArmourSlots read, as YAML keys of an
// armour.
func (e *equipOut) writeArmourSlots(kv func(key, value string)) {
	if e.armour.HeavyThreshold != 0 {
		kv("heavy_threshold", strconv.Itoa(e.armour.HeavyThreshold))
	}
	if e.armour.Stacks {
		kv("stacks_with_armour", "true")
	}
}
