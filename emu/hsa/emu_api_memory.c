/*
 * emu_api_memory — memory pools (hsa_amd_*), legacy regions, allocation,
 * copies and fills.
 *
 * An allocation is anonymous host memory (zeroed, page granular, as KFD's
 * are) whose host address is its GPU address; it is registered in emu_mem
 * with the pool's kind so that kernels may touch it, and unregistered on
 * free. Region handles and pool handles are the same objects, as in ROCr.
 *
 * Status choices follow ROCr (amd_memory_region.cpp, hsa_ext_amd.cpp):
 * size 0 or a NULL result pointer -> INVALID_ARGUMENT; a pool that does not
 * allow runtime allocation (group segment) or a size above the pool ->
 * INVALID_ALLOCATION; the host refusing the memory -> OUT_OF_RESOURCES;
 * freeing a pointer that is not the base of an allocation ->
 * INVALID_ALLOCATION.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hsa/emu_runtime.h"

#define EMU_PAGE 4096u

static bool emu_is_alloc_kind(enum emu_mem_kind k)
{
	return k == EMU_MEM_KERNARG || k == EMU_MEM_FINE || k == EMU_MEM_COARSE;
}

/* ---- allocate / free ---- */

/* restrict: hsa_amd_memory_pool_allocate's allocations (ROCr passes
 * MemoryRegion::AllocateRestrict): system memory is then mapped for the CPU
 * only, until hsa_amd_agents_allow_access names a GPU; hsa_memory_allocate's
 * system memory is mapped for every GPU (ROCr amd_memory_region.cpp,
 * Allocate: "on non-restricted allocation, map it to all GPUs"). */
