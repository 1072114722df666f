package profiles

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// This file walks the yaml.Node tree of one data file by hand, so that every
// problem is reported with its position and field path and decoding goes on after
// the first one. Cross-file checks (duplicate ids, equipment references) are in
// load.go.

// fileData is what one data file declares, before the cross-file checks.
type fileData struct {
	profiles  []*profileEntry
	equipment []*equipEntry
	spells    []*spellEntry
	mounts    []*mountEntry
}

// profileEntry is a decoded profile with what the cross-file checks need.
type profileEntry struct {
	p     *Profile
	path  string // field path of the profile: "profiles[paladin-2]", or "" for a single-profile file
	idPos Pos    // where the id is written
	refs  []ref  // base equipment references, in card order
	// spells are the spell references of its magic, in card order.
	spells []ref
}

// equipEntry is a decoded equipment item with what the cross-file checks need.
type equipEntry struct {
	e        *Equipment
	path     string
	idPos    Pos
	reserved []ref
}

// ref is an id written in a data file, to be resolved once every file is read.
type ref struct {
	id   string
	pos  Pos
	path string
}

// nodeBudget bounds the work of decoding one file: YAML aliases can make a small
// file expand to a huge tree.
const nodeBudget = 100_000

// maxErrors bounds the problems reported for one file.
const maxErrors = 200

// maxMergeDepth bounds nested "<<" merge keys, which aliases can make cyclic.
const maxMergeDepth = 16

// decoder collects the content of one file and every problem found in it.
type decoder struct {
	file      string
	errs      Errors
	budget    int
	exhausted bool
	out       fileData
}

// decodeFile decodes the data file called name (used in error positions).
func decodeFile(name string, data []byte) (fileData, Errors) {
	d := &decoder{file: name, budget: nodeBudget}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for !d.exhausted {
		var doc yaml.Node
		err := safeDecode(dec, &doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			d.yamlError(err, data)
			break
		}
		d.document(&doc)
	}
	return d.out, d.errs
}

// oneDocument decodes a file that holds a single YAML document (a list, a
// scenario): decode is called on its root unless the document is empty or null; a
// second document is an error naming what the file holds. It reports false when
// the YAML itself does not parse.
func (d *decoder) oneDocument(data []byte, what string, decode func(root *yaml.Node)) bool {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for docs := 0; !d.exhausted; docs++ {
		var doc yaml.Node
		err := safeDecode(dec, &doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			d.yamlError(err, data)
			return false
		}
		if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
			continue
		}
		root := deref(doc.Content[0])
		if docs > 0 {
			d.errorf(root, "", "a %s file holds one %s: this is a second YAML document", what, what)
			break
		}
		if isNull(root) {
			continue
		}
		decode(root)
	}
	return true
}

// safeDecode decodes the next document, turning a panic of the YAML parser into
// an error so that loading never panics.
func safeDecode(dec *yaml.Decoder, doc *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: parser failed: %v", r)
		}
	}()
	return dec.Decode(doc)
}

var (
	yamlLine   = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
	yamlAnchor = regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)
)

// yamlError records a syntax error of the YAML parser. Its messages carry at most
// a line: for scanner errors the line of the problem, for parser errors (the
// "did not find expected ..." family) the 0-based line of the construct being
// parsed, corrected here. The messages without a line are located in data when
// possible.
func (d *decoder) yamlError(err error, data []byte) {
	msg := err.Error()
	line := 1 // no line in the message: the problem is on the first line
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n > 0 {
			line = n
		}
		msg = m[2]
		if isParserProblem(msg) {
			line++
		}
	} else {
		if m := yamlAnchor.FindStringSubmatch(msg); m != nil {
			line = lineOf(data, bytes.Index(data, []byte("*"+m[1])))
		} else if i := badCharIndex(data); i >= 0 {
			line = lineOf(data, i)
		}
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	d.errs = append(d.errs, Error{Pos: Pos{File: d.file, Line: line}, Msg: "invalid YAML: " + msg})
}

