/*
 * kfd_memory — allocations on the emulator's memory (GPU VA == host
 * pointer, placed by emu_mem_map so that addresses repeat from run to run),
 * mapping into the GPU's VM, pointer queries; user pointers (at GPU
 * addresses of their own) are kfd_userptr.c's.
 *
 * A range is GPU-visible only while mapped (hsaKmtMapMemoryToGPU[Nodes]),
 * as with the KFD: a kernel that touches an allocation ROCr did not map
 * faults. Mapping is per allocation (a map of part of it maps all of it).
 * Freeing drops what the GPU decoded from the range (emu_gpu_drop_code).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "kfd/kfd_priv.h"

#define KFD_PAGE 4096ull

static const HSAuint32 kfd_gpu_node = KFD_NODE_GPU;

static enum emu_mem_kind kfd_kind(uint32_t node, HsaMemFlags f)
{
	if (f.ui32.Scratch)
		return EMU_MEM_SCRATCH;
	if (f.ui32.ExecuteAccess)
		return EMU_MEM_CODE;
	return node == KFD_NODE_GPU ? EMU_MEM_COARSE : EMU_MEM_FINE;
}

KFD_API HSAKMT_STATUS hsaKmtAllocMemory(HSAuint32 node, HSAuint64 size, HsaMemFlags flags,
                                        void **addr)
{
	struct kfd_range r = { .flags = flags, .node = node };
	HSAKMT_STATUS st = HSAKMT_STATUS_SUCCESS;
	void *p;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!addr || size == 0)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	if (node >= KFD_NODES)
		return HSAKMT_STATUS_INVALID_NODE_UNIT;
	/* No GDS on the emulated GPU; fixed addresses would break the
	 * deterministic placement. Scratch is GPU memory. */
	if (flags.ui32.GDSMemory || flags.ui32.FixedAddress)
		return HSAKMT_STATUS_NOT_SUPPORTED;
	if (flags.ui32.Scratch && node != KFD_NODE_GPU)
		return HSAKMT_STATUS_INVALID_NODE_UNIT;
	size = (size + KFD_PAGE - 1) & ~(KFD_PAGE - 1);
	p = emu_mem_map(kfd.mem, size);
	if (!p)
		return HSAKMT_STATUS_NO_MEMORY;
	r.base = (uint64_t)(uintptr_t)p;
	r.size = size;
	pthread_mutex_lock(&kfd.lock);
	if (!emu_mem_add(kfd.mem, p, size, kfd_kind(node, flags))) {
		st = HSAKMT_STATUS_NO_MEMORY;
	} else if (!kfd_range_insert(&r)) {
		emu_mem_remove(kfd.mem, p);
		st = HSAKMT_STATUS_NO_MEMORY;
	} else {
		emu_mem_set_gpu(kfd.mem, p, false);  /* visible once mapped */
	}
	pthread_mutex_unlock(&kfd.lock);
	if (st != HSAKMT_STATUS_SUCCESS) {
		munmap(p, size);
		return st;
	}
	*addr = p;
	return HSAKMT_STATUS_SUCCESS;
}

KFD_API HSAKMT_STATUS hsaKmtFreeMemory(void *addr, HSAuint64 size)
{
	struct kfd_range *r, copy;

	(void)size;  /* the allocation's own size is what is freed */
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!addr)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	pthread_mutex_lock(&kfd.lock);
	r = kfd_range_find((uint64_t)(uintptr_t)addr);
	if (!r || r->base != (uint64_t)(uintptr_t)addr) {
		pthread_mutex_unlock(&kfd.lock);
		return HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
	}
	copy = *r;
	kfd_range_erase(r);
	emu_mem_remove(kfd.mem, addr);
	pthread_mutex_unlock(&kfd.lock);
	/* Not under a dispatch: the decoded code may be running. */
	pthread_mutex_lock(&kfd.dispatch_lock);
	emu_gpu_drop_code(kfd.gpu, copy.base, copy.size);
	pthread_mutex_unlock(&kfd.dispatch_lock);
	munmap(addr, copy.size);
	return HSAKMT_STATUS_SUCCESS;
}

/* Map (for the GPU: gpu; for the CPU alone: !gpu) or unmap (!map) the
 * allocation holding addr, or the user pointer at addr (size bytes; 0: the
 * one starting there); *alt: the GPU address, addr itself but for a user
 * pointer. */
