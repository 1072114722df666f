package sim

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var updateRulesDoc = flag.Bool("update", false, "rewrite the generated rules table of docs/rules.md")

// The generated table sits between these two lines of docs/rules.md.
const (
	rulesDocBegin = "<!-- rules table: generated from sim/rules.go by go test ./sim -run TestRulesDoc -update -->\n"
	rulesDocEnd   = "<!-- end of the rules table -->\n"
)

// TestRulesDoc checks that docs/rules.md prints the rules table of sim/rules.go
// as it is (the "not modelled" lists printed with results come from the same
// table, so the page and the output cannot disagree); -update rewrites it.
func TestRulesDoc(t *testing.T) {
	const path = "../docs/rules.md"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i, j := strings.Index(doc, rulesDocBegin), strings.Index(doc, rulesDocEnd)
	if i < 0 || j < i {
		t.Fatalf("%s: no generated rules table between %q and %q", path, rulesDocBegin, rulesDocEnd)
	}
	want := RulesMarkdown()
	if got := doc[i+len(rulesDocBegin) : j]; got != want {
		if *updateRulesDoc {
			if err := os.WriteFile(path, []byte(doc[:i+len(rulesDocBegin)]+want+doc[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("%s: the rules table is out of date with sim/rules.go; run go test ./sim -run TestRulesDoc -update", path)
	}
}

// TestRulesTable checks the table itself: every row has a name, a source and a
// where, variants name a variant ParseVariant knows, and each list printed with
// results holds exactly the table's rows not modelled of that scope.
func TestRulesTable(t *testing.T) {
	for _, r := range rules {
		if r.Name == "" || r.Source == "" || r.Where == "" || r.Scope == 0 {
			t.Errorf("incomplete row %+v", r)
		}
		if r.Status == RuleVariant {
			if _, err := ParseVariant(strings.Trim(r.Where, "`")); err != nil {
				t.Errorf("%s: variant %s: %v", r.Name, r.Where, err)
			}
		}
	}
	for _, c := range []struct {
		scope RuleScope
		got   []string
	}{{InSkirmish, SkirmishRulesNotModelled}, {InDuel, (&Duel{A: fighterOf(t, "paladin-2"), B: fighterOf(t, "paladin-2")}).NotModelled()}} {
		n := 0
		for _, r := range rules {
			if r.Status == RuleNotModelled && r.Scope&c.scope != 0 {
				n++
			}
		}
		// A duel's list may be empty: its last row, the statuses of a
		// counter's weapon, is modelled (sim/counterstatus.go); a skirmish
		// still leaves rules out.
		if len(c.got) != n || n == 0 && c.scope == InSkirmish {
			t.Errorf("scope %d: %d rules not modelled printed, the table has %d", c.scope, len(c.got), n)
		}
	}
	// The rules this round brought in are modelled (issue #11 section 3).
	for _, name := range []string{"Collision", "Generic action: Tending to a wound", "Generic action: On the alert",
		"Two one-handed weapons: the one used is chosen per action", "Assault",
		"Bleeding and critical statuses of a counter's weapon"} {
		found := false
		for _, r := range rules {
			found = found || r.Name == name && r.Status == RuleModelled
		}
		if !found {
			t.Errorf("%s: not a modelled row", name)
		}
	}
}
