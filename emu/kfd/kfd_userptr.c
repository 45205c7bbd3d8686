/*
 * kfd_userptr — host memory registered for the GPU (hsaKmtRegisterMemory*:
 * hsa_amd_memory_lock, hipHostRegister, and the HIP runtime's pinning of
 * pageable buffers in chunks for hipMemcpy).
 *
 * As on a dGPU with the KFD (thunk 5.2.3, fmm_register_user_memory), each
 * registration is a userptr object of its own with a GPU address of its
 * own: its pages get a range of the GPU's address space (here an alias in
 * the emulator's memory, core/emu_mem.h, whose bytes are the user's host
 * pages), and hsaKmtMapMemoryToGPU[Nodes] returns that range's address plus
 * the host address's offset in its page, which ROCr hands out as the
 * locked memory's agent pointer (MemoryRegion::Lock). The host address is
 * not a GPU address: a kernel that uses it faults, as on the GPU. The HIP
 * runtime files registered memory under both addresses and removes both
 * at hipHostUnregister, which needs them to differ.
 *
 * Registrations may overlap (the HIP runtime keeps chunks of a pageable
 * buffer pinned after a large hipMemcpy, and a later hipHostRegister of
 * the whole buffer overlaps them): each has its own GPU range over the
 * same host pages. The same range (address and size) registered again
 * counts up (registration_count), a registration mapped again counts its
 * maps (mapping_count). Lookups follow the thunk's vm_find_object: a host
 * address with a size names the registration of that address and size;
 * without one, the one registration starting there (none if several do);
 * failing that, the address is taken as a registration's GPU address.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "gcn_array.h"
#include "kfd/kfd_priv.h"

#define KFD_PAGE 4096ull

/* The registration at host address addr of `size` bytes (0: the only one
 * starting at addr), else the one at GPU address addr. */
struct kfd_userptr *kfd_userptr_find(uint64_t addr, uint64_t size)
{
	struct kfd_userptr *hit = NULL;
	unsigned starts = 0;

	for (size_t i = 0; i < kfd.nuserptrs; i++) {
		struct kfd_userptr *u = &kfd.userptrs[i];
		if (u->addr == addr && (!size || u->size == size)) {
			hit = u;
			starts++;
		}
	}
	if (starts == 1)
		return hit;
	for (size_t i = 0; i < kfd.nuserptrs; i++) {
		struct kfd_userptr *u = &kfd.userptrs[i];
		if (kfd_userptr_gpu(u) == addr && (!size || u->size == size))
			return u;
	}
	return NULL;
}

/* Of the registrations whose host bytes hold addr, the thunk's range
 * lookup (vm_find_object_by_userptr_range: the nearest start below addr
 * first) answers with the one starting nearest below addr, else one
 * starting at addr. */
struct kfd_userptr *kfd_userptr_holding(uint64_t addr)
{
	struct kfd_userptr *below = NULL, *at = NULL;

	for (size_t i = 0; i < kfd.nuserptrs; i++) {
		struct kfd_userptr *u = &kfd.userptrs[i];
		if (addr - u->addr >= u->size)
			continue;
		if (u->addr == addr)
			at = at ? at : u;
		else if (!below || u->addr > below->addr)
			below = u;
	}
	if (below || at)
		return below ? below : at;
	for (size_t i = 0; i < kfd.nuserptrs; i++) {
		struct kfd_userptr *u = &kfd.userptrs[i];
		if (addr - kfd_userptr_gpu(u) < u->size)
			return u;
	}
	return NULL;
}

uint64_t kfd_userptr_gpu(const struct kfd_userptr *u)
{
	return u->gva + (u->addr & (KFD_PAGE - 1));
}

bool kfd_userptr_map(uint64_t addr, uint64_t size, bool map, bool cpu_only, uint64_t *gpu)
{
	struct kfd_userptr *u = kfd_userptr_find(addr, size);

	if (!u)
		return false;
	if (map && !cpu_only)
		u->maps++;
	else if (!map)
		u->maps = u->maps > 1 ? u->maps - 1 : 0;
	emu_mem_set_gpu(kfd.mem, (void *)(uintptr_t)u->gva, u->maps > 0);
	if (gpu)
		*gpu = kfd_userptr_gpu(u);
	return true;
}

/* Whether [lo, hi) is read-write memory of the process, as the KFD needs
 * to pin a userptr's pages for the GPU to write (the thunk asks for
 * KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE). From /proc/self/maps, whose lines are
 * in address order: "start-end perms ...". */
