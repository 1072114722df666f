package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The catalogue and list files are read as generic JSON (objects, arrays,
// json.Number, strings, booleans, null) and walked by hand, so that a field of an
// unexpected type is reported with its path and the rest goes on, where decoding
// into structs would stop at the first one.

// maxFileSize bounds the catalogue and list files read (a real catalogue is a few
// megabytes).
const maxFileSize = 64 << 20

// parseJSON decodes data as one JSON value. Syntax errors name the line and
// column.
func parseJSON(data []byte) (any, error) {
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("file larger than %d MiB", maxFileSize>>20)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	if err == nil {
		if _, err2 := dec.Token(); !errors.Is(err2, io.EOF) {
			err = fmt.Errorf("invalid JSON: data after the end of the top-level value (at byte %d)", dec.InputOffset())
			return nil, err
		}
		return v, nil
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := lineCol(data, int(se.Offset)-1) // Offset is just after the bad byte
		return nil, fmt.Errorf("invalid JSON at line %d, column %d: %v", line, col, se)
	}
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, errors.New("invalid JSON: it ends in the middle of a value (truncated?)")
	case errors.Is(err, io.EOF):
		return nil, errors.New("invalid JSON: empty")
	}
	return nil, fmt.Errorf("invalid JSON: %v", err)
}

// lineCol returns the 1-based line and column of byte offset off in data.
func lineCol(data []byte, off int) (int, int) {
	off = min(max(off, 0), len(data))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := off - bytes.LastIndexByte(before, '\n')
	return line, col
}

// describe names a JSON value for messages: null, true, the number 3, the string
// "x", a list of 2, an object.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return "the number " + v.String()
	case string:
		return "the string " + strconv.Quote(oneLine(v, 40))
	case []any:
		return "a list of " + strconv.Itoa(len(v))
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// object is a JSON object being read: it remembers the keys asked for, so that
// the others can be reported.
type object struct {
	m    map[string]any
	path string
	used map[string]bool
}

func newObject(m map[string]any, path string) *object {
	return &object{m: m, path: path, used: make(map[string]bool)}
}

// get returns the value of key and whether the object has it.
func (o *object) get(key string) (any, bool) {
	o.used[key] = true
	v, ok := o.m[key]
	return v, ok
}

// at returns the JSON path of key.
func (o *object) at(key string) string { return join(o.path, key) }

// unused returns the keys not asked for, sorted.
func (o *object) unused() []string {
	var out []string
	for k := range o.m {
		if !o.used[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// notes collects the problems and the not-modelled text of one entry (or of the
// file as a whole).
type notes struct {
	file        string
	problems    []Problem
	notModelled []string
	// magic is what only magic uses (counted apart); noEffect
	// what acts only in a list, a battle or a campaign (no effect in a
	// skirmish, which is not "not modelled").
	magic, noEffect []string
}

func (n *notes) magicf(format string, args ...any) {
	if s := fmt.Sprintf(format, args...); !slices.Contains(n.magic, s) {
		n.magic = append(n.magic, s)
	}
}

func (n *notes) noEffectf(format string, args ...any) {
	if s := fmt.Sprintf(format, args...); !slices.Contains(n.noEffect, s) {
		n.noEffect = append(n.noEffect, s)
	}
}

func (n *notes) problemf(path, format string, args ...any) {
	n.problems = append(n.problems, Problem{File: n.file, Path: path, Msg: fmt.Sprintf(format, args...)})
}

func (n *notes) notModelledf(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	if !slices.Contains(n.notModelled, s) {
		n.notModelled = append(n.notModelled, s)
	}
}

// number reads a number; a numeric string is read too, and said. On anything
// else it reports "<value>, <fallback>" and returns false.
func (n *notes) number(v any, path, fallback string) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return f, true
		}
	case string:
		s := strings.ReplaceAll(strings.TrimSpace(x), ",", ".")
		if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			n.problemf(path, "%s read as the number %s", describe(v), strconv.FormatFloat(f, 'f', -1, 64))
			return f, true
		}
	}
	n.problemf(path, "%s, %s", describe(v), fallback)
	return 0, false
}

// whole reads a whole number, as number does.
func (n *notes) whole(v any, path, fallback string) (int, bool) {
	if x, ok := v.(json.Number); ok {
		if i, err := x.Int64(); err == nil && i >= math.MinInt32 && i <= math.MaxInt32 {
			return int(i), true
		}
		if f, err := x.Float64(); err == nil && f == math.Trunc(f) && math.Abs(f) <= math.MaxInt32 {
			return int(f), true
		}
		n.problemf(path, "%s is not a whole number, %s", describe(v), fallback)
		return 0, false
	}
	f, ok := n.number(v, path, fallback)
	if !ok {
		return 0, false
	}
	if f != math.Trunc(f) || math.Abs(f) > math.MaxInt32 {
		n.problemf(path, "%s is not a whole number, %s", describe(v), fallback)
		return 0, false
	}
	return int(f), true
}

// text reads a string, trimmed; a number is read as its digits. Empty strings
// and other values report "<value>, <fallback>".
func (n *notes) str(v any, path, fallback string) (string, bool) {
	switch x := v.(type) {
	case string:
		if s := strings.TrimSpace(x); s != "" {
			return s, true
		}
	case json.Number:
		return x.String(), true
	}
	n.problemf(path, "%s, %s", describe(v), fallback)
	return "", false
}

// list reads a JSON array; null is an empty list.
func (n *notes) list(v any, path, fallback string) ([]any, bool) {
	switch x := v.(type) {
	case nil:
		return nil, true
	case []any:
		return x, true
	}
	n.problemf(path, "%s is not a list, %s", describe(v), fallback)
	return nil, false
}

// obj reads a JSON object.
func (n *notes) obj(v any, path, fallback string) (*object, bool) {
	if m, ok := v.(map[string]any); ok {
		return newObject(m, path), true
	}
	n.problemf(path, "%s is not an object, %s", describe(v), fallback)
	return nil, false
}

// objects reads a JSON array of objects at path (null is an empty list),
// yielding each object with its index; a value that is not a list is noted
// with listFallback, an element that is not an object with objFallback and
// skipped. Each object's path is path[index].
func (n *notes) objects(v any, path, listFallback, objFallback string) iter.Seq2[int, *object] {
	list, _ := n.list(v, path, listFallback)
	return func(yield func(int, *object) bool) {
		for i, e := range list {
			o, ok := n.obj(e, index(path, i), objFallback)
			if ok && !yield(i, o) {
				return
			}
		}
	}
}

// ids reads a list of ids (strings or numbers).
func (n *notes) ids(v any, path string) []string {
	if s, ok := v.(string); ok {
		// A single id where a list is expected.
		v = []any{s}
	}
	elems, _ := n.list(v, path, "ignored")
	var out []string
	for i, e := range elems {
		if id, ok := n.str(e, index(path, i), "ignored"); ok {
			out = append(out, id)
		}
	}
	return out
}
