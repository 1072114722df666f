package sim

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/sim/field"
)

// engine plays activations (R14-R18) of Safars on a battlefield: the one engine
// behind duels (two Safars, sim/fight.go) and skirmishes (two Spearheads,
// sim/skirmish.go). The option tables (kinds, opts, threat) are read-only once
// built and shared by clones; the rest is per goroutine.
type engine struct {
	// countering: a card's free attack after a 3 AP defence or its Riposte
	// shot is being played (sim/cardcounter.go, sim/riposteshot.go); no
	// other is made from within it.
	countering bool
	// kinds are the distinct Safars of each side (a Fighter fielded twice on one
	// side is one kind); kindSide[k] is the side of kind k.
	kinds    []*Fighter
	kindSide []int
	// opts[a][d] are the attacks of kind a against kind d (nil for allies);
	// threat[d][a][k] is the expected net damage (dealt minus counter) kind a
	// inflicts on kind d in a whole activation when d holds k AP to defend.
	opts [][][]fightOption
	// bits[a][d]: which options of opts[a][d] are far, positional or have a
	// status chance, and whether any is far (sim/optbits.go).
	bits [][]optBits
	// first: what the first attack of a plan gains beyond its table figures
	// (sim/firstgain.go: the Ambush precision's bonus, a Bite that heals).
	first  firstGains
	threat [][][8]float64
	// threatPaid[d][a][k] is threat[d][a][k] with one AP less: the threat of
	// an enemy that pays a walk (1 AP) before its attacks (paidRelief, R10a).
	threatPaid [][][8]float64
	// dp keeps the planned states of the default policy's plans across
	// activations and battles (sim/dpcache.go); each clone has its own.
	dp dpCache
	// kv holds the keep values of Safar kvOf-1 while target weighs its
	// targets (keepValues); kvOf 0: none.
	kv   [8]float64
	kvOf int
	// prefer[a][d]: kind a would rather shoot at kind d (preferRange); info holds
	// what fights read of each kind's card at every step.
	prefer [][]bool
	info   []kindInfo
	// tables, when not nil, shares option tables with other engines (cachedOptions).
	tables   *Tables
	field    field.Field
	rounds   int
	variant  Variant
	policies [2]FightPolicy
	exPolicy exPolicies // exchangePolicy's answers, per side (tables_own.go)
	// duel makes traces speak of sides A and B and the gap between them, as the
	// duel always has.
	duel bool
	// dry: the last walk destination or walkToPoint returned goes the dry way
	// round deep water (engine.dryWay): it enters none, and wade leaves it a
	// walk (sim/walks.go).
	dry bool
	// start holds the starting positions; leader the index of each side's leader
	// (-1: none); sideSize the number of Safars each side fields.
	start    []field.Vec
	leader   [2]int
	sideSize [2]int
	labels   []string

	// deployed[s] is the layout when side s deploys first (sim/deploychoice.go);
	// nil in a duel. deployFirst, while not 0, is the side + 1 that activates
	// first whatever the levels (deployValue).
	deployed    [2][]field.Vec
	deployFirst int8

	// moraleAuras: some Safar's card has morale auras (sim/auras.go).
	moraleAuras bool
	// widerAuras: some Safar's card widens its allies' auras (sim/auras.go).
	widerAuras bool
	// cfCards: some Safar's card gives its Spearhead a CF reroll once per
	// game; cfUsed: a side used it this battle (sim/auragrants.go).
	cfCards bool
	cfUsed  [2]bool
	// apAuras: some Safar's card has AP auras (sim/apauras.go); lent: the
	// attack being played is lent its AP (an ambusher's, a last stand's),
	// neither taxed nor the first of an activation.
	apAuras, lent bool
	// apAurasOf[i]: the AP auras Safar i carries, its card's
	// (Profile.APAuras) and its list's banners' defence_ap
	// (sim/banner.go); set once per engine.
	apAurasOf [][]profiles.APAura
	// withLeader: some Safar's card activates with its leader (sim/apauras.go).
	withLeader bool
	// reactivating: an activation played again for a Safar that forwent its
	// own is being played (sim/apauras.go).
	reactivating bool
	// auras are the Safars allies' aura grants can reach (sim/auragrants.go);
	// nil when none.
	auras []auraSafar

	plans map[planKey]*plan
	// conds: what the start of the battle changed on each Safar's card
	// (sim/conditional.go), for the trace; nil when nothing.
	conds []string
	// shoutGain caches what a warning saves a shot's target (sim/generic.go).
	shoutGain map[shoutKey]float64
	// guards are the substitute defenders' rules (sim/guard.go), nil when
	// no card has one; guardMemo caches what a defence costs (guardLoss);
	// guardBonus is the defence bonus of the substitute of the next strike.
	guards     []guardLink
	guardMemo  map[guardKey]guardFig
	guardBonus int
	// banners are the list cards' standards over allies (sim/banner.go),
	// nil when no list has one.
	banners []bannerLink
	// returns are the list cards' returns from defeat (sim/cardreturn.go),
	// nil when no list has one.
	returns []cardReturn
	// stealAP and drainAP: the AP each Safar's list cards let it steal once
	// per turn and drain with its spells (sim/cardap.go), nil when none.
	stealAP, drainAP []int8
	// stoleIn[i]: the round in which Safar i last stole AP (0: not in
	// this battle).
	stoleIn []int
	// critDrain[i]: the AP Safar i's list cards take from its target
	// instead of the CH bonus in combat (sim/cardcrit.go), nil when none.
	critDrain []int8
	// wayCards[i]: Safar i's list cards add to its way bonus per ally not
	// yet activated in its aura (sim/cardway.go), nil when none.
	wayCards []bool
	// extraBy[i]: Safar i's list cards give it one extra action during
	// another Safar's activation, once per battle; extraLeft[i]: it has not
	// taken it in this battle (sim/cardextra.go). Both nil when none.
	extraBy, extraLeft []bool
	// cardEdge[s]: side s's list card chooses the table edge; firstCard[s]:
	// the rounds its card lets it start first, firstLeft[s] those left in
	// the battle (sim/cardturn.go).
	cardEdge             [2]bool
	firstCard, firstLeft [2]int8
	// oneFaction[i]: Safar i counts as of its list's one faction for
	// support (sim/cardfaction.go), nil when no list has the card.
	oneFaction []bool
	// skips are the list cards by which Safars may skip their actions for
	// an ally, skippedIn[i] the round Safar i last did (sim/cardskip.go);
	// nil when none.
	skips     []skipLink
	skippedIn []int
	// borrows and pushes are the list cards by which Safars use their
	// allies' mastery dice or push their damage onto an ally; rnd the dice
	// of the battle being played, for pushDamage (sim/cardmastery.go); nil
	// when none.
	borrows []borrowLink
	pushes  []pushLink
	rnd     *rand.PCG
	// beasts[i]: Safar i's beast card, its mistress (sim/cardbeast.go); nil
	// when no list has one. withMistress: some beast activates with its
	// mistress (engine.activateTurn).
	beasts       []beastLink
	withMistress bool
	c            []combatant
	others       []field.Base
	otherIdx     []int
	eng          []field.Base // scratch of engagedWith
	trace        io.Writer
	round        int
	// magic holds the casters' spells (sim/magic_fight.go); nil when none casts.
	magic *fightMagic
	// ambush holds each Safar's ambush zone, -1 none (sim/ambush.go); nil
	// when no Safar is in ambush.
	ambush []int8
	// swept holds, per side, the enemy's ambush zones its detections swept
	// (sim/detect.go).
	swept [2]uint16
	// obj holds the scenario's objectives (sim/objectives.go); nil: none.
	obj *objectives
	// objs holds the scenery objects' structure points (sim/objects.go); nil:
	// none on the table.
	objs *sceneryObjects
	// throw holds the movable objects to throw (sim/throw.go); nil: none.
	throw *throwState
	// heights: the table has scenery to climb and stand on; aloft: a Safar
	// has climbed on a top in this battle (sim/climb.go).
	heights, aloft bool
}

// kindInfo is what fights read of a kind's card, looked up once: 0.07 s of 2.5 s
// of a skirmish profile went to Profile.Skill before.
type kindInfo struct {
	natReach, reach, brutal, velocity float64
	leap                              float64 // Leap X (sim/deploy.go), 0 none
	endurance, thickSkin              bool
	terror                            int // the temerity threshold of the terror it provokes, 0: none
	moraleKind                            // fright, morale skills, Carnivorous, Sacrifice (sim/morale.go)
	// auraVelocity: its card gains V in its leader's aura (leaderAuraVelocity).
	auraVelocity bool
	// biteHeals: its Bite heals as much HP as it deals (sim/bite.go).
	biteHeals bool
	// generic is its card's rules on the generic actions
	// (sim/genericactions.go).
	generic genericKind
	// support is its card's support rule (sim/support.go): the bonus one
	// supporter adds (R8's 1 without a rule), whether it cancels the enemy's
	// support in its melee, whether it supports only its faction.
	support supportKind
}

func newKindInfo(f *Fighter) kindInfo {
	k := kindInfo{natReach: natReachOf(f), biteHeals: biteHeals(f)} // sim/reach.go, sim/bite.go
	k.reach = k.natReach
	if w := f.Melee; w != nil {
		k.reach = max(k.reach, w.Effects.Reach)
	}
	if w := f.Offhand; w != nil {
		k.reach = max(k.reach, w.Effects.Reach)
	}
	if sk, ok := f.Profile.Skill("brutal charge"); ok {
		k.brutal = float64(sk.Value)
	}
	v := f.Stats().V
	if a := f.Armour; a != nil {
		v -= a.VelocityMalusFor(f.Stats().C) // "-1 en V si C≤4": some wearers only
	}
	if a := f.Under; a != nil {
		v -= a.VelocityMalusFor(f.Stats().C) // the armour worn under it slows too
	}
	k.velocity = float64(max(v, 0))
	k.leap = skillValue(f, profiles.SkillLeap)
	_, k.endurance = f.Profile.Skill("endurance")
	_, k.thickSkin = f.Profile.Skill("thick skin")
	if sk, ok := f.Profile.Skill("terror"); ok {
		k.terror = sk.Value
		if k.terror <= 0 {
			k.terror = 10 + f.Profile.Level // "+ level of the terrifying miniature if the terror value is not specified"
		}
	}
	k.moraleKind = newMoraleKind(f)
	k.auraVelocity = f.Profile.InLeaderAura != nil && f.Profile.InLeaderAura.Velocity != 0
	k.support = newSupportKind(f.Profile) // sim/support.go
	k.generic = newGenericKind(f.Profile) // sim/genericactions.go
	return k
}

