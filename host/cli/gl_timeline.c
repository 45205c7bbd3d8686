/*
 * gl_timeline — the --timeline options and file (gl_timeline.h).
 */
#include "cli/gl_timeline.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/gl_str.h"
#include "cli/gl_outfile.h"
#include "cli/gl_timeline_json.h"
#include "gpu/gl_hsa_timeline.h"

/* "A-B" or "N" into [*lo, *hi]; false if it is neither. */
static bool parse_range(const char *s, uint32_t *lo, uint32_t *hi)
{
	char *end;
	if (*s < '0' || *s > '9')
		return false;
	unsigned long long a = strtoull(s, &end, 10), b = a;
	if (*end == '-') {
		if (end[1] < '0' || end[1] > '9')
			return false;
		b = strtoull(end + 1, &end, 10);
	}
	if (*end || a > b || b > UINT32_MAX)
		return false;
	*lo = (uint32_t)a;
	*hi = (uint32_t)b;
	return true;
}

/* SPEC into the configuration's ranges. */
static bool parse_waves(const char *v, struct gcnlab_emu_tl_cfg *c)
{
	c->wg_lo = c->wave_lo = 0;
	c->wg_hi = c->wave_hi = UINT32_MAX;
	if (!v[0]) {
		c->wg_hi = 0;       /* the default: the first workgroup */
		return true;
	}
	if (strcmp(v, "all") == 0)
		return true;
	if (strncmp(v, "wg:", 3) == 0)
		return parse_range(v + 3, &c->wg_lo, &c->wg_hi);
	return parse_range(v, &c->wave_lo, &c->wave_hi);
}

/* "A:B", "A:", ":B" into [lo, hi). */
static bool parse_cycles(const char *v, uint64_t *lo, uint64_t *hi)
{
	*lo = 0;
	*hi = UINT64_MAX;
	if (!v[0])
		return true;
	const char *colon = strchr(v, ':');
	if (!colon)
		return false;
	char *end;
	if (colon != v) {
		if (*v < '0' || *v > '9')
			return false;
		*lo = strtoull(v, &end, 10);
		if (end != colon)
			return false;
	}
	if (colon[1]) {
		if (colon[1] < '0' || colon[1] > '9')
			return false;
		*hi = strtoull(colon + 1, &end, 10);
		if (*end)
			return false;
	}
	return *lo < *hi;
}

bool gl_timeline_check_waves(const char *opt, const char *v, struct gl_err *e)
{
	struct gcnlab_emu_tl_cfg c;
	if (parse_waves(v, &c))
		return true;
	return gl_err_set(e, "%s %s: expected wg:N or wg:A-B (workgroups), N or A-B (flat wave ids), or all", opt, v);
}

bool gl_timeline_check_cycles(const char *opt, const char *v, struct gl_err *e)
{
	uint64_t lo, hi;
	if (parse_cycles(v, &lo, &hi))
		return true;
	return gl_err_set(e, "%s %s: expected A:B with A < B (shader cycles from the dispatch's start; A: or :B "
	                  "leave a side open)", opt, v);
}

unsigned gl_timeline_argv(const struct gl_cmd_opts *o, char **argv)
{
	static char nums[2][16];
	unsigned n = 0;
	const struct { const char *opt; const char *v; } s[] = {
		{ "--timeline", o->timeline },
		{ "--timeline-html", o->timeline_html },
		{ "--timeline-waves", o->timeline_waves },
		{ "--timeline-cycles", o->timeline_cycles },
	};
	for (unsigned i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		if (!s[i].v[0])
			continue;
		argv[n++] = (char *)s[i].opt;
		argv[n++] = (char *)s[i].v;
	}
	if (o->timeline_dispatch) {
		gl_str_fmt(nums[0], sizeof(nums[0]), "%u", o->timeline_dispatch);
		argv[n++] = "--timeline-dispatch";
		argv[n++] = nums[0];
	}
	if (o->timeline_max_events) {
		gl_str_fmt(nums[1], sizeof(nums[1]), "%u", o->timeline_max_events);
		argv[n++] = "--timeline-max-events";
		argv[n++] = nums[1];
	}
	return n;
}

bool gl_timeline_wanted(const struct gl_cmd_opts *o)
{
	return o->timeline[0] || o->timeline_html[0];
}

