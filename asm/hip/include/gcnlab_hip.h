/*
 * gcnlab_hip.h — the few HIP spellings the reference kernels use, defined on
 * clang builtins so that the .hip files under asm/ compile with
 *     clang -x hip --cuda-device-only -nogpulib -nogpuinc
 * and no ROCm installation. The Makefile force-includes it (-include).
 *
 * Scope: device code only, 1-D and 3-D ids, int4/float4/uint4, __shared__,
 * __syncthreads, and the everyday device functions (below the ids): the
 * float math family, atomics, wave shuffles and votes, bit counts. With
 * asm/hip/include on the include path `#include <hip/hip_runtime.h>` finds
 * this header too (hip/hip_runtime.h is a one-line shim), so a kernel
 * written for hipcc compiles unchanged (`make hip SRC=...`, mk/hip.mk). blockDim/gridDim come from the AQL dispatch packet
 * (hsa_kernel_dispatch_packet_t: workgroup_size_x at byte 4, grid_size_x at
 * byte 12), which clang reaches through __builtin_amdgcn_dispatch_ptr(): that
 * enables the dispatch-pointer user SGPRs, not the hidden kernel arguments, so
 * a kernel's kernarg segment holds only its own arguments.
 */
#ifndef GCNLAB_HIP_H
#define GCNLAB_HIP_H

#if !defined(__HIP__) || !defined(__AMDGCN__)
#error "gcnlab_hip.h is for HIP device compilation (clang -x hip --cuda-device-only)"
#endif

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ inline __attribute__((always_inline))
/* HIP's __launch_bounds__(MAX_THREADS[, MIN_WAVES_PER_EU]): the first
 * argument is the largest work-group (-> .max_flat_workgroup_size). */
#define __launch_bounds__(...) __gcnlab_launch_bounds(__VA_ARGS__, 0)
#define __gcnlab_launch_bounds(max, minw, ...) \
	__attribute__((amdgpu_flat_work_group_size(1, max))) \
	__attribute__((amdgpu_waves_per_eu(minw ? minw : 1)))

typedef int int4 __attribute__((ext_vector_type(4)));
typedef unsigned int uint4 __attribute__((ext_vector_type(4)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int2 __attribute__((ext_vector_type(2)));
typedef float float2 __attribute__((ext_vector_type(2)));

struct gcnlab_dim3 {
	unsigned int x, y, z;
};

static __device__ __forceinline__ unsigned int gcnlab_pkt16(unsigned int byte)
{
	const unsigned short *p = (const unsigned short *)__builtin_amdgcn_dispatch_ptr();
	return p[byte / 2];
}

static __device__ __forceinline__ unsigned int gcnlab_pkt32(unsigned int byte)
{
	const unsigned int *p = (const unsigned int *)__builtin_amdgcn_dispatch_ptr();
	return p[byte / 4];
}

/* Unused components cost nothing: the builtins are pure and DCE removes them. */
#define threadIdx (gcnlab_dim3{__builtin_amdgcn_workitem_id_x(), \
	__builtin_amdgcn_workitem_id_y(), __builtin_amdgcn_workitem_id_z()})
#define blockIdx (gcnlab_dim3{__builtin_amdgcn_workgroup_id_x(), \
	__builtin_amdgcn_workgroup_id_y(), __builtin_amdgcn_workgroup_id_z()})
/* Packet: workgroup_size_x/y/z at bytes 4/6/8 (u16), grid_size_x/y/z at
 * bytes 12/16/20 (u32, in work-items). */
#define blockDim (gcnlab_dim3{gcnlab_pkt16(4), gcnlab_pkt16(6), gcnlab_pkt16(8)})
#define gridDim (gcnlab_dim3{gcnlab_pkt32(12) / gcnlab_pkt16(4), \
	gcnlab_pkt32(16) / gcnlab_pkt16(6), gcnlab_pkt32(20) / gcnlab_pkt16(8)})

/* As HIP does it: release LDS/global writes to the work-group, barrier,
 * acquire. */
