/*
 * emu_exec_valu — private interface of the vector ALU semantics
 * (emu_exec_valu*.c): the per-instruction context that applies the operand
 * and result modifiers once, outside the lane loop, and how the family files
 * register their handlers.
 *
 * Modifier order (GFX9 ISA, "Instruction Inputs/Outputs"): source select
 * (SDWA) or lane permutation (DPP, src0 only), then abs, then neg, then the
 * operation, then omod, then clamp, then the SDWA destination merge. Denormal
 * inputs/outputs are flushed per MODE.FP_DENORM ([5:4] f32, [7:6] f64/f16)
 * where the operation honours it.
 */
#ifndef EMU_EXEC_VALU_H
#define EMU_EXEC_VALU_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "isa/emu_isa.h"
#include "sem/emu_sem.h"
#include "wave/emu_wave.h"

#define VL EMU_LANES

/* What kind of value an instruction produces; selects the shared result steps. */
enum valu_kind {
	VALU_INT = 0, /* integer/bitwise: clamp handled by the op itself */
	VALU_F32,
	VALU_F64,
	VALU_F16,
};

/* Context of one VALU instruction. */
struct valu {
	struct emu_wave *w;
	const struct emu_inst *in;
	unsigned dst;         /* destination register code (in->dst unless the op redirects it) */
	uint64_t exec;        /* lanes to write: EXEC narrowed by DPP row/bank mask and bound_ctrl */
	uint8_t abs, neg;     /* float source modifiers, bit i = source i (VOP3, SDWA, DPP merged) */
	uint8_t kind;         /* enum valu_kind */
	bool clamp;
	uint8_t omod;         /* 0 none, 1 *2, 2 *4, 3 /2 */
	bool ftz_in, ftz_out; /* flush denormal inputs/outputs of this kind (MODE.FP_DENORM) */
	bool rm_set;          /* host rounding changed for MODE.FP_ROUND; valu_done restores it */
	int8_t dpp_src[VL];   /* DPP: source lane of each lane, -1 = reads 0 */
	uint32_t tmp[3][2 * VL];
	uint32_t res[2 * VL]; /* result staging, dword d of lane l at res[d * 64 + l] */
};

/* Lane kernels that GCC builds twice, for AVX2 (8 singles per host
 * instruction) and for the x86-64 baseline (SSE2, 4), the loader choosing
 * once for the host (an ifunc). IEEE operations give the same bits either
 * way, and MXCSR (rounding mode) applies to both. Out of line by nature:
 * only for loops over all lanes with no per-call constant to fold. */
#if defined(__x86_64__) && defined(__GNUC__)
#define VALU_SIMD __attribute__((target_clones("avx2", "default")))
#else
#define VALU_SIMD
#endif

