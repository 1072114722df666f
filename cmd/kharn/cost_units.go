package main

import (
	"context"
	"errors"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/reports"
)

// The fair-cost search of one profile is a work unit of --shard (kharn cost,
// and the report's costs): its result is the search's curve, which holds the
// integer tallies the fit is computed from, so kharn merge computes the fair
// cost, the verdict and every table from the same curve as a single run.
// Floats are written as text (reports.FormatFloat: the shortest decimal that
// reads back to the same float64, NaN included), so they read back exactly.

// costUnitJSON is one profile's search: its curve, or why it failed.
type costUnitJSON struct {
	Error string     `json:"error,omitempty"`
	Curve *curveJSON `json:"curve,omitempty"`
}

// curveJSON is a balance.Curve, field for field.
type curveJSON struct {
	Points      []pointJSON    `json:"points"`
	Tally       *balance.Tally `json:"tally"`
	Seed        uint64         `json:"seed"`
	ChunkSize   int            `json:"chunk_size"`
	Trials      int            `json:"trials"`
	Degree      int            `json:"degree"`
	Precision   string         `json:"precision"`
	Converged   bool           `json:"converged"`
	Interrupted bool           `json:"interrupted"`
	Coarse      *curveJSON     `json:"coarse,omitempty"`
	MinCost     string         `json:"min_cost"`
	MaxCost     string         `json:"max_cost,omitempty"`
	Notes       []string       `json:"notes,omitempty"`
	Unmet       string         `json:"unmet,omitempty"`
}

// pointJSON is a balance.Point.
type pointJSON struct {
	Cost  string `json:"cost"`
	Wins  int    `json:"wins"`
	Draws int    `json:"draws"`
	N     int    `json:"n"`
	Rate  string `json:"rate"`
	Lo    string `json:"lo"`
	Hi    string `json:"hi"`
}

func encodeCurve(c *balance.Curve) *curveJSON {
	if c == nil {
		return nil
	}
	f := reports.FormatFloat
	j := &curveJSON{Tally: c.Tally, Seed: c.Seed, ChunkSize: c.ChunkSize, Trials: c.Trials, Degree: c.Degree, Precision: f(c.Precision),
		Converged: c.Converged, Interrupted: c.Interrupted, Coarse: encodeCurve(c.Coarse), MinCost: f(c.MinCost), Notes: c.Notes, Unmet: c.Unmet,
		Points: []pointJSON{}}
	if c.MaxCost != 0 {
		j.MaxCost = f(c.MaxCost)
	}
	for _, p := range c.Points {
		j.Points = append(j.Points, pointJSON{Cost: f(p.Cost), Wins: p.Wins, Draws: p.Draws, N: p.N, Rate: f(p.Rate), Lo: f(p.Lo), Hi: f(p.Hi)})
	}
	return j
}

func decodeCurve(j *curveJSON) (*balance.Curve, error) {
	if j == nil {
		return nil, nil
	}
	var err error
	num := func(s string) float64 {
		x, e := reports.ParseFloat(s)
		if e != nil && err == nil {
			err = e
		}
		return x
	}
	c := &balance.Curve{Tally: j.Tally, Seed: j.Seed, ChunkSize: j.ChunkSize, Trials: j.Trials, Degree: j.Degree, Precision: num(j.Precision),
		Converged: j.Converged, Interrupted: j.Interrupted, MinCost: num(j.MinCost), Notes: j.Notes, Unmet: j.Unmet}
	if j.MaxCost != "" {
		c.MaxCost = num(j.MaxCost)
	}
	for _, p := range j.Points {
		c.Points = append(c.Points, balance.Point{Cost: num(p.Cost), Wins: p.Wins, Draws: p.Draws, N: p.N, Rate: num(p.Rate), Lo: num(p.Lo), Hi: num(p.Hi)})
	}
	if err != nil {
		return nil, err
	}
	if c.Coarse, err = decodeCurve(j.Coarse); err != nil {
		return nil, err
	}
	return c, nil
}

// searchUnit runs the fair-cost search of case i of f.group, or, in a shard,
// skips it when it is another shard's, or, in kharn merge, reads its curve.
func searchUnit(ctx context.Context, f *costFlags, i int, cfg balance.Config, newGame balance.GameFactory) (curve *balance.Curve, skip bool, err error) {
	u, g := f.units, f.group
	switch {
	case u.merging():
		var j costUnitJSON
		if err := u.read(g, i, &j); err != nil {
			return nil, false, err
		}
		if j.Error != "" {
			return nil, false, errors.New(j.Error)
		}
		c, err := decodeCurve(j.Curve)
		if err != nil || c == nil {
			return nil, false, errors.Join(errors.New("merge: a profile's curve does not read back"), err)
		}
		return c, false, nil
	case u.shardOnly() && !u.mine(g, i):
		return nil, true, nil
	}
	curve, err = balance.Search(ctx, cfg, newGame)
	if u.shardOnly() && ctx.Err() == nil && (err != nil || !curve.Interrupted) {
		j := costUnitJSON{Curve: encodeCurve(curve)}
		if err != nil {
			j = costUnitJSON{Error: err.Error()}
		}
		if rerr := u.record(g, i, j); rerr != nil {
			return nil, false, rerr
		}
	}
	return curve, false, err
}
