/*
 * The report of gcnlab compare: its tables (shared by the terminal and the
 * HTML page) and the terminal form.
 */
#include "cli/gl_compare.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "measure/gl_counters.h"
#include "gpu/gl_kd.h"
#include "base/gl_str.h"
#include "measure/gl_trace.h"

/* Terminal width of the asm side's instruction text: its longest, within
 * these bounds (longer ones are cut; the HTML page has them whole). */
#define CODE_COL_MIN 24
#define CODE_COL_MAX 60
#define CODE_PREFIX 12       /* "0x0058 L12  " */

static struct gl_table *tab_new(struct gl_compare_tab *tab, const char *title, unsigned ncols,
                                const char *const *cols)
{
	const char *ptrs[GL_COMPARE_MAX_COLS];

	gl_str_copy(tab->title, sizeof(tab->title), title);
	tab->ncols = ncols;
	for (unsigned i = 0; i < ncols; i++) {
		gl_str_copy(tab->cols[i], sizeof(tab->cols[i]), cols[i]);
		ptrs[i] = tab->cols[i];
	}
	tab->t = gl_table_new(title, ncols, ptrs);
	return tab->t;
}

static void u64s(char *buf, size_t len, uint64_t v)
{
	gl_str_fmt(buf, len, "%" PRIu64, v);
}

/* --- timing ---------------------------------------------------------------- */

static bool tab_timing(const struct gl_compare *c, struct gl_compare_tab *tab)
{
	static const char *const cols[] = { "kernel", "median µs", "min µs", "max µs", "GB/s",
		                            "busy cycles (GRBM_GUI_ACTIVE)" };
	char title[256];

	gl_str_fmt(title, sizeof(title), "timing: %u dispatches after %u warm-up, GPU timestamps (%s)", c->reps,
	           c->warmup, c->backend);
	if (!tab_new(tab, title, 6, cols))
		return false;
	for (int s = 0; s < 2; s++) {
		const struct gl_compare_side *d = &c->side[s];
		char med[32], mn[32], mx[32], bw[32] = "-", cyc[32] = "-";
		const char *cells[6] = { d->kernel, med, mn, mx, bw, cyc };

		gl_timing_stats_text(&d->st, 3, med, mn, mx, sizeof(med));
		/* bytes / µs / 1000 = GB/s (10^9 B/s). */
		if (c->launch.bytes && d->st.median_us > 0)
			gl_str_fmt(bw, sizeof(bw), "%.2f", (double)c->launch.bytes / d->st.median_us / 1e3);
		for (uint32_t i = 0; d->have_counters && i < d->counters.count; i++)
			if (strncmp(d->counters.name[i], "GRBM_GUI_ACTIVE", GCNLAB_COUNTER_NAME_MAX) == 0)
				u64s(cyc, sizeof(cyc), d->counters.value[i]);
		if (!gl_table_add_row(tab->t, cells))
			return false;
	}
	return true;
}

/* --- instruction mix ------------------------------------------------------- */

static int cmp_wait(const void *a, const void *b)
{
	return strverscmp(*(const char *const *)a, *(const char *const *)b);
}

static bool mix_row(struct gl_compare_tab *tab, const char *name, const uint64_t v[4], unsigned nv)
{
	char cells[4][32];
	const char *p[5] = { name, cells[0], cells[1], cells[2], cells[3] };

	for (unsigned i = 0; i < nv; i++)
		u64s(cells[i], sizeof(cells[i]), v[i]);
	return gl_table_add_row(tab->t, p);
}

