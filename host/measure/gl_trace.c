#include "measure/gl_trace.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/gl_str.h"

static const char *const cause_names[GL_TRACE_CAUSES] = {
	[GCNLAB_STALL_VMCNT] = "vmcnt",
	[GCNLAB_STALL_LGKMCNT] = "lgkmcnt",
	[GCNLAB_STALL_EXPCNT] = "expcnt",
	[GCNLAB_STALL_LDS_BANK] = "lds-bank",
	[GCNLAB_STALL_VMEM_QUEUE] = "vmem-queue",
	[GCNLAB_STALL_BARRIER] = "barrier",
	[GCNLAB_STALL_ICACHE] = "icache",
	[GL_TRACE_MFMA_PIPE] = "mfma-pipe",
};

const char *gl_trace_cause_name(unsigned cause)
{
	return cause < GL_TRACE_CAUSES ? cause_names[cause] : "?";
}

uint64_t gl_trace_row_stalls(const struct gcnlab_emu_trace_row *r, uint64_t stall[GL_TRACE_CAUSES])
{
	uint64_t named = 0;

	for (unsigned c = 0; c < GCNLAB_STALL_COUNT; c++) {
		stall[c] = r->stall[c];
		named += r->stall[c];
	}
	stall[GL_TRACE_MFMA_PIPE] = 0;
	if (strncmp(r->text, "v_mfma", 6) == 0 && r->cycles > named + r->issues * GL_TRACE_MFMA_ISSUE)
		stall[GL_TRACE_MFMA_PIPE] = r->cycles - named - r->issues * GL_TRACE_MFMA_ISSUE;
	return named + stall[GL_TRACE_MFMA_PIPE];
}

/* The sort keys besides the causes, each a row's figure to sort by. */
enum sort_key { SORT_OFFSET, SORT_CYCLES, SORT_STALL, SORT_ISSUES, SORT_AVG, SORT_CAUSE };
static const char *const sort_names[] = { "offset", "cycles", "stall", "issues", "avg" };
#define NSORT (sizeof(sort_names) / sizeof(sort_names[0]))

/* key's sort and, for a cause, which; false when it is no key. */
static bool sort_parse(const char *key, enum sort_key *k, unsigned *cause)
{
	*k = SORT_OFFSET;
	*cause = 0;
	if (!key || !key[0])
		return true;
	for (unsigned i = 0; i < NSORT; i++)
		if (!strcmp(key, sort_names[i])) {
			*k = (enum sort_key)i;
			return true;
		}
	for (unsigned c = 0; c < GL_TRACE_CAUSES; c++)
		if (!strcmp(key, cause_names[c])) {
			*k = SORT_CAUSE;
			*cause = c;
			return true;
		}
	return false;
}

bool gl_trace_sort_check(const char *opt, const char *key, struct gl_err *e)
{
	enum sort_key k;
	unsigned c;

	if (sort_parse(key, &k, &c))
		return true;
	return gl_err_set(e, "%s '%s': sort by offset, cycles, stall, issues, avg or a stall cause (vmcnt, lgkmcnt, "
	                  "expcnt, lds-bank, vmem-queue, barrier, icache, mfma-pipe)", opt, key);
}

struct sort_ctx {
	enum sort_key key;
	unsigned cause;
};

static double sort_value(const struct gcnlab_emu_trace_row *r, const struct sort_ctx *s)
{
	uint64_t st[GL_TRACE_CAUSES];

	switch (s->key) {
	case SORT_CYCLES: return (double)r->cycles;
	case SORT_ISSUES: return (double)r->issues;
	case SORT_AVG: return r->issues ? (double)r->cycles / (double)r->issues : 0.0;
	case SORT_STALL: return (double)gl_trace_row_stalls(r, st);
	case SORT_CAUSE: gl_trace_row_stalls(r, st); return (double)st[s->cause];
	default: return 0.0;
	}
}

/* Largest first, then program order. */
static int cmp_rows(const void *x, const void *y, void *arg)
{
	const struct gcnlab_emu_trace_row *a = *(const struct gcnlab_emu_trace_row *const *)x;
	const struct gcnlab_emu_trace_row *b = *(const struct gcnlab_emu_trace_row *const *)y;
	double va = sort_value(a, arg), vb = sort_value(b, arg);

	if (va != vb)
		return va < vb ? 1 : -1;
	return (a->offset > b->offset) - (a->offset < b->offset);
}