// isParserProblem reports whether msg is a problem of the YAML parser (parserc.go),
// whose line yaml.v3 prints 0-based.
func isParserProblem(msg string) bool {
	for _, p := range []string{"did not find expected", "found duplicate %", "found incompatible YAML document", "found undefined tag handle"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// lineOf returns the 1-based line of byte offset i of data (1 when i < 0).
func lineOf(data []byte, i int) int {
	if i < 0 {
		return 1
	}
	return bytes.Count(data[:i], []byte("\n")) + 1
}

// badCharIndex returns the offset of the first character the YAML reader refuses
// (invalid UTF-8 or a control character), or -1.
func badCharIndex(data []byte) int {
	for i, r := range string(data) {
		ok := r == 0x09 || r == 0x0A || r == 0x0D || (r >= 0x20 && r <= 0x7E) || r == 0x85 ||
			(r >= 0xA0 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
		invalid := r == utf8.RuneError && !bytes.HasPrefix(data[i:], []byte("\uFFFD"))
		if !ok || invalid {
			return i
		}
	}
	return -1
}

func (d *decoder) pos(n *yaml.Node) Pos {
	if n == nil {
		return Pos{File: d.file}
	}
	return Pos{File: d.file, Line: n.Line, Column: n.Column}
}

func (d *decoder) errorf(n *yaml.Node, field, format string, args ...any) {
	if d.exhausted {
		return
	}
	if len(d.errs) >= maxErrors {
		d.exhausted = true
		d.errs = append(d.errs, Error{Pos: d.pos(n), Msg: fmt.Sprintf("more than %d problems: stopping here", maxErrors)})
		return
	}
	d.errs = append(d.errs, Error{Pos: d.pos(n), Field: field, Msg: fmt.Sprintf(format, args...)})
}

// spend accounts for visiting one node and reports whether decoding may go on.
func (d *decoder) spend(n *yaml.Node) bool {
	if d.exhausted {
		return false
	}
	d.budget--
	if d.budget < 0 {
		d.errorf(n, "", "file too complex: its aliases expand to more than %d nodes", nodeBudget)
		d.exhausted = true
		return false
	}
	return true
}

// deref follows aliases to the node they name.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode; i++ {
		if i > 64 {
			return nil
		}
		n = n.Alias
	}
	return n
}

func join(path, field string) string {
	if path == "" {
		return field
	}
	return path + "." + field
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// describe names what n holds, for "want X, got Y" messages.
func describe(n *yaml.Node) string {
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		v := n.Value
		if len(v) > 40 {
			v = v[:37] + "..."
		}
		switch n.ShortTag() {
		case "!!null":
			return "null"
		case "!!str":
			return strconv.Quote(v)
		case "!!int", "!!float":
			return "the number " + v
		case "!!bool":
			return v
		}
		return n.ShortTag() + " " + strconv.Quote(v)
	}
	return "an invalid node"
}

func (d *decoder) typeErr(n *yaml.Node, field, want string) {
	d.errorf(n, field, "want %s, got %s", want, describe(n))
}

// isNull reports whether n is a null scalar ("~", "null" or nothing).
func isNull(n *yaml.Node) bool {
	return n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// kv is one key of a mapping with its value.
type kv struct {
	key  string
	k, v *yaml.Node
}

// mapping returns the keys of the mapping n in order, with "<<" merge keys
// applied; it reports a type error when n is not a mapping.
func (d *decoder) mapping(n *yaml.Node, field string) ([]kv, bool) {
	m := deref(n)
	if m == nil || m.Kind != yaml.MappingNode {
		d.typeErr(m, field, "a mapping")
		return nil, false
	}
	return d.pairs(m, field, 0), true
}

func (d *decoder) pairs(n *yaml.Node, field string, depth int) []kv {
	var out, merged []kv
	seen := make(map[string]*yaml.Node)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !d.spend(k) {
			return out
		}
		if k.Kind == yaml.ScalarNode && k.Value == "<<" && k.ShortTag() == "!!merge" {
			merged = append(merged, d.merge(v, field, depth+1)...)
			continue
		}
		kd := deref(k)
		if kd == nil || kd.Kind != yaml.ScalarNode {
			d.errorf(k, field, "want a field name as key, got %s", describe(kd))
			continue
		}
		if first, ok := seen[kd.Value]; ok {
			d.errorf(k, join(field, kd.Value), "field repeated (first at line %d)", first.Line)
			continue
		}
		seen[kd.Value] = k
		out = append(out, kv{kd.Value, k, v})
	}
	for _, m := range merged {
		if _, ok := seen[m.key]; !ok {
			seen[m.key] = m.k
			out = append(out, m)
		}
	}
	return out
}

// merge returns the keys brought in by a "<<" merge key of value v: a mapping or
// a list of mappings, earlier ones taking precedence.
func (d *decoder) merge(v *yaml.Node, field string, depth int) []kv {
	if depth > maxMergeDepth {
		d.errorf(v, field, "merge keys (<<) nested more than %d deep", maxMergeDepth)
		return nil
	}
	m := deref(v)
	if m != nil && m.Kind == yaml.MappingNode {
		return d.pairs(m, field, depth)
	}
	if m == nil || m.Kind != yaml.SequenceNode {
		d.errorf(v, field, "<< must merge a mapping or a list of mappings, got %s", describe(m))
		return nil
	}
	var out []kv
	seen := make(map[string]bool)
	for _, e := range m.Content {
		e = deref(e)
		if e == nil || e.Kind != yaml.MappingNode {
			d.errorf(v, field, "<< must merge a mapping or a list of mappings, got a list holding %s", describe(e))
			continue
		}
		for _, p := range d.pairs(e, field, depth) {
			if !seen[p.key] {
				seen[p.key] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// sequence returns the elements of the list n; null counts as an empty list.
func (d *decoder) sequence(n *yaml.Node, field string) ([]*yaml.Node, bool) {
	s := deref(n)
	if isNull(s) {
		return nil, true
	}
	if s == nil || s.Kind != yaml.SequenceNode {
		d.typeErr(s, field, "a list")
		return nil, false
	}
	for range s.Content {
		if !d.spend(s) {
			return nil, false
		}
	}
	return s.Content, true
}

// unknown reports the unknown field key, suggesting the closest of candidates.
func (d *decoder) unknown(k *yaml.Node, field, key string, candidates []string) {
	d.errorf(k, field, "unknown field %q%s", key, didYouMean(Closest(key, candidates, 1)))
}

// require reports each field of want missing from present, and whether none
// was.
func (d *decoder) require(n *yaml.Node, field string, present map[string]bool, want ...string) bool {
	all := true
	for _, w := range want {
		if !present[w] {
			d.errorf(n, field, "missing field %q", w)
			all = false
		}
	}
	return all
}

// entry is one mapping of a list of entries (decoder.entries): the mapping
// node, its field (FIELD[i]) and position, its keys, and those of them the
// loop over its keys (entry.keys) has seen.
type entry struct {
	d       *decoder
	node    *yaml.Node
	field   string
	pos     Pos
	fields  []kv
	present map[string]bool
}

// entries yields, in order, each element of the list n at field that is a
// mapping, as an entry; a value that is not a list, or an element that is
// not a mapping, is reported and yields nothing. It is the loop of every
// list of {key: value} entries (the list card fields, profiles/listcards.go):
// a decoder ranges over the entries, then over each entry's keys
// (entry.keys) with its switch, then checks it (entry.require).
func (d *decoder) entries(n *yaml.Node, field string) iter.Seq[*entry] {
	return func(yield func(*entry) bool) {
		elems, _ := d.sequence(n, field)
		for i, e := range elems {
			ef := index(field, i)
			m, ok := d.entry(e, ef)
			if !ok {
				continue
			}
			if !yield(m) {
				return
			}
		}
	}
}

// entry gives the mapping n at field as one entry, for the loop of entries
// over its keys (entry.keys) and its check (entry.require): the decoding of
// one {key: value} mapping (a list's element, decoder.entries, or a field
// of its own, as a scenario's relic). A value that is not a mapping is
// reported, and ok is false.
func (d *decoder) entry(n *yaml.Node, field string) (*entry, bool) {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil, false
	}
	m := deref(n)
	return &entry{d: d, node: m, field: field, pos: d.pos(m), fields: fields, present: make(map[string]bool)}, true
}

// keys yields, in order, each key of e with its field (FIELD[i].key),
// marking it present.
func (e *entry) keys() iter.Seq2[kv, string] {
	return func(yield func(kv, string) bool) {
		for _, f := range e.fields {
			e.present[f.key] = true
			if !yield(f, join(e.field, f.key)) {
				return
			}
		}
	}
}

// require reports, at e, each field of want that e's keys lack (seen by
// entry.keys), and whether none was.
func (e *entry) require(want ...string) bool {
	return e.d.require(e.node, e.field, e.present, want...)
}

func (d *decoder) intValue(n *yaml.Node, field string) (int, bool) {
	s := deref(n)
	if s == nil || s.Kind != yaml.ScalarNode || s.ShortTag() != "!!int" {
		d.typeErr(s, field, "a whole number")
		return 0, false
	}
	var v int64
	if err := s.Decode(&v); err != nil || v < math.MinInt32 || v > math.MaxInt32 {
		d.errorf(s, field, "number %s out of range", s.Value)
		return 0, false
	}
	return int(v), true
}

// intIn decodes a whole number from lo to hi, reporting it with msg otherwise.
func (d *decoder) intIn(n *yaml.Node, field string, lo, hi int, msg string) (int, bool) {
	v, ok := d.intValue(n, field)
	if !ok {
		return 0, false
	}
	if v < lo || v > hi {
		d.errorf(deref(n), field, "%s, got %d", msg, v)
		return v, false
	}
	return v, true
}

// toises decodes a distance from 0.5 to 30 toises (a card's reach, a leap),
// reporting msg as written outside that range; the number is given back
// either way, with ok false only when it is no number.
func (d *decoder) toises(n *yaml.Node, field, msg string) (float64, bool) {
	x, ok := d.numberValue(n, field)
	if ok && (x < 0.5 || x > 30) {
		d.errorf(deref(n), field, "%s", msg)
	}
	return x, ok
}

func (d *decoder) numberValue(n *yaml.Node, field string) (float64, bool) {
	s := deref(n)
	if s == nil || s.Kind != yaml.ScalarNode || (s.ShortTag() != "!!int" && s.ShortTag() != "!!float") {
		d.typeErr(s, field, "a number")
		return 0, false
	}
	var v float64
	if err := s.Decode(&v); err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e6 {
		d.errorf(s, field, "number %s out of range", s.Value)
		return 0, false
	}
	return v, true
}

func (d *decoder) boolValue(n *yaml.Node, field string) (bool, bool) {
	s := deref(n)
	if s == nil || s.Kind != yaml.ScalarNode || s.ShortTag() != "!!bool" {
		d.typeErr(s, field, "true or false")
		return false, false
	}
	var v bool
	if err := s.Decode(&v); err != nil {
		d.typeErr(s, field, "true or false")
		return false, false
	}
	return v, true
}

// stringValue decodes a non-empty string.
func (d *decoder) stringValue(n *yaml.Node, field string) (string, bool) {
	s := deref(n)
	if s == nil || s.Kind != yaml.ScalarNode || s.ShortTag() != "!!str" {
		d.typeErr(s, field, "a string")
		return "", false
	}
	v := strings.TrimSpace(s.Value)
	if v == "" {
		d.errorf(s, field, "must not be empty")
		return "", false
	}
	return v, true
}

// idValue decodes an id, which must be lower-case kebab-case.
func (d *decoder) idValue(n *yaml.Node, field string) (string, bool) {
	v, ok := d.stringValue(n, field)
	if !ok {
		return "", false
	}
	if !ValidID(v) {
		d.errorf(deref(n), field, "id %q is not lower-case kebab-case (a-z, 0-9 and single hyphens)", v)
		return "", false
	}
	return v, true
}

// refs decodes a list of ids referring to other entries.
func (d *decoder) refs(n *yaml.Node, field string) []ref {
	elems, _ := d.sequence(n, field)
	var out []ref
	for i, e := range elems {
		f := index(field, i)
		if v, ok := d.stringValue(e, f); ok {
			out = append(out, ref{id: v, pos: d.pos(deref(e)), path: f})
		}
	}
	return out
}

// document decodes one YAML document: a single profile, or lists under
// "profiles:" and "equipment:".
func (d *decoder) document(doc *yaml.Node) {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return
	}
	root := deref(doc.Content[0])
	if isNull(root) {
		return // an empty document
	}
	if root == nil || root.Kind != yaml.MappingNode {
		d.errorf(root, "", "want a profile (a mapping with id, name, ...) or a mapping with profiles: and/or equipment:, got %s", describe(root))
		return
	}
	// A list file has a "profiles:" key, or an "equipment:" key holding entries
	// (mappings) or standing alone; a single profile has "equipment:" holding ids.
	fields := d.pairs(root, "", 0)
	list, onlyLists := false, true
	for _, f := range fields {
		if f.key == "profiles" || (f.key == "equipment" && !isProfileEquipment(f.v)) {
			list = true
		}
		onlyLists = onlyLists && slices.Contains(topFields, f.key)
	}
	list = list || (onlyLists && len(fields) > 0)
	if !list {
		d.profile(root, "", true)
		return
	}
	for _, f := range fields {
		switch f.key {
		case "profiles":
			d.list(f.v, "profiles", d.profile)
		case "equipment":
			d.list(f.v, "equipment", d.equipment)
		case "spells":
			d.list(f.v, "spells", d.spell)
		case "mounts":
			d.list(f.v, "mounts", d.mount)
		default:
			d.unknown(f.k, f.key, f.key, topFields)
		}
	}
}

// isProfileEquipment reports whether v looks like the equipment field of a single
// profile (a list of ids) rather than a list of equipment entries (mappings).
func isProfileEquipment(v *yaml.Node) bool {
	v = deref(v)
	if v == nil || v.Kind != yaml.SequenceNode {
		return true
	}
	for _, e := range v.Content {
		if e = deref(e); e != nil && e.Kind == yaml.MappingNode {
			return false
		}
	}
	return true
}

// list decodes the entries of a "profiles:" or "equipment:" list with fn, naming
// each by its id when it has a valid one ("equipment[bastard-sword]") and by its
// index otherwise ("profiles[2]").
func (d *decoder) list(n *yaml.Node, name string, fn func(n *yaml.Node, field string, single bool)) {
	elems, _ := d.sequence(n, name)
	for i, e := range elems {
		if !d.spend(e) {
			return
		}
		field := index(name, i)
		if id := peekID(e); id != "" {
			field = name + "[" + id + "]"
		}
		fn(e, field, false)
	}
}

// peekID returns the id written directly in the mapping n, if it is valid.
func peekID(n *yaml.Node) string {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "id" {
			v := deref(n.Content[i+1])
			if v != nil && v.Kind == yaml.ScalarNode && ValidID(v.Value) {
				return v.Value
			}
		}
	}
	return ""
}

// profile decodes one profile. single is true for a file holding one profile,
// whose top-level keys may also be mistyped list keys.
func (d *decoder) profile(n *yaml.Node, path string, single bool) {
	ent, ok := d.entry(n, path)
	if !ok {
		return
	}
	p := &Profile{Pos: ent.pos}
	entry := &profileEntry{p: p, path: path}
	candidates := profileFields
	if single {
		candidates = concat(profileFields, topFields)
	}
	for f, field := range ent.keys() {
		switch f.key {
		case "id":
			p.ID, _ = d.idValue(f.v, field)
			entry.idPos = d.pos(deref(f.v))
		case "name":
			p.Name, _ = d.stringValue(f.v, field)
		case "faction":
			p.Faction = d.faction(f.v, field)
		case "level":
			p.Level, _ = d.intIn(f.v, field, 1, 3, "level must be 1, 2 or 3")
		case "cost":
			p.Cost, _ = d.intIn(f.v, field, 0, math.MaxInt32, "cost must not be negative")
		case "limitation":
			p.Limitation = d.limitation(f.v, field)
		case "stats":
			p.Stats, p.NotPrinted = d.stats(f.v, field)
		case "stature":
			p.Stature, _ = d.intIn(f.v, field, 0, 6, "stature must be from 0 to 6")
		case "ap":
			p.AP, _ = d.intIn(f.v, field, 1, 99, "ap must be from 1 to 99")
		case "hp":
			p.HP, _ = d.intIn(f.v, field, 1, 999, "hp must be from 1 to 999")
		case "mastery":
			p.Mastery = d.mastery(f.v, field)
		case "skills":
			p.Skills = d.skills(f.v, field)
		case "equipment":
			entry.refs = d.refs(f.v, field)
			for _, r := range entry.refs {
				p.Equipment = append(p.Equipment, r.id)
			}
		case "armour":
			p.Armour = d.armour(f.v, field)
		case "traits":
			p.Traits = d.traits(f.v, field)
		case "magic":
			p.Magic, entry.spells = d.magic(f.v, field)
		case "grants_allies":
			p.AllyGrants = d.allyGrants(f.v, field) // profiles/allies.go
		case "stat_counts":
			p.StatCounts = d.statCounts(f.v, field) // profiles/counts.go
		case "morale_auras":
			p.MoraleAuras = d.moraleAuras(f.v, field) // profiles/auras.go
		case "in_leader_aura":
			p.InLeaderAura = d.leaderAura(f.v, field)
		case "aura_grants":
			p.AuraGrants = d.auraGrants(f.v, field) // profiles/auragrants.go
		case "wider_auras":
			p.WiderAuras = d.widerAuras(f.v, field) // profiles/aurawiden.go
		case "cf_reroll_once_per_game":
			p.CFRerollOncePerGame, _ = d.boolValue(f.v, field) // skills.md section 3, pattern D
		case "special_attacks":
			p.SpecialAttacks = d.cardAttacks(f.v, field) // profiles/cardattack.go
		case "defends_for", "defended_by":
			g := d.guards(f.v, field, f.key) // profiles/guard.go
			if f.key == "defends_for" {
				p.DefendsFor = g
			} else {
				p.DefendedBy = g
			}
		case "support":
			p.Support = d.support(f.v, field) // profiles/support.go
		case "generic_actions":
			p.GenericActions = d.genericActions(f.v, field) // profiles/genericactions.go
		case "conditional_skills":
			p.ConditionalSkills = d.conditionalSkills(f.v, field) // profiles/conditional.go
		case "copies_skill":
			p.CopiesSkill = d.skillCopy(f.v, field)
		case "immunity_way":
			p.ImmunityWay = d.immunityWay(f.v, field)
		case "marks_ally":
			p.MarksAlly = d.allyMark(f.v, field)
		case "damage_reduction":
			d.damageReduction(f.v, field, &p.Wards) // profiles/wards.go
		case "armour_reroll":
			d.armourReroll(f.v, field, &p.Wards)
		case "saving_roll":
			d.savingRoll(f.v, field, &p.Wards)
		case "ap_auras":
			p.APAuras = d.apAuras(f.v, field) // profiles/apauras.go
		case "reactivates_ally":
			p.Reactivates = d.reactivation(f.v, field) // profiles/apauras.go
		case "activates_with_leader":
			p.WithLeader, _ = d.boolValue(f.v, field) // profiles/apauras.go
		default:
			if !d.ownRule(&p.Own, f.key, f.v, field) { // profiles/ownrules.go
				d.unknown(f.k, field, f.key, candidates)
			}
		}
	}
	d.checkCardAttacks(p, join(path, "special_attacks"))
	d.checkOwnRules(p, path) // profiles/ownrules.go
	ent.require("id", "name", "faction", "level", "cost", "stats", "stature", "ap", "hp")
	d.out.profiles = append(d.out.profiles, entry)
}

func (d *decoder) faction(n *yaml.Node, field string) string {
	v, ok := d.stringValue(n, field)
	if !ok {
		return ""
	}
	if !slices.Contains(KnownFactions(), v) {
		d.errorf(deref(n), field, "unknown faction %q%s (known: %s)", v,
			didYouMean(Closest(v, KnownFactions(), 1)), strings.Join(KnownFactions(), ", "))
	}
	return v
}

// limitation decodes "X3", "U" or "P" (rulebook "Limitations", English seed 000
// lines 414-428).
func (d *decoder) limitation(n *yaml.Node, field string) Limitation {
	s := deref(n)
	bad := func() Limitation {
		d.errorf(s, field, "limitation %s is not X<n> (n >= 1), U or P", describe(s))
		return Limitation{}
	}
	if s == nil || s.Kind != yaml.ScalarNode || s.ShortTag() != "!!str" {
		return bad()
	}
	v := strings.ToUpper(strings.TrimSpace(s.Value))
	switch {
	case v == "U" || v == "P":
		return Limitation{Kind: v}
	case strings.HasPrefix(v, "X"):
		c, ok := smallUint(v[1:])
		if !ok || c < 1 {
			return bad()
		}
		return Limitation{Kind: "X", Count: c}
	}
	return bad()
}

// stats decodes the six characteristics; keys may be upper or lower case. A
// characteristic written ~ (null) is not printed on the card (catalogue.md
// 4.5): it reads 0 and is returned in the set.
func (d *decoder) stats(n *yaml.Node, field string) (Stats, CharSet) {
	var st Stats
	var blank CharSet
	fields, ok := d.mapping(n, field)
	if !ok {
		return st, 0
	}
	seen := make(map[Char]bool)
	ptr := [...]*int{V: &st.V, P: &st.P, A: &st.A, C: &st.C, T: &st.T, I: &st.I}
	for f, c := range d.charKeys(fields, field) {
		seen[c] = true
		cf := join(field, c.String())
		if v := deref(f.v); v != nil && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!null" {
			blank = blank.With(c)
			continue
		}
		*ptr[c], _ = d.intIn(f.v, cf, 0, 99, "a characteristic must be from 0 to 99 (or ~: not printed)")
	}
	var missing []string
	for c := V; c <= I; c++ {
		if !seen[c] {
			missing = append(missing, c.String())
		}
	}
	if len(missing) > 0 {
		d.errorf(deref(n), field, "missing characteristic %s", strings.Join(missing, ", "))
	}
	return st, blank
}

// charKeys yields, in order, each key of fields (the mapping at field) that
// names a characteristic (V, P, A, C, T or I, upper or lower case) not named
// before, with that characteristic: the keys of stats and of a modifier. An
// unknown or repeated key is reported and left out.
func (d *decoder) charKeys(fields []kv, field string) iter.Seq2[kv, Char] {
	return func(yield func(kv, Char) bool) {
		var seen CharSet
		for _, f := range fields {
			c, ok := ParseChar(f.key)
			if !ok {
				d.errorf(f.k, join(field, f.key), "unknown characteristic %q (want V, P, A, C, T, I)", f.key)
				continue
			}
			if seen.Has(c) {
				d.errorf(f.k, join(field, c.String()), "characteristic given twice")
				continue
			}
			seen = seen.With(c)
			if !yield(f, c) {
				return
			}
		}
	}
}

// parseField returns the mastery field named s.
func parseField(s string) (Field, bool) {
	for _, f := range Fields {
		if string(f) == strings.ToLower(s) {
			return f, true
		}
	}
	return "", false
}

func fieldNames() []string {
	out := make([]string, len(Fields))
	for i, f := range Fields {
		out[i] = string(f)
	}
	return out
}

// fieldValue decodes a mastery field name.
func (d *decoder) fieldValue(n *yaml.Node, field string) (Field, bool) {
	s := deref(n)
	if s == nil || s.Kind != yaml.ScalarNode || s.ShortTag() != "!!str" {
		d.typeErr(s, field, "a mastery field ("+strings.Join(fieldNames(), ", ")+")")
		return "", false
	}
	f, ok := parseField(strings.TrimSpace(s.Value))
	if !ok {
		d.errorf(s, field, "unknown mastery field %q%s (want %s)", s.Value,
			didYouMean(Closest(s.Value, fieldNames(), 1)), strings.Join(fieldNames(), ", "))
	}
	return f, ok
}

// mastery decodes the mastery dice: a list with one list of fields per die.
func (d *decoder) mastery(n *yaml.Node, field string) [][]Field {
	dice, _ := d.sequence(n, field)
	out := make([][]Field, 0, len(dice))
	for i, die := range dice {
		df := index(field, i)
		fs, ok := d.sequence(die, df)
		if !ok {
			continue
		}
		if len(fs) == 0 {
			d.errorf(deref(die), df, "a mastery die shows at least one field")
			continue
		}
		var fields []Field
		for j, e := range fs {
			f, ok := d.fieldValue(e, index(df, j))
			if !ok {
				continue
			}
			if slices.Contains(fields, f) {
				d.errorf(deref(e), index(df, j), "field %s listed twice on one die", f)
				continue
			}
			fields = append(fields, f)
		}
		out = append(out, fields)
	}
	return out
}

// skills decodes the skills mapping: keyword -> value (R-list in rulings.md).
func (d *decoder) skills(n *yaml.Node, field string) []Skill {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil
	}
	var out []Skill
	seen := make(map[string]bool)
	for _, f := range fields {
		name := canonicalSkill(f.key)
		sf := join(field, f.key)
		kind, known := skillValues[name]
		if !known {
			d.errorf(f.k, sf, "unknown skill %q%s", f.key, didYouMean(Closest(name, SkillKeywords(), 2)))
			continue
		}
		if seen[name] {
			d.errorf(f.k, sf, "skill %s given twice", name)
			continue
		}
		seen[name] = true
		if v := deref(f.v); kind == SkillField && v != nil && v.Kind == yaml.SequenceNode {
			// "master: [defensive, objective]": one entry per field, two
			// skills (catalogue.md section 7: a second Master with another
			// domain).
			out = append(out, d.fieldList(name, f, sf)...)
			continue
		}
		sk := Skill{Name: name, Pos: d.pos(f.k)}
		if v := deref(f.v); name == SkillAmbush && v != nil && v.Kind == yaml.MappingNode {
			if d.ambushValue(&sk, f.v, sf) { // profiles/ambush.go
				out = append(out, sk)
			}
			continue
		}
		if v := deref(f.v); name == SkillHarassment && v != nil && v.Kind == yaml.MappingNode {
			if d.harassmentValue(&sk, f.v, sf) { // profiles/harassment.go
				out = append(out, sk)
			}
			continue
		}
		if v := deref(f.v); name == SkillBite && v != nil && v.Kind == yaml.MappingNode {
			if d.biteValue(&sk, f.v, sf) { // profiles/bite.go
				out = append(out, sk)
			}
			continue
		}
		if d.skillValue(&sk, kind, f.v, sf) {
			out = append(out, sk)
		}
	}
	return out
}

