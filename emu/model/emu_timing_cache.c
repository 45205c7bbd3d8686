/*
 * emu_timing_cache — set-associative caches with true LRU replacement, used
 * for every level the model tracks: vector L1, scalar cache, instruction
 * cache, L2, Infinity Cache (MALL) and the UTCL1 translation cache.
 *
 * A set is `ways` tag words kept in recency order (index 0 = most recent):
 * a hit moves its word to the front, a fill pushes the set down one place
 * and drops the last word (the LRU line). Streaming (non-temporal) accesses
 * neither promote a hit nor fill at the front: their line goes to the LRU
 * position, so it is the next to leave and cannot push reused data out.
 */
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "model/emu_timing_cache.h"

/* The entries that walk sets in a loop get an AVX2 clone: its encodings
 * (three operands, wider moves for the LRU shift's fixed-size copies) take
 * fewer host instructions per line (callgrind, copy x5: 0.4 M of 67 M). */
#define CACHE_CLONES __attribute__((target_clones("avx2", "default")))

static uint32_t log2_floor(uint64_t v)
{
	uint32_t r = 0;
	while (v >>= 1)
		r++;
	return r;
}

void emu_cache_fini(struct emu_cache *c)
{
	free(c->tag);
	free(c->fill);
	free(c->dirty_sets);
	memset(c, 0, sizeof(*c));
}

bool emu_cache_init(struct emu_cache *c, uint64_t bytes, uint32_t line, uint32_t ways, uint32_t fills)
{
	memset(c, 0, sizeof(*c));
	if (!bytes || !line || !ways)
		return true;  /* an absent level: sets == 0 */
	uint64_t sets = bytes / line / ways;
	if (!sets)
		sets = 1;
	/* Index by address bits: a power of two of sets (all modelled caches
	 * have one; a non-power-of-two capacity would lose the remainder). */
	c->set_shift = log2_floor(sets);
	c->sets = 1u << c->set_shift;
	c->ways = ways;
	c->line_shift = log2_floor(line);
	c->tag = calloc((size_t)c->sets * ways, sizeof(*c->tag));
	c->dirty_sets = calloc(((size_t)c->sets + 63) / 64, sizeof(*c->dirty_sets));
	if (fills) {
		c->fill_mask = (1u << log2_floor(fills)) - 1;
		c->fill = calloc(EMU_FILL_WORDS * ((size_t)c->fill_mask + 1), sizeof(*c->fill));
	}
	/* One check of the three allocations: fini frees what was made. */
	if (c->tag && c->dirty_sets && (c->fill || !fills))
		return true;
	emu_cache_fini(c);
	return false;
}

void emu_cache_invalidate(struct emu_cache *c)
{
	if (c->tag)
		memset(c->tag, 0, (size_t)c->sets * c->ways * sizeof(*c->tag));
	if (c->fill)
		memset(c->fill, 0, EMU_FILL_WORDS * ((size_t)c->fill_mask + 1) * sizeof(*c->fill));
	if (c->dirty_sets)
		memset(c->dirty_sets, 0, ((size_t)c->sets + 63) / 64 * sizeof(*c->dirty_sets));
	c->fill_last = 0;
}

/* Bit i: way i of the n (a multiple of 4, at most 32) words at s is
 * dirty. Four ways per step in a 128-bit vector (GCC extension). */
static inline __attribute__((always_inline)) uint32_t dirty_ways(const uint32_t *s, uint32_t n)
{
	typedef uint32_t v4u32 __attribute__((vector_size(16)));
	const v4u32 one = { 1, 1, 1, 1 };
	v4u32 bit = { 1, 2, 4, 8 }, acc = { 0, 0, 0, 0 };
	for (uint32_t i = 0; i < n; i += 4) {
		v4u32 v;
		memcpy(&v, s + i, sizeof(v));
		acc |= (v4u32)((v & one) == one) & bit;
		bit <<= 4;
	}
	return acc[0] | acc[1] | acc[2] | acc[3];
}

/* The dirty ways of set s in way order: cleared, counted, handed to fn.
 * c: the cache with ways a constant where inlined by emu_cache_clean. */
static inline __attribute__((always_inline)) uint64_t clean_set(const struct emu_cache *c, uint32_t *s,
                                                                uint32_t set, emu_cache_line_fn fn, void *user)
{
	uint64_t n = 0;
	if (c->ways % 4 == 0 && c->ways <= 32) {
		/* the dirty ways found in one vector pass, then visited in order */
		for (uint32_t b = dirty_ways(s, c->ways); b; b &= b - 1) {
			uint32_t i = (uint32_t)__builtin_ctz(b), w = s[i];
			s[i] = w & ~1u;
			n++;
			if (fn)
				fn(user, (uint64_t)((w >> 1) - 1) << c->set_shift | set);
		}
		return n;
	}
	for (uint32_t i = 0; i < c->ways; i++) {
		uint32_t w = s[i];
		if (!(w & 1u))
			continue;
		s[i] = w & ~1u;
		n++;
		if (fn)
			fn(user, (uint64_t)((w >> 1) - 1) << c->set_shift | set);
	}
	return n;
}

