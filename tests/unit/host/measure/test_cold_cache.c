/*
 * test_cold_cache — cold-cache timing on the emulated GPU, checked through
 * its counters (gl_cold_cache, gl_timing_launch_run):
 *   - the flush kernel reaches every CU (its HW_ID bitmap, and CUS_USED) on
 *     gfx900, gfx90a, gfx942;
 *   - s_icache_inv empties the instruction cache of the CU group that runs
 *     it and no other: one group is 2 CUs on gfx90a/gfx942 and 3 on gfx900
 *     ([SPECS], the figures the test holds the model to), so after a flush
 *     run by k chosen CUs a kernel on every CU misses its code in exactly
 *     the groups those CUs belong to; after gl_cold_cache_flush, in all of them;
 *   - rotating copies: launches are redirected to copy (rep + 1) mod N, the
 *     copies hold the original's bytes, the cap lowers N with a note;
 *   - the flush's time is kept out of the kernel's.
 * Needs the code objects of `make kernels-all` ($GCNLAB_BUILD, default
 * build) and the emulator ($GCNLAB_EMU_LIB, as make test sets it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "base/gl_str.h"
#include "measure/gl_cold_cache.h"
#include "gpu/gl_hsa.h"
#include "measure/gl_timing.h"
#include "measure/gl_timing_launch.h"

struct arch_case {
	const char *arch;
	unsigned share;      /* CUs per L1 instruction cache [SPECS] */
};

static const struct arch_case cases[] = {
	{ "gfx900", 3 },
	{ "gfx90a", 2 },
	{ "gfx942", 2 },
};

static const char *build_dir(void)
{
	const char *b = getenv("GCNLAB_BUILD");

	return b && b[0] ? b : "build";
}

struct fixture {
	struct gl_hsa *h;
	struct gl_hsa_code *body, *flush;
	struct gl_hsa_kernel kbody, kflush;
	unsigned cus;
	uint64_t lines;      /* 64-byte lines of icache_24k's code */
	struct gl_hsa_buf out;
};

static void open_arch(struct fixture *f, const char *arch)
{
	struct gl_hsa_cfg cfg = { .backend = GL_BACKEND_EMU, .quiet = true };
	struct gl_hsa_info info;
	struct gl_err e = { "" };
	char path[4096];
	const struct gcn_codeobj *co;

	memset(f, 0, sizeof(*f));
	snprintf(cfg.arch, sizeof(cfg.arch), "%s", arch);
	if (!gl_hsa_open(&cfg, &f->h, &e))
		fail_msg("opening the emulated %s: %s", arch, e.msg);
	assert_true(gl_hsa_info(f->h, &info, &e));
	f->cus = info.compute_units;
	snprintf(path, sizeof(path), "%s/%s/icache_24k.co", build_dir(), arch);
	if (!gl_hsa_code_load(f->h, path, &f->body, &e) ||
	    !gl_hsa_kernel_get(f->h, f->body, "icache_24k", &f->kbody, &e))
		fail_msg("%s (build it: make kernels-all)", e.msg);
	snprintf(path, sizeof(path), "%s/%s/flush_icache.co", build_dir(), arch);
	if (!gl_hsa_code_load(f->h, path, &f->flush, &e) ||
	    !gl_hsa_kernel_get(f->h, f->flush, "flush_icache", &f->kflush, &e))
		fail_msg("%s (build it: make kernels-all)", e.msg);
	co = gl_hsa_code_meta(f->body);
	/* The code object holds the one kernel: its .text is the code. */
	f->lines = (co->text_vaddr + co->text_size - 1) / 64 - co->text_vaddr / 64 + 1;
	assert_true(gl_hsa_buf_create(f->h, (size_t)f->cus * 8, &f->out, &e));
}

static void close_arch(struct fixture *f)
{
	gl_hsa_buf_destroy(f->h, &f->out);
	gl_hsa_code_free(f->h, f->body);
	gl_hsa_code_free(f->h, f->flush);
	gl_hsa_close(f->h);
}

