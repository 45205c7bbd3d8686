#include "suites/gl_bench.h"
#include "measure/gl_cold_cache.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/gl_str.h"

void gl_bench_init(struct gl_bench *m, struct gl_run_ctx *ctx, const char *suite)
{
	memset(m, 0, sizeof(*m));
	m->ctx = ctx;
	m->suite = suite;
}

void gl_bench_fail_end(struct gl_bench *m)
{
	if (m->fail_repeats)
		fprintf(stderr, "%s: ... the same failure in %u more row%s\n", m->suite, m->fail_repeats,
		        m->fail_repeats == 1 ? "" : "s");
	m->fail_repeats = 0;
	m->last_fail[0] = '\0';
}

void gl_bench_fail(struct gl_bench *m, const char *what, const char *why)
{
	if (m->last_fail[0] && strcmp(m->last_fail, why) == 0) {
		m->fail_repeats++;
		return;
	}
	gl_bench_fail_end(m);
	gl_str_copy(m->last_fail, sizeof(m->last_fail), why);
	if (what)
		fprintf(stderr, "%s: %s: %s\n", m->suite, what, why);
	else
		fprintf(stderr, "%s\n", why);
}

void gl_bench_fini(struct gl_bench *m)
{
	gl_bench_fail_end(m);
	for (unsigned i = 0; i < m->ncodes; i++)
		if (m->ctx->hsa)
			gl_hsa_code_free(m->ctx->hsa, m->codes[i].code);
	m->ncodes = 0;
	m->n = 0;
}

static unsigned default_files(const char *kernel, char files[GL_BENCH_MAX_FILES][GL_BENCH_FILE_LEN])
{
	gl_str_fmt(files[0], GL_BENCH_FILE_LEN, "%s.co", kernel);
	return 1;
}

bool gl_bench_code_path(const struct gl_run_ctx *ctx, const char *arch, const char *kernel,
                        gl_bench_files_fn files, char *path, size_t len, char *tried, size_t tried_len)
{
	char names[GL_BENCH_MAX_FILES][GL_BENCH_FILE_LEN];
	const char *f[GL_BENCH_MAX_FILES] = { names[0], names[1] };
	unsigned n = (files ? files : default_files)(kernel, names);

	return gl_run_ctx_find_code(ctx, arch, f, n, path, len, tried, tried_len);
}

/* One kernel for list(): its code object, or where it was looked for. */
static void list_one(const struct gl_run_ctx *ctx, const char *name, gl_bench_files_fn files,
                     gl_suite_emit_fn emit, void *user)
{
	char path[PATH_MAX], tried[2 * PATH_MAX], detail[2 * PATH_MAX + 32];
	char f[GL_BENCH_MAX_FILES][GL_BENCH_FILE_LEN];

	if (!ctx->arch[0]) {
		unsigned nf = (files ? files : default_files)(name, f);

		gl_str_fmt(detail, sizeof(detail), "build/<arch>/%s%s%s", f[0], nf > 1 ? " or " : "",
		           nf > 1 ? f[1] : "");
	} else if (gl_bench_code_path(ctx, ctx->arch, name, files, path, sizeof(path), tried, sizeof(tried))) {
		gl_str_copy(detail, sizeof(detail), path);
	} else {
		gl_str_fmt(detail, sizeof(detail), "not built (%s)", tried);
	}
	emit(user, name, detail);
}

bool gl_bench_list(const struct gl_run_ctx *ctx, const char *const *names, unsigned n,
                   gl_bench_files_fn files, gl_suite_emit_fn emit, void *user)
{
	for (unsigned i = 0; i < n; i++)
		list_one(ctx, names[i], files, emit, user);
	return true;
}

bool gl_bench_list_launches(const struct gl_run_ctx *ctx, const struct gl_bench_launch *tab, unsigned n,
                            gl_suite_emit_fn emit, void *user)
{
	for (unsigned i = 0; i < n; i++)
		list_one(ctx, tab[i].name, NULL, emit, user);
	return true;
}

bool gl_bench_launch_code(const struct gl_run_ctx *ctx, const char *suite, const char *kernel,
                          gl_bench_files_fn files, struct gl_suite_launch *out, struct gl_err *e)
{
	char tried[2 * PATH_MAX];

	if (!gl_bench_code_path(ctx, ctx->arch, kernel, files, out->code, sizeof(out->code), tried, sizeof(tried)))
		return gl_err_set(e, "%s: kernel %s is not built for %s (looked for %s; run make kernels ARCH=%s)",
		                  suite, kernel, ctx->arch, tried, ctx->arch);
	gl_str_copy(out->kernel, sizeof(out->kernel), kernel);
	return true;
}

/* The code object at path, loaded on first use. */
static struct gl_hsa_code *code_at(struct gl_bench *m, const char *path, struct gl_err *e)
{
	struct gl_bench_code *c;

