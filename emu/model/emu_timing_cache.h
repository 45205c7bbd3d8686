/*
 * emu_timing_cache — the set-associative LRU caches of every level the
 * model tracks (vector L1, scalar, instruction, L2, MALL, UTCL1):
 * emu_timing_cache.c, with the hot lookups inline here.
 */
#ifndef EMU_TIMING_CACHE_H
#define EMU_TIMING_CACHE_H

#include <stdbool.h>
#include <stdint.h>

/* One set-associative cache with true LRU. Each set is an array of `ways`
 * 32-bit tags ordered most- to least-recently used, so a lookup is a short
 * scan and an update a short memmove, and a 256 MiB MALL of 128 B lines
 * costs 8 MiB of tags. A tag word is (line >> set bits) + 1, shifted left
 * once with the dirty flag in bit 0; 0 is an empty way. Tags from 2^31 - 1
 * up (addresses from 2^43 up in the smallest caches; never in the L2 and
 * MALL for 48-bit addresses) are reduced modulo 2^31 - 1, so two lines of
 * one set alias only when they are a multiple of 2^31 - 1 set spans apart
 * (terabytes): a false hit would change timing, never data. */
#define EMU_FILL_WORDS 3

struct emu_cache {
	uint32_t *tag;           /* [sets * ways] */
	uint32_t sets, ways;
	uint32_t set_shift;      /* log2(sets) */
	uint32_t line_shift;     /* log2(line bytes) */
	/* Fills in flight (direct-mapped: line + 1, ready cycle, the cycle the
	 * filling request arrived), so that a hit on a line still being filled
	 * waits for the fill ("hit-on-miss"). */
	uint64_t *fill;          /* [EMU_FILL_WORDS * (fill_mask + 1)] or NULL */
	uint32_t fill_mask;
	uint64_t fill_last;      /* latest ready cycle ever noted */
	/* Bit s: set s may hold a dirty line ([sets / 64, rounded up]). A
	 * write-back (emu_cache_clean) visits only these sets: a system-scope
	 * release after every dispatch scanned all 256 Ki L2 tag words of
	 * gfx942 to find the few dirty ones. */
	uint64_t *dirty_sets;
};

enum {
	EMU_CACHE_ALLOC = 1u << 0,  /* allocate on a miss */
	EMU_CACHE_DIRTY = 1u << 1,  /* mark the line dirty (write-back caches) */
	EMU_CACHE_NT = 1u << 2,     /* streaming: fill/keep at the LRU position */
	/* "Miss Evict" / "Hit Evict" of the ISA's cache-policy tables
	 * (emu_timing_cpol.h): a present line is removed (a dirty one is
	 * reported as the victim, itself), a miss allocates nothing; the
	 * return value still says whether the line was there. */
	EMU_CACHE_EVICT = 1u << 3,
};

/* `fills`: entries of the in-flight table (power of two, 0 for none). */
bool emu_cache_init(struct emu_cache *c, uint64_t bytes, uint32_t line, uint32_t ways, uint32_t fills);
void emu_cache_fini(struct emu_cache *c);

/* Tag word of a tag: (tag + 1) << 1, the +1 keeping 0 for "empty". Tags
 * from 2^31 - 1 up are reduced modulo 2^31 - 1 first (see above): two tags
 * of one set then meet only when their lines are a multiple of 2^31 - 1
 * set spans apart (terabytes). An XOR fold used before mapped neighbouring
 * tags together (tag + 1 = 2^32 + 2 folded to 0, made 1, the fold of
 * 2^32 + 3): at the emulator's code addresses (0x2000'0000'0000) 8 KiB of
 * code shared the tags of the 8 KiB before it in the 128-set instruction
 * caches of gfx900/gfx90a, and half of a cold 24 KiB kernel "hit". */
static inline uint32_t emu_cache_tag_word(uint64_t tag)
{
	/* tag mod 2^31 - 1 without a division (2^31 = 1 modulo it): fold the
	 * high bits onto the low 31 twice (< 2^31 + 8), then one subtraction. */
	const uint64_t m = 0x7fffffffu;
	uint64_t v = tag;
	if (v >= m) {  /* never in the L2 and MALL */
		v = (v & m) + (v >> 31);
		v = (v & m) + (v >> 31);
		v = v >= m ? v - m : v;   /* <= 2^31 - 2 */
	}
	return (uint32_t)(v + 1) << 1;
}

/* Lines set in a mask of a run (hits, write-backs). Without POPCNT (the
 * baseline x86-64 build) __builtin_popcountll is a call into libgcc: the
 * bit-parallel sum inline instead. */
static inline unsigned emu_cache_count(uint64_t m)
{
#if defined(__POPCNT__)
	return (unsigned)__builtin_popcountll(m);
#else
	m -= (m >> 1) & 0x5555555555555555ull;
	m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
	m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned)((m * 0x0101010101010101ull) >> 56);
#endif
}

bool emu_cache_access_rest(struct emu_cache *c, uint64_t line, unsigned flags, uint64_t *victim,
                           bool *victim_dirty);
