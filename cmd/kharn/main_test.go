package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/internal/longtest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// runCLI runs the command line in-process and returns stdout, stderr and the exit code.
func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), &out, &errb, args)
	return out.String(), errb.String(), exitCode(err)
}

// TestGolden checks the output of kharn commands on the embedded data against
// testdata/*.golden; go test ./cmd/kharn -update rewrites them.
func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"odds-table", []string{"odds", "--attacker", "paladin-3", "--defender", "kherops-warrior-2"}, 0},
		{"odds-attack", []string{"odds", "-a", "tribal-champion-3", "-d", "paladin-2", "--attack", "3:PPC"}, 0},
		{"odds-shot-json", []string{"odds", "-a", "goun-hunter-1", "-d", "fang-prowler-1", "--attack", "shot:2:AA", "--range", "7", "--json"}, 0},
		{"odds-variant", []string{"odds", "-a", "kherops-warrior-2", "-d", "paladin-3", "--attack", "2:PC:P", "--rules", "ch-auto-success,armour-level-dice"}, 0},
		{"odds-unknown-id", []string{"odds", "-a", "paladn-3", "-d", "paladin-2"}, 1},
		{"odds-rule-r7", []string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--attack", "2:PAC"}, 1},
		{"odds-bad-flag", []string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--support", "x"}, 2},
		{"odds-cast", []string{"odds", "--cast", "bone-splinters:20", "--cast-ap", "2", "-a", "bone-seer-2", "-d", "paladin-3", "--way-count", "2"}, 0},
		{"odds-cast-table", []string{"odds", "--cast", "blood-tithe", "-a", "kherops-flayer-2", "-d", "tembo-khemist-2"}, 0},
		{"odds-cast-ally", []string{"odds", "--cast", "sap-of-adansonia:18", "--cast-ap", "1", "-a", "tembo-khemist-2", "-d", "tembo-guardian-2", "--way-count", "4"}, 0},
		{"odds-cast-json", []string{"odds", "--cast", "marrow-chill", "--cast-ap", "3", "-a", "bone-seer-2", "-d", "goun-shaman-2", "--defence", "1", "--json"}, 0},
		{"odds-cast-not-caster", []string{"odds", "--cast", "spark-of-will", "-a", "paladin-3", "-d", "bone-seer-2"}, 1},
		{"odds-cast-unknown-spell", []string{"odds", "--cast", "bone-splinter", "-a", "bone-seer-2", "-d", "paladin-3"}, 1},
		{"odds-cast-bad-difficulty", []string{"odds", "--cast", "bone-splinters:16", "-a", "bone-seer-2", "-d", "paladin-3"}, 1},
		{"odds-cast-wrong-way", []string{"odds", "--cast", "blood-tithe", "-a", "bone-seer-2", "-d", "paladin-3"}, 1},
		{"odds-cast-bad-ap", []string{"odds", "--cast", "bone-splinters", "--cast-ap", "4", "-a", "bone-seer-2", "-d", "paladin-3"}, 2},
		{"odds-cast-with-attack", []string{"odds", "--cast", "bone-splinters", "--attack", "2:PA", "-a", "bone-seer-2", "-d", "paladin-3"}, 2},
		{"odds-cast-ap-alone", []string{"odds", "--cast-ap", "2", "-a", "bone-seer-2", "-d", "paladin-3"}, 2},
		{"profiles", []string{"profiles", "--faction", "tembos"}, 0},
		{"duel", []string{"duel", "paladin-3", "kherops-warrior-2", "--trials", "5000", "--seed", "7"}, 0},
		{"duel-csv", []string{"duel", "goun-hunter-1", "fang-prowler-1", "--distance", "8", "--trials", "3000", "--csv"}, 0},
		{"duel-trace", []string{"duel", "tribal-champion-3", "paladin-2", "--distance", "6", "--trace", "--seed", "3"}, 0},
		{"duel-cast-trace", []string{"duel", "bone-seer-2", "kherops-flayer-2", "--trace", "--seed", "3"}, 0},
		{"skirmish-cast-trace", []string{"skirmish", "testdata/lists/kherops-magic.yaml", "testdata/lists/fangs-magic.yaml", "--trace", "--seed", "2"}, 0},
		// Buffs, control and their ends (sim/magic_effects.go).
		{"duel-effect-trace", []string{"duel", "tembo-khemist-2", "blood-steel-adept-3", "--trace", "--seed", "2"}, 0},
		{"skirmish-effect-trace", []string{"skirmish", "testdata/lists/tembos-magic.yaml", "testdata/lists/kharns-magic.yaml", "--trace", "--seed", "1"}, 0},
		{"duel-policy-check", []string{"duel", "kherops-warrior-1", "--policy-check", "--trials", "4000"}, 0},
		{"duel-bad-policy", []string{"duel", "paladin-3", "paladin-2", "--policy-a", "clever"}, 2},
		{"compare", []string{"compare", "crown-guard-1", "--vs", "kherops-warrior-1,fang-prowler-1", "--trials", "500"}, 0},
		{"compare-csv", []string{"compare", "goun-hunter-1", "--vs", "fangs", "--trials", "300", "--distance", "8", "--csv", "--sort", "per-100kr"}, 0},
		{"compare-bad-pool", []string{"compare", "crown-guard-1", "--vs", "kherop"}, 1},
		{"odds-plot-no-attack", []string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--plot", "x.png"}, 2},
	}
	// Long tests (internal/longtest): tens of seconds of fights under -race.
	long := map[string]bool{"compare": true, "compare-csv": true}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if long[tc.name] {
				longtest.Skip(t)
			}
			out, errs, code := runCLI(t, tc.args...)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d; stderr: %s", code, tc.code, errs)
			}
			got := "$ kharn " + strings.Join(tc.args, " ") + "\n" + out
			if errs != "" {
				got += "--- stderr\n" + errs
			}
			checkGolden(t, tc.name, got)
		})
	}
}