static bool tab_mix(const struct gl_compare *c, struct gl_compare_tab *tab)
{
	static const char *const cols[] = { "class", "asm (code)", "ref (code)", "asm (executed)",
		                            "ref (executed)" };
	const struct gl_inst_mix *m[4] = { &c->side[0].mix, &c->side[1].mix, &c->side[0].exec_mix,
		                      &c->side[1].exec_mix };
	unsigned nv = c->side[0].traced && c->side[1].traced ? 4 : 2;
	const char *waits[4 * GL_INST_MIX_MAX_WAITS];
	unsigned nw = 0;
	uint64_t v[4];

	if (!tab_new(tab, nv == 4 ? "instruction mix: in the code, and wave-instructions executed (trace, all waves)"
	                          : "instruction mix: instructions in the code",
	             nv + 1, cols))
		return false;
	for (unsigned k = 0; k < GL_INST_MIX_COUNT; k++) {
		bool any = false;

		for (unsigned i = 0; i < nv; i++) {
			v[i] = m[i]->count[k];
			any |= v[i] != 0;
		}
		if (any && !mix_row(tab, gl_inst_mix_class_name(k), v, nv))
			return false;
		if (k != GL_INST_MIX_WAITCNT)
			continue;
		/* The s_waitcnt sets of either kernel, in natural order. */
		nw = 0;
		for (unsigned i = 0; i < nv; i++)
			for (unsigned j = 0; j < m[i]->nwaits; j++) {
				unsigned x = 0;

				while (x < nw && strcmp(waits[x], m[i]->waits[j].what) != 0)
					x++;
				if (x == nw)
					waits[nw++] = m[i]->waits[j].what;
			}
		qsort(waits, nw, sizeof(waits[0]), cmp_wait);
		for (unsigned x = 0; x < nw; x++) {
			char name[96];

			gl_str_fmt(name, sizeof(name), "  %s", waits[x]);
			for (unsigned i = 0; i < nv; i++)
				v[i] = gl_inst_mix_wait_count(m[i], waits[x]);
			if (!mix_row(tab, name, v, nv))
				return false;
		}
	}
	for (unsigned i = 0; i < nv; i++)
		v[i] = m[i]->total;
	return mix_row(tab, "total", v, nv);
}

/* --- resources and occupancy ----------------------------------------------- */

static bool res_row(struct gl_compare_tab *tab, const char *what, const char *a, const char *b)
{
	const char *cells[3] = { what, a, b };

	return gl_table_add_row(tab->t, cells);
}

static bool res_u(struct gl_compare_tab *tab, const char *what, uint64_t a, uint64_t b)
{
	char x[32], y[32];

	u64s(x, sizeof(x), a);
	u64s(y, sizeof(y), b);
	return res_row(tab, what, x, y);
}

static bool tab_res(const struct gl_compare *c, struct gl_compare_tab *tab)
{
	static const char *const cols[] = { "resource", "asm", "ref" };
	const struct gl_occupancy *a = &c->side[0].res, *b = &c->side[1].res;
	const struct gcn_proc *arch = gl_occupancy_arch(c->arch);
	char title[256], what[128];

	gl_str_fmt(title, sizeof(title),
	           "resources (metadata and kernel descriptor) and occupancy on %s, waves per SIMD (max %u)",
	           c->arch, arch ? arch->max_waves_per_simd : 0);
	if (!tab_new(tab, title, 3, cols))
		return false;
	gl_str_fmt(what, sizeof(what), "VGPR file allocated (descriptor, granule %u%s)",
	           arch ? arch->vgpr_granule : 0, arch && gcn_has(arch, GCN_F_UNIFIED_VGPR) ? ", VGPRs + AGPRs" : "");
	if (!res_u(tab, "VGPRs (.vgpr_count)", a->vgprs, b->vgprs) ||
	    (arch && gcn_has(arch, GCN_F_UNIFIED_VGPR) && !res_u(tab, "AGPRs (.agpr_count)", a->agprs, b->agprs)) ||
	    !res_u(tab, what, a->vgpr_alloc, b->vgpr_alloc) ||
	    !res_u(tab, "SGPRs (.sgpr_count, with VCC, FLAT_SCRATCH, XNACK)", a->sgprs, b->sgprs) ||
	    !res_u(tab, "LDS bytes per work-group", a->lds_bytes, b->lds_bytes) ||
	    !res_u(tab, "scratch bytes per work-item", a->scratch_bytes, b->scratch_bytes) ||
	    !res_u(tab, "kernarg bytes", a->kernarg_bytes, b->kernarg_bytes) ||
	    !res_u(tab, "code bytes", c->side[0].dis.size, c->side[1].dis.size) ||
	    !res_u(tab, "instructions", c->side[0].dis.n, c->side[1].dis.n) ||
	    !res_u(tab, "waves/SIMD allowed by the VGPRs", a->occ_vgpr, b->occ_vgpr) ||
	    !res_u(tab, "waves/SIMD allowed by the SGPRs", a->occ_sgpr, b->occ_sgpr))
		return false;
	gl_str_fmt(what, sizeof(what), "waves/SIMD allowed by LDS and barriers (work-groups of %u)", a->wg_size);
	if (!res_u(tab, what, a->occ_lds, b->occ_lds))
		return false;
	return res_u(tab, "occupancy: waves/SIMD", a->occ, b->occ);
}

