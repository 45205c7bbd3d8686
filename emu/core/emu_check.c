/*
 * emu_check — poison and first-read reports for state the launch does not
 * initialise, and out-of-range LDS reports (what and why: emu_check.h).
 * Reports are warnings on stderr (the first few of each kind per dispatch)
 * and faults with GCNLAB_EMU_STRICT=1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/emu_check.h"
#include "core/emu_dispatch.h"
#include "core/emu_gpu_private.h"
#include "core/emu_hazard.h"

/* Warnings printed per kind and dispatch; the rest are counted. */
#define CHECK_WARN_MAX 3

static inline bool bit_get(const uint64_t *m, unsigned r)
{
	return (m[r >> 6] >> (r & 63)) & 1;
}

static inline void bit_clear(uint64_t *m, unsigned r)
{
	m[r >> 6] &= ~(1ull << (r & 63));
}

static void set_range(uint64_t *m, unsigned lo, unsigned hi)
{
	while (lo < hi) {
		unsigned n = 64 - (lo & 63) < hi - lo ? 64 - (lo & 63) : hi - lo;
		m[lo >> 6] |= (n == 64 ? ~0ull : ((1ull << n) - 1)) << (lo & 63);
		lo += n;
	}
}

/* ---- registers ---- */

/* emu_hazard_spans, with the destination of memory loads as wide as the
 * load (data_dw, + 1 with tfe): the opcode table's dst_dw is the VGPR
 * width of VALU results, and a buffer_load_dwordx4 writes four. */
static void check_spans(const struct emu_inst *in, struct emu_hazard_span *rd, unsigned *nrd,
                        struct emu_hazard_span *wr, unsigned *nwr)
{
	emu_hazard_spans(in, rd, nrd, wr, nwr);
	const struct emu_opdesc *op = in->op;
	if (!op || in->dst == EMU_OP_NONE || !*nwr)
		return;
	switch (in->enc) {
	case EMU_ENC_DS:
	case EMU_ENC_MUBUF:
	case EMU_ENC_MTBUF:
	case EMU_ENC_FLAT: {
		unsigned n = op->data_dw > op->dst_dw ? op->data_dw : op->dst_dw;
		if (in->flags & EMU_F_TFE)
			n++;
		if (wr[0].lo == in->dst && in->dst + n > wr[0].hi)
			wr[0].hi = (uint16_t)(in->dst + n < 768 ? in->dst + n : 768);
		break;
	}
	default:
		break;
	}
}

void emu_check_prog_regs(const struct emu_program *prog, uint64_t regs[EMU_CHECK_WORDS])
{
	memset(regs, 0, EMU_CHECK_WORDS * sizeof(uint64_t));
	for (uint32_t i = 0; i < prog->size / 4; i++) {
		const struct emu_inst *in = &prog->insts[i];
		if (!in->size || !in->hz_regs)
			continue;
		struct emu_hazard_span rd[EMU_HAZARD_MAX_SPANS], wr[EMU_HAZARD_MAX_SPANS];
		unsigned nrd, nwr;
		check_spans(in, rd, &nrd, wr, &nwr);
		for (unsigned k = 0; k < nrd; k++)
			set_range(regs, rd[k].lo, rd[k].hi);
		for (unsigned k = 0; k < nwr; k++)
			set_range(regs, wr[k].lo, wr[k].hi);
	}
}

void emu_check_wave_begin(struct emu_wave *w)
{
	/* s0..s101 below the trailer (emu_sgpr), then the VGPR and AGPR grants. */
	unsigned s = w->s_lim < 102 ? w->s_lim : 102;
	memset(w->unw, 0, sizeof(w->unw));
	set_range(w->unw, 0, s);
	set_range(w->unw, EMU_OP_VGPR0, EMU_OP_VGPR0 + (w->nvgpr < 256 ? w->nvgpr : 256));
	set_range(w->unw, EMU_OP_VGPR0 + 256, EMU_OP_VGPR0 + 256 + (w->nagpr < 256 ? w->nagpr : 256));
}

void emu_check_wave_abi_sgprs(struct emu_wave *w, unsigned lo, unsigned hi)
{
	for (unsigned r = lo; r < hi && r < 128; r++)
		bit_clear(w->unw, r);
}

void emu_check_wave_abi_vgprs(struct emu_wave *w, unsigned n)
{
	for (unsigned r = 0; r < n; r++)
		bit_clear(w->unw, EMU_OP_VGPR0 + r);
}

/* w->unw_fold: the unwritten registers the program names, folded as
 * emu_hazard_fold does (SGPR code c to bit (c + 32) % 64, VGPR/AGPR code c
 * to c % 64; codes 256 and 512 start words). */
