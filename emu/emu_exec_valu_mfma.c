/*
 * emu_exec_valu_mfma — matrix fused multiply-add (VOP3P-MAI, gfx90a/gfx942).
 *
 * D = A x B + C for `b` independent blocks of M x K by K x N. Register/lane
 * layout (CDNA2/CDNA3 ISA "Matrix fused-multiply-add"; AMD Matrix Instruction
 * Calculator formulas):
 *   A[i][k] of block bk: lane i + M * (bk + b * (k / kl)), element k % kl,
 *   B[k][j] of block bk: lane j + N * (bk + b * (k / kl)), element k % kl,
 *   where kl = K * M * b / 64 elements per lane, packed low bits first
 *   (2 halves or 4 bytes per dword, one dword per f32, a pair per f64).
 *   C/D, N >= 16: register bk * (M * N / 64) + (i / (G * 64 / N)) * G + i % G,
 *   lane j + N * ((i / G) % (64 / N)), G = 4 for 32-bit results, 1 for f64.
 *   C/D, 4x4: f32/i32 register i, lane j + 4 * bk; f64 lane j + 4 * bk + 16 * i.
 * Modifiers (w0[10:8] cbsz, w0[14:11] abid, w1[31:29] blgp): block bk reads A
 * from block ((bk >> cbsz) << cbsz) + abid; blgp permutes the lanes B is read
 * from (0 none, 1/2 broadcast lanes 0-31 / 32-63 to both halves, 3 rotate by
 * 16 lanes, 4-7 broadcast lane group blgp-4 of 16); on gfx942 the f64 forms use
 * the three bits as neg for A, B, C instead. w0[15] acc_cd puts C and D in
 * AGPRs, w1[27] / w1[28] put A / B in AGPRs.
 *
 * Products are exact in double (halves, bf16, f32) and accumulated in double
 * in k order, then rounded once; i8 accumulates in 64-bit and wraps to 32.
 * D lanes are written under EXEC like every VALU result.
 */
#include "emu_exec_valu.h"

enum mfma_type { MF_F32, MF_F16, MF_BF16, MF_I8, MF_F64 };

struct mfma_desc {
	uint8_t m, n, k, b;
	uint8_t type;
};

static inline unsigned elem_bytes(enum mfma_type t)
{
	return t == MF_F64 ? 8 : t == MF_F32 ? 4 : t == MF_I8 ? 1 : 2;
}

/* Lanes of operand (raw 9-bit field) with ndw dwords: registers from the
 * VGPR or AGPR file, or an inline constant broadcast into tmp. */
static void mfma_operand(struct emu_wave *w, const struct emu_inst *in, unsigned raw, bool acc,
                         unsigned ndw, bool dbl, const uint32_t **p, uint32_t *tmp)
{
	if (raw >= 256) {
		unsigned base = (acc ? EMU_OP_AGPR0 : EMU_OP_VGPR0) + (raw - 256);
		for (unsigned d = 0; d < ndw; d++)
			p[d] = emu_vreg(w, base, d);
		return;
	}
	uint64_t c = dbl ? emu_sread64(w, in, raw, EMU_T_F64) : emu_sread32(w, in, raw, EMU_T_F32);
	for (unsigned l = 0; l < VL; l++) {
		tmp[l] = (uint32_t)c;
		tmp[VL + l] = (uint32_t)(c >> 32);
	}
	for (unsigned d = 0; d < ndw; d++)
		p[d] = dbl ? &tmp[(d & 1) * VL] : tmp;
}

/* Element e of a lane from the operand registers, as double (or integer for i8). */
static inline double mfma_elem(const uint32_t *const *p, unsigned lane, unsigned e, enum mfma_type t)
{
	switch (t) {
	case MF_F32:
		return u2f(p[e][lane]);
	case MF_F64:
		return u2d((uint64_t)p[2 * e][lane] | (uint64_t)p[2 * e + 1][lane] << 32);
	case MF_F16:
		return u2f(valu_f16_to_f32((uint16_t)(p[e / 2][lane] >> (16 * (e % 2)))));
	case MF_BF16:
		return u2f((p[e / 2][lane] >> (16 * (e % 2))) << 16);
	default:
		return (double)(int8_t)(p[e / 4][lane] >> (8 * (e % 4)));
	}
}

