// Package benchmarks measures the dice, the exact engine and the sampler; it has
// no code of its own, only benchmarks (see docs/benchmarks.md for the numbers).
// Its sub-package catalog, with the command gen-catalog, writes the synthetic
// catalogues the catalogue-scale figures are measured on; the command costdiff
// compares the fair costs of two kharn cost --json runs (docs/cost.md).
package benchmarks
