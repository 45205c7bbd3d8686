/*
 * gl_hsa — the only part of gcnlab that talks to an HSA runtime.
 *
 * The runtime is dlopen'ed: ROCr (libhsa-runtime64.so.1, from
 * $ROCM_PATH/lib, default /opt/rocm, then the system search path) or the
 * emulated GPU (<dir of gcnlab>/../lib/libhsa-emu.so, or $GCNLAB_EMU_LIB).
 * Both export the same HSA ABI; the API is resolved once into a function
 * table that lives in struct gl_hsa, with the agent, pools, queue and
 * completion signal. The dispatch path is ROCr's own: AQL kernel dispatch
 * packets on a user-mode queue, doorbell, completion signal, profiling
 * timestamps.
 */
#ifndef GL_HSA_H
#define GL_HSA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcn_codeobj.h"
#include "gcnlab_emu_ext.h"
#include "base/gl_err.h"
#include "gpu/gl_kernarg.h"

enum gl_backend {
	GL_BACKEND_AUTO,
	GL_BACKEND_ROCR,
	GL_BACKEND_EMU,
	/* Debian's ROCr over the emulated KFD thunk (build/lib/kfd/
	 * libhsakmt.so.1, emu/kfd): the host's ROCr path on the emulated GPU. */
	GL_BACKEND_ROCR_EMU,
};

/* "auto", "rocr", "emu", "rocr-emu". */
const char *gl_backend_name(enum gl_backend b);
bool gl_backend_parse(const char *text, enum gl_backend *out);

struct gl_hsa;
struct gl_hsa_launch;

struct gl_hsa_cfg {
	enum gl_backend backend;
	char arch[16];          /* "gfx942"; "" = any GPU (ROCr) / the emulator's default */
	unsigned device;        /* index among the runtime's GPU agents */
	uint32_t emu_sclk_mhz;  /* emulator clock overrides (GCNLAB_EMU_*_MHZ); 0 = leave the environment alone */
	uint32_t emu_mclk_mhz;
	double timeout_s;       /* per-dispatch completion timeout; 0 means 10 s */
	bool quiet;             /* do not print the "gcnlab: ..." backend line */
	bool verbose;           /* print it, long, also for a backend the user asked for */
	/* Called after every dispatch gl_hsa_dispatch completes (NULL: none),
	 * e.g. gl_rocprof_observe; kept with the config across reopens. */
	void (*observe)(void *user, struct gl_hsa *h, const struct gl_hsa_launch *l);
	void *observe_user;
};

struct gl_hsa;

/* Load and initialise the backend cfg asks for (see gl_backend), pick the
 * GPU agent and set up pools, signal and vendor extension. With backend
 * auto prints one short line on stderr saying what runs and why; with a
 * backend asked for, nothing (cfg->verbose: the long line; cfg->quiet:
 * never a line). */
bool gl_hsa_open(const struct gl_hsa_cfg *cfg, struct gl_hsa **out, struct gl_err *e);
/* Tear everything down (executables the caller still holds must be freed
 * first), hsa_shut_down, dlclose. NULL is fine. */
void gl_hsa_close(struct gl_hsa *h);

/* The emulator's static waitcnt and wait-state check of the code object
 * data[0..size) (every kernel, or `kernel`): *out, *count the findings
 * (release with gl_hsa_check_free), note what it could not follow.
 * GL_CHECK_BAD_INPUT: the code object or kernel name is bad (e says why);
 * GL_CHECK_FAILED: no checker on this backend, or out of memory. */
enum gl_check_status { GL_CHECK_OK = 0, GL_CHECK_BAD_INPUT, GL_CHECK_FAILED };
enum gl_check_status gl_hsa_check_code(struct gl_hsa *h, const void *data, size_t size, const char *kernel,
                                       struct gcnlab_emu_finding **out, size_t *count, char *note,
                                       size_t note_len, struct gl_err *e);
