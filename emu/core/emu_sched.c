/*
 * emu_sched — run order of the resident waves: strict time order within a
 * CU group, bounded skew between groups (see emu_sched.h for why).
 *
 * A group's ready waves. With strict (cycle, id) order the running wave is
 * switched after nearly every instruction (bench_fullgpu: 584k switches
 * for 664k wave-instructions), so the cost of one switch — put the wave
 * that ran back, take the earliest out, find the earliest cycle of the
 * rest (the horizon) — is paid per instruction. A binary heap of a group's
 * ~25 waves cost ~150 host instructions a switch (callgrind). Yet the wave that ran
 * lands close to the others: on bench_fullgpu 97% of switches put it
 * within 64 cycles of the group's earliest wave, and 75% at a cycle
 * another wave has too. So a group keeps a wheel: one bucket per cycle
 * for the EMU_SCHED_WHEEL cycles from `base` (the cycle of the last wave
 * taken from the wheel, at or before every wheel wave), a bit per bucket
 * in `map`, each bucket a list of its waves by id (the wave that ran
 * usually has the highest id of its bucket: appended at the tail). The
 * earliest wheel wave is the head of the first set bit from base, a rotate
 * and a count of trailing zeros. Waves outside the window (a long stall,
 * a wave pushed before base) go to an overflow heap in (cycle, id) order;
 * the earliest of the group is the earlier of the two roots. (cycle, id)
 * is a total order, so the order does not depend on which part holds a
 * wave. Measured with the one-call switch (emu_sched_requeue_next) and
 * the heap root kept for a wave that runs from it (callgrind, host
 * instructions per wave-instruction, against one binary heap a group):
 * bench_fullgpu 855 -> 814; bench_sgemm n = 64 (groups of 4 waves) 1343
 * -> 1345; the copy kernel (4 waves, stalls past the window: the heap
 * does the work) 2572 -> 2598.
 *
 * emu_sched_next takes the wave it returns out of the group (`run`); it
 * goes back with emu_sched_requeue, or is dropped by emu_sched_remove, and
 * a push to its group puts it back first so that the next pick sees the
 * newcomer.
 *
 * The top heap holds the non-empty groups keyed by (earliest wave cycle,
 * group index), with the key stored in the entry: while the current group
 * runs, its stored key is stale, and it is brought up to date when the
 * group stops.
 */
#include <stdlib.h>

#include "core/emu_sched.h"
#include "wave/emu_wave.h"

#define NONE UINT32_MAX
#define WHEEL EMU_SCHED_WHEEL

/* ---- one group's overflow heap ---- */

static bool ent_before(const struct emu_sched_ent *x, const struct emu_sched_ent *y)
{
	return x->cycle < y->cycle || (x->cycle == y->cycle && x->id < y->id);
}

