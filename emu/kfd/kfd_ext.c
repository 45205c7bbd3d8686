/*
 * kfd_ext — the emulator's vendor extension (include/gcnlab_emu_ext.h)
 * behind ROCr: ROCr does not know it, so the thunk exports the table itself
 * (gcnlab_kfd_emu_ext, version node GCNLAB_KFD_1 of libhsakmt.ver) and the
 * host finds it with dlsym on the thunk it loaded.
 *
 * Signals are ROCr's handles (the address of the amd_signal_t, as the CP
 * sees them in packets). The answers are core/emu_results.c's, as the
 * emulator's own runtime gives them.
 */
#include "gcnlab_emu_ext.h"
#include "kfd/kfd_priv.h"

void kfd_ext_record(uint64_t completion, const struct emu_dispatch_result *res)
{
	emu_results_record(&kfd.results, completion, res);
}

void kfd_ext_report(const char *report)
{
	emu_results_set_report(&kfd.results, report);
}

/* Agents are ROCr's and not checked: the thunk has one GPU. */
static hsa_status_t kfd_ext_get_counters(hsa_agent_t agent, hsa_signal_t signal,
                                         struct gcnlab_emu_counters *out)
{
	(void)agent;
	return kfd_is_open() ? emu_results_counters(&kfd.results, signal, out) : HSA_STATUS_ERROR_NOT_INITIALIZED;
}

static hsa_status_t kfd_ext_set_trace(hsa_agent_t agent, int enable, int wave)
{
	(void)agent;
	return kfd_is_open() ? emu_results_set_trace(&kfd.results, enable, wave) : HSA_STATUS_ERROR_NOT_INITIALIZED;
}

static hsa_status_t kfd_ext_get_trace(hsa_agent_t agent, hsa_signal_t signal,
                                      const struct gcnlab_emu_trace_row **rows, size_t *count)
{
	(void)agent;
	return kfd_is_open() ? emu_results_trace(&kfd.results, signal, rows, count) : HSA_STATUS_ERROR_NOT_INITIALIZED;
}

static hsa_status_t kfd_ext_get_clocks(hsa_agent_t agent, uint32_t *sclk, uint32_t *mclk)
{
	(void)agent;
	return kfd_is_open() ? emu_results_clocks(&kfd.results, sclk, mclk) : HSA_STATUS_ERROR_NOT_INITIALIZED;
}

static hsa_status_t kfd_ext_get_last_report(hsa_agent_t agent, char *buf, size_t len)
{
	(void)agent;
	return kfd_is_open() ? emu_results_last_report(&kfd.results, buf, len) : HSA_STATUS_ERROR_NOT_INITIALIZED;
}

static const struct gcnlab_emu_ext_1 kfd_ext_table = {
	.get_counters = kfd_ext_get_counters,
	.set_trace = kfd_ext_set_trace,
	.get_trace = kfd_ext_get_trace,
	.get_clocks = kfd_ext_get_clocks,
	.get_last_report = kfd_ext_get_last_report,
};

KFD_API const struct gcnlab_emu_ext_1 *gcnlab_kfd_emu_ext(uint16_t version_major)
{
	return version_major == GCNLAB_EMU_EXT_MAJOR ? &kfd_ext_table : NULL;
}