// checkGolden compares got with testdata/name.golden, or rewrites the file with
// -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/kharn -update)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// levelTotal returns the exact distribution of an action roll with bare hands and
// no mastery: n d10 keep the best (R1); a 10 is a CH and rerolls, adding the reroll,
// a reroll of 1 adding 0 and stopping (R2); a kept 1 is a CF (R3). It is written
// here from the rules, independently of sim, as the issue asks. cf is P(CF), ch[v]
// and plain[v] the probability of dice value v with and without a CH.
func levelTotal(n int) (cf float64, plain, ch map[int]float64) {
	plain, ch = map[int]float64{}, map[int]float64{}
	pFace := func(f int) float64 {
		return math.Pow(float64(f)/10, float64(n)) - math.Pow(float64(f-1)/10, float64(n))
	}
	cf = pFace(1)
	for f := 2; f <= 9; f++ {
		plain[f] = pFace(f)
	}
	// Explosion chains: depth k adds k-1 tens then a final reroll r.
	var explode func(sum int, p float64, depth int)
	explode = func(sum int, p float64, depth int) {
		if depth > 14 { // 0.1^14: far below the 1e-9 the issue asks
			return
		}
		for r := 1; r <= 10; r++ {
			q := p / 10
			switch r {
			case 1:
				ch[sum] += q
			case 10:
				explode(sum+10, q, depth+1)
			default:
				ch[sum+r] += q
			}
		}
	}
	explode(10, pFace(10), 0)
	return cf, plain, ch
}

