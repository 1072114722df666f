// Package field is the battlefield: positions, bases, zones of control, terrain,
// line of sight and cover, in toises.
package field
