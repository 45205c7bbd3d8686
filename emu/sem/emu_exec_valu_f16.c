/*
 * emu_exec_valu_f16 — half precision, mixed precision, packed (VOP3P) and
 * dot-product VALU semantics, and the IEEE half conversions.
 *
 * Half results are computed in double, where sums and products of halves are
 * exact, and rounded once to half with MODE.FP_ROUND[3:2]; fused forms whose
 * exact value does not fit a double are first rounded to odd, which keeps the
 * final rounding to half (11 bits) correct. In the default rounding mode the
 * common ops (add, sub, mul, packed add/mul) run first as a vectorised loop in
 * singles, which rounds the same way (24 >= 2 * 11 + 2 bits), and fall back
 * to the per-element path when a result is NaN.
 *
 * 16-bit destinations on gfx9: VOP1/VOP2 results zero bits [31:16]; the VOP3
 * ops with op_sel write the op_sel[3] half and keep the other (LLVM
 * GCNSubtarget::zeroesHigh16BitsOfDest); SDWA merges per dst_sel.
 */
#include "sem/emu_exec_valu.h"

/* ---- conversions ---- */

/* Single to half, round to nearest even (the host rounds in its default mode):
 * denormal halves come from one float addition that aligns the mantissa. */
static inline uint16_t f2h_rne(uint32_t x)
{
	uint32_t sign = x & 0x80000000u;
	x ^= sign;
	uint32_t o;
	if (x >= 0x47800000u) /* >= 65536: inf, or NaN (quiet, payload kept) */
		o = x > 0x7f800000u ? 0x7e00u | ((x >> 13) & 0x3ff) : 0x7c00u;
	else if (x < 0x38800000u) /* below 2^-14 */
		o = f2u(u2f(x) + 0.5f) - 0x3f000000u;
	else /* rebias and round; a carry into the exponent gives inf at 65520 */
		o = (x + ((15u - 127u) << 23) + 0xfffu + ((x >> 13) & 1)) >> 13;
	return (uint16_t)(o | sign >> 16);
}

/* Double to single rounded to odd: exact doubles and odd-rounded ones keep
 * their single correct rounding to half (Boldo-Melquiond). */
static inline uint32_t d2f_odd(double d)
{
	float f = (float)d;
	if ((double)f == d || isnan(d))
		return f2u(f);
	uint32_t b = f2u(f);
	if (fabs((double)f) > fabs(d))
		b -= 1; /* toward zero */
	return b | 1;
}

static inline double h2d(uint16_t h) { return (double)u2f(valu_f16_to_f32(h)); }

/* Half of a double that is exact or rounded to odd, in MODE.FP_ROUND rm. */
static inline uint16_t d2h(double d, unsigned rm)
{
	if (__builtin_expect(rm == 0, 1))
		return f2h_rne(d2f_odd(d));
	return valu_f64_to_f16(d2u(d), rm);
}

/* Branch-free half <-> single conversions for whole arrays (they vectorise);
 * same results as valu_f16_to_f32 / f2h_rne. */
static inline uint32_t sel32(bool c, uint32_t a, uint32_t b)
{
	uint32_t m = 0u - (uint32_t)c;
	return (a & m) | (b & ~m);
}
static inline float h2f_sel(uint32_t h)
{
	uint32_t o = (h & 0x7fff) << 13, e = o & 0x0f800000u;
	uint32_t norm = o + (112u << 23), infnan = norm + (112u << 23);
	uint32_t den = f2u(u2f(o + (113u << 23)) - u2f(113u << 23));
	uint32_t r = sel32(e == 0x0f800000u, infnan, sel32(e == 0, den, norm));
	return u2f(r | (h & 0x8000) << 16);
}
static inline uint32_t f2h_sel(float f)
{
	uint32_t x = f2u(f), sign = x & 0x80000000u;
	x ^= sign;
	uint32_t big = sel32(x > 0x7f800000u, 0x7e00u | ((x >> 13) & 0x3ff), 0x7c00u);
	uint32_t den = f2u(u2f(x) + 0.5f) - 0x3f000000u;
	uint32_t norm = (x + ((15u - 127u) << 23) + 0xfffu + ((x >> 13) & 1)) >> 13;
	uint32_t o = sel32(x >= 0x47800000u, big, sel32(x < 0x38800000u, den, norm));
	return o | sign >> 16;
}

static inline uint16_t h_nan2(uint16_t r, uint16_t a, uint16_t b)
{
	if (!f16_isnan(r))
		return r;
	if (f16_isnan(a))
		return a | 0x200;
	if (f16_isnan(b))
		return b | 0x200;
	return 0x7e00;
}
static inline uint16_t h_nan3(uint16_t r, uint16_t a, uint16_t b, uint16_t c)
{
	if (!f16_isnan(r))
		return r;
	if (f16_isnan(c) && !f16_isnan(a) && !f16_isnan(b))
		return c | 0x200;
	return h_nan2(r, a, b);
}

/* a*b + c rounded to odd in double: exact when a*b is exact in double (inputs
 * of at most 26 significant bits), so a later rounding to <= 51 bits is correct. */
static double fma_odd(double a, double b, double c)
{
	double p = a * b, s = p + c;
	if (!isfinite(s) || s == 0.0)
		return s;
	double t = s - p, err = (p - (s - t)) + (c - t);
	if (err != 0.0) {
		uint64_t bits = d2u(s);
		if ((err < 0) != (s < 0))
			bits -= 1; /* truncate toward zero */
		s = u2d(bits | 1);
	}
	return s;
}

/* ---- sources ---- */

