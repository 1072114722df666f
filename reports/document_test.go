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
	return &Document{Title: "T", Partial: true, Warnings: []string{"illustrative"}, Sections: []*Section{s}}
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
	if err != nil || len(rows) != 3 || strings.Join(rows[1], ",") != "a|b,0.25" || rows[2][1] != "" {
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
