/*
 * emu_timing_private — state of the cycle model shared by its files:
 *   emu_timing.c         clocks, issue, vector/scalar memory paths, counters
 *   emu_timing_cache.c   set-associative LRU caches (L1, scalar, I, L2, MALL, TLB)
 *   emu_timing_hbm.c     bandwidth servers (DRAM, Infinity Cache)
 *   emu_timing_lds.c     LDS banks and ports
 *   emu_timing_icache.c  instruction fetch
 * Parameters: the profile's model part (emu_profile.[ch]).
 */
#ifndef EMU_TIMING_PRIVATE_H
#define EMU_TIMING_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/emu_profile.h"
#include "model/emu_timing.h"

/* ---- caches (emu_timing_cache.c) ---- */

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

bool emu_cache_access_rest(struct emu_cache *c, uint64_t line, unsigned flags, uint64_t *victim,
                           bool *victim_dirty);
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

/* ---- bandwidth servers (emu_timing_hbm.c) ---- */

/* A resource moving a fixed number of bytes per shader cycle, as a calendar
 * of EMU_BW_LEN-cycle buckets, each able to carry EMU_BW_LEN cycles of
 * transfers. A line arriving at t takes the first bucket from t's on with
 * room, so requests that reach the model slightly out of time order (waves
 * run in model-time order, but one instruction's lines arrive hundreds of
 * cycles after its issue) use the capacity of their own time instead of
 * queueing behind a later reservation. Times in 1/65536 cycles. */
#define EMU_FX 16
#define EMU_BW_LEN 32u
#define EMU_BW_BUCKETS 8192u
struct emu_bw {
	uint64_t line_fx;        /* transfer time of one line */
	uint32_t *used;          /* [EMU_BW_BUCKETS] transfer time booked per bucket */
	uint64_t lo;             /* oldest bucket (absolute index) in the window */
	uint64_t open;           /* buckets lo .. open-1 are full */
};

bool emu_bw_init(struct emu_bw *b, double bytes_per_cycle, uint32_t line_bytes);
void emu_bw_fini(struct emu_bw *b);
/* Cycle at which a line arriving at `t` has been transferred. */
uint64_t emu_bw_line(struct emu_bw *b, uint64_t t);
/* n lines arriving at `t`, booked as n calls of emu_bw_line would book
 * them; returns the cycle the last is transferred (the latest; 0 for
 * none). */
uint64_t emu_bw_lines(struct emu_bw *b, uint64_t t, uint64_t n);

/* ---- per-CU state ---- */

#define EMU_TA_MAX 64
#define EMU_LDSQ_MAX 32

struct emu_timing_cu {
	/* TA: departure cycles of the last ta_queue VMEM instructions (ring). */
	uint64_t ta_free;
	uint64_t ta_ring[EMU_TA_MAX];
	uint32_t ta_n;
	/* LDS: the bank array (shared) and the port of each SIMD pair. */
	uint64_t lds_bank_free;
	uint64_t lds_port_free[2];       /* LDS -> SIMD pair (read data) */
	uint64_t lds_in_free[2];         /* SIMD pair -> LDS (addresses, write data) */
	uint64_t lds_ring[EMU_LDSQ_MAX];
	uint32_t lds_n;
	/* Matrix core of each SIMD. */
	uint64_t mfma_free[4];
	/* Issue port of each SIMD (VALU), per dispatch (emu_timing_begin). */
	uint64_t simd_free[4];
};

/* LDS bank cycles, memoised per DS instruction: the waves of a kernel run
 * the same instruction with the same lane pattern at different bases, and
 * the bank cost of a pattern wholly inside the LDS only depends on the
 * pattern: moving every address by k dwords renames bank b to b + k mod 32
 * and keeps which dwords are distinct, so each group's busiest bank has
 * as many dwords as before. Patterns reaching past the LDS are not
 * memoised. The key is checked in full. */
#define EMU_LDS_MEMO 64
struct emu_lds_memo {
	const struct emu_inst *in;   /* slot owner (NULL: empty) */
	uint64_t mask;
	uint32_t bytes;
	uint32_t bank_cycles, conflicts;
	bool exact;                  /* some lane past the allocation: a hit needs base and size */
	uint32_t size;               /* the allocation it was costed for */
	uint32_t base;               /* the first lane's address rounded down to 4 B */
	int32_t lo, hi;              /* least and greatest off[] of the mask's lanes, as signed */
	/* address - base (32 bits, wrapping); 0 for lanes outside the mask.
	 * Aligned for the 128-bit compare of the lookup. */
	uint32_t off[EMU_LANES] __attribute__((aligned(16)));
};

/* Published matrix-core cycles of an MFMA on arch (emu_timing_mfma.c);
 * 0 when the tables do not list it. */
uint32_t emu_timing_mfma_cycles(const struct gcn_proc *proc, const struct emu_opdesc *op);

/* MFMA matrix-core cycles, memoised per opcode descriptor. */
#define EMU_MFMA_MEMO 64
struct emu_mfma_memo {
	const struct emu_opdesc *op;
	uint32_t cycles;
};

struct emu_timing {
	const struct emu_profile *prof;
	const struct emu_model_params *mp;
	uint32_t sclk_mhz, mclk_mhz;
	/* The dispatch running (emu_timing_begin): its counters (counters_none,
	 * a sink, outside one), the core's stall report, its LDS allocation. */
	uint64_t *cnt;
	emu_timing_stall_fn stall;
	uint32_t lds_bytes;
	bool in_dispatch;
	uint64_t counters_none[EMU_COUNTER_COUNT];

