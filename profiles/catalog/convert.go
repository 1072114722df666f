package catalog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/kharn-ages/kharn/profiles"
)

// Conversion is a catalogue converted to this project's YAML data: the files, the
// report of what was and was not modelled, and the id mapping that list imports
// use.
type Conversion struct {
	Report *Report
	// Files are the YAML files: equipment.yaml, spells.yaml when the
	// catalogue has spells, then one file per faction with profiles
	// ("kharns.yaml", ..., "none.yaml").
	Files []File

	name      string
	profiles  []*profileOut
	equipment []*equipOut
	// By catalogue id, first occurrence.
	profileByID  map[string]*profileOut
	equipByID    map[string]*equipOut
	factions     map[string]string // catalogue faction id -> name
	cards        []*specialCard
	munitions    map[string]map[string]munitionType // kind -> type id -> quantities
	upgrades     map[string]upgrade
	ways         map[string]profiles.Way // catalogue way id -> way
	spells       []*spellOut
	spellByID    map[string]*spellOut // by catalogue id, imported ones
	mounts       []*mountOut
	mountByID    map[string]*mountOut // by catalogue id, imported ones
	mountOptions map[string]mountOption
	ds           *profiles.DataSet
}

// File is one YAML data file of a Conversion.
type File struct {
	Name string
	Data []byte
}

// ConvertFile reads the catalogue file at path and converts it (see Convert).
func ConvertFile(path string) (*Conversion, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Convert(path, data)
}

// ConvertFileWith converts the catalogue file at path as ConvertFile does,
// with the hand mapping rm of its card rules (rulesmap.go; nil: none).
func ConvertFileWith(path string, rm *RulesMap) (*Conversion, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ConvertWith(path, data, rm)
}

// Convert converts the catalogue data, read from the file called name (used in
// messages), into YAML files that profiles.LoadFS reads with no error. It fails
// only when data is not a JSON object; any odd entry is reported in the
// Conversion's Report and the others are converted.
func Convert(name string, data []byte) (*Conversion, error) {
	return ConvertWith(name, data, nil)
}

// ConvertWith converts as Convert does, with the hand mapping rm of the card
// rules that exist only as text (rulesmap.go; nil: none).
func ConvertWith(name string, data []byte, rm *RulesMap) (*Conversion, error) {
	v, err := parseJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: %s is not a catalogue (want an object with profiles and equipment)", name, describe(v))
	}
	c := &Conversion{
		name:        name,
		Report:      &Report{File: name},
		profileByID: make(map[string]*profileOut),
		equipByID:   make(map[string]*equipOut),
		factions:    make(map[string]string),
	}
	top := newObject(m, "")
	file := &notes{file: name}
	for _, k := range []struct {
		key string
		dst *string
	}{{"version", &c.Report.Version}, {"rulesVersion", &c.Report.RulesVersion}} {
		if x, ok := top.get(k.key); ok && x != nil {
			*k.dst, _ = file.str(x, k.key, "ignored")
		} else {
			file.problemf(k.key, "missing")
		}
	}
	if x, ok := top.get("factions"); ok {
		c.readFactions(file, x)
	}
	skills := c.readSkills(file, top)
	if x, ok := top.get("equipment"); ok {
		list, _ := file.list(x, "equipment", "no equipment imported")
		for i, e := range list {
			c.equipment = append(c.equipment, convertEquipment(&readContext{file: name, skills: skills, factions: c.factions}, e, index("equipment", i)))
		}
	} else {
		file.problemf("equipment", "missing: no equipment")
	}
	if x, ok := top.get("profiles"); ok {
		list, _ := file.list(x, "profiles", "no profile imported")
		for i, e := range list {
			p := convertProfile(&readContext{file: name, skills: skills, factions: c.factions}, e, index("profiles", i))
			if _, listed := c.factions[p.factionID]; !listed && len(c.factions) > 0 && p.factionID != "" {
				p.problemf(p.path+".factionId", "faction %q is not in the catalogue's factions", p.factionID)
			}
			c.profiles = append(c.profiles, p)
		}
	} else {
		file.problemf("profiles", "missing: no profile")
	}
	if x, ok := top.get("specialCards"); ok && x != nil {
		c.readSpecialCards(file, x)
	}
	c.readOthers(file, top)
	c.resolveBoughtAmmunition(file) // ammunition.go
	c.readMagic(file, top)
	c.readMounts(file, top, skills)
	c.applyRulesMap(file, rm) // rulesmap.go
	for _, k := range top.unused() {
		x, _ := top.get(k)
		if isEmpty(x) {
			continue // nothing left out
		}
		file.problemf(k, "%s, not imported (%s)", sizeOf(x), notImportedWhy(k))
	}
	c.assignIDs()
	c.resolveBerserk() // profiles/catalog/berserk.go
	c.resolveAllies()  // profiles/catalog/allies.go
	c.applyCards(skills)
	c.grantItemSkills(skills)
	c.itemGrants(skills)
	c.resolveSpells()
	c.resolveMagic()
	c.resolveMounts()
	c.checkOutliers()
	if err := c.settle(); err != nil {
		return nil, err
	}
	c.Report.Problems = file.problems
	c.report()
	c.ds.Source = c.source()
	return c, nil
}