// fieldList decodes a list of values of a field skill ("heroic: [defensive,
// shooting]"): one Skill per value, none twice.
func (d *decoder) fieldList(name string, f kv, field string) []Skill {
	elems, _ := d.sequence(f.v, field)
	if len(elems) == 0 {
		d.errorf(deref(f.v), field, "skill %s takes at least one mastery field", name)
		return nil
	}
	var out []Skill
	for i, e := range elems {
		ef := index(field, i)
		sk := Skill{Name: name, Pos: d.pos(e)}
		if !d.skillValue(&sk, SkillField, e, ef) {
			continue
		}
		if slices.ContainsFunc(out, func(o Skill) bool { return o.Field == sk.Field && o.Text == sk.Text }) {
			d.errorf(deref(e), ef, "skill %s given twice with %s", name, deref(e).Value)
			continue
		}
		out = append(out, sk)
	}
	return out
}

func (d *decoder) skillValue(sk *Skill, kind SkillValue, n *yaml.Node, field string) bool {
	v := deref(n)
	switch kind {
	case SkillNoValue:
		if isNull(v) {
			return true
		}
		if v != nil && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!bool" && v.Value == "true" {
			return true
		}
		d.errorf(v, field, "skill %s takes no value, got %s (write %s: ~)", sk.Name, describe(v), sk.Name)
	case SkillOptNumber:
		if isNull(v) || v != nil && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!bool" && v.Value == "true" {
			return true
		}
		if v != nil && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!int" {
			x, ok := d.intIn(v, field, 1, 99, "skill "+sk.Name+" takes ~ or a whole number from 1 to 99")
			sk.Value = x
			return ok
		}
		d.errorf(v, field, "skill %s takes ~ or a whole number (e.g. %s: 1), got %s", sk.Name, sk.Name, describe(v))
	case SkillNumber:
		if v != nil && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!int" {
			x, ok := d.intIn(v, field, 1, 99, "skill "+sk.Name+" takes a whole number from 1 to 99")
			sk.Value = x
			return ok
		}
		d.errorf(v, field, "skill %s takes a whole number (e.g. %s: 1), got %s", sk.Name, sk.Name, describe(v))
	case SkillToises:
		if v != nil && v.Kind == yaml.ScalarNode && (v.ShortTag() == "!!int" || v.ShortTag() == "!!float") {
			x, ok := d.numberValue(v, field)
			if !ok {
				return false
			}
			if x <= 0 || x > 6 || x*2 != math.Trunc(x*2) {
				d.errorf(v, field, "skill %s takes a distance in half toises from 0.5 to 6, got %s", sk.Name, v.Value)
				return false
			}
			sk.Toises, sk.Value = x, int(x)
			return true
		}
		d.errorf(v, field, "skill %s takes a distance in toises (e.g. %s: 1.5), got %s", sk.Name, sk.Name, describe(v))
	case SkillField:
		if v != nil && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!str" {
			if a := strings.ToLower(strings.TrimSpace(v.Value)); a == SkillBunt || a == SkillBite || a == SkillTrample {
				// "heroic: bunt": that special attack only (skills.md #14).
				sk.Text = a
				return true
			}
			if sk.Name == SkillMaster && strings.EqualFold(strings.TrimSpace(v.Value), MasterNegotiating) {
				// "master: negotiating": Convincing/negotiating only (master_way.go).
				sk.Text = MasterNegotiating
				return true
			}
			if w, ok := masterWay(sk.Name, v.Value); ok {
				// "master: osteomancy", "heroic: osteomancy": the esoteric actions of that way
				// only (profiles/master_way.go).
				sk.Field, sk.Text = Esoteric, string(w)
				return true
			}
			if _, isField := parseField(strings.TrimSpace(v.Value)); wayScoped(sk.Name) && !isField {
				d.errorf(v, field, "unknown mastery field %q%s (want %s, or a way of magic for the esoteric actions of that way only: %s)", v.Value,
					didYouMean(Closest(v.Value, append(fieldNames(), wayNames()...), 1)), strings.Join(fieldNames(), ", "), strings.Join(wayNames(), ", "))
				return false
			}
			f, ok := d.fieldValue(v, field)
			sk.Field = f
			return ok
		}
		d.errorf(v, field, "skill %s takes a mastery field (e.g. %s: offensive), got %s", sk.Name, sk.Name, describe(v))
	case SkillText:
		if v != nil && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!str" && strings.TrimSpace(v.Value) != "" {
			sk.Text = strings.TrimSpace(v.Value)
			return true
		}
		d.errorf(v, field, "skill %s takes a text value (e.g. berserk: bleeding), got %s", sk.Name, describe(v))
	}
	return false
}

