/*
 * gl_ref — a suite's figures beside the figures they are held against:
 *
 *   reference  the committed figures of the emulated GPU for the same arch,
 *              results/reference/<arch>-emu/<stem>.csv (regenerated and
 *              reviewed whenever the emulator changes: a figure that moves
 *              shows up here and in the diff);
 *   published  the figures the seed documents measured on hardware,
 *              results/published/figures.csv (one row per figure: suite
 *              table, arch, row key, column, value or range, device, source).
 *
 * Only the printed table gets the extra columns; the CSV and Markdown files
 * hold the run's own measurements. The folders are found through
 * $GCNLAB_REFERENCE_DIR / $GCNLAB_PUBLISHED_FILE, else in the source tree
 * gcnlab was built from.
 */
#ifndef GL_REF_H
#define GL_REF_H

#include <stdbool.h>
#include <stdio.h>

#include "report/gl_results.h"

/* Which cells identify a row (the first nkeys columns, joined with '|' in
 * figures.csv) and which columns (indices into the table) are the figures
 * to compare. Reference and published figures are matched by column name. */
#define GL_REF_MAX_FIGURES 8
struct gl_ref_spec {
	unsigned nkeys;
	unsigned nfigures;
	unsigned figures[GL_REF_MAX_FIGURES];
};

/* Print t like gl_table_print, with a "ref" and (where a seed published
 * one) a "published" column right after each figure column, then one line naming the sources and
 * how many figures moved from the reference. A ref cell whose figure
 * differs is marked with the change ("64.0 (+9.4%)"), and the moved
 * figures are listed, reference -> this run and %: the first
 * GL_REF_SHOWN, or every one with all set (gcnlab run --diffs). stem names
 * the results file (the suite's table); arch is the target ("gfx942"). */
#define GL_REF_SHOWN 3
void gl_ref_print(const struct gl_table *t, const char *stem, const char *arch,
                  const struct gl_ref_spec *spec, bool all, FILE *f);

/* The reference directory for arch ("<dir>/<arch>-emu") into buf. */
bool gl_ref_dir(char *buf, size_t len, const char *arch);

#endif
