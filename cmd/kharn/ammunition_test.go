package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestListShowAmmunition checks that kharn list show says what a list's
// crossbowmen shoot with (profiles/ammunition.go, catalogue.md 4.7): the
// light crossbow of the catalogue fixture has only bought ammunition, so the
// one with 12 bolts bought (15 Kr) shoots them, the one without cannot shoot,
// and each costs what it bought.
func TestListShowAmmunition(t *testing.T) {
	list := filepath.Join(t.TempDir(), "bolts.yaml")
	body := "name: Carreaux\nfaction: kherops\nbudget: 400\nleader: kherops-arbaletrier-2\nmembers:\n" +
		"  - profile: kherops-arbaletrier-2\n    remove: [arbalete-de-vase]\n    ammunition: {arbalete-legere: {shots: 12, cost: 15}}\n" +
		"  - profile: kherops-arbaletrier-2\n    remove: [arbalete-de-vase]\n"
	if err := os.WriteFile(list, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "--data", "../../profiles/catalog/testdata/catalog-056.json", "list", "show", list)
	if code != 0 {
		t.Fatalf("exit code %d; stderr: %s", code, errs)
	}
	// The card costs 70 Kr with its vase crossbow (17 Kr): 53 + 15 for the
	// first, 53 for the second.
	for _, want := range []struct{ loadout, cost string }{
		{"12 shots bought for arbalete-legere", "│      68 │"},
		{"arbalete-legere: no ammunition, it cannot shoot", "│      53 │"},
	} {
		found := false
		for _, line := range strings.Split(out, "\n") {
			found = found || strings.Contains(line, want.loadout) && strings.Contains(line, want.cost)
		}
		if !found {
			t.Errorf("no row with %q and %q in\n%s", want.loadout, want.cost, out)
		}
	}
}

// TestListShowFireAmmunition checks that kharn list show names the fire and
// poisoned bolts a list bought among its shots (sim/fire.go), and that
// list validate names a purchase of more special shots than shots by file,
// line and field.
func TestListShowFireAmmunition(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "bolts.yaml")
	body := "name: Carreaux\nfaction: kherops\nbudget: 400\nleader: kherops-arbaletrier-2\nmembers:\n" +
		"  - profile: kherops-arbaletrier-2\n    remove: [arbalete-de-vase]\n    ammunition: {arbalete-legere: {shots: 12, cost: 15, fire: 2, poisoned: 1}}\n"
	if err := os.WriteFile(list, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "--data", "../../profiles/catalog/testdata/catalog-056.json", "list", "show", list)
	if code != 0 || !strings.Contains(out, "12 shots (2 fire, 1 poisoned) bought for arbalete-legere") {
		t.Errorf("exit code %d, stderr %s; want the special bolts named in\n%s", code, errs, out)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte(strings.Replace(body, "fire: 2", "fire: 12", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code = runCLI(t, "--data", "../../profiles/catalog/testdata/catalog-056.json", "list", "validate", bad)
	if code == 0 || !strings.Contains(errs, "bad.yaml:8:") || !strings.Contains(errs, "members[0].ammunition.arbalete-legere.fire: fire (12), poisoned (1) and piercing (0) shots are among the 12 shots bought") {
		t.Errorf("exit code %d, stderr:\n%s", code, errs)
	}
}

// TestListShowUpgrades checks that kharn list show names the edge upgrade a
// list bought (profiles/upgrades.go: +1 damage, its 6 Kr in the entry's
// cost) and the armour-piercing arrows among its shots (sim/piercing.go), and
// that list validate names an edge bought on a weapon without the edge by
// file, line and field.
func TestListShowUpgrades(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "edge.yaml")
	body := "name: Tranchants\nfaction: kharns\nbudget: 400\nleader: kharns-rempart-2\nmembers:\n" +
		"  - profile: kharns-rempart-2\n    upgrades: {hache-longue: {edge: {cost: 6}}}\n" +
		"  - profile: kharns-porte-voix-2\n"
	if err := os.WriteFile(list, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "--data", "../../profiles/catalog/testdata/catalog-056.json", "list", "show", list)
	if code != 0 || !strings.Contains(out, "edge bought for hache-longue (+1 damage)") || !strings.Contains(out, "96") {
		t.Errorf("exit code %d, stderr %s; want the edge named and the rempart at 90 + 6 Kr in\n%s", code, errs, out)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte(body+"    upgrades: {masse-brutale: {edge: {cost: 6}}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code = runCLI(t, "--data", "../../profiles/catalog/testdata/catalog-056.json", "list", "validate", bad)
	if code == 0 || !strings.Contains(errs, "bad.yaml:9:16: members[1].upgrades.masse-brutale.edge: \"masse-brutale\" has no edge") {
		t.Errorf("exit code %d, stderr:\n%s", code, errs)
	}
	arrows := filepath.Join(dir, "arrows.yaml")
	if err := os.WriteFile(arrows, []byte("name: Perçantes\nfaction: kherops\nbudget: 400\nleader: kherops-archere-1\nmembers:\n"+
		"  - profile: kherops-archere-1\n    ammunition: {arc-des-berges: {shots: 10, cost: 20, piercing: 4}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code = runCLI(t, "--data", "../../profiles/catalog/testdata/catalog-056.json", "list", "show", arrows)
	if code != 0 || !strings.Contains(out, "10 shots (4 armour-piercing) bought for arc-des-berges") {
		t.Errorf("exit code %d, stderr %s; want the armour-piercing arrows named in\n%s", code, errs, out)
	}
}