/* --- kernel descriptor ------------------------------------------------------ */

/* Both descriptors as .amdhsa_* directives (gl_kd), marking those that
 * differ: the FP mode (denormals, IEEE, DX10 clamp) changes results. */
static bool tab_kd(const struct gl_compare *c, struct gl_compare_tab *tab)
{
	static const char *const cols[] = { "directive", "asm", "ref", "" };
	struct gl_kd_field a[64], b[64];
	unsigned na = gl_kd_decode(c->side[0].kd, c->arch, a, 64);
	unsigned nb = gl_kd_decode(c->side[1].kd, c->arch, b, 64);

	if (!tab_new(tab, "kernel descriptors (.amdhsa_* directives, as llvm-objdump decodes them)", 4, cols))
		return false;
	/* Same arch, same table: the two lists name the same directives. */
	for (unsigned i = 0; i < na && i < nb; i++) {
		char x[32], y[32];
		const char *cells[4] = { a[i].name, x, y, a[i].value != b[i].value ? "differs" : "" };

		u64s(x, sizeof(x), a[i].value);
		u64s(y, sizeof(y), b[i].value);
		if (!gl_table_add_row(tab->t, cells))
			return false;
	}
	return true;
}

/* --- counters -------------------------------------------------------------- */

static bool counter_of(const struct gl_compare_side *s, const char *name, uint64_t *v)
{
	for (uint32_t i = 0; s->have_counters && i < s->counters.count; i++)
		if (strncmp(s->counters.name[i], name, GCNLAB_COUNTER_NAME_MAX) == 0) {
			*v = s->counters.value[i];
			return true;
		}
	return false;
}

static bool tab_counters(const struct gl_compare *c, struct gl_compare_tab *tab)
{
	static const char *const cols[] = { "counter", "asm", "ref", "ref / asm", "meaning" };
	const struct gl_compare_side *a = &c->side[0], *b = &c->side[1];

	if (!tab_new(tab, "counters of the last timed dispatch (emulated GPU; zero in both left out)", 5, cols))
		return false;
	for (uint32_t i = 0; i < a->counters.count; i++) {
		char name[GCNLAB_COUNTER_NAME_MAX + 1], x[32], y[32], ratio[32] = "-";
		const char *cells[5] = { name, x, y, ratio, NULL };
		uint64_t va = a->counters.value[i], vb = 0;

		gl_str_fmt(name, sizeof(name), "%.*s", GCNLAB_COUNTER_NAME_MAX, a->counters.name[i]);
		if (!counter_of(b, name, &vb) && !va)
			continue;
		if (!va && !vb)
			continue;
		u64s(x, sizeof(x), va);
		u64s(y, sizeof(y), vb);
		if (va)
			gl_str_fmt(ratio, sizeof(ratio), "%.2f", (double)vb / (double)va);
		cells[4] = gl_counters_meaning(name);
		if (!gl_table_add_row(tab->t, cells))
			return false;
	}
	return true;
}