bool emu_cache_access_evict(struct emu_cache *c, uint64_t line, uint64_t *victim, bool *victim_dirty);
/* Look up line number `line` (address >> line_shift). Returns true on a hit.
 * With EMU_CACHE_ALLOC a miss fills the line; if that evicts a dirty line,
 * *victim gets its line number and the return value says miss with
 * *victim_dirty set. Inline up to a hit on the set's most recent line (the
 * common case of the TLB, instruction and scalar caches: a call cost more
 * than the lookup); the rest is emu_cache_access_rest. */
static inline bool emu_cache_access(struct emu_cache *c, uint64_t line, unsigned flags, uint64_t *victim,
                                    bool *victim_dirty)
{
	if (victim_dirty)
		*victim_dirty = false;
	if (!c->sets)
		return false;
	if (flags & EMU_CACHE_EVICT)
		return emu_cache_access_evict(c, line, victim, victim_dirty);
	uint32_t set = (uint32_t)line & (c->sets - 1);
	uint32_t *s = &c->tag[(size_t)set * c->ways];
	if (flags & EMU_CACHE_DIRTY)  /* a dirty word is stored in every case but a non-allocating miss */
		c->dirty_sets[set >> 6] |= 1ull << (set & 63);
	if ((s[0] | 1u) == (emu_cache_tag_word(line >> c->set_shift) | 1u)) {
		s[0] |= (flags & EMU_CACHE_DIRTY) ? 1u : 0u;
		return true;
	}
	return emu_cache_access_rest(c, line, flags, victim, victim_dirty);
}
/* n (<= 64) consecutive lines from `first`: the lookups and updates of
 * emu_cache_access(c, first + i, flags, &victim[i], &dirty) for i = 0 ..
 * n-1 in that order. Bit i of the result: line first + i hit; bit i of *wb:
 * it evicted the dirty line victim[i]. wb and victim may be NULL (a level
 * without write-backs: the victims are not reported). */
uint64_t emu_cache_access_run(struct emu_cache *c, uint64_t first, unsigned n, unsigned flags, uint64_t *wb,
                              uint64_t *victim);
/* The lookup and LRU update of emu_cache_access done on `s`, the `ways`
 * words of line's set held elsewhere (a domain's private copy of a shared
 * set, emu_timing_domain.c); victim and victim_dirty as there (victim_dirty
 * is only ever set, never cleared). */
bool emu_cache_set_access(const struct emu_cache *c, uint32_t *s, uint64_t line, unsigned flags,
                          uint64_t *victim, bool *victim_dirty);
void emu_cache_invalidate(struct emu_cache *c);
/* Write-back: clear every dirty flag and hand each dirty line's number to
 * fn (may be NULL). Returns how many lines were dirty. */
typedef void (*emu_cache_line_fn)(void *user, uint64_t line);
uint64_t emu_cache_clean(struct emu_cache *c, emu_cache_line_fn fn, void *user);

/* Ask the host to fetch the tags of `line`'s set (and its fill slot): the
 * big tag arrays (8 MiB for the MALL) miss the host's caches, so the vector
 * path prefetches every line of an instruction before walking them. */
static inline void emu_cache_prefetch(const struct emu_cache *c, uint64_t line);

static inline uint64_t *emu_cache_fill_slot(const struct emu_cache *c, uint64_t line)
{
	return &c->fill[EMU_FILL_WORDS * ((line ^ (line >> 13)) & c->fill_mask)];
}
/* Cycle at which the data of `line` is there for a request arriving at
 * `arrive` while a fill is in flight (0: none in flight). A request that
 * arrives before the filling one did reached the model later only because
 * waves of other CU groups run up to a bounded skew apart (emu_sched.h):
 * in time order it would have been the miss, so it waits as long as the
 * fill takes from its own arrival, not for the later request's fill. */
static inline uint64_t emu_cache_fill_ready(const struct emu_cache *c, uint64_t line, uint64_t arrive)
{
	if (!c->fill || c->fill_last <= arrive)
		return 0;
	const uint64_t *e = emu_cache_fill_slot(c, line);
	if (e[0] != line + 1)
		return 0;
	return arrive < e[2] ? arrive + (e[1] - e[2]) : e[1];
}
static inline void emu_cache_prefetch(const struct emu_cache *c, uint64_t line)
{
	if (!c->sets)
		return;
	__builtin_prefetch(&c->tag[(size_t)((uint32_t)line & (c->sets - 1)) * c->ways], 1);
	if (c->fill)
		__builtin_prefetch(emu_cache_fill_slot(c, line), 1);
}

/* A fill of `line` asked at `arrive` completes at `ready`. */
static inline void emu_cache_fill_note(struct emu_cache *c, uint64_t line, uint64_t arrive, uint64_t ready)
{
	if (!c->fill)
		return;
	uint64_t *e = emu_cache_fill_slot(c, line);
	e[0] = line + 1;
	e[1] = ready;
	e[2] = arrive < ready ? arrive : ready;
	if (ready > c->fill_last)
		c->fill_last = ready;
}

#endif