// combatant is a Safar during a fight.
type combatant struct {
	f    *Fighter
	side int
	kind int
	// stature and sureFooted are f's stature and Bulky, for its base (base):
	// read through f they were a cache miss each, and othersOf builds the bases
	// of every Safar many times an activation (issue #13, perf record of
	// BenchmarkSkirmish).
	stature    int
	sureFooted bool
	cost       int // Krowns
	hp, ap     int
	dice       int
	mastery    [8]Fields
	nMastery   int
	armour     int
	shield     int
	bleeding   int
	bleedBy    int // who made it bleed last (credited with bleeding damage), -1 none
	dazed      bool
	stunned    bool
	ground     bool
	pos        field.Vec
	radius     float64
	// elev is the height it stands at where it stood at elevAt (elevOK: set;
	// engine.elev, sim/climb.go).
	elev       float64
	elevAt     field.Vec
	elevOK     bool
	walks      int
	execUsed   bool
	specialUse bool
	// struck: it made an attack in this activation (an AP aura's free AP go
	// to the first, sim/apauras.go). freeBy: the Safar + 1 whose AP aura makes
	// its first AP-costing action of this activation free, 0 none or used.
	struck bool
	freeBy int
	// given: AP its AP aura gave allies in this activation; gift: AP an ally's
	// AP aura gave it before its activation, added to those it recovers then
	// (sim/apauras.go).
	given, gift int
	// drawn: allies' AP its AP aura let it use in this activation.
	drawn int
	// boostBy: the Safar + 1 that forwent its activation to activate it
	// again, its attacks boosted by that card (sim/apauras.go); 0 none.
	boostBy int
	// melee counts its melee attacks in this activation: only the first can have
	// the assault bonus (R8a).
	melee int
	// assaulted: it made an assault in this activation (Savage keeps the bonus).
	assaulted bool
	// harassed: its Harassment was used in this activation (once per activation).
	harassed bool
	// detected: its card's automatic Detecting once per activation was used
	// in this activation (sim/genericactions.go).
	detected bool
	// refused: the enemy (index+1, 0 none) whose assault engine.attack refused
	// since its last action played in this activation: the policy is asked
	// again and offers that assault no more (sim/route.go).
	refused int
	ranged  bool // the shooting weapon is in hand
	ammo    int  // shots left, -1 unlimited
	loaded  int  // shots before a reload, -1 no rate
	// duelUsed, masterUsed: its Duellist or Master X reroll was used this turn
	// (each once per turn).
	duelUsed, masterUsed bool
	// armourRerollUsed: its card's armour reroll was used this turn
	// (skills.md section 3 G, sim/wards.go).
	armourRerollUsed bool
	// auraVUsed: it took the free V effect of an ally's aura after a failed
	// defence this turn (sim/auragrants.go, engine.auraFreeV).
	auraVUsed bool
	// boostUsed: it added the +1D10 of an ally's aura to a defence this
	// turn (sim/auragrants.go, engine.boostLeft).
	boostUsed bool
	// berserk: the Berserk state is on (its condition, bleeding, came true);
	// berserkOver: a daze or a stun ended it for the rest of the fight.
	berserk, berserkOver bool
	// activated reports that it has had an activation; idle that it attacked in none
	// of its last one (the default policy stops keeping AP against an idle opponent).
	activated, idle bool
	// acted: it has been activated this round (R15).
	acted bool
	// idleRun counts its last activations in a row without an attack;
	// waitRun those of them it began within its reach of an enemy (a duel's
	// stalemate: walking in is no wait).
	idleRun, waitRun int
	// leaps: the free leaps into its mistress's melee its beast card has
	// left in this battle (sim/cardbeast.go).
	leaps int8
	// target is the enemy the policy chose in this activation, -1 when it must
	// choose again (at the start, after a walk, when the target left play).
	target int
	// Morale (seed 000 "Temerity test", lines 1274-1306): failures so far,
	// whether a test was passed (no more tests), demoralised (removed).
	fails       int
	passed      bool
	demoralised bool
	// Terror (same lines): a terror test passed (no more), or one failed on
	// entering a terrifying enemy's zone of control, to take again at the start
	// of the next activation against pendingTerror.
	terrorPassed, terrorPending bool
	pendingTerror               int
	// lostMastery counts the mastery dice spent for good by Rallying.
	lostMastery int
	warlordUsed bool
	// morale: fright tests, Sacrifice, its carcass (sim/morale.go).
	morale moraleState
	// hidden: in ambush, off the table (sim/ambush.go); ambushFirst: revealed,
	// its first attack still to come, with its card's precision bonus.
	hidden, ambushFirst bool
	// behind: hiding behind terrain piece behind-1, 0 not (sim/hide.go).
	behind int8
	// alert: on the alert (generic action): a free characteristic on its next
	// defence, lost at its next voluntary action (seed 000 lines 1204-1208).
	alert bool
	// warnedMask: the allies it warned this turn (Shouting a warning: once per
	// target and per turn), by index.
	warnedMask uint64
	// statistics
	dealt, spent, attacks, kills int
	// spells: cadences and counts of its casts (sim/magic_fight.go); fx: the
	// lasting spell effects on it (sim/magic_effects.go).
	spells spellState
	fx     spellEffects
	// vTo is the enemy (index+1, 0 none) a melee fighter's V move of its next
	// attack goes to, set by the default policy (R10a).
	vTo int
	// moves counts its successful 2-3 AP attacks (not special ones), moved those
	// of them with a V or C effect (R10a).
	moves, moved int
	// helmet and under: boxes left of its helmet (sim/helmet.go) and of the
	// armour worn under the other (sim/armour_slots.go); doses, poisoned,
	// poisonBy, poison: poison doses left, poisoned and by whom, the malus
	// (sim/poison.go).
	helmet, under, doses int
	poisoned             bool
	poisonBy             int
	poison               int8
	// items: flasks drunk, antidotes and defence doses left (sim/items.go).
	items itemState
	// fire: fire, frostbite and special shots (sim/fire.go).
	fire fireState
	// loot: looted, supplies kept, shots spent on it (sim/loot.go).
	loot lootState
	// bear: the ally it carries, who carries it (sim/carry.go).
	bear carryState
	// cardCover: the cover bonus against shots its list's cards give it
	// (sim/cardcover.go), 0 none; set once per battle.
	cardCover int8
	// doubleOnPoisoned: its list's card doubles its damage against a
	// poisoned enemy (sim/carddouble.go); set once per battle.
	doubleOnPoisoned bool
	// heroicOnBled: its list's card gives it Heroic attack against an enemy
	// bleeding from its attack (sim/cardheroic.go); set once per battle.
	heroicOnBled bool
	// turnRoll: its card's activation_d10 rolled at its last activation
	// start (sim/turnroll.go): -1 its dice -2, +1 its characteristics +2,
	// 0 neither (or no such card).
	turnRoll int8
	// pairedUsed: its card's two free 2 AP attacks of the game have begun;
	// pairedLeft: how many of them are left in this activation
	// (sim/pairedattacks.go).
	pairedUsed bool
	pairedLeft int8
	// autoDefUsed: its card's free automatic defence was used this turn
	// (sim/autodefence.go).
	autoDefUsed bool
}

// inPlay reports whether the Safar is still on the battlefield: not defeated
// (R16) and not demoralised.
// A Safar in ambush (sim/ambush.go) is alive but not in play: off the table,
// nobody sees, targets or meets it until it comes out.
func (c *combatant) inPlay() bool { return c.alive() && !c.hidden }

// alive reports whether the Safar is still in the game: not defeated nor
// demoralised, on the table or in ambush. A Spearhead with one alive is not
// wiped out (R16).
func (c *combatant) alive() bool { return c.hp > 0 && !c.demoralised }

// ready reports whether it may be activated in this round (R15): alive, not
// activated yet (one in ambush comes out on its activation).
func (c *combatant) ready() bool { return c.alive() && !c.acted }

// fit reports whether it is fit for battle (seed 000 line 1376: not stunned,
// demoralised, frightened, defeated): only fit Safars support (R8).
func (c *combatant) fit() bool { return c.inPlay() && !c.stunned }

func (c *combatant) base() field.Base {
	return field.Base{Pos: c.pos, Radius: c.radius, Stature: c.stature, SureFooted: c.sureFooted}
}

type planKey struct {
	att, def               int8 // kinds
	apLeft                 int8 // attacker's AP after this attack, for the defender's reserve
	attDazed               bool // the attacker is dazed: a counter's daze is worth nothing (sim/countervalue.go)
	attRanged              bool // the attacker's shooting weapon is in hand: its shots count in the defender's reserve (engine.plan)
	opt                    int16
	band                   int8
	assault                bool
	bleeding               bool
	dazed                  bool
	stunned                bool
	execUsed, harassed     bool
	attBerserk, defBerserk bool
	alert                  bool // the defender is on the alert
	warned                 bool // an ally shouted a warning: a free 2-characteristic defence
	// attCF, defCF: the attacker's or the defender's Spearhead holds its CF
	// reroll of the game (sim/auragrants.go).
	attCF, defCF bool
	// R8 support: the support bonus of the attack or the defence (+1 per
	// supporter, a card's own bonus, sim/support.go), the
	// attTax and defFloor: an enemy's AP aura makes the attacker's attacks
	// dearer, an ally's gives the defender AP to defend with (sim/apauras.go);
	// read only by the defender's reserve (engine.plan).
	attTax, defFloor int8
	// boostAtt, boostDmg: the attack and damage bonus of an activation an
	// ally forwent its own for (sim/apauras.go).
	boostAtt, boostDmg int8
	// R8 support: supporters counted for the attack or the defence, the
	// supporters' statures of each side (repel, R10), cover against a shot and the
	// leader's aura on the defender's temerity.
	support, defSupport    int8
	supStature, defStature int8
	// supported, defSupported: each side has a supporter (R10: only a lone
	// smaller winner repels with CC); attSlippery, defSlippery: on slippery
	// ground, where Stable has no effect (R-FR).
	supported, defSupported  bool
	attSlippery, defSlippery bool
	cover                    int8
	temerity                 int8
	// attMod, defMod: the spell modifiers on each (sim/magic_effects.go).
	attMod, defMod statMod
	// attBare, defBare: the attacker's or the defender's helmet has used up
	// its boxes (sim/helmet.go); attUnder, defUnder: so has its second
	// armour (sim/armour_slots.go).
	attBare, defBare   bool
	attUnder, defUnder bool
	// ambushFirst: the attacker's first attack after its ambush reveal, with
	// its card's threshold and damage bonus (sim/ambush.go).
	ambushFirst bool
	// height: a shot from more than 2 toises above its target (+1) or below
	// it (-1), 0 otherwise (sim/climb.go).
	height int8
	// guard: the defence bonus of a Safar defending in place of an ally by
	// its card's rule (Exchange.GuardBonus, sim/guard.go).
	guard int8
	// defHurt: the defender has lost HP, read only by an attacker whose Bite
	// is doubled against an unhurt target (sim/ownrules.go).
	defHurt bool
	// double: the attacker's card doubles its damage against the defender,
	// poisoned (Exchange.DoubleDamage, sim/carddouble.go).
	double bool
	// heroic: the attacker's card gives it Heroic attack against the
	// defender, bleeding from its attack (Exchange.HeroicAttack,
	// sim/cardheroic.go).
	heroic bool
	// defShot: the defender's card makes its Riposte's A effect a free shot
	// and its shooting weapon is loaded (Exchange.DefenderShotReady,
	// sim/riposteshot.go).
	defShot bool
	// critDrain: the attacker's card takes AP instead of the CH bonus of
	// its combat attacks (Exchange.CritDrain, sim/cardcrit.go).
	critDrain bool
	// piercing: a shot of armour-piercing ammunition (Exchange.PiercingShot,
	// sim/piercing.go).
	piercing bool
}

// newEngine lists the kinds of the fighters (fighters[i] is on side sides[i])
// and computes, with the exact engine, every attack of each kind against each
// enemy kind with its expected figures by defender AP.
func newEngine(fighters []*Fighter, sides []int, variant Variant, policies [2]FightPolicy, tables *Tables) (*engine, error) {
	if len(fighters) == 0 {
		return nil, errors.New("sim: no Safar to play")
	}
	e := &engine{variant: variant, plans: map[planKey]*plan{}, leader: [2]int{-1, -1}, tables: tables}
	for _, f := range fighters {
		e.moraleAuras = e.moraleAuras || len(f.Profile.MoraleAuras) > 0
		e.widerAuras = e.widerAuras || len(f.Profile.WiderAuras) > 0
		e.cfCards = e.cfCards || f.Profile.CFRerollOncePerGame
		e.apAuras = e.apAuras || len(f.Profile.APAuras) > 0
		e.apAurasOf = append(e.apAurasOf, f.Profile.APAuras)
		e.withLeader = e.withLeader || f.Profile.WithLeader
	}
	for s := range 2 {
		e.policies[s] = policies[s]
		if e.policies[s] == nil {
			e.policies[s] = DefaultFightPolicy
		}
	}
	e.exPolicy.set(e.policies) // tables_own.go
	e.c = make([]combatant, len(fighters))
	e.start = make([]field.Vec, len(fighters))
	e.labels = make([]string, len(fighters))
	e.others = make([]field.Base, 0, len(fighters))
	e.otherIdx = make([]int, 0, len(fighters))
	e.eng = make([]field.Base, 0, len(fighters))
	type kindKey struct {
		f    *Fighter
		side int
	}
	seen := map[kindKey]int{}
	for i, f := range fighters {
		if f == nil {
			return nil, errors.New("sim: nil fighter")
		}
		s := sides[i]
		k, ok := seen[kindKey{f, s}]
		if !ok {
			k = len(e.kinds)
			seen[kindKey{f, s}] = k
			e.kinds = append(e.kinds, f)
			e.kindSide = append(e.kindSide, s)
		}
		e.c[i] = combatant{f: f, side: s, kind: k, stature: f.Profile.Stature, sureFooted: f.Skills.Bulky}
		e.sideSize[s]++
	}
	if err := e.initAuras(); err != nil { // sim/auragrants.go: the buffed kinds
		return nil, err
	}
	n := len(e.kinds)
	var own *Tables // without run-wide tables, the kinds of equal cards share theirs (kindOptions)
	if tables == nil {
		own = &Tables{}
	}
	e.opts = make([][][]fightOption, n)
	e.threat = make([][][8]float64, n)
	e.threatPaid = make([][][8]float64, n)
	for a := range n {
		e.opts[a] = make([][]fightOption, n)
		e.threat[a] = make([][8]float64, n)
		e.threatPaid[a] = make([][8]float64, n)
	}
	for a := range n {
		_, berserk := e.kinds[a].Profile.Skill("berserk")
		for d := range n {
			// A berserk Safar may attack an ally (sim/generic.go berserkTarget).
			if e.kindSide[a] == e.kindSide[d] && !berserk {
				continue
			}
			opts, err := e.kindOptions(own, a, d) // sim/tables_own.go
			if err != nil {
				return nil, err
			}
			e.opts[a][d] = opts
		}
	}
	e.bits = optBitsOf(e.opts)                 // sim/optbits.go
	if err := e.initFirstGains(); err != nil { // sim/firstgain.go
		return nil, err
	}
	e.info = make([]kindInfo, n)
	e.prefer = make([][]bool, n)
	for a := range n {
		e.info[a] = newKindInfo(e.kinds[a])
		e.prefer[a] = make([]bool, n)
		for d := range n {
			if e.kindSide[a] != e.kindSide[d] {
				e.prefer[a][d] = preferRangeKinds(e, a, d)
			}
		}
	}
	for d := range n {
		for a := range n {
			if e.kindSide[a] == e.kindSide[d] {
				continue
			}
			full := min(e.kinds[a].Profile.AP, 7)
			ranged := e.kinds[a].Ranged != nil
			always := func(opt *fightOption) (int, int, bool) {
				if opt.shot {
					return opt.ap(), bandEffective, ranged
				}
				return opt.ap(), bandEffective, true
			}
			for k := range 8 {
				// The attacker attacks only while it gains by it: ending is worth 0.
				e.threat[d][a][k], _ = planDP(e.opts[a][d], full, k, always, zero, 0, 0)
				e.threatPaid[d][a][k], _ = planDP(e.opts[a][d], max(full-1, 0), k, always, zero, 0, 0)
			}
		}
	}
	if err := e.initMagic(); err != nil {
		return nil, err
	}
	return e, nil
}

