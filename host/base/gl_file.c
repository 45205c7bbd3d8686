#include "base/gl_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool gl_file_read(const char *path, const char *what, void **data, size_t *size, struct gl_err *e)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	void *buf = NULL;

	if (!f)
		return gl_err_set(e, "cannot open %s %s: %s", what, path, strerror(errno));
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
		gl_err_set(e, "%s %s is not a regular file", what, path);
		goto fail;
	}
	if (st.st_size == 0) {
		gl_err_set(e, "%s %s is empty", what, path);
		goto fail;
	}
	buf = malloc((size_t)st.st_size);
	if (!buf) {
		gl_err_set(e, "out of memory reading %s", path);
		goto fail;
	}
	if (fread(buf, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
		gl_err_set(e, "reading %s failed", path);
		goto fail;
	}
	fclose(f);
	*data = buf;
	*size = (size_t)st.st_size;
	return true;
fail:
	free(buf);
	fclose(f);
	return false;
}

bool gl_file_exe_dir(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);
	char *slash;

	if (n <= 0)
		return false;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (!slash)
		return false;
	*slash = '\0';
	return true;
}
