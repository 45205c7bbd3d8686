/*
 * gl_hsa_open.c — loading a runtime, choosing the backend, the agent, its
 * pools, closing, and what `gcnlab info` shows.
 */
#include "gpu/gl_hsa_priv.h"
#include "base/gl_file.h"
#include "base/gl_str.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ROCR_SONAME "libhsa-runtime64.so.1"

/* --- loading ------------------------------------------------------------ */

/* Resolve the table from h->lib. False (with the missing name in e) when a
 * required entry point is absent. */
static bool resolve_api(struct gl_hsa *h, struct gl_err *e)
{
#define GL_HSA_REQ(fn)                                                             \
	*(void **)&h->api.fn = dlsym(h->lib, #fn);                                 \
	if (!h->api.fn)                                                            \
		return gl_err_set(e, "%s does not export %s", h->lib_path, #fn);
#define GL_HSA_OPT(fn) *(void **)&h->api.fn = dlsym(h->lib, #fn);
	GL_HSA_API(GL_HSA_REQ, GL_HSA_OPT)
#undef GL_HSA_REQ
#undef GL_HSA_OPT
	return true;
}

/* <dir of gcnlab>/../lib/libhsa-emu.so, with the ".." resolved when the
 * directory exists (clearer messages). */
static bool default_emu_path(char *buf, size_t len)
{
	char dir[PATH_MAX], lib[PATH_MAX + 16], real[PATH_MAX];

	if (!gl_file_exe_dir(dir, sizeof(dir)) || !gl_str_fmt(lib, sizeof(lib), "%s/../lib", dir))
		return false;
	if (realpath(lib, real))
		return gl_str_fmt(buf, len, "%s/libhsa-emu.so", real);
	return gl_str_fmt(buf, len, "%s/libhsa-emu.so", lib);
}

static void unload(struct gl_hsa *h)
{
	if (h->initialised)
		h->api.hsa_shut_down();
	h->initialised = false;
	if (h->lib)
		dlclose(h->lib);
	h->lib = NULL;
	if (h->kfd_lib)
		dlclose(h->kfd_lib);  /* after ROCr, which linked it */
	h->kfd_lib = NULL;
	memset(&h->api, 0, sizeof(h->api));
}

/* Parse "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-" into target/proc/features. */
static void parse_isa_name(struct gl_hsa *h)
{
	const char *t = strstr(h->isa_name, "--");
	char *colon;

	t = t ? t + 2 : h->isa_name;
	gl_str_copy(h->target, sizeof(h->target), t);
	gl_str_copy(h->proc, sizeof(h->proc), t);
	colon = strchr(h->proc, ':');
	if (colon)
		*colon = '\0';
	h->xnack = strstr(t, ":xnack+") ? 1 : strstr(t, ":xnack-") ? 0 : -1;
	h->sramecc = strstr(t, ":sramecc+") ? 1 : strstr(t, ":sramecc-") ? 0 : -1;
}

static hsa_status_t first_isa(hsa_isa_t isa, void *data)
{
	*(hsa_isa_t *)data = isa;
	return HSA_STATUS_INFO_BREAK;
}

/* The agent's (first) ISA name through hsa_agent_iterate_isas. */
static bool agent_isa_name(struct gl_hsa *h, hsa_agent_t agent, char *buf, size_t len)
{
	hsa_isa_t isa = { 0 };
	uint32_t n = 0;
	char tmp[256];
	hsa_status_t s = h->api.hsa_agent_iterate_isas(agent, first_isa, &isa);

	buf[0] = '\0';
	if ((s != HSA_STATUS_SUCCESS && s != HSA_STATUS_INFO_BREAK) || !isa.handle)
		return false;
	if (h->api.hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &n) != HSA_STATUS_SUCCESS ||
	    n == 0 || n >= sizeof(tmp))
		return false;
	memset(tmp, 0, sizeof(tmp));
	if (h->api.hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, tmp) != HSA_STATUS_SUCCESS)
		return false;
	gl_str_copy(buf, len, tmp);
	return true;
}