bool gl_timeline_init(struct gl_timeline *t, const struct gl_cmd_opts *o, unsigned dispatches, struct gl_err *e)
{
	memset(t, 0, sizeof(*t));
	t->o = o;
	t->dispatches = dispatches;
	t->dispatch = o->timeline_dispatch ? o->timeline_dispatch : dispatches;
	if (t->dispatch > dispatches)
		return gl_err_set(e, "--timeline-dispatch %u: only %u dispatch%s will run (--repeat, --warmup/--reps "
		                  "set how many)", t->dispatch, dispatches, dispatches == 1 ? "" : "es");
	t->cfg.enable = 1;
	t->cfg.max_events = o->timeline_max_events ? o->timeline_max_events : GL_TIMELINE_MAX_EVENTS;
	if (!parse_waves(o->timeline_waves, &t->cfg) ||
	    !parse_cycles(o->timeline_cycles, &t->cfg.cycle_lo, &t->cfg.cycle_hi))
		return gl_err_set(e, "--timeline: bad --timeline-waves or --timeline-cycles");
	return true;
}

bool gl_timeline_before(struct gl_timeline *t, struct gl_hsa *h, unsigned i, struct gl_err *e)
{
	struct gcnlab_emu_tl_cfg off = { 0 };
	if (!gl_hsa_timeline_available(h))
		return gl_err_set(e, "--timeline: this runtime records no timeline (it is the emulator's: "
		                  "--backend emu)");
	if (i + 1 == t->dispatch || i == t->dispatch)   /* on for it, off after it */
		if (!gl_hsa_timeline_enable(h, i + 1 == t->dispatch ? &t->cfg : &off))
			return gl_err_set(e, "--timeline: the emulator refused the timeline's configuration");
	return true;
}

bool gl_timeline_after(struct gl_timeline *t, struct gl_hsa *h, unsigned i, struct gl_err *e)
{
	const struct gcnlab_emu_tl_event *ev;
	const struct gcnlab_emu_trace_row *insts;
	size_t n, ni;
	if (i + 1 != t->dispatch)
		return true;
	if (!gl_hsa_timeline(h, &ev, &n, &insts, &ni, &t->info))
		return gl_err_set(e, "--timeline: no timeline of dispatch %u", t->dispatch);
	/* The emulator's copy lasts until the next dispatch. */
	t->ev = malloc((n ? n : 1) * sizeof(*ev));
	t->insts = malloc((ni ? ni : 1) * sizeof(*insts));
	if (!t->ev || !t->insts)
		return gl_err_set(e, "--timeline: out of memory for %zu events", n);
	memcpy(t->ev, ev, n * sizeof(*ev));
	memcpy(t->insts, insts, ni * sizeof(*insts));
	t->n = n;
	t->ninsts = ni;
	t->captured = true;
	return true;
}

/* Which waves and cycles, in words. */
static void describe(const struct gl_timeline *t, char *sel, size_t len)
{
	const struct gcnlab_emu_tl_cfg *c = &t->cfg;
	char w[64], cy[64];
	if (c->wg_lo == 0 && c->wg_hi == UINT32_MAX && c->wave_lo == 0 && c->wave_hi == UINT32_MAX)
		gl_str_fmt(w, sizeof(w), "every wave");
	else if (c->wg_hi != UINT32_MAX || c->wg_lo)
		gl_str_fmt(w, sizeof(w), c->wg_lo == c->wg_hi ? "the waves of workgroup %u" : "the waves of workgroups %u-%u",
		           c->wg_lo, c->wg_hi);
	else
		gl_str_fmt(w, sizeof(w), c->wave_lo == c->wave_hi ? "wave %u" : "waves %u-%u", c->wave_lo, c->wave_hi);
	if (c->cycle_lo == 0 && c->cycle_hi == UINT64_MAX)
		gl_str_fmt(cy, sizeof(cy), "every cycle");
	else if (c->cycle_hi == UINT64_MAX)
		gl_str_fmt(cy, sizeof(cy), "cycles %" PRIu64 " on", c->cycle_lo);
	else
		gl_str_fmt(cy, sizeof(cy), "cycles [%" PRIu64 ", %" PRIu64 ")", c->cycle_lo, c->cycle_hi);
	gl_str_fmt(sel, len, "%s, %s, of dispatch %u of %u", w, cy, t->dispatch, t->dispatches);
}

