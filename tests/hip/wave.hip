// wave.hip — cross-lane operations of a 64-lane wave: DPP moves
// (__builtin_amdgcn_update_dpp with quad_perm, row shifts/rotates/mirrors,
// row and bank masks, bound_ctrl, wave shifts, row broadcasts), LDS-free
// permutes (ds_bpermute, ds_permute, ds_swizzle), readfirstlane in divergent
// code, readlane, ballot + mbcnt, and wave reductions/scans built from them.
// check_hip.c models each operation lane by lane.
#include "hip_ops.h"

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// update_dpp(old, src, ctrl, row_mask, bank_mask, bound_ctrl): old is the
// per-lane value a lane keeps when it is masked off or (bound_ctrl false)
// its source lane is out of range.
#define DPP(old, src, ctrl, rm, bm, bc) \
	((ho_u32)__builtin_amdgcn_update_dpp((int)(old), (int)(src), ctrl, rm, bm, bc))

extern "C" __global__ void wave_dpp(const ho_u32 *a, const ho_u32 *b, ho_u32 *o)
{
	ho_u32 i = GID;
	ho_u32 v = a[i], w = b[i];
	ho_u32 *p = o + (ho_u64)i * HO_WAVE_DPP_N;

#define DPP_OUT(k, ctrl, rm, bm, bc, name) p[k] = DPP(w, v, ctrl, rm, bm, bc);
	HO_WAVE_DPP_OPS(DPP_OUT)
#undef DPP_OUT
}

extern "C" __global__ void wave_perm(const ho_u32 *a, ho_u32 *o)
{
	ho_u32 i = GID, lane = threadIdx.x & 63;
	ho_u32 v = a[i];
	ho_u32 *p = o + (ho_u64)i * HO_WAVE_PERM_N;

	// bpermute: lane l reads lane (l*7+3) mod 64; bit 8 of the byte address is
	// set on odd lanes (only bits [7:2] select the lane).
	p[0] = (ho_u32)__builtin_amdgcn_ds_bpermute((int)(((lane * 7 + 3) * 4) | (lane & 1) << 8), (int)v);
	// permute (forward): lane l sends to lane (5l+1) mod 64, a bijection.
	p[1] = (ho_u32)__builtin_amdgcn_ds_permute((int)(((lane * 5 + 1) & 63) * 4), (int)v);
	// swizzle, bit-mask mode (offset[15] = 0): and 0x1f, or 0, xor 1
	p[2] = (ho_u32)__builtin_amdgcn_ds_swizzle((int)v, 0x1f | 0 << 5 | 1 << 10);
	// and 0x18, or 0x03, xor 0x04
	p[3] = (ho_u32)__builtin_amdgcn_ds_swizzle((int)v, 0x18 | 3 << 5 | 4 << 10);
	// quad-permute mode (offset[15] = 1): lanes 3,2,1,0 of each quad
	p[4] = (ho_u32)__builtin_amdgcn_ds_swizzle((int)v, 0x8000 | 3 | 2 << 2 | 1 << 4 | 0 << 6);
	// readfirstlane in divergent code: each side sees its own first lane.
	ho_u32 r;
	if (lane % 3 == 2)
		r = (ho_u32)__builtin_amdgcn_readfirstlane((int)v);
	else
		r = (ho_u32)__builtin_amdgcn_readfirstlane((int)(v + 1));
	p[5] = r;
	p[6] = (ho_u32)__builtin_amdgcn_readlane((int)v, 37);
	// ballot + mbcnt: compaction index among the lanes whose value has
	// low bits 00, and the count.
	int pred = (v & 3) == 0;
	ho_u64 mask = __builtin_amdgcn_ballot_w64(pred);
	ho_u32 below = __builtin_amdgcn_mbcnt_hi((ho_u32)(mask >> 32), __builtin_amdgcn_mbcnt_lo((ho_u32)mask, 0u));
	p[7] = pred ? below : 0xffffffffu;
	p[8] = (ho_u32)__builtin_popcountll(mask);
}

// Wave reductions: inclusive prefix sum by DPP (row_shr 1/2/4/8 with
// bound_ctrl, then row_bcast15/31, the GFX9 scan), sum by swizzle xor
// butterflies + readlane, max by bpermute xor butterflies, and a sum over the
// odd lanes only (inactive lanes must not contribute).
extern "C" __global__ void wave_reduce(const ho_u32 *a, ho_u32 *o)
{
	ho_u32 i = GID, lane = threadIdx.x & 63;
	ho_u32 v = a[i];
	ho_u32 *p = o + (ho_u64)i * HO_WAVE_RED_N;

	ho_u32 s = v;
	s += DPP(0, s, HO_ROW_SHR(1), 0xf, 0xf, true);
	s += DPP(0, s, HO_ROW_SHR(2), 0xf, 0xf, true);
	s += DPP(0, s, HO_ROW_SHR(4), 0xf, 0xf, true);
	s += DPP(0, s, HO_ROW_SHR(8), 0xf, 0xf, true);
	s += DPP(0, s, HO_ROW_BCAST15, 0xa, 0xf, false);
	s += DPP(0, s, HO_ROW_BCAST31, 0xc, 0xf, false);
	p[0] = s;

	ho_u32 t = v;
	t += (ho_u32)__builtin_amdgcn_ds_swizzle((int)t, 0x1f | 1 << 10);
	t += (ho_u32)__builtin_amdgcn_ds_swizzle((int)t, 0x1f | 2 << 10);
	t += (ho_u32)__builtin_amdgcn_ds_swizzle((int)t, 0x1f | 4 << 10);
	t += (ho_u32)__builtin_amdgcn_ds_swizzle((int)t, 0x1f | 8 << 10);
	t += (ho_u32)__builtin_amdgcn_ds_swizzle((int)t, 0x1f | 16 << 10);
	p[1] = (ho_u32)__builtin_amdgcn_readlane((int)t, 0) + (ho_u32)__builtin_amdgcn_readlane((int)t, 32);

	ho_u32 m = v;
	for (ho_u32 x = 1; x < 64; x <<= 1) {
		ho_u32 other = (ho_u32)__builtin_amdgcn_ds_bpermute((int)(((lane ^ x) & 63) * 4), (int)m);
		m = other > m ? other : m;
	}
	p[2] = m;

	ho_u32 odd = 0;
	if (lane & 1) {
		// __builtin_amdgcn_ballot and mbcnt see only the active lanes here.
		ho_u64 act = __builtin_amdgcn_ballot_w64(1);
		odd = (ho_u32)__builtin_popcountll(act) << 16 |
		      __builtin_amdgcn_mbcnt_hi((ho_u32)(act >> 32), __builtin_amdgcn_mbcnt_lo((ho_u32)act, 0u));
	}
	p[3] = odd;
}