/* Half source i of a scalar f16 op: the op_sel half, then flush, abs, neg. */
static const uint32_t *hsrc(struct valu *v, unsigned i)
{
	const uint32_t *p = valu_src(v, i, EMU_T_F16, 1);
	unsigned sh = ((v->in->opsel >> i) & 1) * 16;
	bool a = (v->abs >> i) & 1, n = (v->neg >> i) & 1;
	uint32_t *t = v->tmp[i];
	for (unsigned l = 0; l < VL; l++) {
		uint32_t x = (p[l] >> sh) & 0xffff;
		if (v->ftz_in)
			x = f16_ftz((uint16_t)x);
		if (a)
			x &= 0x7fff;
		if (n)
			x ^= 0x8000;
		t[l] = x;
	}
	return t;
}

/* ---- scalar half ops ---- */

#define F16_1(name, expr) \
	VALU_LANES(name, VALU_F16, unsigned rm = valu_round(&v); const uint32_t *restrict pa = hsrc(&v, 0), \
	           uint16_t ua = (uint16_t)pa[l]; double a = h2d(ua); v.res[l] = h_nan2(d2h((expr), rm), ua, ua), \
	           valu_write16(&v, false))

/* Two-source half op; in the default rounding mode first as singles in a
 * vectorised loop (a sum, difference or product of halves rounded to single
 * and then to half is correctly rounded: 24 >= 2 * 11 + 2), falling back to
 * the exact per-element path for other modes or NaN results. */
#define F16_2(name, preserve, expr) \
	static uint32_t name##_fast(uint32_t *restrict r, const uint32_t *restrict pa, \
	                            const uint32_t *restrict pb) \
	{ \
		uint32_t nan = 0; \
		for (unsigned l = 0; l < VL; l++) { \
			float a = h2f_sel(pa[l] & 0xffff), b = h2f_sel(pb[l] & 0xffff); \
			r[l] = f2h_sel(expr); \
			nan |= (r[l] & 0x7fff) > 0x7c00; \
		} \
		return nan; \
	} \
	VALU_HANDLER(name) \
	{ \
		struct valu v; \
		valu_init(&v, w, in, VALU_F16); \
		unsigned rm = valu_round(&v); \
		const uint32_t *pa = hsrc(&v, 0), *pb = hsrc(&v, 1); \
		if (rm || name##_fast(v.res, pa, pb)) \
			for (unsigned l = 0; l < VL; l++) { \
				uint16_t ua = (uint16_t)pa[l], ub = (uint16_t)pb[l]; \
				double a = h2d(ua), b = h2d(ub); \
				v.res[l] = h_nan2(d2h((expr), rm), ua, ub); \
			} \
		valu_write16(&v, preserve); \
	}

F16_2(v_add_f16, false, a + b)
F16_2(v_sub_f16, false, a - b)
F16_2(v_subrev_f16, false, b - a)
F16_2(v_mul_f16, false, a * b)

/* Same NaN/zero rules as the f32 forms (IEEE mode MODE[9]). */
static inline uint16_t h_minmax(uint16_t a, uint16_t b, bool max, bool ieee)
{
	bool na = f16_isnan(a), nb = f16_isnan(b);
	if (na || nb) {
		if (ieee && na && !(a & 0x200))
			return a | 0x200;
		if (ieee && nb && !(b & 0x200))
			return b | 0x200;
		return na ? (nb ? a | 0x200 : b) : a;
	}
	double fa = h2d(a), fb = h2d(b);
	if (fa == fb)
		return max ? (a & b) : (a | b);
	return (fa < fb) != max ? a : b;
}
static inline uint16_t h_med3(uint16_t a, uint16_t b, uint16_t c, bool ieee)
{
	if (ieee && ((f16_isnan(a) && !(a & 0x200)) || (f16_isnan(b) && !(b & 0x200)) ||
	             (f16_isnan(c) && !(c & 0x200))))
		return 0x7e00;
	uint16_t mx = h_minmax(h_minmax(a, b, true, false), c, true, false);
	if (mx == a)
		return h_minmax(b, c, true, false);
	if (mx == b)
		return h_minmax(a, c, true, false);
	return h_minmax(a, b, true, false);
}

#define H_MINMAX(name, nsrc, preserve, expr) \
	VALU_HANDLER(name) \
	{ \
		struct valu v; \
		valu_init(&v, w, in, VALU_F16); \
		bool ieee = (w->mode >> 9) & 1; \
		const uint32_t *restrict pa = hsrc(&v, 0), *restrict pb = hsrc(&v, 1); \
		const uint32_t *restrict pc = nsrc == 3 ? hsrc(&v, 2) : pa; \
		for (unsigned l = 0; l < VL; l++) { \
			uint16_t a = (uint16_t)pa[l], b = (uint16_t)pb[l], c = (uint16_t)pc[l]; \
			(void)c; \
			v.res[l] = (expr); \
		} \
		valu_write16(&v, preserve); \
	}
H_MINMAX(v_min_f16, 2, false, h_minmax(a, b, false, ieee))
H_MINMAX(v_max_f16, 2, false, h_minmax(a, b, true, ieee))
H_MINMAX(v_min3_f16, 3, true, h_minmax(h_minmax(a, b, false, ieee), c, false, ieee))
H_MINMAX(v_max3_f16, 3, true, h_minmax(h_minmax(a, b, true, ieee), c, true, ieee))
H_MINMAX(v_med3_f16, 3, true, h_med3(a, b, c, ieee))

/* Multiply-add forms. form: 0 (a, b, c), 1 mac (c = dst[15:0]), 2 madmk (a, K, b),
 * 3 madak (a, b, K). Unfused forms (v_mad/mac_f16) never see denormals. */
static void f16_madd(struct emu_wave *w, const struct emu_inst *in, int form, bool fused, bool preserve)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F16);
	unsigned rm = valu_round(&v);
	const uint32_t *restrict pa = hsrc(&v, 0), *pb, *pc;
	uint32_t k[VL];
	if (form == 2 || form == 3)
		for (unsigned l = 0; l < VL; l++)
			k[l] = in->literal & 0xffff;
	if (form == 2) {
		pb = k;
		pc = hsrc(&v, 1);
	} else if (form == 3) {
		pb = hsrc(&v, 1);
		pc = k;
	} else {
		pb = hsrc(&v, 1);
		pc = form == 1 ? emu_vreg(w, in->dst, 0) : hsrc(&v, 2);
	}
	for (unsigned l = 0; l < VL; l++) {
		uint16_t ua = (uint16_t)pa[l], ub = (uint16_t)pb[l], uc = (uint16_t)pc[l];
		uint16_t r;
		if (fused) {
			r = d2h(fma_odd(h2d(ua), h2d(ub), h2d(uc)), rm);
		} else {
			uint16_t p = f16_ftz(d2h(h2d(f16_ftz(ua)) * h2d(f16_ftz(ub)), rm));
			r = f16_ftz(d2h(h2d(p) + h2d(f16_ftz(uc)), rm));
		}
		v.res[l] = h_nan3(r, ua, ub, uc);
	}
	if (!fused)
		v.ftz_out = true;
	valu_write16(&v, preserve);
}

