#include "report/gl_results_swap.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/gl_file.h"
#include "base/gl_str.h"

#define SET_PENDING ".set-pending"

bool gl_results_sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = fsync(fd) == 0;
	close(fd);
	return ok;
}

bool gl_results_sync_dir_of(const char *path)
{
	char copy[PATH_MAX];

	return gl_str_copy(copy, sizeof(copy), path) && gl_results_sync_dir(dirname(copy));
}

/* The names of a manifest: one per line, in place in text. */
struct names {
	char *text;
	unsigned n;
	const char **v;
};

static bool names_has(const struct names *s, const char *name)
{
	for (unsigned i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return true;
	return false;
}

static bool names_read(const char *path, struct names *s, struct gl_err *e)
{
	size_t size = 0, lines = 0;
	char *save = NULL;

	memset(s, 0, sizeof(*s));
	if (access(path, F_OK) != 0)
		return true;   /* no previous set of this suite */
	if (!gl_file_read_text(path, "results manifest", &s->text, &size, e))
		return false;
	for (size_t i = 0; i < size; i++)
		lines += s->text[i] == '\n';
	s->v = calloc(lines + 1, sizeof(*s->v));
	if (!s->v)
		return gl_err_set(e, "out of memory reading %s", path);
	for (char *t = strtok_r(s->text, "\n", &save); t && s->n <= lines; t = strtok_r(NULL, "\n", &save))
		if (!strchr(t, '/') && strcmp(t, ".") && strcmp(t, ".."))
			s->v[s->n++] = t;
	return true;
}

static void names_free(struct names *s)
{
	free(s->text);
	free(s->v);
}

/* rm -r path, never following a link. */
static void remove_tree(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *de;

	if (lstat(path, &st) != 0)
		return;
	if (!S_ISDIR(st.st_mode)) {
		unlink(path);
		return;
	}
	d = opendir(path);
	if (d) {
		while ((de = readdir(d))) {
			char inner[PATH_MAX];

			if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
			    gl_str_fmt(inner, sizeof(inner), "%s/%s", path, de->d_name))
				remove_tree(inner);
		}
		closedir(d);
	}
	rmdir(path);
}

/* "<parent>/.<base>.set." of dir, the prefix of its staging folders. */
static bool staging_prefix(const char *dir, char *parent, size_t plen, char *prefix, size_t len)
{
	char a[PATH_MAX], b[PATH_MAX];

	return gl_str_copy(a, sizeof(a), dir) && gl_str_copy(b, sizeof(b), dir) &&
	       gl_str_copy(parent, plen, dirname(a)) && gl_str_fmt(prefix, len, ".%s.set.", basename(b));
}

static bool is_temporary(const char *name)
{
	return strstr(name, ".tmp.") || strcmp(name, SET_PENDING) == 0;
}

/* Hard links of the files of dir that stay, into next. */
static bool link_kept(const char *dir, const char *next, const char *manifest, const struct names *old,
                      const struct names *add, struct gl_err *e)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool ok = true;

	if (!d)
		return gl_err_set(e, "cannot read results directory %s: %s", dir, strerror(errno));
	while (ok && (de = readdir(d))) {
		char from[PATH_MAX], to[PATH_MAX];
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") || is_temporary(de->d_name) ||
		    !strcmp(de->d_name, manifest) || names_has(old, de->d_name) || names_has(add, de->d_name))
			continue;
		if (!gl_str_fmt(from, sizeof(from), "%s/%s", dir, de->d_name) ||
		    !gl_str_fmt(to, sizeof(to), "%s/%s", next, de->d_name)) {
			ok = gl_err_set(e, "path %s/%s is too long", dir, de->d_name);
			break;
		}
		/* Folders cannot be linked: moved after the swap. */
		if (lstat(from, &st) != 0 || S_ISDIR(st.st_mode))
			continue;
		if (link(from, to) != 0)
			ok = gl_err_set(e, "cannot link %s into the next results folder %s: %s", from, next,
			                strerror(errno));
	}
	closedir(d);
	return ok;
}

static bool write_manifest(const char *path, const struct gl_swap_file *files, unsigned n, struct gl_err *e)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	bool ok = fd >= 0;

	for (unsigned i = 0; ok && i < n; i++)
		ok = dprintf(fd, "%s\n", files[i].name) > 0;
	if (ok)
		ok = fsync(fd) == 0;
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	return ok || gl_err_set(e, "cannot write the results manifest %s: %s", path, strerror(errno));
}

