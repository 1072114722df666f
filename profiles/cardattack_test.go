package profiles

import (
	"strings"
	"testing"
)

// beastProfile is okProfile as an attached beast (skills.md section 3, I;
// catalogue.md 4.5): only V printed, and its card-defined attack.
var beastProfile = sub(okProfile, "stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}", "stats: {V: 4, P: ~, A: ~, C: ~, T: ~, I: ~}") +
	"    special_attacks:\n" +
	"      - {name: Coup de gueule, chars: VV, damage: V, bleeding: 1}\n" +
	"      - name: Second\n" +
	"        chars: vv\n" +
	"        damage: v\n" +
	"        bleeding: 2\n" +
	"        daze: true\n" +
	"        once_per_activation: true\n" +
	"        only_attack: true\n"

// TestCardAttackDecode checks the special_attacks field and stats written ~
// (not printed): both decoded into the profile. Fails before: unknown field
// special_attacks, and ~ is not a number.
func TestCardAttackDecode(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": beastProfile})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("p1")
	if got := p.NotPrinted.String(); got != "P, A, C, T, I" || p.NotPrinted.Has(V) || p.Stats.V != 4 || p.Stats.P != 0 {
		t.Errorf("not printed %q, stats %+v; want P, A, C, T, I not printed and V 4", got, p.Stats)
	}
	want := []CardAttack{
		{Name: "Coup de gueule", Chars: [2]Char{V, V}, Damage: V, Bleeding: 1, Pos: Pos{File: "d/a.yaml", Line: 12, Column: 9}},
		{Name: "Second", Chars: [2]Char{V, V}, Damage: V, Bleeding: 2, Daze: true, OncePerActivation: true, OnlyAttack: true, Pos: Pos{File: "d/a.yaml", Line: 13, Column: 9}},
	}
	if len(p.SpecialAttacks) != len(want) {
		t.Fatalf("special attacks %+v, want %+v", p.SpecialAttacks, want)
	}
	for i := range want {
		if p.SpecialAttacks[i] != want[i] {
			t.Errorf("special attack %d: %+v, want %+v", i, p.SpecialAttacks[i], want[i])
		}
	}
}

// TestCardAttackProblems checks that every problem of a special attack is
// reported at once with its file, line, column and field and the allowed
// values, and that an attack engaging a characteristic the card does not
// print is refused (catalogue.md 4.5).
func TestCardAttackProblems(t *testing.T) {
	for _, tt := range []struct {
		name, attack string
		want         []string
	}{
		{"three characteristics", "{name: X, chars: VVP, damage: V}",
			[]string{`d/a.yaml:12:26: profiles[p1].special_attacks[0].chars: want two characteristics among V, P, A, C, e.g. VV or PA (2 AP engage two: R7, R18), got "VVP"`}},
		{"T is no combat characteristic", "{name: X, chars: VT, damage: V}",
			[]string{`d/a.yaml:12:26: profiles[p1].special_attacks[0].chars: want two characteristics among V, P, A, C, e.g. VV or PA (2 AP engage two: R7, R18), got "VT"`}},
		{"damage not engaged", "{name: X, chars: VV, damage: P}",
			[]string{`d/a.yaml:12:38: profiles[p1].special_attacks[0].damage: damage comes from an engaged characteristic (R9): P is not in VV`}},
		{"bleeding out of range, unknown field", "{name: X, chars: VV, damage: V, bleeding: 9, dazes: true}",
			[]string{`d/a.yaml:12:51: profiles[p1].special_attacks[0].bleeding: bleeding must be from 0 to 5, got 9`,
				`d/a.yaml:12:54: profiles[p1].special_attacks[0].dazes: unknown field "dazes" (did you mean daze?)`}},
		{"missing damage", "{name: X, chars: VV}",
			[]string{`d/a.yaml:12:9: profiles[p1].special_attacks[0]: name, chars and damage are required`}},
		{"engages a characteristic not printed", "{name: X, chars: VP, damage: V}",
			[]string{`d/a.yaml:12:9: profiles[p1].special_attacks[0].chars: engages P, which the card does not print (stats: P: ~)`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := sub(okProfile, "stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}", "stats: {V: 4, P: ~, A: ~, C: ~, T: ~, I: ~}") +
				"    special_attacks:\n      - " + tt.attack + "\n"
			_, err := loadFiles(map[string]string{"a.yaml": file})
			if err == nil {
				t.Fatal("loaded with no error")
			}
			if got := err.Error(); got != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", got, strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestMountedCardAttack checks that a mount's special attack goes to the
// mounted Safar's profile after its rider's (a mount attacking with its
// rider's AP).
func TestMountedCardAttack(t *testing.T) {
	rider := sub(beastProfile, "stats: {V: 4, P: ~, A: ~, C: ~, T: ~, I: ~}", "stats: {V: 4, P: 3, A: 3, C: 3, T: 3, I: 3}")
	mount := "mounts:\n  - {id: heron-2, name: Heron, level: 1, cost: 30, factions: [kharns], bonuses: {C: 1},\n" +
		"     special_attacks: [{name: Coup de bec, chars: CP, damage: C, daze: true, once_per_activation: true}]}\n"
	ds, err := loadFiles(map[string]string{"a.yaml": rider, "m.yaml": mount})
	if err != nil {
		t.Fatal(err)
	}
	p, err := ds.Profile("p1" + MountedSep + "heron-2")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range p.SpecialAttacks {
		names = append(names, a.Name)
	}
	if got := strings.Join(names, ", "); got != "Coup de gueule, Second, Coup de bec" {
		t.Errorf("mounted special attacks %q, want the rider's then the mount's", got)
	}
	if r, _ := ds.Profile("p1"); len(r.SpecialAttacks) != 2 {
		t.Errorf("the rider's own card changed: %d special attacks", len(r.SpecialAttacks))
	}
}

// TestFieldedBeast checks that a Safar whose card attack is its only attack
// is fielded with no weapon bought (Fielded gives the others without a weapon
// their cheapest legal one), while the same card without only_attack gets
// the weapon. Fails before: the beast was fielded with a weapon it cannot use.
func TestFieldedBeast(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": beastProfile, "e.yaml": okWeapon})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("p1")
	if l, armed := ds.Fielded(p); !armed || len(l.Add) != 0 {
		t.Errorf("beast fielded with %v (armed %v), want no weapon, armed by its attack", l.Add, armed)
	}
	q := *p
	q.SpecialAttacks = q.SpecialAttacks[:1] // the first has no only_attack
	if l, _ := ds.Fielded(&q); len(l.Add) != 1 {
		t.Errorf("without only_attack fielded with %v, want its cheapest weapon", l.Add)
	}
}
