package sim

// maxRounds bounds the round histograms of a DuelTally.
const maxRounds = 64

// DuelTally accumulates fight results: integer counts and sums only, so that
// merging chunk tallies in chunk order gives the same totals for any number of
// workers. The zero value is an empty tally.
type DuelTally struct {
	N        int
	Wins     [3]int             // SideA, SideB, Draw
	Rounds   [maxRounds + 1]int // fights ended in round r (the last bin: r >= maxRounds)
	HP       [2]int             // sum of HP left
	HPSq     [2]int             // sum of squared HP left
	HPWin    [2]int             // sum of HP left by the side when it won
	Damage   [2]int             // sum of damage dealt
	DamageSq [2]int             // sum of squared damage dealt, for standard errors
	AP       [2]int             // sum of AP spent
	Attacks  [2]int
	// SpellsCast and SpellsSucceeded: casts and casts that took effect.
	SpellsCast, SpellsSucceeded [2]int
	RoundSum                    int
	RoundSq                     int
}

// Add counts one fight.
func (t *DuelTally) Add(r FightResult) {
	t.N++
	t.Wins[r.Winner]++
	t.Rounds[min(r.Rounds, maxRounds)]++
	t.RoundSum += r.Rounds
	t.RoundSq += r.Rounds * r.Rounds
	for s := range 2 {
		t.HP[s] += r.HP[s]
		t.HPSq[s] += r.HP[s] * r.HP[s]
		if r.Winner == s {
			t.HPWin[s] += r.HP[s]
		}
		t.Damage[s] += r.Damage[s]
		t.DamageSq[s] += r.Damage[s] * r.Damage[s]
		t.AP[s] += r.AP[s]
		t.Attacks[s] += r.Attacks[s]
		t.SpellsCast[s] += r.SpellsCast[s]
		t.SpellsSucceeded[s] += r.SpellsSucceeded[s]
	}
}

// Merge adds the counts of u to t.
func (t *DuelTally) Merge(u *DuelTally) {
	t.N += u.N
	for i := range t.Wins {
		t.Wins[i] += u.Wins[i]
	}
	for i := range t.Rounds {
		t.Rounds[i] += u.Rounds[i]
	}
	t.RoundSum += u.RoundSum
	t.RoundSq += u.RoundSq
	for s := range 2 {
		t.HP[s] += u.HP[s]
		t.HPSq[s] += u.HPSq[s]
		t.HPWin[s] += u.HPWin[s]
		t.Damage[s] += u.Damage[s]
		t.DamageSq[s] += u.DamageSq[s]
		t.AP[s] += u.AP[s]
		t.Attacks[s] += u.Attacks[s]
		t.SpellsCast[s] += u.SpellsCast[s]
		t.SpellsSucceeded[s] += u.SpellsSucceeded[s]
	}
}
