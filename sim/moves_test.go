package sim_test

import (
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// effectShares plays n mirror battles of list on open ground, both sides under
// pol, and returns per profile id the successful 2-3 AP attacks and those with a
// V or C effect (R10a).
func effectShares(t *testing.T, list string, pol sim.FightPolicy, n int) map[string][2]int {
	t.Helper()
	c := skirmishCase{name: list + "-mirror-" + pol.Name(), a: list, b: list, scenario: "open ground",
		policies: [2]sim.FightPolicy{pol, pol}}
	p := c.player(t)
	labels := p.Labels()
	out := map[string][2]int{}
	r := rand.NewPCG(1, 0)
	for range n {
		p.Play(r)
		moves, moved := p.EffectMoves()
		for i, l := range labels {
			id := l[strings.IndexByte(l, ' ')+1:]
			s := out[id]
			s[0] += moves[i]
			s[1] += moved[i]
			out[id] = s
		}
	}
	return out
}

// TestPositionalEffectsChosen checks R10a: the damage-only policy (the default
// before it) never takes a V or C effect on a successful 2-3 AP attack (they add
// no expected damage), and the default does on some. With KHARN_EFFECT_SHARES=1
// it logs the share per profile for docs/policies.md.
func TestPositionalEffectsChosen(t *testing.T) {
	lists := []string{"kharns-300", "kherops-300"}
	n := 100
	if os.Getenv("KHARN_EFFECT_SHARES") != "" {
		lists = readyMade
		n = 500
	}
	total := map[string][2][2]int{}
	for _, l := range lists {
		var list [2][2]int // per policy: successful 2-3 AP attacks, with V or C
		for k, pol := range []sim.FightPolicy{sim.DamageOnly, sim.DefaultFightPolicy} {
			for id, s := range effectShares(t, l, pol, n) {
				v := total[id]
				v[k][0] += s[0]
				v[k][1] += s[1]
				total[id] = v
				list[k][0] += s[0]
				list[k][1] += s[1]
			}
		}
		// Per list, for docs/policies.md: both sides' Safars, the default's share
		// next to damage-only's.
		t.Logf("list | %s | %d | %.1f%% | %d | %.1f%% |", l, list[0][0], 100*float64(list[0][1])/float64(max(list[0][0], 1)),
			list[1][0], 100*float64(list[1][1])/float64(max(list[1][0], 1)))
	}
	var ids []string
	moved := 0
	for id, v := range total {
		ids = append(ids, id)
		if v[0][1] != 0 {
			t.Errorf("%s: damage-only took a V or C effect on %d of %d successful 2-3 AP attacks", id, v[0][1], v[0][0])
		}
		moved += v[1][1]
	}
	if moved == 0 {
		t.Errorf("the default took no V or C effect in %d mirror battles of %v", n, lists)
	}
	sort.Strings(ids)
	for _, id := range ids {
		v := total[id]
		share := func(s [2]int) float64 { return 100 * float64(s[1]) / float64(max(s[0], 1)) }
		t.Logf("| %s | %d | %.1f%% | %d | %.1f%% |", id, v[0][0], share(v[0]), v[1][0], share(v[1]))
	}
}

// readyMade are the ready-made lists of the embedded data (kharn list).
var readyMade = []string{"black-guild-300", "black-guild-400", "fangs-300", "fangs-400", "gouns-300", "gouns-400",
	"kharns-300", "kharns-400", "kherops-300", "kherops-400", "tembos-300", "tembos-400"}
