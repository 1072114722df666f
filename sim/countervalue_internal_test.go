package sim

import (
	"math"
	"testing"
)

// plainMeleeOpt returns the index of a 2 AP melee option of kind a against kind d
// with no effect, -1 when there is none.
func plainMeleeOpt(e *engine, a, d int) int {
	for n := range e.opts[a][d] {
		o := &e.opts[a][d][n]
		if !o.shot && o.pos == 0 && o.attack.Kind == Melee && o.attack.AP == 2 {
			return n
		}
	}
	return -1
}

// TestFightCounterWorth checks the values a fight gives the best response for
// its counter's statuses (engine.plan, engine.counterWorth;
// sim/countervalue.go): a Tembo guardian's war hammer stuns on a CH (the
// embedded data's on_critical: stun), worth the attacker's rest of
// activation plus its defence against the guardian, statusGains' stun with
// the roles swapped; a Tembo youngling's mace dazes, worth nothing against an
// attacker dazed already (R17); a Khérops warrior's weapon neither dazes nor
// stuns: no value set. Fails before the fix: no fight set any value.
func TestFightCounterWorth(t *testing.T) {
	e := posEngine(t, "kherops-warrior-1", "tembo-guardian-2")
	att, def := e.c[0].kind, e.c[2].kind
	n := plainMeleeOpt(e, att, def)
	if n < 0 {
		t.Fatal("no 2 AP melee option of kherops-warrior-1 against tembo-guardian-2")
	}
	const apLeft = 1
	key := e.canonical(planKey{att: int8(att), def: int8(def), apLeft: apLeft, opt: int16(n), band: bandEffective}, &e.opts[att][def][n])
	pl := e.plan(key, 0, &e.opts[att][def][n])
	w := pl.ex.Policy.CounterStatus
	if w == nil {
		t.Fatal("war hammer defender: no CounterStatus on the exchange")
	}
	ranged := e.c[0].ranged
	always := func(o *fightOption) (int, int, bool) { return o.ap(), bandEffective, !o.shot || ranged }
	thr := &e.threat[att][def]
	for k := range 8 {
		rest, _ := planDP(e.opts[att][def], apLeft, k, always, zero, 0, 0)
		want := max(rest, 0) + max(thr[0]-thr[apLeft], 0)
		if math.Abs(w.Stun[k]-want) > 1e-12 || w.Daze[k] != 0 {
			t.Errorf("AP held %d: stun worth %.6f, daze %.6f; want %.6f (rest %.6f, guard %.6f) and 0", k, w.Stun[k], w.Daze[k], want, rest, thr[0]-thr[apLeft])
		}
		// The reserve the same plan holds is minus that rest (engine.plan).
		if r := pl.ex.Policy.Reserve; r == nil || math.Abs(-r[k]-rest) > 1e-12 {
			t.Errorf("AP held %d: reserve %v, want -%.6f", k, r, rest)
		}
	}
	if w.Stun[0] <= 0 {
		t.Errorf("stun worth %.6f against a defender with no AP left; want more than 0", w.Stun[0])
	}

	// The reverse: the guardian attacks the Khérops warrior, whose counter
	// puts no status.
	if n := plainMeleeOpt(e, def, att); n >= 0 {
		key := e.canonical(planKey{att: int8(def), def: int8(att), apLeft: 1, opt: int16(n), band: bandEffective}, &e.opts[def][att][n])
		if w := e.plan(key, 2, &e.opts[def][att][n]).ex.Policy.CounterStatus; w != nil {
			t.Errorf("Khérops warrior defending: CounterStatus %+v, want none", *w)
		}
	}

	// A mace dazes: worth something, unless the attacker is dazed already.
	e = posEngine(t, "kherops-warrior-1", "tembo-youngling-1")
	att, def = e.c[0].kind, e.c[2].kind
	n = plainMeleeOpt(e, att, def)
	if n < 0 {
		t.Fatal("no 2 AP melee option of kherops-warrior-1 against tembo-youngling-1")
	}
	key = e.canonical(planKey{att: int8(att), def: int8(def), apLeft: 2, opt: int16(n), band: bandEffective}, &e.opts[att][def][n])
	w = e.plan(key, 0, &e.opts[att][def][n]).ex.Policy.CounterStatus
	if w == nil || w.Stun != [8]float64{} || w.Daze[0] <= 0 {
		t.Fatalf("mace defender: CounterStatus %+v; want a daze worth more than 0 and no stun", w)
	}
	key.attDazed = true
	if w := e.plan(key, 0, &e.opts[att][def][n]).ex.Policy.CounterStatus; w != nil {
		t.Errorf("mace against a dazed attacker: CounterStatus %+v, want none", *w)
	}
}
