/*
 * test_cache_run — the vector path's run walks give what the per-line walk
 * gives:
 *   - emu_cache_access_run on n consecutive lines leaves the tags, the LRU
 *     order and the dirty-set bits as n calls of emu_cache_access do, and
 *     reports the same hits and dirty victims (4, 16 and 3 ways: the two
 *     way counts compiled as constants and the general one; runs that wrap
 *     the set index);
 *   - a wave's access whose 64 lanes are one contiguous range (the run
 *     path of vmem_access) completes at the same cycle, counts the same
 *     and leaves the caches as the same lanes in reverse order (the general
 *     path: coalesced by sorting), on gfx942 (L1 and L2 lines of 128 B: L1
 *     and L2 runs), gfx90a (64 B L1 lines, 128 B L2 lines: no L2 run) and
 *     gfx900, for loads, stores and atomics with each cache-policy bit;
 *   - emu_cache_clean hands over the dirty lines in the order of a scan
 *     of the whole tag array and clears only their dirty flags (4, 16 and
 *     3 ways: the vector pass and the way-by-way one);
 *   - EMU_CACHE_EVICT ("Miss Evict" / "Hit Evict" of the ISA's policy
 *     tables) through each entry (emu_cache_access, emu_cache_access_run,
 *     emu_cache_set_access on a copy of a set): a present line is removed,
 *     wherever it sits in its set, a dirty one reported as the victim, the
 *     other lines keep their order; a missing line is not filled;
 *   - emu_bw_lines books n lines as n calls of emu_bw_line do (the
 *     system-scope release books its write-backs in one go), and returns
 *     the latest end.
 * The reference in both is the model's own general path: the tests say the
 * two paths agree, not what either computes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "arch/emu_profile.h"
#include "model/emu_timing.h"
#include "model/emu_timing_state.h"
#include "wave/emu_wave.h"

#define KIB 1024ull
#define MIB (1024ull * KIB)

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void assert_same_cache(const struct emu_cache *a, const struct emu_cache *b)
{
	assert_memory_equal(a->tag, b->tag, (size_t)a->sets * a->ways * sizeof(*a->tag));
	assert_memory_equal(a->dirty_sets, b->dirty_sets, ((size_t)a->sets + 63) / 64 * sizeof(*a->dirty_sets));
}

/* ---- emu_cache_access_run against emu_cache_access ---- */

static void run_vs_lines(uint64_t bytes, uint32_t line, uint32_t ways)
{
	static const unsigned flag_sets[] = {
		EMU_CACHE_ALLOC, EMU_CACHE_ALLOC | EMU_CACHE_NT, 0, EMU_CACHE_ALLOC | EMU_CACHE_DIRTY,
		EMU_CACHE_ALLOC | EMU_CACHE_DIRTY | EMU_CACHE_NT, EMU_CACHE_DIRTY,
	};
	struct emu_cache a, b;
	uint64_t seed = 0x9e3779b97f4a7c15ull ^ bytes ^ ways;
	unsigned wraps = 0, hits = 0, victims = 0;

	assert_true(emu_cache_init(&a, bytes, line, ways, 0));
	assert_true(emu_cache_init(&b, bytes, line, ways, 0));
	for (unsigned k = 0; k < 4000; k++) {
		/* lines of a footprint a few times the cache: hits, misses and
		 * evictions; runs up to 64 lines, several times the set count */
		uint64_t first = (1ull << 30) + rng_next(&seed) % (4ull * a.sets * ways);
		unsigned n = 1 + (unsigned)(rng_next(&seed) % 64);
		unsigned flags = flag_sets[rng_next(&seed) % (sizeof(flag_sets) / sizeof(flag_sets[0]))];
		uint64_t wb, victim[64];
		uint64_t hit = emu_cache_access_run(&a, first, n, flags, &wb, victim);
		for (unsigned i = 0; i < n; i++) {
			uint64_t v = 0;
			bool dirty;
			bool h = emu_cache_access(&b, first + i, flags, &v, &dirty);
			assert_int_equal(hit >> i & 1, h);
			assert_int_equal(wb >> i & 1, dirty);
			if (dirty)
				assert_int_equal(victim[i], v);
			hits += h;
			victims += dirty;
		}
		wraps += ((first & (a.sets - 1)) + n > a.sets);
		assert_same_cache(&a, &b);
	}
	/* the walk met every case */
	assert_true(wraps > 100 && hits > 100 && victims > 100);
	/* without victim arrays: the same lookups */
	uint64_t hit = emu_cache_access_run(&a, 1ull << 30, 64, EMU_CACHE_ALLOC, NULL, NULL);
	uint64_t ref = 0;
	for (unsigned i = 0; i < 64; i++)
		ref |= (uint64_t)emu_cache_access(&b, (1ull << 30) + i, EMU_CACHE_ALLOC, NULL, NULL) << i;
	assert_int_equal(hit, ref);
	assert_same_cache(&a, &b);
	emu_cache_fini(&a);
	emu_cache_fini(&b);
}

