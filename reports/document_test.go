package reports

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCellDisplayRaw(t *testing.T) {
	tests := []struct {
		c            Cell
		display, raw string
	}{
		{TextCell("a|b"), "a|b", "a|b"},
		{IntCell(4096), "4096", "4096"},
		{FloatCell(1.23456, 3), "1.235", "1.23456"},
		// A proportion shows as a percentage and is kept as the proportion.
		{PercentCell(0.52301, 1), "52.3%", "0.52301"},
		{PercentCell(math.NaN(), 1), "n/a", ""},
		{FloatCell(math.NaN(), 2), "n/a", ""},
	}
	for _, tt := range tests {
		if got := tt.c.Display(); got != tt.display {
			t.Errorf("%+v.Display() = %q, want %q", tt.c, got, tt.display)
		}
		if got := tt.c.Raw(); got != tt.raw {
			t.Errorf("%+v.Raw() = %q, want %q", tt.c, got, tt.raw)
		}
	}
}

// testDocument is a small document with every kind of block, and text that
// HTML and Markdown must escape.
func testDocument() *Document {
	s := &Section{ID: "one", Title: "One <b>"}
	s.Add(Paragraph("Plain *text* & <tags>."),
		&ItemList{Title: "skills", Items: []string{"berserk", "warlord"}},
		Facts{{Name: "seed", Value: "7"}},
		&DataTable{ID: "t1", Caption: "A table", Columns: []Column{{Name: "who", Key: "who"}, {Name: "rate", Key: "rate"}},
			Rows: [][]Cell{{TextCell("a|b"), PercentCell(0.25, 1)}, {TextCell("c"), PercentCell(math.NaN(), 1)}}},
	)
	return &Document{Title: "T", Partial: true, Warnings: []string{"illustrative"}, Sections: []*Section{s},
		Provenance: Provenance{Seed: 7, Trials: 512, Rules: "standard", Version: "0.1.0-dev"}}
}

func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	d := testDocument()
	img, err := HeatmapImage("png", "h", "x", "y", []string{"a"}, []string{"b"}, [][]float64{{0.5}})
	if err != nil {
		t.Fatal(err)
	}
	d.Sections[0].Add(&Figure{ID: "f1", Caption: "a figure", PNG: img})
	written, err := d.WriteFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(written) != 5 { // html, md, figure, one CSV, json
		t.Errorf("wrote %v, want 5 files", written)
	}
	html, _ := os.ReadFile(filepath.Join(dir, HTMLFile))
	for _, want := range []string{`<table id="t1">`, `data-value="0.25">25.0%</td>`, "data:image/png;base64,", "PARTIAL REPORT", "One &lt;b&gt;", "&lt;tags&gt;"} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	if bytes.Contains(html, []byte("<script")) || bytes.Contains(html, []byte("http")) {
		t.Error("report.html has a script or a link to the network")
	}
	md, _ := os.ReadFile(filepath.Join(dir, MarkdownFile))
	for _, want := range []string{"| a\\|b | 25.0% |", "![a figure](figures/f1.png)", `Plain \*text\*`, "**PARTIAL REPORT**"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	f, _ := os.Open(filepath.Join(dir, TablesDir, "t1.csv"))
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	// n/a is an empty cell; every line ends with the document's provenance.
	if err != nil || len(rows) != 3 || strings.Join(rows[0], ",") != "who,rate,seed,trials,rules,version" ||
		strings.Join(rows[1], ",") != "a|b,0.25,7,512,standard,0.1.0-dev" || rows[2][1] != "" {
		t.Errorf("t1.csv = %v (%v)", rows, err)
	}
	var js struct {
		Partial bool
		Tables  []struct {
			Rows []map[string]any
		}
		Facts map[string][]Fact
	}
	b, _ := os.ReadFile(filepath.Join(dir, JSONFile))
	if err := json.Unmarshal(b, &js); err != nil {
		t.Fatal(err)
	}
	if !js.Partial || len(js.Tables) != 1 || js.Tables[0].Rows[0]["rate"] != 0.25 || js.Tables[0].Rows[1]["rate"] != nil || js.Facts["one"][0].Value != "7" {
		t.Errorf("report.json = %s", b)
	}
}

func TestRepeatedID(t *testing.T) {
	d := testDocument()
	d.Sections[0].Add(&DataTable{ID: "t1", Columns: []Column{{Name: "x", Key: "x"}}})
	if _, err := d.WriteFiles(t.TempDir()); err == nil || !strings.Contains(err.Error(), `"t1"`) {
		t.Errorf("two tables t1: error %v, want one naming t1", err)
	}
}

