// saxpy_hip.hip — HIP reference for saxpy.s: y[i] = a * x[i] + y[i].
// Built with asm/hip/include/gcnlab_hip.h force-included (see the Makefile).
//
// gcnlab: test-variant saxpy_hip

extern "C" __global__ __launch_bounds__(256) void saxpy_hip(float a, const float *x, float *y, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a * x[i] + y[i];
}
