// copy_study_hip.hip — the copy study's eleven HIP kernels (004_18b2dddb33536aee.txt,
// results/published/004_copy_log.txt), one twin per asm variant of copy.s.
//
// gcnlab: variant copy_256_2_128_256_hip  UNROLL=2  WI=256
// gcnlab: variant copy_256_4_64_256_hip   UNROLL=4  WI=256
// gcnlab: variant copy_256_8_32_256_hip   UNROLL=8  WI=256
// gcnlab: variant copy_256_16_16_256_hip  UNROLL=16 WI=256
// gcnlab: variant copy_128_2_64_512_hip   UNROLL=2  WI=512
// gcnlab: variant copy_128_4_32_512_hip   UNROLL=4  WI=512
// gcnlab: variant copy_128_8_16_512_hip   UNROLL=8  WI=512
// gcnlab: variant copy_128_16_8_512_hip   UNROLL=16 WI=512
// gcnlab: variant copy_64_2_32_1024_hip   UNROLL=2  WI=1024
// gcnlab: variant copy_64_4_16_1024_hip   UNROLL=4  WI=1024
// gcnlab: variant copy_64_8_8_1024_hip    UNROLL=8  WI=1024
//
// The study's algorithm, written here from its description (the log's
// header): FooU<blockSize, numLoops> runs an outer loop of numLoops rounds
// and an inner `#pragma unroll U` loop of U steps; step j of round i copies
// float4 element index = tid + j*blockSize + i*U*blockSize from p_in to
// p_out through plain pointers. Plain pointers may alias, so the compiler
// must keep every load after the previous store: each wave has one load in
// flight and waits for it (s_waitcnt vmcnt(0)) before the store; gfx9's
// vmcnt counts stores too, and the study's code also waited for the store
// (copy_store_done below).
// Launch ONE work-group of WI work-items; arguments (in, out) as the asm
// kernels, 16 bytes of kernarg.

#define COPY_BYTES (1u << 20)
#define TOTAL (COPY_BYTES / (WI * 16u))   // steps of the work-group
#define LOOPS (TOTAL / UNROLL)            // numLoops

// The study's binaries (hcc, 2018) made each step's store complete before
// the next step's load: its HIP rows take two L2 round trips per step (load,
// then store), twice what its asm kernels with unroll 2 take per round of two
// steps (README, "The copy suite"). clang 19 only waits for the load, so the
// wait the study's code had is written out here.
static __device__ __forceinline__ void copy_store_done(void)
{
	__asm__ volatile("s_waitcnt vmcnt(0)" ::: "memory");
}

template <unsigned U, unsigned BLOCK, unsigned NLOOPS>
static __device__ __forceinline__ void copy_foo(const float4 *p_in, float4 *p_out)
{
	unsigned tid = threadIdx.x;

	for (unsigned i = 0; i < NLOOPS; i++) {
#pragma unroll
		for (unsigned j = 0; j < U; j++) {
			unsigned index = tid + j * BLOCK + i * U * BLOCK;
			p_out[index] = p_in[index];
			copy_store_done();
		}
	}
}

// copy_<TOTAL>_<UNROLL>_<LOOPS>_<WI>_hip, built from the numbers.
#define COPY_NAME2(t, u, l, w) copy_##t##_##u##_##l##_##w##_hip
#define COPY_NAME(t, u, l, w) COPY_NAME2(t, u, l, w)
#define COPY_TOTAL_LIT (COPY_BYTES / (WI * 16))

#if WI == 256
#define T_LIT 256
#elif WI == 512
#define T_LIT 128
#else
#define T_LIT 64
#endif
#if T_LIT != COPY_TOTAL_LIT
#error "copy_study_hip.hip: WI must be 256, 512 or 1024"
#endif

#if UNROLL == 2
#define L_LIT_256 128
#define L_LIT_512 64
#define L_LIT_1024 32
#elif UNROLL == 4
#define L_LIT_256 64
#define L_LIT_512 32
#define L_LIT_1024 16
#elif UNROLL == 8
#define L_LIT_256 32
#define L_LIT_512 16
#define L_LIT_1024 8
#elif UNROLL == 16
#define L_LIT_256 16
#define L_LIT_512 8
#define L_LIT_1024 4
#else
#error "copy_study_hip.hip: UNROLL must be 2, 4, 8 or 16"
#endif
#define L_LIT3(w) L_LIT_##w
#define L_LIT2(w) L_LIT3(w)
#define L_LIT L_LIT2(WI)

extern "C" __global__ __launch_bounds__(WI) void COPY_NAME(T_LIT, UNROLL, L_LIT, WI)(const float4 *in,
                                                                                  float4 *out)
{
	copy_foo<UNROLL, WI, LOOPS>(in, out);
}