	for (unsigned i = 0; i < m->ncodes; i++) {
		c = &m->codes[i];
		if (strcmp(c->path, path) == 0) {
			if (!c->code)
				gl_err_set(e, "%s", c->error);
			return c->code;
		}
	}
	if (m->ncodes == GL_BENCH_MAX_CODES) {
		gl_err_set(e, "internal error: too many code objects");
		return NULL;
	}
	c = &m->codes[m->ncodes++];
	memset(c, 0, sizeof(*c));
	gl_str_copy(c->path, sizeof(c->path), path);
	if (!gl_hsa_code_load(m->ctx->hsa, path, &c->code, e)) {
		c->code = NULL;
		gl_str_copy(c->error, sizeof(c->error), e->msg);
	}
	return c->code;
}

bool gl_bench_kernel_at(struct gl_bench *m, const char *path, const char *name,
                        const struct gl_hsa_kernel **out, struct gl_err *e)
{
	struct gl_bench_kernel *mk;
	struct gl_hsa_code *code;

	for (unsigned i = 0; i < m->n; i++) {
		if (strcmp(m->kern[i].name, name) == 0) {
			*out = &m->kern[i].k;
			return true;
		}
	}
	if (m->n == GL_BENCH_MAX_KERNELS)
		return gl_err_set(e, "internal error: more than %u kernels", GL_BENCH_MAX_KERNELS);
	code = code_at(m, path, e);
	if (!code)
		return false;
	mk = &m->kern[m->n];
	memset(mk, 0, sizeof(*mk));
	gl_str_copy(mk->name, sizeof(mk->name), name);
	if (!gl_hsa_kernel_get(m->ctx->hsa, code, name, &mk->k, e))
		return false;
	m->n++;
	*out = &mk->k;
	return true;
}

bool gl_bench_kernel(struct gl_bench *m, const char *name, const struct gl_hsa_kernel **out,
                     struct gl_err *e)
{
	const char *arch = gl_hsa_arch(m->ctx->hsa);
	char path[PATH_MAX], tried[2 * PATH_MAX];

	if (!gl_bench_code_path(m->ctx, arch, name, NULL, path, sizeof(path), tried, sizeof(tried)))
		return gl_err_set(e, "%s: kernel %s is not built (looked for %s; run make kernels ARCH=%s)",
		                  m->suite, name, tried, arch);
	if (!gl_bench_kernel_at(m, path, name, out, e))
		return gl_err_prefix(e, "%s: ", m->suite);
	return true;
}

int gl_bench_launch(const struct gl_run_ctx *ctx, const char *suite, const struct gl_bench_launch *tab,
                    unsigned n, const char *kernel, struct gl_suite_launch *out, struct gl_err *e)
{
	for (unsigned i = 0; i < n; i++) {
		if (strcmp(tab[i].name, kernel) != 0)
			continue;
		if (!gl_bench_launch_code(ctx, suite, kernel, NULL, out, e))
			return GL_SUITE_LAUNCH_ERROR;
		out->dims = 1;
		out->grid[0] = tab[i].grid;
		out->block[0] = tab[i].block;
		out->grid[1] = out->grid[2] = out->block[1] = out->block[2] = 1;
		out->nargs = 0;
		for (unsigned a = 0; a < 6 && tab[i].args[a]; a++)
			gl_str_copy(out->args[out->nargs++], sizeof(out->args[0]), tab[i].args[a]);
		return GL_SUITE_LAUNCH_OK;
	}
	return GL_SUITE_LAUNCH_NOT_MINE;
}

struct gl_kernarg_val gl_bench_buf(const struct gl_hsa_buf *b, const char *label)
{
	struct gl_kernarg_val v = { .kind = GL_KV_BUFFER, .address = (uint64_t)(uintptr_t)b->dev,
	                            .label = label };
	return v;
}

struct gl_kernarg_val gl_bench_u32(uint32_t x, const char *label)
{
	struct gl_kernarg_val v = { .kind = GL_KV_SCALAR, .size = 4, .label = label };

	memcpy(v.bytes, &x, 4);   /* little endian, as the kernarg segment */
	return v;
}

bool gl_bench_dispatch_rep(struct gl_bench *m, const struct gl_hsa_kernel *k,
                           const struct gl_kernarg_val *args, unsigned nargs, uint32_t grid,
                           uint32_t block, int rep, double *us, struct gl_err *e)
{
	struct gl_hsa_launch l = {
		.kernel = k, .args = args, .nargs = nargs,
		.grid = { grid, 1, 1 }, .block = { block, 1, 1 }, .dims = 1,
	};
	double t, flush_us;

	if (!gl_cold_cache_dispatch(m->cold, m->ctx->hsa, &l, rep, us ? us : &t, &flush_us, e))
		return gl_err_prefix(e, "%s: ", m->suite);
	return true;
}

bool gl_bench_dispatch(struct gl_bench *m, const struct gl_hsa_kernel *k,
                       const struct gl_kernarg_val *args, unsigned nargs, uint32_t grid,
                       uint32_t block, double *us, struct gl_err *e)
{
	struct gl_hsa_launch l = {
		.kernel = k, .args = args, .nargs = nargs,
		.grid = { grid, 1, 1 }, .block = { block, 1, 1 }, .dims = 1,
	};
	double t;

	if (!gl_hsa_dispatch(m->ctx->hsa, &l, us ? us : &t, e))
		return gl_err_prefix(e, "%s: ", m->suite);
	return true;
}

