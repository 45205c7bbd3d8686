/*
 * emu_optab — the generated per-arch opcode tables (emu/isa/tables/emu_optab_<arch>.inc,
 * made by tools/gen_optab.sh) and the syntax/validity data that goes with each
 * opcode, read by emu_decode.c and emu_disasm.c; the cycle model reads the
 * MFMA shapes (emu_inst_fmt(...)->mfma).
 *
 * Everything here was measured on LLVM's disassembler: for every opcode of every
 * encoding the generator decodes a canonical instance (distinct register numbers
 * in every field), flips each modifier bit alone, and tries every source with an
 * SGPR, an inline constant and a literal. So "what LLVM accepts and how it prints
 * it" is data, and the C code only knows the encodings' field layouts.
 */
#ifndef EMU_OPTAB_H
#define EMU_OPTAB_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/emu_isa.h"

/* How a source prints constants (LLVM's operand types, reduced to what changes
 * the text): inline floats and literals depend on the operand width and type. */
enum emu_kind {
	EMU_K_32 = 0, /* b32/f32 (and f16/v2f16 where no literal can occur) */
	EMU_K_I64,    /* 64-bit integer: literal is sign-extended */
	EMU_K_F64,    /* 64-bit float: literal is the high dword */
	EMU_K_F16,    /* 16-bit float: literal prints as 16 bits */
	EMU_K_I16,    /* 16-bit integer: float inline constants print as hex */
	EMU_K_COUNT
};

/* Source classes an operand accepts (anything else is an illegal encoding). */
enum {
	EMU_SC_V = 1u << 0,   /* VGPR (codes 256..511) */
	EMU_SC_S = 1u << 1,   /* SGPR and special registers (0..127, 235..239, 251..253) */
	EMU_SC_C = 1u << 2,   /* inline constant (128..208, 240..248) */
	EMU_SC_L = 1u << 3,   /* literal (255) */
};

/* Encoding-specific form bits (emu_opfmt.form). */
enum {
	EMU_FM_DS_OFF16 = 1u << 0,   /* DS: one 16-bit offset (offset:N) */
	EMU_FM_DS_OFF2 = 1u << 1,    /* DS: offset0:/offset1: */
	EMU_FM_DS_SWZ = 1u << 2,     /* DS: ds_swizzle offset:swizzle(...) */
	EMU_FM_DS_GDS = 1u << 3,     /* DS: always prints gds */
	EMU_FM_NOOFF = 1u << 4,      /* memory op prints no offset */
	EMU_FM_SMEM_NOOFF = 1u << 5, /* SMEM op without offset operand */
	EMU_FM_IMM_OPT = 1u << 6,    /* SOPP: immediate omitted when 0 (s_endpgm) */
	EMU_FM_PACKED = 1u << 7,     /* VOP3P: op_sel_hi defaults to all ones */
	EMU_FM_SDWA_NODST = 1u << 8, /* SDWA: no dst_sel/dst_unused printed */
	EMU_FM_MIX = 1u << 9,        /* VOP3P mix ops: neg_hi bits are abs */
};


enum {
	EMU_MFMA_SPARSE = 1u << 0,     /* v_smfmac: 2:4 structured sparsity, half the FLOPs */
	EMU_MFMA_BF16_HALF = 1u << 1,  /* gfx90a's original bf16 forms: half the bf16 rate */
};

/* An MFMA's shape, from its mnemonic at generation time (tools/gen_optab.c
 * mfma_shape): each block is M x N x K; the block count follows from the
 * destination size. m = 0: not an MFMA (or a name that did not parse). */
struct emu_mfma_shape {
	uint8_t m, n, k;
	uint8_t type;      /* enum emu_mfma_type of the inputs */
	uint8_t flags;     /* EMU_MFMA_* */
};

/* Syntax and validity of one opcode in one encoding (or SDWA/DPP form). */
struct emu_opfmt {
	/* Suffix and operand template: literal text and placeholders
	 * "%<field><width><class>" (see emu_disasm.c for the letters). */
	const char *syn;
	uint32_t mbz[2];   /* bits that must be 0 for LLVM to accept the opcode (w[0], w[1]) */
	uint32_t mb1[2];   /* bits that must be 1 (e.g. gds of ds_gws_* on gfx90a+) */
	uint32_t ign[2];   /* modifier bits LLVM accepts but does not print */
	uint8_t kind[3];   /* enum emu_kind per source */
	uint8_t scls[3];   /* EMU_SC_* accepted per source */
	uint16_t form;     /* EMU_FM_* */
	uint8_t sext;      /* VOP3: bit i set = source i's neg bit is sext (integer operand) */
	uint8_t nsel;      /* VOP3/VOP3P: entries LLVM prints in op_sel:[...] (0: none) */
	struct emu_mfma_shape mfma;  /* VOP3P MFMAs */
};

/* One encoding's table pair for an arch; n entries, indexed by opcode. */
struct emu_optab {
	const struct emu_opdesc *desc;
	const struct emu_opfmt *fmt;
	uint32_t n;
};

/* Table index: one per enum emu_enc, with FLAT split by seg and the
 * SDWA/DPP forms of VOP1/VOP2/VOPC after them. */
enum emu_tab {
	EMU_TAB_SOP2 = 0, EMU_TAB_SOPK, EMU_TAB_SOP1, EMU_TAB_SOPC, EMU_TAB_SOPP,
	EMU_TAB_SMEM, EMU_TAB_VOP2, EMU_TAB_VOP1, EMU_TAB_VOPC, EMU_TAB_VOP3,
	EMU_TAB_VOP3P, EMU_TAB_VINTRP, EMU_TAB_DS, EMU_TAB_FLAT, EMU_TAB_SCRATCH,
	EMU_TAB_GLOBAL, EMU_TAB_MUBUF, EMU_TAB_MTBUF, EMU_TAB_MIMG, EMU_TAB_EXP,
	EMU_TAB_SDWA2, EMU_TAB_SDWA1, EMU_TAB_SDWAC,
	EMU_TAB_DPP2, EMU_TAB_DPP1, EMU_TAB_DPPC,
	EMU_TAB_COUNT
};

/* An operand template, parsed: per placeholder letter whether it is used,
 * its width in dwords and its class character ('v' VGPR, 'a' AGPR, 's' SGPR,
 * 'x' 9-bit source code, others: immediate styles). */
struct emu_syn {
	bool used[128];
	uint8_t width[128];
	char cls[128];
	bool vcc_out;  /* implicit VCC written (VOPC e32, VOP2 carry-out) */
	bool vcc_in;   /* implicit VCC read (carry-in, v_cndmask_b32_e32) */
};

void emu_syn_parse(const char *syn, struct emu_syn *s);

/* The table of (arch, tab); never NULL (n may be 0). */
const struct emu_optab *emu_optab_get(enum emu_arch arch, enum emu_tab tab);

/* The syntax of a decoded instruction (its form: e32/e64/SDWA/DPP); NULL for
 * an illegal one. */
const struct emu_opfmt *emu_inst_fmt(const struct emu_profile *prof, const struct emu_inst *in);

#endif
