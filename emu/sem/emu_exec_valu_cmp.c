/*
 * emu_exec_valu_cmp — VOPC compares (v_cmp_*, v_cmpx_*, v_cmp_class_*).
 *
 * The result mask goes to VCC (e32, SDWA without sdst) or to the SGPR pair
 * sdst (VOP3, SDWA with sd=1); lanes that are inactive (EXEC, or disabled by
 * DPP) read 0. On GFX9 v_cmpx_* write the same mask to EXEC as well.
 * Float predicates are IEEE: the "n" forms are true for unordered operands.
 */
#include "sem/emu_exec_valu.h"

static void cmp_finish(struct valu *v, uint64_t m, bool cmpx)
{
	m &= v->exec;
	valu_write_mask(v, valu_sdst(v), m);
	if (cmpx)
		emu_set_exec(v->w, m);
	valu_done(v);
}

/* Float predicates over a, b. */
#define FPREDS(P, T) \
	P(T, f, 0) P(T, lt, a < b) P(T, eq, a == b) P(T, le, a <= b) P(T, gt, a > b) \
	P(T, lg, (a < b || a > b)) P(T, ge, a >= b) P(T, o, (a == a && b == b)) \
	P(T, u, (a != a || b != b)) P(T, nge, !(a >= b)) P(T, nlg, !(a < b || a > b)) \
	P(T, ngt, !(a > b)) P(T, nle, !(a <= b)) P(T, neq, !(a == b)) P(T, nlt, !(a < b)) P(T, tru, 1)
#define IPREDS(P, T) \
	P(T, f, 0) P(T, lt, a < b) P(T, eq, a == b) P(T, le, a <= b) P(T, gt, a > b) \
	P(T, ne, a != b) P(T, ge, a >= b) P(T, t, 1)

/* Per-type lane fetch: declares a and b of lane l. */
#define LOAD_f32 float a = u2f(pa[l]); float b = u2f(pb[l]);
#define LOAD_f64 double a = u2d(lane64(pa, l)); double b = u2d(lane64(pb, l));
#define LOAD_f16 \
	float a = u2f(valu_f16_to_f32((uint16_t)pa[l])); float b = u2f(valu_f16_to_f32((uint16_t)pb[l]));
#define LOAD_i16 int32_t a = (int16_t)pa[l]; int32_t b = (int16_t)pb[l];
#define LOAD_u16 uint32_t a = pa[l] & 0xffff; uint32_t b = pb[l] & 0xffff;
#define LOAD_i32 int32_t a = (int32_t)pa[l]; int32_t b = (int32_t)pb[l];
#define LOAD_u32 uint32_t a = pa[l]; uint32_t b = pb[l];
#define LOAD_i64 int64_t a = (int64_t)lane64(pa, l); int64_t b = (int64_t)lane64(pb, l);
#define LOAD_u64 uint64_t a = lane64(pa, l); uint64_t b = lane64(pb, l);

/* Per-type source fetch: kind, fetch function, operand type, dwords. */
#define SRC_f32 VALU_F32, valu_fsrc, EMU_T_F32, 1
#define SRC_f64 VALU_F64, valu_fsrc, EMU_T_F64, 2
#define SRC_f16 VALU_F16, valu_fsrc, EMU_T_F16, 1
#define SRC_i16 VALU_INT, valu_src, EMU_T_B16, 1
#define SRC_u16 VALU_INT, valu_src, EMU_T_B16, 1
#define SRC_i32 VALU_INT, valu_src, EMU_T_B32, 1
#define SRC_u32 VALU_INT, valu_src, EMU_T_B32, 1
#define SRC_i64 VALU_INT, valu_src, EMU_T_B64, 2
#define SRC_u64 VALU_INT, valu_src, EMU_T_B64, 2

/* The predicate loop is an inline function with restrict parameters so that
 * it vectorises; lane results are bytes, packed into the mask afterwards. */
