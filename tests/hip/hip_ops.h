/*
 * hip_ops.h — per-work-item formulas shared by the test kernels (tests/hip/<name>.hip,
 * compiled by clang for the GPU) and the checker (tests/hip/check_hip.c,
 * compiled by gcc for the host CPU). The same source text runs on both sides,
 * so a difference in the results is a difference in how the emulated GPU
 * executes the instructions clang chose, not in the formula.
 *
 * Rules for what goes in here: plain C that is also valid C++ (HIP); no
 * undefined behaviour on either side (signed overflow goes through unsigned
 * arithmetic, shifts are masked, divisions and float->int conversions are
 * guarded identically on both sides); floating-point results only where IEEE
 * 754 fixes them (both sides are built with contraction off, so a*b+c is never
 * silently fused), except the hardware's approximate instructions in
 * ho_f32_approx, checked within a stated ULP bound. Cross-lane operations
 * (DPP, permutes, ballots), LDS, atomics and memory-access tests cannot be
 * written once: the checker models those itself.
 */
#ifndef HIP_OPS_H
#define HIP_OPS_H

#if defined(__HIP__)
#define HO_FN static __device__ __forceinline__
#else
#define HO_FN static inline
#endif

typedef unsigned char ho_u8;
typedef unsigned short ho_u16;
typedef unsigned int ho_u32;
typedef int ho_i32;
typedef unsigned long long ho_u64;
typedef long long ho_i64;

/* Outputs per element of each per-element test (the kernels and the checker
 * both size their arrays with these). */
#define HO_INT32_N 20
#define HO_INT64_N 18
#define HO_F32_N 24
#define HO_F32A_N 5
#define HO_F16_N 10
#define HO_F64_N 12
#define HO_BITS_N 20
#define HO_CTRL_N 6
#define HO_INT16_N 12
#define HO_PK_N 12
#define HO_MEM_N 6
#define HO_LDSW_N 8
#define HO_WAVE_DPP_N 12
#define HO_WAVE_PERM_N 9
#define HO_WAVE_RED_N 4
#define HO_LDS_ATOM_N 68     /* words per work-group written by lds_atomics */

/* DPP_CTRL values (GFX9 ISA, DPP_CTRL enumeration). */
#define HO_QUAD_PERM(a, b, c, d) ((a) | (b) << 2 | (c) << 4 | (d) << 6)
#define HO_ROW_SHL(n) (0x100 + (n))
#define HO_ROW_SHR(n) (0x110 + (n))
#define HO_ROW_ROR(n) (0x120 + (n))
#define HO_WAVE_SHL1 0x130
#define HO_WAVE_ROL1 0x134
#define HO_WAVE_SHR1 0x138
#define HO_WAVE_ROR1 0x13c
#define HO_ROW_MIRROR 0x140
#define HO_ROW_HALF_MIRROR 0x141
#define HO_ROW_BCAST15 0x142
#define HO_ROW_BCAST31 0x143

/* The DPP moves of wave_dpp, one per output: X(output, dpp_ctrl, row_mask,
 * bank_mask, bound_ctrl, name). The kernel issues them (wave.hip), the
 * checker models them (check_hip.c). */
#define HO_WAVE_DPP_OPS(X)                                                                     \
	X(0, HO_QUAD_PERM(1, 0, 3, 2), 0xf, 0xf, false, "quad_perm:[1,0,3,2]")                 \
	X(1, HO_ROW_SHR(1), 0xf, 0xf, false, "row_shr:1")                                      \
	X(2, HO_ROW_SHR(3), 0xf, 0xf, true, "row_shr:3 bound_ctrl")                            \
	X(3, HO_ROW_SHL(2), 0xf, 0xf, false, "row_shl:2")                                      \
	X(4, HO_ROW_ROR(5), 0xf, 0xf, false, "row_ror:5")                                      \
	X(5, HO_ROW_MIRROR, 0xf, 0xf, false, "row_mirror")                                     \
	X(6, HO_ROW_HALF_MIRROR, 0xf, 0xf, false, "row_half_mirror")                           \
	X(7, HO_ROW_SHR(1), 0x5, 0x3, false, "row_shr:1 row_mask:0x5 bank_mask:0x3")           \
	X(8, HO_WAVE_SHR1, 0xf, 0xf, true, "wave_shr:1 bound_ctrl")                            \
	X(9, HO_WAVE_ROL1, 0xf, 0xf, false, "wave_rol:1")                                      \
	X(10, HO_ROW_BCAST15, 0xa, 0xf, false, "row_bcast:15 row_mask:0xa")                    \
	X(11, HO_ROW_BCAST31, 0xc, 0xf, false, "row_bcast:31 row_mask:0xc")

