package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/profiles/catalog"
)

// The invented catalogue and lists of package catalog's tests (see
// profiles/catalog/testdata/README.md): no card of the publisher.
var (
	catalogFixture = filepath.Join("..", "..", "profiles", "catalog", "testdata", "catalog.json")
	// catalog056Fixture is the exact-shape invented catalogue (catalogue.md).
	catalog056Fixture = filepath.Join("..", "..", "profiles", "catalog", "testdata", "catalog-056.json")
	listsFixture      = filepath.Join("..", "..", "profiles", "catalog", "testdata", "lists")
	// rulesFixture holds invented hand mappings of card rules (--rules).
	rulesFixture = filepath.Join("..", "..", "profiles", "catalog", "testdata", "rules")
)

// TestImportGolden checks kharn import and --data FILE.json against
// testdata/import-*.golden; go test ./cmd/kharn -update rewrites them. In the
// goldens, $OUT stands for the test's temporary directory and $(cat F) for the
// list code held by F.
func TestImportGolden(t *testing.T) {
	out := t.TempDir()
	codeFile := filepath.Join(listsFixture, "skirmish.code")
	code, err := os.ReadFile(codeFile)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"import-catalog", []string{"import", "catalog", catalogFixture, "--out", out}, 0},
		{"import-catalog-dry-run", []string{"import", "catalog", catalogFixture}, 0},
		{"import-catalog-json", []string{"import", "catalog", catalog056Fixture, "--json"}, 0},
		{"import-catalog-rules", []string{"import", "catalog", catalog056Fixture, "--rules", filepath.Join(rulesFixture, "rules-056.yaml")}, 0},
		{"import-catalog-rules-bad", []string{"import", "catalog", catalog056Fixture, "--rules", filepath.Join(rulesFixture, "bad.yaml")}, 1},
		{"import-catalog-not-json", []string{"import", "catalog", filepath.Join(listsFixture, "skirmish.code")}, 1},
		{"import-catalog-missing", []string{"import", "catalog", "no-such-catalogue.json"}, 1},
		{"import-list-056", []string{"import", "list", filepath.Join(listsFixture, "full-056.json"), "--catalog", catalog056Fixture}, 0},
		{"import-list-code", []string{"import", "list", strings.TrimSpace(string(code)), "--catalog", catalogFixture}, 0},
		{"import-list-battle", []string{"import", "list", filepath.Join(listsFixture, "battle.code"), "--catalog", catalogFixture, "--out", filepath.Join(out, "battle.yaml")}, 0},
		{"import-list-unknown-profile", []string{"--data", catalogFixture, "import", "list", filepath.Join(listsFixture, "unknown-profile.code")}, 1},
		{"import-list-bad-code", []string{"import", "list", "KA1:" + strings.Repeat("A", 21), "--catalog", catalogFixture}, 1},
		{"import-list-bad-prefix", []string{"import", "list", "KB1:" + strings.TrimPrefix(strings.TrimSpace(string(code)), "KA1:"), "--catalog", catalogFixture}, 1},
		{"import-list-bad-deflate", []string{"import", "list", "KA1:_____w", "--catalog", catalogFixture}, 1},
		{"import-list-no-catalog", []string{"import", "list", "KA1:AAAA"}, 2},
		{"import-profiles-data-json", []string{"--data", catalogFixture, "profiles", "--faction", "gouns"}, 0},
		{"import-data-json-mixed", []string{"--data", catalogFixture + ",../../profiles/data", "profiles"}, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, exit := runCLI(t, tc.args...)
			if exit != tc.code {
				t.Fatalf("exit code %d, want %d; stderr: %s", exit, tc.code, stderr)
			}
			clean := func(s string) string {
				payload := strings.TrimPrefix(strings.TrimSpace(string(code)), "KA1:")
				s = strings.ReplaceAll(s, "KA1:"+payload, "$(cat "+filepath.ToSlash(codeFile)+")")
				s = strings.ReplaceAll(s, payload, "<payload of "+filepath.ToSlash(codeFile)+">")
				return strings.ReplaceAll(s, out, "$OUT")
			}
			got := clean("$ kharn "+strings.Join(tc.args, " ")+"\n") + clean(stdout)
			if stderr != "" {
				got += "--- stderr\n" + clean(stderr)
			}
			checkGolden(t, tc.name, got)
		})
	}
}

