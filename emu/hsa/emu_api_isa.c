/*
 * emu_api_isa — ISAs (the handle encodes arch, xnack and sramecc; 0 is no
 * ISA), their wavefronts and exception policies, and the GPU agent's ISA.
 */
#include <stdio.h>
#include <string.h>

#include "hsa/emu_runtime.h"

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

hsa_isa_t emu_agent_isa(void)
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
