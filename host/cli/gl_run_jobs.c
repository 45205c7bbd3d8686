/*
 * gl_run_jobs.c — suites side by side, one child process each (the design
 * is in gl_run_jobs.h).
 *
 * Per child the parent holds two pipes (its stdout, its stderr) and one end
 * of a socket pair, the control line: the child sends 'T' when it wants
 * its turn to write results, then 'E' and its struct gl_run_job_end when
 * it is done; the parent answers 'T' with one byte when the turn is the
 * child's. A socket, not a pipe, so that the parent's answer to a child
 * that died meanwhile is an error (MSG_NOSIGNAL), not a SIGPIPE.
 */
#include "cli/gl_run_jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/gl_str.h"
#include "cli/gl_cmd.h"
#include "report/gl_results_set.h"

enum { JOB_OUT, JOB_ERR, JOB_CTL, JOB_FDS };

struct job {
	pid_t pid;                    /* 0: not started */
	int fd[JOB_FDS];              /* the parent's ends; -1 closed */
	char *log;                    /* chunks in arrival order: 1 byte stream (1, 2), u32 length, bytes */
	size_t len, cap;
	char ctl[1 + sizeof(struct gl_run_job_end)];
	size_t ctl_len;
	bool asked, granted, ended, exited;
	bool own;                     /* it runs on the caller's own share */
	unsigned tokens;              /* tokens of cfg->budget it holds (taken before it starts) */
	int status;                   /* waitpid's */
	struct gl_run_job_end end;
	char start_err[256];          /* the child could not be started */
};

struct gl_run_jobs {
	const struct gl_run_jobs_cfg *cfg;
	struct job *job;              /* [cfg->n] */
	int self;                     /* in a child: its control line; -1 in the parent */
};

unsigned gl_run_jobs_count(unsigned given, unsigned n, unsigned *threads)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned cores = online > 0 ? (unsigned)online : 1;
	const char *env = getenv("GCNLAB_EMU_THREADS");   /* gl_env_check has checked it: 1..1024 */
	unsigned t = env && env[0] ? (unsigned)strtoul(env, NULL, 10) : 0;
	unsigned jobs = given ? given : t ? cores / t : cores;

	if (jobs > n)
		jobs = n;
	if (jobs < 1)
		jobs = 1;
	/* Unset, the emulator would give each child every core: share them
	 * out instead (the figures are the same for any thread count). */
	*threads = t ? 0 : (cores / jobs ? cores / jobs : 1);
	return jobs;
}

/* ---- the budget ---- */

bool gl_run_jobs_budget_open(struct gl_run_jobs_budget *b, unsigned n, struct gl_err *e)
{
	char tok = '+';

	b->fd[0] = b->fd[1] = -1;
	if (pipe2(b->fd, O_CLOEXEC | O_NONBLOCK) != 0) {
		b->fd[0] = b->fd[1] = -1;
		return gl_err_set(e, "cannot make the jobs' budget pipe: %s", strerror(errno));
	}
	for (unsigned i = 1; i < n; i++)   /* n - 1: the caller's own share is the first */
		if (write(b->fd[1], &tok, 1) != 1) {
			gl_run_jobs_budget_close(b);
			return gl_err_set(e, "cannot fill the jobs' budget pipe: %s", strerror(errno));
		}
	return true;
}

void gl_run_jobs_budget_close(struct gl_run_jobs_budget *b)
{
	for (unsigned k = 0; k < 2; k++)
		if (b->fd[k] >= 0)
			close(b->fd[k]);
	b->fd[0] = b->fd[1] = -1;
}

static bool token_take(const struct gl_run_jobs_budget *b)
{
	char tok;

	return read(b->fd[0], &tok, 1) == 1;   /* non-blocking: another pool may have been faster */
}

/* Tokens of the children that ended (all: also of jobs never started) go
 * back at once, to any pool. */
