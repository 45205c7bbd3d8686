/*
 * emu_domain — a domain's view of global memory in a window (store log,
 * deferred atomics, the ordered merge) and the worker threads of the
 * parallel simulation. The design and its reasons: emu_domain.h.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gcn_array.h"
#include "arch/emu_profile.h"
#include "core/emu_dispatch_ctx.h"
#include "core/emu_domain.h"

uint64_t emu_domain_window_cycles(const struct emu_profile *prof)
{
	uint64_t w = (uint64_t)prof->model.l1_hit + prof->model.l2_hit;
	return w ? w : 1;
}

/* ---- the store log ---- */

/* Bits of the written-lines filter (64-byte lines hashed): 2^20 bits keep
 * false hits rare with the tens of thousands of lines a window can write. */
#define DMEM_FILTER_BITS 20
#define DMEM_LINE_SHIFT 6
#define DMEM_CHUNK (256u << 10)
/* A record grows while the stores that follow it continue it (the lanes of
 * a store instruction in address order) up to this many bytes. */
#define DMEM_REC_MAX 4096u
#define DMEM_STORE UINT32_MAX

/* One store or atomic of the window, in program order. A store's bytes are
 * in the arena; consecutive stores that continue each other in memory and
 * in the arena share one record (the log is in order, so merging them is
 * the same as applying them one by one). */
struct dmem_rec {
	uint64_t addr;             /* host address of the bytes (the GPU's, but in an alias: core/emu_mem.h) */
	uint8_t *data;             /* STORE: the bytes, written by the semantics after gva */
	uint32_t size;             /* bytes */
	uint32_t atom;             /* index in atoms, or DMEM_STORE */
};

struct dmem_atom {
	struct emu_atomic_req req;
	struct emu_wave *w;
};

struct dmem_chunk {
	struct dmem_chunk *next;
	size_t used;
	uint8_t data[DMEM_CHUNK];
};

struct emu_dmem {
	struct dmem_rec *log;
	size_t n, cap;
	struct dmem_atom *atoms;
	size_t natoms, cap_atoms;
	struct dmem_chunk *first, *cur;   /* arena of store data and composed reads; never moves */
	uint64_t *filter;                 /* [1 << (DMEM_FILTER_BITS - 6)] */
	uint32_t *touched;                /* filter words set, to clear at the merge */
	size_t ntouched, cap_touched;
	uint64_t last_line;               /* the line filter_mark marked last */
	bool oom;
};

struct emu_dmem *emu_dmem_create(void)
{
	struct emu_dmem *m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	m->last_line = UINT64_MAX;
	m->filter = calloc((size_t)1 << (DMEM_FILTER_BITS - 6), sizeof(*m->filter));
	if (!m->filter) {
		emu_dmem_destroy(m);
		return NULL;
	}
	return m;
}

