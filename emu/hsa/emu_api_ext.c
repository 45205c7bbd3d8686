/*
 * emu_api_ext — extensions: their names, which are supported (the gcnlab
 * vendor extension, include/gcnlab_emu_ext.h, on the GPU agent), the
 * extension masks, and the vendor extension's table, whose answers are the
 * GPU's results (core/emu_results.c, shared with emu/kfd).
 */
#include <string.h>

#include "core/emu_timeline.h"
#include "hsa/emu_runtime.h"

/* The extension's calls: only the GPU agent has the extension, and that is
 * checked before the arguments (emu_results_*), as ROCr orders it. */
static hsa_status_t emu_ext_gpu(hsa_agent_t agent)
{
	struct emu_agent *a = NULL;
	hsa_status_t st = emu_agent_query(agent, true, &a);

	return a && a->kind != EMU_AGENT_GPU ? HSA_STATUS_ERROR_INVALID_AGENT : st;
}

static hsa_status_t emu_ext_get_counters(hsa_agent_t agent, hsa_signal_t signal,
                                         struct gcnlab_emu_counters *out)
{
	hsa_status_t st = emu_ext_gpu(agent);
	return st != HSA_STATUS_SUCCESS ? st : emu_results_counters(&emu_rt.results, signal, out);
}

static hsa_status_t emu_ext_set_trace(hsa_agent_t agent, int enable, int wave)
{
	hsa_status_t st = emu_ext_gpu(agent);
	return st != HSA_STATUS_SUCCESS ? st : emu_results_set_trace(&emu_rt.results, enable, wave);
}

static hsa_status_t emu_ext_get_trace(hsa_agent_t agent, hsa_signal_t signal,
                                      const struct gcnlab_emu_trace_row **rows, size_t *count)
{
	hsa_status_t st = emu_ext_gpu(agent);
	return st != HSA_STATUS_SUCCESS ? st : emu_results_trace(&emu_rt.results, signal, rows, count);
}

static hsa_status_t emu_ext_get_clocks(hsa_agent_t agent, uint32_t *sclk, uint32_t *mclk)
{
	hsa_status_t st = emu_ext_gpu(agent);
	return st != HSA_STATUS_SUCCESS ? st : emu_results_clocks(&emu_rt.results, sclk, mclk);
}

static hsa_status_t emu_ext_get_last_report(hsa_agent_t agent, char *buf, size_t len)
{
	hsa_status_t st = emu_ext_gpu(agent);
	return st != HSA_STATUS_SUCCESS ? st : emu_results_last_report(&emu_rt.results, buf, len);
}

static hsa_status_t emu_ext_set_timeline(hsa_agent_t agent, const struct gcnlab_emu_tl_cfg *cfg)
{
	hsa_status_t st = emu_ext_gpu(agent);
	return st != HSA_STATUS_SUCCESS ? st : emu_tl_set(&emu_rt.results, cfg);
}

static hsa_status_t emu_ext_get_timeline(hsa_agent_t agent, hsa_signal_t signal,
                                         const struct gcnlab_emu_tl_event **ev, size_t *count,
                                         const struct gcnlab_emu_trace_row **insts, size_t *ninsts,
                                         struct gcnlab_emu_tl_info *info)
{
	hsa_status_t st = emu_ext_gpu(agent);
	return st != HSA_STATUS_SUCCESS ? st : emu_tl_get(&emu_rt.results, signal, ev, count, insts, ninsts, info);
}

static const struct gcnlab_emu_ext_1 emu_ext_table = {
	.get_counters = emu_ext_get_counters,
	.set_trace = emu_ext_set_trace,
	.get_trace = emu_ext_get_trace,
	.get_clocks = emu_ext_get_clocks,
	.get_last_report = emu_ext_get_last_report,
	.check_code_object = emu_ext_check_code_object,
	.free_findings = emu_ext_free_findings,
	.set_timeline = emu_ext_set_timeline,
	.get_timeline = emu_ext_get_timeline,
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

/* The 128-byte extension mask of the system and of the GPU agent: the
 * emulator's vendor extension is the one it supports. */
void emu_put_extensions(void *value)
{
	uint8_t *mask = value;

	memset(mask, 0, 128);
	mask[GCNLAB_EXTENSION_EMU / 8] |= (uint8_t)(1u << (GCNLAB_EXTENSION_EMU % 8));
}