struct agent_walk {
	struct gl_hsa *h;
	unsigned ngpus;
	unsigned want;          /* device index */
	bool found_gpu;
	hsa_agent_t gpu;
	bool found_cpu;
	hsa_agent_t cpu;
};

static hsa_status_t walk_agent(hsa_agent_t agent, void *data)
{
	struct agent_walk *w = data;
	hsa_device_type_t type;

	if (w->h->api.hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS)
		return HSA_STATUS_SUCCESS;
	if (type == HSA_DEVICE_TYPE_GPU) {
		if (w->ngpus == w->want) {
			w->gpu = agent;
			w->found_gpu = true;
		}
		w->ngpus++;
	} else if (type == HSA_DEVICE_TYPE_CPU && !w->found_cpu) {
		w->cpu = agent;
		w->found_cpu = true;
	}
	return HSA_STATUS_SUCCESS;
}

/* After hsa_init: find GPU number cfg.device and a CPU agent. On failure
 * writes a reason ("ROCr has no GPU agent", "GPU 0 is gfx90a, not gfx942"). */
static bool pick_agent(struct gl_hsa *h, const char *who, char *reason, size_t rlen)
{
	struct agent_walk w = { .h = h, .want = h->cfg.device };
	hsa_status_t s = h->api.hsa_iterate_agents(walk_agent, &w);

	if (s != HSA_STATUS_SUCCESS) {
		gl_str_fmt(reason, rlen, "hsa_iterate_agents: %s", gl_hsa_status_name(s));
		return false;
	}
	h->ngpus = w.ngpus;
	if (w.ngpus == 0) {
		gl_str_fmt(reason, rlen, "%s found no GPU agent", who);
		return false;
	}
	if (!w.found_gpu) {
		gl_str_fmt(reason, rlen, "%s has %u GPU agent%s, --device %u asks for number %u",
		         who, w.ngpus, w.ngpus == 1 ? "" : "s", h->cfg.device, h->cfg.device);
		return false;
	}
	if (!w.found_cpu) {
		gl_str_fmt(reason, rlen, "%s has no CPU agent (needed for kernarg and host memory)", who);
		return false;
	}
	h->gpu = w.gpu;
	h->cpu = w.cpu;
	if (!agent_isa_name(h, h->gpu, h->isa_name, sizeof(h->isa_name))) {
		gl_str_fmt(reason, rlen, "%s GPU %u reports no ISA", who, h->cfg.device);
		return false;
	}
	parse_isa_name(h);
	if (h->cfg.arch[0] && strcmp(h->cfg.arch, h->proc) != 0) {
		gl_str_fmt(reason, rlen, "%s GPU %u is %s, not %s", who, h->cfg.device, h->target,
		         h->cfg.arch);
		return false;
	}
	return true;
}

/* "hsa_init: HSA_STATUS_ERROR_OUT_OF_RESOURCES — no /dev/kfd" */
static void init_failure(hsa_status_t s, char *reason, size_t rlen)
{
	const char *hint = "";

	if (access("/dev/kfd", F_OK) != 0)
		hint = " \u2014 no /dev/kfd";
	else if (access("/dev/kfd", R_OK | W_OK) != 0)
		hint = " \u2014 /dev/kfd not accessible (is the user in the render group?)";
	gl_str_fmt(reason, rlen, "hsa_init: %s%s", gl_hsa_status_name(s), hint);
}

/* ROCr: load, resolve, init, pick the agent. On failure everything is
 * undone and reason says why (one clause, for the backend line). */
