// arith.hip — per-element arithmetic: each work-item applies one formula of
// hip_ops.h to its inputs and writes the results; tests/hip/check_hip.c runs
// the same formulas on the host CPU and compares (tests/e2e/hip_semantics.t).
// Arguments: inputs, output, element count (a partial last work-group
// exercises the bounds check).
#include "hip_ops.h"

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

extern "C" __global__ void int32_ops(const ho_i32 *a, const ho_i32 *b, ho_i32 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i < n)
		ho_int32(i, a[i], b[i], o + (ho_u64)i * HO_INT32_N);
}

extern "C" __global__ void int64_ops(const ho_i64 *a, const ho_i64 *b, ho_i64 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i < n)
		ho_int64(i, a[i], b[i], o + (ho_u64)i * HO_INT64_N);
}

extern "C" __global__ void bits_ops(const ho_u32 *a, const ho_u32 *b, const ho_u64 *q, ho_u32 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i < n)
		ho_bits(i, a[i], b[i], q[i], o + (ho_u64)i * HO_BITS_N);
}

// f: three floats per element; iu: an i32 and a u64 per element.
extern "C" __global__ void f32_ops(const float *f, const ho_i32 *ia, const ho_u64 *ul, ho_u32 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i < n)
		ho_f32(f[3 * i], f[3 * i + 1], f[3 * i + 2], ia[i], ul[i], o + (ho_u64)i * HO_F32_N);
}

// f: two floats per element (a general value, an exp2 argument).
extern "C" __global__ void f32_approx(const float *f, ho_u32 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i < n)
		ho_f32_approx(f[2 * i], f[2 * i + 1], o + (ho_u64)i * HO_F32A_N);
}

extern "C" __global__ void f16_ops(const _Float16 *h, const ho_i32 *ia, const float *fa, ho_u16 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i < n)
		ho_f16(h[3 * i], h[3 * i + 1], h[3 * i + 2], ia[i], fa[i], o + (ho_u64)i * HO_F16_N);
}

extern "C" __global__ void f64_ops(const double *d, const ho_i64 *l, const float *f, ho_u64 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i < n)
		ho_f64(d[3 * i], d[3 * i + 1], d[3 * i + 2], l[i], f[i], o + (ho_u64)i * HO_F64_N);
}

extern "C" __global__ void int16_ops(const ho_u16 *h, ho_u16 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i < n)
		ho_int16(i, h[3 * i], h[3 * i + 1], h[3 * i + 2], o + (ho_u64)i * HO_INT16_N);
}

// v: three packed u16 pairs and three packed f16 pairs per element; f: a float.
extern "C" __global__ void pk_ops(const ho_u32 *v, const float *f, ho_u32 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i >= n)
		return;
	const ho_u32 *p = v + 6 * i;
	ho_us2 x, y, z;
	ho_h2 a, b, c;
	__builtin_memcpy(&x, p, 4);
	__builtin_memcpy(&y, p + 1, 4);
	__builtin_memcpy(&z, p + 2, 4);
	__builtin_memcpy(&a, p + 3, 4);
	__builtin_memcpy(&b, p + 4, 4);
	__builtin_memcpy(&c, p + 5, 4);
	ho_pk(x, y, z, a, b, c, f[i], o + (ho_u64)i * HO_PK_N);
}
