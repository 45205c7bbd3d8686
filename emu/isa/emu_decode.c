/*
 * emu_decode — GFX9-family instruction decoding (gfx900, gfx90a, gfx942).
 *
 * The encoding comes from the high bits of the first dword; the opcode then
 * indexes the per-arch table generated from LLVM (emu/isa/tables/emu_optab_ARCH.inc), whose
 * operand template says which fields the instruction uses, how wide they are
 * and which register file they name. An encoding LLVM does not accept (unknown
 * opcode, a modifier bit it rejects, an unused field that is not zero, a
 * source class the operand does not take, a misaligned register tuple, a
 * trailing dword past the text) decodes to an instruction without an opcode
 * (op NULL), which the semantics bind to the illegal-instruction handler
 * (sem/emu_sem.c): the emulator never guesses. Decoding knows nothing of the
 * semantics or the hazard checks; core/emu_program.c adds both.
 *
 * Conventions of struct emu_inst beyond emu_isa.h:
 *  - VOPC: sdst is the compare mask destination (VCC_LO for e32/SDWA without
 *    sdst); VOP2 e32/SDWA/DPP carry-out "vcc" is sdst = VCC_LO, carry-in or
 *    v_cndmask mask "vcc" is src[2] = VCC_LO; VOP3B sdst from bits [14:8].
 *  - VALU ops whose destination is an SGPR (v_readlane_b32, v_readfirstlane_b32)
 *    have dst = the SGPR code.
 *  - Memory: src_dw[0] of the opcode table is the vaddr width, src_dw[1] data0,
 *    src_dw[2] data1, data_dw the data (or load) width. MUBUF/MTBUF/FLAT: dst is
 *    vdata for loads and returning atomics (glc/sc0 set), data[0] is vdata for
 *    stores and atomics. GLOBAL/SCRATCH soffset is saddr (NONE when "off").
 *  - SMEM: imm is the byte offset when EMU_F_IMM, soffset the SGPR offset when
 *    EMU_F_SOE (imm=0 form: the offset field names the SGPR).
 *  - MFMA (class EMU_CLS_MFMA): fmt = cbsz, opsel = abid, neg = blgp; A/B and
 *    C/D operands are AGPR codes when their acc bits are set (EMU_F_ACC = acc_cd).
 *  - VINTRP: imm = attr << 2 | chan; EXP: imm = target, src[] = first three data.
 */
#include <stdlib.h>
#include <string.h>

#include "isa/emu_optab.h"
#include "isa/emu_waitcnt.h"
#include "arch/emu_profile.h"  /* struct emu_profile: arch, tgt (enum emu_arch is isa's) */

#include "isa/tables/emu_optab_gfx900.inc"
#include "isa/tables/emu_optab_gfx90a.inc"
#include "isa/tables/emu_optab_gfx942.inc"

static const struct emu_optab *const emu_optabs[EMU_ARCH_COUNT] = {
	[EMU_GFX900] = emu_optab_gfx900,
	[EMU_GFX90A] = emu_optab_gfx90a,
	[EMU_GFX942] = emu_optab_gfx942,
};

const struct emu_optab *emu_optab_get(enum emu_arch arch, enum emu_tab tab)
{
	static const struct emu_optab none = {NULL, NULL, 0};
	if ((unsigned)arch >= EMU_ARCH_COUNT || (unsigned)tab >= EMU_TAB_COUNT)
		return &none;
	return &emu_optabs[arch][tab];
}

void emu_syn_parse(const char *syn, struct emu_syn *s)
{
	memset(s, 0, sizeof(*s));
	for (const char *p = syn; *p; p++) {
		if (*p == '%' && p[1] && p[2] && p[3]) {
			unsigned char f = (unsigned char)p[1] & 0x7f;
			char wc = p[2];
			s->used[f] = true;
			s->width[f] = (uint8_t)(wc <= '9' ? wc - '0' : wc - 'a' + 10);
			s->cls[f] = p[3];
			p += 3;
		} else if (!strncmp(p, "vcc", 3)) {
			/* implicit VCC: before src0 it is written, after src1 it is read */
			if (s->used['1'])
				s->vcc_in = true;
			else
				s->vcc_out = true;
			p += 2;
		}
	}
}

/* Table of an encoding, or EMU_TAB_COUNT when the bits name none. */
static enum emu_tab emu_enc_tab(uint32_t w0, uint8_t *enc)
{
	if (!(w0 >> 31)) {
		uint32_t op = (w0 >> 25) & 0x3f;
		if (op == 0x3e) {
			*enc = EMU_ENC_VOPC;
			return EMU_TAB_VOPC;
		}
		if (op == 0x3f) {
			*enc = EMU_ENC_VOP1;
			return EMU_TAB_VOP1;
		}
		*enc = EMU_ENC_VOP2;
		return EMU_TAB_VOP2;
	}
	if ((w0 >> 30) == 2) {
		switch (w0 >> 23) {
		case 0x17d: *enc = EMU_ENC_SOP1; return EMU_TAB_SOP1;
		case 0x17e: *enc = EMU_ENC_SOPC; return EMU_TAB_SOPC;
		case 0x17f: *enc = EMU_ENC_SOPP; return EMU_TAB_SOPP;
		default: break;
		}
		if ((w0 >> 28) == 0xb) {
			*enc = EMU_ENC_SOPK;
			return EMU_TAB_SOPK;
		}
		*enc = EMU_ENC_SOP2;
		return EMU_TAB_SOP2;
	}
	switch (w0 >> 26) {
	case 0x30: *enc = EMU_ENC_SMEM; return EMU_TAB_SMEM;
	case 0x31: *enc = EMU_ENC_EXP; return EMU_TAB_EXP;
	case 0x34:
		/* VOP3P is the top eighth of the VOP3 opcode space ([31:23] = 0x1a7) */
		if (((w0 >> 23) & 7) == 7) {
			*enc = EMU_ENC_VOP3P;
			return EMU_TAB_VOP3P;
		}
		*enc = EMU_ENC_VOP3;
		return EMU_TAB_VOP3;
	case 0x35: *enc = EMU_ENC_VINTRP; return EMU_TAB_VINTRP;
	case 0x36: *enc = EMU_ENC_DS; return EMU_TAB_DS;
	case 0x37: {
		uint32_t seg = (w0 >> 14) & 3;
		*enc = EMU_ENC_FLAT;
		return seg == 3 ? EMU_TAB_COUNT : (enum emu_tab)(EMU_TAB_FLAT + seg);
	}
	case 0x38: *enc = EMU_ENC_MUBUF; return EMU_TAB_MUBUF;
	case 0x3a: *enc = EMU_ENC_MTBUF; return EMU_TAB_MTBUF;
	case 0x3c: *enc = EMU_ENC_MIMG; return EMU_TAB_MIMG;
	default: break;
	}
	*enc = EMU_ENC_INVALID;
	return EMU_TAB_COUNT;
}

