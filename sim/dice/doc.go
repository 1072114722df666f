// Package dice rolls Khârn-Âges d10 pools and gives their exact distributions.
package dice
