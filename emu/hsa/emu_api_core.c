/*
 * emu_api_core — hsa_init / hsa_shut_down, status strings, system info,
 * extensions (the gcnlab vendor extension), agents, ISAs and caches.
 *
 * Values are the ones ROCr reports for these agents (rocminfo), with the
 * profile's numbers from emu_profile.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hsa/emu_runtime.h"

/* HSA_AMD_AGENT_INFO_NUM_XCC of ROCm 6's hsa_ext_amd.h (uint32: XCCs in the
 * agent), newer than the Debian header this file is compiled against. */
#define EMU_AMD_AGENT_INFO_NUM_XCC 0xA111

struct emu_runtime emu_rt = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.sig_lock = PTHREAD_MUTEX_INITIALIZER,
	.dispatch_lock = PTHREAD_MUTEX_INITIALIZER,
	.result_lock = PTHREAD_MUTEX_INITIALIZER,
	.copy_lock = PTHREAD_MUTEX_INITIALIZER,
};

uint64_t emu_rt_wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

struct emu_agent *emu_agent_from(hsa_agent_t a)
{
	for (int i = 0; i < EMU_AGENT_COUNT; i++)
		if (a.handle == (uint64_t)(uintptr_t)&emu_rt.agents[i])
			return &emu_rt.agents[i];
	return NULL;
}

hsa_status_t emu_agent_query(hsa_agent_t agent, bool answer, struct emu_agent **out)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!(*out = emu_agent_from(agent)))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	return answer ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

hsa_status_t emu_rt_enter(bool answer)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!answer)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&emu_rt.lock);
	return HSA_STATUS_SUCCESS;
}

struct emu_pool *emu_pool_from(uint64_t handle)
{
	for (int i = 0; i < EMU_POOL_COUNT; i++)
		if (handle == (uint64_t)(uintptr_t)&emu_rt.pools[i])
			return &emu_rt.pools[i];
	return NULL;
}

/* ---- init / shut down ---- */

static void emu_rt_cpu_info(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	snprintf(emu_rt.cpu_name, sizeof(emu_rt.cpu_name), "CPU");
	emu_rt.cpu_count = n > 0 ? (uint32_t)n : 1;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) != 0 || !colon)
			continue;
		colon += 1 + (colon[1] == ' ');
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(emu_rt.cpu_name, sizeof(emu_rt.cpu_name), "%s", colon);
		break;
	}
	fclose(f);
}

static uint64_t emu_rt_ram_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}

static void emu_rt_setup_pools(void)
{
	uint64_t ram = emu_rt_ram_bytes();
	const uint32_t fine = HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED;

	emu_rt.pools[EMU_POOL_GPU_COARSE] = (struct emu_pool){
		EMU_POOL_GPU_COARSE, EMU_AGENT_GPU, HSA_AMD_SEGMENT_GLOBAL,
		HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED, EMU_MEM_COARSE,
		emu_rt.prof->vram_bytes, true };
	emu_rt.pools[EMU_POOL_GPU_GROUP] = (struct emu_pool){
		EMU_POOL_GPU_GROUP, EMU_AGENT_GPU, HSA_AMD_SEGMENT_GROUP, 0, EMU_MEM_COARSE,
		emu_rt.prof->lds_bytes, false };
	emu_rt.pools[EMU_POOL_CPU_FINE] = (struct emu_pool){
		EMU_POOL_CPU_FINE, EMU_AGENT_CPU, HSA_AMD_SEGMENT_GLOBAL, fine, EMU_MEM_FINE, ram, true };
	emu_rt.pools[EMU_POOL_CPU_KERNARG] = (struct emu_pool){
		EMU_POOL_CPU_KERNARG, EMU_AGENT_CPU, HSA_AMD_SEGMENT_GLOBAL,
		fine | HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT, EMU_MEM_KERNARG, ram, true };
}

EMU_API hsa_status_t hsa_init(void)
{
	const char *arch = getenv("GCNLAB_EMU_ARCH");
	hsa_status_t st = HSA_STATUS_SUCCESS;

	pthread_mutex_lock(&emu_rt.lock);
	if (atomic_load(&emu_rt.refcount) > 0) {
		if (atomic_load(&emu_rt.refcount) == INT32_MAX)
			st = HSA_STATUS_ERROR_REFCOUNT_OVERFLOW;
		else
			atomic_fetch_add(&emu_rt.refcount, 1);
		goto out;
	}
	if (!arch || !*arch)
		arch = "gfx942";
	emu_rt.prof = emu_profile_find(arch);
	if (!emu_rt.prof) {
		fprintf(stderr, "libhsa-emu: GCNLAB_EMU_ARCH=%s is not an emulated GPU; "
		        "set it to gfx900, gfx90a or gfx942\n", arch);
		st = HSA_STATUS_ERROR;
		goto out;
	}
	emu_rt.mem = emu_mem_create();
	emu_rt.signals = emu_mem_create();
	if (!emu_rt.mem || !emu_rt.signals)
		goto fail;
	atomic_store(&emu_rt.vm_fault, false);   /* a new process's view: no evicted queues */
	emu_rt.gpu = emu_gpu_create(emu_rt.prof, emu_rt.mem);
	if (!emu_rt.gpu)
		goto fail;
	emu_rt.agents[EMU_AGENT_CPU] = (struct emu_agent){ EMU_AGENT_CPU, 0 };
	emu_rt.agents[EMU_AGENT_GPU] = (struct emu_agent){ EMU_AGENT_GPU, 1 };
	emu_rt_cpu_info();
	emu_rt_setup_pools();
	emu_rt.queues = NULL;
	emu_rt.dead_queues = NULL;
	emu_rt.execs = NULL;
	emu_rt.readers = NULL;
	emu_rt.next_queue_id = 0;
	emu_rt.nhandlers = 0;
	emu_rt.result_seq = 0;
	memset(emu_rt.results, 0, sizeof(emu_rt.results));
	emu_rt.last_report[0] = '\0';
	atomic_store(&emu_rt.copy_profiling, false);
	atomic_store(&emu_rt.refcount, 1);
	goto out;
fail:
	emu_mem_destroy(emu_rt.mem);
	emu_mem_destroy(emu_rt.signals);
	emu_rt.mem = emu_rt.signals = NULL;
	st = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
out:
	pthread_mutex_unlock(&emu_rt.lock);
	return st;
}

