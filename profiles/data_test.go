package profiles

import (
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"
)

// TestEmbeddedDataLoads guards Default: the embedded data must load with no error.
func TestEmbeddedDataLoads(t *testing.T) {
	if _, err := LoadFS(embedded, "data"); err != nil {
		t.Fatalf("embedded data invalid:\n%v", err)
	}
	if ds := Default(); ds != Default() || ds.Source != "embedded default data" {
		t.Errorf("Default() is not loaded once, or has Source %q", ds.Source)
	}
}

func TestMustLoadPanics(t *testing.T) {
	defer func() {
		r := recover()
		msg, _ := r.(string)
		if !strings.HasPrefix(msg, "profiles: embedded data invalid: bad/a.yaml:") ||
			!strings.Contains(msg, "bad/a.yaml:1:8: level: level must be 1, 2 or 3, got 9") {
			t.Errorf("panic %v, want profiles: embedded data invalid: ...", r)
		}
	}()
	mustLoad(fstest.MapFS{"bad/a.yaml": {Data: []byte("level: 9\n")}}, "bad")
}

// TestEmbeddedDataShape checks the brief of the default data: the six factions of
// the rulebook (English seed 000 lines 221-243), at least three profiles each
// spanning levels 1 to 3, level L with L mastery dice (English seed 000 line 335:
// mastery "reflects directly the character's training level"), and plausible
// values that rise with the level.
func TestEmbeddedDataShape(t *testing.T) {
	ds := Default()
	if got, want := ds.Factions(), []string{"black-guild", "fangs", "gouns", "kharns", "kherops", "tembos"}; !slices.Equal(got, want) {
		t.Errorf("factions %v, want %v", got, want)
	}
	levels := make(map[string][]int)
	for _, p := range ds.Profiles {
		levels[p.Faction] = append(levels[p.Faction], p.Level)
		if len(p.Mastery) != p.Level {
			t.Errorf("%s: level %d with %d mastery dice", p.ID, p.Level, len(p.Mastery))
		}
		if want := 2 + p.Level; p.AP != want {
			t.Errorf("%s: AP %d, want %d at level %d", p.ID, p.AP, want, p.Level)
		}
		if p.HP < 6 || p.HP > 15 || p.Stature < 2 || p.Stature > 6 || p.Cost < 30 || p.Cost > 150 {
			t.Errorf("%s: HP %d, stature %d or cost %d out of the planned ranges", p.ID, p.HP, p.Stature, p.Cost)
		}
		for c := V; c <= I; c++ {
			if v := p.Stats.Get(c); v < 2 || v > 7 {
				t.Errorf("%s: %v = %d, want 2..7", p.ID, c, v)
			}
		}
		// The cost includes the base equipment (English seed 000 line 1680).
		base := 0
		for _, id := range p.Equipment {
			e, err := ds.Item(id)
			if err != nil {
				t.Fatal(err)
			}
			base += e.Cost
		}
		if base >= p.Cost {
			t.Errorf("%s: cost %d does not exceed its base equipment (%d Kr)", p.ID, p.Cost, base)
		}
		if !strings.HasSuffix(p.ID, "-"+string(rune('0'+p.Level))) {
			t.Errorf("%s: id does not follow <model>-<level>", p.ID)
		}
	}
	for f, ls := range levels {
		if len(ls) < 3 || !slices.Contains(ls, 1) || !slices.Contains(ls, 2) || !slices.Contains(ls, 3) {
			t.Errorf("faction %s has levels %v, want at least three profiles spanning 1, 2 and 3", f, ls)
		}
	}
	// Within a faction, a higher level costs more.
	for _, p := range ds.Profiles {
		for _, q := range ds.Profiles {
			if p.Faction == q.Faction && p.Level < q.Level && p.Cost >= q.Cost {
				t.Errorf("%s (level %d, %d Kr) costs at least %s (level %d, %d Kr)", p.ID, p.Level, p.Cost, q.ID, q.Level, q.Cost)
			}
		}
	}
}