unsigned gl_bench_cus(const struct gl_run_ctx *ctx)
{
	struct gl_hsa_info info;
	struct gl_err e;

	if (!gl_hsa_info(ctx->hsa, &info, &e) || !info.compute_units)
		return 1;
	return info.compute_units;
}

double gl_bench_mean(const uint32_t *out, unsigned groups, unsigned steps, unsigned skip)
{
	double sum = 0;
	unsigned n = 0;

	for (unsigned g = 0; g < groups; g++)
		for (unsigned i = skip; i < steps; i++, n++)
			sum += out[(size_t)g * steps + i];
	return n ? sum / n : NAN;
}

void gl_bench_stats(const double *v, unsigned n, struct gl_timing_stats *out)
{
	if (!gl_timing_stats(v, n, out)) {
		memset(out, 0, sizeof(*out));
		out->median_us = out->min_us = out->max_us = NAN;
	}
}

void gl_bench_param_target(const struct gl_run_ctx *ctx, const char *suite, struct gl_table *t)
{
	gl_table_param(t, "suite", "%s", suite);
	gl_table_param(t, "arch", "%s", gl_hsa_arch(ctx->hsa));
	gl_table_param(t, "backend", "%s", gl_backend_name(gl_hsa_backend(ctx->hsa)));
	gl_table_param(t, "isa", "%s", gl_hsa_isa_name(ctx->hsa));
}

void gl_bench_param_date(struct gl_table *t)
{
	char date[32];
	time_t now = time(NULL);
	struct tm tm;

	if (gmtime_r(&now, &tm) && strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm))
		gl_table_param(t, "date", "%s", date);
}

void gl_bench_params(struct gl_bench *m, struct gl_table *t)
{
	struct gl_run_ctx *ctx = m->ctx;
	struct gl_hsa_info info;
	struct gl_err e;
	uint32_t sclk, mclk;

	gl_bench_param_target(ctx, m->suite, t);
	if (gl_hsa_info(ctx->hsa, &info, &e)) {
		gl_table_param(t, "agent", "%s", info.product[0] ? info.product : info.name);
		gl_table_param(t, "compute_units", "%u", info.compute_units);
		gl_table_param(t, "max_clock_mhz", "%u", info.max_clock_mhz);
	}
	if (gl_hsa_model_clocks(ctx->hsa, &sclk, &mclk))
		gl_table_param(t, "model_clocks", "sclk %u MHz, mclk %u MHz", sclk, mclk);
	gl_table_param(t, "device", "%u", ctx->cfg.device);
	gl_table_param(t, "size", "%s", ctx->long_run ? "long (--long: hardware-sized)" : "short (sized for the emulator; --long for hardware)");
	if (ctx->params[0])
		gl_table_param(t, "param", "%s", ctx->params);
	if (m->cold) {  /* the timing mode the suite's timed reps ran in */
		struct gl_cold_cache_info ci;

		gl_cold_cache_info(m->cold, &ci);
		gl_cold_cache_params(&ci, t);
	}
	gl_bench_param_date(t);
}

bool gl_bench_write(struct gl_bench *m, struct gl_table *t, const char *dir, const char *stem,
                    bool print, const struct gl_ref_spec *figures, struct gl_err *e)
{
	if (print) {
		gl_ref_print(t, stem, gl_hsa_arch(m->ctx->hsa), figures, m->ctx->all_diffs, stdout);
		fflush(stdout);
	}
	if (!gl_bench_write_files(m->suite, t, dir, stem, e))
		return gl_err_prefix(e, "%s: ", m->suite);
	return true;
}

bool gl_bench_write_files(const char *suite, struct gl_table *t, const char *dir, const char *stem,
                          struct gl_err *e)
{
	if (!gl_results_write(t, dir, stem, e))
		return false;
	fprintf(stderr, "%s: wrote %s/%s.csv, %s.json and %s.md\n", suite, dir, stem, stem, stem);
	return true;
}

void gl_bench_chart(struct gl_bench *m, struct gl_table *t, const struct gl_chart *c,
                    const char *dir, const char *file)
{
	char path[PATH_MAX];
	struct gl_err e;

	gl_str_fmt(path, sizeof(path), "%s/%s", dir, file);
	switch (gl_chart_svg(c, path, &e)) {
	case GL_CHART_WRITTEN:
		gl_table_param(t, "chart", "%s", file);
		fprintf(stderr, "%s: wrote %s\n", m->suite, path);
		break;
	case GL_CHART_NO_GNUPLOT:
		fprintf(stderr, "%s: no chart %s: gnuplot is not on PATH\n", m->suite, file);
		gl_table_param(t, "chart", "none (gnuplot not on PATH)");
		break;
	case GL_CHART_FAILED:
		fprintf(stderr, "%s: chart %s failed: %s\n", m->suite, file, e.msg);
		gl_table_param(t, "chart", "none (gnuplot failed)");
		break;
	}
}

uint64_t gl_bench_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}