static void tokens_give_back(struct gl_run_jobs *j, bool all)
{
	char tok = '+';

	for (unsigned i = 0; i < j->cfg->n; i++) {
		struct job *jb = &j->job[i];

		if (jb->exited || all) {
			jb->own = false;
			/* The pipe was made to hold every token there is: it is never full. */
			for (; jb->tokens; jb->tokens--)
				(void)!write(j->cfg->budget->fd[1], &tok, 1);
		}
	}
}

/* Shares for job i before it starts: the caller's own, if no running job
 * of [head, i) has it, then tokens up to its share. True: start it now;
 * false: wait for a token (*wait). */
static bool shares_take(struct gl_run_jobs *j, unsigned head, unsigned i, unsigned running, bool *wait)
{
	const struct gl_run_jobs_cfg *c = j->cfg;
	struct job *jb = &j->job[i];
	unsigned want = c->share && c->threads && c->share[i] > 1 ? c->share[i] : 1;
	bool own_busy = false;

	if (!c->budget)
		return true;
	for (unsigned k = head; k < i; k++)
		own_busy |= j->job[k].own && !j->job[k].exited;
	if (!own_busy)
		jb->own = true;
	while (jb->own + jb->tokens < want && token_take(c->budget))
		jb->tokens++;
	if (jb->own + jb->tokens >= want || (jb->own + jb->tokens && !running))
		return true;
	*wait = true;
	return false;
}

/* ---- the child ---- */

bool gl_run_jobs_turn(void *p, struct gl_err *e)
{
	struct gl_run_jobs *j = p;
	char c = 'T';
	ssize_t r;

	if (send(j->self, &c, 1, MSG_NOSIGNAL) != 1)
		return gl_err_set(e, "lost the parent gcnlab run: %s", strerror(errno));
	do
		r = recv(j->self, &c, 1, 0);
	while (r < 0 && errno == EINTR);
	if (r != 1)
		return gl_err_set(e, "the run ended before this suite's turn to write its results");
	return true;
}

static void close_fds(struct job *jb)
{
	for (unsigned k = 0; k < JOB_FDS; k++) {
		if (jb->fd[k] >= 0)
			close(jb->fd[k]);
		jb->fd[k] = -1;
	}
}

static void set_threads(unsigned threads, const struct job *jb)
{
	unsigned shares = jb->own + jb->tokens;
	char buf[16];

	if (threads && gl_str_fmt(buf, sizeof(buf), "%u", threads * (shares ? shares : 1)))
		setenv("GCNLAB_EMU_THREADS", buf, 1);
}

/* In the child: its streams onto the pipes, none of the parent's other
 * descriptors (a child holding another's pipe would keep it open), the
 * suite, the end record. Never returns. */
static void child_main(struct gl_run_jobs *j, unsigned i, const int out[2], const int err[2], const int ctl[2])
{
	struct gl_run_job_end end = { 0 };
	char rec[1 + sizeof(end)];

	for (unsigned k = 0; k < j->cfg->n; k++)
		if (k != i)
			close_fds(&j->job[k]);
	if (dup2(out[1], STDOUT_FILENO) < 0 || dup2(err[1], STDERR_FILENO) < 0)
		_exit(GL_CMD_EXIT_FAILED);
	close(out[0]);
	close(out[1]);
	close(err[0]);
	close(err[1]);
	close(ctl[0]);
	j->self = ctl[1];
	set_threads(j->cfg->threads, &j->job[i]);
	j->cfg->job(j->cfg->user, j, i, &end);
	fflush(stdout);
	fflush(stderr);
	rec[0] = 'E';
	memcpy(rec + 1, &end, sizeof(end));
	if (send(j->self, rec, sizeof(rec), MSG_NOSIGNAL) != (ssize_t)sizeof(rec))
		_exit(GL_CMD_EXIT_FAILED);
	_exit(0);
}

/* ---- the parent ---- */

