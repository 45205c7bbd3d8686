// everyday.hip — a kernel written as for hipcc (the usual include, HIP's
// device functions), built by `make hip SRC=tests/hipmake/everyday.hip` and
// run by tests/e2e/hip_make.t, which checks every output on the host.
#include <hip/hip_runtime.h>

#define NF 10   /* float results per work-item */

extern "C" __global__ void everyday(const float *x, float *f, int *lane, int *count, float *sum,
                                    unsigned int *top)
{
	__shared__ float tile[256];
	unsigned int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	float v = x[i], nb;

	tile[t] = v;
	__syncthreads();
	nb = tile[(t + 1) % blockDim.x];   /* a neighbour's input, through LDS */
	f[NF * i + 0] = expf(v);
	f[NF * i + 1] = logf(v);
	f[NF * i + 2] = sqrtf(v);
	f[NF * i + 3] = sinf(v);
	f[NF * i + 4] = cosf(v);
	f[NF * i + 5] = powf(v, 1.5f);
	f[NF * i + 6] = tanhf(v - 2.0f);
	f[NF * i + 7] = fmaf(v, nb, 1.0f);
	f[NF * i + 8] = fmaxf(v, nb) - fminf(v, nb);
	f[NF * i + 9] = __shfl_xor(v, 1);
	lane[4 * i + 0] = __shfl_xor((int)i, 5);
	lane[4 * i + 1] = __shfl_down((int)i, 3, 16);
	lane[4 * i + 2] = __shfl_up((int)i, 2);
	lane[4 * i + 3] = __popcll(__ballot(i % 3 == 0));
	atomicAdd(count, 1);
	atomicAdd(sum, 1.0f);
	atomicMax(top, i);
}
