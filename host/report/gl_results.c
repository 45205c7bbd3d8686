#include "report/gl_results.h"
#include "report/gl_results_set.h"

#include "base/gl_csv.h"
#include "base/gl_json.h"
#include "base/gl_version.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

struct gl_param {
	char *key;
	char *value;
};

struct gl_table {
	char *title;
	unsigned ncols;
	char **cols;
	unsigned nrows, cap_rows;
	char **cells;          /* nrows * ncols */
	unsigned nparams;
	struct gl_param *params;
};

void gl_table_free(struct gl_table *t)
{
	if (!t)
		return;
	free(t->title);
	if (t->cols)
		for (unsigned c = 0; c < t->ncols; c++)
			free(t->cols[c]);
	free(t->cols);
	for (size_t i = 0; i < (size_t)t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	for (unsigned i = 0; i < t->nparams; i++) {
		free(t->params[i].key);
		free(t->params[i].value);
	}
	free(t->params);
	free(t);
}

struct gl_table *gl_table_new(const char *title, unsigned ncols, const char *const *cols)
{
	struct gl_table *t = calloc(1, sizeof(*t));

	if (!t || ncols == 0)
		goto fail;
	t->title = strdup(title ? title : "");
	t->cols = calloc(ncols, sizeof(*t->cols));
	if (!t->title || !t->cols)
		goto fail;
	t->ncols = ncols;
	for (unsigned c = 0; c < ncols; c++) {
		t->cols[c] = strdup(cols[c] ? cols[c] : "");
		if (!t->cols[c])
			goto fail;
	}
	return t;
fail:
	gl_table_free(t);
	return NULL;
}

bool gl_table_add_row(struct gl_table *t, const char *const *cells)
{
	char **row;

	if (t->nrows == t->cap_rows) {
		unsigned cap = t->cap_rows ? 2 * t->cap_rows : 16;
		char **n = realloc(t->cells, (size_t)cap * t->ncols * sizeof(*n));

		if (!n)
			return false;
		t->cells = n;
		t->cap_rows = cap;
	}
	row = &t->cells[(size_t)t->nrows * t->ncols];
	for (unsigned c = 0; c < t->ncols; c++) {
		row[c] = strdup(cells[c] ? cells[c] : "");
		if (!row[c]) {
			while (c--)
				free(row[c]);
			return false;
		}
	}
	t->nrows++;
	return true;
}

bool gl_table_param(struct gl_table *t, const char *key, const char *fmt, ...)
{
	char *value;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&value, fmt, ap);
	va_end(ap);
	if (n < 0)
		return false;
	for (unsigned i = 0; i < t->nparams; i++) {
		if (strcmp(t->params[i].key, key) == 0) {
			free(t->params[i].value);
			t->params[i].value = value;
			return true;
		}
	}
	struct gl_param *p = realloc(t->params, (t->nparams + 1) * sizeof(*p));
	if (!p)
		goto fail;
	t->params = p;
	p[t->nparams].key = strdup(key);
	if (!p[t->nparams].key)
		goto fail;
	p[t->nparams].value = value;
	t->nparams++;
	return true;
fail:
	free(value);
	return false;
}

int gl_table_col(const struct gl_table *t, const char *name)
{
	for (unsigned c = 0; c < t->ncols; c++)
		if (strcmp(t->cols[c], name) == 0)
			return (int)c;
	return -1;
}

int gl_table_add_col(struct gl_table *t, const char *name)
{
	unsigned nc = t->ncols + 1;
	char **cols = realloc(t->cols, nc * sizeof(*cols));
	char **cells = NULL;
	char *title = strdup(name);
	char *empty = NULL;

	if (cols)
		t->cols = cols;
	if (!cols || !title)
		goto fail;
	/* Rows are stored with a stride of ncols: rebuild with one more. */
	if (t->cap_rows) {
		cells = calloc((size_t)t->cap_rows * nc, sizeof(*cells));
		if (!cells)
			goto fail;
	}
	for (unsigned r = 0; r < t->nrows; r++) {
		empty = strdup("");
		if (!empty)
			goto fail;
		memcpy(&cells[(size_t)r * nc], &t->cells[(size_t)r * t->ncols], t->ncols * sizeof(*cells));
		cells[(size_t)r * nc + t->ncols] = empty;
		empty = NULL;
	}
	free(t->cells);
	t->cells = cells;
	t->cols[t->ncols] = title;
	t->ncols = nc;
	return (int)nc - 1;
fail:
	/* Nothing of the table changed (the new empty cells are freed). */
	if (cells)
		for (unsigned r = 0; r < t->nrows; r++)
			free(cells[(size_t)r * nc + t->ncols]);
	free(cells);
	free(title);
	return -1;
}

