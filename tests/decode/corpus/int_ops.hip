#include "corpus.h"
/* Integer arithmetic, bit operations, 64-bit integers, selects. */
__global__ void k_int(int *out, const int *a, const int *b, long long *o64, unsigned n)
{
	unsigned i = gid();
	if (i >= n)
		return;
	int x = a[i], y = b[i];
	int r = x * y + (x >> 3) - (y << 5);
	r ^= __builtin_popcount(x) + __builtin_clz(y | 1) + __builtin_ctz(x | 0x100);
	r = r > 100 ? r / 7 : r % 13;
	unsigned u = (unsigned)x / (unsigned)(y | 1);
	out[i] = r + (int)u + __builtin_bitreverse32(x) + (x & 0xff00ff) + __builtin_amdgcn_ubfe(x, 4, 8);
	long long w = (long long)x * y + ((long long)r << 33);
	o64[i] = w / 3 + (w >> 7) + __builtin_popcountll(w);
}

__global__ void k_short(short *o, const short *a, const unsigned char *c, unsigned n)
{
	unsigned i = gid();
	if (i < n)
		o[i] = (short)(a[i] * 3 + c[i] - (a[i] >> 2));
}
