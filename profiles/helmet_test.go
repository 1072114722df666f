package profiles

import (
	"slices"
	"strings"
	"testing"
)

// TestHelmetEffects: a helmet's effects of catalogue.md 4.6 ("no CH bonus
// damage taken", "immunity to daze, stun") are the keys no_critical_damage
// and immune; immune takes daze or stun, once each; a weapon takes neither.
func TestHelmetEffects(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": kindOf("helmet") + "    no_critical_damage: true\n    immune: [daze, stun]\n"})
	if err != nil {
		t.Fatal(err)
	}
	if ef := ds.Equipment[0].Effects; !ef.NoCriticalDamage || !slices.Equal(ef.Immune, []Status{Daze, Stun}) {
		t.Errorf("helmet effects %+v", ef)
	}
	for _, tc := range []struct{ yaml, want string }{
		{kindOf("helmet") + "    immune: [fear]\n", `equipment[e1].immune[0]: immune takes daze or stun, got "fear"`},
		{kindOf("helmet") + "    immune: [daze, daze]\n", `equipment[e1].immune[1]: daze listed twice`},
		{okWeapon + "    immune: [daze]\n", `field "immune" does not apply to a melee weapon (it is for helmets)`},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": tc.yaml})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s", tc.yaml, err, tc.want)
		}
	}
}
