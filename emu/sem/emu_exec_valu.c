/*
 * emu_exec_valu — vector ALU semantics shared steps (GFX9: gfx900, gfx90a,
 * gfx942).
 *
 * Every handler runs: valu_init (per-instruction decisions: write mask,
 * DPP lane map, SDWA/VOP3 modifiers, denormal mode), valu_src/valu_fsrc (one
 * pass per source: select, permute, abs/neg, flush), a tight lane loop over
 * all 64 lanes into v->res, then valu_write/valu_fwrite (omod, clamp, flush,
 * SDWA destination merge, write under the mask). Computing inactive lanes is
 * cheaper than testing EXEC per lane and has no side effects.
 *
 * Encodings (checked with llvm-mc -show-encoding, LLVM 19):
 *   SDWA dword: src0[7:0] dst_sel[10:8] dst_unused[12:11] clamp[13] omod[15:14]
 *     src0_sel[18:16] src0_sext[19] src0_neg[20] src0_abs[21] s0[23]
 *     src1_sel[26:24] src1_sext[27] src1_neg[28] src1_abs[29] s1[31];
 *     VOPC: sdst[14:8] with sd[15] (0: VCC) in place of dst_sel/unused/clamp/omod.
 *   DPP dword: src0[7:0] dpp_ctrl[16:8] bound_ctrl[19] src0_neg[20] src0_abs[21]
 *     src1_neg[22] src1_abs[23] bank_mask[27:24] row_mask[31:28].
 */
#include <fenv.h>

#include "arch/emu_profile.h"
#include "sem/emu_exec_valu.h"

/* ---- DPP ---- */

/* Source lane of lane l for dpp_ctrl (GFX9 ISA "DPP_CTRL enumeration"):
 * >= 0 lane, -1 out of bounds, -2 reserved encoding. */
static int dpp_lane(unsigned ctrl, unsigned l, bool newbcast)
{
	unsigned row = l & ~15u, r = l & 15u;
	if (ctrl <= 0xff) /* quad_perm */
		return (int)((l & ~3u) | ((ctrl >> (2 * (l & 3))) & 3));
	if (ctrl >= 0x101 && ctrl <= 0x10f) { /* row_shl: read lane + n */
		unsigned n = ctrl & 15;
		return r + n < 16 ? (int)(l + n) : -1;
	}
	if (ctrl >= 0x111 && ctrl <= 0x11f) { /* row_shr: read lane - n */
		unsigned n = ctrl & 15;
		return r >= n ? (int)(l - n) : -1;
	}
	if (ctrl >= 0x121 && ctrl <= 0x12f) /* row_ror */
		return (int)(row | ((r - (ctrl & 15)) & 15));
	switch (ctrl) {
	case 0x130: /* wave_shl:1 */
		return l < 63 ? (int)l + 1 : -1;
	case 0x134: /* wave_rol:1 */
		return (int)((l + 1) & 63);
	case 0x138: /* wave_shr:1 */
		return l > 0 ? (int)l - 1 : -1;
	case 0x13c: /* wave_ror:1 */
		return (int)((l - 1) & 63);
	case 0x140: /* row_mirror */
		return (int)(row | (15 - r));
	case 0x141: /* row_half_mirror */
		return (int)((l & ~7u) | (7 - (l & 7)));
	case 0x142: /* row_bcast:15 — lane 15 of each row to the next row */
		return l >= 16 ? (int)row - 1 : -1;
	case 0x143: /* row_bcast:31 — lane 31 to rows 2 and 3 */
		return l >= 32 ? 31 : -1;
	default:
		break;
	}
	if (newbcast && ctrl >= 0x150 && ctrl <= 0x15f) /* gfx90a+ row_newbcast:n */
		return (int)(row | (ctrl & 15));
	return -2;
}

