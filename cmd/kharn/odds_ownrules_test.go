package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOddsOwnRules checks kharn odds on two invented cards with pattern F's
// fields (skills.md section 3, profiles/ownrules.go): the biter's Bite, CH
// on 9-10 (P(CH) 1 - 0.8^2 for its two dice), deals exactly half its expected
// damage with --defender-hurt (its 1D5 doubled only against a target with all
// its HP), and --relatives-in-play lowers its success against the twin (+2 to
// its defences) and says so in the modifiers. Fails before: unknown flags and
// fields.
func TestOddsOwnRules(t *testing.T) {
	dir := t.TempDir()
	body := "profiles:\n" +
		"  - {id: pack-biter-2, name: Pack biter, faction: fangs, level: 2, cost: 60, stats: {V: 5, P: 5, A: 4, C: 4, T: 4, I: 3},\n" +
		"     stature: 3, ap: 5, hp: 12, skills: {bite: ~}, critical_from: 9, bite_double_unhurt: true}\n" +
		"  - {id: stone-twin-2, name: Stone twin, faction: kharns, level: 2, cost: 60, stats: {V: 3, P: 4, A: 4, C: 5, T: 5, I: 3},\n" +
		"     stature: 3, ap: 5, hp: 12, no_reflex_defence: true, defence_damage_only: true,\n" +
		"     defence_damage_vs: {against: {factions: [fangs]}, amount: 2}, defence_bonuses: [{while_in_play: {profiles: [stone-twin]}, amount: 2}]}\n"
	if err := os.WriteFile(filepath.Join(dir, "cards.yaml"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	type result struct {
		PSuccess float64 `json:"p_success"`
		PCH      float64 `json:"p_attack_critical"`
		Damage   float64 `json:"expected_damage"`
	}
	run := func(flags ...string) result {
		t.Helper()
		out, errs, code := runCLI(t, append([]string{"odds", "--data", dir, "-a", "pack-biter-2", "-d", "stone-twin-2", "--attack", "bite", "--json"}, flags...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", flags, code, errs)
		}
		var r result
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return r
	}
	unhurt, hurt, twin := run(), run("--defender-hurt"), run("--relatives-in-play")
	if math.Abs(unhurt.PCH-0.36) > 1e-9 {
		t.Errorf("P(attack CH) %.6f, want 1 - 0.8^2 = 0.36 (critical_from: 9)", unhurt.PCH)
	}
	if math.Abs(hurt.Damage-unhurt.Damage/2) > 1e-9 || unhurt.Damage < 0.5 {
		t.Errorf("expected damage %.6f unhurt, %.6f hurt: want half", unhurt.Damage, hurt.Damage)
	}
	if twin.PSuccess >= unhurt.PSuccess-0.01 {
		t.Errorf("P(success) %.4f with the twin in play, %.4f without: want lower", twin.PSuccess, unhurt.PSuccess)
	}
	out, _, _ := runCLI(t, "odds", "--data", dir, "-a", "pack-biter-2", "-d", "stone-twin-2", "--attack", "bite", "--relatives-in-play")
	if !strings.Contains(out, "Modifiers: the defender's relatives in play") {
		t.Errorf("the table does not name the modifier:\n%s", out)
	}
}
