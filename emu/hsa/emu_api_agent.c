/*
 * emu_api_agent — the two agents (ROCr's order: CPU, then GPU) and their
 * attributes: the values ROCr reports for these agents (rocminfo), with the
 * profile's numbers from emu_profile.c.
 */
#include <stdio.h>
#include <string.h>

#include "hsa/emu_runtime.h"

/* HSA_AMD_AGENT_INFO_NUM_XCC of ROCm 6's hsa_ext_amd.h (uint32: XCCs in the
 * agent), newer than the Debian header this file is compiled against. */
#define EMU_AMD_AGENT_INFO_NUM_XCC 0xA111

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
