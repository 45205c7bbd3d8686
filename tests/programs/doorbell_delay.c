/*
 * doorbell_delay — LD_PRELOAD shim for tests/e2e/hipcc_programs.t: every
 * hsa_signal_store_screlease the HIP runtime makes (its doorbell rings)
 * returns 2 ms late, as when the submitting thread is preempted right after
 * ringing. The emulated command processor and ROCr's async-events thread
 * then finish a packet before the HIP runtime's next statement, which makes
 * a race in ROCclr 5.2.3's direct dispatch happen on every packet instead of
 * about once in 70 loaded runs: ROCclr registers HsaAmdSignalHandler on an
 * event marker's barrier signal and rings the doorbell before
 * VirtualGPU::profilingEnd attaches the marker's Timestamp (command data);
 * a handler that runs first finds no Timestamp in the batch and stamps the
 * event with the host's CLOCK_MONOTONIC (amd::Os::timeNanos) instead of the
 * GPU's clock. tools/rocr-emu turns direct dispatch off for that reason;
 * the test runs a HIP program with this shim and needs model times.
 * Nothing but the delay is changed.
 */
#include <dlfcn.h>
#include <hsa/hsa.h>
#include <time.h>

#define DOORBELL_DELAY_NS 2000000L  /* far above the CP's 200 us poll back-off (kfd_queue.c) */

typedef void (*store_fn)(hsa_signal_t, hsa_signal_value_t);

void hsa_signal_store_screlease(hsa_signal_t signal, hsa_signal_value_t value)
{
	static store_fn real;
	struct timespec ts = { 0, DOORBELL_DELAY_NS };

	if (!real)
		real = (store_fn)dlsym(RTLD_NEXT, "hsa_signal_store_screlease");
	real(signal, value);
	nanosleep(&ts, NULL);
}
