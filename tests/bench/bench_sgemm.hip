// bench_sgemm.hip — the clang-compiled compute kernel of `make bench`
// (tools/bench.sh): C = A x B for n x n fp32 matrices, tiled through the LDS
// the way a first HIP matrix multiply is written. Per 16-wide k step a
// work-item makes two global loads, two LDS stores, a barrier pair, 32 LDS
// reads and 16 FMAs, so the emulator sees the mix of an ordinary kernel:
// VALU, LDS, global memory, SALU loop control and barriers.
//
// Launch: --grid n,n --block 16,16 with n a multiple of 16; arguments
// (const float *A, const float *B, float *C, unsigned n).
// Built by mk/bench.mk with the suite's HIP flags (asm/hip/include/gcnlab_hip.h).

#define TILE 16

extern "C" __global__ __launch_bounds__(256) void bench_sgemm(const float *A, const float *B, float *C,
                                                             unsigned n)
{
	// +1 column: the column reads of Bs are then conflict-free, as in the
	// usual textbook version.
	__shared__ float As[TILE][TILE + 1];
	__shared__ float Bs[TILE][TILE + 1];
	unsigned tx = threadIdx.x, ty = threadIdx.y;
	unsigned row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	float acc = 0.0f;

	for (unsigned k0 = 0; k0 < n; k0 += TILE) {
		As[ty][tx] = A[row * n + k0 + tx];
		Bs[ty][tx] = B[(k0 + ty) * n + col];
		__syncthreads();
#pragma unroll
		for (unsigned k = 0; k < TILE; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads();
	}
	C[row * n + col] = acc;
}