/* ---- bit casts ---- */
static inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double u2d(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }
static inline uint64_t d2u(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
static inline uint64_t lane64(const uint32_t *p, unsigned l) { return (uint64_t)p[l] | (uint64_t)p[VL + l] << 32; }
static inline void put64(uint32_t *p, unsigned l, uint64_t v) { p[l] = (uint32_t)v; p[VL + l] = (uint32_t)(v >> 32); }

static inline bool f32_isnan(uint32_t x) { return (x & 0x7fffffffu) > 0x7f800000u; }
static inline bool f32_isdenorm(uint32_t x) { return (x & 0x7f800000u) == 0 && (x & 0x7fffffu); }
static inline uint32_t f32_ftz(uint32_t x) { return (x & 0x7f800000u) ? x : (x & 0x80000000u); }
static inline uint64_t f64_ftz(uint64_t x)
{
	return (x & 0x7ff0000000000000ull) ? x : (x & 0x8000000000000000ull);
}
static inline uint16_t f16_ftz(uint16_t x) { return (x & 0x7c00) ? x : (x & 0x8000); }
static inline bool f16_isnan(uint16_t x) { return (x & 0x7fff) > 0x7c00; }

/* Lane mask from 64 bytes that are each 0 or 1 (bit l = c[l]); the multiply
 * gathers the low bit of each byte of a little-endian 8-byte chunk. */
static inline uint64_t valu_pack(const uint8_t *c)
{
	uint64_t m = 0;
	for (unsigned i = 0; i < VL / 8; i++) {
		uint64_t chunk;
		memcpy(&chunk, c + 8 * i, 8);
		m |= ((chunk * 0x0102040810204080ull) >> 56) << (8 * i);
	}
	return m;
}

/* The inverse: byte l of c = bit l of m. Per 8 lanes the byte of m is
 * copied to all eight bytes, byte k keeps bit k, and adding 0x7f carries a
 * set bit into bit 7 of its byte (never out of it). */
static inline void valu_unpack(uint8_t *c, uint64_t m)
{
	for (unsigned i = 0; i < VL / 8; i++) {
		uint64_t x = ((m >> (8 * i)) & 0xff) * 0x0101010101010101ull & 0x8040201008040201ull;
		x = ((x + 0x7f7f7f7f7f7f7f7full) >> 7) & 0x0101010101010101ull;
		memcpy(c + 8 * i, &x, 8);
	}
}

/* a*b + c rounded to odd in double, for singles a, b, c: a*b is exact in
 * double, TwoSum gives the exact error of the sum, and the sticky bit goes to
 * the last place. Rounding that value once more to 24 bits (normal or
 * denormal, any mode) is correctly rounded (Boldo-Melquiond). */
static inline double fma32_odd(float a, float b, float c)
{
	double p = (double)a * (double)b, s = p + (double)c, z = s - p;
	double err = (p - (s - z)) + ((double)c - z);
	uint64_t bits;
	memcpy(&bits, &s, 8);
	uint64_t nz = (uint64_t)((err < 0) | (err > 0));
	uint64_t dn = nz & (uint64_t)((err < 0) != (s < 0));
	bits = (bits - dn) | nz;
	memcpy(&s, &bits, 8);
	return s;
}

/* Correctly rounded single fma without a libm call. */
static inline float fma32(float a, float b, float c)
{
	return (float)fma32_odd(a, b, c);
}

/* name(x, sgn): x as a normalised 16-bit integer, computed in x's type T
 * (sfx: the <math.h> suffix of T, f or none): i16 = round(clamp(x, -1, 1) *
 * 32767), u16 = round(clamp(x, 0, 1) * 65535), rounding to nearest even;
 * NaN gives 0. */
#define VALU_NORM16(name, T, sfx) \
	static inline uint32_t name(T x, bool sgn) \
	{ \
		if (isnan(x)) \
			return 0; \
		if (sgn) \
			return (uint32_t)(int32_t)roundeven##sfx(fmin##sfx(fmax##sfx(x, -1), 1) * (T)32767) & 0xffff; \
		return (uint32_t)roundeven##sfx(fmin##sfx(fmax##sfx(x, 0), 1) * (T)65535); \
	}

/* ---- IEEE half conversions (emu_exec_valu.c) ----
 * rm: 0 nearest-even, 1 toward +inf, 2 toward -inf, 3 toward zero (MODE.FP_ROUND encoding). */
uint16_t valu_f32_to_f16(uint32_t x, unsigned rm);
uint32_t valu_f16_to_f32(uint16_t h);
uint16_t valu_f64_to_f16(uint64_t x, unsigned rm);

/* ---- shared steps (emu_exec_valu.c) ----
 * The common case of each step (no SDWA/DPP, a VGPR within the wave's
 * allocation, no modifier, full EXEC) is inline here, always: it is all
 * that most executed instructions need besides the lane loops. */
#define VALU_INLINE static inline __attribute__((always_inline))

/* valu_init for an instruction with modifiers or a MODE other than the default. */
void valu_init_mods(struct valu *v);

/* Decide everything per instruction: write mask, modifiers, denormal mode. */
VALU_INLINE void valu_init(struct valu *v, struct emu_wave *w, const struct emu_inst *in, enum valu_kind kind)
{
	v->w = w;
	v->in = in;
	v->dst = in->dst;
	v->kind = (uint8_t)kind;
	v->exec = emu_exec_mask(w);
	/* MODE.FP_ROUND and FP_DENORM of the kind ([1:0], [5:4] for f32; [3:2],
	 * [7:6] for f64/f16) other than round to nearest even, denormals kept */
	uint32_t mode = kind == VALU_INT ? 0 : kind == VALU_F32 ? (w->mode & 0x33) ^ 0x30 : (w->mode & 0xcc) ^ 0xc0;
	if (__builtin_expect(mode | in->sdwa | in->dpp | in->abs | in->neg | in->omod | (in->flags & EMU_F_CLAMP), 0)) {
		valu_init_mods(v);
		return;
	}
	v->abs = v->neg = 0;
	v->clamp = false;
	v->omod = 0;
	v->ftz_in = v->ftz_out = false;
	v->rm_set = false;
}

/* VGPR row r (0..255) and the ndw - 1 after it lie inside the wave's
 * allocation: read and written in place. Anything else (AGPRs, no
 * allocation recorded, faults) takes the general paths. */
static inline bool valu_vgpr_in_place(const struct emu_wave *w, unsigned r, unsigned ndw)
{
	return r < 256 && r + ndw <= w->nvgpr;
}

/* Lanes of source i as ndw dwords of type t, after SDWA select / DPP; no float modifiers. */
const uint32_t *valu_src_any(struct valu *v, unsigned i, enum emu_optype t, unsigned ndw);
VALU_INLINE const uint32_t *valu_src(struct valu *v, unsigned i, enum emu_optype t, unsigned ndw)
{
	const struct emu_inst *in = v->in;
	unsigned r = (unsigned)in->src[i] - EMU_OP_VGPR0;
	if (__builtin_expect(valu_vgpr_in_place(v->w, r, ndw) && !(in->sdwa | in->dpp), 1))
		return v->w->v[r];
	return valu_src_any(v, i, t, ndw);
}

/* Source i of the instruction's float kind, after abs/neg and input denormal flush. */
const uint32_t *valu_fsrc_mod(struct valu *v, unsigned i, enum emu_optype t, const uint32_t *p);
VALU_INLINE const uint32_t *valu_fsrc(struct valu *v, unsigned i, enum emu_optype t, unsigned ndw)
{
	const uint32_t *p = valu_src(v, i, t, ndw);
	if (__builtin_expect(!(((v->abs | v->neg) >> i) & 1) && !v->ftz_in, 1))
		return p;
	return valu_fsrc_mod(v, i, t, p);
}

/* End of an instruction that writes no VGPR (valu_write calls it). */
void valu_done(struct valu *v);

/* Write v->res (ndw dwords per lane) to the destination VGPR under v->exec, after the
 * SDWA destination merge. Integer kinds only (no omod/clamp). */
void valu_write_any(struct valu *v, unsigned ndw);
VALU_INLINE void valu_write(struct valu *v, unsigned ndw)
{
	unsigned r = (unsigned)v->dst - EMU_OP_VGPR0;
	if (__builtin_expect(v->exec == ~0ull && !v->rm_set && !v->in->sdwa &&
	                     valu_vgpr_in_place(v->w, r, ndw), 1)) {
		memcpy(v->w->v[r], v->res, ndw * VL * 4);
		return;
	}
	valu_write_any(v, ndw);
}

/* Float result: omod, clamp, output denormal flush of v->kind, then valu_write. */
void valu_post(struct valu *v);
VALU_INLINE void valu_fwrite(struct valu *v, unsigned ndw)
{
	if (v->omod || v->clamp || v->ftz_out)
		valu_post(v);
	valu_write(v, ndw);
}

/* 16-bit result in the low half of v->res: merge per the 16-bit destination rules
 * (gfx9 VOP1/VOP2 zero the high half; VOP3 op_sel[3] writes the high half and keeps
 * the low one for the ops that support it), then valu_write / valu_fwrite. */
void valu_write16(struct valu *v, bool opsel_dst);

/* Registers code..code+ndw-1 (VGPR or AGPR codes) lie within the wave's
 * allocation (the rule emu_vsrc applies to reads); reports a fault if not. */
bool valu_regs_ok(struct emu_wave *w, const struct emu_inst *in, unsigned code, unsigned ndw);

/* Scalar (SGPR pair) destination of a compare/carry: VCC in e32/SDWA without sdst, sdst otherwise. */
unsigned valu_sdst(const struct valu *v);
void valu_write_mask(struct valu *v, unsigned code, uint64_t mask);

/* Lane mask of a scalar mask operand (VCC or src2 of VOP3 cndmask/addc). */
uint64_t valu_mask_src(struct valu *v, unsigned code);

/* r[l] = fma(a[l], b[l], c[l]) for 64 lanes of singles / doubles (dword d of
 * a double lane at p[d * 64 + l]), correctly rounded; uses the host's FMA
 * unit when it has one. No NaN fix-up: the single form returns nonzero when
 * some result is NaN, for valu_fix_nan32. */
uint32_t valu_fma32_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c);
void valu_fma64_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c);

