package sim

import (
	"errors"
	"fmt"
	"strings"
)

// Warnings returns what the exchange's numbers leave out: skills of either Safar
// that no exchange rule reads, and effects reported but not played out.
func (ex *Exchange) Warnings() []error {
	var w []error
	for _, side := range []struct {
		role string
		f    *Fighter
	}{{"attacker", ex.Attacker}, {"defender", ex.Defender}} {
		var names []string
		names = append(names, side.f.Skills.Other...) // Duellist among them: it needs the turn
		if len(names) > 0 {
			w = append(w, fmt.Errorf("not modelled in a single exchange: %s (%s %s)", strings.Join(names, ", "), side.role, side.f.Name()))
		}
	}
	if ex.Attack.Effects.Has(C) || ex.Attack.Effects.Has(V) {
		w = append(w, errors.New("V and C effects are reported as free moves and repel distances; collisions need a battlefield (not modelled in a single exchange)"))
	}
	for _, r := range RulesNotModelled(InExchange) {
		w = append(w, errors.New("not modelled: "+r))
	}
	return w
}
