#include "corpus.h"
/* LDS, barriers, atomics (global and LDS). */
__global__ void k_lds(float *o, const float *a, unsigned n)
{
	__shared__ float tile[256];
	__shared__ double dt[64];
	unsigned t = tid();
	tile[t] = a[gid() % n];
	if (t < 64)
		dt[t] = (double)tile[t];
	__builtin_amdgcn_s_barrier();
	for (unsigned s = 128; s > 0; s >>= 1) {
		if (t < s)
			tile[t] += tile[t + s];
		__builtin_amdgcn_s_barrier();
	}
	if (t == 0)
		o[bid()] = tile[0] + (float)dt[3];
}

__global__ void k_atomic(int *cnt, unsigned *mx, float *fs, long long *c64, const int *a, unsigned n)
{
	__shared__ int local;
	unsigned i = gid();
	if (tid() == 0)
		local = 0;
	__builtin_amdgcn_s_barrier();
	if (i < n) {
		__atomic_fetch_add(&local, a[i], __ATOMIC_RELAXED);
		__atomic_fetch_add(cnt, 1, __ATOMIC_RELAXED);
		__atomic_fetch_max(mx, (unsigned)a[i], __ATOMIC_RELAXED);
		int old = __atomic_exchange_n(cnt + 1, a[i], __ATOMIC_ACQ_REL);
		int exp = old;
		__atomic_compare_exchange_n(cnt + 2, &exp, old + 1, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
		__atomic_fetch_add(c64, (long long)a[i], __ATOMIC_RELAXED);
	}
	__builtin_amdgcn_s_barrier();
	if (tid() == 0)
		__atomic_fetch_add(cnt + 3, local, __ATOMIC_RELAXED);
}