EMU_API hsa_status_t hsa_shut_down(void)
{
	pthread_mutex_lock(&emu_rt.lock);
	if (atomic_load(&emu_rt.refcount) == 0) {
		pthread_mutex_unlock(&emu_rt.lock);
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	}
	if (atomic_fetch_sub(&emu_rt.refcount, 1) > 1) {
		pthread_mutex_unlock(&emu_rt.lock);
		return HSA_STATUS_SUCCESS;
	}
	pthread_mutex_unlock(&emu_rt.lock);
	/* The runtime is closed from here on: an error callback that calls back
	 * into the API while its queue thread is joined gets NOT_INITIALIZED
	 * instead of a deadlock. */
	emu_queue_destroy_all();
	emu_executable_destroy_all();
	emu_memory_release_all();
	emu_signal_destroy_all();
	emu_gpu_destroy(emu_rt.gpu);
	emu_mem_destroy(emu_rt.mem);
	emu_mem_destroy(emu_rt.signals);
	emu_rt.gpu = NULL;
	emu_rt.mem = emu_rt.signals = NULL;
	return HSA_STATUS_SUCCESS;
}

/* ---- status strings ---- */

/* A name for an id: the status strings and the extension names. */
struct emu_id_name {
	int id;
	const char *name;
};

/* Point *name at id's name in t[0..n); false when t does not name it. */
static bool emu_id_name_find(const struct emu_id_name *t, size_t n, int id, const char **name)
{
	for (size_t i = 0; i < n; i++) {
		if (t[i].id == id) {
			*name = t[i].name;
			return true;
		}
	}
	return false;
}

