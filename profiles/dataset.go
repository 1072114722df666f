package profiles

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

//go:embed data/*.yaml
var embedded embed.FS

// defaultData loads the embedded data once.
var defaultData = sync.OnceValue(func() *DataSet { return mustLoad(embedded, "data") })

// Default returns the embedded default data set (profiles/data/*.yaml), loaded
// and validated on the first call. Its values are illustrative, written for this
// project, not official card values (each file says which ones come from a
// rulebook). The DataSet is shared: callers must not modify it.
//
// Default panics with "profiles: embedded data invalid: ..." if the embedded data
// does not load, which the package tests rule out.
func Default() *DataSet { return defaultData() }

func mustLoad(fsys fs.FS, dir string) *DataSet {
	ds, err := LoadFS(fsys, dir)
	if err != nil {
		panic("profiles: embedded data invalid: " + err.Error())
	}
	ds.Source = "embedded default data"
	return ds
}

// Profile returns the profile with the given id, or an *UnknownIDError naming the
// closest ids: `unknown profile "paladn" (did you mean paladin-2, paladin-3?)`.
// An id "<rider>-on-<mount>" names the rider on the mount as one Safar
// (DataSet.Mounted), composed on each call; a rider that may not ride that
// mount is an error saying why.
func (ds *DataSet) Profile(id string) (*Profile, error) {
	for _, p := range ds.Profiles {
		if p.ID == id {
			return p, nil
		}
	}
	if len(ds.Mounts) > 0 {
		// "<rider>-on-<mount>": the rider on the mount as one Safar.
		p, err := ds.mountedProfile(id)
		if p != nil {
			return p, nil
		}
		if err != nil {
			return nil, fmt.Errorf("profile %q: %w", id, err)
		}
	}
	return nil, &UnknownIDError{Kind: "profile", ID: id, Suggestions: Closest(id, ds.profileIDs(), 3)}
}

// Item returns the equipment with the given id, or an *UnknownIDError naming the
// closest ids.
func (ds *DataSet) Item(id string) (*Equipment, error) {
	if e := ds.item(id); e != nil {
		return e, nil
	}
	return nil, &UnknownIDError{Kind: "equipment", ID: id, Suggestions: Closest(id, ds.itemIDs(), 3)}
}

// item returns the equipment with the given id, or nil. Data sets are small (tens
// of items): a linear scan is enough.
func (ds *DataSet) item(id string) *Equipment {
	for _, e := range ds.Equipment {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// spell returns the spell with the given id, or nil.
func (ds *DataSet) spell(id string) *Spell {
	for _, s := range ds.Spells {
		if s.ID == id {
			return s
		}
	}
	return nil
}

func (ds *DataSet) spellIDs() []string {
	ids := make([]string, len(ds.Spells))
	for i, s := range ds.Spells {
		ids[i] = s.ID
	}
	return ids
}

func (ds *DataSet) profileIDs() []string {
	ids := make([]string, len(ds.Profiles))
	for i, p := range ds.Profiles {
		ids[i] = p.ID
	}
	return ids
}

func (ds *DataSet) itemIDs() []string {
	ids := make([]string, len(ds.Equipment))
	for i, e := range ds.Equipment {
		ids[i] = e.ID
	}
	return ids
}

// Factions returns the factions of the profiles of ds, sorted, each once.
func (ds *DataSet) Factions() []string {
	var out []string
	for _, p := range ds.Profiles {
		out = append(out, p.Faction)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ResolveProfile returns the profile arg names: the id of a profile of ds, or else
// the path of a YAML file holding one profile, whose equipment ids refer to ds.
// Problems in such a file come as an Errors; an arg that is neither gives an
// *UnknownIDError.
func (ds *DataSet) ResolveProfile(arg string) (*Profile, error) {
	p, err := ds.Profile(arg)
	if err == nil {
		return p, nil
	}
	info, serr := os.Stat(arg)
	if serr != nil {
		if isYAML(arg) || strings.ContainsRune(arg, filepath.Separator) || strings.ContainsRune(arg, '/') {
			return nil, Errors{pathError(arg, serr)}
		}
		return nil, err
	}
	if info.IsDir() {
		return nil, Errors{{Pos: Pos{File: arg}, Msg: "is a directory, want a profile id or a YAML file holding one profile"}}
	}
	data, rerr := os.ReadFile(arg)
	if rerr != nil {
		return nil, Errors{pathError(arg, rerr)}
	}
	return ds.parseProfile(arg, data)
}

// parseProfile decodes the file name holding one profile whose equipment refers
// to ds.
func (ds *DataSet) parseProfile(name string, data []byte) (*Profile, error) {
	fd, errs := decodeFile(name, data)
	if len(errs) == 0 {
		switch {
		case len(fd.equipment) > 0:
			errs = append(errs, Error{Pos: fd.equipment[0].e.Pos, Field: fd.equipment[0].path,
				Msg: "a profile file cannot define equipment; add it to the data set"})
		case len(fd.profiles) != 1:
			errs = append(errs, Error{Pos: Pos{File: name, Line: 1},
				Msg: fmt.Sprintf("want exactly one profile, found %d", len(fd.profiles))})
		default:
			errs = append(errs, checkProfileEquipment(fd.profiles[0], ds.item, ds.itemIDs())...)
			errs = append(errs, checkProfileMagic(fd.profiles[0], ds.spell, ds.spellIDs())...)
		}
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	return fd.profiles[0].p, nil
}

// IsUnknownID reports whether err is, or wraps, an *UnknownIDError.
func IsUnknownID(err error) bool {
	var u *UnknownIDError
	return errors.As(err, &u)
}
