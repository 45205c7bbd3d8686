/*
 * test_sched — the run order of emu_sched (emu/core/emu_sched.h): strict
 * (cycle, id) order inside a CU group, at most `skew` cycles between
 * groups, the horizon handed to the running wave, barrier-style removal and
 * re-entry, and the same order on every run.
 *
 * The waves are bare struct emu_wave with a CU, an id and a cycle; "running"
 * a wave moves its cycle past the horizon by a per-wave step, as run_wave
 * does when an instruction's cost takes it past the next wave.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "core/emu_sched.h"
#include "wave/emu_wave.h"

#define NW 24
#define END 5000

struct sim {
	struct emu_sched s;
	struct emu_wave w[NW];
	bool ready[NW];
	uint32_t order[1 << 16];   /* wave ids in the order they ran */
	size_t norder;
};

/* NW waves on `ncu` CUs (wave i on CU i % ncu), cycles staggered by id. */
static void sim_init(struct sim *x, uint32_t ncu, uint32_t per_group, uint64_t skew)
{
	memset(x, 0, sizeof(*x));
	assert_true(emu_sched_init(&x->s, ncu, per_group, skew));
	for (uint32_t i = 0; i < NW; i++) {
		x->w[i].id = i;
		x->w[i].cu = i % ncu;
		x->w[i].cycle = (i * 7) % 13;
		x->ready[i] = true;
		assert_true(emu_sched_push(&x->s, &x->w[i]));
	}
}

static uint64_t min_ready(const struct sim *x, int group, uint32_t per_group)
{
	uint64_t m = UINT64_MAX;
	for (uint32_t i = 0; i < NW; i++)
		if (x->ready[i] && (group < 0 || x->w[i].cu / per_group == (uint32_t)group) && x->w[i].cycle < m)
			m = x->w[i].cycle;
	return m;
}

/* Run to the end, checking every pick: the earliest of its group (ties by
 * id), within `skew` of the earliest ready wave anywhere, and a horizon not
 * before the wave. */
static void sim_run(struct sim *x, uint32_t per_group, uint64_t skew)
{
	uint64_t h;
	struct emu_wave *w;
	while ((w = emu_sched_next(&x->s, &h))) {
		uint32_t i = w->id;
		assert_true(x->ready[i]);
		uint32_t grp = w->cu / per_group;
		assert_int_equal(w->cycle, min_ready(x, (int)grp, per_group));
		for (uint32_t j = 0; j < i; j++)
			assert_false(x->ready[j] && x->w[j].cu / per_group == grp && x->w[j].cycle == w->cycle);
		assert_true(w->cycle <= min_ready(x, -1, per_group) + skew);
		assert_true(h >= w->cycle);
		if (x->norder < sizeof(x->order) / sizeof(x->order[0]))
			x->order[x->norder++] = i;
		/* run past the horizon: 4 cycles per "instruction", a stall now and then */
		uint64_t step = 4 + ((i * 5 + w->cycle) % 7 == 0 ? 60 : 0);
		do
			w->cycle += step;
		while (w->cycle <= h && h != UINT64_MAX);
		if (w->cycle >= END) {
			x->ready[i] = false;
			emu_sched_remove(&x->s, w);
		} else {
			emu_sched_requeue(&x->s, w);
		}
	}
	for (uint32_t i = 0; i < NW; i++)
		assert_false(x->ready[i]);
}

static void test_one_group_is_time_order(void **state)
{
	(void)state;
	struct sim *x = calloc(1, sizeof(*x));
	sim_init(x, 4, 4, 0);   /* one group of 4 CUs */
	sim_run(x, 4, 0);
	emu_sched_fini(&x->s);
	free(x);
}