static bool dpp_setup(struct valu *v)
{
	uint32_t e = v->in->ext;
	unsigned ctrl = (e >> 8) & 0x1ff, rowm = e >> 28, bankm = (e >> 24) & 15;
	bool bc = (e >> 19) & 1;
	bool newbcast = v->w->prog && v->w->prog->prof && gcn_has(v->w->prog->prof->tgt, GCN_F_GFX90A_INSTS);
	uint64_t exec = emu_exec_mask(v->w), wmask = 0;

	for (unsigned l = 0; l < VL; l++) {
		v->dpp_src[l] = -1;
		if (!((rowm >> (l >> 4)) & 1) || !((bankm >> ((l >> 2) & 3)) & 1))
			continue;
		int s = dpp_lane(ctrl, l, newbcast);
		if (s == -2) {
			emu_fault(v->w, v->in, EMU_FAULT_ILLEGAL, 0,
			          "DPP control 0x%x (DPP dword bits [16:8]) is reserved on %s; "
			          "use one of the controls LLVM assembles for this arch",
			          ctrl, v->w->prog && v->w->prog->prof ? v->w->prog->prof->proc : "this arch");
			return false;
		}
		/* A source lane that is disabled by EXEC counts as out of bounds. */
		if (s >= 0 && !((exec >> s) & 1))
			s = -1;
		if (s < 0 && !bc)
			continue; /* out of bounds without bound_ctrl: lane not written */
		v->dpp_src[l] = (int8_t)s;
		wmask |= 1ull << l;
	}
	v->exec = exec & wmask;
	v->neg |= ((e >> 20) & 1) | ((e >> 22) & 1) << 1;
	v->abs |= ((e >> 21) & 1) | ((e >> 23) & 1) << 1;
	return true;
}