/* X(name, form, fused, preserve) */
#define F16_MADD_FORMS(X) \
	X(v_fma_f16, 0, true, true) \
	X(v_mad_f16, 0, false, true) \
	X(v_fma_legacy_f16, 0, true, false) \
	X(v_mad_legacy_f16, 0, false, false) \
	X(v_mac_f16, 1, false, false) \
	X(v_madmk_f16, 2, false, false) \
	X(v_madak_f16, 3, false, false)
#define F16_MADD(name, form, fused, preserve) \
	VALU_HANDLER(name) { f16_madd(w, in, form, fused, preserve); }
F16_MADD_FORMS(F16_MADD)

/* D.f16 = S0.f16 * 2^S1.i16 */
VALU_LANES(v_ldexp_f16, VALU_F16,
           unsigned rm = valu_round(&v); const uint32_t *restrict pa = hsrc(&v, 0);
           const uint32_t *restrict pb = valu_src(&v, 1, EMU_T_B32, 1),
           uint16_t ua = (uint16_t)pa[l]; v.res[l] = h_nan2(d2h(ldexp(h2d(ua), (int16_t)pb[l]), rm), ua, ua),
           valu_write16(&v, false))

static inline double h_sin_rev(double x, bool cosine)
{
	if (isinf(x))
		return NAN;
	double f = x - floor(x);
	return cosine ? cos(2.0 * M_PI * f) : sin(2.0 * M_PI * f);
}
static inline double h_fract(double a)
{
	if (isinf(a))
		return NAN;
	return fmin(a - floor(a), 0x1.ffcp-1); /* largest half below 1 */
}
static inline double h_frexp_mant(double a)
{
	int e;
	return isfinite(a) ? frexp(a, &e) : a;
}

F16_1(v_rcp_f16, 1.0 / a)
F16_1(v_rsq_f16, 1.0 / sqrt(a))
F16_1(v_sqrt_f16, sqrt(a))
F16_1(v_exp_f16, exp2(a))
F16_1(v_log_f16, log2(a))
F16_1(v_sin_f16, h_sin_rev(a, false))
F16_1(v_cos_f16, h_sin_rev(a, true))
F16_1(v_fract_f16, h_fract(a))
F16_1(v_trunc_f16, trunc(a))
F16_1(v_ceil_f16, ceil(a))
F16_1(v_floor_f16, floor(a))
F16_1(v_rndne_f16, roundeven(a))
F16_1(v_frexp_mant_f16, h_frexp_mant(a))


/* div_fixup for halves, with the f32 special cases (GFX9 ISA V_DIV_FIXUP_F16). */
static void div_fixup16(struct emu_wave *w, const struct emu_inst *in, bool preserve)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F16);
	const uint32_t *restrict pa = hsrc(&v, 0), *restrict pb = hsrc(&v, 1), *restrict pc = hsrc(&v, 2);
	for (unsigned l = 0; l < VL; l++) {
		uint16_t q = (uint16_t)pa[l], d = (uint16_t)pb[l], n = (uint16_t)pc[l];
		uint16_t sign = (d ^ n) & 0x8000, ad = d & 0x7fff, an = n & 0x7fff, r;
		int ed = (d >> 10) & 0x1f, en = (n >> 10) & 0x1f;
		if (f16_isnan(n))
			r = n | 0x200;
		else if (f16_isnan(d))
			r = d | 0x200;
		else if ((!ad && !an) || (ad == 0x7c00 && an == 0x7c00))
			r = 0xfe00;
		else if (!ad || an == 0x7c00)
			r = sign | 0x7c00;
		else if (ad == 0x7c00 || !an)
			r = sign;
		else if (en - ed < -25)
			r = sign;
		else if (f16_isnan(q))
			r = sign | 0x7c00;
		else
			r = sign | (q & 0x7fff);
		v.res[l] = r;
	}
	valu_write16(&v, preserve);
}
VALU_HANDLER(v_div_fixup_f16) { div_fixup16(w, in, true); }
VALU_HANDLER(v_div_fixup_legacy_f16) { div_fixup16(w, in, false); }

/* ---- half conversions ---- */

VALU_HANDLER(v_cvt_f16_f32)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F16);
	unsigned rm = valu_round(&v);
	bool ftz16 = v.ftz_out;
	v.ftz_in = !((w->mode >> 4) & 1); /* the source is f32 */
	const uint32_t *restrict pa = valu_fsrc(&v, 0, EMU_T_F32, 1);
	for (unsigned l = 0; l < VL; l++) {
		uint16_t h = valu_f32_to_f16(pa[l], rm);
		v.res[l] = ftz16 ? f16_ftz(h) : h;
	}
	valu_write16(&v, false);
}

/* No output flush: half denormals are normal singles. */
VALU_LANES(v_cvt_f32_f16, VALU_F16, const uint32_t *restrict pa = hsrc(&v, 0),
           uint32_t f = valu_f16_to_f32((uint16_t)pa[l]); v.res[l] = f32_isnan(f) ? f | 0x400000u : f,
           v.ftz_out = false; v.kind = VALU_F32; valu_fwrite(&v, 1))

