package catalog

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files and list codes in testdata/")

// encodeListCode is EncodeListCode, for the tests.
func encodeListCode(tb testing.TB, js []byte) string {
	tb.Helper()
	return EncodeListCode(js)
}

// golden compares got with the file testdata/golden/name, which -update rewrites.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./profiles/catalog -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// fixture converts testdata/catalog.json.
func fixture(t testing.TB) *Conversion {
	t.Helper()
	c, err := ConvertFile(filepath.Join("testdata", "catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// reportText writes r as the golden files show it.
func reportText(r *Report) string {
	var b strings.Builder
	for _, w := range r.Warnings() {
		b.WriteString(w.Error() + "\n")
	}
	for _, e := range r.Entries {
		b.WriteString(e.Kind + " " + e.Path + " " + e.CatalogID + " -> " + e.ID + ": " + e.Status.String())
		if len(e.NotModelled) > 0 {
			b.WriteString("; not modelled: " + strings.Join(e.NotModelled, "; "))
		}
		b.WriteString("\n")
	}
	b.WriteString(r.Summary() + "\n")
	return b.String()
}
