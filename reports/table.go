package reports

import (
	"fmt"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// Table is a plain text table: a header and rows of cells, the numeric columns
// right-aligned.
type Table struct {
	Header []string
	Rows   [][]string
	// Right marks the columns to align right (numbers).
	Right []bool
}

// Render writes t with tablewriter.
func (t *Table) Render(w io.Writer) error {
	align := tw.MakeAlign(len(t.Header), tw.AlignLeft)
	for i, r := range t.Right {
		if r && i < len(align) {
			align = align.Set(i, tw.AlignRight)
		}
	}
	tbl := tablewriter.NewTable(w,
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithHeaderAlignment(tw.AlignCenter),
	)
	tbl.Header(toAny(t.Header)...)
	for _, r := range t.Rows {
		if err := tbl.Append(toAny(r)...); err != nil {
			return fmt.Errorf("reports: table row: %w", err)
		}
	}
	return tbl.Render()
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// Prob formats a probability as a percentage with two decimals.
func Prob(p float64) string { return fmt.Sprintf("%.2f%%", 100*p) }

// Num formats a number with three decimals.
func Num(x float64) string { return fmt.Sprintf("%.3f", x) }
