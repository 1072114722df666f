package reports

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// The JSON form of sections, for the checkpoints of a long report: a report
// written from sections read back is the same, byte for byte, as one written
// from the sections themselves. Numbers are kept as text (strconv's shortest
// representation that reads back to the same float64, "NaN" and "+Inf"
// included), figures as base64.

type jsonSection struct {
	ID     string      `json:"id"`
	Title  string      `json:"title"`
	Blocks []jsonBlock `json:"blocks"`
}

// jsonBlock is one Block: exactly one of its fields is set, named after the
// block's type.
type jsonBlock struct {
	Paragraph *string    `json:"paragraph,omitempty"`
	List      *ItemList  `json:"list,omitempty"`
	Facts     Facts      `json:"facts,omitempty"`
	Figure    *Figure    `json:"figure,omitempty"`
	Table     *jsonTable `json:"table,omitempty"`
}

type jsonTable struct {
	ID         string       `json:"id"`
	Caption    string       `json:"caption"`
	Columns    []Column     `json:"columns"`
	Rows       [][]jsonCell `json:"rows"`
	Notes      []string     `json:"notes,omitempty"`
	Folded     bool         `json:"folded,omitempty"`
	Provenance Provenance   `json:"provenance"`
}

// jsonCell is a Cell: its kind, its text (Text cells) or its value as text
// (the others), and its decimals.
type jsonCell struct {
	Kind  Kind   `json:"k"`
	Text  string `json:"t,omitempty"`
	Value string `json:"v,omitempty"`
	Prec  int    `json:"p,omitempty"`
}

// MarshalSections returns sections as JSON, every block, cell and figure
// kept in full (see UnmarshalSections).
func MarshalSections(ss []*Section) ([]byte, error) {
	out := make([]jsonSection, 0, len(ss))
	for _, s := range ss {
		js := jsonSection{ID: s.ID, Title: s.Title, Blocks: []jsonBlock{}}
		for _, b := range s.Blocks {
			var jb jsonBlock
			switch b := b.(type) {
			case Paragraph:
				p := string(b)
				jb.Paragraph = &p
			case *ItemList:
				jb.List = b
			case Facts:
				jb.Facts = b
				if jb.Facts == nil {
					jb.Facts = Facts{}
				}
			case *Figure:
				jb.Figure = b
			case *DataTable:
				jt := &jsonTable{ID: b.ID, Caption: b.Caption, Columns: b.Columns, Rows: [][]jsonCell{}, Notes: b.Notes,
					Folded: b.Folded, Provenance: b.Provenance}
				for _, r := range b.Rows {
					row := make([]jsonCell, len(r))
					for i, c := range r {
						row[i] = jsonCell{Kind: c.Kind, Text: c.Text, Prec: c.Prec}
						if c.Kind != Text || c.Value != 0 {
							row[i].Value = strconv.FormatFloat(c.Value, 'g', -1, 64)
						}
					}
					jt.Rows = append(jt.Rows, row)
				}
				jb.Table = jt
			default:
				return nil, fmt.Errorf("reports: section %s: block of type %T", s.ID, b)
			}
			js.Blocks = append(js.Blocks, jb)
		}
		out = append(out, js)
	}
	return json.Marshal(out)
}

// UnmarshalSections reads the sections MarshalSections wrote.
func UnmarshalSections(data []byte) ([]*Section, error) {
	var in []jsonSection
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, fmt.Errorf("reports: sections: %w", err)
	}
	out := make([]*Section, 0, len(in))
	for _, js := range in {
		s := &Section{ID: js.ID, Title: js.Title}
		for i, jb := range js.Blocks {
			switch {
			case jb.Paragraph != nil:
				s.Add(Paragraph(*jb.Paragraph))
			case jb.List != nil:
				s.Add(jb.List)
			case jb.Facts != nil:
				s.Add(jb.Facts)
			case jb.Figure != nil:
				s.Add(jb.Figure)
			case jb.Table != nil:
				jt := jb.Table
				t := &DataTable{ID: jt.ID, Caption: jt.Caption, Columns: jt.Columns, Notes: jt.Notes, Folded: jt.Folded, Provenance: jt.Provenance}
				for _, jr := range jt.Rows {
					row := make([]Cell, len(jr))
					for k, jc := range jr {
						row[k] = Cell{Kind: jc.Kind, Text: jc.Text, Prec: jc.Prec}
						if jc.Value != "" {
							v, err := strconv.ParseFloat(jc.Value, 64)
							if err != nil {
								return nil, fmt.Errorf("reports: section %s: table %s: cell %q: %w", js.ID, jt.ID, jc.Value, err)
							}
							row[k].Value = v
						}
					}
					t.Rows = append(t.Rows, row)
				}
				s.Add(t)
			default:
				return nil, fmt.Errorf("reports: section %s: block %d is empty", js.ID, i)
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// FormatFloat writes x as MarshalSections does: the shortest text that reads
// back as x, "NaN" and "+Inf" included.
func FormatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// ParseFloat reads what FormatFloat wrote.
func ParseFloat(s string) (float64, error) {
	if s == "NaN" {
		return math.NaN(), nil
	}
	return strconv.ParseFloat(s, 64)
}
