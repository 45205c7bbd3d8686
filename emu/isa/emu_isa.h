/*
 * emu_isa — decoded GFX9-family instructions (gfx900, gfx90a, gfx942).
 *
 * Decoding is by encoding, then a per-arch, per-encoding opcode table
 * (emu/isa/tables/emu_optab_<arch>.inc, generated from LLVM by tools/gen_optab.sh)
 * that names the mnemonic. A code object is decoded once (struct
 * emu_program), never per executed instruction; the semantics
 * (sem/emu_sem.h) and the hazard annotations (core/emu_program.h) are
 * attached afterwards by the layers above.
 */
#ifndef EMU_ISA_H
#define EMU_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/emu_arch.h"
#include "gcn_proc.h"


struct emu_profile;

struct emu_wave;
struct emu_inst;

typedef void (*emu_exec_fn)(struct emu_wave *w, const struct emu_inst *in);

/* Encodings (GFX9 ISA manuals, "Microcode Formats"). */
enum emu_enc {
	EMU_ENC_INVALID = 0,
	EMU_ENC_SOP2,   /* [31:30]=0b10, op[29:23] */
	EMU_ENC_SOPK,   /* [31:28]=0b1011, op[27:23] */
	EMU_ENC_SOP1,   /* [31:23]=0x17d, op[15:8] */
	EMU_ENC_SOPC,   /* [31:23]=0x17e, op[22:16] */
	EMU_ENC_SOPP,   /* [31:23]=0x17f, op[22:16] */
	EMU_ENC_SMEM,   /* [31:26]=0x30, op[25:18] */
	EMU_ENC_VOP2,   /* [31]=0, op[30:25] */
	EMU_ENC_VOP1,   /* [31:25]=0x3f, op[16:9] */
	EMU_ENC_VOPC,   /* [31:25]=0x3e, op[24:17] */
	EMU_ENC_VOP3,   /* [31:26]=0x34, op[25:16]; VOP3A and VOP3B */
	EMU_ENC_VOP3P,  /* [31:23]=0x1a7, op[22:16]; includes MFMA on gfx90a/gfx942 */
	EMU_ENC_VINTRP, /* [31:26]=0x35 */
	EMU_ENC_DS,     /* [31:26]=0x36, op[24:17] */
	EMU_ENC_FLAT,   /* [31:26]=0x37, op[24:18], seg[15:14]: 0 flat, 1 scratch, 2 global */
	EMU_ENC_MUBUF,  /* [31:26]=0x38, op[24:18] */
	EMU_ENC_MTBUF,  /* [31:26]=0x3a, op[18:15] */
	EMU_ENC_MIMG,   /* [31:26]=0x3c */
	EMU_ENC_EXP,    /* [31:26]=0x31 */
	EMU_ENC_COUNT
};


/* The named scalar source operands: X(name, code, LLVM's spelling, its
 * spelling as the low half of a 64-bit pair or NULL). One list for the
 * operand codes below and the disassembler's names. */
#define EMU_OP_NAMED(X)                                                      \
	X(FLAT_SCR_LO, 102, "flat_scratch_lo", "flat_scratch")               \
	X(FLAT_SCR_HI, 103, "flat_scratch_hi", NULL)                         \
	X(XNACK_LO, 104, "xnack_mask_lo", "xnack_mask")                      \
	X(XNACK_HI, 105, "xnack_mask_hi", NULL)                              \
	X(VCC_LO, 106, "vcc_lo", "vcc")                                      \
	X(VCC_HI, 107, "vcc_hi", NULL)                                       \
	X(M0, 124, "m0", NULL)                                               \
	X(NULL_REG, 125, "null", NULL)  /* what LLVM 19 prints for 125 on GFX9 */ \
	X(EXEC_LO, 126, "exec_lo", "exec")                                   \
	X(EXEC_HI, 127, "exec_hi", NULL)                                     \
	X(SHARED_BASE, 235, "src_shared_base", NULL)                         \
	X(SHARED_LIMIT, 236, "src_shared_limit", NULL)                       \
	X(PRIVATE_BASE, 237, "src_private_base", NULL)                       \
	X(PRIVATE_LIMIT, 238, "src_private_limit", NULL)                     \
	X(POPS_EXITING_WAVE_ID, 239, "src_pops_exiting_wave_id", NULL)       \
	X(VCCZ, 251, "src_vccz", NULL)                                       \
	X(EXECZ, 252, "src_execz", NULL)                                     \
	X(SCC, 253, "src_scc", NULL)                                         \
	X(LDS_DIRECT, 254, "src_lds_direct", NULL)