static uint32_t emu_opcode(uint8_t enc, uint32_t w0)
{
	switch (enc) {
	case EMU_ENC_SOP2: return (w0 >> 23) & 0x7f;
	case EMU_ENC_SOPK: return (w0 >> 23) & 0x1f;
	case EMU_ENC_SOP1: return (w0 >> 8) & 0xff;
	case EMU_ENC_SOPC: return (w0 >> 16) & 0x7f;
	case EMU_ENC_SOPP: return (w0 >> 16) & 0x7f;
	case EMU_ENC_SMEM: return (w0 >> 18) & 0xff;
	case EMU_ENC_VOP2: return (w0 >> 25) & 0x3f;
	case EMU_ENC_VOP1: return (w0 >> 9) & 0xff;
	case EMU_ENC_VOPC: return (w0 >> 17) & 0xff;
	case EMU_ENC_VOP3: return (w0 >> 16) & 0x3ff;
	case EMU_ENC_VOP3P: return (w0 >> 16) & 0x7f;
	case EMU_ENC_VINTRP: return (w0 >> 16) & 0x3;
	case EMU_ENC_DS: return (w0 >> 17) & 0xff;
	case EMU_ENC_FLAT: return (w0 >> 18) & 0x7f;
	case EMU_ENC_MUBUF: return (w0 >> 18) & 0x7f;
	case EMU_ENC_MTBUF: return (w0 >> 15) & 0xf;
	case EMU_ENC_MIMG: return (w0 >> 18) & 0x7f;
	default: return 0;
	}
}

/* Table of the instruction's form (SDWA/DPP forms have their own). */
static enum emu_tab emu_form_tab(enum emu_tab t, uint32_t w0)
{
	uint32_t s0 = w0 & 0x1ff;
	if (t == EMU_TAB_VOP2 || t == EMU_TAB_VOP1 || t == EMU_TAB_VOPC) {
		if (s0 == EMU_OP_SDWA)
			return (enum emu_tab)(EMU_TAB_SDWA2 + (t - EMU_TAB_VOP2));
		if (s0 == EMU_OP_DPP)
			return (enum emu_tab)(EMU_TAB_DPP2 + (t - EMU_TAB_VOP2));
	}
	return t;
}

const struct emu_opfmt *emu_inst_fmt(const struct emu_profile *prof, const struct emu_inst *in)
{
	if (!in->op)
		return NULL;
	uint8_t enc;
	enum emu_tab t = emu_enc_tab(in->w[0], &enc);
	if (t == EMU_TAB_COUNT)
		return NULL;
	t = emu_form_tab(t, in->w[0]);
	const struct emu_optab *tab = emu_optab_get(prof->arch, t);
	if (in->opcode >= tab->n || !tab->fmt[in->opcode].syn)
		return NULL;
	return &tab->fmt[in->opcode];
}

/* Class of a 9-bit source code (EMU_SC_*), 0 for codes that name nothing.
 * Same on the three arches (checked with llvm-mc: 209..234 and 249..250 are
 * rejected; 254 lds_direct prints as an invalid register). */
static unsigned emu_code_class(unsigned c)
{
	if (c <= 127)
		return EMU_SC_S;
	if (c <= 208)
		return EMU_SC_C;
	if (c >= 235 && c <= 239)
		return EMU_SC_S;
	if (c >= 240 && c <= 248)
		return EMU_SC_C;
	if (c >= 251 && c <= 253)
		return EMU_SC_S;
	if (c == 255)
		return EMU_SC_L;
	if (c >= 256 && c <= 511)
		return EMU_SC_V;
	return 0;
}

/* A register tuple of `width` dwords starting at operand code `code` is
 * well-formed: inside its file, SGPR pairs even and larger SGPR tuples 4-aligned
 * (LLVM's SGPR_64/SGPR_128 classes), and on gfx90a/gfx942 VGPR/AGPR tuples even
 * (AMDGPUUsage: "VGPR and AGPR tuples must be 64-bit aligned" on gfx90a+). */
