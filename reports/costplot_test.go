package reports

import (
	"bytes"
	"context"
	"encoding/xml"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/balance"
)

// logisticGame wins with probability 1/(1+exp((cost-c0)/10)), from one uniform of r.
func logisticGame(c0 float64) balance.GameFactory {
	return func() (balance.Game, error) {
		return func(r *rand.PCG, cost float64) float64 {
			if float64(r.Uint64()>>11)*0x1p-53 < 1/(1+math.Exp((cost-c0)/10)) {
				return 1
			}
			return 0
		}, nil
	}
}

func costCurve(t *testing.T, c0 float64) *balance.Curve {
	t.Helper()
	cfg := balance.Config{Costs: []float64{60, 70, 80, 90, 100, 110, 120}, Trials: 2000, Seed: 1}
	c, err := balance.Sample(context.Background(), cfg, logisticGame(c0))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCostPlot checks that a cost plot of two profiles renders to PNG and SVG of
// the plot's size, and that bad lines are refused.
func TestCostPlot(t *testing.T) {
	lines := []CostLine{
		NewCostLine("paladin-2", costCurve(t, 85), 90),
		NewCostLine("paladin-3", costCurve(t, 105), 125), // card cost off the grid: no marker
	}
	dir := t.TempDir()
	pngPath, svgPath := filepath.Join(dir, "cost.png"), filepath.Join(dir, "cost.svg")
	for _, p := range []string{pngPath, svgPath} {
		if err := CostPlot(p, "kharns: win rate against cost (2000 trials, seed 1)", lines); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("PNG does not decode: %v", err)
	}
	// Drawn at plotDPI dots per inch (16 cm: 1209 px, at least minPlotWidth).
	w, h := int(costPlotWidth.Dots(plotDPI)+0.5), int(costPlotHeight.Dots(plotDPI)+0.5)
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Errorf("PNG is %dx%d, want %dx%d", b.Dx(), b.Dy(), w, h)
	}
	// The image is not blank: the band and lines colour some pixels.
	colours := map[uint32]bool{}
	for y := 0; y < h; y += 4 {
		for x := 0; x < w; x += 4 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[r>>8<<16|g>>8<<8|b>>8] = true
		}
	}
	if len(colours) < 10 {
		t.Errorf("PNG has %d colours: nothing drawn?", len(colours))
	}
	raw, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	var svg struct {
		Width  string `xml:"width,attr"`
		Height string `xml:"height,attr"`
	}
	if err := xml.Unmarshal(raw, &svg); err != nil {
		t.Fatalf("SVG does not parse: %v", err)
	}
	sw, _ := strconv.ParseFloat(strings.TrimSuffix(svg.Width, "pt"), 64)
	sh, _ := strconv.ParseFloat(strings.TrimSuffix(svg.Height, "pt"), 64)
	if math.Abs(sw-costPlotWidth.Points()) > 0.01 || math.Abs(sh-costPlotHeight.Points()) > 0.01 {
		t.Errorf("SVG is %sx%s, want %.2fx%.2fpt", svg.Width, svg.Height, costPlotWidth.Points(), costPlotHeight.Points())
	}
	if !bytes.Contains(raw, []byte("paladin-3")) || !bytes.Contains(raw, []byte("card cost")) {
		t.Error("SVG lacks the legend")
	}
	if err := CostPlot(filepath.Join(dir, "x.png"), "", nil); err == nil {
		t.Error("no lines: no error")
	}
	bad := []CostLine{{Label: "bad", Cost: []float64{1, 2}, Rate: []float64{0.5}}}
	if err := CostPlot(filepath.Join(dir, "x.png"), "", bad); err == nil {
		t.Error("ragged line: no error")
	}
}

// TestCostLineAt checks the interpolation of the card cost marker.
func TestCostLineAt(t *testing.T) {
	l := CostLine{Cost: []float64{60, 80, 100}, Rate: []float64{0.9, 0.5, 0.3}}
	for _, tc := range []struct{ c, want float64 }{{60, 0.9}, {70, 0.7}, {90, 0.4}, {100, 0.3}} {
		if got := l.at(tc.c); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("at(%g) = %v, want %v", tc.c, got, tc.want)
		}
	}
	if got := l.at(120); !math.IsNaN(got) {
		t.Errorf("at(120) = %v, want NaN off the grid", got)
	}
}

// TestWriteCostRanking checks the ranking table of three sampled profiles: the
// order, the flags and the warnings.
func TestWriteCostRanking(t *testing.T) {
	flat := func() (balance.Game, error) {
		return func(r *rand.PCG, cost float64) float64 {
			if r.Uint64()&1 == 0 {
				return 1
			}
			return 0
		}, nil
	}
	cfg := balance.Config{Costs: []float64{60, 70, 80, 90, 100, 110, 120}, Trials: 2000, Seed: 1}
	fc, err := balance.Sample(context.Background(), cfg, flat)
	if err != nil {
		t.Fatal(err)
	}
	as := []balance.Assessment{
		balance.Assess("dear", 110, costCurve(t, 85).FairCost()),
		balance.Assess("coin", 90, fc.FairCost()),
		balance.Assess("cheap", 70, costCurve(t, 95).FairCost()),
		balance.Assess("even", 90, costCurve(t, 90).FairCost()),
	}
	balance.Rank(as)
	var buf bytes.Buffer
	if err := WriteCostRanking(&buf, as); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	t.Log("\n" + out)
	var order []string
	for _, name := range []string{"cheap", "even", "dear", "coin"} {
		order = append(order, name)
		if !strings.Contains(out, name) {
			t.Fatalf("table lacks %s", name)
		}
	}
	last := -1
	for _, name := range order {
		i := strings.Index(out, "│ "+name)
		if i < 0 {
			i = strings.Index(out, name)
		}
		if i < last {
			t.Errorf("%s out of order (want %v)", name, order)
		}
		last = i
	}
	for _, want := range []string{"under-costed by", "over-costed by", "fair", "no verdict", "coin: flat curve"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q", want)
		}
	}
	if n := strings.Count(out, "│ *"); n != 2 {
		t.Errorf("%d rows flagged, want 2 (cheap, dear)", n)
	}
}
