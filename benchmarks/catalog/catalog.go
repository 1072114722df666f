// Package catalog writes synthetic card catalogues to measure kharn on at the scale
// of the real one (about 150 profiles in seven factions): deterministic from a seed,
// legal, in the project's YAML data format, with invented names and values. It
// ships no card data; the numbers of docs/benchmarks.md are measured on its output.
package catalog

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// Ranges of the drawn profiles, as on real cards (issue #13).
const (
	MinLevel, MaxLevel     = 1, 3
	MinCost, MaxCost       = 30, 160
	MinHP, MaxHP           = 8, 30
	MinStature, MaxStature = 1, 6
	MinSkills, MaxSkills   = 2, 4
)

// Skills lists the skill keywords a generated profile may have: only skills the
// fight engine plays (sim.ReadSkills reads them for the exchange, and the duel
// and skirmish engines play endurance, reach, thick skin, brutal charge, warlord,
// duellist, terror and rallying), so that a synthetic catalogue has nothing "not
// modelled". Sadistic is left out: no fight policy spends AP on it.
var Skills = []string{
	profiles.SkillBrutality, profiles.SkillBloodlust, profiles.SkillHeroic,
	profiles.SkillSpecialist, profiles.SkillMaster, profiles.SkillExecutioner,
	profiles.SkillSkilledSwordsman, profiles.SkillRepelment, profiles.SkillStable,
	profiles.SkillSurvivalInstinct, profiles.SkillHarassment, profiles.SkillBunt,
	profiles.SkillBite, profiles.SkillTrample, profiles.SkillEndurance,
	profiles.SkillReach, profiles.SkillThickSkin, profiles.SkillBrutalCharge,
	profiles.SkillWarlord, profiles.SkillDuellist, profiles.SkillTerror,
	profiles.SkillRallying,
}

// rng is a PCG-free, fully specified generator (SplitMix64), so that the bytes
// written depend on the seed only, never on the Go release.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// in returns a whole number in [lo, hi].
func (r *rng) in(lo, hi int) int { return lo + int(r.next()%uint64(hi-lo+1)) }

// chance returns true with probability pct/100.
func (r *rng) chance(pct int) bool { return r.in(1, 100) <= pct }

// pick returns one of xs.
func pick[T any](r *rng, xs []T) T { return xs[r.in(0, len(xs)-1)] }

// Invented words for names.
var (
	firstWords = []string{"Ashen", "Briar", "Cinder", "Dusk", "Ember", "Frost", "Gloam", "Hollow",
		"Iron", "Jade", "Kestrel", "Lichen", "Mire", "Night", "Onyx", "Pale", "Quill", "Rust",
		"Slate", "Thorn", "Umber", "Vale", "Wisp", "Yew"}
	roles = []string{"Warden", "Skirmisher", "Reaver", "Sentinel", "Outrider", "Brute",
		"Marksman", "Champion", "Stalker", "Zealot", "Vanguard", "Raider", "Keeper", "Hunter"}
	meleeNames  = []string{"blade", "cleaver", "maul", "pick", "glaive", "falchion", "hatchet", "morningstar", "sabre", "pike"}
	rangedNames = []string{"shortbow", "arbalest", "throwing-axes", "sling-staff", "dart-thrower"}
)

// item is one piece of generated equipment.
type item struct {
	id    string
	kind  profiles.Kind
	hands int
	yaml  string // the item's fields after id, name, kind, cost, hands
	cost  int
}

