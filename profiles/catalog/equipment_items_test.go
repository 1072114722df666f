package catalog

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestPoison checks the poison phrases (R17; catalogue.md 4.6: "poison doses
// ... adds the poison effect to an attack", "poison (3)" among weapon texts):
// the fixture's poison-de-ronce, "Ajoute poison à une attaque", is a dose
// (poison, stackable) and fully modelled; an invented weapon "Empoisonnée" is
// a weapon that poisons; the copies of the rempart's base doses are kept.
func TestPoison(t *testing.T) {
	c := fixture056(t)
	ds := c.DataSet()
	dose, err := ds.Item("poison-de-ronce")
	if err != nil {
		t.Fatal(err)
	}
	if !dose.Effects.Poison || !dose.Stackable {
		t.Errorf("poison-de-ronce: poison %v, stackable %v; want both", dose.Effects.Poison, dose.Stackable)
	}
	if e := catalogEntry(t, c.Report, "poison-de-ronce"); e.Status != Modelled {
		t.Errorf("poison-de-ronce %v: %v, want modelled", e.Status, e.NotModelled)
	}
	p, err := ds.Profile("kharns-rempart-2")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, id := range p.Equipment {
		if id == "poison-de-ronce" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("kharns-rempart-2 carries %d poison doses, want 2 (baseEquipmentCounts)", n)
	}
	w, err := Convert("c.json", []byte(`{"equipment": [{"id": "dard", "name": "Dard", "category": "arme-cac", "cost": 6, "hands": 1, "effectsText": "Empoisonnée"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	it, err := w.DataSet().Item("dard")
	if err != nil {
		t.Fatal(err)
	}
	if !it.Effects.Poison {
		t.Errorf("a weapon \"Empoisonnée\": poison %v", it.Effects.Poison)
	}
	if e := catalogEntry(t, w.Report, "dard"); e.Status != Modelled {
		t.Errorf("dard %v: %v, want modelled", e.Status, e.NotModelled)
	}
}

// TestItemEffectPhrases checks the item phrases fights play (sim/items.go;
// catalogue.md 4.6 "Items"): the 0.5.6 fixture's charme-de-meute, "+2 sur une
// relance de maîtrise offensive", is a charm of the offensive field; the
// fixture's fiole-amere, "Rend 1D5 PV une fois par partie", a flask of 1D5;
// invented items give an antidote, poison immunity, a dose for attacks and
// defences, a shooting charm and a 2D5+1 flask, all modelled and written
// to the YAML; a heal every turn and a second charm phrase are not modelled.
func TestItemEffectPhrases(t *testing.T) {
	c := fixture056(t)
	ch, err := c.DataSet().Item("charme-de-meute")
	if err != nil {
		t.Fatal(err)
	}
	if ch.Effects.RerollField != profiles.Offensive || ch.Effects.RerollBonus != 2 {
		t.Errorf("charme-de-meute: %s +%d, want offensive +2", ch.Effects.RerollField, ch.Effects.RerollBonus)
	}
	if e := catalogEntry(t, c.Report, "charme-de-meute"); e.Status != Modelled {
		t.Errorf("charme-de-meute %v: %v, want modelled", e.Status, e.NotModelled)
	}
	f := fixture(t)
	fl, err := f.DataSet().Item("fiole-amere")
	if err != nil {
		t.Fatal(err)
	}
	if fl.Effects.Heal == nil || *fl.Effects.Heal != (profiles.Dice{N: 1, Sides: 5}) {
		t.Errorf("fiole-amere: heal %v, want 1D5", fl.Effects.Heal)
	}
	if e := catalogEntry(t, f.Report, "fiole-amere"); e.Status != Modelled {
		t.Errorf("fiole-amere %v: %v, want modelled", e.Status, e.NotModelled)
	}

	w, err := Convert("c.json", []byte(`{"equipment": [
		{"id": "sirop-vert", "name": "Sirop vert", "category": "objet", "cost": 5, "effectsText": "Antidote"},
		{"id": "talisman-gris", "name": "Talisman gris", "category": "objet", "cost": 6, "effectsText": "Immunisé au poison"},
		{"id": "venin-double", "name": "Venin double", "category": "objet", "cost": 4, "stackable": true, "effectsText": "Ajoute poison à une attaque ou une défense"},
		{"id": "plume-de-tir", "name": "Plume de tir", "category": "objet", "cost": 5, "effectsText": "+1 sur une relance de maîtrise de tir"},
		{"id": "gourde-pleine", "name": "Gourde pleine", "category": "objet", "cost": 8, "effectsText": "Rend 2D5+1 PV"},
		{"id": "source-vive", "name": "Source vive", "category": "objet", "cost": 9, "effectsText": "Rend 1D5 PV par tour"},
		{"id": "double-charme", "name": "Double charme", "category": "objet", "cost": 9, "effectsText": "+2 sur une relance de maîtrise offensive. +2 sur une relance de maîtrise défensive"}
	]}`))
	if err != nil {
		t.Fatal(err)
	}
	ds := w.DataSet()
	item := func(id string) profiles.Effects {
		it, err := ds.Item(id)
		if err != nil {
			t.Fatal(err)
		}
		return it.Effects
	}
	if ef := item("sirop-vert"); !ef.Antidote {
		t.Errorf("sirop-vert: %+v, want an antidote", ef)
	}
	if ef := item("talisman-gris"); !ef.PoisonImmune {
		t.Errorf("talisman-gris: %+v, want poison immunity", ef)
	}
	if ef := item("venin-double"); !ef.Poison || !ef.PoisonDefence {
		t.Errorf("venin-double: %+v, want a dose for attacks and defences", ef)
	}
	if ef := item("plume-de-tir"); ef.RerollField != profiles.Shooting || ef.RerollBonus != 1 {
		t.Errorf("plume-de-tir: %+v, want shooting +1", ef)
	}
	if ef := item("gourde-pleine"); ef.Heal == nil || *ef.Heal != (profiles.Dice{N: 2, Sides: 5, Plus: 1}) {
		t.Errorf("gourde-pleine: heal %v, want 2D5+1", ef.Heal)
	}
	for _, id := range []string{"sirop-vert", "talisman-gris", "venin-double", "plume-de-tir", "gourde-pleine"} {
		if e := catalogEntry(t, w.Report, id); e.Status != Modelled {
			t.Errorf("%s %v: %v, want modelled", id, e.Status, e.NotModelled)
		}
	}
	if e := catalogEntry(t, w.Report, "source-vive"); e.Status == Modelled || item("source-vive").Heal != nil {
		t.Errorf("source-vive (a heal every turn): %v, heal %v; want not modelled, no heal", e.Status, item("source-vive").Heal)
	}
	if e := catalogEntry(t, w.Report, "double-charme"); e.Status == Modelled {
		t.Errorf("double-charme (two charm phrases): %v, want partly modelled", e.Status)
	}
	var y bytes.Buffer
	for _, f := range w.Files {
		y.Write(f.Data)
	}
	for _, kv := range []string{"antidote: true", "poison_immune: true", "poison_defence: true", "reroll_field: shooting", "reroll_bonus: 1", "heal: 2D5+1"} {
		if !strings.Contains(y.String(), kv) {
			t.Errorf("the YAML lacks %q", kv)
		}
	}
}
