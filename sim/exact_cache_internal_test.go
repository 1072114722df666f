package sim

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/kharn-ages/kharn/profiles"
)

// keyBase returns an exchange whose every field the key test reaches is set:
// both fighters hold mastery dice, unmodelled skills and flasks, the policy
// points to a reserve, a counter worth and a fixed defence.
func keyBase(t *testing.T) *Exchange {
	t.Helper()
	att, def := *fighterOf(t, "paladin-3"), *fighterOf(t, "kherops-warrior-2")
	for _, f := range []*Fighter{&att, &def} {
		f.Mastery = []Fields{FieldOffensive, FieldDefensive}
		f.Skills.Other = []string{"endurance", "warlord"}
		f.Items.Flasks = []profiles.Dice{{N: 1, Sides: 5}}
	}
	reserve := [8]float64{0, 1, 2, 3, 4, 5, 6, 7}
	return &Exchange{Attacker: &att, Defender: &def,
		Attack: Attack{AP: 2, Chars: CharsOf(P, A), Effects: CharsOf(P)},
		Policy: Policy{AttackReroll: 5, DefenceMastery: true, Reserve: &reserve,
			CounterStatus: &CounterWorth{Daze: [8]float64{1}, Stun: [8]float64{2}},
			Defence:       &Defence{AP: 1, Chars: CharsOf(P)}}}
}

// identityFields are the pointers the key holds by identity: a data set's
// profiles and items, not changed once loaded (Tables.fighterKey).
var identityFields = map[string]bool{
	"Profile": true, "Weapon": true, "Melee": true, "Ranged": true, "Offhand": true,
	"Shield": true, "Helmet": true, "Armour": true, "Under": true,
}

// keyLeaf is one field the key must read: a path of steps from the Exchange
// (a field index, an array or slice index, a pointer followed) and how to
// change it.
type keyLeaf struct {
	name string
	path []int // -1: follow a pointer; otherwise a field or element index
	kind string
}

// keyLeaves lists the leaves of v's type under path: every number, flag and
// string, every element of an array, the first element of a slice and the
// slice's length, pointers by identity (identityFields) or followed.
func keyLeaves(t *testing.T, v reflect.Value, name string, path []int, out *[]keyLeaf) {
	t.Helper()
	add := func(kind string) {
		*out = append(*out, keyLeaf{name, append([]int(nil), path...), kind})
	}
	switch v.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		add("value")
	case reflect.Struct:
		for i := range v.NumField() {
			keyLeaves(t, v.Field(i), name+"."+v.Type().Field(i).Name, append(path, i), out)
		}
	case reflect.Array:
		for i := range v.Len() {
			keyLeaves(t, v.Index(i), fmt.Sprintf("%s[%d]", name, i), append(path, i), out)
		}
	case reflect.Slice:
		if v.Len() == 0 {
			t.Fatalf("%s: empty in keyBase, its elements would not be tested", name)
		}
		add("append")
		keyLeaves(t, v.Index(0), name+"[0]", append(path, 0), out)
	case reflect.Pointer:
		field := name[len(name)-len(lastName(name)):]
		if identityFields[field] {
			add("identity")
			return
		}
		if v.IsNil() {
			t.Fatalf("%s: nil in keyBase, what it points to would not be tested", name)
		}
		if v.Type() != reflect.TypeFor[*Fighter]() {
			add("nil") // a nil fighter is no exchange
		}
		keyLeaves(t, v.Elem(), name, append(path, -1), out)
	default:
		t.Fatalf("%s: a %s, which the key test does not know: add it to exCacheKey and here", name, v.Kind())
	}
}

// lastName returns the last field name of a dotted path.
func lastName(name string) string {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '.' {
			return name[i+1:]
		}
	}
	return name
}

