package profiles_test

import (
	"fmt"
	"testing/fstest"

	"github.com/kharn-ages/kharn/profiles"
)

// A Mongo Warrior swaps the Mkuki on his card for a guisarme: 75 + (22-8) = 89
// Krowns (rulebook "Equipment", English seed 000 line 1688). The guisarme takes
// the Mkuki's place on the card.
func Example() {
	ds := profiles.Default()
	mongo, err := ds.Profile("mongo-warrior-2")
	if err != nil {
		panic(err)
	}
	l, err := ds.Equip(mongo, []string{"guisarme"}, []string{"mkuki"})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s level %d: %d Kr\n", mongo.Name, mongo.Level, mongo.Cost)
	for _, e := range l.Items(ds) {
		fmt.Printf("  %s (%s, %d Kr)\n", e.Name, e.Kind, e.Cost)
	}
	fmt.Printf("with the guisarme: %d Kr\n", l.Cost(ds))
	// Output:
	// Mongo Warrior level 2: 75 Kr
	//   Guisarme (melee, 22 Kr)
	//   Leather armour (armour, 6 Kr)
	// with the guisarme: 89 Kr
}

// Loading reports every problem of the data at once, with file, line, column
// and field.
func ExampleLoadFS() {
	fsys := fstest.MapFS{"gear.yaml": {Data: []byte(`equipment:
  - id: bastard-sword
    name: Bastard sword
    kind: melee
    cost: 14
    hands: 2
    reech: 1
    fixed_damage: 1D6
`)}}
	_, err := profiles.LoadFS(fsys, "gear.yaml")
	fmt.Println(err)
	// Output:
	// gear.yaml:7:5: equipment[bastard-sword].reech: unknown field "reech" (did you mean reach?)
	// gear.yaml:8:19: equipment[bastard-sword].fixed_damage: bad dice expression "1D6": dice have 5 or 10 sides (want e.g. 3, 1D5, 2D5+3, 1D10-2)
}

func ExampleDataSet_Profile() {
	_, err := profiles.Default().Profile("paladn")
	fmt.Println(err)
	// Output:
	// unknown profile "paladn" (did you mean paladin-2, paladin-3?)
}

func ExampleParseDice() {
	d, err := profiles.ParseDice("2D5+3")
	if err != nil {
		panic(err)
	}
	fmt.Println(d, d.Min(), d.Max(), d.Mean())
	// Output:
	// 2D5+3 5 13 9
}
