package catalog_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/kharn-ages/kharn/profiles/catalog"
)

// A catalogue (here an invented one-card catalogue) becomes YAML profile data; the
// card's French text stays beside the effects it became, and what the data format
// cannot hold is listed as not modelled.
func ExampleConvert() {
	const catalogue = `{"version": "demo", "profiles": [], "equipment": [
	  {"id": "Masse_Sourde", "name": "Masse sourde", "category": "arme-cac", "cost": 11, "hands": 1,
	   "effectsText": "Sonne en cas de RC, +1 dgt, Désarme en cas de RC"}]}`
	c, err := catalog.Convert("demo.json", []byte(catalogue))
	if err != nil {
		panic(err)
	}
	yaml := string(c.Files[0].Data)
	fmt.Print(yaml[strings.Index(yaml, "equipment:"):])
	fmt.Println(c.Report.Summary())
	// Output:
	// equipment:
	//   # Masse sourde (catalogue id "Masse_Sourde")
	//   # text: Sonne en cas de RC, +1 dgt, Désarme en cas de RC
	//   # not modelled: "Désarme en cas de RC"
	//   - id: masse-sourde
	//     name: Masse sourde
	//     kind: melee
	//     cost: 11
	//     hands: 1
	//     damage_bonus: 1 # +1 dgt
	//     on_critical: daze # Sonne en cas de RC
	// 0 profiles (0 modelled, 0 partly, 0 not imported), 1 equipment cards (0 modelled, 1 partly, 0 not imported)
}

// A list code holds the list's JSON, raw-deflated and in base64url.
func ExampleDecodeListCode() {
	js, err := catalog.DecodeListCode("KA1:q1bKS8xNVbJScq1IzS3ISVXSUUpLLSp2SfVJzEsGikfH1gIA")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	fmt.Println(string(js))
	// Output:
	// {"name":"Exemple","fersDeLance":[]}
}