void gl_hsa_check_free(struct gl_hsa *h, struct gcnlab_emu_finding *f);

enum gl_backend gl_hsa_backend(const struct gl_hsa *h);   /* ROCR, EMU or ROCR_EMU */
/* The GPU is the emulator (EMU or ROCR_EMU): its times are model time,
 * deterministic, and it runs far slower than hardware. */
bool gl_hsa_emulated(const struct gl_hsa *h);
const char *gl_hsa_reason(const struct gl_hsa *h);         /* why this backend */
const char *gl_hsa_arch(const struct gl_hsa *h);           /* "gfx942" */
const char *gl_hsa_target(const struct gl_hsa *h);         /* "gfx942:sramecc+:xnack-" */
const char *gl_hsa_isa_name(const struct gl_hsa *h);       /* "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-" */
const struct gl_hsa_cfg *gl_hsa_config(const struct gl_hsa *h);
/* Replace the per-dispatch completion timeout (seconds > 0); returns the old one. */
double gl_hsa_set_timeout(struct gl_hsa *h, double seconds);

#define GL_HSA_MAX_AGENTS 16

struct gl_hsa_agent_desc {
	char name[64];
	char kind[8];        /* "CPU", "GPU", "DSP" */
	char isa[96];        /* GPU: first ISA's name; "" otherwise */
};

struct gl_hsa_info {
	const char *backend;
	const char *reason;
	uint16_t hsa_major, hsa_minor;   /* HSA_SYSTEM_INFO_VERSION_* */
	unsigned nagents;
	struct gl_hsa_agent_desc agents[GL_HSA_MAX_AGENTS];
	unsigned device;                 /* index of the selected GPU among GPUs */
	char name[64];                   /* selected GPU: HSA_AGENT_INFO_NAME */
	char product[64];                /* HSA_AMD_AGENT_INFO_PRODUCT_NAME */
	char isa[96];
	uint32_t compute_units;
	uint32_t simds_per_cu;
	uint32_t shader_engines;
	uint32_t max_waves_per_cu;
	uint32_t wave_size;
	uint32_t workgroup_max_size;
	uint64_t lds_bytes;              /* group segment pool size = LDS per workgroup */
	uint32_t max_clock_mhz;          /* HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY */
	uint32_t memory_max_mhz;         /* HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY */
	bool model_clocks;               /* emulator: current model clocks below */
	uint32_t sclk_mhz, mclk_mhz;
	uint64_t timestamp_hz;           /* HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY */
	bool vendor_ext;                 /* GCNLAB_EXTENSION_EMU present */
	uint32_t bdfid;                  /* HSA_AMD_AGENT_INFO_BDFID (PCI bus/device/function) */
	uint32_t pci_domain;             /* HSA_AMD_AGENT_INFO_DOMAIN (PCI domain; 0 if unreported) */
	uint32_t cache_bytes[4];         /* HSA_AGENT_INFO_CACHE_SIZE: L1..L4 data caches, 0 = none */
	uint32_t xcds;                   /* HSA_AMD_AGENT_INFO_NUM_XCC, 0 if not reported */
	uint64_t memory_bytes;           /* the GPU's coarse-grained pool (its HBM), 0 if unknown */
};

bool gl_hsa_info(struct gl_hsa *h, struct gl_hsa_info *out, struct gl_err *e);

/* After a GPU memory fault the driver evicts every queue of the process and
 * does not restore them (KFD): the faulting kernel's name, else NULL. */
const char *gl_hsa_vm_fault(const struct gl_hsa *h);
/* The address of that fault (the runtime's memory-fault event); false
 * when none happened. */
bool gl_hsa_vm_fault_address(const struct gl_hsa *h, uint64_t *addr);

/* --- memory ------------------------------------------------------------- */

/* A device buffer: dev in the GPU's coarse-grained pool (where kernels get
 * full bandwidth), host a same-sized staging copy in fine-grained system
 * memory; upload/download copy between them with hsa_memory_copy. */
