/*
 * gl_outfile — where `gcnlab exec` writes an out:SIZE:PATH buffer.
 *
 * A regular file (or a new one) is replaced atomically (temporary file +
 * rename, gl_results_write_file). A symlink is followed, so its target is
 * replaced and the link stays. A character device (/dev/null, /dev/full)
 * or a FIFO is written through, as a shell redirection would: renaming
 * over it would turn a device node into a regular file. A directory is
 * refused before any kernel runs.
 */
#ifndef GL_OUTFILE_H
#define GL_OUTFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/gl_err.h"

enum gl_outfile_kind {
	GL_OUTFILE_REPLACE,   /* regular file or none yet: temporary + rename */
	GL_OUTFILE_STREAM,    /* character device or FIFO: open and write */
};

struct gl_outfile {
	enum gl_outfile_kind kind;
	char path[PATH_MAX];  /* symlinks resolved */
};

/* Decide how path will be written and check that it can be, before the
 * kernel runs. what names the argument in messages ("argument 'out:...'"). */
bool gl_outfile_check(const char *path, const char *what, struct gl_outfile *out,
                      struct gl_err *e);
bool gl_outfile_write(const struct gl_outfile *o, const void *data, size_t len,
                      struct gl_err *e);

#endif
