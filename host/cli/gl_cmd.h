/*
 * gl_cmd — what every `gcnlab` command shares: its table entry (name, help,
 * options, entry point), the options the commands have in common and
 * their parsing, and the exit codes (0 success, 1 a kernel or suite
 * failed, 2 bad input). Each command is one file, gl_cmd_<name>.c.
 */
#ifndef GL_CMD_H
#define GL_CMD_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/gl_err.h"
#include "cli/gl_opts.h"
#include "gpu/gl_hsa.h"
#include "measure/gl_timing.h"
#include "measure/gl_trace.h"
#include "suites/gl_params.h"

#define GL_CMD_EXIT_FAILED 1
#define GL_CMD_EXIT_USAGE 2
#define GL_CMD_MAX_POSITIONAL 64

struct gl_cmd {
	const char *name;
	const char *usage;
	const char *brief;      /* one line for `gcnlab --help` */
	const char *summary;
	const struct gl_opt *opts;
	int (*fn)(const char *cmd, int argc, char **argv);
};

extern const struct gl_cmd gl_cmd_info, gl_cmd_list, gl_cmd_run, gl_cmd_exec, gl_cmd_trace, gl_cmd_check,
	gl_cmd_compare;

/* The options of info, list, run, exec and trace: one struct, each
 * command's table (gl_opts.h) fills the fields it knows. */
struct gl_cmd_opts {
	char arch[16];
	char backend[16];
	unsigned device;
	unsigned reps;
	unsigned warmup;
	char out[PATH_MAX];
	char clocks[8];
	double timeout;
	struct gl_dims grid;
	struct gl_dims block;
	unsigned dynamic_lds;
	bool counters;          /* --counters */
	bool trace;             /* --trace */
	unsigned trace_wave;    /* --trace-wave; UINT_MAX: all waves */
	bool stats;             /* --stats */
	unsigned repeat;        /* --repeat */
	bool launch_only;       /* trace --launch-only */
	bool flush_cache;       /* --flush-cache */
	unsigned flush_per_cu;  /* --flush-per-cu */
	unsigned rotating_count; /* --rotating-count */
	char rotating_cap[24];  /* --rotating-cap */
	bool long_run;          /* --long */
	char params[GL_PARAMS_LEN]; /* --param */
	unsigned exec_reps;     /* exec --reps; 0: not given */
	unsigned exec_warmup;   /* exec --warmup; UINT_MAX: not given */
	char csv[PATH_MAX];     /* exec --csv */
	char json[PATH_MAX];    /* exec --json */
	char counters_csv[PATH_MAX]; /* exec --counters-csv */
	bool json_out;          /* info --json */
	char trace_sort[16];    /* exec/trace --sort */
	unsigned trace_top;     /* exec/trace --top; 0: every row */
	bool verbose;           /* exec/trace --verbose */
	char timeline[PATH_MAX]; /* exec/trace --timeline (cli/gl_timeline.h) */
	char timeline_html[PATH_MAX]; /* exec/trace --timeline-html */
	char timeline_waves[32];
	char timeline_cycles[48];
	unsigned timeline_dispatch;   /* 0: the last */
	unsigned timeline_max_events; /* 0: GL_TIMELINE_MAX_EVENTS */
	char kernel_trace[PATH_MAX];  /* exec --kernel-trace */
	bool kernel_trace_on;         /* run --kernel-trace */
	bool all_diffs;         /* run --diffs */
	unsigned jobs;          /* run --jobs; 0: not given */
};

/* --arch: a processor whose code objects gcn_codeobj reads. */
bool gl_cmd_check_arch(const char *opt, const char *v, struct gl_err *e);
/* A SIZE as buf: takes it (K/M/G, 1024-based). */
bool gl_cmd_check_size(const char *opt, const char *v, struct gl_err *e);

extern const char *const gl_cmd_backend_choices[];   /* auto, rocr, emu, rocr-emu */
extern const char *const gl_cmd_clocks_choices[];    /* sweep */

/* Each rotating copy is two runtime allocations (device + staging) per
 * input, each its own mapping on ROCr: 8192 copies of three inputs stay under
 * Linux's default vm.max_map_count of 65530, where 1M copies failed after
 * 40 s. Checked before anything is allocated. */
#define GL_CMD_ROTATING_COUNT_MAX 8192u

/* Option rows more than one command has. */
#define GL_CMD_O(field) offsetof(struct gl_cmd_opts, field)
#define GL_CMD_OPT_ARCH { "--arch", GL_OPT_STRING, GL_CMD_O(arch), "ARCH", \
	"target processor: gfx900, gfx90a, gfx942 (default: the GPU's, or the emulator's gfx942)", \
	.size = sizeof(((struct gl_cmd_opts *)0)->arch), .check = gl_cmd_check_arch }
