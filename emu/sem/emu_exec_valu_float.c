/*
 * emu_exec_valu_float — fp32 and fp64 VALU semantics (GFX9 ISA "Vector ALU
 * Operations"; special cases of the division helpers and transcendentals
 * follow the ISA pseudocode, noted per handler).
 *
 * Host float arithmetic is IEEE with round-to-nearest-even; fmaf/fma, sqrt,
 * division are correctly rounded, which is within every VALU error bound.
 */
#include <fenv.h>
#include <stdlib.h>

#include "sem/emu_exec_valu.h"

#define F32_SRC(v, i) valu_fsrc(&(v), (i), EMU_T_F32, 1)
#define F64_SRC(v, i) valu_fsrc(&(v), (i), EMU_T_F64, 2)

/* Lane loops write all 64 lanes with no branch, in SIMD kernels
 * (VALU_SIMD) with restrict parameters so that they vectorise, and report
 * whether any result is a NaN; only then does valu_fix_nan32 apply the NaN
 * rules. Each pass does lanes l and l + 32: two host vectors per pass halve
 * the loop overhead, which GCC -O2 does not unroll. */
#define VH (VL / 2)
/* The pieces of each width, W32 (singles, one dword a lane) and W64
 * (doubles, two: dword d of lane l at p[d * 64 + l]), for the macros that
 * serve both. */
#define W32_KIND VALU_F32
#define W64_KIND VALU_F64
#define W32_NDW 1
#define W64_NDW 2
#define W32_SRC(v, i) F32_SRC(v, i)
#define W64_SRC(v, i) F64_SRC(v, i)
#define W32_PUT(p, l, x) ((p)[l] = (x))
#define W64_PUT(p, l, x) put64(p, l, x)
#define W32_FIX_NAN valu_fix_nan32
#define W64_FIX_NAN valu_fix_nan64

/* name##_lanes for FOP: singles in a SIMD kernel that reports NaN results;
 * doubles lane by lane, always followed by valu_fix_nan64's scan. */
#define W32_LANES(name, expr) \
	static inline float name##_op(float a, float b, float c) \
	{ \
		(void)b, (void)c; \
		return (expr); \
	} \
	VALU_SIMD static uint32_t name##_lanes(uint32_t *restrict r, const uint32_t *restrict pa, \
	                                       const uint32_t *restrict pb, const uint32_t *restrict pc) \
	{ \
		uint32_t nan = 0; \
		for (unsigned l = 0; l < VH; l++) { \
			float x = name##_op(u2f(pa[l]), u2f(pb[l]), u2f(pc[l])); \
			float y = name##_op(u2f(pa[VH + l]), u2f(pb[VH + l]), u2f(pc[VH + l])); \
			r[l] = f2u(x); \
			r[VH + l] = f2u(y); \
			nan |= (x != x) | (y != y); \
		} \
		return nan; \
	}
#define W64_LANES(name, expr) \
	static inline uint32_t name##_lanes(uint32_t *restrict r, const uint32_t *restrict pa, \
	                                    const uint32_t *restrict pb, const uint32_t *restrict pc) \
	{ \
		(void)pc; \
		for (unsigned l = 0; l < VL; l++) { \
			double a = u2d(lane64(pa, l)), b = u2d(lane64(pb, l)); \
			(void)b; \
			put64(r, l, d2u(expr)); \
		} \
		return 1; \
	}

/* An arithmetic op of nsrc (1 to 3) sources a, b, c of width W, its result
 * expr; the NaN rules apply after the loop. */
