#include "base/gl_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/gl_str.h"

extern char **environ;

bool gl_proc_in_path(const char *name)
{
	const char *path = getenv("PATH");
	char dir[PATH_MAX];

	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	if (!path)
		return false;
	while (*path) {
		size_t len = strcspn(path, ":");
		char full[PATH_MAX];

		if (len > 0 && len < sizeof(dir)) {
			memcpy(dir, path, len);
			dir[len] = '\0';
			if (gl_str_fmt(full, sizeof(full), "%s/%s", dir, name) && access(full, X_OK) == 0)
				return true;
		}
		path += len;
		if (*path == ':')
			path++;
	}
	return false;
}

bool gl_proc_run(char *const argv[], char *out, size_t outlen, int *status, struct gl_err *e)
{
	posix_spawn_file_actions_t fa;
	int pipefd[2] = { -1, -1 };
	size_t used = 0;
	pid_t pid;
	int rc, ws;

	if (out && outlen)
		out[0] = '\0';
	if (pipe2(pipefd, O_CLOEXEC) != 0)
		return gl_err_set(e, "pipe: %s", strerror(errno));
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
	rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[1]);
	if (rc != 0) {
		close(pipefd[0]);
		return gl_err_set(e, "cannot run %s: %s", argv[0], strerror(rc));
	}
	for (;;) {
		char buf[4096];
		ssize_t n = read(pipefd[0], buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (out && used + 1 < outlen) {
			size_t take = (size_t)n < outlen - 1 - used ? (size_t)n : outlen - 1 - used;
			memcpy(out + used, buf, take);
			used += take;
			out[used] = '\0';
		}
	}
	close(pipefd[0]);
	while (waitpid(pid, &ws, 0) < 0) {
		if (errno != EINTR)
			return gl_err_set(e, "waitpid %s: %s", argv[0], strerror(errno));
	}
	*status = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
	return true;
}