struct gl_hsa_buf {
	void *dev;
	void *host;
	size_t size;
};

/* A buffer whose staging copy starts at zero. */
bool gl_hsa_buf_create(struct gl_hsa *h, size_t size, struct gl_hsa_buf *out, struct gl_err *e);
/* The same with the staging copy as the pool gave it (not cleared): for a
 * buffer whose caller writes every byte it uploads, or that only reserves
 * addresses. A large buffer's untouched pages then stay unpaged, on the host
 * and on the emulated GPU. */
bool gl_hsa_buf_alloc(struct gl_hsa *h, size_t size, struct gl_hsa_buf *out, struct gl_err *e);
/* Frees b and zeroes it. h NULL: the backend is already closed (a clock
 * sweep that could not reopen it) and its memory went with it: only b is
 * forgotten. */
void gl_hsa_buf_destroy(struct gl_hsa *h, struct gl_hsa_buf *b);
bool gl_hsa_buf_upload(struct gl_hsa *h, struct gl_hsa_buf *b, struct gl_err *e);
/* Upload only the first `bytes` (at most the buffer). */
bool gl_hsa_buf_upload_head(struct gl_hsa *h, struct gl_hsa_buf *b, size_t bytes, struct gl_err *e);
/* Scatter: n items of `width` bytes packed at the head of the staging copy
 * (item i at host + i * width) to the device memory at byte offsets offs[i]
 * (offs[i] + width <= size; n * width <= size), the rest of the device
 * memory left as it was: a sparse layout (a pointer chase's nodes, one
 * dword in kilobytes) without a staging image of the whole span, which
 * would page (and on the emulator zero) all of it on both sides. The
 * staging copy no longer mirrors the device afterwards. */
bool gl_hsa_buf_scatter(struct gl_hsa *h, struct gl_hsa_buf *b, const uint64_t *offs, size_t n, size_t width,
                        struct gl_err *e);
bool gl_hsa_buf_download(struct gl_hsa *h, struct gl_hsa_buf *b, struct gl_err *e);
/* Make the kernarg segment at least size bytes (at least 4 KiB), as the
 * first dispatch does. One buffer serves every dispatch: each is waited
 * for before the next one is packed. Public for a sweep point that starts
 * on a fresh GPU and lays out its memory as after a dispatch
 * (measure/gl_run_ctx.h: gl_run_ctx_groups). */
bool gl_hsa_kernarg_reserve(struct gl_hsa *h, size_t size, struct gl_err *e);

/* --- code objects ------------------------------------------------------- */

struct gl_hsa_code;

/* Read path, parse it with gcn_codeobj, check its target against the agent
 * ("copy.co is gfx90a, the agent is gfx942:sramecc+:xnack-"), and load it:
 * code object reader -> executable -> load -> freeze -> validate. */
bool gl_hsa_code_load(struct gl_hsa *h, const char *path, struct gl_hsa_code **out,
                      struct gl_err *e);
void gl_hsa_code_free(struct gl_hsa *h, struct gl_hsa_code *c);
const struct gcn_codeobj *gl_hsa_code_meta(const struct gl_hsa_code *c);
const char *gl_hsa_code_path(const struct gl_hsa_code *c);

/* Check a parsed code object's target against the agent, without loading. */
bool gl_hsa_target_check(const struct gl_hsa *h, const char *what,
                         const struct gcn_codeobj *co, struct gl_err *e);

struct gl_hsa_kernel {
	const struct gcn_kernel *meta;   /* owned by the code object */
	uint64_t object;                 /* HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT */
	uint32_t kernarg_size;           /* from the symbol */
	uint32_t kernarg_align;
	uint32_t group_size;             /* static LDS bytes */
	uint32_t private_size;           /* scratch bytes per work-item */
};

/* The kernel named name (metadata .name) of a loaded code object. */
bool gl_hsa_kernel_get(struct gl_hsa *h, const struct gl_hsa_code *c, const char *name,
                       struct gl_hsa_kernel *out, struct gl_err *e);

