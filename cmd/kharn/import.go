package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/profiles/catalog"
	"github.com/kharn-ages/kharn/reports"
)

// importCommand is "kharn import": the cards and lists a player keeps in the
// community list builder.
func importCommand(g *globals) *cobra.Command {
	c := &cobra.Command{
		Use:   "import",
		Short: "Import your own cards (a list builder catalogue) and lists (KA1: codes)",
		Long: `import reads the files of the community list builder: its catalogue of profile
cards (a JSON file) and its list codes ("KA1:..."). The card data belongs to the
game's publisher: this project ships none of it, and reads the files you have.

Every phrase, skill, rule or field the data format cannot express is reported as
"not modelled", with the JSON path it comes from; an odd entry is reported and
left out, never a reason to stop.`,
		Example: `  kharn import catalog catalogue.json --out my-cards
  kharn --data my-cards profiles
  kharn --data catalogue.json profiles
  kharn import list KA1:... --catalog catalogue.json --out my-list.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return &usageError{errors.New("import what? kharn import catalog FILE, or kharn import list CODE --catalog FILE (see kharn import --help)")}
		},
	}
	c.AddCommand(importCatalogCommand(), importListCommand(g))
	return c
}

func importCatalogCommand() *cobra.Command {
	var out, rulesFile string
	var asJSON bool
	c := &cobra.Command{
		Use:   "catalog FILE",
		Short: "Convert a list builder catalogue (JSON) into YAML profile data",
		Long: `catalog converts a catalogue of the list builder into this project's YAML data:
equipment.yaml and one file of profiles per faction, with the catalogue's ids in
lower-case kebab-case. Each entry keeps the card's French text as comments, with
what is not modelled. profiles.Load reads the directory back with no error: use it
with --data DIR, or give the catalogue itself to --data.

Without --out nothing is written: the report shows what would be imported. The
report lists the problems (values read differently from how they are written, with
their JSON path), what is not modelled, what is not imported, and a summary.
--json prints the summary as JSON instead.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var rm *catalog.RulesMap
			if rulesFile != "" {
				var err error
				if rm, err = catalog.ReadRulesMapFile(rulesFile); err != nil {
					return fmt.Errorf("--rules: %w", err)
				}
			}
			conv, err := catalog.ConvertFileWith(args[0], rm)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			r := conv.Report
			if asJSON {
				// The summary alone on standard output, for scripts; --out still
				// writes the files.
				if out != "" {
					if _, err := conv.WriteDir(out); err != nil {
						return err
					}
				}
				b, err := r.MarshalSummary()
				if err != nil {
					return err
				}
				_, err = w.Write(b)
				return err
			}
			fmt.Fprintf(w, "Catalogue %s: version %s, rules version %s\n", args[0], orNone(r.Version), orNone(r.RulesVersion))
			if out == "" {
				fmt.Fprintln(w, "Dry run: nothing written (--out DIR writes the YAML files).")
			} else {
				paths, err := conv.WriteDir(out)
				if err != nil {
					return err
				}
				var names []string
				for _, p := range paths {
					names = append(names, filepath.Base(p))
				}
				fmt.Fprintf(w, "Wrote %d files to %s: %s\n", len(paths), out, strings.Join(names, ", "))
				others, _ := filepath.Glob(filepath.Join(out, "*.y*ml"))
				for _, o := range others {
					if !slices.Contains(paths, o) {
						fmt.Fprintf(w, "Note: %s holds %s too, which --data %s also loads.\n", out, filepath.Base(o), out)
					}
				}
			}
			if err := writeCatalogReport(w, r); err != nil {
				return err
			}
			if out != "" {
				fmt.Fprintf(w, "\nUse them with: kharn --data %s profiles\n", out)
			}
			return nil
		},
	}
	c.Flags().StringVarP(&out, "out", "o", "", "directory to write the YAML files to (created if needed; files of the same names are replaced)")
	c.Flags().StringVar(&rulesFile, "rules", "", "a YAML file of your own mapping card rules that exist only as text to skills, a special attack, profile fields of the data format, or \"no effect in a skirmish\" (rules: [{card: ID, rule: LABEL, skills: {trample: ~}}, {card: ID, rule: LABEL, profile: {in_leader_aura: {velocity: 1}}}, {card: ID, rule: LABEL, no_effect: WHY}, {card: SPECIAL-CARD-ID, rule: text, list: {card_cover: [{to: all}]}}]; docs/import.md)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the import summary as JSON: per profile and item its status (modelled, partial, not imported) with what is not modelled and why, counts per faction and kind, the table of skills")
	return c
}

// writeCatalogReport writes what a conversion did: problems, what is not
// modelled, what is not imported, and a summary table.
func writeCatalogReport(w io.Writer, r *catalog.Report) error {
	if ws := r.Warnings(); len(ws) > 0 {
		fmt.Fprintf(w, "\nProblems (%d):\n", len(ws))
		for _, p := range ws {
			fmt.Fprintf(w, "  %v\n", p)
		}
	}
	var partly, none []string
	for _, e := range r.Entries {
		name := e.Kind + " " + e.ID
		if e.ID == "" {
			name = e.Path + " " + strconv.Quote(e.CatalogID)
		}
		name += " (" + e.Name + ")"
		switch e.Status {
		case catalog.Partly:
			partly = append(partly, name+": "+strings.Join(e.NotModelled, "; "))
		case catalog.NotImported:
			none = append(none, name+": "+e.Reason)
		}
	}
	for _, s := range []struct {
		title string
		lines []string
	}{{"Not modelled (kept as comments in the YAML)", partly}, {"Not imported", none}} {
		if len(s.lines) > 0 {
			fmt.Fprintf(w, "\n%s:\n", s.title)
			for _, l := range s.lines {
				fmt.Fprintf(w, "  %s\n", l)
			}
		}
	}
	fmt.Fprintln(w, "\nSummary:")
	t := reports.Table{
		Header: []string{"cards", "in catalogue", "fully modelled", "partly", "not imported"},
		Right:  []bool{false, true, true, true, true},
	}
	for _, k := range []struct{ kind, name string }{{"profile", "profiles"}, {"equipment", "equipment"}, {"spell", "spells"}, {"mount", "mounts"}} {
		n, m, p, x := r.Count(k.kind)
		if n == 0 && (k.kind == "spell" || k.kind == "mount") {
			continue
		}
		t.Rows = append(t.Rows, []string{k.name, strconv.Itoa(n), strconv.Itoa(m), strconv.Itoa(p), strconv.Itoa(x)})
	}
	return t.Render(w)
}

