package profiles

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSkillTable checks the table of skills against skills.md section 1: its 67
// catalogue ids, each once, each with a class of skills.md and a keyword or a
// trait, and every data-format keyword accepted by the decoder.
func TestSkillTable(t *testing.T) {
	ids := map[string]bool{}
	names := map[string]bool{}
	classes := []SkillClass{ClassExchange, ClassActivation, ClassMorale, ClassMagic, ClassList, ClassOther}
	for _, s := range Skills() {
		if s.ID != "" {
			if ids[s.ID] {
				t.Errorf("catalogue id %q twice", s.ID)
			}
			ids[s.ID] = true
		}
		if (s.Name == "") == (s.Trait == "") {
			t.Errorf("%q: want a keyword or a trait, not both or neither", s.ID)
		}
		if s.Name != "" {
			if names[s.Name] {
				t.Errorf("keyword %q twice", s.Name)
			}
			names[s.Name] = true
			if v, ok := SkillValueOf(s.Name); !ok || v != s.Value {
				t.Errorf("SkillValueOf(%q) = %v, %v; want %v, true", s.Name, v, ok, s.Value)
			}
		}
		if !slices.Contains(classes, s.Class) {
			t.Errorf("%q: class %q is none of skills.md's", s.ID, s.Class)
		}
		if s.Ref == "" {
			t.Errorf("%q: no reference", s.ID)
		}
		// skills.md "Conventions": LIST skills act on recruitment only, OTHER
		// ones not in a plain fight, MAGIC is out of scope.
		switch {
		case s.Class == ClassList && s.Engine != ListRule:
			t.Errorf("%q: a LIST skill is a list rule, got %v", s.ID, s.Engine)
		case (s.Class == ClassOther || s.Battle) && s.Engine != NoSkirmishEffect:
			t.Errorf("%q: an OTHER or battle-format skill has no effect in a skirmish, got %v", s.ID, s.Engine)
		case s.Class == ClassMagic && s.Engine != MagicOnly:
			t.Errorf("%q: a MAGIC skill is magic, got %v", s.ID, s.Engine)
		}
	}
	if len(ids) != 67 {
		t.Errorf("%d catalogue ids, want the 67 of skills.md section 1", len(ids))
	}
	for _, k := range SkillKeywords() {
		if _, ok := SkillByName(k); !ok {
			t.Errorf("keyword %q is not in the table", k)
		}
	}
	// skills.md #8: the catalogue's coup-de-corne is the rulebook's Bunt.
	if s, ok := SkillByID("coup-de-corne"); !ok || s.Name != SkillBunt || !s.Engine.Played() {
		t.Errorf("coup-de-corne: %+v, %v", s, ok)
	}
	if SkillEngine("no such skill") != NotModelled {
		t.Error("an unknown keyword must be not modelled")
	}
}

// TestSkillValues decodes the values a catalogue's skills take
// (catalogue.md section 7): a second Master with another field, a Heroic
// on one special attack, a number on Authority, the new keywords.
func TestSkillValues(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": okProfile +
		"    skills: {master: [defensive, objective], heroic: bunt, authority: 2, sadistic: ~, riposte: ~, moringa: 3, fright: 13, leap: 4}\n"})
	if err != nil {
		t.Fatal(err)
	}
	p := ds.Profiles[0]
	var masters []Field
	for _, s := range p.Skills {
		if s.Name == SkillMaster {
			masters = append(masters, s.Field)
		}
	}
	if !slices.Equal(masters, []Field{Defensive, Objective}) {
		t.Errorf("master fields %v, want [defensive objective]", masters)
	}
	if s, _ := p.Skill(SkillHeroic); s.Text != SkillBunt || s.Field != "" {
		t.Errorf("heroic %+v, want the bunt only", s)
	}
	if s, _ := p.Skill(SkillAuthority); s.Value != 2 {
		t.Errorf("authority %+v, want 2", s)
	}
	if s, ok := p.Skill(SkillSadistic); !ok || s.Value != 0 {
		t.Errorf("sadistic %+v %v, want no value", s, ok)
	}
	for _, k := range []string{SkillRiposte, SkillMoringa, SkillFright, SkillLeap} {
		if _, ok := p.Skill(k); !ok {
			t.Errorf("%s missing", k)
		}
	}
}

// TestReachHalfToises: the catalogue's weapons reach 2.5 and 3 toises
// (catalogue.md section 4.6).
func TestReachHalfToises(t *testing.T) {
	for _, r := range []string{"2.5", "3"} {
		ds, err := loadFiles(map[string]string{"a.yaml": okWeapon + "    reach: " + r + "\n"})
		if err != nil {
			t.Fatalf("reach %s: %v", r, err)
		}
		if got := ds.Equipment[0].Effects.Reach; got < 2.5 || got > MaxReach {
			t.Errorf("reach %s read as %v", r, got)
		}
	}
}

