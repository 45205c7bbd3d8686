/*
 * test_results — gl_results: the CSV and Markdown a table becomes, the
 * aligned text, and the atomic write (complete file or old file, no temp
 * file left behind, directories created); the results folder's lock and
 * stale-temporary cleanup; gl_ref's reference and published columns.
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tu_main.h"
#include "tu_assert.h"

#include "report/gl_ref.h"
#include "report/gl_results.h"
#include "tu_files.h"

struct state {
	char dir[64];      /* first: tu_tmpdir_teardown removes it */
};

static int setup(void **pstate)
{
	struct state *s = tu_tmpdir_new(pstate, sizeof(*s), sizeof(s->dir), "test-results");

	return s ? 0 : -1;
}

/* Names in dir that contain ".tmp." (a leftover temporary). */
static unsigned leftovers(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	unsigned n = 0;

	assert_non_null(d);
	while ((de = readdir(d)))
		n += strstr(de->d_name, ".tmp.") != NULL;
	closedir(d);
	return n;
}

static struct gl_table *sample(void)
{
	static const char *const cols[] = { "kernel", "impl", "median µs", "GB/s (read+write)" };
	static const char *const r1[] = { "copy_256_8_32_256", "asm", "12.50", "167.77" };
	static const char *const r2[] = { "copy_hip_256", "hip", "3.25", "645.28" };
	static const char *const r3[] = { "odd, \"name\"", "a|b", "-", NULL };
	struct gl_table *t = gl_table_new("copy: test table", 4, cols);

	assert_non_null(t);
	assert_true(gl_table_add_row(t, r1));
	assert_true(gl_table_add_row(t, r2));
	assert_true(gl_table_add_row(t, r3));
	assert_true(gl_table_param(t, "arch", "%s", "gfx942"));
	assert_true(gl_table_param(t, "reps", "%u", 20u));
	assert_true(gl_table_param(t, "reps", "%u", 25u));   /* last value wins */
	assert_true(gl_table_param(t, "note", "two\nlines"));
	return t;
}

static const char expect_csv[] =
	"kernel,impl,median µs,GB/s (read+write)\n"
	"copy_256_8_32_256,asm,12.50,167.77\n"
	"copy_hip_256,hip,3.25,645.28\n"
	"\"odd, \"\"name\"\"\",a|b,-,\n";

static const char expect_md[] =
	"# copy: test table\n"
	"\n"
	"| kernel | impl | median µs | GB/s (read+write) |\n"
	"| :--- | :--- | ---: | ---: |\n"
	"| copy_256_8_32_256 | asm | 12.50 | 167.77 |\n"
	"| copy_hip_256 | hip | 3.25 | 645.28 |\n"
	"| odd, \"name\" | a\\|b | - |  |\n"
	"\n"
	"## Parameters\n"
	"\n"
	"```\n"
	"arch=gfx942\n"
	"reps=25\n"
	"note=two lines\n"
	"```\n";

static void test_write(void **pstate)
{
	struct state *s = *pstate;
	struct gl_table *t = sample();
	struct gl_err e = { "" };
	char dir[256], path[300];
	char *csv, *md;

	/* Nested directories that do not exist yet. */
	assert_true(gl_results_dir(dir, sizeof(dir), s->dir, "gfx942", "emu", &e));
	assert_string_equal(dir + strlen(s->dir), "/gfx942-emu");
	strcat(dir, "/sub");
	if (!gl_results_write(t, dir, "copy", &e))
		fail_msg("write: %s", e.msg);
	snprintf(path, sizeof(path), "%s/copy.csv", dir);
	csv = tu_slurp(path);
	assert_non_null(csv);
	assert_string_equal(csv, expect_csv);
	snprintf(path, sizeof(path), "%s/copy.md", dir);
	md = tu_slurp(path);
	assert_non_null(md);
	assert_string_equal(md, expect_md);
	assert_int_equal(leftovers(dir), 0);
	free(csv);
	free(md);
	/* The parameters live in the sidecar, with the version that wrote it. */
	snprintf(path, sizeof(path), "%s/copy.json", dir);
	md = tu_slurp(path);
	assert_non_null(md);
	assert_contains(md, "\"title\": \"copy: test table\"");
	assert_contains(md, "\"arch\": \"gfx942\"");
	assert_contains(md, "\"reps\": \"25\"");
	assert_contains(md, "\"note\": \"two\\nlines\"");
	assert_contains(md, "\"version\": \"");
	free(md);

	/* Writing again replaces the files whole. */
	{
		static const char *const row[] = { "k", "asm", "1.00", "2.00" };
		struct gl_table *t2 = gl_table_new("second", 4, (const char *const[]){ "a", "b", "c", "d" });

		assert_true(gl_table_add_row(t2, row));
		assert_true(gl_results_write(t2, dir, "copy", &e));
		snprintf(path, sizeof(path), "%s/copy.csv", dir);
		csv = tu_slurp(path);
		assert_string_equal(csv, "a,b,c,d\nk,asm,1.00,2.00\n");
		free(csv);
		gl_table_free(t2);
	}
	assert_int_equal(leftovers(dir), 0);
	gl_table_free(t);
}