// TestEmbeddedDataVocabulary checks that the default data uses every field of
// Effects and ArmourStats, every equipment key of the YAML format, every kind,
// 0, 1 and 2 hands, both critical statuses, the skills of the rulings list
// (rulings.md "Skills that change an exchange") and the special attacks (R18).
func TestEmbeddedDataVocabulary(t *testing.T) {
	ds := Default()

	// By reflection: a new field of Effects or ArmourStats needs data.
	used := make(map[string]bool)
	mark := func(prefix string, v reflect.Value) {
		for i := 0; i < v.NumField(); i++ {
			if !v.Field(i).IsZero() {
				used[prefix+v.Type().Field(i).Name] = true
			}
		}
	}
	kinds := make(map[Kind]bool)
	hands := make(map[int]bool)
	statuses := make(map[Status]bool)
	for _, e := range ds.Equipment {
		mark("Effects.", reflect.ValueOf(e.Effects))
		if e.Armour != nil {
			mark("ArmourStats.", reflect.ValueOf(*e.Armour))
		}
		mark("Equipment.", reflect.ValueOf(*e))
		kinds[e.Kind] = true
		hands[e.Hands] = true
		statuses[e.Effects.OnCritical] = true
	}
	for _, p := range ds.Profiles {
		if p.Armour != nil {
			mark("ArmourStats.", reflect.ValueOf(*p.Armour))
		}
		mark("Profile.", reflect.ValueOf(*p))
	}
	for prefix, typ := range map[string]reflect.Type{
		"Effects.":     reflect.TypeFor[Effects](),
		"ArmourStats.": reflect.TypeFor[ArmourStats](),
		"Equipment.":   reflect.TypeFor[Equipment](),
		"Profile.":     reflect.TypeFor[Profile](),
	} {
		for i := 0; i < typ.NumField(); i++ {
			// Helmets come from catalogues only (catalogue.md section 4.6):
			// the rulebook data has none, and adding one would change every
			// default cost and report.
			// Mount and Rider are set by DataSet.Mounted on the profile it
			// composes, never by a data file.
			// So do the helmets' effects, the skills an item grants and the
			// conditional armour malus (catalogueOnly).
			if name := prefix + typ.Field(i).Name; !used[name] && name != "Equipment.HelmetBoxes" &&
				name != "Profile.Mount" && name != "Profile.Rider" && !catalogueOnly[name] {
				t.Errorf("no default data sets %s", name)
			}
		}
	}
	if len(kinds) != 4 || len(hands) != 3 || !statuses[Daze] || !statuses[Stun] {
		t.Errorf("kinds %v, hands %v, statuses %v: want all four kinds, 0, 1 and 2 hands, daze and stun", kinds, hands, statuses)
	}

	// By the list of keys: every equipment key appears in the data files.
	keys := make(map[string]bool)
	files, _ := fs.Glob(embedded, "data/*.yaml")
	for _, name := range files {
		data, _ := fs.ReadFile(embedded, name)
		var doc struct {
			Equipment []map[string]any `yaml:"equipment"`
		}
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		for _, e := range doc.Equipment {
			for k := range e {
				keys[k] = true
			}
		}
	}
	for _, k := range EquipmentKeys() {
		if !keys[k] && !catalogueOnly[k] {
			t.Errorf("no default equipment uses the key %s", k)
		}
	}

	// Skills of the rulings list and the special attacks.
	skills := make(map[string]bool)
	for _, p := range ds.Profiles {
		for _, s := range p.Skills {
			skills[s.Name] = true
		}
	}
	for _, s := range []string{SkillBrutality, SkillBloodlust, SkillDuellist, SkillEndurance,
		SkillExecutioner, SkillHarassment, SkillHeroic, SkillMaster, SkillReach, SkillRepelment,
		SkillSadistic, SkillSkilledSwordsman, SkillSpecialist, SkillStable, SkillSurvivalInstinct,
		SkillThickSkin, SkillBerserk, SkillWarlord, SkillBunt, SkillBite, SkillTrample} {
		if !skills[s] {
			t.Errorf("no default profile has the skill %s", s)
		}
	}
}

