package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestSkirmishDeployFlags checks --deploy, --deploy-a and --deploy-b: an
// unknown deployment is a usage error (exit 2) naming the flag and the
// deployments allowed; --deploy-check with --policy-check, an output format,
// a side's policy or deployment, or --shard is one too; the
// JSON result names the deployment each side used.
func TestSkirmishDeployFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"skirmish", "kharns-300", "kherops-300", "--deploy", "sideways"}, `--deploy: unknown deployment "sideways" (want fixed or chosen)`},
		{[]string{"skirmish", "kharns-300", "kherops-300", "--deploy-b", "Chosen"}, `--deploy-b: unknown deployment "Chosen"`},
		{[]string{"skirmish", "kharns-300", "--deploy-check", "--policy-check"}, "--deploy-check and --policy-check exclude each other"},
		{[]string{"skirmish", "kharns-300", "--deploy-check", "--json"}, "--deploy-check and --json exclude each other"},
		{[]string{"skirmish", "kharns-300", "--deploy-check", "--deploy-b", "chosen"}, "--deploy-check and --deploy-b exclude each other"},
		{[]string{"skirmish", "kharns-300", "--deploy-check", "--shard", "0/2", "--out", "x"}, "--shard and --deploy-check exclude each other"},
	} {
		_, errs, code := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	out, errs, code := runCLI(t, "skirmish", "kharns-300", "kherops-300", "--trials", "20", "--deploy-a", "chosen", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Deployment string `json:"deployment"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Deployment != "A chosen, B fixed" {
		t.Errorf("deployment %q, want %q", got.Deployment, "A chosen, B fixed")
	}
}

// TestSkirmishDeployChosenWorkers checks that a chosen deployment gives the
// same result for 1 and 3 workers: the layouts are chosen once, before the
// workers start.
func TestSkirmishDeployChosenWorkers(t *testing.T) {
	trials := "4200"
	if skirmishRace {
		trials = "300"
	}
	var outs [2]string
	var wg sync.WaitGroup
	for k, w := range []string{"1", "3"} {
		wg.Go(func() {
			out, errs, code := runCLI(t, "skirmish", "gouns-300", "fangs-300", "--deploy", "chosen", "--trials", trials, "--seed", "5", "--workers", w)
			if code != 0 {
				t.Errorf("workers %s: exit %d: %s", w, code, errs)
			}
			outs[k] = out
		})
	}
	wg.Wait()
	if !t.Failed() && outs[0] != outs[1] {
		t.Errorf("--workers 3 output differs from --workers 1:\n%s\n--- workers 1\n%s", outs[1], outs[0])
	}
	if !strings.Contains(outs[0], "deployment chosen") {
		t.Errorf("the output does not name the deployment:\n%s", outs[0])
	}
	if strings.Contains(outs[0], "the deployment and the order of activation follow the list") {
		t.Errorf("the output says the chosen deployment follows the list:\n%s", outs[0])
	}
}

// TestSkirmishDeployCheck checks the rows and the verdict of --deploy-check.
func TestSkirmishDeployCheck(t *testing.T) {
	if skirmishRace {
		t.Skip("plays skirmishes: checked without -race")
	}
	out, errs, code := runCLI(t, "skirmish", "tembos-300", "--deploy-check", "--trials", "300", "--workers", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Deployment check: Forest wardens against itself", "A chosen, B fixed", "A fixed, B chosen", "pooled", "of the decided battles (95% Wilson"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

// TestSkirmishPolicyCheckSides checks that --policy-check plays the default on
// each side in turn, the same dice, and pools them: its "side A" row is the
// mirror with the default on side A (--policy-b P), its "side B" row the one
// with the default on side B (--policy-a P), its "both" row their sum. A
// mirror favours one side (black-guild-400 with both sides on damage-only:
// side A 47.57% on seed 71, docs/policies.md "The attacker's own relief"), so
// the default on side A only measured that side too.
func TestSkirmishPolicyCheckSides(t *testing.T) {
	common := []string{"--trials", "60", "--seed", "2", "--workers", "1"}
	out, errs, code := runCLI(t, append([]string{"skirmish", "kharns-300", "--policy-check", "--against", "damage-only"}, common...)...)
	if code != 0 && code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(out, "\n") {
		cells := strings.Split(line, "│")
		if len(cells) < 7 || strings.TrimSpace(cells[1]) != "damage-only" {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows[cells[2]] = cells[3:6] // wins, draws, loses
	}
	mirror := func(pol string, side int) []string {
		t.Helper()
		o, e, c := runCLI(t, append([]string{"skirmish", "kharns-300", "kharns-300", pol, "damage-only", "--json"}, common...)...)
		if c != 0 {
			t.Fatalf("exit %d: %s", c, e)
		}
		var got struct {
			Wins  [2]struct{ Count int } `json:"wins"`
			Draws struct{ Count int }    `json:"draws"`
		}
		if err := json.Unmarshal([]byte(o), &got); err != nil {
			t.Fatal(err)
		}
		return []string{fmt.Sprint(got.Wins[side].Count), fmt.Sprint(got.Draws.Count), fmt.Sprint(got.Wins[1-side].Count)}
	}
	a, b := mirror("--policy-b", 0), mirror("--policy-a", 1)
	if !slices.Equal(rows["side A"], a) || !slices.Equal(rows["side B"], b) {
		t.Fatalf("rows side A %v, side B %v; want the mirrors %v and %v\n%s", rows["side A"], rows["side B"], a, b, out)
	}
	var sum []string
	for i := range 3 {
		x, _ := strconv.Atoi(a[i])
		y, _ := strconv.Atoi(b[i])
		sum = append(sum, fmt.Sprint(x+y))
	}
	if !slices.Equal(rows["both"], sum) {
		t.Errorf("row both %v, want %v", rows["both"], sum)
	}
}
