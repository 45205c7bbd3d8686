/*
 * emu_timing_ovl — what a domain (one XCD) of a multi-domain dispatch sees
 * of the memory side that all domains share: the MALL and the two
 * bandwidth calendars (DRAM, MALL). During a window they are read-only. A
 * view in a window carries an overlay (struct emu_timing_ovl) and sees
 * their state as of the window's start plus its own requests:
 *   - MALL tags: a set the domain touches is copied into the overlay on
 *     first use and updated there (true LRU on the copy);
 *   - MALL fills in flight: the domain's own notes in a small table,
 *     else the shared table;
 *   - calendars: per bucket, the shared bookings plus the domain's own.
 * Every request is also logged (read, L2 write-back, DRAM write, with its
 * address and arrival cycle) for the replay of emu_timing_merge
 * (emu_timing_domain.c).
 */
#include <stdlib.h>
#include <string.h>

#include "model/emu_timing_ovl.h"
#include "model/emu_timing_state.h"

/* MALL sets copied per window: grows by doubling (a window touches a few
 * hundred per domain; a full-GPU stream a few thousand). */
#define OVL_SETS_MIN 1024u
/* Own fill notes: direct-mapped, as the shared table (a collision forgets
 * an older note, which only changes the fill-wait of a hit). */
#define OVL_FILLS 1024u

/* One calendar's overlay: the domain's own bookings per bucket. */
struct ovl_bw {
	uint64_t *key;             /* [EMU_BW_BUCKETS] absolute bucket + 1, 0: none */
	uint32_t *used;            /* [EMU_BW_BUCKETS] */
	uint32_t *touched;         /* slots to clear at the merge */
	uint32_t ntouched;
	/* Buckets full_from[x] .. full_to[x]-1 (absolute; none when equal)
	 * have no room, shared and own bookings together, for a line of kind
	 * x (0: the shared calendar's line_fx, 1: its wline_fx). True for the
	 * rest of the window once true: the shared part is read-only in it
	 * and the own part only grows. The domain's own bookings of a
	 * saturated stream fill bucket after bucket, which each of its later
	 * requests otherwise scanned one by one from its arrival. */
	uint64_t full_from[2], full_to[2];
};

struct emu_timing_ovl {
	/* MALL sets: open addressing on set + 1; tags[i * ways ...] */
	uint32_t *set_key;
	uint32_t *set_used;        /* [cap_sets] slots keyed in this window (nsets), to clear */
	uint32_t *set_tags;
	uint32_t nsets, cap_sets;
	uint64_t fill[EMU_FILL_WORDS * OVL_FILLS];
	uint64_t fill_last;
	uint16_t fill_used[OVL_FILLS];   /* slots noted in this window, to clear */
	uint32_t nfill_used;
	struct ovl_bw dram, mall_bw;
	struct emu_timing_ovl_rec *log;
	size_t nlog, cap_log;
	bool oom;                  /* a log could not grow: the replay misses requests */
};

static bool ovl_bw_init(struct ovl_bw *b)
{
	b->key = calloc(EMU_BW_BUCKETS, sizeof(*b->key));
	b->used = calloc(EMU_BW_BUCKETS, sizeof(*b->used));
	b->touched = calloc(EMU_BW_BUCKETS, sizeof(*b->touched));
	return b->key && b->used && b->touched;
}

static void ovl_bw_fini(struct ovl_bw *b)
{
	free(b->key);
	free(b->used);
	free(b->touched);
}

static void ovl_bw_clear(struct ovl_bw *b)
{
	for (uint32_t i = 0; i < b->ntouched; i++) {
		b->key[b->touched[i]] = 0;
		b->used[b->touched[i]] = 0;
	}
	b->ntouched = 0;
	b->full_from[0] = b->full_to[0] = b->full_from[1] = b->full_to[1] = 0;
}

void emu_timing_ovl_destroy(struct emu_timing_ovl *o)
{
	if (!o)
		return;
	free(o->set_key);
	free(o->set_used);
	free(o->set_tags);
	ovl_bw_fini(&o->dram);
	ovl_bw_fini(&o->mall_bw);
	free(o->log);
	free(o);
}

