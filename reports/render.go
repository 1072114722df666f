package reports

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// The files WriteFiles writes in its directory.
const (
	HTMLFile     = "report.html"
	MarkdownFile = "report.md"
	JSONFile     = "report.json"
	TablesDir    = "tables"
	FiguresDir   = "figures"
)

// WriteFiles writes the document to dir, creating it: report.html (self-contained:
// styles inline, figures as data URIs), report.md with its figures in figures/,
// one CSV file per table in tables/, and report.json with every table and the
// document's metadata. It returns the paths written, in that order.
func (d *Document) WriteFiles(dir string) ([]string, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	for _, sub := range []string{dir, filepath.Join(dir, TablesDir), filepath.Join(dir, FiguresDir)} {
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return nil, fmt.Errorf("reports: %w", err)
		}
	}
	var written []string
	write := func(name string, f func(w io.Writer) error) error {
		path := filepath.Join(dir, name)
		file, err := os.Create(path)
		if err != nil {
			return fmt.Errorf("reports: %w", err)
		}
		if err := f(file); err != nil {
			file.Close()
			return fmt.Errorf("reports: %s: %w", path, err)
		}
		if err := file.Close(); err != nil {
			return fmt.Errorf("reports: %w", err)
		}
		written = append(written, path)
		return nil
	}
	if err := write(HTMLFile, d.WriteHTML); err != nil {
		return written, err
	}
	if err := write(MarkdownFile, d.WriteMarkdown); err != nil {
		return written, err
	}
	for _, f := range d.Figures() {
		png := f.PNG
		if err := write(filepath.Join(FiguresDir, f.ID+".png"), func(w io.Writer) error { _, err := w.Write(png); return err }); err != nil {
			return written, err
		}
		if len(f.SVG) > 0 {
			svg := f.SVG
			if err := write(filepath.Join(FiguresDir, f.ID+".svg"), func(w io.Writer) error { _, err := w.Write(svg); return err }); err != nil {
				return written, err
			}
		}
	}
	for _, t := range d.Tables() {
		if t.Provenance.IsZero() {
			c := *t
			c.Provenance = d.Provenance
			t = &c
		}
		if err := write(filepath.Join(TablesDir, t.ID+".csv"), t.WriteCSV); err != nil {
			return written, err
		}
	}
	if err := write(JSONFile, d.WriteJSON); err != nil {
		return written, err
	}
	return written, nil
}