static const struct emu_id_name emu_status_text[] = {
	{ HSA_STATUS_SUCCESS, "HSA_STATUS_SUCCESS: The function has been executed successfully." },
	{ HSA_STATUS_INFO_BREAK, "HSA_STATUS_INFO_BREAK: A traversal over a list of elements has been "
	  "interrupted by the application before completing." },
	{ HSA_STATUS_ERROR, "HSA_STATUS_ERROR: A generic error has occurred." },
	{ HSA_STATUS_ERROR_INVALID_ARGUMENT, "HSA_STATUS_ERROR_INVALID_ARGUMENT: One of the actual "
	  "arguments does not meet a precondition stated in the documentation of the corresponding "
	  "formal argument." },
	{ HSA_STATUS_ERROR_INVALID_QUEUE_CREATION, "HSA_STATUS_ERROR_INVALID_QUEUE_CREATION: The "
	  "requested queue creation is not valid." },
	{ HSA_STATUS_ERROR_INVALID_ALLOCATION, "HSA_STATUS_ERROR_INVALID_ALLOCATION: The requested "
	  "allocation is not valid." },
	{ HSA_STATUS_ERROR_INVALID_AGENT, "HSA_STATUS_ERROR_INVALID_AGENT: The agent is invalid." },
	{ HSA_STATUS_ERROR_INVALID_REGION, "HSA_STATUS_ERROR_INVALID_REGION: The memory region is "
	  "invalid." },
	{ HSA_STATUS_ERROR_INVALID_SIGNAL, "HSA_STATUS_ERROR_INVALID_SIGNAL: The signal is invalid." },
	{ HSA_STATUS_ERROR_INVALID_QUEUE, "HSA_STATUS_ERROR_INVALID_QUEUE: The queue is invalid." },
	{ HSA_STATUS_ERROR_OUT_OF_RESOURCES, "HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed "
	  "to allocate the necessary resources. This error may also occur when the core runtime "
	  "library needs to spawn threads or create internal OS-specific events." },
	{ HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, "HSA_STATUS_ERROR_INVALID_PACKET_FORMAT: The AQL "
	  "packet is malformed." },
	{ HSA_STATUS_ERROR_RESOURCE_FREE, "HSA_STATUS_ERROR_RESOURCE_FREE: An error has been "
	  "detected while releasing a resource." },
	{ HSA_STATUS_ERROR_NOT_INITIALIZED, "HSA_STATUS_ERROR_NOT_INITIALIZED: An API other than "
	  "hsa_init has been invoked while the reference count of the HSA runtime is zero." },
	{ HSA_STATUS_ERROR_REFCOUNT_OVERFLOW, "HSA_STATUS_ERROR_REFCOUNT_OVERFLOW: The maximum "
	  "reference count for the object has been reached." },
	{ HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, "HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS: The "
	  "arguments passed to a function are not compatible." },
	{ HSA_STATUS_ERROR_INVALID_INDEX, "HSA_STATUS_ERROR_INVALID_INDEX: The index is invalid." },
	{ HSA_STATUS_ERROR_INVALID_ISA, "HSA_STATUS_ERROR_INVALID_ISA: The instruction set "
	  "architecture is invalid." },
	{ HSA_STATUS_ERROR_INVALID_ISA_NAME, "HSA_STATUS_ERROR_INVALID_ISA_NAME: The instruction set "
	  "architecture name is invalid." },
	{ HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "HSA_STATUS_ERROR_INVALID_CODE_OBJECT: The code "
	  "object is invalid." },
	{ HSA_STATUS_ERROR_INVALID_EXECUTABLE, "HSA_STATUS_ERROR_INVALID_EXECUTABLE: The executable "
	  "is invalid." },
	{ HSA_STATUS_ERROR_FROZEN_EXECUTABLE, "HSA_STATUS_ERROR_FROZEN_EXECUTABLE: The executable is "
	  "frozen." },
	{ HSA_STATUS_ERROR_INVALID_SYMBOL_NAME, "HSA_STATUS_ERROR_INVALID_SYMBOL_NAME: There is no "
	  "symbol with the given name." },
	{ HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED, "HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED: The "
	  "variable is already defined." },
	{ HSA_STATUS_ERROR_VARIABLE_UNDEFINED, "HSA_STATUS_ERROR_VARIABLE_UNDEFINED: The variable is "
	  "undefined." },
	{ HSA_STATUS_ERROR_EXCEPTION, "HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted in a "
	  "hardware exception." },
	{ HSA_STATUS_ERROR_INVALID_CODE_SYMBOL, "HSA_STATUS_ERROR_INVALID_CODE_SYMBOL: The code "
	  "object symbol is invalid." },
	{ HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL, "HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL: The "
	  "executable symbol is invalid." },
	{ HSA_STATUS_ERROR_INVALID_FILE, "HSA_STATUS_ERROR_INVALID_FILE: The file descriptor is "
	  "invalid." },
	{ HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER, "HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER: "
	  "The code object reader is invalid." },
	{ HSA_STATUS_ERROR_INVALID_CACHE, "HSA_STATUS_ERROR_INVALID_CACHE: The cache is invalid." },
	{ HSA_STATUS_ERROR_INVALID_WAVEFRONT, "HSA_STATUS_ERROR_INVALID_WAVEFRONT: The wavefront is "
	  "invalid." },
	{ HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP, "HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP: The signal "
	  "group is invalid." },
	{ HSA_STATUS_ERROR_INVALID_RUNTIME_STATE, "HSA_STATUS_ERROR_INVALID_RUNTIME_STATE: The HSA "
	  "runtime is not in the configuration state." },
	{ HSA_STATUS_ERROR_FATAL, "HSA_STATUS_ERROR_FATAL: The queue received an error that may "
	  "require process termination." },
	{ (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL, "HSA_STATUS_ERROR_INVALID_MEMORY_POOL: "
	  "The memory pool is invalid." },
	{ (hsa_status_t)HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION,
	  "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent accessed memory beyond the maximum "
	  "legal address." },
	{ (hsa_status_t)HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION, "HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: "
	  "The agent executed an invalid shader instruction." },
	{ (hsa_status_t)HSA_STATUS_ERROR_MEMORY_FAULT, "HSA_STATUS_ERROR_MEMORY_FAULT: The agent "
	  "attempted to access an inaccessible address." },
	{ (hsa_status_t)HSA_STATUS_CU_MASK_REDUCED, "HSA_STATUS_CU_MASK_REDUCED: The CU mask was "
	  "successfully set but the mask attempted to enable a CU which was disabled for the "
	  "process." },
};

EMU_API hsa_status_t hsa_status_string(hsa_status_t status, const char **status_string)
{
	if (!status_string)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return emu_id_name_find(emu_status_text, sizeof(emu_status_text) / sizeof(emu_status_text[0]),
	                        (int)status, status_string)
	               ? HSA_STATUS_SUCCESS
	               : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

/* ---- extensions ---- */

static hsa_status_t emu_ext_get_counters(hsa_agent_t agent, hsa_signal_t signal,
                                         struct gcnlab_emu_counters *out);
static hsa_status_t emu_ext_set_trace(hsa_agent_t agent, int enable, int wave);
static hsa_status_t emu_ext_get_trace(hsa_agent_t agent, hsa_signal_t signal,
                                      const struct gcnlab_emu_trace_row **rows, size_t *count);
static hsa_status_t emu_ext_get_clocks(hsa_agent_t agent, uint32_t *sclk, uint32_t *mclk);
static hsa_status_t emu_ext_get_last_report(hsa_agent_t agent, char *buf, size_t len);

static const struct gcnlab_emu_ext_1 emu_ext_table = {
	.get_counters = emu_ext_get_counters,
	.set_trace = emu_ext_set_trace,
	.get_trace = emu_ext_get_trace,
	.get_clocks = emu_ext_get_clocks,
	.get_last_report = emu_ext_get_last_report,
	.check_code_object = emu_ext_check_code_object,
	.free_findings = emu_ext_free_findings,
};

/* ROCr refuses ids outside the standard and AMD ranges with INVALID_ARGUMENT;
 * the gcnlab id is known here as well. */
static bool emu_ext_id_valid(uint16_t ext)
{
	return ext <= HSA_EXTENSION_STD_LAST ||
	       (ext >= HSA_AMD_FIRST_EXTENSION && ext <= HSA_AMD_LAST_EXTENSION) ||
	       ext == GCNLAB_EXTENSION_EMU;
}

EMU_API hsa_status_t hsa_extension_get_name(uint16_t extension, const char **name)
{
	static const struct emu_id_name names[] = {
		{ HSA_EXTENSION_FINALIZER, "HSA_EXTENSION_FINALIZER" },
		{ HSA_EXTENSION_IMAGES, "HSA_EXTENSION_IMAGES" },
		{ HSA_EXTENSION_PERFORMANCE_COUNTERS, "HSA_EXTENSION_PERFORMANCE_COUNTERS" },
		{ HSA_EXTENSION_PROFILING_EVENTS, "HSA_EXTENSION_PROFILING_EVENTS" },
		{ HSA_EXTENSION_AMD_PROFILER, "HSA_EXTENSION_AMD_PROFILER" },
		{ HSA_EXTENSION_AMD_LOADER, "HSA_EXTENSION_AMD_LOADER" },
		{ HSA_EXTENSION_AMD_AQLPROFILE, "HSA_EXTENSION_AMD_AQLPROFILE" },
		{ GCNLAB_EXTENSION_EMU, "GCNLAB_EXTENSION_EMU" },
	};

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!name)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return emu_id_name_find(names, sizeof(names) / sizeof(names[0]), extension, name)
	               ? HSA_STATUS_SUCCESS
	               : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

EMU_API hsa_status_t hsa_system_major_extension_supported(uint16_t extension, uint16_t version_major,
                                                          uint16_t *version_minor, bool *result)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!version_minor || !result || !emu_ext_id_valid(extension))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*result = extension == GCNLAB_EXTENSION_EMU && version_major == GCNLAB_EMU_EXT_MAJOR;
	if (*result)
		*version_minor = 0;
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_system_extension_supported(uint16_t extension, uint16_t version_major,
                                                    uint16_t version_minor, bool *result)
{
	uint16_t minor = 0;
	hsa_status_t st = hsa_system_major_extension_supported(extension, version_major, &minor, result);

	if (st == HSA_STATUS_SUCCESS && *result)
		*result = version_minor <= minor;
	return st;
}

EMU_API hsa_status_t hsa_system_get_major_extension_table(uint16_t extension, uint16_t version_major,
                                                          size_t table_length, void *table)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!table || !emu_ext_id_valid(extension))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (extension != GCNLAB_EXTENSION_EMU || version_major != GCNLAB_EMU_EXT_MAJOR)
		return HSA_STATUS_ERROR;  /* not supported (HSA_EXTENSION_AMD_LOADER included) */
	memcpy(table, &emu_ext_table, table_length < sizeof(emu_ext_table) ? table_length
	                                                                    : sizeof(emu_ext_table));
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_system_get_extension_table(uint16_t extension, uint16_t version_major,
                                                    uint16_t version_minor, void *table)
{
	(void)version_minor;
	return hsa_system_get_major_extension_table(extension, version_major,
	                                            sizeof(struct gcnlab_emu_ext_1), table);
}

