/*
 * lds_demo — 003_2971ecc2aaaadb01.txt's two LDS examples as a program: the
 * `load` kernel (each work-item reads its own LDS dword) and the
 * `conflicts` kernel (each reads the dword 32 dwords after its neighbour's:
 * every work-item on the same bank), launched by the seed's host loops
 * bandwidth_demo and conflicts_demo, `kernel<<<1, i>>>(nullptr, 0)` for
 * i = 1..N, then hipDeviceSynchronize. Written from the seed's description.
 * Each i is launched twice more and timed: with hipExtLaunchKernelGGL's
 * two events ("kernel"), and with <<<>>> between two hipEventRecord
 * ("between events", what a program usually measures). Both are the
 * lds_counters suite's dt_us for the same kernel plus the launch, which
 * the events span and the dispatch's own timestamps leave out (README,
 * "HIP programs"). The suite's counters (Index Accesses, Bank Conflict)
 * have no HIP API.
 *
 *   tools/rocr-emu build/programs/gfx90a/lds_demo [N]     (N: 1..256, 16)
 */
#include "seed_check.h"

#define MAX_THREADS 256
#define NBANKS 32

__global__ void load(int *out, int flag)
{
	__shared__ int array[MAX_THREADS];
	int index = threadIdx.x;
	if (flag)  /* a store the compiler cannot drop; never taken */
		array[MAX_THREADS - 1 - index] = index;
	__syncthreads();
	int x = array[index];
	if (x == -1234567)  /* never true: keeps the read */
		out[threadIdx.x] = x;
}

__global__ void conflicts(int *out, int flag)
{
	__shared__ int array[NBANKS * MAX_THREADS];
	int index = threadIdx.x * NBANKS;  /* every work-item on bank 0 */
	if (flag)
		array[NBANKS * MAX_THREADS - 1 - index] = index;
	__syncthreads();
	int x = array[index];
	if (x == -1234567)
		out[threadIdx.x] = x;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 16;

	if (n < 1 || n > MAX_THREADS) {
		printf("lds_demo: N must be 1..%d\n", MAX_THREADS);
		return 2;
	}
	/* bandwidth_demo, then conflicts_demo, as the seed's host runs them */
	for (int i = 1; i <= n; ++i) {
		float all = seed_time_us([&] { hipLaunchKernelGGL(load, dim3(1), dim3(i), 0, 0, nullptr, 0); });
		float k = seed_kernel_us([&](hipEvent_t a, hipEvent_t b) {
			hipExtLaunchKernelGGL(load, dim3(1), dim3(i), 0, 0, a, b, 0, nullptr, 0);
		});
		printf("load<<<1,%d>>>: kernel %.3f us, between events %.3f us\n", i, k, all);
	}
	SEED_CHECK(hipDeviceSynchronize());
	for (int i = 1; i <= n; ++i) {
		float all = seed_time_us([&] { hipLaunchKernelGGL(conflicts, dim3(1), dim3(i), 0, 0, nullptr, 0); });
		float k = seed_kernel_us([&](hipEvent_t a, hipEvent_t b) {
			hipExtLaunchKernelGGL(conflicts, dim3(1), dim3(i), 0, 0, a, b, 0, nullptr, 0);
		});
		printf("conflicts<<<1,%d>>>: kernel %.3f us, between events %.3f us\n", i, k, all);
	}
	SEED_CHECK(hipDeviceSynchronize());
	printf("lds_demo: done\n");
	return 0;
}
