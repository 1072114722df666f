package profiles

import (
	"slices"
	"testing"
)

// TestBerserkTrigger checks the triggers of Berserk X the engine plays
// (skills.md #56: "saignement (when it suffers bleeding), or the death of a
// named ally") and what a result is computed without otherwise.
func TestBerserkTrigger(t *testing.T) {
	for _, tc := range []struct {
		text     string
		bleeding bool
		ref      string
		ok       bool
	}{
		{"bleeding", true, "", true},
		{"death of fangs-matriarch", false, "fangs-matriarch", true},
		{"death of its master", false, "", false}, // no id: nobody named
		{"the death of its master", false, "", false},
		{"wounded", false, "", false},
	} {
		b, ref, ok := BerserkTrigger(tc.text)
		if b != tc.bleeding || ref != tc.ref || ok != tc.ok {
			t.Errorf("BerserkTrigger(%q) = %v %q %v, want %v %q %v", tc.text, b, ref, ok, tc.bleeding, tc.ref, tc.ok)
		}
	}
	p := &Profile{Skills: []Skill{{Name: SkillBerserk, Text: "death of fangs-matriarch"}}}
	if nm := NotModelledSkills(p); len(nm) != 0 {
		t.Errorf("NotModelledSkills(death of a named ally) = %q, want none", nm)
	}
	p.Skills[0].Text = "wounded"
	if nm := NotModelledSkills(p); !slices.Equal(nm, []string{"berserk (wounded)"}) {
		t.Errorf("NotModelledSkills(wounded) = %q", nm)
	}
}

// TestProfileNames checks who a Berserk trigger's reference names: the
// profile id, the model (the id without its level suffix), or a trait.
func TestProfileNames(t *testing.T) {
	p := &Profile{ID: "fangs-matriarch-2", Traits: []string{"femelle-fang"}}
	for ref, want := range map[string]bool{
		"fangs-matriarch-2": true, "fangs-matriarch": true, "femelle-fang": true,
		"fangs": false, "fangs-matriarch-3": false, "fangs-matri": false, "matriarch-2": false,
	} {
		if got := p.Names(ref); got != want {
			t.Errorf("Names(%q) = %v, want %v", ref, got, want)
		}
	}
}
