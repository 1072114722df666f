package sim

import (
	"fmt"
	"strings"
)

// RuleStatus says how the simulator reads one rule of the rulebooks.
type RuleStatus uint8

// The statuses of a rule (docs/rules.md, "Every rule of the combat chapters").
const (
	// RuleModelled: the engine plays the rule; Rule.Where says where.
	RuleModelled RuleStatus = iota
	// RuleVariant: a rules variant (--rules) plays it; Rule.Where names it.
	RuleVariant
	// RuleNotModelled: the engine leaves it out; Rule.Where says why. Results it
	// touches list it (RulesNotModelled).
	RuleNotModelled
)

// String returns "modelled", "variant" or "not modelled".
func (s RuleStatus) String() string {
	switch s {
	case RuleModelled:
		return "modelled"
	case RuleVariant:
		return "variant"
	case RuleNotModelled:
		return "not modelled"
	}
	return "?"
}

// RuleScope is the set of results a rule can change.
type RuleScope uint8

// The results a rule touches: a single exchange (kharn odds), a duel, a
// skirmish (and everything built on skirmishes: costs, reports).
const (
	InExchange RuleScope = 1 << iota
	InDuel
	InSkirmish
)

// Rule is one rule of the combat chapters of the two rulebooks (seed 000 "Game
// conventions", "Actions and status", "Effects and status"; seed 004 the same
// chapters) and how the simulator reads it.
type Rule struct {
	// Name is the rule as the English rulebook names it.
	Name string
	// Source is where the rulebooks give it (seed file and lines) or the ruling.
	Source string
	Status RuleStatus
	// Where is, for a modelled rule, the code that plays it; for a variant, the
	// variant's name; for a rule not modelled, why.
	Where string
	// Scope is the results it changes; a rule not modelled is listed with them.
	Scope RuleScope
}

// all is every kind of result.
const all = InExchange | InDuel | InSkirmish

// fights is duels and skirmishes.
const fights = InDuel | InSkirmish

