/*
 * kfd_ext — the emulator's vendor extension (include/gcnlab_emu_ext.h)
 * behind ROCr: ROCr does not know it, so the thunk exports the table itself
 * (gcnlab_kfd_emu_ext, version node GCNLAB_KFD_1 of libhsakmt.ver) and the
 * host finds it with dlsym on the thunk it loaded.
 *
 * Signals are ROCr's handles (the address of the amd_signal_t, as the CP
 * sees them in packets); agents are ROCr's and not checked: the thunk has
 * one GPU.
 */
#include <stdio.h>
#include <string.h>

#include "gcnlab_emu_ext.h"
#include "kfd/kfd_priv.h"

#define KFD_RESULT_RING 16

static struct {
	pthread_mutex_t lock;
	struct {
		uint64_t signal, seq;
		struct gcnlab_emu_counters counters;
	} ring[KFD_RESULT_RING];
	uint64_t seq;
	char report[1024];
} kfd_ext = { .lock = PTHREAD_MUTEX_INITIALIZER };

void kfd_ext_reset(void)
{
	pthread_mutex_lock(&kfd_ext.lock);
	memset(kfd_ext.ring, 0, sizeof(kfd_ext.ring));
	kfd_ext.seq = 0;
	kfd_ext.report[0] = '\0';
	pthread_mutex_unlock(&kfd_ext.lock);
}

void kfd_ext_record(uint64_t completion, const struct emu_dispatch_result *res)
{
	pthread_mutex_lock(&kfd_ext.lock);
	kfd_ext.seq++;
	kfd_ext.ring[kfd_ext.seq % KFD_RESULT_RING].signal = completion;
	kfd_ext.ring[kfd_ext.seq % KFD_RESULT_RING].seq = kfd_ext.seq;
	kfd_ext.ring[kfd_ext.seq % KFD_RESULT_RING].counters = res->counters;
	pthread_mutex_unlock(&kfd_ext.lock);
}

void kfd_ext_report(const char *report)
{
	pthread_mutex_lock(&kfd_ext.lock);
	snprintf(kfd_ext.report, sizeof(kfd_ext.report), "%s", report ? report : "");
	pthread_mutex_unlock(&kfd_ext.lock);
}

static hsa_status_t kfd_ext_open(void)
{
	return kfd_is_open() ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_NOT_INITIALIZED;
}

static hsa_status_t kfd_ext_get_counters(hsa_agent_t agent, hsa_signal_t signal,
                                         struct gcnlab_emu_counters *out)
{
	uint64_t best = 0;

	(void)agent;
	if (kfd_ext_open() != HSA_STATUS_SUCCESS)
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!out)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&kfd_ext.lock);
	for (int i = 0; i < KFD_RESULT_RING; i++) {
		if (kfd_ext.ring[i].seq > best && kfd_ext.ring[i].signal == signal.handle) {
			best = kfd_ext.ring[i].seq;
			*out = kfd_ext.ring[i].counters;
		}
	}
	pthread_mutex_unlock(&kfd_ext.lock);
	return best ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_SIGNAL;
}

static hsa_status_t kfd_ext_set_trace(hsa_agent_t agent, int enable, int wave)
{
	(void)agent;
	if (kfd_ext_open() != HSA_STATUS_SUCCESS)
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (wave < -1)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&kfd.dispatch_lock);
	emu_gpu_set_trace(kfd.gpu, enable != 0, wave);
	pthread_mutex_unlock(&kfd.dispatch_lock);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t kfd_ext_get_trace(hsa_agent_t agent, hsa_signal_t signal,
                                      const struct gcnlab_emu_trace_row **rows, size_t *count)
{
	bool newest;

	(void)agent;
	if (kfd_ext_open() != HSA_STATUS_SUCCESS)
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!rows || !count)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	/* The GPU keeps the trace of its last dispatch only. */
	pthread_mutex_lock(&kfd_ext.lock);
	newest = kfd_ext.seq && kfd_ext.ring[kfd_ext.seq % KFD_RESULT_RING].signal == signal.handle;
	pthread_mutex_unlock(&kfd_ext.lock);
	if (!newest)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	pthread_mutex_lock(&kfd.dispatch_lock);
	*rows = emu_gpu_trace(kfd.gpu, count);
	pthread_mutex_unlock(&kfd.dispatch_lock);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t kfd_ext_get_clocks(hsa_agent_t agent, uint32_t *sclk, uint32_t *mclk)
{
	(void)agent;
	if (kfd_ext_open() != HSA_STATUS_SUCCESS)
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!sclk || !mclk)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	emu_gpu_clocks(kfd.gpu, sclk, mclk);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t kfd_ext_get_last_report(hsa_agent_t agent, char *buf, size_t len)
{
	(void)agent;
	if (kfd_ext_open() != HSA_STATUS_SUCCESS)
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!buf || !len)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&kfd_ext.lock);
	snprintf(buf, len, "%s", kfd_ext.report);
	pthread_mutex_unlock(&kfd_ext.lock);
	return HSA_STATUS_SUCCESS;
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