func importListCommand(g *globals) *cobra.Command {
	var catalogFile, out, rulesFile string
	c := &cobra.Command{
		Use:   "list CODE|FILE --catalog FILE",
		Short: "Turn a list builder list (a KA1: code, or a file) into a Spearhead list file",
		Long: `list turns a list of the list builder into this project's list format (see
kharn list --help): a code "KA1:...", or a file holding a code or the list's JSON.
Its ids refer to the catalogue the list was made with, given by --catalog (or by
--data when that is a catalogue). Safars of the same profile and loadout are merged
into one entry with a count.

The YAML goes to standard output, or to --out FILE (FILE-1.yaml, FILE-2.yaml, ...
for a list of several Spearheads); what is not imported goes to standard error.
The exit code is 1 when a member or an equipment id could not be imported, or when
the list does not validate against the converted catalogue.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if catalogFile == "" && len(g.data) == 1 && isCatalogFile(g.data[0]) {
				catalogFile = g.data[0]
			}
			if catalogFile == "" {
				return &usageError{errors.New("import list: --catalog FILE is required: the catalogue (JSON) the list was made with")}
			}
			x, err := catalog.ReadList(args[0])
			if err != nil {
				return err
			}
			var rm *catalog.RulesMap
			if rulesFile != "" {
				if rm, err = catalog.ReadRulesMapFile(rulesFile); err != nil {
					return fmt.Errorf("--rules: %w", err)
				}
			}
			conv, err := catalog.ConvertFileWith(catalogFile, rm)
			if err != nil {
				return err
			}
			imp := conv.ImportList(x)
			stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
			if rm != nil {
				for _, p := range conv.Report.Problems {
					if p.File == rm.File {
						fmt.Fprintf(stderr, "warning: %v\n", p) // the mapping's entries not applied
					}
				}
			}
			for _, p := range imp.Warnings {
				fmt.Fprintf(stderr, "warning: %v\n", p)
			}
			for _, p := range imp.Errors {
				fmt.Fprintf(stderr, "error: %v\n", p)
			}
			invalid := 0
			for i, f := range imp.Files {
				name := f.Name
				if out != "" {
					name = out
					if len(imp.Files) > 1 {
						ext := filepath.Ext(out)
						name = strings.TrimSuffix(out, ext) + "-" + strconv.Itoa(i+1) + ext
					}
					if err := os.WriteFile(name, f.Data, 0o644); err != nil {
						return err
					}
				} else {
					if i > 0 {
						fmt.Fprintln(stdout, "---")
					}
					stdout.Write(f.Data)
				}
				l := imp.Lists[i]
				if err := imp.Invalid[i]; err != nil {
					invalid++
					fmt.Fprintf(stderr, "%s does not validate against %s:\n", name, catalogFile)
					printImportProblems(stderr, err)
				} else if out != "" {
					fmt.Fprintf(stdout, "wrote %s: %s (%s): %d/%d Kr, %d Safars\n", name, l.Name, l.Faction, l.Cost(conv.DataSet()), l.Budget, l.Size())
				}
			}
			switch {
			case len(imp.Errors) > 0:
				return fmt.Errorf("import list: %d problem(s): the list differs from the list builder's", len(imp.Errors))
			case invalid > 0:
				return fmt.Errorf("import list: %d of %d Spearhead list(s) invalid", invalid, len(imp.Files))
			}
			return nil
		},
	}
	c.Flags().StringVar(&catalogFile, "catalog", "", "the catalogue (JSON) the list was made with (default: --data, when it is one)")
	c.Flags().StringVarP(&out, "out", "o", "", "file to write the list to (default: standard output)")
	c.Flags().StringVar(&rulesFile, "rules", "", "the hand mapping of card rules given to kharn import catalog --rules: the special cards' texts it maps to list card fields (list: {card_cover: ...}) go into the lists that field the cards (docs/import.md)")
	return c
}

// printImportProblems writes the problems of err one per line.
func printImportProblems(w io.Writer, err error) {
	var errs profiles.Errors
	if errors.As(err, &errs) {
		for _, e := range errs {
			fmt.Fprintf(w, "  %v\n", e)
		}
		return
	}
	fmt.Fprintf(w, "  %v\n", err)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// isCatalogFile reports whether path names a list builder catalogue: a .json file.
func isCatalogFile(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".json")
}

// loadData loads the --data paths: one catalogue (JSON), converted in memory by
// package catalog, or YAML files and directories.
func loadData(paths []string) (*profiles.DataSet, error) {
	for _, p := range paths {
		if isCatalogFile(p) {
			if len(paths) > 1 {
				return nil, &usageError{fmt.Errorf("--data: a catalogue (%s) is given alone; convert it with kharn import catalog to use it with other files", p)}
			}
			ds, _, err := catalog.Load(p)
			return ds, err
		}
	}
	return profiles.Load(paths...)
}