static bool emu_tuple_ok(const struct emu_profile *prof, unsigned code, unsigned width)
{
	if (width <= 1)
		return true;
	/* null and the src_* "inline values" stand for any width in LLVM */
	if (code == 125 || (code >= 235 && code <= 239) || (code >= 251 && code <= 254))
		return true;
	if (code >= EMU_OP_VGPR0) {
		unsigned n = (code - EMU_OP_VGPR0) & 255;
		if (n + width > 256)
			return false;
		return !gcn_has(prof->tgt, GCN_F_UNIFIED_VGPR) || !(n & 1);
	}
	/* s0..s101 are aligned by emu_salign; the named pairs must be even
	 * (llvm-mc rejects vcc_hi, xnack_mask_hi, exec_hi or an odd ttmp as a
	 * 64-bit operand) */
	if (code <= EMU_OP_SGPR_MAX)
		return code + width <= (width > 2 ? 104u : EMU_OP_SGPR_MAX + 1); /* s[100:103] exists as a quad */
	if (code >= EMU_OP_TTMP0 && code <= EMU_OP_TTMP0 + 15)
		return code + width <= EMU_OP_TTMP0 + 16 && !((code - EMU_OP_TTMP0) & (width == 2 ? 1 : 3));
	if (width == 2)
		return code == EMU_OP_FLAT_SCR_LO || code == EMU_OP_XNACK_LO || code == EMU_OP_VCC_LO ||
		       code == EMU_OP_EXEC_LO || code == 125 || (code >= 128 && code != EMU_OP_LITERAL);
	return false;
}

/* LLVM's disassembler reads a 64-bit SGPR operand from an even register and a
 * wider one from a multiple of 4, ignoring the low bits of the field (an odd
 * s_and_b64 operand prints as the aligned pair); the decoder does the same. */
static unsigned emu_salign(unsigned code, unsigned width)
{
	unsigned m = width == 2 ? 1u : 3u;
	if (width <= 1)
		return code;
	if (code <= EMU_OP_SGPR_MAX)
		return code & ~m;
	if (code >= EMU_OP_TTMP0 && code < EMU_OP_TTMP0 + 16)
		return EMU_OP_TTMP0 + ((code - EMU_OP_TTMP0) & ~m);
	return code;
}

struct emu_dec {
	const struct emu_profile *prof;
	const uint32_t *words;
	unsigned nwords;
	struct emu_inst *in;
	struct emu_syn syn;
	bool bad;
	unsigned ndw; /* dwords consumed so far */
};

static uint32_t emu_bits(uint32_t w, unsigned lo, unsigned n)
{
	return (w >> lo) & ((n >= 32) ? 0xffffffffu : ((1u << n) - 1));
}

/* A register field: used → converted code; unused → NONE (whether LLVM
 * accepts junk in it is in the opcode's mbz mask). */
static uint16_t emu_vfield(struct emu_dec *d, char f, uint32_t raw, bool acc)
{
	if (!d->syn.used[(unsigned char)f])
		return EMU_OP_NONE;
	char c = d->syn.cls[(unsigned char)f];
	unsigned w = d->syn.width[(unsigned char)f];
	uint16_t code;
	if (c == 's')
		code = (uint16_t)emu_salign(raw, w);
	else if (c == 'a' || acc)
		code = (uint16_t)(EMU_OP_AGPR0 + raw);
	else
		code = (uint16_t)(EMU_OP_VGPR0 + raw);
	unsigned chk = code >= EMU_OP_AGPR0 ? code - 256 : code;
	if (!emu_tuple_ok(d->prof, chk, w))
		d->bad = true;
	if (c == 's' && !emu_code_class(code))
		d->bad = true;
	return code;
}

/* A 9-bit (or 8-bit scalar) source field i. */
static uint16_t emu_sfield(struct emu_dec *d, const struct emu_opfmt *fmt, int i, uint32_t raw)
{
	char f = (char)('0' + i);
	if (!d->syn.used[(unsigned char)f] || d->syn.cls[(unsigned char)f] == 'p')
		return EMU_OP_NONE; /* unused, or an interpolation parameter (read from w[]) */
	unsigned cls = emu_code_class(raw);
	/* src_lds_direct reads as a scalar-side source of VALU instructions only */
	if (raw == EMU_OP_LDS_DIRECT && d->in->enc >= EMU_ENC_VOP2 && d->in->enc <= EMU_ENC_VOP3P)
		cls = EMU_SC_S;
	/* LLVM takes null, src_* and the vccz/execz/scc sources ("inline values")
	 * in any VALU source, even one that refuses SGPRs (MFMA A/B) */
	if ((raw == 125 || (raw >= 235 && raw <= 239) || (raw >= 251 && raw <= 253)) && d->in->enc >= EMU_ENC_VOP2 &&
	    d->in->enc <= EMU_ENC_VOP3P)
		cls = fmt->scls[i];
	if (!(cls & fmt->scls[i]))
		d->bad = true;
	raw = emu_salign(raw, d->syn.width[(unsigned char)f]);
	uint16_t code = (uint16_t)raw;
	if (d->syn.cls[(unsigned char)f] == 'a' && raw >= EMU_OP_VGPR0)
		code = (uint16_t)(raw + 256);
	if ((cls & (EMU_SC_S | EMU_SC_V)) && !emu_tuple_ok(d->prof, raw, d->syn.width[(unsigned char)f]))
		d->bad = true;
	return code;
}

/* The literal dword, if any source is 255 or the opcode has a constant K. */
static void emu_take_literal(struct emu_dec *d, bool need)
{
	if (!need)
		return;
	if (d->ndw >= d->nwords)
		d->bad = true;
	else
		d->in->literal = d->words[d->ndw];
	d->in->w[d->ndw < 3 ? d->ndw : 2] = d->ndw < d->nwords ? d->words[d->ndw] : 0;
	d->ndw++;
}

static void emu_take_dword(struct emu_dec *d)
{
	if (d->ndw >= d->nwords)
		d->bad = true;
	else
		d->in->w[d->ndw] = d->words[d->ndw];
	d->ndw++;
}

static bool emu_has_k(const char *syn)
{
	return strstr(syn, "%K") != NULL;
}