#define FOP(name, W, nsrc, expr) \
	W##_LANES(name, expr) \
	VALU_HANDLER(name) \
	{ \
		struct valu v; \
		valu_init(&v, w, in, W##_KIND); \
		const uint32_t *pa = W##_SRC(v, 0); \
		const uint32_t *pb = nsrc > 1 ? W##_SRC(v, 1) : pa; \
		const uint32_t *pc = nsrc > 2 ? W##_SRC(v, 2) : NULL; \
		if (name##_lanes(v.res, pa, pb, pc ? pc : pa)) \
			W##_FIX_NAN(&v, pa, pb, pc); \
		valu_fwrite(&v, W##_NDW); \
	}
#define F32_1(name, expr) FOP(name, W32, 1, expr)
#define F32_2(name, expr) FOP(name, W32, 2, expr)
#define F32_3(name, expr) FOP(name, W32, 3, expr)
#define F64_1(name, expr) FOP(name, W64, 1, expr)
#define F64_2(name, expr) FOP(name, W64, 2, expr)
/* The same one-source op in both widths: v_<op>_f32 and v_<op>_f64. */
#define F32_F64_1(op, e32, e64) F32_1(v_##op##_f32, e32) F64_1(v_##op##_f64, e64)

/* A handler over three sources of width W, lane by lane: `pre` before the
 * loop, `lane` the result bits of lane l (from pa, pb, pc), `post` before
 * the write. */
#define FLANES3(name, W, pre, lane, post) \
	VALU_LANES(name, W##_KIND, \
	           const uint32_t *restrict pa = W##_SRC(v, 0); const uint32_t *restrict pb = W##_SRC(v, 1); \
	           const uint32_t *restrict pc = W##_SRC(v, 2); pre, \
	           W##_PUT(v.res, l, lane), post; valu_fwrite(&v, W##_NDW))

/* ---- min/max ----
 * IEEE mode (MODE[9], set for compute): a signaling NaN input gives a quiet
 * NaN, a quiet NaN input yields the other operand. Without IEEE mode any NaN
 * yields the other operand. -0 orders below +0. */
static inline uint32_t f32_minmax(uint32_t a, uint32_t b, bool max, bool ieee)
{
	bool na = f32_isnan(a), nb = f32_isnan(b);
	if (na || nb) {
		if (ieee && na && !(a & 0x400000u))
			return a | 0x400000u;
		if (ieee && nb && !(b & 0x400000u))
			return b | 0x400000u;
		return na ? (nb ? a | 0x400000u : b) : a;
	}
	float fa = u2f(a), fb = u2f(b);
	if (fa == fb) /* equal values differ only in the sign of zero */
		return max ? (a & b) : (a | b);
	return (fa < fb) != max ? a : b;
}
static inline uint64_t f64_minmax(uint64_t a, uint64_t b, bool max, bool ieee)
{
	const uint64_t q = 0x0008000000000000ull;
	bool na = isnan(u2d(a)), nb = isnan(u2d(b));
	if (na || nb) {
		if (ieee && na && !(a & q))
			return a | q;
		if (ieee && nb && !(b & q))
			return b | q;
		return na ? (nb ? a | q : b) : a;
	}
	double fa = u2d(a), fb = u2d(b);
	if (fa == fb)
		return max ? (a & b) : (a | b);
	return (fa < fb) != max ? a : b;
}

/* Three-source min/max/median, lane by lane with the NaN rules. */
#define MINMAX32_3(name, expr) \
	VALU_LANES(name, VALU_F32, \
	           bool ieee = (w->mode >> 9) & 1; const uint32_t *restrict pa = F32_SRC(v, 0); \
	           const uint32_t *restrict pb = F32_SRC(v, 1); const uint32_t *restrict pc = F32_SRC(v, 2), \
	           uint32_t a = pa[l]; uint32_t b = pb[l]; uint32_t c = pc[l]; v.res[l] = (expr), \
	           valu_fwrite(&v, 1))

/* v_min_f32 / v_max_f32: f32_minmax without its NaN rules, branch-free so
 * that it vectorises; returns nonzero when some input is NaN, and then the
 * handler applies the rules lane by lane instead. */
#define MINMAX32_LANES(name, max) \
	VALU_SIMD static uint32_t name(uint32_t *restrict r, const uint32_t *restrict pa, \
	                               const uint32_t *restrict pb) \
	{ \
		uint32_t nan = 0; \
		for (unsigned l = 0; l < VL; l++) { \
			uint32_t a = pa[l], b = pb[l]; \
			float fa = u2f(a), fb = u2f(b); \
			/* equal values differ only in the sign of zero */ \
			uint32_t eq = max ? a & b : a | b, ne = (fa < fb) != max ? a : b; \
			r[l] = fa == fb ? eq : ne; \
			nan |= (fa != fa) | (fb != fb); \
		} \
		return nan; \
	}
MINMAX32_LANES(min32_lanes, false)
MINMAX32_LANES(max32_lanes, true)

#define MINMAX32_2(name, lanes, max) \
	VALU_HANDLER(name) \
	{ \
		struct valu v; \
		valu_init(&v, w, in, VALU_F32); \
		bool ieee = (w->mode >> 9) & 1; \
		const uint32_t *restrict pa = F32_SRC(v, 0), *restrict pb = F32_SRC(v, 1); \
		if (lanes(v.res, pa, pb)) \
			for (unsigned l = 0; l < VL; l++) \
				v.res[l] = f32_minmax(pa[l], pb[l], max, ieee); \
		valu_fwrite(&v, 1); \
	}

/* Median as the hardware (and LLVM's fmed3 folding) computes it: the larger of
 * the two operands that are not the maximum, NaNs ignored as by maxnum. */
static inline uint32_t f32_med3(uint32_t a, uint32_t b, uint32_t c, bool ieee)
{
	uint32_t mx = f32_minmax(f32_minmax(a, b, true, false), c, true, false);
	if (f32_isnan(a) || f32_isnan(b) || f32_isnan(c)) {
		if (ieee && ((f32_isnan(a) && !(a & 0x400000u)) || (f32_isnan(b) && !(b & 0x400000u)) ||
		             (f32_isnan(c) && !(c & 0x400000u))))
			return 0x7fc00000u;
	}
	if (mx == a)
		return f32_minmax(b, c, true, false);
	if (mx == b)
		return f32_minmax(a, c, true, false);
	return f32_minmax(a, b, true, false);
}

MINMAX32_2(v_min_f32, min32_lanes, false)
MINMAX32_2(v_max_f32, max32_lanes, true)
#define MINMAX32_3_OPS(X) \
	X(v_min3_f32, f32_minmax(f32_minmax(a, b, false, ieee), c, false, ieee)) \
	X(v_max3_f32, f32_minmax(f32_minmax(a, b, true, ieee), c, true, ieee)) \
	X(v_med3_f32, f32_med3(a, b, c, ieee))
MINMAX32_3_OPS(MINMAX32_3)

#define MINMAX64(name, max) \
	VALU_LANES(name, VALU_F64, \
	           bool ieee = (w->mode >> 9) & 1; const uint32_t *restrict pa = F64_SRC(v, 0); \
	           const uint32_t *restrict pb = F64_SRC(v, 1), \
	           put64(v.res, l, f64_minmax(lane64(pa, l), lane64(pb, l), max, ieee)), valu_fwrite(&v, 2))
MINMAX64(v_min_f64, false)
MINMAX64(v_max_f64, true)

/* ---- fp32 arithmetic ---- */

#define F32_ARITH_OPS(X) \
	X(v_add_f32, a + b) \
	X(v_sub_f32, a - b) \
	X(v_subrev_f32, b - a) \
	X(v_mul_f32, a * b)
F32_ARITH_OPS(F32_2)
VALU_HANDLER(v_fma_f32)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F32);
	const uint32_t *pa = F32_SRC(v, 0), *pb = F32_SRC(v, 1), *pc = F32_SRC(v, 2);
	if (valu_fma32_lanes(v.res, pa, pb, pc))
		valu_fix_nan32(&v, pa, pb, pc);
	valu_fwrite(&v, 1);
}
VALU_LANES(v_ldexp_f32, VALU_F32,
           const uint32_t *restrict pa = F32_SRC(v, 0); const uint32_t *restrict pb = valu_src(&v, 1, EMU_T_B32, 1),
           v.res[l] = f32_nan2(f2u(ldexpf(u2f(pa[l]), (int32_t)pb[l])), pa[l], pa[l]), valu_fwrite(&v, 1))

/* DX9 rule: 0 times anything (inf and NaN included) is +0. */
static inline float mul_legacy(float a, float b)
{
	return (a == 0.0f || b == 0.0f) ? 0.0f : a * b;
}
F32_2(v_mul_legacy_f32, mul_legacy(a, b))

/* v_mad_f32 family: multiply rounded, then add rounded; these never handle
 * denormals (LLVM only selects them when fp32 denormals are flushed), so
 * inputs, the product and the result are flushed regardless of MODE. */
static inline float mad_ftz(float a, float b, float c, bool legacy)
{
	float p = legacy ? mul_legacy(u2f(f32_ftz(f2u(a))), u2f(f32_ftz(f2u(b))))
	                 : u2f(f32_ftz(f2u(a))) * u2f(f32_ftz(f2u(b)));
	return u2f(f32_ftz(f2u(u2f(f32_ftz(f2u(p))) + u2f(f32_ftz(f2u(c))))));
}

/* How the multiply-add multiplies: rounded then added (v_mad*, v_mac), the
 * same with the DX9 multiply (v_mad_legacy_f32), or fused (v_fma*). */
enum f32_mul { MUL_ROUNDED, MUL_LEGACY, MUL_FUSED };

/* Multiply-add with the addend/multiplier taken from dst or the literal.
 * form: 0 (a, b, c), 1 mac (c = dst), 2 madmk (a, K, b), 3 madak (a, b, K). */
VALU_INLINE void f32_madd(struct emu_wave *w, const struct emu_inst *in, int form, enum f32_mul mul)
{
	bool fused = mul == MUL_FUSED;
	struct valu v;
	valu_init(&v, w, in, VALU_F32);
	const uint32_t *restrict pa = F32_SRC(v, 0), *pb, *pc;
	uint32_t k[VL];
	if (form == 2 || form == 3)
		for (unsigned l = 0; l < VL; l++)
			k[l] = in->literal;
	if (form == 2) {
		pb = k;
		pc = F32_SRC(v, 1);
	} else if (form == 3) {
		pb = F32_SRC(v, 1);
		pc = k;
	} else {
		pb = F32_SRC(v, 1);
		pc = form == 1 ? emu_vreg(w, in->dst, 0) : F32_SRC(v, 2);
		if (form == 1 && v.ftz_in) {
			for (unsigned l = 0; l < VL; l++)
				v.tmp[2][l] = f32_ftz(pc[l]);
			pc = v.tmp[2];
		}
	}
	if (fused) {
		if (valu_fma32_lanes(v.res, pa, pb, pc))
			valu_fix_nan32(&v, pa, pb, pc);
	} else {
		for (unsigned l = 0; l < VL; l++)
			v.res[l] = f2u(mad_ftz(u2f(pa[l]), u2f(pb[l]), u2f(pc[l]), mul == MUL_LEGACY));
		valu_fix_nan32(&v, pa, pb, pc);
	}
	if (!fused)
		v.ftz_out = true;
	valu_fwrite(&v, 1);
}

/* X(name, form, mul) */
#define F32_MADD_FORMS(X) \
	X(v_mad_f32, 0, MUL_ROUNDED) \
	X(v_mad_legacy_f32, 0, MUL_LEGACY) \
	X(v_mac_f32, 1, MUL_ROUNDED) \
	X(v_madmk_f32, 2, MUL_ROUNDED) \
	X(v_madak_f32, 3, MUL_ROUNDED) \
	X(v_fmac_f32, 1, MUL_FUSED) \
	X(v_fmamk_f32, 2, MUL_FUSED) \
	X(v_fmaak_f32, 3, MUL_FUSED)
#define F32_MADD(name, form, mul) VALU_HANDLER(name) { f32_madd(w, in, form, mul); }
F32_MADD_FORMS(F32_MADD)

/* ---- fp32 transcendentals ----
 * The hardware units take no denormal inputs and produce no denormal results
 * (LLVM scales around v_rcp/v_rsq/v_sqrt/v_log/v_exp_f32 for that reason), so
 * both are flushed whatever MODE says. Results are the correctly rounded
 * values, within the ISA's 1 ULP. */
#define TRANS32(name, expr) \
	VALU_LANES(name, VALU_F32, const uint32_t *restrict pa = F32_SRC(v, 0), \
	           uint32_t ua = f32_ftz(pa[l]); float a = u2f(ua); v.res[l] = f32_ftz(f32_nan2(f2u(expr), ua, ua)), \
	           valu_fwrite(&v, 1))

/* sin/cos take revolutions: sin(2*pi*x); the fraction is reduced exactly first. */
static inline float sin_rev(float x, bool cosine)
{
	if (isinf(x))
		return NAN;
	double f = (double)x - floor((double)x);
	return (float)(cosine ? cos(2.0 * M_PI * f) : sin(2.0 * M_PI * f));
}

#define TRANS32_OPS(X) \
	X(v_rcp_f32, 1.0f / a) \
	X(v_rcp_iflag_f32, 1.0f / a) \
	X(v_rsq_f32, (float)(1.0 / sqrt((double)a))) \
	X(v_sqrt_f32, sqrtf(a)) \
	X(v_exp_f32, exp2f(a)) \
	X(v_log_f32, log2f(a)) \
	X(v_exp_legacy_f32, exp2f(a)) \
	X(v_log_legacy_f32, log2f(a)) \
	X(v_sin_f32, sin_rev(a, false)) \
	X(v_cos_f32, sin_rev(a, true))
TRANS32_OPS(TRANS32)

/* ---- rounding and decomposition ---- */

static inline float fract32(float a)
{
	if (isinf(a))
		return NAN;
	return fminf(a - floorf(a), 0x1.fffffep-1f);
}
static inline double fract64(double a)
{
	if (isinf(a))
		return NAN;
	return fmin(a - floor(a), 0x1.fffffffffffffp-1);
}
static inline float frexp_mant32(float a)
{
	int e;
	return isfinite(a) ? frexpf(a, &e) : a;
}
static inline double frexp_mant64(double a)
{
	int e;
	return isfinite(a) ? frexp(a, &e) : a;
}
static inline uint32_t frexp_exp32(float a)
{
	int e = 0;
	if (isfinite(a))
		frexpf(a, &e);
	return (uint32_t)e;
}
static inline uint32_t frexp_exp64(double a)
{
	int e = 0;
	if (isfinite(a))
		frexp(a, &e);
	return (uint32_t)e;
}

#define ROUND_OPS(X) \
	X(fract, fract32(a), fract64(a)) \
	X(trunc, truncf(a), trunc(a)) \
	X(ceil, ceilf(a), ceil(a)) \
	X(floor, floorf(a), floor(a)) \
	X(rndne, roundevenf(a), roundeven(a)) \
	X(frexp_mant, frexp_mant32(a), frexp_mant64(a))
ROUND_OPS(F32_F64_1)

VALU_LANES(v_frexp_exp_i32_f32, VALU_F32, const uint32_t *restrict pa = F32_SRC(v, 0),
           v.res[l] = frexp_exp32(u2f(pa[l])), v.kind = VALU_INT; valu_write(&v, 1))

/* ---- conversions ---- */

/* float -> int: truncate, saturate, NaN -> 0 (GFX9 ISA V_CVT_I32_F32). */
static inline uint32_t cvt_i32(double x)
{
	if (isnan(x))
		return 0;
	if (x <= -2147483648.0)
		return 0x80000000u;
	if (x >= 2147483647.0)
		return 0x7fffffffu;
	return (uint32_t)(int32_t)x;
}
static inline uint32_t cvt_u32(double x)
{
	if (isnan(x) || x <= 0.0)
		return 0;
	if (x >= 4294967295.0)
		return 0xffffffffu;
	return (uint32_t)x;
}

/* f32 source, integer result: modifiers and input flush apply, no omod/clamp. */
#define CVT_F2I(name, expr) \
	VALU_LANES(name, VALU_F32, const uint32_t *restrict pa = F32_SRC(v, 0), \
	           float a = u2f(pa[l]); v.res[l] = (expr), valu_write(&v, 1))
#define CVT_F2I_OPS(X) \
	X(v_cvt_i32_f32, cvt_i32(a)) \
	X(v_cvt_u32_f32, cvt_u32(a)) \
	X(v_cvt_flr_i32_f32, cvt_i32(floorf(a))) \
	X(v_cvt_rpi_i32_f32, cvt_i32(floor((double)a + 0.5)))
CVT_F2I_OPS(CVT_F2I)

/* integer source, f32 result. */
#define CVT_I2F(name, expr) \
	VALU_LANES(name, VALU_F32, const uint32_t *restrict pa = valu_src(&v, 0, EMU_T_B32, 1), \
	           uint32_t a = pa[l]; v.res[l] = f2u(expr), valu_fwrite(&v, 1))
#define CVT_I2F_OPS(X) \
	X(v_cvt_f32_i32, (float)(int32_t)a) \
	X(v_cvt_f32_u32, (float)a) \
	X(v_cvt_f32_ubyte0, (float)(a & 0xff)) \
	X(v_cvt_f32_ubyte1, (float)((a >> 8) & 0xff)) \
	X(v_cvt_f32_ubyte2, (float)((a >> 16) & 0xff)) \
	X(v_cvt_f32_ubyte3, (float)(a >> 24)) \
	/* Signed 4-bit field [3:0] in units of 1/16. */ \
	X(v_cvt_off_f32_i4, (float)((int32_t)(a << 28) >> 28) * 0.0625f)
CVT_I2F_OPS(CVT_I2F)

/* Byte S1[1:0] of S2 replaced by S0 converted to u8 (round to nearest even, saturate). */
static inline uint32_t cvt_pk_u8(float f, uint32_t sel, uint32_t old)
{
	uint32_t b = isnan(f) ? 0 : (uint32_t)fminf(fmaxf(roundevenf(f), 0.0f), 255.0f);
	unsigned sh = 8 * (sel & 3);
	return (old & ~(0xffu << sh)) | b << sh;
}
VALU_LANES(v_cvt_pk_u8_f32, VALU_F32,
           const uint32_t *restrict pa = F32_SRC(v, 0); const uint32_t *restrict pb = valu_src(&v, 1, EMU_T_B32, 1);
           const uint32_t *restrict pc = valu_src(&v, 2, EMU_T_B32, 1),
           v.res[l] = cvt_pk_u8(u2f(pa[l]), pb[l], pc[l]), valu_write(&v, 1))

/* Packs two normalised values, computed in single precision. */
VALU_NORM16(norm16, float, f)
#define CVT_PKNORM32(name, sgn) \
	VALU_LANES(name, VALU_F32, \
	           const uint32_t *restrict pa = F32_SRC(v, 0); const uint32_t *restrict pb = F32_SRC(v, 1), \
	           v.res[l] = norm16(u2f(pa[l]), sgn) | norm16(u2f(pb[l]), sgn) << 16, valu_write(&v, 1))
CVT_PKNORM32(v_cvt_pknorm_i16_f32, true)
CVT_PKNORM32(v_cvt_pknorm_u16_f32, false)

/* ---- cube map helpers (GFX9 ISA V_CUBE*_F32: x = S0, y = S1, z = S2) ---- */

static inline int cube_face(float x, float y, float z)
{
	if (fabsf(z) >= fabsf(x) && fabsf(z) >= fabsf(y))
		return z < 0 ? 5 : 4;
	if (fabsf(y) >= fabsf(x))
		return y < 0 ? 3 : 2;
	return x < 0 ? 1 : 0;
}
static inline float cube_sc(float x, float y, float z)
{
	int f = cube_face(x, y, z);
	(void)y;
	return f >= 4 ? (z < 0 ? -x : x) : f >= 2 ? x : (x < 0 ? z : -z);
}
static inline float cube_tc(float x, float y, float z)
{
	int f = cube_face(x, y, z);
	return f >= 4 ? -y : f >= 2 ? (y < 0 ? -z : z) : -y;
}
static inline float cube_ma(float x, float y, float z)
{
	int f = cube_face(x, y, z);
	return 2.0f * (f >= 4 ? z : f >= 2 ? y : x);
}
#define CUBE_OPS(X) \
	X(v_cubeid_f32, (float)cube_face(a, b, c)) \
	X(v_cubesc_f32, cube_sc(a, b, c)) \
	X(v_cubetc_f32, cube_tc(a, b, c)) \
	X(v_cubema_f32, cube_ma(a, b, c))
CUBE_OPS(F32_3)

/* ---- division helpers ----
 * The LLVM expansion of a/b: d' = div_scale(b, b, a), n' = div_scale(a, b, a)
 * (VCC), Newton-Raphson on rcp(d'), q = div_fmas(r, rcp, q0) (VCC), then
 * div_fixup(q, b, a). div_scale scales operands by 2^+-64 (f32) / 2^+-128 (f64)
 * so that no step meets a denormal, and sets VCC when numerator and
 * denominator were scaled differently; div_fmas then undoes the quotient
 * scale: up when the quotient is large (exponent > bias), down otherwise
 * (exponent test of div_fmas as measured on hardware by tinygrad's RDNA
 * emulator; the ISA text says a fixed 2^32). Cases follow the ISA pseudocode
 * (GFX9/CDNA3 ISA V_DIV_SCALE_F32) with its "1/S1 is denormal" and "S2/S1 is
 * denormal" tests taken in the operation's own type: the pdf casts 1/S1 to
 * f64, where it is never denormal, and a huge single denominator would then
 * reach v_rcp_f32, whose denormal result is flushed. A huge denominator with
 * a tiny quotient scales the denominator down (the pdf's 2^+64 there would
 * overflow it). With these rules the expansion gives the correctly rounded
 * quotient for every input class (test_exec_valu runs it against host
 * division). NaN operands pass S0 through with VCC clear. */

struct fparams {
	int bias, mbits, ebits, scale, far_exp, tiny_exp;
};
static const struct fparams fp32p = {127, 23, 8, 64, 96, 23};
static const struct fparams fp64p = {1023, 52, 11, 128, 768, 53};

static inline int exp32(float x) { return (int)((f2u(x) >> 23) & 0xff); }
static inline int exp64(double x) { return (int)((d2u(x) >> 52) & 0x7ff); }

/* Returns the scaled S0; *vcc is set when the quotient ends up scaled. */
static double div_scale(double s0, double s1, double s2, int e1, int e2, bool denorm1,
                        bool rcp_tiny, bool q_tiny, const struct fparams *p, bool *vcc)
{
	*vcc = false;
	if (s2 == 0.0 || s1 == 0.0)
		return NAN;
	if (e2 - e1 >= p->far_exp) { /* quotient near overflow: scale the denominator up */
		*vcc = true;
		return s0 == s1 ? ldexp(s0, p->scale) : s0;
	}
	if (denorm1) /* denormal denominator: scale both */
		return ldexp(s0, p->scale);
	if (rcp_tiny && q_tiny) { /* huge denominator, tiny quotient: scale the denominator down */
		*vcc = true;
		return s0 == s1 ? ldexp(s0, -p->scale) : s0;
	}
	if (rcp_tiny) /* 1/denominator would be denormal: scale both down */
		return ldexp(s0, -p->scale);
	if (q_tiny) { /* quotient would be denormal: scale the numerator up */
		*vcc = true;
		return s0 == s2 ? ldexp(s0, p->scale) : s0;
	}
	if (e2 <= p->tiny_exp) /* tiny numerator: scale both up */
		return ldexp(s0, p->scale);
	return s0;
}

/* One lane of v_div_scale_f32 / _f64 (p: fp32p or fp64p), the operands
 * exact in double: the scaled S0, with VCC bit l set in *vcc when the
 * quotient ends up scaled. NaN operands pass S0 through. */
static double div_scale_lane(double s0, double s1, double s2, const struct fparams *p, unsigned l, uint64_t *vcc)
{
	if (isnan(s0) || isnan(s1) || isnan(s2))
		return s0;
	bool f64 = p == &fp64p, q_tiny, sc = false;
	double tiny = ldexp(1.0, 1 - p->bias); /* smallest normal */
	if (f64) {
		/* The quotient in long double keeps the f64 denormal test exact enough. */
		long double q = (long double)s2 / (long double)s1;
		q_tiny = q != 0.0L && fabsl(q) < (long double)tiny;
	} else {
		double q = s2 / s1;
		q_tiny = q != 0.0 && fabs(q) < tiny;
	}
	bool rcp_tiny = isfinite(s1) && fabs(s1) > ldexp(1.0, p->bias - 1);
	bool denorm1 = s1 != 0.0 && fabs(s1) < tiny;
	int e1 = f64 ? exp64(s1) : exp32((float)s1), e2 = f64 ? exp64(s2) : exp32((float)s2);
	double r = div_scale(s0, s1, s2, e1, e2, denorm1, rcp_tiny, q_tiny, p, &sc);
	*vcc |= (uint64_t)sc << l;
	return r;
}
static uint32_t div_scale32(uint32_t ua, uint32_t ub, uint32_t uc, unsigned l, uint64_t *vcc)
{
	float r = (float)div_scale_lane(u2f(ua), u2f(ub), u2f(uc), &fp32p, l, vcc);
	return f32_nan3(f2u(r), ua, ub, uc);
}
static uint64_t div_scale64(uint64_t ua, uint64_t ub, uint64_t uc, unsigned l, uint64_t *vcc)
{
	return f64_nan3(d2u(div_scale_lane(u2d(ua), u2d(ub), u2d(uc), &fp64p, l, vcc)), ua, ub, uc);
}
#define DIV_SCALE(name, W, lane) \
	FLANES3(name, W, uint64_t vcc = 0, lane, valu_write_mask(&v, valu_sdst(&v), vcc & v.exec); v.ftz_out = false)
DIV_SCALE(v_div_scale_f32, W32, div_scale32(pa[l], pb[l], pc[l], l, &vcc))
DIV_SCALE(v_div_scale_f64, W64, div_scale64(lane64(pa, l), lane64(pb, l), lane64(pc, l), l, &vcc))

/* D = fma(S0, S1, S2), times 2^+-64 where VCC is set (2^+64 if exponent(S2) > 127). */
static uint32_t div_fmas32(uint32_t ua, uint32_t ub, uint32_t uc, bool scale)
{
	float a = u2f(ua), b = u2f(ub), c = u2f(uc);
	float r;
	if (scale) /* scale the odd-rounded sum, then round once */
		r = (float)ldexp(fma32_odd(a, b, c), exp32(c) > 127 ? 64 : -64);
	else
		r = fma32(a, b, c);
	return f32_nan3(f2u(r), ua, ub, uc);
}

/* fma(a, b, c) * 2^sc rounded once. When the scaled value is denormal the
 * exact sum is first rounded to odd at 64 bits (x87 fmal toward zero, sticky
 * bit from the inexact flag), which leaves more than two guard bits for the
 * rounding into the denormal range, so that rounding is the only one. */
static double fma_scaled(double a, double b, double c, int sc)
{
	double r = ldexp(fma(a, b, c), sc);
	if (!isfinite(r) || fabs(r) >= 0x1p-1022)
		return r;
	fenv_t env;
	feholdexcept(&env);
	fesetround(FE_TOWARDZERO);
	/* Without -frounding-math GCC may move or merge the arithmetic around
	 * the mode change: pin the inputs and the result. */
	__asm__ volatile("" : "+x"(a), "+x"(b), "+x"(c));
	volatile long double t = fmal(a, b, c);
	bool inexact = fetestexcept(FE_INEXACT) != 0;
	fesetenv(&env);
	long double odd = t;
	if (inexact) {
		uint64_t m;
		memcpy(&m, &odd, 8); /* x87 extended: 64-bit significand first */
		m |= 1;
		memcpy(&odd, &m, 8);
	}
	return (double)ldexpl(odd, sc);
}

static uint64_t div_fmas64(uint64_t ua, uint64_t ub, uint64_t uc, bool scale)
{
	double a = u2d(ua), b = u2d(ub), c = u2d(uc);
	double r = scale ? fma_scaled(a, b, c, exp64(c) > 1023 ? 128 : -128) : fma(a, b, c);
	return f64_nan3(d2u(r), ua, ub, uc);
}
#define DIV_FMAS(name, W, lane) FLANES3(name, W, uint64_t vcc = emu_vcc(w), lane, (void)0)
DIV_FMAS(v_div_fmas_f32, W32, div_fmas32(pa[l], pb[l], pc[l], (vcc >> l) & 1))
DIV_FMAS(v_div_fmas_f64, W64, div_fmas64(lane64(pa, l), lane64(pb, l), lane64(pc, l), (vcc >> l) & 1))

/* div_fixup(q, d, n): special cases of n/d, else q with the quotient's sign
 * (GFX9 ISA V_DIV_FIXUP_F32 pseudocode; 0/0 and inf/inf give 0xffc00000). */
static inline double div_fixup(double q, double d, double n, int ed, int en, const struct fparams *p,
                               bool *nan_neg)
{
	bool sign = signbit(d) != signbit(n);
	*nan_neg = false;
	if (isnan(n))
		return n;
	if (isnan(d))
		return d;
	if ((d == 0.0 && n == 0.0) || (isinf(d) && isinf(n))) {
		*nan_neg = true;
		return NAN;
	}
	if (d == 0.0 || isinf(n))
		return sign ? -INFINITY : INFINITY;
	if (isinf(d) || n == 0.0)
		return sign ? -0.0 : 0.0;
	if (en - ed < -(p->bias + p->mbits)) /* underflow */
		return sign ? -0.0 : 0.0;
	if (ed == (1 << p->ebits) - 1)
		return sign ? -INFINITY : INFINITY;
	if (isnan(q)) /* an overflowed iteration: infinity of the quotient's sign */
		return sign ? -INFINITY : INFINITY;
	return sign ? -fabs(q) : fabs(q);
}

static uint32_t div_fixup32(uint32_t uq, uint32_t ud, uint32_t un)
{
	float q = u2f(uq), d = u2f(ud), n = u2f(un);
	bool nn;
	uint32_t r = f2u((float)div_fixup(q, d, n, exp32(d), exp32(n), &fp32p, &nn));
	if (f32_isnan(un))
		return un | 0x400000u;
	if (f32_isnan(ud))
		return ud | 0x400000u;
	return nn ? 0xffc00000u : r;
}
static uint64_t div_fixup64(uint64_t uq, uint64_t ud, uint64_t un)
{
	double q = u2d(uq), d = u2d(ud), n = u2d(un);
	bool nn;
	uint64_t r = d2u(div_fixup(q, d, n, exp64(d), exp64(n), &fp64p, &nn));
	if (isnan(n))
		return un | 0x0008000000000000ull;
	if (isnan(d))
		return ud | 0x0008000000000000ull;
	return nn ? 0xfff8000000000000ull : r;
}
FLANES3(v_div_fixup_f32, W32, (void)0, div_fixup32(pa[l], pb[l], pc[l]), (void)0)
FLANES3(v_div_fixup_f64, W64, (void)0, div_fixup64(lane64(pa, l), lane64(pb, l), lane64(pc, l)), (void)0)

/* ---- fp64 arithmetic ---- */

#define F64_2_OPS(X) \
	X(v_add_f64, a + b) \
	X(v_mul_f64, a * b)
F64_2_OPS(F64_2)
VALU_LANES(v_ldexp_f64, VALU_F64,
           const uint32_t *restrict pa = F64_SRC(v, 0); const uint32_t *restrict pb = valu_src(&v, 1, EMU_T_B32, 1),
           uint64_t ua = lane64(pa, l); put64(v.res, l, f64_nan2(d2u(ldexp(u2d(ua), (int32_t)pb[l])), ua, ua)),
           valu_fwrite(&v, 2))
#define F64_1_OPS(X) \
	X(v_rcp_f64, 1.0 / a) \
	X(v_rsq_f64, (double)(1.0L / sqrtl((long double)a))) \
	X(v_sqrt_f64, sqrt(a))
F64_1_OPS(F64_1)

VALU_HANDLER(v_fma_f64)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F64);
	const uint32_t *pa = F64_SRC(v, 0), *pb = F64_SRC(v, 1), *pc = F64_SRC(v, 2);
	valu_fma64_lanes(v.res, pa, pb, pc);
	valu_fix_nan64(&v, pa, pb, pc);
	valu_fwrite(&v, 2);
}