// rules is the one table of the rules of the combat chapters: docs/rules.md
// prints it (TestRulesDoc keeps the page up to date, go test ./sim -run
// TestRulesDoc -update rewrites it) and results list its rules not modelled
// (RulesNotModelled). Adding or changing how a rule is read touches this row,
// the code it names and its test.
var rules = []Rule{
	// Game conventions.
	{"Aura and zone of control", "seed 000 l.585-600", RuleModelled, "`sim/field` (0.5 toise, natural Reach X), `engine.engaged`", fights},
	{"1, 2, 3 rule", "seed 000 l.486-496; R7", RuleModelled, "`Exchange.Check`, `CheckDefence`", all},
	{"Leaving the battlefield", "seed 000 l.476-478; seed 004 l.397-399", RuleModelled, "`field.Walk`, `field.Repel` (stopped at the edge, collision)", fights},
	{"Collision", "seed 000 l.637-641; seed 004 l.570-576", RuleModelled, "`engine.push`: 1D5 HP to each, the smaller base (equal: both) to the ground; an obstacle or the edge 1D5", fights},
	{"Terrain: loose, slippery, difficult ground", "seed 000 l.650-655; seed 004 l.585-590; R-FR", RuleModelled, "`sim/field` (velocity -1, -1 and Stable lost, -2)", InSkirmish},
	{"Terrain: difficult ground halves movement", "seed 000 l.655", RuleVariant, "`english`", InSkirmish},
	{"Bulky: V effects move it little, ground does not slow it", "skills.md #41", RuleModelled, "`engine.freeMoveOf`, `bulkyMove` (one V effect 0.5 toise, two in one exchange V/2: VV, V and Harassment; a defender's V counter or Survival instinct 0.5), `field.Base.SureFooted` in `field.Walk` (loose, slippery, difficult ground)", fights},
	{"Terrain: water (swimming, no weapon, armour taken off)", "seed 000 l.654, 1252; seed 004 l.589", RuleModelled, "`field.Walk` (velocity halved), `engine.swim`, `engine.inWater` (sim/water.go): no attack with a weapon (nor an assault whose walk ends in water), manufactured armour taken off for 3 AP or the Safar lost (a natural one, the card's or an item marked `natural`, kept); defences as on dry land; the policies do not steer round water", InSkirmish},
	{"Deployment", "seed 000 l.542-546; seed 004 l.467", RuleModelled, "`engine.deploy`: fixed, symmetric, 3-toise strips (2 under `english`)", InSkirmish},
	{"Deployment chosen by the players", "seed 000 l.542-546", RuleNotModelled, "deployment is fixed, symmetric, in list order (Scout X and Ambush place their Safars by the policy: sim/deploy.go, sim/ambush.go)", InSkirmish},
	{"Round course and activation order", "seed 000 l.552-581; R14, R15", RuleModelled, "`engine.play`, `engine.activate`", fights},
	{"End of the game", "seed 000 l.460; R16, R16a", RuleModelled, "`engine.play` (annihilation at the end of the round; round limit)", fights},
	{"Scenario objectives: victory by the majority of objectives, even annihilated", "seed 000 l.114, 460; seed 004 l.41, 383; R-Obj3", RuleModelled, "`engine.objectiveWinner` (victory points at the end; equal points: the battle's result); annihilation without objectives", InSkirmish},
	{"Scenario objectives: markers held at the end of a round", "R-Obj1 (the rulebooks give no scenario)", RuleModelled, "`engine.holder`, `engine.scoreRound` (a fit Safar's base edge within the marker's control, no enemy there); the default policy sends one runner a marker (`engine.objectiveAct`)", InSkirmish},
	{"Scenario objectives: an object carried off the table", "R-Obj2 (the rulebooks give no scenario)", RuleModelled, "`engine.pickUp`, `engine.relicAt`, `engine.goTo` (dropped where its carrier leaves play, scored at the carrier's own edge)", InSkirmish},
	{"Objectives mastery", "seed 000 l.343; seed 004 l.274; R4", RuleModelled, "`engine.objectiveTest` (a scenario's pick-up test)", InSkirmish},
	{"Savage: no scenario actions, no objectives", "skills.md #58", RuleModelled, "`engine.handles` (never holds, contests, picks up or carries)", InSkirmish},
	// Actions and status: movement.
	{"Walking (free, then 1, 2, 3 AP)", "seed 000 l.687-702; R14", RuleModelled, "`engine.walkCost`, `field.Walk`", fights},
	{"Assault", "seed 000 l.707-719; seed 004 l.634-646; R8a", RuleModelled, "`engine.attack`: stature on the first melee attack, target in sight at the start, not engaged", fights},
	{"Climbing, stepping over, helping up", "seed 000 l.721-732; seed 004 l.648-656", RuleNotModelled, "walks stop at scenery taller than 1.5 toises; no climbing", InSkirmish},
	{"Swimming", "seed 000 l.734-736; seed 004 l.676-680", RuleModelled, "`engine.wade`, `field.WaterEntry` (sim/water.go): a paid walk (toward, away, an assault's, to an objective) whose centre starts in deep water or enters it is a swim: 2 AP in place of the walk's (+1 dazed), one movement, at half speed in the water; a Safar wearing an armour item marked `metal_or_stone` (half-plate, plate), or without the AP, stops at the water's edge at the walk's cost; a natural armour (`natural`, the tembos' shell) swims; free moves into water are not swims; the policies neither steer round water nor weigh the swim's AP", InSkirmish},
	{"Falling and landing", "seed 000 l.754", RuleNotModelled, "no heights to fall from (terrain height only blocks sight)", InSkirmish},
	{"Getting back on one's feet", "seed 000 l.750, 1372; R17", RuleModelled, "`engine.do` (actStandUp)", fights},
	// Offensive melee actions.
	{"Attacks of 1, 2, 3 AP and their effects", "seed 000 l.836-872; R9, R10", RuleModelled, "`Exchange.damage`, `hitEffects`", all},
	{"Effects V, C: free moves and repel", "seed 000 l.802, l.812, l.852-872; seed 004 l.743, l.751; R10", RuleModelled, "`engine.attack`, `engine.push` (a single exchange reports distances); a repel goes straight away; a V effect the policy chose moves a shooter in the direction it chooses where straight away is cut short by the edge, an obstacle or a base (`engine.vStep`, sim/stepaway.go: along the edge, beyond every enemy's walk and assault, or not at all); the free moves of Harassment and Survival instinct go straight away", all},
	{"Support", "seed 000 l.790-794, 1112-1114; R8", RuleModelled, "`engine.supporters`", InSkirmish},
	{"Special attacks: Bunt, Bite, Trample", "seed 000 l.874-892; R18", RuleModelled, "`Exchange.damage`", all},
	{"Card-defined special attack (skills.md section 3, pattern I: the attached beasts; a mount's own attack)", "skills.md section 3 I; seed 000 l.874-892, seed 004 l.825-829; R18, R9a, R12", RuleModelled, "`Kind` Card, `Exchange.Check`, `cardAttackDamage` (sim/cardattack.go), a profile's or mount's `special_attacks`: 2 AP, its two characteristics + the level dice, no weapon bonus, no effect, a hit deals its damage characteristic, its bleeding and daze, + stature on a CH (R9a, as Bunt and Trample), ticks no armour box (R12); limited only by AP unless `once_per_activation` (then R18's one special attack per activation); `only_attack` (the beasts: \"it is their only attack\") forbids the Safar's ordinary melee attacks and shots, its keyword special attacks stay; a mount's is made with its rider's AP and the mounted characteristics; exact engine, sampler, duels and skirmishes, the policies weigh it by expected value like any attack", all},
	{"Characteristics not printed (stats: null)", "catalogue.md 4.5 and section 8 item 9; seed 000 l.1090, seed 004 l.1051 (a defence engages at least one characteristic of the attack), l.1092 / l.1055 (the reflex defence engages none: LD10 alone)", RuleModelled, "`Profile.NotPrinted` (`stats: {P: ~}`), `printed` (sim/cardattack.go): no attack, defence, effect, counter or free attack engages one (`Exchange.Check`, `checkDefence`, `freeAttack`, `bestTwo`: Bite and Bunt take the best printed, one printed twice); so a Safar with only V defends with reflex, or with V when the attack engages V; a spell defence engages I and is reflex only without it (`Cast.plan`); an objective test engaging one (the relic's pick-up) cannot be taken (`engine.pickUp`); a temerity or fright test of a T or I not printed, with no `stat_counts` to give it, rolls the die alone (T + 1D10 >= 10 with T counted 0: passes on 10 only); poison kills by the printed P, A, C, I only", all},
	{"Critical hit, critical failure, mastery", "seed 000 l.360-373; R1-R4", RuleModelled, "`sim/dice`, `Exchange.attackPool`", all},
	{"Item: mastery-reroll charm (+N on a mastery reroll of one field)", "catalogue.md 4.6 \"Items\"; R4", RuleModelled, "`dice.Pool.RerollBonus` from `Exchange.attackPool` and `Exchange.defenceBase`, the casting and spell-defence pools (`Cast.plan`) and `engine.objectiveTest` (sim/items.go): items with `reroll_field` and `reroll_bonus`; the bonus adds to the roll's value on every roll of its field with a mastery die spent (the CH and the CF read on the die), the best of several charms of a field; exact engine and sampler (the policies' reroll thresholds do not count it)", all},
	{"Item: healing flask", "catalogue.md 4.6 \"Items\"; seed 000 l.1153 (a drink, 2 AP)", RuleModelled, "`engine.drink` (sim/items.go): an item with `heal` (dice), one drink per copy, 2 AP, on its feet, up to its starting HP; the default policy drinks when the HP healed, less the roll wasted, beat the AP (`itemChoice`, valued as the heal spells' `castValue` and `devourChoice`)", fights},
	{"Critical hit automatic success", "R2", RuleVariant, "`ch-auto-success`", all},
	{"Two one-handed weapons: the one used is chosen per action", "seed 000 l.1722; seed 004 l.1634", RuleModelled, "`engine.options` (attacks with both; the defender's weapon per attack); two copies of one weapon are one in each hand (profiles/copies.go: only weapons and stackable items come in copies; one armour, one stacking armour, one helmet)", fights},
	{"Vivacity: 1 AP more per A effect, a free attack of two characteristics dealt in full", "skills.md #33", RuleModelled, "`Attack.Vivid` (`--attack 2:PA:A+vivacity`), `Exchange.freeAttack`, `checkVivid`, `engine.vividRefund`: melee attacks only; the free attack engages the attacker's best allowed characteristic twice (as a 2 AP attack may), no effect, no CH stature; the AP is kept with the attack and given back when no free attack is made; the option tables list vivid attacks beside the plain ones and the policies weigh them by expected damage", all},
	{"Master archer: +1 damage on shots with a bow", "skills.md #47; seed 000 l.1638", RuleModelled, "`masterArcher` in `Exchange.baseDamage`: before the range modifier (R9, applied last), doubled with the rest on a CH; a bow is a ranged weapon with `munition: arrows` (`Equipment.IsBow`), which the importer sets from munitionKind `fleches`, except a blowpipe (id or name sarbacane, blowpipe: darts)", all},
	{"Ambidextrous: a 3 AP attack as two 2 AP attacks, one per weapon", "skills.md #21", RuleModelled, "`engine.splitOptions` (figures of both exchanges, the second against the AP the first leaves), `engine.splitSecond`; `kharn odds` shows each split exactly (`sim.Split`, sim/split.go: the second exchange from the state the first left, checked against its sampler); the assault bonus on the first only; played when the policy's plan values it more. With a weapon of `hands: 1-2` held in both hands (no shield, no second weapon) it has Riposte (`ambidextrousRiposte`, every exchange)", fights},
	// Offensive range actions.
	{"Line of sight", "seed 000 l.904-912", RuleModelled, "`field.LineOfSight`", InSkirmish},
	{"Cover", "seed 000 l.914-944", RuleModelled, "`field.Cover`", InSkirmish},
	{"Shots: lightning, in motion, basic, precise", "seed 000 l.954-1027; R3, R9", RuleModelled, "`Exchange.Attacks`, `Exchange.damage`", all},
	{"Shots: heights, range bands, ammunition, reload", "seed 000 l.970-990; seed 004 l.934-964", RuleModelled, "`engine.band`, `engine.attack`", fights},
	{"Ammunition only bought (a weapon with neither included shots nor reload)", "catalogue.md 4.7", RuleModelled, "profiles/ammunition.go: a list's loadout has the shots it buys (added to included ones), none if none bought: the weapon is left out (`Loadout.Items`), it cannot shoot; fielded with no list, the weapon's `bought_ammunition` (the cheapest purchase of simple ammunition), its Krowns in `Loadout.Cost`; `engine.reset` counts that default for a weapon given as the data has it", fights},
	{"Shooting into a melee: a missed shot hitting someone else", "seed 000 l.914-944", RuleNotModelled, "the rulebooks say nothing of it; a missed shot hits no one", InSkirmish},
	{"Throwing an object", "seed 000 l.1029-1062", RuleNotModelled, "no objects on the table to throw", InSkirmish},
	{"Structure points, destroying an object", "seed 000 l.1066-1082", RuleNotModelled, "no objects with structure points on the table", InSkirmish},
	// Defensive actions.
	{"Reflex defence, defences of 1-3 AP, counters", "seed 000 l.1084-1114; R5, R11, R11a", RuleModelled, "`plan.bestResponse`, `counterChoice`", all},
	{"Bleeding and critical statuses of a counter's weapon", "seed 000 l.786, l.1062, l.1348, l.1368-1378; seed 004 l.312, l.1308-1319; R11, R11a, R9a, R17", RuleModelled, "`counterDamage` (its weapon's bleeding and on-CH status), `counterStatuses` and `engine.counterStatus` (sim/counterstatus.go): a counter that deals damage puts the defender's weapon's bleeding on the attacker, its daze or stun on a defence CH (the attacker's helmet guards as against an attack); exact engine (`p_attacker_bleeding`, `expected_attacker_bleeding`, `p_attacker_dazed`, `p_attacker_stunned`), sampler, duels and skirmishes (a stunned attacker's activation ends, an Ambidextrous split makes no second attack); the best response and the fight policies count the bleeding as they count an attack's (`bleedTicks`)", all},
	{"A counter only within the defender's weapon reach", "seed 000 l.1098, l.1644; seed 004 l.1508-1510", RuleModelled, "`Exchange.BeyondCounterReach` (`counterChoice`, `counterOf`, `counterEffects`, `poisonsBack`): a successful 2-3 AP defence of a defender whose counter reach (zone of control or natural Reach X, its weapon's reach or `defence_reach`, a reach in defence only: `Allonge en défense uniquement`) the attacker stands beyond still stops the attack, with no damage, effect or poison dose; fights set it from the gap (sim/reach.go: `engine.beyondCounter`, the option tables' figures there in band `bandFar`, read by the default policy's plans, `dpInKey.far`). Duels and skirmishes alike: an assault walks toward base contact, so an attacker stands beyond the counter reach only when its walk ended short of contact with the target within its reach (the target farther than the walk), was blocked, or after a repel or a V move; the policy values those attacks without a counter but does not stop its walk at its reach on purpose nor step back to open the gap", fights},
	{"Armour and shields", "seed 000 l.1781-1830; R12, R13; catalogue.md 4.6 \"Armour\"", RuleModelled, "`armourParts`, `throughArmour`, `defenceModifier`; an armour carried replaces the one printed on the card, with its heavy threshold (`heavy_threshold`, catalogue heavySeuil) when the printed one stops at least as much below and from its threshold (`wearArmour`, `ArmourStats.ForWearer`); an armour that stacks (`stacks_with_armour`, catalogue stacksWithArmor) is worn under the other: what the ordinary armour lets through meets it, rolled and ticked by R12 on its own, armour-piercing and armour-ignoring spent on the ordinary armour, its boxes read when an exchange starts and ticked after it (`underParts`, `underRoll`, `engine.wearUnder`, sim/armour_slots.go); spells meet the ordinary armour only", all},
	{"A weapon that also protects", "catalogue.md 4.6 \"Armour\" (an item of another category that carries a seuil); R12", RuleModelled, "a melee weapon with `protection` and `boxes` (catalogue seuil, protectionEchec, protectionReussite, durability) wears its armour in the second armour slot while it is the weapon held or the off-hand one (`wearWeaponArmour`, sim/armour_slots.go), as an armour that stacks: what the ordinary armour lets through meets it, rolled and ticked by R12 on its own; one second armour per Safar (a stacking armour and such a weapon are refused together). Reading: it is worn for the whole fight, also while its Safar shoots with a ranged weapon in hand", all},
	{"Armour rolls level dice", "R12", RuleVariant, "`armour-level-dice`", all},
	{"Helmets: no CH bonus damage taken, immunity to daze and stun, boxes that wear out", "catalogue.md 4.6 \"Helmets\"; seed 004 l.1312, 1319", RuleModelled, "`helmetGuard` (sim/helmet.go) in `Exchange.damage` and `counterDamage`: keys `no_critical_damage` and `immune`; a helmet with `boxes` works while boxes are left, one ticked per exchange in which it took a CH's bonus or status away or a daze (`engine.wearHelmets`); the boxes left are read when an exchange starts", all},
	// Generic actions.
	{"Generic action: Tending to a wound", "seed 000 l.1260-1264; seed 004 l.1176-1180", RuleModelled, "`engine.tend` (itself or an ally in its zone of control); the default policy tends when the bleeding saved beats the AP (`tendChoice`)", fights},
	{"Generic action: On the alert", "seed 000 l.1204-1208; seed 004 l.1142", RuleModelled, "`engine.goAlert`, `Exchange.DefenderAlert` (its highest characteristic); the default policy uses it with AP that cannot defend (`alertWorth`)", fights},
	{"Generic action: Shouting a warning", "seed 000 l.1238-1244; seed 004 l.1098-1102", RuleModelled, "`engine.shout`, `Exchange.DefenderWarned` (an ally in the lookout's aura, the shooter in sight, once per target and turn); the default policy shouts when the damage saved beats the AP kept", InSkirmish},
	{"Generic action: Hiding", "seed 000 l.1177-1181; seed 004 l.1214-1216", RuleModelled, "`engine.hide`, `engine.hiddenFrom` (sim/hide.go): behind scenery at least half its stature high, no shot nor assault across it until its next voluntary action; the default policy hides from shooters with an AP left (`hideWorth`); spells are not stopped, walking to cover in order to hide is not planned", InSkirmish},
	{"Generic action: Switching equipment in hand", "seed 000 l.1248-1250", RuleModelled, "`engine.do` (actSwitch)", fights},
	{"Generic action: Devouring (Carnivorous; Khârns and Fangs by nature)", "seed 000 l.1141-1147, 1618; seed 004 l.1122-1130; skills.md #1", RuleModelled, "`engine.devour` (sim/devour.go: 2 HP per AP, capped by its own and the victim's starting HP, not engaged, one Devour per carcass); the default policy devours when the HP healed beat the AP (`devourChoice`)", InSkirmish},
	{"Generic action: Dropping/picking up (a scenario's object)", "seed 000 l.1161-1165; seed 004 l.1112-1114", RuleModelled, "`engine.pickUp` (1 AP or the scenario's, within its zone of control; hands are not counted: any Safar but a Savage one picks the object up with its weapons in hand)", InSkirmish},
	{"Generic action: Carrying/transporting (a scenario's object)", "seed 000 l.1118-1127; seed 004 l.1201-1212", RuleModelled, "`engine.carryMalus` (velocity -2 with P under 4, -1 with P 4 or more, the French text; one object leaves attacks and defences free)", InSkirmish},
	{"Generic action: Drinking an antidote", "seed 000 l.1153-1157; seed 004 l.1078-1082", RuleModelled, "`engine.antidote` (sim/items.go): an item with `antidote`, one drink per copy, 2 AP stop one malus, 4 AP the poisoning, its own only (giving it to an ally in its zone of control is not played); the default policy drinks when the life the poison threatens within its horizon beats the AP (`antidoteChoice`)", fights},
	{"Generic actions: Putting out a fire, Smothering the flames", "seed 000 l.1222-1228, 1246; seed 004 l.1146-1156", RuleModelled, "`engine.putOut` (sim/fire.go): on itself or an ally in its zone of control, 1 AP and A + 1 + LD10 >= 12 with deep water in its zone of control and hands, else 2 AP and >= 14, rolled as an objective test (frostbite and poison lower A); the default policy plays it when its chance times the fire's 2 HP beats the AP (`putOutChoice`); water or ice brought by a spell is not played", fights},
	{"Generic actions on other objects, carcasses and scenery (carrying an ally, giving, looting, digging, opening, picking a lock, reading, detecting, fires, negotiating)", "seed 000 l.1118-1258", RuleNotModelled, "no such objects or fires on the table; scenario files have only markers and one relic; carcasses are only devoured; armour is taken off only to swim (sim/water.go)", InSkirmish},
	// Morale.
	{"Temerity test: alone, terror", "seed 000 l.1274-1306", RuleModelled, "`engine.morale`, `engine.terrorTest` (Fearless and Bound X take none, a Bite's included)", InSkirmish},
	{"Critical thresholds lowered after a passed temerity test", "seed 004 l.1231-1232, l.108-112; seed 000 l.1284", RuleModelled, "`engine.passLast`, `Fighter.CriticalLower` (sim/critthresh.go): the last Safar of its side that passes its temerity test (rolled, by its leader's aura or by Rallying) has the CH threshold of its attack and defence rolls lowered by 1 until the start of the next turn, a CH on 9-10 (8-10 with a CH 9-10 weapon), bare hands, special attacks, shots and free attacks included (`Exchange.attackPool`, `defenceBase`, carried in the plan key: `statMod` slot `modBold`), and of its objective tests (`engine.objectiveTest`); reading: the CH threshold moves, the CF range stays (seed 004 l.108-112 name both critical; where the rulebooks take a CF away they say so, R3). The policies' option tables, per kind, do not see it; casting: the next row", InSkirmish},
	{"Critical thresholds lowered after a passed temerity test: casting and spell-defence rolls", "seed 004 l.1231-1232", RuleNotModelled, "the casting tables are per kind, with no lowered critical threshold: the last Safar casts and defends against spells with a CH on 10", InSkirmish},
	{"Fright test", "seed 000 l.1308-1337; seed 004 l.1252-1280; skills.md #53", RuleModelled, "`engine.frightTest` (sim/morale.go): before the first melee roll against a frightening Safar and at each activation start while engaged with it, T + I + 1D10 (+1 in the leader's aura), a mastery die burnt to pass, the d10 table of results; Unshakeable Faith passes, Fearless and Bound X take none; the zone of control lost on a 2-3 changes nothing, engagement being read from either Safar's zone; the data format gives fright to Safars only (Fright X), not to weapons", fights},
	// Effects and status.
	{"Bleeding, dazed, stunned, on the ground", "seed 000 l.1348, 1366-1380; R17", RuleModelled, "`engine.activate`, `engine.attack`; the default policy values the daze and stun its first attack may put on a target not yet dazed or stunned, by the threat tables (daze: one AP less held to defend; stun: all of them, and its fall, `fallLoss`), and the daze or stun its counters may put on itself (a stun: the rest of its plan; a daze: its plan with one AP less) (`statusGains`, `statusRoot`, sim/statusvalue.go)", fights},
	{"A stunned Safar's loss of its zone of control", "seed 000 l.1368, l.627; seed 004 l.1312", RuleModelled, "`engine.exertsZone` (sim/stunzone.go) in `engine.engaged`: an enemy next to a stunned Safar is not engaged with it (it may assault, shoot, devour, hide and support elsewhere; no fright retest, no temerity test on entering a terrifying stunned Safar's zone), the stunned Safar lying in an enemy's zone is engaged with it (cover in a melee, supporters against it); its base still blocks", InSkirmish},
	{"Poison", "seed 000 l.1362; seed 004 l.1298-1306; R17", RuleModelled, "sim/poison.go: from a weapon with `poison` (every successful attack) or a poison dose (an item with `poison`, one spent on each attack with a weapon against a target not yet poisoned, hit or miss); `Result.PPoisoned`, `Outcome.Poisoned`; `engine.poisonTick` at the start of each activation (malus +1 to V P A C T I, death when P, A, C or I of the card less the malus is below 0, credited to the poisoner); the malus counts in exchanges and walks (`combatant.mods`), not in temerity tests; one poisoning at a time; a dose with `poison_defence` is also spent on a main defence of 2 or 3 AP against a melee attack, announced so hit or miss, and poisons the attacker when the defence stops it (`Exchange.poisonsBack`, `Result.PAttackerPoisoned`, `Outcome.AttackerPoisoned`, `engine.defencePoison`); an item with `poison_immune` keeps its holder from any poisoning (sim/items.go); antidotes: the generic action below", fights},
	{"Fire, frostbite", "seed 000 l.1352-1358, 1372; seed 004 l.1280-1288, 1317; R14", RuleModelled, "sim/fire.go: from a weapon with `fire` or `frostbite` (every successful attack), a shot of fire or poisoned ammunition a list bought (`ammunition: {W: {shots: S, cost: K, fire: F, poisoned: P}}`: spent on a target not yet burning or poisoned, plain shots otherwise while any are left) or a damage spell with `fire`/`frostbite` (its successful cast); `Result.PBurning`, `Result.PFrostbite`, `Outcome.Burning`, `Outcome.Frostbitten`; `engine.fireTick` at the start of each activation after bleeding and poison: 1 HP while it burns, credited to who set the fire, for good (its scar: flasks, Bite, Devour and heal spells stop below it), put out at once in deep water; one fire at a time; the temerity test of a burning non-magician with I under 5 until passed (`engine.fireTest`, a failure as any failed temerity test); frostbite: -2 V and A from the start to the end of its next activation (`combatant.mods`, `engine.velocity`), not cumulative; the default policy values the fire of its first attack on a target not yet burning, fireTicks HP times its chance (`statusGains`, sim/statusvalue.go; valued as bleeding on every attack, +2 HP per success, it played worse: sim/fire.go, fireTicks), not frostbite nor a spell's fire; fire on scenery (2 SP per round): the scenery row", fights},
	{"Carcasses", "seed 000 l.1376; seed 004 l.202", RuleModelled, "a defeated Safar leaves a carcass token that carnivores devour (`engine.carcass`)", InSkirmish},
	{"Carcasses as obstacles", "seed 000 l.277, 641, 1384; seed 004 l.202, 574, 1323", RuleModelled, "no obstacle in the rulebooks: the defeated miniature is replaced by a carcass token, and obstacles are scenery, scenario objectives and equipment with a profile card; `engine.othersOf` (the bases that block walks, repels and sight) takes Safars in play only, so a carcass blocks neither walks nor sight", InSkirmish},
	{"Berserk: +P to damage, Endurance, no AP in defence, the closest miniature in sight attacked", "seed 000 l.1604-1610; seed 004 l.1514-1517", RuleModelled, "`engine.updateBerserk`, `berserkAct` (friend or foe)", fights},
	{"Card skills for other Safars of the Spearhead (catalogue.md 3.8 grant-skill on others; skills.md section 3 pattern D, 3.2)", "catalogue.md 3.8; skills.md #12, section 3 D", RuleModelled, "`grantedMembers`, `grantedCopies` (sim/allies.go, `profiles.GrantedProfiles`): a card's `grants_allies` (to all, profiles, traits, factions; while it leads; with at least N Safars of a kind) and a list's `card_grants` (special cards) read once on the list, for the whole battle; skills given only within an aura or a distance: the next row", InSkirmish},
	{"Combat buffs for allies in its aura or within a distance (skills.md section 3, pattern D)", "skills.md section 3 D; seed 000 l.585-593; seed 004 l.510-512", RuleModelled, "`engine.refreshAuras`, `auraAfterWalk` (sim/auragrants.go): a card's `aura_grants` give the allies they name skills of class EXCHANGE or Brutal charge while they stand within its aura (I toises) or N toises of it, centre to centre, the card's Safar in play; checked before each action of any Safar, at the end of each activation and after an assault's walk (the attack then takes the buffed table's attack of the same AP and weapon); a Safar in reach fights with one more kind per set of grants (at most 4 grants on one Safar), its option tables built with the others and equal to those of the card printed with the skill. Pattern D's buffs that are no skill (a bonus on shots, a free reroll per defence, +1D10 once per turn, a V effect after a failed defence, daze on a CH, a wider aura, a CF reroll) have no field and stay card rules not modelled on their profile", InSkirmish},
	{"Counts in play: a characteristic recounted from the Safars of its side (catalogue.md 3.8; skills.md section 3 C1, C2)", "catalogue.md 3.8 \"Counts in play\"; skills.md section 3 C1, C2", RuleModelled, "`engine.statOf`, `recounted` (sim/counts.go): a card's `stat_counts` (count: T = max(T, n); max: the best printed value; per: + amount x n), the Safars of its side on the table and not defeated, itself included, recounted at each temerity test (alone, terror, entering terror, a Bite's), fright test (T and I) and the fear of a terror threat; spells and the aura radius read the printed I", InSkirmish | InDuel},
	{"Temerity support for allies in its aura (skills.md section 3, C3)", "skills.md section 3 C3; seed 000 l.585-593", RuleModelled, "`engine.auraTemerity` (sim/auras.go): a card's `morale_auras` give the allies they name within its I toises +N T or its T in their temerity and fright tests, the best aura only; the importer cannot read them from card texts (a hand mapping per profile)", InSkirmish},
	{"Bonus inside its leader's aura (skills.md section 3, B)", "skills.md section 3 B; seed 000 l.402, l.591", RuleModelled, "`engine.passesTerror`, `leaderAuraVelocity` (sim/auras.go): a card's `in_leader_aura` passes its terror and last-Safar temerity tests and adds to its V while its leader holds it in its aura (a Bite's test is still rolled); the importer cannot read it from card texts", InSkirmish},
	{"Berserk X triggered by the death of a named ally", "skills.md #56; seed 000 l.1604; seed 004 l.1514", RuleModelled, "`engine.berserkOnDeath` (sim/berserk.go): `berserk: death of ID` turns berserk when an ally it names (profile id, model or trait) is defeated, unless dazed or stunned; a duel has no ally", InSkirmish},
	{"Mounts: a rider on its mount as one Safar, its options and equipment; the mount's Sacrifice towards its rider", "catalogue.md 4.6, 4.11; skills.md #51, #62; seed 000 l.1650", RuleModelled, "`profiles.DataSet.Mounted` (the rider's card plus the mount's bonuses and skills, the two statures summed, the natural reach plus the mount's); `profiles.WithMountOptions` (a list entry's `mount_options`: each option's skill, X up to its max); `mount_equipment` (only a mounted Safar takes it; the mount's armour worn in a slot of its own, as `stacks_with_armour`, sim/armour_slots.go); `engine.riderSacrifice` (sim/mount.go: `rider sacrifice: X`, at the start of its activation X HP for good for 1 AP, once per turn, when the AP is worth more to its attacks than the HP, never its last HP); the mount's own attacks and rules on its card are named per mount (`Mount.NotModelled`)", fights},
	// Magic (chapter IV; docs/rules.md "Magic").
	{"Casting a spell and defending against it", "seed 000 l.1424-1452; seed 004 l.1371-1402", RuleModelled, "`castPlan`, `engine.cast` (the default policy's `castFirst`)", all},
	{"Master X (esoteric) on a defence against a spell", "seed 000 l.1636; seed 004 l.1569", RuleModelled, "`castPlan.defTail`, `defRollPool` (sim/magic_master.go): as in the exchanges (R4), a free reroll of the target's whole defence pool after any esoteric mastery die when the kept face would not stop the casting total it knows (R5), in `Cast.Exact`, the sampler and fights; in fights once per turn with its other Master X rerolls (`castState.defMaster`, `engine.masterUsed`)", all},
	{"A healing the caster pays in HP", "skills.md 4.3 (healing); catalogue text \"le lanceur perd 1D5 PV, la cible en récupère autant\"", RuleModelled, "`caster_pays: true` on a healing level (`SpellLevel.CasterPays`, sim/magic_pay.go): when the heal applies, the target recovers the amount rolled (capped at what it lost) and the caster loses the amount rolled, whole (a loss, not a wound: no armour, no Moringa, credited to nobody; it may defeat the caster); the policy (`payWorth`) counts the HP paid at the ratio of the target's HP left to the caster's (each as a fraction of its card) and never casts it on itself or when the amount's maximum reaches the caster's HP. Not in `kharn odds --cast`, which shows the heal's distribution (the caster's loss is the same amount)", InDuel | InSkirmish},
	{"Master X of a way of magic: casting and spell defence of that way only", "skills.md #35; seed 000 l.1636; seed 004 l.1569", RuleModelled, "`master: osteomancy` (profiles/master_way.go, `Skills.MasterWays`): the free reroll of Master esoteric on casting a spell of that way and defending against one (`Skills.masterOn`, sim/magic_masterway.go), in `Cast.Exact`, the sampler and fights (`castState.master`, `defMaster`); a spell of another way or a generic spell of no way gets nothing; the importer writes it from the catalogue's Master \"ostéomancie\" (Heroic and Specialist of a way: the next row)", all},
	{"Heroic X and Specialist X of a way of magic: casting and spell defence of that way only", "skills.md #14, #42; seed 000 l.1632, l.1658; seed 004 l.1561, l.1579", RuleModelled, "`heroic: osteomancy`, `specialist: osteomancy` (profiles/master_way.go, `Skills.HeroicWays`, `SpecialistWays`): the one more die of Heroic esoteric and the natural 1 that is no CF of Specialist esoteric on casting a spell of that way and defending against one (`Skills.heroicOn`, `specialistOn`, sim/magic_masterway.go), in the cast plan (`Cast.Exact`, the sampler and fights); a spell of another way or a generic spell of no way gets nothing; the importer writes them from the catalogue's Héroïque and Spécialiste \"ostéomancie\"", all},
	{"Spell effects: damage, healing", "seed 000 l.1506; skills.md 4.3", RuleModelled, "`engine.cast`", fights},
	{"Spell effects: characteristic buffs and debuffs", "seed 000 l.1506-1518; skills.md 4.3", RuleModelled, "`engine.applyEffect`, `planKey.attMod`/`defMod` (the exchanges and walks read the modified characteristics)", fights},
	{"Spell effects: activation and movement control, morale, anti-magic", "seed 000 l.1506-1518; skills.md 4.3", RuleModelled, "`engine.applyEffect` (AP lost, no walk; fright as terror, `terrorOf`; ward, dispel, silence); spells of other categories are named not modelled per caster (`SpellsNotPlayed`)", fights},
	{"Spell effects: offensive and defensive buffs", "seed 000 l.1506-1518, l.940-946 (cover); skills.md 4.3", RuleModelled, "`statMod.applyOffence` (sim/magic_offence.go: attack bonus and critical range on the weapon in hand, not on bare hands nor special attacks); `engine.spellCover` (sim/magic_cover.go: cover of an obstacle N statures above the target's against shots)", fights},
	{"Spell effects: return from defeat", "skills.md 4.3", RuleModelled, "`engine.returnFromDefeat` (sim/magic_return.go): an allied carcass not devoured, within range of where it fell, comes back there or at the nearest free spot with the HP rolled, its statuses and spell effects gone, no AP until its activation; it counts for its side (R16a) and falls again after its last activation", InSkirmish},
	{"Spell effects: dice and skill tools (the target's reroll: rooted-fate; a skill granted: Skilled swordsman, Awakened)", "seed 000 l.1506-1518; skills.md 4.3", RuleModelled, "`reroll`: `Exchange.AttackerFate`/`DefenderFate`, `state.attTools`/`defTools` (bit `toolFate`), `decisionKey.defTools` (sim/fate.go: a free reroll of the lowest die, as R4's, before the mastery die; spent by the holder's next attack roll or defence roll against a main attack, used or not; casting, spell defence, armour and temerity rolls do not use it), valued by `fateWorth` (sim/magic_fate.go); `grant_skill: skilled swordsman`: `statMod.applySkills`; `grant_skill: awakened` (skills.md #13, seed 000 l.1602): the target's spell defence totals raised by its card's I (`castState.awake`, `castPlan.pSuccessWard`/`sampleWard`; nothing more for a card with the skill), valued by `awakeWorth` (sim/magic_awake.go)", fights},
	{"Spell effects: an enemy's forced reroll (`force_reroll`)", "skills.md 4.3, #34; seed 000 l.1620", RuleModelled, "`Exchange.AttackerForced`/`DefenderForced`, `state.attTools`/`defTools` (bit `toolForced`), `decisionKey.defTools`, `dice.Pool.ForcedFrom` (sim/forced.go: the enemy's highest die rolled again, the caster's player picking it as a Duellist's does, before the enemy's own rerolls; used on an attack face of 6 or more or a defence face that would stop the attack; spent by the enemy's next attack roll or defence roll against a main attack, used or not; casting, spell defence, armour and temerity rolls do not use it), valued by `forcedWorth` (sim/magic_forced.go)", fights},
	{"Spell effects: a roll's result fixed at the caster's I + N (`fixed_result`)", "skills.md 4.3", RuleModelled, "`Exchange.AttackerFixed`/`DefenderFixed`, the value in the high bits of `state.attTools`/`defTools` (`toolFixed`), `decisionKey.defTools`, `dice.Pool.Fixed` (sim/fixed.go: the target's next exchange roll is not rolled, its result is the caster's card I + N capped at 10, no CH or CF, no reroll; ally or enemy as the card's target allows; spent by its next attack roll or defence roll against a main attack; casting, spell defence, armour and temerity rolls do not use it), valued from the exact gain tables of the value (sim/magic_fixed.go: the holder's gain on an ally, negated on an enemy; never cast where it does worse than the dice for the caster's side)", fights},
	{"Spell effects: a d10 kept to replace a later one (`stored_die`)", "skills.md 4.3", RuleModelled, "`Exchange.AttackerStored`/`DefenderStored`, the face in the value bits of `state.attTools`/`defTools` with `toolStored`, `decisionKey.defTools`, `dice.Pool.Stored` (sim/stored.go: the face is rolled when the spell takes effect; the holder puts it in place of its kept die after every reroll when it is higher, a die's face for CH and CF; spent by its next attack roll or defence roll against a main attack, used or not: a simplification, a player may keep it for a roll that matters more; casting, spell defence, armour and temerity rolls do not use it), valued by its exact gain averaged over the face (sim/magic_stored.go, `holderWorth`)", fights},
	{"Spell effects: activating an ally now (call-of-the-ancestors)", "skills.md 4.3", RuleModelled, "`engine.activateNow` (sim/magic_activate.go: `activate_now`, `acted_ap_loss`): the ally plays a whole activation inside the caster's, with the AP loss when it already acted this round, else using its activation of the round; no nesting beyond one; the policy values an activation more for an ally that acted (`activateWorth`), nothing for one that has not", InSkirmish},
	{"Spell effects: every activation played again (`replay_all`, grand-appel)", "skills.md 4.3", RuleModelled, "`engine.replayAll` (sim/magic_replay.go): every Safar in play already activated this round, of both sides and the caster included, is ready again (R15) and plays a whole activation later in the round; once per round (a later success that round does nothing, which bounds an unlimited cadence); the policy values each such Safar's threat over an activation for its side and against the other (`replayWorth`)", fights},
	{"Spell durations and cadences", "seed 000 l.1494, 1518", RuleModelled, "`engine.effectsAtStart`, `effectsAtEnd`, `engine.mayCast`; a spell of duration special lasts, per difficulty, the level's own duration (`lasts`, `Spell.DurationOf`: set by the difficulty, as skills.md 4.2 reads a special target)", fights},
}

// Rules returns the table of the rules of the combat chapters, a copy.
func Rules() []Rule { return append([]Rule(nil), rules...) }

// RulesNotModelled returns the rules not modelled that touch results of scope,
// each with why, in table order: the list printed with those results.
func RulesNotModelled(scope RuleScope) []string {
	var out []string
	for _, r := range rules {
		if r.Status == RuleNotModelled && r.Scope&scope != 0 {
			out = append(out, fmt.Sprintf("%s (%s)", r.Name, r.Where))
		}
	}
	return out
}

// RulesMarkdown returns the table of rules as docs/rules.md prints it.
func RulesMarkdown() string {
	var b strings.Builder
	b.WriteString("| rule | source | status | where, variant or why | results |\n|---|---|---|---|---|\n")
	for _, r := range rules {
		var sc []string
		for _, s := range []struct {
			f RuleScope
			n string
		}{{InExchange, "exchange"}, {InDuel, "duel"}, {InSkirmish, "skirmish"}} {
			if r.Scope&s.f != 0 {
				sc = append(sc, s.n)
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", r.Name, r.Source, r.Status, r.Where, strings.Join(sc, ", "))
	}
	return b.String()
}
