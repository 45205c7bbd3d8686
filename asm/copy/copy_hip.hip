// copy_hip.hip — HIP references for the copy suite (asm/copy/copy.s): the
// same 1 MiB single-work-group copy written as a plain loop over int4 and
// left to the compiler. One kernel per work-group size, each with the matching
// launch bound; launch ONE work-group of that size. Arguments as the asm
// kernels: (const void *in, void *out), 16 bytes of kernarg.
// Built with asm/hip/include/gcnlab_hip.h force-included (see the Makefile).

#define COPY_BYTES (1u << 20)
#define COPY_VEC (COPY_BYTES / sizeof(int4))   // 65536 int4 elements

// The stride is the compile-time work-group size, as in the asm kernels
// (which assume the work-group is WI wide).
template <unsigned WI>
static __device__ __forceinline__ void copy_body(const int4 *in, int4 *out)
{
	for (unsigned i = threadIdx.x; i < COPY_VEC; i += WI)
		out[i] = in[i];
}

extern "C" __global__ __launch_bounds__(256) void copy_hip_256(const int4 *in, int4 *out)
{
	copy_body<256>(in, out);
}

extern "C" __global__ __launch_bounds__(512) void copy_hip_512(const int4 *in, int4 *out)
{
	copy_body<512>(in, out);
}

extern "C" __global__ __launch_bounds__(1024) void copy_hip_1024(const int4 *in, int4 *out)
{
	copy_body<1024>(in, out);
}