#define CVT_I2H(name, expr) \
	VALU_LANES(name, VALU_F16, \
	           unsigned rm = valu_round(&v); const uint32_t *restrict pa = valu_src(&v, 0, EMU_T_B16, 1), \
	           v.res[l] = d2h((double)(expr), rm), valu_write16(&v, false))
CVT_I2H(v_cvt_f16_u16, pa[l] & 0xffff)
CVT_I2H(v_cvt_f16_i16, (int16_t)pa[l])

static inline uint32_t h_to_int(double x, double lo, double hi)
{
	if (isnan(x))
		return 0;
	x = trunc(x);
	return (uint32_t)(int32_t)(x < lo ? lo : x > hi ? hi : x) & 0xffff;
}
VALU_NORM16(h_norm, double, )

/* Half source, 16-bit integer result. */
#define CVT_H2I(name, expr) \
	VALU_LANES(name, VALU_F16, const uint32_t *restrict pa = hsrc(&v, 0), \
	           double a = h2d((uint16_t)pa[l]); v.res[l] = (expr), v.kind = VALU_INT; valu_write16(&v, false))
static inline uint32_t h_frexp_exp(double a)
{
	int e = 0;
	if (isfinite(a))
		frexp(a, &e);
	return (uint32_t)e & 0xffff;
}
CVT_H2I(v_frexp_exp_i16_f16, h_frexp_exp(a))
CVT_H2I(v_cvt_u16_f16, h_to_int(a, 0.0, 65535.0))
CVT_H2I(v_cvt_i16_f16, h_to_int(a, -32768.0, 32767.0))
CVT_H2I(v_cvt_norm_i16_f16, h_norm(a, true))
CVT_H2I(v_cvt_norm_u16_f16, h_norm(a, false))

/* Two f32 to packed halves rounding toward zero. */
VALU_HANDLER(v_cvt_pkrtz_f16_f32)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F32);
	const uint32_t *restrict pa = valu_fsrc(&v, 0, EMU_T_F32, 1), *restrict pb = valu_fsrc(&v, 1, EMU_T_F32, 1);
	bool ftz16 = !((w->mode >> 7) & 1);
	for (unsigned l = 0; l < VL; l++) {
		uint16_t lo = valu_f32_to_f16(pa[l], 3), hi = valu_f32_to_f16(pb[l], 3);
		if (ftz16) {
			lo = f16_ftz(lo);
			hi = f16_ftz(hi);
		}
		v.res[l] = lo | (uint32_t)hi << 16;
	}
	valu_write(&v, 1);
}

#define CVT_PKNORM16(name, sgn) \
	VALU_LANES(name, VALU_F16, \
	           const uint32_t *restrict pa = hsrc(&v, 0); const uint32_t *restrict pb = hsrc(&v, 1), \
	           v.res[l] = h_norm(h2d((uint16_t)pa[l]), sgn) | h_norm(h2d((uint16_t)pb[l]), sgn) << 16, \
	           valu_write(&v, 1))
CVT_PKNORM16(v_cvt_pknorm_i16_f16, true)
CVT_PKNORM16(v_cvt_pknorm_u16_f16, false)

/* D = {S1.f16, S0.f16}: bit moves with float modifiers, no flush. */
VALU_HANDLER(v_pack_b32_f16)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F16);
	v.ftz_in = false;
	const uint32_t *restrict pa = hsrc(&v, 0), *restrict pb = hsrc(&v, 1);
	for (unsigned l = 0; l < VL; l++)
		v.res[l] = (pa[l] & 0xffff) | pb[l] << 16;
	valu_write(&v, 1);
}

/* ---- mixed precision (VOP3P): op_sel_hi[i] says source i is a half
 * (op_sel[i] picks which), else f32; neg_lo is neg, neg_hi is abs. ---- */

static void mix(struct emu_wave *w, const struct emu_inst *in, bool fused, int out /* 0 f32, 1 lo, 2 hi */)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F32);
	double x[3][VL];
	bool ftz32 = !((w->mode >> 4) & 1), ftz16 = !((w->mode >> 6) & 1);
	for (unsigned i = 0; i < 3; i++) {
		bool half = (in->opsel_hi >> i) & 1;
		const uint32_t *p = valu_src(&v, i, half ? EMU_T_F16 : EMU_T_F32, 1);
		unsigned sh = ((in->opsel >> i) & 1) * 16;
		bool n = (in->neg >> i) & 1, a = (in->neg_hi >> i) & 1;
		for (unsigned l = 0; l < VL; l++) {
			double d;
			if (half) {
				uint16_t h = (uint16_t)(p[l] >> sh);
				/* half denormals are normal singles: only the f16 mode flushes them */
				d = h2d(ftz16 ? f16_ftz(h) : h);
			} else {
				d = u2f(ftz32 || !fused ? f32_ftz(p[l]) : p[l]);
			}
			if (a)
				d = fabs(d);
			x[i][l] = n ? -d : d;
		}
	}
	unsigned rm16 = (w->mode >> 2) & 3;
	bool nan0 = (w->mode >> 8) & 1;
	const uint32_t *old = emu_vreg(w, in->dst, 0);
	for (unsigned l = 0; l < VL; l++) {
		double a = x[0][l], b = x[1][l], c = x[2][l], r;
		if (fused)
			r = fma_odd(a, b, c);
		else { /* product and sum each rounded to f32, denormals flushed */
			float p = u2f(f32_ftz(f2u((float)(a * b))));
			r = (double)u2f(f32_ftz(f2u(p + (float)c)));
		}
		if (isnan(r))
			r = isnan(a) ? a : isnan(b) ? b : isnan(c) ? c : NAN;
		if (out == 0) {
			uint32_t f = f2u((float)r);
			if (v.clamp)
				f = f32_isnan(f) ? (nan0 ? 0 : f) : (int32_t)f <= 0 ? 0 : f > 0x3f800000u ? 0x3f800000u : f;
			v.res[l] = (ftz32 || !fused) ? f32_ftz(f) : f;
		} else {
			uint16_t h = d2h(r, rm16);
			if (v.clamp)
				h = f16_isnan(h) ? (nan0 ? 0 : h) : (int16_t)h <= 0 ? 0 : h > 0x3c00 ? 0x3c00 : h;
			if (ftz16 || !fused)
				h = f16_ftz(h);
			v.res[l] = out == 1 ? (old[l] & 0xffff0000u) | h : (old[l] & 0xffff) | (uint32_t)h << 16;
		}
	}
	valu_write(&v, 1);
}

