package profiles

import (
	"slices"
	"strings"
	"testing"
)

// TestGrantsTraits checks an item's grants_traits (profiles/granttraits.go):
// the list traits of recruitment only ("stateless", skills.md #61; "allied of
// <faction>", #25), any other value refused with the field and the allowed
// values named.
func TestGrantsTraits(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": kindOf("item") + "    grants_traits: [Stateless, allied of gouns, stateless]\n"})
	if err != nil {
		t.Fatal(err)
	}
	if got := ds.Equipment[0].GrantsTraits; !slices.Equal(got, []string{TraitStateless, TraitAlliedOf + Gouns}) {
		t.Errorf("grants_traits %q", got)
	}
	for _, bad := range []string{"khemiste", "allied of nobody"} {
		_, err := loadFiles(map[string]string{"a.yaml": kindOf("item") + "    grants_traits: [" + bad + "]\n"})
		if err == nil || !strings.Contains(err.Error(), "equipment[e1].grants_traits[0]: an item grants only the list traits \"stateless\" or \"allied of \" followed by a faction") {
			t.Errorf("grants_traits [%s]: %v", bad, err)
		}
	}
	_, err = loadFiles(map[string]string{"a.yaml": okWeapon + "    grants_traits: [stateless]\n"})
	if err == nil || !strings.Contains(err.Error(), `field "grants_traits" does not apply to a melee weapon`) {
		t.Errorf("grants_traits on a weapon: %v", err)
	}
}
