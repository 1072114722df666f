package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestStartsNextR15 checks startsNext, keepValues' reading of who starts the
// next round (branch idlegain), against R15 (seed 000 line 560, as playFrom
// plays it): the side with fewer Safars on the table starts; with as many, the
// side that did not activate last, the Safars still to activate alternating
// after the one activating now. kharns-300 against itself: A0-A3, B4-B7.
func TestStartsNextR15(t *testing.T) {
	e := listPlayer(t, "kharns-300", "kharns-300").e
	for _, c := range []struct {
		what  string
		i     int
		acted []int // besides i
		out   []int // defeated
		hid   []int // in ambush
		want  bool  // i's side starts the next round
	}{
		// After A0: B A B A B A B, B last: A starts.
		{"first activation of the round", 0, nil, nil, nil, true},
		// After B4 (A0 acted): A B A B A B, B last: A starts.
		{"second, the other side", 4, []int{0}, nil, nil, false},
		// After A3, all others acted: A last: B starts.
		{"last of the round", 3, []int{0, 1, 2, 4, 5, 6, 7}, nil, nil, false},
		// After B7, all others acted: B last: A starts.
		{"last of the round, side B", 7, []int{0, 1, 2, 3, 4, 5, 6}, nil, nil, false},
		// A has one Safar fewer on the table: A starts, whoever is last.
		{"fewer Safars", 0, nil, []int{1}, nil, true},
		{"fewer Safars, seen from B", 4, nil, []int{1}, nil, false},
		// One in ambush is not on the table (R15, Ambush): A, with three on
		// it, starts (counting A0, B would: after B4, A0-A3 to come last).
		{"one in ambush", 4, nil, nil, []int{0}, false},
		// A0 activates with A1-A3 done and B4-B7 to come: B B B B, B last.
		{"a longer list ends the round", 0, []int{1, 2, 3}, nil, nil, true},
	} {
		e.reset()
		for k := range e.c {
			e.c[k].acted = false
		}
		e.c[c.i].acted = true
		for _, k := range c.acted {
			e.c[k].acted = true
		}
		for _, k := range c.out {
			e.c[k].hp = 0
		}
		for _, k := range c.hid {
			e.c[k].hidden = true
		}
		if got := e.startsNext(e.c[c.i].side, c.i); got != c.want {
			t.Errorf("%s: startsNext(side of %d) = %v, want %v", c.what, c.i, got, c.want)
		}
	}
}

// startsRecorder plays the default policy and records, at every activation,
// startsNext for the activating Safar's side and the Safars on the table
// then; at the first activation of the next round it checks each prediction
// against the side R15 let start (playFrom), when the Safars on the table are
// the same (none defeated, none out of ambush meanwhile).
type startsRecorder struct {
	defaultPolicy
	rec *startsLog
}

type startsPred struct {
	side int
	pred bool
	vis  [2]int
}

type startsLog struct {
	round   int
	preds   []startsPred
	checked int
	wrong   []string
}

func (p startsRecorder) pick(e *engine, s int, r *rand.PCG) int {
	l := p.rec
	vis := [2]int{e.visible(0), e.visible(1)}
	if e.round != l.round {
		if e.round == l.round+1 {
			for k, q := range l.preds {
				if q.vis != vis {
					continue
				}
				l.checked++
				if got := s == q.side; got != q.pred {
					l.wrong = append(l.wrong, fmt.Sprintf("round %d: side %d starts, activation %d of the round before predicted %v for side %d", e.round, s, k+1, q.pred, q.side))
				}
			}
		}
		l.round, l.preds = e.round, l.preds[:0]
	}
	i := p.defaultPolicy.pick(e, s, r)
	if i >= 0 {
		e.c[i].acted = true // as activateTurn will; startsNext counts i apart
		l.preds = append(l.preds, startsPred{side: s, pred: e.startsNext(s, i), vis: vis})
		e.c[i].acted = false
	}
	return i
}

// TestStartsNextPlayed checks startsNext's reading in played battles
// (startsRecorder): kharns-300 and black-guild-300 (Safars in ambush) against
// themselves.
func TestStartsNextPlayed(t *testing.T) {
	for _, list := range []string{"kharns-300", "black-guild-300"} {
		log := &startsLog{}
		p := startsRecorder{rec: log}
		pl, err := (&Skirmish{Sides: listSides(t, list, list), Policies: [2]FightPolicy{p, p}}).NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		r := rand.NewPCG(3, 4)
		for range 200 {
			log.round = -1
			pl.Play(r)
		}
		if log.checked < 400 || len(log.wrong) > 0 {
			t.Errorf("%s: %d predictions checked, %d wrong: %v", list, log.checked, len(log.wrong), log.wrong[:min(len(log.wrong), 5)])
		}
		t.Logf("%s: %d predictions checked", list, log.checked)
	}
}
