// gemm_hip.hip — HIP reference for gemm.s: the same tiling (4 waves, 256 x 256
// C tile, 4 x 4 blocks of 32 x 32 per wave in v_mfma_f32_32x32x8f16
// accumulators, K-step 32, A/B tiles in two LDS buffers with the same XOR
// placement) written the way a HIP programmer would: global loads into
// registers for the next K-step, MFMAs on the current one, stores into the
// other LDS buffer, one __syncthreads per K-step. The schedule is clang's
// (-O3): `make compare KERNEL=gemm_stage` sets it beside the hand-written one.
// Every loop over the accumulators is unrolled: an accumulator indexed by a
// loop variable would live in scratch memory, not in AGPRs.
//
// gcnlab: archs gfx90a gfx942 -- v_mfma (matrix cores) does not exist on gfx900
//
// Arguments, layouts, launch and times[] as gemm.s: A row-major M x K fp16,
// B column-major K x N fp16 (k contiguous), C row-major fp32; (M/256)*(N/256)
// work-groups of 256; times[g*4 ..] (when record != 0) = s_memtime at the start, after K-step 1,
// at the end, and the number of K-steps.

typedef _Float16 gemm_half4 __attribute__((ext_vector_type(4)));
typedef _Float16 gemm_half8 __attribute__((ext_vector_type(8)));
typedef float gemm_float16 __attribute__((ext_vector_type(16)));

// Chunk c (16 bytes) of tile row r lives at uint4 index r*4 + (c ^ ((r >> 1) & 3)).
static __device__ __forceinline__ unsigned gemm_slot(unsigned r, unsigned c)
{
	return r * 4 + (c ^ ((r >> 1) & 3));
}

extern "C" __global__ __launch_bounds__(256) void gemm_hip(const uint4 *A, const uint4 *B, float *C,
                                                          unsigned long long *times, unsigned M,
                                                          unsigned N, unsigned K, unsigned record)
{
	__shared__ uint4 lds[2][2][256 * 4];   // [buffer][A, B][row * 4 + placed chunk]: 64 KiB
	const unsigned t = threadIdx.x, lane = t & 63, w = t >> 6;
	const unsigned wm = w & 1, wn = w >> 1, li = lane & 31, lg = lane >> 5;
	const unsigned tiles_n = N / 256, g = blockIdx.x, tm = g / tiles_n, tn = g % tiles_n;
	const unsigned steps = K / 32, row16 = K / 8;   // uint4 per row of A / column of B
	const uint4 *a_tile = A + (unsigned long long)tm * 256 * row16;
	const uint4 *b_tile = B + (unsigned long long)tn * 256 * row16;
	gemm_float16 acc[4][4];
	uint4 ra[4], rb[4];
	unsigned long long t0, t1 = 0;
	(void)M;

	#pragma unroll
	for (unsigned i = 0; i < 4; i++)
		#pragma unroll
		for (unsigned j = 0; j < 4; j++)
			#pragma unroll
			for (unsigned r = 0; r < 16; r++)
				acc[i][j][r] = 0.0f;
	// Thread t moves chunk t%4 of rows 64*j + t/4 of both tiles.
	#pragma unroll
	for (unsigned j = 0; j < 4; j++) {
		ra[j] = a_tile[(64 * j + t / 4) * row16 + t % 4];
		rb[j] = b_tile[(64 * j + t / 4) * row16 + t % 4];
	}
	#pragma unroll
	for (unsigned j = 0; j < 4; j++) {
		lds[0][0][gemm_slot(64 * j + t / 4, t % 4)] = ra[j];
		lds[0][1][gemm_slot(64 * j + t / 4, t % 4)] = rb[j];
	}
	__syncthreads();
	t0 = __builtin_amdgcn_s_memtime();

	for (unsigned s = 0; s < steps; s++) {
		const unsigned buf = s & 1;
		if (s + 1 < steps)
			#pragma unroll
			for (unsigned j = 0; j < 4; j++) {
				ra[j] = a_tile[(64 * j + t / 4) * row16 + (s + 1) * 4 + t % 4];
				rb[j] = b_tile[(64 * j + t / 4) * row16 + (s + 1) * 4 + t % 4];
			}
		#pragma unroll
		for (unsigned h = 0; h < 2; h++) {
			gemm_half8 fa[4], fb[4];
			#pragma unroll
			for (unsigned i = 0; i < 4; i++) {
				uint4 x = lds[buf][0][gemm_slot(wm * 128 + i * 32 + li, lg + 2 * h)];
				uint4 y = lds[buf][1][gemm_slot(wn * 128 + i * 32 + li, lg + 2 * h)];
				fa[i] = __builtin_bit_cast(gemm_half8, x);
				fb[i] = __builtin_bit_cast(gemm_half8, y);
			}
			#pragma unroll
			for (unsigned e = 0; e < 2; e++)
				#pragma unroll
				for (unsigned i = 0; i < 4; i++)
					#pragma unroll
					for (unsigned j = 0; j < 4; j++) {
						gemm_half4 x = e ? fa[i].hi : fa[i].lo;
						gemm_half4 y = e ? fb[j].hi : fb[j].lo;
						acc[i][j] = __builtin_amdgcn_mfma_f32_32x32x8f16(x, y, acc[i][j], 0, 0, 0);
					}
		}
		if (s + 1 < steps)
			#pragma unroll
			for (unsigned j = 0; j < 4; j++) {
				lds[buf ^ 1][0][gemm_slot(64 * j + t / 4, t % 4)] = ra[j];
				lds[buf ^ 1][1][gemm_slot(64 * j + t / 4, t % 4)] = rb[j];
			}
		__syncthreads();
		if (s == 1)
			t1 = __builtin_amdgcn_s_memtime();
	}
	const unsigned long long t2 = __builtin_amdgcn_s_memtime();

	// D of 32x32x8: register r of lane l is row 8*(r/4) + 4*(l/32) + r%4, column l%32.
	#pragma unroll
	for (unsigned i = 0; i < 4; i++)
		#pragma unroll
		for (unsigned j = 0; j < 4; j++)
			#pragma unroll
			for (unsigned r = 0; r < 16; r++) {
				unsigned row = tm * 256 + wm * 128 + i * 32 + 8 * (r / 4) + 4 * lg + r % 4;
				unsigned col = tn * 256 + wn * 128 + j * 32 + li;
				C[(unsigned long long)row * N + col] = acc[i][j][r];
			}
	if (record && t == 0) {
		times[g * 4 + 0] = t0;
		times[g * 4 + 1] = t1;
		times[g * 4 + 2] = t2;
		times[g * 4 + 3] = steps;
	}
}
