#include "measure/gl_run_ctx.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/gl_file.h"
#include "report/gl_results.h"
#include "base/gl_str.h"

bool gl_run_ctx_default_build_dir(char *buf, size_t len)
{
	const char *env = getenv("GCNLAB_BUILD_DIR");
	char exe[PATH_MAX];
	char *slash;

	if (env && env[0])
		return gl_str_copy(buf, len, env);
	if (!gl_file_exe_dir(exe, sizeof(exe)))
		return false;
	slash = strrchr(exe, '/');
	if (!slash)
		return false;
	/* <build>/bin/gcnlab -> <build> */
	*slash = '\0';
	return gl_str_copy(buf, len, exe[0] ? exe : "/");
}

/* Close ctx->hsa and open cfg on the same backend and agent as before,
 * never a silent switch, quietly. */
static bool reopen_as(struct gl_run_ctx *ctx, struct gl_hsa_cfg cfg, struct gl_err *e)
{
	cfg.quiet = true;
	cfg.verbose = false;
	cfg.backend = gl_hsa_backend(ctx->hsa);
	gl_str_copy(cfg.arch, sizeof(cfg.arch), gl_hsa_arch(ctx->hsa));
	gl_hsa_close(ctx->hsa);
	ctx->hsa = NULL;
	return gl_hsa_open(&cfg, &ctx->hsa, e);
}

bool gl_run_ctx_reopen(struct gl_run_ctx *ctx, uint32_t sclk_mhz, uint32_t mclk_mhz, struct gl_err *e)
{
	struct gl_hsa_cfg cfg = ctx->cfg;

	cfg.emu_sclk_mhz = sclk_mhz;
	cfg.emu_mclk_mhz = mclk_mhz;
	return reopen_as(ctx, cfg, e);
}

bool gl_run_ctx_fresh(struct gl_run_ctx *ctx, struct gl_err *e)
{
	return reopen_as(ctx, *gl_hsa_config(ctx->hsa), e);
}

bool gl_run_ctx_groups(struct gl_run_ctx *ctx, const struct gl_run_groups *g, void *rows, struct gl_err *e)
{
	bool fresh = gl_hsa_emulated(ctx->hsa);
	bool ok = true;
	struct gl_err ge;

	if (ctx->groups_apart && g->n > 1)
		return ctx->groups_apart(ctx->groups_apart_user, ctx, g, rows, e);
	for (unsigned i = 0; i < g->n; i++) {
		/* Each group's step lines as if it ran alone (as side by side). */
		if (ctx->progress_last && ctx->progress_last_len)
			ctx->progress_last[0] = '\0';
		if (fresh && !gl_run_ctx_fresh(ctx, &ge))
			return gl_err_set(e, "%s: cannot open a fresh emulated GPU: %s", g->suite, ge.msg);
		if (!g->run(g->user, ctx, i, (char *)rows + (size_t)i * g->bytes, &ge) && ok) {
			*e = ge;
			ok = false;
		}
		if (fresh && gl_hsa_vm_fault(ctx->hsa) && !ctx->group_fault[0])
			gl_str_copy(ctx->group_fault, sizeof(ctx->group_fault), gl_hsa_vm_fault(ctx->hsa));
	}
	/* The next group (or the suite's tables) on a GPU without the fault. */
	if (fresh && ctx->group_fault[0] && !gl_run_ctx_fresh(ctx, &ge) && ok)
		return gl_err_set(e, "%s: cannot reopen the emulated GPU: %s", g->suite, ge.msg);
	return ok;
}

bool gl_run_ctx_find_code(const struct gl_run_ctx *ctx, const char *arch, const char *const *files,
                      unsigned nfiles, char *out, size_t len, char *tried, size_t tried_len)
{
	size_t used = 0;

	if (tried && tried_len)
		tried[0] = '\0';
	for (unsigned i = 0; i < nfiles; i++) {
		char path[PATH_MAX];

		if (!gl_str_fmt(path, sizeof(path), "%s/%s/%s", ctx->build_dir, arch, files[i]))
			continue;
		if (access(path, R_OK) == 0)
			return gl_str_copy(out, len, path);
		if (tried && used < tried_len) {
			int n = snprintf(tried + used, tried_len - used, "%s%s", i ? " or " : "", path);
			if (n > 0)
				used += (size_t)n;
		}
	}
	return false;
}

bool gl_run_ctx_results_dir(const struct gl_run_ctx *ctx, char *buf, size_t len, struct gl_err *e)
{
	if (ctx->results_turn && !ctx->results_turn(ctx->results_turn_user, e))
		return false;
	return gl_results_dir(buf, len, ctx->out_root, gl_hsa_arch(ctx->hsa),
	                      gl_backend_name(gl_hsa_backend(ctx->hsa)), e) &&
	       gl_results_mkdirs(buf, e);
}

/* Length of text without a trailing counter: from the first " N/M" or
 * " (N/M" on, where N and M are digits. */
static size_t step_len(const char *text)
{
	for (const char *p = text; *p; p++) {
		const char *q = p + 1;

		if (*p != ' ')
			continue;
		if (*q == '(')
			q++;
		if (*q < '0' || *q > '9')
			continue;
		while (*q >= '0' && *q <= '9')
			q++;
		if (*q == '/' && q[1] >= '0' && q[1] <= '9')
			return (size_t)(p - text);
	}
	return strlen(text);
}

void gl_run_ctx_progress(const struct gl_run_ctx *ctx, const char *fmt, ...)
{
	va_list ap;
	char text[512];
	size_t n;

	if (!ctx->progress && !ctx->progress_lines)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (ctx->progress) {
		fprintf(stderr, "\r\033[K%s", text);
		fflush(stderr);
		return;
	}
	n = step_len(text);
	if (ctx->progress_last && ctx->progress_last_len) {
		if (strlen(ctx->progress_last) == n && strncmp(ctx->progress_last, text, n) == 0)
			return;
		gl_str_fmt(ctx->progress_last, ctx->progress_last_len, "%.*s", (int)n, text);
	}
	fprintf(stderr, "%.*s\n", (int)n, text);
	fflush(stderr);
}

void gl_run_ctx_progress_end(const struct gl_run_ctx *ctx)
{
	if (ctx->progress) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}