bool gl_table_set_cell(struct gl_table *t, unsigned row, unsigned col, const char *text)
{
	char *s;

	if (row >= t->nrows || col >= t->ncols)
		return false;
	s = strdup(text ? text : "");
	if (!s)
		return false;
	free(t->cells[(size_t)row * t->ncols + col]);
	t->cells[(size_t)row * t->ncols + col] = s;
	return true;
}

unsigned gl_table_rows(const struct gl_table *t)
{
	return t->nrows;
}

unsigned gl_table_cols(const struct gl_table *t)
{
	return t->ncols;
}

const char *gl_table_col_name(const struct gl_table *t, unsigned col)
{
	return col < t->ncols ? t->cols[col] : NULL;
}

const char *gl_table_title(const struct gl_table *t)
{
	return t->title;
}

const char *gl_table_cell(const struct gl_table *t, unsigned row, unsigned col)
{
	if (row >= t->nrows || col >= t->ncols)
		return NULL;
	return t->cells[(size_t)row * t->ncols + col];
}

/* Display width: UTF-8 code points (continuation bytes 10xxxxxx not counted). */
static size_t text_width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static bool looks_numeric(const char *s)
{
	char *end;

	if (!*s)
		return false;
	strtod(s, &end);
	return *end == '\0';
}

/* A column is right-aligned when every non-empty cell is a number. */
static bool column_numeric(const struct gl_table *t, unsigned c)
{
	bool any = false;

	for (unsigned r = 0; r < t->nrows; r++) {
		const char *s = gl_table_cell(t, r, c);

		if (!*s || strcmp(s, "-") == 0)
			continue;
		if (!looks_numeric(s))
			return false;
		any = true;
	}
	return any;
}

static void pad(FILE *f, size_t n)
{
	while (n--)
		fputc(' ', f);
}

void gl_table_print(const struct gl_table *t, FILE *f)
{
	size_t *w = calloc(t->ncols, sizeof(*w));
	bool *right = calloc(t->ncols, sizeof(*right));
	size_t total = 0;

	if (!w || !right)
		goto out;
	for (unsigned c = 0; c < t->ncols; c++) {
		w[c] = text_width(t->cols[c]);
		for (unsigned r = 0; r < t->nrows; r++) {
			size_t cw = text_width(gl_table_cell(t, r, c));
			if (cw > w[c])
				w[c] = cw;
		}
		right[c] = column_numeric(t, c);
		total += w[c] + (c ? 2 : 0);
	}
	if (t->title[0])
		fprintf(f, "%s\n", t->title);
	for (unsigned c = 0; c < t->ncols; c++) {
		size_t gap = w[c] - text_width(t->cols[c]);

		if (c)
			fputs("  ", f);
		if (right[c])
			pad(f, gap);
		fputs(t->cols[c], f);
		if (!right[c] && c + 1 < t->ncols)
			pad(f, gap);
	}
	fputc('\n', f);
	for (size_t i = 0; i < total; i++)
		fputc('-', f);
	fputc('\n', f);
	for (unsigned r = 0; r < t->nrows; r++) {
		for (unsigned c = 0; c < t->ncols; c++) {
			const char *s = gl_table_cell(t, r, c);
			size_t gap = w[c] - text_width(s);

			if (c)
				fputs("  ", f);
			if (right[c])
				pad(f, gap);
			fputs(s, f);
			if (!right[c] && c + 1 < t->ncols)
				pad(f, gap);
		}
		fputc('\n', f);
	}
out:
	free(w);
	free(right);
}

/* A parameter value on one line: newlines would break both formats. */
static void one_line(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
}

/* One header row and the rows: no comment lines, so any CSV reader loads
 * it with default settings. The title and parameters go to the sidecar. */
void gl_table_emit_csv(const struct gl_table *t, FILE *f)
{
	for (unsigned c = 0; c < t->ncols; c++) {
		if (c)
			fputc(',', f);
		gl_csv_field(f, t->cols[c]);
	}
	fputc('\n', f);
	for (unsigned r = 0; r < t->nrows; r++) {
		for (unsigned c = 0; c < t->ncols; c++) {
			if (c)
				fputc(',', f);
			gl_csv_field(f, gl_table_cell(t, r, c));
		}
		fputc('\n', f);
	}
}