/* Source operand codes (9 bits, SSRC/SRC0 field of every encoding). */
enum {
#define EMU_OP_CODE(name, code, spelling, pair) EMU_OP_##name = code,
	EMU_OP_NAMED(EMU_OP_CODE)
#undef EMU_OP_CODE
	EMU_OP_SGPR_MAX = 101,       /* s0..s101 */
	EMU_OP_TTMP0 = 108,          /* ttmp0..ttmp15 = 108..123 */
	EMU_OP_INT0 = 128,           /* 128..192: 0..64 */
	EMU_OP_NEG1 = 193,           /* 193..208: -1..-16 */
	EMU_OP_F_0_5 = 240,          /* 240..248: 0.5 -0.5 1 -1 2 -2 4 -4 1/(2pi) */
	EMU_OP_SDWA = 249,
	EMU_OP_DPP = 250,
	EMU_OP_LITERAL = 255,
	EMU_OP_VGPR0 = 256,          /* 256..511: v0..v255 */
	EMU_OP_AGPR0 = 512,          /* 512..767: a0..a255 (decoder's own extension, from acc bits) */
	EMU_OP_NONE = 0xffff,
};

/* Modifier/cache bits, normalised across arches (flags field). */
enum {
	EMU_F_GLC = 1u << 0,    /* gfx900/gfx90a glc; gfx942 sc0 */
	EMU_F_SLC = 1u << 1,    /* gfx900/gfx90a slc; gfx942 nt */
	EMU_F_SC1 = 1u << 2,    /* gfx942 sc1 (gfx90a: scc) */
	EMU_F_OFFEN = 1u << 3,
	EMU_F_IDXEN = 1u << 4,
	EMU_F_LDS = 1u << 5,    /* MUBUF lds: data goes to LDS at M0 */
	EMU_F_TFE = 1u << 6,
	EMU_F_GDS = 1u << 7,
	EMU_F_CLAMP = 1u << 8,
	EMU_F_IMM = 1u << 9,    /* SMEM: offset is an immediate */
	EMU_F_SOE = 1u << 10,   /* SMEM: soffset present */
	EMU_F_ACC = 1u << 11,   /* data operand is an AGPR (gfx90a/gfx942) */
	EMU_F_SADDR = 1u << 12, /* GLOBAL/SCRATCH: saddr used (not off) */
	EMU_F_VOP3B = 1u << 13, /* VOP3B layout (sdst) */
	EMU_F_NV = 1u << 14,
};

/* The cache-policy bits of a memory instruction (EMU_F_GLC, EMU_F_SLC,
 * EMU_F_SC1) as one index, bit 0 glc (gfx942: sc0), bit 1 gfx90a's scc
 * (gfx942: sc1), bit 2 slc (gfx942: nt), and their spelling for the
 * disassembly. What each combination does at each cache is the ISA
 * documents' table, model/emu_timing_cpol.c. */
struct emu_cpol {
	unsigned bits;
	const char *name[3]; /* spelling of the GLC, SLC, SC1 bits */
};

static inline struct emu_cpol emu_cpol_decode(const struct gcn_proc *t, uint32_t flags)
{
	struct emu_cpol p = { ((flags & EMU_F_GLC) ? 1u : 0u) | ((flags & EMU_F_SC1) ? 2u : 0u) |
	                      ((flags & EMU_F_SLC) ? 4u : 0u), { " glc", " slc", " scc" } };
	if (gcn_has(t, GCN_F_CPOL_SC)) {
		p.name[0] = " sc0";
		p.name[1] = " nt";
		p.name[2] = " sc1";
	}
	return p;
}