VALU_HANDLER(v_fma_mix_f32) { mix(w, in, true, 0); }
VALU_HANDLER(v_fma_mixlo_f16) { mix(w, in, true, 1); }
VALU_HANDLER(v_fma_mixhi_f16) { mix(w, in, true, 2); }
VALU_HANDLER(v_mad_mix_f32) { mix(w, in, false, 0); }
VALU_HANDLER(v_mad_mixlo_f16) { mix(w, in, false, 1); }
VALU_HANDLER(v_mad_mixhi_f16) { mix(w, in, false, 2); }

/* ---- packed 16-bit (VOP3P) ---- */

/* Source i as {hi, lo} after op_sel (lo) / op_sel_hi (hi); float ops also apply
 * neg_lo/neg_hi and the half denormal flush. VOP2 forms (v_pk_fmac_f16) have
 * no op_sel fields and read {hi, lo} as stored. */
static const uint32_t *pk_src(struct valu *v, unsigned i, bool isfloat)
{
	const struct emu_inst *in = v->in;
	const uint32_t *p = valu_src(v, i, isfloat ? EMU_T_F16 : EMU_T_B16, 1);
	if (in->enc != EMU_ENC_VOP3P)
		return p;
	unsigned sl = ((in->opsel >> i) & 1) * 16, sh = ((in->opsel_hi >> i) & 1) * 16;
	uint32_t nl = isfloat && ((in->neg >> i) & 1) ? 0x8000 : 0;
	uint32_t nh = isfloat && ((in->neg_hi >> i) & 1) ? 0x8000 : 0;
	bool ftz = isfloat && v->ftz_in;
	if (sl == 0 && sh == 16 && !nl && !nh && !ftz)
		return p;
	uint32_t *t = v->tmp[i];
	for (unsigned l = 0; l < VL; l++) {
		uint16_t lo = (uint16_t)(p[l] >> sl), hi = (uint16_t)(p[l] >> sh);
		if (ftz) {
			lo = f16_ftz(lo);
			hi = f16_ftz(hi);
		}
		t[l] = (uint32_t)(lo ^ nl) | (uint32_t)(hi ^ nh) << 16;
	}
	return t;
}

/* Per-half clamp and output flush of packed half results. */
static uint16_t pk_post(const struct valu *v, uint16_t h)
{
	if (v->ftz_out)
		h = f16_ftz(h);
	if (v->clamp) {
		if (f16_isnan(h))
			h = ((v->w->mode >> 8) & 1) ? 0 : h;
		else if ((int16_t)h <= 0)
			h = 0;
		else if (h > 0x3c00)
			h = 0x3c00;
	}
	return h;
}

/* Per-element packed half op (any mode): a, b, c as doubles, ua.. as bits. */
#define PK_F16(name, nsrc, expr) \
	static void name##_elems(struct valu *v, const uint32_t *p0, const uint32_t *p1, \
	                         const uint32_t *p2, unsigned rm, bool ieee) \
	{ \
		(void)ieee; \
		(void)rm; \
		for (unsigned l = 0; l < VL; l++) { \
			uint32_t r = 0; \
			for (unsigned s = 0; s < 32; s += 16) { \
				uint16_t ua = (uint16_t)(p0[l] >> s), ub = (uint16_t)(p1[l] >> s); \
				uint16_t uc = (uint16_t)(p2[l] >> s); \
				double a = h2d(ua), b = h2d(ub), c = h2d(uc); \
				(void)a; \
				(void)b; \
				(void)c; \
				r |= (uint32_t)pk_post(v, (expr)) << s; \
			} \
			v->res[l] = r; \
		} \
	} \
	VALU_HANDLER(name) \
	{ \
		struct valu v; \
		valu_init(&v, w, in, VALU_F16); \
		const uint32_t *p0 = pk_src(&v, 0, true), *p1 = pk_src(&v, 1, true); \
		const uint32_t *p2 = nsrc == 3 ? pk_src(&v, 2, true) : p0; \
		if (!pk_fast(&v, name##_fast, p0, p1)) \
			name##_elems(&v, p0, p1, p2, valu_round(&v), (w->mode >> 9) & 1); \
		valu_write(&v, 1); \
	}

/* Packed add/mul in singles: a sum or product of halves rounded to single and
 * then to half is the correctly rounded half (24 >= 2 * 11 + 2). Returns
 * whether some result is a NaN (the caller then uses the exact NaN rules). */
typedef uint32_t (*pk_fast_fn)(uint32_t *restrict, const uint32_t *restrict, const uint32_t *restrict);
#define PK_FAST(name, op) \
	static uint32_t name##_fast(uint32_t *restrict r, const uint32_t *restrict p0, \
	                            const uint32_t *restrict p1) \
	{ \
		uint32_t nan = 0; \
		for (unsigned l = 0; l < VL; l++) { \
			float alo = h2f_sel(p0[l] & 0xffff), ahi = h2f_sel(p0[l] >> 16); \
			float blo = h2f_sel(p1[l] & 0xffff), bhi = h2f_sel(p1[l] >> 16); \
			uint32_t lo = f2h_sel(alo op blo), hi = f2h_sel(ahi op bhi); \
			nan |= ((lo & 0x7fff) > 0x7c00) | ((hi & 0x7fff) > 0x7c00); \
			r[l] = lo | hi << 16; \
		} \
		return nan; \
	}
PK_FAST(v_pk_add_f16, +)
PK_FAST(v_pk_mul_f16, *)
#define v_pk_fma_f16_fast NULL
#define v_pk_min_f16_fast NULL
#define v_pk_max_f16_fast NULL

/* The vectorised path, when it applies: nearest-even, no clamp, no output
 * flush, no NaN among the results. */
static bool pk_fast(struct valu *v, pk_fast_fn fn, const uint32_t *p0, const uint32_t *p1)
{
	if (!fn || valu_round(v) || v->clamp || v->ftz_out)
		return false;
	return !fn(v->res, p0, p1);
}

PK_F16(v_pk_add_f16, 2, h_nan2(d2h(a + b, rm), ua, ub))
PK_F16(v_pk_mul_f16, 2, h_nan2(d2h(a * b, rm), ua, ub))
PK_F16(v_pk_fma_f16, 3, h_nan3(d2h(fma_odd(a, b, c), rm), ua, ub, uc))
PK_F16(v_pk_min_f16, 2, h_minmax(ua, ub, false, ieee))
PK_F16(v_pk_max_f16, 2, h_minmax(ua, ub, true, ieee))

/* VOP2 (gfx90a+): D.{hi,lo} = fma(S0, S1, D). */
VALU_HANDLER(v_pk_fmac_f16)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F16);
	unsigned rm = valu_round(&v);
	const uint32_t *restrict p0 = pk_src(&v, 0, true), *restrict p1 = pk_src(&v, 1, true);
	const uint32_t *restrict pd = emu_vreg(w, in->dst, 0);
	for (unsigned l = 0; l < VL; l++) {
		uint32_t r = 0;
		for (unsigned s = 0; s < 32; s += 16) {
			uint16_t ua = (uint16_t)(p0[l] >> s), ub = (uint16_t)(p1[l] >> s), uc = (uint16_t)(pd[l] >> s);
			if (v.ftz_in) {
				ua = f16_ftz(ua);
				ub = f16_ftz(ub);
				uc = f16_ftz(uc);
			}
			uint16_t h = h_nan3(d2h(fma_odd(h2d(ua), h2d(ub), h2d(uc)), rm), ua, ub, uc);
			r |= (uint32_t)pk_post(&v, h) << s;
		}
		v.res[l] = r;
	}
	valu_write(&v, 1);
}

