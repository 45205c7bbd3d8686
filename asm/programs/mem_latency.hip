/*
 * mem_latency — 000_106faad81daed8dd.txt's latency experiment as a program:
 * one wave launched on every CU (gridDim = multiProcessorCount, as the
 * seed's host launches `test` with [num_CU] blocks), each CU with its own
 * data in device memory, and loads timed with clock64() (s_memtime, the
 * seed: "clock64() is a HIP builtin for s_memtime"). Written from the
 * seed's description: each CU chases a random chain through its own
 * 256 KiB (one 64-byte node per load, every load depending on the one
 * before, the chains together larger than the L2), so each load's latency
 * is the memory's. Prints the cycles per load of every CU's chase: the
 * fastest, the median and the slowest CU, and how many CUs ran.
 *
 *   tools/rocr-emu build/programs/gfx90a/mem_latency [loads]  (loads: 16..4096, 256)
 */
#include <algorithm>
#include <vector>

#include "seed_check.h"

#define NODE_DWORDS 16u              /* 64 bytes a node */
#define NODES_PER_CU 4096u           /* 256 KiB a CU */

__global__ void chase(const unsigned *buf, int loads, unsigned long long *out)
{
	if (threadIdx.x != 0)
		return;  /* one lane of the one wave chases */
	const unsigned *mine = buf + (size_t)blockIdx.x * NODES_PER_CU * NODE_DWORDS;
	unsigned idx = 0;
	long long t0 = clock64();
	for (int k = 0; k < loads; k++)
		idx = mine[idx * NODE_DWORDS];
	long long t1 = clock64();
	out[blockIdx.x] = (unsigned long long)(t1 - t0);
	out[gridDim.x + blockIdx.x] = idx;  /* keeps the chase */
}

int main(int argc, char **argv)
{
	int loads = argc > 1 ? atoi(argv[1]) : 256, cus;
	unsigned *d;
	unsigned long long *dout;

	if (loads < 16 || loads > 4096) {
		printf("mem_latency: loads must be 16..4096\n");
		return 2;
	}
	SEED_CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0));
	size_t words = (size_t)cus * NODES_PER_CU * NODE_DWORDS;
	std::vector<unsigned> h(words, 0), order(NODES_PER_CU);
	uint64_t lcg = 0x2545F4914F6CDD1Dull;  /* a fixed seed: the same chains every run */
	for (int c = 0; c < cus; c++) {
		/* a random cycle through the CU's nodes (Sattolo's shuffle) */
		for (unsigned i = 0; i < NODES_PER_CU; i++)
			order[i] = i;
		for (unsigned i = NODES_PER_CU - 1; i > 0; i--) {
			lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
			unsigned j = (unsigned)((lcg >> 33) % i);
			std::swap(order[i], order[j]);
		}
		unsigned *mine = &h[(size_t)c * NODES_PER_CU * NODE_DWORDS];
		for (unsigned i = 0; i < NODES_PER_CU; i++)
			mine[order[i] * NODE_DWORDS] = order[(i + 1) % NODES_PER_CU];
	}
	SEED_CHECK(hipMalloc((void **)&d, words * sizeof(unsigned)));
	SEED_CHECK(hipMalloc((void **)&dout, 2 * cus * sizeof(unsigned long long)));
	SEED_CHECK(hipMemcpy(d, h.data(), words * sizeof(unsigned), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(chase, dim3(cus), dim3(64), 0, 0, d, loads, dout);
	SEED_CHECK(hipGetLastError());
	std::vector<unsigned long long> out(2 * cus);
	SEED_CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(out[0]), hipMemcpyDeviceToHost));
	std::vector<double> per(cus);
	for (int c = 0; c < cus; c++)
		per[c] = (double)out[c] / loads;
	std::sort(per.begin(), per.end());
	printf("chase on %d CUs, %d dependent loads each, 256 KiB a CU\n", cus, loads);
	printf("cycles per load: fastest CU %.1f, median %.1f, slowest %.1f\n", per[0], per[cus / 2],
	       per[cus - 1]);
	SEED_CHECK(hipFree(d));
	SEED_CHECK(hipFree(dout));
	return 0;
}
