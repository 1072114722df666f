package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestPiercingShots checks how armour-piercing arrows are spent
// (sim/piercing.go, engine.specialShot): on an enemy whose armour has boxes
// left, before plain shots; on an unarmoured enemy or one whose armour is
// used up a plain shot while any is left; once only special shots are left
// they are spent anyway; a fire shot on a target not yet burning goes first.
func TestPiercingShots(t *testing.T) {
	bow := &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2, Effects: profiles.Effects{CriticalFrom: 10,
		Range: &profiles.Range{Short: 4, Long: 9}, Ammunition: 4, PiercingShots: 2, FireShots: 1}}
	att := &profiles.Profile{ID: "archer", Level: 2, AP: 6, HP: 20, Stature: 3, Stats: profiles.Stats{V: 4, P: 4, A: 6, C: 4, T: 5, I: 5}}
	def := &profiles.Profile{ID: "safar", Level: 1, AP: 4, HP: 20, Stature: 3, Stats: profiles.Stats{V: 4, P: 3, A: 3, C: 3, T: 4, I: 5}}
	plate := &profiles.Equipment{ID: "plate", Kind: profiles.KindArmour, Armour: &profiles.ArmourStats{Failure: 2, Threshold: 6, Success: 3, Boxes: 10}}
	e := contactPair(t, NewFighter(att, []*profiles.Equipment{bow}), NewFighter(def, []*profiles.Equipment{plate}))
	if s := e.c[0].fire; s.piercingShots != 2 || s.fireShots != 1 {
		t.Fatalf("start: %+v, want 2 piercing and 1 fire shots", s)
	}
	opt := &fightOption{attack: Attack{Kind: Shot, AP: 2, Chars: CharsOf(A, A)}, weapon: bow, shot: true}
	shoot := func(ammo int) (burns, pierces bool) {
		e.c[0].ammo = ammo // the shot counted (engine.strike)
		burns, _, _, pierces = e.specialShot(0, 1, opt)
		return burns, pierces
	}
	if burns, pierces := shoot(3); !burns || pierces {
		t.Errorf("first shot: burns %v, pierces %v; want the fire shot first", burns, pierces)
	}
	e.c[1].fire.burning = true
	if burns, pierces := shoot(2); burns || !pierces || e.c[0].fire.piercingShots != 1 {
		t.Errorf("second shot at the plate: burns %v, pierces %v, %d left; want a piercing one", burns, pierces, e.c[0].fire.piercingShots)
	}
	e.c[1].armour = 0 // its boxes used up
	if _, pierces := shoot(1); pierces || e.c[0].fire.piercingShots != 1 {
		t.Errorf("shot at a used-up armour: pierces %v; want a plain shot", pierces)
	}
	if _, pierces := shoot(0); !pierces || e.c[0].fire.piercingShots != 0 {
		t.Errorf("last shot, a piercing one: pierces %v, %d left", pierces, e.c[0].fire.piercingShots)
	}
}