/* The geometries of test_run: the way counts compiled as constants (4:
 * the L1; 16: the L2 and MALL) and a general one; each a few sets, so that
 * runs of up to 64 lines wrap the set index. */
struct geom {
	uint64_t bytes;
	uint32_t line, ways;
};
static const struct geom g4 = { 8 * KIB, 128, 4 };     /* 16 sets */
static const struct geom g16 = { 16 * KIB, 128, 16 };  /* 8 sets */
static const struct geom g3 = { 3 * KIB, 64, 3 };      /* 16 sets */

static void test_run(void **state)
{
	const struct geom *g = *state;
	run_vs_lines(g->bytes, g->line, g->ways);
}

/* ---- emu_cache_clean against a scan of the whole tag array ---- */

struct lines {
	uint64_t n, line[4096];
};

static void note_line(void *user, uint64_t line)
{
	struct lines *l = user;
	assert_true(l->n < sizeof(l->line) / sizeof(l->line[0]));
	l->line[l->n++] = line;
}

/* The write-back hands over every dirty line, sets ascending and ways in
 * order within a set (the order a scan of the tags gives), and clears the
 * dirty flags only: the ways with a constant count find the dirty ones in
 * one vector pass, any other count way by way. */
static void clean_vs_scan(uint64_t bytes, uint32_t line, uint32_t ways)
{
	struct emu_cache c;
	struct lines got = { 0 }, want = { 0 };
	uint64_t seed = 0xc1ea4ull ^ ways;
	assert_true(emu_cache_init(&c, bytes, line, ways, 0));
	for (unsigned k = 0; k < 2000; k++) {
		unsigned flags = EMU_CACHE_ALLOC | (rng_next(&seed) % 3 ? EMU_CACHE_DIRTY : 0);
		emu_cache_access(&c, (1ull << 30) + rng_next(&seed) % (2ull * c.sets * ways), flags, NULL, NULL);
	}
	size_t words = (size_t)c.sets * c.ways;
	uint32_t *before = malloc(words * sizeof(*before));
	assert_non_null(before);
	memcpy(before, c.tag, words * sizeof(*before));
	for (uint32_t set = 0; set < c.sets; set++)
		for (uint32_t i = 0; i < c.ways; i++) {
			uint32_t w = before[(size_t)set * c.ways + i];
			if (w & 1u)
				note_line(&want, (uint64_t)((w >> 1) - 1) << c.set_shift | set);
		}
	assert_int_equal(emu_cache_clean(&c, note_line, &got), want.n);
	assert_true(want.n > 10);
	assert_int_equal(got.n, want.n);
	assert_memory_equal(got.line, want.line, want.n * sizeof(want.line[0]));
	for (size_t i = 0; i < words; i++)
		assert_int_equal(c.tag[i], before[i] & ~1u);
	assert_int_equal(emu_cache_clean(&c, note_line, &got), 0);  /* nothing left dirty */
	free(before);
	emu_cache_fini(&c);
}