static void test_groups_within_skew(void **state)
{
	(void)state;
	static const uint64_t skews[] = { 0, 1, 50, 200, 1000 };
	for (unsigned k = 0; k < sizeof(skews) / sizeof(skews[0]); k++) {
		struct sim *x = calloc(1, sizeof(*x));
		sim_init(x, 12, 2, skews[k]);   /* 6 groups of 2 CUs */
		sim_run(x, 2, skews[k]);
		emu_sched_fini(&x->s);
		free(x);
	}
}

/* A larger skew lets a group run longer: fewer switches between groups. */
static size_t group_switches(uint64_t skew)
{
	struct sim *x = calloc(1, sizeof(*x));
	sim_init(x, 12, 2, skew);
	sim_run(x, 2, skew);
	size_t n = 0;
	for (size_t i = 1; i < x->norder; i++)
		n += x->w[x->order[i]].cu / 2 != x->w[x->order[i - 1]].cu / 2;
	emu_sched_fini(&x->s);
	free(x);
	return n;
}

static void test_skew_cuts_switches(void **state)
{
	(void)state;
	size_t strict = group_switches(0), loose = group_switches(400);
	assert_true(loose * 4 < strict);
}

/* Waves leave (a barrier) and come back: removal keeps the heap valid and a
 * returning wave is ordered by its new cycle. */
static void test_barrier_leave_and_return(void **state)
{
	(void)state;
	struct emu_sched s;
	struct emu_wave w[3];
	memset(w, 0, sizeof(w));
	assert_true(emu_sched_init(&s, 2, 2, 0));
	for (uint32_t i = 0; i < 3; i++) {
		w[i].id = i;
		w[i].cu = i % 2;
		w[i].cycle = 10 * i;
		assert_true(emu_sched_push(&s, &w[i]));
	}
	uint64_t h;
	assert_ptr_equal(emu_sched_next(&s, &h), &w[0]);
	assert_int_equal(h, 10);               /* until it passes w[1] */
	emu_sched_remove(&s, &w[0]);           /* w[0] waits at a barrier */
	assert_ptr_equal(emu_sched_next(&s, &h), &w[1]);
	w[1].cycle = 25;
	emu_sched_requeue(&s, &w[1]);
	assert_ptr_equal(emu_sched_next(&s, &h), &w[2]);
	assert_int_equal(h, 25);
	emu_sched_remove(&s, &w[2]);
	w[0].cycle = 22;                       /* the barrier opens at 22 */
	assert_true(emu_sched_push(&s, &w[0]));
	assert_ptr_equal(emu_sched_next(&s, &h), &w[0]);
	assert_int_equal(h, 25);
	emu_sched_remove(&s, &w[0]);
	assert_ptr_equal(emu_sched_next(&s, &h), &w[1]);
	assert_int_equal(h, UINT64_MAX);       /* alone */
	emu_sched_remove(&s, &w[1]);
	assert_null(emu_sched_next(&s, &h));
	emu_sched_fini(&s);
}

static void test_deterministic(void **state)
{
	(void)state;
	struct sim *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	sim_init(a, 12, 2, 200);
	sim_run(a, 2, 200);
	sim_init(b, 12, 2, 200);
	sim_run(b, 2, 200);
	assert_int_equal(a->norder, b->norder);
	assert_memory_equal(a->order, b->order, a->norder * sizeof(a->order[0]));
	emu_sched_fini(&a->s);
	emu_sched_fini(&b->s);
	free(a);
	free(b);
}

/* The order against a plain reference on random cycles: one group of up to
 * RW waves, each pick the earliest ready wave by (cycle, id), its horizon
 * the earliest cycle of the other ready waves. The steps mix ties (0 to 8
 * cycles: waves in step), long stalls (past the wheel's window), waves
 * leaving and coming back at any cycle (barriers, new workgroups: some
 * before the group's earliest), a pick asked for twice, waves joining
 * while one runs, and the switch in one call (emu_sched_requeue_next). */
#define RW 40

static uint32_t rnd(uint64_t *x)
{
	*x = *x * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(*x >> 33);
}

