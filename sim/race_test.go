//go:build race

package sim_test

// raceEnabled cuts the sampler tests to 10^5 draws under the race detector, which
// slows the sampler about tenfold.
const raceEnabled = true