/* D = fma(S0, S1, D) (gfx90a VOP2). */
VALU_HANDLER(v_fmac_f64)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F64);
	const uint32_t *pa = F64_SRC(v, 0), *pb = F64_SRC(v, 1);
	uint32_t *c = v.tmp[2];
	memcpy(c, emu_vreg(w, in->dst, 0), VL * 4);
	memcpy(c + VL, emu_vreg(w, in->dst, 1), VL * 4);
	if (v.ftz_in)
		for (unsigned l = 0; l < VL; l++)
			put64(c, l, f64_ftz(lane64(c, l)));
	valu_fma64_lanes(v.res, pa, pb, c);
	valu_fix_nan64(&v, pa, pb, c);
	valu_fwrite(&v, 2);
}

VALU_LANES(v_frexp_exp_i32_f64, VALU_F64, const uint32_t *restrict pa = F64_SRC(v, 0),
           v.res[l] = frexp_exp64(u2d(lane64(pa, l))), v.kind = VALU_INT; valu_write(&v, 1))

/* 2/pi as a binary fraction, 1216 bits (0.a2f9836e... in hex), computed with
 * Machin's formula; v_trig_preop_f64 returns 53-bit segments of it. */
static const uint32_t two_over_pi[38] = {
	0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab,
	0xdebbc561, 0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e,
	0xe88235f5, 0x2ebb4484, 0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b,
	0xbdf9283b, 0x1ff897ff, 0xde05980f, 0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7,
	0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1,
	0x1f8d5d08, 0x56033046, 0xfc7b6bab,
};