EMU_API hsa_status_t hsa_agent_major_extension_supported(uint16_t extension, hsa_agent_t agent,
                                                         uint16_t version_major,
                                                         uint16_t *version_minor, bool *result)
{
	struct emu_agent *a;
	hsa_status_t st;

	/* The arguments are hsa_system_major_extension_supported's to check. */
	if ((st = emu_agent_query(agent, true, &a)) != HSA_STATUS_SUCCESS)
		return st;
	st = hsa_system_major_extension_supported(extension, version_major, version_minor, result);
	if (st == HSA_STATUS_SUCCESS && a->kind != EMU_AGENT_GPU)
		*result = false;
	return st;
}

EMU_API hsa_status_t hsa_agent_extension_supported(uint16_t extension, hsa_agent_t agent,
                                                   uint16_t version_major, uint16_t version_minor,
                                                   bool *result)
{
	uint16_t minor = 0;
	hsa_status_t st = hsa_agent_major_extension_supported(extension, agent, version_major, &minor,
	                                                      result);

	if (st == HSA_STATUS_SUCCESS && *result)
		*result = version_minor <= minor;
	return st;
}

/* ---- gcnlab extension table ---- */

/* emu_agent_query for the extension's calls: only the GPU agent has the
 * extension, and that is checked before the arguments (answer). */
static hsa_status_t emu_ext_gpu(hsa_agent_t agent, bool answer)
{
	struct emu_agent *a = NULL;
	hsa_status_t st = emu_agent_query(agent, answer, &a);

	return a && a->kind != EMU_AGENT_GPU ? HSA_STATUS_ERROR_INVALID_AGENT : st;
}

/* Newest slot for a completion signal; result_lock held. */
static const struct emu_result_slot *emu_rt_find_result(hsa_signal_t signal)
{
	const struct emu_result_slot *best = NULL;

	for (int i = 0; i < EMU_RESULT_RING; i++) {
		const struct emu_result_slot *r = &emu_rt.results[i];
		if (r->seq && r->signal == signal.handle && (!best || r->seq > best->seq))
			best = r;
	}
	return best;
}

void emu_rt_record_result(hsa_signal_t completion, const struct emu_dispatch_result *res)
{
	struct emu_result_slot *slot;

	pthread_mutex_lock(&emu_rt.result_lock);
	emu_rt.result_seq++;
	slot = &emu_rt.results[emu_rt.result_seq % EMU_RESULT_RING];
	slot->signal = completion.handle;
	slot->seq = emu_rt.result_seq;
	slot->counters = res->counters;
	pthread_mutex_unlock(&emu_rt.result_lock);
}

void emu_rt_set_report(const char *report)
{
	pthread_mutex_lock(&emu_rt.result_lock);
	snprintf(emu_rt.last_report, sizeof(emu_rt.last_report), "%s", report ? report : "");
	pthread_mutex_unlock(&emu_rt.result_lock);
}

static hsa_status_t emu_ext_get_counters(hsa_agent_t agent, hsa_signal_t signal,
                                         struct gcnlab_emu_counters *out)
{
	const struct emu_result_slot *r;
	hsa_status_t st = emu_ext_gpu(agent, out != NULL);

	if (st != HSA_STATUS_SUCCESS)
		return st;
	pthread_mutex_lock(&emu_rt.result_lock);
	r = emu_rt_find_result(signal);
	if (r)
		*out = r->counters;
	pthread_mutex_unlock(&emu_rt.result_lock);
	/* No recent dispatch completed through this signal. */
	return r ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_SIGNAL;
}