// TestRepeatedPageID checks that a table may not take the id of a section:
// the HTML page would hold the id twice (issue #10: id="matchups").
func TestRepeatedPageID(t *testing.T) {
	d := testDocument()
	d.Sections[0].Add(&DataTable{ID: "one", Columns: []Column{{Name: "x", Key: "x"}}, Rows: [][]Cell{{IntCell(1)}}})
	if _, err := d.WriteFiles(t.TempDir()); err == nil || !strings.Contains(err.Error(), `"one"`) {
		t.Errorf("section and table both one: error %v, want one naming it", err)
	}
}

// TestFoldedAndEmptyTables checks that a folded table is inside a <details>
// element with its row count, and that an empty table is left out of the page
// and the Markdown but keeps its CSV file (header only).
func TestFoldedAndEmptyTables(t *testing.T) {
	d := testDocument()
	d.Sections[0].Blocks[3].(*DataTable).Folded = true
	d.Sections[0].Add(&DataTable{ID: "empty", Caption: "Nothing here", Columns: []Column{{Name: "x", Key: "x"}}})
	dir := t.TempDir()
	if _, err := d.WriteFiles(dir); err != nil {
		t.Fatal(err)
	}
	html, _ := os.ReadFile(filepath.Join(dir, HTMLFile))
	md, _ := os.ReadFile(filepath.Join(dir, MarkdownFile))
	for _, doc := range [][]byte{html, md} {
		if bytes.Contains(doc, []byte("Nothing here")) {
			t.Errorf("the empty table is rendered:\n%s", doc)
		}
		i, j := bytes.Index(doc, []byte("<details")), bytes.Index(doc, []byte("25.0%"))
		k := bytes.Index(doc, []byte("</details>"))
		if i < 0 || !(i < j && j < k) || !bytes.Contains(doc, []byte("2 rows")) {
			t.Errorf("the folded table is not inside <details> with its row count:\n%s", doc)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, TablesDir, "empty.csv"))
	if err != nil || string(b) != "x,seed,trials,rules,version\n" {
		t.Errorf("empty.csv = %q (%v)", b, err)
	}
}

// TestSectionsRoundTrip checks that sections read back from their JSON form
// render every file byte for byte as the sections themselves (the report's
// checkpoints rely on it), NaN and figures included.
func TestSectionsRoundTrip(t *testing.T) {
	d := testDocument()
	img, err := HeatmapImage("png", "h", "x", "y", []string{"a"}, []string{"b"}, [][]float64{{0.5}})
	if err != nil {
		t.Fatal(err)
	}
	d.Sections[0].Add(&Figure{ID: "f1", Caption: "a figure", PNG: img, SVG: []byte("<svg/>")},
		&DataTable{ID: "t2", Columns: []Column{{Name: "x", Key: "x"}, {Name: "y", Key: "y"}, {Name: "z", Key: "z"}},
			Rows:       [][]Cell{{FloatCell(0.1+0.2, 3), IntCell(-4), FloatCell(math.Inf(1), 1)}, {FloatCell(1e-300, 2), PercentCell(1.0/3, 1), TextCell("")}},
			Provenance: Provenance{Seed: 9, Trials: 60, Rules: "ch-auto-success", Version: "v"}, Folded: true})
	b, err := MarshalSections(d.Sections)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := UnmarshalSections(b)
	if err != nil {
		t.Fatal(err)
	}
	d2 := *d
	d2.Sections = ss
	dir1, dir2 := t.TempDir(), t.TempDir()
	w1, err := d.WriteFiles(dir1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d2.WriteFiles(dir2); err != nil {
		t.Fatal(err)
	}
	for _, p := range w1 {
		rel, _ := filepath.Rel(dir1, p)
		a, _ := os.ReadFile(p)
		c, err := os.ReadFile(filepath.Join(dir2, rel))
		if err != nil || !bytes.Equal(a, c) {
			t.Errorf("%s differs after the round trip (%v)", rel, err)
		}
	}
}

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n          int
		noun, want string
	}{{1, "profile", "1 profile"}, {0, "profile", "0 profiles"}, {2, "opponent", "2 opponents"}, {3, "entry", "3 entries"}, {2, "day", "2 days"}} {
		if got := Count(tt.n, tt.noun); got != tt.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tt.n, tt.noun, got, tt.want)
		}
	}
	if Article("armour") != "an" || Article("shield") != "a" {
		t.Errorf("Article: %q armour, %q shield", Article("armour"), Article("shield"))
	}
}
