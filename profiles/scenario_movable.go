package profiles

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Movable objects (issue #11, "Throwing an object", seed 000 lines
// 1029-1062, seed 004 lines 992-1027): the bottles, stools and stones of the
// rulebook's "List of objects to be thrown" lying on the table, which a Safar
// picks up ("Dropping/picking up: 1 AP/ZOC", seed 000 line 1161, seed 004
// line 1112) and throws. A scenario file lists them under movable:
//
//	movable:
//	  - {kind: stone, x: 4, y: 7.5}
//	  - {kind: bottle, x: 11, y: 7, name: wine bottle}
//
// kind is one of MovableKindIDs; x and y its place on the table, in toises;
// name (optional) names it in traces. Each has the table's values
// (MovableKinds); the engine's reading is in sim/throw.go.
type Movable struct {
	Kind string // an id of MovableKinds
	Name string
	X, Y float64
	Pos  Pos
	at   int // its index in the file's list, for errors
}

// ThrowEffect is the effect column of the table of objects to throw.
type ThrowEffect uint8

// The effects of a thrown object on the Safar it hits (seed 000 lines
// 1050-1060, seed 004 lines 1017-1027).
const (
	ThrowNoEffect    ThrowEffect = iota // "None", or the column left empty
	ThrowBleeding                       // "Bleeding X/1 turn": EffectValue HP at its next activation
	ThrowFallsOnCH                      // "The victim falls to the ground in case of CH"
	ThrowAPLossOnCH                     // "The victim loses 2 AP in case of CH": EffectValue AP
	ThrowDazedOnCH                      // "Target dazed in case of CH"
	ThrowArmourBoxes                    // "-3 armour lifespan boxes": EffectValue boxes
	// The effects not played: their kinds are refused in a scenario file
	// (MovableKind.NotModelled).
	ThrowNoShootingZOC // "It's impossible to shoot in the target's ZOC (1 turn)"
	ThrowReach         // "Reach 1 for melee attacks": the tool wielded, not thrown
	ThrowTemplate      // "1 card pattern / split defence"
)

// MovableKind is one row of the rulebook's table of objects to throw (seed
// 000 lines 1050-1060, seed 004 lines 1017-1027): the throw's difficulty
// modifier and the C it needs ("+5/C min 5"), its damage and the P needed to
// lift it ("Damage / needed P": "4/3" is damage 4, P 3; a single value is
// both), its effect and its structure points.
type MovableKind struct {
	ID, Name    string
	Modifier    int // added to the throw's difficulty, 12
	MinC        int // the thrower's C must be at least this, 0: any
	Damage      int
	Power       int // the P needed to pick it up, carry and throw it
	Effect      ThrowEffect
	EffectValue int // bleeding X, AP lost, armour boxes
	Structure   int // SP
	// NotModelled, when not empty, says why a scenario may not hold it: its
	// effect is not played.
	NotModelled string
}

// MovableKinds is the table of objects to throw, in the rulebook's order.
var MovableKinds = []MovableKind{
	{ID: "small-object", Name: "small object (under 1 kg)", Modifier: -2, Damage: 2, Power: 2, Structure: 1},
	{ID: "bottle", Name: "bottle", Modifier: -1, Damage: 2, Power: 2, Effect: ThrowBleeding, EffectValue: 2, Structure: 1},
	{ID: "stool", Name: "stool/chair", Damage: 3, Power: 3, Structure: 2},
	{ID: "bucket", Name: "bucket/keg", Damage: 3, Power: 3, Effect: ThrowFallsOnCH, Structure: 2},
	{ID: "barrel", Name: "barrel/crate/chest", Modifier: 1, Damage: 4, Power: 3, Effect: ThrowAPLossOnCH, EffectValue: 2, Structure: 2},
	{ID: "grain-bag", Name: "grain bag", Modifier: 1, Damage: 3, Power: 3, Effect: ThrowNoShootingZOC, Structure: 1,
		NotModelled: "its effect, no shooting into the target's zone of control for 1 turn, is not played"},
	{ID: "farming-tool", Name: "farming tool", Damage: 3, Power: 3, Effect: ThrowReach, Structure: 2,
		NotModelled: "its Reach 1 in melee, the tool wielded, is not played"},
	{ID: "anvil", Name: "anvil", Modifier: 5, MinC: 5, Damage: 8, Power: 6, Effect: ThrowArmourBoxes, EffectValue: 3, Structure: 12},
	{ID: "table", Name: "table", Modifier: 3, MinC: 4, Damage: 6, Power: 5, Effect: ThrowTemplate, Structure: 6,
		NotModelled: "its 1-card template and split defence are not played"},
	{ID: "stone", Name: "stone", Damage: 3, Power: 3, Effect: ThrowBleeding, EffectValue: 1, Structure: 10},
	{ID: "big-stone", Name: "big stone (over 3 kg)", Modifier: 2, Damage: 5, Power: 3, Effect: ThrowDazedOnCH, Structure: 12},
}

// MovableKindIDs lists the ids of MovableKinds a scenario may hold (those
// whose effect is played).
var MovableKindIDs = func() []string {
	var ids []string
	for _, k := range MovableKinds {
		if k.NotModelled == "" {
			ids = append(ids, k.ID)
		}
	}
	return ids
}()

// MovableKindOf returns the row of MovableKinds of id, nil for none.
func MovableKindOf(id string) *MovableKind {
	for i := range MovableKinds {
		if MovableKinds[i].ID == id {
			return &MovableKinds[i]
		}
	}
	return nil
}

// maxMovables bounds the movable objects of a scenario.
const maxMovables = 32

var movableFields = []string{"kind", "x", "y", "name"}

// movables decodes movable: a sequence of movable objects, placed on the
// table by checkMovables once the table is read. It returns the node of each
// object decoded.
func (d *decoder) movables(s *Scenario, n *yaml.Node) []*yaml.Node {
	elems, _ := d.sequence(n, "movable")
	if len(elems) > maxMovables {
		d.errorf(deref(n), "movable", "at most %d movable objects, got %d", maxMovables, len(elems))
		return nil
	}
	var nodes []*yaml.Node
	for i, e := range elems {
		if m, ok := d.movable(e, index("movable", i)); ok {
			m.at = i
			s.Movable = append(s.Movable, m)
			nodes = append(nodes, deref(e))
		}
	}
	return nodes
}

// movable decodes one movable object; ok is false when it is broken.
func (d *decoder) movable(n *yaml.Node, path string) (Movable, bool) {
	var m Movable
	e, ok := d.entry(n, path)
	if !ok {
		return m, false
	}
	m.Pos = e.pos
	for f, field := range e.keys() {
		good := true
		switch f.key {
		case "kind":
			m.Kind, good = d.stringValue(f.v, field)
			if good {
				good = d.movableKind(f.v, field, m.Kind)
			}
		case "x":
			m.X, good = d.numberValue(f.v, field)
		case "y":
			m.Y, good = d.numberValue(f.v, field)
		case "name":
			m.Name, good = d.stringValue(f.v, field)
		default:
			d.unknown(f.k, field, f.key, movableFields)
		}
		ok = ok && good
	}
	if !e.require("kind", "x", "y") {
		ok = false
	}
	return m, ok
}

// movableKind checks that id names a kind of the table whose effect is
// played.
func (d *decoder) movableKind(n *yaml.Node, field, id string) bool {
	k := MovableKindOf(id)
	switch {
	case k == nil:
		d.errorf(deref(n), field, "unknown movable object kind %q%s (want %s: seed 000 lines 1050-1060)", id,
			didYouMean(Closest(id, MovableKindIDs, 1)), strings.Join(MovableKindIDs, ", "))
		return false
	case k.NotModelled != "":
		d.errorf(deref(n), field, "movable object kind %q: not modelled: %s (kinds played: %s)", id, k.NotModelled,
			strings.Join(MovableKindIDs, ", "))
		return false
	}
	return true
}

// checkMovables checks that every movable object lies on the table and that
// names differ.
func (d *decoder) checkMovables(s *Scenario, nodes []*yaml.Node) {
	var names []string
	for i, m := range s.Movable {
		path := index("movable", m.at)
		if m.X < 0 || m.Y < 0 || m.X > s.Width || m.Y > s.Height {
			d.errorf(nodes[i], path, "(%g, %g) is off the %g x %g table", m.X, m.Y, s.Width, s.Height)
		}
		if m.Name == "" {
			continue
		}
		if slices.Contains(names, m.Name) {
			d.errorf(nodes[i], join(path, "name"), "movable object %q named twice", m.Name)
		}
		names = append(names, m.Name)
	}
}

// String names the object in a trace: its name, else its kind.
func (m *Movable) String() string {
	if m.Name != "" {
		return m.Name
	}
	return m.Kind
}
