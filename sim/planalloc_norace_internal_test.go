//go:build !race

package sim

const allocsRaceEnabled = false