/* Sets in ascending order and the ways of each in order: the order a scan
 * of the whole tag array would hand the lines to fn. */
CACHE_CLONES
uint64_t emu_cache_clean(struct emu_cache *c, emu_cache_line_fn fn, void *user)
{
	uint64_t n = 0;
	size_t nwords = c->sets ? ((size_t)c->sets + 63) / 64 : 0;
	struct emu_cache k16 = *c;  /* the 16-way L2 of every profile, its ways a constant */
	k16.ways = 16;

	for (size_t k = 0; k < nwords; k++) {
		uint64_t bits = c->dirty_sets[k];
		c->dirty_sets[k] = 0;
		for (; bits; bits &= bits - 1) {
			uint32_t set = (uint32_t)(k * 64 + (unsigned)__builtin_ctzll(bits));
			uint32_t *s = &c->tag[(size_t)set * c->ways];
			n += c->ways == 16 ? clean_set(&k16, s, set, fn, user) : clean_set(c, s, set, fn, user);
		}
	}
	return n;
}

/* Index of the way holding tag word w1 (dirty bit set, as is the compare),
 * -1 if none. A line sits in at most one way, so eight ways at a time are
 * compared into a bit mask and its lowest bit taken: a miss, the common
 * case of a stream, costs two such passes instead of a branch per group of
 * four ways. SSE2 (every x86-64); other counts and hosts way by way. */
static inline __attribute__((always_inline)) int find_way(const uint32_t *s, uint32_t n, uint32_t w1)
{
#if defined(__SSE2__)
	const __m128i key = _mm_set1_epi32((int)w1), one = _mm_set1_epi32(1);
#define FIND_EQ(i) _mm_cmpeq_epi32(_mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + (i))), one), key)
	if (n == 4) {
		uint32_t m = (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(FIND_EQ(0)));
		return m ? __builtin_ctz(m) : -1;
	}
	if (n % 8 == 0 && n <= 32) {
		for (uint32_t i = 0; i < n; i += 8) {
			/* two 4-dword masks packed into 8 words, one bit pair per way */
			uint32_t m = (uint32_t)_mm_movemask_epi8(_mm_packs_epi32(FIND_EQ(i), FIND_EQ(i + 4)));
			if (m)
				return (int)i + __builtin_ctz(m) / 2;
		}
		return -1;
	}
#undef FIND_EQ
#endif
	for (uint32_t i = 0; i < n; i++)
		if ((s[i] | 1u) == w1)
			return (int)i;
	return -1;
}

/* Move ways 0 .. k-1 one place down (way k is overwritten) of a set of
 * n ways. */
static inline __attribute__((always_inline)) void shift_down(uint32_t *s, uint32_t k, uint32_t n)
{
	if (k == 15) {
		/* The 16-way L2 and MALL (a fill drops the last way). SSE2:
		 * words 0-3, 4-7, 8-11 and 11-14 loaded, then stored one place
		 * on (the last two stores both write old word 11 to way 12),
		 * eight moves; else through a copy, two fixed-size
		 * non-overlapping moves the compiler inlines (a memmove stayed
		 * a libc call). */
#if defined(__SSE2__)
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)s);
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + 4));
		__m128i c = _mm_loadu_si128((const __m128i *)(const void *)(s + 8));
		__m128i d = _mm_loadu_si128((const __m128i *)(const void *)(s + 11));
		_mm_storeu_si128((__m128i *)(void *)(s + 1), a);
		_mm_storeu_si128((__m128i *)(void *)(s + 5), b);
		_mm_storeu_si128((__m128i *)(void *)(s + 9), c);
		_mm_storeu_si128((__m128i *)(void *)(s + 12), d);
#else
		uint32_t tmp[15];
		memcpy(tmp, s, sizeof(tmp));
		memcpy(s + 1, tmp, sizeof(tmp));
#endif
		return;
	}