// traits decodes the trait keywords, lower-cased; "allied of X" must name a faction.
func (d *decoder) traits(n *yaml.Node, field string) []string {
	elems, _ := d.sequence(n, field)
	var out []string
	for i, e := range elems {
		tf := index(field, i)
		t, ok := d.stringValue(e, tf)
		if !ok {
			continue
		}
		t = strings.Join(strings.Fields(strings.ToLower(t)), " ")
		if f, ok := strings.CutPrefix(t, TraitAlliedOf); ok && !slices.Contains(SpearheadFactions(), f) {
			d.errorf(deref(e), tf, "trait %q names no faction%s", t, didYouMean(Closest(f, SpearheadFactions(), 1)))
			continue
		}
		out = append(out, t)
	}
	return out
}

// armour decodes the natural armour of a profile: a mapping with protection
// "-2/6/-3", boxes and velocity_malus, the keys of armour equipment.
func (d *decoder) armour(n *yaml.Node, field string) *ArmourStats {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil
	}
	a := &ArmourStats{}
	present := make(map[string]bool)
	for _, f := range fields {
		present[f.key] = true
		if !d.armourField(a, f, join(field, f.key)) {
			d.unknown(f.k, join(field, f.key), f.key, armourFields)
		}
	}
	d.require(deref(n), field, present, "protection", "boxes")
	return a
}