static void emu_dec_salu(struct emu_dec *d, const struct emu_opfmt *fmt)
{
	struct emu_inst *in = d->in;
	uint32_t w0 = in->w[0];
	bool lit = false;
	switch (in->enc) {
	case EMU_ENC_SOP2:
		in->dst = emu_vfield(d, 'd', emu_bits(w0, 16, 7), false);
		in->src[0] = emu_sfield(d, fmt, 0, emu_bits(w0, 0, 8));
		in->src[1] = emu_sfield(d, fmt, 1, emu_bits(w0, 8, 8));
		break;
	case EMU_ENC_SOP1:
		in->dst = emu_vfield(d, 'd', emu_bits(w0, 16, 7), false);
		in->src[0] = emu_sfield(d, fmt, 0, emu_bits(w0, 0, 8));
		break;
	case EMU_ENC_SOPC:
		in->src[0] = emu_sfield(d, fmt, 0, emu_bits(w0, 0, 8));
		if (d->syn.cls['1'] == 'g')
			in->imm = (int32_t)emu_bits(w0, 8, 8); /* s_set_gpr_idx_on mode */
		else
			in->src[1] = emu_sfield(d, fmt, 1, emu_bits(w0, 8, 8));
		break;
	case EMU_ENC_SOPK:
		in->dst = emu_vfield(d, 'd', emu_bits(w0, 16, 7), false);
		in->imm = (int16_t)(w0 & 0xffff);
		break;
	case EMU_ENC_SOPP:
		in->imm = (int16_t)(w0 & 0xffff);
		break;
	default:
		break;
	}
	for (int i = 0; i < 3; i++)
		if (in->src[i] == EMU_OP_LITERAL)
			lit = true;
	emu_take_literal(d, lit || emu_has_k(fmt->syn));
}

static void emu_dec_smem(struct emu_dec *d)
{
	struct emu_inst *in = d->in;
	uint32_t w0 = in->w[0], w1 = in->w[1];
	bool imm = (w0 >> 17) & 1, soe = (w0 >> 14) & 1;
	if (d->syn.cls['d'] == 'n') /* s_atc_probe: sdata is a number */
		in->imm = 0;
	else
		in->dst = emu_vfield(d, 'd', emu_bits(w0, 6, 7), false);
	if (d->syn.used['b'])
		in->addr = (uint16_t)emu_salign(emu_bits(w0, 0, 6) * 2, d->syn.width['b']);
	if (in->addr != EMU_OP_NONE && !emu_tuple_ok(d->prof, in->addr, d->syn.width['b']))
		d->bad = true;
	if (imm)
		in->flags |= EMU_F_IMM;
	if ((w0 >> 16) & 1)
		in->flags |= EMU_F_GLC;
	if ((w0 >> 15) & 1)
		in->flags |= EMU_F_NV;
	if (!d->syn.used['i'])
		return; /* which other bits LLVM tolerates is in the mbz mask */
	/* 21-bit signed byte offset (GFX9; llvm-mc prints it signed) */
	if (imm)
		in->imm = (int32_t)(emu_bits(w1, 0, 21) << 11) >> 11;
	if (soe) {
		/* soffset[31:25]; with imm=0 the offset field is ignored */
		in->flags |= EMU_F_SOE;
		in->soffset = (uint16_t)emu_bits(w1, 25, 7);
	} else if (!imm) {
		/* imm=0: offset[6:0] names the offset SGPR, the rest is ignored
		 * (as llvm-mc decodes it) */
		in->flags |= EMU_F_SOE;
		in->soffset = (uint16_t)emu_bits(w1, 0, 7);
	}
}

static void emu_dec_valu(struct emu_dec *d, const struct emu_opfmt *fmt, enum emu_tab t)
{
	struct emu_inst *in = d->in;
	uint32_t w0 = in->w[0];
	bool lit = false;
	bool sdwa = t >= EMU_TAB_SDWA2 && t <= EMU_TAB_SDWAC;
	bool dpp = t >= EMU_TAB_DPP2 && t <= EMU_TAB_DPPC;
	bool vopc = in->enc == EMU_ENC_VOPC;

	if (in->enc == EMU_ENC_VOP2 || in->enc == EMU_ENC_VOP1)
		in->dst = emu_vfield(d, 'd', emu_bits(w0, 17, 8), false);
	if (in->enc == EMU_ENC_VOP2 || vopc)
		in->src[1] = emu_vfield(d, '1', emu_bits(w0, 9, 8), false);
	if (sdwa || dpp) {
		emu_take_dword(d);
		uint32_t x = in->w[1];
		in->ext = x;
		in->sdwa = sdwa;
		in->dpp = dpp;
		uint32_t s0 = x & 0xff;
		if (sdwa && ((x >> 23) & 1)) {
			in->src[0] = emu_sfield(d, fmt, 0, s0);
		} else {
			in->src[0] = d->syn.used['0'] ? (uint16_t)(EMU_OP_VGPR0 + s0) : EMU_OP_NONE;
			if (in->src[0] != EMU_OP_NONE && !emu_tuple_ok(d->prof, in->src[0], d->syn.width['0']))
				d->bad = true;
		}
		if (sdwa && ((x >> 31) & 1) && in->src[1] != EMU_OP_NONE) {
			/* S1: vsrc1 names an SGPR or constant */
			uint32_t c = emu_bits(w0, 9, 8);
			if (!(emu_code_class(c) & (EMU_SC_S | EMU_SC_C)))
				d->bad = true;
			in->src[1] = (uint16_t)c;
		}
		if (sdwa) {
			in->flags |= ((x >> 13) & 1) && !vopc ? EMU_F_CLAMP : 0;
			if (!vopc)
				in->omod = (uint8_t)emu_bits(x, 14, 2);
			in->neg = (uint8_t)(((x >> 20) & 1) | (((x >> 28) & 1) << 1));
			in->abs = (uint8_t)(((x >> 21) & 1) | (((x >> 29) & 1) << 1));
			/* sel values 7 are reserved (llvm-mc 19 aborts on them) */
			if (((x >> 16) & 7) == 7 || ((x >> 24) & 7) == 7 || (!vopc && ((x >> 8) & 7) == 7) ||
			    (!vopc && ((x >> 11) & 3) == 3))
				d->bad = true;
			/* no dst_sel operand (v_cvt_f32_fp8...): LLVM takes only dst_sel DWORD */
			if ((fmt->form & EMU_FM_SDWA_NODST) && ((x >> 8) & 7) != 6)
				d->bad = true;
			if (vopc) {
				in->sdst = ((x >> 15) & 1) ? (uint16_t)emu_salign(emu_bits(x, 8, 7), 2) : EMU_OP_VCC_LO;
				if (!emu_tuple_ok(d->prof, in->sdst, 2))
					d->bad = true;
			}
		} else {
			/* dpp_ctrl values LLVM knows (others print as invalid) */
			unsigned c = (x >> 8) & 0x1ff;
			bool ok = c <= 0xff || (c >= 0x101 && c <= 0x10f) || (c >= 0x111 && c <= 0x11f) ||
			          (c >= 0x121 && c <= 0x12f) || c == 0x130 || c == 0x134 || c == 0x138 || c == 0x13c ||
			          (c >= 0x140 && c <= 0x143) || (c >= 0x150 && c <= 0x15f && gcn_has(d->prof->tgt, GCN_F_GFX90A_INSTS));
			if (!ok)
				d->bad = true;
			in->neg = (uint8_t)(((x >> 20) & 1) | (((x >> 22) & 1) << 1));
			in->abs = (uint8_t)(((x >> 21) & 1) | (((x >> 23) & 1) << 1));
		}
		if ((x & fmt->mbz[1]) || (w0 & fmt->mbz[0]))
			d->bad = true;
	} else {
		in->src[0] = emu_sfield(d, fmt, 0, emu_bits(w0, 0, 9));
		if (in->src[0] == EMU_OP_LITERAL)
			lit = true;
		emu_take_literal(d, lit || emu_has_k(fmt->syn));
	}
	if (vopc && !sdwa)
		in->sdst = EMU_OP_VCC_LO;
	if (d->syn.vcc_out && in->sdst == EMU_OP_NONE)
		in->sdst = EMU_OP_VCC_LO;
	if (d->syn.vcc_in)
		in->src[2] = EMU_OP_VCC_LO;
}

