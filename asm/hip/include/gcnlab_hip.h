/*
 * gcnlab_hip.h — the few HIP spellings the reference kernels use, defined on
 * clang builtins so that the .hip files under asm/ compile with
 *     clang -x hip --cuda-device-only -nogpulib -nogpuinc
 * and no ROCm installation. The Makefile force-includes it (-include).
 *
 * Scope: device code only, 1-D and 3-D ids, int4/float4/uint4, __shared__,
 * __syncthreads. blockDim/gridDim come from the AQL dispatch packet
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

#endif
