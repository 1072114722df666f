package profiles

import (
	"strings"
	"testing"
	"testing/fstest"
)

// smallProfile carries the card-rule fields of skills.md section 3, patterns
// S (support), J and K (generic_actions); invented names and numbers.
const smallProfile = `profiles:
  - id: invented-shieldmate-2
    name: Invented shieldmate
    faction: gouns
    level: 2
    cost: 40
    stats: {V: 3, P: 3, A: 3, C: 3, T: 6, I: 4}
    stature: 3
    ap: 5
    hp: 20
    support: {bonus: 3, cancels_enemy: true, own_faction: true}
    generic_actions:
      detect: automatic_once_per_activation
      negotiate: no_critical_failure
      devour: double_and_seek
      loot: true
`

// TestSmallPatternFields checks that support and generic_actions (skills.md
// section 3, patterns S, J and K) are read, and that a mistake is an error
// naming the file, line, field and the rule.
func TestSmallPatternFields(t *testing.T) {
	ds, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(smallProfile)}}, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("invented-shieldmate-2")
	if s := p.Support; s == nil || s.Bonus != 3 || !s.CancelsEnemy || !s.OwnFaction {
		t.Errorf("support %+v", s)
	}
	g := p.GenericActions
	if g == nil || g.Detect != DetectOncePerActivation || g.Negotiate != NegotiateNoCritical || !g.DevourDouble || !g.DevourSeek || !g.Loot {
		t.Errorf("generic actions %+v", g)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"bonus: 3", "bonus: 12", "a.yaml:11:22: profiles[invented-shieldmate-2].support.bonus: bonus must be from 1 to 9"},
		{"{bonus: 3, cancels_enemy: true, own_faction: true}", "{bonus: 1}", "support: changes nothing from R8's +1 per supporter"},
		{"cancels_enemy", "cancel_enemy", `support.cancel_enemy: unknown field "cancel_enemy" (did you mean cancels_enemy?)`},
		{"detect: automatic_once_per_activation", "detect: sometimes", `a.yaml:13:15: profiles[invented-shieldmate-2].generic_actions.detect: unknown detect rule "sometimes"`},
		{"negotiate: no_critical_failure", "negotiate: true", "generic_actions.negotiate"},
		{"devour: double_and_seek", "devour: triple", `generic_actions.devour: unknown devour rule "triple"`},
		{"loot: true", "loot: yes please", "generic_actions.loot"},
		{"loot: true", "steal: true", `generic_actions.steal: unknown field "steal"`},
	} {
		bad := strings.Replace(smallProfile, tc.from, tc.to, 1)
		_, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(bad)}}, "a.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
	empty := strings.Replace(smallProfile, "    generic_actions:\n      detect: automatic_once_per_activation\n      negotiate: no_critical_failure\n      devour: double_and_seek\n      loot: true\n", "    generic_actions: {}\n", 1)
	if _, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(empty)}}, "a.yaml"); err == nil || !strings.Contains(err.Error(), "generic_actions: gives nothing") {
		t.Errorf("empty generic_actions: error %v", err)
	}
}

// TestMountMoraleAura checks that a mount's morale_auras (skills.md section
// 3, C3: a Mochère mount's +2 or +3 T for the rider's people in the rider's
// aura) go to the mounted Safar's profile after its rider's, and only while
// it rides: the rider's own card is unchanged. A mistake is positioned.
func TestMountMoraleAura(t *testing.T) {
	rider := sub(beastProfile, "stats: {V: 4, P: ~, A: ~, C: ~, T: ~, I: ~}", "stats: {V: 4, P: 3, A: 3, C: 3, T: 3, I: 3}")
	mount := "mounts:\n  - {id: mochere-2, name: Mochere, kind: mochere, level: 1, cost: 30, factions: [kharns],\n" +
		"     morale_auras: [{to: {factions: [kharns]}, temerity: 3}]}\n"
	ds, err := loadFiles(map[string]string{"a.yaml": rider, "m.yaml": mount})
	if err != nil {
		t.Fatal(err)
	}
	p, err := ds.Profile("p1" + MountedSep + "mochere-2")
	if err != nil {
		t.Fatal(err)
	}
	if a := p.MoraleAuras; len(a) != 1 || a[0].Temerity != 3 || a[0].To.Factions[0] != Kharns {
		t.Errorf("mounted morale auras %+v, want the mount's +3 T to the kharns", a)
	}
	if r, _ := ds.Profile("p1"); len(r.MoraleAuras) != 0 {
		t.Errorf("the rider's own card changed: %+v", r.MoraleAuras)
	}
	bad := strings.Replace(mount, "temerity: 3", "temerity: 0", 1)
	if _, err := loadFiles(map[string]string{"a.yaml": rider, "m.yaml": bad}); err == nil || !strings.Contains(err.Error(), "m.yaml:3:") ||
		!strings.Contains(err.Error(), "mounts[mochere-2].morale_auras[0].temerity: temerity must be from 1 to 9") {
		t.Errorf("temerity 0 on a mount: error %v", err)
	}
}
