/*
 * emu_sched — run order of the resident waves: strict time order within a
 * CU group, bounded skew between groups (see emu_sched.h for why).
 *
 * Two levels of binary heaps. A group's heap holds its ready waves keyed by
 * (cycle, id); an entry carries its wave's key so that sifting compares keys
 * in the heap array instead of loading every wave's state. The top heap
 * holds the non-empty groups keyed by (earliest wave cycle, group index),
 * with the key stored in the entry: while the current group runs, its stored
 * key is stale, and it is brought up to date when the group stops.
 */
#include <stdlib.h>

#include "core/emu_sched.h"
#include "wave/emu_wave.h"

#define NONE UINT32_MAX

/* ---- one group's heap of waves ---- */

static bool ent_before(const struct emu_sched_ent *x, const struct emu_sched_ent *y)
{
	return x->cycle < y->cycle || (x->cycle == y->cycle && x->id < y->id);
}

static struct emu_sched_ent ent_of(struct emu_wave *w)
{
	return (struct emu_sched_ent){ .cycle = w->cycle, .id = w->id, .w = w };
}

static bool group_push(struct emu_sched_group *g, struct emu_wave *w)
{
	if (g->n == g->cap) {
		uint32_t cap = g->cap ? g->cap * 2 : 16;
		struct emu_sched_ent *a = realloc(g->a, cap * sizeof(*a));
		if (!a)
			return false;
		g->a = a;
		g->cap = cap;
	}
	struct emu_sched_ent e = ent_of(w);
	uint32_t i = g->n++;
	while (i && ent_before(&e, &g->a[(i - 1) / 2])) {
		g->a[i] = g->a[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	g->a[i] = e;
	return true;
}

/* Put x where the root was (the root's old entry is gone), following the
 * smaller child down. Two ways, measured on bench_fullgpu:
 *   - to_leaf (Floyd): to a leaf, one compare per level, then back up while
 *     x comes first. For emu_sched_remove, whose x, the last leaf, belongs
 *     near the bottom.
 *   - top-down: stop where x belongs, two compares per level. For
 *     emu_sched_requeue, whose x, the wave that has just run, mostly lands
 *     above the leaves (126 host instructions a requeue against 151).
 * Always inlined, so that each caller gets the loop for its way (GCC kept
 * one copy that tests to_leaf, 2% more host instructions on bench_fullgpu).
 * (cycle, id) is a total order, so the run order does not depend on the
 * heap's layout. */
static inline __attribute__((always_inline)) void group_sift(struct emu_sched_group *g,
                                                             struct emu_sched_ent x, bool to_leaf)
{
	uint32_t n = g->n, i = 0;
	for (;;) {
		uint32_t c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && ent_before(&g->a[c + 1], &g->a[c]))
			c++;
		if (!to_leaf && !ent_before(&g->a[c], &x))
			break;
		g->a[i] = g->a[c];
		i = c;
	}
	while (to_leaf && i) {
		uint32_t p = (i - 1) / 2;
		if (!ent_before(&x, &g->a[p]))
			break;
		g->a[i] = g->a[p];
		i = p;
	}
	g->a[i] = x;
}

static const struct emu_sched_ent *group_second(const struct emu_sched_group *g)
{
	if (g->n < 2)
		return NULL;
	if (g->n == 2 || ent_before(&g->a[1], &g->a[2]))
		return &g->a[1];
	return &g->a[2];
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
	struct emu_sched_top e = { .key = g->a[0].cycle, .gi = gi };
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
		s->g[i].pos = NONE;
	return true;
fail:
	emu_sched_fini(s);
	return false;
}

void emu_sched_fini(struct emu_sched *s)
{
	if (s->g)
		for (uint32_t i = 0; i < s->ngroups; i++)
			free(s->g[i].a);
	free(s->g);
	free(s->top);
	*s = (struct emu_sched){ .cur = NONE };
}

bool emu_sched_push(struct emu_sched *s, struct emu_wave *w)
{
	uint32_t gi = (w->cu - s->cu_lo) / s->cus_per_group;
	if (gi >= s->ngroups)
		gi = s->ngroups - 1;
	if (!group_push(&s->g[gi], w))
		return false;
	/* The running group's key is refreshed when it stops. */
	if (gi != s->cur)
		top_update(s, gi);
	return true;
}

struct emu_wave *emu_sched_next(struct emu_sched *s, uint64_t *horizon)
{
	if (s->cur != NONE) {
		struct emu_sched_group *c = &s->g[s->cur];
		if (c->n && c->a[0].cycle <= s->limit)
			goto run;
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
run:;
	struct emu_sched_group *c = &s->g[s->cur];
	const struct emu_sched_ent *second = group_second(c);
	*horizon = second && second->cycle < s->limit ? second->cycle : s->limit;
	return c->a[0].w;
}

void emu_sched_requeue(struct emu_sched *s, struct emu_wave *w)
{
	struct emu_sched_group *g = &s->g[s->cur];
	group_sift(g, ent_of(w), false);
}

void emu_sched_remove(struct emu_sched *s, struct emu_wave *w)
{
	(void)w;  /* the root of the running group */
	struct emu_sched_group *g = &s->g[s->cur];
	struct emu_sched_ent last = g->a[--g->n];
	if (g->n)
		group_sift(g, last, true);
}

uint64_t emu_sched_min(const struct emu_sched *s)
{
	uint64_t m = UINT64_MAX;
	if (s->cur != NONE && s->g[s->cur].n)
		m = s->g[s->cur].a[0].cycle;
	/* The other groups' keys are current, the running group's is stale:
	 * the others' minimum is the root of the group heap, or one of its
	 * children when the running group is the root. */
	for (uint32_t i = 0; i < 3 && i < s->ntop; i++)
		if (s->top[i].gi != s->cur && s->top[i].key < m)
			m = s->top[i].key;
	return m;
}
