/*
 * device_props — what hipGetDeviceProperties and hipDeviceGetAttribute say
 * about the GPU, one "name: value" line each, for the test to compare with
 * the emulated GPU's own description (gcnlab info).
 */
#include "hip_check.h"

int main(void)
{
	hipDeviceProp_t p;
	int n, v;

	HIP_CHECK(hipGetDeviceCount(&n));
	printf("devices: %d\n", n);
	HIP_CHECK(hipGetDeviceProperties(&p, 0));
	printf("name: %s\n", p.name);
	printf("gcnArchName: %s\n", p.gcnArchName);
	printf("multiProcessorCount: %d\n", p.multiProcessorCount);
	printf("warpSize: %d\n", p.warpSize);
	printf("maxThreadsPerBlock: %d\n", p.maxThreadsPerBlock);
	printf("sharedMemPerBlock: %zu\n", p.sharedMemPerBlock);
	printf("totalGlobalMem MiB: %zu\n", p.totalGlobalMem >> 20);
	printf("l2CacheSize: %d\n", p.l2CacheSize);
	printf("clockRate kHz: %d\n", p.clockRate);
	printf("memoryClockRate kHz: %d\n", p.memoryClockRate);
	printf("major.minor: %d.%d\n", p.major, p.minor);
	HIP_CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxThreadsPerMultiProcessor, 0));
	printf("maxThreadsPerMultiProcessor: %d\n", v);
	return 0;
}
