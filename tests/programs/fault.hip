/*
 * fault — a kernel that stores through a wild pointer (argv[1] "fault"), or
 * one that never ends ("hang"); the program prints what HIP reports from
 * hipDeviceSynchronize. On a GPU the first is a memory fault, the second
 * waits until the run is killed.
 */
#include <string.h>

#include "hip_check.h"

__global__ void wild(int *p)
{
	p[threadIdx.x] = 1;
}

__global__ void forever(volatile int *flag)
{
	while (*flag == 0)
		;
}

int main(int argc, char **argv)
{
	int *d;
	const char *what = argc > 1 ? argv[1] : "fault";

	HIP_CHECK(hipMalloc((void **)&d, 4096));
	HIP_CHECK(hipMemset(d, 0, 4096));
	/* Printed before the launch: the fault's abort (ROCr's VM-fault
	 * handler, on its own thread) may come before the launch returns. */
	printf("launching %s\n", what);
	fflush(stdout);
	if (!strcmp(what, "hang"))
		hipLaunchKernelGGL(forever, dim3(1), dim3(64), 0, 0, d);
	else
		hipLaunchKernelGGL(wild, dim3(1), dim3(64), 0, 0, (int *)0x10000);
	hipError_t e = hipDeviceSynchronize();
	printf("hipDeviceSynchronize: %s (%s)\n", hipGetErrorName(e), hipGetErrorString(e));
	return e == hipSuccess ? 0 : 3;
}
