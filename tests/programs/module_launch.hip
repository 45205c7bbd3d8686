/*
 * module_launch — hipModuleLoad of a code object gcnlab assembled from a
 * hand-written .s (argv[1]: build/tests/programs/<arch>/saxpy_v4.co,
 * asm/examples/saxpy.s as code object v4, the newest HIP 5.2 loads),
 * hipModuleGetFunction("saxpy") and hipModuleLaunchKernel with the kernel
 * arguments as one buffer (HIP_LAUNCH_PARAM_BUFFER_POINTER), laid out as
 * the kernel's metadata says: a at 0, x at 8, y at 16, n at 24. Checks
 * y = a * x + y on the host.
 */
#include <math.h>

#include "hip_check.h"

#define N 4096

int main(int argc, char **argv)
{
	hipModule_t mod;
	hipFunction_t fn;
	float *x, *y, hx[N], hy[N];
	struct {
		float a;
		unsigned pad;
		float *x, *y;
		unsigned n, pad2;
	} args;
	size_t size = sizeof(args);
	int bad = 0;

	if (argc < 2) {
		printf("module_launch: which code object? (build/tests/programs/<arch>/saxpy_v4.co)\n");
		return 2;
	}
	for (int i = 0; i < N; i++) {
		hx[i] = (float)i;
		hy[i] = 1.0f;
	}
	HIP_CHECK(hipModuleLoad(&mod, argv[1]));
	HIP_CHECK(hipModuleGetFunction(&fn, mod, "saxpy"));
	HIP_CHECK(hipMalloc((void **)&x, sizeof(hx)));
	HIP_CHECK(hipMalloc((void **)&y, sizeof(hy)));
	HIP_CHECK(hipMemcpy(x, hx, sizeof(hx), hipMemcpyHostToDevice));
	HIP_CHECK(hipMemcpy(y, hy, sizeof(hy), hipMemcpyHostToDevice));
	args.a = 2.5f;
	args.pad = 0;
	args.x = x;
	args.y = y;
	args.n = N;
	args.pad2 = 0;
	void *config[] = { HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
	                   HIP_LAUNCH_PARAM_END };
	HIP_CHECK(hipModuleLaunchKernel(fn, N / 256, 1, 1, 256, 1, 1, 0, 0, NULL, config));
	HIP_CHECK(hipDeviceSynchronize());
	HIP_CHECK(hipMemcpy(hy, y, sizeof(hy), hipMemcpyDeviceToHost));
	for (int i = 0; i < N; i++)
		if (hy[i] != fmaf(2.5f, (float)i, 1.0f) && bad++ < 3)
			printf("y[%d] = %g, expected %g\n", i, hy[i], fmaf(2.5f, (float)i, 1.0f));
	HIP_CHECK(hipModuleUnload(mod));
	printf("module_launch: saxpy from %s: %s\n", argv[1], bad ? "WRONG" : "ok");
	return bad != 0;
}
