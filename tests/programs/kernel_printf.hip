/*
 * kernel_printf — printf from a kernel (HIP's hostcall: the device library
 * writes the format and arguments into a buffer the runtime's hostcall
 * thread reads when the kernel signals it). Two workgroups of 64; the
 * first lane of each wave prints, then every lane of one wave.
 */
#include "hip_check.h"

__global__ void hello(int tag)
{
	int lane = threadIdx.x % 64;
	if (lane == 0)
		printf("hello from block %d wave %d, tag %d, %s %.2f\n", (int)blockIdx.x, (int)threadIdx.x / 64, tag,
		       "pi", 3.14159f);
	if (blockIdx.x == 1 && threadIdx.x < 4)
		printf("block 1 lane %d\n", lane);
}

int main(void)
{
	hipLaunchKernelGGL(hello, dim3(2), dim3(64), 0, 0, 42);
	HIP_CHECK(hipGetLastError());
	HIP_CHECK(hipDeviceSynchronize());
	printf("kernel_printf: done\n");
	return 0;
}