static inline uint32_t sat16u(int64_t x) { return (uint32_t)(x < 0 ? 0 : x > 0xffff ? 0xffff : x); }
static inline uint32_t sat16s(int64_t x) { return (uint32_t)(x < -32768 ? -32768 : x > 32767 ? 32767 : x) & 0xffff; }

#define PK_I16(name, nsrc, expr) \
	VALU_HANDLER(name) \
	{ \
		struct valu v; \
		valu_init(&v, w, in, VALU_INT); \
		const uint32_t *restrict p0 = pk_src(&v, 0, false), *restrict p1 = pk_src(&v, 1, false); \
		const uint32_t *restrict p2 = nsrc == 3 ? pk_src(&v, 2, false) : p0; \
		for (unsigned l = 0; l < VL; l++) { \
			uint32_t r = 0; \
			for (unsigned s = 0; s < 32; s += 16) { \
				uint32_t a = (p0[l] >> s) & 0xffff, b = (p1[l] >> s) & 0xffff; \
				uint32_t c = (p2[l] >> s) & 0xffff; \
				int32_t sa = (int16_t)a, sb = (int16_t)b, sc = (int16_t)c; \
				(void)c; \
				(void)sa; \
				(void)sb; \
				(void)sc; \
				r |= ((uint32_t)(expr) & 0xffff) << s; \
			} \
			v.res[l] = r; \
		} \
		valu_write(&v, 1); \
	}
PK_I16(v_pk_add_u16, 2, v.clamp ? sat16u((int64_t)a + b) : a + b)
PK_I16(v_pk_sub_u16, 2, v.clamp ? sat16u((int64_t)a - b) : a - b)
PK_I16(v_pk_add_i16, 2, v.clamp ? sat16s((int64_t)sa + sb) : a + b)
PK_I16(v_pk_sub_i16, 2, v.clamp ? sat16s((int64_t)sa - sb) : a - b)
PK_I16(v_pk_mul_lo_u16, 2, a * b)
PK_I16(v_pk_mad_u16, 3, v.clamp ? sat16u((int64_t)a * b + c) : a * b + c)
PK_I16(v_pk_mad_i16, 3, v.clamp ? sat16s((int64_t)sa * sb + sc) : (uint32_t)(sa * sb + sc))
PK_I16(v_pk_min_u16, 2, a < b ? a : b)
PK_I16(v_pk_max_u16, 2, a > b ? a : b)
PK_I16(v_pk_min_i16, 2, sa < sb ? a : b)
PK_I16(v_pk_max_i16, 2, sa > sb ? a : b)
PK_I16(v_pk_lshlrev_b16, 2, b << (a & 15))
PK_I16(v_pk_lshrrev_b16, 2, b >> (a & 15))
PK_I16(v_pk_ashrrev_i16, 2, (uint32_t)(sb >> (a & 15)))

/* ---- packed f32 (gfx90a+): 64-bit operands, op_sel picks the dword feeding
 * the low result, op_sel_hi the one feeding the high result. ---- */

/* v_pk_add_f32 / v_pk_mul_f32 lanes: both result halves in one pass over
 * the lanes (r[l] from a0, b0; r[64 + l] from a1, b1), a loop without
 * branches that vectorises. Return nonzero when some result is NaN. */
#define PK_F32_LANES(name, op) \
	VALU_SIMD static uint32_t name(uint32_t *restrict r, const uint32_t *restrict a0, \
	                               const uint32_t *restrict b0, const uint32_t *restrict a1, \
	                               const uint32_t *restrict b1) \
	{ \
		uint32_t nan = 0; \
		for (unsigned l = 0; l < VL; l++) { \
			float x = u2f(a0[l]) op u2f(b0[l]), y = u2f(a1[l]) op u2f(b1[l]); \
			r[l] = f2u(x); \
			r[VL + l] = f2u(y); \
			nan |= (x != x) | (y != y); \
		} \
		return nan; \
	}
