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
	if code == 0 || !strings.Contains(errs, "bad.yaml:8:") || !strings.Contains(errs, "members[0].ammunition.arbalete-legere.fire: fire (12) and poisoned (1) shots are among the 12 shots bought") {
		t.Errorf("exit code %d, stderr:\n%s", code, errs)
	}
}
