/*
 * gl_timeline — `--timeline FILE` of gcnlab exec and gcnlab trace: which
 * dispatch, waves and cycles the emulator records (bounded by default: the
 * first workgroup's waves of the last dispatch), and the file written from
 * them (gl_timeline_json.h).
 */
#ifndef GL_TIMELINE_H
#define GL_TIMELINE_H

#include <limits.h>
#include <stdbool.h>

#include "base/gl_err.h"
#include "cli/gl_cmd.h"
#include "gpu/gl_hsa.h"

/* Events recorded at most unless --timeline-max-events says otherwise
 * (some 500 bytes of JSON each, gemm_stage: about 200 MB). */
#define GL_TIMELINE_MAX_EVENTS 400000u

bool gl_timeline_check_waves(const char *opt, const char *v, struct gl_err *e);
bool gl_timeline_check_cycles(const char *opt, const char *v, struct gl_err *e);

#define GL_CMD_OPT_TIMELINE \
	{ "--timeline", GL_OPT_STRING, GL_CMD_O(timeline), "FILE", \
	  "emulator: write the dispatch's per-wave timeline (Chrome Trace Event JSON: Perfetto, chrome://tracing)", \
	  .size = PATH_MAX }, \
	{ "--timeline-html", GL_OPT_STRING, GL_CMD_O(timeline_html), "FILE", \
	  "emulator: the same timeline as one self-contained HTML page (opens offline: zoom, pan, tooltips)", \
	  .size = PATH_MAX }, \
	{ "--timeline-waves", GL_OPT_STRING, GL_CMD_O(timeline_waves), "SPEC", \
	  "waves the timeline follows: wg:N or wg:A-B (workgroups), N or A-B (flat wave ids), all " \
	  "(default wg:0: the first workgroup's)", .size = 32, .check = gl_timeline_check_waves }, \
	{ "--timeline-cycles", GL_OPT_STRING, GL_CMD_O(timeline_cycles), "A:B", \
	  "only events that begin in cycles [A, B) of the dispatch (A: or :B leave a side open)", .size = 48, \
	  .check = gl_timeline_check_cycles }, \
	{ "--timeline-dispatch", GL_OPT_UINT, GL_CMD_O(timeline_dispatch), "N", \
	  "the timeline of dispatch N, 1-based, warm-ups included (default the last, so warm)", .min = 1, \
	  .max = 1000000 }, \
	{ "--timeline-max-events", GL_OPT_UINT, GL_CMD_O(timeline_max_events), "N", \
	  "stop recording after N events (default 400000, some 200 MB of JSON)", .min = 100, .max = 100000000 }

/* The --timeline options of o as gcnlab exec arguments into argv (at most
 * 12, pointing into o and static storage); returns how many. */
unsigned gl_timeline_argv(const struct gl_cmd_opts *o, char **argv);

struct gl_timeline {
	const struct gl_cmd_opts *o;
	struct gcnlab_emu_tl_cfg cfg;
	unsigned dispatch, dispatches;    /* the one recorded (1-based), of how many */
	bool captured;
	struct gcnlab_emu_tl_event *ev;   /* copies of the emulator's */
	size_t n;
	struct gcnlab_emu_trace_row *insts;
	size_t ninsts;
	struct gcnlab_emu_tl_info info;
};

/* Whether o asks for a timeline (--timeline or --timeline-html). */
bool gl_timeline_wanted(const struct gl_cmd_opts *o);
/* From the options (gl_timeline_wanted); dispatches: how many will run. */
bool gl_timeline_init(struct gl_timeline *t, const struct gl_cmd_opts *o, unsigned dispatches, struct gl_err *e);
/* Around dispatch i (0-based) of them: record it or not, keep what it recorded. */
bool gl_timeline_before(struct gl_timeline *t, struct gl_hsa *h, unsigned i, struct gl_err *e);
bool gl_timeline_after(struct gl_timeline *t, struct gl_hsa *h, unsigned i, struct gl_err *e);
/* The file (and a line saying what it holds and what it left out). */
struct gl_outfile;
bool gl_timeline_write(struct gl_timeline *t, const struct gl_outfile *of, const struct gl_outfile *html,
                       const char *kernel, const char *arch, struct gl_err *e);
void gl_timeline_free(struct gl_timeline *t);

#endif
