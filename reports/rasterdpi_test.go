package reports

import (
	"fmt"
	"testing"

	"gonum.org/v1/plot/vg/vgimg"
)

// TestHeatmapCanvasCapped checks that the PNG canvas of a catalogue-scale heat
// map stays within maxRasterPixels (150 x 150 profiles: 103 million pixels,
// 412 MB, at 192 dpi), and that a heat map the size of the embedded data's (26
// profiles) keeps plotDPI.
func TestHeatmapCanvasCapped(t *testing.T) {
	for _, tc := range []struct {
		n       int
		wantDPI int // 0: capped, below plotDPI
	}{{26, plotDPI}, {150, 0}} {
		ids := make([]string, tc.n)
		z := make([][]float64, tc.n)
		for i := range ids {
			ids[i] = fmt.Sprintf("profile-%03d", i)
			z[i] = make([]float64, tc.n)
		}
		_, w, h := heatmapPlot("title", "opponent", "profile", ids, ids, ids, z)
		c, err := newCanvas("png", w, h)
		if err != nil {
			t.Fatal(err)
		}
		img := c.(vgimg.PngCanvas).Image().Bounds()
		px := img.Dx() * img.Dy()
		dpi := int(c.(vgimg.PngCanvas).DPI())
		switch {
		case px > maxRasterPixels:
			t.Errorf("%d profiles: %d x %d pixels at %d dpi, over %d", tc.n, img.Dx(), img.Dy(), dpi, maxRasterPixels)
		case tc.wantDPI != 0 && dpi != tc.wantDPI:
			t.Errorf("%d profiles: %d dpi, want %d", tc.n, dpi, tc.wantDPI)
		case tc.wantDPI == 0 && dpi >= plotDPI:
			t.Errorf("%d profiles: %d dpi, want it capped below %d", tc.n, dpi, plotDPI)
		}
		t.Logf("%d profiles: %d x %d pixels at %d dpi", tc.n, img.Dx(), img.Dy(), dpi)
	}
}
