package profiles

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// String formats p as "file:line:col", leaving out the parts that are not known.
func (p Pos) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		b.WriteString(":" + strconv.Itoa(p.Line))
		if p.Column > 0 {
			b.WriteString(":" + strconv.Itoa(p.Column))
		}
	}
	return b.String()
}

// Error is one problem found in a data file: where it is, which field (a path such
// as "profiles[2].stats.V" or "equipment[bastard-sword].reach") and what is wrong.
type Error struct {
	Pos   Pos
	Field string
	Msg   string
}

// Error formats e as "file:line:col: field: message".
func (e Error) Error() string {
	var b strings.Builder
	if s := e.Pos.String(); s != "" {
		b.WriteString(s + ": ")
	}
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errors is the list of every problem found while loading data. Load and its
// relatives return an Errors holding all the problems at once, sorted by file,
// line and column.
type Errors []Error

// Error prints one problem per line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// sort orders es by file, line, column, field and message, and drops exact repeats.
func (es Errors) sort() Errors {
	slices.SortStableFunc(es, func(a, b Error) int {
		return cmp.Or(
			cmp.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
			cmp.Compare(a.Field, b.Field),
			cmp.Compare(a.Msg, b.Msg),
		)
	})
	return slices.Compact(es)
}

// err returns es sorted as an error, or nil when es is empty.
func (es Errors) err() error {
	if len(es) == 0 {
		return nil
	}
	return es.sort()
}

// UnknownIDError reports an id that is not in a data set, with the closest ids
// that are.
type UnknownIDError struct {
	Kind        string // "profile" or "equipment"
	ID          string
	Suggestions []string
}

// Error formats e as `unknown profile "paladn" (did you mean paladin, paladin-2?)`.
func (e *UnknownIDError) Error() string {
	return fmt.Sprintf("unknown %s %q%s", e.Kind, e.ID, didYouMean(e.Suggestions))
}

// didYouMean formats suggestions as " (did you mean a, b?)", or "" when there is none.
func didYouMean(suggestions []string) string {
	if len(suggestions) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(suggestions, ", ") + "?)"
}
