/*
 * emu_hazard — detection of registers read or overwritten while an
 * outstanding memory instruction will still write them (emu_hazard.c).
 */
#ifndef EMU_HAZARD_H
#define EMU_HAZARD_H

#include "wave/emu_wave.h"

/* Registers as spans [lo, hi) of operand codes 0..767 (SGPRs, VGPRs,
 * AGPRs): an instruction touches a handful, an outstanding memory
 * instruction writes one. The exact check compares spans; the folded masks
 * below (the instruction's made once, by the decoder) rule out most
 * instructions before it. Inline here so that the decoder needs no more. */
struct emu_hazard_span {
	uint16_t lo, hi;
};

/* At most 3 sources + address + resource + soffset + 2 data = 8 reads. */
#define EMU_HAZARD_MAX_SPANS 8

static inline void emu_hazard_add_span(struct emu_hazard_span *sp, unsigned *n, unsigned code, unsigned len)
{
	if (code == EMU_OP_NONE)
		return;
	if (code >= 128 && code < EMU_OP_VGPR0)
		return; /* constants, literal, special sources */
	if (code >= 768 || !len)
		return;
	unsigned hi = code + len < 768 ? code + len : 768;
	sp[(*n)++] = (struct emu_hazard_span){ (uint16_t)code, (uint16_t)hi };
}

/* The registers `in` reads (rd) and writes (wr), from its decoded fields
 * and the operand widths the opcode table measured on LLVM's disassembler
 * (a memory load's destination as wide as its data); implicit operands
 * (VCC of VOP2 carry ops, M0) are not included. */
static inline void emu_hazard_spans(const struct emu_inst *in, struct emu_hazard_span *rd, unsigned *nrd,
                                    struct emu_hazard_span *wr, unsigned *nwr)
{
	*nrd = *nwr = 0;
	const struct emu_opdesc *op = in->op;
	if (!op)
		return;
	unsigned dw = op->data_dw ? op->data_dw : 1;
	bool dst_read_only = false;
	for (unsigned i = 0; i < 3; i++)
		emu_hazard_add_span(rd, nrd, in->src[i], op->src_dw[i] ? op->src_dw[i] : 1);
	switch (in->enc) {
	case EMU_ENC_DS:
		emu_hazard_add_span(rd, nrd, in->addr, 1);
		emu_hazard_add_span(rd, nrd, in->data[0], dw);
		emu_hazard_add_span(rd, nrd, in->data[1], dw);
		break;
	case EMU_ENC_MUBUF:
	case EMU_ENC_MTBUF:
		emu_hazard_add_span(rd, nrd, in->addr, (in->flags & EMU_F_OFFEN) && (in->flags & EMU_F_IDXEN) ? 2 : 1);
		emu_hazard_add_span(rd, nrd, in->srsrc, 4);
		emu_hazard_add_span(rd, nrd, in->soffset, 1);
		emu_hazard_add_span(rd, nrd, in->data[0], dw);
		break;
	case EMU_ENC_FLAT:
		/* vaddr: a 64-bit address (flat, global without saddr), else a
		 * 32-bit offset (global with saddr, scratch) */
		emu_hazard_add_span(rd, nrd, in->addr, in->seg == 1 || (in->flags & EMU_F_SADDR) ? 1 : 2);
		if (in->flags & EMU_F_SADDR)
			emu_hazard_add_span(rd, nrd, in->soffset, 2);
		emu_hazard_add_span(rd, nrd, in->data[0], dw);
		break;
	case EMU_ENC_SMEM:
		emu_hazard_add_span(rd, nrd, in->addr, 2);
		/* A scalar store or atomic reads sdata; only an atomic with glc
		 * returns into it. */
		if (in->props & (EMU_IP_SSTORE | EMU_IP_ATOMIC)) {
			emu_hazard_add_span(rd, nrd, in->dst, op->dst_dw ? op->dst_dw : 1);
			if (!(in->props & EMU_IP_ATOMIC) || !(in->flags & EMU_F_GLC))
				dst_read_only = true;
		}
		break;
	default:
		break;
	}
	/* A memory load writes as many registers as it reads data (data_dw, +1
	 * with tfe): the table's dst_dw is the VALU result width. */
	unsigned n = op->dst_dw ? op->dst_dw : 1;
	if (in->enc == EMU_ENC_DS || in->enc == EMU_ENC_MUBUF || in->enc == EMU_ENC_MTBUF || in->enc == EMU_ENC_FLAT) {
		n = op->data_dw > op->dst_dw ? op->data_dw : op->dst_dw;
		if (in->flags & EMU_F_TFE)
			n++;
	}
	if (!dst_read_only)
		emu_hazard_add_span(wr, nwr, in->dst, n ? n : 1);
	emu_hazard_add_span(wr, nwr, in->sdst, 2);
}

