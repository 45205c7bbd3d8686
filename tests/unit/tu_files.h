/*
 * tu_files.h — the file fixtures unit tests share: a fresh temporary
 * folder and its removal, and a whole file as one string.
 */
#ifndef TU_FILES_H
#define TU_FILES_H

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A new empty folder $TMPDIR/gcnlab-<name>-XXXXXX (/tmp without TMPDIR)
 * into dir. */
static inline bool tu_tmpdir(char *dir, size_t len, const char *name)
{
	const char *tmp = getenv("TMPDIR");
	int n = snprintf(dir, len, "%s/gcnlab-%s-XXXXXX", tmp && tmp[0] ? tmp : "/tmp", name);

	return n > 0 && (size_t)n < len && mkdtemp(dir) != NULL;
}

/* rm -r dir, also through folders a test made read-only. */
static inline void tu_rmtree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char path[4096];
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >= sizeof(path))
			continue;
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			chmod(path, 0755);
			tu_rmtree(path);
		} else {
			unlink(path);
		}
	}
	closedir(d);
	rmdir(dir);
}

/* cmocka teardown for a fixture struct whose first member is the folder
 * tu_tmpdir made (char dir[...]): removes the folder, frees the struct. */
static inline int tu_tmpdir_teardown(void **state)
{
	char *dir = *state;

	if (dir)
		tu_rmtree(dir);
	free(dir);
	return 0;
}

/* The set-up half of tu_tmpdir_teardown: a zeroed fixture struct of
 * `size` bytes in *state, its first member (char dir[dir_len]) a new
 * folder named after `name` (tu_tmpdir); NULL, and *state NULL, when
 * either fails. */
static inline void *tu_tmpdir_new(void **state, size_t size, size_t dir_len, const char *name)
{
	char *dir = calloc(1, size);

	if (dir && !tu_tmpdir(dir, dir_len, name)) {
		free(dir);
		dir = NULL;
	}
	*state = dir;
	return dir;
}

/* The whole file (possibly empty) as a NUL-terminated string, malloc'd;
 * NULL when it cannot be read. */
static inline char *tu_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = n >= 0 ? calloc(1, (size_t)n + 1) : NULL;
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

#endif
