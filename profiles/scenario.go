package profiles

import (
	"embed"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Scenario is the battlefield of a skirmish (skirmish issue #4, section 2): the
// table, the round limit, the deployment strips and the terrain pieces, in
// toises (4 cm). A scenario file is one YAML mapping:
//
//	name: Ruins of the old fort
//	table: {width: 15, height: 15}   # 15 x 15 when left out (60 cm, rulebook "Game area")
//	rounds: 20                        # the round limit, 20 when left out
//	deployment: 3                     # depth of the strips along y = 0 and y = height; left out: the rules decide (3, 2 under --rules english)
//	terrain:
//	  - {kind: cover, height: 1.5, rect: {x: 3, y: 6, w: 3, h: 0.5}}   # corner x, y; size w, h
//	  - {kind: difficult, circle: {x: 7.5, y: 7.5, r: 1.5}}            # centre x, y; radius r
//	  - {kind: impassable, height: 4, circle: {x: 12, y: 5, r: 1}}
//	  - {kind: loose, rect: {x: 0, y: 7, w: 15, h: 1}}                 # sand, gravel, shallow water
//	  - {kind: slippery, circle: {x: 3, y: 11, r: 1}}                  # mud, ice
//	  - {kind: water, rect: {x: 6, y: 7, w: 3, h: 1}}                  # deep water: swimming
//	  - {kind: impassable, height: 2, rect: {x: 6, y: 9, w: 3, h: 0.5}, name: barricade, structure: 6}   # an object
//	scouts: false                     # the scenario forbids scouts (Scout X, seed 000 line 1654); true when left out
//	objectives: {markers: [{name: ford, x: 7.5, y: 7.5}]}              # optional: Objectives
//	gaps: [{between: [west roof, east roof]}]                          # optional: heights to jump between (Gap)
//	movable: [{kind: stone, x: 4, y: 7.5}]                            # optional: objects to throw (Movable)
//
// A piece may also be a door (door: true) and a door or an object may carry a
// lock (lock: true or a threshold): scenario_doors.go.
//
// Kinds are cover, difficult, impassable, loose, slippery and water
// (sim/field.Kind; the rulebooks' "Terrain modifiers", seed 000 lines 652-655,
// seed 004 lines 587-590); height is 0 when left out. Cover is scenery: up to
// 1.5 toises high a walk steps over it, taller it is climbed, stood on and
// fallen from (seed 000 lines 721-774; sim/climb.go). The sim/field package turns a Scenario into its Field: profiles does
// not import sim.
type Scenario struct {
	Name          string
	Width, Height float64 // table size in toises
	Rounds        int
	// Deployment is the depth of the deployment strips, in toises; 0 when the
	// file leaves it out: the rules decide (3 toises in the French rules, seed
	// 004 line 467; 2 in the English ones, seed 000 line 544).
	Deployment float64
	Terrain    []TerrainPiece
	// Objectives, when not nil, decide the winner by victory points
	// (scenario_objectives.go); nil: annihilation (the default).
	Objectives *Objectives
	// Gaps are the pairs of heights a Safar may jump between
	// (scenario_gaps.go).
	Gaps []Gap
	// Movable are the objects lying on the table that a Safar may pick up
	// and throw (scenario_movable.go).
	Movable []Movable
	Pos     Pos // where the scenario starts in its file

	// Deployment rules (skills.md #23). NoScouts: the file says "scouts:
	// false", the scenario forbids scouts, who deploy as usual (seed 000 line
	// 1654, seed 004 line 1524).
	NoScouts bool
}

// TerrainPiece is a terrain piece of a Scenario: a rectangle (corner X, Y and
// size W, H) or, when Circle is true, a circle (centre X, Y and radius R).
type TerrainPiece struct {
	Kind    string // "cover", "difficult", "impassable", "loose", "slippery" or "water"
	Height  float64
	Circle  bool
	X, Y    float64
	W, H, R float64
	// Name and Structure make the piece a scenery object (a barricade, a
	// door, a chest) with Structure structure points, 0: none, the piece
	// cannot be destroyed (scenario_objects.go).
	Name      string
	Structure int
	// Door makes the piece a door, closed at the start; Lock is the
	// threshold of its lock (or a scenery object's), 0: none
	// (scenario_doors.go).
	Door bool
	Lock int
	Pos  Pos
}

// Defaults of a scenario file: the standard table (rulebook "Game area", English
// seed 000 line 132: 60 cm, 15 toises), the deployment strips a file that leaves
// them out is checked against (the deeper reading, seed 004 line 467: 3 toises)
// and this toolkit's round limit (R16).
const (
	DefaultTableSize       = 15
	DefaultRounds          = 20
	DefaultDeploymentDepth = 3
)

// TerrainKinds lists the kinds of terrain pieces.
var TerrainKinds = []string{"cover", "difficult", "impassable", "loose", "slippery", "water"}

var (
	scenarioFields = []string{"name", "table", "rounds", "deployment", "terrain", "scouts", "objectives", "gaps", "movable"}
	tableFields    = []string{"width", "height"}
	pieceFields    = []string{"kind", "height", "rect", "circle", "name", "structure", "door", "lock"}
	rectFields     = []string{"x", "y", "w", "h"}
	circleFields   = []string{"x", "y", "r"}
)

// maxTableSize bounds the table side, in toises (40 m).
const maxTableSize = 1000

// LoadScenario reads the scenario file at path. On any problem it returns a nil
// Scenario and an Errors listing every problem, each formatted
// "file:line:col: field: message".
func LoadScenario(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, Errors{pathError(path, err)}
	}
	return ParseScenario(path, data)
}

// ParseScenario decodes the scenario file called name (used in error positions)
// from data. Decoding is strict (unknown fields, wrong types and missing fields
// are errors) and the scenario is validated: the table, the round limit and the
// deployment depth are positive, the two deployment strips do not overlap, every
// piece has a kind and exactly one shape of positive size lying on the table, and
// no impassable piece reaches into a deployment strip.
func ParseScenario(name string, data []byte) (*Scenario, error) {
	d := &decoder{file: name, budget: nodeBudget}
	s := d.scenarioFile(data)
	if err := d.errs.err(); err != nil {
		return nil, err
	}
	return s, nil
}

// scenarioFile decodes the one YAML document of a scenario file.
func (d *decoder) scenarioFile(data []byte) *Scenario {
	var s *Scenario
	if !d.oneDocument(data, "scenario", func(root *yaml.Node) { s = d.scenario(root) }) {
		return nil
	}
	if s == nil && len(d.errs) == 0 {
		d.errs = append(d.errs, Error{Pos: Pos{File: d.file, Line: 1},
			Msg: "empty scenario file: want a mapping with name and optionally table, rounds, deployment and terrain"})
	}
	return s
}

// scenario decodes and validates the top-level mapping of a scenario file.
func (d *decoder) scenario(root *yaml.Node) *Scenario {
	if root == nil || root.Kind != yaml.MappingNode {
		d.errorf(root, "", "want a scenario (a mapping with name, table, rounds, deployment and terrain), got %s", describe(root))
		return nil
	}
	fields, _ := d.mapping(root, "")
	s := &Scenario{Pos: d.pos(root), Width: DefaultTableSize, Height: DefaultTableSize,
		Rounds: DefaultRounds}
	present := make(map[string]bool)
	var deployment *yaml.Node
	var pieces, movables []*yaml.Node
	for _, f := range fields {
		present[f.key] = true
		switch f.key {
		case "name":
			s.Name, _ = d.stringValue(f.v, f.key)
		case "table":
			d.table(s, f.v)
		case "rounds":
			if v, ok := d.intIn(f.v, f.key, 1, 999, "rounds must be from 1 to 999"); ok {
				s.Rounds = v
			}
		case "deployment":
			if v, ok := d.positive(f.v, f.key, maxTableSize); ok {
				s.Deployment, deployment = v, deref(f.v)
			}
		case "terrain":
			elems, _ := d.sequence(f.v, f.key)
			for i, e := range elems {
				if p, ok := d.terrainPiece(e, index("terrain", i)); ok {
					s.Terrain = append(s.Terrain, p)
					pieces = append(pieces, deref(e))
				}
			}
		case "scouts":
			if v, ok := d.boolValue(f.v, f.key); ok {
				s.NoScouts = !v
			}
		case "objectives":
			s.Objectives = d.objectives(f.v)
		case "gaps":
			d.gaps(s, f.v) // scenario_gaps.go
		case "movable":
			movables = d.movables(s, f.v) // scenario_movable.go
		default:
			d.unknown(f.k, f.key, f.key, scenarioFields)
		}
	}
	d.require(root, "", present, "name")
	if 2*s.StripDepth() > s.Height {
		at := deployment
		if at == nil {
			at = root
		}
		d.errorf(at, "deployment", "the two deployment strips of %g toises overlap on a table %g toises deep", s.StripDepth(), s.Height)
	}
	for i := range s.Terrain {
		d.checkPiece(s, &s.Terrain[i], pieces[i], index("terrain", i))
	}
	d.checkObjects(s, pieces)    // scenario_objects.go
	d.checkDoors(s, pieces)      // scenario_doors.go
	d.checkGaps(s)               // scenario_gaps.go
	d.checkMovables(s, movables) // scenario_movable.go
	d.checkObjectives(s)
	return s
}

// positive decodes a number greater than 0 and at most hi.
func (d *decoder) positive(n *yaml.Node, field string, hi float64) (float64, bool) {
	v, ok := d.numberValue(n, field)
	if !ok {
		return 0, false
	}
	if v <= 0 || v > hi {
		d.errorf(deref(n), field, "must be more than 0 and at most %g toises, got %s", hi, deref(n).Value)
		return 0, false
	}
	return v, true
}

// table decodes table: {width, height}.
func (d *decoder) table(s *Scenario, n *yaml.Node) {
	fields, ok := d.mapping(n, "table")
	if !ok {
		return
	}
	present := make(map[string]bool)
	for _, f := range fields {
		present[f.key] = true
		field := join("table", f.key)
		switch f.key {
		case "width":
			if v, ok := d.positive(f.v, field, maxTableSize); ok {
				s.Width = v
			}
		case "height":
			if v, ok := d.positive(f.v, field, maxTableSize); ok {
				s.Height = v
			}
		default:
			d.unknown(f.k, field, f.key, tableFields)
		}
	}
	d.require(deref(n), "table", present, tableFields...)
}

// terrainPiece decodes one terrain piece; ok is false when it is too broken to
// be checked against the table.
func (d *decoder) terrainPiece(n *yaml.Node, path string) (TerrainPiece, bool) {
	var p TerrainPiece
	fields, ok := d.mapping(n, path)
	if !ok {
		return p, false
	}
	p.Pos = d.pos(deref(n))
	present := make(map[string]bool)
	ok = true
	for _, f := range fields {
		present[f.key] = true
		field := join(path, f.key)
		switch f.key {
		case "kind":
			v, good := d.stringValue(f.v, field)
			if good && !slices.Contains(TerrainKinds, v) {
				d.errorf(deref(f.v), field, "unknown terrain kind %q%s (want %s)", v,
					didYouMean(Closest(v, TerrainKinds, 1)), strings.Join(TerrainKinds, ", "))
				good = false
			}
			p.Kind, ok = v, ok && good
		case "height":
			v, good := d.numberValue(f.v, field)
			if good && v < 0 {
				d.errorf(deref(f.v), field, "height must not be negative, got %s", deref(f.v).Value)
				good = false
			}
			p.Height, ok = v, ok && good
		case "rect":
			ok = d.shape(f.v, field, rectFields, []*float64{&p.X, &p.Y, &p.W, &p.H}) && ok
		case "circle":
			p.Circle = true
			ok = d.shape(f.v, field, circleFields, []*float64{&p.X, &p.Y, &p.R}) && ok
		case "name", "structure":
			ok = d.objectField(&p, f, field) && ok // scenario_objects.go
		case "door", "lock":
			ok = d.doorField(&p, f, field) && ok // scenario_doors.go
		default:
			d.unknown(f.k, field, f.key, pieceFields)
		}
	}
	d.require(deref(n), path, present, "kind")
	switch {
	case present["rect"] && present["circle"]:
		d.errorf(deref(n), path, "a piece is a rect or a circle, not both")
		ok = false
	case !present["rect"] && !present["circle"]:
		d.errorf(deref(n), path, "missing field \"rect\" or \"circle\"")
		ok = false
	}
	return p, ok && present["kind"]
}

// shape decodes the mapping of a rect (x, y, w, h) or a circle (x, y, r) into
// dst, in the order of names; sizes (all but x and y) must be positive.
func (d *decoder) shape(n *yaml.Node, path string, names []string, dst []*float64) bool {
	fields, ok := d.mapping(n, path)
	if !ok {
		return false
	}
	present := make(map[string]bool)
	for _, f := range fields {
		field := join(path, f.key)
		i := slices.Index(names, f.key)
		if i < 0 {
			d.unknown(f.k, field, f.key, names)
			ok = false
			continue
		}
		present[f.key] = true
		var v float64
		var good bool
		if i < 2 {
			v, good = d.numberValue(f.v, field)
		} else {
			v, good = d.positive(f.v, field, maxTableSize)
		}
		*dst[i], ok = v, ok && good
	}
	return d.require(deref(n), path, present, names...) && ok
}

// checkPiece checks that p lies on the table and, when impassable, out of the
// deployment strips.
func (d *decoder) checkPiece(s *Scenario, p *TerrainPiece, n *yaml.Node, path string) {
	x0, y0, x1, y1 := p.X, p.Y, p.X+p.W, p.Y+p.H
	if p.Circle {
		x0, y0, x1, y1 = p.X-p.R, p.Y-p.R, p.X+p.R, p.Y+p.R
	}
	if x0 < 0 || y0 < 0 || x1 > s.Width || y1 > s.Height {
		d.errorf(n, path, "the piece spans x %g to %g and y %g to %g: off the %g x %g table", x0, x1, y0, y1, s.Width, s.Height)
		return
	}
	if dd := s.StripDepth(); p.Kind == "impassable" && (y0 < dd || y1 > s.Height-dd) {
		d.errorf(n, path, "impassable terrain in a deployment strip (y from 0 to %g or from %g to %g)",
			dd, s.Height-dd, s.Height)
	}
}

// StripDepth returns the depth the scenario's deployment strips are checked
// against: its own, or DefaultDeploymentDepth when it leaves the rules to decide.
func (s *Scenario) StripDepth() float64 {
	if s.Deployment > 0 {
		return s.Deployment
	}
	return DefaultDeploymentDepth
}

// The embedded scenarios: data/scenarios/*.yaml. The profiles' //go:embed
// data/*.yaml does not match this directory (a pattern does not recurse), which
// TestEmbeddedScenariosApart checks.
//
//go:embed data/scenarios/*.yaml
var embeddedScenarios embed.FS

const scenarioDir = "data/scenarios"

var defaultScenarios = sync.OnceValue(func() []*Scenario { return mustLoadScenarios(embeddedScenarios) })

func mustLoadScenarios(fsys fs.FS) []*Scenario {
	names, err := fs.Glob(fsys, scenarioDir+"/*.yaml")
	if err != nil || len(names) == 0 {
		panic("profiles: embedded scenario invalid: no file in " + scenarioDir)
	}
	var out []*Scenario
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err == nil {
			var s *Scenario
			if s, err = ParseScenario(name, data); err == nil {
				out = append(out, s)
				continue
			}
		}
		panic("profiles: embedded scenario invalid: " + err.Error())
	}
	return out
}

// DefaultScenarios returns the embedded scenarios, in the order of their file
// names: "hold the ford", "open ground", "ruins", "the relic", "the vault"
// and "watchtower" (heights to climb) on the 15 x 15 table, "tactik open" on 24
// x 24. They are illustrative, written for this project, not rulebook
// scenarios.
// They are loaded on the first call and shared: callers must not modify them.
//
// DefaultScenarios panics with "profiles: embedded scenario invalid: ..." if an
// embedded file does not validate, which the package tests rule out.
func DefaultScenarios() []*Scenario {
	return slices.Clone(defaultScenarios())
}