/* Folded registers that `in` reads or writes (0: none); the decoder
 * stores it in in->hz_regs. */
static inline uint64_t emu_hazard_regs(const struct emu_inst *in)
{
	struct emu_hazard_span rd[EMU_HAZARD_MAX_SPANS], wr[EMU_HAZARD_MAX_SPANS];
	unsigned nrd, nwr;
	uint64_t m = 0;
	emu_hazard_spans(in, rd, &nrd, wr, &nwr);
	for (unsigned i = 0; i < nrd; i++)
		m |= emu_reg_fold(rd[i].lo, rd[i].hi - rd[i].lo);
	for (unsigned i = 0; i < nwr; i++)
		m |= emu_reg_fold(wr[i].lo, wr[i].hi - wr[i].lo);
	return m;
}

/* The registers of `in` (all its spans, read or written) as words of a
 * 768-bit map with their bits, into in->hz_word / hz_mask / hz_nw (see
 * emu_isa.h): the exact map test of the hazard check is then a few ANDs,
 * with no spans to make. More than EMU_HZ_WORDS words leaves hz_nw 0. */
static inline void emu_hazard_words(struct emu_inst *in)
{
	struct emu_hazard_span sp[2 * EMU_HAZARD_MAX_SPANS];
	unsigned nrd, nwr, n = 0;
	emu_hazard_spans(in, sp, &nrd, sp + EMU_HAZARD_MAX_SPANS, &nwr);
	for (unsigned i = 0; i < nwr; i++)
		sp[nrd + i] = sp[EMU_HAZARD_MAX_SPANS + i];
	in->hz_nw = 0;
	for (unsigned i = 0; i < nrd + nwr; i++)
		for (unsigned r = sp[i].lo; r < sp[i].hi; r++) {
			unsigned k = 0;
			while (k < n && in->hz_word[k] != r >> 6)
				k++;
			if (k == n) {
				if (n == EMU_HZ_WORDS)
					return;
				in->hz_word[n] = (uint8_t)(r >> 6);
				in->hz_mask[n++] = 0;
			}
			in->hz_mask[k] |= 1ull << (r & 63);
		}
	in->hz_nw = (uint8_t)(n + 1);
}

/* Check `in`, about to execute on w, against the results w's counters do
 * not guarantee yet (w->owed). Counts every hazard (ctx->hazards, the
 * GCNLAB_HAZARD_WAITCNT counter); warns on stderr for the first
 * EMU_HAZARD_WARN_MAX of a kernel or, in strict mode, faults. Returns
 * whether it found one, for the caller's trace. */
bool emu_hazard_check(struct emu_wave *w, const struct emu_inst *in);

#define EMU_HAZARD_WARN_MAX 3

static inline bool emu_hazard_span_hit(const struct emu_hazard_span *sp, unsigned n, struct emu_hazard_span p)
{
	for (unsigned i = 0; i < n; i++)
		if (sp[i].lo < p.hi && p.lo < sp[i].hi)
			return true;
	return false;
}

/* Whether span s has a register set in the 768-bit map m. */
static inline bool emu_hazard_map_hit(const uint64_t *m, struct emu_hazard_span s)
{
	for (unsigned r = s.lo; r < s.hi; r++)
		if ((m[r >> 6] >> (r & 63)) & 1)
			return true;
	return false;
}

/* What `in` (its registers rd, wr from emu_hazard_spans) does to the
 * registers e of an outstanding result of return stream ord: 0 nothing,
 * 1 reads one, 2 overwrites one. A load returning into the registers of an
 * earlier result of its own ordered stream does not: its data lands after
 * the earlier one's. Shared by the dynamic check and core/emu_lint.c. */
static inline int emu_hazard_touch(const struct emu_inst *in, const struct emu_hazard_span *rd, unsigned nrd,
                                   const struct emu_hazard_span *wr, unsigned nwr, unsigned ord,
                                   struct emu_hazard_span e)
{
	if (emu_hazard_span_hit(rd, nrd, e))
		return 1;
	if (!emu_hazard_span_hit(wr, nwr, e))
		return 0;
	struct emu_counts k = emu_counts_of(in);
	return k.cnts && k.ord != EMU_ORD_NONE && k.ord == ord ? 0 : 2;
}

/* An outstanding result as the report describes it. */
struct emu_owed_view {
	uint8_t cnts, ord;
	uint32_t younger;      /* its ordered stream's instructions issued after it */
	uint8_t had[2];        /* the last vmcnt / lgkmcnt waited for since (EMU_OWED_NO_WAIT: none) */
};

/* "needs vmcnt(13), had vmcnt(14)": the loosest wait that would have
 * guaranteed it, and the one the program had. */
void emu_hazard_describe(const struct emu_owed_view *e, char *buf, size_t len);

#endif
