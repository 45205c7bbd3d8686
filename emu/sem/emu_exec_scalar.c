/*
 * emu_exec_scalar — semantics of the scalar instructions of GFX9-family GPUs
 * (gfx900, gfx90a, gfx942): SOP1, SOP2, SOPK, SOPC, SOPP and SMEM.
 *
 * Sources: "Vega Instruction Set Architecture" (2017), "AMD Instinct MI200
 * ISA" and "AMD Instinct MI300 ISA" reference guides, chapters "Scalar ALU
 * Operations", "Scalar Memory Operations", "Program Flow Control" and the
 * per-opcode descriptions; operand spellings and encodings checked with
 * llvm-mc 19.
 *
 * Handlers read the decoded fields (isa/emu_decode.c), as the vector
 * handlers do; the encodings they come from (the same on the three arches):
 *   SOP2  ssrc0 [7:0] src[0], ssrc1 [15:8] src[1], sdst [22:16] dst
 *   SOP1  ssrc0 [7:0] src[0],                      sdst [22:16] dst
 *   SOPC  ssrc0 [7:0] src[0], ssrc1 [15:8] src[1]
 *   SOPK  simm16 [15:0] imm (sign-extended),       sdst [22:16] dst (a source
 *         for s_cmpk_* and s_setreg_b32)
 *   SOPP  simm16 [15:0] imm (sign-extended)
 *   SMEM  sbase [5:0] (in SGPR pairs) addr, sdata [12:6] dst, soe [14] and
 *         imm [17] flags EMU_F_SOE/EMU_F_IMM, glc [16] EMU_F_GLC; second
 *         dword: offset [20:0] imm (sign-extended), soffset [31:25] soffset
 *         (without imm, offset [6:0] names the soffset SGPR)
 *   literal: the 32-bit constant of a source 255 or of s_setreg_imm32_b32
 */
#include "sem/emu_sem.h"
#include "wave/emu_wave.h"

/* ---- fields ---- */

static inline unsigned f_src0(const struct emu_inst *in) { return in->src[0]; }
static inline unsigned f_src1(const struct emu_inst *in) { return in->src[1]; }
static inline unsigned f_sdst(const struct emu_inst *in) { return in->dst; }
static inline int32_t f_simm16(const struct emu_inst *in) { return in->imm; }
static inline uint32_t f_uimm16(const struct emu_inst *in) { return (uint32_t)in->imm & 0xffff; }

static inline uint32_t rd32(struct emu_wave *w, const struct emu_inst *in, unsigned code)
{
	return emu_sread32(w, in, code, EMU_T_B32);
}
static inline uint64_t rd64(struct emu_wave *w, const struct emu_inst *in, unsigned code)
{
	return emu_sread64(w, in, code, EMU_T_B64);
}

