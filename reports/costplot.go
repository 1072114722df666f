package reports

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"github.com/kharn-ages/kharn/balance"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The size of a cost plot.
const (
	costPlotWidth  = 16 * vg.Centimeter
	costPlotHeight = 11 * vg.Centimeter
)

// CostLine is one profile's sampled win rate against its Krown cost, for
// CostPlot: Rate[i] at Cost[i], with the 95% interval [Lo[i], Hi[i]].
type CostLine struct {
	Label              string
	Cost, Rate, Lo, Hi []float64
	// CardCost, if positive, is marked on the line.
	CardCost float64
	// Trials is the number of trials behind each point.
	Trials int
}

// NewCostLine returns the line of a sampled curve, with its card cost marked. For
// a curve from balance.Search, c.Coarse holds the wide grid, usually the one to
// draw.
func NewCostLine(label string, c *balance.Curve, cardCost float64) CostLine {
	l := CostLine{Label: label, CardCost: cardCost, Trials: c.Trials}
	for _, p := range c.Points {
		l.Cost = append(l.Cost, p.Cost)
		l.Rate = append(l.Rate, p.Rate)
		l.Lo = append(l.Lo, p.Lo)
		l.Hi = append(l.Hi, p.Hi)
	}
	return l
}

// at returns the rate at cost c, interpolated linearly between the points, or
// NaN outside them.
func (l CostLine) at(c float64) float64 {
	for i := 1; i < len(l.Cost); i++ {
		c0, c1 := l.Cost[i-1], l.Cost[i]
		if (c0 <= c && c <= c1) || (c1 <= c && c <= c0) {
			if c1 == c0 {
				return l.Rate[i]
			}
			return l.Rate[i-1] + (c-c0)/(c1-c0)*(l.Rate[i]-l.Rate[i-1])
		}
	}
	return math.NaN()
}

// CostPlot writes the win rates of profiles against their Krown cost to path (.png
// or .svg, by its extension): one line per profile with its 95% interval as a
// shaded band, a dashed line at 50% (where the cost is fair), and a marker at each
// profile's card cost.
func CostPlot(path, title string, lines []CostLine) error {
	p, err := costPlot(path, title, lines)
	if err != nil {
		return err
	}
	return saveImage(path, costPlotWidth, costPlotHeight, p.Draw)
}

// CostPlotImage returns the plot CostPlot draws as an image in format ("png" or
// "svg"), for documents.
func CostPlotImage(format, title string, lines []CostLine) ([]byte, error) {
	p, err := costPlot(title, title, lines)
	if err != nil {
		return nil, err
	}
	return renderImage(format, costPlotWidth, costPlotHeight, p.Draw)
}

// costPlot builds the plot of CostPlot; name says which plot in errors.
func costPlot(name, title string, lines []CostLine) (*plot.Plot, error) {
	path := name
	if len(lines) == 0 {
		return nil, fmt.Errorf("reports: cost plot %s has no data", path)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "Krown cost (Kr)"
	p.Y.Label.Text = "win rate (draw = half), 95% band"
	p.Y.Min, p.Y.Max = 0, 1
	p.X.Tick.Marker = cleanTicks{}
	p.Y.Tick.Marker = cleanTicks{Percent: true}
	p.Legend.Top = true
	xmin, xmax := math.Inf(1), math.Inf(-1)
	var cards plotter.XYs
	for i, l := range lines {
		n := len(l.Cost)
		if n == 0 || len(l.Rate) != n || len(l.Lo) != n || len(l.Hi) != n {
			return nil, fmt.Errorf("reports: cost plot %s: line %q has %d costs, %d rates, %d and %d bounds",
				path, l.Label, n, len(l.Rate), len(l.Lo), len(l.Hi))
		}
		col := plotutil.Color(i)
		rate := make(plotter.XYs, n)
		band := make(plotter.XYs, 0, 2*n)
		for j := range n {
			rate[j] = plotter.XY{X: l.Cost[j], Y: l.Rate[j]}
			band = append(band, plotter.XY{X: l.Cost[j], Y: l.Hi[j]})
			xmin, xmax = min(xmin, l.Cost[j]), max(xmax, l.Cost[j])
		}
		for j := n - 1; j >= 0; j-- {
			band = append(band, plotter.XY{X: l.Cost[j], Y: l.Lo[j]})
		}
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return nil, fmt.Errorf("reports: %w", err)
		}
		poly.Color = translucent(col, 0x40)
		poly.LineStyle.Width = 0
		line, points, err := plotter.NewLinePoints(rate)
		if err != nil {
			return nil, fmt.Errorf("reports: %w", err)
		}
		line.Color = col
		points.Color = col
		points.Shape = draw.CircleGlyph{}
		points.Radius = vg.Points(2)
		p.Add(poly, line, points)
		p.Legend.Add(l.Label, line, points)
		if l.CardCost > 0 {
			if y := l.at(l.CardCost); !math.IsNaN(y) {
				card, err := plotter.NewScatter(plotter.XYs{{X: l.CardCost, Y: y}})
				if err != nil {
					return nil, fmt.Errorf("reports: %w", err)
				}
				card.Color = col
				card.Shape = draw.PyramidGlyph{}
				card.Radius = vg.Points(5)
				p.Add(card)
				cards = append(cards, plotter.XY{X: l.CardCost, Y: y})
			}
		}
	}
	half, err := plotter.NewLine(plotter.XYs{{X: xmin, Y: 0.5}, {X: xmax, Y: 0.5}})
	if err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	half.Color = color.Gray{Y: 0x60}
	half.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(half)
	p.Legend.Add("50%: fair cost", half)
	if len(cards) > 0 {
		key, _ := plotter.NewScatter(cards[:1])
		key.Color = color.Gray{Y: 0x40}
		key.Shape = draw.PyramidGlyph{}
		key.Radius = vg.Points(5)
		p.Legend.Add("card cost", key)
	}
	return p, nil
}