/* addr64.hip: strides and the pointer chase */
#define HO_STRIDE_WORDS ((1u << 18) + 5u)   /* 1 MiB + 20 bytes */
#define HO_NODES 4096u
#define HO_NODE_BYTES 4104u                 /* not a power of two */
#define HO_CHASE_STEPS 100

/* ---- bit manipulation with a host fallback ---------------------------- */

HO_FN ho_u32 ho_brev32(ho_u32 x)
{
#if defined(__HIP__)
	return __builtin_bitreverse32(x);
#else
	ho_u32 r = 0;
	for (int i = 0; i < 32; i++)
		r |= ((x >> i) & 1u) << (31 - i);
	return r;
#endif
}

HO_FN ho_u64 ho_brev64(ho_u64 x)
{
	return ((ho_u64)ho_brev32((ho_u32)x) << 32) | ho_brev32((ho_u32)(x >> 32));
}

/* v_perm_b32 (GFX9 ISA, "V_PERM_B32"): the bytes of {S0, S1} are numbered 0-3
 * for S1 and 4-7 for S0; each selector byte picks one of them (0-7), the sign
 * of byte 1/3/5/7 replicated (8-11), 0x00 (12) or 0xff (13 and up). Checked
 * against LLVM's constant folding of llvm.amdgcn.perm. */
HO_FN ho_u32 ho_perm(ho_u32 s0, ho_u32 s1, ho_u32 sel)
{
#if defined(__HIP__)
	return __builtin_amdgcn_perm(s0, s1, sel);
#else
	ho_u64 in = ((ho_u64)s0 << 32) | s1;
	ho_u32 r = 0;
	for (int i = 0; i < 4; i++) {
		ho_u32 s = (sel >> (8 * i)) & 0xffu, b;
		if (s >= 13)
			b = 0xff;
		else if (s == 12)
			b = 0;
		else if (s >= 8)
			b = ((in >> (8 * (2 * (s - 8) + 1) + 7)) & 1u) ? 0xff : 0;
		else
			b = (ho_u32)(in >> (8 * s)) & 0xffu;
		r |= b << (8 * i);
	}
	return r;
#endif
}

/* v_bfe_u32 / v_bfe_i32: offset = S1[4:0], width = S2[4:0]; width 0 gives 0,
 * a field reaching bit 31 is a plain shift (checked against LLVM's constant
 * folding of llvm.amdgcn.ubfe/sbfe). */
HO_FN ho_u32 ho_ubfe(ho_u32 x, ho_u32 off, ho_u32 w)
{
#if defined(__HIP__)
	return __builtin_amdgcn_ubfe(x, off, w);
#else
	off &= 31;
	w &= 31;
	if (w == 0)
		return 0;
	if (off + w < 32)
		return (x << (32 - off - w)) >> (32 - w);
	return x >> off;
#endif
}

HO_FN ho_i32 ho_sbfe(ho_i32 x, ho_u32 off, ho_u32 w)
{
#if defined(__HIP__)
	return __builtin_amdgcn_sbfe(x, off, w);
#else
	/* ho_ubfe's field with its top bit (bit w-1, or bit 31-off when the
	 * field reaches bit 31) copied upwards */
	ho_u32 n = (off & 31) + (w & 31) < 32 ? w & 31 : 32 - (off & 31);
	ho_u32 u = ho_ubfe((ho_u32)x, off, w);

	return n ? (ho_i32)(u << (32 - n)) >> (32 - n) : 0;
#endif
}

