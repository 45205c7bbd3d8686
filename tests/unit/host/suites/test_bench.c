/*
 * test_bench — gl_bench, the one suite framework, without a GPU: where a
 * kernel's code object is found (build/<arch>/<kernel>.co, or the files a
 * suite names, first found wins), what `gcnlab list` shows for each kernel
 * (with and without --arch, built or not), a suite's launch from its table
 * and the "not built" message, sizes and the seeded random numbers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "base/gl_str.h"
#include "suites/gl_bench.h"
#include "tu_files.h"
#include "tu_tools.h"

struct fx {
	char dir[256];     /* first: tu_tmpdir_teardown removes it */
	struct gl_run_ctx ctx;
};

/* build/gfx942/ holds one.co and both.co; two.co is missing. */
static int setup(void **state)
{
	struct fx *f = tu_tmpdir_new(state, sizeof(*f), sizeof(f->dir), "bench");
	char path[512];

	if (!f)
		return -1;
	snprintf(path, sizeof(path), "%s/gfx942", f->dir);
	if (mkdir(path, 0755) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/gfx942/one.co", f->dir);
	if (!tu_write_file(path, "x"))
		return -1;
	snprintf(path, sizeof(path), "%s/gfx942/both.co", f->dir);
	if (!tu_write_file(path, "x"))
		return -1;
	snprintf(f->ctx.build_dir, sizeof(f->ctx.build_dir), "%s", f->dir);
	snprintf(f->ctx.arch, sizeof(f->ctx.arch), "gfx942");
	return 0;
}

/* A suite whose kernel "two" may also be in both.co, as copy's asm
 * kernels may be in copy.co. */
static unsigned two_files(const char *kernel, char files[GL_BENCH_MAX_FILES][GL_BENCH_FILE_LEN])
{
	snprintf(files[0], GL_BENCH_FILE_LEN, "%s.co", kernel);
	if (strcmp(kernel, "two") != 0)
		return 1;
	snprintf(files[1], GL_BENCH_FILE_LEN, "both.co");
	return 2;
}

static void test_code_path(void **state)
{
	struct fx *f = *state;
	char path[4096], tried[8192], want[4096];

	assert_true(gl_bench_code_path(&f->ctx, "gfx942", "one", NULL, path, sizeof(path), tried, sizeof(tried)));
	snprintf(want, sizeof(want), "%s/gfx942/one.co", f->dir);
	assert_string_equal(path, want);
	/* Not built: tried names the file looked for. */
	assert_false(gl_bench_code_path(&f->ctx, "gfx942", "two", NULL, path, sizeof(path), tried, sizeof(tried)));
	snprintf(want, sizeof(want), "%s/gfx942/two.co", f->dir);
	assert_string_equal(tried, want);
	/* The suite's second file is found when the first is missing. */
	assert_true(gl_bench_code_path(&f->ctx, "gfx942", "two", two_files, path, sizeof(path), tried, sizeof(tried)));
	snprintf(want, sizeof(want), "%s/gfx942/both.co", f->dir);
	assert_string_equal(path, want);
	/* Another arch has nothing built. */
	assert_false(gl_bench_code_path(&f->ctx, "gfx900", "one", NULL, path, sizeof(path), tried, sizeof(tried)));
}

struct seen {
	unsigned n;
	char line[4][8192];
};

static void emit(void *user, const char *kernel, const char *detail)
{
	struct seen *s = user;

	assert_true(s->n < 4);
	snprintf(s->line[s->n++], sizeof(s->line[0]), "%s: %s", kernel, detail);
}

static void test_list(void **state)
{
	struct fx *f = *state;
	static const char *const names[] = { "one", "two", "three" };
	struct seen s = { 0 };
	char want[8192];

	assert_true(gl_bench_list(&f->ctx, names, 3, two_files, emit, &s));
	assert_int_equal(s.n, 3);
	snprintf(want, sizeof(want), "one: %s/gfx942/one.co", f->dir);
	assert_string_equal(s.line[0], want);
	snprintf(want, sizeof(want), "two: %s/gfx942/both.co", f->dir);
	assert_string_equal(s.line[1], want);
	snprintf(want, sizeof(want), "three: not built (%s/gfx942/three.co)", f->dir);
	assert_string_equal(s.line[2], want);
	/* Without --arch: where each kernel's code object would be. */
	memset(&s, 0, sizeof(s));
	f->ctx.arch[0] = '\0';
	assert_true(gl_bench_list(&f->ctx, names, 2, two_files, emit, &s));
	assert_string_equal(s.line[0], "one: build/<arch>/one.co");
	assert_string_equal(s.line[1], "two: build/<arch>/two.co or both.co");
}

static void test_launch(void **state)
{
	struct fx *f = *state;
	static const struct gl_bench_launch tab[] = {
		{ "one", 128, 64, { "buf:8", "u32:3" } },
		{ "two", 64, 64, { "buf:8" } },
	};
	struct gl_suite_launch out;
	struct gl_err e = { "" };
	char want[4096];

	memset(&out, 0, sizeof(out));
	assert_int_equal(gl_bench_launch(&f->ctx, "demo", tab, 2, "one", &out, &e), GL_SUITE_LAUNCH_OK);
	snprintf(want, sizeof(want), "%s/gfx942/one.co", f->dir);
	assert_string_equal(out.code, want);
	assert_string_equal(out.kernel, "one");
	assert_int_equal(out.dims, 1);
	assert_int_equal(out.grid[0], 128);
	assert_int_equal(out.block[0], 64);
	assert_int_equal(out.grid[1] * out.grid[2] * out.block[1] * out.block[2], 1);
	assert_int_equal(out.nargs, 2);
	assert_string_equal(out.args[0], "buf:8");
	assert_string_equal(out.args[1], "u32:3");
	/* Not this suite's kernel. */
	assert_int_equal(gl_bench_launch(&f->ctx, "demo", tab, 2, "nine", &out, &e), GL_SUITE_LAUNCH_NOT_MINE);
	/* The suite's kernel, not built: the message says what to run. */
	assert_int_equal(gl_bench_launch(&f->ctx, "demo", tab, 2, "two", &out, &e), GL_SUITE_LAUNCH_ERROR);
	snprintf(want, sizeof(want), "demo: kernel two is not built for gfx942 (looked for %s/gfx942/two.co; "
	         "run make kernels ARCH=gfx942)", f->dir);
	assert_string_equal(e.msg, want);
	/* The same kernel found through the suite's own files. */
	assert_true(gl_bench_launch_code(&f->ctx, "demo", "two", two_files, &out, &e));
	snprintf(want, sizeof(want), "%s/gfx942/both.co", f->dir);
	assert_string_equal(out.code, want);
	assert_string_equal(out.kernel, "two");
}

static void test_size_and_rand(void **state)
{
	static const struct { uint64_t bytes; const char *want; } sizes[] = {
		{ 4096, "4 KiB" }, { 3ull << 20, "3 MiB" }, { 1ull << 30, "1 GiB" }, { 1000, "1000 B" },
	};
	char buf[32];
	uint64_t a = 7, b = 7, c = 8;

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		gl_str_bytes(sizes[i].bytes, true, buf, sizeof(buf));
		assert_string_equal(buf, sizes[i].want);
	}
	/* Deterministic from the seed, different for another seed. */
	assert_true(gl_bench_rand(&a) == gl_bench_rand(&b));
	assert_true(gl_bench_rand(&a) == gl_bench_rand(&b));
	assert_true(gl_bench_rand(&a) != gl_bench_rand(&c));
}

#define TU_SETUP setup
#define TU_TEARDOWN tu_tmpdir_teardown
TU_MAIN(NULL, NULL,
	tu_test(test_code_path),
	tu_test(test_list),
	tu_test(test_launch),
	cmocka_unit_test(test_size_and_rand))