// WriteCSV writes the table as CSV: a header of column keys, then one line per
// row with each cell's Raw value (an empty cell for n/a), every line ending with
// the provenance columns (ProvenanceKeys: seed, trials, rules, version).
func (t *DataTable) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	head := make([]string, 0, len(t.Columns)+len(ProvenanceKeys))
	for _, c := range t.Columns {
		head = append(head, c.Key)
	}
	if err := cw.Write(append(head, ProvenanceKeys...)); err != nil {
		return err
	}
	prov := t.Provenance.Values()
	for _, r := range t.Rows {
		line := make([]string, 0, len(r)+len(prov))
		for _, c := range r {
			line = append(line, c.Raw())
		}
		if err := cw.Write(append(line, prov...)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes the document as JSON: its title, whether it is partial, its
// warnings, every Facts block by section, and every table with its rows as
// objects keyed by column key (numbers as numbers, NaN as null).
func (d *Document) WriteJSON(w io.Writer) error {
	type jsonTable struct {
		ID      string           `json:"id"`
		Section string           `json:"section"`
		Caption string           `json:"caption"`
		CSV     string           `json:"csv"`
		Columns []Column         `json:"columns"`
		Rows    []map[string]any `json:"rows"`
		Notes   []string         `json:"notes,omitempty"`
		// Provenance is what ends every line of the CSV file.
		Provenance Provenance `json:"provenance"`
	}
	type jsonFigure struct {
		ID      string `json:"id"`
		Section string `json:"section"`
		Caption string `json:"caption"`
		PNG     string `json:"png"`
		SVG     string `json:"svg,omitempty"`
	}
	out := struct {
		Title    string              `json:"title"`
		Subtitle string              `json:"subtitle"`
		Partial  bool                `json:"partial"`
		Warnings []string            `json:"warnings"`
		Facts    map[string][]Fact   `json:"facts"`
		Lists    map[string][]string `json:"lists"`
		Tables   []jsonTable         `json:"tables"`
		Figures  []jsonFigure        `json:"figures"`
	}{Title: d.Title, Subtitle: d.Subtitle, Partial: d.Partial, Warnings: d.Warnings,
		Facts: map[string][]Fact{}, Lists: map[string][]string{}, Tables: []jsonTable{}, Figures: []jsonFigure{}}
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	for _, s := range d.Sections {
		for _, b := range s.Blocks {
			switch b := b.(type) {
			case Facts:
				out.Facts[s.ID] = append(out.Facts[s.ID], b...)
			case *ItemList:
				key := s.ID
				if b.Title != "" {
					key += ": " + b.Title
				}
				out.Lists[key] = append(out.Lists[key], b.Items...)
			case *DataTable:
				jt := jsonTable{ID: b.ID, Section: s.ID, Caption: b.Caption, CSV: TablesDir + "/" + b.ID + ".csv",
					Columns: b.Columns, Rows: []map[string]any{}, Notes: b.Notes, Provenance: b.Provenance}
				if jt.Provenance.IsZero() {
					jt.Provenance = d.Provenance
				}
				for _, r := range b.Rows {
					m := make(map[string]any, len(r))
					for i, c := range r {
						m[b.Columns[i].Key] = c.jsonValue()
					}
					jt.Rows = append(jt.Rows, m)
				}
				out.Tables = append(out.Tables, jt)
			case *Figure:
				jf := jsonFigure{ID: b.ID, Section: s.ID, Caption: b.Caption, PNG: FiguresDir + "/" + b.ID + ".png"}
				if len(b.SVG) > 0 {
					jf.SVG = FiguresDir + "/" + b.ID + ".svg"
				}
				out.Figures = append(out.Figures, jf)
			}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteMarkdown writes the document as GitHub-flavoured Markdown. Figures are
// linked as figures/ID.png, relative to the Markdown file (WriteFiles writes
// them there).
func (d *Document) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", mdEscape(d.Title))
	if d.Subtitle != "" {
		fmt.Fprintf(&b, "%s\n\n", mdEscape(d.Subtitle))
	}
	if d.Partial {
		b.WriteString("> **PARTIAL REPORT**: the run was interrupted; the sections below hold what was computed before it stopped.\n\n")
	}
	for _, wn := range d.Warnings {
		fmt.Fprintf(&b, "> **Warning**: %s\n\n", mdEscape(wn))
	}
	if len(d.Sections) > 1 {
		b.WriteString("Contents:\n\n")
		for _, s := range d.Sections {
			fmt.Fprintf(&b, "- [%s](#%s)\n", mdEscape(s.Title), s.ID)
		}
		b.WriteString("\n")
	}
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "<a id=\"%s\"></a>\n\n## %s\n\n", s.ID, mdEscape(s.Title))
		for _, bl := range s.Blocks {
			switch bl := bl.(type) {
			case Paragraph:
				fmt.Fprintf(&b, "%s\n\n", mdEscape(string(bl)))
			case *ItemList:
				if bl.Title != "" {
					fmt.Fprintf(&b, "**%s**\n\n", mdEscape(bl.Title))
				}
				for _, it := range bl.Items {
					fmt.Fprintf(&b, "- %s\n", mdEscape(it))
				}
				b.WriteString("\n")
			case Facts:
				b.WriteString("| | |\n|---|---|\n")
				for _, f := range bl {
					fmt.Fprintf(&b, "| %s | %s |\n", mdCell(f.Name), mdCell(f.Value))
				}
				b.WriteString("\n")
			case *Figure:
				fmt.Fprintf(&b, "![%s](%s/%s.png)\n\n*%s*\n\n", mdEscape(bl.Caption), FiguresDir, bl.ID, mdEscape(bl.Caption))
			case *DataTable:
				if len(bl.Rows) == 0 {
					// An empty table shows nothing: the section says why it is
					// empty, and the CSV file holds its header.
					continue
				}
				fmt.Fprintf(&b, "<a id=\"%s\"></a>\n\n**%s** ([CSV](%s/%s.csv))\n\n", bl.ID, mdEscape(bl.Caption), TablesDir, bl.ID)
				if bl.Folded {
					fmt.Fprintf(&b, "<details><summary>%s, %s: show the table</summary>\n\n", html.EscapeString(bl.Caption), Count(len(bl.Rows), "row"))
				}
				b.WriteString("|")
				for _, c := range bl.Columns {
					fmt.Fprintf(&b, " %s |", mdCell(c.Name))
				}
				b.WriteString("\n|")
				for i := range bl.Columns {
					if len(bl.Rows) > 0 && bl.Rows[0][i].Kind != Text {
						b.WriteString("---:|")
					} else {
						b.WriteString("---|")
					}
				}
				b.WriteString("\n")
				for _, r := range bl.Rows {
					b.WriteString("|")
					for _, c := range r {
						fmt.Fprintf(&b, " %s |", mdCell(c.Display()))
					}
					b.WriteString("\n")
				}
				b.WriteString("\n")
				if bl.Folded {
					b.WriteString("</details>\n\n")
				}
				for _, n := range bl.Notes {
					fmt.Fprintf(&b, "%s\n\n", mdEscape(n))
				}
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdEscape escapes the characters Markdown would read as markup in plain text.
func mdEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;", "#", `\#`)
	return r.Replace(s)
}

// mdCell escapes text for a Markdown table cell.
func mdCell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(mdEscape(s), "|", `\|`), "\n", " ")
}

// WriteHTML writes the document as one self-contained HTML page: the style
// sheet inline, figures embedded as base64 data URIs, no script and no link
// to the network. Each table has the id attribute of its DataTable ID, and
// each numeric cell a data-value attribute holding its CSV value.
func (d *Document) WriteHTML(w io.Writer) error {
	if err := d.check(); err != nil {
		return err
	}
	return htmlPage.Execute(w, d)
}

var htmlPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"kind": func(b Block) string {
		switch b.(type) {
		case Paragraph:
			return "p"
		case *ItemList:
			return "list"
		case Facts:
			return "facts"
		case *Figure:
			return "figure"
		case *DataTable:
			return "table"
		}
		return ""
	},
	"dataURI": func(png []byte) template.URL {
		return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))
	},
	"numeric": func(c Cell) bool { return c.Kind != Text },
	// displayWidth is the width to show a figure at, in CSS pixels: half its
	// pixels, as it is drawn at twice the screen's 96 dpi (plotDPI), so that
	// its text has the size of the page's.
	"displayWidth": func(b []byte) int {
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			return 0
		}
		return cfg.Width * 96 / plotDPI
	},
	"rows": func(t *DataTable) string { return Count(len(t.Rows), "row") },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 80em; padding: 0 1em; color: #1d1d1f; line-height: 1.45; }
