/*
 * emu_api_init — hsa_init and hsa_shut_down: the runtime's start (the GPU
 * GCNLAB_EMU_ARCH names, its memory, agents and pools) and its end, which
 * has each part of the runtime release what it owns.
 */
#include "core/emu_env.h"
#include "hsa/emu_runtime.h"

static void emu_rt_setup_pools(void)
{
	uint64_t ram = emu_env_ram_bytes();
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

/* The GPU and the memories hsa_init makes (each may be NULL). */
static void emu_rt_release(void)
{
	emu_gpu_destroy(emu_rt.gpu);
	emu_mem_destroy(emu_rt.mem);
	emu_mem_destroy(emu_rt.signals);
	emu_rt.gpu = NULL;
	emu_rt.mem = emu_rt.signals = NULL;
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
	emu_rt_release();
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_init(void)
{
	hsa_status_t st = HSA_STATUS_SUCCESS;

	pthread_mutex_lock(&emu_rt.lock);
	if (atomic_load(&emu_rt.refcount) > 0) {
		if (atomic_load(&emu_rt.refcount) == INT32_MAX)
			st = HSA_STATUS_ERROR_REFCOUNT_OVERFLOW;
		else
			atomic_fetch_add(&emu_rt.refcount, 1);
		goto out;
	}
	emu_rt.prof = emu_env_profile("gfx942", "libhsa-emu", "");
	if (!emu_rt.prof) {
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
	emu_env_cpu_name(emu_rt.cpu_name, sizeof(emu_rt.cpu_name));
	emu_rt.cpu_count = emu_env_cpu_count();
	emu_rt_setup_pools();
	emu_rt.queues = NULL;
	emu_rt.dead_queues = NULL;
	emu_rt.execs = NULL;
	emu_rt.readers = NULL;
	emu_rt.next_queue_id = 0;
	emu_rt.nhandlers = 0;
	emu_results_reset(&emu_rt.results, emu_rt.gpu, &emu_rt.dispatch_lock);
	atomic_store(&emu_rt.copy_profiling, false);
	atomic_store(&emu_rt.refcount, 1);
	goto out;
fail:
	emu_rt_release();
	st = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
out:
	pthread_mutex_unlock(&emu_rt.lock);
	return st;
}