void gl_table_emit_json(const struct gl_table *t, FILE *f)
{
	struct gl_json j;
	bool have_version = false;

	gl_json_init(&j, f);
	gl_json_object(&j, NULL);
	gl_json_str(&j, "title", t->title);
	for (unsigned i = 0; i < t->nparams; i++) {
		gl_json_str(&j, t->params[i].key, t->params[i].value);
		have_version |= strcmp(t->params[i].key, "version") == 0;
	}
	/* The gcnlab that wrote the table (a parameter of that name wins). */
	if (!have_version)
		gl_json_str(&j, "version", GL_VERSION);
	gl_json_str(&j, "git_revision", gl_version_git());
	gl_json_array(&j, "columns");
	for (unsigned c = 0; c < t->ncols; c++)
		gl_json_str(&j, NULL, t->cols[c]);
	gl_json_end(&j);
	gl_json_end(&j);
	gl_json_finish(&j);
}

static void md_cell(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', f);
		else
			fputc(*s, f);
	}
}

void gl_table_emit_md(const struct gl_table *t, FILE *f)
{
	if (t->title[0]) {
		fputs("# ", f);
		one_line(f, t->title);
		fputs("\n\n", f);
	}
	fputc('|', f);
	for (unsigned c = 0; c < t->ncols; c++) {
		fputc(' ', f);
		md_cell(f, t->cols[c]);
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (unsigned c = 0; c < t->ncols; c++)
		fputs(column_numeric(t, c) ? " ---: |" : " :--- |", f);
	fputc('\n', f);
	for (unsigned r = 0; r < t->nrows; r++) {
		fputc('|', f);
		for (unsigned c = 0; c < t->ncols; c++) {
			fputc(' ', f);
			md_cell(f, gl_table_cell(t, r, c));
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	if (t->nparams) {
		fputs("\n## Parameters\n\n```\n", f);
		for (unsigned i = 0; i < t->nparams; i++) {
			fprintf(f, "%s=", t->params[i].key);
			one_line(f, t->params[i].value);
			fputc('\n', f);
		}
		fputs("```\n", f);
	}
}

bool gl_results_mkdirs(const char *dir, struct gl_err *e)
{
	char path[PATH_MAX];
	size_t len = strlen(dir);

	if (len == 0 || len >= sizeof(path))
		return gl_err_set(e, "results directory '%s': bad path", dir);
	memcpy(path, dir, len + 1);
	for (char *p = path + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char save = *p;
			struct stat ls;

			*p = '\0';
			if (mkdir(path, 0777) != 0 && errno != EEXIST)
				return gl_err_set(e, "cannot create directory %s: %s", path, strerror(errno));
			/* EEXIST from a link to nothing: name the link. */
			if (stat(path, &ls) != 0 && lstat(path, &ls) == 0 && S_ISLNK(ls.st_mode))
				return gl_err_set(e, "%s is a symbolic link to a missing folder; point it at a folder or "
				                  "remove it", path);
			*p = save;
			if (!save)
				break;
		}
	}
	struct stat st;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return gl_err_set(e, "%s exists and is not a directory", dir);
	return true;
}

bool gl_results_dir(char *buf, size_t len, const char *root, const char *arch,
                    const char *backend, struct gl_err *e)
{
	int n = snprintf(buf, len, "%s/%s-%s", root, arch, backend);

	if (n < 0 || (size_t)n >= len)
		return gl_err_set(e, "results directory '%s/%s-%s' is too long", root, arch, backend);
	return true;
}

/* The message names the file being replaced, not its temporary. */
static bool write_failed(const char *path, const char *tmp, struct gl_err *e)
{
	int err = errno;

	gl_err_set(e, "writing %s failed: %s (the previous %s, if any, is unchanged)", path, strerror(err), path);
	unlink(tmp);
	return false;
}

bool gl_results_write_file(const char *path, const void *data, size_t len, struct gl_err *e)
{
	char tmp[PATH_MAX];
	const uint8_t *p = data;
	size_t done = 0;
	struct gl_err local;
	int fd;
	bool ok = false;

	if (!e)
		e = &local;
	if (snprintf(tmp, sizeof(tmp), "%s.tmp.XXXXXX", path) >= (int)sizeof(tmp)) {
		gl_err_set(e, "path %s is too long", path);
		goto fail;
	}
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		gl_err_set(e, "cannot write %s: cannot create a temporary file beside it: %s", path, strerror(errno));
		goto fail;
	}
	while (done < len) {
		ssize_t n = write(fd, p + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = ENOSPC;
			close(fd);
			write_failed(path, tmp, e);
			goto fail;
		}
		done += (size_t)n;
	}
	/* mkostemp creates 0600; results are ordinary files. */
	if (fchmod(fd, 0644) != 0 || fsync(fd) != 0) {
		close(fd);
		write_failed(path, tmp, e);
		goto fail;
	}
	if (close(fd) != 0) {
		write_failed(path, tmp, e);
		goto fail;
	}
	/* At once, or with the rest of the suite's set (gl_results_set.h). */
	if (!gl_results_place(tmp, path, e)) {
		unlink(tmp);
		goto fail;
	}
	ok = true;
fail:
	/* A set open in path's folder must not be committed without it. */
	if (!ok)
		gl_results_set_failed(path, e->msg);
	return ok;
}

typedef void (*emit_fn)(const struct gl_table *t, FILE *f);

static bool write_one(const struct gl_table *t, const char *dir, const char *stem,
                      const char *ext, emit_fn emit, struct gl_err *e)
{
	char path[PATH_MAX];
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	bool ok;

	if (snprintf(path, sizeof(path), "%s/%s.%s", dir, stem, ext) >= (int)sizeof(path))
		return gl_err_set(e, "path %s/%s.%s is too long", dir, stem, ext);
	f = open_memstream(&buf, &len);
	if (!f)
		return gl_err_set(e, "out of memory formatting %s", path);
	emit(t, f);
	if (fclose(f) != 0) {
		free(buf);
		return gl_err_set(e, "out of memory formatting %s", path);
	}
	ok = gl_results_write_file(path, buf, len, e);
	free(buf);
	return ok;
}

bool gl_results_write(const struct gl_table *t, const char *dir, const char *stem,
                      struct gl_err *e)
{
	return gl_results_mkdirs(dir, e) &&
	       write_one(t, dir, stem, "csv", gl_table_emit_csv, e) &&
	       write_one(t, dir, stem, "json", gl_table_emit_json, e) &&
	       write_one(t, dir, stem, "md", gl_table_emit_md, e);
}

/* Remove dir/name when it is a temporary of a killed run: a file, or a chart
 * scratch folder with its files (gl_chart.c). */
static void remove_stale(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	if (!strstr(name, ".tmp.") || snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path) ||
	    lstat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *de;

		if (!d)
			return;
		while ((de = readdir(d))) {
			char inner[PATH_MAX];

			if (de->d_name[0] != '.' &&
			    snprintf(inner, sizeof(inner), "%s/%s", path, de->d_name) < (int)sizeof(inner))
				unlink(inner);
		}
		closedir(d);
		rmdir(path);
	} else if (S_ISREG(st.st_mode)) {
		unlink(path);
	}
}

