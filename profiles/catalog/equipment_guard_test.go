package catalog

import (
	"strings"
	"testing"
)

// TestWeaponThatProtects checks the armour fields on a weapon (catalogue.md
// 4.6 "Armour": "an item of another category that carries a seuil also
// protects"): the fixture's invented epee-a-garde (durability 10,
// protectionEchec 0, seuil 7, protectionReussite -1) is written protection
// 0/7/-1, boxes 10 on the melee weapon, worn in the second armour slot, and is
// fully modelled.
func TestWeaponThatProtects(t *testing.T) {
	c := fixture056(t)
	w, err := c.DataSet().Item("epee-a-garde")
	if err != nil {
		t.Fatal(err)
	}
	if a := w.Armour; a == nil || a.Failure != 0 || a.Threshold != 7 || a.Success != 1 || a.Boxes != 10 || !a.Stacks {
		t.Errorf("epee-a-garde armour %+v, want 0/7/-1 of 10 boxes in the second slot", a)
	}
	if e := catalogEntry(t, c.Report, "epee-a-garde"); e.Status != Modelled {
		t.Errorf("epee-a-garde %v: %v, want modelled", e.Status, e.NotModelled)
	}
	var yaml string
	for _, f := range c.Files {
		if strings.Contains(string(f.Data), "- id: epee-a-garde\n") {
			yaml = string(f.Data)
		}
	}
	if yaml == "" {
		t.Fatal("no YAML file holds epee-a-garde")
	}
	entry := yaml[strings.Index(yaml, "- id: epee-a-garde\n"):]
	if end := strings.Index(entry[1:], "\n  - id: "); end > 0 {
		entry = entry[:end+1]
	}
	for _, want := range []string{"kind: melee", "protection: 0/7/-1", "boxes: 10"} {
		if !strings.Contains(entry, want) {
			t.Errorf("epee-a-garde YAML lacks %q:\n%s", want, entry)
		}
	}
}