static bool start(struct gl_run_jobs *j, unsigned i)
{
	struct job *jb = &j->job[i];
	int out[2] = { -1, -1 }, err[2] = { -1, -1 }, ctl[2] = { -1, -1 };

	if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ctl) != 0)
		goto fail;
	fflush(stdout);   /* nothing buffered twice */
	fflush(stderr);
	jb->pid = fork();
	if (jb->pid < 0) {
		jb->pid = 0;
		goto fail;
	}
	if (jb->pid == 0)
		child_main(j, i, out, err, ctl);
	close(out[1]);
	close(err[1]);
	close(ctl[1]);
	jb->fd[JOB_OUT] = out[0];
	jb->fd[JOB_ERR] = err[0];
	jb->fd[JOB_CTL] = ctl[0];
	return true;
fail:
	gl_str_fmt(jb->start_err, sizeof(jb->start_err), "cannot start a process for it: %s", strerror(errno));
	for (unsigned k = 0; k < 2; k++) {
		if (out[k] >= 0)
			close(out[k]);
		if (err[k] >= 0)
			close(err[k]);
		if (ctl[k] >= 0)
			close(ctl[k]);
	}
	jb->exited = true;
	return false;
}

static bool log_add(struct job *jb, uint8_t stream, const char *data, size_t n)
{
	uint32_t n32 = (uint32_t)n;
	size_t need = jb->len + 1 + sizeof(n32) + n;

	if (need > jb->cap) {
		size_t cap = jb->cap ? jb->cap : 4096;
		char *p;

		while (cap < need)
			cap *= 2;
		p = realloc(jb->log, cap);
		if (!p)
			return false;
		jb->log = p;
		jb->cap = cap;
	}
	jb->log[jb->len] = (char)stream;
	memcpy(jb->log + jb->len + 1, &n32, sizeof(n32));
	memcpy(jb->log + jb->len + 1 + sizeof(n32), data, n);
	jb->len = need;
	return true;
}

static void write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;   /* the reader went away: as a serial run's lost output */
		p += w;
		n -= (size_t)w;
	}
}

/* The control line's bytes: 'T' asks for the turn, 'E' + record ends. */
static void ctl_parse(struct job *jb)
{
	while (jb->ctl_len) {
		size_t used;

		if (jb->ctl[0] == 'T') {
			jb->asked = true;
			used = 1;
		} else if (jb->ctl[0] == 'E' && jb->ctl_len == sizeof(jb->ctl)) {
			memcpy(&jb->end, jb->ctl + 1, sizeof(jb->end));
			jb->end.fault[sizeof(jb->end.fault) - 1] = '\0';
			jb->ended = true;
			used = sizeof(jb->ctl);
		} else if (jb->ctl[0] == 'E') {
			return;   /* the rest of the record is on its way */
		} else {
			used = jb->ctl_len;   /* not ours: dropped; the child is reported as it ends */
		}
		memmove(jb->ctl, jb->ctl + used, jb->ctl_len - used);
		jb->ctl_len -= used;
	}
}

/* Read what fd k of jb has; at end of file close it, and reap the child
 * once all three are closed. */
static void drain(struct job *jb, unsigned k)
{
	char buf[65536];
	ssize_t r;

	if (k == JOB_CTL) {
		r = recv(jb->fd[k], jb->ctl + jb->ctl_len, sizeof(jb->ctl) - jb->ctl_len, 0);
		if (r > 0) {
			jb->ctl_len += (size_t)r;
			ctl_parse(jb);
		}
	} else {
		r = read(jb->fd[k], buf, sizeof(buf));
		if (r > 0 && !log_add(jb, k == JOB_OUT ? 1 : 2, buf, (size_t)r))
			r = 0;   /* out of memory: what came so far is kept */
	}
	if (r < 0 && errno == EINTR)
		return;
	if (r <= 0) {
		close(jb->fd[k]);
		jb->fd[k] = -1;
	}
	if (jb->fd[JOB_OUT] < 0 && jb->fd[JOB_ERR] < 0 && jb->fd[JOB_CTL] < 0 && !jb->exited) {
		while (waitpid(jb->pid, &jb->status, 0) < 0 && errno == EINTR)
			;
		jb->exited = true;
	}
}