static void emu_dec_vop3(struct emu_dec *d, const struct emu_opfmt *fmt)
{
	struct emu_inst *in = d->in;
	uint32_t w0 = in->w[0], w1 = in->w[1];
	bool mfma = in->op->cls == EMU_CLS_MFMA;
	bool acc_cd = mfma && ((w0 >> 15) & 1);
	uint16_t dst = emu_vfield(d, 'd', emu_bits(w0, 0, 8), acc_cd);
	if (in->enc == EMU_ENC_VOP3 && in->opcode < 0x100)
		in->sdst = dst; /* VOPC promoted: the mask destination */
	else
		in->dst = dst;
	for (int i = 0; i < 3; i++) {
		uint32_t raw = emu_bits(w1, 9 * (unsigned)i, 9);
		in->src[i] = emu_sfield(d, fmt, i, raw);
		if (mfma && in->src[i] != EMU_OP_NONE && in->src[i] >= EMU_OP_VGPR0 && in->src[i] < EMU_OP_AGPR0) {
			/* v_smfmac's src2 is the sparsity index: always a VGPR */
			bool smfmac = !strncmp(in->op->mnemonic, "v_smfmac", 8);
			bool acc = i == 2 ? acc_cd && !smfmac : (w1 >> (27 + i)) & 1;
			if (acc)
				in->src[i] = (uint16_t)(in->src[i] + 256);
		}
	}
	if (d->syn.used['S']) {
		in->sdst = (uint16_t)emu_salign(emu_bits(w0, 8, 7), d->syn.width['S']);
		in->flags |= EMU_F_VOP3B;
		if (!emu_tuple_ok(d->prof, in->sdst, d->syn.width['S']) || !emu_code_class(in->sdst))
			d->bad = true;
	}
	if (d->syn.used['A']) {
		/* VOP3 v_interp_*: src0 is {high[8], chan[7:6], attr[5:0]} */
		uint32_t s0 = emu_bits(w1, 0, 9);
		in->src[0] = EMU_OP_NONE;
		in->imm = (int32_t)((s0 & 0x3f) << 2 | ((s0 >> 6) & 3));
		in->fmt = (uint8_t)(s0 >> 8); /* high */
	}
	if (in->enc == EMU_ENC_VOP3) {
		if (!d->syn.used['S']) {
			in->abs = (uint8_t)emu_bits(w0, 8, 3);
			in->opsel = (uint8_t)emu_bits(w0, 11, 4);
		}
		in->neg = (uint8_t)emu_bits(w1, 29, 3);
		in->omod = (uint8_t)emu_bits(w1, 27, 2);
	} else if (mfma) {
		in->fmt = (uint8_t)emu_bits(w0, 8, 3);   /* cbsz */
		in->opsel = (uint8_t)emu_bits(w0, 11, 4); /* abid */
		in->neg = (uint8_t)emu_bits(w1, 29, 3);  /* blgp */
		if (acc_cd)
			in->flags |= EMU_F_ACC;
	} else {
		in->neg_hi = (uint8_t)emu_bits(w0, 8, 3);
		in->opsel = (uint8_t)emu_bits(w0, 11, 3);
		in->opsel_hi = (uint8_t)(emu_bits(w1, 27, 2) | (emu_bits(w0, 14, 1) << 2));
		in->neg = (uint8_t)emu_bits(w1, 29, 3);
	}
	if (!mfma && ((w0 >> 15) & 1))
		in->flags |= EMU_F_CLAMP;
	if ((w0 & fmt->mbz[0]) || (w1 & fmt->mbz[1]))
		d->bad = true;
}

