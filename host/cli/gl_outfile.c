#include "cli/gl_outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/gl_results.h"
#include "base/gl_str.h"

/* The folder a new file at path goes into must be writable. */
static bool dir_writable(const char *path, const char *what, struct gl_err *e)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	struct stat st;

	if (!slash)
		gl_str_copy(dir, sizeof(dir), ".");
	else if (slash == path)
		gl_str_copy(dir, sizeof(dir), "/");
	else if (!gl_str_fmt(dir, sizeof(dir), "%.*s", (int)(slash - path), path))
		return gl_err_set(e, "%s: path %s is too long", what, path);
	if (stat(dir, &st) != 0)
		return gl_err_set(e, "%s: folder %s: %s", what, dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return gl_err_set(e, "%s: %s is not a folder", what, dir);
	if (access(dir, W_OK) != 0)
		return gl_err_set(e, "%s: cannot write into folder %s: %s", what, dir, strerror(errno));
	return true;
}

bool gl_outfile_check(const char *path, const char *what, struct gl_outfile *out,
                      struct gl_err *e)
{
	struct stat st;

	memset(out, 0, sizeof(*out));
	if (!path[0])
		return gl_err_set(e, "%s: the output path is empty", what);
	if (stat(path, &st) != 0) {
		if (errno != ENOENT)
			return gl_err_set(e, "%s: %s: %s", what, path, strerror(errno));
		if (lstat(path, &st) == 0)   /* a dangling symlink: create its target */
			return gl_err_set(e, "%s: %s is a symlink to a missing file; point it somewhere that exists or remove it",
			                  what, path);
		out->kind = GL_OUTFILE_REPLACE;
		return gl_str_copy(out->path, sizeof(out->path), path) ? dir_writable(path, what, e)
		       : gl_err_set(e, "%s: path %s is too long", what, path);
	}
	if (S_ISDIR(st.st_mode))
		return gl_err_set(e, "%s: %s is a folder; name a file to write", what, path);
	if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
		out->kind = GL_OUTFILE_STREAM;
		if (access(path, W_OK) != 0)
			return gl_err_set(e, "%s: cannot write to %s: %s", what, path, strerror(errno));
		return gl_str_copy(out->path, sizeof(out->path), path) ||
		       gl_err_set(e, "%s: path %s is too long", what, path);
	}
	if (!S_ISREG(st.st_mode))
		return gl_err_set(e, "%s: %s is neither a regular file, a character device nor a FIFO", what, path);
	/* Replace the symlink's target, not the link. */
	if (!realpath(path, out->path))
		return gl_err_set(e, "%s: %s: %s", what, path, strerror(errno));
	out->kind = GL_OUTFILE_REPLACE;
	return dir_writable(out->path, what, e);
}

static bool write_stream(const char *path, const uint8_t *p, size_t len, struct gl_err *e)
{
	size_t done = 0;
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);

	if (fd < 0)
		return gl_err_set(e, "cannot open %s for writing: %s", path, strerror(errno));
	while (done < len) {
		ssize_t n = write(fd, p + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			gl_err_set(e, "writing %s failed: %s", path, n < 0 ? strerror(errno) : "no progress");
			close(fd);
			return false;
		}
		done += (size_t)n;
	}
	if (close(fd) != 0)
		return gl_err_set(e, "writing %s failed: %s", path, strerror(errno));
	return true;
}

bool gl_outfile_write(const struct gl_outfile *o, const void *data, size_t len,
                      struct gl_err *e)
{
	if (o->kind == GL_OUTFILE_STREAM)
		return write_stream(o->path, data, len, e);
	return gl_results_write_file(o->path, data, len, e);
}
