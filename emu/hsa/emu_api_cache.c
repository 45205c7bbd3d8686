/*
 * emu_api_cache — the GPU agent's caches: the handle is the level (1..3),
 * the sizes the profile's (emu_profile.c).
 */
#include <string.h>

#include "hsa/emu_runtime.h"

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
