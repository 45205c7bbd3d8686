/*
 * emu_exec_valu_int — integer, bitwise, lane and move semantics of the VALU
 * (GFX9 ISA "Vector ALU Operations"; carry ops per gfx9 naming: v_add_co_u32
 * writes a carry, v_add_u32 does not).
 */
#include <stdlib.h>

#include "sem/emu_exec_valu.h"

/* Shift of the 16-bit half that VOP3 op_sel selects for source i. */
#define OPSH(i) ((unsigned)((in->opsel >> (i)) & 1) * 16)

/* The lane loops live in functions with restrict parameters: GCC only
 * trusts restrict on parameters, and without it cannot vectorise a loop
 * that writes v.res while reading register pointers. Without clamp (the
 * common case) they are SIMD kernels doing lanes l and l + 32 per pass
 * (half the loop overhead); clamp saturates in a plain loop. */
#define VH (VL / 2)
#define LANES_DECL(name, ...) \
	static inline void name##_lanes(uint32_t *restrict r, bool clamp, __VA_ARGS__)
/* Call it with clamp a constant: two inlined copies, the common one with no
 * saturation. */
#define LANES_CALL(name, ...) \
	do { \
		if (v.clamp) \
			name##_lanes(v.res, true, __VA_ARGS__); \
		else \
			name##_lanes(v.res, false, __VA_ARGS__); \
	} while (0)

/* One/two/three-source 32-bit ops; expr of a, b, c (and clamp). */
#define INT_OP(name, nsrc, expr) \
	static inline uint32_t name##_op(uint32_t a, uint32_t b, uint32_t c, bool clamp) \
	{ \
		(void)b, (void)c, (void)clamp; \
		return (expr); \
	} \
	VALU_SIMD static void name##_lanes(uint32_t *restrict r, const uint32_t *restrict pa, \
	                                   const uint32_t *restrict pb, const uint32_t *restrict pc) \
	{ \
		for (unsigned l = 0; l < VH; l++) { \
			r[l] = name##_op(pa[l], pb[l], pc[l], false); \
			r[VH + l] = name##_op(pa[VH + l], pb[VH + l], pc[VH + l], false); \
		} \
	} \
	VALU_BODY(name, VALU_INT, \
	          const uint32_t *restrict pa = valu_src(&v, 0, EMU_T_B32, 1); \
	          const uint32_t *restrict pb = nsrc > 1 ? valu_src(&v, 1, EMU_T_B32, 1) : pa; \
	          const uint32_t *restrict pc = nsrc > 2 ? valu_src(&v, 2, EMU_T_B32, 1) : pa; \
	          if (v.clamp) \
		          for (unsigned l = 0; l < VL; l++) \
			          v.res[l] = name##_op(pa[l], pb[l], pc[l], true); \
	          else \
		          name##_lanes(v.res, pa, pb, pc); \
	          valu_write(&v, 1))
#define INT1(name, expr) INT_OP(name, 1, expr)
#define INT2(name, expr) INT_OP(name, 2, expr)
#define INT3(name, expr) INT_OP(name, 3, expr)

/* 16-bit ops of two or three sources: sources are the op_sel-selected
 * halves (zero for VOP1/VOP2), preserve says whether VOP3 op_sel[3] picks
 * the written half (VOP3-only ops). */
#define INT16_OP(name, nsrc, preserve, expr) \
	LANES_DECL(name, const uint32_t *restrict pa, const uint32_t *restrict pb, \
	           const uint32_t *restrict pc, unsigned sa, unsigned sb, unsigned sc) \
	{ \
		(void)clamp; \
		for (unsigned l = 0; l < VL; l++) { \
			uint32_t a = (pa[l] >> sa) & 0xffff, b = (pb[l] >> sb) & 0xffff; \
			uint32_t c = (pc[l] >> sc) & 0xffff; \
			(void)c; \
			r[l] = (expr) & 0xffff; \
		} \
	} \
	VALU_BODY(name, VALU_INT, \
	          const uint32_t *pa = valu_src(&v, 0, EMU_T_B16, 1); \
	          const uint32_t *pb = valu_src(&v, 1, EMU_T_B16, 1); \
	          const uint32_t *pc = nsrc > 2 ? valu_src(&v, 2, EMU_T_B16, 1) : pa; \
	          LANES_CALL(name, pa, pb, pc, OPSH(0), OPSH(1), nsrc > 2 ? OPSH(2) : 0); \
	          valu_write16(&v, preserve))
#define INT16_2(name, preserve, expr) INT16_OP(name, 2, preserve, expr)
#define INT16_3(name, preserve, expr) INT16_OP(name, 3, preserve, expr)