static void test_write_failures(void **pstate)
{
	struct state *s = *pstate;
	struct gl_table *t = sample();
	struct gl_err e = { "" };
	char dir[256], path[300], file[400];
	char *old;
	FILE *f;

	/* A directory we may not write into: the old file stays as it was and
	 * no temporary appears. Root ignores permissions, so only check the
	 * failure when it actually fails. */
	snprintf(dir, sizeof(dir), "%s/ro", s->dir);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/copy.csv", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("old\n", f);
	fclose(f);
	chmod(dir, 0555);
	if (access(dir, W_OK) != 0) {
		assert_false(gl_results_write(t, dir, "copy", &e));
		assert_contains(e.msg, "copy.csv");
		old = tu_slurp(path);
		assert_string_equal(old, "old\n");
		free(old);
		assert_int_equal(leftovers(dir), 0);
	}
	chmod(dir, 0755);

	/* The rename fails (the target is a non-empty directory): the
	 * temporary must be removed and the target left alone. Works as root. */
	snprintf(dir, sizeof(dir), "%s/blocked", s->dir);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/copy.csv", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(file, sizeof(file), "%s/keep", path);
	f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	assert_false(gl_results_write(t, dir, "copy", &e));
	assert_contains(e.msg, "cannot rename");
	assert_contains(e.msg, "copy.csv");
	assert_int_equal(leftovers(dir), 0);
	assert_int_equal(access(file, F_OK), 0);

	/* A path component that is a file, not a directory. */
	snprintf(file, sizeof(file), "%s/plain", s->dir);
	f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	snprintf(dir, sizeof(dir), "%s/plain/x", s->dir);
	assert_false(gl_results_write(t, dir, "copy", &e));
	assert_contains(e.msg, "plain");
	assert_false(gl_results_mkdirs(file, &e));
	assert_contains(e.msg, "not a directory");

	/* write_file into a missing directory. */
	snprintf(path, sizeof(path), "%s/missing/out.bin", s->dir);
	assert_false(gl_results_write_file(path, "abc", 3, &e));
	assert_contains(e.msg, "out.bin");
	gl_table_free(t);
}

static void test_write_file(void **pstate)
{
	struct state *s = *pstate;
	struct gl_err e = { "" };
	char path[300];
	char *got;
	struct stat st;

	snprintf(path, sizeof(path), "%s/blob.bin", s->dir);
	assert_true(gl_results_write_file(path, "hello", 5, &e));
	got = tu_slurp(path);
	assert_string_equal(got, "hello");
	free(got);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	assert_true(gl_results_write_file(path, "", 0, &e));
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_size, 0);
	assert_int_equal(leftovers(s->dir), 0);
}

static void test_print(void **pstate)
{
	struct gl_table *t = sample();
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)pstate;
	assert_non_null(f);
	gl_table_print(t, f);
	fclose(f);
	/* Text columns left-aligned, numeric ones right-aligned; widths count
	 * characters, not bytes ("µ" is two bytes). */
	assert_string_equal(buf,
		"copy: test table\n"
		"kernel             impl  median µs  GB/s (read+write)\n"
		"-----------------------------------------------------\n"
		"copy_256_8_32_256  asm       12.50             167.77\n"
		"copy_hip_256       hip        3.25             645.28\n"
		"odd, \"name\"        a|b           -                   \n");
	free(buf);
	assert_int_equal(gl_table_rows(t), 3);
	assert_string_equal(gl_table_cell(t, 1, 0), "copy_hip_256");
	assert_null(gl_table_cell(t, 3, 0));
	gl_table_free(t);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* A second claim of the same folder is refused while the first holds it;
 * leftovers of a killed run (temp files, chart scratch folders) go, the
 * results stay. */
static void test_claim(void **pstate)
{
	struct state *s = *pstate;
	char dir[128], path[256];
	struct gl_err e;
	int a, b;

	snprintf(dir, sizeof(dir), "%s/gfx942-emu", s->dir);
	assert_true(gl_results_mkdirs(dir, &e));
	snprintf(path, sizeof(path), "%s/latency.csv.tmp.AbC123", dir);
	write_text(path, "half");
	snprintf(path, sizeof(path), "%s/copy.svg.chart.tmp.XyZ789", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/copy.svg.chart.tmp.XyZ789/data.txt", dir);
	write_text(path, "1 2\n");
	snprintf(path, sizeof(path), "%s/latency.csv", dir);
	write_text(path, "a,b\n1,2\n");

	assert_true(gl_results_claim(dir, &a, &e));
	assert_false(gl_results_claim(dir, &b, &e));
	assert_contains(e.msg, "in use by another gcnlab run");
	assert_contains(e.msg, dir);
	snprintf(path, sizeof(path), "%s/latency.csv.tmp.AbC123", dir);
	assert_int_not_equal(access(path, F_OK), 0);
	snprintf(path, sizeof(path), "%s/copy.svg.chart.tmp.XyZ789", dir);
	assert_int_not_equal(access(path, F_OK), 0);
	snprintf(path, sizeof(path), "%s/latency.csv", dir);
	assert_int_equal(access(path, F_OK), 0);
	gl_results_release(a);
	assert_true(gl_results_claim(dir, &b, &e));
	gl_results_release(b);
}

/* gl_ref_print of t into a string (the caller frees it). */
static char *ref_text(const struct gl_table *t, const char *arch, const struct gl_ref_spec *spec, bool all)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	gl_ref_print(t, "lat", arch, spec, all, f);
	fclose(f);
	return buf;
}

