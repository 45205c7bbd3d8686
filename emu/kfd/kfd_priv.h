/*
 * kfd_priv — state of the emulated KFD thunk, libhsakmt.so.1 (emu/kfd).
 *
 * ROCr (Debian's unmodified libhsa-runtime64.so.1, 5.2.3) links
 * libhsakmt.so.1 and reaches the GPU only through its 42 hsaKmt* entry
 * points (version HSAKMT_1, libhsakmt.ver). This thunk answers them from the
 * emulated GPU: one CPU node (0) and one GPU node (1) whose properties come
 * from the GPU's one description (arch/emu_profile.c, GCNLAB_EMU_ARCH,
 * default gfx90a), memory on the emulator's memory (GPU VA = host pointer
 * but for user pointers, which get GPU addresses of their own),
 * events with mailboxes, and queues whose doorbells feed the command
 * processor (cp/emu_cp.h).
 *
 * Every entry point is implemented or returns what the real thunk returns
 * when the feature is absent (HSAKMT_STATUS_NOT_SUPPORTED); none succeeds
 * without doing what ROCr then relies on.
 */
#ifndef KFD_PRIV_H
#define KFD_PRIV_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <hsakmt.h>

#include "core/emu_gpu.h"
#include "core/emu_mem.h"
#include "core/emu_results.h"
#include "arch/emu_profile.h"

/* The exported entry points; everything else is hidden (-fvisibility=hidden
 * and the version script). */
#define KFD_API __attribute__((visibility("default")))

#define KFD_NODE_CPU 0u
#define KFD_NODE_GPU 1u
#define KFD_NODES 2u
#define KFD_EVENT_SLOTS 4096u     /* signal events: one 64-bit mailbox slot each */
#define KFD_MAX_QUEUES 128u       /* ROCr's default HSA_MAX_QUEUES is 128 */
#define KFD_DOORBELLS 1024u       /* one page of 64-bit doorbells (ROCr's TMA indexes 1024) */

/* One allocation of the thunk the GPU may address. */
struct kfd_range {
	uint64_t base, size;
	HsaMemFlags flags;
	uint32_t node;
	void *user_data;           /* hsaKmtSetMemoryUserData */
};

/* One registration of host memory as a user pointer (kfd_userptr.c), a
 * userptr object of the KFD's: its pages at a GPU address of their own.
 * Registrations may overlap, as the KFD's userptr objects may. */
struct kfd_userptr {
	uint64_t addr, size;       /* as registered */
	uint64_t lo, hi;           /* the host pages it covers */
	uint64_t gva;              /* GPU address of page lo: an alias of [lo, hi) (core/emu_mem.h) */
	HsaMemFlags flags;
	unsigned refs;             /* the same range registered again (the thunk's registration_count) */
	unsigned maps;             /* mapped again before an unmap (mapping_count); 0: unmapped */
	void *user_data;
};

struct kfd_event;
struct kfd_queue;

struct kfd_state {
	pthread_mutex_t lock;      /* open count, ranges, queues */
	unsigned opens;
	const struct emu_profile *prof;
	struct emu_mem *mem;
	struct emu_gpu *gpu;
	pthread_mutex_t dispatch_lock;
	pthread_mutex_t clock_lock;
	struct emu_results results;  /* the vendor extension's answers (kfd_ext.c) */
	uint64_t clock_off;        /* kfd_clock_ns: ns added to model time so that */
	uint64_t clock_last;       /* every reading is later than the one before */

	struct kfd_range *ranges;  /* sorted by base */
	size_t nranges, cap;
	struct kfd_userptr *userptrs;  /* in registration order */
	size_t nuserptrs, userptr_cap;

	/* Events (kfd_event.c): one lock and condition for all, so that a wait
	 * on several events sleeps once. */
	pthread_mutex_t ev_lock;
	pthread_cond_t ev_cond;
	uint64_t *mailbox;         /* KFD_EVENT_SLOTS slots, GPU memory */
	struct kfd_event *events[KFD_EVENT_SLOTS];
	struct kfd_event *vm_fault_event;  /* the first HSA_EVENTTYPE_MEMORY event */
	atomic_bool vm_fault;      /* KFD evicted the process's queues */

	uint64_t *doorbells;       /* KFD_DOORBELLS slots, host memory */
	struct kfd_queue *queues[KFD_MAX_QUEUES];
};

extern struct kfd_state kfd;

/* kfd_state.c: whether hsaKmtOpenKFD succeeded (and CloseKFD did not undo it). */
bool kfd_is_open(void);

/* The GPU's timestamp clock, ns: model time (as the emulator's own runtime
 * reports it), plus 1 ns for each reading that found the model where the
 * previous one did, so that two readings always differ: ROCr interpolates
 * GPU ticks to system time between two readings (GpuAgent::TranslateTime)
 * and the GPU, CPU and system counters are all this one clock, which makes
 * the ratio exactly 1 and a dispatch's time its model time. */
uint64_t kfd_clock_ns(void);
/* A time of the model (ns, emu_dispatch_result) on that clock, as the CP
 * stamps it into a completion signal: model time + KFD_CLOCK_STAMP_NS, so
 * that the span between any two stamps is exactly model time. ROCr's
 * translation is exact for any tick once it has two different readings;
 * until then (t0 == t1, read at hsa_init) a tick at or before t0 divides
 * 0 by 0 (GpuAgent::TranslateTime), so every stamp must lie after the
 * readings taken at hsa_init: they are model time 0 + kfd.clock_off, a few
 * ns, far below this offset. */
#define KFD_CLOCK_STAMP_NS 1000000ull
uint64_t kfd_clock_of_model(uint64_t model_ns);

/* The sorted range table (kfd_range.c), kfd.lock held. */
struct kfd_range *kfd_range_find(uint64_t addr);
bool kfd_range_insert(const struct kfd_range *r);
void kfd_range_erase(struct kfd_range *r);
/* Memory (kfd_memory.c). */
void kfd_memory_release_all(void);
/* User pointers (kfd_userptr.c), kfd.lock held. find: the registration of
 * host address addr and `size` bytes (0: the only one starting at addr),
 * else the one whose GPU address is addr, as the thunk's vm_find_object;
 * holding: one whose host bytes (the nearest start below addr, else at
 * addr), else whose GPU range, hold addr;
 * gpu: its GPU address (of addr, not of its page); map: map (for the CPU
 * alone: no change) or unmap the one find names, giving its GPU address;
 * false if none. */
struct kfd_userptr *kfd_userptr_find(uint64_t addr, uint64_t size);
struct kfd_userptr *kfd_userptr_holding(uint64_t addr);
uint64_t kfd_userptr_gpu(const struct kfd_userptr *u);
bool kfd_userptr_map(uint64_t addr, uint64_t size, bool map, bool cpu_only, uint64_t *gpu);
void kfd_userptr_release_all(void);

/* Events (kfd_event.c). */
void kfd_event_fire(uint32_t event_id);
/* A GPU memory fault at addr: the memory event gets HsaMemoryAccessFault. */
void kfd_event_vm_fault(uint64_t addr);
bool kfd_events_init(void);
void kfd_events_release_all(void);

/* The vendor extension (kfd_ext.c): dispatch results by completion signal
 * and the last fault/hang/hazard report. */
void kfd_ext_record(uint64_t completion, const struct emu_dispatch_result *res);
void kfd_ext_report(const char *report);

/* Queues (kfd_queue.c). */
void kfd_queues_destroy_all(void);

#endif
