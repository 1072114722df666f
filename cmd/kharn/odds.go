package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

type oddsFlags struct {
	attacker, defender  string
	attack, defence     string
	weapon, defWeapon   string
	assault             bool
	beyondReach         bool
	support, defSupport int
	rng, height         float64
	cover               int
	noMastery           bool
	apValue             float64
	sadistic            int
	defenderBleeding    bool
	defenderHurt        bool // the defender has lost HP (a doubled Bite, sim/ownrules.go)
	relatives           bool // the defender's defence_bonuses hold (sim/ownrules.go)
	json                bool
	plot                string
	// kharn odds --cast: a spell instead of an attack (cast.go).
	cast     string
	castAP   int
	wayCount int
	allied   bool
}

func oddsCommand(g *globals) *cobra.Command {
	f := &oddsFlags{}
	c := &cobra.Command{
		Use:   "odds --attacker A --defender D [--attack SPEC] [--defence SPEC]",
		Short: "Exact odds of an attack against a defence",
		Long: `odds computes, exactly, one attack of A against D: the chance of success, of a
critical hit, and the distribution of the damage D takes after armour.

A and D are profile ids of the data set, or paths of YAML files holding one
profile. Without --attack it lists every legal attack of A with its best effects
against D's best response. Attack specs: AP:CHARS[:EFFECTS] for melee (1:P, 2:PA,
3:PPA:PA), shot:AP:CHARS[:EFFECTS] for shots (shot:1:A, shot:2:AV, shot:3:AAV),
bunt, bite, trample, or card (card:N) for a special attack A's card defines.
Defence specs: best (default), reflex, AP:CHARS (1:A,
2:AC, 3:AAC), with +shield to use the shield, or discard.`,
		Example: `  kharn odds --attacker kharn-paladin-3 --defender kherop-warrior-1
  kharn odds --attacker kharn-paladin-3 --defender kherop-warrior-1 --attack 3:PPA --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runOdds(cmd, g, f) },
	}
	fl := c.Flags()
	fl.StringVarP(&f.attacker, "attacker", "a", "", "attacking profile: id or YAML file (required)")
	fl.StringVarP(&f.defender, "defender", "d", "", "defending profile: id or YAML file (required)")
	fl.StringVar(&f.attack, "attack", "", "attack spec (default: table of every legal attack)")
	fl.StringVar(&f.defence, "defence", "best", "defence spec: best, reflex, AP:CHARS[+shield], discard")
	fl.StringVar(&f.weapon, "weapon", "", "attacker's weapon in hand: an equipment id, or none for bare hands (default: each weapon of its card)")
	fl.StringVar(&f.defWeapon, "defender-weapon", "", "defender's weapon in hand: an equipment id, or none (default: its first melee weapon)")
	fl.BoolVar(&f.assault, "assault", false, "the attack follows an assault: + attacker's stature (R8)")
	fl.BoolVar(&f.beyondReach, "beyond-counter-reach", false, "the attacker stands beyond the defender's counter reach: its 2-3 AP defences stop the attack without counter damage or effect")
	fl.IntVar(&f.support, "support", 0, "support bonus of the attacker when it outnumbers the defender (R8: +1 per supporting ally, +3 for a card's stronger support, skills.md section 3 S)")
	fl.IntVar(&f.defSupport, "defence-support", 0, "support bonus of the defender when it outnumbers the attacker (R8: +1 per supporting ally, +3 for a card's stronger support)")
	fl.Float64Var(&f.rng, "range", 0, "distance of a shot in toises (default: start of the effective range)")
	fl.Float64Var(&f.height, "height", 0, "shooter's height above the target in toises (R8: +/-2 beyond 2 toises)")
	fl.IntVar(&f.cover, "cover", 0, "target's cover bonus against shots")
	fl.BoolVar(&f.noMastery, "no-mastery", false, "spend no mastery die on either side (R4)")
	fl.Float64Var(&f.apValue, "ap-value", 0, "HP worth of one AP the defender keeps, for its best response")
	fl.IntVar(&f.sadistic, "sadistic", 0, "extra AP a Sadistic attacker spends on an undefended attack")
	fl.BoolVar(&f.defenderBleeding, "defender-bleeding", false, "the defender is bleeding (Bloodlust)")
	fl.BoolVar(&f.defenderHurt, "defender-hurt", false, "the defender has lost HP: an attacker's Bite doubled against a target with all its HP (bite_double_unhurt) is not")
	fl.BoolVar(&f.relatives, "relatives-in-play", false, "the Safars the defender's defence_bonuses name are in play: it adds them to its defences")
	fl.BoolVar(&f.json, "json", false, "print JSON instead of tables")
	fl.StringVar(&f.plot, "plot", "", "with --attack: write the damage distribution (exactly / at least) to this .png or .svg file")
	fl.StringVar(&f.cast, "cast", "", "cast SPELL[:DIFFICULTY] instead of attacking: the attacker is the caster, the defender the target")
	fl.IntVar(&f.castAP, "cast-ap", 0, "with --cast: 1 quick, 2 basic or 3 complex incantation (default: each the caster can pay)")
	fl.IntVar(&f.wayCount, "way-count", 0, "with --cast: Safars counted by the caster's way bonus, +1 each (seed 000 lines 1396-1416)")
	fl.BoolVar(&f.allied, "allied", false, "with --cast: the target is an ally of the caster and does not defend")
	_ = c.MarkFlagRequired("attacker")
	_ = c.MarkFlagRequired("defender")
	return c
}

func runOdds(cmd *cobra.Command, g *globals, f *oddsFlags) error {
	ds, variant, err := g.loadWithRules()
	if err != nil {
		return err
	}
	if f.cast == "" {
		for _, name := range []string{"cast-ap", "way-count", "allied"} {
			if given(cmd.Flags().Lookup(name)) {
				return &usageError{fmt.Errorf("--%s needs --cast", name)}
			}
		}
	}
	ap, err := ds.ResolveProfile(f.attacker)
	if err != nil {
		return fmt.Errorf("--attacker: %w", err)
	}
	dp, err := ds.ResolveProfile(f.defender)
	if err != nil {
		return fmt.Errorf("--defender: %w", err)
	}
	if f.cast != "" {
		return runCast(cmd, ds, variant, ap, dp, f)
	}
	var attack sim.Attack
	var effectsGiven bool
	if f.attack != "" {
		if attack, effectsGiven, err = sim.ParseAttack(f.attack); err != nil {
			return &usageError{fmt.Errorf("--attack: %w", err)}
		}
	}
	policy := sim.DefaultPolicy
	if f.noMastery {
		policy.AttackReroll, policy.DefenceMastery = 0, false
	}
	policy.APValue = f.apValue
	policy.Sadistic = f.sadistic
	defenceName := "best response (R5: chosen knowing the attack total)"
	if strings.ToLower(f.defence) != "best" {
		d, err := sim.ParseDefence(f.defence)
		if err != nil {
			return &usageError{fmt.Errorf("--defence: %w", err)}
		}
		policy.Defence = &d
		defenceName = d.String()
	}
	defender, err := fighter(ds, dp, f.defWeapon, profiles.KindMelee)
	if err != nil {
		return fmt.Errorf("--defender-weapon: %w", err)
	}
	defender.Bleeding = f.defenderBleeding
	if f.relatives {
		defender.DefenceBonus = relativesBonus(dp)
	}
	base := sim.Exchange{
		DefenderHurt: f.defenderHurt,
		Defender:     defender, Assault: f.assault, Support: f.support, DefenceSupport: f.defSupport, BeyondCounterReach: f.beyondReach,
		Range: f.rng, Height: f.height, Cover: f.cover, Variant: variant, Policy: policy,
	}
	meta := reports.OddsMeta{
		Defender: describe(dp, defender),
		Defence:  defenceName,
		Rules:    variant.String(),
		Data:     ds.Source,
		Version:  versionString(),
	}
	meta.Modifiers = modifiers(f)
	out := cmd.OutOrStdout()

	if f.attack != "" {
		want := profiles.KindMelee
		if attack.Kind == sim.Shot {
			want = profiles.KindRanged
		}
		att, err := fighter(ds, ap, f.weapon, want)
		if err != nil {
			return fmt.Errorf("--weapon: %w", err)
		}
		ex := base
		ex.Attacker = att
		ex.Attack = attack
		meta.Attacker = describe(ap, att)
		var res *sim.Result
		if effectsGiven || attack.Kind.Special() {
			res, err = ex.Exact()
		} else {
			if err = ex.Prepare(); err == nil {
				ex.Attack, res, err = ex.BestEffects(ex.Attack)
			}
		}
		if err != nil {
			return explainRule(err)
		}
		if f.plot != "" {
			title := fmt.Sprintf("%s %s against %s (exact)", ap.ID, ex.Attack, dp.ID)
			if err := reports.DamagePlot(f.plot, title, res.DamagePMF); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "kharn: damage plot written to %s\n", f.plot)
		}
		if f.json {
			return reports.WriteJSON(out, reports.NewResultJSON(meta, ex.Attack, res))
		}
		return reports.WriteResult(out, meta, ex.Attack, res)
	}

	if f.plot != "" {
		return &usageError{errors.New("--plot needs --attack: it draws one attack's damage distribution")}
	}
	weapons, err := weaponsOf(ds, ap, f.weapon)
	if err != nil {
		return fmt.Errorf("--weapon: %w", err)
	}
	var rows []reports.WeaponOptions
	for _, w := range weapons {
		ex := base
		att := fighterWith(ds, ap, w)
		ex.Attacker = att
		opts, err := ex.Options()
		if err != nil {
			return explainRule(err)
		}
		rows = append(rows, reports.WeaponOptions{Weapon: weaponLabel(w), Options: opts})
	}
	meta.Attacker = describe(ap, nil)
	var splits []reports.SplitRow
	if f.weapon == "" {
		if splits, err = oddsSplits(ds, ap, base, rows); err != nil { // cmd/kharn/odds_split.go
			return err
		}
	}
	if f.json {
		j := reports.NewOptionsJSON(meta, rows)
		j.Splits = reports.NewSplitsJSON(splits)
		return reports.WriteJSON(out, j)
	}
	if err := reports.WriteOptions(out, meta, rows); err != nil {
		return err
	}
	return reports.WriteSplits(out, splits)
}

// explainRule returns err, as is: sim's rule errors already name their rule.
func explainRule(err error) error {
	var re *sim.RuleError
	if errors.As(err, &re) {
		return fmt.Errorf("impossible: %w", err)
	}
	return err
}

func modifiers(f *oddsFlags) []string {
	var m []string
	if f.assault {
		m = append(m, "assault (+stature)")
	}
	if f.beyondReach {
		m = append(m, "beyond the defender's counter reach (no counter)")
	}
	if f.support > 0 {
		m = append(m, fmt.Sprintf("attacker supported by %d", f.support))
	}
	if f.defSupport > 0 {
		m = append(m, fmt.Sprintf("defender supported by %d", f.defSupport))
	}
	if f.rng > 0 {
		m = append(m, fmt.Sprintf("range %.1f toises", f.rng))
	}
	if f.height != 0 {
		m = append(m, fmt.Sprintf("height %+.1f toises", f.height))
	}
	if f.cover != 0 {
		m = append(m, fmt.Sprintf("cover %+d", f.cover))
	}
	if f.noMastery {
		m = append(m, "no mastery dice")
	}
	if f.defenderBleeding {
		m = append(m, "defender bleeding")
	}
	if f.defenderHurt {
		m = append(m, "defender hurt")
	}
	if f.relatives {
		m = append(m, "the defender's relatives in play")
	}
	if f.sadistic > 0 {
		m = append(m, fmt.Sprintf("Sadistic +%d AP", f.sadistic))
	}
	return m
}

// items returns the base equipment of p (its ids were checked when p was loaded
// against ds).
func items(ds *profiles.DataSet, p *profiles.Profile) []*profiles.Equipment {
	return profiles.Loadout{Profile: p}.Items(ds)
}

// weaponsOf returns the weapons whose attacks odds lists: the one named, or every
// melee and ranged weapon of the card, or bare hands (nil) when it has none.
func weaponsOf(ds *profiles.DataSet, p *profiles.Profile, name string) ([]*profiles.Equipment, error) {
	if name != "" {
		w, err := pickWeapon(ds, name)
		return []*profiles.Equipment{w}, err
	}
	var out []*profiles.Equipment
	for _, it := range items(ds, p) {
		if it.Kind == profiles.KindMelee || it.Kind == profiles.KindRanged {
			out = append(out, it)
		}
	}
	if len(out) == 0 {
		out = append(out, nil)
	}
	return out, nil
}

func pickWeapon(ds *profiles.DataSet, name string) (*profiles.Equipment, error) {
	if strings.EqualFold(name, "none") {
		return nil, nil
	}
	w, err := ds.Item(name)
	if err != nil {
		return nil, err
	}
	if w.Kind != profiles.KindMelee && w.Kind != profiles.KindRanged {
		return nil, fmt.Errorf("%s is %s, not a weapon", w.ID, profiles.WithArticle(string(w.Kind)))
	}
	return w, nil
}

// fighter builds p with the weapon named (added to its card if not on it), or its
// first weapon of kind want.
func fighter(ds *profiles.DataSet, p *profiles.Profile, name string, want profiles.Kind) (*sim.Fighter, error) {
	if name != "" {
		w, err := pickWeapon(ds, name)
		if err != nil {
			return nil, err
		}
		return fighterWith(ds, p, w), nil
	}
	for _, it := range items(ds, p) {
		if it.Kind == want {
			return fighterWith(ds, p, it), nil
		}
	}
	return fighterWith(ds, p, nil), nil
}

// fighterWith builds p holding w (nil: bare hands). A two-handed weapon leaves no
// hand for the shield unless p is Exceptional (rulebook "Number of hands").
func fighterWith(ds *profiles.DataSet, p *profiles.Profile, w *profiles.Equipment) *sim.Fighter {
	f := sim.NewFighter(p, items(ds, p)).WithWeapon(w)
	if _, exc := p.Skill("exceptional"); w != nil && w.Hands == 2 && !exc {
		f.Shield, f.ShieldBoxes = nil, 0
	}
	return f
}

func weaponLabel(w *profiles.Equipment) string {
	if w == nil {
		return "bare hands"
	}
	return w.ID
}

func describe(p *profiles.Profile, f *sim.Fighter) string {
	s := fmt.Sprintf("%s, %s (%s, level %d, %d Kr)", p.ID, p.Name, p.Faction, p.Level, p.Cost)
	if f == nil {
		return s
	}
	s += ", weapon " + weaponLabel(f.Weapon)
	if w := f.Weapon; w != nil && w.Kind == profiles.KindRanged {
		var extra []string
		if r := w.Effects.Range; r != nil {
			if r.Max > 0 {
				extra = append(extra, fmt.Sprintf("range %g/%g/%g", r.Short, r.Long, r.Max))
			} else {
				extra = append(extra, fmt.Sprintf("range %g/%g", r.Short, r.Long))
			}
		}
		if b := w.BoughtAmmunition; b != nil {
			// profiles/ammunition.go: fielded with no list, its default purchase.
			shots := w.Effects.Ammunition
			if shots == 0 {
				shots = b.Shots
			}
			extra = append(extra, fmt.Sprintf("%d ammunition, one per shot: only bought, the cheapest purchase of simple ammunition (%d Kr) assumed; a list buying none cannot shoot", shots, b.Cost))
		} else if w.Effects.Ammunition > 0 {
			extra = append(extra, fmt.Sprintf("%d ammunition, one per shot", w.Effects.Ammunition))
		}
		if w.Effects.Rate > 0 {
			extra = append(extra, fmt.Sprintf("rate %d, reload %d AP", w.Effects.Rate, w.Effects.ReloadAP))
		}
		if len(extra) > 0 {
			s += " (" + strings.Join(extra, ", ") + ")"
		}
	}
	if f.Shield != nil {
		s += ", shield " + f.Shield.ID
	}
	if f.Armour != nil {
		s += fmt.Sprintf(", armour %d/%d/%d (%d boxes)", -f.Armour.Failure, f.Armour.Threshold, -f.Armour.Success, f.ArmourBoxes)
	}
	return s
}

// relativesBonus returns what p's defence_bonuses add to its defences when
// every Safar they name is in play (profiles/ownrules.go, skills.md section 3
// F): each amount, or its characteristic.
func relativesBonus(p *profiles.Profile) int {
	b := 0
	for _, db := range p.Own.DefenceBonuses {
		if db.UseStat {
			b += max(p.Stats.Get(db.Stat), 0)
		} else {
			b += db.Amount
		}
	}
	return b
}