static bool try_rocr(struct gl_hsa *h, char *reason, size_t rlen)
{
	const char *root = getenv("ROCM_PATH");
	char path[PATH_MAX];
	struct gl_err e;
	hsa_status_t s;

	gl_str_fmt(path, sizeof(path), "%s/lib/%s", root && root[0] ? root : "/opt/rocm", ROCR_SONAME);
	if (access(path, F_OK) == 0) {
		h->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		if (!h->lib) {
			gl_str_fmt(reason, rlen, "%s does not load: %s", path, dlerror());
			return false;
		}
		gl_str_copy(h->lib_path, sizeof(h->lib_path), path);
	} else {
		h->lib = dlopen(ROCR_SONAME, RTLD_NOW | RTLD_LOCAL);
		if (!h->lib) {
			gl_str_fmt(reason, rlen, "%s not found", ROCR_SONAME);
			return false;
		}
		gl_str_copy(h->lib_path, sizeof(h->lib_path), ROCR_SONAME);
	}
	if (!resolve_api(h, &e)) {
		gl_str_copy(reason, rlen, e.msg);
		goto fail;
	}
	s = h->api.hsa_init();
	if (s != HSA_STATUS_SUCCESS) {
		init_failure(s, reason, rlen);
		goto fail;
	}
	h->initialised = true;
	if (!pick_agent(h, "ROCr", reason, rlen))
		goto fail;
	return true;
fail:
	/* ROCr and the emulator cannot both live in one process: shut ROCr
	 * down and unload it before the emulator is loaded. */
	unload(h);
	return false;
}

static bool set_env_u32(const char *name, uint32_t v)
{
	char buf[16];

	gl_str_fmt(buf, sizeof(buf), "%u", v);
	return setenv(name, buf, 1) == 0;
}

/* The suite kernels' reviewed suppressions (asm/gcnlab-emu.supp, installed
 * by mk/suppress.mk beside the emulator library lib), unless the user set
 * GCNLAB_EMU_SUPPRESSIONS (empty: none). */
static bool set_emu_suppressions(const char *lib, struct gl_err *e)
{
	char path[PATH_MAX];
	const char *slash = strrchr(lib, '/');

	if (getenv("GCNLAB_EMU_SUPPRESSIONS") || !slash)
		return true;
	if (!gl_str_fmt(path, sizeof(path), "%.*s/gcnlab-emu.supp", (int)(slash - lib), lib) ||
	    access(path, R_OK) != 0)
		return true;
	if (setenv("GCNLAB_EMU_SUPPRESSIONS", path, 1) != 0)
		return gl_err_set(e, "setenv GCNLAB_EMU_SUPPRESSIONS: %s", strerror(errno));
	return true;
}

/* The emulator's arch, clocks and suppressions, which it reads from the
 * environment when it starts (include/gcnlab_emu_ext.h; the thunk's
 * hsaKmtOpenKFD likewise); lib is the emulator library's path. */
static bool set_emu_env(const struct gl_hsa *h, const char *arch, const char *lib, struct gl_err *e)
{
	if (!set_emu_suppressions(lib, e))
		return false;
	if (arch[0] && setenv("GCNLAB_EMU_ARCH", arch, 1) != 0)
		return gl_err_set(e, "setenv GCNLAB_EMU_ARCH: %s", strerror(errno));
	if (h->cfg.emu_sclk_mhz && !set_env_u32("GCNLAB_EMU_SCLK_MHZ", h->cfg.emu_sclk_mhz))
		return gl_err_set(e, "setenv GCNLAB_EMU_SCLK_MHZ: %s", strerror(errno));
	if (h->cfg.emu_mclk_mhz && !set_env_u32("GCNLAB_EMU_MCLK_MHZ", h->cfg.emu_mclk_mhz))
		return gl_err_set(e, "setenv GCNLAB_EMU_MCLK_MHZ: %s", strerror(errno));
	return true;
}

/* <dir of gcnlab>/../lib/kfd/libhsakmt.so.1, or $GCNLAB_KFD_LIB. */
static bool kfd_path(char *buf, size_t len, struct gl_err *e)
{
	const char *env = getenv("GCNLAB_KFD_LIB");
	char lib[PATH_MAX];

	if (env && env[0])
		return gl_str_copy(buf, len, env) || gl_err_set(e, "GCNLAB_KFD_LIB is too long");
	if (!default_emu_path(lib, sizeof(lib)))
		return gl_err_set(e, "cannot locate lib/kfd/libhsakmt.so.1 next to the gcnlab binary "
		                  "(/proc/self/exe); set GCNLAB_KFD_LIB");
	*strrchr(lib, '/') = '\0';
	return gl_str_fmt(buf, len, "%s/kfd/libhsakmt.so.1", lib) ||
	       gl_err_set(e, "the path of lib/kfd/libhsakmt.so.1 is too long");
}