	uint32_t num_cu, cus_per_xcd;
	/* derived from the clocks */
	uint32_t mall_cycles;            /* memory-side latencies in shader cycles */
	uint32_t mem_cycles;
	struct emu_bw dram, mall_bw;

	struct emu_timing_cu *cu;        /* [num_cu] */
	struct emu_cache *l1;            /* [num_cu] */
	struct emu_cache *tlb;           /* [num_cu] */
	struct emu_cache *sqc;           /* [num_cu / sqc.shared_by, rounded up] */
	struct emu_cache *ic;            /* [num_cu / icache.shared_by, rounded up] */
	uint32_t *ic_epoch;              /* bumped whenever an icache's contents change */
	struct emu_cache *l2;            /* [num_xcd] */
	struct emu_cache mall;           /* sets == 0 when the GPU has none */
	uint32_t n_sqc, n_ic, n_l2;

	/* Memos: a domain's own (each view has its copy), since a shared
	 * memo would be written by every domain's thread. */
	struct emu_mfma_memo mfma_memo[EMU_MFMA_MEMO];
	struct emu_lds_memo lds_memo[EMU_LDS_MEMO];

	/* Multi-domain dispatches (emu_timing_domain.c). The root is the model
	 * created for the GPU; a view is a copy of it for one XCD's domain: the
	 * same per-CU, per-group and per-XCD state (each domain touches only its
	 * own), its own counters and memos, and during a window an overlay of
	 * the chip-wide memory side (MALL, DRAM and MALL bandwidth). */
	struct emu_timing *root;         /* the shared model (the root itself) */
	struct emu_timing **views;       /* [n_l2] when n_l2 > 1, else NULL */
	struct emu_timing_ovl *ovl;      /* a view in a window: its overlay; NULL: direct */
	struct emu_timing_ovl *ovl_own;  /* a view's overlay, kept between windows */
};

/* The memory side seen through a view's overlay (emu_timing_domain.c):
 * the same three operations as emu_timing.c's direct ones, each logged for
 * the replay at the merge. They count nothing: the replay counts. */
uint64_t emu_timing_ovl_mem_read(struct emu_timing *t, uint64_t addr, uint64_t at, bool stream);
void emu_timing_ovl_l2_writeback(struct emu_timing *t, uint64_t addr, uint64_t at);
void emu_timing_ovl_dram_write(struct emu_timing *t, uint64_t at);
/* The direct ones (emu_timing.c), for the replay. */
uint64_t emu_timing_mem_read(struct emu_timing *t, uint64_t addr, uint64_t at, bool stream);
void emu_timing_l2_writeback(struct emu_timing *t, uint64_t addr, uint64_t at);
void emu_timing_dram_write(struct emu_timing *t, uint64_t at);
bool emu_timing_views_create(struct emu_timing *t);
void emu_timing_views_destroy(struct emu_timing *t);

static inline uint64_t *emu_timing_cnt(struct emu_timing *t)
{
	return t->cnt;
}

/* w waits `cycles` for cause: charged to its instruction's trace row. */
static inline void emu_timing_stall(struct emu_timing *t, struct emu_wave *w, uint64_t cycles,
                                    enum gcnlab_stall cause)
{
	if (t->stall)
		t->stall(w, cycles, cause);
}

static inline uint32_t emu_timing_cu_index(const struct emu_timing *t, const struct emu_wave *w)
{
	return w->cu < t->num_cu ? w->cu : w->cu % t->num_cu;
}

/* Beyond-L1 path shared by vector misses, scalar misses and instruction
 * fetch: the L2 of `cu` (and MALL, DRAM) for the L2 line holding byte
 * address `addr`, arriving at the L2 at `t`. Returns the cycle the data is
 * back at the L2's requester (L2 hit latency included). */
enum { EMU_L2_BYPASS = 1u << 0, EMU_L2_STREAM = 1u << 1, EMU_L2_WRITE = 1u << 2,
       EMU_L2_ATOMIC = 1u << 3 };
uint64_t emu_timing_l2(struct emu_timing *t, uint32_t cu, uint64_t addr, uint64_t arrive, unsigned how);

/* LDS (emu_timing_lds.c): bank cycles of one DS instruction, and its
 * completion. */
struct emu_lds_cost {
	uint32_t bank_cycles;    /* = SQ_LDS_IDX_ACTIVE */
	uint32_t conflicts;      /* = SQ_LDS_BANK_CONFLICT */
};
void emu_lds_cost(const struct emu_model_params *mp, uint32_t size, const uint64_t *addr, uint64_t mask,
                  unsigned bytes, struct emu_lds_cost *out);
uint64_t emu_timing_lds(struct emu_timing *t, struct emu_wave *w, const struct emu_access *acc);
/* buffer_load ... lds: the 64-dword write into the LDS when the data arrives. */
uint64_t emu_timing_lds_fill(struct emu_timing *t, struct emu_wave *w, uint64_t arrive);

/* Instruction cache (emu_timing_icache.c). */
uint32_t emu_timing_ifetch(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in);
void emu_timing_ic_inv(struct emu_timing *t, struct emu_wave *w);

#endif
