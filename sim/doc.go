// Package sim resolves Khârn-Âges attack/defence exchanges, exactly and by sampling,
// with the same rule code for both.
package sim