// translucent returns c with alpha a, for a band under its line.
func translucent(c color.Color, a uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: a}
}

// WriteCostRanking writes profiles ranked by cost efficiency (balance.Rank) as a
// table: card cost, fair cost and its 95% interval, the verdict (flagged "*" when
// the card cost lies outside the interval; "by at least" for a one-sided
// interval, printed "at most 25.3" or "at least 166.4"), fair cost per card Krown, the fitted
// win rate at the card cost with its 95% interval, and the trials and seed behind
// each row. The warnings of each estimate follow the table.
func WriteCostRanking(w io.Writer, as []balance.Assessment) error {
	t := Table{
		Header: []string{"", "profile", "card Kr", "fair Kr", "95% interval", "verdict", "fair/card", "win rate at card (95%)", "trials", "seed"},
		Right:  []bool{false, false, true, true, true, false, true, true, true, true},
	}
	f1 := func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
	for _, a := range as {
		flag, verdict := "", a.Verdict.String()
		if a.Flagged() {
			flag = "*"
			verdict += " " + a.ByText()
		}
		fair, interval := "-", "unbounded"
		if !math.IsNaN(a.FairCost.Cost) && !math.IsInf(a.FairCost.Cost, 0) {
			fair = f1(a.FairCost.Cost)
		} else if out := a.FairCost.Outside(); out != "" {
			fair = out + " " + f1(a.FairCost.Edge) // beyond the range of costs the game tells apart
		}
		switch {
		case a.FairCost.Bounded():
			interval = f1(a.FairCost.Lo) + " - " + f1(a.FairCost.Hi)
		case a.FairCost.UpperOnly():
			interval = "at most " + f1(a.FairCost.Hi)
		case a.FairCost.LowerOnly():
			interval = "at least " + f1(a.FairCost.Lo)
		}
		eff, rate := "-", "-"
		switch {
		case a.Verdict == balance.NoVerdict:
		case a.AtLeast && a.Verdict == balance.OverCosted:
			eff = fmt.Sprintf("≤ %.3f", a.Efficiency)
		case a.AtLeast:
			eff = fmt.Sprintf("≥ %.3f", a.Efficiency)
		default:
			eff = fmt.Sprintf("%.3f", a.Efficiency)
		}
		if !math.IsNaN(a.RateAtCard) {
			rate = fmt.Sprintf("%s (%s - %s)", Prob(a.RateAtCard), Prob(a.RateLo), Prob(a.RateHi))
		}
		t.Rows = append(t.Rows, []string{flag, a.Label, strconv.FormatFloat(a.CardCost, 'f', -1, 64), fair, interval, verdict, eff, rate,
			strconv.Itoa(a.FairCost.Trials), strconv.FormatUint(a.FairCost.Seed, 10)})
	}
	if err := t.Render(w); err != nil {
		return err
	}
	fmt.Fprintln(w, "* card cost outside the 95% fair-cost interval. Draws count half a win; fair cost: where the fitted win rate is 50%.")
	for _, a := range as {
		for _, e := range a.FairCost.Warnings {
			fmt.Fprintf(w, "%s: %v\n", a.Label, e)
		}
	}
	return nil
}
