package profiles

import (
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// A source reads data files from the operating system or from an fs.FS.
type source interface {
	stat(name string) (fs.FileInfo, error)
	readFile(name string) ([]byte, error)
	walkDir(root string, fn fs.WalkDirFunc) error
	clean(name string) string
}

type osSource struct{}

func (osSource) stat(name string) (fs.FileInfo, error)        { return os.Stat(name) }
func (osSource) readFile(name string) ([]byte, error)         { return os.ReadFile(name) }
func (osSource) walkDir(root string, fn fs.WalkDirFunc) error { return filepath.WalkDir(root, fn) }
func (osSource) clean(name string) string                     { return filepath.Clean(name) }

type fsSource struct{ fsys fs.FS }

func (s fsSource) stat(name string) (fs.FileInfo, error)        { return fs.Stat(s.fsys, name) }
func (s fsSource) readFile(name string) ([]byte, error)         { return fs.ReadFile(s.fsys, name) }
func (s fsSource) walkDir(root string, fn fs.WalkDirFunc) error { return fs.WalkDir(s.fsys, root, fn) }
func (fsSource) clean(name string) string                       { return path.Clean(name) }

// Load reads the data files named by paths, each a YAML file or a directory whose
// *.yaml and *.yml files (in sub-directories too, except hidden ones and the
// "lists" and "scenarios" directories, which hold Spearhead lists and scenarios) are read in
// lexical order, and merges them into one validated DataSet: a profile may refer
// to equipment defined in another file. A file holds either one profile or lists
// under "profiles:" and/or "equipment:".
//
// On any problem Load returns a nil DataSet and an Errors listing every problem
// found, each with its file, line, column and field. Loading no path gives an
// empty DataSet.
func Load(paths ...string) (*DataSet, error) {
	return load(osSource{}, paths)
}

// LoadFS is like Load but reads paths, slash-separated, from fsys.
func LoadFS(fsys fs.FS, paths ...string) (*DataSet, error) {
	return load(fsSource{fsys}, paths)
}

func isYAML(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".yaml" || ext == ".yml"
}

// pathError turns an error of the file system into an Error at file name.
func pathError(name string, err error) Error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return Error{Pos: Pos{File: name}, Msg: err.Error()}
}

// notProfileDirs are the subdirectories of a data directory that hold other
// documents than profiles and equipment (as profiles/data does): Spearhead lists
// and scenarios. Loading a data directory skips them.
var notProfileDirs = map[string]bool{"lists": true, "scenarios": true}

func load(src source, paths []string) (*DataSet, error) {
	var (
		errs  Errors
		files []fileData
		read  = make(map[string]bool)
	)
	readFile := func(name string) {
		if read[src.clean(name)] {
			return
		}
		read[src.clean(name)] = true
		data, err := src.readFile(name)
		if err != nil {
			errs = append(errs, pathError(name, err))
			return
		}
		fd, ferrs := decodeFile(name, data)
		files = append(files, fd)
		errs = append(errs, ferrs...)
	}
	for _, p := range paths {
		info, err := src.stat(p)
		if err != nil {
			errs = append(errs, pathError(p, err))
			continue
		}
		if !info.IsDir() {
			readFile(p)
			continue
		}
		found := 0
		err = src.walkDir(p, func(name string, de fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, pathError(name, err))
				return nil
			}
			if de.IsDir() {
				if name != p && (strings.HasPrefix(de.Name(), ".") || notProfileDirs[de.Name()]) {
					return fs.SkipDir
				}
				return nil
			}
			if isYAML(de.Name()) {
				found++
				readFile(name)
			}
			return nil
		})
		if err != nil {
			errs = append(errs, pathError(p, err))
		}
		if found == 0 {
			errs = append(errs, Error{Pos: Pos{File: p}, Msg: "directory holds no .yaml or .yml file"})
		}
	}
	ds, berrs := build(files)
	errs = append(errs, berrs...)
	if err := errs.err(); err != nil {
		return nil, err
	}
	ds.Source = strings.Join(paths, ", ")
	return ds, nil
}

// build merges the files into a DataSet and runs the cross-file checks: unique
// ids, equipment references, reservations and hands.
func build(files []fileData) (*DataSet, Errors) {
	var errs Errors
	ds := &DataSet{}
	items := make(map[string]*equipEntry)
	profiles := make(map[string]*profileEntry)
	for _, f := range files {
		for e := range claimIDs(&errs, items, "equipment", f.equipment) {
			ds.Equipment = append(ds.Equipment, e.e)
		}
		for p := range claimIDs(&errs, profiles, "profile", f.profiles) {
			ds.Profiles = append(ds.Profiles, p.p)
		}
	}

	spells := make(map[string]*spellEntry)
	for _, f := range files {
		for e := range claimIDs(&errs, spells, "spell", f.spells) {
			ds.Spells = append(ds.Spells, e.s)
		}
	}

	mounts := make(map[string]*mountEntry)
	for _, f := range files {
		for e := range claimIDs(&errs, mounts, "mount", f.mounts) {
			ds.Mounts = append(ds.Mounts, e.m)
		}
	}

	// reserved_to names factions or profiles.
	targets := SpearheadFactions()
	for _, p := range ds.Profiles {
		targets = append(targets, p.ID)
	}
	for _, f := range files {
		var reserved [][]ref
		for _, e := range f.equipment {
			reserved = append(reserved, e.reserved)
		}
		for _, e := range f.spells {
			reserved = append(reserved, e.reserved)
		}
		for _, rs := range reserved {
			for _, r := range rs {
				if !slices.Contains(targets, r.id) {
					errs = append(errs, Error{Pos: r.pos, Field: r.path,
						Msg: fmt.Sprintf("reserved_to %q is neither a faction nor a profile id%s", r.id, didYouMean(Closest(r.id, targets, 3)))})
				}
			}
		}
	}

	for _, f := range files {
		for _, e := range f.mounts {
			for _, r := range e.excluded {
				if !slices.Contains(targets, r.id) || slices.Contains(SpearheadFactions(), r.id) {
					errs = append(errs, Error{Pos: r.pos, Field: r.path,
						Msg: fmt.Sprintf("excluded %q is not a profile id%s", r.id, didYouMean(Closest(r.id, targets, 3)))})
				}
			}
		}
	}

	lookup := func(id string) *Equipment {
		if e, ok := items[id]; ok {
			return e.e
		}
		return nil
	}
	ids, spellIDs := ds.itemIDs(), ds.spellIDs()
	lookupSpell := func(id string) *Spell {
		if e, ok := spells[id]; ok {
			return e.s
		}
		return nil
	}
	for _, f := range files {
		for _, p := range f.profiles {
			errs = append(errs, checkProfileEquipment(p, lookup, ids)...)
			errs = append(errs, checkProfileMagic(p, lookupSpell, spellIDs)...)
			if m := p.p.Magic; m != nil {
				m.Known = make([]*Spell, len(m.Spells))
				for i, id := range m.Spells {
					m.Known[i] = lookupSpell(id)
				}
			}
		}
	}
	return ds, errs
}