static uint64_t counter(struct gl_hsa *h, const char *name)
{
	struct gcnlab_emu_counters c;

	assert_true(gl_hsa_counters(h, &c));
	/* gfx900 reports the counters rocprofv3 defines only for gfx90a and
	 * gfx942 (SQC_ICACHE_MISSES) under GCNLAB_<name>. */
	for (uint32_t i = 0; i < c.count; i++)
		if (strcmp(c.name[i], name) == 0 ||
		    (strncmp(c.name[i], "GCNLAB_", 7) == 0 && strcmp(c.name[i] + 7, name) == 0))
			return c.value[i];
	fail_msg("no counter %s", name);
	return 0;
}

/* Kernel k as wgs workgroups of one wave, given f->out; the
 * emulator's counter ctr for the dispatch. */
static uint64_t one_wave_groups(struct fixture *f, struct gl_hsa_kernel *k, unsigned wgs, const char *ctr)
{
	struct gl_kernarg_val a = { .kind = GL_KV_BUFFER, .address = (uint64_t)(uintptr_t)f->out.dev };
	struct gl_hsa_launch l = {
		.kernel = k, .args = &a, .nargs = 1, .grid = { wgs * 64, 1, 1 }, .block = { 64, 1, 1 }, .dims = 1,
	};
	struct gl_err e = { "" };
	double us;

	if (!gl_hsa_dispatch(f->h, &l, &us, &e))
		fail_msg("%s", e.msg);
	return counter(f->h, ctr);
}

/* icache_24k with one wave on each CU: its SQC_ICACHE_MISSES. */
static uint64_t body_misses(struct fixture *f)
{
	return one_wave_groups(f, &f->kbody, f->cus, "SQC_ICACHE_MISSES");
}

/* flush_icache as wgs workgroups of one wave (f->out, 4 KiB, takes its 512-byte
 * reach bitmap); the CUs it ran on. */
static uint64_t small_flush(struct fixture *f, unsigned wgs)
{
	return one_wave_groups(f, &f->kflush, wgs, "GCNLAB_CUS_USED");
}

static void test_flush_every_cu(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fixture f;
		struct gl_timing_mode m = { .flush_cache = true };
		struct gl_cold_cache *c = NULL;
		struct gl_cold_cache_info ci;
		struct gl_err e = { "" };
		double us;

		open_arch(&f, cases[i].arch);
		if (!gl_cold_cache_open(f.h, build_dir(), &m, NULL, 0, "test", &c, &e))
			fail_msg("%s", e.msg);
		assert_true(gl_cold_cache_flush(c, &us, &e));
		assert_true(us > 0);
		gl_cold_cache_info(c, &ci);
		assert_true(ci.flush && ci.cus_checked);
		assert_int_equal(ci.compute_units, f.cus);
		assert_int_equal(ci.flush_workgroups, f.cus * GL_TIMING_FLUSH_PER_CU);
		assert_int_equal(ci.cus_reached_min, f.cus);
		assert_int_equal(counter(f.h, "GCNLAB_CUS_USED"), f.cus);
		gl_cold_cache_close(c);
		close_arch(&f);
	}
}

/* The CU groups a flush of wgs workgroups empties, from the CUs it ran on:
 * the emulator hands workgroup i to CU (i mod XCDs) * (CUs / XCDs) + i /
 * XCDs (round robin over the XCDs of gfx942, in order elsewhere), so the
 * test picks wgs whose CUs it knows. */