// TestOddsJSONIndependent checks kharn odds --json on bare-handed profiles with no
// modifiers against the independent computation above, to 1e-9 (issue: "these
// numbers must agree with any independent exact computation of R1-R3 and R6").
func TestOddsJSONIndependent(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.yaml", "id: bare-a\nname: Bare A\nfaction: black-guild\nlevel: 2\ncost: 50\nlimitation: X3\nstats: {V: 3, P: 5, A: 4, C: 3, T: 3, I: 2}\nstature: 3\nap: 4\nhp: 10\n")
	d := write("d.yaml", "id: bare-d\nname: Bare D\nfaction: black-guild\nlevel: 3\ncost: 60\nlimitation: X3\nstats: {V: 4, P: 3, A: 6, C: 3, T: 3, I: 2}\nstature: 2\nap: 4\nhp: 10\n")
	out, errs, code := runCLI(t, "odds", "-a", a, "-d", d, "--attack", "2:PA:P", "--defence", "1:A", "--no-mastery", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		PSuccess         float64   `json:"p_success"`
		PCriticalSuccess float64   `json:"p_critical_success"`
		PAttackCritical  float64   `json:"p_attack_critical"`
		PAttackCF        float64   `json:"p_attack_critical_failure"`
		PDefenceCF       float64   `json:"p_defence_critical_failure"`
		ExpectedDamage   float64   `json:"expected_damage"`
		DamagePMF        []float64 `json:"damage_pmf"`
		Exact            bool      `json:"exact"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// Attack: P+A = 9 with 2 dice; defence: A = 6 with 3 dice (the files above).
	acf, aplain, ach := levelTotal(2)
	dcf, dplain, dch := levelTotal(3)
	defAtLeast := func(t int) float64 { // P(defence not CF and total >= t)
		s := 0.0
		for v, q := range dplain {
			if v+6 >= t {
				s += q
			}
		}
		for v, q := range dch {
			if v+6 >= t {
				s += q
			}
		}
		return s
	}
	var pSucc, pCritSucc, pCrit float64
	for v, q := range aplain {
		pSucc += q * (1 - defAtLeast(v+9)) // R6: success unless the defence reaches the total
	}
	for v, q := range ach {
		pCrit += q
		s := q * (1 - defAtLeast(v+9))
		pSucc += s
		pCritSucc += s
	}
	// R9: 2 AP with effect P: damage P (5) + 1; a CH adds the stature (3) once.
	wantPMF := make([]float64, 10)
	wantPMF[6] = pSucc - pCritSucc
	wantPMF[9] = pCritSucc
	wantPMF[0] = 1 - pSucc
	checks := []struct {
		name      string
		got, want float64
	}{
		{"p_success", got.PSuccess, pSucc},
		{"p_critical_success", got.PCriticalSuccess, pCritSucc},
		{"p_attack_critical", got.PAttackCritical, pCrit},
		{"p_attack_critical_failure", got.PAttackCF, acf},
		{"p_defence_critical_failure", got.PDefenceCF, (1 - acf) * dcf},
		{"expected_damage", got.ExpectedDamage, 6*(pSucc-pCritSucc) + 9*pCritSucc},
	}
	for _, c := range checks {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s = %.12f, independent computation %.12f", c.name, c.got, c.want)
		}
	}
	if !got.Exact {
		t.Error("exact = false, want true")
	}
	if len(got.DamagePMF) != len(wantPMF) {
		t.Fatalf("damage_pmf has %d entries, want %d: %v", len(got.DamagePMF), len(wantPMF), got.DamagePMF)
	}
	for k := range wantPMF {
		if math.Abs(got.DamagePMF[k]-wantPMF[k]) > 1e-9 {
			t.Errorf("damage_pmf[%d] = %.12f, want %.12f", k, got.DamagePMF[k], wantPMF[k])
		}
	}
}

// TestDuelWorkers checks that the same seed gives the same duel result for 1, 2 and
// 7 workers (issue #3: "bit-identical results for any --workers").
func TestDuelWorkers(t *testing.T) {
	var first string
	for _, w := range []string{"1", "2", "7"} {
		out, errs, code := runCLI(t, "duel", "paladin-2", "kherops-warrior-2", "--trials", "30000", "--seed", "11", "--workers", w, "--json")
		if code != 0 {
			t.Fatalf("workers %s: exit %d: %s", w, code, errs)
		}
		if first == "" {
			first = out
			continue
		}
		if out != first {
			t.Errorf("workers %s: output differs from workers 1:\n%s\n---\n%s", w, out, first)
		}
	}
}

// TestDuelPrecision checks that a --precision run stops once the 95% Wilson
// half-width of A's win rate is below the target, and says it converged.
func TestDuelPrecision(t *testing.T) {
	out, errs, code := runCLI(t, "duel", "paladin-2", "kherops-warrior-2", "--precision", "0.01", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Trials    int  `json:"trials"`
		Converged bool `json:"converged"`
		Wins      [2]struct {
			Lo float64 `json:"ci95_low"`
			Hi float64 `json:"ci95_high"`
		} `json:"wins"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if !got.Converged || (got.Wins[0].Hi-got.Wins[0].Lo)/2 >= 0.01 {
		t.Errorf("converged=%v, half-width %.4f after %d fights, want < 0.01", got.Converged, (got.Wins[0].Hi-got.Wins[0].Lo)/2, got.Trials)
	}
	if got.Trials%4096 != 0 {
		t.Errorf("a precision run stops at a chunk boundary, got %d fights", got.Trials)
	}
}

// TestDuelInterrupted checks that a cancelled run (Ctrl-C) still prints its result,
// marked as interrupted, and exits 130 (issue #10 item 9).
func TestDuelInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	err := run(ctx, &out, &errb, []string{"duel", "paladin-2", "kherops-warrior-2", "--trials", "1000000"})
	if code := exitCode(err); code != 130 {
		t.Fatalf("run: %v: exit %d, want 130", err, code)
	}
	if !strings.Contains(out.String(), "INTERRUPTED") || !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("output not marked as interrupted:\n%s\n%s", out.String(), errb.String())
	}
}

// TestComparePlot checks that kharn compare --plot writes a PNG heat map.
func TestComparePlot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "heat.png")
	_, errs, code := runCLI(t, "compare", "tembo-youngling-1", "--vs", "fang-prowler-1", "--trials", "200", "--plot", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 1000 || string(b[1:4]) != "PNG" {
		t.Errorf("%s is not a PNG image (%d bytes)", path, len(b))
	}
}

// TestOddsPlot checks that kharn odds --attack --plot writes an SVG of the damage
// distribution.
func TestOddsPlot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "damage.svg")
	_, errs, code := runCLI(t, "odds", "-a", "tribal-champion-3", "-d", "paladin-2", "--attack", "3:PPC", "--plot", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "<svg") || !strings.Contains(string(b), "P(at least k)") {
		t.Errorf("%s is not the damage plot (%d bytes)", path, len(b))
	}
}

// TestDuelPlot checks that kharn duel --plot writes the convergence plot.
func TestDuelPlot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "conv.svg")
	_, errs, code := runCLI(t, "duel", "paladin-2", "kherops-warrior-2", "--trials", "20000", "--plot", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "<svg") || !strings.Contains(string(b), "Wilson") {
		t.Errorf("%s is not the convergence plot (%d bytes)", path, len(b))
	}
}
