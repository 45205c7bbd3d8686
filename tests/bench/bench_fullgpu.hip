// bench_fullgpu.hip — the full-GPU workload of `make bench` (tools/bench.sh):
// enough workgroups to put work on every CU of the GPU (gfx942: 304 CUs,
// launched with 4 workgroups of 256 work-items per CU), each doing what an
// ordinary elementwise kernel with a reduction does. Per element a
// work-item loads x[i], evaluates a degree-16 polynomial by Horner's rule
// (16 FMAs), stores y[i] and adds the value to its own sum; at the end
// the workgroup reduces the sums through the LDS (a tree of 8 barrier-
// separated steps) and its first work-item writes one partial sum. So the
// emulator sees every CU busy with VALU, global loads and stores, LDS and
// barriers at once: where a parallel simulation of the CUs would scale.
//
// Launch: --grid G --block 256, with n elements (a multiple of G: each
// work-item takes n / G of them, G apart); arguments
// (const float *x, float *y, float *partial, unsigned n), partial holding
// G / 256 floats. Built by mk/bench.mk with the suite's HIP flags.

#define BLOCK 256

extern "C" __global__ __launch_bounds__(BLOCK) void bench_fullgpu(const float *x, float *y, float *partial,
                                                                 unsigned n)
{
	__shared__ float sum[BLOCK];
	unsigned tid = threadIdx.x;
	unsigned stride = gridDim.x * BLOCK;
	float s = 0.0f;

	for (unsigned i = blockIdx.x * BLOCK + tid; i < n; i += stride) {
		float v = x[i], p = 1.0f;
#pragma unroll
		for (unsigned k = 0; k < 16; k++)
			p = p * v + (float)(k + 1) * 0.0625f;
		y[i] = p;
		s += p;
	}
	sum[tid] = s;
	__syncthreads();
	for (unsigned w = BLOCK / 2; w; w >>= 1) {
		if (tid < w)
			sum[tid] += sum[tid + w];
		__syncthreads();
	}
	if (tid == 0)
		partial[blockIdx.x] = sum[0];
}