static void refold(struct emu_wave *w)
{
	const uint64_t *named = w->ctx->check_regs;
	uint64_t sg = (w->unw[0] & named[0]) | (w->unw[1] & named[1]);
	uint64_t f = sg << 32 | sg >> 32;
	for (unsigned i = 4; i < EMU_CHECK_WORDS; i++)
		f |= w->unw[i] & named[i];
	w->unw_fold = f;
}

void emu_check_wave_ready(struct emu_wave *w)
{
	refold(w);
}

static void reg_name(unsigned code, char *buf, size_t n)
{
	if (code < EMU_OP_VGPR0)
		snprintf(buf, n, "s%u", code);
	else if (code < EMU_OP_VGPR0 + 256)
		snprintf(buf, n, "v%u", code - EMU_OP_VGPR0);
	else
		snprintf(buf, n, "a%u", code - EMU_OP_VGPR0 - 256);
}

static void poison(struct emu_wave *w, unsigned code)
{
	if (code < EMU_OP_VGPR0) {
		w->s[code] = EMU_POISON;
		return;
	}
	typedef uint32_t u32x4 __attribute__((vector_size(16)));
	const u32x4 p = { EMU_POISON, EMU_POISON, EMU_POISON, EMU_POISON };
	uint32_t *row = emu_vreg(w, code, 0);
	for (unsigned l = 0; l < EMU_LANES; l += 4)
		memcpy(row + l, &p, sizeof(p));
}

static void report_uninit(struct emu_wave *w, const struct emu_inst *in, unsigned code)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	char reg[16];
	reg_name(code, reg, sizeof(reg));
	if (ctx->strict) {
		emu_fault(w, in, EMU_FAULT_OTHER, 0,
		          "uninitialised read: this instruction reads %s, which no instruction of the wave "
		          "wrote and the launch does not initialise (it holds whatever the previous wave left; "
		          "here the poison 0x%08x)", reg, EMU_POISON);
		return;
	}
	if (++ctx->uninit <= CHECK_WARN_MAX && !ctx->check_quiet) {
		char dis[96];
		emu_disasm(ctx->prof, in, dis, sizeof(dis));
		fprintf(stderr,
		        "gcnlab-emu: warning: uninitialised read in %s (%s): `%s` at 0x%x reads %s, which no "
		        "instruction of the wave wrote and the launch does not initialise; it reads the "
		        "poison 0x%08x (wave %u)\n",
		        ctx->kernel_name, ctx->prof->proc, dis, in->off, reg, EMU_POISON, w->id);
	}
}

/* The lane-mask idiom of LLVM's i1 phis (SILowerI1Copies): a loop's lane
 * mask starts undefined and is combined with EXEC by a 64-bit SALU logic
 * op, `s_or_b64 s[6:7], s[6:7], exec`, and later masked with EXEC again;
 * only the bits of EXEC's lanes are ever used, and those are defined. Such
 * a read of an unwritten SGPR pair together with EXEC is not reported: the
 * pair is poisoned and counts as written, its bits outside EXEC stay
 * poison. clang 19 emits it in tests/hip/control.hip (ctrl_ops,
 * early_return). */
static bool lane_mask_idiom(const struct emu_inst *in)
{
	static const char *const ops[] = {
		"s_and_b64", "s_or_b64", "s_xor_b64", "s_andn2_b64", "s_orn2_b64",
		"s_nand_b64", "s_nor_b64", "s_xnor_b64",
	};
	if (in->enc != EMU_ENC_SOP2 || !in->op || !in->op->mnemonic)
		return false;
	if (in->src[0] != EMU_OP_EXEC_LO && in->src[1] != EMU_OP_EXEC_LO)
		return false;
	for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(in->op->mnemonic, ops[i]))
			return true;
	return false;
}

void emu_check_regs(struct emu_wave *w, const struct emu_inst *in)
{
	struct emu_hazard_span rd[EMU_HAZARD_MAX_SPANS], wr[EMU_HAZARD_MAX_SPANS];
	unsigned nrd, nwr;
	check_spans(in, rd, &nrd, wr, &nwr);
	for (unsigned k = 0; k < nrd; k++) {
		for (unsigned r = rd[k].lo; r < rd[k].hi; r++) {
			if (!bit_get(w->unw, r))
				continue;
			bit_clear(w->unw, r);
			poison(w, r);
			if (r < EMU_OP_VGPR0 && lane_mask_idiom(in))
				continue;
			report_uninit(w, in, r);
			if (w->state == EMU_WAVE_FAULT)
				return;
		}
	}
	for (unsigned k = 0; k < nwr; k++) {
		for (unsigned r = wr[k].lo; r < wr[k].hi; r++) {
			if (!bit_get(w->unw, r))
				continue;
			bit_clear(w->unw, r);
			poison(w, r);  /* lanes the write does not reach keep it */
		}
	}
	refold(w);
}