static unsigned blgp_lane(unsigned l, unsigned blgp)
{
	switch (blgp) {
	case 0: return l;
	case 1: return l & 31;
	case 2: return 32 | (l & 31);
	case 3: return (l + 16) & 63;
	default: return 16 * (blgp - 4) + (l & 15);
	}
}

static void mfma(struct emu_wave *w, const struct emu_inst *in, const struct mfma_desc *md)
{
	const unsigned M = md->m, N = md->n, K = md->k, B = md->b;
	const enum mfma_type t = md->type;
	const bool f64 = t == MF_F64, i8 = t == MF_I8;
	uint32_t w0 = in->w[0], w1 = in->w[1];
	bool acc_cd = (w0 >> 15) & 1, acc_a = (w1 >> 27) & 1, acc_b = (w1 >> 28) & 1;
	unsigned cbsz = (w0 >> 8) & 7, abid = (w0 >> 11) & 15, blgp = w1 >> 29;
	bool gfx942 = w->prog && w->prog->prof && w->prog->prof->arch == EMU_GFX942;
	bool neg_a = false, neg_b = false, neg_c = false;
	if (f64 && gfx942) {
		neg_a = blgp & 1;
		neg_b = (blgp >> 1) & 1;
		neg_c = (blgp >> 2) & 1;
		blgp = 0;
	}
	unsigned kl = K * M * B / 64;
	unsigned in_dw = kl * elem_bytes(t) / 4;
	if (!in_dw)
		in_dw = 1;
	unsigned nelem = M * N * B / 64;        /* results per lane */
	unsigned out_dw = nelem * (f64 ? 2 : 1);

	const uint32_t *pa[8], *pb[8], *pc[32];
	uint32_t ta[2 * VL], tb[2 * VL], tc[2 * VL];
	mfma_operand(w, in, w1 & 0x1ff, acc_a, in_dw, f64, pa, ta);
	mfma_operand(w, in, (w1 >> 9) & 0x1ff, acc_b, in_dw, f64, pb, tb);
	mfma_operand(w, in, (w1 >> 18) & 0x1ff, acc_cd, out_dw, f64, pc, tc);

	/* Operands as numbers, [lane][element]. */
	double av[VL][8], bv[VL][8];
	for (unsigned l = 0; l < VL; l++)
		for (unsigned e = 0; e < kl; e++) {
			av[l][e] = mfma_elem(pa, l, e, t);
			bv[l][e] = mfma_elem(pb, blgp_lane(l, blgp), e, t);
			if (neg_a)
				av[l][e] = -av[l][e];
			if (neg_b)
				bv[l][e] = -bv[l][e];
		}

	uint32_t out[32][VL];
	for (unsigned bk = 0; bk < B; bk++) {
		unsigned ab = B > 1 ? (((bk >> cbsz) << cbsz) + abid) % B : bk;
		for (unsigned i = 0; i < M; i++)
			for (unsigned j = 0; j < N; j++) {
				unsigned r, lane;
				if (N == 4) {
					r = f64 ? 0 : i;
					lane = j + 4 * bk + (f64 ? 16 * i : 0);
				} else {
					unsigned g = f64 ? 1 : 4, groups = 64 / N;
					r = bk * (M * N / 64) + (i / (g * groups)) * g + i % g;
					lane = j + N * ((i / g) % groups);
				}
				if (i8) {
					int64_t s = (int32_t)pc[r][lane];
					for (unsigned k = 0; k < K; k++) {
						unsigned la = i + M * (ab + B * (k / kl)), lb = j + N * (bk + B * (k / kl));
						s += (int64_t)av[la][k % kl] * (int64_t)bv[lb][k % kl];
					}
					out[r][lane] = (uint32_t)s;
				} else if (f64) {
					double s = u2d((uint64_t)pc[2 * r][lane] | (uint64_t)pc[2 * r + 1][lane] << 32);
					if (neg_c)
						s = -s;
					for (unsigned k = 0; k < K; k++) {
						unsigned la = i + M * (ab + B * (k / kl)), lb = j + N * (bk + B * (k / kl));
						s = fma(av[la][k % kl], bv[lb][k % kl], s);
					}
					uint64_t u = d2u(s);
					out[2 * r][lane] = (uint32_t)u;
					out[2 * r + 1][lane] = (uint32_t)(u >> 32);
				} else {
					double s = u2f(pc[r][lane]);
					for (unsigned k = 0; k < K; k++) {
						unsigned la = i + M * (ab + B * (k / kl)), lb = j + N * (bk + B * (k / kl));
						s += av[la][k % kl] * bv[lb][k % kl];
					}
					out[r][lane] = f2u((float)s);
				}
			}
	}

	unsigned dbase = (acc_cd ? EMU_OP_AGPR0 : EMU_OP_VGPR0) + (w0 & 0xff);
	uint64_t m = emu_exec_mask(w);
	for (unsigned d = 0; d < out_dw; d++) {
		uint32_t *dst = emu_vreg(w, dbase, d);
		for (unsigned l = 0; l < VL; l++)
			if ((m >> l) & 1)
				dst[l] = out[d][l];
	}
}

