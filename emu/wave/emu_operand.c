/*
 * emu_operand — reading and writing the scalar-side operands of GFX9-family
 * instructions (SGPRs, special registers, inline constants, literals) and
 * the per-lane view of vector sources.
 *
 * Value rules (LLVM AMDGPUBaseInfo.cpp getInlineEncodingV216 and
 * isInlinableLiteral{32,64,FP16,I16}; confirmed with llvm-mc 19 -mcpu=gfx900/
 * gfx942 which encodes `s_mov_b64 s[0:1], 0x3ff0000000000000` as code 242
 * and refuses 0x3c00 as an inline constant of v_add_u16):
 *  - integer constants 128..208 are 0..64 and -1..-16, sign-extended to the
 *    operand width (32 bits for every 16/32-bit type, 64 for B64/F64);
 *  - float constants 240..248 are 0.5 -0.5 1 -1 2 -2 4 -4 1/(2*pi) as f32
 *    bits for B32/F32/B16 operands (16-bit *integer* operations see the
 *    single-precision pattern), f64 bits for B64/F64, and f16 bits in [15:0]
 *    with [31:16] = 0 for F16;
 *  - a 32-bit literal (255) is used as is for 32/16-bit types; for F64 it is
 *    the high dword (low dword 0) and for B64 it is zero-extended: llc 19
 *    -mcpu=gfx900 materialises the i64 constant 0x00000000fffff830 as
 *    `s_mov_b64 s[4:5], 0xfffff830` but -2000 with two s_mov_b32, and
 *    llvm-project PR #70274 stops folding negative 32-bit literals into
 *    64-bit integer operands because the hardware zero-extends them.
 *  - VCCZ/EXECZ/SCC read as 0 or 1, zero-extended.
 *  - the aperture registers 235..238 are 64-bit values (emu_aperture); a
 *    32-bit read returns their low dword, which is why LLVM reads them with
 *    s_mov_b64 only (SIISelLowering.cpp getSegmentAperture).
 */
#include "wave/emu_wave.h"

/* Float inline constants, codes 240..248, per pattern width. */
static const uint32_t fconst_f32[9] = {
	0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
	0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983,
};
static const uint64_t fconst_f64[9] = {
	0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
	0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
	0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull,
};
static const uint16_t fconst_f16[9] = {
	0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
};

static inline bool type_is64(enum emu_optype t)
{
	return t == EMU_T_B64 || t == EMU_T_F64;
}

/* Code of a register that a 32-bit scalar write may target: s0..s101,
 * flat_scratch, xnack_mask, vcc, ttmp0..15, m0, exec. 125 is reserved on
 * GFX9 (it became `null` on GFX10). */
static inline bool swritable(unsigned code)
{
	return code <= EMU_OP_EXEC_HI && code != 125;
}

static const struct emu_inst *cur_inst(const struct emu_wave *w, const struct emu_inst *in)
{
	return in ? in : w->cur;
}

static void bad_source(struct emu_wave *w, const struct emu_inst *in, unsigned code)
{
	in = cur_inst(w, in);
	if (code == EMU_OP_LDS_DIRECT)
		emu_fault(w, in, EMU_FAULT_ILLEGAL, 0,
		          "source lds_direct (operand 254) is not available to this instruction on GFX9 "
		          "compute; read LDS with ds_read_b32");
	else if (code == EMU_OP_POPS_EXITING_WAVE_ID)
		emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
		          "source src_pops_exiting_wave_id (operand 239) is a pixel-shader register "
		          "with no meaning in a compute dispatch");
	else if (code >= EMU_OP_VGPR0)
		emu_fault(w, in, EMU_FAULT_ILLEGAL, 0,
		          "scalar source operand %u names a vector register", code);
	else
		emu_fault(w, in, EMU_FAULT_ILLEGAL, 0,
		          "source operand %u is reserved on GFX9", code);
}

/* Constant (non-register) source, zero- or sign-extended to 64 bits per
 * the rules above; *ok false after reporting a fault. */
static uint64_t const_value(struct emu_wave *w, const struct emu_inst *in, unsigned code,
                            enum emu_optype t, bool *ok)
{
	*ok = true;
	if (code >= EMU_OP_INT0 && code <= EMU_OP_INT0 + 64)
		return code - EMU_OP_INT0;
	if (code >= EMU_OP_NEG1 && code <= EMU_OP_NEG1 + 15) {
		int64_t v = -(int64_t)(code - EMU_OP_NEG1 + 1);
		return type_is64(t) ? (uint64_t)v : (uint32_t)v;
	}
	if (code >= EMU_OP_F_0_5 && code <= EMU_OP_F_0_5 + 8) {
		unsigned i = code - EMU_OP_F_0_5;
		switch (t) {
		case EMU_T_B64:
		case EMU_T_F64:
			return fconst_f64[i];
		case EMU_T_F16:
			return fconst_f16[i];
		default:
			return fconst_f32[i];
		}
	}
	switch (code) {
	case EMU_OP_LITERAL:
		if (t == EMU_T_F64)
			return (uint64_t)in->literal << 32;
		return in->literal;
	case EMU_OP_VCCZ:
		return emu_vcc(w) == 0;
	case EMU_OP_EXECZ:
		return emu_exec_mask(w) == 0;
	case EMU_OP_SCC:
		return w->scc;
	case EMU_OP_SHARED_BASE:
	case EMU_OP_SHARED_LIMIT:
	case EMU_OP_PRIVATE_BASE:
	case EMU_OP_PRIVATE_LIMIT:
		return emu_aperture(w, code);
	default:
		break;
	}
	bad_source(w, in, code);
	*ok = false;
	return 0;
}

