// uniform.hip — the integer formulas of hip_ops.h on wave-uniform values: each
// work-group takes one element (indexed by the work-group id, so the loads
// are scalar and clang computes on the scalar ALU: s_add/s_mul_hi/s_lshl/
// s_bfe/s_ff1/s_brev/s_bcnt/s_flbit/s_min/s_cselect ...). Work-item 0 writes.
#include "hip_ops.h"

extern "C" __global__ void uniform_ops(const ho_i32 *a, const ho_i32 *b, const ho_u64 *q, ho_i32 *o32,
                                       ho_i64 *o64, ho_u32 *ob)
{
	ho_u32 g = blockIdx.x;

	if (threadIdx.x != 0)
		return;
	ho_int32(g, a[g], b[g], o32 + (ho_u64)g * HO_INT32_N);
	ho_int64(g, (ho_i64)q[2 * g], (ho_i64)q[2 * g + 1], o64 + (ho_u64)g * HO_INT64_N);
	ho_bits(g, (ho_u32)a[g], (ho_u32)b[g], q[2 * g], ob + (ho_u64)g * HO_BITS_N);
}