void emu_dmem_destroy(struct emu_dmem *m)
{
	if (!m)
		return;
	for (struct dmem_chunk *c = m->first, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	free(m->log);
	free(m->atoms);
	free(m->filter);
	free(m->touched);
	free(m);
}

/* Move to the arena's next chunk (kept from an earlier window, or new). */
static bool dmem_next_chunk(struct emu_dmem *m)
{
	struct dmem_chunk *c = m->cur && m->cur->next ? m->cur->next : NULL;
	if (!c) {
		c = malloc(sizeof(*c));
		if (!c)
			return false;
		c->next = NULL;
		if (m->cur)
			m->cur->next = c;
		else
			m->first = c;
	}
	c->used = 0;
	m->cur = c;
	return true;
}

/* size bytes of the arena, right after the ones allocated before if they
 * fit in the chunk. */
static inline uint8_t *dmem_alloc(struct emu_dmem *m, size_t size)
{
	if ((!m->cur || m->cur->used + size > DMEM_CHUNK) && !dmem_next_chunk(m))
		return NULL;
	uint8_t *p = m->cur->data + m->cur->used;
	m->cur->used += size;
	return p;
}

static uint32_t line_bit(uint64_t line)
{
	return (uint32_t)((line * 0x9e3779b97f4a7c15ull) >> (64 - DMEM_FILTER_BITS));
}

static void filter_mark_lines(struct emu_dmem *m, uint64_t lo, uint64_t hi)
{
	for (uint64_t x = lo >> DMEM_LINE_SHIFT; x <= (hi - 1) >> DMEM_LINE_SHIFT; x++) {
		if (x == m->last_line)
			continue;
		m->last_line = x;
		uint32_t b = line_bit(x);
		uint64_t *word = &m->filter[b >> 6];
		if (!*word) {
			if (m->ntouched == m->cap_touched) {
				size_t cap = m->cap_touched ? 2 * m->cap_touched : 1024;
				uint32_t *t = realloc(m->touched, cap * sizeof(*t));
				if (!t) {
					m->oom = true;  /* cleared whole at the merge */
					goto set;
				}
				m->touched = t;
				m->cap_touched = cap;
			}
			m->touched[m->ntouched++] = b >> 6;
		}
set:
		*word |= 1ull << (b & 63);
	}
}

/* Mark the lines of [lo, hi) written. The lanes of a store mostly fall in
 * the line the one before marked: one compare then. */
static inline void filter_mark(struct emu_dmem *m, uint64_t lo, uint64_t hi)
{
	if ((lo >> DMEM_LINE_SHIFT) != m->last_line || ((hi - 1) >> DMEM_LINE_SHIFT) != m->last_line)
		filter_mark_lines(m, lo, hi);
}

/* Whether [lo, hi) may meet a line the domain wrote in this window. */
static bool filter_hit(const struct emu_dmem *m, uint64_t lo, uint64_t hi)
{
	for (uint64_t x = lo >> DMEM_LINE_SHIFT; x <= (hi - 1) >> DMEM_LINE_SHIFT; x++) {
		uint32_t b = line_bit(x);
		if (m->filter[b >> 6] & (1ull << (b & 63)))
			return true;
	}
	return false;
}

static struct dmem_rec *dmem_rec(struct emu_dmem *m)
{
	if (m->n == m->cap) {
		struct dmem_rec *log = gcn_array_room(m->log, &m->cap, m->n, sizeof(*log), 4096);
		if (!log) {
			m->oom = true;
			return NULL;
		}
		m->log = log;
	}
	return &m->log[m->n++];
}

static bool is_atomic(const struct emu_inst *in)
{
	if (!in || !in->op)
		return false;
	return (in->props & EMU_IP_ATOMIC) != 0;
}

static bool in_scratch(const struct emu_dispatch_ctx *ctx, uint64_t lo, uint64_t hi)
{
	return ctx->scratch_len && lo >= ctx->scratch_base && hi <= ctx->scratch_base + ctx->scratch_len;
}

/* The log's last record, if a store of `size` bytes at addr continues it in
 * memory and in the arena. */
static inline __attribute__((always_inline)) struct dmem_rec *dmem_continued(struct emu_dmem *m, uint64_t addr, unsigned size)
{
	if (!m->n)
		return NULL;
	struct dmem_rec *r = &m->log[m->n - 1];
	if (r->atom != DMEM_STORE || r->addr + r->size != addr || r->size + size > DMEM_REC_MAX ||
	    r->data + r->size != m->cur->data + m->cur->used || m->cur->used + size > DMEM_CHUNK)
		return NULL;
	return r;
}

/* A store of [addr, addr + size) into the log; the bytes to write. Inlined
 * in both callers: gva's per-element path keeps it as it was. */
static inline __attribute__((always_inline)) void *dmem_store(struct emu_dmem *m, const void *p, uint64_t addr, unsigned size)
{
	uint8_t *d;
	struct dmem_rec *r = dmem_continued(m, addr, size);
	if (r) {
		d = r->data + r->size;  /* the arena's next bytes (dmem_continued) */
		m->cur->used += size;
		r->size += size;
	} else {
		r = dmem_rec(m);
		d = r ? dmem_alloc(m, size) : NULL;
		if (!d) {
			if (r)
				m->n--;
			m->oom = true;
			static uint8_t sink[64];   /* written, never read: the dispatch fails at the merge */
			return size <= sizeof(sink) ? sink : NULL;
		}
		*r = (struct dmem_rec){ .addr = addr, .data = d, .size = size, .atom = DMEM_STORE };
	}
	/* the bytes as they are, should the semantics stop before writing */
	if (size == 4)
		memcpy(d, p, 4);
	else
		memcpy(d, p, size);
	filter_mark(m, addr, addr + size);
	return d;
}

/* p: the host bytes of [gpu, gpu + size), checked by the caller (the
 * fault rules of emu_gva). The log and the filter go by host address, so
 * that two GPU addresses of the same bytes (aliases) meet in them. */
void *emu_dmem_gva(struct emu_wave *w, uint64_t gpu, void *p, unsigned size, bool write)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	struct emu_dmem *m = ctx->dmem;
	uint64_t addr = (uint64_t)(uintptr_t)p;
	if (!size || in_scratch(ctx, gpu, gpu + size))
		return p;  /* a wave's private segment: no other wave reads it */
	if (write) {
		if (is_atomic(w->cur))
			return p;  /* checked only: performed at the merge (emu_dmem_atomic) */
		return dmem_store(m, p, addr, size);
	}
	if (!m->n || !filter_hit(m, addr, addr + size))
		return p;
	/* Compose: memory as of the window's start, then the domain's own
	 * stores over it in their order. */
	uint8_t *d = dmem_alloc(m, size);
	if (!d)
		return p;
	memcpy(d, p, size);
	for (size_t i = 0; i < m->n; i++) {
		const struct dmem_rec *r = &m->log[i];
		if (r->atom != DMEM_STORE || r->addr >= addr + size || r->addr + r->size <= addr)
			continue;
		uint64_t lo = r->addr > addr ? r->addr : addr;
		uint64_t hi = r->addr + r->size < addr + size ? r->addr + r->size : addr + size;
		memcpy(d + (lo - addr), r->data + (lo - r->addr), hi - lo);
	}
	return d;
}