// isEmpty reports whether v is null, an empty list or an empty object.
func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// sizeOf says how much a top-level key holds: "3 entries", "an object".
func sizeOf(v any) string {
	switch x := v.(type) {
	case []any:
		if len(x) == 1 {
			return "1 entry"
		}
		return strconv.Itoa(len(x)) + " entries"
	case map[string]any:
		return "an object of " + strconv.Itoa(len(x)) + " keys"
	}
	return describe(v)
}

// notImportedWhy explains why a top-level key is not imported.
func notImportedWhy(key string) string {
	k := projectID(key)
	switch {
	case magicKey.MatchString(k):
		return "a key of magic this importer does not know"
	case mountKey.MatchString(k):
		return "mounted Safars are not modelled"
	case cardKey.MatchString(k):
		return "special cards are not modelled"
	}
	return "only factions, skills, profiles and equipment are read"
}

// Top-level keys about magic, mounts and special cards, in English or French.
var (
	magicKey = regexp.MustCompile(`magi|spell|sort|grimoire|voie`)
	mountKey = regexp.MustCompile(`mount|monture`)
	cardKey  = regexp.MustCompile(`special|carte|card|tacti`)
)

func (c *Conversion) readFactions(file *notes, x any) {
	for _, fo := range file.objects(x, "factions", "ignored", "ignored") {
		var id, name string
		if v, ok := fo.get("id"); ok {
			id, _ = file.str(v, fo.at("id"), "ignored")
		}
		if v, ok := fo.get("name"); ok && v != nil {
			name, _ = file.str(v, fo.at("name"), "ignored")
		}
		if v, ok := fo.get("openRecruitment"); ok && v != nil {
			// catalogue.md section 4.1: the faction's Spearheads also take the
			// generic profiles of other factions (profiles' list validation);
			// the exclusions and caps are not checked.
			file.problemf(fo.at("openRecruitment"), "open recruitment: any generic (LIM X) profile of another faction is allowed; its fromFactionIds, exclusions and caps are not checked by list validation")
		}
		for _, k := range []string{"logo", "nature", "notes"} {
			fo.get(k)
		}
		if id == "" {
			continue
		}
		c.factions[id] = name
		if _, ok := factionOf(id); !ok {
			file.problemf(fo.at("id"), "faction %q (%s) is not one of this project's: its profiles are not imported", id, name)
		}
	}
}

func (c *Conversion) readSkills(file *notes, top *object) map[string]catalogSkill {
	defs := make(map[string]catalogSkill)
	x, ok := top.get("skills")
	if !ok {
		return defs
	}
	for _, so := range file.objects(x, "skills", "no skill known", "ignored") {
		var id string
		var def catalogSkill
		if v, ok := so.get("id"); ok {
			id, _ = file.str(v, so.at("id"), "skill ignored")
		}
		if v, ok := so.get("keyword"); ok {
			def.keyword, _ = file.str(v, so.at("keyword"), "skill ignored")
		}
		if v, ok := so.get("hasValue"); ok {
			def.hasValue, _ = v.(bool)
		}
		// The rulebook says which skills are mandatory (French seed 004 lines
		// 1509-1572) and the catalogue's text is its own: both are left to the
		// skill keyword.
		so.get("obligatory")
		so.get("sourceText")
		if id == "" || def.keyword == "" {
			continue
		}
		if _, dup := defs[id]; dup {
			file.problemf(so.at("id"), "skill id %q given twice, the second ignored", id)
			continue
		}
		defs[id] = def
	}
	return defs
}

