// control.hip — divergent control flow (hip_ops.h ho_ctrl: branches on the
// lane and on data, loops with lane-dependent trip counts, a switch), and a
// kernel whose work-items return early: the lanes that return leave their
// output slots as the host initialised them.
#include "hip_ops.h"

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

extern "C" __global__ void ctrl_ops(const ho_u32 *a, const ho_u32 *b, ho_u32 *o, ho_u32 n)
{
	ho_u32 i = GID;
	if (i < n)
		ho_ctrl(threadIdx.x & 63, i, a[i], b[i], o + (ho_u64)i * HO_CTRL_N);
}

// Work-items whose input has low nibble 3 return before writing; the others
// write 2 words, the second only when a data-dependent loop did not break.
extern "C" __global__ void early_return(const ho_u32 *a, ho_u32 *o)
{
	ho_u32 i = GID;
	ho_u32 v = a[i];
	if ((v & 0xf) == 3)
		return;
	o[2 * i] = v ^ 0xffff0000u;
	for (ho_u32 k = 0; k < (v & 15); k++) {
		v = v * 5 + k;
		if ((v & 0x70) == 0x70)
			return;
	}
	o[2 * i + 1] = v;
}
