/*
 * test_results_set — a suite's results files change as one set
 * (gl_results_set): killed before the commit point, the folder keeps every
 * old file and no temporary; killed after the swap, the next claim removes
 * the old folder; committed, every file of the set is new and the previous
 * set's other files are gone; failed or dropped, the old set stays.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tu_main.h"
#include "report/gl_results.h"
#include "report/gl_results_set.h"
#include "tu_tools.h"
#include "tu_files.h"

static char dir[128];

static int setup(void **state)
{
	(void)state;
	return tu_tmpdir(dir, sizeof(dir), "set") ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	tu_rmtree(dir);
	return 0;
}

static void put(const char *name, const char *text)
{
	char p[256];
	struct gl_err e;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	assert_true(gl_results_write_file(p, text, strlen(text), &e));
}

static void expect(const char *name, const char *text)
{
	char p[256];
	struct tu_blob b = { 0 };

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	assert_true(tu_read_file(p, &b));
	assert_int_equal(b.size, strlen(text));
	assert_memory_equal(b.data, text, b.size);
	free(b.data);
}

/* Entries of dir other than the two results files and .lock. */
static int others(void)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && strcmp(de->d_name, ".lock") &&
		    strcmp(de->d_name, "lat.csv") && strcmp(de->d_name, "lat.md") && strcmp(de->d_name, "other.csv"))
			n++;
	closedir(d);
	return n;
}

static void claim_again(void)
{
	struct gl_err e;
	int fd;

	assert_true(gl_results_claim(dir, &fd, &e));
	gl_results_release(fd);
}

static void test_killed_before_commit(void **state)
{
	(void)state;
	put("lat.csv", "old csv");
	put("lat.md", "old md");
	assert_true(gl_results_set_begin(dir, NULL));
	put("lat.csv", "new csv");
	expect("lat.csv", "old csv");   /* not yet */
	put("lat.md", "new md");
	/* killed here */
	claim_again();
	expect("lat.csv", "old csv");
	expect("lat.md", "old md");
	assert_int_equal(others(), 0);  /* journal and temporaries gone */
}

/* A swap cut after the exchange: D is the new folder, the old one is left
 * beside it under its staging name; the next claim removes it. */
static void test_killed_after_swap(void **state)
{
	char old[300];
	struct stat st;

	(void)state;
	put("lat.csv", "old csv");
	snprintf(old, sizeof(old), "%s/../.%s.set.Ab12Cd", dir, strrchr(dir, '/') + 1);
	assert_int_equal(mkdir(old, 0755), 0);
	claim_again();
	assert_int_not_equal(stat(old, &st), 0);
	expect("lat.csv", "old csv");
}

static void test_committed(void **state)
{
	struct gl_err e;

	(void)state;
	put("lat.csv", "old csv");
	assert_true(gl_results_set_begin(dir, &e));
	put("lat.csv", "new csv");
	put("lat.md", "new md");
	assert_true(gl_results_set_commit(dir, "lat", &e));
	expect("lat.csv", "new csv");
	expect("lat.md", "new md");
	assert_int_equal(others(), 1);   /* the manifest .lat.set */
	expect(".lat.set", "lat.csv\nlat.md\n");
	/* No set open: a write replaces at once. */
	put("lat.md", "later md");
	expect("lat.md", "later md");
}

/* The previous set is replaced whole: a file it had and the new set has
 * not (a chart gnuplot could not draw this time) goes; other files stay. */
static void test_replaces_whole_set(void **state)
{
	struct gl_err e;
	char p[256];

	(void)state;
	put("other.csv", "another suite");
	assert_true(gl_results_set_begin(dir, &e));
	put("lat.csv", "old csv");
	put("lat.svg", "old chart");
	assert_true(gl_results_set_commit(dir, "lat", &e));
	assert_true(gl_results_set_begin(dir, &e));
	put("lat.csv", "new csv");
	assert_true(gl_results_set_commit(dir, "lat", &e));
	expect("lat.csv", "new csv");
	expect("other.csv", "another suite");
	snprintf(p, sizeof(p), "%s/lat.svg", dir);
	assert_int_not_equal(access(p, F_OK), 0);
}

/* A write that failed, or a dropped set, leaves the previous set as it was. */
static void test_failed_keeps_old(void **state)
{
	struct gl_err e;
	char p[256];

	(void)state;
	put("lat.csv", "old csv");
	put("lat.md", "old md");
	assert_true(gl_results_set_begin(dir, &e));
	put("lat.csv", "new csv");
	snprintf(p, sizeof(p), "%s/lat.md", dir);
	gl_results_set_failed(p, "writing lat.md failed: No space left on device");
	assert_false(gl_results_set_commit(dir, "lat", &e));
	assert_non_null(strstr(e.msg, "No space left"));
	expect("lat.csv", "old csv");
	expect("lat.md", "old md");
	assert_int_equal(others(), 0);
	assert_true(gl_results_set_begin(dir, &e));
	put("lat.csv", "newer csv");
	gl_results_set_abort(dir);
	expect("lat.csv", "old csv");
	assert_int_equal(others(), 0);
}

#define TU_SETUP setup
#define TU_TEARDOWN teardown
TU_MAIN(NULL, NULL,
	tu_test(test_killed_before_commit),
	tu_test(test_killed_after_swap),
	tu_test(test_committed),
	tu_test(test_replaces_whole_set),
	tu_test(test_failed_keeps_old))