/* Mask of the low n bits, n >= 64 meaning all. */
static inline uint64_t lowmask(unsigned n)
{
	return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* Sign-extend the low `bits` bits of v (bits 0 gives 0). */
static inline int64_t sext_bits(uint64_t v, unsigned bits)
{
	if (bits == 0)
		return 0;
	if (bits >= 64)
		return (int64_t)v;
	unsigned sh = 64 - bits;
	return (int64_t)(v << sh) >> sh;
}

/* ---- SOP2 / SOP1 drivers ----
 * An operation gets its sources zero-extended to 64 bits and the current SCC
 * in *scc; it leaves *scc alone when it does not write SCC. */

typedef uint64_t (*sop_fn)(uint64_t a, uint64_t b, bool *scc);

enum { W32 = 0, W64 = 1 };

/* Apply fn to the sources, write the destination (wd wide) and SCC. */
static inline void sop_apply(struct emu_wave *w, const struct emu_inst *in, sop_fn fn, uint64_t a,
                             uint64_t b, int wd)
{
	bool scc = w->scc;
	uint64_t d = fn(a, b, &scc);
	if (wd == W64)
		emu_swrite64(w, f_sdst(in), d);
	else
		emu_swrite32(w, f_sdst(in), (uint32_t)d);
	w->scc = scc;
}

static inline void sop2(struct emu_wave *w, const struct emu_inst *in, sop_fn fn, int wa, int wb,
                        int wd)
{
	uint64_t a = wa == W64 ? rd64(w, in, f_src0(in)) : rd32(w, in, f_src0(in));
	uint64_t b = wb == W64 ? rd64(w, in, f_src1(in)) : rd32(w, in, f_src1(in));
	sop_apply(w, in, fn, a, b, wd);
}

/* SOP1: b is the old value of the destination when `old` (s_bitset*,
 * s_cmov*), else 0 (the others must not read it: a destination that cannot
 * be read as a pair would fault as a source). */
static inline void sop1(struct emu_wave *w, const struct emu_inst *in, sop_fn fn, int wa, int wd,
                        bool old)
{
	uint64_t a = wa == W64 ? rd64(w, in, f_src0(in)) : rd32(w, in, f_src0(in));
	uint64_t b = !old ? 0 : wd == W64 ? rd64(w, in, f_sdst(in)) : rd32(w, in, f_sdst(in));
	sop_apply(w, in, fn, a, b, wd);
}

#define SOP2(name, wa, wb, wd) \
	static void x_##name(struct emu_wave *w, const struct emu_inst *in) { sop2(w, in, op_##name, wa, wb, wd); }
#define SOP1(name, wa, wd) \
	static void x_##name(struct emu_wave *w, const struct emu_inst *in) { sop1(w, in, op_##name, wa, wd, false); }
#define SOP1_RMW(name, wa, wd) \
	static void x_##name(struct emu_wave *w, const struct emu_inst *in) { sop1(w, in, op_##name, wa, wd, true); }

/* ---- SOP2 operations ---- */

static uint64_t op_s_add_u32(uint64_t a, uint64_t b, bool *scc)
{
	uint64_t r = a + b;
	*scc = r >> 32;   /* carry out */
	return r;
}
static uint64_t op_s_sub_u32(uint64_t a, uint64_t b, bool *scc)
{
	*scc = b > a;     /* borrow */
	return a - b;
}
static uint64_t op_s_addc_u32(uint64_t a, uint64_t b, bool *scc)
{
	uint64_t r = a + b + *scc;
	*scc = r >> 32;
	return r;
}
static uint64_t op_s_subb_u32(uint64_t a, uint64_t b, bool *scc)
{
	uint64_t sub = b + *scc;
	*scc = sub > a;
	return a - sub;
}
static uint64_t op_s_add_i32(uint64_t a, uint64_t b, bool *scc)
{
	uint32_t r = (uint32_t)a + (uint32_t)b;
	/* signed overflow: operands of equal sign, result of the other sign */
	*scc = (~(a ^ b) & (a ^ r)) >> 31 & 1;
	return r;
}
static uint64_t op_s_sub_i32(uint64_t a, uint64_t b, bool *scc)
{
	uint32_t r = (uint32_t)a - (uint32_t)b;
	*scc = ((a ^ b) & (a ^ r)) >> 31 & 1;
	return r;
}
/* s_min/s_max: SCC = 1 when S0 is the result (ISA: "SCC = S0 < S1"). */
static uint64_t op_s_min_i32(uint64_t a, uint64_t b, bool *scc)
{
	*scc = (int32_t)a < (int32_t)b;
	return *scc ? a : b;
}
static uint64_t op_s_min_u32(uint64_t a, uint64_t b, bool *scc)
{
	*scc = (uint32_t)a < (uint32_t)b;
	return *scc ? a : b;
}
static uint64_t op_s_max_i32(uint64_t a, uint64_t b, bool *scc)
{
	*scc = (int32_t)a > (int32_t)b;
	return *scc ? a : b;
}
static uint64_t op_s_max_u32(uint64_t a, uint64_t b, bool *scc)
{
	*scc = (uint32_t)a > (uint32_t)b;
	return *scc ? a : b;
}
static uint64_t op_s_cselect_b32(uint64_t a, uint64_t b, bool *scc)
{
	return *scc ? a : b;
}
#define op_s_cselect_b64 op_s_cselect_b32

/* Bitwise: SCC = result != 0 (for the 32-bit forms, of the low dword only,
 * which is all there is: the operands are zero-extended). */
#define BITOP(name, expr)                                                  \
	static uint64_t op_s_##name##_b32(uint64_t a, uint64_t b, bool *scc)  \
	{                                                                  \
		uint32_t r = (uint32_t)(expr);                             \
		*scc = r != 0;                                             \
		return r;                                                  \
	}                                                                  \
	static uint64_t op_s_##name##_b64(uint64_t a, uint64_t b, bool *scc)  \
	{                                                                  \
		uint64_t r = (expr);                                       \
		*scc = r != 0;                                             \
		return r;                                                  \
	}
/* The bitwise family, shared with the saveexec forms (b = EXEC there). */
#define BITOP_LIST(X) \
	X(and, a & b) X(or, a | b) X(xor, a ^ b) X(andn2, a & ~b) X(orn2, a | ~b) \
	X(nand, ~(a & b)) X(nor, ~(a | b)) X(xnor, ~(a ^ b))
BITOP_LIST(BITOP)

/* Shifts: the count is S1[4:0] (32-bit) or S1[5:0] (64-bit). */
static uint64_t op_s_lshl_b32(uint64_t a, uint64_t b, bool *scc)
{
	uint32_t r = (uint32_t)a << (b & 31);
	*scc = r != 0;
	return r;
}
static uint64_t op_s_lshl_b64(uint64_t a, uint64_t b, bool *scc)
{
	uint64_t r = a << (b & 63);
	*scc = r != 0;
	return r;
}
static uint64_t op_s_lshr_b32(uint64_t a, uint64_t b, bool *scc)
{
	uint32_t r = (uint32_t)a >> (b & 31);
	*scc = r != 0;
	return r;
}
static uint64_t op_s_lshr_b64(uint64_t a, uint64_t b, bool *scc)
{
	uint64_t r = a >> (b & 63);
	*scc = r != 0;
	return r;
}
static uint64_t op_s_ashr_i32(uint64_t a, uint64_t b, bool *scc)
{
	uint32_t r = (uint32_t)((int32_t)a >> (b & 31));
	*scc = r != 0;
	return r;
}
static uint64_t op_s_ashr_i64(uint64_t a, uint64_t b, bool *scc)
{
	uint64_t r = (uint64_t)((int64_t)a >> (b & 63));
	*scc = r != 0;
	return r;
}
/* s_bfm: ((1 << S0[4:0]) - 1) << S1[4:0]; [5:0] for b64. No SCC. */
static uint64_t op_s_bfm_b32(uint64_t a, uint64_t b, bool *scc)
{
	(void)scc;
	return (uint32_t)(lowmask(a & 31) << (b & 31));
}
static uint64_t op_s_bfm_b64(uint64_t a, uint64_t b, bool *scc)
{
	(void)scc;
	return lowmask(a & 63) << (b & 63);
}
static uint64_t op_s_mul_i32(uint64_t a, uint64_t b, bool *scc)
{
	(void)scc;
	return (uint32_t)(a * b);
}
static uint64_t op_s_mul_hi_u32(uint64_t a, uint64_t b, bool *scc)
{
	(void)scc;
	return (a * b) >> 32;
}
static uint64_t op_s_mul_hi_i32(uint64_t a, uint64_t b, bool *scc)
{
	(void)scc;
	return (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32);
}
/* s_bfe: offset S1[4:0] ([5:0] for 64-bit), width S1[22:16]; a width of 0
 * gives 0, a field reaching past the top bit keeps the bits there are
 * (the ISA's "& ((1 << width) - 1)" with the mask saturating). The signed
 * forms shift arithmetically and sign-extend from bit width-1.
 * SCC = result != 0. */
static uint64_t op_s_bfe_u32(uint64_t a, uint64_t b, bool *scc)
{
	uint32_t r = (uint32_t)(((uint32_t)a >> (b & 31)) & lowmask((b >> 16) & 0x7f));
	*scc = r != 0;
	return r;
}
static uint64_t op_s_bfe_i32(uint64_t a, uint64_t b, bool *scc)
{
	unsigned width = (b >> 16) & 0x7f;
	int32_t sh = (int32_t)a >> (b & 31);
	uint32_t r = width >= 32 ? (uint32_t)sh : (uint32_t)sext_bits((uint32_t)sh, width);
	*scc = r != 0;
	return r;
}
static uint64_t op_s_bfe_u64(uint64_t a, uint64_t b, bool *scc)
{
	uint64_t r = (a >> (b & 63)) & lowmask((b >> 16) & 0x7f);
	*scc = r != 0;
	return r;
}
static uint64_t op_s_bfe_i64(uint64_t a, uint64_t b, bool *scc)
{
	unsigned width = (b >> 16) & 0x7f;
	uint64_t r = (uint64_t)sext_bits((uint64_t)((int64_t)a >> (b & 63)), width);
	*scc = r != 0;
	return r;
}
/* s_absdiff_i32: the ISA computes D.i = S0.i - S1.i in 32 bits, then
 * negates it if negative, so the difference wraps first. */
static uint64_t op_s_absdiff_i32(uint64_t a, uint64_t b, bool *scc)
{
	uint32_t d = (uint32_t)a - (uint32_t)b;
	uint32_t r = (int32_t)d < 0 ? 0u - d : d;
	*scc = r != 0;
	return r;
}
/* s_lshlN_add_u32: D = (S0 << N) + S1; SCC = the 64-bit sum >= 2^32, so bits
 * shifted out of S0 also set it. */
#define LSHL_ADD(n)                                                               \
	static uint64_t op_s_lshl##n##_add_u32(uint64_t a, uint64_t b, bool *scc) \
	{                                                                         \
		uint64_t r = (a << n) + b;                                        \
		*scc = (r >> 32) != 0;                                            \
		return (uint32_t)r;                                               \
	}
LSHL_ADD(1)
LSHL_ADD(2)
LSHL_ADD(3)
LSHL_ADD(4)
static uint64_t op_s_pack_ll_b32_b16(uint64_t a, uint64_t b, bool *scc)
{
	(void)scc;
	return (a & 0xffff) | (b & 0xffff) << 16;
}
static uint64_t op_s_pack_lh_b32_b16(uint64_t a, uint64_t b, bool *scc)
{
	(void)scc;
	return (a & 0xffff) | (b & 0xffff0000u);
}
static uint64_t op_s_pack_hh_b32_b16(uint64_t a, uint64_t b, bool *scc)
{
	(void)scc;
	return (a >> 16 & 0xffff) | (b & 0xffff0000u);
}

SOP2(s_add_u32, W32, W32, W32)
SOP2(s_sub_u32, W32, W32, W32)
SOP2(s_add_i32, W32, W32, W32)
SOP2(s_sub_i32, W32, W32, W32)
SOP2(s_addc_u32, W32, W32, W32)
SOP2(s_subb_u32, W32, W32, W32)
SOP2(s_min_i32, W32, W32, W32)
SOP2(s_min_u32, W32, W32, W32)
SOP2(s_max_i32, W32, W32, W32)
SOP2(s_max_u32, W32, W32, W32)
SOP2(s_cselect_b32, W32, W32, W32)
SOP2(s_cselect_b64, W64, W64, W64)
SOP2(s_and_b32, W32, W32, W32)
SOP2(s_and_b64, W64, W64, W64)
SOP2(s_or_b32, W32, W32, W32)
SOP2(s_or_b64, W64, W64, W64)
SOP2(s_xor_b32, W32, W32, W32)
SOP2(s_xor_b64, W64, W64, W64)
SOP2(s_andn2_b32, W32, W32, W32)
SOP2(s_andn2_b64, W64, W64, W64)
SOP2(s_orn2_b32, W32, W32, W32)
SOP2(s_orn2_b64, W64, W64, W64)
SOP2(s_nand_b32, W32, W32, W32)
SOP2(s_nand_b64, W64, W64, W64)
SOP2(s_nor_b32, W32, W32, W32)
SOP2(s_nor_b64, W64, W64, W64)
SOP2(s_xnor_b32, W32, W32, W32)
SOP2(s_xnor_b64, W64, W64, W64)
SOP2(s_lshl_b32, W32, W32, W32)
SOP2(s_lshl_b64, W64, W32, W64)
SOP2(s_lshr_b32, W32, W32, W32)
SOP2(s_lshr_b64, W64, W32, W64)
SOP2(s_ashr_i32, W32, W32, W32)
SOP2(s_ashr_i64, W64, W32, W64)
SOP2(s_bfm_b32, W32, W32, W32)
SOP2(s_bfm_b64, W32, W32, W64)
SOP2(s_mul_i32, W32, W32, W32)
SOP2(s_mul_hi_u32, W32, W32, W32)
SOP2(s_mul_hi_i32, W32, W32, W32)
SOP2(s_bfe_u32, W32, W32, W32)
SOP2(s_bfe_i32, W32, W32, W32)
SOP2(s_bfe_u64, W64, W32, W64)
SOP2(s_bfe_i64, W64, W32, W64)
SOP2(s_absdiff_i32, W32, W32, W32)
SOP2(s_lshl1_add_u32, W32, W32, W32)
SOP2(s_lshl2_add_u32, W32, W32, W32)
SOP2(s_lshl3_add_u32, W32, W32, W32)
SOP2(s_lshl4_add_u32, W32, W32, W32)
SOP2(s_pack_ll_b32_b16, W32, W32, W32)
SOP2(s_pack_lh_b32_b16, W32, W32, W32)
SOP2(s_pack_hh_b32_b16, W32, W32, W32)

/* ---- SOP1 operations (b = old destination) ---- */

/* The SOP1 families differ only in the operation: SOP1_OP leaves SCC and
 * ignores the old destination; SOP1_OP_SCC sets SCC = result != 0. */
#define SOP1_OP_ANY(name, sets_scc, expr)                               \
	static uint64_t op_##name(uint64_t a, uint64_t b, bool *scc)    \
	{                                                               \
		(void)b;                                                \
		uint64_t r = (expr);                                    \
		if (sets_scc)                                           \
			*scc = r != 0;                                  \
		return r;                                               \
	}
#define SOP1_OP(name, expr) SOP1_OP_ANY(name, false, expr)
#define SOP1_OP_SCC(name, expr) SOP1_OP_ANY(name, true, expr)

/* Bit indices for the find-first/last family: -1 (0xffffffff) if none. */
static inline uint32_t lsb32(uint32_t x) { return x ? (uint32_t)__builtin_ctz(x) : 0xffffffffu; }
static inline uint32_t lsb64(uint64_t x) { return x ? (uint32_t)__builtin_ctzll(x) : 0xffffffffu; }
static inline uint32_t msb32(uint32_t x) { return x ? (uint32_t)__builtin_clz(x) : 0xffffffffu; }
static inline uint32_t msb64(uint64_t x) { return x ? (uint32_t)__builtin_clzll(x) : 0xffffffffu; }

/* Bit i of a lands at bit (bits - 1 - i). */
static uint64_t brev(uint64_t a, unsigned bits)
{
	uint64_t r = 0;
	for (unsigned i = 0; i < bits; i++)
		r |= ((a >> i) & 1ull) << (bits - 1 - i);
	return r;
}

SOP1_OP(s_mov, a)
static uint64_t op_s_cmov(uint64_t a, uint64_t b, bool *scc)
{
	return *scc ? a : b;
}
SOP1_OP_SCC(s_not_b32, ~(uint32_t)a)
SOP1_OP_SCC(s_not_b64, ~a)
/* s_wqm: every nibble with a bit set becomes 0xf. SCC = result != 0. */
SOP1_OP_SCC(s_wqm_b64, ((a | a >> 1 | a >> 2 | a >> 3) & 0x1111111111111111ull) * 0xf)
#define op_s_wqm_b32 op_s_wqm_b64  /* operand zero-extended: same result */
SOP1_OP(s_brev_b32, brev((uint32_t)a, 32))
SOP1_OP(s_brev_b64, brev(a, 64))
SOP1_OP_SCC(s_bcnt0_i32_b32, 32 - (uint32_t)__builtin_popcount((uint32_t)a))
SOP1_OP_SCC(s_bcnt0_i32_b64, 64 - (uint32_t)__builtin_popcountll(a))
SOP1_OP_SCC(s_bcnt1_i32_b32, (uint32_t)__builtin_popcount((uint32_t)a))
SOP1_OP_SCC(s_bcnt1_i32_b64, (uint32_t)__builtin_popcountll(a))
/* Find-first: bit index from the LSB, or -1 (0xffffffff) if none. No SCC. */
SOP1_OP(s_ff0_i32_b32, lsb32(~(uint32_t)a))
SOP1_OP(s_ff0_i32_b64, lsb64(~a))
SOP1_OP(s_ff1_i32_b32, lsb32((uint32_t)a))
SOP1_OP(s_ff1_i32_b64, lsb64(a))
/* Find-last-bit: position of the first 1 counting from the MSB, or -1. The
 * signed forms (LLVM s_flbit_i32 / s_flbit_i32_i64) count from the MSB to
 * the first bit that differs from the sign bit, -1 for 0 and -1. No SCC. */
SOP1_OP(s_flbit_i32_b32, msb32((uint32_t)a))
SOP1_OP(s_flbit_i32_b64, msb64(a))
SOP1_OP(s_flbit_i32, msb32((uint32_t)a >> 31 ? ~(uint32_t)a : (uint32_t)a))
SOP1_OP(s_flbit_i32_i64, msb64(a >> 63 ? ~a : a))
SOP1_OP(s_sext_i32_i8, (uint32_t)(int32_t)(int8_t)a)
SOP1_OP(s_sext_i32_i16, (uint32_t)(int32_t)(int16_t)a)
/* s_bitset: D[S0[4:0]] (D[S0[5:0]] for b64) = 0 or 1; S0 is 32-bit. */
#define BITSET(bits, mask)                                                    \
	static uint64_t op_s_bitset0_b##bits(uint64_t a, uint64_t b, bool *scc) \
	{                                                                     \
		(void)scc;                                                    \
		return b & ~(1ull << (a & (mask)));                           \
	}                                                                     \
	static uint64_t op_s_bitset1_b##bits(uint64_t a, uint64_t b, bool *scc) \
	{                                                                     \
		(void)scc;                                                    \
		return b | 1ull << (a & (mask));                              \
	}
BITSET(32, 31)
BITSET(64, 63)
/* s_quadmask: D[i] = OR of S0[4i+3:4i]. SCC = result != 0. */
static uint64_t quadmask(uint64_t a)
{
	uint64_t r = 0;
	for (unsigned i = 0; i < 16; i++)
		r |= (uint64_t)(((a >> (4 * i)) & 0xf) != 0) << i;
	return r;
}
SOP1_OP_SCC(s_quadmask_b64, quadmask(a))
#define op_s_quadmask_b32 op_s_quadmask_b64
/* abs(INT_MIN) = INT_MIN */
SOP1_OP_SCC(s_abs_i32, (int32_t)a < 0 ? 0u - (uint32_t)a : (uint32_t)a)
/* s_bitreplicate_b64_b32: D[2i] = D[2i+1] = S0[i]. No SCC. */
static uint64_t bitreplicate(uint64_t a)
{
	uint64_t r = 0;
	for (unsigned i = 0; i < 32; i++)
		r |= ((a >> i) & 1ull) * 3ull << (2 * i);
	return r;
}
SOP1_OP(s_bitreplicate_b64_b32, bitreplicate(a))

#define op_s_mov_b32 op_s_mov
#define op_s_mov_b64 op_s_mov
#define op_s_cmov_b32 op_s_cmov
#define op_s_cmov_b64 op_s_cmov
SOP1(s_mov_b32, W32, W32)
SOP1(s_mov_b64, W64, W64)
SOP1_RMW(s_cmov_b32, W32, W32)
SOP1_RMW(s_cmov_b64, W64, W64)
SOP1(s_not_b32, W32, W32)
SOP1(s_not_b64, W64, W64)
SOP1(s_wqm_b32, W32, W32)
SOP1(s_wqm_b64, W64, W64)
SOP1(s_brev_b32, W32, W32)
SOP1(s_brev_b64, W64, W64)
SOP1(s_bcnt0_i32_b32, W32, W32)
SOP1(s_bcnt0_i32_b64, W64, W32)
SOP1(s_bcnt1_i32_b32, W32, W32)
SOP1(s_bcnt1_i32_b64, W64, W32)
SOP1(s_ff0_i32_b32, W32, W32)
SOP1(s_ff0_i32_b64, W64, W32)
SOP1(s_ff1_i32_b32, W32, W32)
SOP1(s_ff1_i32_b64, W64, W32)
SOP1(s_flbit_i32_b32, W32, W32)
SOP1(s_flbit_i32_b64, W64, W32)
SOP1(s_flbit_i32, W32, W32)
SOP1(s_flbit_i32_i64, W64, W32)
SOP1(s_sext_i32_i8, W32, W32)
SOP1(s_sext_i32_i16, W32, W32)
SOP1_RMW(s_bitset0_b32, W32, W32)
SOP1_RMW(s_bitset0_b64, W32, W64)
SOP1_RMW(s_bitset1_b32, W32, W32)
SOP1_RMW(s_bitset1_b64, W32, W64)
SOP1(s_quadmask_b32, W32, W32)
SOP1(s_quadmask_b64, W64, W64)
SOP1(s_abs_i32, W32, W32)
SOP1(s_bitreplicate_b64_b32, W32, W64)

/* ---- EXEC manipulation ----
 * saveexec: D = EXEC; EXEC = f(S0, EXEC); SCC = EXEC != 0.
 * wrexec:   EXEC = f(S0, EXEC); D = EXEC; SCC = EXEC != 0. */

typedef uint64_t (*exec_fn)(uint64_t s0, uint64_t exec);

static inline void saveexec(struct emu_wave *w, const struct emu_inst *in, exec_fn fn, bool wr)
{
	uint64_t s0 = rd64(w, in, f_src0(in));
	uint64_t old = emu_exec_mask(w);
	uint64_t ex = fn(s0, old);
	emu_swrite64(w, f_sdst(in), wr ? ex : old);
	emu_set_exec(w, ex);
	w->scc = ex != 0;
}

/* a = S0, b = EXEC. */
#define SAVEEXEC(name, expr)                                                        \
	static uint64_t ex_##name(uint64_t a, uint64_t b) { return (expr); }         \
	static void x_s_##name##_saveexec_b64(struct emu_wave *w, const struct emu_inst *in) \
	{ saveexec(w, in, ex_##name, false); }
BITOP_LIST(SAVEEXEC)
SAVEEXEC(andn1, ~a & b)
SAVEEXEC(orn1, ~a | b)

static void x_s_andn1_wrexec_b64(struct emu_wave *w, const struct emu_inst *in)
{
	saveexec(w, in, ex_andn1, true);
}
static void x_s_andn2_wrexec_b64(struct emu_wave *w, const struct emu_inst *in)
{
	saveexec(w, in, ex_andn2, true);
}

/* ---- program counter ---- */

static void x_s_getpc_b64(struct emu_wave *w, const struct emu_inst *in)
{
	emu_swrite64(w, f_sdst(in), w->pc + 4);
}
static void x_s_setpc_b64(struct emu_wave *w, const struct emu_inst *in)
{
	w->npc = rd64(w, in, f_src0(in));
}
static void x_s_swappc_b64(struct emu_wave *w, const struct emu_inst *in)
{
	uint64_t target = rd64(w, in, f_src0(in));
	emu_swrite64(w, f_sdst(in), w->pc + 4);
	w->npc = target;
}

/* ---- relative SGPR moves: the register number is offset by M0 ---- */

static bool movrel_reg(struct emu_wave *w, const struct emu_inst *in, unsigned base, unsigned ndw,
                       unsigned *out)
{
	uint64_t r = (uint64_t)base + w->s[EMU_OP_M0];
	if (base > EMU_OP_SGPR_MAX || r + ndw > EMU_OP_SGPR_MAX + 1) {
		emu_fault(w, in, EMU_FAULT_ILLEGAL, 0,
		          "s_movrel: SGPR %u + M0 (%u) is outside s0..s%u", base, w->s[EMU_OP_M0],
		          EMU_OP_SGPR_MAX);
		return false;
	}
	*out = (unsigned)r;
	return true;
}
static void x_s_movrels_b32(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned r;
	if (movrel_reg(w, in, f_src0(in), 1, &r))
		emu_swrite32(w, f_sdst(in), w->s[emu_sgpr(w, r)]);
}
static void x_s_movrels_b64(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned r;
	if (movrel_reg(w, in, f_src0(in), 2, &r))
		emu_swrite64(w, f_sdst(in), w->s[emu_sgpr(w, r)] | (uint64_t)w->s[emu_sgpr(w, r + 1)] << 32);
}
static void x_s_movreld_b32(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned r;
	uint32_t v = rd32(w, in, f_src0(in));
	if (movrel_reg(w, in, f_sdst(in), 1, &r))
		emu_swrite32(w, r, v);
}
static void x_s_movreld_b64(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned r;
	uint64_t v = rd64(w, in, f_src0(in));
	if (movrel_reg(w, in, f_sdst(in), 2, &r))
		emu_swrite64(w, r, v);
}

/* ---- SOPC ---- */

typedef bool (*cmp_fn)(uint64_t a, uint64_t b);

static inline void sopc(struct emu_wave *w, const struct emu_inst *in, cmp_fn fn, int wa, int wb)
{
	uint64_t a = wa == W64 ? rd64(w, in, f_src0(in)) : rd32(w, in, f_src0(in));
	uint64_t b = wb == W64 ? rd64(w, in, f_src1(in)) : rd32(w, in, f_src1(in));
	w->scc = fn(a, b);
}

#define CMP(name, type, op)                                                              \
	static bool c_##name(uint64_t a, uint64_t b) { return (type)a op (type)b; }          \
	static void x_s_cmp_##name(struct emu_wave *w, const struct emu_inst *in)         \
	{ sopc(w, in, c_##name, sizeof(type) == 8, sizeof(type) == 8); }
/* The six relations, shared by s_cmp_* and s_cmpk_*. */
#define CMP_REL_LIST(X, ...) \
	X(eq, ==, __VA_ARGS__) X(lg, !=, __VA_ARGS__) X(gt, >, __VA_ARGS__) \
	X(ge, >=, __VA_ARGS__) X(lt, <, __VA_ARGS__) X(le, <=, __VA_ARGS__)
#define CMP_REL(rel, op, sfx, type) CMP(rel##_##sfx, type, op)
CMP_REL_LIST(CMP_REL, i32, int32_t)
CMP_REL_LIST(CMP_REL, u32, uint32_t)
CMP(eq_u64, uint64_t, ==)
CMP(lg_u64, uint64_t, !=)

static bool c_bitcmp0_b32(uint64_t a, uint64_t b) { return !((a >> (b & 31)) & 1); }
static bool c_bitcmp1_b32(uint64_t a, uint64_t b) { return (a >> (b & 31)) & 1; }
static bool c_bitcmp0_b64(uint64_t a, uint64_t b) { return !((a >> (b & 63)) & 1); }
static bool c_bitcmp1_b64(uint64_t a, uint64_t b) { return (a >> (b & 63)) & 1; }
static void x_s_bitcmp0_b32(struct emu_wave *w, const struct emu_inst *in) { sopc(w, in, c_bitcmp0_b32, W32, W32); }
static void x_s_bitcmp1_b32(struct emu_wave *w, const struct emu_inst *in) { sopc(w, in, c_bitcmp1_b32, W32, W32); }
static void x_s_bitcmp0_b64(struct emu_wave *w, const struct emu_inst *in) { sopc(w, in, c_bitcmp0_b64, W64, W32); }
static void x_s_bitcmp1_b64(struct emu_wave *w, const struct emu_inst *in) { sopc(w, in, c_bitcmp1_b64, W64, W32); }

/* ---- SOPK: the register operand sits in the sdst field ---- */

static void x_s_movk_i32(struct emu_wave *w, const struct emu_inst *in)
{
	emu_swrite32(w, f_sdst(in), (uint32_t)f_simm16(in));
}
static void x_s_cmovk_i32(struct emu_wave *w, const struct emu_inst *in)
{
	if (w->scc)
		emu_swrite32(w, f_sdst(in), (uint32_t)f_simm16(in));
}
/* s_cmpk_*_i32 compare with the sign-extended, *_u32 with the zero-extended
 * immediate. */
#define CMPK(name, type, op, imm)                                                  \
	static void x_s_cmpk_##name(struct emu_wave *w, const struct emu_inst *in)     \
	{ w->scc = (type)rd32(w, in, f_sdst(in)) op (type)(imm); }
#define CMPK_REL(rel, op, sfx, type, imm) CMPK(rel##_##sfx, type, op, imm)
CMP_REL_LIST(CMPK_REL, i32, int32_t, f_simm16(in))
CMP_REL_LIST(CMPK_REL, u32, uint32_t, f_uimm16(in))

static void x_s_addk_i32(struct emu_wave *w, const struct emu_inst *in)
{
	bool scc = w->scc;
	uint32_t d = (uint32_t)op_s_add_i32(rd32(w, in, f_sdst(in)), (uint32_t)f_simm16(in), &scc);
	emu_swrite32(w, f_sdst(in), d);
	w->scc = scc;
}
static void x_s_mulk_i32(struct emu_wave *w, const struct emu_inst *in)
{
	emu_swrite32(w, f_sdst(in), rd32(w, in, f_sdst(in)) * (uint32_t)f_simm16(in));
}
static void x_s_call_b64(struct emu_wave *w, const struct emu_inst *in)
{
	emu_swrite64(w, f_sdst(in), w->pc + 4);
	w->npc = w->pc + 4 + (int64_t)f_simm16(in) * 4;
}

/* hwreg(id, offset, size): simm16 id [5:0], offset [10:6], size-1 [15:11]. */
enum { HW_REG_MODE = 1 };

static uint32_t hwreg_mask(const struct emu_inst *in, unsigned *id, unsigned *off)
{
	uint32_t h = f_uimm16(in);
	*id = h & 0x3f;
	*off = (h >> 6) & 0x1f;
	unsigned size = ((h >> 11) & 0x1f) + 1;
	return (uint32_t)(lowmask(size) << *off);
}

static void x_s_getreg_b32(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned id, off;
	uint32_t mask = hwreg_mask(in, &id, &off);
	emu_swrite32(w, f_sdst(in), (emu_hwreg(w, id) & mask) >> off);
}

static void setreg(struct emu_wave *w, const struct emu_inst *in, uint32_t value)
{
	unsigned id, off;
	uint32_t mask = hwreg_mask(in, &id, &off);
	if (id != HW_REG_MODE) {
		/* The others are read-only, privileged, or state this emulator
		 * does not model (TRAPSTS exception bits, IB_STS): refuse rather
		 * than pretend. */
		emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
		          "s_setreg of hardware register %u: only HW_REG_MODE (1) can be written", id);
		return;
	}
	w->mode = (w->mode & ~mask) | ((value << off) & mask);
}
static void x_s_setreg_b32(struct emu_wave *w, const struct emu_inst *in)
{
	setreg(w, in, rd32(w, in, f_sdst(in)));
}
static void x_s_setreg_imm32_b32(struct emu_wave *w, const struct emu_inst *in)
{
	setreg(w, in, in->literal);  /* the 32-bit immediate, the second dword */
}

/* ---- SOPP ---- */

static inline void branch_if(struct emu_wave *w, const struct emu_inst *in, bool taken)
{
	if (taken)
		w->npc = w->pc + 4 + (int64_t)f_simm16(in) * 4;
}
static void x_s_branch(struct emu_wave *w, const struct emu_inst *in) { branch_if(w, in, true); }
static void x_s_cbranch_scc0(struct emu_wave *w, const struct emu_inst *in) { branch_if(w, in, !w->scc); }
static void x_s_cbranch_scc1(struct emu_wave *w, const struct emu_inst *in) { branch_if(w, in, w->scc); }
static void x_s_cbranch_vccz(struct emu_wave *w, const struct emu_inst *in) { branch_if(w, in, emu_vcc(w) == 0); }
static void x_s_cbranch_vccnz(struct emu_wave *w, const struct emu_inst *in) { branch_if(w, in, emu_vcc(w) != 0); }
static void x_s_cbranch_execz(struct emu_wave *w, const struct emu_inst *in) { branch_if(w, in, emu_exec_mask(w) == 0); }
static void x_s_cbranch_execnz(struct emu_wave *w, const struct emu_inst *in) { branch_if(w, in, emu_exec_mask(w) != 0); }
/* s_cbranch_cdbg*: branch on the conditional-debug bits a debugger sets;
 * nothing sets them here, so never taken. */
static void x_s_cbranch_never(struct emu_wave *w, const struct emu_inst *in) { (void)w, (void)in; }

/* s_nop N: N+1 wait states; the issue model charges the first. */
static void x_s_nop(struct emu_wave *w, const struct emu_inst *in)
{
	emu_charge(w, f_uimm16(in) & 0xf);
}
/* s_sleep N: about 64 * N[6:0] cycles (ISA: "64 * SIMM16[6:0] + 1..64"). */
static void x_s_sleep(struct emu_wave *w, const struct emu_inst *in)
{
	emu_charge(w, 64 * (f_uimm16(in) & 0x7f));
}
static void x_s_endpgm(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	emu_endpgm(w);
}
static void x_s_barrier(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	emu_barrier(w);
}
static void x_s_icache_inv(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	emu_icache_inv(w);
}
/* s_waitcnt simm16: its fields as isa/emu_waitcnt.h reads them. */
static void x_s_waitcnt(struct emu_wave *w, const struct emu_inst *in)
{
	struct emu_waitcnt wc = emu_waitcnt_decode(f_uimm16(in));
	emu_wait(w, wc.n[EMU_CNT_VM], wc.n[EMU_CNT_LGKM], wc.n[EMU_CNT_EXP]);
}
/* Scheduling hints and trace markers with no architectural effect. */
static void x_nop_hint(struct emu_wave *w, const struct emu_inst *in) { (void)w, (void)in; }

/* s_sendmsg simm16: msg [3:0], op [6:4], stream [9:8] (GFX9 ISA,
 * "S_SENDMSG"). */
static void x_s_sendmsg(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned msg = f_uimm16(in) & 0xf;
	switch (msg) {
	case 1: /* MSG_INTERRUPT: host interrupt with M0 as payload (device-side
	           signal wake-up); nothing waits for it here. */
		return;
	case 2: /* MSG_GS */
	case 3: /* MSG_GS_DONE */
		emu_fault(w, in, EMU_FAULT_ILLEGAL, 0,
		          "s_sendmsg %s is a geometry-shader message, meaningless in a compute dispatch",
		          msg == 2 ? "MSG_GS" : "MSG_GS_DONE");
		return;
	default:
		emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
		          "s_sendmsg message %u (simm16 0x%04x) is not modelled; only MSG_INTERRUPT is",
		          msg, f_uimm16(in));
		return;
	}
}
/* s_trap under ROCm's trap handler (AMDGPUUsage, "Trap Handler ABI"):
 * trap ID 3 (llvm.debugtrap) with no debugger attached enters the handler
 * and returns at once, a no-op; every other ID ends the dispatch and puts
 * the queue in the error state, which ROCr reports as
 * HSA_STATUS_ERROR_EXCEPTION (amd_aql_queue.cpp: EC_QUEUE_TRAP). */
static void x_s_trap(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned id = f_uimm16(in) & 0xff;
	if (id == 3)
		return;
	emu_fault(w, in, EMU_FAULT_TRAP, 0,
	          "the kernel executed s_trap %u (%s); the queue reports it as an exception", id,
	          id == 2 ? "llvm.trap" : id == 7 ? "debugger breakpoint, no debugger attached"
	                                          : "a reserved trap ID");
}

/* Instructions that compute kernels cannot use, with why. */
static void refuse(struct emu_wave *w, const struct emu_inst *in, enum emu_fault_kind k, const char *why)
{
	emu_fault(w, in, k, 0, "%s", why);
}
static void x_trap_only(struct emu_wave *w, const struct emu_inst *in)
{
	refuse(w, in, EMU_FAULT_ILLEGAL,
	       "this instruction is for the trap handler (privileged) and no trap handler runs");
}
static void x_graphics_only(struct emu_wave *w, const struct emu_inst *in)
{
	refuse(w, in, EMU_FAULT_ILLEGAL, "this is a graphics (pixel-shader) instruction, illegal in compute");
}
static void x_gpr_idx(struct emu_wave *w, const struct emu_inst *in)
{
	refuse(w, in, EMU_FAULT_UNIMPLEMENTED,
	       "VGPR indexing mode (s_set_gpr_idx_*) is not modelled; index with v_movrel or "
	       "unrolled code instead");
}
static void x_fork_join(struct emu_wave *w, const struct emu_inst *in)
{
	refuse(w, in, EMU_FAULT_UNIMPLEMENTED,
	       "the fork/join control stack (s_cbranch_g_fork/i_fork/join) is not modelled; "
	       "use s_and_saveexec_b64 and branches");
}
static void x_s_setvskip(struct emu_wave *w, const struct emu_inst *in)
{
	refuse(w, in, EMU_FAULT_UNIMPLEMENTED, "s_setvskip (skip all vector instructions) is not modelled");
}
static void x_halt(struct emu_wave *w, const struct emu_inst *in)
{
	refuse(w, in, EMU_FAULT_UNIMPLEMENTED,
	       "halting a wave (s_sethalt, s_sendmsghalt) waits for a debugger, which the emulator has not");
}

/* ---- SMEM ---- */

struct smem {
	unsigned sbase, sdata;
	uint32_t flags;          /* EMU_F_GLC/SLC/SC1 for the access record */
	bool glc;
	int64_t offset;          /* immediate + soffset, bytes */
};

/* Offset: imm [17] gives the 21-bit immediate (signed for s_load/s_store,
 * 20-bit unsigned for s_buffer_*; LLVM "expected a 21-bit signed offset" /
 * "20-bit unsigned"), soe [14] adds SGPR soffset [63:57]; without imm the
 * offset field [7:0] names an SGPR. */
static bool smem_fields(struct emu_wave *w, const struct emu_inst *in, bool buffer, struct smem *m)
{
	m->sbase = in->addr;
	m->sdata = in->dst;
	m->glc = (in->flags & EMU_F_GLC) != 0;
	m->flags = in->flags & (EMU_F_GLC | EMU_F_SLC | EMU_F_SC1);
	m->offset = 0;
	if (in->flags & EMU_F_IMM)
		m->offset = buffer ? (int64_t)((uint32_t)in->imm & 0xfffff) : (int64_t)in->imm;
	if (in->flags & EMU_F_SOE)
		m->offset += rd32(w, in, in->soffset);
	return w->state != EMU_WAVE_FAULT;
}

/* s_load/s_store/s_atomic base: the SGPR pair's [47:0]; GFX9 virtual
 * addresses are 48 bits and SMEM ignores the top 16 bits of the pair (CLRX
 * GcnInstrsSmem: "2 SBASE SGPRs holds an base 48-bit address"). */
static inline uint64_t sbase_addr(struct emu_wave *w, unsigned sbase)
{
	return (w->s[emu_sgpr(w, sbase)] | (uint64_t)w->s[emu_sgpr(w, sbase + 1)] << 32) & 0xffffffffffffull;
}

static bool sdata_ok(struct emu_wave *w, const struct emu_inst *in, unsigned sdata, unsigned ndw)
{
	if (sdata + ndw > EMU_OP_EXEC_HI + 1 || (sdata <= EMU_OP_SGPR_MAX && sdata + ndw > EMU_OP_SGPR_MAX + 1)) {
		emu_fault(w, in, EMU_FAULT_ILLEGAL, 0,
		          "%u-dword scalar data starting at operand %u runs past the SGPR file", ndw, sdata);
		return false;
	}
	/* Past the grant: a fault (emu_sgpr). */
	for (unsigned i = 0; i < ndw && sdata + i < 102; i++)
		if (sdata + i >= w->s_lim && (emu_sgpr(w, sdata + i), w->state == EMU_WAVE_FAULT))
			return false;
	return true;
}

/* Buffer resource (V#) in 4 SGPRs: base [47:0], stride [61:48],
 * num_records dword 2. The scalar range limit is num_records bytes, times
 * stride when stride != 0; each dword is checked on its own: out-of-range
 * dwords load 0 and are not stored (GFX9 ISA, "Buffer Instructions: Range
 * Checking", as applied by S_BUFFER_*). */
struct vsharp {
	uint64_t base;
	uint64_t limit;
};
static void read_vsharp(struct emu_wave *w, unsigned sbase, struct vsharp *v)
{
	uint32_t d0 = w->s[emu_sgpr(w, sbase)], d1 = w->s[emu_sgpr(w, sbase + 1)];
	uint32_t d2 = w->s[emu_sgpr(w, sbase + 2)];
	uint32_t stride = (d1 >> 16) & 0x3fff;
	v->base = d0 | (uint64_t)(d1 & 0xffff) << 32;
	v->limit = stride ? (uint64_t)d2 * stride : d2;
}

static void smem_access(struct emu_wave *w, struct emu_pending *p, const struct smem *m,
                        uint64_t addr, unsigned bytes, bool store, bool atomic)
{
	struct emu_access acc = {
		.kind = EMU_ACC_SCALAR,
		.store = store,
		.atomic = atomic,
		.bytes = (uint8_t)bytes,
		.flags = m->flags,
		.mask = 1,
		.addr = &addr,
	};
	emu_pend_end(w, p, &acc);
}

/* Move ndw dwords between memory and data (store: data -> memory) at the
 * access's address, returned in *addr: s_buffer_* at V# base + offset, each
 * dword past num_records dropped (a load reads it as 0); s_load/s_store at
 * sbase + offset, dword aligned. Dwords go in order; false on a fault
 * (emu_gva reported it), with the dwords before it already moved. */
static bool smem_copy(struct emu_wave *w, const struct smem *m, uint32_t *data, unsigned ndw, bool buffer,
                      bool store, uint64_t *addr)
{
	if (!buffer) {
		*addr = (sbase_addr(w, m->sbase) + (uint64_t)m->offset) & ~3ull;
		void *mem = emu_gva(w, *addr, 4 * ndw, store);
		if (!mem)
			return false;
		if (store)
			memcpy(mem, data, 4 * ndw);
		else
			memcpy(data, mem, 4 * ndw);
		return true;
	}
	struct vsharp v;
	read_vsharp(w, m->sbase, &v);
	uint64_t off = (uint64_t)m->offset & ~3ull;
	*addr = v.base + off;
	for (unsigned i = 0; i < ndw; i++) {
		if (off + 4 * i + 4 > v.limit) {
			if (!store)
				data[i] = 0;
			continue;
		}
		void *mem = emu_gva(w, *addr + 4 * i, 4, store);
		if (!mem)
			return false;
		if (store)
			memcpy(mem, &data[i], 4);
		else
			memcpy(&data[i], mem, 4);
	}
	return true;
}

/* Issue a load of ndw dwords (memory is read now, the SGPRs are written at
 * completion). */
static void smem_load(struct emu_wave *w, const struct emu_inst *in, unsigned ndw, bool buffer)
{
	struct smem m;
	if (!smem_fields(w, in, buffer, &m) || !sdata_ok(w, in, m.sdata, ndw))
		return;
	uint32_t data[16];
	uint64_t addr;
	if (!smem_copy(w, &m, data, ndw, buffer, false, &addr))
		return;
	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	memcpy(emu_pend_sgpr(p, m.sdata, ndw), data, 4 * ndw);
	smem_access(w, p, &m, addr, 4 * ndw, false, false);
}

/* Scalar stores write memory at issue; the counter still counts them. */
static void smem_store(struct emu_wave *w, const struct emu_inst *in, unsigned ndw, bool buffer)
{
	struct smem m;
	if (!smem_fields(w, in, buffer, &m) || !sdata_ok(w, in, m.sdata, ndw))
		return;
	uint64_t addr;
	if (!smem_copy(w, &m, &w->s[m.sdata], ndw, buffer, true, &addr))
		return;
	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	smem_access(w, p, &m, addr, 4 * ndw, true, false);
}

/* Scalar atomics: the operation happens at issue; with glc the pre-op value
 * returns to sdata at completion. cmpswap data is {src, cmp} (2 or 4 dwords),
 * the others {src}. */
enum satom { SA_SWAP, SA_CMPSWAP, SA_ADD, SA_SUB, SA_SMIN, SA_UMIN, SA_SMAX, SA_UMAX,
             SA_AND, SA_OR, SA_XOR, SA_INC, SA_DEC };

static uint64_t satom_apply(enum satom op, uint64_t mem, uint64_t src, uint64_t cmp, bool x2)
{
	uint64_t m = x2 ? ~0ull : 0xffffffffull;
	int64_t smem = x2 ? (int64_t)mem : (int32_t)mem, ssrc = x2 ? (int64_t)src : (int32_t)src;
	switch (op) {
	case SA_SWAP: return src;
	case SA_CMPSWAP: return mem == cmp ? src : mem;
	case SA_ADD: return (mem + src) & m;
	case SA_SUB: return (mem - src) & m;
	case SA_SMIN: return smem < ssrc ? mem : src;
	case SA_UMIN: return mem < src ? mem : src;
	case SA_SMAX: return smem > ssrc ? mem : src;
	case SA_UMAX: return mem > src ? mem : src;
	case SA_AND: return mem & src;
	case SA_OR: return mem | src;
	case SA_XOR: return mem ^ src;
	case SA_INC: return mem >= src ? 0 : mem + 1;
	case SA_DEC: return (mem == 0 || mem > src) ? src : mem - 1;
	}
	return mem;
}

static uint64_t satom_apply_req(unsigned op, unsigned bytes, uint64_t old, uint64_t src, uint64_t cmp)
{
	return satom_apply((enum satom)op, old, src, cmp, bytes == 8);
}

static void smem_atomic(struct emu_wave *w, const struct emu_inst *in, enum satom op, bool x2, bool buffer)
{
	struct smem m;
	unsigned vdw = x2 ? 2 : 1, ndw = op == SA_CMPSWAP ? 2 * vdw : vdw;
	if (!smem_fields(w, in, buffer, &m) || !sdata_ok(w, in, m.sdata, ndw))
		return;
	uint64_t addr, off = (uint64_t)m.offset & ~3ull;
	if (buffer) {
		struct vsharp v;
		read_vsharp(w, m.sbase, &v);
		addr = v.base + off;
		/* all or nothing */
		if (off + 4 * vdw > v.limit) {
			struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
			if (m.glc)
				memset(emu_pend_sgpr(p, m.sdata, vdw), 0, 4 * vdw);
			smem_access(w, p, &m, addr, 4 * vdw, true, true);
			return;
		}
	} else {
		uint64_t base = sbase_addr(w, m.sbase);
		addr = (base + m.offset) & ~3ull;
	}
	if (x2 && (addr & 7)) {
		emu_fault(w, in, EMU_FAULT_MEMORY, addr, "64-bit scalar atomic at 0x%llx is not 8-byte aligned",
		          (unsigned long long)addr);
		return;
	}
	void *ptr = emu_gva(w, addr, 4 * vdw, true);
	if (!ptr)
		return;
	const uint32_t *d = &w->s[m.sdata];
	uint64_t src = x2 ? d[0] | (uint64_t)d[1] << 32 : d[0];
	uint64_t cmp = op == SA_CMPSWAP ? (x2 ? d[2] | (uint64_t)d[3] << 32 : d[1]) : 0;
	if (w->ops->atomic) {  /* performed later by the machine (emu_wave_ops.atomic) */
		struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
		uint32_t *ret = m.glc ? emu_pend_sgpr(p, m.sdata, vdw) : NULL;
		struct emu_atomic_req r = { .addr = addr, .bytes = (uint8_t)(4 * vdw), .op = (uint8_t)op,
		                            .src = src, .cmp = cmp, .apply = satom_apply_req, .ret = ret,
		                            .stride = 1 };
		w->ops->atomic(w, &r);
		smem_access(w, p, &m, addr, 4 * vdw, true, true);
		return;
	}
	uint64_t old = 0;
	memcpy(&old, ptr, 4 * vdw);
	uint64_t nv = satom_apply(op, old, src, cmp, x2);
	memcpy(ptr, &nv, 4 * vdw);
	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	if (m.glc)
		memcpy(emu_pend_sgpr(p, m.sdata, vdw), &old, 4 * vdw);
	smem_access(w, p, &m, addr, 4 * vdw, true, true);
}

/* s_memtime / s_memrealtime: 64-bit counter sampled at issue, returned
 * through lgkmcnt like a load. */
static void smem_time(struct emu_wave *w, const struct emu_inst *in, uint64_t t)
{
	struct smem m = { .sdata = in->dst, .flags = 0 };
	if (!sdata_ok(w, in, m.sdata, 2))
		return;
	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	uint32_t *d = emu_pend_sgpr(p, m.sdata, 2);
	d[0] = (uint32_t)t;
	d[1] = (uint32_t)(t >> 32);
	smem_access(w, p, &m, 0, 0, false, false);
}
static void x_s_memtime(struct emu_wave *w, const struct emu_inst *in)
{
	smem_time(w, in, emu_memtime(w));
}
static void x_s_memrealtime(struct emu_wave *w, const struct emu_inst *in)
{
	smem_time(w, in, emu_memrealtime(w));
}

/* Scalar-cache maintenance and address probes: no data effect here (the
 * emulator keeps no stale scalar-cache copies), but they occupy lgkmcnt. */
static void x_smem_nodata(struct emu_wave *w, const struct emu_inst *in)
{
	struct smem m = { .flags = 0 };
	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	smem_access(w, p, &m, 0, 0, false, false);
}
static void x_smem_scratch(struct emu_wave *w, const struct emu_inst *in)
{
	refuse(w, in, EMU_FAULT_UNIMPLEMENTED,
	       "scalar scratch access (s_scratch_*) is not modelled; use scratch_/buffer_ instructions");
}

#define SLOAD(name, n, buf) \
	static void x_##name(struct emu_wave *w, const struct emu_inst *in) { smem_load(w, in, n, buf); }
#define SSTORE(name, n, buf) \
	static void x_##name(struct emu_wave *w, const struct emu_inst *in) { smem_store(w, in, n, buf); }
SLOAD(s_load_dword, 1, false)
SLOAD(s_load_dwordx2, 2, false)
SLOAD(s_load_dwordx4, 4, false)
SLOAD(s_load_dwordx8, 8, false)
SLOAD(s_load_dwordx16, 16, false)
SLOAD(s_buffer_load_dword, 1, true)
SLOAD(s_buffer_load_dwordx2, 2, true)
SLOAD(s_buffer_load_dwordx4, 4, true)
SLOAD(s_buffer_load_dwordx8, 8, true)
SLOAD(s_buffer_load_dwordx16, 16, true)
SSTORE(s_store_dword, 1, false)
SSTORE(s_store_dwordx2, 2, false)
SSTORE(s_store_dwordx4, 4, false)
SSTORE(s_buffer_store_dword, 1, true)
SSTORE(s_buffer_store_dwordx2, 2, true)
SSTORE(s_buffer_store_dwordx4, 4, true)

#define SATOM(name, op)                                                                          \
	static void x_s_atomic_##name(struct emu_wave *w, const struct emu_inst *in)             \
	{ smem_atomic(w, in, op, false, false); }                                                \
	static void x_s_atomic_##name##_x2(struct emu_wave *w, const struct emu_inst *in)        \
	{ smem_atomic(w, in, op, true, false); }                                                 \
	static void x_s_buffer_atomic_##name(struct emu_wave *w, const struct emu_inst *in)      \
	{ smem_atomic(w, in, op, false, true); }                                                 \
	static void x_s_buffer_atomic_##name##_x2(struct emu_wave *w, const struct emu_inst *in) \
	{ smem_atomic(w, in, op, true, true); }
SATOM(swap, SA_SWAP)
SATOM(cmpswap, SA_CMPSWAP)
SATOM(add, SA_ADD)
SATOM(sub, SA_SUB)
SATOM(smin, SA_SMIN)
SATOM(umin, SA_UMIN)
SATOM(smax, SA_SMAX)
SATOM(umax, SA_UMAX)
SATOM(and, SA_AND)
SATOM(or, SA_OR)
SATOM(xor, SA_XOR)
SATOM(inc, SA_INC)
SATOM(dec, SA_DEC)

/* ---- table ---- */

#define E(name) { #name, x_##name }
#define ATOMS(name) E(s_atomic_##name), E(s_atomic_##name##_x2), \
	E(s_buffer_atomic_##name), E(s_buffer_atomic_##name##_x2)

const struct emu_sem emu_sem_scalar[] = {
	/* SOP2 */
	E(s_add_u32), E(s_sub_u32), E(s_add_i32), E(s_sub_i32), E(s_addc_u32), E(s_subb_u32),
	E(s_min_i32), E(s_min_u32), E(s_max_i32), E(s_max_u32),
	E(s_cselect_b32), E(s_cselect_b64),
	E(s_and_b32), E(s_and_b64), E(s_or_b32), E(s_or_b64), E(s_xor_b32), E(s_xor_b64),
	E(s_andn2_b32), E(s_andn2_b64), E(s_orn2_b32), E(s_orn2_b64),
	E(s_nand_b32), E(s_nand_b64), E(s_nor_b32), E(s_nor_b64), E(s_xnor_b32), E(s_xnor_b64),
	E(s_lshl_b32), E(s_lshl_b64), E(s_lshr_b32), E(s_lshr_b64), E(s_ashr_i32), E(s_ashr_i64),
	E(s_bfm_b32), E(s_bfm_b64), E(s_mul_i32), E(s_mul_hi_u32), E(s_mul_hi_i32),
	E(s_bfe_u32), E(s_bfe_i32), E(s_bfe_u64), E(s_bfe_i64), E(s_absdiff_i32),
	E(s_lshl1_add_u32), E(s_lshl2_add_u32), E(s_lshl3_add_u32), E(s_lshl4_add_u32),
	E(s_pack_ll_b32_b16), E(s_pack_lh_b32_b16), E(s_pack_hh_b32_b16),
	{ "s_cbranch_g_fork", x_fork_join },
	{ "s_rfe_restore_b64", x_trap_only },
	/* SOP1 */
	E(s_mov_b32), E(s_mov_b64), E(s_cmov_b32), E(s_cmov_b64), E(s_not_b32), E(s_not_b64),
	E(s_wqm_b32), E(s_wqm_b64), E(s_brev_b32), E(s_brev_b64),
	E(s_bcnt0_i32_b32), E(s_bcnt0_i32_b64), E(s_bcnt1_i32_b32), E(s_bcnt1_i32_b64),
	E(s_ff0_i32_b32), E(s_ff0_i32_b64), E(s_ff1_i32_b32), E(s_ff1_i32_b64),
	E(s_flbit_i32_b32), E(s_flbit_i32_b64), E(s_flbit_i32), E(s_flbit_i32_i64),
	E(s_sext_i32_i8), E(s_sext_i32_i16),
	E(s_bitset0_b32), E(s_bitset0_b64), E(s_bitset1_b32), E(s_bitset1_b64),
	E(s_getpc_b64), E(s_setpc_b64), E(s_swappc_b64),
	E(s_and_saveexec_b64), E(s_or_saveexec_b64), E(s_xor_saveexec_b64),
	E(s_andn2_saveexec_b64), E(s_orn2_saveexec_b64), E(s_nand_saveexec_b64),
	E(s_nor_saveexec_b64), E(s_xnor_saveexec_b64), E(s_andn1_saveexec_b64),
	E(s_orn1_saveexec_b64), E(s_andn1_wrexec_b64), E(s_andn2_wrexec_b64),
	E(s_quadmask_b32), E(s_quadmask_b64),
	E(s_movrels_b32), E(s_movrels_b64), E(s_movreld_b32), E(s_movreld_b64),
	E(s_abs_i32), E(s_bitreplicate_b64_b32),
	{ "s_cbranch_join", x_fork_join },
	{ "s_rfe_b64", x_trap_only },
	{ "s_set_gpr_idx_idx", x_gpr_idx },
	/* SOPK */
	E(s_movk_i32), E(s_cmovk_i32),
	E(s_cmpk_eq_i32), E(s_cmpk_lg_i32), E(s_cmpk_gt_i32), E(s_cmpk_ge_i32), E(s_cmpk_lt_i32),
	E(s_cmpk_le_i32), E(s_cmpk_eq_u32), E(s_cmpk_lg_u32), E(s_cmpk_gt_u32), E(s_cmpk_ge_u32),
	E(s_cmpk_lt_u32), E(s_cmpk_le_u32),
	E(s_addk_i32), E(s_mulk_i32), E(s_call_b64),
	E(s_getreg_b32), E(s_setreg_b32), E(s_setreg_imm32_b32),
	{ "s_cbranch_i_fork", x_fork_join },
	/* SOPC */
	E(s_cmp_eq_i32), E(s_cmp_lg_i32), E(s_cmp_gt_i32), E(s_cmp_ge_i32), E(s_cmp_lt_i32),
	E(s_cmp_le_i32), E(s_cmp_eq_u32), E(s_cmp_lg_u32), E(s_cmp_gt_u32), E(s_cmp_ge_u32),
	E(s_cmp_lt_u32), E(s_cmp_le_u32), E(s_cmp_eq_u64), E(s_cmp_lg_u64),
	E(s_bitcmp0_b32), E(s_bitcmp1_b32), E(s_bitcmp0_b64), E(s_bitcmp1_b64),
	E(s_setvskip),
	{ "s_set_gpr_idx_on", x_gpr_idx },
	/* SOPP */
	E(s_nop), E(s_endpgm), E(s_branch), E(s_cbranch_scc0), E(s_cbranch_scc1),
	E(s_cbranch_vccz), E(s_cbranch_vccnz), E(s_cbranch_execz), E(s_cbranch_execnz),
	E(s_barrier), E(s_waitcnt), E(s_sleep), E(s_sendmsg), E(s_trap), E(s_icache_inv),
	{ "s_cbranch_cdbgsys", x_s_cbranch_never },
	{ "s_cbranch_cdbguser", x_s_cbranch_never },
	{ "s_cbranch_cdbgsys_or_user", x_s_cbranch_never },
	{ "s_cbranch_cdbgsys_and_user", x_s_cbranch_never },
	{ "s_setprio", x_nop_hint },
	{ "s_incperflevel", x_nop_hint },
	{ "s_decperflevel", x_nop_hint },
	{ "s_ttracedata", x_nop_hint },
	/* s_wakeup ends other waves' s_sleep early; sleeps here just run out. */
	{ "s_wakeup", x_nop_hint },
	{ "s_set_gpr_idx_off", x_gpr_idx },
	{ "s_set_gpr_idx_mode", x_gpr_idx },
	{ "s_setkill", x_graphics_only },
	{ "s_endpgm_ordered_ps_done", x_graphics_only },
	{ "s_endpgm_saved", x_trap_only },
	{ "s_sethalt", x_halt },
	{ "s_sendmsghalt", x_halt },
	/* SMEM */
	E(s_load_dword), E(s_load_dwordx2), E(s_load_dwordx4), E(s_load_dwordx8), E(s_load_dwordx16),
	E(s_buffer_load_dword), E(s_buffer_load_dwordx2), E(s_buffer_load_dwordx4),
	E(s_buffer_load_dwordx8), E(s_buffer_load_dwordx16),
	E(s_store_dword), E(s_store_dwordx2), E(s_store_dwordx4),
	E(s_buffer_store_dword), E(s_buffer_store_dwordx2), E(s_buffer_store_dwordx4),
	ATOMS(swap), ATOMS(cmpswap), ATOMS(add), ATOMS(sub), ATOMS(smin), ATOMS(umin), ATOMS(smax),
	ATOMS(umax), ATOMS(and), ATOMS(or), ATOMS(xor), ATOMS(inc), ATOMS(dec),
	E(s_memtime), E(s_memrealtime),
	{ "s_dcache_inv", x_smem_nodata },
	{ "s_dcache_wb", x_smem_nodata },
	{ "s_dcache_inv_vol", x_smem_nodata },
	{ "s_dcache_wb_vol", x_smem_nodata },
	{ "s_dcache_discard", x_smem_nodata },
	{ "s_dcache_discard_x2", x_smem_nodata },
	{ "s_atc_probe", x_smem_nodata },
	{ "s_atc_probe_buffer", x_smem_nodata },
	{ "s_scratch_load_dword", x_smem_scratch },
	{ "s_scratch_load_dwordx2", x_smem_scratch },
	{ "s_scratch_load_dwordx4", x_smem_scratch },
	{ "s_scratch_store_dword", x_smem_scratch },
	{ "s_scratch_store_dwordx2", x_smem_scratch },
	{ "s_scratch_store_dwordx4", x_smem_scratch },
	{ NULL, NULL },
};
