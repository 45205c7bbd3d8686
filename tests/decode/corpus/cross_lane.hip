#include "corpus.h"
/* DPP moves and reductions, ds_bpermute/ds_swizzle, readlane/readfirstlane, ballots. */
__global__ void k_dpp(int *o, const int *a, unsigned n)
{
	unsigned i = gid();
	int v = i < n ? a[i] : 0;
	v += __builtin_amdgcn_mov_dpp(v, 0x111, 0xf, 0xf, 0);   /* row_shr:1 */
	v += __builtin_amdgcn_mov_dpp(v, 0x112, 0xf, 0xf, 0);   /* row_shr:2 */
	v += __builtin_amdgcn_mov_dpp(v, 0x114, 0xf, 0xe, 1);   /* row_shr:4 bound_ctrl */
	v += __builtin_amdgcn_update_dpp(0, v, 0x142, 0xa, 0xf, 0); /* row_bcast:15 */
	v += __builtin_amdgcn_update_dpp(0, v, 0x143, 0xc, 0xf, 0); /* row_bcast:31 */
	v += __builtin_amdgcn_mov_dpp(v, 0x1b, 0xf, 0xf, 0);    /* quad_perm:[3,2,1,0] */
	v += __builtin_amdgcn_ds_bpermute((int)((tid() ^ 1) << 2), v);
	v += __builtin_amdgcn_ds_swizzle(v, 0x041f);
	v += __builtin_amdgcn_readfirstlane(v) + __builtin_amdgcn_readlane(v, 5);
	if (i < n)
		o[i] = v;
}

__global__ void k_ballot(unsigned long long *o, const float *a, unsigned n)
{
	unsigned i = gid();
	float x = i < n ? a[i] : 0.0f;
	unsigned long long m = __builtin_amdgcn_ballot_w64(x > 0.5f);
	float r = __builtin_amdgcn_mov_dpp(__builtin_bit_cast(int, x), 0x101, 0xf, 0xf, 0);
	if (i < n)
		o[i] = m + (unsigned long long)r;
}
