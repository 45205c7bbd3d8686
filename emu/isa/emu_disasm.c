/*
 * emu_disasm — LLVM-syntax text of a decoded instruction, as
 * `llvm-objdump -d --mcpu=ARCH` (LLVM 19) prints it, without its comment.
 *
 * The mnemonic, suffix and operand list come from the opcode's template
 * (measured on LLVM by tools/gen_optab.c); this file knows how LLVM spells
 * registers, constants and each encoding's modifiers. Placeholders are
 * "%<field><width><class>": fields d (vdst/sdst/sdata), S (VOP3B sdst),
 * 0 1 2 (sources), a (vaddr), D E (data0/1, MUBUF vdata), o (soffset/saddr),
 * r (srsrc), b (sbase), i (immediate: class is its style), K (literal
 * constant), A (interp attribute), width in base 36 dwords, class v/a/s/x
 * (x: the 9-bit code decides).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "isa/emu_optab.h"
#include "isa/emu_waitcnt.h"
#include "arch/emu_profile.h"  /* struct emu_profile: arch, tgt (enum emu_arch is isa's) */

struct emu_out {
	char *buf;
	size_t len, n;
};

static void emu_put(struct emu_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emu_put(struct emu_out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t room = o->n < o->len ? o->len - o->n : 0;
	int k = vsnprintf(o->buf + (room ? o->n : 0), room, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->n += (size_t)k;
}

/* ---- registers and constants ---- */

static void emu_put_range(struct emu_out *o, const char *pfx, unsigned first, unsigned w)
{
	if (w <= 1)
		emu_put(o, "%s%u", pfx, first);
	else
		emu_put(o, "%s[%u:%u]", pfx, first, first + w - 1);
}

/* LLVM's names of the named source operands (emu_isa.h), by code. */
static const struct emu_sreg_name {
	const char *one, *pair;  /* alone; as the low half of a 64-bit pair (NULL: as alone) */
} emu_sreg_names[256] = {
#define EMU_SREG_NAME(name, code, spelling, pair) [code] = { spelling, pair },
	EMU_OP_NAMED(EMU_SREG_NAME)
#undef EMU_SREG_NAME
};

/* A scalar-side register (codes 0..127 and the named sources). */
static void emu_put_sreg(struct emu_out *o, unsigned c, unsigned w)
{
	const struct emu_sreg_name *n = c < 256 ? &emu_sreg_names[c] : NULL;

	if (w == 0)
		w = 1;
	if (c <= EMU_OP_SGPR_MAX)
		emu_put_range(o, "s", c, w);
	else if (c >= EMU_OP_TTMP0 && c < EMU_OP_TTMP0 + 16)
		emu_put_range(o, "ttmp", c - EMU_OP_TTMP0, w);
	else if (n && n->one)
		emu_put(o, "%s", w == 2 && n->pair ? n->pair : n->one);
	else
		emu_put(o, "/*invalid %u*/", c);
}

static void emu_put_reg(struct emu_out *o, unsigned code, unsigned w)
{
	if (w == 0)
		w = 1;
	if (code >= EMU_OP_AGPR0 && code < EMU_OP_AGPR0 + 256)
		emu_put_range(o, "a", code - EMU_OP_AGPR0, w);
	else if (code >= EMU_OP_VGPR0 && code < EMU_OP_VGPR0 + 256)
		emu_put_range(o, "v", code - EMU_OP_VGPR0, w);
	else
		emu_put_sreg(o, code, w);
}

/* The float inline constants 240..248 (index code - 240): their bit
 * patterns at each width and the names LLVM prints for them. */
static const struct emu_fconst {
	uint16_t h;
	uint32_t f;
	uint64_t d;
	const char *name, *name64;  /* name64: the 64-bit spelling where it differs */
} emu_fconst[9] = {
	{0x3800, 0x3f000000u, 0x3fe0000000000000ull, "0.5", NULL},
	{0xb800, 0xbf000000u, 0xbfe0000000000000ull, "-0.5", NULL},
	{0x3c00, 0x3f800000u, 0x3ff0000000000000ull, "1.0", NULL},
	{0xbc00, 0xbf800000u, 0xbff0000000000000ull, "-1.0", NULL},
	{0x4000, 0x40000000u, 0x4000000000000000ull, "2.0", NULL},
	{0xc000, 0xc0000000u, 0xc000000000000000ull, "-2.0", NULL},
	{0x4400, 0x40800000u, 0x4010000000000000ull, "4.0", NULL},
	{0xc400, 0xc0800000u, 0xc010000000000000ull, "-4.0", NULL},
	{0x3118, 0x3e22f983u, 0x3fc45f306dc9c882ull, "0.15915494", "0.15915494309189532"},  /* 1/(2pi) */
};

static uint64_t emu_fconst_bits(const struct emu_fconst *c, unsigned bits)
{
	return bits == 16 ? c->h : bits == 32 ? c->f : c->d;
}

/* A bits-wide immediate as LLVM's printImmediate16/32/64 (printImmediateInt16
 * when !named): an integer inline value in decimal, a float constant by its
 * name, anything else in hex. */
static void emu_put_imm(struct emu_out *o, uint64_t v, unsigned bits, bool named)
{
	int64_t s;

	v &= bits == 64 ? ~0ull : (1ull << bits) - 1;
	s = bits == 16 ? (int16_t)v : bits == 32 ? (int32_t)v : (int64_t)v;
	if (s >= -16 && s <= 64) {
		emu_put(o, "%" PRId64, s);
		return;
	}
	for (size_t i = 0; named && i < sizeof(emu_fconst) / sizeof(emu_fconst[0]); i++) {
		if (emu_fconst_bits(&emu_fconst[i], bits) == v) {
			emu_put(o, "%s", bits == 64 && emu_fconst[i].name64 ? emu_fconst[i].name64 : emu_fconst[i].name);
			return;
		}
	}
	emu_put(o, "0x%" PRIx64, v);
}

/* The width an operand kind prints its immediates at. */
static unsigned emu_kind_bits(unsigned kind)
{
	return kind == EMU_K_I64 || kind == EMU_K_F64 ? 64 : kind == EMU_K_I16 || kind == EMU_K_F16 ? 16 : 32;
}

/* A 9-bit source code: register, inline constant or literal, printed for the
 * operand kind. */
static void emu_put_src(struct emu_out *o, const struct emu_inst *in, unsigned code, unsigned w, unsigned kind)
{
	if (code >= 128 && code <= 208) {
		int v = code <= 192 ? (int)code - 128 : 192 - (int)code;
		emu_put(o, "%d", v);
		return;
	}
	if (code >= 240 && code <= 248) {
		unsigned bits = emu_kind_bits(kind);
		emu_put_imm(o, emu_fconst_bits(&emu_fconst[code - 240], bits), bits, kind != EMU_K_I16);
		return;
	}
	if (code == EMU_OP_LITERAL) {
		uint32_t l = in->literal;
		switch (kind) {
		case EMU_K_I64: emu_put_imm(o, (uint64_t)(int64_t)(int32_t)l, 64, true); break;
		case EMU_K_F64: {
			/* the literal is the high dword; LLVM prints it, or the double's
			 * name when it is 0 or one of the constants whose low dword is 0
			 * (all but 1/(2pi)) */
			bool name = l == 0;
			for (size_t i = 0; i < sizeof(emu_fconst) / sizeof(emu_fconst[0]); i++)
				name |= emu_fconst[i].d == (uint64_t)l << 32;
			if (name)
				emu_put_imm(o, (uint64_t)l << 32, 64, true);
			else
				emu_put(o, "0x%" PRIx32, l);
			break;
		}
		case EMU_K_I16:
			/* the whole 32-bit literal decides whether it is an inline value */
			if (l <= 64)
				emu_put(o, "%u", l);
			else
				emu_put(o, "0x%x", l & 0xffff);
			break;
		case EMU_K_F16: emu_put_imm(o, l, 16, true); break;
		default: emu_put_imm(o, l, 32, true); break;
		}
		return;
	}
	emu_put_reg(o, code, w);
}

/* A code named by ranges: a one-code range prints its name, a longer one
 * the name and code - base. */
struct emu_code_name {
	uint16_t lo, hi, base;
	const char *name;
};

static bool emu_put_code_name(struct emu_out *o, const struct emu_code_name *t, size_t n, unsigned c)
{
	for (size_t i = 0; i < n; i++) {
		if (c < t[i].lo || c > t[i].hi)
			continue;
		if (t[i].lo == t[i].hi)
			emu_put(o, "%s", t[i].name);
		else
			emu_put(o, "%s%u", t[i].name, c - t[i].base);
		return true;
	}
	return false;
}

/* ---- immediates of SOPP/SOPK/SOPC ---- */

static void emu_put_waitcnt(struct emu_out *o, uint32_t v)
{
	struct emu_waitcnt wc = emu_waitcnt_decode(v);
	unsigned vm = wc.n[EMU_CNT_VM], exp = wc.n[EMU_CNT_EXP], lgkm = wc.n[EMU_CNT_LGKM];
	bool all = vm == 63 && exp == 7 && lgkm == 15;
	const char *sp = "";
	if (vm != 63 || all) {
		emu_put(o, "vmcnt(%u)", vm);
		sp = " ";
	}
	if (exp != 7 || all) {
		emu_put(o, "%sexpcnt(%u)", sp, exp);
		sp = " ";
	}
	if (lgkm != 15 || all)
		emu_put(o, "%slgkmcnt(%u)", sp, lgkm);
}

static void emu_put_sendmsg(struct emu_out *o, uint32_t v)
{
	/* GFX9 message ids, GS and SYSMSG ops as llvm-mc 19 names them (all 1024
	 * values of the low bits checked against it). */
	static const char *const msg[16] = {NULL, "MSG_INTERRUPT", "MSG_GS", "MSG_GS_DONE", "MSG_SAVEWAVE", NULL,
	                                    NULL, "MSG_ORDERED_PS_DONE", NULL, "MSG_GS_ALLOC_REQ",
	                                    "MSG_GET_DOORBELL", NULL, NULL, NULL, NULL, "MSG_SYSMSG"};
	static const char *const gsop[4] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
	static const char *const sysop[5] = {NULL, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD", NULL,
	                                     "SYSMSG_OP_TTRACE_PC"};
	/* id [3:0], op [6:4], stream [9:8]; other bits are ignored when the
	 * fields name a valid message, else the value prints raw */
	unsigned id = v & 0xf, op = (v >> 4) & 7, stream = (v >> 8) & 3;
	if (id == 2 || id == 3) {
		bool opok = op <= 3 && (op != 0 || id == 3);
		if (opok && (op != 0 || stream == 0)) {
			emu_put(o, "sendmsg(%s, %s", msg[id], gsop[op]);
			if (op != 0)
				emu_put(o, ", %u", stream);
			emu_put(o, ")");
			return;
		}
	} else if (id == 15) {
		if (op <= 4 && sysop[op] && stream == 0) {
			emu_put(o, "sendmsg(%s, %s)", msg[id], sysop[op]);
			return;
		}
	} else if (msg[id] && op == 0 && stream == 0) {
		emu_put(o, "sendmsg(%s)", msg[id]);
		return;
	}
	if (!(v & ~0x37fu))
		emu_put(o, "sendmsg(%u, %u, %u)", id, op, stream);
	else
		emu_put(o, "%u", v);
}

static void emu_put_hwreg(struct emu_out *o, const struct gcn_proc *t, uint32_t v)
{
	/* Names llvm-mc 19 prints for s_getreg_b32 ids 0..63 (ids 20..24 only on gfx942). */
	static const char *const names[64] = {
		[1] = "HW_REG_MODE", [2] = "HW_REG_STATUS", [3] = "HW_REG_TRAPSTS", [4] = "HW_REG_HW_ID",
		[5] = "HW_REG_GPR_ALLOC", [6] = "HW_REG_LDS_ALLOC", [7] = "HW_REG_IB_STS",
		[15] = "HW_REG_SH_MEM_BASES", [16] = "HW_REG_TBA_LO", [17] = "HW_REG_TBA_HI",
		[18] = "HW_REG_TMA_LO", [19] = "HW_REG_TMA_HI", [20] = "HW_REG_XCC_ID",
		[21] = "HW_REG_SQ_PERF_SNAPSHOT_DATA", [22] = "HW_REG_SQ_PERF_SNAPSHOT_DATA1",
		[23] = "HW_REG_SQ_PERF_SNAPSHOT_PC_LO", [24] = "HW_REG_SQ_PERF_SNAPSHOT_PC_HI"};
	unsigned id = v & 0x3f, off = (v >> 6) & 0x1f, w = ((v >> 11) & 0x1f) + 1;
	emu_put(o, "hwreg(");
	if (names[id] && (id < 20 || gcn_has(t, GCN_F_GFX940_INSTS)))
		emu_put(o, "%s", names[id]);
	else
		emu_put(o, "%u", id);
	if (off != 0 || w != 32)
		emu_put(o, ", %u, %u", off, w);
	emu_put(o, ")");
}

static void emu_put_gpridx(struct emu_out *o, uint32_t v)
{
	static const char *const n[4] = {"SRC0", "SRC1", "SRC2", "DST"};
	if (v & ~0xfu) {
		emu_put(o, "0x%x", v);
		return;
	}
	emu_put(o, "gpr_idx(");
	const char *sep = "";
	for (int i = 0; i < 4; i++)
		if (v & (1u << i)) {
			emu_put(o, "%s%s", sep, n[i]);
			sep = ",";
		}
	emu_put(o, ")");
}

static void emu_put_imm_style(struct emu_out *o, const struct gcn_proc *t, char style, uint32_t v16)
{
	switch (style) {
	case 'h': emu_put(o, "0x%x", v16); break;
	case 'I': emu_put_imm(o, v16, 32, true); break;
	case 'u': emu_put(o, "%u", v16); break;
	case 'n': emu_put(o, "%d", (int16_t)v16); break;
	case 'w': emu_put_waitcnt(o, v16); break;
	case 'm': emu_put_sendmsg(o, v16); break;
	case 'r': emu_put_hwreg(o, t, v16); break;
	case 'g': emu_put_gpridx(o, v16); break;
	default: emu_put(o, "%u", v16); break;
	}
}

/* ---- operands ---- */

struct emu_dis {
	struct emu_out *o;
	const struct emu_profile *prof;
	const struct emu_inst *in;
	const struct emu_opfmt *fmt;
	struct emu_syn syn;
	bool sdwa, dpp;
};

/* Source i with its modifiers (VOP3 abs/neg, SDWA sext/neg/abs, DPP neg/abs). */
static void emu_put_vsrc(struct emu_dis *d, int i, unsigned w)
{
	const struct emu_inst *in = d->in;
	struct emu_out *o = d->o;
	unsigned code = in->src[i];
	bool neg = false, abs = false, sext = false;
	if (in->enc == EMU_ENC_VOP3) {
		neg = (in->neg >> i) & 1 && !(d->fmt->ign[1] & (1u << (29 + i)));
		abs = (in->abs >> i) & 1 && !(d->fmt->ign[0] & (1u << (8 + i)));
		if (neg && ((d->fmt->sext >> i) & 1)) {
			neg = false;
			sext = true;
		}
	} else if (in->enc == EMU_ENC_VOP3P && (d->fmt->form & EMU_FM_MIX)) {
		neg = (in->neg >> i) & 1 && !(d->fmt->ign[1] & (1u << (29 + i)));
		abs = (in->neg_hi >> i) & 1 && !(d->fmt->ign[0] & (1u << (8 + i)));
	} else if (d->sdwa && i < 2) {
		unsigned nb = i ? 28 : 20, ab = i ? 29 : 21, sb = i ? 27 : 19;
		neg = (in->ext >> nb) & 1 && !(d->fmt->ign[1] & (1u << nb));
		abs = (in->ext >> ab) & 1 && !(d->fmt->ign[1] & (1u << ab));
		sext = (in->ext >> sb) & 1 && !(d->fmt->ign[1] & (1u << sb));
	} else if (d->dpp && i < 2) {
		unsigned nb = i ? 22 : 20, ab = i ? 23 : 21;
		neg = (in->ext >> nb) & 1 && !(d->fmt->ign[1] & (1u << nb));
		abs = (in->ext >> ab) & 1 && !(d->fmt->ign[1] & (1u << ab));
		if (neg && ((d->fmt->sext >> i) & 1)) {
			neg = false;
			sext = true;
		}
	}
	bool imm = code >= 128 && code <= 255 && !(code >= 235 && code <= 239) && !(code >= 251 && code <= 254);
	bool negfn = neg && !abs && imm;
	if (neg)
		emu_put(o, negfn ? "neg(" : "-");
	if (abs)
		emu_put(o, "|");
	if (sext)
		emu_put(o, "sext(");
	emu_put_src(o, in, code, w, d->fmt->kind[i]);
	if (sext)
		emu_put(o, ")");
	if (abs)
		emu_put(o, "|");
	if (negfn)
		emu_put(o, ")");
}

static void emu_put_smem_off(struct emu_dis *d)
{
	const struct emu_inst *in = d->in;
	if (!(in->flags & EMU_F_IMM)) {
		emu_put_sreg(d->o, in->soffset, 1);
	} else {
		if (in->flags & EMU_F_SOE) {
			emu_put_sreg(d->o, in->soffset, 1);
			emu_put(d->o, " offset:");
		}
		/* LLVM's formatHex of a signed offset */
		if (in->imm < 0)
			emu_put(d->o, "-0x%" PRIx32, (uint32_t)-in->imm);
		else
			emu_put(d->o, "0x%" PRIx32, (uint32_t)in->imm);
	}
}

/* One placeholder. */
static void emu_put_field(struct emu_dis *d, char f, unsigned w, char cls)
{
	const struct emu_inst *in = d->in;
	struct emu_out *o = d->o;
	switch (f) {
	case 'd':
		if (cls == 'n') {
			emu_put_imm(o, (in->w[0] >> 6) & 0x7f, 32, true); /* s_atc_probe: a number */
		} else if (in->enc == EMU_ENC_VOP3 && in->opcode < 0x100) {
			emu_put_reg(o, in->sdst, w);
		} else if (in->enc == EMU_ENC_MUBUF || in->enc == EMU_ENC_MTBUF) {
			emu_put_reg(o, in->dst != EMU_OP_NONE ? in->dst : in->data[0], w);
		} else {
			emu_put_reg(o, in->dst, w);
		}
		break;
	case 'S': emu_put_sreg(o, in->sdst, w); break;
	case '0':
	case '1':
	case '2': {
		int i = f - '0';
		if (cls == 'g') {
			emu_put_gpridx(o, (uint32_t)in->imm);
		} else if (cls == 'p') {
			static const char *const p[3] = {"p10", "p20", "p0"};
			uint32_t v = in->enc == EMU_ENC_VOP3 ? (in->w[1] >> 9) & 0x1ff : in->w[0] & 0xff;
			if (v < 3)
				emu_put(o, "%s", p[v]);
			else
				emu_put(o, "invalid_param_%u", v);
		} else if (in->enc == EMU_ENC_SOP2 || in->enc == EMU_ENC_SOP1 || in->enc == EMU_ENC_SOPC ||
		           in->enc == EMU_ENC_EXP || in->enc == EMU_ENC_VINTRP) {
			emu_put_src(o, in, in->src[i], w, d->fmt->kind[i]);
		} else {
			emu_put_vsrc(d, i, w);
		}
		break;
	}
	case 'a': {
		if (in->addr == EMU_OP_NONE) {
			emu_put(o, "off");
			break;
		}
		unsigned aw = w;
		if (in->enc == EMU_ENC_FLAT)
			aw = (in->seg == 0 || (in->seg == 2 && !(in->flags & EMU_F_SADDR))) ? 2 : 1;
		if (in->enc == EMU_ENC_MUBUF || in->enc == EMU_ENC_MTBUF)
			aw = ((in->flags & EMU_F_OFFEN) && (in->flags & EMU_F_IDXEN)) ? 2 : 1;
		emu_put_reg(o, in->addr, aw);
		break;
	}
	case 'D':
		if (in->enc == EMU_ENC_MUBUF || in->enc == EMU_ENC_MTBUF)
			/* tfe (gfx900) adds the status dword to vdata */
			emu_put_reg(o, in->data[0] != EMU_OP_NONE ? in->data[0] : in->dst, w + !!(in->flags & EMU_F_TFE));
		else
			emu_put_reg(o, in->data[0], w);
		break;
	case 'E': emu_put_reg(o, in->data[1], w); break;
	case 'o':
		if (in->enc == EMU_ENC_FLAT) {
			if (!(in->flags & EMU_F_SADDR))
				emu_put(o, "off");
			else
				emu_put_sreg(o, in->soffset, in->seg == 2 ? 2 : 1);
		} else {
			emu_put_src(o, in, in->soffset, 1, EMU_K_32);
		}
		break;
	case 'r': emu_put_sreg(o, in->srsrc, w); break;
	case 'b': emu_put_sreg(o, in->addr, w); break;
	case 'i':
		if (in->enc == EMU_ENC_SMEM)
			emu_put_smem_off(d);
		else
			emu_put_imm_style(o, d->prof->tgt, cls, (uint32_t)in->imm & 0xffff);
		break;
	case 'K':
		if (cls == 'I') {
			emu_put_imm(o, in->literal, 32, true);
		} else if (cls == 'e') {
			/* LLVM's printU16ImmOperand: 16-bit values as such, else all 32 bits */
			int32_t s = (int32_t)in->literal;
			if (in->literal <= 0xffff || (s >= -32768 && s < 0))
				emu_put(o, "0x%x", in->literal & 0xffff);
			else
				emu_put(o, "0x%" PRIx32, in->literal);
		} else {
			emu_put(o, "0x%" PRIx32, in->literal);
		}
		break;
	case 'A':
		emu_put(o, "attr%u.%c", (unsigned)in->imm >> 2, "xyzw"[in->imm & 3]);
		break;
	default:
		emu_put(o, "/*?%c*/", f);
		break;
	}
}

/* ---- modifiers per encoding ---- */

static bool emu_bit(const struct emu_dis *d, int dw, unsigned b)
{
	uint32_t w = d->in->w[dw];
	return ((w >> b) & 1) && !(d->fmt->ign[dw] & (1u << b));
}

static void emu_put_cpol(struct emu_dis *d, bool glc, bool slc, bool sc1)
{
	struct emu_cpol p = emu_cpol_decode(d->prof->tgt, 0);
	if (glc)
		emu_put(d->o, "%s", p.name[0]);
	if (slc)
		emu_put(d->o, "%s", p.name[1]);
	if (sc1)
		emu_put(d->o, "%s", p.name[2]);
}

static void emu_put_omod(struct emu_out *o, unsigned omod)
{
	static const char *const s[4] = {"", " mul:2", " mul:4", " div:2"};
	emu_put(o, "%s", s[omod & 3]);
}

static const char *const emu_sdwa_sel[7] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD"};

static void emu_mods_sdwa(struct emu_dis *d)
{
	const struct emu_inst *in = d->in;
	struct emu_out *o = d->o;
	uint32_t x = in->ext;
	bool vopc = in->enc == EMU_ENC_VOPC;
	if (!vopc) {
		if (emu_bit(d, 1, 13))
			emu_put(o, " clamp");
		if (!(d->fmt->ign[1] & (3u << 14)))
			emu_put_omod(o, (x >> 14) & 3);
		static const char *const unused[4] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "?"};
		if (in->dst != EMU_OP_NONE && !(d->fmt->form & EMU_FM_SDWA_NODST))
			emu_put(o, " dst_sel:%s dst_unused:%s", emu_sdwa_sel[((x >> 8) & 7) % 7], unused[(x >> 11) & 3]);
	}
	if (in->src[0] != EMU_OP_NONE)
		emu_put(o, " src0_sel:%s", emu_sdwa_sel[((x >> 16) & 7) % 7]);
	if (in->enc != EMU_ENC_VOP1 && in->src[1] != EMU_OP_NONE)
		emu_put(o, " src1_sel:%s", emu_sdwa_sel[((x >> 24) & 7) % 7]);
}

/* dpp_ctrl values above the quad permutes (row_newbcast: gfx90a and later). */
static const struct emu_code_name emu_dpp_ctrl[] = {
	{0x101, 0x10f, 0x100, "row_shl:"}, {0x111, 0x11f, 0x110, "row_shr:"}, {0x121, 0x12f, 0x120, "row_ror:"},
	{0x130, 0x130, 0, "wave_shl:1"}, {0x134, 0x134, 0, "wave_rol:1"},
	{0x138, 0x138, 0, "wave_shr:1"}, {0x13c, 0x13c, 0, "wave_ror:1"},
	{0x140, 0x140, 0, "row_mirror"}, {0x141, 0x141, 0, "row_half_mirror"},
	{0x142, 0x142, 0, "row_bcast:15"}, {0x143, 0x143, 0, "row_bcast:31"},
	{0x150, 0x15f, 0x150, "row_newbcast:"},
};

static void emu_mods_dpp(struct emu_dis *d)
{
	struct emu_out *o = d->o;
	uint32_t x = d->in->ext;
	unsigned c = (x >> 8) & 0x1ff;
	emu_put(o, " ");
	if (c <= 0xff)
		emu_put(o, "quad_perm:[%u,%u,%u,%u]", c & 3, (c >> 2) & 3, (c >> 4) & 3, (c >> 6) & 3);
	else if ((c >= 0x150 && !gcn_has(d->prof->tgt, GCN_F_GFX90A_INSTS)) ||
	         !emu_put_code_name(o, emu_dpp_ctrl, sizeof(emu_dpp_ctrl) / sizeof(emu_dpp_ctrl[0]), c))
		emu_put(o, "/* invalid dpp_ctrl */");
	emu_put(o, " row_mask:0x%x bank_mask:0x%x", (x >> 28) & 0xf, (x >> 24) & 0xf);
	if ((x >> 19) & 1)
		emu_put(o, " bound_ctrl:1");
}

static void emu_put_packed(struct emu_out *o, const char *name, unsigned bits, int n, bool dflt_one)
{
	bool all = true;
	for (int i = 0; i < n; i++)
		if (((bits >> i) & 1) != (unsigned)dflt_one)
			all = false;
	if (all)
		return;
	emu_put(o, " %s:[", name);
	for (int i = 0; i < n; i++)
		emu_put(o, "%s%u", i ? "," : "", (bits >> i) & 1);
	emu_put(o, "]");
}

static void emu_mods_vop3(struct emu_dis *d)
{
	const struct emu_inst *in = d->in;
	struct emu_out *o = d->o;
	int nsrc = d->syn.used['2'] ? 3 : d->syn.used['1'] ? 2 : d->syn.used['0'] ? 1 : 0;
	if (in->enc == EMU_ENC_VOP3) {
		if (d->syn.used['A'] && in->fmt)
			emu_put(o, " high");
		/* op_sel (GFX9 16-bit VOP3): printed with the dst bit when any is set */
		unsigned os = in->opsel;
		bool any = false;
		for (int i = 0; i < 4; i++)
			if (((os >> i) & 1) && !(d->fmt->ign[0] & (1u << (11 + i))) && !d->syn.used['S'])
				any = true;
		if (any && d->fmt->nsel) {
			int ns = d->fmt->nsel - 1;
			emu_put(o, " op_sel:[");
			for (int i = 0; i < ns; i++)
				emu_put(o, "%s%u", i ? "," : "", (os >> i) & 1);
			emu_put(o, ",%u]", (os >> 3) & 1);
		}
		if (emu_bit(d, 0, 15))
			emu_put(o, " clamp");
		if (!(d->fmt->ign[1] & (3u << 27)))
			emu_put_omod(o, in->omod);
		return;
	}
	if (in->op->cls == EMU_CLS_MFMA) {
		uint32_t w0 = in->w[0], w1 = in->w[1];
		unsigned cbsz = (w0 >> 8) & 7, abid = (w0 >> 11) & 15, blgp = (w1 >> 29) & 7;
		if (cbsz)
			emu_put(o, " cbsz:%u", cbsz);
		if (abid)
			emu_put(o, " abid:%u", abid);
		if (blgp) {
			if (gcn_has(d->prof->tgt, GCN_F_GFX940_INSTS) && strstr(in->op->mnemonic, "f64"))
				emu_put(o, " neg:[%u,%u,%u]", blgp & 1, (blgp >> 1) & 1, (blgp >> 2) & 1);
			else
				emu_put(o, " blgp:%u", blgp);
		}
		return;
	}
	bool packed = d->fmt->form & EMU_FM_PACKED;
	bool mix = d->fmt->form & EMU_FM_MIX;
	unsigned os = in->opsel, oh = in->opsel_hi;
	if (d->fmt->nsel)
		nsrc = d->fmt->nsel;
	if (!(d->fmt->ign[0] & (7u << 11)))
		emu_put_packed(o, "op_sel", os, nsrc, false);
	if (!(d->fmt->ign[1] & (3u << 27)))
		emu_put_packed(o, "op_sel_hi", oh, nsrc, packed);
	if (!mix && !(d->fmt->ign[1] & (7u << 29)))
		emu_put_packed(o, "neg_lo", in->neg, nsrc, false);
	if (!mix && !(d->fmt->ign[0] & (7u << 8)))
		emu_put_packed(o, "neg_hi", in->neg_hi, nsrc, false);
	if (emu_bit(d, 0, 15))
		emu_put(o, " clamp");
}

static void emu_mods_mem(struct emu_dis *d)
{
	const struct emu_inst *in = d->in;
	struct emu_out *o = d->o;
	uint32_t w0 = in->w[0], w1 = in->w[1];
	bool gfx90a = gcn_has(d->prof->tgt, GCN_F_GFX90A_INSTS);
	switch (in->enc) {
	case EMU_ENC_SMEM:
		if (emu_bit(d, 0, 16))
			emu_put(o, " glc");
		if (emu_bit(d, 0, 15))
			emu_put(o, " nv");
		break;
	case EMU_ENC_DS: {
		unsigned off0 = w0 & 0xff, off1 = (w0 >> 8) & 0xff;
		if (d->fmt->form & EMU_FM_DS_OFF2) {
			if (off0)
				emu_put(o, " offset0:%u", off0);
			if (off1)
				emu_put(o, " offset1:%u", off1);
		} else if (d->fmt->form & EMU_FM_DS_SWZ) {
			unsigned v = w0 & 0xffff;
			if (v) {
				emu_put(o, " offset:");
				if ((v & 0x8000) == 0x8000) {
					emu_put(o, "swizzle(QUAD_PERM,%u,%u,%u,%u)", v & 3, (v >> 2) & 3, (v >> 4) & 3,
					        (v >> 6) & 3);
				} else if (!(v & 0x8000)) {
					unsigned and_m = v & 0x1f, or_m = (v >> 5) & 0x1f, xor_m = (v >> 10) & 0x1f;
					unsigned gs = 0x1f - and_m + 1;
					if (and_m == 0x1f && or_m == 0 && xor_m && !(xor_m & (xor_m - 1)))
						emu_put(o, "swizzle(SWAP,%u)", xor_m);
					else if (and_m == 0x1f && or_m == 0 && xor_m && !((xor_m + 1) & xor_m))
						emu_put(o, "swizzle(REVERSE,%u)", xor_m + 1);
					else if (gs > 1 && !(gs & (gs - 1)) && or_m < gs && xor_m == 0)
						emu_put(o, "swizzle(BROADCAST,%u,%u)", gs, or_m);
					else {
						emu_put(o, "swizzle(BITMASK_PERM,\"");
						for (int b = 4; b >= 0; b--) {
							unsigned p0 = ((0 & and_m) | or_m) ^ xor_m, p1 = ((0x1f & and_m) | or_m) ^ xor_m;
							unsigned a = (p0 >> b) & 1, c = (p1 >> b) & 1;
							emu_put(o, "%c", a == c ? (a ? '1' : '0') : (a ? 'i' : 'p'));
						}
						emu_put(o, "\")");
					}
				} else {
					emu_put(o, "%u", v);
				}
			}
		} else if (d->fmt->form & EMU_FM_DS_OFF16) {
			if (w0 & 0xffff)
				emu_put(o, " offset:%u", w0 & 0xffff);
		}
		if ((d->fmt->form & EMU_FM_DS_GDS) || emu_bit(d, 0, 16))
			emu_put(o, " gds");
		break;
	}
	case EMU_ENC_FLAT:
		if (in->imm && !(d->fmt->form & EMU_FM_NOOFF))
			emu_put(o, " offset:%d", in->imm);
		emu_put_cpol(d, emu_bit(d, 0, 16), emu_bit(d, 0, 17), gfx90a && emu_bit(d, 0, 25));
		if (!gfx90a && emu_bit(d, 1, 23))
			emu_put(o, " nv");
		if (emu_bit(d, 0, 13) && !(gcn_has(d->prof->tgt, GCN_F_FLAT_SCRATCH_SVS) && in->seg == 1))
			emu_put(o, " lds");
		break;
	case EMU_ENC_MUBUF:
	case EMU_ENC_MTBUF: {
		bool mtbuf = in->enc == EMU_ENC_MTBUF;
		if (mtbuf) {
			/* GFX9 dfmt/nfmt names (default dfmt 1, nfmt 0 are omitted) */
			static const char *const dfmt[16] = {
				"BUF_DATA_FORMAT_INVALID", "BUF_DATA_FORMAT_8", "BUF_DATA_FORMAT_16", "BUF_DATA_FORMAT_8_8",
				"BUF_DATA_FORMAT_32", "BUF_DATA_FORMAT_16_16", "BUF_DATA_FORMAT_10_11_11",
				"BUF_DATA_FORMAT_11_11_10", "BUF_DATA_FORMAT_10_10_10_2", "BUF_DATA_FORMAT_2_10_10_10",
				"BUF_DATA_FORMAT_8_8_8_8", "BUF_DATA_FORMAT_32_32", "BUF_DATA_FORMAT_16_16_16_16",
				"BUF_DATA_FORMAT_32_32_32", "BUF_DATA_FORMAT_32_32_32_32", "BUF_DATA_FORMAT_RESERVED_15"};
			static const char *const nfmt[8] = {"BUF_NUM_FORMAT_UNORM", "BUF_NUM_FORMAT_SNORM",
			                                    "BUF_NUM_FORMAT_USCALED", "BUF_NUM_FORMAT_SSCALED",
			                                    "BUF_NUM_FORMAT_UINT", "BUF_NUM_FORMAT_SINT",
			                                    "BUF_NUM_FORMAT_RESERVED_6", "BUF_NUM_FORMAT_FLOAT"};
			unsigned df = in->fmt & 0xf, nf = (in->fmt >> 4) & 7;
			if (df != 1 || nf != 0) {
				emu_put(o, " format:[");
				if (df != 1)
					emu_put(o, "%s%s", dfmt[df], nf != 0 ? "," : "");
				if (nf != 0)
					emu_put(o, "%s", nfmt[nf]);
				emu_put(o, "]");
			}
		}
		if (in->flags & EMU_F_IDXEN)
			emu_put(o, " idxen");
		if (in->flags & EMU_F_OFFEN)
			emu_put(o, " offen");
		if (in->imm && !(d->fmt->form & EMU_FM_NOOFF))
			emu_put(o, " offset:%d", in->imm);
		if (mtbuf)
			emu_put_cpol(d, emu_bit(d, 0, 14), emu_bit(d, 1, 22), gfx90a && emu_bit(d, 1, 21));
		else
			emu_put_cpol(d, emu_bit(d, 0, 14), emu_bit(d, 0, 17), gfx90a && emu_bit(d, 0, 15));
		if (!mtbuf && emu_bit(d, 0, 16))
			emu_put(o, " lds");
		if (!gfx90a && emu_bit(d, 1, 23))
			emu_put(o, " tfe");
		(void)w1;
		break;
	}
	default:
		break;
	}
}

/* ---- whole instruction ---- */

static void emu_disasm_exp(struct emu_out *o, const struct emu_inst *in)
{
	static const struct emu_code_name tgts[] = {
		{0, 7, 0, "mrt"}, {8, 8, 0, "mrtz"}, {9, 9, 0, "null"}, {12, 15, 12, "pos"}, {32, 63, 32, "param"},
	};
	/* EXP bits 11, 10, 12, in the order LLVM prints them */
	static const struct { unsigned bit; const char *name; } mods[] = {
		{11, " done"}, {10, " compr"}, {12, " vm"},
	};
	uint32_t w0 = in->w[0], w1 = in->w[1];
	unsigned en = w0 & 0xf, tgt = (w0 >> 4) & 0x3f;
	bool compr = (w0 >> 10) & 1;
	emu_put(o, "exp ");
	if (!emu_put_code_name(o, tgts, sizeof(tgts) / sizeof(tgts[0]), tgt))
		emu_put(o, "invalid_target_%u", tgt);
	for (unsigned i = 0; i < 4; i++) {
		unsigned r = compr ? (i < 2 ? 0 : 1) : i;
		emu_put(o, i ? ", " : " ");
		if (en & (1u << i))
			emu_put(o, "v%u", (w1 >> (8 * r)) & 0xff);
		else
			emu_put(o, "off");
	}
	for (unsigned i = 0; i < sizeof(mods) / sizeof(mods[0]); i++)
		if ((w0 >> mods[i].bit) & 1)
			emu_put(o, "%s", mods[i].name);
}

void emu_disasm(const struct emu_profile *prof, const struct emu_inst *in, char *buf, size_t len)
{
	struct emu_out o = {buf, len, 0};
	if (len)
		buf[0] = 0;
	const struct emu_opfmt *fmt = prof ? emu_inst_fmt(prof, in) : NULL;
	if (!in->op || !fmt) {
		emu_put(&o, ".long 0x%08" PRIx32, in->w[0]);
		return;
	}
	if (in->enc == EMU_ENC_EXP) {
		emu_disasm_exp(&o, in);
		return;
	}
	struct emu_dis d = {.o = &o, .prof = prof, .in = in, .fmt = fmt};
	d.sdwa = in->sdwa;
	d.dpp = in->dpp;
	emu_syn_parse(fmt->syn, &d.syn);
	emu_put(&o, "%s", in->op->mnemonic);

	/* A returning FLAT atomic prints its vdst first. */
	bool flat_ret = in->enc == EMU_ENC_FLAT &&
	                (in->op->cls == EMU_CLS_FLAT_ATOMIC || in->op->cls == EMU_CLS_VMEM_ATOMIC) &&
	                (in->flags & EMU_F_GLC) && !d.syn.used['d'];
	bool first = true;
	for (const char *p = fmt->syn; *p; p++) {
		if (*p == '%' && p[1] && p[2] && p[3]) {
			char f = p[1], wc = p[2], cls = p[3];
			unsigned w = (unsigned)(wc <= '9' ? wc - '0' : wc - 'a' + 10);
			/* loads to LDS have no vdata/vdst operand */
			if ((f == 'D' && in->enc == EMU_ENC_MUBUF && (in->flags & EMU_F_LDS)) ||
			    (f == 'd' && in->enc == EMU_ENC_FLAT && in->dst == EMU_OP_NONE)) {
				p += 3;
				if (p[1] == ',' && p[2] == ' ')
					p += 2;
				continue;
			}
			if (flat_ret && first) {
				emu_put_reg(&o, in->dst, in->op->dst_dw ? in->op->dst_dw : 1);
				emu_put(&o, ", ");
			}
			first = false;
			emu_put_field(&d, f, w, cls);
			p += 3;
		} else if (!strncmp(p, "vcc", 3) && d.syn.vcc_out && in->sdst != EMU_OP_NONE && first) {
			emu_put_sreg(&o, in->sdst, 2);
			first = false;
			p += 2;
		} else {
			if (*p == ' ' && in->enc == EMU_ENC_SOPP && (fmt->form & EMU_FM_IMM_OPT) && !(in->imm & 0xffff))
				break;
			emu_put(&o, "%c", *p);
		}
	}

	switch (in->enc) {
	case EMU_ENC_VOP1:
	case EMU_ENC_VOP2:
	case EMU_ENC_VOPC:
		if (in->sdwa)
			emu_mods_sdwa(&d);
		else if (in->dpp)
			emu_mods_dpp(&d);
		break;
	case EMU_ENC_VOP3:
	case EMU_ENC_VOP3P:
		emu_mods_vop3(&d);
		break;
	case EMU_ENC_SMEM:
	case EMU_ENC_DS:
	case EMU_ENC_FLAT:
	case EMU_ENC_MUBUF:
	case EMU_ENC_MTBUF:
		emu_mods_mem(&d);
		break;
	default:
		break;
	}
}

void emu_disasm_msg(const struct emu_profile *prof, const struct emu_inst *in, char *buf, size_t len)
{
	const char *m = in && in->op ? in->op->mnemonic : NULL;

	emu_disasm(prof, in, buf, len);
	/* SOPP simm16 branches: the target is the next instruction + 4 x simm16
	 * bytes (GFX9 ISA, s_branch: PC = PC + signext(SIMM16 * 4) + 4). */
	if (!m || in->enc != EMU_ENC_SOPP || (strncmp(m, "s_branch", 8) != 0 && strncmp(m, "s_cbranch_", 10) != 0))
		return;
	int64_t to = (int64_t)in->off + 4 + 4 * (int64_t)in->imm;
	if (to >= 0)
		snprintf(buf, len, "%s %d (to 0x%llx)", m, (int)in->imm, (unsigned long long)to);
	else
		snprintf(buf, len, "%s %d", m, (int)in->imm);
}