/* ROCr over the emulated KFD thunk: the thunk is loaded first, so that
 * ROCr's dependency on libhsakmt.so.1 (by soname) is satisfied by it and
 * not by the system's thunk, which would open /dev/kfd. */
static bool try_rocr_emu(struct gl_hsa *h, struct gl_err *e)
{
	const char *arch = h->cfg.arch[0] ? h->cfg.arch : "gfx90a";
	char path[PATH_MAX], reason[512];
	void *ours, *bound;

	if (strcmp(arch, "gfx900") != 0 && strcmp(arch, "gfx90a") != 0)
		return gl_err_set(e, "backend rocr-emu: ROCr 5.2 knows gfx900 and gfx90a, not %s "
		                  "(its ISA table has no gfx94x); use --backend emu", arch);
	if (!kfd_path(path, sizeof(path), e))
		return false;
	if (access(path, F_OK) != 0)
		return gl_err_set(e, "backend rocr-emu: the emulated KFD thunk %s is missing (build it "
		                  "with make, or set GCNLAB_KFD_LIB)", path);
	/* the thunk's suppressions: those of the emulator built beside gcnlab */
	if (!default_emu_path(reason, sizeof(reason)))
		reason[0] = '\0';
	if (!set_emu_env(h, arch, reason, e))
		return false;
	h->kfd_lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h->kfd_lib)
		return gl_err_set(e, "backend rocr-emu: cannot load %s: %s", path, dlerror());
	if (!try_rocr(h, reason, sizeof(reason))) {
		gl_err_set(e, "backend rocr-emu: ROCr over %s: %s", path, reason);
		goto fail;
	}
	/* The thunk ROCr bound must be ours. */
	ours = dlsym(h->kfd_lib, "hsaKmtOpenKFD");
	bound = dlsym(h->lib, "hsaKmtOpenKFD");
	if (!ours || ours != bound) {
		gl_err_set(e, "backend rocr-emu: %s is bound to another libhsakmt.so.1 than %s",
		           h->lib_path, path);
		goto fail;
	}
	return true;
fail:
	unload(h);
	return false;
}

static bool try_emu(struct gl_hsa *h, struct gl_err *e)
{
	const char *env = getenv("GCNLAB_EMU_LIB");
	char reason[512];
	hsa_status_t s;

	if (env && env[0]) {
		if (!gl_str_copy(h->lib_path, sizeof(h->lib_path), env))
			return gl_err_set(e, "GCNLAB_EMU_LIB is too long");
	} else {
		if (!default_emu_path(h->lib_path, sizeof(h->lib_path)))
			return gl_err_set(e, "cannot locate libhsa-emu.so next to the gcnlab binary (/proc/self/exe); set GCNLAB_EMU_LIB");
	}
	if (access(h->lib_path, F_OK) != 0)
		return gl_err_set(e, "the emulated GPU %s is missing (build it with make, or set GCNLAB_EMU_LIB)",
		                  h->lib_path);

	if (!set_emu_env(h, h->cfg.arch, h->lib_path, e))
		return false;

	h->lib = dlopen(h->lib_path, RTLD_NOW | RTLD_LOCAL);
	if (!h->lib)
		return gl_err_set(e, "cannot load the emulated GPU %s: %s", h->lib_path, dlerror());
	if (!resolve_api(h, e))
		goto fail;
	s = h->api.hsa_init();
	if (s != HSA_STATUS_SUCCESS) {
		gl_hsa_fail(h, e, s, "the emulated GPU (%s) failed to initialise for %s", h->lib_path,
		            h->cfg.arch[0] ? h->cfg.arch : "its default arch");
		goto fail;
	}
	h->initialised = true;
	if (!pick_agent(h, "the emulator", reason, sizeof(reason))) {
		gl_err_set(e, "%s", reason);
		goto fail;
	}
	return true;
fail:
	unload(h);
	return false;
}

