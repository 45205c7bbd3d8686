/*
 * gl_results_swap — replace some files of a results folder D as one step:
 * build the next folder beside it, then exchange the two with one
 * renameat2(RENAME_EXCHANGE).
 *
 * The next folder, <parent>/.<base>.set.XXXXXX, gets a hard link of every
 * entry of D except the temporaries (*.tmp.*), the journal, the files the
 * old manifest D/<manifest> lists (the previous set) and the names of the
 * new set; then the new set's files (hard links of their temporaries in D)
 * and the new manifest, fsynced. After the exchange the old folder sits at
 * the staging name: what appeared in it after the links were made (a file
 * another command wrote meanwhile, a subfolder) is moved into D, the rest is
 * removed.
 *
 * Where the file system has no RENAME_EXCHANGE (EINVAL: NFS, FAT), D is
 * renamed to <staging>.old and the new folder to D: between the two renames
 * D is missing, and a kill there leaves the old folder at <staging>.old,
 * which gl_results_swap_recover renames back to D.
 */
#ifndef GL_RESULTS_SWAP_H
#define GL_RESULTS_SWAP_H

#include <stdbool.h>

#include "base/gl_err.h"

struct gl_swap_file {
	const char *from;   /* a finished temporary in D (name only) */
	const char *name;   /* the name it takes */
};

/* D's files with the set listed by D/manifest replaced by files[0..n). */
bool gl_results_swap(const char *dir, const char *manifest, const struct gl_swap_file *files, unsigned n,
                     struct gl_err *e);
/* Remove the staging and old folders a killed swap left beside dir; put
 * an old folder back where dir is missing. The caller holds dir's lock. */
void gl_results_swap_recover(const char *dir);

/* fsync a folder, or the folder of path. */
bool gl_results_sync_dir(const char *dir);
bool gl_results_sync_dir_of(const char *path);

#endif