void *emu_dmem_store_range(struct emu_wave *w, uint64_t lo, uint64_t hi)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	if (hi <= lo || hi - lo > DMEM_REC_MAX)
		return NULL;
	if (ctx->scratch_len && lo < ctx->scratch_base + ctx->scratch_len && hi > ctx->scratch_base)
		return NULL;  /* (partly) a wave's private segment: the per-element rules */
	struct emu_dmem *m = ctx->dmem;
	if (m->oom)
		return NULL;  /* the dispatch fails at the merge: the per-element path as before */
	/* One record or the continuation of the last, where the per-element
	 * stores would have continued one another: the same bytes at the
	 * merge, the same lines in the filter. */
	void *d = dmem_store(m, (const void *)(uintptr_t)lo, lo, (unsigned)(hi - lo));
	return m->oom ? NULL : d;
}

bool emu_dmem_direct(struct emu_wave *w, uint64_t lo, uint64_t hi)
{
	const struct emu_dmem *m = w->ctx->dmem;
	const struct emu_inst *in = w->cur;
	unsigned cls = in && in->op ? in->op->cls : EMU_CLS_OTHER;
	if (cls == EMU_CLS_VMEM_STORE || cls == EMU_CLS_FLAT_STORE || cls == EMU_CLS_VMEM_ATOMIC ||
	    cls == EMU_CLS_FLAT_ATOMIC)
		return false;  /* writes go to the log (the per-element path) */
	if (!m->n || hi <= lo)
		return true;
	if (((hi - 1) >> DMEM_LINE_SHIFT) - (lo >> DMEM_LINE_SHIFT) >= 64)
		return false;
	return !filter_hit(m, lo, hi);
}