/* --- dispatch ----------------------------------------------------------- */

struct gl_hsa_launch {
	const struct gl_hsa_kernel *kernel;
	const struct gl_kernarg_val *args;  /* explicit arguments, in order */
	uint32_t nargs;
	uint32_t grid[3];        /* work-items per dimension (AQL grid_size_*) */
	uint32_t block[3];       /* work-items per workgroup (AQL workgroup_size_*) */
	unsigned dims;           /* 1..3 */
	uint32_t dynamic_lds;    /* bytes added to the kernel's group segment */
};

/* Check the launch shape against the agent and the kernel (workgroup and
 * grid limits, LDS) without dispatching. */
bool gl_hsa_launch_check(struct gl_hsa *h, const struct gl_hsa_launch *l, struct gl_err *e);

/* Pack the kernarg segment, submit one AQL kernel dispatch packet, wait for
 * completion (timeout from the config) and return the GPU duration from the
 * profiling timestamps in *gpu_us. A fault, queue error or timeout fails
 * with a message naming the kernel (plus the emulator's report); the queue
 * is then recreated on the next dispatch. */
bool gl_hsa_dispatch(struct gl_hsa *h, const struct gl_hsa_launch *l, double *gpu_us,
                     struct gl_err *e);

/* The start and end GPU timestamps of the last gl_hsa_dispatch, in ns of
 * the HSA system clock (what rocprofv3 writes as Start_/End_Timestamp);
 * false before the first one. */
bool gl_hsa_last_times_ns(const struct gl_hsa *h, uint64_t *start_ns, uint64_t *end_ns);

/* The copy study's timing (004_18b2dddb33536aee.txt): n dispatches of l back to back on the
 * queue, each followed (markers) by a barrier-AND marker with a system-scope
 * release, as hipEventRecord on an event made with hipEventReleaseToSystem;
 * one wait at the end. *host_us = the HSA system timestamp from before the
 * first packet to after the last one completed, so packet processing and
 * the gaps between dispatches count (the host clock on ROCr; the model's
 * timeline on the emulator, whose system timestamp is model time). gpu_us,
 * when not NULL, gets each dispatch's own GPU duration (n values). */
/* A dispatch's GPU time from its profiling timestamps (ticks at hz): false,
 * with the reason, when they are not a time: 0 (never written: ROCr then
 * prints "time stamps may be invalid" and translates the zeros), or an end
 * not after the start (no dispatch takes no time). */
bool gl_hsa_dispatch_us(const char *kernel, uint64_t start, uint64_t end, uint64_t hz, double *us,
                        struct gl_err *e);
bool gl_hsa_dispatch_batch(struct gl_hsa *h, const struct gl_hsa_launch *l, unsigned n,
                           bool markers, double *host_us, double *gpu_us, struct gl_err *e);

/* --- vendor extension (emulator only) ----------------------------------- */

/* Counters of the last completed dispatch; false when the runtime has no
 * counters (ROCr) or the call fails. */
bool gl_hsa_counters(struct gl_hsa *h, struct gcnlab_emu_counters *out);
/* Enable/disable the per-instruction trace for later dispatches (wave -1:
 * all waves). False without the extension. */
bool gl_hsa_trace_enable(struct gl_hsa *h, bool enable, int wave);
/* Trace rows of the last completed dispatch (valid until the next one). */
bool gl_hsa_trace(struct gl_hsa *h, const struct gcnlab_emu_trace_row **rows, size_t *count);
/* Model clocks (emulator); false on ROCr. */
bool gl_hsa_model_clocks(struct gl_hsa *h, uint32_t *sclk_mhz, uint32_t *mclk_mhz);

/* --- helpers ------------------------------------------------------------ */

/* "HSA_STATUS_ERROR_OUT_OF_RESOURCES" (or "HSA status 0x..."). */
const char *gl_hsa_status_name(int status);

#endif