static inline int32_t s24(uint32_t x) { return (int32_t)(x << 8) >> 8; }
static inline uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint32_t umax(uint32_t a, uint32_t b) { return a > b ? a : b; }
static inline int32_t imin(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t imax(int32_t a, int32_t b) { return a > b ? a : b; }
static inline uint32_t umed3(uint32_t a, uint32_t b, uint32_t c) { return umax(umin(a, b), umin(umax(a, b), c)); }
static inline int32_t imed3(int32_t a, int32_t b, int32_t c) { return imax(imin(a, b), imin(imax(a, b), c)); }
static inline uint32_t sat_u(int64_t x, int64_t hi) { return (uint32_t)(x < 0 ? 0 : x > hi ? hi : x); }
static inline uint32_t sat_s(int64_t x, int64_t lo, int64_t hi) { return (uint32_t)(x < lo ? lo : x > hi ? hi : x); }
/* Signed field extract: the field is taken after an arithmetic shift, so bits
 * past bit 31 read as the sign; width 0 gives 0. */
static inline uint32_t bfe_i32(uint32_t a, uint32_t off, uint32_t width)
{
	unsigned wd = width & 31;
	if (!wd)
		return 0;
	uint32_t f = (uint32_t)((int32_t)a >> (off & 31)) << (32 - wd);
	return (uint32_t)((int32_t)f >> (32 - wd));
}
static inline uint32_t bitrev32(uint32_t x)
{
	x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
	x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
	x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
	return __builtin_bswap32(x);
}
static inline uint32_t ffbh(uint32_t x) { return x ? (uint32_t)__builtin_clz(x) : ~0u; }

/* Register codes of an AGPR/VGPR operand whatever the decoder's numbering. */
static inline unsigned agpr(unsigned code) { return EMU_OP_AGPR0 + ((code - EMU_OP_VGPR0) & 0xff); }
static inline unsigned vgpr(unsigned code) { return EMU_OP_VGPR0 + ((code - EMU_OP_VGPR0) & 0xff); }
/* SGPR destination of readlane/readfirstlane: the raw vdst field. */
static inline unsigned sgpr_dst(unsigned code) { return code >= EMU_OP_VGPR0 ? (code - EMU_OP_VGPR0) & 0xff : code; }

/* ---- moves and lane ops ---- */

VALU_HANDLER(v_nop)
{
	(void)w;
	(void)in;
}

VALU_HANDLER(v_clrexcp)
{
	(void)w;
	(void)in;
}

/* Float modifiers are legal on v_mov_b32 in SDWA/DPP/VOP3 and act as bit operations. */
VALU_HANDLER(v_mov_b32)
{
	struct valu v;
	valu_init(&v, w, in, VALU_INT);
	const uint32_t *restrict pa = valu_fsrc(&v, 0, EMU_T_B32, 1);
	memcpy(v.res, pa, VL * 4);
	valu_write(&v, 1);
}

VALU_HANDLER(v_mov_b64)
{
	struct valu v;
	valu_init(&v, w, in, VALU_INT);
	const uint32_t *restrict pa = valu_src(&v, 0, EMU_T_B64, 2);
	memcpy(v.res, pa, 2 * VL * 4);
	valu_write(&v, 2);
}

VALU_HANDLER(v_readfirstlane_b32)
{
	uint32_t tmp[VL];
	uint64_t exec = emu_exec_mask(w);
	unsigned lane = exec ? (unsigned)__builtin_ctzll(exec) : 0;
	const uint32_t *p = emu_vsrc(w, in, in->src[0], EMU_T_B32, 1, tmp);
	emu_swrite32(w, sgpr_dst(in->dst), p[lane]);
}

VALU_HANDLER(v_readlane_b32)
{
	uint32_t tmp[VL];
	unsigned lane = emu_sread32(w, in, in->src[1], EMU_T_B32) & 63;
	const uint32_t *p = emu_vsrc(w, in, in->src[0], EMU_T_B32, 1, tmp);
	emu_swrite32(w, sgpr_dst(in->dst), p[lane]);
}

/* Writes one lane whatever EXEC says. */
VALU_HANDLER(v_writelane_b32)
{
	uint32_t val = emu_sread32(w, in, in->src[0], EMU_T_B32);
	unsigned lane = emu_sread32(w, in, in->src[1], EMU_T_B32) & 63;
	if (valu_regs_ok(w, in, in->dst, 1))
		emu_vreg(w, in->dst, 0)[lane] = val;
}

VALU_HANDLER(v_swap_b32)
{
	uint64_t m = emu_exec_mask(w);
	if (!valu_regs_ok(w, in, in->dst, 1) || !valu_regs_ok(w, in, in->src[0], 1))
		return;
	uint32_t *a = emu_vreg(w, in->dst, 0), *b = emu_vreg(w, in->src[0], 0);
	for (unsigned l = 0; l < VL; l++)
		if ((m >> l) & 1) {
			uint32_t t = a[l];
			a[l] = b[l];
			b[l] = t;
		}
}

/* Lanes below the current one in a 32-bit half of a thread mask, plus src1. */
VALU_HANDLER(v_mbcnt_lo_u32_b32)
{
	struct valu v;
	valu_init(&v, w, in, VALU_INT);
	const uint32_t *restrict pa = valu_src(&v, 0, EMU_T_B32, 1), *restrict pb = valu_src(&v, 1, EMU_T_B32, 1);
	for (unsigned l = 0; l < VL; l++) {
		uint32_t below = l >= 32 ? ~0u : (1u << l) - 1;
		v.res[l] = (uint32_t)__builtin_popcount(pa[l] & below) + pb[l];
	}
	valu_write(&v, 1);
}

VALU_HANDLER(v_mbcnt_hi_u32_b32)
{
	struct valu v;
	valu_init(&v, w, in, VALU_INT);
	const uint32_t *restrict pa = valu_src(&v, 0, EMU_T_B32, 1), *restrict pb = valu_src(&v, 1, EMU_T_B32, 1);
	for (unsigned l = 0; l < VL; l++) {
		uint32_t below = l < 32 ? 0 : (1u << (l - 32)) - 1;
		v.res[l] = (uint32_t)__builtin_popcount(pa[l] & below) + pb[l];
	}
	valu_write(&v, 1);
}

/* D = mask ? src1 : src0; mask is VCC (e32/SDWA/DPP) or src2 (VOP3), one
 * byte per lane here (valu_unpack). */
VALU_SIMD static void cndmask_lanes(uint32_t *restrict r, const uint32_t *restrict pa,
                                    const uint32_t *restrict pb, const uint8_t *restrict c)
{
	for (unsigned l = 0; l < VL; l++) {
		uint32_t sel = 0u - (uint32_t)c[l];
		r[l] = (pb[l] & sel) | (pa[l] & ~sel);
	}
}

VALU_HANDLER(v_cndmask_b32)
{
	struct valu v;
	uint8_t c[VL];
	valu_init(&v, w, in, VALU_INT);
	const uint32_t *pa = valu_fsrc(&v, 0, EMU_T_B32, 1), *pb = valu_fsrc(&v, 1, EMU_T_B32, 1);
	valu_unpack(c, in->enc == EMU_ENC_VOP3 ? valu_mask_src(&v, in->src[2]) : emu_vcc(w));
	cndmask_lanes(v.res, pa, pb, c);
	valu_write(&v, 1);
}

/* ---- AGPR moves (gfx90a/gfx942) ---- */

/* The three moves differ only in which file each side names. */
VALU_INLINE void accvgpr_move(struct emu_wave *w, const struct emu_inst *in, unsigned src,
                              unsigned dst)
{
	struct valu v;
	valu_init(&v, w, in, VALU_INT);
	memcpy(v.res, emu_vsrc(w, in, src, EMU_T_B32, 1, v.tmp[0]), VL * 4);
	v.dst = dst;
	valu_write(&v, 1);
}

VALU_HANDLER(v_accvgpr_read_b32) { accvgpr_move(w, in, agpr(in->src[0]), vgpr(in->dst)); }
VALU_HANDLER(v_accvgpr_write_b32)
{
	accvgpr_move(w, in, in->src[0] >= EMU_OP_VGPR0 ? vgpr(in->src[0]) : in->src[0],
	             agpr(in->dst));
}
VALU_HANDLER(v_accvgpr_mov_b32) { accvgpr_move(w, in, agpr(in->src[0]), agpr(in->dst)); }

/* ---- bitwise ---- */

INT1(v_not_b32, ~a)
INT2(v_and_b32, a & b)
INT2(v_or_b32, a | b)
INT2(v_xor_b32, a ^ b)
INT2(v_xnor_b32, ~(a ^ b))
INT1(v_bfrev_b32, bitrev32(a))
INT1(v_ffbh_u32, ffbh(a))
INT1(v_ffbl_b32, a ? (uint32_t)__builtin_ctz(a) : ~0u)
INT1(v_ffbh_i32, ffbh(a ^ (uint32_t)((int32_t)a >> 31)))
INT2(v_bcnt_u32_b32, (uint32_t)__builtin_popcount(a) + b)
INT2(v_lshlrev_b32, b << (a & 31))
INT2(v_lshrrev_b32, b >> (a & 31))
INT2(v_ashrrev_i32, (uint32_t)((int32_t)b >> (a & 31)))
INT3(v_bfe_u32, (a >> (b & 31)) & ((1u << (c & 31)) - 1))
INT3(v_bfe_i32, bfe_i32(a, b, c))
INT3(v_bfi_b32, (a & b) | (~a & c))
INT2(v_bfm_b32, ((1u << (a & 31)) - 1) << (b & 31))
INT3(v_alignbit_b32, (uint32_t)((((uint64_t)a << 32) | b) >> (c & 31)))
INT3(v_alignbyte_b32, (uint32_t)((((uint64_t)a << 32) | b) >> (8 * (c & 3))))
INT3(v_lshl_add_u32, (a << (b & 31)) + c)
INT3(v_add_lshl_u32, (a + b) << (c & 31))
INT3(v_lshl_or_b32, (a << (b & 31)) | c)
INT3(v_and_or_b32, (a & b) | c)
INT3(v_or3_b32, a | b | c)
INT3(v_xad_u32, (a ^ b) + c)
INT3(v_add3_u32, a + b + c)

/* Byte permute of {src0, src1} (GFX9 ISA V_PERM_B32): selectors 0-7 pick a byte
 * (0-3 from src1), 8-11 replicate the sign of bytes 1/3 of src1/src0, 12 gives
 * 0x00 and 13 and above 0xff. */
static inline uint32_t perm_b32(uint32_t s0, uint32_t s1, uint32_t sel)
{
	uint64_t in64 = (uint64_t)s0 << 32 | s1;
	uint32_t r = 0;
	for (unsigned i = 0; i < 4; i++) {
		unsigned s = (sel >> (8 * i)) & 0xff;
		uint32_t byte;
		if (s < 8)
			byte = (uint32_t)(in64 >> (8 * s)) & 0xff;
		else if (s < 12)
			byte = ((in64 >> (16 * (s - 8) + 15)) & 1) ? 0xff : 0;
		else if (s == 12)
			byte = 0;
		else
			byte = 0xff;
		r |= byte << (8 * i);
	}
	return r;
}
INT3(v_perm_b32, perm_b32(a, b, c))

static inline uint32_t sad8(uint32_t a, uint32_t b, bool masked)
{
	uint32_t s = 0;
	for (unsigned i = 0; i < 32; i += 8) {
		int x = (int)((a >> i) & 0xff), y = (int)((b >> i) & 0xff);
		if (!masked || y)
			s += (uint32_t)(x > y ? x - y : y - x);
	}
	return s;
}
static inline uint32_t lerp8(uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t r = 0;
	for (unsigned i = 0; i < 32; i += 8) {
		uint32_t x = (a >> i) & 0xff, y = (b >> i) & 0xff, z = (c >> i) & 1;
		r |= ((x + y + z) >> 1) << i;
	}
	return r;
}
INT3(v_sad_u8, sad8(a, b, false) + c)
INT3(v_sad_hi_u8, (sad8(a, b, false) << 16) + c)
INT3(v_msad_u8, sad8(a, b, true) + c)
INT3(v_sad_u16, (uint32_t)abs((int)(a & 0xffff) - (int)(b & 0xffff)) +
                    (uint32_t)abs((int)(a >> 16) - (int)(b >> 16)) + c)
INT3(v_sad_u32, (a > b ? a - b : b - a) + c)
INT3(v_lerp_u8, lerp8(a, b, c))
INT2(v_cvt_pk_u16_u32, umin(a, 0xffff) | umin(b, 0xffff) << 16)
INT2(v_cvt_pk_i16_i32, (sat_s((int32_t)a, -32768, 32767) & 0xffff) |
                           sat_s((int32_t)b, -32768, 32767) << 16)
INT1(v_sat_pk_u8_i16, sat_u((int16_t)a, 255) | sat_u((int16_t)(a >> 16), 255) << 8)

/* ---- 64-bit shifts ---- */

/* By a shift s (0..63) that all lanes share (a scalar or constant src0, the
 * usual address arithmetic), on 64-bit lanes kept as low and high dwords:
 * 32-bit steps, which vectorise. (x >> 1) >> (31 - s) is x >> (32 - s)
 * without the undefined shift by 32 when s is 0; likewise for <<. */
VALU_SIMD static void shl64_uniform(uint32_t *restrict r, const uint32_t *restrict b, unsigned s)
{
	if (s >= 32) {
		for (unsigned l = 0; l < VL; l++) {
			r[l] = 0;
			r[VL + l] = b[l] << (s - 32);
		}
		return;
	}
	for (unsigned l = 0; l < VL; l++) {
		r[l] = b[l] << s;
		r[VL + l] = b[VL + l] << s | (b[l] >> 1) >> (31 - s);
	}
}
VALU_SIMD static void shr64_uniform(uint32_t *restrict r, const uint32_t *restrict b, unsigned s)
{
	if (s >= 32) {
		for (unsigned l = 0; l < VL; l++) {
			r[l] = b[VL + l] >> (s - 32);
			r[VL + l] = 0;
		}
		return;
	}
	for (unsigned l = 0; l < VL; l++) {
		r[l] = b[l] >> s | (b[VL + l] << 1) << (31 - s);
		r[VL + l] = b[VL + l] >> s;
	}
}
VALU_SIMD static void sar64_uniform(uint32_t *restrict r, const uint32_t *restrict b, unsigned s)
{
	if (s >= 32) {
		for (unsigned l = 0; l < VL; l++) {
			r[l] = (uint32_t)((int32_t)b[VL + l] >> (s - 32));
			r[VL + l] = (uint32_t)((int32_t)b[VL + l] >> 31);
		}
		return;
	}
	for (unsigned l = 0; l < VL; l++) {
		r[l] = b[l] >> s | (b[VL + l] << 1) << (31 - s);
		r[VL + l] = (uint32_t)((int32_t)b[VL + l] >> s);
	}
}

/* D.u64 = S1.u64 shifted by S0[5:0]. */
#define SHIFT64(name, uniform, expr) \
	VALU_SIMD static void name##_lanes(uint32_t *restrict r, const uint32_t *restrict pa, \
	                                   const uint32_t *restrict pb) \
	{ \
		for (unsigned l = 0; l < VL; l++) { \
			unsigned s = pa[l] & 63; \
			uint64_t b = lane64(pb, l); \
			put64(r, l, (expr)); \
		} \
	} \
	VALU_BODY(name, VALU_INT, \
	          if (in->src[0] < EMU_OP_VGPR0 && !(in->sdwa | in->dpp)) { \
		          unsigned s = emu_sread32(w, in, in->src[0], EMU_T_B32) & 63; \
		          uniform(v.res, valu_src(&v, 1, EMU_T_B64, 2), s); \
	          } else { \
		          const uint32_t *pa = valu_src(&v, 0, EMU_T_B32, 1); \
		          name##_lanes(v.res, pa, valu_src(&v, 1, EMU_T_B64, 2)); \
	          } \
	          valu_write(&v, 2))