/* ---- LDS ----
 * Written bytes: a shadow byte per LDS byte, nonzero once written; the DS
 * store fast paths set it in the same loop that stores the data
 * (emu_exec_ds.c). Loads that the DS fast paths did all at once are first
 * screened on their data: a dword never written holds EMU_POISON, so an
 * aligned load none of whose dwords equals it read nothing unwritten — as
 * long as no sub-dword or misaligned write mixed poison and data in a
 * dword (wg->lds_partial); only the rest pays for the exact check. */

bool emu_check_lds_init(struct emu_workgroup *wg, uint32_t size)
{
	/* 16 spare bytes past both, so that no lane copy needs a bound. */
	wg->lds = malloc(size + 16);
	wg->lds_sh = calloc(1, size + 16);
	wg->lds_size = size;
	wg->lds_partial = false;
	if (!wg->lds || !wg->lds_sh)
		return false;
	uint32_t p = EMU_POISON;
	for (uint32_t i = 0; i + 4 <= size; i += 4)
		memcpy(wg->lds + i, &p, 4);
	return true;
}

/* Bytes [a, a + n) (inside the allocation) written. Called per lane of
 * every DS store: the usual widths as fixed-size stores the compiler
 * inlines (a memset call per lane was a third of the LDS suite's time). */
static void lds_mark(struct emu_workgroup *wg, uint32_t a, unsigned n)
{
	static const uint64_t ones[2] = { UINT64_MAX, UINT64_MAX };
	uint8_t *p = wg->lds_sh + a;
	switch (n) {
	case 4: memcpy(p, ones, 4); break;
	case 8: memcpy(p, ones, 8); break;
	case 16: memcpy(p, ones, 16); break;
	default: memset(p, 0xff, n); break;
	}
	if ((a | n) & 3)
		wg->lds_partial = true;
}

/* First byte of [a, a + n) not written, or -1. Shadow bytes are 0xff
 * (written) or 0: eight at a time first, bytes only to find the first. */
static int64_t lds_unwritten(const struct emu_workgroup *wg, uint32_t a, unsigned n)
{
	const uint8_t *p = wg->lds_sh + a;
	unsigned i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t v;
		memcpy(&v, p + i, 8);
		if (v != UINT64_MAX)
			break;
	}
	if (i + 4 <= n && i + 8 > n) {
		uint32_t v;
		memcpy(&v, p + i, 4);
		if (v == UINT32_MAX)
			i += 4;
	}
	for (; i < n; i++)
		if (!p[i])
			return (int64_t)a + i;
	return -1;
}

static void report_lds_uninit(struct emu_wave *w, uint32_t addr)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	const struct emu_inst *in = w->cur;
	if (ctx->strict) {
		emu_fault(w, in, EMU_FAULT_OTHER, addr,
		          "uninitialised LDS read: this instruction reads LDS byte 0x%x, which no DS "
		          "instruction of this workgroup wrote (it holds whatever the previous workgroup left; "
		          "here poison bytes of 0x%08x)", addr, EMU_POISON);
		return;
	}
	if (++ctx->uninit <= CHECK_WARN_MAX && !ctx->check_quiet) {
		char dis[96] = "?";
		if (in)
			emu_disasm(ctx->prof, in, dis, sizeof(dis));
		fprintf(stderr,
		        "gcnlab-emu: warning: uninitialised LDS read in %s (%s): `%s` at 0x%x reads LDS byte "
		        "0x%x, which no DS instruction of this workgroup wrote; it reads poison (wave %u)\n",
		        ctx->kernel_name, ctx->prof->proc, dis, in ? in->off : 0, addr, w->id);
	}
}

void emu_check_lds_oob(struct emu_wave *w, const struct emu_inst *in, uint64_t addr, unsigned bytes)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	/* A warning in strict mode too: the hardware defines the result
	 * (reads 0, writes dropped), and kernels rely on it. */
	if (++ctx->lds_oob <= CHECK_WARN_MAX && !ctx->check_quiet) {
		char dis[96] = "?";
		if (in)
			emu_disasm(ctx->prof, in, dis, sizeof(dis));
		fprintf(stderr,
		        "gcnlab-emu: warning: LDS access out of range in %s (%s): `%s` at 0x%x touches %u "
		        "byte(s) at LDS address 0x%llx, at or beyond the workgroup's %u-byte allocation; the "
		        "hardware reads 0 and drops writes there (wave %u)\n",
		        ctx->kernel_name, ctx->prof->proc, dis, in ? in->off : 0, bytes, (unsigned long long)addr,
		        w->wg->lds_size, w->id);
	}
}

