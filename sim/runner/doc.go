// Package runner plays seeded trials over a worker pool, with results that do not
// depend on the number of workers.
package runner