h1 { font-size: 1.7em; margin-bottom: 0.2em; }
h2 { border-bottom: 2px solid #b22222; padding-bottom: 0.2em; margin-top: 2em; }
.subtitle { color: #555; }
.partial, .warning { border-left: 4px solid #b22222; background: #fff1f0; padding: 0.5em 1em; }
nav ul { columns: 2; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
caption { text-align: left; font-weight: 600; padding: 0.3em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
th { background: #f2f2f2; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr:nth-child(even) td { background: #fafafa; }
.note { color: #555; font-size: 0.9em; }
.csv { font-weight: normal; font-size: 0.85em; }
figure { margin: 1em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
figcaption { color: #555; font-size: 0.9em; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.scroll { overflow-x: auto; }
details.folded { margin: 0.8em 0; }
details.folded summary { cursor: pointer; font-weight: 600; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{if .Subtitle}}<p class="subtitle">{{.Subtitle}}</p>{{end}}
{{if .Partial}}<p class="partial"><strong>PARTIAL REPORT</strong>: the run was interrupted; the sections below hold what was computed before it stopped.</p>{{end}}
{{range .Warnings}}<p class="warning"><strong>Warning</strong>: {{.}}</p>
{{end}}
{{if gt (len .Sections) 1}}<nav><ul>{{range .Sections}}<li><a href="#{{.ID}}">{{.Title}}</a></li>{{end}}</ul></nav>{{end}}
{{range .Sections}}<section id="{{.ID}}">
<h2>{{.Title}}</h2>
{{range .Blocks}}{{$k := kind .}}{{if eq $k "p"}}<p>{{.}}</p>
{{else if eq $k "list"}}{{if .Title}}<p><strong>{{.Title}}</strong></p>{{end}}<ul>{{range .Items}}<li>{{.}}</li>{{end}}</ul>
{{else if eq $k "facts"}}<dl class="facts">{{range .}}<dt>{{.Name}}</dt><dd>{{.Value}}</dd>{{end}}</dl>
{{else if eq $k "figure"}}<figure id="fig-{{.ID}}"><img src="{{dataURI .PNG}}" alt="{{.Caption}}"{{with displayWidth .PNG}} width="{{.}}"{{end}}><figcaption>{{.Caption}}</figcaption></figure>
{{else if eq $k "table"}}{{if .Rows}}{{if .Folded}}<details class="folded"><summary>{{.Caption}}: {{rows .}}, folded (<a href="tables/{{.ID}}.csv">tables/{{.ID}}.csv</a>); click to show the table</summary>
{{end}}<div class="scroll"><table id="{{.ID}}">
<caption>{{.Caption}} <span class="csv">(tables/{{.ID}}.csv)</span></caption>
<thead><tr>{{range .Columns}}<th>{{.Name}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}
<tr>{{range .}}{{if numeric .}}<td class="num" data-value="{{.Raw}}">{{.Display}}</td>{{else}}<td>{{.Display}}</td>{{end}}{{end}}</tr>{{end}}
</tbody>
</table></div>
{{if .Folded}}</details>
{{end}}{{range .Notes}}<p class="note">{{.}}</p>
{{end}}{{end}}{{end}}{{end}}</section>
{{end}}
</body>
</html>
`))
