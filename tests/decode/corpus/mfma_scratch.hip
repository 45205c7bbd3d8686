#include "corpus.h"
/* MFMA (gfx90a/gfx942), private (scratch) arrays, buffer intrinsics, dot products. */
typedef float float4v __attribute__((ext_vector_type(4)));
typedef float float16v __attribute__((ext_vector_type(16)));

__global__ void k_mfma(float *o, const float *a, const float *b)
{
	unsigned t = tid();
#if defined(__gfx90a__) || defined(__gfx942__)
	float16v acc = {0};
	float4v acc4 = {0};
	for (int k = 0; k < 4; k++) {
		acc = __builtin_amdgcn_mfma_f32_32x32x2f32(a[t + k], b[t + k], acc, 0, 0, 0);
		acc4 = __builtin_amdgcn_mfma_f32_16x16x4f32(a[t + 2 * k], b[t], acc4, 1, 2, 3);
	}
	for (int j = 0; j < 16; j++)
		o[t * 16 + j] = acc[j] + acc4[j & 3];
#else
	o[t] = a[t] * b[t];
#endif
}

__global__ void k_scratch(int *o, const int *idx, unsigned n)
{
	int priv[64];
	unsigned i = gid();
	for (int k = 0; k < 64; k++)
		priv[k] = k * (int)i;
	int s = 0;
	for (int k = 0; k < 8; k++)
		s += priv[idx[(i + k) % n] & 63];
	o[i % n] = s;
}

__global__ void k_buffer(float *o, const float *a, unsigned n)
{
	__amdgpu_buffer_rsrc_t r = __builtin_amdgcn_make_buffer_rsrc((void *)a, 0, n * 4, 0x00027000);
	__amdgpu_buffer_rsrc_t w = __builtin_amdgcn_make_buffer_rsrc((void *)o, 0, n * 4, 0x00027000);
	unsigned i = gid();
	float v = __builtin_amdgcn_raw_buffer_load_b32(r, i * 4, 0, 0);
	float v2 = __builtin_amdgcn_raw_buffer_load_b32(r, i * 4 + 64, 16, 1);
	__builtin_amdgcn_raw_buffer_store_b32(v + v2, w, i * 4, 0, 0);
}

typedef short short2 __attribute__((ext_vector_type(2)));
__global__ void k_dot(int *o, const int *a, const int *b, unsigned n)
{
	unsigned i = gid();
	if (i < n) {
		int r = 0;
#if defined(__gfx90a__) || defined(__gfx942__)
		r = __builtin_amdgcn_sdot4(a[i], b[i], 7, false);
		r += __builtin_amdgcn_udot4(a[i], b[i], 3, true);
#endif
		o[i] = r + __builtin_amdgcn_sad_u8(a[i], b[i], 1) + __builtin_amdgcn_msad_u8(a[i], b[i], 2);
	}
}
