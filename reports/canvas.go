package reports

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgeps"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The resolution of raster plots. gonum draws at 96 dpi by default, which made
// a 16 cm plot 605 px wide, blurred on a report page; a plot is drawn at
// 192 dpi, or more when needed to be minPlotWidth pixels wide.
const (
	plotDPI      = 192
	minPlotWidth = 1200
)

// maxRasterPixels caps a raster plot's pixels: a larger plot is drawn at a
// lower resolution. The matchup heat map of a 150-profile catalogue is 167 x
// 108 cm, which at 192 dpi took a canvas of 12 625 x 8 164 pixels, 412 MB
// (image.NewRGBA, 80% of the live heap while the report drew it, issue #13
// aim 7) and 7 CPU s; capped, 63 MB at 75 dpi, its cells still 32 pixels
// wide. The plots of the embedded data set (its heat map 3.7 million pixels)
// stay at 192 dpi.
const maxRasterPixels = 16_000_000

// rasterDPI returns the resolution of a raster plot of w x h: plotDPI, or
// more to be minPlotWidth pixels wide, or less to stay within
// maxRasterPixels.
func rasterDPI(w, h vg.Length) int {
	wi, hi := float64(w/vg.Inch), float64(h/vg.Inch)
	dpi := max(plotDPI, int(math.Ceil(minPlotWidth/wi)))
	if limit := int(math.Sqrt(maxRasterPixels / (wi * hi))); dpi > limit {
		dpi = max(limit, 1)
	}
	return dpi
}

// canvas is a vg canvas that writes itself out in its format.
type canvas interface {
	vg.CanvasSizer
	io.WriterTo
}

// newCanvas returns a canvas of w x h for format: "png", "jpg"/"jpeg",
// "tif"/"tiff" (at rasterDPI: plotDPI, at least minPlotWidth pixels wide, at
// most maxRasterPixels), "svg" (with its
// fonts embedded, so that a browser lays the text out as drawn: without them it
// substitutes a font of other widths and labels overlap the legends), "pdf" or
// "eps".
func newCanvas(format string, w, h vg.Length) (canvas, error) {
	raster := func() *vgimg.Canvas {
		return vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(rasterDPI(w, h)))
	}
	switch strings.ToLower(format) {
	case "png":
		return vgimg.PngCanvas{Canvas: raster()}, nil
	case "jpg", "jpeg":
		return vgimg.JpegCanvas{Canvas: raster()}, nil
	case "tif", "tiff":
		return vgimg.TiffCanvas{Canvas: raster()}, nil
	case "svg":
		return vgsvg.NewWith(vgsvg.UseWH(w, h), vgsvg.EmbedFonts(true)), nil
	case "pdf":
		return vgpdf.New(w, h), nil
	case "eps":
		return vgeps.New(w, h), nil
	}
	return nil, fmt.Errorf("reports: unsupported format %q", format)
}

// renderImage draws with drawFn on a w x h canvas of format and returns the
// image.
func renderImage(format string, w, h vg.Length, drawFn func(dc draw.Canvas)) ([]byte, error) {
	c, err := newCanvas(format, w, h)
	if err != nil {
		return nil, err
	}
	drawFn(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	return b.Bytes(), nil
}

// saveImage draws with drawFn to path, in the format its extension names.
func saveImage(path string, w, h vg.Length, drawFn func(dc draw.Canvas)) error {
	b, err := renderImage(strings.TrimPrefix(filepath.Ext(path), "."), w, h, drawFn)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	return nil
}

// cleanTicks are gonum's default ticks labelled as a person writes numbers:
// "25" and "0.5", not "25.00" and "0.50"; as percentages ("50%") when Percent
// is set.
type cleanTicks struct{ Percent bool }

// Ticks returns the ticks of [min, max].
func (t cleanTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ts {
		if ts[i].Label == "" {
			continue
		}
		v := ts[i].Value
		if t.Percent {
			v *= 100
		}
		// Rounded to 9 decimals first: 0.1+0.2 is labelled 0.3.
		ts[i].Label = strconv.FormatFloat(math.Round(v*1e9)/1e9, 'f', -1, 64)
		if t.Percent {
			ts[i].Label += "%"
		}
	}
	return ts
}

// integerTicks label every integer of the range when there are at most 25 of
// them, and otherwise fall back to cleanTicks.
type integerTicks struct{}

// Ticks returns the ticks of [min, max].
func (integerTicks) Ticks(min, max float64) []plot.Tick {
	lo, hi := math.Ceil(min), math.Floor(max)
	if hi-lo > 25 {
		return cleanTicks{}.Ticks(min, max)
	}
	var ts []plot.Tick
	for v := lo; v <= hi; v++ {
		v += 0 // -0 (the ceiling of -0.5) is labelled 0
		ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return ts
}