static int ref_pick(const struct emu_wave *w, const bool *ready, uint64_t *horizon)
{
	int best = -1;
	for (int i = 0; i < RW; i++)
		if (ready[i] && (best < 0 || w[i].cycle < w[best].cycle ||
		                 (w[i].cycle == w[best].cycle && w[i].id < w[best].id)))
			best = i;
	*horizon = UINT64_MAX;
	for (int i = 0; i < RW; i++)
		if (ready[i] && i != best && w[i].cycle < *horizon)
			*horizon = w[i].cycle;
	return best;
}

static void test_random_against_reference(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		uint64_t x = seed;
		struct emu_sched s;
		struct emu_wave w[RW];
		bool ready[RW] = { false }, out[RW] = { false };
		memset(w, 0, sizeof(w));
		assert_true(emu_sched_init(&s, 2, 2, 0));
		uint32_t nw = 1 + rnd(&x) % RW;
		for (uint32_t i = 0; i < RW; i++) {
			/* ids not in slot order: wave i has id 1000 - 7i */
			w[i].id = 1000 - 7 * i;
			w[i].cu = i % 2;
			w[i].cycle = 5000 + rnd(&x) % 300;
			if (i < nw) {
				ready[i] = true;
				assert_true(emu_sched_push(&s, &w[i]));
			} else {
				out[i] = true;
			}
		}
		uint64_t h, rh;
		struct emu_wave *got = NULL;
		bool have = false;   /* got and h from emu_sched_requeue_next */
		for (unsigned step = 0; step < 20000; step++) {
			if (!have)
				got = emu_sched_next(&s, &h);
			have = false;
			int want = ref_pick(w, ready, &rh);
			if (want < 0) {
				assert_null(got);
				break;
			}
			assert_ptr_equal(got, &w[want]);
			assert_int_equal(h, rh);
			uint32_t r = rnd(&x) % 100;
			if (r < 3) {   /* asked again, nothing ran */
				assert_ptr_equal(emu_sched_next(&s, &h), got);
				assert_int_equal(h, rh);
			}
			if (r >= 3 && r < 6) {   /* a wave joins while this one runs */
				for (int i = 0; i < RW; i++)
					if (out[i]) {
						w[i].cycle = got->cycle + rnd(&x) % 200 - 100 * (rnd(&x) % 2);
						out[i] = false;
						ready[i] = true;
						assert_true(emu_sched_push(&s, &w[i]));
						break;
					}
				continue;   /* the pick may change: ask again */
			}
			uint32_t k = rnd(&x) % 100;
			uint64_t step_c = k < 80 ? rnd(&x) % 9 : k < 95 ? 60 + rnd(&x) % 200 : 500 + rnd(&x) % 2000;
			do
				got->cycle += step_c ? step_c : 1;
			while (got->cycle <= h && h != UINT64_MAX && step_c < 9);
			if (rnd(&x) % 100 < 4) {   /* leaves (barrier, end) */
				ready[want] = false;
				out[want] = true;
				emu_sched_remove(&s, got);
			} else if (rnd(&x) % 2) {
				got = emu_sched_requeue_next(&s, got, &h);
				have = true;
				continue;
			} else {
				emu_sched_requeue(&s, got);
			}
			if (rnd(&x) % 100 < 5)   /* one comes back, maybe before the others */
				for (int i = 0; i < RW; i++)
					if (out[i]) {
						w[i].cycle = got->cycle + rnd(&x) % 3000 - 1500;
						out[i] = false;
						ready[i] = true;
						assert_true(emu_sched_push(&s, &w[i]));
						break;
					}
		}
		emu_sched_fini(&s);
	}
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_one_group_is_time_order),
	cmocka_unit_test(test_groups_within_skew),
	cmocka_unit_test(test_skew_cuts_switches),
	cmocka_unit_test(test_barrier_leave_and_return),
	cmocka_unit_test(test_deterministic),
	cmocka_unit_test(test_random_against_reference))
