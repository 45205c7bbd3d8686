#include "base/gl_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *gl_file_kind(unsigned mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG: return "a file";
	case S_IFDIR: return "a folder";
	case S_IFIFO: return "a FIFO";
	case S_IFCHR: return "a character device";
	case S_IFBLK: return "a block device";
	case S_IFSOCK: return "a socket";
	default: return "not a regular file";
	}
}

int gl_file_open_regular(const char *path, const char *what, struct gl_err *e)
{
	struct stat st;
	int fd, flags;

	/* Before any open: opening a FIFO waits for a writer, a device may
	 * act on being opened. */
	if (stat(path, &st) != 0)
		return gl_err_set(e, "cannot open %s %s: %s", what, path, strerror(errno)), -1;
	if (!S_ISREG(st.st_mode))
		goto not_regular;
	/* Not blocking even if it became a FIFO since. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return gl_err_set(e, "cannot open %s %s: %s", what, path, strerror(errno)), -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		goto not_regular;
	}
	flags = fcntl(fd, F_GETFL);
	if (flags >= 0)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	return fd;
not_regular:
	gl_err_set(e, "%s %s is %s, not a regular file: give the path of a file", what, path,
	           gl_file_kind(st.st_mode));
	return -1;
}

/* The whole file from fd, plus one NUL; the size grows geometrically. */
static bool read_all(int fd, const char *path, char **data, size_t *size, struct gl_err *e)
{
	struct stat st;
	size_t cap, len = 0;
	char *buf;

	cap = fstat(fd, &st) == 0 && st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
	buf = malloc(cap);
	if (!buf)
		return gl_err_set(e, "out of memory reading %s", path);
	for (;;) {
		ssize_t n;

		if (len + 1 >= cap) {
			char *grown = cap > ((size_t)-1) / 2 ? NULL : realloc(buf, cap * 2);

			if (!grown) {
				free(buf);
				return gl_err_set(e, "out of memory reading %s", path);
			}
			buf = grown;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			gl_err_set(e, "reading %s failed: %s", path, strerror(errno));
			free(buf);
			return false;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
	*data = buf;
	*size = len;
	return true;
}

bool gl_file_read_text(const char *path, const char *what, char **text, size_t *size, struct gl_err *e)
{
	int fd = gl_file_open_regular(path, what, e);
	bool ok;

	if (fd < 0)
		return false;
	ok = read_all(fd, path, text, size, e);
	close(fd);
	return ok;
}

bool gl_file_read(const char *path, const char *what, void **data, size_t *size, struct gl_err *e)
{
	char *buf;

	if (!gl_file_read_text(path, what, &buf, size, e))
		return false;
	if (*size == 0) {
		free(buf);
		return gl_err_set(e, "%s %s is empty", what, path);
	}
	*data = buf;
	return true;
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