/* "vmcnt 1200, icache 80" into buf ("" when the row never stalled). */
static void causes_text(const struct gcnlab_emu_trace_row *r, char *buf, size_t len)
{
	uint64_t st[GL_TRACE_CAUSES];
	size_t used = 0;

	buf[0] = '\0';
	gl_trace_row_stalls(r, st);
	for (unsigned c = 0; c < GL_TRACE_CAUSES; c++) {
		if (!st[c])
			continue;
		if (!gl_str_fmt(buf + used, len - used, "%s%s %" PRIu64, used ? ", " : "", cause_names[c], st[c]))
			return;
		used += strlen(buf + used);
	}
	if (r->hazards)
		gl_str_fmt(buf + used, len - used, "%shazards %" PRIu64, used ? ", " : "", r->hazards);
}

static void print_row(FILE *f, const struct gcnlab_emu_trace_row *r, uint64_t cycles)
{
	char causes[192], text[sizeof(r->text) + 1];

	gl_str_fmt(text, sizeof(text), "%.*s", (int)sizeof(r->text), r->text);
	if (!r->issues) {
		fprintf(f, "  0x%06x %9s %11s %8s %6s  %-34s %s\n", r->offset, "-", "-", "-", "-", "", text);
		return;
	}
	causes_text(r, causes, sizeof(causes));
	fprintf(f, "  0x%06x %9" PRIu64 " %11" PRIu64 " %8.1f %5.1f%%  %-34s %s\n", r->offset, r->issues, r->cycles,
	        (double)r->cycles / (double)r->issues, cycles ? 100.0 * (double)r->cycles / (double)cycles : 0.0,
	        causes, text);
}

static void print_header(FILE *f, const char *kernel, const struct gl_trace_view *v)
{
	if (v->wave < 0)
		fprintf(f, "trace of %s: all %llu waves, summed", kernel, v->waves);
	else
		fprintf(f, "trace of %s: wave %d of %llu", kernel, v->wave, v->waves);
	if (v->cold_mode)
		fprintf(f, "; dispatch %u of %u, after a cache flush", v->dispatch, v->ndispatch);
	else if (v->ndispatch > 1)
		fprintf(f, "; dispatch %u of %u (warm)", v->dispatch, v->ndispatch);
	else if (v->ndispatch == 1)
		fprintf(f, "; its first dispatch, cold: the code was fetched into the instruction cache "
		        "(--warmup 1 traces a warm one)");
	fputc('\n', f);
}

void gl_trace_print(FILE *f, const char *kernel, const struct gcnlab_emu_trace_row *rows, size_t n,
                    const struct gl_trace_view *v)
{
	uint64_t issues = 0, cycles = 0, stall[GL_TRACE_CAUSES] = { 0 }, hazards = 0;
	struct sort_ctx sc;
	size_t shown = v->top && v->top < n ? v->top : n;
	const struct gcnlab_emu_trace_row **order = NULL;

	print_header(f, kernel, v);
	if (!n) {
		fprintf(f, "  (no instruction was traced%s)\n", v->wave >= 0 ? ": the dispatch has no such wave" : "");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t st[GL_TRACE_CAUSES];

		issues += rows[i].issues;
		hazards += rows[i].hazards;
		cycles += rows[i].cycles;
		gl_trace_row_stalls(&rows[i], st);
		for (unsigned c = 0; c < GL_TRACE_CAUSES; c++)
			stall[c] += st[c];
	}
	if (!sort_parse(v->sort, &sc.key, &sc.cause))
		sc.key = SORT_OFFSET;  /* checked by the option */
	if (sc.key != SORT_OFFSET || shown < n)
		order = malloc(n * sizeof(*order));
	if (order) {
		for (size_t i = 0; i < n; i++)
			order[i] = &rows[i];
		if (sc.key != SORT_OFFSET)
			qsort_r(order, n, sizeof(*order), cmp_rows, &sc);
		fprintf(f, "  (%zu of %zu instructions, by %s)\n", shown, n,
		        sc.key == SORT_OFFSET ? "offset" : v->sort);
	}
	fprintf(f, "  %-8s %9s %11s %8s %6s  %-34s %s\n", "offset", "issues", "cycles", "avg", "cyc%",
	        "stalls (cycles by cause)", "instruction");
	for (size_t i = 0; i < (order ? shown : n); i++)
		print_row(f, order ? order[i] : &rows[i], cycles);
	free(order);
	fprintf(f, "  total: %" PRIu64 " issues, %" PRIu64 " cycles charged", issues, cycles);
	for (unsigned c = 0; c < GL_TRACE_CAUSES; c++)
		fprintf(f, "%s%s %" PRIu64, c ? ", " : "; stalls: ", cause_names[c], stall[c]);
	if (hazards)
		fprintf(f, "; hazards (waitcnt, s_nop) reported: %" PRIu64, hazards);
	fputc('\n', f);
}