static inline __attribute__((always_inline)) void ovf_push(struct emu_sched_group *g, uint32_t k)
{
	struct emu_sched_ent e = { .cycle = g->sl[k].cycle, .id = g->sl[k].id, .slot = k };
	uint32_t i = g->novf++;
	while (i && ent_before(&e, &g->ovf[(i - 1) / 2])) {
		g->ovf[i] = g->ovf[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	g->ovf[i] = e;
}

/* Put x where the root was (the root's old entry is gone), following the
 * smaller child down. Two ways (measured on bench_fullgpu with the heap as
 * the whole group, before the wheel):
 *   - to_leaf (Floyd): to a leaf, one compare per level, then back up while
 *     x comes first. For ovf_pop, whose x, the last leaf, belongs near the
 *     bottom.
 *   - top-down: stop where x belongs, two compares per level. For the
 *     running wave going back (group_requeue_ovf), which mostly lands above
 *     the leaves.
 * Always inlined, so that each caller gets the loop for its way. */
static inline __attribute__((always_inline)) void ovf_sift(struct emu_sched_group *g, struct emu_sched_ent x,
                                                           bool to_leaf)
{
	uint32_t n = g->novf, i = 0;
	for (;;) {
		uint32_t c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && ent_before(&g->ovf[c + 1], &g->ovf[c]))
			c++;
		if (!to_leaf && !ent_before(&g->ovf[c], &x))
			break;
		g->ovf[i] = g->ovf[c];
		i = c;
	}
	while (to_leaf && i) {
		uint32_t p = (i - 1) / 2;
		if (!ent_before(&x, &g->ovf[p]))
			break;
		g->ovf[i] = g->ovf[p];
		i = p;
	}
	g->ovf[i] = x;
}

/* Take the root out; its slot. */
static inline __attribute__((always_inline)) uint32_t ovf_pop(struct emu_sched_group *g)
{
	uint32_t k = g->ovf[0].slot, n = --g->novf;
	if (n)
		ovf_sift(g, g->ovf[n], true);
	return k;
}

/* ---- one group's wheel ---- */

/* The fast paths below are inlined into emu_sched_next and
 * emu_sched_requeue, the rare ones (a walk within a bucket, the overflow
 * heap) are calls. */
#define HOT static inline __attribute__((always_inline))
#define COLD static __attribute__((noinline))

HOT unsigned bucket_of(uint64_t cycle)
{
	return (unsigned)(cycle & (WHEEL - 1));
}

/* Slot k before the tail of bucket b, at its place by id (ids are unique). */
COLD void bucket_insert(struct emu_sched_group *g, unsigned b, uint32_t k)
{
	struct emu_sched_slot *sl = g->sl;
	uint32_t *link = &g->head[b];
	while (sl[*link].id < sl[k].id)
		link = &sl[*link].next;
	sl[k].next = *link;
	*link = k;
}

COLD void group_insert_ovf(struct emu_sched_group *g, uint32_t k)
{
	ovf_push(g, k);
}

/* Slot k (cycle and id set) joins the group's waves. */
HOT void group_insert(struct emu_sched_group *g, uint32_t k)
{
	struct emu_sched_slot *sl = g->sl, *e = &sl[k];
	if (e->cycle - g->base >= WHEEL || e->cycle < g->base) {
		group_insert_ovf(g, k);
		return;
	}
	unsigned b = bucket_of(e->cycle);
	uint64_t bit = 1ull << b;
	if (!(g->map & bit)) {
		e->next = NONE;
		g->map |= bit;
		g->head[b] = g->tail[b] = k;
		return;
	}
	uint32_t t = g->tail[b];
	if (sl[t].id < e->id) {
		e->next = NONE;
		sl[t].next = k;
		g->tail[b] = k;
		return;
	}
	bucket_insert(g, b, k);
}

/* The earliest wave of the wheel, or NONE. */
HOT uint32_t wheel_first(const struct emu_sched_group *g)
{
	if (!g->map)
		return NONE;
	unsigned r = bucket_of(g->base);
	uint64_t m = r ? (g->map >> r) | (g->map << (WHEEL - r)) : g->map;
	return g->head[(r + (unsigned)__builtin_ctzll(m)) & (WHEEL - 1)];
}

/* The earliest cycle of the group's waves (`run` aside), UINT64_MAX: none. */
HOT uint64_t group_first_cycle(const struct emu_sched_group *g)
{
	uint32_t k = wheel_first(g);
	uint64_t m = k == NONE ? UINT64_MAX : g->sl[k].cycle;
	return g->novf && g->ovf[0].cycle < m ? g->ovf[0].cycle : m;
}

/* The earliest wave, the overflow heap's root. It stays the root while it
 * runs (run_ovf): emu_sched_requeue sifts it down in place when it goes
 * back to the heap, one pass instead of a pop and a push (a group of a few
 * waves that stall long lives in the heap). */
COLD uint32_t group_take_ovf(struct emu_sched_group *g, uint64_t *second)
{
	const struct emu_sched_ent *o = g->ovf;
	/* The group's earliest wave: the rest are at or after it, so the
	 * window may start there (never back past a wheel wave). */
	if (!g->map || o[0].cycle > g->base)
		g->base = o[0].cycle;
	uint64_t m = g->novf > 1 ? o[1].cycle : UINT64_MAX;
	if (g->novf > 2 && o[2].cycle < m)
		m = o[2].cycle;
	uint32_t j = wheel_first(g);
	*second = j != NONE && g->sl[j].cycle < m ? g->sl[j].cycle : m;
	g->run_ovf = true;
	return o[0].slot;
}

/* The running wave, the overflow heap's root, at its new cycle c. */
COLD void group_requeue_ovf(struct emu_sched_group *g, uint32_t k, uint64_t c)
{
	g->run_ovf = false;
	g->sl[k].cycle = c;
	if (c >= g->base && c - g->base < WHEEL) {
		ovf_pop(g);
		group_insert(g, k);
		return;
	}
	ovf_sift(g, (struct emu_sched_ent){ .cycle = c, .id = g->sl[k].id, .slot = k }, false);
	/* With the wheel empty, the root is the next pick: take it now, as
	 * emu_sched_next would (a push before then puts it back). */
	if (!g->map)
		g->run = group_take_ovf(g, &g->second);
}

/* The running wave back among the group's waves, unchanged. */
static void group_put_back(struct emu_sched_group *g)
{
	if (g->run_ovf)
		g->run_ovf = false;   /* still the heap's root */
	else
		group_insert(g, g->run);
	g->run = NONE;
}

/* Take the group's earliest wave out (NONE: none); *second: the earliest
 * cycle of the rest (UINT64_MAX: none). */
HOT uint32_t group_take(struct emu_sched_group *g, uint64_t *second)
{
	struct emu_sched_slot *sl = g->sl;
	uint32_t k = wheel_first(g);
	if (g->novf) {
		const struct emu_sched_ent *o = &g->ovf[0];
		if (k == NONE || o->cycle < sl[k].cycle || (o->cycle == sl[k].cycle && o->id < sl[k].id))
			return group_take_ovf(g, second);
	} else if (k == NONE) {
		return NONE;
	}
	const struct emu_sched_slot *e = &sl[k];
	unsigned b = bucket_of(e->cycle);
	g->head[b] = e->next;
	g->base = e->cycle;   /* the wheel's earliest: every wheel wave is at or after it */
	if (e->next != NONE) {
		*second = e->cycle;   /* a wave at the same cycle, the usual case */
		return k;
	}
	g->map &= ~(1ull << b);
	*second = group_first_cycle(g);
	return k;
}

/* The group's earliest cycle, `run` included (UINT64_MAX: no wave; a run
 * wave still at the heap's root counts twice, harmlessly). */
static uint64_t group_key(const struct emu_sched_group *g)
{
	uint64_t m = group_first_cycle(g);
	return g->run != NONE && g->sl[g->run].cycle < m ? g->sl[g->run].cycle : m;
}

static bool group_slot_new(struct emu_sched_group *g, uint32_t *k)
{
	if (g->free != NONE) {
		*k = g->free;
		g->free = g->sl[*k].next;
		return true;
	}
	if (g->nsl == g->cap) {
		uint32_t cap = g->cap ? g->cap * 2 : 16;
		struct emu_sched_slot *sl = realloc(g->sl, cap * sizeof(*sl));
		if (!sl)
			return false;
		g->sl = sl;
		struct emu_sched_ent *ovf = realloc(g->ovf, cap * sizeof(*ovf));
		if (!ovf)
			return false;
		g->ovf = ovf;
		g->cap = cap;
	}
	*k = g->nsl++;
	return true;
}

/* ---- the heap of groups ---- */

static bool top_before(const struct emu_sched_top *x, const struct emu_sched_top *y)
{
	return x->key < y->key || (x->key == y->key && x->gi < y->gi);
}

static void top_set(struct emu_sched *s, uint32_t i, struct emu_sched_top e)
{
	s->top[i] = e;
	s->g[e.gi].pos = i;
}

/* Move entry e, placed at index i, up or down to its place. */
static void top_fix(struct emu_sched *s, uint32_t i, struct emu_sched_top e)
{
	struct emu_sched_top *t = s->top;
	while (i && top_before(&e, &t[(i - 1) / 2])) {
		top_set(s, i, t[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	for (;;) {
		uint32_t c = 2 * i + 1;
		if (c >= s->ntop)
			break;
		if (c + 1 < s->ntop && top_before(&t[c + 1], &t[c]))
			c++;
		if (!top_before(&t[c], &e))
			break;
		top_set(s, i, t[c]);
		i = c;
	}
	top_set(s, i, e);
}

/* Bring group gi's entry up to date: inserted, moved, or removed if empty. */
static void top_update(struct emu_sched *s, uint32_t gi)
{
	struct emu_sched_group *g = &s->g[gi];
	struct emu_sched_top *t = s->top;
	if (!g->n) {
		if (g->pos == NONE)
			return;
		uint32_t i = g->pos;
		g->pos = NONE;
		struct emu_sched_top last = t[--s->ntop];
		if (i < s->ntop)
			top_fix(s, i, last);
		return;
	}
	struct emu_sched_top e = { .key = group_key(g), .gi = gi };
	if (g->pos == NONE)
		top_fix(s, s->ntop++, e);
	else
		top_fix(s, g->pos, e);
}

/* ---- interface ---- */

bool emu_sched_init(struct emu_sched *s, uint32_t num_cu, uint32_t cus_per_group, uint64_t skew)
{
	return emu_sched_init_range(s, 0, num_cu, cus_per_group, skew);
}

bool emu_sched_init_range(struct emu_sched *s, uint32_t cu_lo, uint32_t num_cu, uint32_t cus_per_group,
                          uint64_t skew)
{
	*s = (struct emu_sched){ .cur = NONE, .cu_lo = cu_lo };
	if (!cus_per_group)
		cus_per_group = 1;
	s->cus_per_group = cus_per_group;
	s->ngroups = (num_cu + cus_per_group - 1) / cus_per_group;
	s->skew = skew;
	s->g = calloc(s->ngroups ? s->ngroups : 1, sizeof(*s->g));
	s->top = calloc(s->ngroups ? s->ngroups : 1, sizeof(*s->top));
	if (!s->g || !s->top)
		goto fail;
	for (uint32_t i = 0; i < s->ngroups; i++)
		s->g[i].pos = s->g[i].free = s->g[i].run = NONE;
	return true;
fail:
	emu_sched_fini(s);
	return false;
}

void emu_sched_fini(struct emu_sched *s)
{
	for (uint32_t i = 0; s->g && i < s->ngroups; i++) {
		free(s->g[i].sl);
		free(s->g[i].ovf);
	}
	free(s->g);
	free(s->top);
	*s = (struct emu_sched){ .cur = NONE };
}

bool emu_sched_push(struct emu_sched *s, struct emu_wave *w)
{
	uint32_t gi = (w->cu - s->cu_lo) / s->cus_per_group, k;
	if (gi >= s->ngroups)
		gi = s->ngroups - 1;
	struct emu_sched_group *g = &s->g[gi];
	if (!group_slot_new(g, &k))
		return false;
	g->sl[k] = (struct emu_sched_slot){ .w = w, .cycle = w->cycle, .id = w->id, .next = NONE };
	g->n++;
	if (g->run != NONE)  /* the next pick must see the newcomer */
		group_put_back(g);
	group_insert(g, k);
	/* The running group's key is refreshed when it stops. */
	if (gi != s->cur)
		top_update(s, gi);
	return true;
}

HOT struct emu_wave *sched_next(struct emu_sched *s, uint64_t *horizon)
{
	struct emu_sched_group *c;
	if (s->cur != NONE) {
		c = &s->g[s->cur];
		if (c->run == NONE)
			c->run = group_take(c, &c->second);
		if (c->run != NONE && c->sl[c->run].cycle <= s->limit)
			goto run;
		if (c->run != NONE)
			group_put_back(c);
		top_update(s, s->cur);
		s->cur = NONE;
	}
	if (!s->ntop)
		return NULL;
	const struct emu_sched_top *t = s->top;
	s->cur = t[0].gi;
	s->limit = UINT64_MAX;
	if (s->ntop > 1) {
		uint64_t next = t[1].key;
		if (s->ntop > 2 && t[2].key < next)
			next = t[2].key;
		s->limit = next + s->skew >= next ? next + s->skew : UINT64_MAX;
	}
	c = &s->g[s->cur];
	if (c->run == NONE)
		c->run = group_take(c, &c->second);
run:
	*horizon = c->second < s->limit ? c->second : s->limit;
	return c->sl[c->run].w;
}

struct emu_wave *emu_sched_next(struct emu_sched *s, uint64_t *horizon)
{
	return sched_next(s, horizon);
}

HOT void sched_requeue(struct emu_sched *s, struct emu_wave *w)
{
	struct emu_sched_group *g = &s->g[s->cur];
	uint32_t k = g->run;
	g->run = NONE;
	if (g->run_ovf) {
		group_requeue_ovf(g, k, w->cycle);
		return;
	}
	g->sl[k].cycle = w->cycle;
	group_insert(g, k);
}

void emu_sched_requeue(struct emu_sched *s, struct emu_wave *w)
{
	sched_requeue(s, w);
}

struct emu_wave *emu_sched_requeue_next(struct emu_sched *s, struct emu_wave *w, uint64_t *horizon)
{
	sched_requeue(s, w);
	return sched_next(s, horizon);
}

void emu_sched_remove(struct emu_sched *s, struct emu_wave *w)
{
	(void)w;  /* the running group's `run` */
	struct emu_sched_group *g = &s->g[s->cur];
	uint32_t k = g->run;
	g->run = NONE;
	if (g->run_ovf) {
		g->run_ovf = false;
		ovf_pop(g);
	}
	g->n--;
	g->sl[k].w = NULL;
	g->sl[k].next = g->free;
	g->free = k;
}

uint64_t emu_sched_min(const struct emu_sched *s)
{
	uint64_t m = UINT64_MAX;
	if (s->cur != NONE)
		m = group_key(&s->g[s->cur]);
	/* The other groups' keys are current, the running group's is stale:
	 * the others' minimum is the root of the group heap, or one of its
	 * children when the running group is the root. */
	for (uint32_t i = 0; i < 3 && i < s->ntop; i++)
		if (s->top[i].gi != s->cur && s->top[i].key < m)
			m = s->top[i].key;
	return m;
}