SHIFT64(v_lshlrev_b64, shl64_uniform, b << s)
SHIFT64(v_lshrrev_b64, shr64_uniform, b >> s)
SHIFT64(v_ashrrev_i64, sar64_uniform, (uint64_t)((int64_t)b >> s))

/* (a << s) + c on 64-bit lanes kept as low and high dwords, for a shift s
 * (0..7) that all lanes share: 32-bit steps with an explicit carry, which
 * vectorise (SSE2 has no per-lane shift). */
VALU_SIMD static void lshl_add_u64_lanes(uint32_t *restrict r, const uint32_t *restrict a,
                                         const uint32_t *restrict c, unsigned s)
{
	for (unsigned l = 0; l < VL; l++) {
		uint32_t lo = a[l] << s, hi = a[VL + l] << s | (a[l] >> (31 - s)) >> 1;
		uint32_t rlo = lo + c[l];
		r[l] = rlo;
		r[VL + l] = hi + c[VL + l] + (rlo < lo);
	}
}

/* D.u64 = (S0.u64 << S1[2:0]) + S2.u64 (gfx942). */
VALU_HANDLER(v_lshl_add_u64)
{
	struct valu v;
	valu_init(&v, w, in, VALU_INT);
	const uint32_t *restrict pa = valu_src(&v, 0, EMU_T_B64, 2);
	if (in->src[1] < EMU_OP_VGPR0) {
		/* A scalar or constant shift (the usual address arithmetic) is
		 * the same in every lane (DPP permutes src0 only). */
		unsigned s = emu_sread32(w, in, in->src[1], EMU_T_B32) & 7;
		lshl_add_u64_lanes(v.res, pa, valu_src(&v, 2, EMU_T_B64, 2), s);
	} else {
		const uint32_t *restrict pb = valu_src(&v, 1, EMU_T_B32, 1);
		const uint32_t *restrict pc = valu_src(&v, 2, EMU_T_B64, 2);
		for (unsigned l = 0; l < VL; l++)
			put64(v.res, l, (lane64(pa, l) << (pb[l] & 7)) + lane64(pc, l));
	}
	valu_write(&v, 2);
}