PK_F32_LANES(pk_add_f32_lanes, +)
PK_F32_LANES(pk_mul_f32_lanes, *)

/* x = ps with the input flush and the sign flip of neg/neg_hi. */
static void pk_f32_mod(uint32_t *restrict x, const uint32_t *restrict ps, uint32_t flip, bool ftz)
{
	/* two plain loops rather than a test per lane: they vectorise */
	if (ftz)
		for (unsigned l = 0; l < VL; l++)
			x[l] = f32_ftz(ps[l]) ^ flip;
	else
		for (unsigned l = 0; l < VL; l++)
			x[l] = ps[l] ^ flip;
}

/* Inline: each handler gets a copy with nsrc and op constant. */
VALU_INLINE void pk_f32(struct emu_wave *w, const struct emu_inst *in, unsigned nsrc, int op)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F32);
	/* s[i][h]: lanes of source i for result half h (op_sel / op_sel_hi pick
	 * the dword), read in place unless neg or the input flush changes them. */
	const uint32_t *s[3][2];
	uint32_t x[3][2][VL];
	for (unsigned i = 0; i < nsrc; i++) {
		const uint32_t *p = valu_src(&v, i, EMU_T_F32, 2);
		s[i][0] = p + ((in->opsel >> i) & 1) * VL;
		s[i][1] = p + ((in->opsel_hi >> i) & 1) * VL;
	}
	if (__builtin_expect(in->neg | in->neg_hi | v.ftz_in, 0)) {
		for (unsigned i = 0; i < nsrc; i++)
			for (unsigned h = 0; h < 2; h++) {
				uint32_t flip = ((h ? in->neg_hi : in->neg) >> i) & 1 ? 0x80000000u : 0;
				if (!flip && !v.ftz_in)
					continue;
				pk_f32_mod(x[i][h], s[i][h], flip, v.ftz_in);
				s[i][h] = x[i][h];
			}
	}
	/* Results first, without looking at NaNs; the NaN rules (f32_nan2/3)
	 * only for lanes that came out NaN, which the lane loops report. */
	uint32_t any;
	if (op == 2)
		any = valu_fma32_lanes(v.res, s[0][0], s[1][0], s[2][0]) |
		      valu_fma32_lanes(v.res + VL, s[0][1], s[1][1], s[2][1]);
	else if (op == 1)
		any = pk_mul_f32_lanes(v.res, s[0][0], s[1][0], s[0][1], s[1][1]);
	else
		any = pk_add_f32_lanes(v.res, s[0][0], s[1][0], s[0][1], s[1][1]);
	if (any) {
		for (unsigned h = 0; h < 2; h++)
			for (unsigned l = 0; l < VL; l++) {
				uint32_t *r = &v.res[h * VL + l];
				*r = op == 2 ? f32_nan3(*r, s[0][h][l], s[1][h][l], s[2][h][l])
				             : f32_nan2(*r, s[0][h][l], s[1][h][l]);
			}
	}
	/* omod does not exist in VOP3P; clamp and flush apply to both halves. */
	if (v.ftz_out || v.clamp) {
		bool nan0 = (w->mode >> 8) & 1;
		for (unsigned i = 0; i < 2 * VL; i++) {
			uint32_t r = v.res[i];
			if (v.ftz_out)
				r = f32_ftz(r);
			if (v.clamp)
				r = f32_isnan(r) ? (nan0 ? 0 : r) : (int32_t)r <= 0 ? 0 : r > 0x3f800000u ? 0x3f800000u : r;
			v.res[i] = r;
		}
	}
	valu_write(&v, 2);
}
VALU_HANDLER(v_pk_add_f32) { pk_f32(w, in, 2, 0); }
VALU_HANDLER(v_pk_mul_f32) { pk_f32(w, in, 2, 1); }
VALU_HANDLER(v_pk_fma_f32) { pk_f32(w, in, 3, 2); }

/* D.lo = op_sel[0] ? S0.hi : S0.lo; D.hi = op_sel[1] ? S1.hi : S1.lo. */
VALU_HANDLER(v_pk_mov_b32)
{
	struct valu v;
	valu_init(&v, w, in, VALU_INT);
	const uint32_t *restrict p0 = valu_src(&v, 0, EMU_T_B64, 2), *restrict p1 = valu_src(&v, 1, EMU_T_B64, 2);
	unsigned s0 = in->opsel & 1, s1 = (in->opsel >> 1) & 1;
	for (unsigned l = 0; l < VL; l++) {
		v.res[l] = p0[s0 * VL + l];
		v.res[VL + l] = p1[s1 * VL + l];
	}
	valu_write(&v, 2);
}

/* ---- dot products ---- */

/* D.f32 = S0.lo*S1.lo + S0.hi*S1.hi + S2.f32 (VOP3P) or + D (VOP2 dot2c). */
static void dot2_f16(struct emu_wave *w, const struct emu_inst *in, bool acc)
{
	struct valu v;
	valu_init(&v, w, in, VALU_F32);
	bool ftz16 = !((w->mode >> 6) & 1);
	v.ftz_in = false;
	const uint32_t *restrict p0 = pk_src(&v, 0, true), *restrict p1 = pk_src(&v, 1, true);
	const uint32_t *restrict p2 = acc ? emu_vreg(w, in->dst, 0) : valu_src(&v, 2, EMU_T_F32, 1);
	uint32_t cneg = !acc && ((in->neg >> 2) & 1) ? 0x80000000u : 0;
	for (unsigned l = 0; l < VL; l++) {
		double s = (double)u2f(p2[l] ^ cneg);
		for (unsigned sh = 0; sh < 32; sh += 16) {
			uint16_t a = (uint16_t)(p0[l] >> sh), b = (uint16_t)(p1[l] >> sh);
			if (ftz16) {
				a = f16_ftz(a);
				b = f16_ftz(b);
			}
			s = fma_odd(h2d(a), h2d(b), s);
		}
		v.res[l] = f2u((float)s);
	}
	valu_fwrite(&v, 1);
}
VALU_HANDLER(v_dot2_f32_f16) { dot2_f16(w, in, false); }
VALU_HANDLER(v_dot2c_f32_f16) { dot2_f16(w, in, true); }