static void test_inv_per_group(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct arch_case *ac = &cases[i];
		struct fixture f;
		struct gl_timing_mode m = { .flush_cache = true };
		struct gl_cold_cache *c = NULL;
		struct gl_err e = { "" };
		uint64_t groups, lines;
		double us;

		open_arch(&f, ac->arch);
		groups = (f.cus + ac->share - 1) / ac->share;
		lines = f.lines;
		/* Cold start: every group fetches the code once. */
		assert_int_equal(body_misses(&f), lines * groups);
		/* Hot: nothing to fetch. */
		assert_int_equal(body_misses(&f), 0);
		/* One wave of the flush (CU 0): only CU 0's group refetches. */
		assert_int_equal(small_flush(&f, 1), 1);
		assert_int_equal(body_misses(&f), lines);
		if (strcmp(ac->arch, "gfx942") == 0) {
			/* 16 workgroups: CUs 0-1, 38-39, ... of the 8 XCDs (38
			 * CUs each): 16 CUs, 8 pairs. Per-CU caches would give 16. */
			assert_int_equal(small_flush(&f, 16), 16);
			assert_int_equal(body_misses(&f), 8 * lines);
		} else {
			/* 4 workgroups: CUs 0-3: two groups whether they are pairs
			 * (0-1, 2-3) or trios (0-2, 3-5); 6 workgroups tell them
			 * apart: 3 pairs, 2 trios. */
			assert_int_equal(small_flush(&f, 4), 4);
			assert_int_equal(body_misses(&f), 2 * lines);
			assert_int_equal(small_flush(&f, 6), 6);
			assert_int_equal(body_misses(&f), (6 / ac->share) * lines);
		}
		/* The real flush: every group is empty again. */
		if (!gl_cold_cache_open(f.h, build_dir(), &m, NULL, 0, "test", &c, &e))
			fail_msg("%s", e.msg);
		assert_true(gl_cold_cache_flush(c, &us, &e));
		assert_int_equal(body_misses(&f), lines * groups);
		assert_int_equal(body_misses(&f), 0);
		gl_cold_cache_close(c);
		close_arch(&f);
	}
}

/* Cold timing of icache_24k on one wave: every timed dispatch misses every
 * line, and the kernel's time is its own: the flush (18240 workgroups on
 * gfx942) is reported apart. */
struct misses {
	struct gl_hsa *h;
	uint64_t lo, hi;
	unsigned timed, warm;
};

static void observe(void *user, int rep)
{
	struct misses *m = user;
	uint64_t v = counter(m->h, "SQC_ICACHE_MISSES");

	if (rep < 0) {
		m->warm++;
		return;
	}
	if (!m->timed || v < m->lo)
		m->lo = v;
	if (!m->timed || v > m->hi)
		m->hi = v;
	m->timed++;
}

static void test_cold_run(void **state)
{
	struct fixture f;
	struct gl_timing_mode m = { .flush_cache = true };
	struct gl_cold_cache *c = NULL;
	struct gl_err e = { "" };
	struct gl_kernarg_val a;
	struct gl_hsa_launch l;
	struct gl_timing_result hot, cold, tiny;
	struct misses mh = { 0 }, mc = { 0 };
	struct gl_timing_launch tl;

	(void)state;
	open_arch(&f, "gfx942");
	a = (struct gl_kernarg_val){ .kind = GL_KV_BUFFER, .address = (uint64_t)(uintptr_t)f.out.dev };
	l = (struct gl_hsa_launch){
		.kernel = &f.kbody, .args = &a, .nargs = 1, .grid = { 64, 1, 1 }, .block = { 64, 1, 1 },
		.dims = 1,
	};
	if (!gl_cold_cache_open(f.h, build_dir(), &m, NULL, 0, "test", &c, &e))
		fail_msg("%s", e.msg);
	mh.h = mc.h = f.h;
	tl = (struct gl_timing_launch){ .h = f.h, .launch = &l, .warmup = 2, .reps = 4,
	                                .observe = observe, .user = &mh };
	assert_true(gl_timing_launch_run(&tl, &hot, NULL, &e));
	assert_int_equal(mh.warm, 2);
	assert_int_equal(mh.timed, 4);
	assert_int_equal(mh.hi, 0);                 /* hot: nothing beyond the first */
	assert_int_equal(hot.flush.n, 0);
	tl.cold = c;
	tl.user = &mc;
	assert_true(gl_timing_launch_run(&tl, &cold, NULL, &e));
	assert_int_equal(mc.timed, 4);
	assert_int_equal(mc.lo, f.lines);           /* cold: every line, every time */
	assert_int_equal(mc.hi, f.lines);
	assert_int_equal(cold.flush.n, 4);
	assert_true(cold.kernel.median_us > hot.kernel.median_us);
	/* The flush kernel itself, one wave, timed cold: were the flush in its
	 * time, it would be at least the flush's. */
	l.kernel = &f.kflush;   /* a (its reach bitmap): f.out */
	tl.observe = NULL;
	assert_true(gl_timing_launch_run(&tl, &tiny, NULL, &e));
	assert_int_equal(tiny.flush.n, 4);
	assert_true(tiny.kernel.max_us < tiny.flush.min_us / 2);
	gl_cold_cache_close(c);
	close_arch(&f);
}