void valu_init_mods(struct valu *v)
{
	const struct emu_inst *in = v->in;
	struct emu_wave *w = v->w;
	enum valu_kind kind = v->kind;
	v->abs = in->abs;
	v->neg = in->neg;
	v->clamp = (in->flags & EMU_F_CLAMP) != 0;
	v->omod = in->omod & 3;
	v->rm_set = false;
	if (in->sdwa) {
		uint32_t e = in->ext;
		v->neg |= ((e >> 20) & 1) | ((e >> 28) & 1) << 1;
		v->abs |= ((e >> 21) & 1) | ((e >> 29) & 1) << 1;
		if (in->enc != EMU_ENC_VOPC) {
			v->clamp |= (e >> 13) & 1;
			v->omod |= (e >> 14) & 3;
		}
	} else if (in->dpp) {
		if (!dpp_setup(v))
			v->exec = 0;
	}
	unsigned dm = kind == VALU_F32 ? (w->mode >> 4) & 3 : (w->mode >> 6) & 3;
	v->ftz_in = kind != VALU_INT && !(dm & 1);
	v->ftz_out = kind != VALU_INT && !(dm & 2);
	if (kind != VALU_INT && valu_round(v)) {
		static const int fe[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
		fesetround(fe[valu_round(v)]);
		v->rm_set = true;
	}
}

/* Host rounding back to nearest-even after an instruction that changed it. */
void valu_done(struct valu *v)
{
	if (v->rm_set) {
		fesetround(FE_TONEAREST);
		v->rm_set = false;
	}
}

/* ---- sources ---- */

/* SDWA select or DPP permutation of source i (p: its lanes, possibly tmp). */
static const uint32_t *__attribute__((noinline)) src_sdwa_dpp(struct valu *v, unsigned i, const uint32_t *p,
                                                              unsigned ndw)
{
	const struct emu_inst *in = v->in;
	uint32_t *tmp = v->tmp[i];
	if (in->dpp && i == 0) {
		/* Gather through a copy: p is the register, which tmp must not alias. */
		uint32_t src[2 * VL];
		memcpy(src, p, ndw * VL * 4);
		for (unsigned d = 0; d < ndw; d++)
			for (unsigned l = 0; l < VL; l++) {
				int s = v->dpp_src[l];
				tmp[d * VL + l] = s >= 0 ? src[d * VL + (unsigned)s] : 0;
			}
		return tmp;
	}
	if (in->sdwa && i < 2) {
		unsigned sel = (in->ext >> (i ? 24 : 16)) & 7;
		bool sext = (in->ext >> (i ? 27 : 19)) & 1;
		if (sel >= 6) /* DWORD (7 is reserved and reads as DWORD) */
			return p;
		unsigned sh = sel < 4 ? 8 * sel : 16 * (sel - 4);
		uint32_t mask = sel < 4 ? 0xff : 0xffff, sign = sext ? (mask + 1) >> 1 : 0;
		for (unsigned l = 0; l < VL; l++) {
			uint32_t x = (p[l] >> sh) & mask;
			tmp[l] = (x ^ sign) - sign;
		}
		return tmp;
	}
	return p;
}

const uint32_t *valu_src_any(struct valu *v, unsigned i, enum emu_optype t, unsigned ndw)
{
	const struct emu_inst *in = v->in;
	const uint32_t *p = emu_vsrc(v->w, in, in->src[i], t, ndw, v->tmp[i]);
	if (__builtin_expect(!(in->sdwa | in->dpp), 1))
		return p;
	return src_sdwa_dpp(v, i, p, ndw);
}

const uint32_t *valu_fsrc_mod(struct valu *v, unsigned i, enum emu_optype t, const uint32_t *p)
{
	bool a = (v->abs >> i) & 1, n = (v->neg >> i) & 1;
	uint32_t *tmp = v->tmp[i];
	if (t == EMU_T_F64) {
		uint32_t clr = a ? 0x80000000u : 0, flip = n ? 0x80000000u : 0;
		for (unsigned l = 0; l < VL; l++) {
			uint32_t lo = p[l], hi = p[VL + l];
			if (v->ftz_in && !(hi & 0x7ff00000u)) {
				lo = 0;
				hi &= 0x80000000u;
			}
			tmp[l] = lo;
			tmp[VL + l] = ((hi & ~clr) ^ flip);
		}
		return tmp;
	}
	uint32_t sbit = t == EMU_T_F16 ? 0x8000u : 0x80000000u;
	uint32_t clr = a ? sbit : 0, flip = n ? sbit : 0;
	if (t == EMU_T_F16) {
		for (unsigned l = 0; l < VL; l++) {
			uint32_t x = p[l];
			if (v->ftz_in && !(x & 0x7c00u))
				x &= ~0x7fffu;
			tmp[l] = (x & ~clr) ^ flip;
		}
	} else {
		for (unsigned l = 0; l < VL; l++) {
			uint32_t x = p[l];
			if (v->ftz_in)
				x = f32_ftz(x);
			tmp[l] = (x & ~clr) ^ flip;
		}
	}
	return tmp;
}

/* ---- results ---- */

static void sdwa_dst(struct valu *v)
{
	uint32_t e = v->in->ext;
	unsigned sel = (e >> 8) & 7, unused = (e >> 11) & 3;
	if (sel >= 6)
		return;
	unsigned sh = sel < 4 ? 8 * sel : 16 * (sel - 4);
	unsigned width = sel < 4 ? 8 : 16;
	uint32_t field = (width == 8 ? 0xffu : 0xffffu) << sh;
	const uint32_t *old = emu_vreg(v->w, v->dst, 0);
	for (unsigned l = 0; l < VL; l++) {
		uint32_t r = (v->res[l] << sh) & field;
		if (unused == 2) { /* UNUSED_PRESERVE */
			r |= old[l] & ~field;
		} else if (unused == 1 && sh + width < 32 && (r >> (sh + width - 1)) & 1) {
			r |= ~0u << (sh + width); /* UNUSED_SEXT: bits above the field */
		}
		v->res[l] = r;
	}
}

/* dst[l] = r[l] in the lanes that are on (one byte per lane), branch-free. */
static void merge_lanes(uint32_t *restrict dst, const uint32_t *restrict r, const uint8_t *restrict on)
{
	for (unsigned l = 0; l < VL; l++) {
		uint32_t keep = (uint32_t)on[l] - 1; /* all ones where inactive */
		dst[l] = (r[l] & ~keep) | (dst[l] & keep);
	}
}

bool valu_regs_ok(struct emu_wave *w, const struct emu_inst *in, unsigned code, unsigned ndw)
{
	unsigned r = code - EMU_OP_VGPR0;
	if (__builtin_expect(code >= EMU_OP_VGPR0 && emu_vgprs_granted(w, r, ndw), 1))
		return true;
	emu_fault(w, in, EMU_FAULT_ILLEGAL, 0,
	          "destination %s%u%s is outside the %u %s granted by the kernel descriptor; "
	          "raise .amdhsa_next_free_vgpr (or the AGPR count)",
	          r < 256 ? "v" : "a", r & 255, ndw > 1 ? " (and following)" : "",
	          r < 256 ? w->nvgpr : w->nagpr, r < 256 ? "VGPRs" : "AGPRs");
	return false;
}

void valu_write_any(struct valu *v, unsigned ndw)
{
	valu_done(v);
	if (!valu_regs_ok(v->w, v->in, v->dst, ndw))
		return;
	if (v->in->sdwa && ndw == 1)
		sdwa_dst(v);
	uint64_t m = v->exec;
	uint8_t on[VL];
	if (m != ~0ull)
		valu_unpack(on, m);
	for (unsigned d = 0; d < ndw; d++) {
		uint32_t *dst = emu_vreg(v->w, v->dst, d);
		if (m == ~0ull)
			memcpy(dst, &v->res[d * VL], VL * 4);
		else
			merge_lanes(dst, &v->res[d * VL], on);
	}
}

/* fma lanes: with the host FMA unit (same results, correctly rounded either
 * way) or the portable forms; both report whether a result is NaN. */
__attribute__((target("fma"))) static uint32_t fma32_hw(uint32_t *restrict r, const uint32_t *restrict a,
                                                        const uint32_t *restrict b, const uint32_t *restrict c)
{
	/* lanes l and l + 32 per pass: half the loop overhead */
	uint32_t nan = 0;
	for (unsigned l = 0; l < VL / 2; l++) {
		float x = __builtin_fmaf(u2f(a[l]), u2f(b[l]), u2f(c[l]));
		float y = __builtin_fmaf(u2f(a[VL / 2 + l]), u2f(b[VL / 2 + l]), u2f(c[VL / 2 + l]));
		r[l] = f2u(x);
		r[VL / 2 + l] = f2u(y);
		nan |= (x != x) | (y != y);
	}
	return nan;
}

static uint32_t fma32_sw(uint32_t *restrict r, const uint32_t *restrict a, const uint32_t *restrict b,
                         const uint32_t *restrict c)
{
	uint32_t nan = 0;
	for (unsigned l = 0; l < VL; l++) {
		float x = fma32(u2f(a[l]), u2f(b[l]), u2f(c[l]));
		r[l] = f2u(x);
		nan |= x != x;
	}
	return nan;
}

__attribute__((target("fma"))) static void fma64_hw(uint32_t *restrict r, const uint32_t *restrict a,
                                                    const uint32_t *restrict b, const uint32_t *restrict c)
{
	for (unsigned l = 0; l < VL; l++)
		put64(r, l, d2u(__builtin_fma(u2d(lane64(a, l)), u2d(lane64(b, l)), u2d(lane64(c, l)))));
}

uint32_t valu_fma32_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c)
{
	if (__builtin_cpu_supports("fma"))
		return fma32_hw(r, a, b, c);
	return fma32_sw(r, a, b, c);
}