static __device__ __forceinline__ void __syncthreads(void)
{
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
	__builtin_amdgcn_s_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

/* --- math -------------------------------------------------------------------
 * On clang's builtins, which the AMDGPU backend lowers inline (no device
 * library: -nogpulib). Accuracy is the backend's: expf/logf/log2f/log10f/
 * exp2f/exp10f/powf and sqrtf are its accurate expansions (LLVM 17 and
 * later: v_exp_f32/v_log_f32 with range scaling and an extended-precision
 * correction, v_sqrt_f32 with a correction step); sinf/cosf are
 * v_sin_f32/v_cos_f32 after a multiply by 1/(2 pi), so they lose accuracy
 * for large |x| (no Payne-Hanek reduction, unlike ROCm's ocml). The __
 * forms are HIP's fast intrinsics: the bare hardware instruction
 * (v_exp_f32, v_log_f32, v_rcp_f32, v_sin_f32: approximations, no
 * denormal or range handling). Functions the backend cannot
 * lower without a library (tanf, f64 exp/log/pow/sin) are not here: a
 * call to one fails to compile ("no libcall available"). tanhf is built on
 * expf. */
#define GCNLAB_MATH1(name, builtin) \
	static __device__ __forceinline__ float name(float x) { return builtin(x); }
GCNLAB_MATH1(expf, __builtin_expf)
GCNLAB_MATH1(exp2f, __builtin_exp2f)
GCNLAB_MATH1(exp10f, __builtin_exp10f)
GCNLAB_MATH1(logf, __builtin_logf)
GCNLAB_MATH1(log2f, __builtin_log2f)
GCNLAB_MATH1(log10f, __builtin_log10f)
GCNLAB_MATH1(sqrtf, __builtin_sqrtf)
GCNLAB_MATH1(sinf, __builtin_sinf)
GCNLAB_MATH1(cosf, __builtin_cosf)
GCNLAB_MATH1(fabsf, __builtin_fabsf)
GCNLAB_MATH1(floorf, __builtin_floorf)
GCNLAB_MATH1(ceilf, __builtin_ceilf)
GCNLAB_MATH1(truncf, __builtin_truncf)
GCNLAB_MATH1(roundf, __builtin_roundf)
GCNLAB_MATH1(rintf, __builtin_rintf)
GCNLAB_MATH1(rsqrtf, __builtin_amdgcn_rsqf)
#undef GCNLAB_MATH1

static __device__ __forceinline__ float powf(float x, float y) { return __builtin_powf(x, y); }
static __device__ __forceinline__ float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
static __device__ __forceinline__ float fminf(float x, float y) { return __builtin_fminf(x, y); }
static __device__ __forceinline__ float fmaxf(float x, float y) { return __builtin_fmaxf(x, y); }
static __device__ __forceinline__ float fmodf(float x, float y) { return __builtin_fmodf(x, y); }
static __device__ __forceinline__ float copysignf(float x, float y) { return __builtin_copysignf(x, y); }
static __device__ __forceinline__ float ldexpf(float x, int e) { return __builtin_ldexpf(x, e); }
static __device__ __forceinline__ void sincosf(float x, float *s, float *c)
{
	*s = __builtin_sinf(x);
	*c = __builtin_cosf(x);
}
/* tanh x = sign(x) (1 - 2 / (e^(2|x|) + 1)); below 2^-12 that loses digits
 * to cancellation, and tanh x = x there to f32 precision (x^3/3 < 2^-36 x). */
static __device__ __forceinline__ float tanhf(float x)
{
	float a = __builtin_fabsf(x);

	if (a < 0x1p-12f)
		return x;
	return __builtin_copysignf(1.0f - 2.0f / (__builtin_expf(2.0f * a) + 1.0f), x);
}
/* HIP's fast intrinsics: the hardware instruction alone. */
static __device__ __forceinline__ float __expf(float x) { return __builtin_amdgcn_exp2f(x * 1.44269504f); }
static __device__ __forceinline__ float __logf(float x) { return __builtin_amdgcn_logf(x) * 0.693147181f; }
static __device__ __forceinline__ float __sinf(float x) { return __builtin_amdgcn_sinf(x * 0.159154943f); }
static __device__ __forceinline__ float __cosf(float x) { return __builtin_amdgcn_cosf(x * 0.159154943f); }
static __device__ __forceinline__ float __fdividef(float x, float y) { return x * __builtin_amdgcn_rcpf(y); }
static __device__ __forceinline__ float __powf(float x, float y) { return __expf(y * __logf(x)); }
static __device__ __forceinline__ float __saturatef(float x) { return __builtin_fminf(__builtin_fmaxf(x, 0.0f), 1.0f); }
/* f64: only what the backend lowers inline. */
static __device__ __forceinline__ double sqrt(double x) { return __builtin_sqrt(x); }
static __device__ __forceinline__ double fabs(double x) { return __builtin_fabs(x); }
static __device__ __forceinline__ double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
static __device__ __forceinline__ double floor(double x) { return __builtin_floor(x); }
static __device__ __forceinline__ double ceil(double x) { return __builtin_ceil(x); }
static __device__ __forceinline__ double fmin(double x, double y) { return __builtin_fmin(x, y); }
static __device__ __forceinline__ double fmax(double x, double y) { return __builtin_fmax(x, y); }

template <typename T> static __device__ __forceinline__ T min(T a, T b) { return a < b ? a : b; }
template <typename T> static __device__ __forceinline__ T max(T a, T b) { return a > b ? a : b; }

/* --- atomics -----------------------------------------------------------------
 * HIP's atomicX: relaxed, device (agent) scope, returning the old value;
 * the _system and _block variants are the other two scopes. clang picks the
 * instruction (global_atomic_add_f32 where the arch has it, else a CAS
 * loop). atomicInc/atomicDec wrap at val as CUDA's do (buffer_atomic_inc:
 * old >= val ? 0 : old + 1). */
#define GCNLAB_ATOMIC(name, op, T) \
	static __device__ __forceinline__ T name(T *p, T v) \
	{ return op(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); } \
	static __device__ __forceinline__ T name##_system(T *p, T v) \
	{ return op(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM); } \
	static __device__ __forceinline__ T name##_block(T *p, T v) \
	{ return op(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP); }
#define GCNLAB_ATOMIC_INT(name, op) \
	GCNLAB_ATOMIC(name, op, int) GCNLAB_ATOMIC(name, op, unsigned int) \
	GCNLAB_ATOMIC(name, op, unsigned long long)
GCNLAB_ATOMIC_INT(atomicAdd, __hip_atomic_fetch_add)
GCNLAB_ATOMIC(atomicAdd, __hip_atomic_fetch_add, float)
GCNLAB_ATOMIC(atomicAdd, __hip_atomic_fetch_add, double)
GCNLAB_ATOMIC(atomicSub, __hip_atomic_fetch_sub, int)
GCNLAB_ATOMIC(atomicSub, __hip_atomic_fetch_sub, unsigned int)
GCNLAB_ATOMIC_INT(atomicExch, __hip_atomic_exchange)
GCNLAB_ATOMIC(atomicExch, __hip_atomic_exchange, float)
GCNLAB_ATOMIC_INT(atomicMin, __hip_atomic_fetch_min)
GCNLAB_ATOMIC_INT(atomicMax, __hip_atomic_fetch_max)
GCNLAB_ATOMIC_INT(atomicAnd, __hip_atomic_fetch_and)
GCNLAB_ATOMIC_INT(atomicOr, __hip_atomic_fetch_or)
GCNLAB_ATOMIC_INT(atomicXor, __hip_atomic_fetch_xor)
#undef GCNLAB_ATOMIC_INT
#undef GCNLAB_ATOMIC

template <typename T> static __device__ __forceinline__ T atomicCAS(T *p, T compare, T val)
{
	__hip_atomic_compare_exchange_strong(p, &compare, val, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
	                                     __HIP_MEMORY_SCOPE_AGENT);
	return compare;   /* the old value: unchanged on success, written on failure */
}
static __device__ __forceinline__ unsigned int atomicInc(unsigned int *p, unsigned int val)
{
	return __builtin_amdgcn_atomic_inc32(p, val, __ATOMIC_RELAXED, "agent");
}
static __device__ __forceinline__ unsigned int atomicDec(unsigned int *p, unsigned int val)
{
	return __builtin_amdgcn_atomic_dec32(p, val, __ATOMIC_RELAXED, "agent");
}

static __device__ __forceinline__ void __threadfence_block(void) { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"); }
static __device__ __forceinline__ void __threadfence(void) { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }
static __device__ __forceinline__ void __threadfence_system(void) { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, ""); }

/* --- the wavefront -----------------------------------------------------------
 * 64 lanes on every gfx9 processor. A shuffle reads another lane's value
 * with ds_bpermute_b32 (byte address = 4 x source lane); as in HIP, width
 * (a power of two <= 64) splits the wave into segments and a source outside
 * the caller's segment reads the caller's own value. Lanes that are not
 * active return 0 to their readers (ds_bpermute reads 0 from them). */
#define warpSize 64

static __device__ __forceinline__ unsigned int __lane_id(void)
{
	return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}

static __device__ __forceinline__ int gcnlab_bperm(int lane, int v)
{
	return __builtin_amdgcn_ds_bpermute(lane << 2, v);
}

static __device__ __forceinline__ int __shfl(int v, int src, int width = warpSize)
{
	int self = (int)__lane_id();

	return gcnlab_bperm((self & ~(width - 1)) + (src & (width - 1)), v);
}
static __device__ __forceinline__ int __shfl_up(int v, unsigned int delta, int width = warpSize)
{
	int self = (int)__lane_id(), src = self - (int)delta;

	return gcnlab_bperm(src < (self & ~(width - 1)) ? self : src, v);
}
static __device__ __forceinline__ int __shfl_down(int v, unsigned int delta, int width = warpSize)
{
	int self = (int)__lane_id();

	return gcnlab_bperm((self & (width - 1)) + (int)delta >= width ? self : self + (int)delta, v);
}
static __device__ __forceinline__ int __shfl_xor(int v, int mask, int width = warpSize)
{
	int self = (int)__lane_id(), src = self ^ mask;

	return gcnlab_bperm(src >= ((self + width) & ~(width - 1)) ? self : src, v);
}
/* The same for unsigned int and float, as bits. */
#define GCNLAB_SHFL(name, T, A) \
	static __device__ __forceinline__ T name(T v, A x, int width = warpSize) \
	{ return __builtin_bit_cast(T, name(__builtin_bit_cast(int, v), x, width)); }
GCNLAB_SHFL(__shfl, unsigned int, int)
GCNLAB_SHFL(__shfl, float, int)
GCNLAB_SHFL(__shfl_up, unsigned int, unsigned int)
GCNLAB_SHFL(__shfl_up, float, unsigned int)
GCNLAB_SHFL(__shfl_down, unsigned int, unsigned int)
GCNLAB_SHFL(__shfl_down, float, unsigned int)
GCNLAB_SHFL(__shfl_xor, unsigned int, int)
GCNLAB_SHFL(__shfl_xor, float, int)
#undef GCNLAB_SHFL

/* Votes over the active lanes: bit n = lane n. */
static __device__ __forceinline__ unsigned long long __ballot(int pred) { return __builtin_amdgcn_ballot_w64(pred != 0); }
static __device__ __forceinline__ unsigned long long __activemask(void) { return __builtin_amdgcn_read_exec(); }
static __device__ __forceinline__ int __any(int pred) { return __ballot(pred) != 0; }
static __device__ __forceinline__ int __all(int pred) { return __ballot(pred) == __activemask(); }

/* --- bits -------------------------------------------------------------------- */
static __device__ __forceinline__ int __popc(unsigned int x) { return __builtin_popcount(x); }
static __device__ __forceinline__ int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static __device__ __forceinline__ int __clz(int x) { return x ? __builtin_clz((unsigned int)x) : 32; }
static __device__ __forceinline__ int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static __device__ __forceinline__ int __ffs(int x) { return __builtin_ffs(x); }
static __device__ __forceinline__ int __ffsll(long long x) { return __builtin_ffsll(x); }
static __device__ __forceinline__ unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
static __device__ __forceinline__ unsigned int __umulhi(unsigned int a, unsigned int b)
{
	return (unsigned int)(((unsigned long long)a * b) >> 32);
}

#endif
