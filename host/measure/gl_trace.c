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
