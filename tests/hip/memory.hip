// memory.hip — memory instructions beyond dwords: sign- and zero-extending
// byte and short loads, byte/short stores, a dword and a short at odd
// addresses (unaligned global access, which HSA enables), the 16-bit halves
// of a dword (d16/d16_hi loads); in LDS the same sizes plus ds_read2,
// ds_read_b64 and ds_read_b128; and flat (generic) pointers that point to LDS
// for some work-items and to global memory for others.
#include "hip_ops.h"

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// b8: 4n+8 bytes, b16: n+8 shorts. o: HO_MEM_N words per work-item.
extern "C" __global__ void mem_subword(const ho_u8 *b8, const ho_u16 *b16, ho_u32 *o, ho_u8 *o8, ho_u16 *o16)
{
	ho_u32 i = GID;
	ho_u32 u;
	ho_u16 h;

	__builtin_memcpy(&u, b8 + 4 * i + 1, 4);
	__builtin_memcpy(&h, b8 + 2 * i + 1, 2);
	o[HO_MEM_N * i + 0] = (ho_u32)(ho_i32)(signed char)b8[i];
	o[HO_MEM_N * i + 1] = b8[i ^ 1];
	o[HO_MEM_N * i + 2] = (ho_u32)(ho_i32)(short)b16[i];
	o[HO_MEM_N * i + 3] = b16[i ^ 3] | (ho_u32)b16[i ^ 5] << 16;
	o[HO_MEM_N * i + 4] = u;
	o[HO_MEM_N * i + 5] = h;
	o8[i] = (ho_u8)(b8[i] + i);
	o16[i] = (ho_u16)(b16[i] * 3u + i);
}

// One work-group of 256 per 256 inputs; HO_LDSW_N words per work-item.
extern "C" __global__ __launch_bounds__(256) void lds_subword(const ho_u32 *in, ho_u32 *o)
{
	__shared__ ho_u8 s8[256];
	__shared__ ho_u16 s16[256];
	__shared__ __attribute__((aligned(16))) ho_u32 s32[512];
	__shared__ ho_u64 s64[256];
	ho_u32 t = threadIdx.x, i = blockIdx.x * 256 + t, v = in[i];
	ho_u32 *p = o + (ho_u64)i * HO_LDSW_N;

	s8[t] = (ho_u8)v;
	s16[t] = (ho_u16)(v >> 8);
	s32[t] = v;
	s32[t + 256] = v ^ 0x9e3779b9u;
	s64[t] = (ho_u64)v * 0x100000001ull + t;
	__syncthreads();
	p[0] = (ho_u32)(ho_i32)(signed char)s8[t ^ 5];
	p[1] = s8[255 - t];
	p[2] = (ho_u32)(ho_i32)(short)s16[(t + 3) & 255];
	p[3] = s32[(t + 1) & 511] + s32[(t + 65) & 511];
	p[4] = s32[t + 256] - s32[(t + 64) & 255];
	uint4 w = *(const uint4 *)&s32[t & ~3u];
	p[5] = w.x ^ (w.y << 1) ^ (w.z << 2) ^ (w.w << 3);
	ho_u64 d = s64[(t * 7) & 255];
	p[6] = (ho_u32)d;
	p[7] = (ho_u32)(d >> 32);
}

// Flat pointers: bit 0 of the input picks LDS or global for the store, bit 1
// for the load, so the compiler cannot tell the address space.
//   g (out) global words, o (out) 2 words per work-item: the flat load, and the
//   work-item's LDS word at the end.
extern "C" __global__ __launch_bounds__(256) void flat_mix(const ho_u32 *in, ho_u32 *g, ho_u32 *o)
{
	__shared__ ho_u32 s[256];
	ho_u32 t = threadIdx.x, i = blockIdx.x * 256 + t, v = in[i];

	s[t] = v + 1;
	g[i] = v + 2;
	__syncthreads();
	ho_u32 *p = (v & 1) ? &s[t] : &g[i];
	*p = v * 3;
	__syncthreads();
	ho_u32 *q = (v & 2) ? &s[255 - t] : &g[i ^ 1];
	o[2 * i] = *q;
	o[2 * i + 1] = s[t];
}
