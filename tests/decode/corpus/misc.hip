#include "corpus.h"
/* SDWA-friendly 16/8-bit work, hardware registers, timers, messages, sleep,
 * 64-bit shifts, float min/max/med, bit field ops. */
typedef unsigned char uchar4 __attribute__((ext_vector_type(4)));
__global__ void k_misc(unsigned *o, const uchar4 *c, const half *h, unsigned long long *t, unsigned n)
{
	unsigned i = gid();
	if (i >= n)
		return;
	uchar4 v = c[i];
	unsigned r = (unsigned)v.x * v.y + (unsigned)(v.z >> 1) * (unsigned)(unsigned char)(v.w + 3);
	half a = h[i], b = h[i + 1];
	half m = a > b ? a : b;
	r += (unsigned)(float)(m * (half)3.0 + a);
	r += __builtin_amdgcn_s_getreg(0xf801) + __builtin_amdgcn_alignbit(r, i, 7) + __builtin_amdgcn_ubfe(r, 3, 5);
	r ^= __builtin_amdgcn_fmed3f((float)r, 1.0f, 100.0f) > 50.0f ? 0x55u : 0xaau;
	t[i] = __builtin_amdgcn_s_memtime() + __builtin_amdgcn_s_memrealtime() + ((unsigned long long)r << 40);
	__builtin_amdgcn_s_sleep(2);
	__builtin_amdgcn_s_setprio(1);
	o[i] = r;
	if (r == 12345u)
		__builtin_amdgcn_s_sendmsg(1, 0);
}