#if defined(__SSE2__)
	if (n % 4 == 0 && k >= 4) {
		/* A hit deep in a set: four ways a move, from the group holding
		 * way k down (each group's words one place on are loaded before
		 * the group below is stored). In k's group only the ways up to
		 * k move; group 0's shifted words are its own, rotated. */
		uint32_t g = k / 4;
		__m128i old = _mm_loadu_si128((const __m128i *)(const void *)(s + 4 * g));
		__m128i sh = _mm_loadu_si128((const __m128i *)(const void *)(s + 4 * g - 1));
		__m128i idx = _mm_add_epi32(_mm_set1_epi32((int)(4 * g)), _mm_setr_epi32(0, 1, 2, 3));
		__m128i m = _mm_cmpgt_epi32(_mm_set1_epi32((int)k + 1), idx);
		_mm_storeu_si128((__m128i *)(void *)(s + 4 * g), _mm_or_si128(_mm_and_si128(m, sh), _mm_andnot_si128(m, old)));
		while (--g)
			_mm_storeu_si128((__m128i *)(void *)(s + 4 * g),
			                 _mm_loadu_si128((const __m128i *)(const void *)(s + 4 * g - 1)));
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)s);
		_mm_storeu_si128((__m128i *)(void *)s, _mm_shuffle_epi32(a, _MM_SHUFFLE(2, 1, 0, 0)));
		return;
	}
#endif
	for (; k; k--)
		s[k] = s[k - 1];
}

/* The lookup, LRU update and fill on set s (the ways of line's set),
 * past the most-recent-line check: emu_cache_access_rest on the cache's own
 * sets, emu_cache_set_access on a copy. Inlined into both so that the hot
 * one compiles as it did alone. */
static inline __attribute__((always_inline)) bool set_rest(const struct emu_cache *c, uint32_t *s, uint32_t set,
                                                           uint32_t word, unsigned flags, uint64_t *victim,
                                                           bool *victim_dirty)
{
	uint32_t dirty = (flags & EMU_CACHE_DIRTY) ? 1u : 0u;
	uint32_t n = c->ways;
	int i = find_way(s, n, word | 1u);
	if (i > 0) {
		uint32_t hit = s[i] | dirty;
		if (!(flags & EMU_CACHE_NT)) {
			shift_down(s, (uint32_t)i, n);
			s[0] = hit;
		} else {
			s[i] = hit;
		}
		return true;
	}
	if (!(flags & EMU_CACHE_ALLOC))
		return false;

	if (flags & EMU_CACHE_NT) {
		/* First empty way, else the LRU way. */
		uint32_t i = 0;
		while (i + 1 < n && s[i])
			i++;
		if (s[i] && (s[i] & 1u) && victim) {
			*victim = (uint64_t)((s[i] >> 1) - 1) << c->set_shift | set;
			*victim_dirty = true;
		}
		s[i] = word | dirty;
		return false;
	}
	uint32_t last = s[n - 1];
	if (last && (last & 1u) && victim) {
		*victim = (uint64_t)((last >> 1) - 1) << c->set_shift | set;
		*victim_dirty = true;
	}
	shift_down(s, n - 1, n);
	s[0] = word | dirty;
	return false;
}

/* set_rest with the way counts of the modelled caches as constants (4:
 * the vector L1s and UTCL1; 16: the L2 and MALL), so that the compiler
 * unrolls the way scan and the LRU shift; any other count as a variable. */
static inline __attribute__((always_inline)) bool set_rest_ways(const struct emu_cache *c, uint32_t *s,
                                                                uint32_t set, uint32_t word, unsigned flags,
                                                                uint64_t *victim, bool *victim_dirty)
{
	struct emu_cache k = *c;
	switch (c->ways) {
	case 4:
		k.ways = 4;
		return set_rest(&k, s, set, word, flags, victim, victim_dirty);
	case 16:
		k.ways = 16;
		return set_rest(&k, s, set, word, flags, victim, victim_dirty);
	default:
		return set_rest(c, s, set, word, flags, victim, victim_dirty);
	}
}

/* EMU_CACHE_EVICT on set s: a present line is removed (its dirty word
 * reported as the victim, itself), the ways after it move up. */
static bool set_evict(const struct emu_cache *c, uint32_t *s, uint32_t set, uint32_t word, uint64_t *victim,
                      bool *victim_dirty)
{
	uint32_t n = c->ways;
	int i = find_way(s, n, word | 1u);
	if (i < 0)
		return false;
	if ((s[i] & 1u) && victim) {
		*victim = (uint64_t)((s[i] >> 1) - 1) << c->set_shift | set;
		*victim_dirty = true;
	}
	for (uint32_t k = (uint32_t)i; k + 1 < n; k++)
		s[k] = s[k + 1];
	s[n - 1] = 0;
	return true;
}

bool emu_cache_access_evict(struct emu_cache *c, uint64_t line, uint64_t *victim, bool *victim_dirty)
{
	uint32_t set = (uint32_t)line & (c->sets - 1);
	return set_evict(c, &c->tag[(size_t)set * c->ways], set, emu_cache_tag_word(line >> c->set_shift), victim,
	                 victim_dirty);
}