// settable returns v made settable (unexported fields such as Chars' are
// reached through their address).
func settable(v reflect.Value) reflect.Value {
	if v.CanSet() {
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// change changes leaf l of a fresh exchange ex (keyBase) in place: its
// fighters, slices and policy values are its own.
func (l keyLeaf) change(t *testing.T, ex *Exchange) {
	t.Helper()
	v := reflect.ValueOf(ex).Elem()
	for _, s := range l.path {
		switch {
		case s == -1:
			v = v.Elem()
		case v.Kind() == reflect.Struct:
			v = settable(v.Field(s))
		default:
			v = settable(v.Index(s))
		}
	}
	switch l.kind {
	case "append":
		v.Set(reflect.Append(v, v.Index(0)))
	case "identity":
		c := reflect.New(v.Type().Elem())
		if !v.IsNil() {
			c.Elem().Set(v.Elem())
		}
		v.Set(c)
	case "nil":
		v.Set(reflect.Zero(v.Type()))
	default:
		switch v.Kind() {
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Float32, reflect.Float64:
			v.SetFloat(v.Float() + 1)
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			v.SetUint(v.Uint() + 1)
		default:
			v.SetInt(v.Int() + 1)
		}
	}
}

// TestExCacheKey checks that every field of an Exchange, of what its policy
// points to and of its two fighters changes the key of the exact cache
// (exact_cache.go): a number or flag changed, a slice grown or one of its
// elements changed, a pointer to a profile or an item replaced by a copy, the
// policy's reserve, counter worth or fixed defence changed in place. A field
// added to any of them, at any depth, is tested without a change here; one of
// a kind the key does not know (a map, an interface, a pointer to something
// else) fails until the key and this test learn it. The bytes of Skills the
// key copies must be numbers and flags only.
func TestExCacheKey(t *testing.T) {
	base := keyBase(t)
	var bk exCacheKey
	if !exCacheKeyOf(&bk, base) {
		t.Fatal("the base exchange is not cacheable")
	}
	var again exCacheKey
	if b2 := keyBase(t); !exCacheKeyOf(&again, b2) || again != bk {
		t.Fatal("two equal exchanges: different keys")
	}
	var leaves []keyLeaf
	keyLeaves(t, reflect.ValueOf(base).Elem(), "Exchange", nil, &leaves)
	if len(leaves) < 150 {
		t.Fatalf("only %d leaves found: the walk lost fields", len(leaves))
	}
	for _, l := range leaves {
		ex := keyBase(t)
		l.change(t, ex)
		var k exCacheKey
		if !exCacheKeyOf(&k, ex) {
			t.Errorf("%s (%s) changed: not cacheable", l.name, l.kind)
			continue
		}
		if k == bk {
			t.Errorf("%s (%s) changed: the same key", l.name, l.kind)
		}
	}
	// The key copies the bytes of Skills up to Other: only numbers and flags
	// may stand there, and Other must be the last field.
	st := reflect.TypeFor[Skills]()
	if last := st.Field(st.NumField() - 1); last.Name != "Other" {
		t.Errorf("Skills ends with %s, not Other: skillBytes would miss it", last.Name)
	}
	for f := range st.Fields() {
		if f.Name == "Other" {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		default:
			t.Errorf("Skills.%s is a %s: skillBytes compares numbers and flags only", f.Name, f.Type.Kind())
		}
	}
	// Slices longer than the key holds are not cached.
	long := keyBase(t)
	long.Defender.Mastery = make([]Fields, keyMastery+1)
	if exCacheKeyOf(new(exCacheKey), long) {
		t.Error("a defender with more mastery dice than the key holds: cacheable")
	}
}

// exactWith is Exact with the plan looking up lu (nil: no cache).
func exactWith(ex Exchange, lu *exLookup) (*Result, error) {
	if err := ex.Prepare(); err != nil {
		return nil, err
	}
	pl := ex.newPlanFrom(nil, new(plan), lu)
	res := pl.exact()
	ex.onSuccess(res)
	return res, nil
}

// TestExactCache checks that an exchange whose candidates, counters and free
// values come from the exact cache gives what it gives without the cache, to
// the bit, and that the second look-up of an exchange hits: each Safar of the
// embedded data against two defenders, every attack with every effect choice
// (those with A effects bring the free values), under the default policy, a
// Reserve with a counter worth, and a dazed defender; and that a Sampler on a
// cached plan draws what one on an uncached plan draws.
func TestExactCache(t *testing.T) {
	fighters := defaultFighters(t)
	reserve := [8]float64{0, 1.5, 2.5, 3, 3.2, 3.3, 3.3, 3.3}
	worth := CounterWorth{Daze: [8]float64{0, 1, 2}, Stun: [8]float64{1, 2, 3}}
	c := &exCache{m: map[exCacheKey]*exEntry{}}
	checked, free := 0, 0
	step, atLeast := 1, 500
	if allocsRaceEnabled {
		step, atLeast = 4, 100 // the race detector makes it 20x slower
	}
	for i := 0; i < len(fighters); i += step {
		att := fighters[i]
		for k := 1; k <= 2; k++ {
			ex := Exchange{Attacker: att, Defender: fighters[(i*5+k*3)%len(fighters)], Policy: DefaultPolicy}
			switch (i + k) % 3 {
			case 1:
				ex.Policy.Reserve, ex.Policy.CounterStatus = &reserve, &worth
			case 2:
				ex.DefenderDazed = true
			}
			for _, a := range ex.Attacks() {
				for _, e := range ex.effectChoices(a) {
					trial := ex
					trial.Attack = a
					trial.Attack.Effects = e
					want, err := exactWith(trial, nil)
					if err != nil {
						continue
					}
					for round, wantHit := range []bool{false, true} {
						lu := exLookup{c: c}
						got, err := exactWith(trial, &lu)
						if err != nil {
							t.Fatal(err)
						}
						if lu.hit != wantHit {
							t.Fatalf("%s vs %s, %v, look-up %d: hit %t", att.Name(), ex.Defender.Name(), trial.Attack, round+1, lu.hit)
						}
						if !reflect.DeepEqual(got, want) {
							t.Fatalf("%s vs %s, %v, look-up %d: %+v, without the cache %+v", att.Name(), ex.Defender.Name(), trial.Attack, round+1, got, want)
						}
					}
					checked++
					if e.Has(A) {
						free++
					}
				}
			}
		}
	}
	if checked < atLeast || free < atLeast/5 {
		t.Fatalf("%d exchanges checked, %d with free attacks: not a test", checked, free)
	}

	// A Sampler's draws: the same stream from a cached plan.
	ex := Exchange{Attacker: fighters[0], Defender: fighters[1], Policy: DefaultPolicy,
		Attack: Attack{AP: 3, Chars: CharsOf(P, A, C), Effects: CharsOf(P, A)}}
	if err := ex.Prepare(); err != nil {
		t.Fatal(err)
	}
	lu := exLookup{c: c}
	ex.newPlanFrom(nil, new(plan), &lu) // stores
	lu = exLookup{c: c}
	cached := &Sampler{pl: ex.newPlanFrom(nil, new(plan), &lu)}
	plain := &Sampler{pl: ex.newPlanFrom(nil, new(plan), nil)}
	if !lu.hit {
		t.Fatal("the sampler's plan missed the cache")
	}
	r1, r2 := rand.NewPCG(3, 1), rand.NewPCG(3, 1)
	for n := range 20000 {
		if a, b := cached.Sample(r1), plain.Sample(r2); a != b {
			t.Fatalf("draw %d: cached plan %+v, uncached %+v", n, a, b)
		}
	}
}

// TestExactCacheBounded checks that a cache holds at most exCacheMax entries.
func TestExactCacheBounded(t *testing.T) {
	base := keyBase(t)
	base.Policy = DefaultPolicy
	c := &exCache{m: map[exCacheKey]*exEntry{}}
	for n := range exCacheMax + 10 {
		ex := *base
		ex.Range = float64(n) // read by no melee rule, but a field of the key
		lu := exLookup{c: c}
		if _, err := exactWith(ex, &lu); err != nil {
			t.Fatal(err)
		}
		if len(c.m) > exCacheMax {
			t.Fatalf("%d entries after %d exchanges", len(c.m), n+1)
		}
	}
	if len(c.m) == 0 {
		t.Fatal("nothing cached")
	}
}