/* ---- add/sub ---- */

/* VOP3 clamp saturates the unsigned/signed result. */
INT2(v_add_u32, clamp ? sat_u((int64_t)a + b, 0xffffffffll) : a + b)
INT2(v_sub_u32, clamp ? sat_u((int64_t)a - b, 0xffffffffll) : a - b)
INT2(v_subrev_u32, clamp ? sat_u((int64_t)b - a, 0xffffffffll) : b - a)
INT2(v_add_i32, clamp ? sat_s((int64_t)(int32_t)a + (int32_t)b, INT32_MIN, INT32_MAX) : a + b)
INT2(v_sub_i32, clamp ? sat_s((int64_t)(int32_t)a - (int32_t)b, INT32_MIN, INT32_MAX) : a - b)

/* Carry/borrow ops: D = x + y + cin or x - y - cin (x, y = src0, src1 or swapped
 * for the rev forms), carry/borrow out per lane, in 32-bit arithmetic so that
 * the loop vectorises. cin is VCC (e32/SDWA/DPP) or src2 (VOP3B); VOP3 clamp
 * saturates an overflow to all ones and a borrow to 0. */
VALU_SIMD static void carry_add_lanes(uint32_t *restrict r, uint8_t *restrict co, const uint32_t *restrict px,
                                      const uint32_t *restrict py, const uint8_t *restrict ci)
{
	for (unsigned l = 0; l < VL; l++) {
		uint32_t x = px[l], y = py[l], c = ci[l], d = x + y + c;
		co[l] = (uint8_t)((d < x) | ((d == x) & ((y | c) != 0)));
		r[l] = d;
	}
}
VALU_SIMD static void carry_sub_lanes(uint32_t *restrict r, uint8_t *restrict co, const uint32_t *restrict px,
                                      const uint32_t *restrict py, const uint8_t *restrict ci)
{
	for (unsigned l = 0; l < VL; l++) {
		uint32_t x = px[l], y = py[l], c = ci[l];
		co[l] = (uint8_t)((x < y) | ((x - y) < c));
		r[l] = x - y - c;
	}
}

