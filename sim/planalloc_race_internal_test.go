//go:build race

package sim

// allocsRaceEnabled skips the internal alloc checks: the race detector allocates.
const allocsRaceEnabled = true