/* Integer dots over n elements of `bits` bits; clamp saturates the 32-bit sum. */
static void idot(struct emu_wave *w, const struct emu_inst *in, unsigned bits, bool sgn, bool acc)
{
	struct valu v;
	valu_init(&v, w, in, VALU_INT);
	const uint32_t *restrict p0 = valu_src(&v, 0, EMU_T_B32, 1), *restrict p1 = valu_src(&v, 1, EMU_T_B32, 1);
	const uint32_t *restrict p2 = acc ? emu_vreg(w, in->dst, 0) : valu_src(&v, 2, EMU_T_B32, 1);
	uint32_t mask = (1u << bits) - 1;
	for (unsigned l = 0; l < VL; l++) {
		int64_t s = sgn ? (int64_t)(int32_t)p2[l] : (int64_t)p2[l];
		for (unsigned sh = 0; sh < 32; sh += bits) {
			uint32_t a = (p0[l] >> sh) & mask, b = (p1[l] >> sh) & mask;
			if (sgn)
				s += (int64_t)((int32_t)(a << (32 - bits)) >> (32 - bits)) *
				     ((int32_t)(b << (32 - bits)) >> (32 - bits));
			else
				s += (int64_t)a * b;
		}
		if (v.clamp)
			s = sgn ? (s < INT32_MIN ? INT32_MIN : s > INT32_MAX ? INT32_MAX : s)
			        : (s > 0xffffffffll ? 0xffffffffll : s);
		v.res[l] = (uint32_t)s;
	}
	valu_write(&v, 1);
}
VALU_HANDLER(v_dot2_i32_i16) { idot(w, in, 16, true, false); }
VALU_HANDLER(v_dot2c_i32_i16) { idot(w, in, 16, true, true); }
VALU_HANDLER(v_dot2_u32_u16) { idot(w, in, 16, false, false); }
VALU_HANDLER(v_dot4_i32_i8) { idot(w, in, 8, true, false); }
VALU_HANDLER(v_dot4c_i32_i8) { idot(w, in, 8, true, true); }
VALU_HANDLER(v_dot4_u32_u8) { idot(w, in, 8, false, false); }
VALU_HANDLER(v_dot8_i32_i4) { idot(w, in, 4, true, false); }
VALU_HANDLER(v_dot8c_i32_i4) { idot(w, in, 4, true, true); }
VALU_HANDLER(v_dot8_u32_u4) { idot(w, in, 4, false, false); }

/* ---- table ---- */

#define VALU_F16_LIST(X, A) \
	X(v_add_f16) X(v_sub_f16) X(v_subrev_f16) X(v_mul_f16) X(v_min_f16) X(v_max_f16) \
	X(v_min3_f16) X(v_max3_f16) X(v_med3_f16) X(v_ldexp_f16) X(v_rcp_f16) X(v_rsq_f16) \
	X(v_sqrt_f16) X(v_exp_f16) X(v_log_f16) X(v_sin_f16) X(v_cos_f16) X(v_fract_f16) \
	X(v_trunc_f16) X(v_ceil_f16) X(v_floor_f16) X(v_rndne_f16) X(v_frexp_mant_f16) \
	X(v_frexp_exp_i16_f16) X(v_div_fixup_f16) X(v_div_fixup_legacy_f16) X(v_cvt_f16_f32) \
	X(v_cvt_f32_f16) X(v_cvt_f16_u16) X(v_cvt_f16_i16) X(v_cvt_u16_f16) X(v_cvt_i16_f16) \
	X(v_cvt_norm_i16_f16) X(v_cvt_norm_u16_f16) X(v_cvt_pkrtz_f16_f32) X(v_cvt_pknorm_i16_f16) \
	X(v_cvt_pknorm_u16_f16) X(v_pack_b32_f16) X(v_fma_mix_f32) X(v_fma_mixlo_f16) \
	X(v_fma_mixhi_f16) X(v_mad_mix_f32) X(v_mad_mixlo_f16) X(v_mad_mixhi_f16) X(v_pk_add_f16) \
	X(v_pk_mul_f16) X(v_pk_fma_f16) X(v_pk_fmac_f16) X(v_pk_min_f16) X(v_pk_max_f16) \
	X(v_pk_add_u16) X(v_pk_add_i16) X(v_pk_sub_u16) X(v_pk_sub_i16) X(v_pk_mul_lo_u16) \
	X(v_pk_mad_u16) X(v_pk_mad_i16) X(v_pk_min_u16) X(v_pk_min_i16) X(v_pk_max_u16) \
	X(v_pk_max_i16) X(v_pk_lshlrev_b16) X(v_pk_lshrrev_b16) X(v_pk_ashrrev_i16) \
	X(v_pk_add_f32) X(v_pk_mul_f32) X(v_pk_fma_f32) X(v_pk_mov_b32) X(v_dot2_f32_f16) \
	X(v_dot2c_f32_f16) X(v_dot2_i32_i16) X(v_dot2c_i32_i16) X(v_dot2_u32_u16) X(v_dot4_i32_i8) \
	X(v_dot4c_i32_i8) X(v_dot4_u32_u8) X(v_dot8_i32_i4) X(v_dot8c_i32_i4) X(v_dot8_u32_u4)

const struct emu_sem emu_sem_valu_f16[] = {
	F16_MADD_FORMS(VALU_ROW)
	VALU_F16_LIST(VALU_ENTRY, VALU_ALIAS)
	EMU_SEM_END
};
