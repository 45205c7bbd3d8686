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
#include "arch/emu_profile.h"
#include "sem/emu_exec_valu.h"

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
		bool ok = valu_regs_ok(w, in, base, ndw);
		for (unsigned d = 0; d < ndw; d++)
			p[d] = ok ? emu_vreg(w, base, d) : tmp;
		if (!ok)
			memset(tmp, 0, 2 * VL * 4);
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

/* Shift counts of the (power of two) dimensions, computed once per instruction. */
struct mfma_shift {
	unsigned m, n, b, g, groups, rpb;
};

static inline unsigned lg2(unsigned x) { return (unsigned)__builtin_ctz(x); }

/* Result register (or f64 register pair) and first lane of row i of block bk:
 * the row's N elements are in consecutive lanes (C/D layout in the header). */
static inline void mfma_d_row(const struct mfma_desc *md, const struct mfma_shift *sh, unsigned bk,
                              unsigned i, unsigned *r, unsigned *lane)
{
	if (md->n == 4) {
		*r = md->type == MF_F64 ? 0 : i;
		*lane = 4 * bk + (md->type == MF_F64 ? 16 * i : 0);
		return;
	}
	*r = (bk << sh->rpb) + ((i >> (sh->g + sh->groups)) << sh->g) + (i & ((1u << sh->g) - 1));
	*lane = ((i >> sh->g) & ((1u << sh->groups) - 1)) << sh->n;
}

/* acc[i][j] += sum_k a[i][k] * b[k][j] for one block, k in order for every
 * element; double sums (products of halves, bf16 and singles are exact in
 * double), fused steps for f64. W columns at a time sit in a small local
 * array that the compiler keeps in registers (16 gives independent chains). */
static inline __attribute__((always_inline)) void mfma_block_body(double *restrict acc, const double *restrict a,
                                                                 const double *restrict b, unsigned m,
                                                                 unsigned n, unsigned k, bool fused,
                                                                 unsigned W)
{
	for (unsigned i = 0; i < m; i++)
		for (unsigned j0 = 0; j0 < n; j0 += W) {
			double s[16];
			for (unsigned jj = 0; jj < W; jj++)
				s[jj] = acc[i * n + j0 + jj];
			for (unsigned kk = 0; kk < k; kk++) {
				double x = a[i * k + kk];
				for (unsigned jj = 0; jj < W; jj++)
					s[jj] = fused ? fma(x, b[kk * n + j0 + jj], s[jj]) : s[jj] + x * b[kk * n + j0 + jj];
			}
			for (unsigned jj = 0; jj < W; jj++)
				acc[i * n + j0 + jj] = s[jj];
		}
}

#define MFMA_BLOCK_CASES(acc, a, b, m, n, k, fused) \
	do { \
		if ((n) % 16 == 0) { \
			if (fused) \
				mfma_block_body(acc, a, b, m, n, k, true, 16); \
			else \
				mfma_block_body(acc, a, b, m, n, k, false, 16); \
		} else { \
			if (fused) \
				mfma_block_body(acc, a, b, m, n, k, true, 4); \
			else \
				mfma_block_body(acc, a, b, m, n, k, false, 4); \
		} \
	} while (0)

__attribute__((target("avx2,fma"))) static void mfma_block_avx2(double *restrict acc, const double *restrict a,
                                                                const double *restrict b, unsigned m,
                                                                unsigned n, unsigned k, bool fused)
{
	MFMA_BLOCK_CASES(acc, a, b, m, n, k, fused);
}

static void mfma_block(double *restrict acc, const double *restrict a, const double *restrict b, unsigned m,
                       unsigned n, unsigned k, bool fused)
{
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		mfma_block_avx2(acc, a, b, m, n, k, fused);
	else
		MFMA_BLOCK_CASES(acc, a, b, m, n, k, fused);
}