static inline __attribute__((always_inline)) void carry_op(struct emu_wave *w, const struct emu_inst *in,
                                                          bool cin, bool sub, bool rev)
{
	struct valu v;
	uint8_t ci[VL], co[VL];
	valu_init(&v, w, in, VALU_INT);
	const uint32_t *pa = valu_src(&v, 0, EMU_T_B32, 1), *pb = valu_src(&v, 1, EMU_T_B32, 1);
	uint64_t cm = 0;
	if (cin)
		cm = in->enc == EMU_ENC_VOP3 ? valu_mask_src(&v, in->src[2]) : emu_vcc(w);
	valu_unpack(ci, cm);
	if (sub)
		carry_sub_lanes(v.res, co, rev ? pb : pa, rev ? pa : pb, ci);
	else
		carry_add_lanes(v.res, co, rev ? pb : pa, rev ? pa : pb, ci);
	if (v.clamp)
		for (unsigned l = 0; l < VL; l++)
			v.res[l] = co[l] ? (sub ? 0 : 0xffffffffu) : v.res[l];
	valu_write_mask(&v, valu_sdst(&v), valu_pack(co) & v.exec);
	valu_write(&v, 1);
}

VALU_HANDLER(v_add_co_u32) { carry_op(w, in, false, false, false); }
VALU_HANDLER(v_sub_co_u32) { carry_op(w, in, false, true, false); }
VALU_HANDLER(v_subrev_co_u32) { carry_op(w, in, false, true, true); }
VALU_HANDLER(v_addc_co_u32) { carry_op(w, in, true, false, false); }
VALU_HANDLER(v_subb_co_u32) { carry_op(w, in, true, true, false); }
VALU_HANDLER(v_subbrev_co_u32) { carry_op(w, in, true, true, true); }