void emu_dmem_atomic(struct emu_wave *w, const struct emu_atomic_req *a)
{
	struct emu_dmem *m = w->ctx->dmem;
	struct dmem_atom *atoms = gcn_array_room(m->atoms, &m->cap_atoms, m->natoms, sizeof(*atoms), 256);
	if (!atoms) {
		m->oom = true;
		return;
	}
	m->atoms = atoms;
	/* by host address, as the stores; gva checked a->addr, so it
	 * translates (the dispatch holds the memory lock) */
	uint64_t addr = (uint64_t)(uintptr_t)emu_mem_translate(w->ctx->mem, a->addr, a->bytes);
	struct dmem_rec *r = addr ? dmem_rec(m) : NULL;
	if (!r) {
		m->oom |= !addr;
		return;
	}
	*r = (struct dmem_rec){ .addr = addr, .size = a->bytes, .atom = (uint32_t)m->natoms };
	m->atoms[m->natoms++] = (struct dmem_atom){ .req = *a, .w = w };
	filter_mark(m, addr, addr + a->bytes);
	if (a->ret) {
		w->deferred++;
		/* stop the wave after this instruction (emu_dispatch_run.c run_wave) */
		struct emu_dispatch_ctx *ctx = w->ctx;
		if (!ctx->budget_held) {
			ctx->budget_hold = ctx->budget;
			ctx->budget_held = true;
			ctx->budget = 0;
		}
	}
}

bool emu_dmem_merge(struct emu_dmem *m)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct dmem_rec *r = &m->log[i];
		void *p = (void *)(uintptr_t)r->addr;
		if (r->atom == DMEM_STORE) {
			memcpy(p, r->data, r->size);
			continue;
		}
		const struct dmem_atom *x = &m->atoms[r->atom];
		const struct emu_atomic_req *a = &x->req;
		uint64_t old = 0;
		memcpy(&old, p, a->bytes);
		uint64_t nv = a->apply(a->op, a->bytes, old, a->src, a->cmp);
		memcpy(p, &nv, a->bytes);
		if (a->ret) {
			a->ret[0] = (uint32_t)old;
			if (a->bytes == 8)
				a->ret[a->stride] = (uint32_t)(old >> 32);
			x->w->deferred--;
		}
	}
	bool ok = !m->oom;
	m->n = 0;
	m->natoms = 0;
	m->cur = m->first;
	if (m->cur)
		m->cur->used = 0;
	if (m->oom)
		memset(m->filter, 0, ((size_t)1 << (DMEM_FILTER_BITS - 6)) * sizeof(*m->filter));
	else
		for (size_t i = 0; i < m->ntouched; i++)
			m->filter[m->touched[i]] = 0;
	m->ntouched = 0;
	m->last_line = UINT64_MAX;
	m->oom = false;
	return ok;
}

/* ---- worker threads ---- */

/* Windows are short (a few to a few hundred microseconds of host time), so
 * a thread that sleeps on a condition variable between two of them pays a
 * futex wait and wake per window. Workers and the dispatching thread
 * therefore first spin for up to POOL_SPIN polls, and sleep only when the
 * wait is longer (the dispatch ended, or another process holds the core).
 *
 * The dispatching thread waits for the run's jobs, not for the workers: a
 * worker that another process keeps off its core takes no job, and the
 * dispatcher runs them all itself instead of waiting a scheduler tick per
 * window for it. So a job is claimed by one compare-and-swap on `next`,
 * which holds the run's generation, job count and next index: a worker that
 * wakes up late fails the swap and never runs a job of a run it did not
 * see. fn and arg are written only while no job is claimable (every job of
 * the previous run is finished), and read only by a thread holding a
 * claim. None of this decides anything but which thread runs a domain:
 * the results do not depend on it. */
#define POOL_SPIN 4096u

/* next: generation (bits 63..32), jobs (31..16), next index (15..0) */
#define POOL_GEN(v) ((v) >> 32)
#define POOL_NJOBS(v) (((v) >> 16) & 0xffffu)
#define POOL_INDEX(v) ((v) & 0xffffu)

struct emu_pool {
	pthread_t *th;
	unsigned nth;                    /* workers (the caller is one more thread) */
	pthread_mutex_t mu;
	pthread_cond_t go, done;
	_Atomic uint64_t next;
	atomic_uint finished;            /* jobs of the current run done */
	atomic_bool quit;
	void (*fn)(void *, unsigned);
	void *arg;
};

static inline void pool_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Claim and run jobs of the run `next` now holds; the thread that finishes
 * the last one wakes a sleeping caller. */