/* --- pools -------------------------------------------------------------- */

struct pool_walk {
	struct gl_hsa *h;
	uint32_t want_flag;
	bool found;
	hsa_amd_memory_pool_t pool;
};

static hsa_status_t walk_pool(hsa_amd_memory_pool_t pool, void *data)
{
	struct pool_walk *w = data;
	hsa_amd_segment_t seg;
	uint32_t flags = 0;
	bool alloc = false;

	if (w->h->api.hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &seg) !=
	        HSA_STATUS_SUCCESS || seg != HSA_AMD_SEGMENT_GLOBAL)
		return HSA_STATUS_SUCCESS;
	if (w->h->api.hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED,
	                                           &alloc) != HSA_STATUS_SUCCESS || !alloc)
		return HSA_STATUS_SUCCESS;
	if (w->h->api.hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS,
	                                           &flags) != HSA_STATUS_SUCCESS)
		return HSA_STATUS_SUCCESS;
	if (flags & w->want_flag) {
		w->pool = pool;
		w->found = true;
		return HSA_STATUS_INFO_BREAK;
	}
	return HSA_STATUS_SUCCESS;
}

static bool find_pool(struct gl_hsa *h, hsa_agent_t agent, uint32_t flag,
                      hsa_amd_memory_pool_t *out)
{
	struct pool_walk w = { .h = h, .want_flag = flag };
	hsa_status_t s = h->api.hsa_amd_agent_iterate_memory_pools(agent, walk_pool, &w);

	if ((s != HSA_STATUS_SUCCESS && s != HSA_STATUS_INFO_BREAK) || !w.found)
		return false;
	*out = w.pool;
	return true;
}

struct group_walk {
	struct gl_hsa *h;
	uint64_t size;
};

static hsa_status_t walk_group_pool(hsa_amd_memory_pool_t pool, void *data)
{
	struct group_walk *w = data;
	hsa_amd_segment_t seg;
	size_t size = 0;

	if (w->h->api.hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &seg) ==
	        HSA_STATUS_SUCCESS && seg == HSA_AMD_SEGMENT_GROUP &&
	    w->h->api.hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SIZE, &size) ==
	        HSA_STATUS_SUCCESS) {
		w->size = size;
		return HSA_STATUS_INFO_BREAK;
	}
	return HSA_STATUS_SUCCESS;
}

/* Pools, limits, timestamp frequency, event handler, vendor extension. */
static hsa_status_t on_system_event(const hsa_amd_event_t *event, void *data)
{
	struct gl_hsa *h = data;

	if (event->event_type == HSA_AMD_GPU_MEMORY_FAULT_EVENT) {
		__atomic_store_n(&h->fault_address, event->memory_fault.virtual_address, __ATOMIC_RELAXED);
		__atomic_store_n(&h->fault_reason, event->memory_fault.fault_reason_mask, __ATOMIC_RELAXED);
		__atomic_store_n(&h->fault_seen, 1, __ATOMIC_RELEASE);
	}
	return HSA_STATUS_SUCCESS;
}