static hsa_status_t emu_ext_set_trace(hsa_agent_t agent, int enable, int wave)
{
	hsa_status_t st = emu_ext_gpu(agent, wave >= -1);

	if (st != HSA_STATUS_SUCCESS)
		return st;
	pthread_mutex_lock(&emu_rt.dispatch_lock);
	emu_gpu_set_trace(emu_rt.gpu, enable != 0, wave);
	pthread_mutex_unlock(&emu_rt.dispatch_lock);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t emu_ext_get_trace(hsa_agent_t agent, hsa_signal_t signal,
                                      const struct gcnlab_emu_trace_row **rows, size_t *count)
{
	bool newest;
	hsa_status_t st = emu_ext_gpu(agent, rows && count);

	if (st != HSA_STATUS_SUCCESS)
		return st;
	/* The GPU keeps the trace of its last dispatch only. */
	pthread_mutex_lock(&emu_rt.result_lock);
	newest = emu_rt.result_seq &&
	         emu_rt.results[emu_rt.result_seq % EMU_RESULT_RING].signal == signal.handle;
	pthread_mutex_unlock(&emu_rt.result_lock);
	if (!newest)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	pthread_mutex_lock(&emu_rt.dispatch_lock);
	*rows = emu_gpu_trace(emu_rt.gpu, count);
	pthread_mutex_unlock(&emu_rt.dispatch_lock);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t emu_ext_get_clocks(hsa_agent_t agent, uint32_t *sclk, uint32_t *mclk)
{
	hsa_status_t st = emu_ext_gpu(agent, sclk && mclk);

	if (st != HSA_STATUS_SUCCESS)
		return st;
	emu_gpu_clocks(emu_rt.gpu, sclk, mclk);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t emu_ext_get_last_report(hsa_agent_t agent, char *buf, size_t len)
{
	hsa_status_t st = emu_ext_gpu(agent, buf && len);

	if (st != HSA_STATUS_SUCCESS)
		return st;
	pthread_mutex_lock(&emu_rt.result_lock);
	snprintf(buf, len, "%s", emu_rt.last_report);
	pthread_mutex_unlock(&emu_rt.result_lock);
	return HSA_STATUS_SUCCESS;
}

/* ---- system ---- */

/* The 128-byte extension mask of the system and of the GPU agent: the
 * emulator's vendor extension is the one it supports. */
static void emu_put_extensions(void *value)
{
	uint8_t *mask = value;

	memset(mask, 0, 128);
	mask[GCNLAB_EXTENSION_EMU / 8] |= (uint8_t)(1u << (GCNLAB_EXTENSION_EMU % 8));
}

EMU_API hsa_status_t hsa_system_get_info(hsa_system_info_t attribute, void *value)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	switch (attribute) {
	case HSA_SYSTEM_INFO_VERSION_MAJOR:
		*(uint16_t *)value = 1;
		break;
	case HSA_SYSTEM_INFO_VERSION_MINOR:
		*(uint16_t *)value = 1;
		break;
	case HSA_SYSTEM_INFO_TIMESTAMP:
		/* Model time: the same clock as the dispatch start/end times. */
		*(uint64_t *)value = emu_gpu_now_ns(emu_rt.gpu);
		break;
	case HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY:
		*(uint64_t *)value = 1000000000ull;  /* timestamps are nanoseconds */
		break;
	case HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT:
		*(uint64_t *)value = UINT64_MAX;
		break;
	case HSA_SYSTEM_INFO_ENDIANNESS:
		*(hsa_endianness_t *)value = HSA_ENDIANNESS_LITTLE;
		break;
	case HSA_SYSTEM_INFO_MACHINE_MODEL:
		*(hsa_machine_model_t *)value = HSA_MACHINE_MODEL_LARGE;
		break;
	case HSA_SYSTEM_INFO_EXTENSIONS:
		emu_put_extensions(value);
		break;
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	return HSA_STATUS_SUCCESS;
}

/* ---- ISAs: the handle encodes (arch, xnack, sramecc); 0 is no ISA ---- */

#define EMU_ISA_PREFIX "amdgcn-amd-amdhsa--"

struct emu_isa {
	const struct emu_profile *prof;
	int xnack, sramecc;        /* -1 any/unsupported, 0 off, 1 on */
};

static uint64_t emu_isa_encode(const struct emu_isa *i)
{
	return 1 + ((uint64_t)i->prof->arch << 8 | (uint64_t)(i->xnack + 1) << 4 |
	            (uint64_t)(i->sramecc + 1));
}

static bool emu_isa_decode(hsa_isa_t h, struct emu_isa *out)
{
	uint64_t v = h.handle - 1;

	if (h.handle == 0 || v >> 16 || (v >> 4 & 0xf) > 2 || (v & 0xf) > 2)
		return false;
	out->prof = emu_profile_get((enum emu_arch)(v >> 8));
	out->xnack = (int)(v >> 4 & 0xf) - 1;
	out->sramecc = (int)(v & 0xf) - 1;
	if (!out->prof || (out->prof->sramecc < 0 && out->sramecc >= 0))
		return false;
	return true;
}

/* The checks an ISA call starts with, in ROCr's order: the runtime is open,
 * the handle names an ISA (*out), and the answer can be given (answer). */
static hsa_status_t emu_isa_query(hsa_isa_t isa, bool answer, struct emu_isa *out)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!emu_isa_decode(isa, out))
		return HSA_STATUS_ERROR_INVALID_ISA;
	return answer ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

static void emu_isa_name(const struct emu_isa *i, char *buf, size_t len)
{
	snprintf(buf, len, EMU_ISA_PREFIX "%s%s%s", i->prof->proc,
	         i->sramecc < 0 ? "" : i->sramecc ? ":sramecc+" : ":sramecc-",
	         i->xnack < 0 ? "" : i->xnack ? ":xnack+" : ":xnack-");
}

static hsa_isa_t emu_agent_isa(void)
{
	struct emu_isa i = { emu_rt.prof, emu_rt.prof->xnack, emu_rt.prof->sramecc };
	return (hsa_isa_t){ emu_isa_encode(&i) };
}

EMU_API hsa_status_t hsa_isa_from_name(const char *name, hsa_isa_t *isa)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!name || !isa)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (unsigned a = 0; a < EMU_ARCH_COUNT; a++) {
		for (int x = -1; x <= 1; x++) {
			for (int s = -1; s <= 1; s++) {
				struct emu_isa i = { emu_profile_get((enum emu_arch)a), x, s };
				char full[96];
				if (i.prof->sramecc < 0 && s >= 0)
					continue;
				emu_isa_name(&i, full, sizeof(full));
				if (strcmp(full, name) == 0) {
					isa->handle = emu_isa_encode(&i);
					return HSA_STATUS_SUCCESS;
				}
			}
		}
	}
	return HSA_STATUS_ERROR_INVALID_ISA_NAME;
}

EMU_API hsa_status_t hsa_agent_iterate_isas(hsa_agent_t agent,
                                            hsa_status_t (*callback)(hsa_isa_t isa, void *data),
                                            void *data)
{
	struct emu_agent *a;
	hsa_status_t st;

	if ((st = emu_agent_query(agent, callback != NULL, &a)) != HSA_STATUS_SUCCESS)
		return st;
	/* ROCr's CPU agent has no ISA: nothing to call back for. */
	return a->kind == EMU_AGENT_GPU ? callback(emu_agent_isa(), data) : HSA_STATUS_SUCCESS;
}

/* ROCr's rule for loading: same processor; a feature the code object leaves
 * "any" matches every agent setting, otherwise the settings must be equal. */
static bool emu_isa_match(const struct emu_isa *code, const struct emu_isa *agent)
{
	return code->prof == agent->prof &&
	       (code->xnack < 0 || code->xnack == agent->xnack) &&
	       (code->sramecc < 0 || code->sramecc == agent->sramecc);
}