// Generate returns the files of a catalogue of n profiles drawn from seed, by file
// name: equipment.yaml and one file per faction (the seven of
// profiles.KnownFactions, in turn). The same n and seed give the same bytes.
func Generate(n int, seed uint64) map[string][]byte {
	r := &rng{s: seed}
	items := equipment(r)
	var melee1, melee2, ranged, armours, shields []item
	for _, it := range items {
		switch {
		case it.kind == profiles.KindMelee && it.hands == 2:
			melee2 = append(melee2, it)
		case it.kind == profiles.KindMelee:
			melee1 = append(melee1, it)
		case it.kind == profiles.KindRanged:
			ranged = append(ranged, it)
		case it.kind == profiles.KindArmour:
			armours = append(armours, it)
		case it.kind == profiles.KindShield:
			shields = append(shields, it)
		}
	}
	factions := profiles.KnownFactions()
	bufs := make([]bytes.Buffer, len(factions))
	for i := range factions {
		fmt.Fprintf(&bufs[i], "# Synthetic catalogue (benchmarks/catalog, seed %d): invented names and values,\n", seed)
		fmt.Fprintf(&bufs[i], "# NOT card data. Faction %s.\nprofiles:\n", factions[i])
	}
	used := map[string]bool{}
	for i := range n {
		fi := i % len(factions)
		b := &bufs[fi]
		level := r.in(MinLevel, MaxLevel)
		name := pick(r, firstWords) + " " + pick(r, roles)
		id := slug(name) + fmt.Sprintf("-%d", level)
		for k := 2; used[id]; k++ {
			id = slug(name) + fmt.Sprintf("-%d-%d", k, level)
		}
		used[id] = true
		stature := r.in(MinStature, MaxStature)
		hp := min(MaxHP, max(MinHP, 4+2*stature+3*level+r.in(-2, 4)))
		// A dearer card for a higher level, more HP and more skills, as on real ones.
		nSkills := r.in(MinSkills, MaxSkills)
		cost := min(MaxCost, max(MinCost, 10+30*level+hp+5*nSkills+r.in(-10, 15)))
		lim := pick(r, []string{"X1", "X2", "X3", "U"})
		fmt.Fprintf(b, "  - id: %s\n    name: %s\n    faction: %s\n    level: %d\n    cost: %d\n    limitation: %s\n",
			id, name, factions[fi], level, cost, lim)
		fmt.Fprintf(b, "    stats: {V: %d, P: %d, A: %d, C: %d, T: %d, I: %d}\n",
			r.in(2, 5), r.in(2, 7), r.in(2, 6), r.in(2, 7), r.in(2, 6), r.in(2, 5))
		fmt.Fprintf(b, "    stature: %d\n    ap: %d\n    hp: %d\n    mastery:\n", stature, 2+level, hp)
		fields := []string{"offensive", "defensive", "shooting"}
		for range level {
			f1, f2 := pick(r, fields), pick(r, fields)
			if f1 == f2 {
				fmt.Fprintf(b, "      - [%s]\n", f1)
			} else {
				fmt.Fprintf(b, "      - [%s, %s]\n", f1, f2)
			}
		}
		b.WriteString("    skills:\n")
		var skills []string
		for len(skills) < nSkills {
			s := pick(r, Skills)
			if !slices.Contains(skills, s) {
				skills = append(skills, s)
			}
		}
		for _, s := range skills {
			fmt.Fprintf(b, "      %s: %s\n", s, skillValue(r, s, fields))
		}
		// Equipment: a melee weapon, sometimes a shooting one, an armour and a
		// shield (never with a two-handed weapon: no card here is exceptional, and
		// every shooting weapon here takes two hands).
		var eq []string
		two := r.chance(30)
		if two {
			eq = append(eq, pick(r, melee2).id)
		} else {
			eq = append(eq, pick(r, melee1).id)
		}
		if r.chance(30) {
			eq = append(eq, pick(r, ranged).id) // two-handed, as all shooting weapons here
			two = true
		}
		if r.chance(70) {
			eq = append(eq, pick(r, armours).id)
		}
		if !two && r.chance(40) {
			eq = append(eq, pick(r, shields).id)
		}
		fmt.Fprintf(b, "    equipment: [%s]\n\n", strings.Join(eq, ", "))
	}
	out := map[string][]byte{}
	for i, f := range factions {
		if i < n { // a faction without a profile gets no file
			out[f+".yaml"] = bufs[i].Bytes()
		}
	}
	var eb bytes.Buffer
	fmt.Fprintf(&eb, "# Synthetic catalogue (benchmarks/catalog, seed %d): invented equipment, NOT card data.\nequipment:\n", seed)
	for _, it := range items {
		fmt.Fprintf(&eb, "  - id: %s\n    name: %s\n    kind: %s\n    cost: %d\n", it.id, title(it.id), it.kind, it.cost)
		if it.hands > 0 {
			fmt.Fprintf(&eb, "    hands: %d\n", it.hands)
		}
		eb.WriteString(it.yaml)
	}
	out["equipment.yaml"] = eb.Bytes()
	return out
}