INT16_2(v_add_u16, false, clamp ? sat_u((int64_t)a + b, 0xffff) : a + b)
INT16_2(v_sub_u16, false, clamp ? sat_u((int64_t)a - b, 0xffff) : a - b)
INT16_2(v_subrev_u16, false, clamp ? sat_u((int64_t)b - a, 0xffff) : b - a)
INT16_2(v_add_i16, true, clamp ? sat_s((int64_t)(int16_t)a + (int16_t)b, -32768, 32767) : a + b)
INT16_2(v_sub_i16, true, clamp ? sat_s((int64_t)(int16_t)a - (int16_t)b, -32768, 32767) : a - b)
INT16_2(v_mul_lo_u16, false, a * b)
INT16_2(v_lshlrev_b16, false, b << (a & 15))
INT16_2(v_lshrrev_b16, false, b >> (a & 15))
INT16_2(v_ashrrev_i16, false, (uint32_t)((int32_t)(int16_t)b >> (a & 15)))
INT16_2(v_min_u16, false, umin(a, b))
INT16_2(v_max_u16, false, umax(a, b))
INT16_2(v_min_i16, false, (uint32_t)imin((int16_t)a, (int16_t)b))
INT16_2(v_max_i16, false, (uint32_t)imax((int16_t)a, (int16_t)b))
INT16_3(v_min3_u16, true, umin(umin(a, b), c))
INT16_3(v_max3_u16, true, umax(umax(a, b), c))
INT16_3(v_med3_u16, true, umed3(a, b, c))
INT16_3(v_min3_i16, true, (uint32_t)imin(imin((int16_t)a, (int16_t)b), (int16_t)c))
INT16_3(v_max3_i16, true, (uint32_t)imax(imax((int16_t)a, (int16_t)b), (int16_t)c))
INT16_3(v_med3_i16, true, (uint32_t)imed3((int16_t)a, (int16_t)b, (int16_t)c))
/* gfx9 v_mad_u16/i16 write the op_sel[3] half and keep the other; the _legacy
 * (VI) encodings zero the high half (LLVM GCNSubtarget::zeroesHigh16BitsOfDest). */
