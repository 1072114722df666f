package catalog

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestArmourMaterial checks the material of an imported armour
// (equipment_material.go): the catalogue has no material field (catalogue.md
// 4.6), so its name and text tell it for the swimming rule, "a Safar wearing
// a metallic or stone armour cannot swim" (seed 000 line 736, seed 004 line
// 680) and "natural armour (for example a shell) does not prevent [it]"
// (seed 000 line 654, seed 004 line 589). Invented names in the catalogue's
// style; a name with no material word, or with a metal and a soft one, is
// read as one that swims and warned about on its name's JSON path.
func TestArmourMaterial(t *testing.T) {
	for _, c := range []struct {
		name, text     string
		metal, natural bool
		warn           string
	}{
		{"Gilet de mailles", "", true, false, ""},
		{"Cuirasse lourde", "-1 en V si C≤4", true, false, ""},
		{"Armure de plates", "", true, false, ""},
		{"Cotte d'acier trempé", "", true, false, ""},
		{"Armure de pierre", "", true, false, ""},
		{"Carapace de tortue", "", false, true, ""},
		{"Armure naturelle", "", false, true, ""},
		{"Armure de cuir", "", false, false, ""},
		{"Peau de bête", "", false, false, ""},
		{"Gambison matelassé", "", false, false, ""},
		{"Écorce tressée", "", false, false, ""},
		{"Caparaçon", "", false, false, `equipment[0].name: "Caparaçon" names no material`},
		{"Caparaçon", "Le Fer de Lance gagne +1 (inventé)", false, false, `names no material`},
		{"Cuir clouté de fer", "", false, false, `names a metal or stone ("fer") and another material ("cuir")`},
	} {
		e := &equipOut{kind: profiles.KindArmour, name: c.name, effectsText: c.text, src: make(map[string]string)}
		e.readMaterial(newObject(map[string]any{}, "equipment[0]"))
		got := ""
		for _, p := range e.problems {
			got += p.Path + ": " + p.Msg
		}
		if e.armour.MetalOrStone != c.metal || e.armour.Natural != c.natural || (c.warn == "") != (got == "") || !strings.Contains(got, c.warn) {
			t.Errorf("%q %q: metal %v, natural %v, warning %q; want %v, %v, %q", c.name, c.text,
				e.armour.MetalOrStone, e.armour.Natural, got, c.metal, c.natural, c.warn)
		}
	}
	// The fixture: its chain-mail vest and heavy cuirass are metal, so their
	// wearers cannot swim; the mount's caparison names no material.
	cat := fixture056(t)
	for _, id := range []string{"gilet-de-mailles", "cuirasse-lourde"} {
		it, err := cat.DataSet().Item(id)
		if err != nil {
			t.Fatal(err)
		}
		if it.Armour == nil || !it.Armour.MetalOrStone {
			t.Errorf("%s: %+v, want metal_or_stone", id, it.Armour)
		}
	}
}