static void pool_jobs(struct emu_pool *p)
{
	uint64_t v = atomic_load_explicit(&p->next, memory_order_acquire);
	while (POOL_INDEX(v) < POOL_NJOBS(v)) {
		if (!atomic_compare_exchange_weak_explicit(&p->next, &v, v + 1, memory_order_acq_rel,
		                                           memory_order_acquire))
			continue;
		p->fn(p->arg, (unsigned)POOL_INDEX(v));
		if (atomic_fetch_add_explicit(&p->finished, 1, memory_order_acq_rel) + 1 == POOL_NJOBS(v)) {
			/* under the lock: the caller tests `finished` under it before it sleeps */
			pthread_mutex_lock(&p->mu);
			pthread_cond_signal(&p->done);
			pthread_mutex_unlock(&p->mu);
		}
		v = atomic_load_explicit(&p->next, memory_order_acquire);
	}
}

static bool pool_idle(struct emu_pool *p, uint64_t seen)
{
	return !atomic_load_explicit(&p->quit, memory_order_acquire) &&
	       POOL_GEN(atomic_load_explicit(&p->next, memory_order_acquire)) == seen;
}

static void *pool_main(void *arg)
{
	struct emu_pool *p = arg;
	uint64_t seen = 0;
	for (;;) {
		for (unsigned k = 0; k < POOL_SPIN && pool_idle(p, seen); k++)
			pool_relax();
		if (pool_idle(p, seen)) {
			pthread_mutex_lock(&p->mu);
			while (pool_idle(p, seen))
				pthread_cond_wait(&p->go, &p->mu);
			pthread_mutex_unlock(&p->mu);
		}
		if (atomic_load_explicit(&p->quit, memory_order_acquire))
			break;
		seen = POOL_GEN(atomic_load_explicit(&p->next, memory_order_acquire));
		pool_jobs(p);
	}
	return NULL;
}

struct emu_pool *emu_pool_create(unsigned n)
{
	if (n < 2)
		return NULL;
	struct emu_pool *p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->th = calloc(n - 1, sizeof(*p->th));
	if (!p->th) {
		free(p);
		return NULL;
	}
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->go, NULL);
	pthread_cond_init(&p->done, NULL);
	for (unsigned i = 0; i + 1 < n; i++) {
		if (pthread_create(&p->th[i], NULL, pool_main, p))
			break;
		p->nth++;
	}
	if (!p->nth) {
		emu_pool_destroy(p);
		return NULL;
	}
	return p;
}

void emu_pool_destroy(struct emu_pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	atomic_store_explicit(&p->quit, true, memory_order_release);
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->mu);
	for (unsigned i = 0; i < p->nth; i++)
		pthread_join(p->th[i], NULL);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->go);
	pthread_cond_destroy(&p->done);
	free(p->th);
	free(p);
}

static bool pool_running(struct emu_pool *p, unsigned njobs)
{
	return atomic_load_explicit(&p->finished, memory_order_acquire) < njobs;
}

void emu_pool_run(struct emu_pool *p, unsigned njobs, void (*fn)(void *arg, unsigned i), void *arg)
{
	if (!njobs)
		return;
	/* No job is claimable here (the last run's are all finished), so no
	 * thread reads fn and arg while they change. */
	p->fn = fn;
	p->arg = arg;
	atomic_store_explicit(&p->finished, 0, memory_order_relaxed);
	uint64_t gen = POOL_GEN(atomic_load_explicit(&p->next, memory_order_relaxed)) + 1;
	pthread_mutex_lock(&p->mu);
	atomic_store_explicit(&p->next, gen << 32 | (uint64_t)njobs << 16, memory_order_release);
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->mu);
	pool_jobs(p);
	for (unsigned k = 0; k < POOL_SPIN && pool_running(p, njobs); k++)
		pool_relax();
	if (pool_running(p, njobs)) {
		pthread_mutex_lock(&p->mu);
		while (pool_running(p, njobs))
			pthread_cond_wait(&p->done, &p->mu);
		pthread_mutex_unlock(&p->mu);
	}
}

unsigned emu_domain_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}