/* Fix NaN results in v->res after a vectorised lane loop (see f32_nan3):
 * one scan, and the per-lane rules only when some lane is NaN. c may be NULL. */
void valu_fix_nan32(struct valu *v, const uint32_t *a, const uint32_t *b, const uint32_t *c);
void valu_fix_nan64(struct valu *v, const uint32_t *a, const uint32_t *b, const uint32_t *c);

/* MODE.FP_ROUND field for the kind (0 = nearest even). */
static inline unsigned valu_round(const struct valu *v)
{
	return v->kind == VALU_F32 ? (v->w->mode & 3) : ((v->w->mode >> 2) & 3);
}

/* Float op results: NaN inputs propagate as quiet NaN (src0 first), invalid operations
 * give the default NaN 0x7fc00000 (positive; x86 would give 0xffc00000). */
static inline uint32_t f32_nan2(uint32_t r, uint32_t a, uint32_t b)
{
	if (__builtin_expect(!f32_isnan(r), 1))
		return r;
	if (f32_isnan(a))
		return a | 0x400000u;
	if (f32_isnan(b))
		return b | 0x400000u;
	return 0x7fc00000u;
}
static inline uint32_t f32_nan3(uint32_t r, uint32_t a, uint32_t b, uint32_t c)
{
	if (__builtin_expect(!f32_isnan(r), 1))
		return r;
	if (f32_isnan(c) && !f32_isnan(a) && !f32_isnan(b))
		return c | 0x400000u;
	return f32_nan2(r, a, b);
}
static inline uint64_t f64_nan2(uint64_t r, uint64_t a, uint64_t b)
{
	const uint64_t q = 0x0008000000000000ull;
	if (__builtin_expect(!isnan(u2d(r)), 1))
		return r;
	if (isnan(u2d(a)))
		return a | q;
	if (isnan(u2d(b)))
		return b | q;
	return 0x7ff8000000000000ull;
}
static inline uint64_t f64_nan3(uint64_t r, uint64_t a, uint64_t b, uint64_t c)
{
	if (__builtin_expect(!isnan(u2d(r)), 1))
		return r;
	if (isnan(u2d(c)) && !isnan(u2d(a)) && !isnan(u2d(b)))
		return c | 0x0008000000000000ull;
	return f64_nan2(r, a, b);
}