/* ---- raw bits of floats ------------------------------------------------ */

HO_FN float ho_bits_f32(ho_u32 u)
{
	float f;
	__builtin_memcpy(&f, &u, 4);
	return f;
}

HO_FN ho_u32 ho_f32_bits(float f)
{
	ho_u32 u;
	__builtin_memcpy(&u, &f, 4);
	return u;
}

HO_FN ho_u64 ho_f64_bits(double f)
{
	ho_u64 u;
	__builtin_memcpy(&u, &f, 8);
	return u;
}

/* ---- integer arithmetic ---------------------------------------------- */

/* Divisors of different magnitudes so the division expansions meet small,
 * large and power-of-two divisors and the signed corner cases. */
HO_FN ho_i32 ho_divisor32(ho_u32 i, ho_i32 b)
{
	switch (i & 7) {
	case 0: return b >> 20;              /* small */
	case 1: return b >> 28;              /* tiny, often 0 or -1 */
	case 2: return 1 << (b & 30);        /* power of two */
	case 3: return -1;                   /* INT_MIN / -1 corner */
	default: return b;
	}
}

/* What int32_ops and int64_ops both compute, at the width of the signed
 * type T (ua, ub: a, b unsigned; d, ud: the divisors, never 0; s: the
 * masked shift count; bad: a / d overflows): o[0..2] and o[5..16]. o[3] and
 * o[4], the high halves of the products, are written per width. */
#define HO_INT_OPS(T, o, a, b, ua, ub, d, ud, s, bad)                                   \
	do {                                                                             \
		o[0] = (T)(ua + ub);                                                     \
		o[1] = (T)(ua - ub);                                                     \
		o[2] = (T)(ua * ub);                                                     \
		o[5] = bad ? a : a / d;                                                  \
		o[6] = bad ? 0 : a % d;                                                  \
		o[7] = (T)(ua / ud);                                                     \
		o[8] = (T)(ua % ud);                                                     \
		o[9] = (T)(ua << s);                                                     \
		o[10] = a >> s;                                                          \
		o[11] = (T)(ua >> s);                                                    \
		o[12] = a < b ? a : b;                                                   \
		o[13] = a > b ? a : b;                                                   \
		o[14] = (T)(ua < ub ? ua : ub);                                          \
		o[15] = (T)(ua > ub ? ua : ub);                                          \
		o[16] = (a < b) | (ua < ub) << 1 | (a == b) << 2 | (a >= 0) << 3;        \
	} while (0)

HO_FN void ho_int32(ho_u32 i, ho_i32 a, ho_i32 b0, ho_i32 *o)
{
	ho_i32 b = ho_divisor32(i, b0);
	ho_u32 ua = (ho_u32)a, ub = (ho_u32)b;
	ho_i32 d = b == 0 ? 7 : b;
	ho_u32 ud = ub == 0 ? 7u : ub;
	ho_u32 s = ub & 31;
	int bad = a == (ho_i32)0x80000000 && d == -1;

	HO_INT_OPS(ho_i32, o, a, b, ua, ub, d, ud, s, bad);
	o[3] = (ho_i32)(((ho_i64)a * (ho_i64)b) >> 32);
	o[4] = (ho_i32)(((ho_u64)ua * (ho_u64)ub) >> 32);
	o[17] = (ho_i32)((ua & 0xffffffu) * (ub & 0xffffffu)); /* 24-bit multiply pattern */
	o[18] = a == (ho_i32)0x80000000 ? a : (a < 0 ? -a : a);
	o[19] = (ho_i32)((ua / 3u) + (ho_u32)(a / 10) + (ua % 1000u)); /* constant divisors */
}

HO_FN ho_i64 ho_divisor64(ho_u32 i, ho_i64 b)
{
	switch (i & 7) {
	case 0: return b >> 40;
	case 1: return b >> 60;
	case 2: return (ho_i64)1 << (b & 62);
	case 3: return -1;
	case 4: return b >> 31;              /* fits 33 bits: the 32-bit fast path's edge */
	default: return b;
	}
}

