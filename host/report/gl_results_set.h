/*
 * gl_results_set — a suite's results files replace the old ones as one set.
 *
 * A kill between two renames must not leave a new latency.csv beside an
 * old latency.md. While a set is open in a results folder (its journal
 * <dir>/.set-pending exists: on-disk state, shared by every writer in the
 * process without a global), gl_results_place does not rename a finished
 * temporary over its file but appends "temporary<TAB>file" to the journal.
 * gl_results_set_commit renames the journal to <dir>/.set-commit (the
 * commit point), then does the renames, then removes the journal.
 *
 * The next run's gl_results_claim calls gl_results_set_recover first: a
 * .set-commit is rolled forward (the renames whose temporaries are still
 * there), a .set-pending is dropped (its temporaries are removed with the
 * other stale ones), so the folder holds either all old or all new files of
 * a suite.
 */
#ifndef GL_RESULTS_SET_H
#define GL_RESULTS_SET_H

#include <stdbool.h>

#include "base/gl_err.h"

/* Open a set in dir (which the caller has claimed). */
bool gl_results_set_begin(const char *dir, struct gl_err *e);
/* Make every file placed since begin current. */
bool gl_results_set_commit(const char *dir, struct gl_err *e);
/* Finish or drop what a killed run left (see above). */
void gl_results_set_recover(const char *dir);
/* tmp (a finished, fsynced temporary next to path) becomes path: at once,
 * or at the commit of the set open in path's folder. */
bool gl_results_place(const char *tmp, const char *path, struct gl_err *e);

#endif