#define MFMA(name, m, n, k, b, t) \
	VALU_HANDLER(name) \
	{ \
		static const struct mfma_desc md = {m, n, k, b, t}; \
		mfma(w, in, &md); \
	}

MFMA(v_mfma_f32_32x32x1f32, 32, 32, 1, 2, MF_F32)
MFMA(v_mfma_f32_16x16x1f32, 16, 16, 1, 4, MF_F32)
MFMA(v_mfma_f32_4x4x1f32, 4, 4, 1, 16, MF_F32)
MFMA(v_mfma_f32_32x32x2f32, 32, 32, 2, 1, MF_F32)
MFMA(v_mfma_f32_16x16x4f32, 16, 16, 4, 1, MF_F32)
MFMA(v_mfma_f32_32x32x4f16, 32, 32, 4, 2, MF_F16)
MFMA(v_mfma_f32_16x16x4f16, 16, 16, 4, 4, MF_F16)
MFMA(v_mfma_f32_4x4x4f16, 4, 4, 4, 16, MF_F16)
MFMA(v_mfma_f32_32x32x8f16, 32, 32, 8, 1, MF_F16)
MFMA(v_mfma_f32_16x16x16f16, 16, 16, 16, 1, MF_F16)
MFMA(v_mfma_i32_32x32x4i8, 32, 32, 4, 2, MF_I8)
MFMA(v_mfma_i32_16x16x4i8, 16, 16, 4, 4, MF_I8)
MFMA(v_mfma_i32_4x4x4i8, 4, 4, 4, 16, MF_I8)
MFMA(v_mfma_i32_32x32x8i8, 32, 32, 8, 1, MF_I8)
MFMA(v_mfma_i32_16x16x16i8, 16, 16, 16, 1, MF_I8)
MFMA(v_mfma_i32_32x32x16_i8, 32, 32, 16, 1, MF_I8)
MFMA(v_mfma_i32_16x16x32_i8, 16, 16, 32, 1, MF_I8)
MFMA(v_mfma_f32_32x32x2bf16, 32, 32, 2, 2, MF_BF16)
MFMA(v_mfma_f32_16x16x2bf16, 16, 16, 2, 4, MF_BF16)
MFMA(v_mfma_f32_4x4x2bf16, 4, 4, 2, 16, MF_BF16)
MFMA(v_mfma_f32_32x32x4bf16, 32, 32, 4, 1, MF_BF16)
MFMA(v_mfma_f32_16x16x8bf16, 16, 16, 8, 1, MF_BF16)
MFMA(v_mfma_f32_32x32x4bf16_1k, 32, 32, 4, 2, MF_BF16)
MFMA(v_mfma_f32_16x16x4bf16_1k, 16, 16, 4, 4, MF_BF16)
MFMA(v_mfma_f32_4x4x4bf16_1k, 4, 4, 4, 16, MF_BF16)
MFMA(v_mfma_f32_32x32x8bf16_1k, 32, 32, 8, 1, MF_BF16)
MFMA(v_mfma_f32_16x16x16bf16_1k, 16, 16, 16, 1, MF_BF16)
MFMA(v_mfma_f64_16x16x4f64, 16, 16, 4, 1, MF_F64)
MFMA(v_mfma_f64_4x4x4f64, 4, 4, 4, 4, MF_F64)
