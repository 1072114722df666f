// Package reports renders simulation results as tables, JSON and text for people
// and scripts.
package reports