// cachedOptions returns e.options(a, d), from e.tables when the engine has them:
// each table costs tens of milliseconds of exact computations
// (BenchmarkDuelSetup), and equal-budget battles (sim/budget.go) or a whole report
// (Tables) ask for the same ones many times.
func (e *engine) cachedOptions(a, d int) ([]fightOption, error) {
	if e.tables == nil {
		return e.options(a, d)
	}
	return e.tables.options(e, a, d)
}

// clone returns an engine for another goroutine sharing the read-only tables.
func (e *engine) clone() *engine {
	q := *e
	q.plans = map[planKey]*plan{}
	q.dp = dpCache{}
	q.shoutGain = nil
	q.guardMemo = nil
	// The list cards' states of a battle: its own (sim/cardreturn.go,
	// sim/cardap.go, sim/cardskip.go, sim/cardextra.go).
	q.returns = slices.Clone(e.returns)
	q.stoleIn = slices.Clone(e.stoleIn)
	q.skippedIn = slices.Clone(e.skippedIn)
	q.extraLeft = slices.Clone(e.extraLeft)
	q.c = append([]combatant(nil), e.c...)
	q.others = make([]field.Base, 0, len(e.c))
	q.otherIdx = make([]int, 0, len(e.c))
	q.eng = make([]field.Base, 0, len(e.c))
	q.trace = nil
	q.magic = e.magic.clone()
	q.obj = e.obj.clone()
	e.objs.cloneFor(&q) // its own pieces (sim/objects.go)
	// Its own movable objects (sim/throw.go).
	e.throw.cloneFor(&q)
	return &q
}

// zero values ending an activation at 0: an opponent attacks only while it gains.
func zero(int) float64 { return 0 }

// exchange returns the exchange of kind att attacking kind def with weapon w.
func (e *engine) exchange(att, def int, w *profiles.Equipment, a Attack) Exchange {
	af := chunkFighter(e.kinds[att], w) // WithWeapon, in a chunk (planchunks.go)
	df := chunkFighter(e.kinds[def], e.kinds[def].Melee)
	// A Bite doubled against an unhurt target (sim/ownrules.go) is valued
	// undoubled by the option tables, so the policies choose as without the
	// card's rule; engine.plan plays it doubled against an unhurt target.
	// A card's free automatic defence (sim/autodefence.go), once per turn,
	// is valued as used: the enemies would not attack it at all if every
	// attack met it; the exchange plays it (engine.strike's state).
	return Exchange{Attacker: af, Defender: df, Attack: a, Variant: e.variant, Policy: e.exchangePolicy(att),
		DefenderHurt: af.Profile.Own.BiteDoubleUnhurt, DefenderAutoUsed: true}
}

// reset puts every Safar at full strength at its starting place.
func (e *engine) reset() {
	e.resetAuras() // sim/auragrants.go
	e.cfUsed = [2]bool{}
	e.resetReturns()             // sim/cardreturn.go
	clear(e.stoleIn)             // sim/cardap.go
	clear(e.skippedIn)           // sim/cardskip.go
	copy(e.extraLeft, e.extraBy) // sim/cardextra.go
	e.firstLeft = e.firstCard    // sim/cardturn.go
	e.initHeights()              // sim/climb.go
	for i := range e.c {
		f := e.c[i].f
		c := &e.c[i]
		// A Safar "recovers all its AP and mastery dice at the beginning of its
		// activation even during the first turn" (seed 000 line 566, seed 004 line
		// 485): before its first activation it has none, and defends by reflex.
		*c = combatant{f: f, side: c.side, kind: c.kind, stature: c.stature, sureFooted: c.sureFooted, cost: c.cost, cardCover: c.cardCover, doubleOnPoisoned: c.doubleOnPoisoned, heroicOnBled: c.heroicOnBled, hp: f.Profile.HP, dice: max(f.Profile.Level, 1),
			armour: f.ArmourBoxes, shield: f.ShieldBoxes, helmet: f.HelmetBoxes, under: f.UnderBoxes, doses: f.PoisonDoses, items: newItemState(f), poisonBy: -1, radius: field.BaseRadius(f.Profile.Stature),
			ammo: -1, loaded: -1, bleedBy: -1, pos: e.start[i]}
		c.fire = newFireState(f) // sim/fire.go
		if w := f.Ranged; w != nil {
			if w.Effects.Ammunition > 0 {
				c.ammo = w.Effects.Ammunition
			} else if b := w.BoughtAmmunition; b != nil {
				c.ammo = b.Shots // only bought: its default purchase (profiles/ammunition.go)
			}
			if w.Effects.Rate > 0 {
				c.loaded = w.Effects.Rate
			}
		}
	}
	e.resetBeasts()     // sim/cardbeast.go: after the Safars' states
	e.auraArmourBoxes() // an aura's armour (sim/auragrants.go)
	e.hideAmbushers()   // sim/ambush.go
	// A Safar that starts unengaged starts with its shooting weapon in hand.
	for i := range e.c {
		e.c[i].ranged = e.c[i].f.Ranged != nil && !e.engagedAny(i)
	}
}

// play plays one fight with dice from r and returns the winning side (Draw at the
// round limit or when both sides fall together) and the rounds played.
func (e *engine) play(r *rand.PCG) (int, int) { return e.playFrom(r, e.initiative(r)) }

// initiative returns the side with the initiative, with dice from r for a tie.
func (e *engine) initiative(r *rand.PCG) int {
	// R15: the side with the higher sum of levels chooses who starts; it starts.
	// A tie is decided at random. It deploys first (sim/deploychoice.go), on
	// the table edge it chooses (sim/edge.go).
	var levels [2]int
	for i := range e.c {
		if !e.inAmbush(i) { // Ambush: not counted until revealed
			levels[e.c[i].side] += e.c[i].f.Profile.Level
		}
	}
	first := SideA
	switch {
	case levels[1] > levels[0]:
		first = SideB
	case levels[0] == levels[1] && dice.D10(r) > 5:
		first = SideB
	}
	return first
}

// playFrom plays one fight with dice from r, side first deploying first and
// starting (but see deployFor), and returns what play does.
func (e *engine) playFrom(r *rand.PCG, first int) (int, int) {
	first = e.deployFor(first)
	e.rndFor(r) // sim/cardmastery.go
	e.reset()
	e.obj.reset()
	e.objs.reset(e) // scenery objects whole again (sim/objects.go)
	e.throw.reset() // movable objects back in place (sim/throw.go)
	if e.trace != nil {
		e.traceStart(first)
	}
	last := 1 - first
	for e.round = 1; e.round <= e.rounds; e.round++ {
		for i := range e.c { // Duellist and Master X: once per turn
			e.c[i].duelUsed, e.c[i].masterUsed, e.c[i].acted = false, false, false
			e.c[i].armourRerollUsed, e.c[i].auraVUsed, e.c[i].boostUsed = false, false, false // sim/wards.go, sim/auragrants.go
			e.c[i].autoDefUsed = false                                                        // sim/autodefence.go
			e.c[i].warnedMask = 0
			e.c[i].morale.sacrificeUsed, e.c[i].morale.authorityUsed = false, 0 // Sacrifice X, Authority X: per turn
			e.c[i].morale.riderUsed = false                                     // a mount's Sacrifice towards its rider (sim/mount.go)
			e.c[i].morale.bold = false                                          // until the start of the next turn (sim/critthresh.go)
		}
		e.ambushRound() // sim/ambush.go
		if e.trace != nil {
			e.tracef("Round %d\n", e.round)
		}
		if e.round > 1 {
			// R15: after the first turn the side with fewer Safars in play starts;
			// with as many, the alternation goes on (seed 000 line 560).
			n := [2]int{e.visible(0), e.visible(1)} // Safars in ambush not counted
			switch {
			case n[0] < n[1]:
				first = SideA
			case n[1] < n[0]:
				first = SideB
			default:
				first = 1 - last
			}
			first = e.cardFirst(first) // a card's round started first (sim/cardturn.go)
		}
		s := first
		for {
			i := -1
			if e.waiting(s) {
				i = e.policies[s].pick(e, s, r)
			} else if e.waiting(1 - s) {
				// A side with Safars left activates them all (R15).
				s = 1 - s
				i = e.policies[s].pick(e, s, r)
			}
			if i < 0 {
				break
			}
			e.activateTurn(r, i) // and the Safars that activate with their leader (sim/apauras.go)
			if e.extraBy != nil {
				e.extraActions(r, i) // a card's extra action at the end of it (sim/cardextra.go)
			}
			last = s
			s = 1 - s
		}
		e.scoreRound() // scenario objectives: markers held (sim/objectives.go)
		// R16a: a wiped-out Spearhead ends the game at the end of the current
		// round, not at once (seed 000 line 460): the other side's Safars still
		// activate (bleeding, temerity tests) until the round is over.
		if w, over := e.over(); over {
			return e.objectiveWinner(w), e.round
		}
	}
	return e.objectiveWinner(Draw), e.rounds
}

// inPlay counts the Safars of side s still in play.
func (e *engine) inPlay(s int) int {
	n := 0
	for i := range e.c {
		if e.c[i].side == s && e.c[i].alive() {
			n++
		}
	}
	return n
}

// waiting reports whether side s has a Safar in play not yet activated this round.
func (e *engine) waiting(s int) bool {
	for i := range e.c {
		if c := &e.c[i]; c.side == s && c.ready() {
			return true
		}
	}
	return false
}

// over reports whether the fight has ended (R16: a side has no Safar left fit to
// fight) and who won.
func (e *engine) over() (int, bool) {
	a, b := e.inPlay(0) == 0, e.inPlay(1) == 0
	switch {
	case a && b:
		return Draw, true
	case a:
		return SideB, true
	case b:
		return SideA, true
	}
	return 0, false
}

func sideName(s int) string {
	switch s {
	case SideA:
		return "A"
	case SideB:
		return "B"
	}
	return "draw"
}

// SetTrace-style helpers.
func (e *engine) tracef(format string, args ...any) {
	if e.trace != nil {
		fmt.Fprintf(e.trace, format, args...)
	}
}

// name returns the trace label of Safar i.
func (e *engine) name(i int) string { return e.labels[i] }

// where describes the position of Safar i for a trace: the gap to its opponent j
// in a duel, its place on the table and the gap to j in a skirmish.
func (e *engine) where(i, j int) string {
	if e.duel {
		return fmt.Sprintf("gap %.1f", e.gap(i, j))
	}
	if e.c[i].hidden {
		return "in ambush"
	}
	if j < 0 {
		return fmt.Sprintf("at (%.1f, %.1f)", e.c[i].pos.X, e.c[i].pos.Y)
	}
	return fmt.Sprintf("at (%.1f, %.1f), %.1f from %s", e.c[i].pos.X, e.c[i].pos.Y, max(e.gap(i, j), 0), e.name(j))
}

func (e *engine) traceStart(first int) {
	if e.duel {
		e.tracef("Duel: %s (A) against %s (B), %.1f toises apart; %s starts.\n", e.c[0].f, e.c[1].f, e.gap(0, 1), sideName(first))
		return
	}
	e.tracef("Skirmish on a %.0f x %.0f toise table, %d rounds; side %s starts.\n", e.field.Width, e.field.Height, e.rounds, sideName(first))
	for i := range e.c {
		lead := ""
		if e.leader[e.c[i].side] == i {
			lead = ", leader"
		}
		e.tracef("  %s: %s, %d HP%s, %s\n", e.name(i), e.c[i].f, e.c[i].hp, lead, e.where(i, -1))
		if i < len(e.conds) && e.conds[i] != "" {
			e.tracef("    %s's card at the start: %s\n", e.name(i), e.conds[i]) // sim/conditional.go
		}
	}
}

// enemyOf returns an enemy of Safar i in play: the nearest, -1 when none.
func (e *engine) nearestEnemy(i int) int {
	best, bd := -1, math.Inf(1)
	for j := range e.c {
		if e.c[j].side == e.c[i].side || !e.c[j].inPlay() {
			continue
		}
		if g := e.gap(i, j); g < bd {
			best, bd = j, g
		}
	}
	return best
}

// gap returns the distance between the bases of i and j, edge to edge.
func (e *engine) gap(i, j int) float64 {
	// math.Sqrt, not Vec.Dist's math.Hypot: positions are small, and Hypot took
	// 12% of a skirmish's time.
	dx, dy := e.c[i].pos.X-e.c[j].pos.X, e.c[i].pos.Y-e.c[j].pos.Y
	g := math.Sqrt(dx*dx+dy*dy) - e.c[i].radius - e.c[j].radius
	if e.aloft {
		return e.liftGap(i, j, g) // heights apart (sim/climb.go)
	}
	return g
}

// naturalReach returns the zone of control of Safar i: ZOC, or its natural Reach X.
func (e *engine) naturalReach(i int) float64 { return e.info[e.c[i].kind].natReach }

// reach returns how far Safar i can attack in melee: its zone of control, its
// weapon's reach, or its natural Reach X.
func (e *engine) reach(i int) float64 { return e.info[e.c[i].kind].reach }

// reachOf returns how far option opt of Safar i reaches.
func (e *engine) reachOf(i int, opt *fightOption) float64 {
	r := e.naturalReach(i)
	if opt.weapon != nil {
		r = max(r, opt.weapon.Effects.Reach)
	}
	return r
}