static bool kfd_up_host_rw(uint64_t lo, uint64_t hi)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	uint64_t at = lo;

	if (!f)
		return false;
	while (at < hi && fgets(line, sizeof(line), f)) {
		unsigned long long start, end;
		char perms[5];
		if (sscanf(line, "%llx-%llx %4s", &start, &end, perms) != 3 || end <= at)
			continue;
		if (start > at || perms[0] != 'r' || perms[1] != 'w')
			break;  /* a hole or a page the GPU could not write */
		at = end;
	}
	fclose(f);
	return at >= hi;
}

static void kfd_up_erase(struct kfd_userptr *u)
{
	size_t i = (size_t)(u - kfd.userptrs);

	emu_mem_remove(kfd.mem, (void *)(uintptr_t)u->gva);
	munmap((void *)(uintptr_t)u->gva, u->hi - u->lo);
	memmove(u, u + 1, (kfd.nuserptrs - i - 1) * sizeof(*u));
	kfd.nuserptrs--;
}

/* A new registration u: its GPU range, an alias of its pages, unmapped
 * until hsaKmtMapMemoryToGPU[Nodes]. kfd.lock held. */
static HSAKMT_STATUS kfd_up_add(struct kfd_userptr *u)
{
	size_t len = u->hi - u->lo;
	struct kfd_userptr *n = gcn_array_room(kfd.userptrs, &kfd.userptr_cap, kfd.nuserptrs, sizeof(*n), 16);
	void *gva;

	if (!n)
		return HSAKMT_STATUS_NO_MEMORY;
	kfd.userptrs = n;
	gva = emu_mem_reserve(kfd.mem, len);
	if (!gva)
		return HSAKMT_STATUS_NO_MEMORY;
	u->gva = (uint64_t)(uintptr_t)gva;
	if (!emu_mem_add_alias(kfd.mem, u->gva, (void *)(uintptr_t)u->lo, len, EMU_MEM_USERPTR)) {
		munmap(gva, len);
		return HSAKMT_STATUS_NO_MEMORY;
	}
	emu_mem_set_gpu(kfd.mem, gva, false);
	kfd.userptrs[kfd.nuserptrs++] = *u;
	return HSAKMT_STATUS_SUCCESS;
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
	if (!addr || size == 0 || a + size < a || u.hi < a)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	pthread_mutex_lock(&kfd.lock);
	own = kfd_range_find(a);
	old = kfd_userptr_find(a, size);
	if (own && a + size <= own->base + own->size) {
		/* the thunk's own memory is registered already */
	} else if (own || kfd_range_find(u.hi - 1)) {
		st = HSAKMT_STATUS_INVALID_PARAMETER;  /* partly the thunk's memory */
	} else if (old) {
		old->refs++;
	} else if (!kfd_up_host_rw(u.lo, u.hi)) {
		/* Silent, as the thunk's pr_err below HSAKMT_DEBUG_LEVEL 3 (err):
		 * the HIP runtime copies from read-only memory through staging
		 * buffers when pinning fails; hipHostRegister answers
		 * hipErrorOutOfMemory. */
		const char *lvl = getenv("HSAKMT_DEBUG_LEVEL");
		if (lvl && atoi(lvl) >= 3)
			fprintf(stderr, "libhsakmt (gcnlab emulated KFD): cannot register %llu bytes at %p: not "
			        "all of it is read-write memory of the process (the KFD pins the pages for the "
			        "GPU to write)\n", (unsigned long long)size, addr);
		st = HSAKMT_STATUS_ERROR;
	} else {
		st = kfd_up_add(&u);
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
	u = kfd_userptr_find(a, 0);
	if (u) {
		/* The last one frees the object, mapped or not (__fmm_release);
		 * under a dispatch emu_mem_remove waits for its end. */
		if (--u->refs == 0)
			kfd_up_erase(u);
	} else if (!kfd_range_find(a)) {
		st = HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
	}
	pthread_mutex_unlock(&kfd.lock);
	return st;
}

void kfd_userptr_release_all(void)
{
	while (kfd.nuserptrs)
		kfd_up_erase(&kfd.userptrs[kfd.nuserptrs - 1]);
	free(kfd.userptrs);
	kfd.userptrs = NULL;
	kfd.nuserptrs = kfd.userptr_cap = 0;
}