/* Flags of an opcode table entry. */
enum {
	EMU_OPF_GFX900 = 1u << 0,  /* available on the arch (per-arch tables say it too) */
	EMU_OPF_64 = 1u << 1,      /* 64-bit result/sources (from the disassembly's register ranges) */
};

/* Properties of a decoded instruction that the per-instruction paths test,
 * derived once from its mnemonic and class by the decoder (emu_inst.props),
 * so that no string is compared as the wave runs. */
enum {
	EMU_IP_ATOMIC = 1u << 0,   /* VMEM/FLAT atomic class, s_atomic_*, s_buffer_atomic_* */
	EMU_IP_SSTORE = 1u << 1,   /* s_store_*, s_buffer_store_*, s_scratch_store_*: sdata is read */
};

/* One opcode of one encoding on one arch, from the generated table. */
struct emu_opdesc {
	const char *mnemonic;  /* LLVM spelling, without _e32/_e64/_sdwa/_dpp suffix */
	uint8_t cls;           /* enum emu_class */
	uint8_t dst_dw;        /* dwords written per lane (VGPR) or total (SGPR), 0 if none */
	uint8_t src_dw[3];     /* dwords read per source operand */
	uint8_t data_dw;       /* MUBUF/FLAT/DS data dwords (load result or store data) */
};

/* Words of the 768-bit register map an instruction's hazard fast check holds. */
#define EMU_HZ_WORDS 4

/* A decoded instruction. Field meaning depends on enc; unused fields hold
 * EMU_OP_NONE or 0. Register fields use the source-operand numbering above
 * (VGPR n is EMU_OP_VGPR0 + n, AGPR n is EMU_OP_AGPR0 + n). */
struct emu_inst {
	emu_exec_fn exec;              /* semantics, bound after decoding (emu_sem_bind);
	                                  NULL from the decoder */
	const struct emu_opdesc *op;   /* NULL for an illegal encoding */
	uint32_t off;                  /* byte offset from the start of the program text */
	uint8_t size;                  /* 4, 8 or 12 bytes (literal or second dword included) */
	uint8_t enc;                   /* enum emu_enc */
	uint16_t opcode;               /* opcode within the encoding */
	uint32_t w[3];                 /* raw words */
	uint16_t dst;                  /* VOPx vdst / SOPx sdst / SMEM sdata / DS,MUBUF,FLAT vdst */
	uint16_t sdst;                 /* VOP3B sdst, VOPC-as-VOP3 sdst */
	uint16_t src[3];               /* ALU sources (9-bit codes; LITERAL means use `literal`) */
	uint16_t data[2];              /* DS data0/data1, MUBUF/FLAT store data */
	uint16_t addr;                 /* DS/MUBUF/FLAT vaddr (VGPR code), SMEM sbase (SGPR code) */
	uint16_t srsrc;                /* MUBUF/MTBUF resource (SGPR code of its first register) */
	uint16_t soffset;              /* MUBUF/SMEM soffset, GLOBAL saddr (SGPR code or const) */
	uint32_t literal;
	int32_t imm;                   /* SOPK/SOPP simm16 (sign-extended), SMEM/MUBUF/FLAT offset,
	                                  DS offset0 | offset1 << 8 */
	uint32_t flags;                /* EMU_F_* */
	uint8_t abs, neg, neg_hi;      /* VOP3/VOP3P per-source bits (bit i = source i) */
	uint8_t opsel, opsel_hi;       /* VOP3/VOP3P op_sel (bit 3 = dst) */
	uint8_t omod;
	uint8_t seg;                   /* FLAT seg: 0 flat, 1 scratch, 2 global */
	uint8_t fmt;                   /* MTBUF dfmt/nfmt packed, MFMA cbsz */
	uint32_t ext;                  /* raw SDWA or DPP control dword (w[1]) when src[0] was 249/250 */
	uint8_t sdwa, dpp;             /* 1 when the instruction uses SDWA or DPP */
	uint8_t nws;                   /* wait states it counts: s_nop N: N + 1, others 1 */
	uint8_t hz_np;                 /* MFMA passes of the wait-state rules (emu_hazard_nops.c,
	                                  set by emu_program_load); in what was padding */
	uint32_t hzn;                  /* wait-state rules this may be a consumer of, one bit
	                                  per rule (emu_hazard_nops.c), set by emu_program_load;
	                                  with nws in what was padding before hz_regs */
	uint64_t hz_regs;              /* registers read or written, folded to 64 bits
	                                  (emu_hazard_regs, set by emu_program_load) */
	uint32_t hzn_arms;             /* wait-state rules this may be a producer for */
	uint8_t hz_kind;               /* opcode kinds the wait-state rules test (emu_hazard_nops.c,
	                                  set by emu_program_load); in what was padding */
	uint8_t props;                 /* EMU_IP_*, set by the decoder; in what was padding */
	uint8_t counts;                /* the counters it increments, emu_inst_counts packed
	                                  (isa/emu_waitcnt.h), set by the decoder */
	uint8_t hz_nw;                 /* the registers it reads or writes as hz_nw - 1 words of
	                                  the hazard map (0: not made, or more than
	                                  EMU_HZ_WORDS words: the checks walk its spans) */
	uint8_t hz_word[EMU_HZ_WORDS]; /* word r / 64 of operand code r, and its bits: */
	uint64_t hz_mask[EMU_HZ_WORDS]; /* set by emu_program_load (emu_hazard_words) */
};