// assignIDs gives each entry to import its YAML id: its catalogue id in
// lower-case kebab-case, made unique among its kind.
func (c *Conversion) assignIDs() {
	used := make(map[string]bool)
	unique := func(base, kind string, i int) string {
		if base == "" {
			base = kind + "-" + strconv.Itoa(i)
		}
		id := base
		for n := 2; used[id]; n++ {
			id = base + "-" + strconv.Itoa(n)
		}
		used[id] = true
		return id
	}
	for i, e := range c.equipment {
		if e.catalogID != "" {
			if first, dup := c.equipByID[e.catalogID]; dup {
				e.problemf(e.path+".id", "id %q already used by %s: card not imported", e.catalogID, first.path)
				e.why = "duplicate id"
				continue
			}
			c.equipByID[e.catalogID] = e
		}
		if e.why == "" {
			e.id = unique(projectID(e.catalogID), "item", i)
		}
	}
	clear(used)
	for i, p := range c.profiles {
		if p.catalogID != "" {
			if first, dup := c.profileByID[p.catalogID]; dup {
				p.problemf(p.path+".id", "id %q already used by %s: profile not imported", p.catalogID, first.path)
				p.why = "duplicate id"
				continue
			}
			c.profileByID[p.catalogID] = p
		}
		if p.why == "" {
			p.id = unique(projectID(p.catalogID), "profile", i)
		}
	}
}

// maxSettleRounds bounds the rounds of settle: each round drops at least one
// entry, reference or reservation the data format refuses.
const maxSettleRounds = 20

// settle resolves the references, renders the YAML and loads it back with
// profiles.LoadFS. What the loader still refuses (a case the converter did not
// foresee) is dropped and reported, and the files are written again, so that the
// result always loads.
func (c *Conversion) settle() error {
	for round := 0; ; round++ {
		c.resolve()
		c.Files = c.render()
		ds, err := c.load()
		if err == nil {
			c.ds = ds
			return nil
		}
		var errs profiles.Errors
		if !errors.As(err, &errs) || round == maxSettleRounds || !c.drop(errs) {
			return fmt.Errorf("%s: catalog: the converted data does not load (a bug of the converter):\n%w", c.name, err)
		}
	}
}

var loadField = regexp.MustCompile(`^(profiles|equipment|spells|mounts)\[([a-z0-9-]+)\](?:\.(equipment|reserved_to)\[(\d+)\])?`)

// drop removes what errs points at and reports whether it removed anything.
func (c *Conversion) drop(errs profiles.Errors) bool {
	dropped := false
	for _, e := range errs {
		m := loadField.FindStringSubmatch(e.Field)
		if m == nil {
			continue
		}
		msg := "the data format refuses it: " + e.Msg
		i, _ := strconv.Atoi(m[4])
		switch {
		case m[1] == "spells":
			for _, s := range c.spells {
				if s.id == m[2] && s.why == "" {
					s.problemf(s.path, "%s: spell not imported", msg)
					s.why, dropped = msg, true
				}
			}
		case m[1] == "mounts":
			for _, mt := range c.mounts {
				if mt.id == m[2] && mt.why == "" {
					mt.p.problemf(mt.path, "%s: mount not imported", msg)
					mt.why, dropped = msg, true
				}
			}
		case m[1] == "profiles":
			p := c.profileWithID(m[2])
			if p == nil {
				continue
			}
			if m[3] == "equipment" && i < len(p.rendered) {
				r := &p.refs[p.rendered[i]]
				if r.dropped == "" {
					r.dropped = msg
					p.problemf(r.path, "%s: left out of the base equipment", msg)
					dropped = true
				}
			} else if p.why == "" {
				p.problemf(p.path, "%s: profile not imported", msg)
				p.why = msg
				dropped = true
			}
		case m[1] == "equipment":
			eq := c.equipWithID(m[2])
			if eq == nil {
				continue
			}
			if m[3] == "reserved_to" && i < len(eq.reserved) {
				eq.problemf(eq.path+".reservedTo", "%s: %q left out", msg, eq.reserved[i])
				eq.notModelledf("reservedTo %q", eq.reserved[i])
				eq.refused = append(eq.refused, eq.reserved[i])
				dropped = true
			} else if eq.why == "" {
				eq.problemf(eq.path, "%s: card not imported", msg)
				eq.why = msg
				dropped = true
			}
		}
	}
	return dropped
}

func (c *Conversion) profileWithID(id string) *profileOut {
	for _, p := range c.profiles {
		if p.id == id && p.why == "" {
			return p
		}
	}
	return nil
}

func (c *Conversion) equipWithID(id string) *equipOut {
	for _, e := range c.equipment {
		if e.id == id && e.why == "" {
			return e
		}
	}
	return nil
}

