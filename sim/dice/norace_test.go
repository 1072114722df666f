//go:build !race

package dice_test

const raceEnabled = false