// armourField decodes one armour key into a and reports whether key is one.
func (d *decoder) armourField(a *ArmourStats, f kv, field string) bool {
	switch f.key {
	case "protection":
		d.protection(a, f.v, field)
	case "boxes":
		a.Boxes, _ = d.intIn(f.v, field, 1, 99, "boxes must be from 1 to 99")
	case "velocity_malus":
		v, _ := d.intIn(f.v, field, -99, 99, "velocity_malus must be from -99 to 99")
		a.VelocityMalus = abs(v)
	case "malus_max_c":
		a.MalusMaxC, _ = d.intIn(f.v, field, 1, 99, "malus_max_c must be from 1 to 99 (the highest C the velocity malus applies to)")
	default:
		return false
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// protection decodes "failure/threshold/success" as cards print it ("-2/6/-3",
// rulebook "The armours"; R12): reductions may be written with or without a minus
// sign and are stored as positive amounts.
func (d *decoder) protection(a *ArmourStats, n *yaml.Node, field string) {
	s := deref(n)
	if s == nil || s.Kind != yaml.ScalarNode || s.ShortTag() != "!!str" {
		d.typeErr(s, field, `a protection "failure/threshold/success" such as "-2/6/-3"`)
		return
	}
	parts := strings.Split(s.Value, "/")
	if len(parts) != 3 {
		d.errorf(s, field, `protection %q is not "failure/threshold/success" such as "-2/6/-3"`, s.Value)
		return
	}
	reduction := func(p string) (int, bool) {
		p = strings.TrimSpace(p)
		p = strings.TrimPrefix(strings.TrimPrefix(p, "-"), "+")
		return smallUint(p)
	}
	fail, ok1 := reduction(parts[0])
	succ, ok2 := reduction(parts[2])
	thr, ok3 := smallUint(strings.TrimSpace(parts[1]))
	if !ok1 || !ok2 || !ok3 {
		d.errorf(s, field, `protection %q is not "failure/threshold/success" such as "-2/6/-3"`, s.Value)
		return
	}
	if thr < 1 || thr > 10 {
		d.errorf(s, field, "armour threshold %d is outside 1..10 (a d10 roll)", thr)
		return
	}
	if succ < fail {
		d.errorf(s, field, "protection %q stops less at or above its threshold (%d) than below it (%d)", s.Value, succ, fail)
		return
	}
	a.Failure, a.Threshold, a.Success = fail, thr, succ
}