/* ---- handlers ----
 * VALU_HANDLER(name) defines handler emu_valu_<name>; each emu_exec_valu_*.c
 * lists its handlers at its end, X(name) registered under mnemonic "name",
 * A(alias, name) for a mnemonic "alias" that uses emu_valu_<name> (LLVM
 * spells some ops differently per arch, e.g. gfx90a v_mfma_f32_32x32x8f16
 * vs gfx942 _8_f16), and turns the list into its table emu_sem_valu_<family>
 * with VALU_ENTRY/VALU_ALIAS. */

#define VALU_ENTRY(n) {#n, emu_valu_##n},
#define VALU_ALIAS(a, n) {#a, emu_valu_##n},
/* The table row of an X-list whose rows start with the mnemonic (the list
 * that also defines the handlers). */
#define VALU_ROW(n, ...) VALU_ENTRY(n)

#define VALU_HANDLER(n) static void emu_valu_##n(struct emu_wave *w, const struct emu_inst *in)

/* A handler that computes its result lane by lane, the skeleton the
 * families' per-shape macros share: valu_init(&v, ..., kind), the
 * statements `srcs` (source pointers and per-instruction values, from v),
 * the statements `lane` for each lane l (writing v.res), then `end` (the
 * write step). Arguments hold no comma outside parentheses: one
 * declaration per statement. */
#define VALU_LANES(n, kind, srcs, lane, end) \
	VALU_BODY(n, kind, srcs; for (unsigned l = 0; l < VL; l++) { lane; } end)

/* A handler whose statements `body` follow valu_init(&v, ..., kind). */
#define VALU_BODY(n, kind, body) \
	VALU_HANDLER(n) \
	{ \
		struct valu v; \
		valu_init(&v, w, in, kind); \
		body; \
	}

#endif