// TestImportRoundTrip056: the exact-shape catalogue's spells and mounts
// survive the round trip: the files kharn import catalog writes load as
// --data with spells.yaml and mounts.yaml, the list of every member field
// imports with its spells, grimoire and mount and validates against them,
// and a rider on its mount fights a duel by its "<rider>-on-<mount>" id.
func TestImportRoundTrip056(t *testing.T) {
	out := t.TempDir()
	cards := filepath.Join(out, "cards")
	if _, stderr, code := runCLI(t, "import", "catalog", catalog056Fixture, "--out", cards); code != 0 {
		t.Fatalf("import catalog: %s", stderr)
	}
	list := filepath.Join(out, "full.yaml")
	if _, stderr, code := runCLI(t, "import", "list", filepath.Join(listsFixture, "full-056.json"), "--catalog", catalog056Fixture, "--out", list); code != 0 {
		t.Fatalf("import list: %s", stderr)
	}
	ds, err := profiles.Load(cards)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Spells) != 14 || len(ds.Mounts) != 2 {
		t.Errorf("%d spells, %d mounts; want 14 and 2", len(ds.Spells), len(ds.Mounts))
	}
	l, err := profiles.LoadList(list, ds)
	if err != nil {
		t.Fatal(err)
	}
	var mounted, caster bool
	for _, lo := range l.Loadouts(ds) {
		mounted = mounted || lo.Profile.ID == "kharns-veilleuse-2-on-heron-2"
		caster = caster || lo.Profile.Magic != nil && lo.Profile.Magic.Grimoire != nil && len(lo.Profile.Magic.Known) == 3
	}
	if !mounted || !caster {
		t.Errorf("loadouts %v: want the veilleuse on heron-2 and the archer with 3 spells and a grimoire", l.Loadouts(ds))
	}
	if stdout, stderr, code := runCLI(t, "--data", cards, "duel", "kharns-rempart-2-on-heron-2", "kharns-veilleuse-2", "--trials", "200"); code != 0 ||
		!strings.Contains(stdout, "kharns-rempart-2-on-heron-2, Rempart de braise on Héron (kharns, level 2, 120 Kr)") {
		t.Errorf("duel of a mounted Safar: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestImportRoundTrip: the files kharn import catalog writes load as --data, and
// the lists kharn import list writes validate against them as they do against the
// catalogue itself.
func TestImportRoundTrip(t *testing.T) {
	out := t.TempDir()
	cards := filepath.Join(out, "cards")
	if _, stderr, code := runCLI(t, "import", "catalog", catalogFixture, "--out", cards); code != 0 {
		t.Fatalf("import catalog: %s", stderr)
	}
	list := filepath.Join(out, "skirmish.yaml")
	if _, stderr, code := runCLI(t, "import", "list", filepath.Join(listsFixture, "skirmish.code"), "--catalog", catalogFixture, "--out", list); code != 0 {
		t.Fatalf("import list: %s", stderr)
	}
	fromDir, err := profiles.Load(cards)
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, _, err := catalog.Load(catalogFixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, ds := range []*profiles.DataSet{fromDir, fromJSON} {
		l, err := profiles.LoadList(list, ds)
		if err != nil {
			t.Fatalf("%s: %v", ds.Source, err)
		}
		// 140 + 2 x 70 + (70 - 10 + 11 + 6): testdata/catalog.json, the helmet included.
		if l.Cost(ds) != 357 || l.Size() != 4 {
			t.Errorf("%s: %d Kr, %d Safars; want 357 and 4", ds.Source, l.Cost(ds), l.Size())
		}
	}
	// --data with the catalogue works for every command: a duel of two of its
	// profiles.
	if stdout, stderr, code := runCLI(t, "--data", catalogFixture, "duel", "kharns-veilleur-2", "gouns-brute-3", "--trials", "200"); code != 0 || !strings.Contains(stdout, "catalogue test-1") {
		t.Errorf("duel with --data catalog.json: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
