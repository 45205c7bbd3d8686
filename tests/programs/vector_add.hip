/*
 * vector_add — c = a + b through every way HIP moves memory: hipMemcpy
 * host-to-device from pageable and from pinned (hipHostMalloc) memory,
 * device-to-device, device-to-host, host-to-host and hipMemcpyDefault,
 * hipMemcpyAsync on a stream, hipMemset/hipMemsetAsync; the kernel launched
 * with <<<>>> and with hipLaunchKernelGGL; a kernel reading pinned host
 * memory directly; a 2 MiB pageable buffer copied both ways (the HIP
 * runtime pins it in chunks: hsaKmtRegisterMemoryWithFlags) and then
 * registered whole with hipHostRegister (overlapping those chunks) and
 * read by a kernel. Prints one line per step and "vector_add: ok" when
 * every element is right. hipHostUnregister is not called: HIP 5.2.3's
 * aborts when the GPU address of registered memory is its host address,
 * as it is on the emulated GPU (README, "HIP programs").
 */
#include <string.h>

#include "hip_check.h"

#define N 5000  /* not a multiple of the block: the guard matters */
#define BLOCK 256

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

static int check(const char *what, const float *c, float scale)
{
	int bad = 0;
	for (int i = 0; i < N; i++)
		if (c[i] != scale * (float)i && bad++ < 3)
			printf("%s: c[%d] = %g, expected %g\n", what, i, c[i], scale * (float)i);
	printf("%s: %s\n", what, bad ? "WRONG" : "right");
	return bad != 0;
}