/* emu_cache_access past its inline most-recent-line check (which has set
 * *victim_dirty, the dirty-set bit, and found sets != 0): the other ways,
 * the LRU update and the fill. */
CACHE_CLONES
bool emu_cache_access_rest(struct emu_cache *c, uint64_t line, unsigned flags, uint64_t *victim,
                           bool *victim_dirty)
{
	uint32_t set = (uint32_t)line & (c->sets - 1);
	uint32_t word = emu_cache_tag_word(line >> c->set_shift);
	return set_rest_ways(c, &c->tag[(size_t)set * c->ways], set, word, flags, victim, victim_dirty);
}

/* Consecutive lines fall in consecutive sets and share their tag until the
 * set index wraps: the set and tag word are stepped instead of derived
 * from each line, and the lookups run in one loop without a call per line.
 * The body per line is emu_cache_access's, in the same order. c: the cache
 * (its tag and dirty-set arrays), with ways a constant where inlined by
 * emu_cache_access_run. */
static inline __attribute__((always_inline)) uint64_t run_walk(const struct emu_cache *c, uint64_t first,
                                                               unsigned n, unsigned flags, uint64_t *wb,
                                                               uint64_t *victim)
{
	const uint32_t mask = c->sets - 1, dirty = (flags & EMU_CACHE_DIRTY) ? 1u : 0u;
	uint32_t set = (uint32_t)first & mask;
	uint64_t tag = first >> c->set_shift;
	uint32_t word = emu_cache_tag_word(tag);
	uint64_t hits = 0;
	if (wb)
		*wb = 0;
	for (unsigned i = 0; i < n; i++) {
		uint32_t *s = &c->tag[(size_t)set * c->ways];
		if (dirty)
			c->dirty_sets[set >> 6] |= 1ull << (set & 63);
		bool hit;
		if ((s[0] | 1u) == (word | 1u)) {
			s[0] |= dirty;
			hit = true;
		} else {
			bool vd = false;
			hit = set_rest(c, s, set, word, flags, wb ? &victim[i] : NULL, &vd);
			if (vd)
				*wb |= 1ull << i;
		}
		hits |= (uint64_t)hit << i;
		if (set++ == mask) {
			set = 0;
			word = emu_cache_tag_word(++tag);
		}
	}
	return hits;
}

/* emu_cache_access_run with EMU_CACHE_EVICT ("Miss Evict", from policy
 * bits: rare), line by line, out of the walk. */
static __attribute__((noinline)) uint64_t run_evict(struct emu_cache *c, uint64_t first, unsigned n, unsigned flags,
                                                    uint64_t *wb, uint64_t *victim)
{
	uint64_t hits = 0;
	if (wb)
		*wb = 0;
	for (unsigned i = 0; i < n; i++) {
		bool vd = false;
		hits |= (uint64_t)emu_cache_access(c, first + i, flags, wb ? &victim[i] : NULL, &vd) << i;
		if (vd)
			*wb |= 1ull << i;
	}
	return hits;
}

CACHE_CLONES
uint64_t emu_cache_access_run(struct emu_cache *c, uint64_t first, unsigned n, unsigned flags, uint64_t *wb,
                              uint64_t *victim)
{
	if (!c->sets)
		return 0;
	struct emu_cache k = *c;  /* the way counts of set_rest_ways as constants */
	n = n < 64 ? n : 64;
	if (__builtin_expect(flags & EMU_CACHE_EVICT, 0))
		return run_evict(c, first, n, flags, wb, victim);
	switch (c->ways) {
	case 4:  /* the L1: no victims to report */
		k.ways = 4;
		return wb ? run_walk(&k, first, n, flags, wb, victim) : run_walk(&k, first, n, flags, NULL, NULL);
	case 16:
		k.ways = 16;
		return run_walk(&k, first, n, flags, wb, victim);
	default:
		return run_walk(c, first, n, flags, wb, victim);
	}
}

bool emu_cache_set_access(const struct emu_cache *c, uint32_t *s, uint64_t line, unsigned flags,
                          uint64_t *victim, bool *victim_dirty)
{
	uint32_t set = (uint32_t)line & (c->sets - 1);
	uint32_t word = emu_cache_tag_word(line >> c->set_shift);
	if (flags & EMU_CACHE_EVICT)
		return set_evict(c, s, set, word, victim, victim_dirty);
	if ((s[0] | 1u) == (word | 1u)) {  /* the most recent line, as emu_cache_access's inline check */
		s[0] |= (flags & EMU_CACHE_DIRTY) ? 1u : 0u;
		return true;
	}
	return set_rest_ways(c, s, set, word, flags, victim, victim_dirty);
}