// TestEmbeddedDataRulebookValues checks the values the rulebooks give.
func TestEmbeddedDataRulebookValues(t *testing.T) {
	ds := Default()
	item := func(id string) *Equipment {
		e, err := ds.Item(id)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	// Half-plate: 1 point below the threshold, 2 from it (English seed 000 lines
	// 1797-1798).
	if a := item("half-plate").Armour; a.Failure != 1 || a.Success != 2 {
		t.Errorf("half-plate %+v, want failure 1, success 2", a)
	}
	// Plate -2/6/-3 (rulings.md R12).
	if a := item("plate-armour").Armour; a.Failure != 2 || a.Threshold != 6 || a.Success != 3 || a.Boxes != 10 {
		t.Errorf("plate %+v, want -2/6/-3 with 10 boxes", a)
	}
	// Bow 3/6 and crossbow 3/7/- (French seed 004 lines 934-936).
	if r := item("bow").Effects.Range; *r != (Range{Short: 3, Long: 6}) {
		t.Errorf("bow range %+v, want 3/6", r)
	}
	if r := item("crossbow").Effects.Range; *r != (Range{Short: 3, Long: 7, Max: 7}) {
		t.Errorf("crossbow range %+v, want 3/7/-", r)
	}
	// Mongo Warrior 75 Kr, Mkuki 8 Kr, guisarme 22 Kr (English seed 000 line 1688).
	p, err := ds.Profile("mongo-warrior-2")
	if err != nil {
		t.Fatal(err)
	}
	if p.Cost != 75 || p.Level != 2 || item("mkuki").Cost != 8 || item("guisarme").Cost != 22 {
		t.Errorf("Mongo Warrior %d Kr level %d, Mkuki %d Kr, guisarme %d Kr; want 75, 2, 8, 22",
			p.Cost, p.Level, item("mkuki").Cost, item("guisarme").Cost)
	}
	// Paladin and Prince stature 4, Khérops warrior 5 (French seed 004 line 761).
	for id, want := range map[string]int{"paladin-2": 4, "prince-3": 4, "kherops-warrior-1": 5} {
		if p, _ := ds.Profile(id); p.Stature != want {
			t.Errorf("%s stature %d, want %d", id, p.Stature, want)
		}
	}
	// Engueran is LIM P (English seed 000 line 426).
	if p, _ := ds.Profile("engueran-3"); p.Limitation != (Limitation{Kind: "P"}) {
		t.Errorf("engueran limitation %+v, want P", p.Limitation)
	}
}

func TestEmbeddedDataHeaders(t *testing.T) {
	files, _ := fs.Glob(embedded, "data/*.yaml")
	if len(files) < 7 {
		t.Fatalf("%d data files, want equipment and six factions", len(files))
	}
	for _, name := range files {
		data, _ := fs.ReadFile(embedded, name)
		head := string(data[:min(len(data), 1000)])
		if !strings.HasPrefix(head, "#") || !strings.Contains(head, "ILLUSTRATIVE") || !strings.Contains(head, "NOT") {
			t.Errorf("%s does not start with the illustrative-values comment", name)
		}
	}
}

// catalogueOnly are the fields and keys only catalogues give (catalogue.md
// 4.6: helmets' effects, skills granted by an item, "-1 en V si C≤4", the
// heavy threshold and the stacking armour of "Armour"): the
// rulebook data has none, and adding them would change every default cost
// and report.
var catalogueOnly = map[string]bool{
	"Effects.NoCriticalDamage": true, "Effects.Immune": true, "ArmourStats.MalusMaxC": true,
	"Equipment.Grants": true, "Equipment.GrantsIncrement": true,
	"Profile.AllyGrants": true, "Profile.StatCounts": true, "Profile.MoraleAuras": true, "Profile.InLeaderAura": true, "Profile.AuraGrants": true, "Profile.WiderAuras": true, "Profile.CFRerollOncePerGame": true, // a card's grants to other Safars (catalogue.md 3.8): the rulebook cards have none
	"Profile.Support": true, "Profile.GenericActions": true, // card rules (skills.md section 3, patterns S, J and K): the rulebook cards have none
	"Profile.ConditionalSkills": true, "Profile.CopiesSkill": true, "Profile.ImmunityWay": true, "Profile.MarksAlly": true, // pattern M: the rulebook cards have none
	"Equipment.Stackable": true, "stackable": true, "Effects.Poison": true, "poison": true,
	"ArmourStats.HeavyThreshold": true, "ArmourStats.Stacks": true, "heavy_threshold": true, "stacks_with_armour": true,
	"no_critical_damage": true, "immune": true, "malus_max_c": true, "grants": true, "grants_increment": true,
	"Equipment.BoughtAmmunition": true, "bought_ammunition": true, // a catalogue weapon whose ammunition is only bought (catalogue.md 4.7)
	"Equipment.Edge": true, "edge": true, // the catalogue's tranchant, for the edge upgrade a list buys (catalogue.md 4.8): the rulebooks name no edge
	"Equipment.GrantsTraits": true, "grants_traits": true, // the seal's apatride (catalogue.md 4.6): a catalogue item
	"Equipment.MountEquipment": true, "mount_equipment": true, // equipment for mounts (catalogue.md 4.6): the default data has no mount
	// Item effects (sim/items.go): charms, flasks, antidotes, poison immunity
	// and doses on a defence are catalogue items; the rulebook data has none.
	"Effects.RerollField": true, "Effects.RerollBonus": true, "Effects.Heal": true, "Effects.Antidote": true,
	"Effects.PoisonImmune": true, "Effects.PoisonDefence": true,
	// Card-defined special attacks and characteristics not printed
	// (profiles/cardattack.go; catalogue.md 4.5): the attached beasts of the
	// catalogue; the rulebook cards print every characteristic.
	"Profile.NotPrinted": true, "Profile.SpecialAttacks": true,
	// Substitute defenders (skills.md section 3, pattern A; profiles/guard.go):
	// catalogue cards' rules written by hand; the rulebook cards have none.
	"Profile.DefendsFor": true, "Profile.DefendedBy": true,
	// The modifiers of a card's own exchanges (profiles/ownrules.go,
	// skills.md section 3 F) are catalogue card rules; the rulebook cards
	// have none.
	"Profile.Own":     true,
	"Profile.APAuras": true, "Profile.WithLeader": true, "Profile.Reactivates": true, "reroll_field": true, "reroll_bonus": true, "heal": true, "antidote": true, "poison_immune": true, "poison_defence": true,
	// A card's wards (profiles/wards.go; skills.md section 3 G, H): catalogue
	// card rules written by hand; the rulebook cards have none.
	"Profile.Wards": true,
	// A reach in defence only ("Allonge en défense uniquement") is a catalogue
	// card's text; the rulebook weapons have none.
	"Effects.DefenceReach": true, "defence_reach": true,
	// Fire and frostbite (sim/fire.go): no weapon of the rulebooks burns or
	// freezes (seed 000 l.1352-1372 give the statuses, no source); fire and
	// poisoned shots come from a list's catalogue ammunition (catalogue.md
	// 4.7), never from a data file's weapon.
	"Effects.Fire": true, "Effects.Frostbite": true, "fire": true, "frostbite": true,
	"Effects.FireShots": true, "Effects.PoisonShots": true, "Effects.PiercingShots": true,
}
