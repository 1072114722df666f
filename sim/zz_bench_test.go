package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

func ex(b *testing.B, spec string) *sim.Exchange {
	ds := profiles.Default()
	ap, _ := ds.Profile("paladin-3")
	dp, _ := ds.Profile("kherops-warrior-2")
	items := func(p *profiles.Profile) []*profiles.Equipment {
		var out []*profiles.Equipment
		for _, id := range p.Equipment {
			it, _ := ds.Item(id)
			out = append(out, it)
		}
		return out
	}
	a, _, _ := sim.ParseAttack(spec)
	return &sim.Exchange{Attacker: sim.NewFighter(ap, items(ap)), Defender: sim.NewFighter(dp, items(dp)), Attack: a, Policy: sim.DefaultPolicy}
}

func BenchmarkExact2(b *testing.B) {
	e := ex(b, "2:PC:P")
	for b.Loop() {
		x := *e
		if _, err := x.Exact(); err != nil {
			b.Fatal(err)
		}
	}
}
func BenchmarkExact3A(b *testing.B) {
	e := ex(b, "3:PAC:PA")
	for b.Loop() {
		x := *e
		if _, err := x.Exact(); err != nil {
			b.Fatal(err)
		}
	}
}
