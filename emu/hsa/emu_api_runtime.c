/*
 * emu_api_runtime — the runtime's state (emu_rt, emu_runtime.h) and the
 * look-ups every HSA call starts with: the runtime is open, a handle names
 * an agent or a pool. The other emu_api_*.c files call down into it.
 */
#include <time.h>

#include "hsa/emu_runtime.h"

struct emu_runtime emu_rt = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.sig_lock = PTHREAD_MUTEX_INITIALIZER,
	.dispatch_lock = PTHREAD_MUTEX_INITIALIZER,
	.results = { .lock = PTHREAD_MUTEX_INITIALIZER },
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