void valu_fma64_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c)
{
	if (__builtin_cpu_supports("fma")) {
		fma64_hw(r, a, b, c);
		return;
	}
	for (unsigned l = 0; l < VL; l++)
		put64(r, l, d2u(fma(u2d(lane64(a, l)), u2d(lane64(b, l)), u2d(lane64(c, l)))));
}

void valu_fix_nan32(struct valu *v, const uint32_t *a, const uint32_t *b, const uint32_t *c)
{
	uint32_t any = 0;
	for (unsigned l = 0; l < VL; l++)
		any |= (v->res[l] & 0x7fffffffu) > 0x7f800000u;
	if (__builtin_expect(!any, 1))
		return;
	for (unsigned l = 0; l < VL; l++)  /* only the NaN lanes change */
		if ((v->res[l] & 0x7fffffffu) > 0x7f800000u)
			v->res[l] = c ? f32_nan3(v->res[l], a[l], b[l], c[l]) : f32_nan2(v->res[l], a[l], b[l]);
}

void valu_fix_nan64(struct valu *v, const uint32_t *a, const uint32_t *b, const uint32_t *c)
{
	uint32_t any = 0;
	for (unsigned l = 0; l < VL; l++)
		any |= (v->res[VL + l] & 0x7ff00000u) == 0x7ff00000u;
	if (__builtin_expect(!any, 1))
		return;
	for (unsigned l = 0; l < VL; l++) {
		uint64_t r = lane64(v->res, l), x = lane64(a, l), y = lane64(b, l);
		put64(v->res, l, c ? f64_nan3(r, x, y, lane64(c, l)) : f64_nan2(r, x, y));
	}
}