/* Fraction bits [pos+1, pos+53] of 2/pi as an integer. */
static uint64_t two_over_pi_bits(unsigned pos)
{
	uint64_t r = 0;
	for (unsigned i = 0; i < 53; i++) {
		unsigned b = pos + i; /* bit index from the binary point, 0 = first */
		uint32_t bit = b < 1216 ? (two_over_pi[b / 32] >> (31 - b % 32)) & 1 : 0;
		r = r << 1 | bit;
	}
	return r;
}

/* D = segment S1[4:0] (53 bits each) of 2/pi, shifted further by the exponent
 * of S0 above 1077, scaled to its place; +128 in the scale for huge S0
 * (GFX9 ISA V_TRIG_PREOP_F64). */
static double trig_preop(double x, uint32_t seg)
{
	int e = exp64(x);
	unsigned shift = (seg & 31) * 53;
	if (e > 1077)
		shift += (unsigned)(e - 1077);
	int scale = -53 - (int)shift;
	if (e >= 1968)
		scale += 128;
	return ldexp((double)two_over_pi_bits(shift), scale);
}
VALU_LANES(v_trig_preop_f64, VALU_F64,
           const uint32_t *restrict pa = F64_SRC(v, 0); const uint32_t *restrict pb = valu_src(&v, 1, EMU_T_B32, 1),
           put64(v.res, l, d2u(trig_preop(u2d(lane64(pa, l)), pb[l]))), valu_fwrite(&v, 2))