/* What was not recorded and how to get it. */
static void left_out(const struct gl_timeline *t, char *out, size_t len)
{
	size_t used = 0;
	out[0] = '\0';
	if (t->info.waves_recorded < t->info.waves)
		used += (size_t)snprintf(out + used, len - used, "%u of %u waves (--timeline-waves all, wg:A-B or A-B); ",
		                         t->info.waves - t->info.waves_recorded, t->info.waves);
	if (used < len && (t->cfg.cycle_lo || t->cfg.cycle_hi != UINT64_MAX))
		used += (size_t)snprintf(out + used, len - used, "events outside the cycle window (--timeline-cycles); ");
	if (used < len && t->dispatches > 1)
		used += (size_t)snprintf(out + used, len - used, "%u other dispatch%s (--timeline-dispatch N); ",
		                         t->dispatches - 1, t->dispatches == 2 ? "" : "es");
	if (used < len && t->info.dropped)
		used += (size_t)snprintf(out + used, len - used,
		                         "%" PRIu64 " events beyond the limit of %" PRIu64 " (--timeline-max-events); ",
		                         t->info.dropped, t->cfg.max_events);
	if (used >= 2 && used < len)
		out[used - 2] = '\0';
	if (!out[0])
		gl_str_fmt(out, len, "nothing");
}

/* One format of the timeline into its file. */
static bool write_one(const struct gl_timeline_data *d, bool html, const char *path, const struct gl_outfile *of,
                      size_t *len, size_t *slices, struct gl_err *e)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	bool ok;
	if (!f)
		return gl_err_set(e, "%s %s: out of memory", html ? "--timeline-html" : "--timeline", path);
	ok = html ? gl_timeline_html(f, d, slices) : gl_timeline_json(f, d, slices);
	ok &= fclose(f) == 0;
	if (!ok) {
		free(buf);
		return gl_err_set(e, "%s %s: out of memory for %zu events", html ? "--timeline-html" : "--timeline",
		                  path, d->n);
	}
	ok = gl_outfile_write(of, buf, *len, e);
	free(buf);
	return ok;
}

bool gl_timeline_write(struct gl_timeline *t, const struct gl_outfile *of, const struct gl_outfile *html,
                       const char *kernel, const char *arch, struct gl_err *e)
{
	char sel[192], lo[512];
	size_t len = 0, slices = 0;
	if (!t->captured)
		return gl_err_set(e, "--timeline: dispatch %u recorded no timeline", t->dispatch);
	describe(t, sel, sizeof(sel));
	left_out(t, lo, sizeof(lo));
	struct gl_timeline_data d = {
		.ev = t->ev, .n = t->n, .insts = t->insts, .ninsts = t->ninsts, .info = t->info,
		.kernel = kernel, .arch = arch, .dispatch = t->dispatch, .dispatches = t->dispatches,
		.selection = sel, .left_out = lo,
	};
	if (t->o->timeline[0]) {
		if (!write_one(&d, false, t->o->timeline, of, &len, &slices, e))
			return false;
		printf("wrote %s (%zu bytes: %s; %u waves, %zu instruction slices, %zu events; shader-clock cycles "
		       "at %u MHz)\n", t->o->timeline, len, sel, t->info.waves_recorded, slices, t->n, t->info.sclk_mhz);
	}
	if (t->o->timeline_html[0]) {
		if (!write_one(&d, true, t->o->timeline_html, html, &len, &slices, e))
			return false;
		printf("wrote %s (%zu bytes, offline page: %zu slices of %u waves)\n", t->o->timeline_html, len, slices,
		       t->info.waves_recorded);
	}
	printf("timeline: left out %s\n", lo);
	if (t->info.dropped)
		fprintf(stderr, "gcnlab: warning: the timeline stopped at %" PRIu64 " events; %" PRIu64
		        " more were not recorded: narrow it (--timeline-waves, --timeline-cycles) or raise "
		        "--timeline-max-events\n", t->cfg.max_events, t->info.dropped);
	return true;
}

void gl_timeline_free(struct gl_timeline *t)
{
	free(t->ev);
	free(t->insts);
	t->ev = NULL;
	t->insts = NULL;
}
