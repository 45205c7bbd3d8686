/*
 * gl_results_set — a suite's results files replace the old ones as one set,
 * and only when every one of them was written.
 *
 * The results folder D (<root>/<arch>-<backend>) stays a plain folder of
 * files, so every reader opens D/latency.csv as before. While a set is open
 * in D (its journal D/.set-pending exists: on-disk state, shared by every
 * writer in the process without a global), gl_results_place does not rename
 * a finished temporary over its file but appends "temporary<TAB>file" to the
 * journal; a write or a chart that fails appends "!<TAB>why" instead (and
 * the process remembers it: on a full disk the journal may not grow).
 *
 * gl_results_set_commit, when nothing failed, builds the next folder beside
 * D (<root>/.<arch>-<backend>.set.XXXXXX, gl_results_swap.h): a hard link of
 * every file of D, except the suite's previous set (its manifest
 * D/.<suite>.set lists it) and the temporaries, plus the new set's files
 * under their names and the new manifest. One renameat2(RENAME_EXCHANGE)
 * swaps that folder with D: the commit point. A reader resolving D/<file>
 * sees the whole old folder before it and the whole new one after it, never
 * a mix; a kill before it leaves D as it was (the next claim drops the
 * journal, the temporaries and the unfinished folder), a kill after it
 * leaves the new D and an old folder the next claim removes.
 *
 * A set that failed, or is dropped (gl_results_set_abort), leaves D exactly
 * as it was: its temporaries and its journal are removed.
 */
#ifndef GL_RESULTS_SET_H
#define GL_RESULTS_SET_H

#include <stdbool.h>

#include "base/gl_err.h"

/* Open suite's set in dir (which the caller has claimed). */
bool gl_results_set_begin(const char *dir, struct gl_err *e);
/* Make every file placed since begin current, in place of suite's previous
 * set, as one swap. False (D unchanged, the set dropped) when a write of the
 * set failed (e says which) or the swap could not be made. */
bool gl_results_set_commit(const char *dir, const char *suite, struct gl_err *e);
/* Drop the open set: D keeps the previous one. */
void gl_results_set_abort(const char *dir);
/* What a killed run left: the journal and unfinished or old folders. */
void gl_results_set_recover(const char *dir);
/* tmp (a finished, fsynced temporary next to path) becomes path: at once,
 * or at the commit of the set open in path's folder. */
bool gl_results_place(const char *tmp, const char *path, struct gl_err *e);
/* A write of path failed (why): the set open in its folder, if any, must
 * not be committed. */
void gl_results_set_failed(const char *path, const char *why);

#endif
