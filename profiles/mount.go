package profiles

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Mount is a mount a Safar may ride (catalogue.md section 4.11: one entry per
// mount type and level). A data file lists mounts under "mounts:":
//
//	mounts:
//	  - id: heron-2
//	    name: Heron
//	    type: heron        # the mount type; kind: quagga, koelod or mochere
//	    level: 2           # riders of a level within one of it (1 to 3 here)
//	    cost: 30           # Krowns, added to the rider's
//	    factions: [kharns] # the factions whose Safars may ride it
//	    bonuses: {V: 1, hp: 12, stature: 3, reach: 0.5}
//	    skills: {brutal charge: 1}
//	    special_attacks: [{name: Coup de bec, chars: VP, damage: P, daze: true}]
//	    morale_auras: [{to: {factions: [kharns]}, temerity: 2}]
//	    not_modelled: ["rule Coup de bec: a kick that dazes"]
//
// The Safar a mount carries is fielded as one profile, its rider's with the
// mount's bonuses and skills (DataSet.Mounted), whose id is
// "<rider>-on-<mount>".
type Mount struct {
	ID, Name string
	Type     string // the mount type id
	Kind     string // quagga, koelod, mochere
	Level    int
	Cost     int
	Factions []string // factions whose Safars may ride it
	Excluded []string // profile ids that may not ride it
	Bonus    MountBonus
	Skills   []Skill
	// SpecialAttacks are the mount's own attacks (profiles/cardattack.go),
	// made with its rider's AP: the mounted Safar's profile carries them
	// after the rider's, engaging the mounted characteristics.
	SpecialAttacks []CardAttack
	// MoraleAuras are the mount's supports to the temerity of allies in its
	// rider's aura (profiles/auras.go; skills.md section 3, C3: "Mochère
	// mounts have the same kind of rule (+2 or +3 T for the rider's people in
	// the rider's aura)"): the mounted Safar's profile carries them after the
	// rider's, measured from the mounted Safar with the rider's I, while it
	// rides.
	MoraleAuras []MoraleAura
	// NotModelled names what of the mount a fight does not play (its own
	// attacks and rules, a skill towards its rider only): results on a
	// mounted Safar list them (ComputedWithout).
	NotModelled []string
	// Options are the list choices the mount offers (MountOption), taken by
	// a list entry's "mount_options".
	Options []MountOption
	Pos     Pos
}

// MountBonus is what a mount adds to its rider's card (catalogue.md 4.11
// "bonuses").
type MountBonus struct {
	AP, HP, Stature int
	V, P, A, C      int
	// Reach is added to the rider's natural reach, its 0.5-toise zone of
	// control (skills.md #64), in toises.
	Reach float64
}

// MountedSep joins a rider's id and a mount's in the id of the mounted
// profile: "kharns-rider-2-on-heron-2".
const MountedSep = "-on-"

// zoneOfControl is a Safar's reach without a Reach skill (skills.md #64: "other
// actions keep the 0.5 toise ZOC").
const zoneOfControl = 0.5

// Field names of mounts.
var (
	mountFields = []string{"id", "name", "type", "kind", "level", "cost", "factions", "excluded", "bonuses", "skills", "special_attacks", "morale_auras", "not_modelled", "options"}
	bonusFields = []string{"ap", "hp", "stature", "V", "P", "A", "C", "reach"}
	mountKinds  = []string{"quagga", "koelod", "mochere"}
)

// mountEntry is a decoded mount with what the cross-file checks need.
type mountEntry struct {
	m        *Mount
	path     string
	idPos    Pos
	excluded []ref
}

func (e *mountEntry) at() Pos { return posOf(e.idPos, e.m.Pos) }

// mount decodes one mount entry.
func (d *decoder) mount(n *yaml.Node, path string, _ bool) {
	ent, ok := d.entry(n, path)
	if !ok {
		return
	}
	m := &Mount{Pos: ent.pos}
	e := &mountEntry{m: m, path: path}
	for f, field := range ent.keys() {
		switch f.key {
		case "id":
			m.ID, _ = d.idValue(f.v, field)
			e.idPos = d.pos(deref(f.v))
		case "name":
			m.Name, _ = d.stringValue(f.v, field)
		case "type":
			m.Type, _ = d.idValue(f.v, field)
		case "kind":
			m.Kind, _ = oneOf(d, f.v, field, "mount kind", mountKinds)
		case "level":
			m.Level, _ = d.intIn(f.v, field, 1, 3, "level must be from 1 to 3")
		case "cost":
			m.Cost, _ = d.intIn(f.v, field, 0, 999, "cost must be from 0 to 999 Krowns")
		case "factions":
			for _, r := range d.refs(f.v, field) {
				if !slices.Contains(KnownFactions(), r.id) {
					d.errs = append(d.errs, Error{Pos: r.pos, Field: r.path, Msg: fmt.Sprintf("unknown faction %q (known: %s)", r.id, strings.Join(KnownFactions(), ", "))})
					continue
				}
				m.Factions = append(m.Factions, r.id)
			}
		case "excluded":
			e.excluded = d.refs(f.v, field)
			for _, r := range e.excluded {
				m.Excluded = append(m.Excluded, r.id)
			}
		case "bonuses":
			m.Bonus = d.mountBonus(f.v, field)
		case "skills":
			m.Skills = d.skills(f.v, field)
		case "special_attacks":
			m.SpecialAttacks = d.cardAttacks(f.v, field) // profiles/cardattack.go
		case "morale_auras":
			m.MoraleAuras = d.moraleAuras(f.v, field) // profiles/auras.go
		case "options":
			m.Options = d.mountOptions(f.v, field) // profiles/mount_options.go
		case "not_modelled":
			elems, _ := d.sequence(f.v, field)
			for i, x := range elems {
				if s, ok := d.stringValue(x, index(field, i)); ok {
					m.NotModelled = append(m.NotModelled, s)
				}
			}
		default:
			d.unknown(f.k, field, f.key, mountFields)
		}
	}
	ent.require("id", "name", "level", "cost", "factions")
	d.out.mounts = append(d.out.mounts, e)
}

// mountBonus decodes a mount's bonuses.
func (d *decoder) mountBonus(n *yaml.Node, field string) MountBonus {
	var b MountBonus
	fields, ok := d.mapping(n, field)
	if !ok {
		return b
	}
	for _, f := range fields {
		fp := join(field, f.key)
		switch f.key {
		case "ap":
			b.AP, _ = d.intIn(f.v, fp, 0, 9, "ap bonus must be from 0 to 9")
		case "hp":
			b.HP, _ = d.intIn(f.v, fp, 0, 99, "hp bonus must be from 0 to 99")
		case "stature":
			b.Stature, _ = d.intIn(f.v, fp, 0, 6, "stature bonus must be from 0 to 6")
		case "V", "P", "A", "C":
			v, _ := d.intIn(f.v, fp, 0, 5, f.key+" bonus must be from 0 to 5")
			*map[string]*int{"V": &b.V, "P": &b.P, "A": &b.A, "C": &b.C}[f.key] = v
		case "reach":
			if v, ok := d.numberValue(f.v, fp); ok {
				if !ValidReach(v+zoneOfControl) || v <= 0 {
					d.errorf(deref(f.v), fp, "reach bonus must make a reach of 1 to %g toises in halves with the 0.5-toise zone of control (0.5 to %g), got %g", MaxReach, MaxReach-zoneOfControl, v)
				} else {
					b.Reach = v
				}
			}
		default:
			d.unknown(f.k, fp, f.key, bonusFields)
		}
	}
	return b
}

// Mount returns the mount with the given id, or an *UnknownIDError.
func (ds *DataSet) Mount(id string) (*Mount, error) {
	for _, m := range ds.Mounts {
		if m.ID == id {
			return m, nil
		}
	}
	ids := make([]string, len(ds.Mounts))
	for i, m := range ds.Mounts {
		ids[i] = m.ID
	}
	return nil, &UnknownIDError{Kind: "mount", ID: id, Suggestions: Closest(id, ids, 3)}
}

// CanRide reports why rider p may not ride m, or nil when it may: m admits
// p's faction and does not exclude p, p's level is within one of m's
// (catalogue.md 4.11), p rides nothing already, and p is no Berserker
// (skills.md #56: "Berserkers cannot ride mounts").
func (m *Mount) CanRide(p *Profile) error {
	switch {
	case p.Mount != nil:
		return fmt.Errorf("%s already rides %s", p.ID, p.Mount.ID)
	case !slices.Contains(m.Factions, p.Faction):
		return fmt.Errorf("mount %s carries Safars of %s, not %s (%s)", m.ID, strings.Join(m.Factions, ", "), p.ID, p.Faction)
	case slices.Contains(m.Excluded, p.ID):
		return fmt.Errorf("mount %s may not carry %s (catalogue excludedProfileIds)", m.ID, p.ID)
	case p.Level < m.Level-1 || p.Level > m.Level+1:
		return fmt.Errorf("mount %s is level %d: its rider is of level %d to %d, %s is level %d (catalogue.md 4.11)", m.ID, m.Level, max(m.Level-1, 1), min(m.Level+1, 3), p.ID, p.Level)
	}
	if _, ok := p.Skill(SkillBerserk); ok {
		return fmt.Errorf("%s is a Berserker: Berserkers cannot ride mounts (skills.md #56)", p.ID)
	}
	return nil
}

// Mounted returns the profile of rider p on the mount m as one Safar, as the
// catalogue composes it (catalogue.md 4.11): id "<p>-on-<m>", cost p's plus
// m's, V, P, A, C, AP and HP plus the mount's bonuses, stature plus the
// mount's (the two statures summed in every case, for the CH bonus, the
// assault bonus and the repel comparison: what Empathy says, skills.md #62,
// so a mounted Safar plays that reading whether it has Empathy or not), the
// natural reach the 0.5-toise zone of control plus the mount's reach bonus,
// and the mount's skills (a number skill both carry keeps the higher value,
// skills.md #11). It fails when p may not ride m (Mount.CanRide).
func (ds *DataSet) Mounted(p *Profile, m *Mount) (*Profile, error) {
	if err := m.CanRide(p); err != nil {
		return nil, err
	}
	q := *p
	q.ID = p.ID + MountedSep + m.ID
	q.Name = p.Name + " on " + m.Name
	q.Cost += m.Cost
	q.Stats.V += m.Bonus.V
	q.Stats.P += m.Bonus.P
	q.Stats.A += m.Bonus.A
	q.Stats.C += m.Bonus.C
	q.AP += m.Bonus.AP
	q.HP += m.Bonus.HP
	q.Stature += m.Bonus.Stature
	q.Skills = slices.Clone(p.Skills)
	for _, sk := range m.Skills {
		i := slices.IndexFunc(q.Skills, func(s Skill) bool { return s.Name == sk.Name })
		if i < 0 {
			q.Skills = append(q.Skills, sk)
			continue
		}
		if sk.Value > q.Skills[i].Value {
			q.Skills[i].Value = sk.Value
		}
	}
	if len(m.SpecialAttacks) > 0 {
		q.SpecialAttacks = append(slices.Clone(p.SpecialAttacks), m.SpecialAttacks...)
	}
	if len(m.MoraleAuras) > 0 {
		q.MoraleAuras = append(slices.Clone(p.MoraleAuras), m.MoraleAuras...)
	}
	if m.Bonus.Reach > 0 {
		i := slices.IndexFunc(q.Skills, func(s Skill) bool { return s.Name == SkillReach })
		if i < 0 {
			r := zoneOfControl + m.Bonus.Reach
			q.Skills = append(q.Skills, Skill{Name: SkillReach, Value: int(math.Floor(r)), Toises: r})
		} else {
			r := max(q.Skills[i].Toises, float64(q.Skills[i].Value)) + m.Bonus.Reach
			q.Skills[i].Toises, q.Skills[i].Value = r, int(math.Floor(r))
		}
	}
	q.Mount = m
	q.Rider = p
	return &q, nil
}

// mountedProfile returns the profile a "<rider>-on-<mount>" id names, trying
// each place the separator occurs, or nil with the first reason a rider and
// mount found that way cannot go together.
func (ds *DataSet) mountedProfile(id string) (*Profile, error) {
	var why error
	for i := 0; ; {
		j := strings.Index(id[i:], MountedSep)
		if j < 0 {
			return nil, why
		}
		at := i + j
		rider, mount := id[:at], id[at+len(MountedSep):]
		i = at + 1
		var p *Profile
		for _, x := range ds.Profiles {
			if x.ID == rider {
				p = x
			}
		}
		m, err := ds.Mount(mount)
		if p == nil || err != nil {
			continue
		}
		q, err := ds.Mounted(p, m)
		if err == nil {
			return q, nil
		}
		if why == nil {
			why = err
		}
	}
}

// MountNotModelled returns what fights leave out of the mount p rides, each
// as "mount ID: what" (Mount.NotModelled); nil for a Safar on foot.
func MountNotModelled(p *Profile) []string {
	if p.Mount == nil {
		return nil
	}
	out := make([]string, len(p.Mount.NotModelled))
	for i, s := range p.Mount.NotModelled {
		out[i] = "mount " + p.Mount.ID + ": " + s
	}
	return out
}

// checkMemberMount checks the mount of the list entry m of profile p and
// returns the profile its Safars fight as (p on the mount), and whether the
// mount is valid; a problem is placed on the mount's id.
func (d *decoder) checkMemberMount(p *Profile, m *ListMember, mn memberNodes, path string, ds *DataSet) (*Profile, bool) {
	if m.Mount == "" {
		if len(m.MountOptions) > 0 {
			d.ruleErrorf(mn.mountOptions[0], join(path, "mount_options"), ruleMount, "mount options without a mount: give the entry's mount")
			return p, false
		}
		return p, true
	}
	mt, err := ds.Mount(m.Mount)
	if err != nil {
		d.errorf(mn.mount, join(path, "mount"), "%v", err)
		return p, false
	}
	q, err := ds.Mounted(p, mt)
	if err != nil {
		d.ruleErrorf(mn.mount, join(path, "mount"), ruleMount, "%v", err)
		return p, false
	}
	// Each option on its own, so that each problem is placed on its id.
	ok := true
	for i, c := range m.MountOptions {
		if _, err := WithMountOptions(q, m.MountOptions[:i+1]); err != nil {
			if _, errOne := WithMountOptions(q, []MountChoice{c}); errOne != nil {
				err = errOne
			}
			d.errorf(mn.mountOptions[i], index(join(path, "mount_options"), i), "%v", err) // the message cites catalogue.md 4.11
			ok = false
		}
	}
	if !ok {
		return q, false
	}
	r, _ := WithMountOptions(q, m.MountOptions)
	return r, true
}

// ruleMount is the rule a list member's mount can break.
const ruleMount = "catalogue.md 4.11: mounts"
