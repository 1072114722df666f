package main

import (
	"context"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/kharn-ages/kharn/internal/longtest"
)

// chromiumPath is where Debian's chromium package puts the browser (.ci/run
// installs it).
const chromiumPath = "/usr/bin/chromium"

// TestReportInBrowser renders a small report and opens report.html in headless
// Chromium: the page must load without console errors or exceptions and without
// any network request, every image must decode with a non-zero size (at least
// 1200 px wide), every id must be unique, the long matchup table must be folded
// (closed, after the heat map, its CSV linked), and every table must hold the
// numbers of its CSV file (which ends with the provenance columns). A
// full-page screenshot is kept in $KHARN_ARTIFACTS (default: a temporary
// directory).
//
// Without Chromium the test is skipped, unless KHARN_REQUIRE_BROWSER is set (as
// .ci/run does), in which case it fails. It is a long test (internal/longtest).
func TestReportInBrowser(t *testing.T) {
	longtest.Skip(t)
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("KHARN_REQUIRE_BROWSER") != "" {
			t.Fatalf("KHARN_REQUIRE_BROWSER is set but %s is missing: install Debian's chromium package", chromiumPath)
		}
		t.Skipf("%s not found: install Debian's chromium package (or set KHARN_REQUIRE_BROWSER=1 to make this a failure)", chromiumPath)
	}
	dir := filepath.Join(t.TempDir(), "report")
	_, errs, code := runCLI(t, "--data", reportV2, "report", "--baseline", reportV1, "--trials", "256", "--seed", "5", "--loadouts", "none", "--cost-trials", "60", "--out", dir)
	if code != 0 {
		t.Fatalf("kharn report: exit %d: %s", code, errs)
	}

	ctx, cancelTimeout := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancelTimeout()
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(chromiumPath), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 1024))
	defer cancelAlloc()
	var (
		mu       sync.Mutex
		problems []string
	)
	listen := func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				problems = append(problems, "console."+string(ev.Type)+": "+strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+ev.ExceptionDetails.Text)
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError {
				problems = append(problems, "log error: "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		}
	}
	bctx, cancelBrowser := chromedp.NewContext(alloc, chromedp.WithListener(listen))
	defer cancelBrowser()

	page := (&url.URL{Scheme: "file", Path: filepath.Join(dir, "report.html")}).String()
	if err := chromedp.Do(bctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		return tg.Call(ctx, "Log.enable", nil, nil)
	}), chromedp.Navigate(page)); err != nil {
		t.Fatalf("open %s: %v", page, err)
	}

	// Every image decodes with a size.
	type img struct {
		Alt      string `json:"alt"`
		Complete bool   `json:"complete"`
		W        int    `json:"w"`
		H        int    `json:"h"`
	}
	imgs, err := chromedp.Run(bctx, chromedp.Evaluate[[]img](`Array.from(document.images, i => ({alt: i.alt, complete: i.complete, w: i.naturalWidth, h: i.naturalHeight}))`))
	if err != nil {
		t.Fatal(err)
	}
	if len(imgs) == 0 {
		t.Error("the page has no image; the report has a heat map")
	}
	for _, im := range imgs {
		if !im.Complete || im.W < 1200 || im.H <= 0 {
			t.Errorf("image %q: complete %v, natural size %dx%d, want at least 1200 px wide", im.Alt, im.Complete, im.W, im.H)
		}
	}
	// Every id is unique (id="matchups" was used twice).
	ids, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("[id]"), e => e.id)`))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			t.Errorf("id %q used twice in the page", id)
		}
		seen[id] = true
	}
	// The matchup table is folded: closed, after the heat map, its CSV linked;
	// it shows once opened.
	type fold struct {
		Folded, Closed, After, Linked bool
		Hidden, Shown                 float64 // heights of the fold closed and open, in CSS px
	}
	fd, err := chromedp.Run(bctx, chromedp.Evaluate[fold](`(() => {
		const t = document.getElementById("matchups"), d = t.closest("details"), f = document.getElementById("fig-matchup-heatmap");
		if (!d || !f) return {Folded: false};
		const r = {Folded: true, Closed: !d.open, After: !!(f.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING),
			Linked: !!d.querySelector('summary a[href="tables/matchups.csv"]'), Hidden: d.getBoundingClientRect().height};
		d.open = true;
		r.Shown = d.getBoundingClientRect().height;
		d.open = false;
		return r;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	// Closed, the fold is one line high; open, it holds the whole table.
	if !fd.Folded || !fd.Closed || !fd.After || !fd.Linked || fd.Hidden > 100 || fd.Shown < 3*fd.Hidden {
		t.Errorf("matchup table not folded after the heat map with its CSV linked: %+v", fd)
	}
	// Words of the page: no internal names, no "1 profiles".
	text, err := chromedp.Run(bctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"sim.Duel", " 1 profiles", " 1 opponents", " a armour", "n/a-"} {
		if strings.Contains(text, bad) {
			t.Errorf("the page says %q", bad)
		}
	}
	// Nothing came from the network: the page is self-contained.
	res, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`performance.getEntriesByType("resource").map(e => e.name)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(res) > 0 {
		t.Errorf("the page loaded resources: %v", res)
	}

	// Every table holds its CSV file's numbers.
	type cell struct {
		Text  string  `json:"text"`
		Value *string `json:"value"`
	}
	type table struct {
		ID   string   `json:"id"`
		Head []string `json:"head"`
		Rows [][]cell `json:"rows"`
	}
	tables, err := chromedp.Run(bctx, chromedp.Evaluate[[]table](`Array.from(document.querySelectorAll("table"), t => ({
		id: t.id,
		head: Array.from(t.tHead.rows[0].cells, c => c.textContent),
		rows: Array.from(t.tBodies[0].rows, r => Array.from(r.cells, c => ({text: c.textContent, value: c.dataset.value ?? null}))),
	}))`))
	if err != nil {
		t.Fatal(err)
	}
	// An empty table is not shown (the section says it is empty); its CSV
	// file holds the header.
	csvs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.csv"))
	nonEmpty := 0
	for _, f := range csvs {
		if len(readCSV(t, f)) > 1 {
			nonEmpty++
		}
	}
	if len(tables) == 0 || len(tables) != nonEmpty {
		t.Errorf("%d tables in the page, %d CSV files with rows", len(tables), nonEmpty)
	}
	numbers := 0
	prov := []string{"5", "256", "standard", versionString()} // seed, trials, rules, version of the run above
	for _, tb := range tables {
		rows := readCSV(t, filepath.Join(dir, "tables", tb.ID+".csv"))
		if len(rows[0]) != len(tb.Head)+len(prov) || len(rows)-1 != len(tb.Rows) {
			t.Errorf("table %s: %d columns and %d rows in the page, %d and %d in its CSV (4 of provenance)", tb.ID, len(tb.Head), len(tb.Rows), len(rows[0]), len(rows)-1)
			continue
		}
		for r := range rows[1:] {
			got := rows[r+1][len(tb.Head):]
			want := prov
			if strings.HasPrefix(tb.ID, "costs-") { // the fair costs' trials are --cost-trials
				want = []string{"5", "60", "standard", versionString()}
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("table %s row %d: provenance %v, want %v", tb.ID, r, got, want)
			}
		}
		for r, row := range tb.Rows {
			for c, cl := range row {
				want := rows[r+1][c]
				if cl.Value == nil { // a text cell
					if cl.Text != want {
						t.Errorf("table %s row %d column %s: page %q, CSV %q", tb.ID, r, rows[0][c], cl.Text, want)
					}
					continue
				}
				if *cl.Value != want {
					t.Errorf("table %s row %d column %s: data-value %q, CSV %q", tb.ID, r, rows[0][c], *cl.Value, want)
				}
				if msg := shownAs(cl.Text, want); msg != "" {
					t.Errorf("table %s row %d column %s: %s", tb.ID, r, rows[0][c], msg)
				}
				numbers++
			}
		}
	}
	if numbers == 0 {
		t.Error("no number compared")
	}

	shot, err := chromedp.Run(bctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	artefacts := os.Getenv("KHARN_ARTIFACTS")
	if artefacts == "" {
		artefacts = t.TempDir()
	}
	if err := os.MkdirAll(artefacts, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(artefacts, "report-screenshot.png")
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot of the report page (%d bytes): %s; %d numbers checked against the CSV files", len(shot), path, numbers)

	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Errorf("browser console: %s", p)
	}
}

// shownAs checks that the text shown for a number is its CSV value rounded to
// the decimals shown ("52.3%" for 0.52301, "n/a" for an empty value), and
// returns what is wrong, or "".
func shownAs(text, csv string) string {
	if csv == "" {
		if text != "n/a" {
			return "empty CSV value shown as " + strconv.Quote(text)
		}
		return ""
	}
	v, err := strconv.ParseFloat(csv, 64)
	if err != nil {
		return "CSV value " + strconv.Quote(csv) + " is not a number"
	}
	s, scale := text, 1.0
	if strings.HasSuffix(s, "%") {
		s, scale = strings.TrimSuffix(s, "%"), 100
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return "shown " + strconv.Quote(text) + ", not a number"
	}
	decimals := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		decimals = len(s) - i - 1
	}
	if math.Abs(x-v*scale) > 0.5*math.Pow(10, -float64(decimals))+1e-9 {
		return "shown " + strconv.Quote(text) + ", CSV " + csv
	}
	return ""
}
