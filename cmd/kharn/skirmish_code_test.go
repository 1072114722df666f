package main

import (
	"strings"
	"testing"
)

// TestSkirmishListCode checks that kharn skirmish takes list builder codes with
// --catalog (issue #6), on the invented fixtures of profiles/catalog/testdata,
// and that a code without a catalogue is a usage error.
func TestSkirmishListCode(t *testing.T) {
	const code = "../../profiles/catalog/testdata/lists/skirmish.code"
	const cat = "../../profiles/catalog/testdata/catalog.json"
	out, errs, exit := runCLI(t, "skirmish", code, code, "--catalog", cat, "--trials", "100", "--csv")
	if exit != 0 {
		t.Fatalf("exit %d: %s", exit, errs)
	}
	if !strings.Contains(out, "safar_damage_dealt,A1 affranchis-capitaine-3,") || !strings.Contains(errs, "spells: 1 entry, not imported") {
		t.Errorf("the code's list was not played, or its warnings not shown:\n%s\n%s", out, errs)
	}
	_, errs, exit = runCLI(t, "skirmish", code, "kharns-300")
	if exit != 2 || !strings.Contains(errs, "--catalog") {
		t.Errorf("a code without --catalog: exit %d, %s", exit, errs)
	}
	_, errs, exit = runCLI(t, "skirmish", "../../profiles/catalog/testdata/lists/unknown-profile.code", code, "--catalog", cat, "--trials", "10")
	if exit != 1 || !strings.Contains(errs, "list A") {
		t.Errorf("an unknown profile in a code: exit %d, %s", exit, errs)
	}
}
