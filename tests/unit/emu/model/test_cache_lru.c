/*
 * test_cache_lru — the caches of emu_timing_cache.c against a plain
 * reference: each set a list of (line, dirty) in recency order, updated
 * as the file's header says (a hit moves its line to the front unless it
 * is streaming; a fill goes to the front and drops the last line of a full
 * set; a streaming fill takes the first empty place, else replaces the
 * last line; "evict" removes a present line; a dirty dropped line is the
 * victim). Random sequences of lines a few times the cache, with every
 * flag combination, through the three entries (emu_cache_access,
 * emu_cache_access_run, emu_cache_set_access on the cache's own set), for
 * way counts the lookup treats apart (4; multiples of 8 up to 32; any
 * other); after every step the hit, the victim and the whole tag array
 * must be the reference's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "model/emu_timing_cache.h"

#define REF_WAYS 32

struct ref_set {
	uint64_t line[REF_WAYS];
	bool dirty[REF_WAYS];
	uint32_t n;
};

struct ref {
	struct ref_set *set;
	uint32_t sets, ways;
};

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* The reference's answer to emu_cache_access(line, flags). */
static bool ref_access(struct ref *r, uint64_t line, unsigned flags, uint64_t *victim, bool *vd)
{
	struct ref_set *s = &r->set[line & (r->sets - 1)];
	bool dirty = (flags & EMU_CACHE_DIRTY) != 0;
	uint32_t i = 0;
	*vd = false;
	while (i < s->n && s->line[i] != line)
		i++;
	if (flags & EMU_CACHE_EVICT) {
		if (i == s->n)
			return false;
		if (s->dirty[i]) {
			*victim = line;
			*vd = true;
		}
		memmove(&s->line[i], &s->line[i + 1], (s->n - i - 1) * sizeof(s->line[0]));
		memmove(&s->dirty[i], &s->dirty[i + 1], (s->n - i - 1) * sizeof(s->dirty[0]));
		s->n--;
		return true;
	}
	if (i < s->n) {
		bool d = s->dirty[i] || dirty;
		if (!(flags & EMU_CACHE_NT)) {
			memmove(&s->line[1], &s->line[0], i * sizeof(s->line[0]));
			memmove(&s->dirty[1], &s->dirty[0], i * sizeof(s->dirty[0]));
			i = 0;
		}
		s->line[i] = line;
		s->dirty[i] = d;
		return true;
	}
	if (!(flags & EMU_CACHE_ALLOC))
		return false;
	if (s->n == r->ways) {  /* full: the last line leaves */
		if (s->dirty[s->n - 1]) {
			*victim = s->line[s->n - 1];
			*vd = true;
		}
		s->n--;
	}
	if (flags & EMU_CACHE_NT) {
		i = s->n;
	} else {
		memmove(&s->line[1], &s->line[0], s->n * sizeof(s->line[0]));
		memmove(&s->dirty[1], &s->dirty[0], s->n * sizeof(s->dirty[0]));
		i = 0;
	}
	s->line[i] = line;
	s->dirty[i] = dirty;
	s->n++;
	return false;
}

/* The cache's tag words are the reference's lists, in order, then empty. */
static void assert_ref_tags(const struct ref *r, const struct emu_cache *c)
{
	for (uint32_t set = 0; set < r->sets; set++) {
		const struct ref_set *s = &r->set[set];
		const uint32_t *t = &c->tag[(size_t)set * c->ways];
		for (uint32_t i = 0; i < c->ways; i++) {
			uint32_t want = i < s->n ? emu_cache_tag_word(s->line[i] >> c->set_shift) | (s->dirty[i] ? 1u : 0u)
			                         : 0;
			assert_int_equal(t[i], want);
		}
	}
}

enum entry { VIA_ACCESS, VIA_RUN, VIA_SET };

