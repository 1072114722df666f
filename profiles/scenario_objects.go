package profiles

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Scenery objects (issue #11, section 3): "Safars rarely fight in a bare
// environment. They will often find themselves surrounded by inanimate
// objects ... roughly any movable scenery element. We will use structure
// points (SP) to represent their durability. An object with no SP left is
// considered as destroyed and will be removed from the game area" (seed 000
// lines 1066-1072, seed 004 lines 1029-1033). A terrain piece of a scenario
// file becomes such an object with structure points and, optionally, a name:
//
//	terrain:
//	  - {kind: impassable, height: 2, rect: {x: 6, y: 9, w: 3, h: 0.5}, name: barricade, structure: 6}
//	  - {kind: impassable, height: 0.5, circle: {x: 7.5, y: 7.5, r: 0.5}, name: chest, structure: 4}
//
// An object is scenery: its kind is cover or impassable (the ground kinds,
// difficult, loose, slippery and water, are no object); it blocks walks and
// sight as a piece of its kind and height does until it is destroyed. The
// relic may lie in an object (objectives.relic.in: chest): it can be picked up
// only once that object is destroyed. The engine's reading is in sim/objects.go.

// Bounds of an object's structure points: the table of objects to throw goes
// up to 12 (an anvil, seed 000 line 1058).
const maxStructure = 99

// IsObject reports whether the piece is a scenery object with structure
// points.
func (p *TerrainPiece) IsObject() bool { return p.Structure > 0 }

// objectField decodes the name or the structure points of a terrain piece.
func (d *decoder) objectField(p *TerrainPiece, f kv, field string) bool {
	switch f.key {
	case "name":
		v, ok := d.stringValue(f.v, field)
		p.Name = v
		return ok
	default: // structure
		v, ok := d.intIn(f.v, field, 1, maxStructure, fmt.Sprintf("structure points must be from 1 to %d (seed 000 lines 1066-1082)", maxStructure))
		p.Structure = v
		return ok
	}
}

// checkObjects checks the scenery objects of s: the kind of each, and the
// names of the pieces, which must differ.
func (d *decoder) checkObjects(s *Scenario, pieces []*yaml.Node) {
	names := map[string]int{}
	for i := range s.Terrain {
		p := &s.Terrain[i]
		path := index("terrain", i)
		if p.IsObject() && p.Kind != "cover" && p.Kind != "impassable" {
			d.errorf(pieces[i], join(path, "structure"), "a piece with structure points is a scenery object: kind cover or impassable, got %s (seed 000 line 1068: tables, chests, any movable scenery element)", p.Kind)
		}
		if p.Name == "" {
			continue
		}
		if j, dup := names[p.Name]; dup {
			d.errorf(pieces[i], join(path, "name"), "piece %q named twice (terrain[%d] too)", p.Name, j)
			continue
		}
		names[p.Name] = i
	}
}

// Object returns the index in Terrain of the object named name, -1 when no
// scenery object has that name.
func (s *Scenario) Object(name string) int {
	for i := range s.Terrain {
		if s.Terrain[i].IsObject() && s.Terrain[i].Name == name {
			return i
		}
	}
	return -1
}
