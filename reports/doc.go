// Package reports renders simulation results as tables, JSON, CSV, plots, and
// report documents (self-contained HTML and Markdown) for people and scripts.
package reports
