/*
 * gl_compare — `gcnlab compare ASM_KERNEL [--ref HIP_KERNEL]`: a hand-written
 * kernel next to the compiler's version of the same kernel (issue 8).
 *
 * Both code objects are looked up in <build>/<arch>/ (and test/), the
 * reference by --ref, by the suite that owns the kernel
 * (gl_suite_launch.ref), or as <kernel>_hip. Then, for each of the two:
 *   code       llvm-objdump's disassembly (gl_disasm), normalised, and the
 *              two aligned into a side-by-side diff (gl_compare_align: GNU
 *              diff over the instruction shapes);
 *   mix        instructions by class and the s_waitcnt sets (gl_inst_mix), in the
 *              code and, with the emulator's trace, as executed;
 *   resources  registers, LDS, scratch, code size and the occupancy each
 *              allows (gl_occupancy);
 *   run        one dispatch whose buffers are compared with the other
 *              kernel's (same launch, same initial contents), the timing
 *              loop (warm-up + reps, GPU timestamps, GB/s when the bytes are
 *              known), and on the emulated GPU the counters of the last
 *              timed dispatch and a traced dispatch: the top stall sites.
 * The report goes to stdout and to <out>/<arch>-<backend>/compare-<kernel>.html
 * (one self-contained page: inline CSS, no scripts, nothing fetched).
 */
#ifndef GL_COMPARE_H
#define GL_COMPARE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcn_codeobj.h"
#include "gcnlab_emu_ext.h"
#include "report/gl_disasm.h"
#include "base/gl_err.h"
#include "gpu/gl_hsa.h"
#include "gpu/gl_occupancy.h"
#include "measure/gl_inst_mix.h"
#include "cli/gl_opts.h"
#include "report/gl_results.h"
#include "suites/gl_suite.h"
#include "measure/gl_timing.h"
#include "cli/gl_timeline.h"

/* One of the two kernels. */
struct gl_compare_side {
	const char *role;                 /* "asm" or "ref" */
	char kernel[128];
	char code[PATH_MAX];              /* its code object */
	void *file;                       /* the code object's bytes */
	size_t file_size;
	struct gcn_codeobj co;
	bool have_co;
	const struct gcn_kernel *meta;    /* in co */
	struct gl_disasm dis;
	struct gl_inst_mix mix;                /* in the code */
	struct gl_occupancy res;
	uint8_t kd[64];                   /* the kernel descriptor (gl_kd) */
	/* the run */
	bool timed;
	struct gl_timing_stats st;
	bool have_counters;
	struct gcnlab_emu_counters counters;   /* last timed dispatch */
	bool traced;
	struct gcnlab_emu_trace_row *trace;    /* owned copy */
	size_t ntrace;
	uint64_t trace_cycles;            /* sum of the rows' cycles */
	uint64_t trace_stall;             /* sum of their stall cycles */
	struct gl_inst_mix exec_mix;           /* wave-instructions issued, by class */
	/* The traced dispatch's timeline (emulator only: the first workgroup's
	 * waves), written beside the page; timeline_page: its file name, "" if none. */
	struct gl_cmd_opts tl_opts;
	struct gl_timeline tl;
	char timeline_page[NAME_MAX + 1];
};

enum gl_compare_mark {
	GL_CMP_SAME,      /* same normalised text */
	GL_CMP_CHANGED,   /* both sides, different text */
	GL_CMP_LEFT,      /* asm only */
	GL_CMP_RIGHT,     /* reference only */
};

struct gl_compare_row {
	enum gl_compare_mark mark;
	long left, right;                 /* instruction indices, -1 for none */
	unsigned loop;                    /* 1.. the pair of loops it lies in, 0 none */
};

struct gl_compare {
	char arch[16];
	char backend[16];                 /* "emu", "rocr" */
	struct gl_suite_launch launch;    /* shape and ARGs; kernel = the asm one */
	char launch_from[64];             /* "the copy suite", "the command line" */
	struct gl_compare_side side[2];   /* [0] asm, [1] reference */
	struct gl_compare_row *rows;
	size_t nrows;
	unsigned nloops;                  /* pairs of loops aligned with each other */
	bool raw;                         /* --raw: show the instructions as llvm-objdump printed them */
	unsigned reps, warmup, top;
	unsigned ulp;                     /* --ulp: f32 outputs may differ by this many ULP (0: bytes equal) */
	bool ulp_given;
	bool ran;                         /* the run part happened (both timed) */
	bool outputs_same;
	char outputs[512];                /* what the buffer comparison found */
	char trace_note[256];             /* why there is no trace, "" if there is */
};

/* Align side[0] and side[1] (normalised first) into rows, loops facing
 * loops: each listing's outermost loops (a backward branch to its target)
 * pair up, in order when both have as many, else the largest of each and
 * then the code before and after them the same way; every pair of loops
 * and each stretch of code between them is aligned on its own. Inside one:
 * GNU diff's alignment of the shape sequences; inside each run left
 * unmatched, a second alignment on the mnemonics, and in what is still
 * unmatched a third on the instruction classes, pair instructions as
 * GL_CMP_CHANGED; same shape and same text is GL_CMP_SAME. */