static void test_evict(void **state)
{
	const struct geom *g = *state;
	struct emu_cache c;
	assert_true(emu_cache_init(&c, g->bytes, g->line, g->ways, 0));
	const uint64_t sets = c.sets;
	uint64_t victim = 0;
	bool dirty = false;
	/* fill set 0 with its ways' lines, way order: newest first; the first dirty */
	for (uint64_t k = 0; k < g->ways; k++)
		emu_cache_access(&c, k * sets, EMU_CACHE_ALLOC | (k == 0 ? EMU_CACHE_DIRTY : 0), NULL, NULL);
	uint32_t before[64];
	memcpy(before, c.tag, g->ways * sizeof(*before));
	/* a missing line: reported missing, nothing filled or moved */
	assert_false(emu_cache_access(&c, g->ways * sets, EMU_CACHE_EVICT, &victim, &dirty));
	assert_false(dirty);
	assert_memory_equal(c.tag, before, g->ways * sizeof(*before));
	/* the oldest line (the dirty one, in the last way) through the run entry */
	uint64_t wb = 0, v[1] = { 0 };
	assert_int_equal(emu_cache_access_run(&c, 0, 1, EMU_CACHE_EVICT, &wb, v), 1);
	assert_int_equal(wb, 1);
	assert_int_equal(v[0], 0);
	assert_memory_equal(c.tag, before, (g->ways - 1) * sizeof(*before));
	assert_int_equal(c.tag[g->ways - 1], 0);
	/* the newest (way 0) through emu_cache_access: the rest move up */
	uint64_t newest = (g->ways - 1) * sets;
	assert_true(emu_cache_access(&c, newest, EMU_CACHE_EVICT, &victim, &dirty));
	assert_false(dirty);
	assert_memory_equal(c.tag, before + 1, (g->ways - 2) * sizeof(*before));
	assert_false(emu_cache_access(&c, newest, 0, NULL, NULL));
	/* a middle line on a copy of the set (a domain's overlay) */
	uint32_t copy[64];
	memcpy(copy, c.tag, g->ways * sizeof(*copy));
	uint64_t mid = (g->ways / 2) * sets;
	assert_true(emu_cache_set_access(&c, copy, mid, EMU_CACHE_EVICT, &victim, &dirty));
	assert_false(emu_cache_set_access(&c, copy, mid, 0, &victim, &dirty));
	assert_memory_equal(c.tag + 1, before + 2, (g->ways - 3) * sizeof(*before));  /* the cache's own set: unchanged */
	emu_cache_fini(&c);
}

static void test_clean(void **state)
{
	const struct geom *g = *state;
	clean_vs_scan(g->bytes, g->line, g->ways);
}

/* ---- vmem_access: contiguous lanes against the same lanes reversed ---- */

struct side {
	struct emu_timing *t;
	struct emu_wave w;
	uint64_t counters[EMU_COUNTER_COUNT];
};

static void side_init(struct side *s, enum emu_arch arch)
{
	memset(s, 0, sizeof(*s));
	s->t = emu_timing_create(emu_profile_get(arch), 0, 0);
	assert_non_null(s->t);
	emu_timing_begin(s->t, &(struct emu_timing_run){ .counters = s->counters });
	s->w.cycle = 1000;
}

static void vmem_run_vs_sorted(enum emu_arch arch)
{
	static const struct emu_opdesc op = { "buffer_load_dwordx4", EMU_CLS_VMEM_LOAD, 0, { 1, 4, 0 }, 4 };
	static const uint32_t policies[] = { 0, EMU_F_GLC, EMU_F_SLC, EMU_F_SC1, EMU_F_GLC | EMU_F_SC1 };
	static const uint8_t spans[] = { 4, 8, 16 };
	const struct emu_inst in = { .op = &op, .size = 8 };
	struct side run, gen;
	uint64_t seed = 0x5eed0001ull + arch;
	uint64_t a[EMU_LANES], r[EMU_LANES];

	side_init(&run, arch);
	side_init(&gen, arch);
	/* 24 MiB of traffic over a 12 MiB footprint: L1 and L2 hits and
	 * misses, and dirty L2 victims (the L2s are 4 to 8 MiB) */
	for (unsigned k = 0; k < 24 * 1024; k++) {
		unsigned span = spans[rng_next(&seed) % 3];
		uint64_t base = 0x7f0000000000ull + (rng_next(&seed) % (12 * MIB / 4)) * 4;
		unsigned kind = (unsigned)(rng_next(&seed) % 8);   /* 0..4 load, 5..6 store, 7 atomic */
		struct emu_access acc = {
			.kind = EMU_ACC_GLOBAL,
			.store = kind == 5 || kind == 6,
			.atomic = kind == 7,
			.bytes = (uint8_t)span,
			.flags = policies[rng_next(&seed) % 5],
			.mask = ~0ull,
		};
		for (unsigned l = 0; l < EMU_LANES; l++) {
			a[l] = base + (uint64_t)l * span;
			r[EMU_LANES - 1 - l] = a[l];
		}
		acc.addr = a;
		uint64_t d1 = emu_timing_access(run.t, &run.w, &in, &acc);
		acc.addr = r;
		uint64_t d2 = emu_timing_access(gen.t, &gen.w, &in, &acc);
		assert_int_equal(d1, d2);
		assert_int_equal(run.w.cycle, gen.w.cycle);
		run.w.cycle += 4 + rng_next(&seed) % 64;
		gen.w.cycle = run.w.cycle;
	}
	assert_memory_equal(run.counters, gen.counters, sizeof(run.counters));
	assert_true(run.counters[EMU_CNT_TCP_HIT] > 0 && run.counters[EMU_CNT_TCC_HIT] > 0 &&
	            run.counters[EMU_CNT_TCC_MISS] > 0 && run.counters[EMU_CNT_HBM_WRITE_BYTES] > 0);
	assert_same_cache(&run.t->l1[0], &gen.t->l1[0]);
	assert_same_cache(&run.t->l2[0], &gen.t->l2[0]);
	/* the dirty lines left behind are written back alike */
	assert_int_equal(emu_timing_release_system(run.t, run.w.cycle), emu_timing_release_system(gen.t, gen.w.cycle));
	emu_timing_destroy(run.t);
	emu_timing_destroy(gen.t);
}