// engaged reports whether Safar i is engaged with Safar j: one is inside the
// other's zone of control (natural Reach X extends it; a weapon's reach does
// not), a stunned Safar having none (sim/stunzone.go). Between two Safars that
// both exert a zone it is symmetric; with j stunned i is not engaged with it,
// with i stunned it is when it lies in j's zone.
func (e *engine) engaged(i, j int) bool {
	if !e.exertsZone(j) {
		return false
	}
	g := e.gap(i, j)
	if !e.exertsZone(i) {
		return g <= e.naturalReach(j)+1e-9
	}
	return g <= max(e.naturalReach(i), e.naturalReach(j))+1e-9 // the same as either: x+1e-9 rounds monotonically
}

// engagedAny reports whether i is engaged with an enemy in play.
func (e *engine) engagedAny(i int) bool {
	for j := range e.c {
		if e.c[j].side != e.c[i].side && e.c[j].inPlay() && e.engaged(i, j) {
			return true
		}
	}
	return false
}

// band returns the range band of a shot of Safar i at j with weapon w, and
// whether the shot can be made: in range and in line of sight.
func (e *engine) band(i, j int, w *profiles.Equipment) (int, bool) {
	if e.hiddenFrom(j, i) { // sim/hide.go
		return 0, false
	}
	r := w.Effects.Range
	g := e.gap(i, j)
	b := bandEffective
	switch {
	case r == nil:
		if g > 1 {
			return 0, false
		}
	case r.Max > 0 && g > r.Max:
		return 0, false
	case g < r.Short:
		b = bandShort
	case g > r.Long:
		b = bandLong
	}
	if !e.field.LineOfSight(e.c[i].base(), e.c[j].base(), e.othersOf(i, j)) {
		return 0, false
	}
	return b, true
}

// othersOf fills e.others with the bases of the Safars in play other than i and j
// (j < 0: only i left out), e.otherIdx with their indices.
func (e *engine) othersOf(i, j int) []field.Base {
	e.others, e.otherIdx = e.others[:0], e.otherIdx[:0]
	for k := range e.c {
		if k == i || k == j || !e.c[k].inPlay() {
			continue
		}
		e.others = append(e.others, e.c[k].base())
		e.otherIdx = append(e.otherIdx, k)
	}
	return e.others
}

// activate plays one activation of Safar i (R14).
func (e *engine) activate(r *rand.PCG, i int) {
	c := &e.c[i]
	c.acted = true
	defer e.effectsAtEnd(i) // spells lasting until the end of its activation
	defer e.thaw(i)         // frostbite lasts this activation (sim/fire.go)
	if !c.alive() {
		return
	}
	if c.hidden { // Ambush: it comes out where it waits (sim/ambush.go)
		p, ok := e.revealSpot(i)
		if !ok {
			return
		}
		e.reveal(i, p)
	}
	// R14: bleeding first (X HP per effect); Thick skin: each effect once.
	if c.bleeding > 0 {
		n := e.hurtFrom(i, c.bleedBy, c.bleeding) // a card's any_source reduction (sim/wards.go)
		if e.trace != nil {
			e.tracef("  %s bleeds %d HP (%d left)\n", e.name(i), n, max(c.hp, 0))
		}
		if e.info[c.kind].thickSkin {
			c.bleeding = 0
		}
		if c.hp <= 0 {
			return
		}
	}
	if !e.throwBleedTick(i) { // a thrown bottle's or stone's, one turn (sim/throw.go)
		return
	}
	if !e.poisonTick(i) { // R14: poison next (sim/poison.go)
		return
	}
	if !e.fireTick(i) { // R14: then fire; frostbite (sim/fire.go)
		return
	}
	// R17: dazed ends at the start of its next activation; stunned too, leaving it
	// on the ground.
	c.dazed = false
	if c.stunned {
		c.stunned = false
		c.ground = true
	}
	// R14, R4: AP and mastery dice come back, after the temerity tests.
	c.ap = c.f.Profile.AP + c.gift // an ally's AP aura's gift (sim/apauras.go)
	c.gift = 0
	e.effectsAtStart(i) // spells: ends, AP loss (sim/magic_effects.go)
	e.turnRollAt(r, i)  // its card's d10 at each activation start (sim/turnroll.go)
	if !e.morale(r, i) || !e.terrorTest(r, i) || !e.frightRetests(r, i) || !e.fireTest(r, i) {
		return
	}
	c.dice = max(c.f.Profile.Level, 1)
	c.nMastery = 0
	for k, m := range c.f.Mastery {
		if k < len(c.mastery) {
			c.mastery[k] = m
			c.nMastery++
		}
	}
	spendMastery(c, FieldOffensive|FieldDefensive|FieldShooting|FieldObjective|FieldEsoteric, c.lostMastery) // spent for good by Rallying
	c.walks, c.execUsed, c.specialUse, c.melee, c.harassed, c.assaulted, c.refused, c.struck, c.given, c.drawn = 0, false, false, 0, false, false, 0, false, 0, 0
	c.detected = false
	c.pairedLeft = 0 // sim/pairedattacks.go: the free attacks not made in their activation are lost
	c.target = -1
	e.startFree(i) // sim/apauras.go: a free first action
	e.warlord(i)
	if !e.swim(i) { // sim/water.go
		return
	}
	if e.trace != nil {
		if e.duel {
			e.tracef("  %s activates: %d AP, %d HP, gap %.1f toises\n", e.name(i), c.ap, c.hp, e.gap(0, 1))
		} else {
			e.tracef("  %s activates: %d AP, %d HP, %s\n", e.name(i), c.ap, c.hp, e.where(i, -1))
		}
	}
	e.stealAtStart(r, i)                                            // a card's stolen AP (sim/cardap.go)
	forgone := e.c[i].f.Profile.Reactivates != nil && e.forgo(r, i) // sim/apauras.go
	if !forgone && e.skips != nil {
		forgone = e.skipForAlly(i) // sim/cardskip.go
	}
	e.sacrifice(i)
	e.riderSacrifice(i) // sim/mount.go
	pol := e.policies[c.side]
	before := c.attacks
	inReach := e.duel && e.enemyInReach(i)
	e.getDown(i) // carried, it gets down (sim/carry.go)
	if !forgone && e.beasts != nil {
		e.beastLeap(r, i) // a card's free leap into its mistress's melee (sim/cardbeast.go)
	}
	for step := 0; !forgone && step < 24 && c.hp > 0 && e.inPlay(1-c.side) > 0; step++ {
		var act action
		if e.auras != nil {
			e.refreshAuras() // sim/auragrants.go: the grants that hold where each stands
		}
		if c.berserk {
			// Berserk: the card decides, not the side's policy (sim/generic.go).
			if act = e.berserkAct(i, r); act.kind == actEnd && e.alertWorth(i, false) {
				act = action{kind: actAlert}
			}
		} else if a, ok := e.seekCarcass(i); ok {
			act = a // a card that must go and devour a carcass (sim/genericactions.go)
		} else {
			act = pol.act(e, i, r)
		}
		spent, from := c.spent, c.pos
		ok := e.do(r, i, act)
		if e.returns != nil {
			e.playReturns(r) // sim/cardreturn.go: a card's Safar defeated in the action comes back
		}
		if c.freeBy > 0 && c.spent > spent {
			e.freeAction(i, spent) // sim/apauras.go
		}
		if !ok {
			if e.refusedAssault(i, act, spent, from) {
				continue // asked again: a refused assault does not end the activation (sim/route.go)
			}
			break
		}
		e.carryAlong(i, from) // the ally it carries (sim/carry.go)
		c.refused = 0
		if act.kind != actAttack {
			c.target = -1 // it moved: choose again from where it stands
		}
	}
	if e.returns != nil {
		e.playReturns(r) // sim/cardreturn.go
	}
	if e.auras != nil {
		e.refreshAuras() // where its last action left everyone, for the next pick
	}
	c.activated, c.idle = true, c.attacks == before
	if c.idle {
		c.idleRun++
	} else {
		c.idleRun = 0
	}
	if c.idle && inReach {
		c.waitRun++
	} else {
		c.waitRun = 0
	}
}

// morale plays the temerity test of a Safar left alone of its side (seed 000
// "Temerity test", lines 1274-1306: T + 1D10 >= 10, a natural 1 failing as in
// sim's other temerity tests (R3, R18); +1 in its leader's aura). A first failure
// halves its AP, a second leaves it none and ends the activation, a third
// demoralises it: it leaves the battlefield. A pass ends the tests. It reports
// whether the activation goes on.
func (e *engine) morale(r *rand.PCG, i int) bool {
	c := &e.c[i]
	if c.passed || e.info[c.kind].noTemerity || e.sideSize[c.side] < 2 || e.inPlay(c.side) != 1 {
		return true
	}
	if e.passesTerror(i) { // sim/auras.go
		e.passLast(i)
		return true
	}
	bonus := e.aura(i) + e.recounted(i, profiles.T) // sim/counts.go
	if !temerityFails(r, c.f.Stats().T+bonus) {
		if e.trace != nil {
			e.tracef("  %s, last of its side, passes its temerity test\n", e.name(i))
		}
		e.passLast(i)
		return true
	}
	if e.rally(i) {
		e.passLast(i)
		return true
	}
	if e.trace != nil {
		e.tracef("  %s, last of its side, fails its temerity test (failure %d)\n", e.name(i), c.fails+1)
	}
	return e.fail(i)
}

// rally plays Rallying after a failed temerity test of Safar i: it spends one of
// its mastery dice for good (the one with the fewest fields) to pass the test
// instead (seed 000 line 1642). It reports whether it did.
func (e *engine) rally(i int) bool {
	c := &e.c[i]
	if _, ok := c.f.Profile.Skill("rallying"); !ok || c.lostMastery >= len(c.f.Mastery) {
		return false
	}
	c.lostMastery++
	if c.nMastery > 0 {
		spendMastery(c, FieldOffensive|FieldDefensive|FieldShooting|FieldObjective|FieldEsoteric, 1)
	}
	if e.trace != nil {
		e.tracef("  %s fails a temerity test and rallies: a mastery die spent for good (%d left)\n", e.name(i), len(c.f.Mastery)-c.lostMastery)
	}
	return true
}

// temerityFails rolls a temerity test of temerity t (with its bonuses): T + 1D10
// >= 10, a natural 1 failing (R3, R18).
func temerityFails(r *rand.PCG, t int) bool { return temerityFailsAt(r, t, 10) }

// temerityFailsAt rolls a temerity test against threshold x: T + 1D10 >= x, a
// natural 1 failing.
func temerityFailsAt(r *rand.PCG, t, x int) bool {
	d := dice.D10(r)
	return d == 1 || t+d < x
}

// fail applies a failed temerity test to Safar i (seed 000 lines 1290-1300): a
// first failure halves its AP, a second leaves it none and ends the activation,
// a third demoralises it. It reports whether the activation goes on.
func (e *engine) fail(i int) bool {
	c := &e.c[i]
	c.fails++
	switch c.fails {
	case 1:
		c.ap /= 2
		return true
	case 2:
		c.ap = 0
		return false
	}
	c.demoralised = true
	c.ap = 0
	if e.trace != nil {
		e.tracef("  %s is demoralised and leaves the battlefield\n", e.name(i))
	}
	return false
}

// terrorOf returns the temerity threshold of the terror Safar j provokes (0:
// none).
func (e *engine) terrorOf(j int) int { return max(e.info[e.c[j].kind].terror, int(e.c[j].fx.fright)) }

// temerityBonus is what adds to Safar i's temerity test against terror: +2 per
// ally fit for battle in its zone of control, +1 in its leader's aura (seed 000
// lines 1302-1304).
func (e *engine) temerityBonus(i int) int {
	b := e.aura(i)
	for k := range e.c {
		if k != i && e.c[k].side == e.c[i].side && e.c[k].fit() && e.gap(i, k) <= e.naturalReach(i)+1e-9 {
			b += 2
		}
	}
	return b
}

// terrorTest plays the temerity test of Safar i at the start of its activation
// when a terrifying enemy stands in its zone of control, or when it failed one on
// entering such an enemy's zone (seed 000 lines 1276-1304): T + 1D10 plus
// temerityBonus against the enemy's terror. A Safar that provokes terror is
// impervious to it (line 1314). A pass ends the tests. It reports whether the
// activation goes on.
func (e *engine) terrorTest(r *rand.PCG, i int) bool {
	c := &e.c[i]
	if c.terrorPassed || e.terrorOf(i) > 0 || e.info[c.kind].noTemerity {
		return true
	}
	x := 0
	for j := range e.c {
		if e.c[j].side != c.side && e.c[j].inPlay() && e.gap(i, j) <= e.naturalReach(i)+1e-9 {
			x = max(x, e.terrorOf(j))
		}
	}
	if c.terrorPending {
		x = max(x, c.pendingTerror)
	}
	if x == 0 {
		return true
	}
	if e.passesTerror(i) || !e.terrorFails(r, i, c.f.Stats().T+e.recounted(i, profiles.T)+e.temerityBonus(i), x, "against terror") { // sim/auras.go, sim/banner.go
		c.terrorPassed, c.terrorPending = true, false
		if e.trace != nil {
			e.tracef("  %s passes its temerity test against terror (%d)\n", e.name(i), x)
		}
		return true
	}
	if e.rally(i) {
		c.terrorPassed, c.terrorPending = true, false
		return true
	}
	if e.trace != nil {
		e.tracef("  %s fails its temerity test against terror (%d; failure %d)\n", e.name(i), x, c.fails+1)
	}
	return e.fail(i)
}

