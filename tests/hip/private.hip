// private.hip — a per-work-item array indexed by data (hip_ops.h
// ho_private), which clang places in the private segment: the dispatch must
// set up scratch as the CP does (private segment buffer and wave offset on
// gfx900/gfx90a, FLAT_SCRATCH on gfx942) and each wave must get its own.
#include "hip_ops.h"

extern "C" __global__ void private_array(const ho_u32 *a, const ho_u32 *b, ho_u32 *o, ho_u32 n)
{
	ho_u32 i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		ho_private(a[i], b[i], o + (ho_u64)i * HO_PRIV_N);
}
