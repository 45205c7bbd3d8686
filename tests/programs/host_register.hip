/*
 * host_register — host memory registered for the GPU, used, unregistered
 * and registered again (hipHostRegister, hipHostGetDevicePointer,
 * hipHostUnregister), the data checked each time:
 *   1. register a malloc'd buffer, a kernel reads it through its device
 *      pointer and writes another registered buffer: both right;
 *   2. unregister both, change the data on the host, register them again
 *      (new device pointers): the kernel sees the new data;
 *   3. a sub-range of a buffer registered on its own, at an offset that is
 *      not page aligned: the kernel reads the right elements;
 *   4. the pointer attributes of a registered buffer name it as host
 *      memory with a device pointer, and hipHostUnregister of memory that
 *      is not registered answers hipErrorHostMemoryNotRegistered;
 *   5. read-only memory (a const array): the KFD cannot pin it for the GPU
 *      to write, so hipHostRegister answers hipErrorOutOfMemory, and a
 *      hipMemcpy from it (the runtime pins large pageable sources) still
 *      copies it right, through the runtime's staging buffers.
 * One line per step, "host_register: ok" and exit 0 when every step is right.
 * `host_register stale` launches a kernel on the device pointer of memory
 * unregistered before: it faults.
 */
#include <string.h>

#include "hip_check.h"

#define N 4096
#define BLOCK 256
#define RO_N (1 << 20)   /* 4 MiB: large enough that hipMemcpy pins the source */

static const int ro_src[RO_N] = { 5, 6, 7 };

__global__ void scale(const int *in, int *out, int k, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] * k + i;
}

/* The kernel over n elements of the registered in/out, through their
 * device pointers; true when out[i] == in[i] * k + i for every i. */
static bool run_and_check(int *in, int *out, int k, int n)
{
	int *din, *dout;
	HIP_CHECK(hipHostGetDevicePointer((void **)&din, in, 0));
	HIP_CHECK(hipHostGetDevicePointer((void **)&dout, out, 0));
	memset(out, 0, (size_t)n * sizeof(int));
	scale<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(din, dout, k, n);
	HIP_CHECK(hipGetLastError());
	HIP_CHECK(hipDeviceSynchronize());
	for (int i = 0; i < n; i++)
		if (out[i] != in[i] * k + i)
			return false;
	return true;
}

static bool step(const char *what, bool right)
{
	printf("%s: %s\n", what, right ? "right" : "WRONG");
	return !right;
}

/* `host_register stale`: a kernel given the device pointer of memory
 * unregistered before: the GPU address is unmapped, so the kernel faults
 * (ROCr's memory-fault report, then abort). */
static int stale(int *in, int *out, size_t bytes)
{
	int *din, *dout;
	HIP_CHECK(hipHostRegister(in, bytes, hipHostRegisterDefault));
	HIP_CHECK(hipHostRegister(out, bytes, hipHostRegisterDefault));
	HIP_CHECK(hipHostGetDevicePointer((void **)&din, in, 0));
	HIP_CHECK(hipHostGetDevicePointer((void **)&dout, out, 0));
	HIP_CHECK(hipHostUnregister(in));
	printf("launching with the device pointer of unregistered memory\n");
	fflush(stdout);
	scale<<<N / BLOCK, BLOCK>>>(din, dout, 1, N);
	HIP_CHECK(hipDeviceSynchronize());
	printf("host_register stale: no fault\n");
	return 1;
}

int main(int argc, char **argv)
{
	size_t bytes = N * sizeof(int);
	int *in = (int *)malloc(bytes), *out = (int *)malloc(bytes);
	bool bad = false;

	if (argc > 1 && !strcmp(argv[1], "stale"))
		return stale(in, out, bytes);

	for (int i = 0; i < N; i++)
		in[i] = i % 97;
	HIP_CHECK(hipHostRegister(in, bytes, hipHostRegisterDefault));
	HIP_CHECK(hipHostRegister(out, bytes, hipHostRegisterDefault));
	bad |= step("registered, a kernel reading and writing it", run_and_check(in, out, 3, N));

	HIP_CHECK(hipHostUnregister(in));
	HIP_CHECK(hipHostUnregister(out));
	for (int i = 0; i < N; i++)
		in[i] = 1000 - i % 89;
	HIP_CHECK(hipHostRegister(in, bytes, hipHostRegisterDefault));
	HIP_CHECK(hipHostRegister(out, bytes, hipHostRegisterDefault));
	bad |= step("unregistered, changed and registered again", run_and_check(in, out, -2, N));

	HIP_CHECK(hipHostUnregister(in));
	HIP_CHECK(hipHostUnregister(out));

	/* part of a buffer, starting 40 bytes in (not page aligned) */
	int *part = in + 10, nparts = N / 2;
	for (int i = 0; i < N; i++)
		in[i] = 7 * i;
	HIP_CHECK(hipHostRegister(part, nparts * sizeof(int), hipHostRegisterDefault));
	HIP_CHECK(hipHostRegister(out, bytes, hipHostRegisterDefault));
	bad |= step("a sub-range at a byte offset", run_and_check(part, out, 1, nparts));

	hipPointerAttribute_t attr;
	HIP_CHECK(hipPointerGetAttributes(&attr, part));
	int *dpart;
	HIP_CHECK(hipHostGetDevicePointer((void **)&dpart, part, 0));
	bool attr_ok = attr.memoryType == hipMemoryTypeHost && attr.hostPointer == part &&
	               attr.devicePointer == dpart;
	printf("pointer attributes: memory type %s, host pointer %s, device pointer %s\n",
	       attr.memoryType == hipMemoryTypeHost ? "host" : "WRONG", attr.hostPointer == part ? "right" : "WRONG",
	       attr.devicePointer == dpart ? "right" : "WRONG");
	bad |= !attr_ok;
	HIP_CHECK(hipHostUnregister(part));
	HIP_CHECK(hipHostUnregister(out));

	hipError_t none = hipHostUnregister(out);
	printf("hipHostUnregister of unregistered memory: %s\n", hipGetErrorName(none));
	bad |= none != hipErrorHostMemoryNotRegistered;

	hipError_t ro = hipHostRegister((void *)ro_src, sizeof(ro_src), hipHostRegisterDefault);
	printf("hipHostRegister of read-only memory: %s\n", hipGetErrorName(ro));
	bad |= ro != hipErrorOutOfMemory;
	int *dro, *back = (int *)malloc(sizeof(ro_src));
	HIP_CHECK(hipMalloc((void **)&dro, sizeof(ro_src)));
	HIP_CHECK(hipMemcpy(dro, ro_src, sizeof(ro_src), hipMemcpyHostToDevice));
	HIP_CHECK(hipMemcpy(back, dro, sizeof(ro_src), hipMemcpyDeviceToHost));
	bad |= step("a copy from read-only memory", !memcmp(back, ro_src, sizeof(ro_src)));
	HIP_CHECK(hipFree(dro));
	free(back);

	free(in);
	free(out);
	printf("host_register: %s\n", bad ? "WRONG" : "ok");
	return bad;
}
