package reports

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// grid is a matrix of values for a heat map: Z[r][c], row r drawn from the top.
type grid struct{ z [][]float64 }

func (g grid) Dims() (c, r int)   { return len(g.z[0]), len(g.z) }
func (g grid) Z(c, r int) float64 { return g.z[len(g.z)-1-r][c] }
func (g grid) X(c int) float64    { return float64(c) }
func (g grid) Y(r int) float64    { return float64(r) }

// labelTicks puts a name at every integer position.
type labelTicks []string

func (t labelTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for i, s := range t {
		out = append(out, plot.Tick{Value: float64(i), Label: s})
	}
	return out
}

// Heatmap writes a heat map of values[row][col] in [0, 1] (a win rate) with the
// rows and columns labelled and a colour bar, to path (.png or .svg, by its
// extension).
func Heatmap(path, title, xLabel, yLabel string, rows, cols []string, values [][]float64) error {
	if len(rows) == 0 || len(cols) == 0 {
		return fmt.Errorf("reports: heat map %s has no data", path)
	}
	drawFn, w, h := heatmapDrawing(title, xLabel, yLabel, rows, cols, nil, values)
	return saveImage(path, w, h, drawFn)
}

// HeatmapImage returns the heat map Heatmap draws as an image in format ("png"
// or "svg").
func HeatmapImage(format, title, xLabel, yLabel string, rows, cols []string, values [][]float64) ([]byte, error) {
	return HeatmapImageGrouped(format, title, xLabel, yLabel, rows, cols, nil, values)
}

// HeatmapImageGrouped is HeatmapImage for a square map whose rows and columns
// are the same items, in groups (a faction per profile, say: groups[i] is the
// group of rows[i] and cols[i]): a line separates consecutive groups.
func HeatmapImageGrouped(format, title, xLabel, yLabel string, rows, cols, groups []string, values [][]float64) ([]byte, error) {
	if len(rows) == 0 || len(cols) == 0 {
		return nil, fmt.Errorf("reports: heat map %q has no data", title)
	}
	if groups != nil && (len(groups) != len(rows) || len(rows) != len(cols)) {
		return nil, fmt.Errorf("reports: heat map %q: %d groups for %d rows and %d columns", title, len(groups), len(rows), len(cols))
	}
	drawFn, w, h := heatmapDrawing(title, xLabel, yLabel, rows, cols, groups, values)
	return renderImage(format, w, h, drawFn)
}

// heatmapBar is the width of the colour bar beside a heat map.
const heatmapBar = 3 * vg.Centimeter

// heatmapDrawing returns how to draw the heat map and its colour bar, and
// their size.
func heatmapDrawing(title, xLabel, yLabel string, rows, cols, groups []string, values [][]float64) (func(draw.Canvas), vg.Length, vg.Length) {
	p, w, h := heatmapPlot(title, xLabel, yLabel, rows, cols, groups, values)
	bar := plot.New()
	pal := moreland.SmoothBlueRed()
	pal.SetMin(0)
	pal.SetMax(1)
	bar.Add(&plotter.ColorBar{ColorMap: pal, Vertical: true, Colors: 64})
	bar.HideX()
	bar.Y.Label.Text = "win rate"
	bar.Y.Tick.Marker = cleanTicks{Percent: true}
	bar.Y.Padding = 0
	return func(dc draw.Canvas) {
		p.Draw(draw.Crop(dc, 0, -heatmapBar, 0, 0))
		// The bar spans the middle of the height, clear of the title and the
		// rotated column labels.
		size := dc.Size()
		bar.Draw(draw.Crop(dc, size.X-heatmapBar+vg.Centimeter/3, -vg.Centimeter/3, size.Y/4, -size.Y/6))
	}, w + heatmapBar, h
}

// heatmapPlot builds the heat map of Heatmap (without its colour bar) and
// returns it with its size.
func heatmapPlot(title, xLabel, yLabel string, rows, cols, groups []string, values [][]float64) (*plot.Plot, vg.Length, vg.Length) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	pal := moreland.SmoothBlueRed()
	pal.SetMin(0)
	pal.SetMax(1)
	h := plotter.NewHeatMap(grid{values}, pal.Palette(64))
	h.Min, h.Max = 0, 1
	p.Add(h)
	// Write each value in its cell.
	var labels plotter.XYLabels
	for r, row := range values {
		for c, v := range row {
			if math.IsNaN(v) {
				continue
			}
			labels.XYs = append(labels.XYs, plotter.XY{X: float64(c), Y: float64(len(values) - 1 - r)})
			labels.Labels = append(labels.Labels, fmt.Sprintf("%.0f%%", 100*v))
		}
	}
	if l, err := plotter.NewLabels(labels); err == nil {
		for i := range l.TextStyle {
			l.TextStyle[i].XAlign, l.TextStyle[i].YAlign = -0.5, -0.5
		}
		p.Add(l)
	}
	// A line between consecutive groups, across and down.
	n := float64(len(rows))
	for i := 1; i < len(groups); i++ {
		if groups[i] == groups[i-1] {
			continue
		}
		at := float64(i) - 0.5
		for _, xy := range []plotter.XYs{{{X: at, Y: -0.5}, {X: at, Y: n - 0.5}}, {{X: -0.5, Y: n - 1 - at}, {X: n - 0.5, Y: n - 1 - at}}} {
			if l, err := plotter.NewLine(xy); err == nil {
				l.Color = color.Black
				l.Width = vg.Points(1.5)
				p.Add(l)
			}
		}
	}
	p.X.Tick.Marker = labelTicks(cols)
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = -1, -0.5
	rev := make([]string, len(rows))
	for i, s := range rows {
		rev[len(rows)-1-i] = s
	}
	p.Y.Tick.Marker = labelTicks(rev)
	p.X.Min, p.X.Max = -0.5, float64(len(cols))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(len(rows))-0.5
	w := vg.Length(2+1.1*float64(len(cols))) * vg.Centimeter
	hgt := vg.Length(3+0.7*float64(len(rows))) * vg.Centimeter
	return p, max(w, 12*vg.Centimeter), max(hgt, 8*vg.Centimeter)
}

