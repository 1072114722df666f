package reports

import (
	"fmt"
	"math"
	"strconv"
)

// Document is a report as data: a title, sections of paragraphs, tables, figures,
// lists and facts. Building a Document computes nothing, and rendering it
// (WriteHTML, WriteMarkdown, WriteJSON, WriteCSV, WriteFiles) computes nothing
// either: the analyses fill it and the renderers only lay it out.
type Document struct {
	Title    string
	Subtitle string
	// Partial marks a document whose analyses were interrupted: it holds what
	// was done so far.
	Partial bool
	// Warnings are shown at the top of every rendering.
	Warnings []string
	Sections []*Section
	// Provenance is written at the end of every line of the CSV file of each
	// table that has none of its own.
	Provenance Provenance
}

// Section is a titled part of a document. ID is used in anchors and in the
// names of the files of its tables and figures.
type Section struct {
	ID     string
	Title  string
	Blocks []Block
}

// Block is a part of a section: a Paragraph, an ItemList, a Facts, a *DataTable
// or a *Figure.
type Block interface{ block() }

// Paragraph is a paragraph of plain text.
type Paragraph string

// ItemList is a bulleted list with an optional heading.
type ItemList struct {
	Title string
	Items []string
}

// Fact is one name and value of a Facts block, such as "seed" and "1".
type Fact struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Facts is a list of names and values, such as the method of a report.
type Facts []Fact

// Figure is a plot: a PNG image, and optionally the same plot as SVG. Every
// figure should be backed by a DataTable holding its numbers.
type Figure struct {
	ID      string
	Caption string
	PNG     []byte
	SVG     []byte
}

// DataTable is a table of typed cells. ID names it in the HTML page (its id
// attribute) and its CSV file (ID.csv); it must be unique within a document.
type DataTable struct {
	ID      string
	Caption string
	Columns []Column
	Rows    [][]Cell
	// Notes follow the table: what a column means, how it was computed.
	Notes []string
	// Folded tables are long: the HTML page and the Markdown show them closed
	// (<details>) until the reader opens them.
	Folded bool
	// Provenance ends every line of the table's CSV file; when zero,
	// Document.Provenance does.
	Provenance Provenance
}

// Column is a column of a DataTable: Name as people read it, Key as scripts
// read it (the CSV header and JSON field, snake_case).
type Column struct {
	Name string `json:"name"`
	Key  string `json:"key"`
}

// Kind is the type of a Cell.
type Kind uint8

// The kinds of cells. A Percent cell holds a proportion (0.25) shown as a
// percentage (25.00%) and written as the proportion in CSV and JSON.
const (
	Text Kind = iota
	Int
	Float
	Percent
)

// Cell is one value of a DataTable. Prec is the number of decimals shown for
// Float and Percent cells; CSV and JSON get the full value.
type Cell struct {
	Kind  Kind
	Text  string
	Value float64
	Prec  int
}

// TextCell returns a text cell.
func TextCell(s string) Cell { return Cell{Kind: Text, Text: s} }

// IntCell returns an integer cell.
func IntCell(n int) Cell { return Cell{Kind: Int, Value: float64(n)} }

// FloatCell returns a number shown with prec decimals.
func FloatCell(x float64, prec int) Cell { return Cell{Kind: Float, Value: x, Prec: prec} }

// PercentCell returns a proportion shown as a percentage with prec decimals.
func PercentCell(p float64, prec int) Cell { return Cell{Kind: Percent, Value: p, Prec: prec} }

// Display returns the cell as the HTML page and the Markdown show it. A NaN
// number shows as "n/a".
func (c Cell) Display() string {
	if c.Kind != Text && math.IsNaN(c.Value) {
		return "n/a"
	}
	switch c.Kind {
	case Int:
		return strconv.FormatInt(int64(c.Value), 10)
	case Float:
		return strconv.FormatFloat(c.Value, 'f', c.Prec, 64)
	case Percent:
		return strconv.FormatFloat(100*c.Value, 'f', c.Prec, 64) + "%"
	}
	return c.Text
}

// Raw returns the cell as CSV holds it: the text, or the full number (a
// proportion for a Percent cell), or an empty string for NaN.
func (c Cell) Raw() string {
	switch {
	case c.Kind == Text:
		return c.Text
	case math.IsNaN(c.Value):
		return ""
	case c.Kind == Int:
		return strconv.FormatInt(int64(c.Value), 10)
	}
	return strconv.FormatFloat(c.Value, 'g', -1, 64)
}

// jsonValue returns the cell as report.json holds it: a string, a number, or
// null for NaN.
func (c Cell) jsonValue() any {
	switch {
	case c.Kind == Text:
		return c.Text
	case math.IsNaN(c.Value) || math.IsInf(c.Value, 0):
		return nil
	case c.Kind == Int:
		return int64(c.Value)
	}
	return c.Value
}

func (Paragraph) block()  {}
func (*ItemList) block()  {}
func (Facts) block()      {}
func (*Figure) block()    {}
func (*DataTable) block() {}

// Add appends blocks to the section and returns it.
func (s *Section) Add(b ...Block) *Section {
	s.Blocks = append(s.Blocks, b...)
	return s
}

// Tables returns every table of the document, in order.
func (d *Document) Tables() []*DataTable {
	var out []*DataTable
	for _, s := range d.Sections {
		for _, b := range s.Blocks {
			if t, ok := b.(*DataTable); ok {
				out = append(out, t)
			}
		}
	}
	return out
}

// Figures returns every figure of the document, in order.
func (d *Document) Figures() []*Figure {
	var out []*Figure
	for _, s := range d.Sections {
		for _, b := range s.Blocks {
			if f, ok := b.(*Figure); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// check reports the first repeated section, table or figure id, which would
// make two files overwrite each other or two elements of the HTML page share
// an id attribute (a section's id is its own, a table's its ID, a figure's
// "fig-" and its ID).
func (d *Document) check() error {
	seen := map[string]bool{}
	for _, s := range d.Sections {
		if s.ID == "" || seen[s.ID] {
			return fmt.Errorf("reports: section id %q empty or repeated", s.ID)
		}
		seen[s.ID] = true
	}
	for _, t := range d.Tables() {
		if t.ID == "" || seen[t.ID] {
			return fmt.Errorf("reports: table id %q empty or used twice in the page", t.ID)
		}
		seen[t.ID] = true
		for i, r := range t.Rows {
			if len(r) != len(t.Columns) {
				return fmt.Errorf("reports: table %s row %d has %d cells for %d columns", t.ID, i, len(r), len(t.Columns))
			}
		}
	}
	for _, f := range d.Figures() {
		if f.ID == "" || seen["fig-"+f.ID] {
			return fmt.Errorf("reports: figure id %q empty or used twice in the page", f.ID)
		}
		seen["fig-"+f.ID] = true
	}
	return nil
}