bool gl_compare_align(struct gl_compare *c, struct gl_err *e);

/* The alignment of two line arrays (the first pass; for tests): rows
 * (caller frees) of GL_CMP_SAME (equal lines), GL_CMP_LEFT and
 * GL_CMP_RIGHT, in order, covering every line once. */
bool gl_compare_align_lines(const char *const *a, size_t na, const char *const *b, size_t nb,
                            struct gl_compare_row **rows, size_t *nrows, struct gl_err *e);

/* The run part on an open backend. */
bool gl_compare_run(struct gl_compare *c, struct gl_hsa *h, struct gl_err *e);

/* --- the report (gl_compare_report.c) ----------------------------------- */

/* One table of the report: printed with gl_table_print, written as HTML. */
#define GL_COMPARE_MAX_COLS 8
struct gl_compare_tab {
	char title[256];
	unsigned ncols;
	char cols[GL_COMPARE_MAX_COLS][64];
	struct gl_table *t;
};

enum {
	GL_COMPARE_TAB_TIMING,
	GL_COMPARE_TAB_MIX,
	GL_COMPARE_TAB_RES,
	GL_COMPARE_TAB_COUNTERS,
	GL_COMPARE_TAB_STALL_ASM,
	GL_COMPARE_TAB_STALL_REF,
	GL_COMPARE_TAB_KD,
	GL_COMPARE_NTABS
};

/* Build the report's tables (tabs[i].t NULL when a table does not apply:
 * no run, no counters, no trace). False out of memory. */
bool gl_compare_tables(const struct gl_compare *c, struct gl_compare_tab tabs[GL_COMPARE_NTABS]);
void gl_compare_tables_free(struct gl_compare_tab tabs[GL_COMPARE_NTABS]);

/* --- per instruction (shared by the terminal and the page) --------------- */

/* The trace row of instruction i of side s; NULL when there is no trace or
 * no wave issued it. */
const struct gcnlab_emu_trace_row *gl_compare_trace_of(const struct gl_compare_side *s, long i);

/* Where instruction i's time goes: pct its cycles (issue to the wave's next
 * issue, all waves) as a percentage of the side's wave-cycles, "12.3";
 * cause its largest stall cause and that cause's share of its cycles,
 * "vmcnt 92%". Both "" when the instruction has no trace row or no cycles. */
void gl_compare_insn_cost(const struct gl_compare_side *s, long i, char *pct, size_t plen, char *cause,
                          size_t clen);

/* The text shown for instruction i of d: normalised, or as llvm-objdump
 * printed it (c->raw). */
void gl_compare_insn_text(const struct gl_compare *c, const struct gl_disasm *d, long i, char *buf, size_t len);

/* Loop pair k (1..c->nloops): the first and last instruction on each side
 * (first[0], last[0] asm; [1] reference) and each side's share of its
 * wave-cycles spent in it (pct, -1 without a trace). */
struct gl_compare_loop_span {
	long first[2], last[2];
	double pct[2];
};
void gl_compare_loop_span(const struct gl_compare *c, unsigned k, struct gl_compare_loop_span *out);

/* "loop 1: asm 0x0e74..0x12d0, 230 instructions, 81.2% of its cycles; ref ..." */
void gl_compare_loop_title(const struct gl_compare *c, unsigned k, char *buf, size_t len);

/* Header line, the side-by-side code, the tables, the notes. */
void gl_compare_print(FILE *f, const struct gl_compare *c, const struct gl_compare_tab *tabs);

/* The same as one HTML page, written atomically to path. */
bool gl_compare_html(const struct gl_compare *c, const struct gl_compare_tab *tabs, const char *path,
                     struct gl_err *e);

/* --- the command -------------------------------------------------------- */

#define GL_COMPARE_USAGE \
	"gcnlab compare ASM_KERNEL [--ref HIP_KERNEL] [--arch A] [--grid X --block X ARG...] [OPTIONS]"
#define GL_COMPARE_BRIEF "a hand-written kernel next to its compiler-made reference"
#define GL_COMPARE_SUMMARY \
	"Compare a hand-written kernel with its reference (the .hip beside its .s, compiled by clang):\n" \
	"the two disassemblies normalised and aligned side by side, the instruction mix, registers,\n" \
	"LDS and occupancy, the outputs of one dispatch each (must be identical), the timing loop,\n" \
	"and on the emulated GPU the counters and the top stall sites of the per-instruction trace.\n" \
	"Writes <out>/<arch>-<backend>/compare-<kernel>.html. The launch comes from the suite that\n" \
	"owns the kernel, or from --grid/--block and the ARGs (as for exec; buf: only, no out:)."

extern const struct gl_opt gl_compare_opts[];

/* `gcnlab compare`: exit 0, 1 (failed, or the outputs differ), 2 (bad input). */
int gl_compare_cmd(const char *cmd, int argc, char **argv);

#endif