// enteredTerror plays the immediate temerity test of Safar i that has just
// walked into the zone of control of a terrifying enemy it was not in before
// (from: its position before the walk; seed 000 lines 1280-1283): a failure
// costs half its AP left, rounded down, and leaves the test to take again at its
// next activation.
func (e *engine) enteredTerror(r *rand.PCG, i int, from field.Vec) {
	c := &e.c[i]
	if c.terrorPassed || e.terrorOf(i) > 0 || e.info[c.kind].noTemerity {
		return
	}
	x := 0
	for j := range e.c {
		o := &e.c[j]
		if o.side == c.side || !o.inPlay() || e.terrorOf(j) == 0 {
			continue
		}
		before := from.Dist(o.pos) - c.radius - o.radius
		if e.exertsZone(j) && e.gap(i, j) <= e.naturalReach(j)+1e-9 && before > e.naturalReach(j)+1e-9 {
			x = max(x, e.terrorOf(j))
		}
	}
	if x == 0 {
		return
	}
	if e.passesTerror(i) || !e.terrorFails(r, i, c.f.Stats().T+e.recounted(i, profiles.T)+e.temerityBonus(i), x, "entering a terrifying enemy's zone") { // sim/banner.go
		c.terrorPassed = true
		if e.trace != nil {
			e.tracef("    %s passes its temerity test entering a terrifying enemy's zone (%d)\n", e.name(i), x)
		}
		return
	}
	if e.rally(i) {
		c.terrorPassed = true
		return
	}
	c.ap -= c.ap / 2
	c.terrorPending, c.pendingTerror = true, max(c.pendingTerror, x)
	if e.trace != nil {
		e.tracef("    %s fails its temerity test entering a terrifying enemy's zone (%d): %d AP left\n", e.name(i), x, c.ap)
	}
}

// aura returns the leader's aura bonus of Safar i to temerity tests: +1 when its
// leader, another Safar in play, stands within I toises of it, measured from the
// centre of the leader's base (seed 000 "Apointing your leader", line 402, and
// "A Safar's aura", line 591).
func (e *engine) aura(i int) int {
	l := e.leader[e.c[i].side]
	if l < 0 || l == i || !e.c[l].inPlay() {
		return 0
	}
	if e.c[l].pos.Dist(e.c[i].pos) <= e.auraRadius(l)+1e-9 {
		return 1
	}
	return 0
}

// warlord plays Warlord X: once in the fight, at the start of an activation, 1 AP
// per ally in its aura, at most X (seed 000 line 1672). It is used at the first
// activation where as many allies as it can hope for stand in the aura.
func (e *engine) warlord(i int) {
	c := &e.c[i]
	sk, ok := c.f.Profile.Skill("warlord")
	if !ok || c.warlordUsed || sk.Value <= 0 {
		return
	}
	in, allies := 0, 0
	for k := range e.c {
		a := &e.c[k]
		if k == i || a.side != c.side || !a.inPlay() {
			continue
		}
		allies++
		if a.pos.Dist(c.pos) <= e.auraRadius(i)+1e-9 {
			in++
		}
	}
	if allies == 0 || min(in, sk.Value) < min(allies, sk.Value) {
		return
	}
	c.warlordUsed = true
	c.ap = min(c.ap+min(in, sk.Value), 7) // the fight tables stop at 7 AP
	if e.trace != nil {
		e.tracef("  %s uses Warlord: +%d AP\n", e.name(i), min(in, sk.Value))
	}
}

// hurt takes n HP from Safar i, credited to Safar by (-1: nobody).
// Only the HP it had left are credited: a 10-damage blow on a Safar with 7 HP
// deals 7.
func (e *engine) hurt(i, by, n int) {
	if e.pushes != nil {
		if k := e.pushDamage(i, n); k >= 0 { // its special card (sim/cardmastery.go)
			e.take(k, by, n)
			return
		}
	}
	if k, m := e.moringa(i, n); m > 0 {
		e.take(k, by, m)
		if e.trace != nil {
			e.tracef("    %s passes %d damage to %s (Moringa)\n", e.name(i), m, e.name(k))
		}
		n -= m
	}
	e.take(i, by, n)
}

// take takes n HP from Safar i, credited to Safar by (-1: nobody).
func (e *engine) take(i, by, n int) {
	c := &e.c[i]
	was := c.hp
	c.hp -= n
	if by >= 0 {
		e.c[by].dealt += min(n, max(was, 0))
		if was > 0 && c.hp <= 0 {
			e.c[by].kills++
		}
	}
	if was > 0 && c.hp <= 0 {
		e.berserkOnDeath(i) // sim/berserk.go
		if e.returns != nil {
			e.firstDown(i) // sim/cardreturn.go
		}
	}
}

// moringa plays Moringa X (skills.md #36) for Safar i wounded for n HP: it may
// pass up to X of them to one other ally with Moringa in its aura (I toises
// from its centre), which takes them as they are (no armour: they come after
// i's armour roll). Policy: the ally with the most HP left; never so much that
// it falls; when i would fall, as much as saves it, and nothing when nothing
// can; else only towards the healthier, at most halving their gap. It returns
// the receiver and the HP passed (0: none).
func (e *engine) moringa(i, n int) (int, int) {
	c := &e.c[i]
	sk, ok := c.f.Profile.Skill(profiles.SkillMoringa)
	if !ok || sk.Value <= 0 || n <= 0 || !c.inPlay() {
		return -1, 0
	}
	k := -1
	for j := range e.c {
		a := &e.c[j]
		if j == i || a.side != c.side || !a.inPlay() || a.pos.Dist(c.pos) > e.auraRadius(i)+1e-9 {
			continue
		}
		if _, has := a.f.Profile.Skill(profiles.SkillMoringa); has && (k < 0 || a.hp > e.c[k].hp) {
			k = j
		}
	}
	if k < 0 {
		return -1, 0
	}
	left, recv := c.hp-n, e.c[k].hp
	m := min(sk.Value, n, recv-1)
	if left > 0 {
		m = min(m, max((recv-left)/2, 0))
	} else if left+m <= 0 {
		m = 0
	}
	return k, max(m, 0)
}

// actionKind is what a Safar does.
type actionKind int8

const (
	actEnd actionKind = iota
	actToward
	actAway
	actAttack
	actAssault
	actStandUp
	actReload
	actSwitch
	actCast  // a spell: opt indexes the caster's cast options (sim/magic_fight.go)
	actTend  // tending a wound (opt: 2 or 4 AP) of target, itself or an ally
	actAlert // on the alert
	// actDevour: devouring (opt: AP) a carcass, target (sim/devour.go).
	actDevour
	actHide // hiding (sim/hide.go)
	// Scenario objectives (sim/objectives.go).
	actPickUp // pick up the relic
	actGoTo   // walk toward objective opt
	// Items (sim/items.go): a healing flask; an antidote (opt: 2 or 4 AP).
	actDrink
	actAntidote
	// actPutOut: putting out or smothering the fire of target (sim/fire.go).
	actPutOut
	// actDestroy: destroying scenery object opt (sim/objects.go);
	// actNegotiate: convincing the scenario's neutral (sim/negotiation.go).
	actDestroy
	actNegotiate
	// actGive: giving the relic to ally target, or taking it from it
	// (sim/carry.go).
	actGive
	// actLoot: looting carcass target for opt (lootAmmo, lootSupplies);
	// actEat: eating supplies (sim/loot.go).
	actLoot
	actEat
	// actCarry: picking up ally target to carry it; actPutDown: putting it
	// down (sim/carry.go).
	actCarry
	actPutDown
	// actPickUpMovable: picking up movable object opt; actThrow: throwing the
	// object in hand at target (sim/throw.go).
	actPickUpMovable
	actThrow
	// actDetect: detecting what is in the Safar's aura (sim/detect.go).
	actDetect
	// actOpen: opening piece opt; actPick: picking its lock (sim/doors.go).
	actOpen
	actPick
	// actRead: reading document opt (sim/reading.go).
	actRead
	// actGiveAP: giving opt AP to ally target, by an AP aura's give_ap
	// (sim/apauras.go).
	actGiveAP
	// actDrawAP: using opt AP of ally target, by an AP aura's draw_ap
	// (sim/apauras.go).
	actDrawAP
)

// action is one decision of a policy: what to do, with which option, to whom.
type action struct {
	kind   actionKind
	opt    int
	target int
}

// walkCost returns the AP of the next walk of Safar i (R14: free, then 1, 2,
// 3...; Endurance: the next two cost 1 each), plus 1 when dazed (R17).
func (e *engine) walkCost(i int) int {
	c := &e.c[i]
	n := c.walks
	cost := n
	if (e.info[c.kind].endurance || c.berserk) && n >= 1 { // Berserk gives Endurance
		cost = max(1, n-1)
	}
	if c.dazed {
		cost++
	}
	if c.fx.immobile {
		return 99 // a spell holds it (sim/magic_effects.go)
	}
	return cost
}

// velocity returns how far Safar i walks: V minus its armour's malus, with a
// spell's V modifier, less the burden of a carried relic (carryMalus).
func (e *engine) velocity(i int) float64 {
	// The card's aura is looked up once (kindInfo.auraVelocity): reading it from
	// the profile took most of velocity's time, itself 4% of a battle's
	// (BenchmarkSkirmish, perf record).
	c := &e.c[i]
	k := &e.info[c.kind]
	aura := 0.0
	if k.auraVelocity {
		aura = e.leaderAuraVelocity(i)
	}
	return max(k.velocity+float64(c.fx.mod[0]-c.poison-c.fire.chill)+float64(c.turnRollStat(profiles.V))-e.carryMalus(i)+aura, 0)
}

// actionCost returns the AP of an attack of ap AP for Safar i (dazed: +1).
func (e *engine) actionCost(i int, ap int) int {
	if e.c[i].dazed {
		return ap + 1
	}
	return ap
}

// do applies action a of Safar i; it reports whether the activation goes on.
func (e *engine) do(r *rand.PCG, i int, a action) bool {
	c := &e.c[i]
	if a.kind != actEnd {
		c.alert = false // "until the next voluntary triggering of an action"
		c.behind = 0    // hiding ends too (sim/hide.go)
	}
	switch a.kind {
	case actEnd:
		return false
	case actTend:
		return e.tend(i, a.target, a.opt)
	case actAlert:
		return e.goAlert(i)
	case actDevour:
		return e.devour(i, a.target, a.opt)
	case actHide:
		return e.hide(i)
	case actDrink:
		return e.drink(r, i)
	case actAntidote:
		return e.antidote(i, a.opt)
	case actPutOut:
		return e.putOut(r, i, a.target)
	case actPickUp:
		return e.pickUp(r, i)
	case actGoTo:
		return e.goTo(r, i, a.opt)
	case actDestroy:
		return e.destroy(r, i, a.opt)
	case actNegotiate:
		return e.negotiate(r, i)
	case actGive:
		return e.hand(r, i, a.target)
	case actLoot:
		return e.loot(r, i, a.target, a.opt)
	case actEat:
		return e.eat(r, i)
	case actCarry:
		return e.pickUpAlly(i, a.target)
	case actPutDown:
		return e.putDown(i, e.actionCost(i, 1))
	case actPickUpMovable:
		return e.pickUpMovable(i, a.opt)
	case actThrow:
		return e.throwAt(r, i, a.target) // sim/throw.go
	case actDetect:
		return e.detect(r, i) // sim/detect.go
	case actOpen:
		return e.openPiece(i, a.opt) // sim/doors.go
	case actPick:
		return e.pickLock(r, i, a.opt) // sim/doors.go
	case actDrawAP:
		return e.drawAP(i, a.target, a.opt) // sim/apauras.go
	case actGiveAP:
		return e.giveAP(i, a.target, a.opt) // sim/apauras.go
	case actRead:
		return e.readDocument(r, i, a.opt) // sim/reading.go
	case actStandUp:
		cost := 0
		if c.walks > 0 {
			cost = 1
		}
		if c.ap < cost {
			return false
		}
		c.ap -= cost
		c.spent += cost
		c.walks++
		c.ground = false
		if e.trace != nil {
			e.tracef("  %s stands up (%d AP)\n", e.name(i), cost)
		}
		return true
	case actToward, actAway:
		cost := e.walkCost(i)
		if c.ap < cost || c.ground || a.target < 0 || c.morale.rooted {
			return false
		}
		from := c.pos
		e.move(i, a.target, e.velocity(i), a.kind == actToward)
		cost, moved, swam := e.wade(i, from, cost, c.ap) // a swim in water (sim/water.go)
		if e.heights && a.kind == actToward && !swam && e.climbInstead(r, i, a.target, from, cost) {
			return true // a climb or a jump down in its place (sim/climb.go)
		}
		if !moved {
			c.pos = from
			if cost > 0 {
				return false // blocked: no AP paid for a walk that goes nowhere
			}
			// A blocked free walk is spent: the activation goes on.
		}
		c.ap -= cost
		c.spent += cost
		c.walks++
		if moved {
			e.enteredTerror(r, i, from)
		}
		if e.trace != nil {
			e.tracef("  %s %s %s (%d AP): %s\n", e.name(i), map[bool]string{true: "swims", false: "walks"}[swam], map[bool]string{true: "in", false: "away"}[a.kind == actToward], cost, e.where(i, a.target))
		}
		if moved {
			e.enteredAmbush(r, i) // sim/ambush.go
		}
		return true
	case actSwitch:
		if c.ap < 1 {
			return false
		}
		c.ap--
		c.spent++
		c.ranged = !c.ranged
		if e.trace != nil {
			e.tracef("  %s switches weapons (1 AP)\n", e.name(i))
		}
		return true
	case actReload:
		w := c.f.Ranged
		if w == nil || c.ap < w.Effects.ReloadAP {
			return false
		}
		c.ap -= w.Effects.ReloadAP
		c.spent += w.Effects.ReloadAP
		c.loaded = w.Effects.Rate
		if e.trace != nil {
			e.tracef("  %s reloads (%d AP)\n", e.name(i), w.Effects.ReloadAP)
		}
		return true
	case actAttack, actAssault:
		if a.target < 0 || !e.c[a.target].inPlay() {
			return false
		}
		return e.attack(r, i, a)
	case actCast:
		return e.cast(r, i, a)
	}
	return false
}

