/*
 * seed_check.h — what the seed programs share: SEED_CHECK names the failing
 * HIP call and HIP's error, then exits 1; seed_time_us times one launch
 * between two events on the GPU's clock.
 */
#ifndef SEED_CHECK_H
#define SEED_CHECK_H

#include <hip/hip_runtime.h>
#include <hip/hip_ext.h>
#include <stdio.h>
#include <stdlib.h>

#define SEED_CHECK(call)                                                                 \
	do {                                                                             \
		hipError_t sc_err = (call);                                              \
		if (sc_err != hipSuccess) {                                              \
			printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call,             \
			       hipGetErrorName(sc_err));                                 \
			exit(1);                                                         \
		}                                                                        \
	} while (0)

/* The time between two events recorded around what launch() enqueues on
 * the null stream, µs. */
template <typename F> static float seed_time_us(F launch)
{
	hipEvent_t a, b;
	float ms = 0.0f;

	SEED_CHECK(hipEventCreate(&a));
	SEED_CHECK(hipEventCreate(&b));
	SEED_CHECK(hipEventRecord(a, 0));
	launch();
	SEED_CHECK(hipEventRecord(b, 0));
	SEED_CHECK(hipEventSynchronize(b));
	SEED_CHECK(hipEventElapsedTime(&ms, a, b));
	SEED_CHECK(hipEventDestroy(a));
	SEED_CHECK(hipEventDestroy(b));
	return ms * 1000.0f;
}

/* The time, µs, between the two events hipExtLaunchKernelGGL records with
 * one launch (the HIP runtime places them with the dispatch packet; the
 * GPU's clock). launch(start, stop) makes the launch. */
template <typename F> static float seed_kernel_us(F launch)
{
	hipEvent_t a, b;
	float ms = 0.0f;

	SEED_CHECK(hipEventCreate(&a));
	SEED_CHECK(hipEventCreate(&b));
	launch(a, b);
	SEED_CHECK(hipEventSynchronize(b));
	SEED_CHECK(hipEventElapsedTime(&ms, a, b));
	SEED_CHECK(hipEventDestroy(a));
	SEED_CHECK(hipEventDestroy(b));
	return ms * 1000.0f;
}

#endif
