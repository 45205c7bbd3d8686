/*
 * gl_file — read a whole file into memory; where the running binary is.
 */
#ifndef GL_FILE_H
#define GL_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/gl_err.h"

/* *data is malloc'ed (free it); what names the file in messages
 * ("code object"). Empty and non-regular files are errors. */
bool gl_file_read(const char *path, const char *what, void **data, size_t *size, struct gl_err *e);

/* The directory of the running binary (/proc/self/exe without its last
 * component), into buf; false when it cannot be read or does not fit. */
bool gl_file_exe_dir(char *buf, size_t len);

#endif