HO_FN void ho_int64(ho_u32 i, ho_i64 a, ho_i64 b0, ho_i64 *o)
{
	ho_i64 b = ho_divisor64(i, b0);
	ho_u64 ua = (ho_u64)a, ub = (ho_u64)b;
	ho_i64 d = b == 0 ? 7 : b;
	ho_u64 ud = ub == 0 ? 7u : ub;
	ho_u32 s = (ho_u32)ub & 63;
	int bad = a == (ho_i64)0x8000000000000000ull && d == -1;

	HO_INT_OPS(ho_i64, o, a, b, ua, ub, d, ud, s, bad);
	o[3] = (ho_i64)(((unsigned __int128)ua * ub) >> 64);
	o[4] = (ho_i64)(((__int128)a * b) >> 64);
	o[17] = (ho_i64)((ho_u64)(ho_u32)ua * (ho_u64)(ho_u32)ub + (ua >> 32) * 0x9e3779b9ull);
}

/* 16-bit integers (v_add_u16, v_mad_u16, SDWA, 16-bit division through
 * the f32 reciprocal). Arithmetic goes through u32 so that C's promotion to
 * int cannot overflow. */
HO_FN void ho_int16(ho_u32 i, ho_u16 a, ho_u16 b, ho_u16 c, ho_u16 *o)
{
	short sa = (short)a, sb = (short)b;
	ho_u16 ub = b ? b : 3;
	short db = (sb == 0 || (sb == -1 && sa == -32768)) ? 5 : sb;
	ho_u32 s = b & 15;

	o[0] = (ho_u16)((ho_u32)a + b);
	o[1] = (ho_u16)((ho_u32)a - b);
	o[2] = (ho_u16)((ho_u32)a * b);
	o[3] = (ho_u16)((ho_u32)a * b + c);
	o[4] = (ho_u16)((ho_u32)a << s);
	o[5] = (ho_u16)(a >> s);
	o[6] = (ho_u16)(sa >> s);
	o[7] = (ho_u16)(sa < sb ? sa : sb);
	o[8] = a > b ? a : b;
	o[9] = (ho_u16)(a / ub);
	o[10] = (ho_u16)(sa % db);
	o[11] = (ho_u16)((i & 1) ? sa / db : (short)(c / ub));
}

/* Packed 2 x 16-bit math (v_pk_*) and f16 -> f32 mixed precision
 * (v_fma_mix / v_mad_mix where the target has them). Every f16 operation is
 * its own statement: the assignment rounds it, on both sides. */
typedef ho_u16 ho_us2 __attribute__((vector_size(4)));
typedef short ho_ss2 __attribute__((vector_size(4)));
typedef _Float16 ho_h2 __attribute__((vector_size(4)));

HO_FN ho_u32 ho_v4_bits(const void *v)
{
	ho_u32 u;
	__builtin_memcpy(&u, v, 4);
	return u;
}

HO_FN void ho_pk(ho_us2 x, ho_us2 y, ho_us2 z, ho_h2 p, ho_h2 q, ho_h2 r, float f, ho_u32 *o)
{
	ho_us2 sh = y & (ho_us2){ 15, 15 };
	ho_us2 a = x + y, m = x * y, madd = m + z, d = x - y, l = x << sh;
	ho_ss2 ar = (ho_ss2)x >> (ho_ss2)sh;
	ho_h2 hs = p + q, hm = p * q, hma = hm + r, hn = -p;

	o[0] = ho_v4_bits(&a);
	o[1] = ho_v4_bits(&madd);
	o[2] = ho_v4_bits(&d);
	o[3] = ho_v4_bits(&l);
	o[4] = ho_v4_bits(&ar);
	o[5] = ho_v4_bits(&hs);
	o[6] = ho_v4_bits(&hm);
	o[7] = ho_v4_bits(&hma);
	o[8] = ho_v4_bits(&hn);
	o[9] = ho_f32_bits(__builtin_fmaf((float)p[0], (float)q[1], f));
	o[10] = ho_f32_bits((float)p[1] * (float)q[0]);
	o[11] = ho_f32_bits((float)r[0] + f);
}

