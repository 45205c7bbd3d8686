/*
 * kfd_userptr — host memory registered for the GPU (hsaKmtRegisterMemory*:
 * hsa_amd_memory_lock, hipHostRegister, and the HIP runtime's pinning of
 * pageable buffers in chunks for hipMemcpy).
 *
 * Registrations may overlap, as the KFD's userptr objects may: the HIP
 * runtime keeps chunks of a pageable buffer pinned after a large hipMemcpy
 * and a later hipHostRegister of the whole buffer overlaps them. The same
 * range registered again counts up (the thunk's registration_count). The
 * GPU addresses the memory at its host address (GPU VA == host pointer), so
 * the emulator's memory holds one USERPTR extent per set of overlapping
 * registrations: the union of their pages, rebuilt when one comes or goes.
 * An extent is mapped for the GPU while any of its registrations is (ROCr
 * maps each registration right after registering it).
 */
#include <stdlib.h>
#include <string.h>

#include "kfd/kfd_priv.h"

#define KFD_PAGE 4096ull

static bool kfd_up_overlaps(const struct kfd_userptr *u, uint64_t lo, uint64_t hi)
{
	return u->lo < hi && lo < u->hi;
}

/* Grow [lo, hi) to the union of the registrations it overlaps, transitively. */
static void kfd_up_span(uint64_t *lo, uint64_t *hi, bool *mapped)
{
	bool grown;

	do {
		grown = false;
		for (size_t i = 0; i < kfd.nuserptrs; i++) {
			struct kfd_userptr *u = &kfd.userptrs[i];
			if (!kfd_up_overlaps(u, *lo, *hi))
				continue;
			if (u->lo < *lo || u->hi > *hi)
				grown = true;
			*lo = u->lo < *lo ? u->lo : *lo;
			*hi = u->hi > *hi ? u->hi : *hi;
		}
	} while (grown);
	*mapped = false;
	for (size_t i = 0; i < kfd.nuserptrs; i++)
		*mapped |= kfd_up_overlaps(&kfd.userptrs[i], *lo, *hi) && kfd.userptrs[i].mapped;
}

/* Drop the emulator's USERPTR extents in [lo, hi). */
static void kfd_up_unmap_extents(uint64_t lo, uint64_t hi)
{
	for (uint64_t a = lo; a < hi;) {
		uint64_t base;
		size_t size;
		enum emu_mem_kind kind;
		if (emu_mem_find(kfd.mem, a, &base, &size, &kind) && kind == EMU_MEM_USERPTR) {
			emu_mem_remove(kfd.mem, (void *)(uintptr_t)base);
			a = base + size;
		} else {
			a += KFD_PAGE;
		}
	}
}

/* Give the emulator one extent per set of overlapping registrations in
 * [lo, hi), after the registrations there changed. False if the memory
 * overlaps GPU memory of the thunk's. */
static bool kfd_up_rebuild(uint64_t lo, uint64_t hi)
{
	bool ok = true;

	kfd_up_unmap_extents(lo, hi);
	for (size_t i = 0; i < kfd.nuserptrs; i++) {
		struct kfd_userptr *u = &kfd.userptrs[i];
		uint64_t a = u->lo, b = u->hi;
		bool mapped;
		if (!kfd_up_overlaps(u, lo, hi) || emu_mem_find(kfd.mem, a, NULL, NULL, NULL))
			continue;
		kfd_up_span(&a, &b, &mapped);
		if (!emu_mem_add(kfd.mem, (void *)(uintptr_t)a, b - a, EMU_MEM_USERPTR)) {
			ok = false;
			continue;
		}
		emu_mem_set_gpu(kfd.mem, (void *)(uintptr_t)a, mapped);
	}
	return ok;
}

struct kfd_userptr *kfd_userptr_find(uint64_t addr)
{
	struct kfd_userptr *hit = NULL;

	for (size_t i = 0; i < kfd.nuserptrs; i++) {
		struct kfd_userptr *u = &kfd.userptrs[i];
		if (u->addr == addr)
			return u;
		if (!hit && addr >= u->addr && addr - u->addr < u->size)
			hit = u;
	}
	return hit;
}

