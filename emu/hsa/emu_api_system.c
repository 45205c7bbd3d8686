/*
 * emu_api_system — hsa_system_get_info.
 */
#include "hsa/emu_runtime.h"

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
