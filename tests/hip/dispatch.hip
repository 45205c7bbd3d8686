// dispatch.hip — what a work-item sees of the launch in 3 dimensions:
// work-item and work-group ids, blockDim and gridDim (read from the AQL packet
// through the dispatch pointer, see gcnlab_hip.h). Run with a grid that is
// not a cube and a block that is not either, e.g. --grid 16,6,4 --block 4,3,2.
#include "hip_ops.h"

extern "C" __global__ void ids3d(ho_u32 *o)
{
	ho_u32 gx = blockIdx.x * blockDim.x + threadIdx.x;
	ho_u32 gy = blockIdx.y * blockDim.y + threadIdx.y;
	ho_u32 gz = blockIdx.z * blockDim.z + threadIdx.z;
	ho_u32 nx = gridDim.x * blockDim.x, ny = gridDim.y * blockDim.y;
	ho_u32 *p = o + 4 * ((ho_u64)gz * ny * nx + (ho_u64)gy * nx + gx);

	p[0] = threadIdx.x | threadIdx.y << 8 | threadIdx.z << 16;
	p[1] = blockIdx.x | blockIdx.y << 8 | blockIdx.z << 16;
	p[2] = blockDim.x | blockDim.y << 8 | blockDim.z << 16;
	p[3] = gridDim.x | gridDim.y << 8 | gridDim.z << 16;
}