#define GL_CMD_OPT_BACKEND { "--backend", GL_OPT_STRING, GL_CMD_O(backend), "B", \
	"auto (ROCr if it has a matching GPU, else the emulator), rocr, emu, or rocr-emu (ROCr on the emulated gfx900/gfx90a; default auto)", \
	.size = sizeof(((struct gl_cmd_opts *)0)->backend), .choices = gl_cmd_backend_choices }
#define GL_CMD_OPT_DEVICE { "--device", GL_OPT_UINT, GL_CMD_O(device), "N", \
	"use the runtime's GPU number N (default 0)", .min = 0, .max = 63 }
#define GL_CMD_OPT_TIMEOUT { "--timeout", GL_OPT_DOUBLE, GL_CMD_O(timeout), "SECONDS", \
	"fail a dispatch that has not completed after SECONDS (default 10)", .max = 86400 }
#define GL_CMD_OPT_COUNTERS(what) { "--counters", GL_OPT_FLAG, GL_CMD_O(counters), NULL, \
	"emulator: " what " the dispatch counters (rocprofv3's SQ_INSTS_*, SQ_LDS_BANK_CONFLICT, TCC_HIT, ...; GCNLAB_* the emulator's own)", .min = 0 }
#define GL_CMD_OPT_TRACE_SORT { "--sort", GL_OPT_STRING, GL_CMD_O(trace_sort), "KEY", \
	"order the trace's rows by KEY, most first: cycles, stall, issues, avg, a stall cause (vmcnt, lgkmcnt, " \
	"lds-bank, icache, mfma-pipe, ...) or offset (default)", .size = 16, .check = gl_trace_sort_check }, \
	{ "--top", GL_OPT_UINT, GL_CMD_O(trace_top), "N", "show only the first N rows of the trace (after --sort)", \
	  .min = 1, .max = 1u << 24 }
#define GL_CMD_OPT_VERBOSE { "--verbose", GL_OPT_FLAG, GL_CMD_O(verbose), NULL, \
	"say which backend runs and why, and print each buffer argument's device address and size", .min = 0 }
#define GL_CMD_OPT_TRACE_WAVE { "--trace-wave", GL_OPT_UINT, GL_CMD_O(trace_wave), "N", \
	"trace only wave N (flat id in dispatch order) instead of all waves summed (implies --trace)", \
	.min = 0, .max = 1u << 24 }

/* Hot or cold timing (gl_timing.h, gl_cold_cache.h), on run and exec. */
#define GL_CMD_OPT_COLD \
	{ "--flush-cache", GL_OPT_FLAG, GL_CMD_O(flush_cache), NULL, \
	  "cold mode: run the instruction-cache flush kernel before every timed dispatch (timed apart)", \
	  .min = 0 }, \
	{ "--flush-per-cu", GL_OPT_UINT, GL_CMD_O(flush_per_cu), "N", \
	  "flush kernel workgroups per compute unit (default 60)", .min = 1, .max = 10000 }, \
	{ "--rotating-count", GL_OPT_UINT, GL_CMD_O(rotating_count), "N", \
	  "cold mode: N copies of each input buffer, one per timed dispatch in turn (default 1: none)", \
	  .min = 1, .max = GL_CMD_ROTATING_COUNT_MAX }, \
	{ "--rotating-cap", GL_OPT_STRING, GL_CMD_O(rotating_cap), "BYTES", \
	  "most bytes all rotating copies may take, e.g. 512M (default 2G); lowers N with a note", \
	  .size = sizeof(((struct gl_cmd_opts *)0)->rotating_cap), .check = gl_cmd_check_size }

/* Parse a command's options into o (defaults first) and its positional
 * arguments into pos[0..*npos); pos NULL: the command takes none, and one
 * is bad input. Returns -1 to go on, else the exit code (help printed, or
 * the message for bad input). */
int gl_cmd_parse(const struct gl_cmd *c, const char *cmd, int argc, char **argv, struct gl_cmd_opts *o,
                 const char **pos, unsigned *npos);
/* Usage, summary and the option table on stdout. */
void gl_cmd_help(const struct gl_cmd *c);

/* The backend and timing mode the options ask for. */
void gl_cmd_hsa_cfg(const struct gl_cmd_opts *o, struct gl_hsa_cfg *cfg);
void gl_cmd_timing_mode(const struct gl_cmd_opts *o, struct gl_timing_mode *m);

/* "CMD: message" on stderr; returns code. */
int gl_cmd_fail(const char *cmd, const struct gl_err *e, int code);

#endif