// idEntry is a decoded entry of a data file that has an id: equipment, a
// profile, a spell, a mount.
type idEntry interface {
	// id gives its id ("" for none) and its field path.
	id() (id, path string)
	// at is where its id is written.
	at() Pos
}

// claimIDs yields, in order, each entry of es that claimID records in seen
// (or that has no id); the error of each duplicate id is appended to errs
// instead.
func claimIDs[E idEntry](errs *Errors, seen map[string]E, kind string, es []E) iter.Seq[E] {
	return func(yield func(E) bool) {
		for _, e := range es {
			if dup, ok := claimID(seen, kind, e); !ok {
				*errs = append(*errs, dup)
				continue
			}
			if !yield(e) {
				return
			}
		}
	}
}

// claimID records entry under its id in seen and reports true; when seen
// already holds the id it returns the error of a duplicate kind id, at the
// id of entry (its field path's id) and naming where the first one is
// defined, and false. An entry with no id is not recorded.
func claimID[E idEntry](seen map[string]E, kind string, entry E) (Error, bool) {
	id, path := entry.id()
	if id == "" {
		return Error{}, true
	}
	if first, ok := seen[id]; ok {
		return Error{Pos: entry.at(), Field: join(path, "id"),
			Msg: fmt.Sprintf("duplicate %s id %q (first defined at %s)", kind, id, first.at())}, false
	}
	seen[id] = entry
	return Error{}, true
}

// id gives the id of the equipment and its field path.
func (e *equipEntry) id() (id, path string) { return e.e.ID, e.path }

// id gives the id of the profile and its field path.
func (p *profileEntry) id() (id, path string) { return p.p.ID, p.path }

// id gives the id of the spell and its field path.
func (e *spellEntry) id() (id, path string) { return e.s.ID, e.path }

// id gives the id of the mount and its field path.
func (e *mountEntry) id() (id, path string) { return e.m.ID, e.path }

// at is where the id of the equipment is written.
func (e *equipEntry) at() Pos { return posOf(e.idPos, e.e.Pos) }

// at is where the id of the profile is written.
func (p *profileEntry) at() Pos { return posOf(p.idPos, p.p.Pos) }

// at is where the id of the spell is written.
func (e *spellEntry) at() Pos { return posOf(e.idPos, e.s.Pos) }

// unknown is the error of a reference to no known kind ("equipment",
// "spell"), with the closest of ids as a suggestion.
func (r ref) unknown(kind string, ids []string) Error {
	return Error{Pos: r.pos, Field: r.path, Msg: fmt.Sprintf("unknown %s %q%s", kind, r.id, didYouMean(Closest(r.id, ids, 3)))}
}

// reserved is the error of a reference to a kind reserved to others (to, its
// reserved_to) than the profile that names it.
func (r ref) reserved(kind string, to []string) Error {
	return Error{Pos: r.pos, Field: r.path, Msg: fmt.Sprintf("%s %q is reserved to %s", kind, r.id, strings.Join(to, ", "))}
}

// posOf returns p, or fallback when p is unknown.
func posOf(p, fallback Pos) Pos {
	if p.Line == 0 {
		return fallback
	}
	return p
}

// checkProfileEquipment resolves the base equipment of p with lookup and checks
// reservations and hands.
func checkProfileEquipment(p *profileEntry, lookup func(string) *Equipment, ids []string) Errors {
	var errs Errors
	var twoHanded, shield *ref
	for i, r := range p.refs {
		e := lookup(r.id)
		if e == nil {
			errs = append(errs, r.unknown("equipment", ids))
			continue
		}
		if !e.AllowedTo(p.p) {
			errs = append(errs, r.reserved("equipment", e.ReservedTo))
		}
		switch {
		case e.Kind == KindShield:
			shield = &p.refs[i]
		case e.Hands == 2 && e.Kind != KindArmour:
			twoHanded = &p.refs[i]
		}
	}
	errs = append(errs, refSlotProblems(p, lookup)...) // copies.go
	if twoHanded != nil && shield != nil {
		if _, ok := p.p.Skill(SkillExceptional); !ok {
			errs = append(errs, Error{Pos: shield.pos, Field: shield.path,
				Msg: fmt.Sprintf("two-handed %q and shield %q need the exceptional skill (rulebook \"Number of hands\")", twoHanded.id, shield.id)})
		}
	}
	return errs
}