static bool setup(struct gl_hsa *h, struct gl_err *e)
{
	struct group_walk gw = { .h = h };
	hsa_status_t s;

	if ((s = h->api.hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &h->timestamp_hz)) !=
	    HSA_STATUS_SUCCESS)
		return gl_hsa_fail(h, e, s, "HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY");
	if (h->timestamp_hz == 0)
		return gl_err_set(e, "the runtime reports a timestamp frequency of 0 Hz");
	if ((s = h->api.hsa_agent_get_info(h->gpu, HSA_AGENT_INFO_PROFILE, &h->profile)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_agent_get_info(h->gpu, HSA_AGENT_INFO_WORKGROUP_MAX_DIM, h->wg_max_dim)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_agent_get_info(h->gpu, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, &h->wg_max_size)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_agent_get_info(h->gpu, HSA_AGENT_INFO_GRID_MAX_DIM, &h->grid_max_dim)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_agent_get_info(h->gpu, HSA_AGENT_INFO_GRID_MAX_SIZE, &h->grid_max_size)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_agent_get_info(h->gpu, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &h->queue_max_size)) != HSA_STATUS_SUCCESS)
		return gl_hsa_fail(h, e, s, "querying the GPU agent's limits");
	s = h->api.hsa_amd_agent_iterate_memory_pools(h->gpu, walk_group_pool, &gw);
	if ((s != HSA_STATUS_SUCCESS && s != HSA_STATUS_INFO_BREAK) || gw.size == 0)
		return gl_err_set(e, "the GPU agent has no group segment (LDS) memory pool");
	h->lds_bytes = gw.size;

	h->have_kernarg_pool = find_pool(h, h->cpu, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT,
	                                 &h->kernarg_pool);
	h->have_fine_pool = find_pool(h, h->cpu, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED,
	                              &h->fine_pool);
	h->have_coarse_pool = find_pool(h, h->gpu, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED,
	                                &h->coarse_pool);
	if (!h->have_kernarg_pool)
		return gl_err_set(e, "the CPU agent has no kernarg (KERNARG_INIT) memory pool");
	if (!h->have_fine_pool)
		return gl_err_set(e, "the CPU agent has no fine-grained memory pool");
	if (!h->have_coarse_pool)
		return gl_err_set(e, "the GPU agent has no coarse-grained memory pool");

	/* Without a handler ROCr prints and aborts on a GPU memory fault;
	 * with one, the fault becomes an event we turn into an error. A
	 * runtime allows one handler per process (HSA_STATUS_ERROR otherwise). */
	if (h->api.hsa_amd_register_system_event_handler &&
	    h->api.hsa_amd_register_system_event_handler(on_system_event, h) == HSA_STATUS_SUCCESS)
		h->event_handler = true;

	if (h->api.hsa_system_major_extension_supported && h->api.hsa_system_get_major_extension_table) {
		uint16_t minor = 0;
		bool supported = false;

		/* ROCr rejects ids it does not know; any failure means "absent". */
		if (h->api.hsa_system_major_extension_supported(GCNLAB_EXTENSION_EMU, GCNLAB_EMU_EXT_MAJOR,
		                                                &minor, &supported) == HSA_STATUS_SUCCESS &&
		    supported &&
		    h->api.hsa_system_get_major_extension_table(GCNLAB_EXTENSION_EMU, GCNLAB_EMU_EXT_MAJOR,
		                                                sizeof(h->ext), &h->ext) == HSA_STATUS_SUCCESS)
			h->have_ext = true;
	}
	/* ROCr does not know the emulator's extension: on rocr-emu the thunk
	 * exports it (emu/kfd/kfd_ext.c). */
	if (!h->have_ext && h->kfd_lib) {
		const struct gcnlab_emu_ext_1 *(*get)(uint16_t);
		const struct gcnlab_emu_ext_1 *t;

		*(void **)&get = dlsym(h->kfd_lib, "gcnlab_kfd_emu_ext");
		if (get && (t = get(GCNLAB_EMU_EXT_MAJOR)) != NULL) {
			memcpy(&h->ext, t, sizeof(h->ext) < sizeof(*t) ? sizeof(h->ext) : sizeof(*t));
			h->have_ext = true;
		}
	}
	return true;
}

/* --- open / close ------------------------------------------------------- */

void gl_hsa_close(struct gl_hsa *h)
{
	if (!h)
		return;
	if (h->initialised) {
		gl_hsa_queue_drop(h);
		if (h->kernarg)
			h->api.hsa_amd_memory_pool_free(h->kernarg);
	}
	unload(h);
	free(h);
}