bool kfd_userptr_set_mapped(uint64_t addr, bool mapped)
{
	struct kfd_userptr *u = kfd_userptr_find(addr);

	if (!u)
		return false;
	u->mapped = mapped;
	kfd_up_rebuild(u->lo, u->hi);
	return true;
}

static void kfd_up_erase(struct kfd_userptr *u)
{
	size_t i = (size_t)(u - kfd.userptrs);

	memmove(u, u + 1, (kfd.nuserptrs - i - 1) * sizeof(*u));
	kfd.nuserptrs--;
}

KFD_API HSAKMT_STATUS hsaKmtRegisterMemoryWithFlags(void *addr, HSAuint64 size, HsaMemFlags flags)
{
	uint64_t a = (uint64_t)(uintptr_t)addr;
	struct kfd_userptr u = { .addr = a, .size = size, .flags = flags, .refs = 1,
	                         .lo = a & ~(KFD_PAGE - 1),
	                         .hi = (a + size + KFD_PAGE - 1) & ~(KFD_PAGE - 1) };
	struct kfd_range *own;
	struct kfd_userptr *old;
	HSAKMT_STATUS st = HSAKMT_STATUS_SUCCESS;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!addr || size == 0 || a + size < a)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	pthread_mutex_lock(&kfd.lock);
	own = kfd_range_find(a);
	old = kfd_userptr_find(a);
	if (own && a + size <= own->base + own->size) {
		/* the thunk's own memory is registered already */
	} else if (own || kfd_range_find(u.hi - 1)) {
		st = HSAKMT_STATUS_INVALID_PARAMETER;  /* partly the thunk's memory */
	} else if (old && old->addr == a && old->size == size) {
		old->refs++;
	} else {
		struct kfd_userptr *n = kfd.userptrs;
		if (kfd.nuserptrs == kfd.userptr_cap) {
			size_t cap = kfd.userptr_cap ? kfd.userptr_cap * 2 : 16;
			n = realloc(kfd.userptrs, cap * sizeof(*n));
			if (n) {
				kfd.userptrs = n;
				kfd.userptr_cap = cap;
			}
		}
		if (!n) {
			st = HSAKMT_STATUS_NO_MEMORY;
		} else {
			kfd.userptrs[kfd.nuserptrs++] = u;
			if (!kfd_up_rebuild(u.lo, u.hi)) {
				/* overlaps GPU memory the thunk did not allocate */
				kfd_up_erase(&kfd.userptrs[kfd.nuserptrs - 1]);
				kfd_up_rebuild(u.lo, u.hi);
				st = HSAKMT_STATUS_INVALID_PARAMETER;
			}
		}
	}
	pthread_mutex_unlock(&kfd.lock);
	return st;
}

KFD_API HSAKMT_STATUS hsaKmtDeregisterMemory(void *addr)
{
	uint64_t a = (uint64_t)(uintptr_t)addr;
	struct kfd_userptr *u;
	HSAKMT_STATUS st = HSAKMT_STATUS_SUCCESS;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	pthread_mutex_lock(&kfd.lock);
	u = kfd_userptr_find(a);
	if (u && u->addr == a) {
		if (--u->refs == 0) {
			uint64_t lo = u->lo, hi = u->hi;
			bool mapped;
			kfd_up_span(&lo, &hi, &mapped);  /* the extent it was part of */
			kfd_up_erase(u);
			kfd_up_rebuild(lo, hi);
		}
	} else if (!kfd_range_find(a)) {
		st = HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
	}
	pthread_mutex_unlock(&kfd.lock);
	return st;
}

void kfd_userptr_release_all(void)
{
	for (size_t i = 0; i < kfd.nuserptrs; i++)
		kfd_up_unmap_extents(kfd.userptrs[i].lo, kfd.userptrs[i].hi);
	free(kfd.userptrs);
	kfd.userptrs = NULL;
	kfd.nuserptrs = kfd.userptr_cap = 0;
}