static hsa_status_t emu_pool_alloc(const struct emu_pool *p, size_t size, bool restrict_, void **ptr)
{
	size_t len;
	void *m;

	if (!p->alloc_allowed || size > p->size)
		return HSA_STATUS_ERROR_INVALID_ALLOCATION;
	len = (size + EMU_PAGE - 1) & ~(size_t)(EMU_PAGE - 1);
	m = emu_mem_map(emu_rt.mem, len);
	if (!m)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	if (!emu_mem_add(emu_rt.mem, m, len, p->kind)) {
		munmap(m, len);
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	if (restrict_ && p->owner == EMU_AGENT_CPU)
		emu_mem_set_gpu(emu_rt.mem, m, false);
	*ptr = m;
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t emu_free(void *ptr)
{
	uint64_t base;
	size_t size;
	enum emu_mem_kind kind;

	if (!ptr)
		return HSA_STATUS_SUCCESS;
	if (!emu_mem_find(emu_rt.mem, (uint64_t)(uintptr_t)ptr, &base, &size, &kind) ||
	    base != (uint64_t)(uintptr_t)ptr || !emu_is_alloc_kind(kind))
		return HSA_STATUS_ERROR_INVALID_ALLOCATION;
	/* Waits for a dispatch in flight to finish with the memory. */
	if (!emu_mem_remove(emu_rt.mem, ptr))
		return HSA_STATUS_ERROR_INVALID_ALLOCATION;
	munmap(ptr, size);
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t memory_pool, size_t size,
                                                  uint32_t flags, void **ptr)
{
	struct emu_pool *p;

	(void)flags;
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (size == 0 || !ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (!(p = emu_pool_from(memory_pool.handle)))
		return (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
	return emu_pool_alloc(p, size, true, ptr);
}

EMU_API hsa_status_t hsa_amd_memory_pool_free(void *ptr)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	return emu_free(ptr);
}

EMU_API hsa_status_t hsa_memory_allocate(hsa_region_t region, size_t size, void **ptr)
{
	struct emu_pool *p;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (size == 0 || !ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (!(p = emu_pool_from(region.handle)))
		return HSA_STATUS_ERROR_INVALID_REGION;
	return emu_pool_alloc(p, size, false, ptr);
}

EMU_API hsa_status_t hsa_memory_free(void *ptr)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	return emu_free(ptr);
}

/* ---- pools ---- */

static hsa_status_t emu_visit_pools(const enum emu_pool_id *ids, size_t n,
                                    hsa_status_t (*cb)(uint64_t handle, void *data), void *data)
{
	for (size_t i = 0; i < n; i++) {
		hsa_status_t st = cb((uint64_t)(uintptr_t)&emu_rt.pools[ids[i]], data);
		if (st != HSA_STATUS_SUCCESS)
			return st;
	}
	return HSA_STATUS_SUCCESS;
}

struct emu_pool_cb {
	hsa_status_t (*pool_cb)(hsa_amd_memory_pool_t, void *);
	hsa_status_t (*region_cb)(hsa_region_t, void *);
	void *data;
};

static hsa_status_t emu_pool_trampoline(uint64_t handle, void *data)
{
	struct emu_pool_cb *c = data;

	if (c->pool_cb)
		return c->pool_cb((hsa_amd_memory_pool_t){ handle }, c->data);
	return c->region_cb((hsa_region_t){ handle }, c->data);
}

/* Visit the pools (or regions) an agent lists: gpu[] for the GPU agent,
 * cpu[] for the CPU agent. */
static hsa_status_t emu_agent_visit(hsa_agent_t agent, bool has_callback,
                                    const enum emu_pool_id *gpu, uint32_t n_gpu,
                                    const enum emu_pool_id *cpu, uint32_t n_cpu,
                                    struct emu_pool_cb *c)
{
	struct emu_agent *a;
	hsa_status_t st;

	if ((st = emu_agent_query(agent, has_callback, &a)) != HSA_STATUS_SUCCESS)
		return st;
	return a->kind == EMU_AGENT_GPU ? emu_visit_pools(gpu, n_gpu, emu_pool_trampoline, c)
	                                : emu_visit_pools(cpu, n_cpu, emu_pool_trampoline, c);
}

EMU_API hsa_status_t hsa_amd_agent_iterate_memory_pools(
	hsa_agent_t agent, hsa_status_t (*callback)(hsa_amd_memory_pool_t, void *), void *data)
{
	static const enum emu_pool_id gpu[] = { EMU_POOL_GPU_COARSE, EMU_POOL_GPU_GROUP };
	static const enum emu_pool_id cpu[] = { EMU_POOL_CPU_FINE, EMU_POOL_CPU_KERNARG };
	struct emu_pool_cb c = { callback, NULL, data };

	return emu_agent_visit(agent, callback != NULL, gpu, 2, cpu, 2, &c);
}

/* Legacy regions: a GPU agent also lists the system regions, as ROCr's
 * GpuAgent::VisitRegion(include_peer = true) does, so that old code finds
 * its kernarg region through the GPU agent. */
EMU_API hsa_status_t hsa_agent_iterate_regions(hsa_agent_t agent,
                                               hsa_status_t (*callback)(hsa_region_t, void *),
                                               void *data)
{
	static const enum emu_pool_id gpu[] = { EMU_POOL_CPU_FINE, EMU_POOL_CPU_KERNARG,
	                                        EMU_POOL_GPU_COARSE, EMU_POOL_GPU_GROUP };
	static const enum emu_pool_id cpu[] = { EMU_POOL_CPU_FINE, EMU_POOL_CPU_KERNARG };
	struct emu_pool_cb c = { NULL, callback, data };

	return emu_agent_visit(agent, callback != NULL, gpu, 4, cpu, 2, &c);
}

static bool emu_pool_is_system(const struct emu_pool *p)
{
	return p->owner == EMU_AGENT_CPU;
}

/* Attributes shared by regions and pools (same numbering in hsa.h and
 * hsa_ext_amd.h for 0..7). */
static hsa_status_t emu_region_info(const struct emu_pool *p, int attribute, void *value)
{
	bool global = p->segment == HSA_AMD_SEGMENT_GLOBAL;

	switch (attribute) {
	case HSA_REGION_INFO_SEGMENT:
		*(hsa_region_segment_t *)value = global ? HSA_REGION_SEGMENT_GLOBAL
		                                        : HSA_REGION_SEGMENT_GROUP;
		break;
	case HSA_REGION_INFO_GLOBAL_FLAGS:
		*(uint32_t *)value = p->global_flags;
		break;
	case HSA_REGION_INFO_SIZE:
		*(size_t *)value = (size_t)p->size;
		break;
	case HSA_REGION_INFO_ALLOC_MAX_SIZE:
		*(size_t *)value = p->alloc_allowed ? (size_t)p->size : 0;
		break;
	case HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED:
		*(bool *)value = p->alloc_allowed;
		break;
	case HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE:
	case HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT:
		*(size_t *)value = p->alloc_allowed ? EMU_PAGE : 0;
		break;
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_region_get_info(hsa_region_t region, hsa_region_info_t attribute,
                                         void *value)
{
	struct emu_pool *p;
	uint32_t sclk, mclk;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!(p = emu_pool_from(region.handle)))
		return HSA_STATUS_ERROR_INVALID_REGION;
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	switch ((int)attribute) {
	case HSA_AMD_REGION_INFO_HOST_ACCESSIBLE:
		*(bool *)value = emu_pool_is_system(p);
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_REGION_INFO_BASE:
		*(void **)value = NULL;
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_REGION_INFO_BUS_WIDTH:
		*(uint32_t *)value = emu_pool_is_system(p) ? 0 : emu_rt.prof->model.mem_bus_bits;
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_REGION_INFO_MAX_CLOCK_FREQUENCY:
		emu_gpu_clocks(emu_rt.gpu, &sclk, &mclk);
		*(uint32_t *)value = emu_pool_is_system(p) ? 0 : mclk;
		return HSA_STATUS_SUCCESS;
	default:
		return emu_region_info(p, attribute, value);
	}
}

EMU_API hsa_status_t hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t memory_pool,
                                                  hsa_amd_memory_pool_info_t attribute,
                                                  void *value)
{
	struct emu_pool *p;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!(p = emu_pool_from(memory_pool.handle)))
		return (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	switch (attribute) {
	case HSA_AMD_MEMORY_POOL_INFO_SEGMENT:
		*(hsa_amd_segment_t *)value = p->segment;
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL:
		*(bool *)value = emu_pool_is_system(p);
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE:
		return emu_region_info(p, HSA_REGION_INFO_ALLOC_MAX_SIZE, value);
	case HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS:
	case HSA_AMD_MEMORY_POOL_INFO_SIZE:
	case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED:
	case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE:
	case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT:
		return emu_region_info(p, (int)attribute, value);
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
}

/* ROCr's MemoryRegion::GetAccessInfo for one CPU and one GPU. */
static hsa_amd_memory_pool_access_t emu_pool_access(const struct emu_agent *a,
                                                    const struct emu_pool *p)
{
	if (a->kind == p->owner)
		return HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT;
	if (emu_pool_is_system(p))
		return HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT;
	if (p->segment == HSA_AMD_SEGMENT_GLOBAL)
		return HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT;  /* coarse VRAM */
	return HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
}

EMU_API hsa_status_t hsa_amd_agent_memory_pool_get_info(hsa_agent_t agent,
                                                        hsa_amd_memory_pool_t memory_pool,
                                                        hsa_amd_agent_memory_pool_info_t attribute,
                                                        void *value)
{
	struct emu_agent *a;
	struct emu_pool *p;
	hsa_amd_memory_pool_access_t access;
	hsa_status_t st;

	if ((st = emu_agent_query(agent, true, &a)) != HSA_STATUS_SUCCESS)
		return st;
	if (!(p = emu_pool_from(memory_pool.handle)))
		return (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	access = emu_pool_access(a, p);
	switch (attribute) {
	case HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS:
		*(hsa_amd_memory_pool_access_t *)value = access;
		break;
	case HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS:
		/* One PCIe hop between the CPU and the GPU, none to itself. */
		*(uint32_t *)value = access != HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED &&
		                     a->kind != p->owner;
		break;
	case HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO:
		memset(value, 0, sizeof(hsa_amd_memory_pool_link_info_t));
		break;
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_amd_agents_allow_access(uint32_t num_agents, const hsa_agent_t *agents,
                                                 const uint32_t *flags, const void *ptr)
{
	uint64_t base;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (num_agents == 0 || !agents || flags || !ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (uint32_t i = 0; i < num_agents; i++)
		if (!emu_agent_from(agents[i]))
			return HSA_STATUS_ERROR_INVALID_AGENT;
	/* ROCr looks ptr up as the base of an allocation (Runtime::AllowAccess,
	 * allocation_map_.find(ptr)); an interior pointer is no allocation. A
	 * GPU among the agents maps the allocation for the emulated GPU
	 * (emu_mem_set_gpu); the CPU always has access. */
	if (!emu_mem_find(emu_rt.mem, (uint64_t)(uintptr_t)ptr, &base, NULL, NULL) ||
	    base != (uint64_t)(uintptr_t)ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (uint32_t i = 0; i < num_agents; i++)
		if (emu_agent_from(agents[i])->kind == EMU_AGENT_GPU)
			emu_mem_set_gpu(emu_rt.mem, (void *)(uintptr_t)ptr, true);
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_amd_memory_pool_can_migrate(hsa_amd_memory_pool_t src_memory_pool,
                                                     hsa_amd_memory_pool_t dst_memory_pool,
                                                     bool *result)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!emu_pool_from(src_memory_pool.handle) || !emu_pool_from(dst_memory_pool.handle))
		return (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
	if (!result)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*result = false;  /* as ROCr: migration is not implemented */
	return HSA_STATUS_SUCCESS;
}

/* ---- host memory made visible to the GPU ---- */

EMU_API hsa_status_t hsa_amd_memory_lock(void *host_ptr, size_t size, hsa_agent_t *agents,
                                         int num_agent, void **agent_ptr)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!host_ptr || size == 0 || !agent_ptr || num_agent < 0 || (num_agent > 0 && !agents))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (int i = 0; i < num_agent; i++)
		if (!emu_agent_from(agents[i]))
			return HSA_STATUS_ERROR_INVALID_AGENT;
	if (!emu_mem_add(emu_rt.mem, host_ptr, size, EMU_MEM_USERPTR))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;  /* overlaps memory already known */
	*agent_ptr = host_ptr;
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_amd_memory_unlock(void *host_ptr)
{
	uint64_t base;
	enum emu_mem_kind kind;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!host_ptr || !emu_mem_find(emu_rt.mem, (uint64_t)(uintptr_t)host_ptr, &base, NULL, &kind) ||
	    base != (uint64_t)(uintptr_t)host_ptr || kind != EMU_MEM_USERPTR)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	emu_mem_remove(emu_rt.mem, host_ptr);
	return HSA_STATUS_SUCCESS;
}

/* ROCr: registration is a no-op on a discrete GPU (the memory is not mapped
 * for the GPU; hsa_amd_memory_lock is what does that). */
EMU_API hsa_status_t hsa_memory_register(void *ptr, size_t size)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (ptr && size == 0)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_memory_deregister(void *ptr, size_t size)
{
	(void)ptr;
	(void)size;
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_memory_assign_agent(void *ptr, hsa_agent_t agent,
                                             hsa_access_permission_t access)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!ptr || access < HSA_ACCESS_PERMISSION_RO || access > HSA_ACCESS_PERMISSION_RW)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (!emu_agent_from(agent))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	return HSA_STATUS_SUCCESS;
}

/* ---- copy and fill ---- */

EMU_API hsa_status_t hsa_memory_copy(void *dst, const void *src, size_t size)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!dst || !src)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (size) {
		/* The destination's pages in one call rather than a fault per
		 * 4 KiB page. Allocations are not populated up front: a buffer
		 * that only reserves addresses, or whose head alone is used,
		 * would be zeroed whole for nothing. */
		uintptr_t lo = (uintptr_t)dst & ~(uintptr_t)(EMU_PAGE - 1);
		uintptr_t hi = ((uintptr_t)dst + size + EMU_PAGE - 1) & ~(uintptr_t)(EMU_PAGE - 1);
		(void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
		memmove(dst, src, size);
	}
	return HSA_STATUS_SUCCESS;
}

/* The fill runs on the GPU in ROCr (a blit kernel), so the range must be
 * memory the GPU can reach; ptr must be 4-byte aligned. */
EMU_API hsa_status_t hsa_amd_memory_fill(void *ptr, uint32_t value, size_t count)
{
	uint32_t *p = ptr;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!ptr || ((uintptr_t)ptr & 3))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (count == 0)
		return HSA_STATUS_SUCCESS;
	if (count > SIZE_MAX / 4)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	emu_mem_lock(emu_rt.mem);
	uint64_t fb;
	size_t fsize;
	/* Any allocation, mapped for the GPU or not (the runtime fills host
	 * memory from the CPU). */
	if (!emu_mem_find(emu_rt.mem, (uint64_t)(uintptr_t)ptr, &fb, &fsize, NULL) ||
	    (uint64_t)(uintptr_t)ptr + count * 4 > fb + fsize) {
		emu_mem_unlock(emu_rt.mem);
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	for (size_t i = 0; i < count; i++)
		p[i] = value;
	emu_mem_unlock(emu_rt.mem);
	return HSA_STATUS_SUCCESS;
}

/* An asynchronous copy whose dependencies were not yet satisfied: a thread
 * waits for them, copies, then signals. */
struct emu_copy {
	struct emu_copy *next;
	pthread_t thread;
	atomic_bool stop;          /* hsa_shut_down */
	atomic_bool finished;      /* the thread may be joined */
	void *dst;
	const void *src;
	size_t size;
	uint32_t ndeps;
	struct emu_signal *deps[8];
	struct emu_signal **dep;   /* deps or a heap array */
	struct emu_signal *done;   /* may be NULL */
};

static bool emu_copy_dep_ready(int64_t v, void *ctx)
{
	struct emu_copy *c = ctx;
	return v == 0 || atomic_load(&c->stop);
}

static void emu_copy_finish(struct emu_copy *c)
{
	if (c->size)
		memmove(c->dst, c->src, c->size);
	if (c->done) {
		if (atomic_load(&emu_rt.copy_profiling)) {
			uint64_t now = emu_gpu_now_ns(emu_rt.gpu);
			c->done->amd.start_ts = now;
			c->done->amd.end_ts = now;
		}
		emu_signal_sub(c->done, 1);
	}
}

/* A copy with room for ndeps dependencies (in the copy itself up to 8);
 * emu_copy_release frees it. */
static struct emu_copy *emu_copy_new(void *dst, const void *src, size_t size, uint32_t ndeps)
{
	struct emu_copy *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->dep = ndeps <= sizeof(c->deps) / sizeof(c->deps[0]) ? c->deps : calloc(ndeps, sizeof(*c->dep));
	if (!c->dep) {
		free(c);
		return NULL;
	}
	c->dst = dst;
	c->src = src;
	c->size = size;
	return c;
}

static void emu_copy_release(struct emu_copy *c)
{
	for (uint32_t i = 0; i < c->ndeps; i++)
		emu_signal_put(c->dep[i]);
	if (c->dep != c->deps)
		free(c->dep);
	emu_signal_put(c->done);
	free(c);
}

static void *emu_copy_thread(void *arg)
{
	struct emu_copy *c = arg;

	for (uint32_t i = 0; i < c->ndeps; i++)
		emu_signal_wait_pred(c->dep[i], emu_copy_dep_ready, c, UINT64_MAX);
	if (!atomic_load(&c->stop))
		emu_copy_finish(c);
	atomic_store(&c->finished, true);
	return NULL;
}

/* Join the copy threads that are done; copy_lock held. */
static void emu_copy_reap(void)
{
	struct emu_copy **pp = &emu_rt.copies;

	while (*pp) {
		struct emu_copy *c = *pp;
		if (!atomic_load(&c->finished)) {
			pp = &c->next;
			continue;
		}
		*pp = c->next;
		pthread_join(c->thread, NULL);
		emu_copy_release(c);
	}
}

EMU_API hsa_status_t hsa_amd_memory_async_copy(void *dst, hsa_agent_t dst_agent, const void *src,
                                               hsa_agent_t src_agent, size_t size,
                                               uint32_t num_dep_signals,
                                               const hsa_signal_t *dep_signals,
                                               hsa_signal_t completion_signal)
{
	struct emu_copy *c;
	hsa_status_t st = HSA_STATUS_ERROR_INVALID_SIGNAL;
	bool ready = true, started;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!dst || !src || (num_dep_signals > 0 && !dep_signals) ||
	    (num_dep_signals == 0 && dep_signals))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (!emu_agent_from(dst_agent) || !emu_agent_from(src_agent))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	if (!(c = emu_copy_new(dst, src, size, num_dep_signals)))
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	if (!(c->done = emu_signal_get(completion_signal)))
		goto fail;
	for (; c->ndeps < num_dep_signals; c->ndeps++) {
		c->dep[c->ndeps] = emu_signal_get(dep_signals[c->ndeps]);
		if (!c->dep[c->ndeps])
			goto fail;
		ready &= emu_signal_value(c->dep[c->ndeps]) == 0;
	}
	if (ready) {
		emu_copy_finish(c);
		emu_copy_release(c);
		return HSA_STATUS_SUCCESS;
	}
	pthread_mutex_lock(&emu_rt.copy_lock);
	emu_copy_reap();
	EMU_RT_START(emu_rt.copies, c, emu_copy_thread, started);
	pthread_mutex_unlock(&emu_rt.copy_lock);
	if (started)
		return HSA_STATUS_SUCCESS;
	st = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
fail:
	emu_copy_release(c);
	return st;
}

EMU_API hsa_status_t hsa_amd_profiling_async_copy_enable(bool enable)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	atomic_store(&emu_rt.copy_profiling, enable);
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_amd_profiling_get_async_copy_time(hsa_signal_t signal,
                                                           hsa_amd_profiling_async_copy_time_t *time)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!time)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return emu_signal_times(signal, &time->start, &time->end);
}

void emu_memory_release_all(void)
{
	struct emu_copy *c, *next;
	void *base;
	size_t size;
	enum emu_mem_kind kind;

	pthread_mutex_lock(&emu_rt.copy_lock);
	c = emu_rt.copies;
	emu_rt.copies = NULL;
	pthread_mutex_unlock(&emu_rt.copy_lock);
	for (; c; c = next) {
		next = c->next;
		atomic_store(&c->stop, true);
		for (uint32_t i = 0; i < c->ndeps; i++)
			emu_signal_wake(c->dep[i]);
		pthread_join(c->thread, NULL);
		emu_copy_release(c);
	}
	if (!emu_rt.mem)
		return;
	while (emu_mem_pop(emu_rt.mem, &base, &size, &kind))
		if (emu_is_alloc_kind(kind))
			munmap(base, size);
}
