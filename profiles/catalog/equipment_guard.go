package catalog

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// readWeaponArmour reads the armour fields of a weapon (catalogue.md 4.6
// "Armour": "an item of another category that carries a seuil also protects,
// in addition to the armour"): on a melee weapon seuil, protectionEchec,
// protectionReussite and durability become its protection and boxes (YAML
// protection and boxes on the weapon, worn in the second armour slot while it
// is held, sim/armour_slots.go); on a shooting weapon, or incomplete, they are
// named not modelled.
func (e *equipOut) readWeaponArmour(o *object) {
	var prot []string
	for _, k := range []string{"durability", "protectionEchec", "seuil", "protectionReussite"} {
		if x, ok := o.get(k); ok && x != nil {
			prot = append(prot, k+" "+oneLine(fmt.Sprint(x), 20))
		}
	}
	if len(prot) == 0 {
		return
	}
	if e.kind != profiles.KindMelee {
		e.notModelledf("%s (a shooting weapon that also protects: the data format takes protection on melee weapons only)", strings.Join(prot, ", "))
		return
	}
	var a profiles.ArmourStats
	why := readProtection(&e.notes, o, &a)
	b := 0
	if why == "" {
		b, why = readBoxes(&e.notes, o)
	}
	if why != "" {
		e.notModelledf("%s (a weapon that also protects, its protection left out: %s)", strings.Join(prot, ", "), why)
		return
	}
	e.armour.Failure, e.armour.Threshold, e.armour.Success = a.Failure, a.Threshold, a.Success
	e.boxes = b
	e.weaponArmour = true
	e.src["protection"] = "seuil, protectionEchec, protectionReussite"
	e.src["boxes"] = "durability"
}

// writeWeaponArmour writes what readWeaponArmour read, as YAML keys of a
// melee weapon.
func (e *equipOut) writeWeaponArmour(kv func(key, value string)) {
	if e.weaponArmour {
		kv("protection", protection(e.armour))
		kv("boxes", strconv.Itoa(e.boxes))
	}
}
