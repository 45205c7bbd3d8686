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
 * Products are exact in double (halves, bf16, f32, i8) and accumulated in
 * double in k order, then rounded once; i8 sums are integers below 2^32 in
 * magnitude (|C| < 2^31, at most 32 products of at most 2^14), so exact in
 * double too, and wrap to 32 bits. D lanes are written under EXEC like every
 * VALU result.
 *
 * Cost: the operands are read 4 lanes at a time, as vectors, into matrices
 * laid out for the products (mfma_gather); the products keep their sums in
 * vector registers (mfma_block). The computation is one body compiled
 * twice, for AVX2/FMA hosts and for any x86-64 (chosen at run time,
 * mfma_compute), each copy specialised per input type.
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

typedef double mfma_v4 __attribute__((vector_size(4 * sizeof(double))));
typedef int64_t mfma_v4l __attribute__((vector_size(4 * sizeof(double))));
typedef float mfma_v4f __attribute__((vector_size(4 * sizeof(float))));
typedef int32_t mfma_v4i __attribute__((vector_size(4 * sizeof(float))));
typedef uint32_t mfma_v4u __attribute__((vector_size(4 * sizeof(float))));

/* valu_f16_to_f32 of 4 halves, bits [sh, sh + 16) of s[0..4), its steps
 * as vector operations (test_exec_valu compares the two on all 65536
 * halves). */
static inline __attribute__((always_inline)) mfma_v4f mfma_f16x4(const uint32_t *s, unsigned sh)
{
	float b = u2f(113u << 23);
	mfma_v4u h, o, e, z, den;
	mfma_v4f f, bias = {b, b, b, b};
	memcpy(&h, s, sizeof(h));
	h = (h >> sh) & 0xffff;
	o = (h & 0x7fff) << 13;
	e = o & 0x0f800000u;
	o += (127u - 15u) << 23;
	o += (mfma_v4u)(e == 0x0f800000u) & ((128u - 16u) << 23); /* inf/NaN */
	/* zero/denormal: 2^-14 * 0.m as float arithmetic (exact) */
	den = o + (1u << 23);
	memcpy(&f, &den, sizeof(f));
	f -= bias;
	memcpy(&den, &f, sizeof(den));
	z = (mfma_v4u)(e == 0);
	o = (o & ~z) | (den & z);
	o |= (h & 0x8000) << 16;
	memcpy(&f, &o, sizeof(f));
	return f;
}

/* Element e of lanes [lane, lane + 4) of the operand registers p, as
 * doubles (exact for every type) into d, negated if neg. */
