// Package benchmarks measures the dice, the exact engine and the sampler; it has
// no code of its own, only benchmarks (see docs/benchmarks.md for the numbers).
package benchmarks
