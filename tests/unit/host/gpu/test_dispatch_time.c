/*
 * test_dispatch_time — gl_hsa_dispatch_us: a dispatch's GPU time from its
 * profiling timestamps, and the timestamps that are no time at all (found
 * through ROCr on the emulated KFD: a CP that wrote none made ROCr print
 * "time stamps may be invalid" and gcnlab reported 0.000 µs as a figure).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"

#include "gpu/gl_hsa.h"

static void test_time(void **state)
{
	struct gl_err e = { 0 };
	double us = -1;

	(void)state;
	assert_true(gl_hsa_dispatch_us("k", 1000, 3500, 1000000000ull, &us, &e));
	assert_true(us > 2.4999 && us < 2.5001);
	/* 100 MHz ticks. */
	assert_true(gl_hsa_dispatch_us("k", 10, 20, 100000000ull, &us, &e));
	assert_true(us > 0.0999 && us < 0.1001);
}

static void test_zero_timestamps(void **state)
{
	struct gl_err e = { 0 };
	double us = 42;

	(void)state;
	assert_false(gl_hsa_dispatch_us("copy", 0, 0, 1000000000ull, &us, &e));
	assert_non_null(strstr(e.msg, "no dispatch timestamps"));
	assert_non_null(strstr(e.msg, "copy"));
	assert_false(gl_hsa_dispatch_us("copy", 0, 5000, 1000000000ull, &us, &e));
	assert_true(us == 42);   /* nothing written on failure */
}

static void test_not_after_start(void **state)
{
	struct gl_err e = { 0 };
	double us = 42;

	(void)state;
	/* What ROCr's translation of two unwritten timestamps gives. */
	assert_false(gl_hsa_dispatch_us("k", 777, 777, 1000000000ull, &us, &e));
	assert_non_null(strstr(e.msg, "not after start"));
	assert_false(gl_hsa_dispatch_us("k", 900, 800, 1000000000ull, &us, &e));
	assert_true(us == 42);
}

TU_MAIN(NULL, NULL,
        cmocka_unit_test(test_time),
        cmocka_unit_test(test_zero_timestamps),
        cmocka_unit_test(test_not_after_start))
