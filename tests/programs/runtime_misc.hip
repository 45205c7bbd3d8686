/*
 * runtime_misc — the rest of what HIP programs commonly use, one line each,
 * "name: ok" when the result is right:
 *   math         the device libraries (ocml): sinf, expf, double sqrt, log
 *                against the host's libm (within a few ulp)
 *   shared       dynamic shared memory, __syncthreads, __shfl_xor, and a
 *                __constant__ array set by hipMemcpyToSymbol
 *   atomics      atomicAdd_system on pinned host memory (system scope),
 *                atomicAdd on device memory, __threadfence_system
 *   callback     hipStreamAddCallback
 *   pitch        hipMallocPitch and hipMemcpy2D both ways
 *   queries      hipEventQuery and hipStreamQuery after completion
 *   managed      hipMallocManaged memory written by a kernel, read by the host
 * and "runtime_misc: ok" when all are.
 */
#include <math.h>
#include <string.h>

#include "hip_check.h"

#define N 64

__constant__ float cscale[4];

__global__ void k_math(float *f, double *d)
{
	int i = threadIdx.x;
	f[i] = sinf(0.1f * (float)i) + expf(0.01f * (float)i);
	d[i] = sqrt((double)i) + log((double)(i + 1));
}

__global__ void k_shared(float *o)
{
	extern __shared__ float dyn[];
	int i = threadIdx.x;
	dyn[i] = (float)i * cscale[i % 4];
	__syncthreads();
	float v = dyn[(i + 1) % N];
	o[i] = v + __shfl_xor(v, 1);
}

__global__ void k_atomic(int *host_counter, unsigned long long *dev_counter)
{
	atomicAdd_system(host_counter, 1);
	atomicAdd(dev_counter, 2ull);
	__threadfence_system();
}

static void on_done(hipStream_t s, hipError_t st, void *p)
{
	(void)s;
	*(int *)p = st == hipSuccess ? 1 : 2;
}

static int report(const char *what, int bad)
{
	printf("%s: %s\n", what, bad ? "WRONG" : "ok");
	return bad;
}

int main(void)
{
	float *df, hf[N], scale[4] = { 1, 2, 3, 4 };
	double *dd, hd[N];
	int bad = 0, b;

	/* math */
	HIP_CHECK(hipMalloc((void **)&df, sizeof(hf)));
	HIP_CHECK(hipMalloc((void **)&dd, sizeof(hd)));
	hipLaunchKernelGGL(k_math, dim3(1), dim3(N), 0, 0, df, dd);
	HIP_CHECK(hipMemcpy(hf, df, sizeof(hf), hipMemcpyDeviceToHost));
	HIP_CHECK(hipMemcpy(hd, dd, sizeof(hd), hipMemcpyDeviceToHost));
	b = 0;
	for (int i = 0; i < N; i++) {
		float wf = sinf(0.1f * (float)i) + expf(0.01f * (float)i);
		double wd = sqrt((double)i) + log((double)(i + 1));
		b += fabsf(hf[i] - wf) > 4e-6f * fabsf(wf) + 1e-6f || fabs(hd[i] - wd) > 1e-14 * fabs(wd);
	}
	bad |= report("math", b);

	/* shared memory, shuffles, __constant__ */
	HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(cscale), scale, sizeof(scale)));
	hipLaunchKernelGGL(k_shared, dim3(1), dim3(N), N * sizeof(float), 0, df);
	HIP_CHECK(hipMemcpy(hf, df, sizeof(hf), hipMemcpyDeviceToHost));
	b = 0;
	for (int i = 0; i < N; i++) {
		int j = (i + 1) % N, k = ((i ^ 1) + 1) % N;
		b += hf[i] != (float)j * scale[j % 4] + (float)k * scale[k % 4];
	}
	bad |= report("shared", b);

	/* atomics at system and device scope */
	int *hc;
	unsigned long long *dc, hdc = 0;
	HIP_CHECK(hipHostMalloc((void **)&hc, sizeof(int), hipHostMallocCoherent));
	*hc = 0;
	HIP_CHECK(hipMalloc((void **)&dc, sizeof(*dc)));
	HIP_CHECK(hipMemset(dc, 0, sizeof(*dc)));
	hipLaunchKernelGGL(k_atomic, dim3(4), dim3(N), 0, 0, hc, dc);
	HIP_CHECK(hipDeviceSynchronize());
	HIP_CHECK(hipMemcpy(&hdc, dc, sizeof(hdc), hipMemcpyDeviceToHost));
	bad |= report("atomics", *hc != 4 * N || hdc != 2ull * 4 * N);

	/* a stream callback */
	int flag = 0;
	HIP_CHECK(hipStreamAddCallback(0, on_done, &flag, 0));
	HIP_CHECK(hipDeviceSynchronize());
	bad |= report("callback", flag != 1);

	/* pitched memory */
	char *m2, src[1000], dst[1000];
	size_t pitch;
	for (int i = 0; i < 1000; i++)
		src[i] = (char)(i * 3);
	HIP_CHECK(hipMallocPitch((void **)&m2, &pitch, 100, 10));
	HIP_CHECK(hipMemcpy2D(m2, pitch, src, 100, 100, 10, hipMemcpyHostToDevice));
	HIP_CHECK(hipMemcpy2D(dst, 100, m2, pitch, 100, 10, hipMemcpyDeviceToHost));
	bad |= report("pitch", pitch < 100 || memcmp(src, dst, sizeof(src)) != 0);

	/* queries */
	hipEvent_t e;
	HIP_CHECK(hipEventCreate(&e));
	HIP_CHECK(hipEventRecord(e, 0));
	HIP_CHECK(hipEventSynchronize(e));
	bad |= report("queries", hipEventQuery(e) != hipSuccess || hipStreamQuery(0) != hipSuccess);

	/* managed memory */
	int *mm;
	HIP_CHECK(hipMallocManaged((void **)&mm, sizeof(int)));
	*mm = 5;
	hipLaunchKernelGGL(k_atomic, dim3(1), dim3(N), 0, 0, mm, dc);
	HIP_CHECK(hipDeviceSynchronize());
	bad |= report("managed", *mm != 5 + N);

	HIP_CHECK(hipFree(mm));
	HIP_CHECK(hipFree(m2));
	HIP_CHECK(hipHostFree(hc));
	HIP_CHECK(hipFree(dc));
	HIP_CHECK(hipFree(df));
	HIP_CHECK(hipFree(dd));
	printf("runtime_misc: %s\n", bad ? "WRONG" : "ok");
	return bad;
}