// resolve maps the base equipment and the reservations to YAML ids, leaving out
// and reporting what is unknown, not imported, reserved to someone else or held
// against the rule of hands.
func (c *Conversion) resolve() {
	for _, e := range c.equipment {
		e.reserved, e.resolveProblems = nil, nil
		if e.why != "" {
			continue
		}
		if e.reservedSel != nil {
			c.resolveReserved(e)
		}
		for i, r := range e.reservedTo {
			path := index(e.path+".reservedTo", i)
			if f, ok := factionOf(r); ok {
				if f == profiles.NoFaction {
					e.resolveProblems = append(e.resolveProblems, Problem{c.name, path, fmt.Sprintf("reserved to %q, the free warriors: not a faction of the data format, left out", r)})
					continue
				}
				e.addReserved(f)
				continue
			}
			if p, ok := c.profileByID[r]; ok && p.why == "" {
				e.addReserved(p.id)
				continue
			}
			e.resolveProblems = append(e.resolveProblems, Problem{c.name, path, fmt.Sprintf("reserved to %q, neither a faction nor an imported profile: left out", r)})
		}
	}
	for _, p := range c.profiles {
		p.resolveProblems = nil
		if p.why != "" {
			continue
		}
		var shield, twoHanded *ref
		for i := range p.refs {
			r := &p.refs[i]
			r.id = ""
			if r.dropped != "" {
				continue
			}
			e, ok := c.equipByID[r.catalogID]
			switch {
			case !ok:
				p.resolveProblems = append(p.resolveProblems, Problem{c.name, r.path, fmt.Sprintf("unknown equipment %q, left out", r.catalogID)})
				continue
			case e.why != "":
				p.resolveProblems = append(p.resolveProblems, Problem{c.name, r.path,
					fmt.Sprintf("%q is not imported (%s): left out of the base equipment; the profile's cost still includes it", r.catalogID, e.why)})
				continue
			case !allowed(e, p):
				p.resolveProblems = append(p.resolveProblems, Problem{c.name, r.path,
					fmt.Sprintf("%q is reserved to %v: left out of the base equipment", r.catalogID, e.reserved)})
				continue
			}
			r.id = e.id
			switch {
			case e.kind == profiles.KindShield:
				shield = r
			case e.hands == 2 && e.kind != profiles.KindArmour:
				twoHanded = r
			}
		}
		if shield != nil && twoHanded != nil && !p.hasSkill(profiles.SkillExceptional) {
			// Rulebook "Number of hands" (English seed 000 line 1718).
			p.resolveProblems = append(p.resolveProblems, Problem{c.name, shield.path,
				fmt.Sprintf("two-handed %q and shield %q need the exceptional skill (hors-norme): the shield is left out of the base equipment", twoHanded.catalogID, shield.catalogID)})
			shield.id = ""
		}
	}
}

func (e *equipOut) addReserved(id string) {
	if !slices.Contains(e.reserved, id) && !slices.Contains(e.refused, id) {
		e.reserved = append(e.reserved, id)
	}
}

// allowed reports whether p may take e (profiles.Equipment.AllowedTo).
func allowed(e *equipOut, p *profileOut) bool {
	return len(e.reserved) == 0 || slices.Contains(e.reserved, p.faction) || slices.Contains(e.reserved, p.id)
}

func (p *profileOut) hasSkill(name string) bool {
	return slices.ContainsFunc(p.skills, func(s skillOut) bool { return s.name == name })
}

