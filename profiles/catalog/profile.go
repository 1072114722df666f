package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// profileOut is one profile card being converted.
type profileOut struct {
	notes
	path       string // JSON path: "profiles[3]"
	catalogID  string
	modelID    string
	id         string // the YAML id, once assigned
	name       string
	factionID  string // as the catalogue writes it
	faction    string
	level      int
	cost       int
	limitation string // "X3", "U", "P", or "" to leave out
	stats      [6]int // V P A C T I
	stature    int
	ap, hp     int
	mastery    [][]profiles.Field
	skills     []skillOut
	refs       []ref // base equipment, in card order
	armour     *profiles.ArmourStats
	traits     []string
	origin     string    // the people of a melting-pot faction's model
	nullStats  [6]bool   // characteristics printed null (not printed)
	statNotes  []string  // stat changes made by effects, for comments
	effects    []effect  // the card's structured effects
	rules      []string  // "label": text, for comments
	ruleLabels []string  // each rule's label as the report names it (rulesmap.go)
	magic      *magicOut // a caster's way and free spells, nil for others
	// allies are its grant-skill effects on other Safars, allyYAML their
	// grants_allies lines (profiles/catalog/allies.go).
	allies   []allyOut
	allyYAML []string
	// auras are its card rules read as aura grants (profiles/catalog/auras.go).
	auras []auraOut
	// conds are its skills held while an ally it names is in play, condYAML
	// their conditional_skills lines (profiles/catalog/conditional.go).
	conds    []condOut
	condYAML []string
	// counts are its stats recounted in play, countYAML their stat_counts
	// lines (profiles/catalog/allies.go).
	counts    []countOut
	countYAML []string
	// ruleFields are the profile fields a hand mapping gives it
	// (profiles/catalog/rulesmap.go).
	ruleFields []ruleField
	why        string // set when the profile is not imported
	// resolveProblems are the problems of the last resolve round.
	resolveProblems []Problem
	// rendered maps the base equipment written to YAML to indexes of refs.
	rendered []int

	// cardAttacks are its card rules mapped by hand to special attacks
	// (rulesmap.go), with where each comes from.
	cardAttacks []cardAttackOut
}

// ref is a base equipment id of a profile.
type ref struct {
	catalogID string
	path      string
	id        string // the YAML id, once resolved ("" when left out)
	dropped   string // why the data format refused it, if it did
	granted   bool   // given by a grant-equipment effect, not printed
}

// catalogSkill is an entry of the catalogue's skills list.
type catalogSkill struct {
	keyword  string
	hasValue bool
}

// readContext is what reading a profile needs from the rest of the catalogue.
type readContext struct {
	file     string
	skills   map[string]catalogSkill // by catalogue id
	factions map[string]string       // catalogue faction id -> name
}

// factionByName returns the project faction a catalogue writes by its display
// name or id ("Goûns " with a stray space, "Khârns"; skills.md #25).
func (ctx *readContext) factionByName(s string) (string, bool) {
	k := fold(s)
	for id, name := range ctx.factions {
		if fold(name) == k || projectID(id) == projectID(s) {
			return factionOf(id)
		}
	}
	return factionOf(s)
}

// skillID returns the catalogue skill id a folded skill name means ("" for
// none): a catalogue keyword, a table id, or a French keyword of vocab.go.
func (ctx *readContext) skillID(name string) string {
	for id, def := range ctx.skills {
		if fold(def.keyword) == name {
			return id
		}
	}
	if s, ok := profiles.SkillByID(projectID(name)); ok {
		return s.ID
	}
	if en, ok := skillName(name); ok {
		if s, ok := profiles.SkillByName(en); ok && s.ID != "" {
			return s.ID
		}
	}
	return ""
}