/* Decoding. */
struct emu_program;

/* Decode text[0..size) that the GPU sees at address base. Never fails on bad
 * encodings: those decode to 4-byte instructions with op NULL (illegal when
 * reached). NULL only on out-of-memory. Only decodes: exec, nws, hz_regs, hzn
 * and hzn_arms stay 0 (core/emu_program.h's emu_program_load fills them). */
struct emu_program *emu_program_create(const struct emu_profile *prof, uint64_t base,
                                       const uint8_t *text, uint32_t size);
void emu_program_destroy(struct emu_program *p);

struct emu_program {
	const struct emu_profile *prof;
	uint64_t base;          /* GPU address of text[0] */
	uint32_t size;          /* bytes */
	const uint8_t *text;    /* the program's own copy */
	struct emu_inst *insts; /* indexed by byte offset / 4; an index that is not the
	                           start of an instruction has size 0 */
};

/* Instruction at GPU address pc, NULL if pc is outside the program or not the
 * start of a decoded instruction. */
static inline const struct emu_inst *emu_program_at(const struct emu_program *p, uint64_t pc)
{
	uint64_t o = pc - p->base;
	if (pc < p->base || o >= p->size || (o & 3))
		return NULL;
	const struct emu_inst *in = &p->insts[o >> 2];
	return in->size ? in : NULL;
}

/* Decode one instruction from words[0..nwords) (nwords >= 1; missing trailing
 * words read as 0) — the building block of emu_program_create, exposed for
 * tests and the fuzzer. Returns the size in bytes (4, 8 or 12). */
unsigned emu_decode_one(const struct emu_profile *prof, const uint32_t *words, unsigned nwords,
                        struct emu_inst *out);

/* LLVM-syntax disassembly of one instruction, as `llvm-objdump -d` prints it
 * (mnemonic with _e32/_e64/_sdwa/_dpp where LLVM prints one, then operands). */
void emu_disasm(const struct emu_profile *prof, const struct emu_inst *in, char *buf, size_t len);

/* emu_disasm for messages and traces: a SOPP branch's simm16 as the signed
 * dword offset it is, with the code offset it branches to ("s_branch -2
 * (to 0x8)"; LLVM prints 65534, which reads like a distance forward). */
void emu_disasm_msg(const struct emu_profile *prof, const struct emu_inst *in, char *buf, size_t len);

#endif
