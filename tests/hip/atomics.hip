// atomics.hip — global atomics from many work-groups at once (agent scope).
// The final values do not depend on the order (sums of integers, sums of
// integer-valued floats far below 2^24, min/max/and/or/xor), and the values
// the atomics return are checked as sets: tickets from an add of 1 are a
// permutation, the values an exchange returns plus the final value are each
// value exactly once.
//   c  (u32[16])  counters, initialised by the host (see check_hip.c)
//   f  (f32[17])  float sum and a 16-bin float histogram
//   q  (u64[4])   64-bit add, add through a 64-bit CAS loop, max
//   r  (u32[2n])  per work-item: ticket, value returned by the exchange
#include "hip_ops.h"

#define AGENT __HIP_MEMORY_SCOPE_AGENT
#define RLX __ATOMIC_RELAXED

extern "C" __global__ void atomics_global(const ho_u32 *in, ho_u32 *c, float *f, ho_u64 *q, ho_u32 *r)
{
	ho_u32 i = blockIdx.x * blockDim.x + threadIdx.x;
	ho_u32 v = in[i];
	ho_i32 *ci = (ho_i32 *)c;

	r[2 * i] = __hip_atomic_fetch_add(&c[0], 1u, RLX, AGENT);
	__hip_atomic_fetch_add(&c[1], v, RLX, AGENT);
	__hip_atomic_fetch_add(&ci[2], (ho_i32)v >> 8, RLX, AGENT);
	__hip_atomic_fetch_max(&ci[3], (ho_i32)v, RLX, AGENT);
	__hip_atomic_fetch_min(&c[4], v, RLX, AGENT);
	__hip_atomic_fetch_max(&c[5], v, RLX, AGENT);
	__hip_atomic_fetch_min(&ci[6], (ho_i32)v, RLX, AGENT);
	__hip_atomic_fetch_and(&c[7], v | 0x0f0f0f0fu, RLX, AGENT);
	__hip_atomic_fetch_or(&c[8], 1u << (v & 31), RLX, AGENT);
	__hip_atomic_fetch_xor(&c[9], v, RLX, AGENT);
	r[2 * i + 1] = __hip_atomic_exchange(&c[10], i + 1000u, RLX, AGENT);
	// a sum through a 32-bit CAS loop
	ho_u32 old = __hip_atomic_load(&c[11], RLX, AGENT);
	while (!__hip_atomic_compare_exchange_strong(&c[11], &old, old + (v & 0xffff), RLX, RLX, AGENT))
		;
	__hip_atomic_fetch_add(&f[0], (float)(v & 0xff), RLX, AGENT);
	__hip_atomic_fetch_add(&f[1 + ((v >> 8) & 15)], 0.5f, RLX, AGENT);
	__hip_atomic_fetch_add(&q[0], (ho_u64)v * 0x100000001ull, RLX, AGENT);
	ho_u64 o64 = __hip_atomic_load(&q[1], RLX, AGENT);
	while (!__hip_atomic_compare_exchange_strong(&q[1], &o64, o64 + ((ho_u64)v << 20), RLX, RLX, AGENT))
		;
	__hip_atomic_fetch_max(&q[2], (ho_u64)v << 31 | i, RLX, AGENT);
}

// Floating-point atomics beyond f32 add: f64 add (integer values, exact),
// f64 max/min, f32 max (CAS loops or native, per target).
//   d (f64[4]) add, max, min, untouched; f (f32[2]) max, untouched
extern "C" __global__ void atomics_fp(const ho_u32 *in, double *d, float *f)
{
	ho_u32 i = blockIdx.x * blockDim.x + threadIdx.x;
	ho_u32 v = in[i];

	__hip_atomic_fetch_add(&d[0], (double)(v & 0xffff), RLX, AGENT);
	__hip_atomic_fetch_max(&d[1], (double)(ho_i32)v * 0.25, RLX, AGENT);
	__hip_atomic_fetch_min(&d[2], (double)(ho_i32)v * 0.25, RLX, AGENT);
	__hip_atomic_fetch_max(&f[0], (float)(v >> 8), RLX, AGENT);
}