struct emu_timing_ovl *emu_timing_ovl_create(uint32_t ways)
{
	struct emu_timing_ovl *o = calloc(1, sizeof(*o));
	if (!o)
		return NULL;
	o->cap_sets = OVL_SETS_MIN;
	o->set_key = calloc(o->cap_sets, sizeof(*o->set_key));
	o->set_used = malloc(o->cap_sets * sizeof(*o->set_used));
	o->set_tags = calloc((size_t)o->cap_sets * (ways ? ways : 1), sizeof(*o->set_tags));
	if (!o->set_key || !o->set_used || !o->set_tags || !ovl_bw_init(&o->dram) || !ovl_bw_init(&o->mall_bw)) {
		emu_timing_ovl_destroy(o);
		return NULL;
	}
	return o;
}

/* ---- the overlay ---- */

static void ovl_log(struct emu_timing_ovl *o, enum emu_timing_ovl_op op, uint64_t addr, uint64_t at)
{
	if (o->nlog == o->cap_log) {
		size_t cap = o->cap_log ? 2 * o->cap_log : 4096;
		struct emu_timing_ovl_rec *n = realloc(o->log, cap * sizeof(*n));
		if (!n) {
			o->oom = true;
			return;
		}
		o->log = n;
		o->cap_log = cap;
	}
	o->log[o->nlog++] = (struct emu_timing_ovl_rec){ .addr = addr, .at = at, .op = op };
}

static uint32_t set_hash(uint32_t key, uint32_t mask)
{
	return (key * 0x9e3779b1u) >> 7 & mask;
}

static bool ovl_sets_grow(struct emu_timing_ovl *o, uint32_t ways)
{
	uint32_t cap = o->cap_sets * 2;
	uint32_t *key = calloc(cap, sizeof(*key));
	uint32_t *tags = malloc((size_t)cap * ways * sizeof(*tags));
	uint32_t *used = malloc(cap * sizeof(*used)), nused = 0;
	if (!key || !tags || !used) {
		free(key);
		free(tags);
		free(used);
		return false;
	}
	for (uint32_t i = 0; i < o->cap_sets; i++) {
		if (!o->set_key[i])
			continue;
		uint32_t j = set_hash(o->set_key[i], cap - 1);
		while (key[j])
			j = (j + 1) & (cap - 1);
		key[j] = o->set_key[i];
		used[nused++] = j;
		memcpy(&tags[(size_t)j * ways], &o->set_tags[(size_t)i * ways], ways * sizeof(*tags));
	}
	free(o->set_key);
	free(o->set_tags);
	free(o->set_used);
	o->set_key = key;
	o->set_tags = tags;
	o->set_used = used;
	o->cap_sets = cap;
	return true;
}

/* The domain's copy of the MALL set of `line`, made from the shared set on
 * first use; NULL if it cannot be made (the shared set is then looked up
 * without an update). */
static uint32_t *ovl_set(struct emu_timing_ovl *o, const struct emu_cache *mall, uint64_t line)
{
	uint32_t set = (uint32_t)line & (mall->sets - 1), ways = mall->ways;
	if (4 * (o->nsets + 1) > 3 * o->cap_sets && !ovl_sets_grow(o, ways))
		return NULL;
	uint32_t mask = o->cap_sets - 1, key = set + 1;
	uint32_t j = set_hash(key, mask);
	while (o->set_key[j] && o->set_key[j] != key)
		j = (j + 1) & mask;
	uint32_t *s = &o->set_tags[(size_t)j * ways];
	if (!o->set_key[j]) {
		o->set_key[j] = key;
		o->set_used[o->nsets++] = j;
		const uint32_t *from = &mall->tag[(size_t)set * ways];
		if (ways == 16)  /* the MALL of gfx942: a fixed-size copy, inline */
			memcpy(s, from, 16 * sizeof(*s));
		else
			memcpy(s, from, ways * sizeof(*s));
	}
	return s;
}

void emu_timing_ovl_prefetch(const struct emu_timing_ovl *o, const struct emu_cache *mall, uint64_t line)
{
	uint32_t set = (uint32_t)line & (mall->sets - 1);
	uint32_t j = set_hash(set + 1, o->cap_sets - 1);
	const uint32_t *s = &o->set_tags[(size_t)j * mall->ways];
	__builtin_prefetch(&o->set_key[j], 1);
	__builtin_prefetch(s, 1);
	__builtin_prefetch(s + mall->ways - 1, 1);
	emu_cache_prefetch(mall, line);
}