/* --- stall sites ----------------------------------------------------------- */

/* The trace's one vocabulary of causes, mfma-pipe included (gl_trace.h). */
static uint64_t row_stall(const struct gcnlab_emu_trace_row *r)
{
	uint64_t st[GL_TRACE_CAUSES];

	return gl_trace_row_stalls(r, st);
}

static int cmp_stall(const void *x, const void *y)
{
	const struct gcnlab_emu_trace_row *a = *(const struct gcnlab_emu_trace_row *const *)x;
	const struct gcnlab_emu_trace_row *b = *(const struct gcnlab_emu_trace_row *const *)y;
	uint64_t sa = row_stall(a), sb = row_stall(b);

	if (sa != sb)
		return sa < sb ? 1 : -1;
	return (a->offset > b->offset) - (a->offset < b->offset);
}

static bool tab_stalls(const struct gl_compare *c, int which, struct gl_compare_tab *tab)
{
	static const char *const cols[] = { "offset", "instruction", "stall cycles", "% of all cycles",
		                            "causes", "issues" };
	const struct gl_compare_side *s = &c->side[which];
	const struct gcnlab_emu_trace_row **order = malloc((s->ntrace ? s->ntrace : 1) * sizeof(*order));
	char title[512];
	unsigned shown = 0;
	bool ok = false;

	gl_str_fmt(title, sizeof(title),
	           "top stall sites of %s %s: per-instruction trace, all waves; %" PRIu64 " wave-cycles, %" PRIu64
	           " (%.1f%%) stalled",
	           which ? "the reference" : "the asm kernel", s->kernel, s->trace_cycles, s->trace_stall,
	           s->trace_cycles ? 100.0 * (double)s->trace_stall / (double)s->trace_cycles : 0.0);
	if (!order || !tab_new(tab, title, 6, cols))
		goto out;
	for (size_t i = 0; i < s->ntrace; i++)
		order[i] = &s->trace[i];
	qsort(order, s->ntrace, sizeof(*order), cmp_stall);
	for (size_t i = 0; i < s->ntrace && shown < c->top; i++) {
		const struct gcnlab_emu_trace_row *r = order[i];
		uint64_t cause[GL_TRACE_CAUSES], st = gl_trace_row_stalls(r, cause);
		long k = gl_disasm_at(&s->dis, r->offset);
		char off[16], text[GL_DISASM_TEXT + 48], stc[32], pct[32], causes[160] = "", iss[32];
		const char *cells[6] = { off, text, stc, pct, causes, iss };
		size_t used = 0;

		if (!st)
			break;
		gl_str_fmt(off, sizeof(off), "0x%04x", r->offset);
		if (k >= 0)
			gl_str_fmt(text, sizeof(text), "%s %s", s->dis.insns[k].mnemonic, s->dis.insns[k].operands);
		else
			gl_str_fmt(text, sizeof(text), "%.*s", (int)sizeof(r->text), r->text);
		u64s(stc, sizeof(stc), st);
		gl_str_fmt(pct, sizeof(pct), "%.1f", s->trace_cycles ? 100.0 * (double)st / (double)s->trace_cycles : 0.0);
		for (unsigned j = 0; j < GL_TRACE_CAUSES; j++) {
			if (!cause[j])
				continue;
			gl_str_fmt(causes + used, sizeof(causes) - used, "%s%s %.0f%%", used ? ", " : "",
			           gl_trace_cause_name(j), 100.0 * (double)cause[j] / (double)st);
			used += strlen(causes + used);
		}
		u64s(iss, sizeof(iss), r->issues);
		if (!gl_table_add_row(tab->t, cells))
			goto out;
		shown++;
	}
	ok = true;
out:
	free(order);
	return ok;
}