// DamagePlot writes the distribution of the damage of an attack to path (.png or
// .svg): bars for P(exactly k HP) and a line for P(at least k HP).
func DamagePlot(path, title string, pmf []float64) error {
	if len(pmf) == 0 {
		return fmt.Errorf("reports: damage plot %s has no data", path)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "HP lost by the defender"
	p.Y.Label.Text = "probability"
	bars, err := plotter.NewBarChart(plotter.Values(pmf), vg.Points(8))
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	bars.Color = moreland.SmoothBlueRed().Palette(3).Colors()[0]
	line, err := plotter.NewLine(atLeastSteps(pmf))
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	line.Color = moreland.SmoothBlueRed().Palette(3).Colors()[2]
	p.Add(bars, line)
	p.Legend.Add("P(exactly k)", bars)
	p.Legend.Add("P(at least k)", line)
	p.Legend.Top = true
	p.Y.Min, p.Y.Max = 0, 1
	// The whole of the first and last bars, and the steps across them.
	p.X.Min, p.X.Max = -0.75, float64(len(pmf))-0.25
	p.X.Tick.Marker = integerTicks{}
	p.Y.Tick.Marker = cleanTicks{Percent: true}
	return saveImage(path, 16*vg.Centimeter, 10*vg.Centimeter, p.Draw)
}

// atLeastSteps returns the line of P(at least k) for the distribution pmf as
// steps: flat across the bar of each k, from k - 0.5 to k + 0.5.
func atLeastSteps(pmf []float64) plotter.XYs {
	at := make(plotter.XYs, 2*len(pmf))
	tail := 0.0
	for k := len(pmf) - 1; k >= 0; k-- {
		tail += pmf[k]
		at[2*k] = plotter.XY{X: float64(k) - 0.5, Y: tail}
		at[2*k+1] = plotter.XY{X: float64(k) + 0.5, Y: tail}
	}
	return at
}

// ConvergencePoint is a sampled rate after a number of trials.
type ConvergencePoint struct {
	Trials, Successes int
}

// ConvergencePlot writes how a sampled rate and its 95% Wilson interval settle as
// trials grow (trials on a log scale) to path (.png or .svg).
func ConvergencePlot(path, title, what string, points []ConvergencePoint) error {
	if len(points) == 0 {
		return fmt.Errorf("reports: convergence plot %s has no data", path)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "trials"
	p.Y.Label.Text = what
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	rate := make(plotter.XYs, len(points))
	band := make(plotter.XYs, 0, 2*len(points))
	for i, pt := range points {
		r := NewRate(pt.Successes, pt.Trials)
		rate[i] = plotter.XY{X: float64(pt.Trials), Y: r.Rate}
		band = append(band, plotter.XY{X: float64(pt.Trials), Y: r.Hi})
	}
	for i := len(points) - 1; i >= 0; i-- {
		r := NewRate(points[i].Successes, points[i].Trials)
		band = append(band, plotter.XY{X: float64(points[i].Trials), Y: r.Lo})
	}
	poly, err := plotter.NewPolygon(band)
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	cols := moreland.SmoothBlueRed().Palette(5).Colors()
	poly.Color = cols[1]
	poly.LineStyle.Width = 0
	line, err := plotter.NewLine(rate)
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	line.Color = cols[0]
	half, err := plotter.NewLine(plotter.XYs{{X: float64(points[0].Trials), Y: 0.5}, {X: float64(points[len(points)-1].Trials), Y: 0.5}})
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	half.Color = color.Gray{Y: 0x60}
	half.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(poly, half, line)
	p.Legend.Add(what, line)
	p.Legend.Add("95% Wilson interval", poly)
	p.Legend.Add("50%", half)
	// The whole range of rates, so that the distance to 50% shows; the legend
	// on the side away from where the rate ends.
	p.Y.Min, p.Y.Max = 0, 1
	p.Legend.Top = rate[len(rate)-1].Y < 0.5
	p.Y.Tick.Marker = cleanTicks{Percent: true}
	return saveImage(path, 16*vg.Centimeter, 10*vg.Centimeter, p.Draw)
}