// move walks Safar i by dist toises toward (or straight away from) Safar j,
// stopping at base contact, obstacles and the table's edges (field.Walk). It
// reports whether the Safar moved.
func (e *engine) move(i, j int, dist float64, toward bool) bool {
	b := e.c[i].base()
	to, ok := e.destination(i, j, dist, toward)
	e.c[i].pos = to
	return ok && to.Dist(b.Pos) > 1e-6
}

// sidesteps are the headings, in radians off the straight line, a walk toward an
// enemy tries when a base or an obstacle blocks the straight one.
var sidesteps = [...]float64{0.35, -0.35, 0.7, -0.7, 1.05, -1.05, 1.4, -1.4}

// destination returns where Safar i stops walking dist toises toward (or away
// from) Safar j. When something blocks the straight walk toward j before it has
// gone a quarter of the way, it goes round: along the shortest path round the
// piece of scenery that stops it (engine.route), else, of the headings of
// sidesteps, the one that ends nearest to j. Toward j it takes the dry way
// round deep water when there is one of similar length (engine.dryWay); away
// from j it goes round the scenery that stops it (engine.routeAway).
func (e *engine) destination(i, j int, dist float64, toward bool) (field.Vec, bool) {
	e.dry = false
	b := e.c[i].base()
	to := e.c[j].pos
	d := to.Sub(b.Pos)
	l := d.Len()
	if !(l > 0) {
		return b.Pos, false
	}
	others := e.othersOf(i, -1)
	if !toward {
		away := b.Pos.Sub(d.Scale(dist / l))
		pos := e.walk(i, b, away, dist, others)
		pos, _ = e.routeAway(i, j, b, away, dist, others, pos) // round scenery (sim/walks.go)
		return pos, true
	}
	if p, ok := e.dryWay(i, b, to, dist, others); ok {
		return p, true // round deep water (sim/walks.go)
	}
	pos := e.walk(i, b, to, dist, others)
	want := min(dist, max(l-b.Radius-e.c[j].radius, 0))
	if b.Pos.Dist(pos) >= want/4 || e.gap(i, j) <= e.reach(i)+1e-9 {
		return pos, true
	}
	if p, ok := e.route(i, b, to, dist, others); ok {
		return p, true // round the scenery that stops it (sim/route.go)
	}
	best, bd := pos, pos.Dist(to)
	u := d.Scale(1 / l)
	for _, t := range sidestepTurns { // math.Sincos of sidesteps (sim/turns.go)
		sin, cos := t.sin, t.cos
		v := field.Vec{X: u.X*cos - u.Y*sin, Y: u.X*sin + u.Y*cos}
		p := e.walk(i, b, b.Pos.Add(v.Scale(dist)), dist, others)
		if dd := p.Dist(to); dd < bd-1e-9 {
			best, bd = p, dd
		}
	}
	return best, true
}

// push repels Safar j by dist toises straight away from Safar i (R10); a
// collision with the table's edge, an obstacle or another base costs 1D5 HP to
// each Safar in it (rulebook "Collision"), credited to i.
func (e *engine) push(r *rand.PCG, j, i int, dist float64) {
	b := e.c[j].base()
	pos, hit, with, height := e.field.RepelFall(b, e.c[i].pos, dist, e.othersOf(j, -1)) // over an edge: a fall (sim/climb.go)
	other := -1
	if with >= 0 {
		other = e.otherIdx[with]
	}
	e.c[j].pos = pos
	if height > 0 {
		if e.trace != nil {
			e.tracef("    %s is repelled over the edge\n", e.name(j))
		}
		e.fallFrom(r, j, i, height, false)
	}
	if !hit {
		return
	}
	n := e.hurtFrom(j, i, dice.D5(r)) // a card's any_source reduction (sim/wards.go)
	if other < 0 {
		defer e.collideObject(j, e.c[i].pos) // an object hit loses SP (sim/objects.go)
	}
	if e.trace != nil {
		if other >= 0 {
			e.tracef("    %s is repelled into %s: collision, %d HP\n", e.name(j), e.name(other), n)
		} else {
			e.tracef("    %s is repelled into the table's edge: collision, %d HP\n", e.name(j), n)
		}
	}
	if other >= 0 {
		m := dice.D5(r)
		by := i
		if e.c[other].side == e.c[i].side {
			by = -1 // an ally hurt by the collision is nobody's credit
		}
		m = e.hurtFrom(other, by, m)
		if e.trace != nil {
			e.tracef("    %s takes %d HP in the collision\n", e.name(other), m)
		}
		// Collision of two Safars (seed 000 line 640, seed 004 lines 575-576):
		// the one on the smaller base falls to the ground; equal bases, both do.
		rj, ro := e.c[j].radius, e.c[other].radius
		if rj <= ro+1e-9 {
			e.fall(j)
		}
		if ro <= rj+1e-9 {
			e.fall(other)
		}
	}
}

// fall puts Safar i on the ground (a collision): it stands up before doing
// anything else (R17).
func (e *engine) fall(i int) {
	c := &e.c[i]
	if !c.inPlay() || c.ground {
		return
	}
	c.ground = true
	if e.trace != nil {
		e.tracef("    %s falls to the ground\n", e.name(i))
	}
}

// supporters counts the allies of i that support it in its melee against j (R8,
// seed 000 lines 790-794 and 1112-1114): fit for battle, engaged with j and with
// no other enemy; it also sums their statures (R10 repel). A card that supports
// only its faction's Safars (sim/support.go) does not count for another's.
func (e *engine) supporters(i, j int) (n, stature int) {
	s := e.support(i, j)
	return s.n, s.stature
}

// support returns the support of i in its melee against j: supporters counts
// them, with the bonus they add (R8's +1 each, a card's rule more,
// sim/support.go) and whether one of them, or i, cancels the enemy's support.
func (e *engine) support(i, j int) (s melee) {
	c := &e.c[i]
	s.cancels = e.info[c.kind].support.cancels
	for k := range e.c {
		a := &e.c[k]
		if k == i || a.side != c.side || !a.fit() || !e.engaged(j, k) { // j in k's zone, even stunned
			continue
		}
		sk := &e.info[a.kind].support
		if sk.ownFaction && !e.supportFaction(k, i) { // sim/cardfaction.go
			continue
		}
		bonus := sk.bonus
		if b := e.beastSupport(k, i); b > bonus { // a beast supporting its mistress (sim/cardbeast.go)
			bonus = b
		}
		free := true
		for m := range e.c {
			if m != j && e.c[m].side != a.side && e.c[m].inPlay() && e.engaged(k, m) {
				free = false
				break
			}
		}
		if free {
			s.n++
			s.stature += a.f.Profile.Stature
			s.bonus += bonus
			s.cancels = s.cancels || sk.cancels
			s.card = s.card || sk.card || bonus != sk.bonus
			s.beast = s.beast || bonus != sk.bonus
		}
	}
	return s
}

// engagedWith fills e.eng with the bases of the enemies of j engaged with it,
// other than i (for the cover of a target in a melee, rulebook "Cover").
func (e *engine) engagedWith(i, j int) []field.Base {
	e.eng = e.eng[:0]
	for k := range e.c {
		if k == i || k == j || !e.c[k].inPlay() || e.c[k].side == e.c[j].side || !e.engaged(j, k) {
			continue
		}
		e.eng = append(e.eng, e.c[k].base())
	}
	return e.eng
}

// cover returns the cover bonus of j against a shot from i: terrain and bases on
// the line, the tallest Safar of a melee it is engaged in, or a spell's cover
// (sim/magic_cover.go), or a special card's (sim/cardcover.go).
func (e *engine) cover(i, j int) int {
	return max(e.field.Cover(e.c[i].base(), e.c[j].base(), e.othersOf(i, j), e.engagedWith(i, j)), e.spellCover(j), e.cardCoverOf(j))
}

// attack plays one attack of Safar i (option a.opt against a.target), after a
// walk for an assault.
func (e *engine) attack(r *rand.PCG, i int, a action) bool {
	j := a.target
	c, o := &e.c[i], &e.c[j]
	opts := e.opts[c.kind][o.kind]
	if a.opt < 0 || a.opt >= len(opts) {
		return false
	}
	opt := &opts[a.opt]
	if e.carried(i) >= 0 {
		return false // carrying an ally: no attack (sim/carry.go)
	}
	if opt.weapon != nil && e.inWater(i) {
		return false // no weapon in deep water (sim/water.go)
	}
	cost := e.attackCost(i, opt.ap()) // dazed, AP auras (sim/apauras.go)
	walk := 0
	assault := a.kind == actAssault
	sight := true
	if assault {
		walk = e.walkCost(i)
	}
	if c.ap < cost+walk || c.ground {
		return false
	}
	if c.f.oncePerActivation(opt.attack) && c.specialUse {
		return false
	}
	if assault {
		// R8: an assault starts unengaged and ends in contact; + stature.
		if e.engagedAny(i) || c.morale.rooted || e.hiddenFrom(j, i) {
			return false
		}
		// The target must be in sight when the move starts (seed 000 line 711;
		// seed 004 line 642: "pour que le bonus de charge soit effectif"): out of
		// sight the walk and the attack are played, at the same AP, without the
		// stature (R-FR reading; under the English one it is a walk and an attack).
		sight = e.field.LineOfSight(c.base(), o.base(), e.othersOf(i, j))
		// A walk that would not bring the target within reach is not an assault:
		// refused before any AP is paid (a base in the way, water it cannot
		// swim); nor one that ends in deep water with a weapon (sim/water.go).
		from := c.pos
		e.move(i, j, e.velocity(i)+e.info[c.kind].brutal, true)
		walk, _, _ = e.wade(i, from, walk, c.ap-cost) // a swim in water (sim/water.go)
		if !opt.shot && e.gap(i, j) > e.reachOf(i, opt)+1e-9 || c.ap < cost+walk || opt.weapon != nil && e.inWater(i) {
			c.pos = from
			return false
		}
		c.ap -= walk
		c.spent += walk
		c.walks++
		e.enteredTerror(r, i, from)
		if e.apAuras {
			cost = e.attackCost(i, opt.ap()) // where the walk ended: an enemy's AP aura (sim/apauras.go)
		}
		if c.ap < cost {
			e.enteredAmbush(r, i) // sim/ambush.go
			return true           // the terror test took the AP of the attack
		}
		if e.trace != nil {
			e.tracef("  %s walks in for an assault (%d AP): %s\n", e.name(i), walk, e.where(i, j))
		}
		if e.enteredAmbush(r, i); !c.inPlay() || c.ground || c.stunned || !o.inPlay() {
			return false // an ambush's attack stopped it (sim/ambush.go)
		}
		if e.auras != nil {
			a.opt, opt = e.auraAfterWalk(i, j, a.opt, opt) // sim/auragrants.go
		}
	}
	band := bandEffective
	cover := 0
	if opt.shot {
		b, ok := e.band(i, j, opt.weapon)
		if !ok || e.engagedAny(i) || !c.ranged || c.ammo == 0 || c.loaded == 0 {
			return false
		}
		band = b
		cover = e.cover(i, j)
		e.traceCardCover(i, j, cover) // sim/cardcover.go
	} else if e.gap(i, j) > e.reachOf(i, opt)+1e-9 || c.ranged && opt.weapon != nil {
		return assault // an assault that fell short has spent its walk; the activation goes on
	} else if e.beyondCounter(i, j, opt) {
		band = bandFar // no counter from j (sim/reach.go)
	}
	if !opt.shot && c.side != o.side && !e.frightBefore(r, i, j, cost, opt) {
		return c.fit() // the fright tests stopped the attack (sim/morale.go)
	}
	if e.guards != nil && !opt.shot && c.side != o.side {
		// An ally may take the defence in j's place (sim/guard.go).
		if x, k := e.guardFor(i, j, a.opt, opt, assault && sight, band, cost); x >= 0 {
			a.opt = k
			j, opt, band = e.guard(i, x, k)
		}
	}
	if e.apAuras && !e.lent {
		if e.trace != nil {
			e.traceAPAura(i, apFirst, min(e.firstFree(i), e.actionCost(i, opt.ap())+e.attackTax(i)))
			e.traceAPAura(i, apEnemy, e.attackTax(i))
		}
		c.struck = true // sim/apauras.go: the first attack of its activation
	}
	e.strike(r, i, j, a.opt, opt, assault && sight, band, cover, cost)
	if opt.split > 0 {
		e.splitSecond(r, i, j, opt)
	}
	return !c.stunned // a counter's weapon may have stunned it (sim/counterstatus.go)
}

