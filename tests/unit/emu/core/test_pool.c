/*
 * test_pool — the worker pool of the parallel simulation (emu_pool_*,
 * emu/core/emu_domain.h): every job of a run is run exactly once,
 * emu_pool_run returns only when all of them are finished, and a pool of
 * one thread is no pool (the caller runs the windows itself).
 *
 * The runs are short and many, as the windows of a dispatch are, so a
 * worker often wakes up after its run's jobs were all taken by the caller:
 * the case in which a worker must not run a job of a run it did not see.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "core/emu_domain.h"

#define RUNS 20000
#define MAXJOBS 8

/* One run's record, cleared before the next run: a job of an earlier run
 * run late would show as a count of 2, or as a job beyond njobs. */
struct run_arg {
	_Atomic unsigned ran[MAXJOBS];       /* times job i ran in this run */
};

static void job(void *arg, unsigned i)
{
	struct run_arg *a = arg;
	atomic_fetch_add(&a->ran[i], 1);
	/* a little work, uneven across jobs */
	volatile unsigned x = 0;
	for (unsigned k = 0; k < 50u * (i + 1); k++)
		x += k;
}

static void check_pool(unsigned threads)
{
	struct emu_pool *p = emu_pool_create(threads);
	assert_non_null(p);
	struct run_arg a;
	for (unsigned r = 0; r < RUNS; r++) {
		unsigned njobs = 1 + r % MAXJOBS;
		for (unsigned i = 0; i < MAXJOBS; i++)
			atomic_store(&a.ran[i], 0);
		emu_pool_run(p, njobs, job, &a);
		/* finished on return: every job once, none beyond njobs */
		for (unsigned i = 0; i < MAXJOBS; i++)
			assert_int_equal(atomic_load(&a.ran[i]), i < njobs ? 1u : 0u);
	}
	emu_pool_destroy(p);
}

static void test_two_threads(void **state)
{
	(void)state;
	check_pool(2);
}

static void test_four_threads(void **state)
{
	(void)state;
	check_pool(4);
}

static void test_one_thread_is_no_pool(void **state)
{
	(void)state;
	assert_null(emu_pool_create(1));
	assert_null(emu_pool_create(0));
	emu_pool_destroy(NULL);
}

TU_MAIN(NULL, NULL,
        cmocka_unit_test(test_two_threads),
        cmocka_unit_test(test_four_threads),
        cmocka_unit_test(test_one_thread_is_no_pool))
