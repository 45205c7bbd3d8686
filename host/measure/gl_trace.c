#include "measure/gl_trace.h"

#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "base/gl_str.h"

static const char *const cause_names[GCNLAB_STALL_COUNT] = {
	[GCNLAB_STALL_VMCNT] = "vmcnt",
	[GCNLAB_STALL_LGKMCNT] = "lgkmcnt",
	[GCNLAB_STALL_EXPCNT] = "expcnt",
	[GCNLAB_STALL_LDS_BANK] = "lds-bank",
	[GCNLAB_STALL_VMEM_QUEUE] = "vmem-queue",
	[GCNLAB_STALL_BARRIER] = "barrier",
	[GCNLAB_STALL_ICACHE] = "icache",
};

const char *gl_trace_cause_name(enum gcnlab_stall cause)
{
	return (unsigned)cause < GCNLAB_STALL_COUNT ? cause_names[cause] : "?";
}

/* "vmcnt 1200, icache 80" into buf ("" when the row never stalled). */
static void causes_text(const struct gcnlab_emu_trace_row *r, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned c = 0; c < GCNLAB_STALL_COUNT; c++) {
		if (!r->stall[c])
			continue;
		if (!gl_str_fmt(buf + used, len - used, "%s%s %" PRIu64, used ? ", " : "", cause_names[c],
		                r->stall[c]))
			return;
		used += strlen(buf + used);
	}
	if (r->hazards)
		gl_str_fmt(buf + used, len - used, "%shazards %" PRIu64, used ? ", " : "", r->hazards);
}

void gl_trace_print(FILE *f, const char *kernel, const struct gcnlab_emu_trace_row *rows, size_t n,
                    int wave, unsigned long long waves)
{
	uint64_t issues = 0, cycles = 0, stall[GCNLAB_STALL_COUNT] = { 0 }, hazards = 0;

	for (size_t i = 0; i < n; i++) {
		issues += rows[i].issues;
		hazards += rows[i].hazards;
		cycles += rows[i].cycles;
		for (unsigned c = 0; c < GCNLAB_STALL_COUNT; c++)
			stall[c] += rows[i].stall[c];
	}
	if (wave < 0)
		fprintf(f, "trace of %s: all %llu waves, summed\n", kernel, waves);
	else
		fprintf(f, "trace of %s: wave %d of %llu\n", kernel, wave, waves);
	if (!n) {
		fprintf(f, "  (no instruction was traced%s)\n", wave >= 0 ? ": the dispatch has no such wave" : "");
		return;
	}
	fprintf(f, "  %-8s %9s %11s %8s %6s  %-34s %s\n", "offset", "issues", "cycles", "avg", "cyc%",
	        "stalls (cycles by cause)", "instruction");
	for (size_t i = 0; i < n; i++) {
		const struct gcnlab_emu_trace_row *r = &rows[i];
		char causes[160], text[sizeof(r->text) + 1];

		gl_str_fmt(text, sizeof(text), "%.*s", (int)sizeof(r->text), r->text);
		if (!r->issues) {
			fprintf(f, "  0x%06x %9s %11s %8s %6s  %-34s %s\n", r->offset, "-", "-", "-", "-", "", text);
			continue;
		}
		causes_text(r, causes, sizeof(causes));
		fprintf(f, "  0x%06x %9" PRIu64 " %11" PRIu64 " %8.1f %5.1f%%  %-34s %s\n", r->offset, r->issues,
		        r->cycles, (double)r->cycles / (double)r->issues,
		        cycles ? 100.0 * (double)r->cycles / (double)cycles : 0.0, causes, text);
	}
	fprintf(f, "  total: %" PRIu64 " issues, %" PRIu64 " cycles charged", issues, cycles);
	for (unsigned c = 0; c < GCNLAB_STALL_COUNT; c++)
		fprintf(f, "%s%s %" PRIu64, c ? ", " : "; stalls: ", cause_names[c], stall[c]);
	if (hazards)
		fprintf(f, "; hazards (waitcnt, s_nop) reported: %" PRIu64, hazards);
	fputc('\n', f);
}

bool gl_trace_find_launch(const struct gl_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                          struct gl_err *e)
{
	for (const struct gl_suite *const *s = gl_suites_all(); *s; s++) {
		if (!(*s)->launch)
			continue;
		memset(out, 0, sizeof(*out));
		switch ((*s)->launch(ctx, kernel, out, e)) {
		case GL_SUITE_LAUNCH_OK:
			return true;
		case GL_SUITE_LAUNCH_ERROR:
			return false;
		default:
			break;
		}
	}
	return gl_err_set(e, "no suite has a kernel named '%s' (gcnlab list shows them); any other kernel "
	                  "can be traced with gcnlab exec CODE_OBJECT KERNEL --grid .. --block .. --trace ARG...",
	                  kernel);
}

/* "X", "X,Y" or "X,Y,Z" for a launch of dims dimensions. */
static void dims_text(char *buf, size_t len, const uint32_t v[3], unsigned dims)
{
	if (dims <= 1)
		gl_str_fmt(buf, len, "%u", v[0]);
	else if (dims == 2)
		gl_str_fmt(buf, len, "%u,%u", v[0], v[1]);
	else
		gl_str_fmt(buf, len, "%u,%u,%u", v[0], v[1], v[2]);
}

unsigned gl_trace_exec_argv(const struct gl_suite_launch *l, char (*store)[GL_TRACE_ARG_LEN], char **argv,
                            unsigned max)
{
	unsigned n = 0;
	bool ok;

	if (max < 6 + (l->dynamic_lds ? 2 : 0) + l->nargs)
		return 0;
	ok = gl_str_copy(store[n++], GL_TRACE_ARG_LEN, l->code);
	gl_str_copy(store[n++], GL_TRACE_ARG_LEN, l->kernel);
	gl_str_copy(store[n++], GL_TRACE_ARG_LEN, "--grid");
	dims_text(store[n++], GL_TRACE_ARG_LEN, l->grid, l->dims);
	gl_str_copy(store[n++], GL_TRACE_ARG_LEN, "--block");
	dims_text(store[n++], GL_TRACE_ARG_LEN, l->block, l->dims);
	if (l->dynamic_lds) {
		gl_str_copy(store[n++], GL_TRACE_ARG_LEN, "--dynamic-lds");
		gl_str_fmt(store[n++], GL_TRACE_ARG_LEN, "%u", l->dynamic_lds);
	}
	for (unsigned i = 0; i < l->nargs; i++)
		ok &= gl_str_copy(store[n++], GL_TRACE_ARG_LEN, l->args[i]);
	if (!ok)
		return 0;  /* a path too long for store */
	for (unsigned i = 0; i < n; i++)
		argv[i] = store[i];
	return n;
}