EMU_API hsa_status_t hsa_isa_compatible(hsa_isa_t code_object_isa, hsa_isa_t agent_isa,
                                        bool *result)
{
	struct emu_isa c, a;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!emu_isa_decode(code_object_isa, &c) || !emu_isa_decode(agent_isa, &a))
		return HSA_STATUS_ERROR_INVALID_ISA;
	if (!result)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*result = emu_isa_match(&c, &a);
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_isa_get_info_alt(hsa_isa_t isa, hsa_isa_info_t attribute, void *value)
{
	struct emu_isa i;
	char name[96];
	hsa_status_t st;

	if ((st = emu_isa_query(isa, value != NULL, &i)) != HSA_STATUS_SUCCESS)
		return st;
	emu_isa_name(&i, name, sizeof(name));
	switch (attribute) {
	case HSA_ISA_INFO_NAME_LENGTH:
		/* ROCr counts the terminating NUL (isa.cpp), unlike the header prose. */
		*(uint32_t *)value = (uint32_t)strlen(name) + 1;
		break;
	case HSA_ISA_INFO_NAME:
		memcpy(value, name, strlen(name) + 1);
		break;
	case HSA_ISA_INFO_CALL_CONVENTION_COUNT:
		*(uint32_t *)value = 1;
		break;
	case HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE:
		*(uint32_t *)value = 64;
		break;
	case HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONTS_PER_COMPUTE_UNIT:
		*(uint32_t *)value = i.prof->max_waves_per_simd * i.prof->simd_per_cu;
		break;
	case HSA_ISA_INFO_MACHINE_MODELS: {
		bool *m = value;
		m[HSA_MACHINE_MODEL_SMALL] = false;
		m[HSA_MACHINE_MODEL_LARGE] = true;
		break;
	}
	case HSA_ISA_INFO_PROFILES: {
		bool *p = value;
		p[HSA_PROFILE_BASE] = true;
		p[HSA_PROFILE_FULL] = false;
		break;
	}
	case HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES:
	case HSA_ISA_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES: {
		bool *r = value;
		r[HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT] = false;
		r[HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO] = false;
		r[HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR] = true;
		break;
	}
	case HSA_ISA_INFO_FAST_F16_OPERATION:
		*(bool *)value = true;
		break;
	case HSA_ISA_INFO_WORKGROUP_MAX_DIM: {
		uint16_t *d = value;
		d[0] = d[1] = d[2] = 1024;
		break;
	}
	case HSA_ISA_INFO_WORKGROUP_MAX_SIZE:
		*(uint32_t *)value = 1024;
		break;
	case HSA_ISA_INFO_GRID_MAX_DIM:
		*(hsa_dim3_t *)value = (hsa_dim3_t){ UINT32_MAX, UINT32_MAX, UINT32_MAX };
		break;
	case HSA_ISA_INFO_GRID_MAX_SIZE:
		*(uint64_t *)value = UINT32_MAX;
		break;
	case HSA_ISA_INFO_FBARRIER_MAX_SIZE:
		*(uint32_t *)value = 32;
		break;
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_isa_get_info(hsa_isa_t isa, hsa_isa_info_t attribute, uint32_t index,
                                      void *value)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (index != 0)
		return HSA_STATUS_ERROR_INVALID_INDEX;
	return hsa_isa_get_info_alt(isa, attribute, value);
}

/* What both exception-policy calls accept: an answer slot and a profile. */
static bool emu_policy_args(hsa_profile_t profile, const uint16_t *mask)
{
	return mask && (profile == HSA_PROFILE_BASE || profile == HSA_PROFILE_FULL);
}

EMU_API hsa_status_t hsa_isa_get_exception_policies(hsa_isa_t isa, hsa_profile_t profile,
                                                    uint16_t *mask)
{
	struct emu_isa i;
	hsa_status_t st = emu_isa_query(isa, emu_policy_args(profile, mask), &i);

	if (st == HSA_STATUS_SUCCESS)
		*mask = 0;  /* no exception policy, for either profile */
	return st;
}

EMU_API hsa_status_t hsa_agent_get_exception_policies(hsa_agent_t agent, hsa_profile_t profile,
                                                      uint16_t *mask)
{
	struct emu_agent *a;
	hsa_status_t st = emu_agent_query(agent, emu_policy_args(profile, mask), &a);

	if (st == HSA_STATUS_SUCCESS)
		*mask = 0;
	return st;
}

/* One wavefront size: 64 (the handle is the size). */
EMU_API hsa_status_t hsa_isa_iterate_wavefronts(hsa_isa_t isa,
                                                hsa_status_t (*callback)(hsa_wavefront_t, void *),
                                                void *data)
{
	struct emu_isa i;
	hsa_status_t st;

	if ((st = emu_isa_query(isa, callback != NULL, &i)) != HSA_STATUS_SUCCESS)
		return st;
	return callback((hsa_wavefront_t){ 64 }, data);
}

EMU_API hsa_status_t hsa_wavefront_get_info(hsa_wavefront_t wavefront,
                                            hsa_wavefront_info_t attribute, void *value)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (wavefront.handle != 64)
		return HSA_STATUS_ERROR_INVALID_WAVEFRONT;
	if (!value || attribute != HSA_WAVEFRONT_INFO_SIZE)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*(uint32_t *)value = 64;
	return HSA_STATUS_SUCCESS;
}

/* ---- caches: handle = level (1..3) of the GPU agent ---- */

static uint32_t emu_cache_size(uint64_t level)
{
	switch (level) {
	case 1: return emu_rt.prof->model.l1.bytes;
	case 2: return emu_rt.prof->model.l2.bytes;
	case 3: return emu_rt.prof->model.mall.bytes;
	default: return 0;
	}
}

EMU_API hsa_status_t hsa_agent_iterate_caches(hsa_agent_t agent,
                                              hsa_status_t (*callback)(hsa_cache_t, void *),
                                              void *data)
{
	struct emu_agent *a;
	hsa_status_t st;

	if ((st = emu_agent_query(agent, callback != NULL, &a)) != HSA_STATUS_SUCCESS)
		return st;
	if (a->kind != EMU_AGENT_GPU)
		return HSA_STATUS_SUCCESS;
	for (uint64_t l = 1; l <= 3; l++) {
		hsa_status_t st;
		if (!emu_cache_size(l))
			continue;
		st = callback((hsa_cache_t){ l }, data);
		if (st != HSA_STATUS_SUCCESS)
			return st;
	}
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_cache_get_info(hsa_cache_t cache, hsa_cache_info_t attribute, void *value)
{
	static const char *const names[] = { NULL, "L1", "L2", "L3" };

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!emu_cache_size(cache.handle))
		return HSA_STATUS_ERROR_INVALID_CACHE;
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	switch (attribute) {
	case HSA_CACHE_INFO_NAME_LENGTH:
		*(uint32_t *)value = 2;
		break;
	case HSA_CACHE_INFO_NAME:
		memcpy(value, names[cache.handle], 3);
		break;
	case HSA_CACHE_INFO_LEVEL:
		*(uint8_t *)value = (uint8_t)cache.handle;
		break;
	case HSA_CACHE_INFO_SIZE:
		*(uint32_t *)value = emu_cache_size(cache.handle);
		break;
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	return HSA_STATUS_SUCCESS;
}

/* ---- agents ---- */

EMU_API hsa_status_t hsa_iterate_agents(hsa_status_t (*callback)(hsa_agent_t agent, void *data),
                                        void *data)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	/* ROCr lists CPU agents first, then GPUs. */
	for (int i = 0; i < EMU_AGENT_COUNT; i++) {
		hsa_status_t st = callback(emu_agent_handle((enum emu_agent_kind)i), data);
		if (st != HSA_STATUS_SUCCESS)
			return st;
	}
	return HSA_STATUS_SUCCESS;
}

