/*
 * emu_mem — the emulated GPU's view of memory. Allocations are host memory
 * that the GPU addresses directly (GPU VA == host pointer), registered here
 * so that every kernel access is checked against the live allocations.
 * An alias is the exception: a GPU range of its own whose bytes are host
 * memory elsewhere (a user pointer the KFD maps at a GPU address of its
 * choosing, emu/kfd/kfd_userptr.c); emu_mem_translate gives its host
 * bytes, which are then not at the GPU address.
 * It also owns the GPU's address space: where new mappings go
 * (emu_mem_map). Thread-safe (the HSA API threads register, the packet
 * processor looks up).
 */
#ifndef EMU_MEM_H
#define EMU_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum emu_mem_kind {
	EMU_MEM_KERNARG = 0,
	EMU_MEM_FINE,
	EMU_MEM_COARSE,
	EMU_MEM_CODE,      /* loaded code object image (executable) */
	EMU_MEM_QUEUE,     /* AQL ring and amd_queue_t */
	EMU_MEM_USERPTR,   /* host memory registered by the runtime for the GPU */
	EMU_MEM_SCRATCH,   /* private segment backing of the dispatches (emu_dispatch.c) */
};

struct emu_mem;

struct emu_mem *emu_mem_create(void);
void emu_mem_destroy(struct emu_mem *m);

/* A zeroed read-write anonymous mapping of len bytes for GPU-visible memory
 * (pool allocations, loaded code objects, queues, scratch), or NULL; the
 * caller registers it (emu_mem_add) and munmaps it. Its address depends
 * only on the mappings made through m before, not on where the host's ASLR
 * put things: the cycle model indexes its caches and TLB by address, so
 * this is what makes modelled times repeat from run to run. */
void *emu_mem_map(struct emu_mem *m, size_t len);

/* GPU address space for an alias of len bytes, at the next slot as
 * emu_mem_map places it, mapped inaccessible (PROT_NONE, no backing), or
 * NULL; the caller munmaps it. */
void *emu_mem_reserve(struct emu_mem *m, size_t len);

/* Register/unregister [base, base+size). */
bool emu_mem_add(struct emu_mem *m, void *base, size_t size, enum emu_mem_kind kind);
/* Register [gva, gva+size) as an alias of the host bytes at host
 * (emu_mem_remove(m, gva) unregisters it). */
bool emu_mem_add_alias(struct emu_mem *m, uint64_t gva, void *host, size_t size, enum emu_mem_kind kind);
bool emu_mem_remove(struct emu_mem *m, void *base);

/* Host pointer for GPU address addr (call with the lock held; fast path is
 * a one-entry cache then a binary search) if [addr, addr+size) lies inside one live
 * allocation mapped for the GPU; NULL otherwise (the caller reports a memory fault).
 * It is addr itself but in an alias. */
void *emu_mem_translate(struct emu_mem *m, uint64_t addr, size_t size);
/* Whether emu_mem_translate would give addr itself (lock held): the
 * memory paths that take GPU addresses for host pointers check this. */
bool emu_mem_direct(struct emu_mem *m, uint64_t addr, size_t size);

/* Whether the allocation starting exactly at base is mapped for the GPU
 * (every range is when added; hsa_amd_memory_pool_allocate from a CPU pool
 * is not until hsa_amd_agents_allow_access names the GPU). False if base
 * starts no range. */
bool emu_mem_set_gpu(struct emu_mem *m, void *base, bool gpu);

/* Allocation containing addr: base and size; false if none. */
bool emu_mem_find(struct emu_mem *m, uint64_t addr, uint64_t *base, size_t *size,
                  enum emu_mem_kind *kind);

/* The allocation containing addr or, when none does, the nearest one
 * below it (a fault's "how far past its end"): base, size, and whether it
 * contains addr; false when none is at or below addr. Lock held, as
 * emu_mem_translate (a dispatch's simulation threads call it). */
bool emu_mem_near(struct emu_mem *m, uint64_t addr, uint64_t *base, size_t *size, bool *inside);

/* Remove and return the last registered range; false when empty
 * (hsa_shut_down releases what the host did not free). */
bool emu_mem_pop(struct emu_mem *m, void **base, size_t *size, enum emu_mem_kind *kind);

/* Lock around a dispatch so that allocations do not change under it. */
void emu_mem_lock(struct emu_mem *m);
void emu_mem_unlock(struct emu_mem *m);

#endif