/* ---- bits ------------------------------------------------------------- */

HO_FN void ho_bits(ho_u32 i, ho_u32 a, ho_u32 b, ho_u64 q, ho_u32 *o)
{
	ho_u32 s = b & 31;
	ho_u32 z = (i & 15) == 0 ? 0 : a;  /* zero inputs for the clz/ctz(0) paths */
	ho_u64 zq = (i & 15) == 1 ? 0 : q;

	o[0] = (ho_u32)__builtin_popcount(a);
	o[1] = z ? (ho_u32)__builtin_clz(z) : 32u;
	o[2] = z ? (ho_u32)__builtin_ctz(z) : 32u;
	o[3] = ho_brev32(a);
	o[4] = s ? (a << s) | (a >> (32 - s)) : a;     /* rotate left */
	o[5] = s ? (a >> s) | (a << (32 - s)) : a;     /* rotate right */
	o[6] = ho_perm(a, b, 0x0c0d0809u ^ (i & 0x03030303u));
	o[7] = ho_perm(a, b, (b >> 3) & 0x0f0f0f0fu);  /* every selector value */
	o[8] = __builtin_bswap32(a);
	o[9] = ho_ubfe(a, b, b >> 5);
	o[10] = (ho_u32)ho_sbfe((ho_i32)a, b >> 10, b >> 15);
	o[11] = (ho_u32)__builtin_popcountll(q);
	o[12] = zq ? (ho_u32)__builtin_clzll(zq) : 64u;
	o[13] = zq ? (ho_u32)__builtin_ctzll(zq) : 64u;
	o[14] = (ho_u32)ho_brev64(q);
	o[15] = (ho_u32)(ho_brev64(q) >> 32);
	o[16] = (a & ~b) ^ (a | (b >> 7)) ^ ~(a ^ b);
	o[17] = (ho_u32)((((ho_u64)a << 32) | b) >> (s + 1));  /* funnel shift (alignbit) */
	o[18] = z ? 31u - (ho_u32)__builtin_clz(z) : 0xffffffffu; /* log2 / find last set */
	o[19] = (a & 0xff) + ((a >> 8) & 0xff) + ((a >> 16) & 0xff) + (a >> 24);
}

/* ---- floating point --------------------------------------------------- */

/* float -> integer conversions only where C defines them (the guard runs on
 * both sides; NaN fails every comparison and takes the 0). */
HO_FN ho_i32 ho_f2i(float x)
{
	return x > -2147483904.0f && x < 2147483648.0f ? (ho_i32)x : 0;
}

HO_FN ho_u32 ho_f2u(float x)
{
	return x > -1.0f && x < 4294967296.0f ? (ho_u32)x : 0u;
}

HO_FN ho_i64 ho_d2l(double x)
{
	return x > -9223372036854777856.0 && x < 9223372036854775808.0 ? (ho_i64)x : 0;
}

HO_FN ho_u64 ho_d2ul(double x)
{
	return x > -1.0 && x < 18446744073709551616.0 ? (ho_u64)x : 0ull;
}

/* What f32_ops and f64_ops both compute, in the precision of a, b, c: the
 * operations IEEE 754 rounds exactly, as raw bits (bits()): o[0..5]. */
#define HO_IEEE_OPS(o, bits, fma, sqrt, a, b, c)                                        \
	do {                                                                             \
		o[0] = bits(a + b);                                                      \
		o[1] = bits(a - b);                                                      \
		o[2] = bits(a * b);                                                      \
		o[3] = bits(a / b);                                                      \
		o[4] = bits(fma(a, b, c));                                               \
		o[5] = bits(sqrt(a));                                                    \
	} while (0)

/* Outputs are raw bits (u32), so that the comparison can treat NaNs alike
 * and still tell -0 from +0. ia/ul are integers to convert. */