/* Where a memory encoding keeps a flag: a bit of the first or the second
 * dword, on every arch or on one side of the gfx900 / gfx90a-gfx942 split
 * (the ISA manuals' MUBUF/MTBUF/FLAT/DS layouts; gfx90a moved tfe and nv
 * out for acc and added sc1). */
enum { EMU_FB_ALL, EMU_FB_GFX900, EMU_FB_GFX90A };

struct emu_flag_bit {
	uint8_t word, bit, arch;
	uint32_t flag;
};

static const struct emu_flag_bit emu_ds_flags[] = {
	{0, 16, EMU_FB_ALL, EMU_F_GDS}, {0, 25, EMU_FB_GFX90A, EMU_F_ACC},
};

static const struct emu_flag_bit emu_flat_flags[] = {
	{0, 16, EMU_FB_ALL, EMU_F_GLC}, {0, 17, EMU_FB_ALL, EMU_F_SLC}, {0, 25, EMU_FB_GFX90A, EMU_F_SC1},
	{1, 23, EMU_FB_GFX900, EMU_F_NV}, {0, 13, EMU_FB_ALL, EMU_F_LDS}, {1, 23, EMU_FB_GFX90A, EMU_F_ACC},
};

static const struct emu_flag_bit emu_mubuf_flags[] = {
	{0, 12, EMU_FB_ALL, EMU_F_OFFEN}, {0, 13, EMU_FB_ALL, EMU_F_IDXEN}, {0, 14, EMU_FB_ALL, EMU_F_GLC},
	{0, 17, EMU_FB_ALL, EMU_F_SLC}, {0, 16, EMU_FB_ALL, EMU_F_LDS}, {0, 15, EMU_FB_GFX90A, EMU_F_SC1},
	{1, 23, EMU_FB_GFX900, EMU_F_TFE}, {1, 23, EMU_FB_GFX90A, EMU_F_ACC},
};

static const struct emu_flag_bit emu_mtbuf_flags[] = {
	{0, 12, EMU_FB_ALL, EMU_F_OFFEN}, {0, 13, EMU_FB_ALL, EMU_F_IDXEN}, {0, 14, EMU_FB_ALL, EMU_F_GLC},
	{1, 22, EMU_FB_ALL, EMU_F_SLC}, {1, 21, EMU_FB_GFX90A, EMU_F_SC1},
	{1, 23, EMU_FB_GFX900, EMU_F_TFE}, {1, 23, EMU_FB_GFX90A, EMU_F_ACC},
};

#define EMU_FLAGS(t) (t), sizeof(t) / sizeof((t)[0])

static void emu_dec_flags(struct emu_inst *in, bool gfx90a, const struct emu_flag_bit *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (((in->w[t[i].word] >> t[i].bit) & 1) &&
		    (t[i].arch == EMU_FB_ALL || (t[i].arch == EMU_FB_GFX90A) == gfx90a))
			in->flags |= t[i].flag;
}