static void test_rotation(void **state)
{
	struct fixture f;
	struct gl_timing_mode m = { .rotating_count = 3 };
	struct gl_cold_cache *c = NULL;
	struct gl_cold_cache_info ci;
	struct gl_err e = { "" };
	struct gl_hsa_buf in, other, got;
	struct gl_kernarg_val a[3];
	struct gl_hsa_launch l = { .args = a, .nargs = 3 };
	const struct gl_hsa_launch *r;
	uint64_t seen[3];
	void *own;
	double us;

	(void)state;
	open_arch(&f, "gfx942");
	assert_true(gl_hsa_buf_create(f.h, 64 * 1024, &in, &e));
	assert_true(gl_hsa_buf_create(f.h, 64 * 1024, &other, &e));
	assert_true(gl_hsa_buf_create(f.h, 64 * 1024, &got, &e));
	own = got.dev;
	for (size_t i = 0; i < in.size; i++)
		((uint8_t *)in.host)[i] = (uint8_t)(i * 7 + 3);
	assert_true(gl_hsa_buf_upload(f.h, &in, &e));
	a[0] = (struct gl_kernarg_val){ .kind = GL_KV_BUFFER, .address = (uint64_t)(uintptr_t)in.dev };
	a[1] = (struct gl_kernarg_val){ .kind = GL_KV_BUFFER, .address = (uint64_t)(uintptr_t)other.dev };
	a[2] = (struct gl_kernarg_val){ .kind = GL_KV_SCALAR, .size = 8,
	                                .bytes = { 0 } };
	memcpy(a[2].bytes, &a[0].address, 8);   /* a scalar equal to the address stays */
	if (!gl_cold_cache_open(f.h, build_dir(), &m, &in, 1, NULL, &c, &e))
		fail_msg("%s", e.msg);
	gl_cold_cache_info(c, &ci);
	assert_int_equal(ci.rotating_count, 3);
	assert_int_equal(ci.rotating_bytes, 3 * 64 * 1024);
	assert_string_equal(ci.note, "");
	assert_true(gl_cold_cache_is_cold(c));
	assert_false(gl_cold_cache_has_flush(c));
	/* Copy 0 (the warm-up's): the caller's launch itself. */
	gl_cold_cache_select(c, 0);
	assert_ptr_equal(gl_cold_cache_launch(c, &l), &l);
	for (unsigned rep = 0; rep < 3; rep++) {
		assert_true(gl_cold_cache_prepare(c, rep, &us, &e));
		assert_true(us == 0);
		assert_int_equal(gl_cold_cache_copy(c), (rep + 1) % 3);
		r = gl_cold_cache_launch(c, &l);
		seen[rep] = r->args[0].address;
		assert_int_equal(r->args[1].address, a[1].address);    /* not an input */
		assert_memory_equal(r->args[2].bytes, a[2].bytes, 8);
		got.dev = (void *)(uintptr_t)seen[rep];
		assert_true(gl_hsa_buf_download(f.h, &got, &e));
		assert_memory_equal(got.host, in.host, in.size);
	}
	assert_int_equal(seen[2], a[0].address);                   /* rep 2: copy 0 */
	assert_true(seen[0] != a[0].address && seen[1] != a[0].address && seen[0] != seen[1]);
	got.dev = own;
	gl_cold_cache_close(c);

	/* The cap: 2.5 copies' worth allows 2. */
	m.rotating_cap = 5 * 32 * 1024;
	if (!gl_cold_cache_open(f.h, build_dir(), &m, &in, 1, NULL, &c, &e))
		fail_msg("%s", e.msg);
	gl_cold_cache_info(c, &ci);
	assert_int_equal(ci.rotating_asked, 3);
	assert_int_equal(ci.rotating_count, 2);
	assert_non_null(strstr(ci.note, "--rotating-cap"));
	assert_non_null(strstr(ci.note, "using 2 copies"));
	gl_cold_cache_close(c);
	/* Below one copy: no rotation at all, and said so. */
	m.rotating_cap = 1024;
	if (!gl_cold_cache_open(f.h, build_dir(), &m, &in, 1, NULL, &c, &e))
		fail_msg("%s", e.msg);
	gl_cold_cache_info(c, &ci);
	assert_int_equal(ci.rotating_count, 1);
	assert_false(gl_cold_cache_is_cold(c));
	assert_non_null(strstr(ci.note, "no rotation"));
	gl_cold_cache_close(c);

	gl_hsa_buf_destroy(f.h, &got);
	gl_hsa_buf_destroy(f.h, &in);
	gl_hsa_buf_destroy(f.h, &other);
	close_arch(&f);
}

