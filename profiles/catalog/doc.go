// Package catalog imports the profile cards and lists a player keeps in a
// community list builder: its catalogue file (JSON) becomes this project's YAML
// data, and its list codes ("KA1:...") become Spearhead lists.
//
// The card data belongs to the game's publisher: this project ships none of it.
// The package reads the files the user has, converts what the data format can
// express, and reports every phrase, skill, rule or field it cannot map as "not
// modelled" or "not imported", with the JSON path it came from
// ("catalog.json: profiles[12].stats.v: null, read as 0"). It never stops on an
// odd item: the item is reported and the conversion goes on.
//
// Convert turns a catalogue into YAML files that profiles.Load reads back with no
// error (Conversion.WriteDir writes them); Load does the same in memory and
// returns a *profiles.DataSet, which is what "kharn --data catalogue.json" uses.
// ReadList reads a list (DecodeListCode and ParseListExport do the two steps),
// and Conversion.ImportList turns it into profiles.List values, one per
// Spearhead, that refer to the converted data.
//
// The mapping of the cards' French effect phrases to the effect keys of the data
// format is the table phraseRules (effects.go); the French skill keywords are
// mapped in vocab.go, each with the rulebook lines it comes from.
package catalog