static void emu_dec_mem(struct emu_dec *d, const struct emu_opfmt *fmt)
{
	struct emu_inst *in = d->in;
	const struct emu_opdesc *op = in->op;
	uint32_t w0 = in->w[0], w1 = in->w[1];
	bool gfx90a = gcn_has(d->prof->tgt, GCN_F_GFX90A_INSTS);
	bool atomic = op->cls == EMU_CLS_VMEM_ATOMIC || op->cls == EMU_CLS_FLAT_ATOMIC;
	bool store = op->cls == EMU_CLS_VMEM_STORE || op->cls == EMU_CLS_FLAT_STORE;

	switch (in->enc) {
	case EMU_ENC_DS: {
		emu_dec_flags(in, gfx90a, EMU_FLAGS(emu_ds_flags));
		bool acc = in->flags & EMU_F_ACC;
		in->imm = (int32_t)emu_bits(w0, 0, 16);
		/* ds_gws_*: the data operand sits in the addr field */
		bool gws = !strncmp(in->op->mnemonic, "ds_gws_", 7);
		in->addr = emu_vfield(d, 'a', emu_bits(w1, 0, 8), acc && gws);
		in->data[0] = emu_vfield(d, 'D', emu_bits(w1, 8, 8), acc);
		in->data[1] = emu_vfield(d, 'E', emu_bits(w1, 16, 8), acc);
		in->dst = emu_vfield(d, 'd', emu_bits(w1, 24, 8), acc);
		break;
	}
	case EMU_ENC_FLAT: {
		emu_dec_flags(in, gfx90a, EMU_FLAGS(emu_flat_flags));
		bool acc = in->flags & EMU_F_ACC;
		in->seg = (uint8_t)emu_bits(w0, 14, 2);
		uint32_t off = emu_bits(w0, 0, 13);
		/* global/scratch offsets are 13-bit signed; flat's is unsigned */
		in->imm = in->seg ? (int32_t)(off << 19) >> 19 : (int32_t)off;
		uint32_t saddr = emu_bits(w1, 16, 7);
		if (in->seg) {
			if (saddr != 0x7f) {
				in->flags |= EMU_F_SADDR;
				in->soffset = (uint16_t)emu_salign(saddr, in->seg == 2 ? 2 : 1);
				if (!emu_code_class(saddr) || !emu_tuple_ok(d->prof, in->soffset, in->seg == 2 ? 2 : 1))
					d->bad = true;
			}
		}
		/* global with saddr and scratch take a 32-bit vaddr, others 64 */
		uint32_t a = emu_bits(w1, 0, 8);
		bool vaddr = d->syn.used['a'];
		bool svs = gcn_has(d->prof->tgt, GCN_F_FLAT_SCRATCH_SVS); /* scratch bit 13 is SVE */
		if (in->seg == 1 && (in->flags & EMU_F_SADDR) && !(svs && (in->flags & EMU_F_LDS)))
			vaddr = false;
		if (in->seg == 1 && svs && !(in->flags & EMU_F_LDS) && !(in->flags & EMU_F_SADDR))
			vaddr = false;
		if (vaddr) {
			in->addr = (uint16_t)(EMU_OP_VGPR0 + a);
			unsigned aw = (in->seg == 0 || (in->seg == 2 && !(in->flags & EMU_F_SADDR))) ? 2 : 1;
			if (!emu_tuple_ok(d->prof, in->addr, aw))
				d->bad = true;
		}
		in->data[0] = emu_vfield(d, 'D', emu_bits(w1, 8, 8), acc);
		uint16_t vd = (uint16_t)emu_bits(w1, 24, 8);
		bool ret = d->syn.used['d'] || (atomic && (in->flags & EMU_F_GLC));
		/* global/scratch loads to LDS (lds bit; SVS-mode scratch uses it as SVE) write no VGPR */
		if ((in->flags & EMU_F_LDS) && !(in->seg == 1 && svs))
			ret = false;
		if (ret) {
			in->dst = (uint16_t)((acc ? EMU_OP_AGPR0 : EMU_OP_VGPR0) + vd);
			unsigned dw = d->syn.used['d'] ? d->syn.width['d'] : d->syn.width['D'];
			if (!emu_tuple_ok(d->prof, in->dst - (acc ? 256 : 0), dw))
				d->bad = true;
		}
		break;
	}
	case EMU_ENC_MUBUF:
	case EMU_ENC_MTBUF: {
		bool mtbuf = in->enc == EMU_ENC_MTBUF;
		if (mtbuf)
			emu_dec_flags(in, gfx90a, EMU_FLAGS(emu_mtbuf_flags));
		else
			emu_dec_flags(in, gfx90a, EMU_FLAGS(emu_mubuf_flags));
		bool acc = in->flags & EMU_F_ACC;
		in->imm = (int32_t)emu_bits(w0, 0, 12);
		if (mtbuf)
			in->fmt = (uint8_t)emu_bits(w0, 19, 7);
		uint32_t a = emu_bits(w1, 0, 8);
		unsigned aw = ((in->flags & EMU_F_OFFEN) && (in->flags & EMU_F_IDXEN)) ? 2 : 1;
		if ((in->flags & (EMU_F_OFFEN | EMU_F_IDXEN)) && (d->syn.used['a'] || !d->syn.used['D'])) {
			in->addr = (uint16_t)(EMU_OP_VGPR0 + a);
			if (!emu_tuple_ok(d->prof, in->addr, aw))
				d->bad = true;
		}
		if (d->syn.used['r']) {
			in->srsrc = (uint16_t)(emu_bits(w1, 16, 5) * 4);
			if (!emu_tuple_ok(d->prof, in->srsrc, 4))
				d->bad = true;
		}
		uint32_t so = emu_bits(w1, 24, 8);
		if (d->syn.used['o']) {
			in->soffset = (uint16_t)so;
			if (!(emu_code_class(so) & (EMU_SC_S | EMU_SC_C)))
				d->bad = true;
		}
		uint32_t vd = emu_bits(w1, 8, 8);
		bool lds = in->flags & EMU_F_LDS;
		if (d->syn.used['D'] && !lds) {
			uint16_t code = (uint16_t)((acc ? EMU_OP_AGPR0 : EMU_OP_VGPR0) + vd);
			if (!emu_tuple_ok(d->prof, code - (acc ? 256 : 0), d->syn.width['D']))
				d->bad = true;
			if (store || atomic)
				in->data[0] = code;
			if ((!store && !atomic) || (atomic && (in->flags & EMU_F_GLC)))
				in->dst = code;
		}
		break;
	}
	case EMU_ENC_MIMG:
		in->addr = (uint16_t)(EMU_OP_VGPR0 + emu_bits(w1, 0, 8));
		in->dst = (uint16_t)(EMU_OP_VGPR0 + emu_bits(w1, 8, 8));
		in->data[0] = in->dst;
		in->srsrc = (uint16_t)(emu_bits(w1, 16, 5) * 4);
		in->soffset = (uint16_t)(emu_bits(w1, 21, 5) * 4);
		break;
	default:
		break;
	}
	if ((w0 & fmt->mbz[0]) || (w1 & fmt->mbz[1]))
		d->bad = true;
}

/* emu_inst.props of an opcode (EMU_IP_*): the facts stay in the mnemonic
 * and class, read here once per decoded instruction. */
static uint8_t emu_props(const struct emu_opdesc *op)
{
	uint8_t p = 0;
	if (op->cls == EMU_CLS_VMEM_ATOMIC || op->cls == EMU_CLS_FLAT_ATOMIC ||
	    strncmp(op->mnemonic, "s_atomic", 8) == 0 || strncmp(op->mnemonic, "s_buffer_atomic", 15) == 0)
		p |= EMU_IP_ATOMIC;
	if (strncmp(op->mnemonic, "s_store", 7) == 0 || strncmp(op->mnemonic, "s_buffer_store", 14) == 0 ||
	    strncmp(op->mnemonic, "s_scratch_store", 15) == 0)
		p |= EMU_IP_SSTORE;
	return p;
}

unsigned emu_decode_one(const struct emu_profile *prof, const uint32_t *words, unsigned nwords,
                        struct emu_inst *out)
{
	struct emu_dec d = {.prof = prof, .words = words, .nwords = nwords, .in = out, .ndw = 1};
	struct emu_inst *in = out;
	uint32_t w0 = nwords ? words[0] : 0;