// TestHelmetsAndItems: helmets and items are kinds of their own
// (catalogue.md section 4.6): no hands, a helmet may have boxes.
func TestHelmetsAndItems(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": kindOf("helmet") + "    boxes: 3\n" +
		"  - {id: e2, name: F, kind: item, cost: 4}\n"})
	if err != nil {
		t.Fatal(err)
	}
	if h := ds.Equipment[0]; h.Kind != KindHelmet || h.HelmetBoxes != 3 || h.Hands != 0 {
		t.Errorf("helmet %+v", h)
	}
	if it := ds.Equipment[1]; it.Kind != KindItem || it.Hands != 0 {
		t.Errorf("item %+v", it)
	}
	_, err = loadFiles(map[string]string{"a.yaml": kindOf("item") + "    boxes: 3\n"})
	if err == nil || !strings.Contains(err.Error(), `d/a.yaml:6:5: equipment[e1].boxes: field "boxes" does not apply to an item (an item takes only grants, grants_increment, grants_traits, stackable, poison, poison_defence, reroll_field, reroll_bonus, heal, antidote and poison_immune)`) {
		t.Errorf("boxes on an item: %v", err)
	}
}

// TestAffranchisOpenRecruitment: an Affranchis Spearhead takes the generic
// (LIM X) profiles of the peoples, not their unique ones (catalogue.md
// section 4.1); a Khârn Spearhead does not take Affranchis.
func TestAffranchisOpenRecruitment(t *testing.T) {
	profile := func(id, faction, lim string) string {
		return "  - {id: " + id + ", name: N, faction: " + faction + ", level: 1, cost: 30, limitation: " + lim +
			", stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, stature: 3, ap: 3, hp: 6}\n"
	}
	ds, err := loadFiles(map[string]string{"a.yaml": "profiles:\n" +
		profile("free-1", "affranchis", "X2") + profile("kharn-1", "kharns", "X3") + profile("kharn-hero", "kharns", "U")})
	if err != nil {
		t.Fatal(err)
	}
	list := func(faction, members string) error {
		_, err := ParseList("l.yaml", []byte("name: L\nfaction: "+faction+"\nbudget: 300\nleader: free-1\nmembers:\n"+members), ds)
		return err
	}
	if err := list("affranchis", "  - profile: free-1\n  - profile: kharn-1\n"); err != nil {
		t.Errorf("affranchis with a generic Khârn: %v", err)
	}
	if err := list("affranchis", "  - profile: free-1\n  - profile: kharn-hero\n"); err == nil || !strings.Contains(err.Error(), "kharn-hero") {
		t.Errorf("affranchis with a unique Khârn: %v", err)
	}
	if err := list("kharns", "  - profile: free-1\n  - profile: kharn-1\n"); err == nil || !strings.Contains(err.Error(), "free-1") {
		t.Errorf("kharns with an Affranchi: %v", err)
	}
}

var updateDocs = flag.Bool("update", false, "rewrite the generated skill table of docs/import.md")

// skillTableMarkdown renders the table of skills for docs/import.md.
func skillTableMarkdown() string {
	var b strings.Builder
	b.WriteString("| catalogue id | keyword (data format) | class | engine | reference |\n|---|---|---|---|---|\n")
	for _, s := range Skills() {
		id, name := s.ID, s.Name
		if id == "" {
			id = "-"
		}
		if name == "" {
			name = "trait `" + strings.TrimSpace(s.Trait) + "`"
			if s.Trait == TraitAlliedOf {
				name = "trait `allied of X`"
			}
		} else {
			name = "`" + name + "`"
		}
		class := string(s.Class)
		if s.Battle {
			class += ", battle"
		}
		engine := s.Engine.String()
		if s.Note != "" {
			engine += "; " + s.Note
		}
		b.WriteString("| `" + id + "` | " + name + " | " + class + " | " + engine + " | " + s.Ref + " |\n")
	}
	return b.String()
}

// TestDocsSkillTable: the skill table of docs/import.md is generated from the
// table of skills (go test ./profiles -run TestDocsSkillTable -update).
func TestDocsSkillTable(t *testing.T) {
	const begin, end = "<!-- skill table: generated by go test ./profiles -run TestDocsSkillTable -update -->\n", "<!-- end of skill table -->"
	path := filepath.Join("..", "docs", "import.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("%s: no generated skill table between %q and %q", path, begin, end)
	}
	want := skillTableMarkdown()
	if got := s[i+len(begin) : j]; got != want {
		if *updateDocs {
			if err := os.WriteFile(path, []byte(s[:i+len(begin)]+want+s[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("%s: the skill table differs from the table of skills (run go test ./profiles -run TestDocsSkillTable -update)", path)
	}
}

// TestNotModelledSkills: what a result on a profile is computed without, from
// the table of skills; magic, list rules and played skills left out (Heroic on
// one special attack is played).
func TestNotModelledSkills(t *testing.T) {
	p := &Profile{Skills: []Skill{{Name: SkillMasterArcher}, {Name: SkillBrutality, Value: 1}, {Name: SkillOsteomancy},
		{Name: SkillExceptional}, {Name: SkillMercy}, {Name: SkillBerserk, Text: "the death of its master"},
		{Name: SkillBerserk, Text: "bleeding"}, {Name: SkillHeroic, Text: SkillBunt}, {Name: SkillCunning}, {Name: SkillAuthority}, {Name: SkillEmpathy}, {Name: SkillAmbush}, {Name: SkillMasterArcher}}}
	got := NotModelledSkills(p)
	// Played: Ambush (sim/ambush.go), Master archer (sim/skills_more.go),
	// Authority (sim/authority.go), Empathy (the composition of a mounted
	// Safar, profiles/mount.go).
	want := []string{"berserk (the death of its master)"}
	if !slices.Equal(got, want) {
		t.Errorf("NotModelledSkills = %q, want %q", got, want)
	}
}
