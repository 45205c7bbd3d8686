/*
 * emu_mem — registry of the memory the emulated GPU may touch: a sorted
 * array of disjoint [base, end) GPU ranges, each with the distance to its
 * host bytes (0 but for aliases), a one-entry cache of the last hit
 * and a recursive mutex (the packet processor holds it around a dispatch
 * and the dispatch code may take it again through emu_mem_find), and the
 * next free address of the GPU's address space.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/emu_mem.h"
#include "gcn_array.h"

/* Mappings go one after the other from 32 TiB, each 2 MiB aligned (a
 * translation granule of the model's UTCL1, as ROCr aligns large VRAM
 * allocations): above the low user space and above ASan's shadow (which
 * ends near 16 TiB), below the PIE binary, heap and mmap area that ASLR
 * moves around (~85-128 TiB). MAP_FIXED_NOREPLACE never replaces an
 * existing mapping; a taken range moves on to the next slot, and as a last
 * resort the kernel picks (placement then varies, nothing else does). */
#ifndef EMU_VA_BASE  /* a ThreadSanitizer build moves it below TSan's shadow (-DEMU_VA_BASE=...) */
#define EMU_VA_BASE (32ull << 40)
#endif
#define EMU_VA_ALIGN (2ull << 20)
#define EMU_VA_TRIES 64

struct emu_mem_range {
	uint64_t base;
	uint64_t end;              /* exclusive */
	uint64_t delta;            /* host address - GPU address (mod 2^64): 0 but for aliases */
	enum emu_mem_kind kind;
	bool gpu;                  /* mapped for the GPU (emu_mem_set_gpu) */
	bool direct;               /* gpu, and the host bytes at the GPU address (delta 0) */
};

struct emu_mem {
	pthread_mutex_t lock;
	struct emu_mem_range *r;   /* sorted by base, disjoint */
	size_t n, cap;
	size_t cache;              /* index of the last translated range; n = none */
	_Atomic uint64_t va_next;  /* where emu_mem_map places the next mapping */
};

void emu_mem_destroy(struct emu_mem *m)
{
	if (!m)
		return;
	pthread_mutex_destroy(&m->lock);
	free(m->r);
	free(m);
}

struct emu_mem *emu_mem_create(void)
{
	struct emu_mem *m = calloc(1, sizeof(*m));
	pthread_mutexattr_t attr;
	bool locked;

	if (!m || pthread_mutexattr_init(&attr))
		goto fail;
	/* The attribute is needed only while the mutex is made. */
	locked = !pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE) &&
	         !pthread_mutex_init(&m->lock, &attr);
	pthread_mutexattr_destroy(&attr);
	if (!locked)
		goto fail;
	atomic_init(&m->va_next, EMU_VA_BASE);
	return m;
fail:
	free(m);
	return NULL;
}

/* len bytes of host address space with protection prot at the next slot of
 * the GPU's address space (emu_mem_map, emu_mem_reserve). */