static bool ovl_mall_access(struct emu_timing_ovl *o, const struct emu_cache *mall, uint64_t line,
                            unsigned flags, bool *victim_dirty)
{
	uint64_t victim;
	*victim_dirty = false;
	uint32_t *s = ovl_set(o, mall, line);
	if (!s) {  /* no room: the state as of the window's start, unchanged */
		uint32_t copy[64];
		uint32_t ways = mall->ways < 64 ? mall->ways : 64;
		memcpy(copy, &mall->tag[(size_t)((uint32_t)line & (mall->sets - 1)) * mall->ways],
		       ways * sizeof(*copy));
		return emu_cache_set_access(mall, copy, line, flags, &victim, victim_dirty);
	}
	return emu_cache_set_access(mall, s, line, flags, &victim, victim_dirty);
}

static uint64_t *ovl_fill_slot(struct emu_timing_ovl *o, uint64_t line)
{
	return &o->fill[EMU_FILL_WORDS * ((line ^ (line >> 13)) & (OVL_FILLS - 1))];
}

/* emu_cache_fill_ready of the MALL: the domain's own note of the line,
 * else the shared table as of the window's start. */
static uint64_t ovl_fill_ready(struct emu_timing_ovl *o, const struct emu_cache *mall, uint64_t line,
                               uint64_t arrive)
{
	const uint64_t *e = ovl_fill_slot(o, line);
	if (o->fill_last > arrive && e[0] == line + 1)
		return arrive < e[2] ? arrive + (e[1] - e[2]) : e[1];
	return emu_cache_fill_ready(mall, line, arrive);
}

static void ovl_fill_note(struct emu_timing_ovl *o, uint64_t line, uint64_t arrive, uint64_t ready)
{
	uint64_t *e = ovl_fill_slot(o, line);
	if (!e[0])
		o->fill_used[o->nfill_used++] = (uint16_t)((e - o->fill) / EMU_FILL_WORDS);
	e[0] = line + 1;
	e[1] = ready;
	e[2] = arrive < ready ? arrive : ready;
	if (ready > o->fill_last)
		o->fill_last = ready;
}

/* emu_bw_line on the shared calendar b as of the window's start plus the
 * domain's own bookings; b itself is not written. */
static uint64_t ovl_bw_line(struct ovl_bw *ob, const struct emu_bw *b, uint64_t t, uint64_t fx)
{
	const uint64_t cap = (uint64_t)EMU_BW_LEN << EMU_FX;
	uint64_t at = t << EMU_FX;
	uint64_t k = t / EMU_BW_LEN;
	/* A shared bucket known full for fx (emu_bw's full bits) is full with
	 * the domain's bookings added too. */
	const unsigned kind = fx == b->line_fx ? 0 : 1;
	const uint64_t *full = b->full[kind];
	if (k < b->lo)
		k = b->lo;
	if (k < b->open)
		k = b->open;
	if (k >= ob->full_from[kind] && k < ob->full_to[kind])
		k = ob->full_to[kind];
	const uint64_t k0 = k;
	for (;; k++) {
		k = emu_bw_next_clear(full, k, b->lo + EMU_BW_BUCKETS);
		uint32_t i = (uint32_t)(k % EMU_BW_BUCKETS);
		/* beyond the shared window a bucket is empty (emu_bw_line would
		 * slide the window and clear it) */
		uint64_t shared = k < b->lo + EMU_BW_BUCKETS ? b->used[i] : 0;
		uint64_t own = ob->key[i] == k + 1 ? ob->used[i] : 0;
		uint64_t booked = shared + own + fx;
		if (booked > cap)
			continue;
		if (ob->key[i] != k + 1) {
			if (!ob->key[i])
				ob->touched[ob->ntouched++] = i;
			ob->key[i] = k + 1;
			ob->used[i] = 0;
		}
		ob->used[i] += (uint32_t)fx;
		/* k0 .. k-1 were full for fx, and k is now if no other fits:
		 * the known run grows where it meets them, else the longer
		 * run is kept */
		uint64_t to = booked + fx > cap ? k + 1 : k;
		if (k0 <= ob->full_to[kind] && to >= ob->full_from[kind] && ob->full_to[kind] > ob->full_from[kind]) {
			ob->full_from[kind] = k0 < ob->full_from[kind] ? k0 : ob->full_from[kind];
			ob->full_to[kind] = to > ob->full_to[kind] ? to : ob->full_to[kind];
		} else if (to - k0 > ob->full_to[kind] - ob->full_from[kind]) {
			ob->full_from[kind] = k0;
			ob->full_to[kind] = to;
		}
		uint64_t base = (k * EMU_BW_LEN) << EMU_FX;
		uint64_t end = base + booked;
		if (at + fx > end)
			end = at + fx;
		return (end + (1u << EMU_FX) - 1) >> EMU_FX;
	}
}

