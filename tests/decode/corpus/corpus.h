/* Minimal HIP device environment for the decoder corpus (no HIP headers:
 * built with -nogpulib -nogpuinc). */
#ifndef CORPUS_H
#define CORPUS_H
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
typedef _Float16 half;
static __device__ inline unsigned tid(void) { return __builtin_amdgcn_workitem_id_x(); }
static __device__ inline unsigned bid(void) { return __builtin_amdgcn_workgroup_id_x(); }
static __device__ inline unsigned gid(void) { return bid() * 256 + tid(); }
#endif
