/*
 * emu_results — the vendor extension's answers (emu_results.h).
 */
#include <stdio.h>
#include <string.h>

#include "core/emu_results.h"

void emu_results_reset(struct emu_results *r, struct emu_gpu *gpu, pthread_mutex_t *dispatch_lock)
{
	pthread_mutex_lock(&r->lock);
	memset(r->ring, 0, sizeof(r->ring));
	r->seq = 0;
	r->report[0] = '\0';
	r->gpu = gpu;
	r->dispatch_lock = dispatch_lock;
	pthread_mutex_unlock(&r->lock);
}

void emu_results_record(struct emu_results *r, uint64_t completion, const struct emu_dispatch_result *res)
{
	pthread_mutex_lock(&r->lock);
	r->seq++;
	r->ring[r->seq % EMU_RESULTS_RING].signal = completion;
	r->ring[r->seq % EMU_RESULTS_RING].seq = r->seq;
	r->ring[r->seq % EMU_RESULTS_RING].counters = res->counters;
	pthread_mutex_unlock(&r->lock);
}

void emu_results_set_report(struct emu_results *r, const char *report)
{
	pthread_mutex_lock(&r->lock);
	snprintf(r->report, sizeof(r->report), "%s", report ? report : "");
	pthread_mutex_unlock(&r->lock);
}

hsa_status_t emu_results_counters(struct emu_results *r, hsa_signal_t signal, struct gcnlab_emu_counters *out)
{
	uint64_t best = 0;

	if (!out)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	/* The newest slot of the signal. */
	pthread_mutex_lock(&r->lock);
	for (int i = 0; i < EMU_RESULTS_RING; i++) {
		if (r->ring[i].seq > best && r->ring[i].signal == signal.handle) {
			best = r->ring[i].seq;
			*out = r->ring[i].counters;
		}
	}
	pthread_mutex_unlock(&r->lock);
	/* No recent dispatch completed through this signal. */
	return best ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_SIGNAL;
}

hsa_status_t emu_results_set_trace(struct emu_results *r, int enable, int wave)
{
	if (wave < -1)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(r->dispatch_lock);
	emu_gpu_set_trace(r->gpu, enable != 0, wave);
	pthread_mutex_unlock(r->dispatch_lock);
	return HSA_STATUS_SUCCESS;
}

hsa_status_t emu_results_trace(struct emu_results *r, hsa_signal_t signal,
                               const struct gcnlab_emu_trace_row **rows, size_t *count)
{
	bool newest;

	if (!rows || !count)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	/* The GPU keeps the trace of its last dispatch only. */
	pthread_mutex_lock(&r->lock);
	newest = r->seq && r->ring[r->seq % EMU_RESULTS_RING].signal == signal.handle;
	pthread_mutex_unlock(&r->lock);
	if (!newest)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	pthread_mutex_lock(r->dispatch_lock);
	*rows = emu_gpu_trace(r->gpu, count);
	pthread_mutex_unlock(r->dispatch_lock);
	return HSA_STATUS_SUCCESS;
}

hsa_status_t emu_results_clocks(struct emu_results *r, uint32_t *sclk, uint32_t *mclk)
{
	if (!sclk || !mclk)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	emu_gpu_clocks(r->gpu, sclk, mclk);
	return HSA_STATUS_SUCCESS;
}

hsa_status_t emu_results_last_report(struct emu_results *r, char *buf, size_t len)
{
	if (!buf || !len)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&r->lock);
	snprintf(buf, len, "%s", r->report);
	pthread_mutex_unlock(&r->lock);
	return HSA_STATUS_SUCCESS;
}