// convertProfile reads the profile card v at path.
func convertProfile(ctx *readContext, v any, path string) *profileOut {
	p := &profileOut{notes: notes{file: ctx.file}, path: path}
	o, ok := p.obj(v, path, "profile not imported")
	if !ok {
		p.why = "not an object"
		return p
	}
	notImported := func(field, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		p.problemf(field, "%s: profile not imported", msg)
		if p.why == "" {
			p.why = msg
		}
	}
	if x, ok := o.get("id"); ok {
		p.catalogID, _ = p.str(x, o.at("id"), "profile not imported")
	} else {
		p.problemf(path, "no id, profile not imported")
	}
	if p.catalogID == "" && p.why == "" {
		p.why = "no id"
	}
	if x, ok := o.get("modelId"); ok && x != nil {
		p.modelID, _ = p.str(x, o.at("modelId"), "ignored")
	}
	if x, ok := o.get("name"); ok {
		p.name, _ = p.str(x, o.at("name"), "the id is used as name")
	} else {
		p.problemf(o.at("name"), "missing, the id is used as name")
	}
	if p.name == "" {
		p.name = p.catalogID
	}
	if x, ok := o.get("factionId"); ok {
		p.factionID, _ = p.str(x, o.at("factionId"), "profile not imported")
	}
	if f, ok := factionOf(p.factionID); ok {
		p.faction = f
	} else {
		notImported(o.at("factionId"), "faction %q is not one of this project's (kharns, gouns, kherops, fangs, tembos, guilde-noire, affranchis)", p.factionID)
	}

	p.readMastery(o)
	p.readLevel(o)
	if x, ok := o.get("cost"); ok {
		if c, ok := p.whole(x, o.at("cost"), "read as 0"); ok {
			if c < 0 {
				p.problemf(o.at("cost"), "negative cost %d, read as 0", c)
				c = 0
			}
			p.cost = c
		}
	} else {
		p.problemf(o.at("cost"), "missing, read as 0")
	}
	p.readLimitation(o)
	p.readStats(o)
	for _, f := range []struct {
		key    string
		dst    *int
		lo, hi int
	}{{"stature", &p.stature, 0, 6}, {"pa", &p.ap, 1, 99}, {"pv", &p.hp, 1, 999}} {
		x, ok := o.get(f.key)
		if !ok || x == nil {
			notImported(o.at(f.key), "%s missing", f.key)
			continue
		}
		n, ok := p.whole(x, o.at(f.key), "profile not imported")
		if !ok {
			if p.why == "" {
				p.why = "bad " + f.key
			}
			continue
		}
		if n < f.lo || n > f.hi {
			notImported(o.at(f.key), "%s %d is outside %d..%d", f.key, n, f.lo, f.hi)
			continue
		}
		*f.dst = n
	}
	if x, ok := o.get("armor"); ok && x != nil {
		p.readArmour(x, o.at("armor"))
	}
	if x, ok := o.get("skills"); ok {
		p.readSkills(ctx, x, o.at("skills"))
	}
	if x, ok := o.get("baseEquipmentIds"); ok {
		for i, id := range p.ids(x, o.at("baseEquipmentIds")) {
			p.refs = append(p.refs, ref{catalogID: id, path: index(o.at("baseEquipmentIds"), i)})
		}
	}
	if x, ok := o.get("traits"); ok {
		for _, t := range p.ids(x, o.at("traits")) {
			// Traits are tags for selectors and carry no rule by themselves
			// (catalogue.md section 4.5): kept as traits.
			if tr, ok := traitOf(t); ok {
				p.addTrait(tr)
			} else if id := projectID(t); id != "" {
				p.addTrait(id)
			}
		}
	}
	if x, ok := o.get("rules"); ok {
		p.readRules(x, o.at("rules"))
	}
	p.readProfileExtras(ctx, o)
	for _, k := range o.unused() {
		p.problemf(o.at(k), "unknown field, not imported")
		p.notModelledf("field %q", k)
	}
	p.applyEffects(ctx)
	p.nullStatus()
	return p
}

// nullStatus keeps the characteristics printed null that no effect gave as
// not printed (catalogue.md 4.5): written ~, no action engages them (sim's
// Profile.NotPrinted), so nothing is left not modelled.
func (p *profileOut) nullStatus() {}

// listOnlyProfileFields are the profile fields only list building needs
// (catalogue.md section 6) or that are display only: read and left out.
var listOnlyProfileFields = []string{"limitation", "recruitment", "fixedBaseEquipmentIds", "notes",
	"cardImage", "icon", "unverifiedFields", "baseSize", "originChoices"}

// readProfileExtras reads the fields besides the stat line: origin, effects,
// base equipment counts, recruitment constraints ("allied of" through
// faction-membership), and consumes the list-only ones.
func (p *profileOut) readProfileExtras(ctx *readContext, o *object) {
	for _, k := range listOnlyProfileFields {
		o.get(k)
	}
	if x, ok := o.get("origin"); ok && x != nil {
		if s, ok := p.str(x, o.at("origin"), "ignored"); ok {
			if f, ok := factionOf(s); ok {
				p.origin = f
			} else {
				p.problemf(o.at("origin"), "origin %q is no faction, ignored", s)
			}
		}
	}
	p.readBaseCopies(o) // equipment_copies.go
	if x, ok := o.get("recruitment"); ok && x != nil {
		list, _ := p.list(x, o.at("recruitment"), "ignored")
		for i, c := range list {
			co, ok := c.(map[string]any)
			if !ok || co["type"] != "faction-membership" {
				continue // list building only
			}
			params, _ := co["params"].(map[string]any)
			allowed, _ := params["allowedFactions"].([]any)
			for j, a := range allowed {
				s, _ := a.(string)
				if f, ok := factionOf(s); ok && f != p.faction {
					p.addTrait(profiles.TraitAlliedOf + f)
				} else if !ok {
					p.problemf(index(index(o.at("recruitment"), i)+".params.allowedFactions", j), "%s is no faction, ignored", describe(a))
				}
			}
		}
	}
	if x, ok := o.get("effects"); ok && x != nil {
		p.effects = readEffects(&p.notes, x, o.at("effects"))
	}
}