	memset(in, 0, sizeof(*in));
	in->w[0] = w0;
	in->dst = in->sdst = in->addr = in->srsrc = in->soffset = EMU_OP_NONE;
	in->src[0] = in->src[1] = in->src[2] = EMU_OP_NONE;
	in->data[0] = in->data[1] = EMU_OP_NONE;

	uint8_t enc = EMU_ENC_INVALID;
	enum emu_tab t = emu_enc_tab(w0, &enc);
	in->enc = enc;
	bool two = enc == EMU_ENC_SMEM || enc == EMU_ENC_VOP3 || enc == EMU_ENC_VOP3P || enc == EMU_ENC_DS ||
	           enc == EMU_ENC_FLAT || enc == EMU_ENC_MUBUF || enc == EMU_ENC_MTBUF || enc == EMU_ENC_MIMG ||
	           enc == EMU_ENC_EXP;
	if (two)
		emu_take_dword(&d);
	if (t == EMU_TAB_COUNT || !prof || (unsigned)prof->arch >= EMU_ARCH_COUNT)
		goto illegal;
	in->opcode = (uint16_t)emu_opcode(enc, w0);
	const struct emu_optab *base = emu_optab_get(prof->arch, t);
	enum emu_tab ft = emu_form_tab(t, w0);
	const struct emu_optab *form = emu_optab_get(prof->arch, ft);
	if (in->opcode >= base->n || !base->desc[in->opcode].mnemonic || in->opcode >= form->n ||
	    !form->fmt[in->opcode].syn)
		goto illegal;
	in->op = &base->desc[in->opcode];
	in->props = emu_props(in->op);
	const struct emu_opfmt *fmt = &form->fmt[in->opcode];
	emu_syn_parse(fmt->syn, &d.syn);

	switch (enc) {
	case EMU_ENC_SOP2:
	case EMU_ENC_SOPK:
	case EMU_ENC_SOP1:
	case EMU_ENC_SOPC:
	case EMU_ENC_SOPP:
		emu_dec_salu(&d, fmt);
		break;
	case EMU_ENC_SMEM:
		emu_dec_smem(&d);
		if ((in->w[0] & fmt->mbz[0]) || (in->w[1] & fmt->mbz[1]))
			d.bad = true;
		break;
	case EMU_ENC_VOP2:
	case EMU_ENC_VOP1:
	case EMU_ENC_VOPC:
		emu_dec_valu(&d, fmt, ft);
		break;
	case EMU_ENC_VOP3:
	case EMU_ENC_VOP3P:
		emu_dec_vop3(&d, fmt);
		break;
	case EMU_ENC_VINTRP:
		in->dst = emu_vfield(&d, 'd', emu_bits(w0, 18, 8), false);
		in->src[0] = (uint16_t)(d.syn.cls['0'] == 'p' ? emu_bits(w0, 0, 8) : EMU_OP_VGPR0 + emu_bits(w0, 0, 8));
		in->imm = (int32_t)(emu_bits(w0, 10, 6) << 2 | emu_bits(w0, 8, 2));
		break;
	case EMU_ENC_EXP:
		in->imm = (int32_t)emu_bits(w0, 4, 6);
		for (int i = 0; i < 3; i++)
			in->src[i] = (uint16_t)(EMU_OP_VGPR0 + emu_bits(in->w[1], 8 * (unsigned)i, 8));
		in->data[0] = (uint16_t)(EMU_OP_VGPR0 + emu_bits(in->w[1], 24, 8));
		break;
	default:
		emu_dec_mem(&d, fmt);
		break;
	}
	/* modifier and unused-field bits LLVM rejects (per opcode, measured) */
	if ((in->w[0] & fmt->mbz[0]) || (in->w[0] & fmt->mb1[0]) != fmt->mb1[0])
		d.bad = true;
	if (two || in->sdwa || in->dpp)
		if ((in->w[1] & fmt->mbz[1]) || (in->w[1] & fmt->mb1[1]) != fmt->mb1[1])
			d.bad = true;
	if (d.bad)
		goto illegal;
	in->size = (uint8_t)(4 * d.ndw);
	in->counts = emu_counts_pack(emu_inst_counts(in));
	return in->size;

illegal:
	/* Keep the words for the report, never run it; like llvm-objdump, the
	 * next instruction is looked for one dword further. */
	in->op = NULL;
	in->props = 0;
	in->counts = 0;
	in->size = 4;
	return in->size;
}

struct emu_program *emu_program_create(const struct emu_profile *prof, uint64_t base, const uint8_t *text,
                                       uint32_t size)
{
	struct emu_program *p = calloc(1, sizeof(*p));
	uint8_t *copy = NULL;
	if (!p)
		goto fail;
	copy = malloc(size ? size : 1);
	p->insts = calloc(size / 4 + 1, sizeof(*p->insts));
	if (!copy || !p->insts)
		goto fail;
	memcpy(copy, text, size);
	p->prof = prof;
	p->base = base;
	p->size = size;
	p->text = copy;

	/* Linear sweep from offset 0: each instruction's words (a trailing partial
	 * dword reads as zero and makes nothing longer legal). */
	uint32_t nw = size / 4;
	uint32_t off = 0;
	while (off / 4 < nw) {
		uint32_t words[3] = {0, 0, 0};
		unsigned avail = nw - off / 4;
		unsigned n = avail < 3 ? avail : 3;
		memcpy(words, copy + off, n * 4);
		struct emu_inst *in = &p->insts[off / 4];
		unsigned sz = emu_decode_one(prof, words, n, in);
		in->off = off;
		off += sz;
	}
	return p;

fail:
	if (p)
		free(p->insts);
	free(copy);
	free(p);
	return NULL;
}

void emu_program_destroy(struct emu_program *p)
{
	if (!p)
		return;
	free((void *)p->text);
	free(p->insts);
	free(p);
}