static void kill_job(struct job *jb)
{
	if (jb->pid && !jb->exited) {
		kill(jb->pid, SIGKILL);
		while (waitpid(jb->pid, &jb->status, 0) < 0 && errno == EINTR)
			;
		jb->exited = true;
	}
	close_fds(jb);
}

/* One live line on a terminal: which suites run. */
static void progress(const struct gl_run_jobs *j, unsigned head, unsigned next)
{
	char line[512];
	size_t used = 0;

	if (!j->cfg->progress)
		return;
	line[0] = '\0';
	for (unsigned i = head; i < next; i++) {
		int n;

		if (j->job[i].exited)
			continue;
		n = snprintf(line + used, sizeof(line) - used, "%s%s", used ? ", " : "", j->cfg->names[i]);
		if (n < 0 || (size_t)n >= sizeof(line) - used)
			break;
		used += (size_t)n;
	}
	if (!used)
		return;   /* nothing runs (any more): the line stays cleared */
	fprintf(stderr, "\r\033[K%s: running %s (%u of %u %s done)", j->cfg->cmd, line, head, j->cfg->n,
	        j->cfg->what ? j->cfg->what : "suites");
	fflush(stderr);
}

/* Suite i ended (and every one before it): its output, whole, then what
 * its end means for the run. Returns true when the run stops here. */
static bool finish(struct gl_run_jobs *j, unsigned i, int *exit_code)
{
	const struct gl_run_jobs_cfg *c = j->cfg;
	const char *what = c->what ? c->what : "suite";
	struct job *jb = &j->job[i];

	if (c->progress) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	for (size_t at = 0; at < jb->len;) {
		uint32_t n;

		memcpy(&n, jb->log + at + 1, sizeof(n));
		write_all(jb->log[at] == 1 ? STDOUT_FILENO : STDERR_FILENO, jb->log + at + 1 + sizeof(n), n);
		at += 1 + sizeof(n) + n;
	}
	if (jb->start_err[0]) {
		fprintf(stderr, "%s: %s %s: %s\n", c->cmd, what, c->names[i], jb->start_err);
		*exit_code = GL_CMD_EXIT_FAILED;
		return true;
	}
	if (!jb->ended) {
		if (WIFSIGNALED(jb->status))
			fprintf(stderr, "%s: %s %s: its process was killed by signal %d (%s)\n", c->cmd, what,
			        c->names[i], WTERMSIG(jb->status), strsignal(WTERMSIG(jb->status)));
		else
			fprintf(stderr, "%s: %s %s: its process ended with status %d before the %s did\n", c->cmd, what,
			        c->names[i], WIFEXITED(jb->status) ? WEXITSTATUS(jb->status) : -1, what);
		if (jb->granted && c->results) {   /* it may have left a set open: drop it, as a failed suite's */
			gl_results_set_abort(c->results);
			fprintf(stderr, "%s: suite %s: no results written: %s keeps the previous %s results as they were\n",
			        c->cmd, c->names[i], c->results, c->names[i]);
		}
		*exit_code = GL_CMD_EXIT_FAILED;
		return false;
	}
	if (jb->end.exit_code)
		*exit_code = jb->end.exit_code;
	if (jb->end.stop)
		return true;
	if (jb->end.fault[0]) {
		/* As serially: on ROCr the queues would be gone; what was written stays. */
		fprintf(stderr, "%s: a GPU memory fault in kernel %s (suite %s) ended the run", c->cmd, jb->end.fault,
		        c->names[i]);
		for (unsigned k = i + 1; k < c->n; k++)
			fprintf(stderr, "%s%s", k == i + 1 ? "; not run: " : ", ", c->names[k]);
		fprintf(stderr, "\n");
		*exit_code = GL_CMD_EXIT_FAILED;
		return true;
	}
	return false;
}