// skillStatus records, for each skill of p, what the engine does with it
// (the table of skills): not modelled, magic, or no effect in a skirmish.
func (p *profileOut) skillStatus() {
	for _, sk := range p.skills {
		label := sk.name
		if sk.yamlValue() != "~" {
			label += " " + strings.Trim(sk.yamlValue(), `"`)
		}
		switch sk.engine {
		case profiles.NotModelled:
			why := "the engine does not play it"
			if sk.note != "" {
				why += ": " + sk.note
			}
			p.notModelledf("skill %s (%s)", label, why)
		case profiles.MagicOnly:
			p.magicf("skill %s", label)
		case profiles.NoSkirmishEffect:
			p.noEffectf("skill %s", label)
		}
	}
}

func (p *profileOut) readMastery(o *object) {
	x, ok := o.get("masteryDice")
	if !ok {
		return
	}
	dice, _ := p.list(x, o.at("masteryDice"), "no mastery dice")
	for i, d := range dice {
		dp := index(o.at("masteryDice"), i)
		if s, isStr := d.(string); isStr {
			d = []any{s} // one field written without its list
		}
		fields, _ := p.list(d, dp, "die left out")
		var die []profiles.Field
		for j, f := range fields {
			s, ok := p.str(f, index(dp, j), "left out")
			if !ok {
				continue
			}
			fl, ok := masteryField(s)
			if !ok {
				p.problemf(index(dp, j), "unknown mastery field %q (want offensive, defensive, tir, objectif, esoterique), left out", s)
				p.notModelledf("mastery field %q", s)
				continue
			}
			if !slices.Contains(die, fl) {
				die = append(die, fl)
			}
		}
		if len(die) == 0 {
			p.problemf(dp, "a mastery die with no field, left out")
			continue
		}
		p.mastery = append(p.mastery, die)
	}
}

// readLevel reads the level, 1 to 3. A card without one gets its number of
// mastery dice, "usually its level" (rulings.md R4).
func (p *profileOut) readLevel(o *object) {
	guess := min(max(len(p.mastery), 1), 3)
	x, ok := o.get("level")
	if !ok || x == nil {
		p.level = guess
		p.problemf(o.at("level"), "missing, read as %d (its number of mastery dice)", guess)
		return
	}
	l, ok := p.whole(x, o.at("level"), fmt.Sprintf("read as %d (its number of mastery dice)", guess))
	switch {
	case !ok:
		p.level = guess
	case l < 1 || l > 3:
		p.level = min(max(l, 1), 3)
		p.problemf(o.at("level"), "level %d, read as %d (levels are 1 to 3)", l, p.level)
	default:
		p.level = l
	}
}

// readLimitation reads {kind: X, value: 3}, {kind: U}, {kind: P} or {kind:
// special}; the data format has no special limitation.
func (p *profileOut) readLimitation(o *object) {
	x, ok := o.get("limitation")
	if !ok || x == nil {
		p.problemf(o.at("limitation"), "missing, left out")
		return
	}
	if s, isStr := x.(string); isStr {
		// "X3", "U", "P" as the cards print them.
		s = strings.ToUpper(strings.ReplaceAll(s, " ", ""))
		switch n, err := strconv.Atoi(strings.TrimPrefix(s, "X")); {
		case s == "U" || s == "P":
			p.limitation = s
		case strings.HasPrefix(s, "X") && err == nil && n >= 1 && n <= 999:
			p.limitation = "X" + strconv.Itoa(n)
		case s == "SPECIAL":
			p.noEffectf("limitation special (list building only)")
		default:
			p.problemf(o.at("limitation"), "%s is no limitation (want X<n>, U, P or special), left out", describe(x))
		}
		return
	}
	lo, ok := p.obj(x, o.at("limitation"), "left out")
	if !ok {
		return
	}
	kind := ""
	if k, ok := lo.get("kind"); ok {
		kind, _ = p.str(k, lo.at("kind"), "limitation left out")
	}
	switch strings.ToUpper(kind) {
	case "U", "P":
		p.limitation = strings.ToUpper(kind)
	case "X":
		v, _ := lo.get("value")
		n, ok := p.whole(v, lo.at("value"), "limitation left out")
		if ok && n >= 1 && n <= 999 {
			p.limitation = "X" + strconv.Itoa(n)
		} else if ok {
			p.problemf(lo.at("value"), "LIM X %d, limitation left out", n)
		}
	case "SPECIAL":
		p.noEffectf("limitation special (list building only)")
	case "":
	default:
		p.problemf(lo.at("kind"), "unknown limitation %q (want X, U, P or special), left out", kind)
		p.notModelledf("limitation %q", kind)
	}
	lo.get("value")
	lo.get("consumesSlotOf") // list building: the LIM P slot
	for _, k := range lo.unused() {
		p.problemf(lo.at(k), "unknown field, ignored")
	}
}

