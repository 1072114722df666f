package sim

// combatChars answers two of checkDefence's R7 questions about cs in one pass
// (issue #13, tenth round): whether it engages only V, P, A and C
// (charsIn(cs, V, P, A, C)) and whether none of those appears more than twice
// (cs.Count(c) <= 2 for each). The exact engine asks them of every
// characteristic set of every plan's candidate defences, where the variadic
// charsIn and four Count passes were a tenth of a 2 AP exact exchange.
// TestCombatChars compares it with those on every set of 0 to 3
// characteristics.
func combatChars(cs Chars) (inVPAC, atMostTwice bool) {
	var n [4]uint8
	inVPAC, atMostTwice = true, true
	for i := 0; i < int(cs.n); i++ {
		c := cs.c[i]
		if c > C { // V, P, A, C are 0 to 3 (profiles.Char)
			inVPAC = false
			continue
		}
		n[c]++
		if n[c] > 2 {
			atMostTwice = false
		}
	}
	return inVPAC, atMostTwice
}