/* ---- fp64 conversions ---- */

/* Between the widths: the input is flushed per its own width's denormal
 * mode (MODE [5:4] f32, [7:6] f64), not the result's; NaNs come out quiet. */
static inline uint64_t cvt_f64_f32(uint32_t a, bool ftz32)
{
	a = ftz32 ? f32_ftz(a) : a;
	uint64_t r = d2u((double)u2f(a));
	return f32_isnan(a) ? r | 0x0008000000000000ull : r;
}
static inline uint32_t cvt_f32_f64(uint64_t a, bool ftz64)
{
	a = ftz64 ? f64_ftz(a) : a;
	uint32_t r = f2u((float)u2d(a));
	return isnan(u2d(a)) ? r | 0x400000u : r;
}
VALU_LANES(v_cvt_f64_f32, VALU_F64,
           bool ftz32 = !((w->mode >> 4) & 1); v.ftz_in = false;
           const uint32_t *restrict pa = valu_fsrc(&v, 0, EMU_T_F32, 1),
           put64(v.res, l, cvt_f64_f32(pa[l], ftz32)), valu_fwrite(&v, 2))
VALU_LANES(v_cvt_f32_f64, VALU_F32,
           bool ftz64 = !((w->mode >> 6) & 1); v.ftz_in = false;
           const uint32_t *restrict pa = valu_fsrc(&v, 0, EMU_T_F64, 2),
           v.res[l] = cvt_f32_f64(lane64(pa, l), ftz64), valu_fwrite(&v, 1))

