package balance

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Verdict is what a fair-cost interval says of a card cost.
type Verdict int

const (
	// NoVerdict: the fair-cost interval is unbounded or the fit failed.
	NoVerdict Verdict = iota
	// Fair: the card cost lies inside the 95% fair-cost interval.
	Fair
	// OverCosted: the card cost lies above the interval; the profile is worth less.
	OverCosted
	// UnderCosted: the card cost lies below the interval; the profile is worth more.
	UnderCosted
)

// String returns the verdict as the reports spell it.
func (v Verdict) String() string {
	switch v {
	case Fair:
		return "fair"
	case OverCosted:
		return "over-costed"
	case UnderCosted:
		return "under-costed"
	}
	return "no verdict"
}

// Assessment compares a card cost with a fair-cost estimate.
type Assessment struct {
	// Label names the profile, for rankings.
	Label string
	// CardCost is the cost printed on the card, in Krowns.
	CardCost float64
	// FairCost is the estimate the verdict comes from.
	FairCost FairCost
	Verdict  Verdict
	// By is CardCost - FairCost.Cost: positive when the card asks too much. Its
	// 95% interval is [CardCost - FairCost.Hi, CardCost - FairCost.Lo]. With a
	// verdict from a one-sided interval (AtLeast), By is the difference to the
	// interval's finite end, CardCost - FairCost.Hi or CardCost - FairCost.Lo.
	By float64
	// AtLeast reports that By is a bound, not an estimate: the interval is
	// one-sided, and the card is off by at least |By| Krowns.
	AtLeast bool
	// Efficiency is FairCost.Cost / CardCost: above 1, the profile gives more
	// than it costs. With a one-sided interval and no point estimate, it is
	// the bound over CardCost.
	Efficiency float64
	// RateAtCard, RateLo and RateHi are the fitted win rate at the card cost and
	// its 95% interval (extrapolated if the card cost lies outside the grid).
	RateAtCard, RateLo, RateHi float64
}

// Assess compares a card cost with a fair-cost estimate. The verdict is Fair when
// the card cost lies inside the 95% interval (the thresholds are the interval's
// ends, nothing else), OverCosted above it and UnderCosted below it, and
// NoVerdict when the interval is unbounded. A one-sided interval gives a verdict
// when the card cost lies beyond its finite end ("fair cost at most 25 Kr; card
// says 32: over-costed by at least 7 Kr"), and none when it lies inside.
func Assess(label string, cardCost float64, f FairCost) Assessment {
	a := Assessment{Label: label, CardCost: cardCost, FairCost: f, By: cardCost - f.Cost,
		Efficiency: f.Cost / cardCost, RateAtCard: math.NaN(), RateLo: math.NaN(), RateHi: math.NaN()}
	if f.Fit.OK {
		a.RateAtCard, a.RateLo, a.RateHi = f.Fit.Rate(cardCost)
	}
	switch {
	case f.Bounded():
		switch {
		case cardCost > f.Hi:
			a.Verdict = OverCosted
		case cardCost < f.Lo:
			a.Verdict = UnderCosted
		default:
			a.Verdict = Fair
		}
	case f.UpperOnly() && cardCost > f.Hi:
		a.Verdict, a.AtLeast, a.By = OverCosted, true, cardCost-f.Hi
	case f.LowerOnly() && cardCost < f.Lo:
		a.Verdict, a.AtLeast, a.By = UnderCosted, true, cardCost-f.Lo
	default:
		a.Verdict = NoVerdict
	}
	if a.AtLeast && (math.IsNaN(f.Cost) || math.IsInf(f.Cost, 0)) {
		a.Efficiency = (cardCost - a.By) / cardCost
	}
	return a
}

// ByText says how far off the card is, as the reports print it: "by about 8 Kr",
// or "by at least 7 Kr" for a one-sided interval; empty without a verdict of
// over- or under-costing.
func (a Assessment) ByText() string {
	switch {
	case !a.Flagged():
		return ""
	case a.AtLeast:
		return fmt.Sprintf("by at least %.0f Kr", math.Abs(a.By))
	}
	return fmt.Sprintf("by about %.0f Kr", math.Abs(a.By))
}

// Flagged reports whether the card cost lies outside the fair-cost interval.
func (a Assessment) Flagged() bool { return a.Verdict == OverCosted || a.Verdict == UnderCosted }

// String says the estimate and the verdict in one line, as in "fair cost 92 Kr,
// 95% interval 88-97; card says 100: over-costed by about 8 Kr".
func (a Assessment) String() string {
	s := fmt.Sprintf("%v; card says %.0f: ", a.FairCost, a.CardCost)
	switch a.Verdict {
	case OverCosted, UnderCosted:
		return s + a.Verdict.String() + " " + a.ByText()
	case Fair:
		return s + "fair (card cost inside the interval)"
	}
	if a.FairCost.OneSided() {
		return s + "no verdict (the card cost lies inside the one-sided interval)"
	}
	return s + "no verdict"
}

// Rank sorts assessments by efficiency, the most under-costed profile (highest
// fair cost per card Krown) first; those without a verdict go last, in their
// original order.
func Rank(as []Assessment) {
	slices.SortStableFunc(as, func(x, y Assessment) int {
		xv, yv := x.Verdict != NoVerdict, y.Verdict != NoVerdict
		switch {
		case xv && !yv:
			return -1
		case !xv && yv:
			return 1
		case !xv && !yv:
			return 0
		}
		return cmp.Compare(y.Efficiency, x.Efficiency)
	})
}
