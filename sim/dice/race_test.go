//go:build race

package dice_test

// raceEnabled cuts the sampling tests to 10^5 draws under the race detector, which
// slows the dice about tenfold.
const raceEnabled = true
