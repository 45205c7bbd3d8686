/*
 * emu_runtime — private state shared by the HSA API files of libhsa-emu.so
 * (emu/hsa/emu_api_<area>.c: runtime, init, status, ext, system, isa,
 * cache, agent, memory, signal, queue, executable, check). Nothing here is exported: the library is built
 * with -fvisibility=hidden and only functions marked EMU_API (the HSA API
 * itself) are visible to the host.
 *
 * Handles are pointers, as in ROCr: hsa_agent_t / hsa_amd_memory_pool_t /
 * hsa_region_t point into emu_rt, hsa_signal_t points at a struct
 * emu_signal whose first member is an amd_signal_t (value at byte 8, as
 * ROCr's), hsa_queue_t* is the hsa_queue field of an amd_queue_t.
 */
#ifndef EMU_RUNTIME_H
#define EMU_RUNTIME_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsa/amd_hsa_queue.h>
#include <hsa/amd_hsa_signal.h>

#include "core/emu_gpu.h"
#include "core/emu_mem.h"
#include "core/emu_results.h"
#include "arch/emu_profile.h"
#include "gcnlab_emu_ext.h"

/* The HSA API entry points are the only exported symbols. */
#define EMU_API __attribute__((visibility("default")))

/* ---- Agents and memory pools ---- */

enum emu_agent_kind { EMU_AGENT_CPU = 0, EMU_AGENT_GPU, EMU_AGENT_COUNT };

struct emu_agent {
	enum emu_agent_kind kind;
	uint32_t node;             /* KFD-style node id: CPU 0, GPU 1 */
};

/* In ROCr's order: the GPU agent has its coarse-grained VRAM pool and the
 * (not allocatable) group segment; the CPU agent has a fine-grained pool
 * and the fine-grained kernarg pool (rocminfo "Pool Info"). */
enum emu_pool_id {
	EMU_POOL_GPU_COARSE = 0,
	EMU_POOL_GPU_GROUP,
	EMU_POOL_CPU_FINE,
	EMU_POOL_CPU_KERNARG,
	EMU_POOL_COUNT
};

struct emu_pool {
	enum emu_pool_id id;
	enum emu_agent_kind owner;
	hsa_amd_segment_t segment;
	uint32_t global_flags;     /* HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_* (0 for group) */
	enum emu_mem_kind kind;    /* how allocations are registered in emu_mem */
	uint64_t size;             /* bytes */
	bool alloc_allowed;
};

/* ---- Signals (emu_api_signal.c) ---- */

struct emu_signal {
	amd_signal_t amd;          /* first: the handle points here, as in ROCr */
	pthread_mutex_t lock;      /* waiters sleep on cond under lock */
	pthread_cond_t cond;
	atomic_uint waiters;       /* threads inside a blocking wait */
	atomic_uint refs;          /* 1 for the host's handle + internal users */
	atomic_uint busy;          /* modifications in flight: a waiter that saw the
	                              new value may destroy the signal before the
	                              modifier has finished waking the sleepers */
};

struct emu_signal *emu_signal_create(int64_t initial);
/* Live signal for a handle taken from a packet, with a reference held
 * (release with emu_signal_put); NULL if the handle is not a live signal. */
struct emu_signal *emu_signal_get(hsa_signal_t h);
void emu_signal_put(struct emu_signal *s);
/* Take an internally created signal out of the registry and drop the
 * creator's reference (what hsa_signal_destroy does for the host). */
void emu_signal_retire(struct emu_signal *s);
static inline hsa_signal_t emu_signal_handle(struct emu_signal *s)
{
	return (hsa_signal_t){ (uint64_t)(uintptr_t)s };
}
int64_t emu_signal_value(struct emu_signal *s);
void emu_signal_store(struct emu_signal *s, int64_t v);
void emu_signal_sub(struct emu_signal *s, int64_t v);
/* Block until pred(value, ctx) holds or the monotonic deadline (ns,
 * UINT64_MAX = none) passes; returns the last value read. Other threads
 * wake waiters through every modifying operation and emu_signal_wake. */
int64_t emu_signal_wait_pred(struct emu_signal *s, bool (*pred)(int64_t v, void *ctx),
                             void *ctx, uint64_t deadline_ns);
void emu_signal_wake(struct emu_signal *s);
void emu_signal_destroy_all(void);

/* Start time and end time of the work a signal completed (start_ts and
 * end_ts of its amd_signal_t), for the profiling calls. */
hsa_status_t emu_signal_times(hsa_signal_t signal, uint64_t *start, uint64_t *end);

/* ---- The runtime's object lists (a `next` member links each) ---- */

/* Push node on the list at head; the list's lock held. */
#define EMU_RT_LINK(head, node)                                                \
	do {                                                                   \
		(node)->next = (head);                                         \
		(head) = (node);                                               \
	} while (0)