int main(void)
{
	size_t bytes = N * sizeof(float);
	float *ha = (float *)malloc(bytes), *hb = (float *)malloc(bytes), *hc = (float *)malloc(bytes);
	float *pa, *pc, *da, *db, *dc, *dd;
	int grid = (N + BLOCK - 1) / BLOCK, bad = 0;
	hipStream_t s;

	for (int i = 0; i < N; i++) {
		ha[i] = (float)i;
		hb[i] = 2.0f * (float)i;
	}
	HIP_CHECK(hipHostMalloc((void **)&pa, bytes, hipHostMallocDefault));
	HIP_CHECK(hipHostMalloc((void **)&pc, bytes, hipHostMallocDefault));
	HIP_CHECK(hipMalloc((void **)&da, bytes));
	HIP_CHECK(hipMalloc((void **)&db, bytes));
	HIP_CHECK(hipMalloc((void **)&dc, bytes));
	HIP_CHECK(hipMalloc((void **)&dd, bytes));

	/* pageable H2D, pinned H2D (a copied into pinned memory by H2H) */
	HIP_CHECK(hipMemcpy(db, hb, bytes, hipMemcpyHostToDevice));
	HIP_CHECK(hipMemcpy(pa, ha, bytes, hipMemcpyHostToHost));
	HIP_CHECK(hipMemcpy(da, pa, bytes, hipMemcpyHostToDevice));
	vadd<<<grid, BLOCK>>>(da, db, dc, N);
	HIP_CHECK(hipGetLastError());
	HIP_CHECK(hipMemcpy(hc, dc, bytes, hipMemcpyDeviceToHost));
	bad |= check("<<<>>>, pageable and pinned H2D, D2H", hc, 3.0f);

	/* D2D, then hipLaunchKernelGGL, D2H into pinned memory */
	HIP_CHECK(hipMemcpy(dd, da, bytes, hipMemcpyDeviceToDevice));
	HIP_CHECK(hipMemset(dc, 0xff, bytes));
	hipLaunchKernelGGL(vadd, dim3(grid), dim3(BLOCK), 0, 0, dd, db, dc, N);
	HIP_CHECK(hipGetLastError());
	HIP_CHECK(hipMemcpy(pc, dc, bytes, hipMemcpyDeviceToHost));
	bad |= check("hipLaunchKernelGGL, D2D, D2H to pinned", pc, 3.0f);

	/* hipMemcpyDefault both ways (unified addressing), async on a stream */
	HIP_CHECK(hipStreamCreate(&s));
	HIP_CHECK(hipMemcpyAsync(dd, pa, bytes, hipMemcpyDefault, s));
	HIP_CHECK(hipMemsetAsync(dc, 0, bytes, s));
	hipLaunchKernelGGL(vadd, dim3(grid), dim3(BLOCK), 0, s, dd, dd, dc, N);
	HIP_CHECK(hipMemcpyAsync(pc, dc, bytes, hipMemcpyDefault, s));
	HIP_CHECK(hipStreamSynchronize(s));
	bad |= check("hipMemcpyDefault, hipMemcpyAsync, a stream", pc, 2.0f);

	/* the kernel reads pinned host memory itself (its device pointer) */
	float *pa_dev;
	HIP_CHECK(hipHostGetDevicePointer((void **)&pa_dev, pa, 0));
	vadd<<<grid, BLOCK>>>(pa_dev, db, dc, N);
	HIP_CHECK(hipDeviceSynchronize());
	HIP_CHECK(hipMemcpy(hc, dc, bytes, hipMemcpyDeviceToHost));
	bad |= check("a kernel reading pinned host memory", hc, 3.0f);

	/* hipMemset's byte pattern, read back */
	HIP_CHECK(hipMemset(dc, 0x3f, bytes));
	HIP_CHECK(hipMemcpy(hc, dc, bytes, hipMemcpyDeviceToHost));
	unsigned word;
	memcpy(&word, &hc[N - 1], 4);
	printf("hipMemset 0x3f: last word 0x%08x\n", word);
	bad |= word != 0x3f3f3f3fu;

	/* 2 MiB of pageable memory both ways, then registered and read by a kernel */
	size_t big = 2u << 20;
	int nbig = (int)(big / sizeof(float));
	float *bh = (float *)malloc(big), *bg = (float *)malloc(big), *bd, *bdc, *bh_dev;
	for (int i = 0; i < nbig; i++)
		bh[i] = (float)(i % N);
	HIP_CHECK(hipMalloc((void **)&bd, big));
	HIP_CHECK(hipMalloc((void **)&bdc, big));
	HIP_CHECK(hipMemcpy(bd, bh, big, hipMemcpyHostToDevice));
	HIP_CHECK(hipMemcpy(bg, bd, big, hipMemcpyDeviceToHost));
	int wrong = memcmp(bh, bg, big) != 0;
	printf("2 MiB pageable H2D and D2H: %s\n", wrong ? "WRONG" : "right");
	bad |= wrong;
	HIP_CHECK(hipHostRegister(bh, big, hipHostRegisterDefault));
	HIP_CHECK(hipHostGetDevicePointer((void **)&bh_dev, bh, 0));
	vadd<<<(nbig + BLOCK - 1) / BLOCK, BLOCK>>>(bh_dev, bd, bdc, nbig);
	HIP_CHECK(hipDeviceSynchronize());
	HIP_CHECK(hipMemcpy(bg, bdc, big, hipMemcpyDeviceToHost));
	wrong = 0;
	for (int i = 0; i < nbig; i++)
		wrong += bg[i] != 2.0f * (float)(i % N);
	printf("hipHostRegister, a kernel reading it: %s\n", wrong ? "WRONG" : "right");
	bad |= wrong != 0;
	HIP_CHECK(hipFree(bd));
	HIP_CHECK(hipFree(bdc));
	free(bg);

	HIP_CHECK(hipStreamDestroy(s));
	HIP_CHECK(hipFree(da));
	HIP_CHECK(hipFree(db));
	HIP_CHECK(hipFree(dc));
	HIP_CHECK(hipFree(dd));
	HIP_CHECK(hipHostFree(pa));
	HIP_CHECK(hipHostFree(pc));
	free(ha);
	free(hb);
	free(hc);
	printf("vector_add: %s\n", bad ? "WRONG" : "ok");
	return bad;
}
