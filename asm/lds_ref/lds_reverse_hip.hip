// lds_reverse_hip.hip — HIP reference for lds_reverse.s: stage 256 floats in
// LDS, barrier, write them back reversed; out[g*256 + t] = in[g*256 + 255 - t].
// Launch: block 256, any number of work-groups.
// Built with asm/hip/include/gcnlab_hip.h force-included (see the Makefile).

extern "C" __global__ __launch_bounds__(256) void lds_reverse_hip(const float *in, float *out)
{
	__shared__ float tile[256];
	const unsigned t = threadIdx.x;
	const unsigned g = blockIdx.x;

	tile[t] = in[g * 256 + t];
	__syncthreads();
	out[g * 256 + t] = tile[255 - t];
}
