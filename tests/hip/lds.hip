// lds.hip — LDS (__shared__) with barriers: tree reductions, a transpose
// through a padded tile (2-D work-groups), dynamic LDS after static LDS, and
// LDS atomics. The checker recomputes each result on the host, for the float
// reduction in the same tree order (so the sum is bitwise fixed).
#include "hip_ops.h"

#define RED_WG 256

// One work-group of RED_WG per RED_WG inputs; o[2*wg] = u32 sum, o[2*wg+1] =
// float sum (bits), both as a tree: step s adds element t+s into t for t < s.
extern "C" __global__ __launch_bounds__(RED_WG) void lds_reduce(const ho_u32 *a, const float *f, ho_u32 *o)
{
	__shared__ ho_u32 su[RED_WG];
	__shared__ float sf[RED_WG];
	ho_u32 t = threadIdx.x, i = blockIdx.x * RED_WG + t;

	su[t] = a[i];
	sf[t] = f[i];
	__syncthreads();
	for (ho_u32 s = RED_WG / 2; s > 0; s >>= 1) {
		if (t < s) {
			su[t] += su[t + s];
			sf[t] += sf[t + s];
		}
		__syncthreads();
	}
	if (t == 0) {
		o[2 * blockIdx.x] = su[0];
		o[2 * blockIdx.x + 1] = ho_f32_bits(sf[0]);
	}
}

// Transpose of a (gridDim.x*16) x (gridDim.y*16) matrix of u32, row-major;
// launch with --block 16,16. o is the transposed matrix.
extern "C" __global__ __launch_bounds__(256) void lds_transpose(const ho_u32 *in, ho_u32 *o)
{
	__shared__ ho_u32 tile[16][17];
	ho_u32 w = gridDim.x * 16, h = gridDim.y * 16;
	ho_u32 x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;

	tile[threadIdx.y][threadIdx.x] = in[(ho_u64)y * w + x];
	__syncthreads();
	x = blockIdx.y * 16 + threadIdx.x;
	y = blockIdx.x * 16 + threadIdx.y;
	o[(ho_u64)y * h + x] = tile[threadIdx.x][threadIdx.y];
}

// Dynamic LDS (--dynamic-lds = 4 * work-group size) next to static LDS.
extern "C" __global__ void lds_dynamic(const ho_u32 *in, ho_u32 *o)
{
	extern __shared__ ho_u32 dyn[];
	__shared__ ho_u32 st[64];
	ho_u32 t = threadIdx.x, n = blockDim.x, i = blockIdx.x * n + t;

	dyn[t] = in[i];
	if (t < 64)
		st[t] = t * 3 + blockIdx.x;
	__syncthreads();
	o[i] = dyn[n - 1 - t] + dyn[(t + 1) % n] * 7 + st[t % 64];
}

// LDS atomics per work-group of 256: a 64-bin histogram (add), max, min, an
// add through a compare-and-swap loop, and inc-style tickets.
// o per work-group: 64 bins, max, min, cas-sum, ticket-check = HO_LDS_ATOM_N words.
extern "C" __global__ __launch_bounds__(256) void lds_atomics(const ho_u32 *a, ho_u32 *o)
{
	__shared__ ho_u32 hist[64];
	__shared__ ho_u32 m[4];
	__shared__ ho_u32 seen[256];
	ho_u32 t = threadIdx.x, v = a[blockIdx.x * 256 + t];

	if (t < 64)
		hist[t] = 0;
	if (t == 0) {
		m[0] = 0;
		m[1] = 0xffffffffu;
		m[2] = 0;
		m[3] = 0;
	}
	seen[t] = 0;
	__syncthreads();
	__hip_atomic_fetch_add(&hist[v & 63], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
	__hip_atomic_fetch_max(&m[0], v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
	__hip_atomic_fetch_min(&m[1], v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
	ho_u32 old = __hip_atomic_load(&m[2], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
	while (!__hip_atomic_compare_exchange_strong(&m[2], &old, old + (v >> 12), __ATOMIC_RELAXED,
	                                             __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP))
		;
	// Each work-item takes a ticket (the value before its add) and marks it:
	// every ticket 0..255 must be taken exactly once.
	ho_u32 ticket = __hip_atomic_fetch_add(&m[3], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
	__hip_atomic_fetch_add(&seen[ticket & 255], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
	__syncthreads();
	ho_u32 *p = o + blockIdx.x * HO_LDS_ATOM_N;
	if (t < 64)
		p[t] = hist[t];
	if (t == 0) {
		ho_u32 ok = 0;
		for (int k = 0; k < 256; k++)
			ok += seen[k] == 1;
		p[64] = m[0];
		p[65] = m[1];
		p[66] = m[2];
		p[67] = ok | m[3] << 16;
	}
}