// assaultStature reports whether a melee attack of Safar i with option opt
// has the assault bonus, assault saying whether it follows a move into
// contact in sight (R8).
func (e *engine) assaultStature(i int, opt *fightOption, assault bool) bool {
	c := &e.c[i]
	// R8a: the stature goes to the first melee attack of the activation, made
	// after the move into contact, and to no later one (seed 000 lines 707 and
	// 719, seed 004 lines 634 and 646: "1st attack of the activation").
	assault = assault && !opt.shot && c.melee == 0
	// Savage (skills.md #58): after an assault, every melee attack of that
	// activation gets the assault bonus, not only the first.
	return assault || !opt.shot && c.assaulted && c.f.Skills.Savage
}

// strikeKey returns the plan key of option optIdx (opt) of Safar i against
// Safar j as they stand, i holding apLeft AP after paying for it, assault
// the stature bonus (assaultStature), band and cover those of a shot, guard
// the defence bonus of a substitute defender (sim/guard.go). It changes
// nothing: strike plays it, and the defending side weighs a substitute
// defender with it (engine.guardFor).
func (e *engine) strikeKey(i, j, optIdx int, opt *fightOption, assault bool, band, cover, apLeft, guard int) planKey {
	c, o := &e.c[i], &e.c[j]
	var sup, defSup, supSt, defSt, supN, defN int
	if !opt.shot && c.side != o.side {
		sa, sd := e.support(i, j), e.support(j, i)
		supSt, defSt, supN, defN = sa.stature, sd.stature, sa.n, sd.n
		sup, defSup = supportBonus(sa, sd) // R8 and pattern S (sim/support.go)
	}
	key := planKey{att: int8(c.kind), def: int8(o.kind), apLeft: int8(min(apLeft, 7)), opt: int16(optIdx), band: int8(band), assault: assault,
		bleeding: o.bleeding > 0, dazed: o.dazed, stunned: o.stunned, attDazed: c.dazed, attRanged: c.ranged,
		execUsed: c.execUsed, harassed: c.harassed, attBerserk: c.berserk, defBerserk: o.berserk, alert: o.alert,
		support: int8(min(sup, maxSupport)), defSupport: int8(min(defSup, maxSupport)), supStature: int8(min(supSt, 60)), defStature: int8(min(defSt, 60)),
		supported: supN > 0, defSupported: defN > 0,
		attSlippery: e.slippery(i), defSlippery: e.slippery(j),
		cover: int8(cover), temerity: int8(e.aura(j) + e.recounted(j, profiles.T)), attMod: c.mods(), defMod: o.mods(),
		guard: int8(guard)}
	// Its card's pattern F rules that read the battle (sim/ownrules.go): the
	// defender's bonus while its relatives are in play, the target's HP for a
	// doubled Bite.
	key.defMod[modDefence] = int8(min(e.ownDefence(j), 60))
	key.defHurt = opt.attack.Kind == Bite && c.f.Profile.Own.BiteDoubleUnhurt && o.hp < o.f.Profile.HP
	key.double = c.doubleOnPoisoned && o.poisoned                                // sim/carddouble.go
	key.heroic = c.heroicOnBled && !opt.shot && o.bleeding > 0 && o.bleedBy == i // sim/cardheroic.go
	key.critDrain = e.critDrain != nil && e.critDrain[i] > 0 && !opt.shot        // sim/cardcrit.go
	key.defShot = e.shotReady(j)                                                 // sim/riposteshot.go
	key.attBare, key.defBare = c.helmetOff(), o.helmetOff()
	key.attCF, key.defCF = e.cfReroll(c.side), e.cfReroll(o.side) // sim/auragrants.go
	if c.boostBy > 0 {
		b := e.c[c.boostBy-1].f.Profile.Reactivates // sim/apauras.go
		key.boostAtt, key.boostDmg = int8(b.Attack), int8(b.Damage)
	}
	if e.apAuras {
		key.attTax, key.defFloor = int8(e.attackTax(i)), int8(e.defenceFloor(j))
	}
	key.attUnder, key.defUnder = c.underOff(), o.underOff()
	key.ambushFirst = c.ambushFirst // sim/ambush.go
	if opt.shot {
		key.height = e.shotHeight(i, j) // sim/climb.go
	}
	return e.canonical(key, opt)
}

// strike plays the exchange of option optIdx (opt) of Safar i against Safar j
// once the attack is possible: cost AP paid, assault the stature bonus of a
// move into contact in sight (R8), band and cover those of a shot.
func (e *engine) strike(r *rand.PCG, i, j, optIdx int, opt *fightOption, assault bool, band, cover, cost int) {
	c, o := &e.c[i], &e.c[j]
	guard := e.guardBonus // a substitute's "+4 to that defence" (sim/guard.go)
	e.guardBonus = 0
	assault = e.assaultStature(i, opt, assault)
	c.assaulted = c.assaulted || assault
	c.ap -= cost
	c.spent += cost
	paired := e.pairedFree(i, opt, cost) // sim/pairedattacks.go: no AP, no mastery die
	if paired {
		c.ap += cost
		c.spent -= cost
	}
	c.attacks++
	if !opt.shot {
		c.melee++
	}
	if c.f.oncePerActivation(opt.attack) {
		c.specialUse = true
	}
	if opt.shot {
		if c.ammo > 0 {
			c.ammo--
			e.spentOn(i, j) // its carcass may give the shot back (sim/loot.go)
		}
		if c.loaded > 0 {
			c.loaded--
		}
	}
	if e.trace != nil && !opt.shot && c.side != o.side {
		// pattern S, shown once the strike is played (strikeKey changes nothing)
		if sa, sd := e.support(i, j), e.support(j, i); sa.card || sd.card || sa.cancels || sd.cancels {
			sup, defSup := supportBonus(sa, sd)
			e.traceSupport(i, j, sa, sd, sup, defSup)
		}
	}
	key := e.strikeKey(i, j, optIdx, opt, assault, band, cover, c.ap, guard)
	if e.trace != nil {
		e.traceOwnRules(i, j, key, opt) // sim/ownrules.go
	}
	if key.double {
		e.traceDouble(i, j) // sim/carddouble.go
	}
	if key.heroic {
		e.traceHeroic(i, j) // sim/cardheroic.go
	}
	c.ambushFirst = false                                           // sim/ambush.go
	burns, poisonShot, freezes, pierces := e.specialShot(i, j, opt) // sim/fire.go
	key.piercing = pierces                                          // sim/piercing.go
	if pierces && e.trace != nil {
		e.tracef("  %s shoots armour-piercing ammunition at %s (armour-piercing 1)\n", e.name(i), e.name(j))
	}
	poisoned := poisonShot || e.poisonsWith(i, j, opt)
	pl := e.plan(key, i, opt)
	given := 0 // AP given for a warned defence, taken back after the exchange
	if opt.shot {
		if k := e.shout(i, j, key, opt, pl); k >= 0 {
			key.warned = true
			pl = e.plan(key, i, opt)
			given = min(o.ap+2, 7) - o.ap
		}
	}
	loan := e.loan(i, j, pl.ex.field()) // own mastery dice and those lent by Authority (sim/authority.go)
	held := e.carrierHeldAP(j)          // carrying an ally: no AP on a defence (sim/carry.go)
	if e.apAuras && held == 0 {
		// An ally's AP aura: at least defence_ap AP to defend with, not kept
		// (sim/apauras.go).
		if f, have := e.defenceFloor(j), max(o.ap, 0)+given; have < f {
			e.traceAPAura(j, apDefence, f-have)
			given += f - have
		}
	}
	st := state{
		defAP: int8(o.ap + given - held), defDice: int8(o.dice), defMastery: int8(min(loan.defOwn+loan.defN, 8)),
		attDice: int8(c.dice), attMastery: int8(min(loan.attOwn+loan.attN, 8)),
		armour: int8(o.armour), shield: int8(o.shield), attArmour: int8(c.armour),
		attMaster: !c.masterUsed && c.f.Skills.Master&pl.ex.field() != 0,
		defMaster: !o.masterUsed && o.f.Skills.Master&FieldDefensive != 0,
		// The dice tools of spells (sim/magic_fate.go, magic_forced.go, magic_fixed.go, magic_stored.go).
		attTools: toolsOf(c.fx.fate, c.fx.forced, int(c.fx.fixed), int(c.fx.stored)) | rerollBits(c.f, c.armourRerollUsed) | e.boostLeft(i),
		defTools: toolsOf(o.fx.fate, o.fx.forced, int(o.fx.fixed), int(o.fx.stored)) | rerollBits(o.f, o.armourRerollUsed) | e.boostLeft(j),
	}
	// Duellist works on an opponent in the duellist's zone of control.
	st.setFlag(stAttDuel, !c.duelUsed && c.f.Skills.Duellist > 0 && e.engaged(j, i))
	st.setFlag(stDefDuel, !o.duelUsed && o.f.Skills.Duellist > 0 && e.engaged(i, j))
	if paired {
		st.attMastery = 0 // its card's free attacks roll without mastery dice (sim/pairedattacks.go)
	}
	st.flags |= autoDefFlag(o.f, o.autoDefUsed) // its card's free automatic defence (sim/autodefence.go)
	if e.trace != nil {
		pl.trace = func(ev TraceEvent) { e.traceExchange(i, j, ev) }
		if pl.ex.BeyondCounterReach {
			e.tracef("    %s attacks from %.1f toises, beyond %s's counter reach: no counter (sim/reach.go)\n", e.name(i), max(e.gap(i, j), 0), e.name(j))
		}
	} else {
		pl.trace = nil
	}
	var out Outcome
	st0 := st
	st = pl.sampleAttack(r, st, false, &out)
	free := 0
	for st.pending > 0 {
		st = pl.sampleAttack(r, st, true, &out)
		free++
	}
	e.vividRefund(i, opt, free)
	if out.Success && opt.attack.AP >= 2 && !opt.attack.Kind.Special() {
		c.moves++
		// The plan's effects: a P on V+V is a V in an assault (sim/ownrules.go).
		if pl.main.Effects.Has(V) || pl.main.Effects.Has(C) {
			c.moved++
		}
	}
	if pl.mainDmg.executioner && out.Success {
		c.execUsed = true // once per activation
	}
	c.harassed = c.harassed || st.harassed
	// Apply the exchange to both Safars.
	o.spent += max(int(st0.defAP-st.defAP)-given, 0)
	o.ap = max(int(st.defAP)-given, 0) + held
	o.dice, c.dice = int(st.defDice), int(st.attDice)
	e.settleMastery(i, j, &loan, st0, st)
	o.armour, o.shield, c.armour = int(st.armour), int(st.shield), int(st.attArmour)
	e.wearHelmets(i, j, &out)
	e.wearUnder(i, j, &out)
	c.duelUsed = c.duelUsed || st0.flag(stAttDuel) && !st.flag(stAttDuel)
	c.masterUsed = c.masterUsed || st0.attMaster && !st.attMaster
	o.masterUsed = o.masterUsed || st0.defMaster && !st.defMaster
	o.duelUsed = o.duelUsed || st0.flag(stDefDuel) && !st.flag(stDefDuel)
	o.autoDefUsed = o.autoDefUsed || st0.flag(stAutoDef) && !st.flag(stAutoDef) // once per turn (sim/autodefence.go)
	e.spendTools(i, st0.attTools&^st.attTools)
	e.spendTools(j, st0.defTools&^st.defTools)
	o.alert = false // its next defensive action was this one
	by, byO := i, j
	if c.side == o.side {
		by, byO = -1, -1 // a Berserk's blow on an ally is nobody's credit
	}
	hpBefore := o.hp
	e.hurt(j, by, out.Damage)
	e.biteHeal(i, opt.attack, max(hpBefore, 0)-max(o.hp, 0))                    // sim/bite.go
	if poisoned && out.Success && !o.poisoned && !e.saves(r, j, "the poison") { // a card's saving roll (sim/wards.go)
		o.poisoned, o.poisonBy = true, by
		if e.trace != nil {
			e.tracef("    %s is poisoned\n", e.name(j))
		}
	}
	e.defencePoison(i, j, &out) // a dose on the defence (sim/poison.go)
	if key.critDrain {
		e.drainOnCrit(i, j, opt, &out) // a card's staff (sim/cardcrit.go)
	}
	if out.Success {
		e.inflictFire(r, j, by, burns, freezes) // sim/fire.go
	}
	e.hurt(i, byO, out.Counter)
	e.counterStatus(i, byO, st.attStatus) // sim/counterstatus.go
	if st.bleeding > 0 {
		o.bleeding += int(st.bleeding)
		o.bleedBy = by
	}
	if st.dazed {
		o.dazed = true
	}
	if st.stunned {
		o.stunned, o.ground = true, true
	}
	e.updateBerserk(j)
	if st.flag(stFeared) {
		// R18 Bite: a failed temerity test; as for terror, it loses half its
		// remaining AP, rounded down.
		o.ap -= o.ap / 2
	}
	if st.repelDef > 0 && o.inPlay() {
		e.push(r, j, i, float64(st.repelDef)/2)
	}
	if st.repelAtt > 0 && c.inPlay() {
		e.push(r, i, j, float64(st.repelAtt)/2)
	}
	// Free moves (V effects, Harassment, Survival instinct): a Safar that would rather
	// shoot steps away; a melee fighter stays in contact unless its policy chose to
	// move on to another enemy (vTo, R10a).
	harassed := harassMove(c.f, opt.attack, out.Success, st.harassed) // sim/harassment.go
	if st.moveAtt && c.inPlay() && e.policies[c.side].prefersRange(e, i, j) {
		if d := e.freeMoveOf(i, pl.main.Effects.Count(V), harassed); pl.main.Effects.Count(V) > 0 {
			e.vStep(i, j, d) // a V effect its policy chose: the direction it chooses (sim/stepaway.go)
		} else {
			e.freeMove(i, j, d, false) // sim/walks.go: a swim into water
		}
	} else if k := c.vTo - 1; st.moveAtt && c.inPlay() && k >= 0 && e.c[k].inPlay() {
		// R10a: the policy moves on to another enemy (engaging it, supporting
		// an ally there).
		e.freeMove(i, k, e.freeMoveOf(i, pl.main.Effects.Count(V), harassed), true)
		c.target = k
		if e.trace != nil {
			e.tracef("    %s moves on (V): %s\n", e.name(i), e.where(i, k))
		}
	}
	c.vTo = 0
	if st.flag(stMoveDef) && o.inPlay() && e.policies[o.side].prefersRange(e, j, i) {
		e.freeMove(j, i, e.freeMoveOf(j, 1, false), false)
	}
	e.auraFreeV(i, j, out.DefenceFailed) // sim/auragrants.go
	e.spendCFReroll(i, out.AttackerCFRerolled)
	e.spendCFReroll(j, out.DefenderCFRerolled)
	if e.trace != nil {
		if e.duel {
			e.tracef("    HP: A %d, B %d; AP: A %d, B %d; gap %.1f\n", max(e.c[0].hp, 0), max(e.c[1].hp, 0), e.c[0].ap, e.c[1].ap, e.gap(0, 1))
		} else {
			e.tracef("    HP: %s %d, %s %d; AP: %s %d, %s %d; %s\n", e.name(i), max(c.hp, 0), e.name(j), max(o.hp, 0),
				e.name(i), c.ap, e.name(j), o.ap, e.where(i, j))
			if !o.inPlay() {
				e.tracef("    %s is defeated\n", e.name(j))
			}
			if !c.inPlay() {
				e.tracef("    %s is defeated\n", e.name(i))
			}
		}
	}
	if out.RiposteShot {
		e.riposteShot(r, j, i) // sim/riposteshot.go
	}
	if out.Stopped3 && o.f.Profile.Own.CounterAttackSet {
		e.cardCounter(r, j, i) // sim/cardcounter.go
	}
}

