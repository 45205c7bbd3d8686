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

void gl_bench_fini(struct gl_bench *m)
{
	for (unsigned i = 0; i < m->n; i++)
		if (m->ctx->hsa)
			gl_hsa_code_free(m->ctx->hsa, m->kern[i].code);
	m->n = 0;
}

static bool code_path(const struct gl_run_ctx *ctx, const char *arch, const char *name, char *path,
                      size_t len, char *tried, size_t tried_len)
{
	char file[96];
	const char *files[1] = { file };

	gl_str_fmt(file, sizeof(file), "%s.co", name);
	return gl_run_ctx_find_code(ctx, arch, files, 1, path, len, tried, tried_len);
}

bool gl_bench_kernel(struct gl_bench *m, const char *name, const struct gl_hsa_kernel **out,
                     struct gl_err *e)
{
	struct gl_hsa *h = m->ctx->hsa;
	char path[PATH_MAX], tried[PATH_MAX + 64];
	struct gl_bench_kernel *mk;

	for (unsigned i = 0; i < m->n; i++) {
		if (strcmp(m->kern[i].name, name) == 0) {
			*out = &m->kern[i].k;
			return true;
		}
	}
	if (m->n == GL_BENCH_MAX_KERNELS)
		return gl_err_set(e, "%s: internal error: more than %u kernels", m->suite, GL_BENCH_MAX_KERNELS);
	if (!code_path(m->ctx, gl_hsa_arch(h), name, path, sizeof(path), tried, sizeof(tried)))
		return gl_err_set(e, "%s: kernel %s is not built (looked for %s; run make kernels ARCH=%s)",
		                  m->suite, name, tried, gl_hsa_arch(h));
	mk = &m->kern[m->n];
	memset(mk, 0, sizeof(*mk));
	gl_str_copy(mk->name, sizeof(mk->name), name);
	if (!gl_hsa_code_load(h, path, &mk->code, e))
		return gl_err_prefix(e, "%s: ", m->suite);
	if (!gl_hsa_kernel_get(h, mk->code, name, &mk->k, e)) {
		gl_hsa_code_free(h, mk->code);
		return gl_err_prefix(e, "%s: ", m->suite);
	}
	m->n++;
	*out = &mk->k;
	return true;
}

bool gl_bench_list(const struct gl_run_ctx *ctx, const char *const *names, unsigned n,
                   gl_suite_emit_fn emit, void *user)
{
	for (unsigned i = 0; i < n; i++) {
		char path[PATH_MAX], tried[PATH_MAX + 64], detail[PATH_MAX + 96];

		if (!ctx->arch[0])
			gl_str_fmt(detail, sizeof(detail), "build/<arch>/%s.co", names[i]);
		else if (code_path(ctx, ctx->arch, names[i], path, sizeof(path), tried, sizeof(tried)))
			gl_str_copy(detail, sizeof(detail), path);
		else
			gl_str_fmt(detail, sizeof(detail), "not built (%s)", tried);
		emit(user, names[i], detail);
	}
	return true;
}

int gl_bench_launch(const struct gl_run_ctx *ctx, const char *suite, const struct gl_bench_launch *tab,
                    unsigned n, const char *kernel, struct gl_suite_launch *out, struct gl_err *e)
{
	char tried[PATH_MAX + 64];

	for (unsigned i = 0; i < n; i++) {
		if (strcmp(tab[i].name, kernel) != 0)
			continue;
		if (!code_path(ctx, ctx->arch, kernel, out->code, sizeof(out->code), tried, sizeof(tried))) {
			gl_err_set(e, "%s: kernel %s is not built for %s (looked for %s; run make kernels ARCH=%s)",
			           suite, kernel, ctx->arch, tried, ctx->arch);
			return GL_SUITE_LAUNCH_ERROR;
		}
		gl_str_copy(out->kernel, sizeof(out->kernel), kernel);
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

unsigned gl_bench_cus(struct gl_bench *m)
{
	struct gl_hsa_info info;
	struct gl_err e;

	if (!gl_hsa_info(m->ctx->hsa, &info, &e) || !info.compute_units)
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

void gl_bench_params(struct gl_bench *m, struct gl_table *t)
{
	struct gl_run_ctx *ctx = m->ctx;
	struct gl_hsa_info info;
	struct gl_err e;
	uint32_t sclk, mclk;
	char date[32];
	time_t now = time(NULL);
	struct tm tm;

	gl_table_param(t, "suite", "%s", m->suite);
	gl_table_param(t, "arch", "%s", gl_hsa_arch(ctx->hsa));
	gl_table_param(t, "backend", "%s", gl_backend_name(gl_hsa_backend(ctx->hsa)));
	gl_table_param(t, "isa", "%s", gl_hsa_isa_name(ctx->hsa));
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
	if (gmtime_r(&now, &tm) && strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm))
		gl_table_param(t, "date", "%s", date);
}

bool gl_bench_write(struct gl_bench *m, struct gl_table *t, const char *dir, const char *stem,
                    bool print, const struct gl_ref_spec *figures, struct gl_err *e)
{
	if (print) {
		gl_ref_print(t, stem, gl_hsa_arch(m->ctx->hsa), figures, stdout);
		fflush(stdout);
	}
	if (!gl_results_write(t, dir, stem, e))
		return gl_err_prefix(e, "%s: ", m->suite);
	fprintf(stderr, "%s: wrote %s/%s.csv, %s.json and %s.md\n", m->suite, dir, stem, stem, stem);
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
		fprintf(stderr, "%s: no chart %s: %s\n", m->suite, file, e.msg);
		gl_table_param(t, "chart", "none (gnuplot failed)");
		break;
	}
}

void gl_bench_size(uint64_t bytes, char *buf, size_t len)
{
	if (bytes && bytes % (1ull << 30) == 0)
		gl_str_fmt(buf, len, "%llu GiB", (unsigned long long)(bytes >> 30));
	else if (bytes && bytes % (1ull << 20) == 0)
		gl_str_fmt(buf, len, "%llu MiB", (unsigned long long)(bytes >> 20));
	else if (bytes && bytes % 1024 == 0)
		gl_str_fmt(buf, len, "%llu KiB", (unsigned long long)(bytes >> 10));
	else
		gl_str_fmt(buf, len, "%llu B", (unsigned long long)bytes);
}

uint64_t gl_bench_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}
