/*
 * test_results_set — a suite's results files change as one set
 * (gl_results_set): killed before the commit point, the folder keeps every
 * old file and no temporary; killed during the renames, the next claim
 * finishes them; committed, every file is new.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
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
		    strcmp(de->d_name, "lat.csv") && strcmp(de->d_name, "lat.md"))
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

static void test_killed_during_renames(void **state)
{
	char from[256], to[256];

	(void)state;
	put("lat.csv", "old csv");
	put("lat.md", "old md");
	assert_true(gl_results_set_begin(dir, NULL));
	put("lat.csv", "new csv");
	put("lat.md", "new md");
	/* The commit point passed, then a kill before the renames. */
	snprintf(from, sizeof(from), "%s/.set-pending", dir);
	snprintf(to, sizeof(to), "%s/.set-commit", dir);
	assert_int_equal(rename(from, to), 0);
	claim_again();
	expect("lat.csv", "new csv");
	expect("lat.md", "new md");
	assert_int_equal(others(), 0);
}

static void test_committed(void **state)
{
	struct gl_err e;

	(void)state;
	put("lat.csv", "old csv");
	assert_true(gl_results_set_begin(dir, &e));
	put("lat.csv", "new csv");
	put("lat.md", "new md");
	assert_true(gl_results_set_commit(dir, &e));
	expect("lat.csv", "new csv");
	expect("lat.md", "new md");
	assert_int_equal(others(), 0);
	/* No set open: a write replaces at once. */
	put("lat.md", "later md");
	expect("lat.md", "later md");
}

#define TU_SETUP setup
#define TU_TEARDOWN teardown
TU_MAIN(NULL, NULL,
	tu_test(test_killed_before_commit),
	tu_test(test_killed_during_renames),
	tu_test(test_committed))
