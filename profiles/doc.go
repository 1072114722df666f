// Package profiles reads, validates and embeds Khârn-Âges Safar profiles and equipment.
package profiles
