/*
 * flush_icache — 001_0597331732635ddd.txt's cold-cache method as a program:
 * before each timed launch, Composable Kernel's flush_icache() launches the
 * flush_cache kernel (s_icache_inv, then 16 s_nop 0) at compute units x 60
 * blocks of 64 work-items, so every CU's instruction cache is emptied; the
 * kernel then timed (a small saxpy-like kernel, 64 blocks of 256) runs
 * cold ("Run 1: cache miss"). Without the flush, the second and later runs
 * find their code in the cache ("Run 2: hit"). Written from the seed's
 * description. Prints each run's time (hipExtLaunchKernelGGL's events),
 * cold and hot, and their means.
 *
 *   tools/rocr-emu build/programs/gfx90a/flush_icache [runs]   (runs: 1..100, 5)
 */
#include "seed_check.h"

__global__ void flush_cache()
{
	asm volatile("s_icache_inv\n\t"
	             "s_nop 0\n\ts_nop 0\n\ts_nop 0\n\ts_nop 0\n\t"
	             "s_nop 0\n\ts_nop 0\n\ts_nop 0\n\ts_nop 0\n\t"
	             "s_nop 0\n\ts_nop 0\n\ts_nop 0\n\ts_nop 0\n\t"
	             "s_nop 0\n\ts_nop 0\n\ts_nop 0\n\ts_nop 0\n\t" ::
	                 :);
}

__global__ void work(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 5, cus, n = 64 * 256;
	float *x, *y, cold = 0.0f, hot = 0.0f;

	if (runs < 1 || runs > 100) {
		printf("flush_icache: runs must be 1..100\n");
		return 2;
	}
	SEED_CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0));
	SEED_CHECK(hipMalloc((void **)&x, n * sizeof(float)));
	SEED_CHECK(hipMalloc((void **)&y, n * sizeof(float)));
	SEED_CHECK(hipMemset(x, 0, n * sizeof(float)));
	SEED_CHECK(hipMemset(y, 0, n * sizeof(float)));
	printf("flush: flush_cache<<<%d, 64>>> (%d CUs x 60)\n", cus * 60, cus);
	for (int r = 0; r < runs; r++) {
		/* the seed's flush_icache(), then the timed launch */
		hipLaunchKernelGGL(flush_cache, dim3(cus * 60), dim3(64), 0, 0);
		SEED_CHECK(hipDeviceSynchronize());
		float t = seed_kernel_us([&](hipEvent_t a, hipEvent_t b) {
			hipExtLaunchKernelGGL(work, dim3(64), dim3(256), 0, 0, a, b, 0, 2.0f, x, y, n);
		});
		/* and once more without the flush */
		float h = seed_kernel_us([&](hipEvent_t a, hipEvent_t b) {
			hipExtLaunchKernelGGL(work, dim3(64), dim3(256), 0, 0, a, b, 0, 2.0f, x, y, n);
		});
		printf("run %d: cold %.3f us, hot %.3f us\n", r + 1, t, h);
		cold += t;
		hot += h;
	}
	printf("mean: cold %.3f us, hot %.3f us, cold/hot %.2f\n", cold / runs, hot / runs, cold / hot);
	SEED_CHECK(hipFree(x));
	SEED_CHECK(hipFree(y));
	return 0;
}