// report fills c.Report.Entries, equipment first, in catalogue order.
func (c *Conversion) report() {
	c.Report.SpecialCards = c.cardEntries() // listrules.go
	for _, e := range c.equipment {
		if e.why != "" && len(e.notModelled) == 0 {
			// Nothing of the card is modelled: its text is listed as it is.
			for _, p := range splitPhrases(e.effectsText) {
				e.notModelledf("%q", p)
			}
		}
		en := c.entry("equipment", e.path, e.catalogID, e.id, e.name, e.why, &e.notes, append(slices.Clone(e.problems), e.resolveProblems...))
		en.Group = string(e.kind)
		if en.Group == "" {
			en.Group = e.category
		}
		c.Report.Entries = append(c.Report.Entries, en)
	}
	for _, s := range c.spells {
		en := c.entry("spell", s.path, s.catalogID, s.id, s.name, s.why, &s.notes, s.problems)
		en.Group = string(s.way)
		if en.Group == "" {
			en.Group = string(s.kind)
		}
		c.Report.Entries = append(c.Report.Entries, en)
	}
	for _, m := range c.mounts {
		en := c.entry("mount", m.path, m.catalogID, m.id, m.name, m.why, &m.p.notes, m.p.problems)
		en.Group = m.kind
		c.Report.Entries = append(c.Report.Entries, en)
	}
	counts := map[string]int{}
	for _, p := range c.profiles {
		en := c.entry("profile", p.path, p.catalogID, p.id, p.name, p.why, &p.notes, append(slices.Clone(p.problems), p.resolveProblems...))
		en.Group = p.faction
		if en.Group == "" {
			en.Group = p.factionID
		}
		c.Report.Entries = append(c.Report.Entries, en)
		if p.why == "" {
			for _, s := range p.skills {
				counts[s.name]++
			}
			for _, t := range p.traits {
				counts["trait:"+t]++
			}
		}
	}
	for _, s := range profiles.Skills() {
		n := counts[s.Name]
		if s.Name == "" {
			n = counts["trait:"+s.Trait]
			if s.Trait == profiles.TraitAlliedOf {
				for k, v := range counts {
					if strings.HasPrefix(k, "trait:"+profiles.TraitAlliedOf) {
						n += v
					}
				}
			}
		}
		c.Report.skills = append(c.Report.skills, JSONSkillStatus{ID: s.ID, Name: s.Name, Class: string(s.Class), Engine: s.Engine.String(), Profiles: n})
	}
}

func (c *Conversion) entry(kind, path, catalogID, id, name, why string, n *notes, problems []Problem) Entry {
	notModelled := n.notModelled
	e := Entry{Kind: kind, Path: path, CatalogID: catalogID, ID: id, Name: name,
		NotModelled: slices.Clone(notModelled), Magic: slices.Clone(n.magic), NoEffect: slices.Clone(n.noEffect),
		Problems: problems}
	switch {
	case why != "":
		e.Status, e.ID, e.Reason = NotImported, "", why
		said := slices.ContainsFunc(problems, func(p Problem) bool { return strings.HasSuffix(p.Msg, "not imported") })
		if !said {
			e.Problems = append(e.Problems, Problem{File: c.name, Path: path, Msg: "not imported: " + why})
		}
	case len(notModelled) > 0:
		e.Status = Partly
	}
	return e
}

// DataSet returns the converted data, loaded with profiles.LoadFS from c.Files
// (which Convert made sure load with no error). Its Source is the catalogue's file
// name. The DataSet is shared: callers must not modify it.
func (c *Conversion) DataSet() *profiles.DataSet { return c.ds }

// load loads c.Files with profiles.LoadFS.
func (c *Conversion) load() (*profiles.DataSet, error) {
	fsys := fstest.MapFS{}
	for _, f := range c.Files {
		fsys["catalog/"+f.Name] = &fstest.MapFile{Data: f.Data}
	}
	ds, err := profiles.LoadFS(fsys, "catalog")
	if err != nil {
		return nil, err
	}
	ds.Source = c.name
	if c.Report.Version != "" {
		ds.Source += " (catalogue " + c.Report.Version + ")"
	}
	return ds, nil
}

// source names the data of c for results, saying how much of it is modelled:
// "catalog.json (catalogue 1.2; 8 cards partly modelled, 5 not imported: kharn
// import catalog catalog.json)".
func (c *Conversion) source() string {
	s := c.name + " ("
	if c.Report.Version != "" {
		s += "catalogue " + c.Report.Version + "; "
	}
	partly, none := 0, 0
	for _, k := range []string{"profile", "equipment"} {
		_, _, p, x := c.Report.Count(k)
		partly, none = partly+p, none+x
	}
	if partly+none == 0 {
		return s + "every card modelled)"
	}
	return s + fmt.Sprintf("%s partly modelled, %d not imported: kharn import catalog %s)", itemCount(partly, "card"), none, c.name)
}

// Load converts the catalogue file at path in memory and returns its data set,
// validated by profiles.LoadFS, with the conversion's report.
func Load(path string) (*profiles.DataSet, *Report, error) {
	c, err := ConvertFile(path)
	if err != nil {
		return nil, nil, err
	}
	return c.DataSet(), c.Report, nil
}

// WriteDir writes the YAML files to dir, creating it if needed, and returns the
// paths written.
func (c *Conversion) WriteDir(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for _, f := range c.Files {
		p := filepath.Join(dir, f.Name)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}