bool gl_compare_tables(const struct gl_compare *c, struct gl_compare_tab tabs[GL_COMPARE_NTABS])
{
	memset(tabs, 0, GL_COMPARE_NTABS * sizeof(tabs[0]));
	if (!tab_mix(c, &tabs[GL_COMPARE_TAB_MIX]) || !tab_res(c, &tabs[GL_COMPARE_TAB_RES]) ||
	    !tab_kd(c, &tabs[GL_COMPARE_TAB_KD]))
		goto fail;
	if (c->ran && !tab_timing(c, &tabs[GL_COMPARE_TAB_TIMING]))
		goto fail;
	if (c->ran && c->side[0].have_counters && c->side[1].have_counters &&
	    !tab_counters(c, &tabs[GL_COMPARE_TAB_COUNTERS]))
		goto fail;
	for (int s = 0; s < 2; s++)
		if (c->ran && c->side[s].traced && !tab_stalls(c, s, &tabs[GL_COMPARE_TAB_STALL_ASM + s]))
			goto fail;
	return true;
fail:
	gl_compare_tables_free(tabs);
	return false;
}

void gl_compare_tables_free(struct gl_compare_tab tabs[GL_COMPARE_NTABS])
{
	for (int i = 0; i < GL_COMPARE_NTABS; i++) {
		gl_table_free(tabs[i].t);
		tabs[i].t = NULL;
	}
}

/* --- per instruction -------------------------------------------------------- */

const struct gcnlab_emu_trace_row *gl_compare_trace_of(const struct gl_compare_side *s, long i)
{
	uint32_t off;

	if (!s->traced || i < 0 || (size_t)i >= s->dis.n)
		return NULL;
	off = s->dis.insns[i].offset;
	for (size_t j = 0; j < s->ntrace; j++)
		if (s->trace[j].offset == off)
			return &s->trace[j];
	return NULL;
}

void gl_compare_insn_cost(const struct gl_compare_side *s, long i, char *pct, size_t plen, char *cause,
                          size_t clen)
{
	const struct gcnlab_emu_trace_row *r = gl_compare_trace_of(s, i);
	unsigned top = 0;

	pct[0] = cause[0] = '\0';
	if (!r || !r->cycles || !s->trace_cycles)
		return;
	gl_str_fmt(pct, plen, "%.1f", 100.0 * (double)r->cycles / (double)s->trace_cycles);
	for (unsigned j = 1; j < GCNLAB_STALL_COUNT; j++)
		if (r->stall[j] > r->stall[top])
			top = j;
	if (r->stall[top])
		gl_str_fmt(cause, clen, "%s %.0f%%", gl_trace_cause_name(top),
		           100.0 * (double)r->stall[top] / (double)r->cycles);
}

void gl_compare_insn_text(const struct gl_compare *c, const struct gl_disasm *d, long i, char *buf, size_t len)
{
	const struct gl_insn *in = &d->insns[i];

	if (c->raw)
		gl_str_fmt(buf, len, "%s%s%s", in->mnemonic, in->operands[0] ? " " : "", in->operands);
	else
		gl_str_copy(buf, len, in->norm);
}

void gl_compare_loop_span(const struct gl_compare *c, unsigned k, struct gl_compare_loop_span *out)
{
	for (int s = 0; s < 2; s++) {
		uint64_t cyc = 0;

		out->first[s] = out->last[s] = -1;
		for (size_t i = 0; i < c->nrows; i++) {
			long x = s ? c->rows[i].right : c->rows[i].left;

			if (c->rows[i].loop != k || x < 0)
				continue;
			if (out->first[s] < 0)
				out->first[s] = x;
			out->last[s] = x;
			const struct gcnlab_emu_trace_row *r = gl_compare_trace_of(&c->side[s], x);
			if (r)
				cyc += r->cycles;
		}
		out->pct[s] = c->side[s].traced && c->side[s].trace_cycles
		                      ? 100.0 * (double)cyc / (double)c->side[s].trace_cycles
		                      : -1.0;
	}
}

