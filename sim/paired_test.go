package sim_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// firstDivergence returns the first line where trace a differs from trace b
// (the line of a), or "" when they are the same, and whether the exchange of
// that line defeated a Safar (in a's trace).
func firstDivergence(a, b []byte) (string, bool) {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for n := range la {
		if strings.Contains(la[n], "polic") {
			continue // the header names the policies
		}
		if n >= len(lb) || la[n] != lb[n] {
			kill := false
			for m := n + 1; m < len(la); m++ {
				if strings.Contains(la[m], "HP:") {
					kill = m+1 < len(la) && strings.Contains(la[m+1], "is defeated")
					break
				}
				if strings.Contains(la[m], "activates") {
					break
				}
			}
			return strings.TrimSpace(la[n]), kill
		}
	}
	return "", false
}

// divergenceKind names the decision of a first divergent trace line: the
// acting Safar's profile and, for an attack, the effects its option takes
// (C, V or neither) and whether it hit.
func divergenceKind(line string) string {
	f := strings.Fields(line)
	if len(f) < 2 {
		return "other"
	}
	who := f[1]
	i := strings.Index(line, " attacks ")
	if i < 0 {
		return who + " other: " + strings.Join(f[2:min(len(f), 4)], " ")
	}
	opt := ""
	for _, w := range f {
		if strings.Count(w, ":") >= 2 {
			opt = strings.TrimSuffix(w, ":")
			break
		}
	}
	parts := strings.Split(opt, ":")
	eff := "none"
	if len(parts) >= 3 {
		chosen := parts[len(parts)-1] // AP:chars:effects (Attack.String)
		switch {
		case strings.Contains(chosen, "C"):
			eff = "C"
		case strings.Contains(chosen, "V"):
			eff = "V"
		}
	}
	res := "missed"
	if strings.Contains(line, "hit:") {
		res = "hit"
	}
	return who + " " + eff + " " + res
}

// TestPairedMoves is a diagnostic of R10a (docs/policies.md, "R10a check:
// paired battles"), run only with KHARN_PAIRED=list[,list...]: each battle of
// the default (side A) against damage-only is played again, from the same
// dice, with damage-only on both sides. The two play alike up to the first
// decision of side A that differs; the difference of side A's wins between
// them is what that decision (and the play after it) gained. Logged per
// first divergent decision: the Safar, the effect of its option, whether it
// hit, whether that exchange defeated a Safar; battles, side A's wins with
// the default and with damage-only, the battles won only with the default and
// those won only with damage-only, and the difference.
// Per list, the totals and the sign test of the battles whose winner differs
// (z = (won only with the default - won only with damage-only) / sqrt(their
// sum)): the same question as kharn skirmish --policy-check --against
// damage-only, with the battles that play alike left out of the noise.
// KHARN_PAIRED_N sets the battles (default 2000), KHARN_PAIRED_SEED the seed,
// KHARN_PAIRED_SHOW=1 logs the first two divergent lines of each kind;
// KHARN_PAIRED_DUMP=dir writes, for every battle whose winner differs, both
// traces to dir (dumpPair).
func TestPairedMoves(t *testing.T) {
	env := os.Getenv("KHARN_PAIRED")
	if env == "" {
		t.Skip("diagnostic: KHARN_PAIRED=list runs it")
	}
	n, seed := 2000, uint64(1)
	if s := os.Getenv("KHARN_PAIRED_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	if s := os.Getenv("KHARN_PAIRED_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	for _, l := range strings.Split(env, ",") {
		pd := skirmishCase{name: l + "-paired-default", a: l, b: l, scenario: "open ground",
			policies: [2]sim.FightPolicy{sim.DefaultFightPolicy, sim.DamageOnly}}.player(t)
		pz := skirmishCase{name: l + "-paired-damage", a: l, b: l, scenario: "open ground",
			policies: [2]sim.FightPolicy{sim.DamageOnly, sim.DamageOnly}}.player(t)
		var bd, bz bytes.Buffer
		pd.SetTrace(&bd)
		pz.SetTrace(&bz)
		type row struct{ n, wd, wz, gain, loss int }
		rows := map[string]*row{}
		same := 0
		var wd, wz int
		for k := range n {
			bd.Reset()
			bz.Reset()
			rd := pd.Play(rand.NewPCG(seed, uint64(k)))
			rz := pz.Play(rand.NewPCG(seed, uint64(k)))
			d, kill := firstDivergence(bd.Bytes(), bz.Bytes())
			if rd.Winner == sim.SideA {
				wd++
			}
			if rz.Winner == sim.SideA {
				wz++
			}
			if d == "" {
				same++
				continue
			}
			key := divergenceKind(d)
			if kill {
				key += ", defeats"
			}
			r := rows[key]
			if r == nil {
				r = &row{}
				rows[key] = r
			}
			r.n++
			if r.n <= 2 && os.Getenv("KHARN_PAIRED_SHOW") != "" {
				dz, _ := firstDivergence(bz.Bytes(), bd.Bytes())
				t.Logf("  %s: %d\n    default:     %s\n    damage-only: %s", key, k, d, dz)
			}
			if rd.Winner == sim.SideA {
				r.wd++
			}
			if rz.Winner == sim.SideA {
				r.wz++
			}
			if rd.Winner == sim.SideA && rz.Winner != sim.SideA {
				r.gain++
				dumpPair(t, l, k, "gain", key, bd.Bytes(), bz.Bytes())
			}
			if rd.Winner != sim.SideA && rz.Winner == sim.SideA {
				r.loss++
				dumpPair(t, l, k, "loss", key, bd.Bytes(), bz.Bytes())
			}
		}
		gain, loss := 0, 0
		for _, r := range rows {
			gain += r.gain
			loss += r.loss
		}
		// The sign test of the pairs whose winner differs (McNemar): z above 1.96,
		// the default wins significantly more of these battles (95%).
		z := float64(gain-loss) / math.Sqrt(float64(max(gain+loss, 1)))
		t.Logf("%s: %d battles, %d alike; side A wins %d with the default, %d with damage-only (%+d); won only with the default %d, only with damage-only %d, z %.2f",
			l, n, same, wd, wz, wd-wz, gain, loss, z)
		var keys []string
		for k := range rows {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(a, b int) bool { return rows[keys[a]].n > rows[keys[b]].n })
		for _, k := range keys {
			r := rows[k]
			t.Logf("| %s | %s | %d | %d | %d | %d | %d | %+d |", l, k, r.n, r.wd, r.wz, r.gain, r.loss, r.wd-r.wz)
		}
	}
}

// dumpPair writes the traces of battle k of list l, played with the default
// (d) and with damage-only (z) on side A, to the directory KHARN_PAIRED_DUMP
// names, as l-k-gain.txt (won only with the default) or l-k-loss.txt, the
// kind of the first divergent decision on the first line. Nothing without it.
func dumpPair(t *testing.T, l string, k int, what, key string, d, z []byte) {
	dir := os.Getenv("KHARN_PAIRED_DUMP")
	if dir == "" {
		return
	}
	var b bytes.Buffer
	b.WriteString(key + "\n=== default on side A\n")
	b.Write(d)
	b.WriteString("\n=== damage-only on side A\n")
	b.Write(z)
	name := dir + "/" + l + "-" + strconv.Itoa(k) + "-" + what + ".txt"
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