static void emu_put_str(void *value, const char *s)
{
	/* Fixed 64-byte name fields (HSA_AGENT_INFO_NAME etc.). */
	memset(value, 0, 64);
	snprintf(value, 64, "%s", s);
}

/* The attributes both agents answer alike; false when the kind decides. */
static bool emu_agent_info_common(const struct emu_agent *a, hsa_agent_info_t attribute,
                                  void *value)
{
	switch ((int)attribute) {
	case HSA_AGENT_INFO_MACHINE_MODEL:
		*(hsa_machine_model_t *)value = HSA_MACHINE_MODEL_LARGE;
		return true;
	case HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE:
		*(hsa_default_float_rounding_mode_t *)value = HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
		return true;
	case HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES:
		*(uint32_t *)value = HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
		return true;
	case HSA_AGENT_INFO_QUEUE_TYPE:
		*(hsa_queue_type32_t *)value = HSA_QUEUE_TYPE_MULTI;
		return true;
	case HSA_AGENT_INFO_NODE:
	case HSA_AMD_AGENT_INFO_DRIVER_NODE_ID:
		*(uint32_t *)value = a->node;
		return true;
	case HSA_AGENT_INFO_VERSION_MAJOR:
	case HSA_AGENT_INFO_VERSION_MINOR:
		*(uint16_t *)value = 1;
		return true;
	case HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES:
	case HSA_AMD_AGENT_INFO_SVM_DIRECT_HOST_ACCESS:
		*(bool *)value = false;
		return true;
	default:
		return false;
	}
}

/* The GPU agent's dispatch limits are its ISA's: answer them from
 * hsa_isa_get_info_alt, as ROCr's GpuAgent does. (GRID_MAX_SIZE is not
 * here: the agent's is 32-bit, the ISA's 64-bit.) */
