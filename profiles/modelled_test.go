package profiles

import (
	"slices"
	"strings"
	"testing"
)

// notModelledSkill returns a skill keyword the table of skills marks as not
// played, so that the tests keep meaning something as skills get modelled;
// "" when every skill is played.
func notModelledSkill() string {
	for _, s := range Skills() {
		if s.Engine == NotModelled && s.Name != "" && s.Value == SkillNoValue {
			return s.Name
		}
	}
	return ""
}

// TestComputedWithout checks what a result on a profile is computed without:
// a skill the engine does not play, and spells for a caster, by a magic skill
// or by an esoteric mastery die, with no spells in the data, and the spells
// whose effects fights do not play (issue #12 section 3: "fair cost computed
// without: ..."; sim/magic_fight.go and sim/magic_effects.go play damage,
// healing, buffs and debuffs, control, morale and anti-magic).
func TestComputedWithout(t *testing.T) {
	ds := Default()
	guard, err := ds.Profile("crown-guard-1")
	if err != nil {
		t.Fatal(err)
	}
	if got := ComputedWithout(guard); len(got) != 0 || !FullyModelled(guard) {
		t.Errorf("crown-guard-1 (stable, played): computed without %v, want nothing", got)
	}
	esoteric := *guard
	esoteric.Mastery = [][]Field{{Defensive}, {Esoteric, Defensive}}
	if got := ComputedWithout(&esoteric); !slices.Equal(got, []string{Spells}) || FullyModelled(&esoteric) {
		t.Errorf("an esoteric die: computed without %v, want [spells]", got)
	}
	magic := *guard
	magic.Skills = []Skill{{Name: SkillOsteomancy}}
	if got := ComputedWithout(&magic); !slices.Equal(got, []string{Spells}) {
		t.Errorf("a way without spells in the data (osteomancy): computed without %v, want [spells]", got)
	}
	// Awakened alone defends against spells, which fights play: no caster.
	awake := *guard
	awake.Skills = []Skill{{Name: SkillAwakened}}
	if got := ComputedWithout(&awake); len(got) != 0 {
		t.Errorf("awakened alone: computed without %v, want nothing", got)
	}
	// A caster of the embedded data: fights play its damage and healing spells
	// and name the others.
	seer, err := ds.Profile("bone-seer-2")
	if err != nil {
		t.Fatal(err)
	}
	got := ComputedWithout(seer)
	for _, s := range got {
		if !strings.HasPrefix(s, "spell ") || strings.Contains(s, "(damage)") || strings.Contains(s, "(healing)") {
			t.Errorf("bone-seer-2: computed without %v: want only its spells of effects fights do not play", got)
		}
	}
	// SkillTable: Sadistic is played in a single exchange only, never by the
	// fight policies.
	sadistic := *guard
	sadistic.Skills = []Skill{{Name: SkillSadistic}, {Name: SkillStable}}
	if got := ComputedWithout(&sadistic); !slices.Equal(got, []string{SadisticInFights}) {
		t.Errorf("sadistic: computed without %v, want [%s]", got, SadisticInFights)
	}
	if n := notModelledSkill(); n != "" {
		partial := *guard
		partial.Skills = []Skill{{Name: n}, {Name: SkillStable}}
		partial.Mastery = esoteric.Mastery
		if got := ComputedWithout(&partial); !slices.Equal(got, []string{n, Spells}) {
			t.Errorf("%s and an esoteric die: computed without %v, want [%s spells]", n, got, n)
		}
	}
}

// TestFielded checks the loadout a list gives a profile whose base equipment
// holds no weapon (issue #12 section 5: "23 real profiles carry no weapon in
// their base equipment ... fight bare-handed"): its cheapest legal melee
// weapon, never one reserved to others, and the card unchanged otherwise.
func TestFielded(t *testing.T) {
	ds := Default()
	guard, err := ds.Profile("crown-guard-1")
	if err != nil {
		t.Fatal(err)
	}
	if l, armed := ds.Fielded(guard); !armed || l.Label() != "base" {
		t.Errorf("crown-guard-1 (a spear on its card): fielded %s, armed %v; want base", l.Label(), armed)
	}
	bare := *guard
	bare.ID = "weaponless-guard-1"
	bare.Equipment = []string{"round-shield", "leather-armour"}
	l, armed := ds.Fielded(&bare)
	if !armed || len(l.Add) != 1 || len(l.Remove) != 0 {
		t.Fatalf("weaponless: fielded %s, armed %v; want one weapon added", l.Label(), armed)
	}
	w, err := ds.Item(l.Add[0])
	if err != nil || w.Kind != KindMelee {
		t.Fatalf("weaponless: fielded with %q (%v), want a melee weapon", l.Add[0], err)
	}
	for _, it := range ds.Equipment {
		if it.Kind != KindMelee || it.Cost >= w.Cost {
			continue
		}
		if _, err := ds.Equip(&bare, []string{it.ID}, nil); err == nil {
			t.Errorf("fielded with %s (%d Kr), but %s (%d Kr) is legal and cheaper", w.ID, w.Cost, it.ID, it.Cost)
		}
	}
	// equipment.yaml: the dagger, 3 Kr, is the cheapest melee weapon and is
	// reserved to nobody.
	if l.Label() != "+dagger" || l.Cost(ds) != bare.Cost+3 {
		t.Errorf("weaponless: fielded %s at %d Kr, want +dagger at %d", l.Label(), l.Cost(ds), bare.Cost+3)
	}
	// The dagger reserved to another faction: the next cheapest legal one.
	ds2 := *ds
	ds2.Equipment = nil
	for _, it := range ds.Equipment {
		if it.ID == "dagger" {
			c := *it
			c.ReservedTo = []string{"tembos"}
			it = &c
		}
		ds2.Equipment = append(ds2.Equipment, it)
	}
	if l, _ := ds2.Fielded(&bare); l.Label() == "+dagger" {
		t.Errorf("fielded with a dagger reserved to tembos")
	}
	// No weapon anywhere: bare hands, and said so.
	ds3 := *ds
	ds3.Equipment = nil
	for _, it := range ds.Equipment {
		if it.Kind != KindMelee && it.Kind != KindRanged {
			ds3.Equipment = append(ds3.Equipment, it)
		}
	}
	if l, armed := ds3.Fielded(&bare); armed || l.Label() != "base" {
		t.Errorf("no weapon in the data: fielded %s, armed %v; want base, unarmed", l.Label(), armed)
	}
}
