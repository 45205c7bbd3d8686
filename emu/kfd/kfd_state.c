/*
 * kfd_state — the thunk's state (kfd_priv.h) and what every entry point
 * asks of it: whether the KFD is open, and the GPU's timestamp clock. The
 * other kfd_*.c files call down into it; kfd_open.c starts and ends it.
 */
#include "kfd/kfd_priv.h"

struct kfd_state kfd = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.dispatch_lock = PTHREAD_MUTEX_INITIALIZER,
	.ev_lock = PTHREAD_MUTEX_INITIALIZER,
	.ev_cond = PTHREAD_COND_INITIALIZER,
	.clock_lock = PTHREAD_MUTEX_INITIALIZER,
	.results = { .lock = PTHREAD_MUTEX_INITIALIZER },
};

uint64_t kfd_clock_ns(void)
{
	uint64_t m, v;

	/* The model's clock moves under the dispatch lock. */
	pthread_mutex_lock(&kfd.dispatch_lock);
	m = emu_gpu_now_ns(kfd.gpu);
	pthread_mutex_unlock(&kfd.dispatch_lock);
	pthread_mutex_lock(&kfd.clock_lock);
	v = m + kfd.clock_off;
	if (v <= kfd.clock_last) {
		kfd.clock_off += kfd.clock_last + 1 - v;
		v = kfd.clock_last + 1;
	}
	kfd.clock_last = v;
	pthread_mutex_unlock(&kfd.clock_lock);
	return v;
}

uint64_t kfd_clock_of_model(uint64_t model_ns)
{
	/* A fixed offset, not kfd.clock_off: that grows by one for each reading
	 * that found the model still, and how many readings fall between two
	 * packets depends on the host's threads, so two packets' times would
	 * differ by their model times plus a varying few ns (hipEventElapsedTime
	 * between two markers). */
	return model_ns + KFD_CLOCK_STAMP_NS;
}

bool kfd_is_open(void)
{
	bool open;

	pthread_mutex_lock(&kfd.lock);
	open = kfd.opens > 0;
	pthread_mutex_unlock(&kfd.lock);
	return open;
}