/* Integer source, f64 result; f64 source, integer result. */
#define CVT_I2D(name, expr) \
	VALU_LANES(name, VALU_F64, const uint32_t *restrict pa = valu_src(&v, 0, EMU_T_B32, 1), \
	           uint32_t a = pa[l]; put64(v.res, l, d2u(expr)), valu_fwrite(&v, 2))
#define CVT_D2I(name, expr) \
	VALU_LANES(name, VALU_F64, const uint32_t *restrict pa = F64_SRC(v, 0), \
	           double a = u2d(lane64(pa, l)); v.res[l] = (expr), valu_write(&v, 1))
#define CVT_I2D_OPS(X) \
	X(v_cvt_f64_i32, (double)(int32_t)a) \
	X(v_cvt_f64_u32, (double)a)
CVT_I2D_OPS(CVT_I2D)
#define CVT_D2I_OPS(X) \
	X(v_cvt_i32_f64, cvt_i32(a)) \
	X(v_cvt_u32_f64, cvt_u32(a))
CVT_D2I_OPS(CVT_D2I)

/* ---- table ---- */

/* The handlers outside the X-lists above. */
#define VALU_FLOAT_LIST(X, A) \
	X(v_mul_legacy_f32) X(v_min_f32) X(v_max_f32) X(v_fma_f32) X(v_ldexp_f32) \
	X(v_frexp_exp_i32_f32) X(v_div_scale_f32) X(v_div_fmas_f32) X(v_div_fixup_f32) \
	X(v_cvt_pk_u8_f32) X(v_cvt_pknorm_i16_f32) X(v_cvt_pknorm_u16_f32) X(v_min_f64) \
	X(v_max_f64) X(v_fma_f64) X(v_fmac_f64) X(v_ldexp_f64) X(v_frexp_exp_i32_f64) \
	X(v_div_scale_f64) X(v_div_fmas_f64) X(v_div_fixup_f64) X(v_trig_preop_f64) \
	X(v_cvt_f64_f32) X(v_cvt_f32_f64)

#define ROUND_ROW(op, ...) VALU_ENTRY(v_##op##_f32) VALU_ENTRY(v_##op##_f64)
const struct emu_sem emu_sem_valu_float[] = {
	F32_ARITH_OPS(VALU_ROW)
	F32_MADD_FORMS(VALU_ROW)
	MINMAX32_3_OPS(VALU_ROW)
	TRANS32_OPS(VALU_ROW)
	CVT_F2I_OPS(VALU_ROW)
	CVT_I2F_OPS(VALU_ROW)
	CUBE_OPS(VALU_ROW)
	F64_2_OPS(VALU_ROW)
	F64_1_OPS(VALU_ROW)
	CVT_I2D_OPS(VALU_ROW)
	CVT_D2I_OPS(VALU_ROW)
	ROUND_OPS(ROUND_ROW)
	VALU_FLOAT_LIST(VALU_ENTRY, VALU_ALIAS)
	EMU_SEM_END
};