/* Clamp of a float result r (its bits) to [0, 1]: a NaN becomes 0 with
 * MODE.DX10_CLAMP (nan0), else stays; negative values and zeros (neg_or_0:
 * the bits as a signed integer are <= 0) give +0; above 1.0 (its bits
 * `one`) gives 1.0. Integer order of positive IEEE bits is value order. */
static inline uint64_t clamp01(uint64_t r, bool nan, bool neg_or_0, uint64_t one, bool nan0)
{
	if (nan)
		return nan0 ? 0 : r;
	if (neg_or_0)
		return 0;
	return r > one ? one : r;
}

static void post_f32(struct valu *v)
{
	static const float om[4] = {1.0f, 2.0f, 4.0f, 0.5f};
	float mul = om[v->omod];
	bool nan0 = (v->w->mode >> 8) & 1; /* DX10_CLAMP: clamp maps NaN to 0 */
	for (unsigned l = 0; l < VL; l++) {
		uint32_t r = v->res[l];
		if (v->omod && !f32_isnan(r))
			r = f2u(u2f(r) * mul);
		if (v->ftz_out)
			r = f32_ftz(r);
		if (v->clamp)
			r = (uint32_t)clamp01(r, f32_isnan(r), (int32_t)r <= 0, 0x3f800000u, nan0);
		v->res[l] = r;
	}
}

static void post_f64(struct valu *v)
{
	static const double om[4] = {1.0, 2.0, 4.0, 0.5};
	double mul = om[v->omod];
	bool nan0 = (v->w->mode >> 8) & 1;
	for (unsigned l = 0; l < VL; l++) {
		uint64_t r = lane64(v->res, l);
		if (v->omod && !isnan(u2d(r)))
			r = d2u(u2d(r) * mul);
		if (v->ftz_out)
			r = f64_ftz(r);
		if (v->clamp)
			r = clamp01(r, isnan(u2d(r)), (int64_t)r <= 0, 0x3ff0000000000000ull, nan0);
		put64(v->res, l, r);
	}
}

static void post_f16(struct valu *v)
{
	bool nan0 = (v->w->mode >> 8) & 1;
	unsigned rm = valu_round(v);
	for (unsigned l = 0; l < VL; l++) {
		uint16_t r = (uint16_t)v->res[l];
		if (v->omod && !f16_isnan(r)) {
			static const float om[4] = {1.0f, 2.0f, 4.0f, 0.5f};
			r = valu_f32_to_f16(f2u(u2f(valu_f16_to_f32(r)) * om[v->omod]), rm);
		}
		if (v->ftz_out)
			r = f16_ftz(r);
		if (v->clamp)
			r = (uint16_t)clamp01(r, f16_isnan(r), (int16_t)r <= 0, 0x3c00, nan0);
		v->res[l] = r;
	}
}

/* omod, clamp, output flush; valu_fwrite calls it only when one applies
 * (for F64 all three steps leave the value alone otherwise). */
void valu_post(struct valu *v)
{
	if (v->kind == VALU_F64)
		post_f64(v);
	else
		post_f32(v);
}

void valu_write16(struct valu *v, bool opsel_dst)
{
	if (v->kind == VALU_F16 && (v->omod || v->clamp || v->ftz_out))
		post_f16(v);
	if (v->in->sdwa) {
		for (unsigned l = 0; l < VL; l++)
			v->res[l] &= 0xffff;
	} else if (opsel_dst) {
		const uint32_t *old = emu_vreg(v->w, v->dst, 0);
		if (v->in->opsel & 8)
			for (unsigned l = 0; l < VL; l++)
				v->res[l] = (old[l] & 0xffff) | v->res[l] << 16;
		else
			for (unsigned l = 0; l < VL; l++)
				v->res[l] = (old[l] & 0xffff0000u) | (v->res[l] & 0xffff);
	} else {
		for (unsigned l = 0; l < VL; l++)
			v->res[l] &= 0xffff;
	}
	valu_write(v, 1);
}

