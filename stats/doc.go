// Package stats aggregates sampled outcomes into rates, means and intervals.
package stats
