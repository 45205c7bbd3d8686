#include "report/gl_results_set.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/gl_file.h"
#include "base/gl_str.h"
#include "report/gl_results_swap.h"

#define SET_PENDING ".set-pending"
#define FAIL_MARK "!"

/* The first failure of the set open in this process. Kept in memory as
 * well as in the journal: on a full disk the journal cannot grow, and a
 * failure must still stop the commit. */
static char set_failed_why[1024];

static bool journal_path(char *buf, size_t len, const char *dir)
{
	return gl_str_fmt(buf, len, "%s/%s", dir, SET_PENDING);
}

bool gl_results_set_begin(const char *dir, struct gl_err *e)
{
	char path[PATH_MAX];
	int fd;

	if (!journal_path(path, sizeof(path), dir))
		return gl_err_set(e, "results directory '%s': path too long", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return gl_err_set(e, "cannot create %s: %s", path, strerror(errno));
	close(fd);
	set_failed_why[0] = '\0';
	return true;
}

/* The journal's lines: temporaries to place, or the first failure. */
struct journal {
	char *text;                   /* the file, split in place */
	unsigned n;
	struct gl_swap_file *files;   /* [n] */
	const char *failed;           /* why, or NULL */
};

static void journal_free(struct journal *j)
{
	free(j->text);
	free(j->files);
	memset(j, 0, sizeof(*j));
}

static bool journal_read(const char *dir, struct journal *j, struct gl_err *e)
{
	char path[PATH_MAX];
	size_t size = 0, lines = 0;

	memset(j, 0, sizeof(*j));
	if (!journal_path(path, sizeof(path), dir))
		return gl_err_set(e, "results directory '%s': path too long", dir);
	/* An empty journal is a set with no files. */
	if (!gl_file_read_text(path, "results journal", &j->text, &size, e))
		return false;
	for (size_t i = 0; i < size; i++)
		lines += j->text[i] == '\n';
	j->files = calloc(lines + 1, sizeof(*j->files));
	if (!j->files)
		return gl_err_set(e, "out of memory reading %s", path);
	for (char *line = j->text, *nl; line && (nl = memchr(line, '\n', size - (size_t)(line - j->text)));
	     line = nl + 1) {
		char *tab = memchr(line, '\t', (size_t)(nl - line));

		*nl = '\0';
		if (!tab)
			continue;
		*tab = '\0';
		if (strcmp(line, FAIL_MARK) == 0) {
			if (!j->failed)
				j->failed = tab + 1;
			continue;
		}
		/* Only names in dir, and only our temporaries. */
		if (strchr(line, '/') || strchr(tab + 1, '/') || !strstr(line, ".tmp."))
			continue;
		j->files[j->n].from = line;
		j->files[j->n++].name = tab + 1;
		if (nl + 1 >= j->text + size)
			break;
	}
	return true;
}

static void journal_drop(const char *dir, const struct journal *j)
{
	char path[PATH_MAX];

	for (unsigned i = 0; i < j->n; i++)
		if (gl_str_fmt(path, sizeof(path), "%s/%s", dir, j->files[i].from))
			unlink(path);
	if (journal_path(path, sizeof(path), dir))
		unlink(path);
}

void gl_results_set_abort(const char *dir)
{
	struct journal j;
	struct gl_err e;

	if (journal_read(dir, &j, &e))
		journal_drop(dir, &j);
	journal_free(&j);
}

bool gl_results_set_commit(const char *dir, const char *suite, struct gl_err *e)
{
	char manifest[NAME_MAX + 1];
	struct journal j;
	bool ok = false;

	if (!gl_str_fmt(manifest, sizeof(manifest), ".%s.set", suite))
		return gl_err_set(e, "suite name %s is too long", suite);
	if (set_failed_why[0]) {
		gl_err_set(e, "%s", set_failed_why);
		gl_results_set_abort(dir);
		return false;
	}
	if (!journal_read(dir, &j, e))
		goto out;
	if (j.failed) {
		gl_err_set(e, "%s", j.failed);
		goto out;
	}
	ok = gl_results_swap(dir, manifest, j.files, j.n, e);
out:
	journal_drop(dir, &j);
	journal_free(&j);
	return ok;
}

void gl_results_set_recover(const char *dir)
{
	char pending[PATH_MAX];

	if (journal_path(pending, sizeof(pending), dir))
		unlink(pending);
	gl_results_swap_recover(dir);
}

/* Append one line to the journal of path's folder; -1 when no set is
 * open there, 0 when it could not be written. */
static int journal_append(const char *path, const char *a, const char *b)
{
	char dcopy[PATH_MAX], journal[PATH_MAX];
	int fd, ok;

	if (!gl_str_copy(dcopy, sizeof(dcopy), path) || !journal_path(journal, sizeof(journal), dirname(dcopy)))
		return -1;
	fd = open(journal, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ok = dprintf(fd, "%s\t%s\n", a, b) > 0 && fsync(fd) == 0;
	close(fd);
	return ok;
}

void gl_results_set_failed(const char *path, const char *why)
{
	char line[1024];
	size_t k = 0;

	/* One line: the reason without its line breaks. */
	for (const char *s = why; *s && k + 1 < sizeof(line); s++)
		line[k++] = *s == '\n' || *s == '\t' ? ' ' : *s;
	line[k] = '\0';
	if (journal_append(path, FAIL_MARK, line) != -1 && !set_failed_why[0])
		gl_str_copy(set_failed_why, sizeof(set_failed_why), line);
}

bool gl_results_place(const char *tmp, const char *path, struct gl_err *e)
{
	char tcopy[PATH_MAX], pcopy[PATH_MAX];
	int r;

	if (!gl_str_copy(tcopy, sizeof(tcopy), tmp) || !gl_str_copy(pcopy, sizeof(pcopy), path))
		return gl_err_set(e, "path %s is too long", path);
	r = journal_append(path, basename(tcopy), basename(pcopy));
	if (r == 0)
		return gl_err_set(e, "cannot record %s in the results journal: %s", path, strerror(errno));
	if (r > 0)
		return true;
	/* No set open here: replace at once. */
	if (rename(tmp, path) != 0)
		return gl_err_set(e, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
	gl_results_sync_dir_of(path);
	return true;
}