bool gl_hsa_open(const struct gl_hsa_cfg *cfg, struct gl_hsa **out, struct gl_err *e)
{
	struct gl_hsa *h = calloc(1, sizeof(*h));
	char rocr_reason[512] = "";
	bool rocr = false;

	*out = NULL;
	if (!h)
		return gl_err_set(e, "out of memory");
	h->cfg = *cfg;
	if (h->cfg.timeout_s <= 0)
		h->cfg.timeout_s = 10.0;

	if (cfg->backend == GL_BACKEND_ROCR_EMU) {
		if (!try_rocr_emu(h, e))
			goto fail;
		h->backend = GL_BACKEND_ROCR_EMU;
		gl_str_copy(h->reason, sizeof(h->reason), "requested");
	} else if (cfg->backend != GL_BACKEND_EMU) {
		rocr = try_rocr(h, rocr_reason, sizeof(rocr_reason));
		if (!rocr && cfg->backend == GL_BACKEND_ROCR) {
			gl_err_set(e, "backend rocr is not available: %s", rocr_reason);
			goto fail;
		}
	}
	if (h->backend == GL_BACKEND_ROCR_EMU) {
		/* chosen above */
	} else if (rocr) {
		h->backend = GL_BACKEND_ROCR;
		gl_str_copy(h->reason, sizeof(h->reason), cfg->backend == GL_BACKEND_ROCR ?
		         "requested" : "ROCr has a matching GPU");
	} else {
		if (!try_emu(h, e)) {
			if (cfg->backend == GL_BACKEND_AUTO)
				gl_err_prefix(e, "no backend: ROCr: %s; emulator: ", rocr_reason);
			goto fail;
		}
		h->backend = GL_BACKEND_EMU;
		gl_str_fmt(h->reason, sizeof(h->reason), "%s",
		         cfg->backend == GL_BACKEND_EMU ? "requested" : rocr_reason);
	}
	if (!setup(h, e))
		goto fail;
	if (!cfg->quiet && cfg->backend == GL_BACKEND_AUTO && !cfg->verbose) {
		/* what auto chose, in one short line (the user did not say) */
		if (h->backend == GL_BACKEND_ROCR)
			fprintf(stderr, "gcnlab: GPU %u, %s (ROCr)\n", cfg->device, h->target);
		else
			fprintf(stderr, "gcnlab: emulated %s (%s)\n", h->proc,
			        access("/dev/kfd", F_OK) != 0 ? "no GPU: no /dev/kfd" : h->reason);
	} else if (!cfg->quiet && cfg->verbose) {
		if (h->backend == GL_BACKEND_ROCR)
			fprintf(stderr, "gcnlab: backend rocr (%s); using GPU %u, %s\n", h->reason,
			        cfg->device, h->target);
		else if (h->backend == GL_BACKEND_ROCR_EMU)
			fprintf(stderr, "gcnlab: backend rocr-emu (%s); ROCr %s on the emulated %s\n",
			        h->reason, h->lib_path, h->target);
		else
			fprintf(stderr, "gcnlab: backend emu (%s); using the emulated %s\n", h->reason,
			        h->proc);
	}
	*out = h;
	return true;
fail:
	gl_hsa_close(h);
	return false;
}

enum gl_backend gl_hsa_backend(const struct gl_hsa *h) { return h->backend; }
bool gl_hsa_emulated(const struct gl_hsa *h)
{
	return h->backend == GL_BACKEND_EMU || h->backend == GL_BACKEND_ROCR_EMU;
}
const char *gl_hsa_reason(const struct gl_hsa *h) { return h->reason; }
const char *gl_hsa_arch(const struct gl_hsa *h) { return h->proc; }
const char *gl_hsa_target(const struct gl_hsa *h) { return h->target; }
const char *gl_hsa_isa_name(const struct gl_hsa *h) { return h->isa_name; }
const struct gl_hsa_cfg *gl_hsa_config(const struct gl_hsa *h) { return &h->cfg; }

double gl_hsa_set_timeout(struct gl_hsa *h, double seconds)
{
	double old = h->cfg.timeout_s;

	if (seconds > 0)
		h->cfg.timeout_s = seconds;
	return old;
}

/* --- info --------------------------------------------------------------- */

struct info_walk {
	struct gl_hsa *h;
	struct gl_hsa_info *info;
};