static const enum emu_arch gfx900 = EMU_GFX900, gfx90a = EMU_GFX90A, gfx942 = EMU_GFX942;

static void test_vmem(void **state)
{
	vmem_run_vs_sorted(*(const enum emu_arch *)*state);
}

/* ---- emu_bw_lines against emu_bw_line ---- */

static void bw_lines_vs_line(double bytes_per_cycle, uint32_t line)
{
	struct emu_bw a, b;
	uint64_t seed = 0xb0d1e5ull ^ line;
	uint64_t t = 1000000;

	assert_true(emu_bw_init(&a, bytes_per_cycle, line));
	assert_true(emu_bw_init(&b, bytes_per_cycle, line));
	for (unsigned k = 0; k < 3000; k++) {
		/* mostly forward in time, sometimes back (late arrivals), now
		 * and then far ahead (the window slides) */
		uint64_t r = rng_next(&seed);
		if (r % 50 == 0)
			t += EMU_BW_LEN * (EMU_BW_BUCKETS / 2 + r % EMU_BW_BUCKETS);
		else
			t = t + r % 400 - 100;   /* -100 .. +299 cycles */
		uint64_t n = rng_next(&seed) % 64;
		uint64_t last = emu_bw_lines(&a, t, n), want = 0;
		for (uint64_t i = 0; i < n; i++) {
			uint64_t e = emu_bw_line(&b, t);
			want = e > want ? e : want;
		}
		assert_int_equal(last, want);
		assert_int_equal(a.lo, b.lo);
		assert_int_equal(a.open, b.open);
		assert_memory_equal(a.used, b.used, EMU_BW_BUCKETS * sizeof(*a.used));
	}
	emu_bw_fini(&a);
	emu_bw_fini(&b);
}

static void test_bw_lines(void **state)
{
	(void)state;
	bw_lines_vs_line(64.0, 128);     /* 2 cycles a line: 16 lines a bucket */
	bw_lines_vs_line(1000.0, 64);    /* many lines a bucket */
	bw_lines_vs_line(3.7, 128);      /* a line takes longer than a bucket's share */
}

/* f with *state = p (cmocka's pre-state: a geometry or an arch) */
#define WITH(f, p) cmocka_unit_test_prestate(f, (void *)(p))
TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_bw_lines),
	WITH(test_run, &g4),
	WITH(test_run, &g16),
	WITH(test_run, &g3),
	WITH(test_evict, &g4),
	WITH(test_evict, &g16),
	WITH(test_evict, &g3),
	WITH(test_clean, &g4),
	WITH(test_clean, &g16),
	WITH(test_clean, &g3),
	WITH(test_vmem, &gfx942),
	WITH(test_vmem, &gfx90a),
	WITH(test_vmem, &gfx900))