HO_FN void ho_f32(float a, float b, float c, ho_i32 ia, ho_u64 ul, ho_u32 *o)
{
	HO_IEEE_OPS(o, ho_f32_bits, __builtin_fmaf, __builtin_sqrtf, a, b, c);
	o[6] = ho_f32_bits(__builtin_fabsf(a));
	o[7] = ho_f32_bits(-b);
	o[8] = ho_f32_bits((float)ia);
	o[9] = ho_f32_bits((float)(ho_u32)ia);
	o[10] = (ho_u32)ho_f2i(a);
	o[11] = ho_f2u(b);
	o[12] = ho_f32_bits(__builtin_floorf(a));
	o[13] = ho_f32_bits(__builtin_ceilf(b));
	o[14] = ho_f32_bits(__builtin_truncf(c));
	o[15] = ho_f32_bits(__builtin_rintf(a));
	o[16] = ho_f32_bits(__builtin_copysignf(a, b));
	o[17] = ho_f32_bits(__builtin_ldexpf(a, (ia & 63) - 32));
	o[18] = (a < b) | (a == b) << 1 | (a > b) << 2 | (a != a) << 3 | (a <= c) << 4;
	o[19] = ho_f32_bits((float)ul);
	o[20] = ho_f32_bits((float)(ho_i64)ul);
	o[21] = ho_f32_bits(1.0f / c);
	o[22] = ho_f32_bits(a * b + c);             /* two roundings: contraction is off */
	o[23] = (ho_u32)ho_d2l((double)a * 65536.0); /* f32 -> f64 exact, then to i64 */
}

/* The hardware's approximate f32 instructions (v_rcp, v_exp, v_log, v_rsq,
 * v_sqrt: 1 ULP per the GFX9 ISA's accuracy notes) against the same function
 * computed in double on the host and rounded once; the checker allows 2 ULP.
 * Inputs outside the range where input and result are normal give 0 on both
 * sides (denormal handling of these instructions is a separate matter). */
HO_FN int ho_normal(float x)
{
	return __builtin_fabsf(x) >= 0x1p-125f && __builtin_fabsf(x) <= 0x1p125f;
}

HO_FN void ho_f32_approx(float a, float e, ho_u32 *o)
{
#if defined(__HIP__)
	float rcp = __builtin_amdgcn_rcpf(a), ex = __builtin_amdgcn_exp2f(e);
	float lg = __builtin_amdgcn_logf(a), rsq = __builtin_amdgcn_rsqf(a), sq = __builtin_amdgcn_sqrtf(a);
#else
	float rcp = (float)(1.0 / (double)a), ex = (float)__builtin_exp2((double)e);
	float lg = (float)__builtin_log2((double)a), rsq = (float)(1.0 / __builtin_sqrt((double)a));
	float sq = (float)__builtin_sqrt((double)a);
#endif
	o[0] = ho_normal(a) ? ho_f32_bits(rcp) : 0;
	o[1] = e > -120.0f && e < 120.0f ? ho_f32_bits(ex) : 0;
	o[2] = a > 0 && ho_normal(a) ? ho_f32_bits(lg) : 0;
	o[3] = a > 0 && ho_normal(a) ? ho_f32_bits(rsq) : 0;
	o[4] = a > 0 && ho_normal(a) ? ho_f32_bits(sq) : 0;
}

HO_FN void ho_f16(_Float16 a, _Float16 b, _Float16 c, ho_i32 ia, float fa, ho_u16 *o)
{
	_Float16 r[HO_F16_N];

	r[0] = a + b;
	r[1] = a - b;
	r[2] = a * b;
	r[3] = (_Float16)__builtin_fmaf((float)a, (float)b, (float)c); /* exact in f32, one rounding to f16 */
	r[4] = (_Float16)fa;               /* f32 -> f16, round to nearest even */
	r[5] = (_Float16)(ia & 0x7ff);     /* small integers are exact */
	r[6] = a < b ? a : b;
	r[7] = -a;
	r[8] = (_Float16)((float)a * (float)b + (float)c); /* in f32, then to f16 */
	r[9] = (_Float16)(float)(ho_i32)(float)a;          /* f16 -> f32 -> trunc */
	for (int i = 0; i < HO_F16_N; i++)
		__builtin_memcpy(&o[i], &r[i], 2);
}

