package sim

import "github.com/kharn-ages/kharn/sim/field"

// This file plays the cover a spell gives (profiles.EffectParams.Cover,
// defensive-buff: "the ally counts as behind cover of its stature + 1"): while
// the effect lasts, a shot at the target counts the cover bonus of an obstacle
// Cover statures above the target's (the rulebook's cover table, seed 000 lines
// 940-946: field.CoverBonus), or the cover of the field when that is more
// (engine.cover). The policy values it by what it takes off the shots of the
// enemies that may shoot the target now (coverWorth).

// spellCover returns the cover bonus against shots the spell effects on Safar j
// give (0: none).
func (e *engine) spellCover(j int) int {
	n := int(e.c[j].fx.cover)
	if n <= 0 {
		return 0
	}
	st := e.c[j].f.Profile.Stature
	return field.CoverBonus(st+n, st)
}

// coverKey names a shot threat table: shooter kind y shooting kind x behind
// cover bonus b (0: in the open).
type coverKey struct{ x, y, b int8 }

// shotThreatTable returns the threat table (as e.threat) of the shots of kind y
// on kind x behind cover bonus b: y's shot options of the card's table, each
// computed exactly with that cover, against every AP x may hold, at effective
// range.
func (e *engine) shotThreatTable(x, y, b int) ([8]float64, error) {
	var t [8]float64
	opts := make([]fightOption, 0, len(e.opts[y][x]))
	for _, o := range e.opts[y][x] {
		if !o.shot || o.pos != posNone {
			continue
		}
		ex := e.exchange(y, x, o.weapon, Attack{})
		ex.Range = bandRange(o.weapon, bandEffective)
		ex.Cover = b
		n, err := e.fillOption(ex, o.attack, o.weapon, o.defWeapon, ex.Defender, posNone, nil)
		if err != nil {
			return t, err
		}
		opts = append(opts, n)
	}
	if len(opts) == 0 {
		return t, nil
	}
	full := min(e.kinds[y].Profile.AP, 7)
	for k := range 8 {
		t[k], _ = planDP(opts, full, k, e.alwaysOf(y), zero, 0, 0)
	}
	return t, nil
}

// initCover computes, once per engine, the shot threat tables coverWorth reads:
// for each option with a cover, each kind it may target and each opposing kind
// with a shooting weapon, in the open and behind the spell's cover.
func (e *engine) initCover(m *fightMagic) error {
	for a := range m.opts {
		for oi := range m.opts[a] {
			o := &m.opts[a][oi]
			n := o.level.EffectParams.Cover
			if n <= 0 {
				continue
			}
			for x := range e.kinds {
				if o.plans[x] == nil {
					continue
				}
				st := e.kinds[x].Profile.Stature
				for y := range e.kinds {
					if e.kindSide[y] == e.kindSide[x] || e.kinds[y].Ranged == nil {
						continue
					}
					for _, b := range []int{0, field.CoverBonus(st+n, st)} {
						k := coverKey{int8(x), int8(y), int8(b)}
						if _, ok := m.shotThreat[k]; ok {
							continue
						}
						t, err := e.shotThreatTable(x, y, b)
						if err != nil {
							return err
						}
						m.shotThreat[k] = t
					}
				}
			}
		}
	}
	return nil
}

// coverWorth is what cover n on Safar j is worth to its side, in HP: for each
// enemy in play with a shooting weapon that may shoot j now (in range, not
// engaged, not yet activated in this round, or j's effect lasting over its next
// activation anyway), the expected damage of a whole activation of its shots on
// j in the open less behind the spell's cover, against the AP j holds. The
// field's own cover on the line is not counted (an upper bound), nor the
// shooter turning to another target.
func (e *engine) coverWorth(j, n int) float64 {
	o := &e.c[j]
	st := o.f.Profile.Stature
	b := field.CoverBonus(st+n, st)
	if b <= max(e.spellCover(j), e.cardCoverOf(j)) { // a card's cover as good (sim/cardcover.go): the spell adds nothing
		return 0
	}
	v := 0.0
	for k := range e.c {
		s := &e.c[k]
		if s.side == o.side || !s.inPlay() || s.f.Ranged == nil || e.engagedAny(k) || !e.threatens(k, j) {
			continue
		}
		open, ok := e.magic.shotThreat[coverKey{int8(o.kind), int8(s.kind), 0}]
		behind, ok2 := e.magic.shotThreat[coverKey{int8(o.kind), int8(s.kind), int8(b)}]
		if !ok || !ok2 {
			continue
		}
		v += max(open[e.heldAP(j)]-behind[e.heldAP(j)], 0)
	}
	return v
}
