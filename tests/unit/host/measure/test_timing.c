/*
 * test_timing — gl_timing: median/min/max, and the loop (warm-up
 * dispatches not timed, before_rep hook before every timed rep, errors
 * stop the loop) with a fake dispatch.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "measure/gl_timing.h"

static void test_stats(void **state)
{
	struct gl_timing_stats st;
	const double odd[] = { 5.0, 1.0, 9.0, 3.0, 7.0 };
	const double even[] = { 4.0, 10.0, 2.0, 8.0 };
	const double one[] = { 2.5 };
	const double same[] = { 3.0, 3.0, 3.0 };
	double copy[5];

	(void)state;
	memcpy(copy, odd, sizeof(odd));
	assert_true(gl_timing_stats(copy, 5, &st));
	assert_int_equal(st.n, 5);
	assert_true(st.median_us == 5.0);
	assert_true(st.min_us == 1.0);
	assert_true(st.max_us == 9.0);
	assert_memory_equal(copy, odd, sizeof(odd));   /* input untouched */

	assert_true(gl_timing_stats(even, 4, &st));
	assert_true(st.median_us == 6.0);              /* (4 + 8) / 2 */
	assert_true(st.min_us == 2.0);
	assert_true(st.max_us == 10.0);

	assert_true(gl_timing_stats(one, 1, &st));
	assert_true(st.median_us == 2.5 && st.min_us == 2.5 && st.max_us == 2.5);

	assert_true(gl_timing_stats(same, 3, &st));
	assert_true(st.median_us == 3.0);

	assert_false(gl_timing_stats(one, 0, &st));
}

/* The fake GPU: returns durations from a list, records the call order. */
struct fake {
	unsigned calls;
	unsigned fail_at;          /* 1-based call that fails, 0 never */
	const double *durations;
	unsigned ndurations;
	char log[256];             /* 'd' dispatch, 'b' before_rep(n) */
	unsigned before_calls;
	bool before_fails;
};

static bool fake_dispatch(void *user, double *us, struct gl_err *e)
{
	struct fake *f = user;

	f->calls++;
	strcat(f->log, "d");
	if (f->calls == f->fail_at)
		return gl_err_set(e, "kernel k faulted");
	*us = f->durations[(f->calls - 1) % f->ndurations];
	return true;
}

static bool fake_before(void *user, unsigned rep, double *aux_us, struct gl_err *e)
{
	struct fake *f = user;
	char b[8];

	snprintf(b, sizeof(b), "b%u", rep);
	strcat(f->log, b);
	f->before_calls++;
	*aux_us = 100.0 + rep;
	if (f->before_fails)
		return gl_err_set(e, "flush failed");
	return true;
}

static void test_loop(void **state)
{
	/* Warm-up calls get the huge values: they must not reach the stats. */
	const double d[] = { 1000.0, 1000.0, 4.0, 2.0, 6.0 };
	struct fake f = { .durations = d, .ndurations = 5 };
	struct gl_timing_cfg cfg = { .warmup = 2, .reps = 3, .dispatch = fake_dispatch, .user = &f };
	struct gl_timing_stats st;
	struct gl_err e = { "" };
	double samples[3];

	(void)state;
	assert_true(gl_timing_run(&cfg, &st, samples, &e));
	assert_int_equal(f.calls, 5);
	assert_int_equal(st.n, 3);
	assert_true(st.median_us == 4.0);
	assert_true(st.min_us == 2.0);
	assert_true(st.max_us == 6.0);
	assert_true(samples[0] == 4.0 && samples[1] == 2.0 && samples[2] == 6.0);
	assert_true(st.aux_median_us == 0.0);
}

static void test_before_rep(void **state)
{
	const double d[] = { 1.0, 2.0, 3.0 };
	struct fake f = { .durations = d, .ndurations = 3 };
	struct gl_timing_cfg cfg = {
		.warmup = 1, .reps = 3, .dispatch = fake_dispatch, .before_rep = fake_before, .user = &f,
	};
	struct gl_timing_stats st;
	struct gl_err e = { "" };

	(void)state;
	assert_true(gl_timing_run(&cfg, &st, NULL, &e));
	/* No hook before the warm-up; one before each timed rep. */
	assert_string_equal(f.log, "db0db1db2d");
	assert_int_equal(f.before_calls, 3);
	assert_true(st.aux_median_us == 101.0);
	/* Timed reps got durations 2, 3, 1. */
	assert_true(st.median_us == 2.0);
}

static void test_errors(void **state)
{
	const double d[] = { 1.0 };
	struct fake f = { .durations = d, .ndurations = 1, .fail_at = 3 };
	struct gl_timing_cfg cfg = { .warmup = 1, .reps = 5, .dispatch = fake_dispatch, .user = &f };
	struct gl_timing_stats st;
	struct gl_err e = { "" };

	(void)state;
	assert_false(gl_timing_run(&cfg, &st, NULL, &e));
	assert_string_equal(e.msg, "kernel k faulted");
	assert_int_equal(f.calls, 3);           /* stopped at the failure */

	memset(&f, 0, sizeof(f));
	f.durations = d;
	f.ndurations = 1;
	f.fail_at = 1;                          /* during warm-up */
	assert_false(gl_timing_run(&cfg, &st, NULL, &e));
	assert_int_equal(f.calls, 1);

	memset(&f, 0, sizeof(f));
	f.durations = d;
	f.ndurations = 1;
	f.before_fails = true;
	cfg.before_rep = fake_before;
	assert_false(gl_timing_run(&cfg, &st, NULL, &e));
	assert_string_equal(e.msg, "flush failed");
	assert_int_equal(f.calls, 1);           /* warm-up only */

	cfg.reps = 0;
	assert_false(gl_timing_run(&cfg, &st, NULL, &e));
	assert_non_null(strstr(e.msg, "at least 1"));
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_stats),
	cmocka_unit_test(test_loop),
	cmocka_unit_test(test_before_rep),
	cmocka_unit_test(test_errors))
