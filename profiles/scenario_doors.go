package profiles

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Doors and locks (issue #11, section 3). The generic actions "Opening/
// closing: 1 AP/no difficulty. This action can only be performed on an object
// within the miniature zone of control" and "Picking a lock: 1 AP/ZOC/A+I+LD10
// >= 12 or as specified in the scenario" (seed 000 lines 1210-1218; seed 004
// lines 1104-1108 and 1172-1174) act on scenery the scenario file names:
//
//	terrain:
//	  - {kind: impassable, height: 2, rect: {x: 7, y: 7, w: 1, h: 0.3}, name: gate, door: true}
//	  - {kind: impassable, height: 2, rect: {x: 9, y: 7, w: 1, h: 0.3}, door: true, lock: 14, structure: 6}
//	  - {kind: impassable, height: 0.5, circle: {x: 7.5, y: 7.5, r: 0.4}, name: chest, structure: 2, lock: true}
//
// door: true makes the piece a door: closed, it stops walks and sight as an
// impassable piece of its height does; open, it is no obstacle. A door is
// impassable terrain. lock: true puts the book's lock on a door or a scenery
// object (a piece with structure points, a chest): A + I + LD10 >= 12;
// lock: N sets the scenario's threshold N ("or as specified in the
// scenario"). Seed 004 line 1104 prints "A+1" where the English prints
// "A+I"; the English glyph is read (the French OCR turns I into other
// glyphs: "{" for Convaincre, line 1090). The engine's reading is in
// sim/doors.go.

// DefaultLockThreshold is the threshold of "Picking a lock" when the scenario
// sets none: A + I + LD10 >= 12 (seed 000 line 1214).
const DefaultLockThreshold = 12

// maxLockThreshold bounds a scenario's lock threshold (as a relic's test).
const maxLockThreshold = 60

// doorField decodes the door or lock field of a terrain piece.
func (d *decoder) doorField(p *TerrainPiece, f kv, field string) bool {
	if f.key == "door" {
		v, ok := d.boolValue(f.v, field)
		p.Door = v
		return ok
	}
	s := deref(f.v)
	if s != nil && s.Kind == yaml.ScalarNode && s.ShortTag() == "!!bool" {
		v, ok := d.boolValue(f.v, field)
		if v {
			p.Lock = DefaultLockThreshold
		}
		return ok
	}
	if s == nil || s.Kind != yaml.ScalarNode || s.ShortTag() != "!!int" {
		d.typeErr(s, field, fmt.Sprintf("true (the book's lock, A + I + LD10 >= %d) or a threshold from 2 to %d", DefaultLockThreshold, maxLockThreshold))
		return false
	}
	v, ok := d.intIn(f.v, field, 2, maxLockThreshold, fmt.Sprintf("a lock's threshold must be from 2 to %d (A + I + LD10 against it; seed 000 line 1214)", maxLockThreshold))
	p.Lock = v
	return ok
}

// IsDoor reports whether the piece is a door.
func (p *TerrainPiece) IsDoor() bool { return p.Door }

// Locked reports whether the piece carries a lock.
func (p *TerrainPiece) Locked() bool { return p.Lock > 0 }

// checkDoors checks the doors and locks of s: a door is impassable terrain; a
// lock sits on a door or a scenery object.
func (d *decoder) checkDoors(s *Scenario, pieces []*yaml.Node) {
	for i := range s.Terrain {
		p := &s.Terrain[i]
		path := index("terrain", i)
		if p.Door && p.Kind != "impassable" {
			d.errorf(keyNode(pieces[i], "door"), join(path, "door"), "a door is kind impassable (closed, it stops walks: seed 000 line 1210), got %s", p.Kind)
		}
		if p.Locked() && !p.Door && !p.IsObject() {
			d.errorf(keyNode(pieces[i], "lock"), join(path, "lock"), "a lock needs a door (door: true) or a scenery object with structure points (a chest) to lock (seed 000 lines 1214-1218)")
		}
	}
}

// keyNode returns the key node of field key in mapping n, n itself when it
// has none: where an error about that field points.
func keyNode(n *yaml.Node, key string) *yaml.Node {
	if n != nil && n.Kind == yaml.MappingNode {
		for k := 0; k+1 < len(n.Content); k += 2 {
			if n.Content[k].Value == key {
				return n.Content[k]
			}
		}
	}
	return n
}