void gl_compare_loop_title(const struct gl_compare *c, unsigned k, char *buf, size_t len)
{
	struct gl_compare_loop_span sp;
	size_t used = 0;

	gl_compare_loop_span(c, k, &sp);
	gl_str_fmt(buf, len, "loop %u:", k);
	for (int s = 0; s < 2; s++) {
		const struct gl_disasm *d = &c->side[s].dis;

		used = strlen(buf);
		if (sp.first[s] < 0)
			continue;
		gl_str_fmt(buf + used, len - used, "%s %s 0x%04x..0x%04x, %ld instructions", s ? ";" : "",
		           s ? "ref" : "asm", d->insns[sp.first[s]].offset, d->insns[sp.last[s]].offset,
		           sp.last[s] - sp.first[s] + 1);
		used = strlen(buf);
		if (sp.pct[s] >= 0)
			gl_str_fmt(buf + used, len - used, ", %.1f%% of its cycles", sp.pct[s]);
	}
}

/* --- the terminal ---------------------------------------------------------- */

static const char mark_char[] = { [GL_CMP_SAME] = ' ', [GL_CMP_CHANGED] = '|', [GL_CMP_LEFT] = '<',
	                          [GL_CMP_RIGHT] = '>' };

#define COST_COLS 23   /* " %5s %-16s": "cyc%" and the top stall cause */

/* "0x0058 L2   s_waitcnt vmcnt(0)   12.3 vmcnt 92%" cut to width, or blanks. */
static void code_cell(char *buf, size_t len, const struct gl_compare *c, int side, long i, int width)
{
	const struct gl_compare_side *s = &c->side[side];
	char text[GL_DISASM_TEXT + 64], pct[16], cause[64];

	if (i < 0) {
		gl_str_fmt(buf, len, "%*s", width + CODE_PREFIX + (s->traced ? COST_COLS : 0), "");
		return;
	}
	gl_compare_insn_text(c, &s->dis, i, text, sizeof(text));
	gl_str_fmt(buf, len, "0x%04x %-4s %-*.*s", s->dis.insns[i].offset, s->dis.insns[i].label, width, width, text);
	if (s->traced) {
		size_t n = strlen(buf);

		gl_compare_insn_cost(s, i, pct, sizeof(pct), cause, sizeof(cause));
		gl_str_fmt(buf + n, len - n, " %5s %-16.16s", pct, cause);
	}
}

static void rtrim(char *s)
{
	size_t n = strlen(s);

	while (n && s[n - 1] == ' ')
		s[--n] = '\0';
}

