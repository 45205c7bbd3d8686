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
#include "core/emu_dispatch_ctx.h"
#include "core/emu_gpu_private.h"
#include "core/emu_hazard.h"
#include "core/emu_suppress.h"
#include "gcn_array.h"

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

void emu_check_prog_regs(const struct emu_program *prog, uint64_t regs[EMU_CHECK_WORDS])
{
	memset(regs, 0, EMU_CHECK_WORDS * sizeof(uint64_t));
	for (uint32_t i = 0; i < prog->size / 4; i++) {
		const struct emu_inst *in = &prog->insts[i];
		if (!in->size || !in->hz_regs)
			continue;
		struct emu_hazard_span rd[EMU_HAZARD_MAX_SPANS], wr[EMU_HAZARD_MAX_SPANS];
		unsigned nrd, nwr;
		emu_hazard_spans(in, rd, &nrd, wr, &nwr);
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
 * emu_reg_fold does (SGPR code c to bit (c + 32) % 64, VGPR/AGPR code c
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
	/* unrolled: 16 stores instead of a loop of 16 (the first write of
	 * every VGPR comes here) */
#pragma GCC unroll 16
	for (unsigned l = 0; l < EMU_LANES; l += 4)
		memcpy(row + l, &p, sizeof(p));
}

/* Count one warning of a kind; true, with the instruction's disassembly in
 * dis ("?" when there is none), while it is still to be printed: the
 * first CHECK_WARN_MAX, unless an earlier dispatch printed them. */
static bool check_warn(struct emu_dispatch_ctx *ctx, uint64_t *count, const struct emu_inst *in,
                       char *dis, size_t n)
{
	if (++*count > CHECK_WARN_MAX || ctx->check_quiet)
		return false;
	if (in)
		emu_disasm_msg(ctx->prof, in, dis, n);
	else
		snprintf(dis, n, "?");
	return true;
}

/* The two kinds of uninitialised read, in the words of their reports. */
struct check_read {
	const char *name;         /* "uninitialised <name>" */
	const char *writers;      /* who did not write what was read */
	const char *previous;     /* whose leftovers it holds */
	const char *poison;       /* what it holds, before the poison value */
	const char *warn_poison;  /* the warning's shorter words for it, or NULL */
};

static const struct check_read check_reg_read = {
	"read", "no instruction of the wave wrote and the launch does not initialise", "wave",
	"the poison", NULL,
};

static const struct check_read check_lds_read = {
	"LDS read", "no DS instruction of this workgroup wrote", "workgroup", "poison bytes of", "poison",
};

/* An uninitialised read of `what` (a register or LDS byte, at fault address
 * addr): a fault in strict mode, else a warning (check_warn). */
static void report_read(struct emu_wave *w, const struct emu_inst *in, uint64_t addr,
                        const struct check_read *k, const char *what)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	char held[48], dis[96];

	snprintf(held, sizeof(held), "%s 0x%08x", k->poison, EMU_POISON);
	if (ctx->strict) {
		emu_fault(w, in, EMU_FAULT_OTHER, addr,
		          "uninitialised %s: this instruction reads %s, which %s (it holds whatever the "
		          "previous %s left; here %s)", k->name, what, k->writers, k->previous, held);
		return;
	}
	if (check_warn(ctx, &ctx->uninit, in, dis, sizeof(dis)))
		fprintf(ctx->warn,
		        "gcnlab-emu: warning: uninitialised %s in %s (%s): `%s` at 0x%x reads %s, which %s; "
		        "it reads %s (wave %u)\n",
		        k->name, ctx->kernel_name, ctx->prof->proc, dis, in ? in->off : 0, what, k->writers,
		        k->warn_poison ? k->warn_poison : held, w->id);
}

static void report_uninit(struct emu_wave *w, const struct emu_inst *in, unsigned code)
{
	char reg[16];

	reg_name(code, reg, sizeof(reg));
	report_read(w, in, 0, &check_reg_read, reg);
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
	emu_hazard_spans(in, rd, &nrd, wr, &nwr);
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

/* ---- LDS check findings (w->ops->lds_report; the checks: wave/emu_wave_lds.c) ---- */

static void report_lds_uninit(struct emu_wave *w, const struct emu_inst *in, uint32_t addr)
{
	char byte[32];

	if (w->ctx->suppressed & EMU_SUPPRESS_UNINIT_LDS)
		return;  /* read by design (the kernel's suppression) */
	snprintf(byte, sizeof(byte), "LDS byte 0x%x", addr);
	report_read(w, in, addr, &check_lds_read, byte);
}

static void report_lds_oob(struct emu_wave *w, const struct emu_inst *in, uint64_t addr, unsigned bytes)
{
	struct emu_dispatch_ctx *ctx = w->ctx;
	/* A warning in strict mode too: the hardware defines the result
	 * (reads 0, writes dropped), and kernels rely on it. */
	char dis[96];
	if (ctx->suppressed & EMU_SUPPRESS_LDS_OOB)
		return;  /* by design (the kernel's suppression) */
	if (check_warn(ctx, &ctx->lds_oob, in, dis, sizeof(dis)))
		fprintf(ctx->warn,
		        "gcnlab-emu: warning: LDS access out of range in %s (%s): `%s` at 0x%x touches %u "
		        "byte(s) at LDS address 0x%llx, at or beyond the workgroup's %u-byte allocation; the "
		        "hardware reads 0 and drops writes there (wave %u)\n",
		        ctx->kernel_name, ctx->prof->proc, dis, in ? in->off : 0, bytes, (unsigned long long)addr,
		        w->wg->lds_size, w->id);
}

void emu_check_lds_report(struct emu_wave *w, const struct emu_inst *in, enum emu_lds_report what,
                          uint64_t addr, unsigned bytes)
{
	if (what == EMU_LDS_UNINIT)
		report_lds_uninit(w, in, (uint32_t)addr);
	else
		report_lds_oob(w, in, addr, bytes);
}

void emu_check_summary(struct emu_dispatch_ctx *ctx)
{
	bool any = ctx->uninit || ctx->lds_oob || ctx->descriptor || ctx->hazards || ctx->hazards_ws;
	if (ctx->check_quiet || !any)
		return;
	if (ctx->uninit || ctx->lds_oob)
		fprintf(stderr,
	        "gcnlab-emu: warning: %s: %llu uninitialised read(s) and %llu out-of-range LDS access(es) "
	        "in this dispatch (the first %u of each shown; later dispatches of this kernel are not "
	        "reported again; GCNLAB_EMU_STRICT=1 makes uninitialised reads errors)\n",
	        ctx->kernel_name, (unsigned long long)ctx->uninit, (unsigned long long)ctx->lds_oob,
	        CHECK_WARN_MAX);
	if ((ctx->hazards || ctx->hazards_ws) && !ctx->strict)
		fprintf(stderr,
		        "gcnlab-emu: warning: %s: %llu waitcnt hazard(s) and %llu wait-state hazard(s) in this "
		        "dispatch (the first %u waitcnt hazards and the first of each wait-state rule shown; "
		        "later dispatches of this kernel are not reported again; GCNLAB_EMU_STRICT=1 makes "
		        "them errors; `gcnlab check` finds them without running)\n",
		        ctx->kernel_name, (unsigned long long)ctx->hazards, (unsigned long long)ctx->hazards_ws,
		        EMU_HAZARD_WARN_MAX);
	/* Quiet from now on; out of memory only means more warnings. */
	struct emu_gpu *g = ctx->gpu;
	uint64_t *n = gcn_array_room(g->check_quiet, &g->check_quiet_cap, g->ncheck_quiet, sizeof(*n), 16);
	if (!n)
		return;
	g->check_quiet = n;
	g->check_quiet[g->ncheck_quiet++] = ctx->kd_addr;
}

bool emu_check_quiet(const struct emu_gpu *g, uint64_t kd_addr)
{
	for (size_t i = 0; i < g->ncheck_quiet; i++)
		if (g->check_quiet[i] == kd_addr)
			return true;
	return false;
}