// slippery reports whether Safar i stands on slippery ground (its centre), where
// Stable has no effect (R-FR, seed 004 line 588). Only a Safar with Stable asks
// the terrain: the plan key of others does not depend on it.
func (e *engine) slippery(i int) bool {
	return e.c[i].f.Skills.Stable && len(e.field.Terrain) > 0 && e.field.On(e.c[i].pos, field.Slippery)
}

// freeMove returns how far the free move of a successful attack goes, for a
// Safar of velocity v: V/2 per V effect (R10), so V for VV ("VV: grants a free
// movement of V toises", seed 000 line 858, seed 004 line 801), and V/2 more
// for Harassment's V effect.
func freeMove(v float64, nV int, harassed bool) float64 {
	if harassed {
		nV++
	}
	return v / 2 * float64(nV)
}

// updateBerserk starts Berserk when its condition comes true (bleeding here; the
// death of a named ally in berserkOnDeath, sim/berserk.go; others are reported
// as not modelled) and ends it for good on
// a daze or a stun ("Dazing or Stunning a berserk miniature will end the
// effect").
func (e *engine) updateBerserk(i int) {
	c := &e.c[i]
	sk, ok := c.f.Profile.Skill("berserk")
	if !ok || c.berserkOver {
		return
	}
	if c.berserk && (c.dazed || c.stunned) {
		c.berserk, c.berserkOver = false, true
		return
	}
	if !c.berserk && sk.Text == "bleeding" && c.bleeding > 0 && !c.dazed && !c.stunned {
		c.berserk = true
		if e.trace != nil {
			e.tracef("    %s goes berserk\n", e.name(i))
		}
	}
}

// plan returns the cached exchange plan of key, Safar i attacking.
func (e *engine) plan(k planKey, i int, opt *fightOption) *plan {
	if pl, ok := e.plans[k]; ok {
		return pl
	}
	att, def := int(k.att), int(k.def)
	s := e.kindSide[att]
	// The Exchange in a chunk (planchunks.go).
	ex := chunkExchange(e.exchange(att, def, opt.weapon, opt.attack))
	ex.Attacker, ex.Defender = k.attMod.apply(ex.Attacker), k.defMod.apply(ex.Defender) // spells
	if k.attBare {
		ex.Attacker = bareHeaded(ex.Attacker)
	}
	if k.defBare {
		ex.Defender = bareHeaded(ex.Defender)
	}
	if k.attUnder {
		ex.Attacker = withoutUnder(ex.Attacker)
	}
	if k.defUnder {
		ex.Defender = withoutUnder(ex.Defender)
	}
	if opt.defWeapon != nil {
		ex.Defender = ex.Defender.WithWeapon(opt.defWeapon) // seed 000 line 1722
	}
	ex.Assault = k.assault
	ex.DefenderHurt = k.defHurt
	ex.DefenderShotReady = k.defShot             // sim/riposteshot.go
	ex.Attack = ownAssaultEffects(ex, ex.Attack) // vv_power_effect, not in an assault (sim/ownrules.go)
	if k.ambushFirst {
		ex.AttackBonus, ex.DamageBonus = ambushBonus(ex.Attacker) // sim/ambush.go
	}
	ex.AttackBonus += int(k.boostAtt) // an activation an ally forwent its own for (sim/apauras.go)
	ex.DamageBonus += int(k.boostDmg)
	ex.ExecutionerUsed = k.execUsed
	ex.HarassmentUsed = k.harassed
	ex.DefenderDazed, ex.DefenderStunned = k.dazed, k.stunned
	ex.AttackerBerserk, ex.DefenderBerserk = k.attBerserk, k.defBerserk
	ex.DefenderAlert = k.alert
	ex.DefenderWarned = k.warned
	ex.AttackerCFReroll, ex.DefenderCFReroll = k.attCF, k.defCF
	if k.warned {
		df := *ex.Defender
		df.AP = min(df.AP+2, 7) // the free defence's AP (Exchange.DefenderWarned)
		ex.Defender = &df
	}
	ex.Support, ex.DefenceSupport = int(k.support), int(k.defSupport)
	ex.SupportStature, ex.DefenceSupportStature = int(k.supStature), int(k.defStature)
	ex.Supported, ex.DefenceSupported = k.supported, k.defSupported
	ex.AttackerSlippery, ex.DefenderSlippery = k.attSlippery, k.defSlippery
	ex.Cover = int(k.cover)
	ex.Height = shotHeightToises * float64(k.height) // sim/climb.go
	ex.DefenderTemerity = int(k.temerity)
	ex.GuardBonus = int(k.guard) // sim/guard.go
	ex.DoubleDamage = k.double   // sim/carddouble.go
	ex.HeroicAttack = k.heroic   // sim/cardheroic.go
	ex.CritDrain = k.critDrain   // sim/cardcrit.go
	ex.PiercingShot = k.piercing // sim/piercing.go
	if k.bleeding {
		df := *ex.Defender
		df.Bleeding = true
		ex.Defender = &df
	}
	if opt.shot {
		ex.Range = bandRange(opt.weapon, int(k.band))
	} else {
		ex.BeyondCounterReach = k.band == bandFar // sim/reach.go
	}
	if e.policies[1-s].reserves() {
		// The defender weighs the AP it keeps against what the attacker can still do
		// with the AP it has left in this activation.
		r := newReserve()     // planchunks.go
		ranged := k.attRanged // in the key: a cached plan's reserve is that of the state it was made for
		tax := int(k.attTax)  // its attacks' AP aura tax (sim/apauras.go)
		always := func(o *fightOption) (int, int, bool) { return o.ap() + tax, bandEffective, !o.shot || ranged }
		for kk := range 8 {
			v, _ := planDP(e.opts[att][def], int(k.apLeft), kk, always, zero, 0, 0)
			r[kk] = -v
		}
		for kk := range min(int(k.defFloor), 8) {
			r[kk] = r[min(int(k.defFloor), 7)] // AP kept below its AP aura's floor are worth the floor (sim/apauras.go)
		}
		ex.Policy.Reserve = r
		// What its counter's daze or stun is worth, by the same tables
		// (sim/countervalue.go).
		ex.Policy.CounterStatus = e.counterWorth(att, def, int(k.apLeft), k.attDazed, ex, ranged)
	}
	if err := ex.Prepare(); err != nil {
		panic("sim: fight option became illegal: " + err.Error())
	}
	pl := ex.newPlanIn(nil, newPlanValue()) // newPlan, in a chunk (planchunks.go)
	e.plans[k] = pl
	return pl
}

// rerollTags writes the trace tags of a roll's rerolls: Duellist, an enemy's
// forced reroll (sim/forced.go), Master X, a mastery die.
func rerollTags(b *strings.Builder, duellist, spell, master, mastery bool) {
	if duellist {
		b.WriteString(" [dice rerolled by Duellist]")
	}
	if spell {
		b.WriteString(" [highest die rerolled, forced by a spell]")
	}
	if master {
		b.WriteString(" [Master reroll]")
	}
	if mastery {
		b.WriteString(" [mastery die spent]")
	}
}

// traceExchange writes one attack of i on j in a fight trace.
func (e *engine) traceExchange(i, j int, ev TraceEvent) {
	var b strings.Builder
	kind := "attacks"
	if ev.Free {
		kind = "free attack"
	}
	target := ""
	if !e.duel {
		target = " " + e.name(j)
	}
	atk := ev.Attack.String()
	if ca := e.c[i].f.cardAttack(ev.Attack); ca != nil {
		atk += " (" + ca.Name + ")" // sim/cardattack.go
	}
	fmt.Fprintf(&b, "    %s %s%s %s: rolls %d", e.name(i), kind, target, atk, ev.Roll.Face)
	if ev.Roll.Critical {
		fmt.Fprintf(&b, " (CH, dice %d)", ev.Roll.Value)
	}
	rerollTags(&b, ev.Roll.Forced, ev.Roll.ForcedBySpell, ev.Roll.MasterUse, ev.Mastery)
	if ev.Mastery && ev.Roll.Critical && !ev.Free && e.c[i].f.Skills.KeepMasteryOnCH {
		b.WriteString(" [a CH: the mastery die comes back, card_keeps_mastery_on_ch]") // sim/cardmastery.go
	}
	if ev.Roll.BoostUse {
		b.WriteString(" (+1D10 of its ally's aura)") // in the total
	}
	if ev.Roll.Failure {
		fmt.Fprintf(&b, ": critical failure, it never happened\n")
		io.WriteString(e.trace, b.String())
		return
	}
	fmt.Fprintf(&b, ", total %d; %s defends %s", ev.Total, e.name(j), ev.Defence)
	if ev.Defence.Auto {
		b.WriteString(", no roll, no AP (free_auto_defence, once per turn)") // sim/autodefence.go
	} else if !ev.Defence.None {
		fmt.Fprintf(&b, ", rolls %d, total %d", ev.DefenceRoll.Face, ev.DefenceTot)
		if ev.DefenceRoll.Failure {
			b.WriteString(" (CF)")
		} else if ev.DefenceRoll.Critical {
			b.WriteString(" (CH)")
		}
		rerollTags(&b, ev.DefenceRoll.Forced, ev.DefenceRoll.ForcedBySpell, ev.DefenceRoll.MasterUse, ev.DefMastery)
		if ev.Cunning > 0 {
			fmt.Fprintf(&b, " (Cunning +%d for 1 AP)", ev.Cunning)
		}
		if ev.Boost > 0 {
			fmt.Fprintf(&b, " (+1D10 of its ally's aura: +%d)", ev.Boost)
		}
	}
	if ev.Success {
		fmt.Fprintf(&b, "; hit: %d damage", ev.Damage)
		if ev.ArmourReroll > 0 {
			fmt.Fprintf(&b, " (armour roll %d, rerolled by its card: %d)", ev.ArmourReroll, ev.ArmourFace)
		} else if ev.ArmourFace > 0 {
			fmt.Fprintf(&b, " (armour roll %d)", ev.ArmourFace)
		}
		if ev.Warded > 0 {
			fmt.Fprintf(&b, " (its card stops %d)", ev.Warded)
		}
	} else {
		b.WriteString("; stopped")
		if ev.Counter > 0 {
			fmt.Fprintf(&b, ", counter %d damage", ev.Counter)
		}
		if ev.ArmourReroll > 0 {
			fmt.Fprintf(&b, " (armour roll %d, rerolled by its card: %d)", ev.ArmourReroll, ev.ArmourFace)
		}
		if ev.Warded > 0 {
			fmt.Fprintf(&b, " (its card stops %d)", ev.Warded)
		}
	}
	if ev.Saved > 0 {
		who := "the defender's"
		if !ev.Success {
			who = "the attacker's"
		}
		fmt.Fprintf(&b, "; %s saving roll cancels %d effect(s)", who, ev.Saved)
	}
	b.WriteString("\n")
	io.WriteString(e.trace, b.String())
}