unsigned valu_sdst(const struct valu *v)
{
	const struct emu_inst *in = v->in;
	if (in->enc == EMU_ENC_VOP3)
		return in->sdst;
	if (in->sdwa && in->enc == EMU_ENC_VOPC && ((in->ext >> 15) & 1))
		return (in->ext >> 8) & 0x7f;
	return EMU_OP_VCC_LO;
}

void valu_write_mask(struct valu *v, unsigned code, uint64_t mask)
{
	emu_swrite64(v->w, code, mask);
}

uint64_t valu_mask_src(struct valu *v, unsigned code)
{
	return emu_sread64(v->w, v->in, code, EMU_T_B64);
}

/* ---- IEEE half conversions (the result steps and the f16, compare and
 * MFMA families use them) ---- */

uint16_t valu_f64_to_f16(uint64_t x, unsigned rm)
{
	uint16_t sign = (uint16_t)((x >> 48) & 0x8000);
	uint64_t ax = x & 0x7fffffffffffffffull;
	if (ax > 0x7ff0000000000000ull)
		return sign | 0x7e00 | (uint16_t)((ax >> 42) & 0x3ff);
	if (ax == 0x7ff0000000000000ull)
		return sign | 0x7c00;
	if (ax == 0)
		return sign;
	int e = (int)(ax >> 52) - 1023;
	uint64_t m = ax & 0xfffffffffffffull;
	if (ax >> 52)
		m |= 1ull << 52;
	else
		e = -1022;
	uint16_t maxf = sign | 0x7bff, inf = sign | 0x7c00;
	bool away = rm == 0 || (rm == 1 && !sign) || (rm == 2 && sign);
	if (e > 15)
		return away ? inf : maxf;
	/* Value m * 2^(e-52); normal halves keep 11 bits, denormals count units of 2^-24. */
	unsigned shift = e >= -14 ? 42 : (unsigned)(28 - e);
	uint32_t h, offset = e >= -14 ? (uint32_t)(e + 14) << 10 : 0;
	bool round, sticky;
	if (shift >= 64) {
		h = 0;
		round = false;
		sticky = m != 0;
	} else {
		h = (uint32_t)(m >> shift);
		uint64_t rem = m & ((1ull << shift) - 1), half = 1ull << (shift - 1);
		round = (rem & half) != 0;
		sticky = (rem & (half - 1)) != 0;
	}
	h += offset;
	bool inc;
	switch (rm) {
	case 0: inc = round && (sticky || (h & 1)); break;
	case 1: inc = !sign && (round || sticky); break;
	case 2: inc = sign && (round || sticky); break;
	default: inc = false; break;
	}
	h += inc;
	if (h >= 0x7c00)
		return away ? inf : maxf;
	return sign | (uint16_t)h;
}

uint16_t valu_f32_to_f16(uint32_t x, unsigned rm)
{
	if (f32_isnan(x))
		return (uint16_t)(((x >> 16) & 0x8000) | 0x7e00 | ((x >> 13) & 0x3ff));
	return valu_f64_to_f16(d2u((double)u2f(x)), rm);
}

/* Exact; denormal halves are renormalised by one float subtraction. */
uint32_t valu_f16_to_f32(uint16_t h)
{
	uint32_t o = (uint32_t)(h & 0x7fff) << 13, e = o & 0x0f800000u;
	o += (127u - 15u) << 23;
	if (e == 0x0f800000u) /* inf/NaN */
		o += (128u - 16u) << 23;
	else if (e == 0) /* zero/denormal: 2^-14 * 0.m as float arithmetic (exact) */
		o = f2u(u2f(o + (1u << 23)) - u2f(113u << 23));
	return o | (uint32_t)(h & 0x8000) << 16;
}