static void grant(struct job *jb)
{
	char c = 'G';

	if (jb->asked && !jb->granted && jb->fd[JOB_CTL] >= 0) {
		jb->granted = true;
		if (send(jb->fd[JOB_CTL], &c, 1, MSG_NOSIGNAL) != 1)
			jb->granted = false;   /* it died meanwhile: reported as it is reaped */
	}
}

/* Wait for something from the running children [head, next), or for a
 * token of the budget when want_token. */
static void wait_any(struct gl_run_jobs *j, unsigned head, unsigned next, bool want_token)
{
	struct pollfd pfd[3 * GL_CMD_MAX_POSITIONAL + 1];
	unsigned who[3 * GL_CMD_MAX_POSITIONAL + 1], what[3 * GL_CMD_MAX_POSITIONAL + 1];
	nfds_t n = 0;

	if (want_token) {
		pfd[n] = (struct pollfd){ .fd = j->cfg->budget->fd[0], .events = POLLIN };
		who[n] = what[n] = UINT32_MAX;
		n++;
	}

	for (unsigned i = head; i < next; i++)
		for (unsigned k = 0; k < JOB_FDS; k++)
			if (j->job[i].fd[k] >= 0 && n < 3 * GL_CMD_MAX_POSITIONAL) {
				pfd[n] = (struct pollfd){ .fd = j->job[i].fd[k], .events = POLLIN };
				who[n] = i;
				what[n++] = k;
			}
	if (n == 0 || poll(pfd, n, -1) < 0)
		return;   /* EINTR: the caller loops */
	for (nfds_t p = 0; p < n; p++)
		if (pfd[p].revents && who[p] != UINT32_MAX)
			drain(&j->job[who[p]], what[p]);   /* a token is taken by the caller's loop */
}

int gl_run_jobs_run(const struct gl_run_jobs_cfg *cfg)
{
	struct gl_run_jobs j = { .cfg = cfg, .self = -1 };
	unsigned head = 0, next = 0, running = 0;
	int exit_code = 0;
	bool stop = false;

	j.job = calloc(cfg->n, sizeof(*j.job));
	if (!j.job) {
		fprintf(stderr, "%s: out of memory\n", cfg->cmd);
		return GL_CMD_EXIT_FAILED;
	}
	for (unsigned i = 0; i < cfg->n; i++)
		for (unsigned k = 0; k < JOB_FDS; k++)
			j.job[i].fd[k] = -1;
	while (head < cfg->n) {
		bool changed = false, want_token = false;

		while (!stop && next < cfg->n && running < cfg->jobs) {
			if (!shares_take(&j, head, next, running, &want_token))
				break;
			if (!start(&j, next))
				stop = true;   /* reported in order, as its turn comes */
			next++;
			running++;
			changed = true;
		}
		if (changed)
			progress(&j, head, next);
		if (head == next)
			break;
		grant(&j.job[head]);   /* the turn: the first suite not yet ended only */
		if (!j.job[head].exited)
			wait_any(&j, head, next, want_token);
		if (cfg->budget)
			tokens_give_back(&j, false);
		while (head < next && j.job[head].exited) {
			bool ends = finish(&j, head, &exit_code);

			free(j.job[head].log);
			j.job[head].log = NULL;
			head++;
			if (ends) {
				/* The later suites never had the turn: nothing of them is written. */
				for (unsigned i = head; i < next; i++)
					kill_job(&j.job[i]);
				head = next = cfg->n;
				break;
			}
			progress(&j, head, next);
		}
		/* The reaped children after head no longer run either. */
		running = 0;
		for (unsigned i = head; i < next; i++)
			running += !j.job[i].exited;
	}
	for (unsigned i = 0; i < cfg->n; i++) {
		free(j.job[i].log);
		close_fds(&j.job[i]);
	}
	if (cfg->budget)
		tokens_give_back(&j, true);
	free(j.job);
	return exit_code;
}
