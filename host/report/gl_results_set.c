#include "report/gl_results_set.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/gl_str.h"

#define SET_PENDING ".set-pending"
#define SET_COMMIT ".set-commit"

static bool sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = fsync(fd) == 0;
	close(fd);
	return ok;
}

static bool journal_path(char *buf, size_t len, const char *dir, const char *name)
{
	return gl_str_fmt(buf, len, "%s/%s", dir, name);
}

bool gl_results_set_begin(const char *dir, struct gl_err *e)
{
	char path[PATH_MAX];
	int fd;

	if (!journal_path(path, sizeof(path), dir, SET_PENDING))
		return gl_err_set(e, "results directory '%s': path too long", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return gl_err_set(e, "cannot create %s: %s", path, strerror(errno));
	close(fd);
	sync_dir(dir);
	return true;
}

/* Rename every "temporary<TAB>file" line of the journal at path (names in
 * dir); entries whose temporary is gone were done before a kill. */
static bool replay(const char *dir, const char *path, struct gl_err *e)
{
	FILE *f = fopen(path, "r");
	char line[2 * NAME_MAX + 4];
	bool ok = true;

	if (!f)
		return gl_err_set(e, "cannot read %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		char *tab = strchr(line, '\t'), *nl = strchr(line, '\n');
		char from[PATH_MAX], to[PATH_MAX];

		if (!tab || !nl)
			continue;
		*tab = *nl = '\0';
		/* Only names in dir, and only our temporaries. */
		if (strchr(line, '/') || strchr(tab + 1, '/') || !strstr(line, ".tmp.") ||
		    !gl_str_fmt(from, sizeof(from), "%s/%s", dir, line) ||
		    !gl_str_fmt(to, sizeof(to), "%s/%s", dir, tab + 1))
			continue;
		if (rename(from, to) != 0 && errno != ENOENT && ok)
			ok = gl_err_set(e, "cannot rename %s to %s: %s", from, to, strerror(errno));
	}
	fclose(f);
	sync_dir(dir);
	return ok;
}

bool gl_results_set_commit(const char *dir, struct gl_err *e)
{
	char pending[PATH_MAX], commit[PATH_MAX];
	bool ok;

	if (!journal_path(pending, sizeof(pending), dir, SET_PENDING) ||
	    !journal_path(commit, sizeof(commit), dir, SET_COMMIT))
		return gl_err_set(e, "results directory '%s': path too long", dir);
	if (rename(pending, commit) != 0)
		return gl_err_set(e, "cannot commit the results in %s (%s): %s", dir, pending, strerror(errno));
	sync_dir(dir);   /* the commit point */
	ok = replay(dir, commit, e);
	unlink(commit);
	sync_dir(dir);
	return ok;
}

void gl_results_set_recover(const char *dir)
{
	char pending[PATH_MAX], commit[PATH_MAX];

	if (journal_path(commit, sizeof(commit), dir, SET_COMMIT) && access(commit, F_OK) == 0) {
		replay(dir, commit, NULL);
		unlink(commit);
	}
	if (journal_path(pending, sizeof(pending), dir, SET_PENDING))
		unlink(pending);
	sync_dir(dir);
}

bool gl_results_place(const char *tmp, const char *path, struct gl_err *e)
{
	char dcopy[PATH_MAX], tcopy[PATH_MAX], pcopy[PATH_MAX], journal[PATH_MAX];
	const char *dir;
	int fd;
	bool ok;

	if (!gl_str_copy(dcopy, sizeof(dcopy), path) || !gl_str_copy(tcopy, sizeof(tcopy), tmp) ||
	    !gl_str_copy(pcopy, sizeof(pcopy), path))
		return gl_err_set(e, "path %s is too long", path);
	dir = dirname(dcopy);
	fd = journal_path(journal, sizeof(journal), dir, SET_PENDING) ?
	     open(journal, O_WRONLY | O_APPEND | O_CLOEXEC) : -1;
	if (fd < 0) {
		/* No set open here: replace at once. */
		if (rename(tmp, path) != 0)
			return gl_err_set(e, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
		sync_dir(dir);
		return true;
	}
	ok = dprintf(fd, "%s\t%s\n", basename(tcopy), basename(pcopy)) > 0 && fsync(fd) == 0;
	close(fd);
	if (!ok)
		return gl_err_set(e, "cannot record %s in %s: %s", path, journal, strerror(errno));
	return true;
}