#define CMP_DEF(T, p, expr) \
	static inline void cmp_##p##_##T(uint8_t *restrict c, const uint32_t *restrict pa, \
	                                 const uint32_t *restrict pb) \
	{ \
		for (unsigned l = 0; l < VL; l++) { \
			LOAD_##T \
			c[l] = (uint8_t)(bool)(expr); \
		} \
	} \
	static inline void cmp_run_##p##_##T(struct emu_wave *w, const struct emu_inst *in, bool cmpx) \
	{ \
		cmp_run(w, in, cmpx, cmp_##p##_##T, SRC_##T); \
	} \
	VALU_HANDLER(v_cmp_##p##_##T) { cmp_run_##p##_##T(w, in, false); } \
	VALU_HANDLER(v_cmpx_##p##_##T) { cmp_run_##p##_##T(w, in, true); }

typedef void (*cmp_lanes_fn)(uint8_t *restrict, const uint32_t *restrict, const uint32_t *restrict);
typedef const uint32_t *(*cmp_fetch_fn)(struct valu *, unsigned, enum emu_optype, unsigned);

static inline __attribute__((always_inline)) void cmp_run(struct emu_wave *w, const struct emu_inst *in,
                                                         bool cmpx, cmp_lanes_fn lanes, enum valu_kind kind,
                                                         cmp_fetch_fn fetch, enum emu_optype t, unsigned ndw)
{
	struct valu v;
	uint8_t c[VL];
	valu_init(&v, w, in, kind);
	const uint32_t *pa = fetch(&v, 0, t, ndw);
	lanes(c, pa, fetch(&v, 1, t, ndw));
	cmp_finish(&v, valu_pack(c), cmpx);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wfloat-equal"
FPREDS(CMP_DEF, f32)
FPREDS(CMP_DEF, f64)
FPREDS(CMP_DEF, f16)
IPREDS(CMP_DEF, i16)
IPREDS(CMP_DEF, u16)
IPREDS(CMP_DEF, i32)
IPREDS(CMP_DEF, u32)
IPREDS(CMP_DEF, i64)
IPREDS(CMP_DEF, u64)
#pragma GCC diagnostic pop

/* ---- class tests: S1 bits 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal,
 * 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf. No denormal flush: the class
 * of the value as stored (after abs/neg). ---- */

static inline unsigned class_bit(bool neg, bool nan, bool quiet, bool inf, bool zero, bool denorm)
{
	if (nan)
		return quiet ? 1 : 0;
	if (inf)
		return neg ? 2 : 9;
	if (zero)
		return neg ? 5 : 6;
	if (denorm)
		return neg ? 4 : 7;
	return neg ? 3 : 8;
}
static inline unsigned class32(uint32_t x)
{
	uint32_t e = (x >> 23) & 0xff, m = x & 0x7fffff;
	return class_bit(x >> 31, e == 0xff && m, (m >> 22) & 1, e == 0xff && !m, !e && !m, !e && m);
}
static inline unsigned class64(uint64_t x)
{
	uint64_t e = (x >> 52) & 0x7ff, m = x & 0xfffffffffffffull;
	return class_bit(x >> 63, e == 0x7ff && m, (m >> 51) & 1, e == 0x7ff && !m, !e && !m, !e && m);
}
static inline unsigned class16(uint32_t x)
{
	uint32_t e = (x >> 10) & 0x1f, m = x & 0x3ff;
	return class_bit((x >> 15) & 1, e == 0x1f && m, (m >> 9) & 1, e == 0x1f && !m, !e && !m, !e && m);
}

#define CLASS_BODY(kind, t, ndw, cls, cmpx) \
	{ \
		struct valu v; \
		valu_init(&v, w, in, kind); \
		v.ftz_in = false; \
		const uint32_t *pa = valu_fsrc(&v, 0, t, ndw), *pb = valu_src(&v, 1, EMU_T_B32, 1); \
		uint8_t c[VL]; \
		for (unsigned l = 0; l < VL; l++) \
			c[l] = (uint8_t)((pb[l] >> (cls)) & 1); \
		cmp_finish(&v, valu_pack(c), cmpx); \
	}
VALU_HANDLER(v_cmp_class_f32) CLASS_BODY(VALU_F32, EMU_T_F32, 1, class32(pa[l]), false)
VALU_HANDLER(v_cmpx_class_f32) CLASS_BODY(VALU_F32, EMU_T_F32, 1, class32(pa[l]), true)
VALU_HANDLER(v_cmp_class_f64) CLASS_BODY(VALU_F64, EMU_T_F64, 2, class64(lane64(pa, l)), false)
VALU_HANDLER(v_cmpx_class_f64) CLASS_BODY(VALU_F64, EMU_T_F64, 2, class64(lane64(pa, l)), true)
VALU_HANDLER(v_cmp_class_f16) CLASS_BODY(VALU_F16, EMU_T_F16, 1, class16(pa[l]), false)
VALU_HANDLER(v_cmpx_class_f16) CLASS_BODY(VALU_F16, EMU_T_F16, 1, class16(pa[l]), true)

/* ---- table ---- */

#define VALU_CMP_F(X, t) \
	X(v_cmp_f_##t) X(v_cmp_lt_##t) X(v_cmp_eq_##t) X(v_cmp_le_##t) X(v_cmp_gt_##t) \
	X(v_cmp_lg_##t) X(v_cmp_ge_##t) X(v_cmp_o_##t) X(v_cmp_u_##t) X(v_cmp_nge_##t) \
	X(v_cmp_nlg_##t) X(v_cmp_ngt_##t) X(v_cmp_nle_##t) X(v_cmp_neq_##t) X(v_cmp_nlt_##t) \
	X(v_cmp_tru_##t) X(v_cmp_class_##t) \
	X(v_cmpx_f_##t) X(v_cmpx_lt_##t) X(v_cmpx_eq_##t) X(v_cmpx_le_##t) X(v_cmpx_gt_##t) \
	X(v_cmpx_lg_##t) X(v_cmpx_ge_##t) X(v_cmpx_o_##t) X(v_cmpx_u_##t) X(v_cmpx_nge_##t) \
	X(v_cmpx_nlg_##t) X(v_cmpx_ngt_##t) X(v_cmpx_nle_##t) X(v_cmpx_neq_##t) \
	X(v_cmpx_nlt_##t) X(v_cmpx_tru_##t) X(v_cmpx_class_##t)
#define VALU_CMP_I(X, t) \
	X(v_cmp_f_##t) X(v_cmp_lt_##t) X(v_cmp_eq_##t) X(v_cmp_le_##t) X(v_cmp_gt_##t) \
	X(v_cmp_ne_##t) X(v_cmp_ge_##t) X(v_cmp_t_##t) \
	X(v_cmpx_f_##t) X(v_cmpx_lt_##t) X(v_cmpx_eq_##t) X(v_cmpx_le_##t) X(v_cmpx_gt_##t) \
	X(v_cmpx_ne_##t) X(v_cmpx_ge_##t) X(v_cmpx_t_##t)

#define VALU_CMP_LIST(X, A) \
	VALU_CMP_F(X, f16) VALU_CMP_F(X, f32) VALU_CMP_F(X, f64) \
	VALU_CMP_I(X, i16) VALU_CMP_I(X, u16) VALU_CMP_I(X, i32) VALU_CMP_I(X, u32) \
	VALU_CMP_I(X, i64) VALU_CMP_I(X, u64)

const struct emu_sem emu_sem_valu_cmp[] = {
	VALU_CMP_LIST(VALU_ENTRY, VALU_ALIAS)
	EMU_SEM_END
};