func (p *profileOut) readStats(o *object) {
	x, ok := o.get("stats")
	if !ok {
		p.problemf(o.at("stats"), "missing: profile not imported")
		p.why = "no stats"
		return
	}
	so, ok := p.obj(x, o.at("stats"), "profile not imported")
	if !ok {
		p.why = "bad stats"
		return
	}
	for i, k := range []string{"v", "p", "a", "c", "t", "i"} {
		v, ok := so.get(k)
		if !ok {
			v, ok = so.get(strings.ToUpper(k))
		}
		if !ok {
			p.problemf(so.at(k), "missing, read as 0")
			continue
		}
		if v == nil {
			// catalogue.md section 4.5: null is "not printed", not 0; an
			// effect may give it (applyEffects), otherwise nullStatus says.
			p.nullStats[i] = true
			continue
		}
		n, ok := p.whole(v, so.at(k), "read as 0")
		if !ok {
			continue
		}
		if n < 0 || n > 99 {
			c := min(max(n, 0), 99)
			p.problemf(so.at(k), "%d, read as %d (a characteristic is from 0 to 99)", n, c)
			n = c
		}
		p.stats[i] = n
	}
	for _, k := range so.unused() {
		p.problemf(so.at(k), "unknown characteristic, ignored")
		p.notModelledf("characteristic %q", k)
	}
}

// unwearable is the lifespan given to an armour printed without durability:
// the most the data format takes, more boxes than a skirmish ticks.
const unwearable = 99

// readArmour reads a natural armour printed on the card.
func (p *profileOut) readArmour(x any, path string) {
	ao, ok := p.obj(x, path, "armour not imported")
	if !ok {
		p.notModelledf("armor")
		return
	}
	a := &profiles.ArmourStats{}
	why := readProtection(&p.notes, ao, a)
	if why == "" {
		a.Boxes, why = readBoxes(&p.notes, ao)
		if why == "no durability" {
			// catalogue.md section 3.3: import it with a warning, as a natural
			// armour that does not wear out.
			a.Boxes, why = unwearable, ""
			p.problemf(path+".durability", "missing: read as a natural armour that does not wear out (%d boxes)", unwearable)
		}
	}
	if why != "" {
		p.problemf(path, "%s: natural armour not imported", why)
		p.notModelledf("armor (%s)", why)
		return
	}
	for _, k := range ao.unused() {
		p.problemf(ao.at(k), "unknown field, ignored")
	}
	p.armour = a
}

func (p *profileOut) readRules(x any, path string) {
	list, _ := p.list(x, path, "ignored")
	for i, e := range list {
		rp := index(path, i)
		var label, text string
		switch r := e.(type) {
		case map[string]any:
			ro := newObject(r, rp)
			if v, ok := ro.get("label"); ok && v != nil {
				label, _ = p.str(v, ro.at("label"), "ignored")
			}
			if v, ok := ro.get("text"); ok && v != nil {
				text, _ = p.str(v, ro.at("text"), "ignored")
			}
			for _, k := range ro.unused() {
				p.problemf(ro.at(k), "unknown field, ignored")
			}
		case string:
			text = r
		default:
			p.problemf(rp, "%s is not a rule, ignored", describe(e))
			continue
		}
		if label == "" && text == "" {
			continue
		}
		p.rules = append(p.rules, fmt.Sprintf("%q: %s", label, text))
		if strings.HasPrefix(path, "profiles[") && p.readAuraRule(text) {
			continue // pattern D, an aura grant (profiles/catalog/auras.go); a mount's rules are not
		}
		if label == "" {
			label = oneLine(text, 40)
		}
		p.ruleLabels = append(p.ruleLabels, label) // rulesmap.go
		p.notModelledf("rule %q", label)
	}
}
