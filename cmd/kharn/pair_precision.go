package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/runner"
	"github.com/kharn-ages/kharn/stats"
)

// The precision stopping rule of the report's duel matchups and loadout
// comparisons (issue #13, aim 5):
// a pairing plays its fights in chunks of pairChunk and stops after the first
// chunk where both sides' win rates have a 95% Wilson half-width below the
// target (--pair-precision), or at --trials fights. A lopsided pairing is told
// in a few hundred fights, a close one needs thousands: on the 150-profile
// synthetic catalogue the matchups' fights were 60% of the report's CPU
// (docs/benchmarks.md, "Fifth round: the catalogue pipeline").
const (
	// pairChunk is the chunk of a pairing's precision run: the least number of
	// fights a pairing plays, and how often the rule is checked. Chunks merge in
	// order (sim/runner), so where a pairing stops depends only on the seed.
	pairChunk = 256
	// defaultPairPrecision is --pair-precision's default: a cell of the matchup
	// map within ±2 points at 95%. 4096 fights give at most ±1.53 points.
	defaultPairPrecision = 0.02
)

// pairPrecisionRange is the allowed range of --pair-precision: 0 (off) or a
// half-width below what the first chunk already gives at a rate of one half.
func pairPrecisionRange() numRange {
	lo, hi := stats.Wilson(pairChunk/2, pairChunk, 0.95)
	w := math.Floor((hi-lo)/2*1e4) / 1e4
	return numRange{0, math.Nextafter(w, 0), fmt.Sprintf("0 (off: every pairing plays --trials fights) or a half-width below %g "+
		"(the first chunk of %d fights already gives at most %.5f, so a larger one asks for nothing)", w, pairChunk, (hi-lo)/2)}
}

// pairConverged reports whether both sides' win rates in t have a 95% Wilson
// half-width below h.
func pairConverged(t *sim.DuelTally, h float64) bool {
	for _, s := range []int{sim.SideA, sim.SideB} {
		lo, hi := stats.Wilson(t.Wins[s], t.N, 0.95)
		if (hi-lo)/2 >= h {
			return false
		}
	}
	return true
}

// playPairing plays the fights of duel d as matchup c says, on the given
// number of runner workers: c.trials fights, or with c.precision > 0 chunks of
// pairChunk until pairConverged, at most c.trials. done reports that the run
// ended as asked (not interrupted). Without a precision the fights are those of
// kharn duel --trials (the same chunks and seeds).
func playPairing(ctx context.Context, d *sim.Duel, c matchConfig, workers int) (t *sim.DuelTally, done bool, err error) {
	proto, err := d.NewPlayer()
	if err != nil {
		return nil, false, err
	}
	cfg := runner.Config{Trials: c.trials, Seed: c.seed, Workers: workers}
	var stop func(t *sim.DuelTally, _ int) bool
	if c.precision > 0 {
		cfg.Precision, cfg.MaxTrials, cfg.ChunkSize = c.precision, c.trials, pairChunk
		stop = func(t *sim.DuelTally, _ int) bool { return pairConverged(t, c.precision) }
	}
	res, err := runner.Run(ctx, cfg,
		func() *sim.DuelTally { return &sim.DuelTally{} },
		(*sim.DuelTally).Merge,
		func() func(r *rand.PCG, t *sim.DuelTally) {
			pl := proto.Clone()
			return func(r *rand.PCG, t *sim.DuelTally) { t.Add(pl.Play(r)) }
		}, stop)
	if err != nil {
		return nil, false, err
	}
	return res.Acc, !res.Interrupted && (res.Trials == c.trials || res.Converged), nil
}

// poolStat is a profile's duels pooled over several opponents.
type poolStat struct {
	// wins, draws and n are the counts the rates and intervals are computed
	// from: the sums over the opponents when every pairing played the same
	// number of fights; otherwise effective counts (see matrix.pooled).
	wins, draws, n int
	// fights is the number of fights played, opps the number of opponents.
	fights, opps int
}

// poolRecords pools records of one profile against several opponents, each
// {wins, draws, fights}. With the same number of fights per opponent, the
// counts are the sums (a rate over every fight). Otherwise, as a precision run
// makes them (a lopsided pairing stops early), a sum would weight each
// opponent by its fights, and so by how close its pairing is: the rate is then
// the mean of the opponents' rates, each weighing the same, and n the
// effective number of fights of that mean, K² / Σ 1/n_y for K opponents (the
// n for which a binomial rate has the variance of the mean when the opponents'
// rates are equal; with unequal rates the true variance is lower, so the
// Wilson interval on (rate, n) is conservative). wins and draws are the rates
// times n, rounded.
func poolRecords(recs [][3]int) poolStat {
	var p poolStat
	same := true
	for _, r := range recs {
		if r[2] != recs[0][2] {
			same = false
		}
		p.wins, p.draws, p.fights, p.opps = p.wins+r[0], p.draws+r[1], p.fights+r[2], p.opps+1
	}
	p.n = p.fights
	if same || p.opps == 0 {
		return p
	}
	var inv, rate, draw float64
	for _, r := range recs {
		if r[2] == 0 {
			continue // cannot happen: a pairing played in full has fights
		}
		n := float64(r[2])
		inv += 1 / n
		rate += float64(r[0]) / n
		draw += float64(r[1]) / n
	}
	k := float64(p.opps)
	p.n = int(math.Round(k * k / inv))
	p.wins = int(math.Round(rate / k * float64(p.n)))
	p.draws = int(math.Round(draw / k * float64(p.n)))
	return p
}

// pairPrecisionText is the method's fact on the matchups' stopping rule.
func (r *reportRun) pairPrecisionText() string {
	if r.f.pairPrecision <= 0 {
		return fmt.Sprintf("off (--pair-precision 0): every pairing plays %d fights", r.f.trials)
	}
	return fmt.Sprintf("%.3g (--pair-precision): a pairing of the matchups stops once both win rates have a 95%% Wilson half-width below it, "+
		"checked every %d fights, at most %d", r.f.pairPrecision, pairChunk, r.f.trials)
}

// pairPrecisionMethod says in the method how the matchups' stopping rule
// plays and pools, or nothing when it is off.
func (r *reportRun) pairPrecisionMethod() string {
	if r.f.pairPrecision <= 0 {
		return ""
	}
	return fmt.Sprintf("The matchups and the loadout comparisons play their fights in chunks of %d and stop a pairing after the first chunk where both sides' win rates "+
		"have a 95%% Wilson half-width below %.3g, or at %d fights (--pair-precision): "+
		"where a pairing stops depends only on the seed. A lopsided pairing stops early and a close one plays on, so a rate pooled over "+
		"opponents that played different numbers of fights is the mean of their rates, each opponent weighing the same, with the Wilson "+
		"interval of its effective number of fights (K² / Σ 1/n over the K opponents, conservative; the z tests use it too), and a loadout's damage taken "+
		"is the mean of its opponents' means; the fights columns count the fights played. ",
		pairChunk, r.f.pairPrecision, r.f.trials)
}