HO_FN void ho_f64(double a, double b, double c, ho_i64 l, float f, ho_u64 *o)
{
	HO_IEEE_OPS(o, ho_f64_bits, __builtin_fma, __builtin_sqrt, a, b, c);
	o[6] = ho_f64_bits((double)l);
	o[7] = (ho_u64)ho_d2l(b);
	o[8] = ho_f64_bits((double)f);
	o[9] = (ho_u64)ho_f32_bits((float)a);
	o[10] = ho_d2ul(c) ^ ho_f64_bits((double)(ho_u64)l);
	o[11] = ho_f64_bits(__builtin_floor(a) + __builtin_trunc(c));
}

/* ---- control flow ----------------------------------------------------- */

/* Divergent control flow: branches on the lane and the data, loops whose trip
 * count differs per lane, an early return, a switch. */
HO_FN ho_u32 ho_collatz(ho_u32 x)
{
	ho_u32 n = 0;
	x = (x & 0xffff) + 1;
	while (x != 1 && n < 300) {
		x = (x & 1) ? 3 * x + 1 : x / 2;
		n++;
	}
	return n;
}

HO_FN ho_u32 ho_early(ho_u32 a)
{
	if ((a % 7) == 0)
		return 0xdead0000u | (a & 0xffff);
	for (ho_u32 k = 0; k < (a & 31); k++) {
		if ((a >> k) & 1)
			a ^= a << 3;
		else
			a += k;
		if (a % 13 == 0)
			return a;
	}
	return ~a;
}

HO_FN void ho_ctrl(ho_u32 lane, ho_u32 gid, ho_u32 a, ho_u32 b, ho_u32 *o)
{
	ho_u32 x;

	if (lane & 1)
		x = a * 3;
	else
		x = b ^ 0x5a5a5a5a;
	if (lane < 17) {
		if ((a & 3) == 0)
			x += 100;
		else
			x -= 7;
	} else if (lane >= 40 && (b & 1)) {
		x = ~x;
	}
	o[0] = x;
	o[1] = ho_collatz(a ^ gid);
	o[2] = ho_early(b + gid);
	switch ((a >> 4) & 7) {
	case 0: x = a + b; break;
	case 1: x = a - b; break;
	case 2: x = a * b; break;
	case 3: x = a & b; break;
	case 4: x = a | b; break;
	case 5: x = a ^ b; break;
	default: x = a; break;
	}
	o[3] = x;
	/* nested loops with lane-dependent trip counts */
	x = 0;
	for (ho_u32 i = 0; i < (lane & 7); i++)
		for (ho_u32 j = 0; j <= (a >> (i * 3) & 7); j++)
			x = x * 31 + i + j;
	o[4] = x;
	/* a loop exit that depends on data computed in the loop */
	x = a | 1;
	ho_u32 n = 0;
	do {
		x = x * 1103515245u + 12345u;
		n++;
	} while ((x >> 28) != (b >> 28) && n < 200);
	o[5] = n;
}

/* ---- private memory (scratch) ----
 * A work-item's array indexed by data: too large and too randomly indexed for
 * clang to keep in registers at -O3, so it lives in the private segment
 * (scratch: buffer_store/load through the private segment buffer on
 * gfx900/gfx90a, scratch_* with architected flat scratch on gfx942). */
#define HO_PRIV_N 3
#define HO_PRIV_LEN 64
HO_FN void ho_private(ho_u32 a, ho_u32 b, ho_u32 *o)
{
	ho_u32 t[HO_PRIV_LEN];
	for (ho_u32 i = 0; i < HO_PRIV_LEN; i++)
		t[i] = a * (i + 1) ^ (b >> (i & 15));
	ho_u32 s = 0, k = b;
	for (ho_u32 i = 0; i < HO_PRIV_LEN; i++) {
		k = k * 1103515245u + 12345u;
		s += t[(k >> 16) % HO_PRIV_LEN] ^ i;
	}
	t[a % HO_PRIV_LEN] = s;             /* a store through a data index, read back */
	o[0] = s;
	o[1] = t[b % HO_PRIV_LEN];
	o[2] = t[(a ^ b) % HO_PRIV_LEN];
}

#endif