#define MAD_U16 clamp ? sat_u((int64_t)a * b + c, 0xffff) : a * b + c
#define MAD_I16 \
	clamp ? sat_s((int64_t)(int16_t)a * (int16_t)b + (int16_t)c, -32768, 32767) \
	        : (uint32_t)((int32_t)(int16_t)a * (int16_t)b + (int16_t)c)
INT16_3(v_mad_u16, true, MAD_U16)
INT16_3(v_mad_i16, true, MAD_I16)
INT16_3(v_mad_legacy_u16, false, MAD_U16)
INT16_3(v_mad_legacy_i16, false, MAD_I16)

/* ---- min/max ---- */

INT2(v_min_u32, umin(a, b))
INT2(v_max_u32, umax(a, b))
INT2(v_min_i32, (uint32_t)imin((int32_t)a, (int32_t)b))
INT2(v_max_i32, (uint32_t)imax((int32_t)a, (int32_t)b))
INT3(v_min3_u32, umin(umin(a, b), c))
INT3(v_max3_u32, umax(umax(a, b), c))
INT3(v_med3_u32, umed3(a, b, c))
INT3(v_min3_i32, (uint32_t)imin(imin((int32_t)a, (int32_t)b), (int32_t)c))
INT3(v_max3_i32, (uint32_t)imax(imax((int32_t)a, (int32_t)b), (int32_t)c))
INT3(v_med3_i32, (uint32_t)imed3((int32_t)a, (int32_t)b, (int32_t)c))

/* ---- multiply ---- */

INT2(v_mul_lo_u32, a * b)
INT2(v_mul_hi_u32, (uint32_t)(((uint64_t)a * b) >> 32))
INT2(v_mul_hi_i32, (uint32_t)(((int64_t)(int32_t)a * (int32_t)b) >> 32))
INT2(v_mul_u32_u24, (a & 0xffffff) * (b & 0xffffff))
INT2(v_mul_hi_u32_u24, (uint32_t)(((uint64_t)(a & 0xffffff) * (b & 0xffffff)) >> 32))
INT2(v_mul_i32_i24, (uint32_t)(s24(a) * s24(b)))
INT2(v_mul_hi_i32_i24, (uint32_t)(((int64_t)s24(a) * s24(b)) >> 32))

/* Multiply-add to 32 bits; VOP3 clamp saturates. The 16-bit forms take the
 * op_sel halves. */
#define MAD32(name, prod, sat) \
	LANES_DECL(name, const uint32_t *restrict pa, const uint32_t *restrict pb, \
	           const uint32_t *restrict pc, unsigned sa, unsigned sb) \
	{ \
		(void)sa; \
		(void)sb; \
		for (unsigned l = 0; l < VL; l++) { \
			uint32_t a = pa[l], b = pb[l], c = pc[l]; \
			int64_t x = (prod); \
			r[l] = clamp ? (sat) : (uint32_t)x; \
		} \
	} \
	VALU_BODY(name, VALU_INT, \
	          const uint32_t *pa = valu_src(&v, 0, EMU_T_B32, 1); \
	          const uint32_t *pb = valu_src(&v, 1, EMU_T_B32, 1); \
	          LANES_CALL(name, pa, pb, valu_src(&v, 2, EMU_T_B32, 1), OPSH(0), OPSH(1)); \
	          valu_write(&v, 1))
MAD32(v_mad_u32_u24, (int64_t)((uint64_t)(a & 0xffffff) * (b & 0xffffff) + c), sat_u(x, 0xffffffffll))
MAD32(v_mad_i32_i24, (int64_t)s24(a) * s24(b) + (int32_t)c, sat_s(x, INT32_MIN, INT32_MAX))
MAD32(v_mad_u32_u16, (int64_t)(((a >> sa) & 0xffff) * ((b >> sb) & 0xffff)) + c, sat_u(x, 0xffffffffll))
MAD32(v_mad_i32_i16, (int64_t)(int16_t)(a >> sa) * (int16_t)(b >> sb) + (int32_t)c,
      sat_s(x, INT32_MIN, INT32_MAX))

/* {carry, D.u64} = S0.u32 * S1.u32 + S2.u64 (VOP3B, carry to sdst); the
 * signed form's carry says the exact result does not fit in 64 bits. */