static void lru_vs_ref(uint32_t ways, enum entry via)
{
	static const unsigned flag_sets[] = {
		EMU_CACHE_ALLOC, EMU_CACHE_ALLOC | EMU_CACHE_NT, 0, EMU_CACHE_ALLOC | EMU_CACHE_DIRTY,
		EMU_CACHE_ALLOC | EMU_CACHE_DIRTY | EMU_CACHE_NT, EMU_CACHE_DIRTY, EMU_CACHE_NT, EMU_CACHE_EVICT,
	};
	const uint32_t line_bytes = 128, sets = 8;
	struct emu_cache c;
	struct ref r = { .sets = sets, .ways = ways };
	uint64_t seed = 0x2545f4914f6cdd1dull ^ ways ^ ((uint64_t)via << 40);
	unsigned hits = 0, victims = 0, deep = 0;

	assert_true(ways <= REF_WAYS);
	assert_true(emu_cache_init(&c, (uint64_t)sets * ways * line_bytes, line_bytes, ways, 0));
	assert_int_equal(c.sets, sets);
	r.set = calloc(sets, sizeof(*r.set));
	assert_non_null(r.set);
	for (unsigned k = 0; k < 6000; k++) {
		/* a footprint three times the cache: hits at every depth of a
		 * set, misses, fills of full sets */
		uint64_t first = (1ull << 30) + rng_next(&seed) % (3ull * sets * ways);
		unsigned n = via == VIA_RUN ? 1 + (unsigned)(rng_next(&seed) % (2 * sets)) : 1;
		/* mostly allocating reads, so that the sets fill up */
		unsigned flags = rng_next(&seed) % 3 ? EMU_CACHE_ALLOC :
		                                       flag_sets[rng_next(&seed) % (sizeof(flag_sets) / sizeof(flag_sets[0]))];
		uint64_t victim[64] = { 0 }, wb = 0, hitmask = 0;
		if (via == VIA_RUN) {
			hitmask = emu_cache_access_run(&c, first, n, flags, &wb, victim);
		} else {
			bool vd = false;
			bool hit;
			if (via == VIA_ACCESS) {
				hit = emu_cache_access(&c, first, flags, &victim[0], &vd);
			} else {
				uint32_t *s = &c.tag[(size_t)(first & (sets - 1)) * ways];
				hit = emu_cache_set_access(&c, s, first, flags, &victim[0], &vd);
			}
			hitmask = hit;
			wb = vd;
		}
		for (unsigned i = 0; i < n; i++) {
			uint64_t line = first + i, rv = 0;
			const struct ref_set *s = &r.set[line & (sets - 1)];
			for (uint32_t j = 0; j < s->n; j++)
				deep += s->line[j] == line && j >= ways / 2;
			bool rvd = false, rhit = ref_access(&r, line, flags, &rv, &rvd);
			assert_int_equal(hitmask >> i & 1, rhit);
			assert_int_equal(wb >> i & 1, rvd);
			if (rvd)
				assert_int_equal(victim[i], rv);
			hits += rhit;
			victims += rvd;
		}
		assert_ref_tags(&r, &c);
	}
	/* the sequence reached what it is meant to */
	assert_true(hits > 500);
	assert_true(victims > 50);
	assert_true(deep > 100);
	emu_cache_fini(&c);
	free(r.set);
}

static const uint32_t way_counts[] = { 4, 8, 16, 24, 32, 3, 1 };

static void test_access(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(way_counts) / sizeof(way_counts[0]); i++)
		lru_vs_ref(way_counts[i], VIA_ACCESS);
}

static void test_run(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(way_counts) / sizeof(way_counts[0]); i++)
		lru_vs_ref(way_counts[i], VIA_RUN);
}

static void test_set(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(way_counts) / sizeof(way_counts[0]); i++)
		lru_vs_ref(way_counts[i], VIA_SET);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_access),
	cmocka_unit_test(test_run),
	cmocka_unit_test(test_set))