static void *emu_mem_place(struct emu_mem *m, size_t len, int prot, int flags)
{
	uint64_t span = ((uint64_t)len + EMU_VA_ALIGN - 1) & ~(EMU_VA_ALIGN - 1);
	void *p;

	flags |= MAP_PRIVATE | MAP_ANONYMOUS;
	for (unsigned i = 0; i < EMU_VA_TRIES; i++) {
		uint64_t at = atomic_fetch_add(&m->va_next, span);
		p = mmap((void *)(uintptr_t)at, len, prot, flags | MAP_FIXED_NOREPLACE, -1, 0);
		if (p == (void *)(uintptr_t)at)
			return p;
		if (p != MAP_FAILED)  /* a kernel without MAP_FIXED_NOREPLACE took it as a hint */
			return p;
		if (errno != EEXIST)
			break;
	}
	p = mmap(NULL, len, prot, flags, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

void *emu_mem_map(struct emu_mem *m, size_t len)
{
	void *p = emu_mem_place(m, len, PROT_READ | PROT_WRITE, 0);
	/* Large buffers on 2 MiB pages where the host allows it: a fault and
	 * a page-table entry per 2 MiB instead of per 4 KiB. Advice only. */
	if (p && len >= EMU_VA_ALIGN)
		(void)madvise(p, len, MADV_HUGEPAGE);
	return p;
}

/* Inaccessible and unbacked: the host never touches an alias's GPU
 * addresses, and owning them keeps every other mapping off them. */
void *emu_mem_reserve(struct emu_mem *m, size_t len)
{
	return emu_mem_place(m, len, PROT_NONE, MAP_NORESERVE);
}

void emu_mem_lock(struct emu_mem *m)
{
	pthread_mutex_lock(&m->lock);
}

void emu_mem_unlock(struct emu_mem *m)
{
	pthread_mutex_unlock(&m->lock);
}

/* Index of the first range whose base is > addr. */
static size_t emu_mem_upper(const struct emu_mem *m, uint64_t addr)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->r[mid].base <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Range containing addr, or NULL, by binary search; it becomes the cached
 * one. Lock held. */
static const struct emu_mem_range *emu_mem_search(struct emu_mem *m, uint64_t addr)
{
	size_t i = emu_mem_upper(m, addr);

	if (i == 0 || addr >= m->r[i - 1].end)
		return NULL;
	__atomic_store_n(&m->cache, i - 1, __ATOMIC_RELAXED);
	return &m->r[i - 1];
}

/* Range containing addr, or NULL. Lock held. The cached range's test is
 * inlined into the callers (translate, direct: once per memory
 * instruction or element), the search is not. */
static inline const struct emu_mem_range *emu_mem_lookup(struct emu_mem *m, uint64_t addr)
{
	/* Relaxed atomics: the simulation threads of a dispatch look up
	 * concurrently (core/emu_domain.h); any index is checked before use. */
	size_t c = __atomic_load_n(&m->cache, __ATOMIC_RELAXED);

	if (c < m->n && addr >= m->r[c].base && addr < m->r[c].end)
		return &m->r[c];
	return emu_mem_search(m, addr);
}

static bool emu_mem_insert(struct emu_mem *m, uint64_t b, uint64_t host, size_t size, enum emu_mem_kind kind)
{
	struct emu_mem_range *r;
	bool ok = false;
	size_t i;

	if (!m || !b || size == 0 || b + size < b)
		return false;
	pthread_mutex_lock(&m->lock);
	i = emu_mem_upper(m, b);
	/* Disjoint from the neighbour below and the one above. */
	if (i > 0 && m->r[i - 1].end > b)
		goto out;
	if (i < m->n && m->r[i].base < b + size)
		goto out;
	r = gcn_array_room(m->r, &m->cap, m->n, sizeof(*r), 64);
	if (!r)
		goto out;
	m->r = r;
	memmove(&m->r[i + 1], &m->r[i], (m->n - i) * sizeof(*m->r));
	m->r[i] = (struct emu_mem_range){ b, b + size, host - b, kind, true, host == b };
	m->n++;
	m->cache = m->n;  /* indices moved */
	ok = true;
out:
	pthread_mutex_unlock(&m->lock);
	return ok;
}

bool emu_mem_add(struct emu_mem *m, void *base, size_t size, enum emu_mem_kind kind)
{
	uint64_t b = (uint64_t)(uintptr_t)base;

	return emu_mem_insert(m, b, b, size, kind);
}

bool emu_mem_add_alias(struct emu_mem *m, uint64_t gva, void *host, size_t size, enum emu_mem_kind kind)
{
	return host && emu_mem_insert(m, gva, (uint64_t)(uintptr_t)host, size, kind);
}

static void emu_mem_erase(struct emu_mem *m, size_t i)
{
	memmove(&m->r[i], &m->r[i + 1], (m->n - i - 1) * sizeof(*m->r));
	m->n--;
	m->cache = m->n;
}

bool emu_mem_remove(struct emu_mem *m, void *base)
{
	uint64_t b = (uint64_t)(uintptr_t)base;
	bool ok = false;
	size_t i;

	if (!m)
		return false;
	pthread_mutex_lock(&m->lock);
	i = emu_mem_upper(m, b);
	if (i > 0 && m->r[i - 1].base == b) {
		emu_mem_erase(m, i - 1);
		ok = true;
	}
	pthread_mutex_unlock(&m->lock);
	return ok;
}

void *emu_mem_translate(struct emu_mem *m, uint64_t addr, size_t size)
{
	const struct emu_mem_range *r = emu_mem_lookup(m, addr);

	if (!r || !r->gpu || addr + size < addr || addr + size > r->end)
		return NULL;
	return (void *)(uintptr_t)(addr + r->delta);
}

bool emu_mem_direct(struct emu_mem *m, uint64_t addr, size_t size)
{
	const struct emu_mem_range *r = emu_mem_lookup(m, addr);

	return r && r->direct && addr + size >= addr && addr + size <= r->end;
}

bool emu_mem_set_gpu(struct emu_mem *m, void *base, bool gpu)
{
	uint64_t b = (uint64_t)(uintptr_t)base;
	bool ok = false;
	size_t i;

	pthread_mutex_lock(&m->lock);
	i = emu_mem_upper(m, b);
	if (i > 0 && m->r[i - 1].base == b) {
		m->r[i - 1].gpu = gpu;
		m->r[i - 1].direct = gpu && !m->r[i - 1].delta;
		ok = true;
	}
	pthread_mutex_unlock(&m->lock);
	return ok;
}

bool emu_mem_near(struct emu_mem *m, uint64_t addr, uint64_t *base, size_t *size, bool *inside)
{
	size_t i = emu_mem_upper(m, addr);

	if (i == 0)
		return false;
	*base = m->r[i - 1].base;
	*size = (size_t)(m->r[i - 1].end - m->r[i - 1].base);
	*inside = addr < m->r[i - 1].end;
	return true;
}

bool emu_mem_find(struct emu_mem *m, uint64_t addr, uint64_t *base, size_t *size,
                  enum emu_mem_kind *kind)
{
	const struct emu_mem_range *r;
	bool ok = false;

	pthread_mutex_lock(&m->lock);
	r = emu_mem_lookup(m, addr);
	if (r) {
		if (base)
			*base = r->base;
		if (size)
			*size = (size_t)(r->end - r->base);
		if (kind)
			*kind = r->kind;
		ok = true;
	}
	pthread_mutex_unlock(&m->lock);
	return ok;
}

bool emu_mem_pop(struct emu_mem *m, void **base, size_t *size, enum emu_mem_kind *kind)
{
	bool ok = false;

	pthread_mutex_lock(&m->lock);
	if (m->n) {
		const struct emu_mem_range *r = &m->r[m->n - 1];
		*base = (void *)(uintptr_t)r->base;
		*size = (size_t)(r->end - r->base);
		*kind = r->kind;
		emu_mem_erase(m, m->n - 1);
		ok = true;
	}
	pthread_mutex_unlock(&m->lock);
	return ok;
}