static hsa_status_t info_agent(hsa_agent_t agent, void *data)
{
	struct info_walk *w = data;
	struct gl_hsa_agent_desc *d;
	hsa_device_type_t type;
	char name[64] = "";

	if (w->info->nagents == GL_HSA_MAX_AGENTS)
		return HSA_STATUS_INFO_BREAK;
	d = &w->info->agents[w->info->nagents++];
	w->h->api.hsa_agent_get_info(agent, HSA_AGENT_INFO_NAME, name);
	gl_str_copy(d->name, sizeof(d->name), name);
	if (w->h->api.hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS)
		type = (hsa_device_type_t)-1;
	gl_str_copy(d->kind, sizeof(d->kind), type == HSA_DEVICE_TYPE_CPU ? "CPU" :
	         type == HSA_DEVICE_TYPE_GPU ? "GPU" : type == HSA_DEVICE_TYPE_DSP ? "DSP" : "?");
	if (type == HSA_DEVICE_TYPE_GPU)
		agent_isa_name(w->h, agent, d->isa, sizeof(d->isa));
	return HSA_STATUS_SUCCESS;
}

bool gl_hsa_info(struct gl_hsa *h, struct gl_hsa_info *out, struct gl_err *e)
{
	struct info_walk w = { .h = h, .info = out };
	char name[64] = "", product[64] = "";
	hsa_status_t s;

	memset(out, 0, sizeof(*out));
	out->backend = gl_backend_name(h->backend);
	out->reason = h->reason;
	out->device = h->cfg.device;
	s = h->api.hsa_iterate_agents(info_agent, &w);
	if (s != HSA_STATUS_SUCCESS && s != HSA_STATUS_INFO_BREAK)
		return gl_hsa_fail(h, e, s, "hsa_iterate_agents");
	h->api.hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &out->hsa_major);
	h->api.hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MINOR, &out->hsa_minor);
	h->api.hsa_agent_get_info(h->gpu, HSA_AGENT_INFO_NAME, name);
	gl_str_copy(out->name, sizeof(out->name), name);
	h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_PRODUCT_NAME, product);
	gl_str_copy(out->product, sizeof(out->product), product);
	gl_str_copy(out->isa, sizeof(out->isa), h->isa_name);
	if ((s = h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT,
	                                   &out->compute_units)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_agent_get_info(h->gpu, HSA_AGENT_INFO_WAVEFRONT_SIZE,
	                                   &out->wave_size)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY,
	                                   &out->max_clock_mhz)) != HSA_STATUS_SUCCESS)
		return gl_hsa_fail(h, e, s, "querying the GPU agent");
	/* Informational extras: 0 when the runtime does not report them. */
	h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU,
	                          &out->simds_per_cu);
	h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES,
	                          &out->shader_engines);
	h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU,
	                          &out->max_waves_per_cu);
	h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY,
	                          &out->memory_max_mhz);
	h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_BDFID, &out->bdfid);
	h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_DOMAIN, &out->pci_domain);
	h->api.hsa_agent_get_info(h->gpu, HSA_AGENT_INFO_CACHE_SIZE, out->cache_bytes);
	/* HSA_AMD_AGENT_INFO_NUM_XCC (0xA111, uint32) is newer than Debian's
	 * hsa_ext_amd.h; ROCm 6's header gives it this value. A runtime that
	 * does not know it refuses the query and xcds stays 0. */
	h->api.hsa_agent_get_info(h->gpu, (hsa_agent_info_t)0xA111, &out->xcds);
	{
		size_t pool_size = 0;

		if (h->api.hsa_amd_memory_pool_get_info(h->coarse_pool, HSA_AMD_MEMORY_POOL_INFO_SIZE,
		                                        &pool_size) == HSA_STATUS_SUCCESS)
			out->memory_bytes = pool_size;
	}
	out->workgroup_max_size = h->wg_max_size;
	out->lds_bytes = h->lds_bytes;
	out->timestamp_hz = h->timestamp_hz;
	out->vendor_ext = h->have_ext;
	out->model_clocks = gl_hsa_model_clocks(h, &out->sclk_mhz, &out->mclk_mhz);
	return true;
}