static void print_code(FILE *f, const struct gl_compare *c)
{
	size_t count[4] = { 0 };
	char l[320], r[320], title[512];
	int width = CODE_COL_MIN, lw;
	unsigned loop = 0;

	for (size_t i = 0; i < c->side[0].dis.n; i++) {
		gl_compare_insn_text(c, &c->side[0].dis, (long)i, l, sizeof(l));
		int n = (int)strlen(l);

		if (n > width)
			width = n < CODE_COL_MAX ? n : CODE_COL_MAX;
	}
	lw = width + CODE_PREFIX + (c->side[0].traced ? COST_COLS : 0);
	for (size_t i = 0; i < c->nrows; i++)
		count[c->rows[i].mark]++;
	if (c->raw)
		fprintf(f, "== code as llvm-objdump printed it (--raw), aligned as normalised\n");
	else
		fprintf(f, "== code, normalised (registers renumbered per class in order of first use, labels L0, L1, "
		           "... by address; --raw: as printed)\n");
	fprintf(f, "   %zu same, %zu changed ('|': same mnemonic or class), %zu asm only ('<'), %zu reference only ('>'); "
	           "%u loop%s facing each other\n",
	        count[GL_CMP_SAME], count[GL_CMP_CHANGED], count[GL_CMP_LEFT], count[GL_CMP_RIGHT], c->nloops,
	        c->nloops == 1 ? "" : "s");
	if (c->side[0].traced || c->side[1].traced)
		fprintf(f, "   cyc%%: the instruction's share of its kernel's wave-cycles (trace, all waves); "
		           "stall: its largest stall cause, share of its cycles\n");
	fputc('\n', f);
	for (int sd = 0; sd < 2; sd++) {
		char *h = sd ? r : l, name[192];

		gl_str_fmt(name, sizeof(name), "offset      %s %s", sd ? "ref" : "asm", c->side[sd].kernel);
		if (c->side[sd].traced)
			gl_str_fmt(h, sizeof(l), "%-*s %5s %-16s", width + CODE_PREFIX, name, "cyc%", "stall");
		else
			gl_str_copy(h, sizeof(l), name);
	}
	rtrim(r);
	fprintf(f, "%-*.*s   %s\n", lw, lw, l, r);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct gl_compare_row *row = &c->rows[i];

		if (row->loop != loop) {
			if (loop)
				fprintf(f, "---- end of loop %u\n", loop);
			loop = row->loop;
			if (loop) {
				gl_compare_loop_title(c, loop, title, sizeof(title));
				fprintf(f, "---- %s\n", title);
			}
		}
		code_cell(l, sizeof(l), c, 0, row->left, width);
		code_cell(r, sizeof(r), c, 1, row->right, width);
		rtrim(r);
		if (row->right < 0) {
			rtrim(l);   /* no trailing blanks on a left-only row */
			fprintf(f, "%-*s %c\n", lw, l, mark_char[row->mark]);
		} else {
			fprintf(f, "%s %c %s\n", l, mark_char[row->mark], r);
		}
	}
	if (loop)
		fprintf(f, "---- end of loop %u\n", loop);
	fputc('\n', f);
}

static void print_tab(FILE *f, const struct gl_compare_tab *tab)
{
	if (!tab->t)
		return;
	fputs("== ", f);
	gl_table_print(tab->t, f);
	fputc('\n', f);
}

void gl_compare_print(FILE *f, const struct gl_compare *c, const struct gl_compare_tab *tabs)
{
	const struct gl_compare_side *a = &c->side[0], *b = &c->side[1];

	fprintf(f, "compare on %s (%s): asm %s (%s) vs reference %s (%s)\n", c->arch, c->backend, a->kernel, a->code,
	        b->kernel, b->code);
	fprintf(f, "launch (from %s): grid %u,%u,%u block %u,%u,%u", c->launch_from, c->launch.grid[0],
	        c->launch.grid[1], c->launch.grid[2], c->launch.block[0], c->launch.block[1], c->launch.block[2]);
	for (unsigned i = 0; i < c->launch.nargs; i++)
		fprintf(f, " %s", c->launch.args[i]);
	fputs("\n\n", f);
	print_code(f, c);
	print_tab(f, &tabs[GL_COMPARE_TAB_MIX]);
	print_tab(f, &tabs[GL_COMPARE_TAB_RES]);
	if (c->ran) {
		fprintf(f, "== outputs: %s\n\n", c->outputs);
		print_tab(f, &tabs[GL_COMPARE_TAB_TIMING]);
		if (a->st.median_us > 0 && b->st.median_us > 0)
			fprintf(f, "   reference / asm median time: %.2fx (%s is faster)\n\n",
			        b->st.median_us / a->st.median_us,
			        a->st.median_us <= b->st.median_us ? "asm" : "the reference");
		if (tabs[GL_COMPARE_TAB_COUNTERS].t)
			print_tab(f, &tabs[GL_COMPARE_TAB_COUNTERS]);
		else
			fprintf(f, "== %s\n\n", gl_counters_unavailable());
		print_tab(f, &tabs[GL_COMPARE_TAB_STALL_ASM]);
		print_tab(f, &tabs[GL_COMPARE_TAB_STALL_REF]);
		if (c->trace_note[0])
			fprintf(f, "== %s\n\n", c->trace_note);
	}
	print_tab(f, &tabs[GL_COMPARE_TAB_KD]);
}
