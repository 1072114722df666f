package profiles

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits of a dice expression: no card rolls more dice or adds more than this.
const (
	maxDice = 20
	maxPlus = 999
)

// ParseDice parses a damage or count expression as cards print it: a constant
// ("3"), dice ("1D5", "D10", case-insensitive) or dice plus or minus a constant
// ("2D5+3", "1D10-2"). Dice have 5 or 10 sides (1D5 is a d10 halved, rounded up:
// R1); at most 20 dice and a constant of at most 999 are accepted.
func ParseDice(s string) (Dice, error) {
	bad := func(why string) (Dice, error) {
		return Dice{}, fmt.Errorf("bad dice expression %q: %s (want e.g. 3, 1D5, 2D5+3, 1D10-2)", s, why)
	}
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "" {
		return bad("empty")
	}
	dPos := strings.IndexByte(t, 'D')
	if dPos < 0 {
		v, ok := smallUint(t)
		if !ok {
			return bad("not a whole number from 0 to 999")
		}
		return Dice{Plus: v}, nil
	}
	var d Dice
	if dPos == 0 {
		d.N = 1
	} else {
		n, ok := smallUint(t[:dPos])
		if !ok || n < 1 || n > maxDice {
			return bad("the number of dice must be from 1 to 20")
		}
		d.N = n
	}
	rest := t[dPos+1:]
	sides, plus, sign := rest, "", 0
	if i := strings.IndexAny(rest, "+-"); i >= 0 {
		sides, plus = rest[:i], rest[i+1:]
		sign = 1
		if rest[i] == '-' {
			sign = -1
		}
	}
	switch sides {
	case "5":
		d.Sides = 5
	case "10":
		d.Sides = 10
	default:
		return bad("dice have 5 or 10 sides")
	}
	if sign != 0 {
		v, ok := smallUint(plus)
		if !ok {
			return bad("the constant must be a whole number from 0 to 999")
		}
		d.Plus = sign * v
	}
	return d, nil
}

// smallUint parses s, made of 1 to 3 decimal digits.
func smallUint(s string) (int, bool) {
	if len(s) == 0 || len(s) > 3 {
		return 0, false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	v, err := strconv.Atoi(s)
	return v, err == nil && v <= maxPlus
}

// String formats d as ParseDice reads it: "3", "1D5", "2D5+3", "1D10-2".
func (d Dice) String() string {
	if d.N == 0 {
		return strconv.Itoa(d.Plus)
	}
	s := strconv.Itoa(d.N) + "D" + strconv.Itoa(d.Sides)
	switch {
	case d.Plus > 0:
		s += "+" + strconv.Itoa(d.Plus)
	case d.Plus < 0:
		s += strconv.Itoa(d.Plus)
	}
	return s
}

// Min returns the lowest value d can take (every die showing 1). It is not clamped
// at 0: "1D5-2" has Min -1, and callers apply "damage is never below 0" (R9).
func (d Dice) Min() int { return d.N + d.Plus }

// Max returns the highest value d can take (every die showing its highest face).
func (d Dice) Max() int { return d.N*d.Sides + d.Plus }

// Mean returns the expected value of d, each die being uniform on 1..Sides.
func (d Dice) Mean() float64 {
	return float64(d.N)*float64(d.Sides+1)/2 + float64(d.Plus)
}