static void test_missing_flush_kernel(void **state)
{
	struct fixture f;
	struct gl_timing_mode m = { .flush_cache = true };
	struct gl_cold_cache *c = NULL;
	struct gl_err e = { "" };

	(void)state;
	open_arch(&f, "gfx942");
	assert_false(gl_cold_cache_open(f.h, "/nonexistent-gcnlab-build", &m, NULL, 0, "test", &c, &e));
	assert_null(c);
	assert_non_null(strstr(e.msg, "flush_icache.co is not built"));
	assert_non_null(strstr(e.msg, "make kernels ARCH=gfx942"));
	close_arch(&f);
}

/* The words people and result files get (no GPU needed). */
static void test_words(void **state)
{
	static const struct { uint64_t bytes; const char *want; } sizes[] = {
		{ 512, "512 B" }, { 3u << 20, "3 MiB" }, { 1536ull << 20, "1.50 GiB" }, { 2ull << 30, "2 GiB" },
	};
	struct gl_cold_cache_info i;
	char buf[400];

	(void)state;
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		gl_str_bytes(sizes[k].bytes, false, buf, sizeof(buf));
		assert_string_equal(buf, sizes[k].want);
	}

	gl_cold_cache_info(NULL, &i);
	assert_int_equal(i.rotating_count, 1);
	gl_cold_cache_describe(&i, buf, sizeof(buf));
	assert_true(strncmp(buf, "hot", 3) == 0);
	i.flush = true;
	i.compute_units = 304;
	i.flush_per_cu = 60;
	i.rotating_count = 3;
	i.rotating_bytes = 3u << 20;
	gl_cold_cache_describe(&i, buf, sizeof(buf));
	assert_string_equal(buf, "cold: flush_icache (304 CUs x 60 workgroups) before each timed dispatch, timed apart; 3 rotating copies of the inputs (3 MiB in all)");

	struct gl_timing_mode m = { 0 };
	assert_false(gl_timing_mode_cold(&m));
	assert_int_equal(gl_timing_mode_per_cu(&m), 60);
	assert_true(gl_timing_mode_cap(&m) == 2ull << 30);
	m.rotating_count = 2;
	assert_true(gl_timing_mode_cold(&m));
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_words),
	cmocka_unit_test(test_flush_every_cu),
	cmocka_unit_test(test_inv_per_group),
	cmocka_unit_test(test_cold_run),
	cmocka_unit_test(test_rotation),
	cmocka_unit_test(test_missing_flush_kernel))
