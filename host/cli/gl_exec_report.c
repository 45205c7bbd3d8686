#include "cli/gl_exec_report.h"

#include <inttypes.h>

#include "measure/gl_counters.h"
#include "measure/gl_trace.h"

void gl_exec_report_begin(struct gl_exec_report *r, struct gl_hsa *h)
{
	if (!r->out)
		r->out = stdout;
	if (!r->trace)
		return;
	r->trace_on = gl_hsa_trace_enable(h, true, r->trace_wave);
	if (!r->trace_on)
		fprintf(r->out, "trace: not available on ROCr (use rocprofv3 --att ... for a thread trace)\n");
}

void gl_exec_report_dispatch(struct gl_exec_report *r, struct gl_hsa *h, unsigned i, unsigned n, double host_s,
                        double cpu_s)
{
	struct gl_counters c;
	uint64_t v;

	r->dispatches++;
	r->host_s += host_s;
	r->cpu_s += cpu_s;
	if (!r->counters && !r->stats && !r->trace)
		return;
	gl_counters_read(h, &c);
	if (gl_counters_get(&c, "SQ_INSTS", &v)) {
		r->insts += v;
		r->insts_known = true;
	}
	if (gl_counters_get(&c, "GRBM_GUI_ACTIVE", &v))
		r->cycles += v;
	if (gl_counters_get(&c, "SQ_WAVES", &v))
		r->waves = v;
	if (!r->counters)
		return;
	if (!c.valid) {
		if (!r->counters_missing)
			fprintf(r->out, "%s\n", gl_counters_unavailable());
		r->counters_missing = true;
		return;
	}
	if (n > 1)
		fprintf(r->out, "counters of dispatch %u of %u:\n", i + 1, n);
	else
		fprintf(r->out, "counters:\n");
	gl_counters_print(r->out, &c);
}

void gl_exec_report_end(struct gl_exec_report *r, struct gl_hsa *h, const char *kernel)
{
	if (r->trace_on) {
		const struct gcnlab_emu_trace_row *rows = NULL;
		size_t n = 0;

		struct gl_trace_view v = {
			.wave = r->trace_wave, .waves = (unsigned long long)r->waves, .sort = r->trace_sort,
			.top = r->trace_top, .dispatch = r->warmups + r->dispatches,
			.ndispatch = r->warmups + r->dispatches, .cold_mode = r->cold_mode,
		};

		if (gl_hsa_trace(h, &rows, &n))
			gl_trace_print(r->out, kernel, rows, n, &v);
		else
			fprintf(r->out, "trace: the runtime returned no trace for the last dispatch\n");
		gl_hsa_trace_enable(h, false, -1);
	}
	if (!r->stats)
		return;
	if (!r->insts_known) {
		fprintf(r->out, "stats: %u dispatches, %.6f s host; wave-instructions not available on ROCr\n",
		        r->dispatches, r->host_s);
		return;
	}
	fprintf(r->out,
	        "stats: %u dispatches, %" PRIu64 " wave-instructions, %" PRIu64 " cycles, %.6f s host, "
	        "%.6f s CPU, %.3f M wave-instructions/s (host), %.3f M wave-instructions/s (CPU)\n",
	        r->dispatches, r->insts, r->cycles, r->host_s, r->cpu_s,
	        r->host_s > 0 ? (double)r->insts / r->host_s / 1e6 : 0.0,
	        r->cpu_s > 0 ? (double)r->insts / r->cpu_s / 1e6 : 0.0);
}