void emu_check_lds(struct emu_wave *w, const uint32_t *va, uint32_t off, uint64_t mask, unsigned bytes,
                   enum emu_check_lds_op op)
{
	struct emu_workgroup *wg = w->wg;
	if (!bytes || !wg->lds_sh)
		return;  /* nothing accessed; or a unit-test workgroup without a shadow */
	bool oob_seen = false;
	for (uint64_t m = mask; m; m &= m - 1) {
		uint32_t a = va[__builtin_ctzll(m)] + off;
		if (!emu_lds_in((uint64_t)a + bytes - 1, wg->lds_size)) {
			if (!oob_seen)
				emu_check_lds_oob(w, w->cur, a, bytes);  /* one report per instruction */
			oob_seen = true;
			continue;
		}
		if (op & EMU_CHECK_LDS_READ) {
			int64_t b = lds_unwritten(wg, a, bytes);
			if (b >= 0) {
				report_lds_uninit(w, (uint32_t)b);
				if (w->state == EMU_WAVE_FAULT)
					return;
				lds_mark(wg, a, bytes);  /* reported once per byte */
				continue;
			}
		}
		if (op & EMU_CHECK_LDS_WRITE)
			lds_mark(wg, a, bytes);
	}
}

/* Whether buf[0 .. n) (n a multiple of 4) holds the poison, or some lane
 * address (va[0..63] + off) is not dword-aligned. */
/* Whether buf[0 .. 64 x ndw) holds the poison (ndw 1, 2, 4 or 8): whole
 * 64-dword rows, 32 bytes at a time, two rows' worth of compares in flight. */
__attribute__((target_clones("avx2", "default")))
bool emu_check_lds_poisoned(const uint32_t *buf, unsigned ndw)
{
	typedef uint32_t u32x8 __attribute__((vector_size(32)));
	const u32x8 p = { EMU_POISON, EMU_POISON, EMU_POISON, EMU_POISON,
	                  EMU_POISON, EMU_POISON, EMU_POISON, EMU_POISON };
	u32x8 h0 = { 0 }, h1 = { 0 };
	for (unsigned r = 0; r < ndw; r++) {
		const uint32_t *row = buf + r * EMU_LANES;
#pragma GCC unroll 4
		for (unsigned i = 0; i < EMU_LANES; i += 16) {
			u32x8 x, y;
			memcpy(&x, row + i, sizeof(x));
			memcpy(&y, row + i + 8, sizeof(y));
			h0 |= (u32x8)(x == p);
			h1 |= (u32x8)(y == p);
		}
	}
	h0 |= h1;
	uint64_t h[4];
	memcpy(h, &h0, sizeof(h));
	return (h[0] | h[1] | h[2] | h[3]) != 0;
}

/* Whether some lane address va[l] | offs is not dword-aligned. */
static bool lds_misaligned(const uint32_t *va, uint32_t offs)
{
	uint32_t o = offs;
	for (unsigned l = 0; l < EMU_LANES; l++)
		o |= va[l];
	return o & 3;
}

bool emu_check_lds_suspect(struct emu_wave *w, const uint32_t *buf, unsigned ndw, const uint32_t *va,
                           uint32_t offs)
{
	if (!w->wg->lds_sh)
		return false;
	/* Lanes outside EXEC may hold old data or addresses; a false suspicion
	 * only costs the exact check. */
	return w->wg->lds_partial || emu_check_lds_poisoned(buf, ndw) || (va && lds_misaligned(va, offs));
}

void emu_check_summary(struct emu_dispatch_ctx *ctx)
{
	if (ctx->check_quiet || !(ctx->uninit || ctx->lds_oob || ctx->descriptor))
		return;
	if (ctx->uninit || ctx->lds_oob)
		fprintf(stderr,
	        "gcnlab-emu: warning: %s: %llu uninitialised read(s) and %llu out-of-range LDS access(es) "
	        "in this dispatch (the first %u of each shown; later dispatches of this kernel are not "
	        "reported again; GCNLAB_EMU_STRICT=1 makes uninitialised reads errors)\n",
	        ctx->kernel_name, (unsigned long long)ctx->uninit, (unsigned long long)ctx->lds_oob,
	        CHECK_WARN_MAX);
	/* Quiet from now on; out of memory only means more warnings. */
	struct emu_gpu *g = ctx->gpu;
	if (g->ncheck_quiet == g->check_quiet_cap) {
		size_t cap = g->check_quiet_cap ? 2 * g->check_quiet_cap : 16;
		uint64_t *n = realloc(g->check_quiet, cap * sizeof(*n));
		if (!n)
			return;
		g->check_quiet = n;
		g->check_quiet_cap = cap;
	}
	g->check_quiet[g->ncheck_quiet++] = ctx->kd_addr;
}

bool emu_check_quiet(const struct emu_gpu *g, uint64_t kd_addr)
{
	for (size_t i = 0; i < g->ncheck_quiet; i++)
		if (g->check_quiet[i] == kd_addr)
			return true;
	return false;
}
