/*
 * gl_hsa_priv — internals shared by the gl_hsa_*.c files: the HSA function
 * table and struct gl_hsa. Nothing outside gl_hsa*.c includes this.
 */
#ifndef GL_HSA_PRIV_H
#define GL_HSA_PRIV_H

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "gpu/gl_hsa.h"

/*
 * Every HSA entry point gcnlab uses. R: the runtime must export it; O:
 * optional (missing = feature absent). Each table field has the type of a
 * pointer to the function as <hsa/hsa.h> / <hsa/hsa_ext_amd.h> declare it.
 */
#define GL_HSA_API(R, O)                              \
	R(hsa_init)                                   \
	R(hsa_shut_down)                              \
	R(hsa_status_string)                          \
	R(hsa_system_get_info)                        \
	R(hsa_iterate_agents)                         \
	R(hsa_agent_get_info)                         \
	R(hsa_agent_iterate_isas)                     \
	R(hsa_isa_get_info_alt)                       \
	R(hsa_amd_agent_iterate_memory_pools)         \
	R(hsa_amd_memory_pool_get_info)               \
	R(hsa_amd_memory_pool_allocate)               \
	R(hsa_amd_memory_pool_free)                   \
	R(hsa_amd_agents_allow_access)                \
	R(hsa_memory_copy)                            \
	R(hsa_code_object_reader_create_from_memory)  \
	R(hsa_code_object_reader_destroy)             \
	R(hsa_executable_create_alt)                  \
	R(hsa_executable_load_agent_code_object)      \
	R(hsa_executable_freeze)                      \
	R(hsa_executable_validate)                    \
	R(hsa_executable_destroy)                     \
	R(hsa_executable_get_symbol_by_name)          \
	R(hsa_executable_symbol_get_info)             \
	R(hsa_queue_create)                           \
	R(hsa_queue_destroy)                          \
	R(hsa_queue_add_write_index_scacq_screl)      \
	R(hsa_queue_load_read_index_scacquire)        \
	R(hsa_signal_create)                          \
	R(hsa_signal_destroy)                         \
	R(hsa_signal_store_screlease)                 \
	R(hsa_signal_wait_scacquire)                  \
	R(hsa_signal_load_scacquire)                  \
	R(hsa_amd_profiling_set_profiler_enabled)     \
	R(hsa_amd_profiling_get_dispatch_time)        \
	O(hsa_amd_register_system_event_handler)      \
	O(hsa_system_major_extension_supported)       \
	O(hsa_system_get_major_extension_table)

struct gl_hsa_api {
#define GL_HSA_FIELD(fn) __typeof__(&fn) fn;
	GL_HSA_API(GL_HSA_FIELD, GL_HSA_FIELD)
#undef GL_HSA_FIELD
};

struct gl_hsa {
	struct gl_hsa_cfg cfg;
	enum gl_backend backend;     /* ROCR or EMU once open */
	char reason[512];            /* why this backend */
	void *lib;                   /* dlopen handle */
	void *kfd_lib;               /* rocr-emu: the emulated thunk, loaded before ROCr */
	char lib_path[4096];
	bool initialised;            /* hsa_init succeeded */
	struct gl_hsa_api api;

	hsa_agent_t gpu;             /* the selected GPU agent */
	hsa_agent_t cpu;             /* a CPU agent (owner of the system pools) */
	unsigned ngpus;
	char isa_name[96];           /* "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-" */
	char target[64];             /* "gfx942:sramecc+:xnack-" */
	char proc[16];               /* "gfx942" */
	int xnack, sramecc;          /* agent features: -1 not reported, 0 off, 1 on */
	hsa_profile_t profile;
	uint64_t timestamp_hz;

	/* Agent limits used to check launches. */
	uint16_t wg_max_dim[3];
	uint32_t wg_max_size;
	hsa_dim3_t grid_max_dim;
	uint32_t grid_max_size;       /* HSA_AGENT_INFO_GRID_MAX_SIZE is a uint32_t */
	uint64_t lds_bytes;
	uint32_t queue_max_size;

	hsa_amd_memory_pool_t kernarg_pool;
	hsa_amd_memory_pool_t fine_pool;
	hsa_amd_memory_pool_t coarse_pool;
	bool have_kernarg_pool, have_fine_pool, have_coarse_pool;

	/* Dispatch state: created lazily, destroyed after a failed dispatch
	 * (a faulted queue accepts no more packets). */
	hsa_queue_t *queue;
	hsa_signal_t signal;
	bool have_signal;
	uint64_t last_start, last_end;  /* GPU timestamps (ticks) of the last gl_hsa_dispatch */
	/* Counters of the last batch's last dispatch (gl_hsa_dispatch_batch),
	 * whose signal is gone by the time gl_hsa_counters asks. */
	bool batch_last;
	bool batch_have_counters;
	struct gcnlab_emu_counters batch_counters;
	void *kernarg;               /* in the kernarg pool */
	size_t kernarg_cap;

	/* Written by runtime threads (queue error callback, system event
	 * handler), read by the waiting thread: accessed with __atomic. */
	int queue_status;            /* hsa_status_t of the last queue error, 0 none */
	int fault_seen;
	uint64_t fault_address;
	uint32_t fault_reason;
	bool event_handler;          /* our system event handler is registered */

	/* Vendor extension (emulator). */
	bool have_ext;
	struct gcnlab_emu_ext_1 ext;
	char last_report[1024];      /* last emulator report printed */
	/* The kernel whose memory fault made the driver evict every queue of
	 * the process ("" none): nothing more can run (KFD does not restore
	 * them). */
	char vm_fault_kernel[128];
};

/* Name and text of an HSA status, through the runtime when it can. */
const char *gl_hsa_status_text(struct gl_hsa *h, hsa_status_t s);
/* "HSA_STATUS_X (0x..)" plus the runtime's text when it adds something. */
void gl_hsa_status_phrase(struct gl_hsa *h, hsa_status_t s, char *buf, size_t len);
/* gl_err_set(e, "<what>: <status phrase>") */
bool gl_hsa_fail(struct gl_hsa *h, struct gl_err *e, hsa_status_t s, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* gl_hsa_dispatch.c: drop the queue and completion signal (after a failure
 * or at close). */
void gl_hsa_queue_drop(struct gl_hsa *h);
/* Fetch the emulator's last report into buf ("" if none / not the emulator). */
void gl_hsa_emu_report(struct gl_hsa *h, char *buf, size_t len);

#endif