static inline uint64_t mad64_lane(uint32_t a, uint32_t b, uint64_t c, bool sgn, bool clamp, bool *carry)
{
	if (!sgn) {
		unsigned __int128 r = (unsigned __int128)((uint64_t)a * b) + c;
		*carry = (uint64_t)(r >> 64) != 0;
		return clamp && *carry ? ~0ull : (uint64_t)r;
	}
	__int128 r = (__int128)((int64_t)(int32_t)a * (int32_t)b) + (int64_t)c;
	*carry = r != (__int128)(int64_t)r;
	if (clamp && *carry)
		return r < 0 ? (uint64_t)INT64_MIN : (uint64_t)INT64_MAX;
	return (uint64_t)r;
}
#define MAD64(name, sgn) \
	VALU_LANES(name, VALU_INT, \
	           const uint32_t *restrict pa = valu_src(&v, 0, EMU_T_B32, 1); \
	           const uint32_t *restrict pb = valu_src(&v, 1, EMU_T_B32, 1); \
	           const uint32_t *restrict pc = valu_src(&v, 2, EMU_T_B64, 2); uint64_t co = 0, \
	           bool carry; put64(v.res, l, mad64_lane(pa[l], pb[l], lane64(pc, l), sgn, v.clamp, &carry)); \
	           co |= (uint64_t)carry << l, \
	           valu_write_mask(&v, valu_sdst(&v), co & v.exec); valu_write(&v, 2))
MAD64(v_mad_u64_u32, false)
MAD64(v_mad_i64_i32, true)

/* ---- table ---- */

#define VALU_INT_LIST(X, A) \
	X(v_nop) X(v_mov_b32) X(v_mov_b64) X(v_readfirstlane_b32) X(v_readlane_b32) \
	X(v_writelane_b32) X(v_swap_b32) X(v_mbcnt_lo_u32_b32) X(v_mbcnt_hi_u32_b32) \
	X(v_cndmask_b32) X(v_not_b32) X(v_and_b32) X(v_or_b32) X(v_xor_b32) X(v_xnor_b32) \
	X(v_bfrev_b32) X(v_ffbh_u32) X(v_ffbl_b32) X(v_ffbh_i32) X(v_bcnt_u32_b32) \
	X(v_add_u32) X(v_sub_u32) X(v_subrev_u32) X(v_add_co_u32) X(v_sub_co_u32) \
	X(v_subrev_co_u32) X(v_addc_co_u32) X(v_subb_co_u32) X(v_subbrev_co_u32) \
	X(v_add_i32) X(v_sub_i32) X(v_add_u16) X(v_sub_u16) X(v_subrev_u16) X(v_add_i16) \
	X(v_sub_i16) X(v_mul_lo_u16) X(v_mul_lo_u32) X(v_mul_hi_u32) X(v_mul_hi_i32) \
	X(v_mul_u32_u24) X(v_mul_hi_u32_u24) X(v_mul_i32_i24) X(v_mul_hi_i32_i24) \
	X(v_mad_u32_u24) X(v_mad_i32_i24) X(v_mad_u32_u16) X(v_mad_i32_i16) X(v_mad_u16) \
	X(v_mad_i16) X(v_mad_legacy_u16) X(v_mad_legacy_i16) \
	X(v_mad_u64_u32) X(v_mad_i64_i32) X(v_lshl_add_u32) X(v_lshl_add_u64) X(v_add_lshl_u32) \
	X(v_lshl_or_b32) X(v_and_or_b32) X(v_or3_b32) X(v_xad_u32) X(v_add3_u32) \
	X(v_min_i32) X(v_max_i32) X(v_min_u32) X(v_max_u32) X(v_min_i16) X(v_max_i16) \
	X(v_min_u16) X(v_max_u16) X(v_min3_i32) X(v_max3_i32) X(v_med3_i32) X(v_min3_u32) \
	X(v_max3_u32) X(v_med3_u32) X(v_min3_i16) X(v_max3_i16) X(v_med3_i16) X(v_min3_u16) \
	X(v_max3_u16) X(v_med3_u16) X(v_lshlrev_b32) X(v_lshrrev_b32) X(v_ashrrev_i32) \
	X(v_lshlrev_b64) X(v_lshrrev_b64) X(v_ashrrev_i64) X(v_lshlrev_b16) X(v_lshrrev_b16) \
	X(v_ashrrev_i16) X(v_bfe_u32) X(v_bfe_i32) X(v_bfi_b32) X(v_bfm_b32) \
	X(v_alignbit_b32) X(v_alignbyte_b32) X(v_perm_b32) X(v_sad_u8) X(v_sad_hi_u8) \
	X(v_sad_u16) X(v_sad_u32) X(v_msad_u8) X(v_lerp_u8) X(v_cvt_pk_u16_u32) \
	X(v_cvt_pk_i16_i32) X(v_sat_pk_u8_i16) X(v_clrexcp) \
	X(v_accvgpr_read_b32) X(v_accvgpr_write_b32) X(v_accvgpr_mov_b32)

const struct emu_sem emu_sem_valu_int[] = {
	VALU_INT_LIST(VALU_ENTRY, VALU_ALIAS)
	EMU_SEM_END
};
