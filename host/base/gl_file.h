/*
 * gl_file — read a whole input file into memory; where the running binary
 * is.
 *
 * Inputs are regular files. What a path names is checked with stat before
 * it is opened, and opened without blocking (O_NONBLOCK, then fstat again),
 * so a FIFO, a device or a folder is refused with a message instead of an
 * open that waits for a writer forever. Reading grows the buffer
 * geometrically: linear in the file's size.
 */
#ifndef GL_FILE_H
#define GL_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/gl_err.h"

/* *data is malloc'ed (free it); what names the file in messages
 * ("code object"). Empty and non-regular files are errors. */
bool gl_file_read(const char *path, const char *what, void **data, size_t *size, struct gl_err *e);
/* The same as text: NUL-terminated (not counted in *size); an empty file
 * is "" . */
bool gl_file_read_text(const char *path, const char *what, char **text, size_t *size, struct gl_err *e);

/* Open path for reading when it is a regular file: the descriptor, or -1
 * with e naming what it is instead ("... is a FIFO, not a file"). */
int gl_file_open_regular(const char *path, const char *what, struct gl_err *e);

/* "a FIFO", "a folder", ... for a stat mode that is not a regular file. */
const char *gl_file_kind(unsigned mode);

/* The directory of the running binary (/proc/self/exe without its last
 * component), into buf; false when it cannot be read or does not fit. */
bool gl_file_exe_dir(char *buf, size_t len);

#endif