static inline __attribute__((always_inline)) void mfma_elem4(double *restrict d, const uint32_t *const *p,
                                                            unsigned lane, unsigned e, enum mfma_type t, bool neg)
{
	mfma_v4 v = {0};
	mfma_v4u u;
	switch (t) {
	case MF_F32:
		memcpy(&u, &p[e][lane], sizeof(u));
		v = __builtin_convertvector((mfma_v4f)u, mfma_v4);
		break;
	case MF_F16:
		v = __builtin_convertvector(mfma_f16x4(&p[e / 2][lane], 16 * (e % 2)), mfma_v4);
		break;
	case MF_BF16:
		memcpy(&u, &p[e / 2][lane], sizeof(u));
		u = (u >> (16 * (e % 2))) << 16;
		v = __builtin_convertvector((mfma_v4f)u, mfma_v4);
		break;
	case MF_I8:
		memcpy(&u, &p[e / 4][lane], sizeof(u));
		v = __builtin_convertvector((mfma_v4i)(u << (24 - 8 * (e % 4))) >> 24, mfma_v4);
		break;
	default:
		for (unsigned c = 0; c < 4; c++)
			v[c] = u2d((uint64_t)p[2 * e][lane + c] | (uint64_t)p[2 * e + 1][lane + c] << 32);
		break;
	}
	if (neg)
		v = -v;
	memcpy(d, &v, sizeof(v));
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

/* One MFMA's operands and modifiers, read from the wave (mfma). */
struct mfma_job {
	const struct mfma_desc *md;
	struct mfma_shift sh;
	const uint32_t *pa[8], *pb[8], *pc[32];
	unsigned kl, cbsz, abid, blgp;
	bool neg_a, neg_b, neg_c;
};

/* An operand's elements as double matrices dst[(blk * K + k) * R + x]: x is
 * the row of A (R = M, so A is stored transposed) or the column of B
 * (R = N). The R elements of one k sit in R consecutive lanes (layout in
 * the header), so they are read as runs of 16 lanes (R when R < 16); every
 * blgp permutation moves aligned groups of 16 lanes whole, so a run's
 * source lanes are consecutive too. Returns whether every element is
 * finite. */
static inline __attribute__((always_inline)) bool mfma_gather(double *restrict dst, const uint32_t *const *p,
                                                             unsigned rlg, unsigned blg, unsigned K, unsigned kl,
                                                             unsigned blgp, bool neg, enum mfma_type t)
{
	mfma_v4 chk = {0}, v;  /* x - x: 0 for a finite x, NaN for Inf and NaN */
	unsigned R = 1u << rlg, run = R < 16 ? R : 16;
	for (unsigned l0 = 0; l0 < VL; l0 += run) {
		unsigned blk = (l0 >> rlg) & ((1u << blg) - 1), g = l0 >> (rlg + blg);
		unsigned src = blgp_lane(l0, blgp);
		for (unsigned e = 0; e < kl; e++) {
			double *restrict d = &dst[(blk * K + g * kl + e) * R + (l0 & (R - 1))];
			for (unsigned x = 0; x < run; x += 4) {
				mfma_elem4(&d[x], p, src + x, e, t, neg);
				memcpy(&v, &d[x], sizeof(v));
				chk += v - v;
			}
		}
	}
	return chk[0] == 0 && chk[1] == 0 && chk[2] == 0 && chk[3] == 0;
}

/* acc[i][j] += sum_k a[k][i] * b[k][j] for one block (a transposed), k in
 * order for every element: double sums (the products are exact), fused
 * steps for f64. Two rows and W columns at a time, in 2 x W / 4 vectors
 * that stay in registers (independent chains; every y loaded serves both
 * rows).
 * finite: no A or B element is Inf or NaN, so no product is NaN and the NaN
 * of a sum (a NaN C) does not depend on the order of its operands; and as
 * the products are exact, a fused step (x86: one FMA instruction) rounds
 * the same as the sum. Otherwise NaN results are x86's with the operands
 * in a fixed order, whatever order the compiler picks: the first NaN,
 * quieted, of b, a, acc (a fused step), of a, b (a product) and of the
 * product, acc (a sum). */
static inline __attribute__((always_inline)) void mfma_block(double *restrict acc, const double *restrict at,
                                                            const double *restrict b, unsigned m, unsigned n,
                                                            unsigned k, bool fused, bool finite, bool x86,
                                                            unsigned W)
{
	for (unsigned i = 0; i < m; i += 2)
		for (unsigned j0 = 0; j0 < n; j0 += W) {
			mfma_v4 t[2][4], y;
#pragma GCC unroll 2
			for (unsigned r = 0; r < 2; r++)
#pragma GCC unroll 4
				for (unsigned q = 0; q < W / 4; q++)
					memcpy(&t[r][q], &acc[(i + r) * n + j0 + 4 * q], sizeof(y));
			for (unsigned kk = 0; kk < k; kk++) {
				const double *bk = &b[kk * n + j0];
#pragma GCC unroll 4
				for (unsigned q = 0; q < W / 4; q++)
#pragma GCC unroll 2
				for (unsigned r = 0; r < 2; r++) {
					double x = at[kk * m + i + r];
					mfma_v4 *s = t[r];
					memcpy(&y, &bk[4 * q], sizeof(y));
					if (finite && !fused && !x86) {
						s[q] = s[q] + x * y;
					} else if (finite) {
						for (unsigned c = 0; c < 4; c++)
							s[q][c] = fma(x, y[c], s[q][c]);
					} else if (fused) {
						for (unsigned c = 0; c < 4; c++) {
							double f = fma(x, y[c], s[q][c]);
							double first = isnan(y[c]) ? y[c] : isnan(x) ? x : s[q][c];
							s[q][c] = isnan(first) ? first + first : f;
						}
					} else {
						mfma_v4 xv = {x, x, x, x};
						mfma_v4 p = isnan(x) ? xv + xv : x * y;
						mfma_v4l nan = p != p;
						s[q] = (mfma_v4)(((mfma_v4l)s[q] & ~nan) | ((mfma_v4l)p & nan)) + p;
					}
				}
			}
#pragma GCC unroll 2
			for (unsigned r = 0; r < 2; r++)
#pragma GCC unroll 4
				for (unsigned q = 0; q < W / 4; q++)
					memcpy(&acc[(i + r) * n + j0 + 4 * q], &t[r][q], sizeof(y));
		}
}

/* D = C + A x B into out (32-bit result registers, or f64 pairs), for the
 * input type t (a constant in each copy below). */
static inline __attribute__((always_inline)) void mfma_compute_t(const struct mfma_job *j, uint32_t (*out)[VL],
                                                                const enum mfma_type t, const bool x86)
{
	const struct mfma_desc *md = j->md;
	const struct mfma_shift *sh = &j->sh;
	const unsigned M = md->m, N = md->n, K = md->k, B = md->b;
	/* Operands as matrices: at[block][k][i], bm[block][k][j] (at most 512
	 * elements each: 64 lanes x kl). */
	double at[512], bm[512];
	bool finite = mfma_gather(at, j->pa, sh->m, sh->b, K, j->kl, 0, j->neg_a, t);
	finite &= mfma_gather(bm, j->pb, sh->n, sh->b, K, j->kl, j->blgp, j->neg_b, t);

	/* C, accumulated and D as [block][i][j]. */
	double acc[2048];
	for (unsigned bk = 0; bk < B; bk++)
		for (unsigned i = 0; i < M; i++) {
			unsigned r, l0;
			mfma_d_row(md, sh, bk, i, &r, &l0);
			double *restrict x = &acc[(bk * M + i) * N];
			if (t == MF_F64) {
				const uint32_t *lo = j->pc[2 * r] + l0, *hi = j->pc[2 * r + 1] + l0;
				for (unsigned c = 0; c < N; c++)
					x[c] = (j->neg_c ? -1.0 : 1.0) * u2d((uint64_t)lo[c] | (uint64_t)hi[c] << 32);
				continue;
			}
			const uint32_t *restrict c32 = j->pc[r] + l0;
			for (unsigned c = 0; c < N; c += 4) {
				mfma_v4 v;
				mfma_v4u u;
				memcpy(&u, &c32[c], sizeof(u));
				if (t == MF_I8)
					v = __builtin_convertvector((mfma_v4i)u, mfma_v4);
				else
					v = __builtin_convertvector((mfma_v4f)u, mfma_v4);
				memcpy(&x[c], &v, sizeof(v));
			}
		}
	for (unsigned bk = 0; bk < B; bk++) {
		unsigned ab = B > 1 ? (((bk >> j->cbsz) << j->cbsz) + j->abid) % B : bk;
		double *a = &acc[bk * M * N];
		const double *x = &at[ab * K * M], *y = &bm[bk * K * N];
		if (N % 16 == 0 && finite)
			mfma_block(a, x, y, M, N, K, t == MF_F64, true, x86, 16);
		else if (N % 16 == 0)
			mfma_block(a, x, y, M, N, K, t == MF_F64, false, x86, 16);
		else if (finite)
			mfma_block(a, x, y, M, N, K, t == MF_F64, true, x86, 4);
		else
			mfma_block(a, x, y, M, N, K, t == MF_F64, false, x86, 4);
	}

	for (unsigned bk = 0; bk < B; bk++)
		for (unsigned i = 0; i < M; i++) {
			unsigned r, l0;
			mfma_d_row(md, sh, bk, i, &r, &l0);
			const double *restrict x = &acc[(bk * M + i) * N];
			if (t == MF_F64) {
				uint32_t *lo = out[2 * r] + l0, *hi = out[2 * r + 1] + l0;
				for (unsigned c = 0; c < N; c++) {
					lo[c] = (uint32_t)d2u(x[c]);
					hi[c] = (uint32_t)(d2u(x[c]) >> 32);
				}
				continue;
			}
			uint32_t *restrict d32 = out[r] + l0;
			if (t == MF_I8) {
				for (unsigned c = 0; c < N; c++)
					d32[c] = (uint32_t)(int64_t)x[c];
				continue;
			}
			for (unsigned c = 0; c < N; c += 4) {
				mfma_v4 v;
				memcpy(&v, &x[c], sizeof(v));
				mfma_v4f f = __builtin_convertvector(v, mfma_v4f);
				memcpy(&d32[c], &f, sizeof(f));
			}
		}
}

#define MFMA_COMPUTE_TYPES(j, out, x86) \
	do { \
		switch ((enum mfma_type)(j)->md->type) { \
		case MF_F32: mfma_compute_t(j, out, MF_F32, x86); break; \
		case MF_F16: mfma_compute_t(j, out, MF_F16, x86); break; \
		case MF_BF16: mfma_compute_t(j, out, MF_BF16, x86); break; \
		case MF_I8: mfma_compute_t(j, out, MF_I8, x86); break; \
		default: mfma_compute_t(j, out, MF_F64, x86); break; \
		} \
	} while (0)

__attribute__((target("avx2,fma"))) static void mfma_compute_x86(const struct mfma_job *j, uint32_t (*out)[VL])
{
	MFMA_COMPUTE_TYPES(j, out, true);
}

static void mfma_compute(const struct mfma_job *j, uint32_t (*out)[VL])
{
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		mfma_compute_x86(j, out);
	else
		MFMA_COMPUTE_TYPES(j, out, false);
}

static void mfma(struct emu_wave *w, const struct emu_inst *in, const struct mfma_desc *md)
{
	const unsigned M = md->m, N = md->n, K = md->k, B = md->b;
	const enum mfma_type t = md->type;
	const bool f64 = t == MF_F64;
	uint32_t w0 = in->w[0], w1 = in->w[1];
	bool acc_cd = (w0 >> 15) & 1, acc_a = (w1 >> 27) & 1, acc_b = (w1 >> 28) & 1;
	struct mfma_job j = {.md = md, .cbsz = (w0 >> 8) & 7, .abid = (w0 >> 11) & 15, .blgp = w1 >> 29};
	bool gfx942 = w->prog && w->prog->prof && gcn_has(w->prog->prof->tgt, GCN_F_GFX940_INSTS);
	if (f64 && gfx942) {
		j.neg_a = j.blgp & 1;
		j.neg_b = (j.blgp >> 1) & 1;
		j.neg_c = (j.blgp >> 2) & 1;
		j.blgp = 0;
	}
	j.kl = K * M * B / 64;
	unsigned in_dw = j.kl * elem_bytes(t) / 4;
	if (!in_dw)
		in_dw = 1;
	unsigned nelem = M * N * B / 64;        /* results per lane */
	unsigned out_dw = nelem * (f64 ? 2 : 1);

	uint32_t ta[2 * VL], tb[2 * VL], tc[2 * VL];
	mfma_operand(w, in, w1 & 0x1ff, acc_a, in_dw, f64, j.pa, ta);
	mfma_operand(w, in, (w1 >> 9) & 0x1ff, acc_b, in_dw, f64, j.pb, tb);
	mfma_operand(w, in, (w1 >> 18) & 0x1ff, acc_cd, out_dw, f64, j.pc, tc);
	j.sh = (struct mfma_shift){lg2(M), lg2(N), lg2(B), f64 ? 0 : 2, lg2(64 / N), lg2(M * N / 64 ? M * N / 64 : 1)};

	uint32_t out[32][VL];
	mfma_compute(&j, out);

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