/* The printed table gets "ref" and "published" columns after each figure,
 * matched by row key and column name; the footer counts what moved and
 * names the source. */
static void test_ref_print(void **pstate)
{
	struct state *s = *pstate;
	static const char *const cols[] = { "kind", "stride", "latency cycles", "note" };
	static const char *const r0[] = { "b32", "1", "52.0", "x" };
	static const char *const r1[] = { "b32", "8", "70.0", "y" };
	static const char *const r2[] = { "b128", "1", "64.0", "z" };
	const struct gl_ref_spec spec = { .nkeys = 2, .nfigures = 1, .figures = { 2 } };
	char refdir[128], path[256], pub[256];
	struct gl_table *t = gl_table_new("lat: test", 4, cols);
	char *buf;

	snprintf(refdir, sizeof(refdir), "%s/ref", s->dir);
	snprintf(path, sizeof(path), "%s/gfx942-emu", refdir);
	assert_int_equal(mkdir(refdir, 0755), 0);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/gfx942-emu/lat.csv", refdir);
	write_text(path, "# lat: test\n# date=x\nkind,stride,latency cycles,note\n"
	                 "b32,1,52.0,x\nb32,8,64.0,y\n\"b128\",1,64.0,z\n");
	snprintf(pub, sizeof(pub), "%s/figures.csv", s->dir);
	write_text(pub, "suite,table,arch,row,column,value,value_max,unit,device,source\n"
	                "lat,lat,gfx942,b32|8,latency cycles,120,,cycles,MI308X,seed 000\n"
	                "lat,lat,gfx942,b32|1,latency cycles,50,55,cycles,MI308X,seed 000\n"
	                "lat,lat,gfx90a,b128|1,latency cycles,99,,cycles,MI250,seed 9\n");
	setenv("GCNLAB_REFERENCE_DIR", refdir, 1);
	setenv("GCNLAB_PUBLISHED_FILE", pub, 1);
	assert_non_null(t);
	assert_true(gl_table_add_row(t, r0) && gl_table_add_row(t, r1) && gl_table_add_row(t, r2));
	buf = ref_text(t, "gfx942", &spec, false);
	assert_contains(buf, "latency cycles  ref");
	assert_contains(buf, "published  note");
	assert_contains(buf, "52.0  52.0          50-55");
	assert_contains(buf, "70.0  64.0 (+9.4%)  120");          /* the differing cell is marked */
	assert_contains(buf, "1 of 3 figures differ (reference -> this run):");
	assert_contains(buf, "b32|8 latency cycles: 64.0 -> 70.0 (+9.4%)");
	assert_contains(buf, "published: MI308X, seed 000");
	assert_null(strstr(buf, "MI250"));
	free(buf);

	/* Five figures moved: three listed and a pointer to --diffs; with all,
	 * every one. */
	{
		struct gl_table *m = gl_table_new("lat: test", 4, cols);
		static const char *const rows5[5][4] = {
			{ "b32", "1", "53.0", "x" }, { "b32", "8", "70.0", "y" }, { "b128", "1", "32.0", "z" },
			{ "b32", "1", "54.0", "x" }, { "b32", "1", "55.0", "x" },
		};
		for (unsigned i = 0; i < 5; i++)
			assert_true(gl_table_add_row(m, rows5[i]));
		buf = ref_text(m, "gfx942", &spec, false);
		assert_contains(buf, "5 of 5 figures differ");
		assert_contains(buf, "b128|1 latency cycles: 64.0 -> 32.0 (-50.0%)");
		assert_contains(buf, "... and 2 more (gcnlab run --diffs lists every one)");
		assert_null(strstr(buf, "52.0 -> 55.0"));   /* the fifth: not listed */
		free(buf);
		buf = ref_text(m, "gfx942", &spec, true);
		assert_contains(buf, "b32|1 latency cycles: 52.0 -> 55.0 (+5.8%)");
		assert_null(strstr(buf, "more"));
		free(buf);
		gl_table_free(m);
	}

	/* Another arch: no reference file, and no published figure. */
	buf = ref_text(t, "gfx900", &spec, false);
	assert_contains(buf, "ref: none");
	assert_null(strstr(buf, "published"));
	free(buf);
	unsetenv("GCNLAB_REFERENCE_DIR");
	unsetenv("GCNLAB_PUBLISHED_FILE");
	gl_table_free(t);
}

#define TU_SETUP setup
#define TU_TEARDOWN tu_tmpdir_teardown
TU_MAIN(NULL, NULL,
	tu_test(test_write),
	tu_test(test_write_failures),
	tu_test(test_write_file),
	cmocka_unit_test(test_print),
	tu_test(test_claim),
	tu_test(test_ref_print))