static HSAKMT_STATUS kfd_set_mapped(void *addr, HSAuint64 size, HSAuint64 *alt, bool map, bool gpu_view)
{
	uint64_t a = (uint64_t)(uintptr_t)addr, gpu = a;
	struct kfd_range *r;
	HSAKMT_STATUS st = HSAKMT_STATUS_SUCCESS;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!addr)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	pthread_mutex_lock(&kfd.lock);
	r = kfd_range_find(a);
	if (r)
		emu_mem_set_gpu(kfd.mem, (void *)(uintptr_t)r->base, map && gpu_view);
	else if (!kfd_userptr_map(a, size, map, map && !gpu_view, &gpu))
		st = HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
	pthread_mutex_unlock(&kfd.lock);
	if (st == HSAKMT_STATUS_SUCCESS && alt)
		*alt = gpu;
	return st;
}

KFD_API HSAKMT_STATUS hsaKmtMapMemoryToGPU(void *addr, HSAuint64 size, HSAuint64 *alt)
{
	return kfd_set_mapped(addr, size, alt, true, true);
}

KFD_API HSAKMT_STATUS hsaKmtMapMemoryToGPUNodes(void *addr, HSAuint64 size, HSAuint64 *alt,
                                                HsaMemMapFlags flags, HSAuint64 nnodes,
                                                HSAuint32 *nodes)
{
	bool gpu = false;

	(void)flags;
	if (nnodes && !nodes)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	for (HSAuint64 i = 0; i < nnodes; i++) {
		if (nodes[i] >= KFD_NODES)
			return HSAKMT_STATUS_INVALID_NODE_UNIT;
		gpu |= nodes[i] == KFD_NODE_GPU;
	}
	/* A map to the CPU node alone leaves the GPU's view unmapped. */
	return kfd_set_mapped(addr, size, alt, true, gpu || nnodes == 0);
}

KFD_API HSAKMT_STATUS hsaKmtUnmapMemoryToGPU(void *addr)
{
	return kfd_set_mapped(addr, 0, NULL, false, false);
}

KFD_API HSAKMT_STATUS hsaKmtQueryPointerInfo(const void *ptr, HsaPointerInfo *info)
{
	struct kfd_range *r;
	struct kfd_userptr *u;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!info)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	memset(info, 0, sizeof(*info));
	pthread_mutex_lock(&kfd.lock);
	r = kfd_range_find((uint64_t)(uintptr_t)ptr);
	u = r ? NULL : kfd_userptr_holding((uint64_t)(uintptr_t)ptr);
	if (r) {
		info->Type = HSA_POINTER_ALLOCATED;
		info->Node = r->node;
		info->MemFlags = r->flags;
		info->CPUAddress = (void *)(uintptr_t)r->base;
		info->GPUAddress = r->base;
		info->SizeInBytes = r->size;
		info->UserData = r->user_data;
	} else if (u) {
		/* The thunk names the GPU that owns the alias (ROCr's PtrInfo
		 * then reports the CPU agent for locked memory). */
		info->Type = HSA_POINTER_REGISTERED_USER;
		info->Node = KFD_NODE_GPU;
		info->MemFlags = u->flags;
		info->CPUAddress = (void *)(uintptr_t)u->addr;
		info->GPUAddress = kfd_userptr_gpu(u);
		info->SizeInBytes = u->size;
		info->NRegisteredNodes = 1;
		info->RegisteredNodes = &kfd_gpu_node;
		info->UserData = u->user_data;
	}
	if (r || (u && u->maps)) {
		info->NMappedNodes = 1;
		info->MappedNodes = &kfd_gpu_node;
	}
	pthread_mutex_unlock(&kfd.lock);
	return r || u ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_ERROR;
}

KFD_API HSAKMT_STATUS hsaKmtSetMemoryUserData(const void *ptr, void *data)
{
	struct kfd_range *r;
	struct kfd_userptr *u;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	pthread_mutex_lock(&kfd.lock);
	r = kfd_range_find((uint64_t)(uintptr_t)ptr);
	u = r ? NULL : kfd_userptr_find((uint64_t)(uintptr_t)ptr, 0);
	if (r)
		r->user_data = data;
	else if (u)
		u->user_data = data;
	pthread_mutex_unlock(&kfd.lock);
	return r || u ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_PARAMETER;
}

void kfd_memory_release_all(void)
{
	for (size_t i = 0; i < kfd.nranges; i++) {
		struct kfd_range *r = &kfd.ranges[i];
		emu_mem_remove(kfd.mem, (void *)(uintptr_t)r->base);
		munmap((void *)(uintptr_t)r->base, r->size);
	}
	kfd_userptr_release_all();
	free(kfd.ranges);
	kfd.ranges = NULL;
	kfd.nranges = kfd.cap = 0;
}
