package catalog

import "slices"

// minPeers is the number of other profiles of the same faction and level
// needed to call a value an outlier.
const minPeers = 3

// checkOutliers warns on values far outside those of their faction and level
// (issue 12, section 5: one card has 2 HP where its peers have 36-42, a data
// error likelier than a card): below half the smallest of its peers or above
// twice the largest, naming the JSON path. It changes nothing.
func (c *Conversion) checkOutliers() {
	type key struct {
		faction string
		level   int
	}
	groups := make(map[key][]*profileOut)
	for _, p := range c.profiles {
		if p.why == "" {
			k := key{p.faction, p.level}
			groups[k] = append(groups[k], p)
		}
	}
	fields := []struct {
		key string
		get func(*profileOut) int
	}{
		{"pv", func(p *profileOut) int { return p.hp }},
		{"pa", func(p *profileOut) int { return p.ap }},
		{"cost", func(p *profileOut) int { return p.cost }},
	}
	for _, ps := range groups {
		if len(ps) <= minPeers {
			continue
		}
		for _, f := range fields {
			for _, p := range ps {
				var peers []int
				for _, q := range ps {
					if q != p {
						peers = append(peers, f.get(q))
					}
				}
				lo, hi, v := slices.Min(peers), slices.Max(peers), f.get(p)
				if 2*v < lo || v > 2*hi {
					p.problemf(p.path+"."+f.key, "%d is far outside the %d other level %d %s profiles (%d-%d): check the data (a data error is likelier than a card)",
						v, len(peers), p.level, p.faction, lo, hi)
				}
			}
		}
	}
}