/* Start node's worker thread fn(node) on node->thread and, when it started,
 * push node on the list at head, under the list's lock (held), so that every
 * running worker is on a list the shutdown walks; ok: whether it started. */
#define EMU_RT_START(head, node, fn, ok)                                       \
	do {                                                                   \
		(ok) = !pthread_create(&(node)->thread, NULL, (fn), (node));   \
		if (ok)                                                        \
			EMU_RT_LINK(head, node);                               \
	} while (0)

/* ---- Queues (emu_api_queue.c) ---- */
struct emu_queue;
void emu_queue_destroy_all(void);

/* ---- Executables (emu_api_executable.c) ---- */
struct emu_executable;
struct emu_reader;
void emu_executable_destroy_all(void);

/* emu_api_check.c: the static check of the extension (gcnlab_emu_ext_1). */
hsa_status_t emu_ext_check_code_object(const void *data, size_t size, const char *kernel,
                                       struct gcnlab_emu_finding **out, size_t *count, char *note,
                                       size_t note_len);
void emu_ext_free_findings(struct gcnlab_emu_finding *f);

/* ---- Memory (emu_api_memory.c) ---- */
struct emu_copy;
void emu_memory_release_all(void);

/* ---- The runtime ---- */

#define EMU_MAX_EVENT_HANDLERS 8

struct emu_runtime {
	pthread_mutex_t lock;          /* init/shutdown and the object lists */
	atomic_int refcount;           /* hsa_init count */

	const struct emu_profile *prof;
	struct emu_mem *mem;           /* GPU-visible memory */
	struct emu_mem *signals;       /* registry of live signals */
	pthread_mutex_t sig_lock;      /* registry lookup + reference */
	struct emu_gpu *gpu;
	pthread_mutex_t dispatch_lock; /* one dispatch at a time: the model is
	                                  deterministic whatever the queue count */

	struct emu_agent agents[EMU_AGENT_COUNT];
	struct emu_pool pools[EMU_POOL_COUNT];
	char cpu_name[64];
	uint32_t cpu_count;

	struct emu_queue *queues;      /* lists, under lock */
	struct emu_queue *dead_queues; /* destroyed from their own thread, to be joined */
	struct emu_executable *execs;
	struct emu_reader *readers;
	uint32_t next_queue_id;

	struct {
		hsa_amd_system_event_callback_t cb;
		void *data;
	} handlers[EMU_MAX_EVENT_HANDLERS];
	uint32_t nhandlers;

	struct emu_results results;    /* the vendor extension's answers */

	/* A GPU memory fault happened: as KFD evicts the process's queues on a
	 * VM fault and never restores them, no queue runs packets any more
	 * (reset by the next hsa_init). */
	atomic_bool vm_fault;
	atomic_bool copy_profiling;    /* hsa_amd_profiling_async_copy_enable */
	pthread_mutex_t copy_lock;     /* copies */
	struct emu_copy *copies;       /* asynchronous copies waiting on dependencies */
};

extern struct emu_runtime emu_rt;

static inline bool emu_rt_open(void)
{
	return atomic_load_explicit(&emu_rt.refcount, memory_order_acquire) > 0;
}

struct emu_agent *emu_agent_from(hsa_agent_t a);
/* The checks an agent query starts with, in ROCr's order: the runtime is
 * open, the agent is one of ours, the caller gave a place for the answer
 * (or a callback).
 * *out is the agent when this returns HSA_STATUS_SUCCESS. */
hsa_status_t emu_agent_query(hsa_agent_t agent, bool answer, struct emu_agent **out);
/* The checks a call on the runtime's object lists starts with, in ROCr's
 * order: the runtime is open, the caller gave a place for the answer (or a
 * callback). On HSA_STATUS_SUCCESS emu_rt.lock is held, for the caller to
 * release once it has looked its object up. */
hsa_status_t emu_rt_enter(bool answer);
static inline hsa_agent_t emu_agent_handle(enum emu_agent_kind k)
{
	return (hsa_agent_t){ (uint64_t)(uintptr_t)&emu_rt.agents[k] };
}
struct emu_pool *emu_pool_from(uint64_t handle);

/* Monotonic wall clock, ns (signal wait deadlines). */
uint64_t emu_rt_wall_ns(void);

/* ---- The areas' shared pieces ---- */

/* A name for an id: the status strings and the extension names
 * (emu_api_status.c). Points *name at id's name in t[0..n); false when t
 * does not name it. */
struct emu_id_name {
	int id;
	const char *name;
};
bool emu_id_name_find(const struct emu_id_name *t, size_t n, int id, const char **name);

/* The 128-byte extension mask of the system and of the GPU agent
 * (emu_api_ext.c). */
void emu_put_extensions(void *value);

/* The GPU agent's ISA (emu_api_isa.c). */
hsa_isa_t emu_agent_isa(void);

#endif