uint32_t emu_sread32(struct emu_wave *w, const struct emu_inst *in, unsigned code, enum emu_optype t)
{
	if (code <= EMU_OP_EXEC_HI)
		return w->s[emu_sgpr(w, code)];
	bool ok;
	return (uint32_t)const_value(w, in, code, t, &ok);
}

uint64_t emu_sread64(struct emu_wave *w, const struct emu_inst *in, unsigned code, enum emu_optype t)
{
	if (code < EMU_OP_EXEC_HI)
		return (uint64_t)w->s[emu_sgpr(w, code)] | (uint64_t)w->s[emu_sgpr(w, code + 1)] << 32;
	if (code == EMU_OP_EXEC_HI) {
		emu_fault(w, cur_inst(w, in), EMU_FAULT_ILLEGAL, 0,
		          "64-bit source starting at exec_hi (operand 127) runs past the SGPR file");
		return 0;
	}
	bool ok;
	return const_value(w, in, code, t, &ok);
}

/* TTMP registers are writable only by the trap handler (privileged); user
 * code writes are dropped by the hardware (GFX9 ISA, "Trap and Exception
 * Registers"), and no trap handler runs in the emulator. */
static inline bool is_ttmp(unsigned code)
{
	return code >= EMU_OP_TTMP0 && code < EMU_OP_TTMP0 + 16;
}

void emu_swrite32(struct emu_wave *w, unsigned code, uint32_t v)
{
	if (!swritable(code)) {
		emu_fault(w, w->cur, EMU_FAULT_ILLEGAL, 0,
		          "scalar destination operand %u is not a writable register", code);
		return;
	}
	if (is_ttmp(code))
		return;
	w->s[emu_sgpr(w, code)] = v;
}

void emu_swrite64(struct emu_wave *w, unsigned code, uint64_t v)
{
	if (!swritable(code) || !swritable(code + 1)) {
		emu_fault(w, w->cur, EMU_FAULT_ILLEGAL, 0,
		          "64-bit scalar destination operand %u is not a writable register pair", code);
		return;
	}
	if (is_ttmp(code))
		return;
	w->s[emu_sgpr(w, code)] = (uint32_t)v;
	w->s[emu_sgpr(w, code + 1)] = (uint32_t)(v >> 32);
}

/* row[0..63] = x: 64-byte stores, four per row (GCC splits the vector into
 * what the host has), where a plain loop would run 16 times. */
static inline void fill_lanes(uint32_t *row, uint32_t x)
{
	typedef uint32_t u32x16 __attribute__((vector_size(64)));
	u32x16 v = (u32x16){0} + x;
	for (unsigned l = 0; l < EMU_LANES; l += 16)
		memcpy(row + l, &v, sizeof(v));
}

const uint32_t *emu_vsrc(struct emu_wave *w, const struct emu_inst *in, unsigned code,
                         enum emu_optype t, unsigned ndw, uint32_t *tmp)
{
	if (code >= EMU_OP_VGPR0) {
		unsigned r = code - EMU_OP_VGPR0;
		/* Registers past the wave's allocation belong to another wave on the
		 * hardware; reading them is a kernel bug, so report it. */
		if (__builtin_expect(!emu_vgprs_granted(w, r, ndw), 0)) {
			emu_fault(w, cur_inst(w, in), EMU_FAULT_ILLEGAL, 0,
			          "%s%u%s is outside the %u %s granted by the kernel descriptor",
			          r < 256 ? "v" : "a", r & 255, ndw > 1 ? " (and following)" : "",
			          r < 256 ? w->nvgpr : w->nagpr, r < 256 ? "VGPRs" : "AGPRs");
			memset(tmp, 0, sizeof(uint32_t) * EMU_LANES * ndw);
			return tmp;
		}
		return w->v[r];
	}

	if (ndw > 16)
		ndw = 16;
	if (code <= EMU_OP_EXEC_HI) {
		if (code + ndw > EMU_OP_EXEC_HI + 1) {
			emu_fault(w, cur_inst(w, in), EMU_FAULT_ILLEGAL, 0,
			          "%u-dword source starting at scalar operand %u runs past the SGPR file",
			          ndw, code);
			memset(tmp, 0, sizeof(uint32_t) * EMU_LANES * ndw);
			return tmp;
		}
		for (unsigned d = 0; d < ndw; d++)
			fill_lanes(tmp + d * EMU_LANES, w->s[emu_sgpr(w, code + d)]);
		return tmp;
	}
	bool ok;
	uint64_t c = const_value(w, in, code, t, &ok);
	/* A constant is one 32- or 64-bit value; any further dwords of a wider
	 * source read as 0. */
	for (unsigned d = 0; d < ndw; d++)
		fill_lanes(tmp + d * EMU_LANES, d == 0 ? (uint32_t)c : d == 1 ? (uint32_t)(c >> 32) : 0);
	return tmp;
}
