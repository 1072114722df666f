// Package balance estimates win rates against Krown cost and fair Krown costs, with
// common random numbers across costs and intervals that respect the pairing.
package balance