bool gl_results_claim(const char *dir, int *fd, struct gl_err *e)
{
	char path[PATH_MAX];
	DIR *d;
	struct dirent *de;

	*fd = -1;
	if (!gl_results_mkdirs(dir, e))
		return false;
	if (snprintf(path, sizeof(path), "%s/.lock", dir) >= (int)sizeof(path))
		return gl_err_set(e, "results directory '%s': path too long", dir);
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (*fd < 0)
		return gl_err_set(e, "cannot create %s: %s", path, strerror(errno));
	if (flock(*fd, LOCK_EX | LOCK_NB) != 0) {
		int err = errno;

		close(*fd);
		*fd = -1;
		if (err == EWOULDBLOCK)
			return gl_err_set(e, "results directory %s is in use by another gcnlab run; wait for it "
			                  "to finish or give this run its own --out", dir);
		return gl_err_set(e, "cannot lock %s: %s", path, strerror(err));
	}
	/* A killed run's set first: its temporaries may still be committed. */
	gl_results_set_recover(dir);
	d = opendir(dir);
	if (d) {
		while ((de = readdir(d)))
			remove_stale(dir, de->d_name);
		closedir(d);
	}
	return true;
}

void gl_results_release(int fd)
{
	if (fd >= 0)
		close(fd);  /* drops the flock */
}
