/*
 * test_run_jobs — shares of cores for jobs side by side: gl_run_points_shares
 * (a group's part of the groups' cost, rounded, within 1..jobs) and
 * gl_run_jobs_run giving a job of share k the simulation threads of k
 * children (GCNLAB_EMU_THREADS in its process), taken from the budget.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>

#include "tu_main.h"

#include "cli/gl_run_jobs.h"
#include "cli/gl_run_points.h"

static double cost_of(void *user, unsigned g)
{
	return ((const double *)user)[g];
}

static void test_shares(void **state)
{
	double cost[4] = { 1, 1, 6, 0 };
	struct gl_run_groups g = { .suite = "t", .n = 4, .cost = cost_of, .user = cost };
	unsigned *s;

	(void)state;
	s = gl_run_points_shares(&g, 8);   /* 8 cores x 6/8 = 6; the rest at least 1 */
	assert_non_null(s);
	assert_int_equal(s[0], 1);
	assert_int_equal(s[1], 1);
	assert_int_equal(s[2], 6);
	assert_int_equal(s[3], 1);
	free(s);
	s = gl_run_points_shares(&g, 2);   /* 2 x 6/8 = 1.5: rounded to 2, never above the jobs */
	assert_non_null(s);
	assert_int_equal(s[2], 2);
	assert_int_equal(s[0], 1);
	free(s);
	assert_null(gl_run_points_shares(&g, 1));
	g.cost = NULL;
	assert_null(gl_run_points_shares(&g, 8));
}

/* Each job writes the GCNLAB_EMU_THREADS its process was given. */
static void job_threads(void *user, struct gl_run_jobs *jobs, unsigned i, struct gl_run_job_end *end)
{
	unsigned *seen = user;
	const char *t = getenv("GCNLAB_EMU_THREADS");

	(void)jobs;
	seen[i] = t ? (unsigned)strtoul(t, NULL, 10) : 0;
	end->exit_code = 0;
}

static void run_shares(unsigned threads, const unsigned *share, unsigned *seen)
{
	const char *names[3] = { "a", "b", "c" };
	struct gl_run_jobs_budget b;
	struct gl_err e;
	struct gl_run_jobs_cfg c = {
		.cmd = "test", .what = "points", .names = names, .n = 3, .jobs = 3, .threads = threads,
		.budget = &b, .share = share, .job = job_threads, .user = seen,
	};

	assert_true(gl_run_jobs_budget_open(&b, 4, &e));
	assert_int_equal(gl_run_jobs_run(&c), 0);
	gl_run_jobs_budget_close(&b);
}

static void test_threads(void **state)
{
	const unsigned share[3] = { 1, 3, 1 };
	unsigned *seen = mmap(NULL, 3 * sizeof(unsigned), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	(void)state;
	assert_true(seen != MAP_FAILED);
	/* 4 cores: the middle job waits for 3 of them (own or tokens) */
	run_shares(1, share, seen);
	assert_int_equal(seen[0], 1);
	assert_int_equal(seen[1], 3);
	assert_int_equal(seen[2], 1);
	run_shares(2, share, seen);
	assert_int_equal(seen[0], 2);
	assert_int_equal(seen[1], 6);
	assert_int_equal(seen[2], 2);
	/* without shares every job runs on one child's threads */
	run_shares(2, NULL, seen);
	assert_int_equal(seen[1], 2);
	munmap(seen, 3 * sizeof(unsigned));
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_shares),
	cmocka_unit_test(test_threads))