static hsa_status_t emu_gpu_agent_isa_info(hsa_agent_info_t attribute, void *value)
{
	static const struct {
		hsa_agent_info_t agent;
		hsa_isa_info_t isa;
	} map[] = {
		{ HSA_AGENT_INFO_FAST_F16_OPERATION, HSA_ISA_INFO_FAST_F16_OPERATION },
		{ HSA_AGENT_INFO_WORKGROUP_MAX_DIM, HSA_ISA_INFO_WORKGROUP_MAX_DIM },
		{ HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, HSA_ISA_INFO_WORKGROUP_MAX_SIZE },
		{ HSA_AGENT_INFO_GRID_MAX_DIM, HSA_ISA_INFO_GRID_MAX_DIM },
		{ HSA_AGENT_INFO_FBARRIER_MAX_SIZE, HSA_ISA_INFO_FBARRIER_MAX_SIZE },
	};

	for (size_t k = 0; k < sizeof(map) / sizeof(map[0]); k++)
		if (map[k].agent == attribute)
			return hsa_isa_get_info_alt(emu_agent_isa(), map[k].isa, value);
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

static hsa_status_t emu_gpu_agent_info(hsa_agent_info_t attribute, void *value)
{
	const struct emu_profile *p = emu_rt.prof;
	const struct emu_model_params *pm = &p->model;
	uint32_t sclk, mclk;

	emu_gpu_clocks(emu_rt.gpu, &sclk, &mclk);
	switch ((int)attribute) {
	case HSA_AGENT_INFO_NAME:
		emu_put_str(value, p->proc);
		break;
	case HSA_AGENT_INFO_VENDOR_NAME:
		emu_put_str(value, "AMD");
		break;
	case HSA_AGENT_INFO_FEATURE:
		*(hsa_agent_feature_t *)value = HSA_AGENT_FEATURE_KERNEL_DISPATCH;
		break;
	case HSA_AGENT_INFO_PROFILE:
		*(hsa_profile_t *)value = HSA_PROFILE_BASE;
		break;
	case HSA_AGENT_INFO_WAVEFRONT_SIZE:
		*(uint32_t *)value = 64;
		break;
	case HSA_AGENT_INFO_GRID_MAX_SIZE:
		*(uint32_t *)value = UINT32_MAX;
		break;
	case HSA_AGENT_INFO_QUEUES_MAX:
		*(uint32_t *)value = 128;       /* rocminfo "Queue Max" */
		break;
	case HSA_AGENT_INFO_QUEUE_MIN_SIZE:
		*(uint32_t *)value = 64;        /* rocminfo "Queue Min Size" 64(0x40) */
		break;
	case HSA_AGENT_INFO_QUEUE_MAX_SIZE:
		*(uint32_t *)value = 131072;    /* rocminfo "Queue Max Size" 131072(0x20000) */
		break;
	case HSA_AGENT_INFO_DEVICE:
		*(hsa_device_type_t *)value = HSA_DEVICE_TYPE_GPU;
		break;
	case HSA_AGENT_INFO_CACHE_SIZE: {
		uint32_t *c = value;
		c[0] = pm->l1.bytes;
		c[1] = pm->l2.bytes;   /* per XCD on gfx942, as rocminfo reports it */
		c[2] = pm->mall.bytes;
		c[3] = 0;
		break;
	}
	case HSA_AGENT_INFO_ISA:
		*(hsa_isa_t *)value = emu_agent_isa();
		break;
	case HSA_AGENT_INFO_EXTENSIONS:
		emu_put_extensions(value);
		break;
	case HSA_AMD_AGENT_INFO_CHIP_ID:
		*(uint32_t *)value = p->chip_id;
		break;
	case HSA_AMD_AGENT_INFO_CACHELINE_SIZE:
		*(uint32_t *)value = pm->l1.line;   /* rocminfo "Cacheline Size" (emu_profile.c) */
		break;
	case HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT:
	case HSA_AMD_AGENT_INFO_COOPERATIVE_COMPUTE_UNIT_COUNT:
		*(uint32_t *)value = p->num_cu;
		break;
	case HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY:
		*(uint32_t *)value = sclk;
		break;
	case HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS:
		*(uint32_t *)value = 4;
		break;
	case HSA_AMD_AGENT_INFO_BDFID:
	case HSA_AMD_AGENT_INFO_DOMAIN:
	case HSA_AMD_AGENT_INFO_ASIC_REVISION:
		*(uint32_t *)value = 0;         /* no PCI device behind the emulator */
		break;
	case HSA_AMD_AGENT_INFO_MEMORY_WIDTH:
		*(uint32_t *)value = pm->mem_bus_bits;
		break;
	case HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY:
		*(uint32_t *)value = mclk;
		break;
	case HSA_AMD_AGENT_INFO_PRODUCT_NAME:
		emu_put_str(value, p->marketing);
		break;
	case HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU:
		*(uint32_t *)value = p->max_waves_per_simd * p->simd_per_cu;
		break;
	case HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU:
		*(uint32_t *)value = p->simd_per_cu;
		break;
	case HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES:
		*(uint32_t *)value = p->num_se;
		break;
	case EMU_AMD_AGENT_INFO_NUM_XCC:
		*(uint32_t *)value = p->num_xcd;
		break;
	case HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE:
		*(uint32_t *)value = p->arrays_per_se;
		break;
	case HSA_AMD_AGENT_INFO_HDP_FLUSH:
		*(hsa_amd_hdp_flush_t *)value = (hsa_amd_hdp_flush_t){ NULL, NULL };
		break;
	case HSA_AMD_AGENT_INFO_UUID:
		/* ROCr's spelling for a device without a unique id. */
		memset(value, 0, 21);
		memcpy(value, "GPU-XX", 6);
		break;
	default:
		return emu_gpu_agent_isa_info(attribute, value);
	}
	return HSA_STATUS_SUCCESS;
}

/* The GPU-only attributes ROCr's CPU agent answers with zeros, and the
 * bytes of each answer. */
static hsa_status_t emu_cpu_agent_zero(hsa_agent_info_t attribute, void *value)
{
	static const struct { int attribute; uint8_t bytes; } zero[] = {
		{ HSA_AGENT_INFO_WAVEFRONT_SIZE, 4 },
		{ HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, 4 },
		{ HSA_AGENT_INFO_GRID_MAX_SIZE, 4 },
		{ HSA_AGENT_INFO_FBARRIER_MAX_SIZE, 4 },
		{ HSA_AGENT_INFO_QUEUES_MAX, 4 },
		{ HSA_AGENT_INFO_QUEUE_MIN_SIZE, 4 },
		{ HSA_AGENT_INFO_QUEUE_MAX_SIZE, 4 },
		{ HSA_AMD_AGENT_INFO_CHIP_ID, 4 },
		{ HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY, 4 },
		{ HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS, 4 },
		{ HSA_AMD_AGENT_INFO_BDFID, 4 },
		{ HSA_AMD_AGENT_INFO_DOMAIN, 4 },
		{ HSA_AMD_AGENT_INFO_ASIC_REVISION, 4 },
		{ HSA_AMD_AGENT_INFO_MEMORY_WIDTH, 4 },
		{ HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY, 4 },
		{ HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU, 4 },
		{ HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU, 4 },
		{ HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES, 4 },
		{ HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE, 4 },
		{ HSA_AMD_AGENT_INFO_COOPERATIVE_COMPUTE_UNIT_COUNT, 4 },
		{ HSA_AGENT_INFO_WORKGROUP_MAX_DIM, 3 * sizeof(uint16_t) },
		{ HSA_AGENT_INFO_GRID_MAX_DIM, sizeof(hsa_dim3_t) },
		{ HSA_AGENT_INFO_CACHE_SIZE, 4 * sizeof(uint32_t) },
		{ HSA_AGENT_INFO_ISA, sizeof(hsa_isa_t) },
		{ HSA_AGENT_INFO_EXTENSIONS, 128 },
	};

	for (size_t i = 0; i < sizeof(zero) / sizeof(zero[0]); i++) {
		if (zero[i].attribute == (int)attribute) {
			memset(value, 0, zero[i].bytes);
			return HSA_STATUS_SUCCESS;
		}
	}
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

static hsa_status_t emu_cpu_agent_info(hsa_agent_info_t attribute, void *value)
{
	switch ((int)attribute) {
	case HSA_AGENT_INFO_NAME:
	case HSA_AMD_AGENT_INFO_PRODUCT_NAME:
		emu_put_str(value, emu_rt.cpu_name);
		break;
	case HSA_AGENT_INFO_VENDOR_NAME:
		emu_put_str(value, "CPU");
		break;
	case HSA_AGENT_INFO_FEATURE:
		*(hsa_agent_feature_t *)value = HSA_AGENT_FEATURE_AGENT_DISPATCH;
		break;
	case HSA_AGENT_INFO_PROFILE:
		*(hsa_profile_t *)value = HSA_PROFILE_FULL;
		break;
	case HSA_AGENT_INFO_FAST_F16_OPERATION:
		*(bool *)value = false;
		break;
	case HSA_AGENT_INFO_DEVICE:
		*(hsa_device_type_t *)value = HSA_DEVICE_TYPE_CPU;
		break;
	case HSA_AMD_AGENT_INFO_CACHELINE_SIZE:
		*(uint32_t *)value = 64;
		break;
	case HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT:
		*(uint32_t *)value = emu_rt.cpu_count;
		break;
	default:
		return emu_cpu_agent_zero(attribute, value);
	}
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_agent_get_info(hsa_agent_t agent, hsa_agent_info_t attribute, void *value)
{
	struct emu_agent *a;
	hsa_status_t st;

	if ((st = emu_agent_query(agent, value != NULL, &a)) != HSA_STATUS_SUCCESS)
		return st;
	if (emu_agent_info_common(a, attribute, value))
		return HSA_STATUS_SUCCESS;
	return a->kind == EMU_AGENT_GPU ? emu_gpu_agent_info(attribute, value)
	                                : emu_cpu_agent_info(attribute, value);
}

EMU_API hsa_status_t hsa_agent_set_info(hsa_agent_t agent, hsa_agent_info_t attribute, void *value)
{
	struct emu_agent *a;

	(void)attribute;
	(void)value;
	return emu_agent_query(agent, false, &a);  /* no attribute is writable */
}