static inline void mfma_row_i8(int64_t *restrict acc, double a, const double *restrict b, unsigned n)
{
	int64_t x = (int64_t)a;
	for (unsigned j = 0; j < n; j++)
		acc[j] += x * (int64_t)b[j];
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

	struct mfma_shift sh = {lg2(M), lg2(N), lg2(B), f64 ? 0 : 2, lg2(64 / N), lg2(M * N / 64 ? M * N / 64 : 1)};
	/* Operands as matrices: am[block][i][k], bm[block][k][j] (at most 512
	 * elements each: 64 lanes x kl), then D = C + A x B block by block with
	 * j innermost, k in order, so every sum is formed in the same order. */
	double am[512], bm[512];
	for (unsigned l = 0; l < VL; l++) {
		unsigned ia = l & (M - 1), ba = (l >> sh.m) & (B - 1), ga = l >> (sh.m + sh.b);
		unsigned jb = l & (N - 1), bb = (l >> sh.n) & (B - 1), gb = l >> (sh.n + sh.b);
		unsigned lb = blgp_lane(l, blgp);
		for (unsigned e = 0; e < kl; e++) {
			unsigned k = ga * kl + e;
			double x = mfma_elem(pa, l, e, t), y = mfma_elem(pb, lb, e, t);
			am[(ba * M + ia) * K + k] = neg_a ? -x : x;
			bm[(bb * K + gb * kl + e) * N + jb] = neg_b ? -y : y;
		}
	}

	/* C, accumulated and D as [block][i][j]. */
	double acc[2048];
	int64_t iacc[2048];
	for (unsigned bk = 0; bk < B; bk++)
		for (unsigned i = 0; i < M; i++) {
			unsigned r, l0, x = (bk * M + i) * N;
			mfma_d_row(md, &sh, bk, i, &r, &l0);
			if (i8)
				for (unsigned j = 0; j < N; j++)
					iacc[x + j] = (int32_t)pc[r][l0 + j];
			else if (f64)
				for (unsigned j = 0; j < N; j++)
					acc[x + j] = (neg_c ? -1.0 : 1.0) *
					             u2d((uint64_t)pc[2 * r][l0 + j] | (uint64_t)pc[2 * r + 1][l0 + j] << 32);
			else
				for (unsigned j = 0; j < N; j++)
					acc[x + j] = u2f(pc[r][l0 + j]);
		}
	for (unsigned bk = 0; bk < B; bk++) {
		unsigned ab = B > 1 ? (((bk >> cbsz) << cbsz) + abid) % B : bk;
		if (!i8) {
			mfma_block(&acc[bk * M * N], &am[ab * M * K], &bm[bk * K * N], M, N, K, f64);
			continue;
		}
		for (unsigned i = 0; i < M; i++)
			for (unsigned k = 0; k < K; k++)
				mfma_row_i8(&iacc[(bk * M + i) * N], am[(ab * M + i) * K + k], &bm[(bk * K + k) * N], N);
	}

	uint32_t out[32][VL];
	for (unsigned bk = 0; bk < B; bk++)
		for (unsigned i = 0; i < M; i++) {
			unsigned r, l0, x = (bk * M + i) * N;
			mfma_d_row(md, &sh, bk, i, &r, &l0);
			if (i8) {
				for (unsigned j = 0; j < N; j++)
					out[r][l0 + j] = (uint32_t)iacc[x + j];
			} else if (f64) {
				for (unsigned j = 0; j < N; j++) {
					uint64_t u = d2u(acc[x + j]);
					out[2 * r][l0 + j] = (uint32_t)u;
					out[2 * r + 1][l0 + j] = (uint32_t)(u >> 32);
				}
			} else {
				for (unsigned j = 0; j < N; j++)
					out[r][l0 + j] = f2u((float)acc[x + j]);
			}
		}

	unsigned dbase = (acc_cd ? EMU_OP_AGPR0 : EMU_OP_VGPR0) + (w0 & 0xff);
	if (!valu_regs_ok(w, in, dbase, out_dw))
		return;
	uint64_t m = emu_exec_mask(w);
	for (unsigned d = 0; d < out_dw; d++) {
		uint32_t *dst = emu_vreg(w, dbase, d);
		if (m == ~0ull) {
			memcpy(dst, out[d], VL * 4);
			continue;
		}
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

/* ---- table ---- */

#define VALU_MFMA_LIST(X, A) \
	X(v_mfma_f32_32x32x1f32) X(v_mfma_f32_16x16x1f32) X(v_mfma_f32_4x4x1f32) \
	X(v_mfma_f32_32x32x2f32) X(v_mfma_f32_16x16x4f32) X(v_mfma_f32_32x32x4f16) \
	X(v_mfma_f32_16x16x4f16) X(v_mfma_f32_4x4x4f16) X(v_mfma_f32_32x32x8f16) \
	X(v_mfma_f32_16x16x16f16) X(v_mfma_i32_32x32x4i8) X(v_mfma_i32_16x16x4i8) \
	X(v_mfma_i32_4x4x4i8) X(v_mfma_i32_32x32x8i8) X(v_mfma_i32_16x16x16i8) \
	X(v_mfma_f32_32x32x2bf16) X(v_mfma_f32_16x16x2bf16) X(v_mfma_f32_4x4x2bf16) \
	X(v_mfma_f32_32x32x4bf16) X(v_mfma_f32_16x16x8bf16) X(v_mfma_f32_32x32x4bf16_1k) \
	X(v_mfma_f32_16x16x4bf16_1k) X(v_mfma_f32_4x4x4bf16_1k) X(v_mfma_f32_32x32x8bf16_1k) \
	X(v_mfma_f32_16x16x16bf16_1k) X(v_mfma_f64_16x16x4f64) X(v_mfma_f64_4x4x4f64) \
	X(v_mfma_i32_32x32x16_i8) X(v_mfma_i32_16x16x32_i8) \
	A(v_mfma_f32_32x32x1_2b_f32, v_mfma_f32_32x32x1f32) \
	A(v_mfma_f32_16x16x1_4b_f32, v_mfma_f32_16x16x1f32) \
	A(v_mfma_f32_4x4x1_16b_f32, v_mfma_f32_4x4x1f32) \
	A(v_mfma_f32_32x32x2_f32, v_mfma_f32_32x32x2f32) \
	A(v_mfma_f32_16x16x4_f32, v_mfma_f32_16x16x4f32) \
	A(v_mfma_f32_32x32x4_2b_f16, v_mfma_f32_32x32x4f16) \
	A(v_mfma_f32_16x16x4_4b_f16, v_mfma_f32_16x16x4f16) \
	A(v_mfma_f32_4x4x4_16b_f16, v_mfma_f32_4x4x4f16) \
	A(v_mfma_f32_32x32x8_f16, v_mfma_f32_32x32x8f16) \
	A(v_mfma_f32_16x16x16_f16, v_mfma_f32_16x16x16f16) \
	A(v_mfma_i32_32x32x4_2b_i8, v_mfma_i32_32x32x4i8) \
	A(v_mfma_i32_16x16x4_4b_i8, v_mfma_i32_16x16x4i8) \
	A(v_mfma_i32_4x4x4_16b_i8, v_mfma_i32_4x4x4i8) \
	A(v_mfma_f32_32x32x4_2b_bf16, v_mfma_f32_32x32x4bf16_1k) \
	A(v_mfma_f32_16x16x4_4b_bf16, v_mfma_f32_16x16x4bf16_1k) \
	A(v_mfma_f32_4x4x4_16b_bf16, v_mfma_f32_4x4x4bf16_1k) \
	A(v_mfma_f32_32x32x8_bf16, v_mfma_f32_32x32x8bf16_1k) \
	A(v_mfma_f32_16x16x16_bf16, v_mfma_f32_16x16x16bf16_1k) \
	A(v_mfma_f64_16x16x4_f64, v_mfma_f64_16x16x4f64) \
	A(v_mfma_f64_4x4x4_4b_f64, v_mfma_f64_4x4x4f64)

const struct emu_sem emu_sem_valu_mfma[] = {
	VALU_MFMA_LIST(VALU_ENTRY, VALU_ALIAS)
	EMU_SEM_END
};