void emu_timing_ovl_dram_write(struct emu_timing *t, uint64_t at)
{
	struct emu_timing_ovl *o = t->ovl;
	ovl_bw_line(&o->dram, &t->root->dram, at, t->root->dram.wline_fx);
	ovl_log(o, EMU_OVL_DRAM_W, 0, at);
}

void emu_timing_ovl_l2_writeback(struct emu_timing *t, uint64_t addr, uint64_t at)
{
	struct emu_timing_ovl *o = t->ovl;
	const struct emu_timing *r = t->root;
	ovl_log(o, EMU_OVL_L2_WB, addr, at);
	if (!r->mall.sets) {
		ovl_bw_line(&o->dram, &r->dram, at, r->dram.wline_fx);
		return;
	}
	bool dirty;
	ovl_bw_line(&o->mall_bw, &r->mall_bw, at, r->mall_bw.line_fx);
	ovl_mall_access(o, &r->mall, addr >> r->mall.line_shift, EMU_CACHE_ALLOC | EMU_CACHE_DIRTY, &dirty);
	if (dirty)
		ovl_bw_line(&o->dram, &r->dram, at, r->dram.wline_fx);
}

uint64_t emu_timing_ovl_mem_read(struct emu_timing *t, uint64_t addr, uint64_t at, bool evict)
{
	struct emu_timing_ovl *o = t->ovl;
	const struct emu_timing *r = t->root;
	ovl_log(o, evict ? EMU_OVL_READ_EVICT : EMU_OVL_READ, addr, at);
	if (!r->mall.sets)
		return ovl_bw_line(&o->dram, &r->dram, at, r->dram.line_fx) + r->mem_cycles;
	uint64_t line = addr >> r->mall.line_shift;
	bool dirty;
	bool hit = ovl_mall_access(o, &r->mall, line, evict ? EMU_CACHE_EVICT : EMU_CACHE_ALLOC, &dirty);
	if (dirty)
		ovl_bw_line(&o->dram, &r->dram, at, r->dram.wline_fx);
	if (hit) {
		uint64_t x = ovl_bw_line(&o->mall_bw, &r->mall_bw, at, r->mall_bw.line_fx) + r->mall_cycles;
		uint64_t ready = ovl_fill_ready(o, &r->mall, line, at);
		return x > ready ? x : ready;
	}
	uint64_t x = ovl_bw_line(&o->dram, &r->dram, at, r->dram.line_fx) + r->mem_cycles;
	if (!evict)
		ovl_fill_note(o, line, at, x);
	return x;
}

/* ---- the window's end ---- */

const struct emu_timing_ovl_rec *emu_timing_ovl_log(const struct emu_timing_ovl *o, size_t *n)
{
	*n = o->nlog;
	return o->log;
}

bool emu_timing_ovl_reset(struct emu_timing_ovl *o)
{
	bool ok = !o->oom;
	/* the slots keyed, not the table: a window keys a few hundred of its
	 * thousand or more */
	for (uint32_t i = 0; i < o->nsets; i++)
		o->set_key[o->set_used[i]] = 0;
	o->nsets = 0;
	for (uint32_t i = 0; i < o->nfill_used; i++)
		memset(&o->fill[EMU_FILL_WORDS * o->fill_used[i]], 0, EMU_FILL_WORDS * sizeof(*o->fill));
	o->nfill_used = 0;
	o->fill_last = 0;
	ovl_bw_clear(&o->dram);
	ovl_bw_clear(&o->mall_bw);
	o->nlog = 0;
	o->oom = false;
	return ok;
}

