package reports

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlotImages checks the plots of a report page: PNG images at least
// minPlotWidth pixels wide (they were 605 px), SVG images with their fonts
// embedded (a browser substituting a font of other widths made labels overlap
// the legends), for the heat map (with its colour bar and group lines) and the
// cost plot; and the same for the files the commands save.
func TestPlotImages(t *testing.T) {
	heat := func(format string) ([]byte, error) {
		return HeatmapImageGrouped(format, "h", "x", "y", []string{"a", "b", "c"}, []string{"a", "b", "c"}, []string{"f", "f", "g"},
			[][]float64{{0.5, 0.2, 0.9}, {0.8, 0.5, 0.1}, {0.1, 0.9, 0.5}})
	}
	cost := func(format string) ([]byte, error) {
		return CostPlotImage(format, "c", []CostLine{{Label: "a", Cost: []float64{25, 125}, Rate: []float64{0.8, 0.2}, Lo: []float64{0.7, 0.1}, Hi: []float64{0.9, 0.3}, CardCost: 75}})
	}
	for name, f := range map[string]func(string) ([]byte, error){"heat map": heat, "cost plot": cost} {
		b, err := f("png")
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil || img.Bounds().Dx() < minPlotWidth {
			t.Errorf("%s: PNG %v wide (%v), want at least %d px", name, img.Bounds().Dx(), err, minPlotWidth)
		}
		svg, err := f("svg")
		if err != nil || !bytes.Contains(svg, []byte("@font-face")) {
			t.Errorf("%s: SVG without embedded fonts (%v)", name, err)
		}
	}
	dir := t.TempDir()
	for _, save := range []func(string) error{
		func(p string) error { return DamagePlot(p, "d", []float64{0.5, 0.25, 0.25}) },
		func(p string) error {
			return ConvergencePlot(p, "c", "wins", []ConvergencePoint{{Trials: 100, Successes: 60}, {Trials: 1000, Successes: 580}})
		},
	} {
		p := filepath.Join(dir, "plot.png")
		if err := save(p); err != nil {
			t.Fatal(err)
		}
		f, _ := os.Open(p)
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() < minPlotWidth {
			t.Errorf("saved PNG: %v (%v)", img.Bounds(), err)
		}
	}
	if err := DamagePlot(filepath.Join(dir, "x.txt"), "d", []float64{1}); err == nil || !strings.Contains(err.Error(), "unsupported format") {
		t.Errorf("x.txt: %v", err)
	}
}

// TestAtLeastSteps checks that P(at least k) is drawn as steps, flat across
// each k's bar, the last step included (it was a sloped line stopping at the
// last bar's centre).
func TestAtLeastSteps(t *testing.T) {
	got := atLeastSteps([]float64{0.5, 0.25, 0.25})
	want := [][2]float64{{-0.5, 1}, {0.5, 1}, {0.5, 0.5}, {1.5, 0.5}, {1.5, 0.25}, {2.5, 0.25}}
	if len(got) != len(want) {
		t.Fatalf("%d points, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].X != w[0] || got[i].Y != w[1] {
			t.Errorf("point %d = %v, want %v", i, got[i], w)
		}
	}
}

// TestTickLabels checks that tick labels read as people write numbers: "25",
// not "25.00"; percentages as "50%"; integers from 0, not "-0".
func TestTickLabels(t *testing.T) {
	check := func(name string, got []string, want, bad []string) {
		t.Helper()
		joined := "|" + strings.Join(got, "|") + "|"
		for _, w := range want {
			if !strings.Contains(joined, "|"+w+"|") {
				t.Errorf("%s: labels %q lack %q", name, got, w)
			}
		}
		for _, b := range bad {
			if strings.Contains(joined, b) {
				t.Errorf("%s: labels %q hold %q", name, got, b)
			}
		}
	}
	var ls []string
	for _, tk := range (cleanTicks{}).Ticks(20, 130) {
		if tk.Label != "" {
			ls = append(ls, tk.Label)
		}
	}
	check("Kr", ls, []string{"25", "75", "125"}, []string{".00", ".0|"})
	ls = nil
	for _, tk := range (cleanTicks{Percent: true}).Ticks(0, 1) {
		if tk.Label != "" {
			ls = append(ls, tk.Label)
		}
	}
	check("rate", ls, []string{"0%", "50%", "100%"}, []string{"0.5"})
	ls = nil
	for _, tk := range (integerTicks{}).Ticks(-0.75, 3) {
		ls = append(ls, tk.Label)
	}
	check("HP", ls, []string{"0", "1", "2", "3"}, []string{"-0"})
}