// skillValue returns the YAML value of skill s.
func skillValue(r *rng, s string, fields []string) string {
	v, _ := profiles.SkillValueOf(s)
	switch v {
	case profiles.SkillNumber:
		if s == profiles.SkillTerror {
			return fmt.Sprint(r.in(11, 13))
		}
		return fmt.Sprint(r.in(1, 2))
	case profiles.SkillToises:
		return pick(r, []string{"1", "1.5", "2"})
	case profiles.SkillField:
		return pick(r, fields)
	}
	return "~"
}

// equipment draws the generic items every profile may carry: melee weapons of one
// and two hands, shooting weapons, armours and shields.
func equipment(r *rng) []item {
	var out []item
	for i, n := range meleeNames {
		for _, hands := range []int{1, 2} {
			var y strings.Builder
			cost := r.in(3, 12)
			if hands == 2 {
				cost += 6
				fmt.Fprintf(&y, "    damage_bonus: %d\n", r.in(1, 2))
			}
			switch r.in(0, 5) {
			case 0:
				y.WriteString("    attack_bonus: 1\n")
			case 1:
				y.WriteString("    defence_bonus: 1\n")
			case 2:
				fmt.Fprintf(&y, "    bleeding: %d\n", r.in(1, 2))
			case 3:
				y.WriteString("    critical: 9-10\n")
			case 4:
				fmt.Fprintf(&y, "    armour_ignore: %d\n", r.in(1, 2))
			case 5:
				fmt.Fprintf(&y, "    on_critical: %s\n", pick(r, []string{"stun", "daze"}))
			}
			if r.chance(20) {
				y.WriteString("    reach: 1\n")
			}
			id := fmt.Sprintf("%s-%s", pick(r, []string{"rough", "fine", "heavy", "old"}), n)
			if hands == 2 {
				id = "great-" + n
			}
			out = append(out, item{id: fmt.Sprintf("%s-%d", id, i+1), kind: profiles.KindMelee, hands: hands, cost: cost, yaml: y.String()})
		}
	}
	for i, n := range rangedNames {
		short := r.in(2, 4)
		long := short + r.in(2, 5)
		y := fmt.Sprintf("    range: {short: %d, long: %d}\n    fixed_damage: %s\n", short, long, pick(r, []string{"3", "4", "1D5", "1D5+1"}))
		if r.chance(40) {
			y += fmt.Sprintf("    ammunition: %d\n", r.in(4, 10))
		}
		out = append(out, item{id: fmt.Sprintf("%s-%d", n, i+1), kind: profiles.KindRanged, hands: 2, cost: r.in(6, 16), yaml: y})
	}
	for i, n := range []string{"hide-coat", "scale-vest", "chain-hauberk", "war-plate"} {
		thr := r.in(5, 7)
		fail := -i / 2
		succ := fail - 1 - r.in(0, 1)
		y := fmt.Sprintf("    protection: %d/%d/%d\n    boxes: %d\n", fail, thr, succ, 4+2*i+r.in(0, 2))
		if i == 3 {
			y += "    velocity_malus: 1\n"
		}
		out = append(out, item{id: n, kind: profiles.KindArmour, cost: 5 + 6*i + r.in(0, 3), yaml: y})
	}
	for i, n := range []string{"wicker-shield", "kite-shield", "pavise"} {
		y := fmt.Sprintf("    defence_bonus: %d\n    boxes: %d\n", 1+i/2, 3+2*i+r.in(0, 2))
		out = append(out, item{id: n, kind: profiles.KindShield, hands: 1, cost: 4 + 4*i + r.in(0, 2), yaml: y})
	}
	return out
}

// slug returns the kebab-case id of a name.
func slug(s string) string { return strings.ToLower(strings.ReplaceAll(s, " ", "-")) }

// title returns a display name of an id.
func title(id string) string {
	w := strings.Split(id, "-")
	for i, x := range w {
		if x != "" && x[0] >= 'a' && x[0] <= 'z' {
			w[i] = strings.ToUpper(x[:1]) + x[1:]
		}
	}
	return strings.Join(w, " ")
}

// Write writes Generate(n, seed) into dir (created if missing).
func Write(dir string, n int, seed uint64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := Generate(n, seed)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}