/* The new set into next: each temporary linked under its name. */
static bool link_new(const char *dir, const char *next, const struct gl_swap_file *files, unsigned n,
                     struct gl_err *e)
{
	for (unsigned i = 0; i < n; i++) {
		char from[PATH_MAX], to[PATH_MAX];

		if (!gl_str_fmt(from, sizeof(from), "%s/%s", dir, files[i].from) ||
		    !gl_str_fmt(to, sizeof(to), "%s/%s", next, files[i].name))
			return gl_err_set(e, "path %s/%s is too long", dir, files[i].name);
		/* A file placed twice in one set: the last one counts. */
		unlink(to);
		if (link(from, to) != 0)
			return gl_err_set(e, "cannot link %s into the next results folder %s: %s", from, next,
			                  strerror(errno));
	}
	return true;
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* After the swap old holds the previous folder: what it gained after the
 * links were made goes into dir (a newer copy replaces dir's), the rest
 * goes. */
static void retire(const char *old, const char *dir, const char *manifest, const struct names *prev,
                   const struct names *add)
{
	DIR *d = opendir(old);
	struct dirent *de;

	if (d) {
		while ((de = readdir(d))) {
			char from[PATH_MAX], to[PATH_MAX];
			struct stat so, sd;
			const char *n = de->d_name;
			bool ours = is_temporary(n) || !strcmp(n, manifest) || names_has(prev, n) || names_has(add, n);

			if (!strcmp(n, ".") || !strcmp(n, "..") || ours ||
			    !gl_str_fmt(from, sizeof(from), "%s/%s", old, n) ||
			    !gl_str_fmt(to, sizeof(to), "%s/%s", dir, n) || lstat(from, &so) != 0)
				continue;
			if (lstat(to, &sd) == 0 && (same_file(&so, &sd) || S_ISDIR(so.st_mode) || S_ISDIR(sd.st_mode)))
				continue;
			rename(from, to);
		}
		closedir(d);
	}
	remove_tree(old);
}

/* The exchange, or the two renames where the file system has none. */
static bool exchange(const char *next, const char *dir, char *old, size_t len, struct gl_err *e)
{
	if (renameat2(AT_FDCWD, next, AT_FDCWD, dir, RENAME_EXCHANGE) == 0)
		return gl_str_copy(old, len, next);
	if (errno != EINVAL && errno != ENOSYS)
		return gl_err_set(e, "cannot swap the results folder %s for %s: %s", dir, next, strerror(errno));
	if (!gl_str_fmt(old, len, "%s.old", next))
		return gl_err_set(e, "path %s is too long", next);
	if (rename(dir, old) != 0)
		return gl_err_set(e, "cannot move the results folder %s aside: %s", dir, strerror(errno));
	if (rename(next, dir) != 0) {
		gl_err_set(e, "cannot rename %s to %s: %s", next, dir, strerror(errno));
		rename(old, dir);
		return false;
	}
	return true;
}

bool gl_results_swap(const char *dir, const char *manifest, const struct gl_swap_file *files, unsigned n,
                     struct gl_err *e)
{
	char real[PATH_MAX], parent[PATH_MAX], prefix[NAME_MAX + 1], next[PATH_MAX], old[PATH_MAX], path[PATH_MAX];
	struct names prev = { 0 }, add = { 0 };
	bool ok = false;

	next[0] = '\0';
	/* The folder itself, not a link to it: the link would be swapped. */
	if (!realpath(dir, real))
		return gl_err_set(e, "results directory %s: %s", dir, strerror(errno));
	if (!staging_prefix(real, parent, sizeof(parent), prefix, sizeof(prefix)) ||
	    !gl_str_fmt(next, sizeof(next), "%s/%sXXXXXX", parent, prefix) ||
	    !gl_str_fmt(path, sizeof(path), "%s/%s", real, manifest)) {
		next[0] = '\0';
		return gl_err_set(e, "results directory %s: path too long", dir);
	}
	add.v = calloc(n + 1, sizeof(*add.v));
	if (!add.v) {
		gl_err_set(e, "out of memory");
		goto out;
	}
	for (add.n = 0; add.n < n; add.n++)
		add.v[add.n] = files[add.n].name;
	if (!names_read(path, &prev, e))
		goto out;
	if (!mkdtemp(next)) {
		gl_err_set(e, "cannot create the next results folder beside %s: %s", real, strerror(errno));
		next[0] = '\0';
		goto out;
	}
	chmod(next, 0755);
	if (!link_kept(real, next, manifest, &prev, &add, e) || !link_new(real, next, files, n, e) ||
	    !gl_str_fmt(path, sizeof(path), "%s/%s", next, manifest) || !write_manifest(path, files, n, e))
		goto out;
	if (!gl_results_sync_dir(next)) {
		gl_err_set(e, "cannot sync the next results folder %s: %s", next, strerror(errno));
		goto out;
	}
	if (!exchange(next, real, old, sizeof(old), e))
		goto out;
	gl_results_sync_dir(parent);   /* the commit point */
	next[0] = '\0';
	retire(old, real, manifest, &prev, &add);
	ok = true;
out:
	if (next[0])
		remove_tree(next);
	names_free(&prev);
	names_free(&add);
	return ok;
}

/* True when dir holds nothing but the lock and temporaries: the claim
 * recreated it after a swap was cut between its two renames. */
static bool only_lock(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool empty = true;

	if (!d)
		return false;
	while (empty && (de = readdir(d)))
		empty = !strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") || !strcmp(de->d_name, ".lock") ||
		        is_temporary(de->d_name);
	closedir(d);
	return empty;
}

/* An old folder whose swap was cut between its two renames: its files
 * back into dir (which the claim recreated empty). */
static void put_back(const char *old, const char *dir)
{
	DIR *d = opendir(old);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char from[PATH_MAX], to[PATH_MAX];

		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && !is_temporary(de->d_name) &&
		    gl_str_fmt(from, sizeof(from), "%s/%s", old, de->d_name) &&
		    gl_str_fmt(to, sizeof(to), "%s/%s", dir, de->d_name))
			renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
	}
	closedir(d);
}

void gl_results_swap_recover(const char *dir)
{
	char real[PATH_MAX], parent[PATH_MAX], prefix[NAME_MAX + 1];
	DIR *d;
	struct dirent *de;

	if (!realpath(dir, real) || !staging_prefix(real, parent, sizeof(parent), prefix, sizeof(prefix)))
		return;
	d = opendir(parent);
	if (!d)
		return;
	while ((de = readdir(d))) {
		char path[PATH_MAX];
		size_t len = strlen(de->d_name);

		if (strncmp(de->d_name, prefix, strlen(prefix)) ||
		    !gl_str_fmt(path, sizeof(path), "%s/%s", parent, de->d_name))
			continue;
		if (len > 4 && !strcmp(de->d_name + len - 4, ".old") && only_lock(real))
			put_back(path, real);
		remove_tree(path);
	}
	closedir(d);
	gl_results_sync_dir(parent);
}
