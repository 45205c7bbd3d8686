/*
 * gl_results — result tables: printed aligned on stdout and written as
 * <dir>/<stem>.csv and <dir>/<stem>.md.
 *
 * Files are written whole or not at all: the contents go to a temporary file
 * in the target directory, are fsync'ed, and the temporary is renamed over
 * the target (then the directory is fsync'ed), so a crash leaves either the
 * old file or the new one, never half of one.
 *
 * CSV: exactly one header row, then the rows (RFC 4180 quoting for cells
 * with ',', '"' or newlines). Column names are ASCII snake_case with the
 * unit as a suffix ("median_us", "bandwidth_gbs"); a missing value is an
 * empty cell, never "-"; status text has its own column.
 * JSON sidecar <stem>.json: {"title", every parameter as "key": "value",
 * "version" (GL_VERSION), "git_revision", "columns": [...]}.
 * Markdown: "# title", a pipe table with the CSV's column names, then the
 * parameters as key=value lines in a fenced block.
 */
#ifndef GL_RESULTS_H
#define GL_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/gl_err.h"

struct gl_table;

/* cols: ncols column names, snake_case with the unit as a suffix ("median_us"). */
struct gl_table *gl_table_new(const char *title, unsigned ncols, const char *const *cols);
void gl_table_free(struct gl_table *t);

/* Append a row of ncols cells (copied; NULL is an empty cell). */
bool gl_table_add_row(struct gl_table *t, const char *const *cells);
/* Record key=value in the parameters block (printf-style value). A key set
 * twice keeps the last value. */
bool gl_table_param(struct gl_table *t, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Append a column named name (existing rows get empty cells). Returns its
 * index, or -1 out of memory. gl_table_col: index of the column named name,
 * -1 if none. */
int gl_table_add_col(struct gl_table *t, const char *name);
int gl_table_col(const struct gl_table *t, const char *name);
/* Replace the text of one cell (copied). */
bool gl_table_set_cell(struct gl_table *t, unsigned row, unsigned col, const char *text);

unsigned gl_table_rows(const struct gl_table *t);
unsigned gl_table_cols(const struct gl_table *t);
const char *gl_table_col_name(const struct gl_table *t, unsigned col);
const char *gl_table_title(const struct gl_table *t);
const char *gl_table_cell(const struct gl_table *t, unsigned row, unsigned col);

/* Aligned text: title, header, rule, rows (numeric columns right-aligned). */
void gl_table_print(const struct gl_table *t, FILE *f);
/* The CSV / JSON sidecar / Markdown text into f. */
void gl_table_emit_csv(const struct gl_table *t, FILE *f);
void gl_table_emit_json(const struct gl_table *t, FILE *f);
void gl_table_emit_md(const struct gl_table *t, FILE *f);

/* mkdir -p dir, then write dir/stem.csv, dir/stem.json and dir/stem.md
 * atomically (each through gl_results_write_file). */
bool gl_results_write(const struct gl_table *t, const char *dir, const char *stem,
                      struct gl_err *e);

/* Atomically replace path with data[0..len) (temp file in the same
 * directory + fsync + rename). The directory must exist. */
bool gl_results_write_file(const char *path, const void *data, size_t len, struct gl_err *e);

/* Take dir (created) for this process's run: an exclusive lock on
 * <dir>/.lock, refused with a message when another gcnlab run holds it, then
 * remove what killed runs left behind (*.tmp.* files and chart scratch
 * folders: a run that holds the lock writes no other temporaries there).
 * *fd gets the lock's descriptor for gl_results_release. */
bool gl_results_claim(const char *dir, int *fd, struct gl_err *e);
void gl_results_release(int fd);

/* mkdir -p. */
bool gl_results_mkdirs(const char *dir, struct gl_err *e);

/* "<root>/<arch>-<backend>" into buf. */
bool gl_results_dir(char *buf, size_t len, const char *root, const char *arch,
                    const char *backend, struct gl_err *e);

#endif
