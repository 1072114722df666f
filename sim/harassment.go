package sim

// harassMove reports whether a successful attack a of fighter f moves it by
// Harassment's V effect (R10 distance, freeMove): the skill's once per
// activation, harassed (the exchange state's), or its precision on one card
// (skills.md #29, Skills.HarassmentMelee): every 2 and 3 AP melee attack
// (sim/exact.go hitEffects sets the move for both).
func harassMove(f *Fighter, a Attack, success, harassed bool) bool {
	return harassed || success && f.Skills.HarassmentMelee && a.Kind != Shot && a.AP >= 2
}
