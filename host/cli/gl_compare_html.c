/*
 * The HTML page of gcnlab compare: one self-contained file (inline CSS, no
 * scripts, no external resources) with the same content as the terminal
 * report. Each table is a <table> with an id (timing, mix, resources,
 * counters, stalls-asm, stalls-ref, code) so that tests and scripts can
 * find them; a code cell's title holds the instruction as llvm-objdump
 * printed it, before normalisation.
 */
#include "cli/gl_compare.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/gl_esc.h"
#include "measure/gl_counters.h"
#include "measure/gl_trace.h"
#include "report/gl_results.h"

static const char *const html_with[256] = {
	['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;", ['"'] = "&quot;",
};
static const struct gl_esc html_esc = { html_with, NULL };

static void esc(FILE *f, const char *s)
{
	gl_esc_write(f, s, &html_esc);
}

/* HTML text m as it is, then text s escaped. */
static void markup(FILE *f, const char *m, const char *s)
{
	fputs(m, f);
	esc(f, s);
}

/* A cell that is a number ("12", "3.51", "-"): right-aligned. */
static bool number(const char *s)
{
	char *end;

	if (!s || !s[0])
		return false;
	if (strcmp(s, "-") == 0)
		return true;
	strtod(s, &end);
	return end != s && *end == '\0';
}

/* tab as an HTML table with the id `id`. */
static void html_tab(FILE *f, const struct gl_compare_tab *tab, const char *id)
{
	if (!tab->t)
		return;
	markup(f, "<h2>", tab->title);
	fprintf(f, "</h2>\n<table id=\"%s\">\n<tr>", id);
	for (unsigned c = 0; c < tab->ncols; c++) {
		markup(f, "<th>", tab->cols[c]);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (unsigned r = 0; r < gl_table_rows(tab->t); r++) {
		fputs("<tr>", f);
		for (unsigned c = 0; c < tab->ncols; c++) {
			const char *s = gl_table_cell(tab->t, r, c);

			markup(f, number(s) ? "<td class=\"n\">" : s && s[0] == ' ' ? "<td class=\"sub\">" : "<td>",
			       s ? s + strspn(s, " ") : "");
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static const char *const mark_class[] = { [GL_CMP_SAME] = "same", [GL_CMP_CHANGED] = "chg",
	                                  [GL_CMP_LEFT] = "left", [GL_CMP_RIGHT] = "right" };
static const char *const mark_text[] = { [GL_CMP_SAME] = "", [GL_CMP_CHANGED] = "|", [GL_CMP_LEFT] = "&lt;",
	                                 [GL_CMP_RIGHT] = "&gt;" };

/* One side's cells of a code row: offset, label, instruction (title: the
 * text as printed; with a trace, its cycles and every stall cause), and
 * with a trace its share of the cycles (a bar behind the number) and its
 * largest stall cause. */
static void code_cells(FILE *f, const struct gl_compare *c, int side, long i)
{
	const struct gl_compare_side *s = &c->side[side];
	const struct gcnlab_emu_trace_row *r;
	const struct gl_insn *in;
	char text[GL_DISASM_TEXT + 64], pct[16], cause[64];

	if (i < 0) {
		fputs(s->traced ? "<td></td><td></td><td></td><td></td><td></td>" : "<td></td><td></td><td></td>", f);
		return;
	}
	in = &s->dis.insns[i];
	r = gl_compare_trace_of(s, i);
	fprintf(f, "<td class=\"off\">0x%04x</td><td class=\"lab\">", in->offset);
	esc(f, in->label);
	markup(f, "</td><td class=\"ins\" title=\"", c->raw ? in->norm : in->mnemonic);
	if (!c->raw) {
		fputc(' ', f);
		esc(f, in->operands);
	}
	if (r) {
		fprintf(f, "&#10;%" PRIu64 " cycles, %" PRIu64 " issues", r->cycles, r->issues);
		for (unsigned j = 0; j < GCNLAB_STALL_COUNT; j++)
			if (r->stall[j])
				fprintf(f, "&#10;%s: %" PRIu64 " cycles", gl_trace_cause_name(j), r->stall[j]);
	}
	gl_compare_insn_text(c, &s->dis, i, text, sizeof(text));
	markup(f, "\">", text);
	fputs("</td>", f);
	if (!s->traced)
		return;
	gl_compare_insn_cost(s, i, pct, sizeof(pct), cause, sizeof(cause));
	/* The bar: the share of the kernel's cycles, scaled so 10% fills the cell. */
	if (pct[0])
		fprintf(f, "<td class=\"cyc\" style=\"background-size:%.0f%% 100%%\">%s</td>", 
		        strtod(pct, NULL) * 10 > 100 ? 100.0 : strtod(pct, NULL) * 10, pct);
	else
		fputs("<td class=\"cyc\"></td>", f);
	markup(f, "<td class=\"cause\">", cause);
	fputs("</td>", f);
}

static void code_head(FILE *f, const struct gl_compare *c, int side)
{
	markup(f, "<th>offset</th><th></th><th>", side ? "reference " : "asm ");
	esc(f, c->side[side].kernel);
	fputs("</th>", f);
	if (c->side[side].traced)
		fputs("<th title=\"share of the kernel's wave-cycles (trace, all waves)\">cyc %</th>"
		      "<th title=\"the largest stall cause, its share of the instruction's cycles\">stall</th>", f);
}

static void html_code(FILE *f, const struct gl_compare *c)
{
	size_t count[4] = { 0 };
	unsigned loop = 0;
	int ncols = 7 + (c->side[0].traced ? 2 : 0) + (c->side[1].traced ? 2 : 0);
	char title[512];

	for (size_t i = 0; i < c->nrows; i++)
		count[c->rows[i].mark]++;
	if (c->raw)
		fputs("<h2>code as llvm-objdump printed it (--raw), aligned as normalised</h2>\n", f);
	else
		fputs("<h2>code, normalised: registers renumbered per class in order of first use, labels L0, L1, "
		      "&hellip; by address (<code>--raw</code>: as printed)</h2>\n", f);
	fprintf(f, "<p>%zu same, %zu changed (|: same mnemonic or class), %zu asm only (&lt;), %zu reference only (&gt;); %u loop%s "
	           "facing each other (blue bar).",
	        count[GL_CMP_SAME], count[GL_CMP_CHANGED], count[GL_CMP_LEFT], count[GL_CMP_RIGHT], c->nloops,
	        c->nloops == 1 ? "" : "s");
	if (c->side[0].traced || c->side[1].traced)
		fputs(" <b>cyc %</b>: the instruction's share of its kernel's wave-cycles (per-instruction trace, all "
		      "waves; the bar is full at 10%); <b>stall</b>: its largest stall cause and that cause's share of "
		      "its cycles.", f);
	fprintf(f, " Hover an instruction for the text %s and its cycles by cause.</p>\n",
	        c->raw ? "normalised" : "llvm-objdump printed");
	fputs("<table id=\"code\" class=\"code\">\n<tr>", f);
	code_head(f, c, 0);
	fputs("<th></th>", f);
	code_head(f, c, 1);
	fputs("</tr>\n", f);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct gl_compare_row *row = &c->rows[i];

		if (row->loop != loop) {
			loop = row->loop;
			if (loop) {
				gl_compare_loop_title(c, loop, title, sizeof(title));
				fprintf(f, "<tr class=\"loophead\" id=\"loop%u\"><td colspan=\"%d\">", loop, ncols);
				esc(f, title);
				fputs("</td></tr>\n", f);
			}
		}
		fprintf(f, "<tr class=\"%s%s\">", mark_class[row->mark], row->loop ? " loop" : "");
		code_cells(f, c, 0, row->left);
		fprintf(f, "<td class=\"mark\">%s</td>", mark_text[row->mark]);
		code_cells(f, c, 1, row->right);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static const char css[] =
	"body{font-family:sans-serif;margin:1.5em;color:#222}"
	"h1{font-size:1.3em}h2{font-size:1.05em;margin-top:1.6em}"
	"table{border-collapse:collapse;margin:.4em 0}"
	"th,td{border:1px solid #ccc;padding:2px 8px;text-align:left;vertical-align:top}"
	"th{background:#eee}td.n{text-align:right;font-variant-numeric:tabular-nums}td.sub{padding-left:2em}"
	"table.code{font-size:11px}table.code td{font-family:monospace;white-space:pre;border:none;padding:0 4px}"
	"table.code td.off{color:#888}table.code td.lab{color:#06c}"
	"table.code td.mark{font-weight:bold;text-align:center}"
	"tr.chg td{background-color:#fff4c2}tr.left td{background-color:#ffd9d9}tr.right td{background-color:#d9f2d9}"
	"table.code td.cyc{text-align:right;min-width:3.5em;background-image:linear-gradient(#f4a259,#f4a259);"
	"background-repeat:no-repeat;background-position:left}"
	"table.code td.cause{color:#a33}"
	"tr.loop td:first-child,tr.loop td.mark{border-left:4px solid #36c}"
	"tr.loophead td{background:#dde6f7;font-family:sans-serif;font-weight:bold;padding:3px 6px}"
	"p.note{color:#555}p.bad{color:#b00;font-weight:bold}code{background:#f4f4f4}";

static void html_page(FILE *f, const struct gl_compare *c, const struct gl_compare_tab *tabs)
{
	const struct gl_compare_side *a = &c->side[0], *b = &c->side[1];

	markup(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>gcnlab compare: ",
	       a->kernel);
	markup(f, " vs ", b->kernel);
	fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", css);
	esc(f, a->kernel);
	markup(f, " (asm) vs ", b->kernel);
	fprintf(f, " (reference) on %s, %s backend</h1>\n<p>", c->arch, c->backend);
	markup(f, "asm: <code>", a->code);
	markup(f, "</code><br>reference: <code>", b->code);
	markup(f, "</code><br>launch (from ", c->launch_from);
	fprintf(f, "): grid %u,%u,%u, block %u,%u,%u", c->launch.grid[0], c->launch.grid[1], c->launch.grid[2],
	        c->launch.block[0], c->launch.block[1], c->launch.block[2]);
	for (unsigned i = 0; i < c->launch.nargs; i++) {
		markup(f, " <code>", c->launch.args[i]);
		fputs("</code>", f);
	}
	fputs("</p>\n<p><a href=\"#code\">the code side by side</a>", f);
	for (unsigned k = 1; k <= c->nloops; k++)
		fprintf(f, "%s<a href=\"#loop%u\">loop %u</a>", k == 1 ? " (" : ", ", k, k);
	fprintf(f, "%s, after the tables; <a href=\"#descriptor\">the kernel descriptors</a> at the end</p>\n",
	        c->nloops ? ")" : "");
	if (a->timeline_page[0] || b->timeline_page[0]) {
		fputs("<p id=\"timelines\">per-wave timelines of the traced dispatch (the first workgroup's waves):", f);
		for (int i = 0; i < 2; i++) {
			const struct gl_compare_side *s = &c->side[i];
			if (!s->timeline_page[0])
				continue;
			markup(f, i == 0 || !a->timeline_page[0] ? " <a href=\"" : ", <a href=\"", s->timeline_page);
			markup(f, "\">", s->kernel);
			fputs("</a>", f);
		}
		fputs("</p>\n", f);
	}
	if (c->ran) {
		fprintf(f, "<p id=\"outputs\"%s>outputs: ", c->outputs_same ? "" : " class=\"bad\"");
		esc(f, c->outputs);
		fputs("</p>\n", f);
		html_tab(f, &tabs[GL_COMPARE_TAB_TIMING], "timing");
		if (a->st.median_us > 0 && b->st.median_us > 0)
			fprintf(f, "<p>reference / asm median time: <b>%.2fx</b></p>\n", b->st.median_us / a->st.median_us);
	}
	html_tab(f, &tabs[GL_COMPARE_TAB_MIX], "mix");
	html_tab(f, &tabs[GL_COMPARE_TAB_RES], "resources");
	if (c->ran) {
		if (tabs[GL_COMPARE_TAB_COUNTERS].t)
			html_tab(f, &tabs[GL_COMPARE_TAB_COUNTERS], "counters");
		else
			fprintf(f, "<p class=\"note\">%s</p>\n", gl_counters_unavailable());
		html_tab(f, &tabs[GL_COMPARE_TAB_STALL_ASM], "stalls-asm");
		html_tab(f, &tabs[GL_COMPARE_TAB_STALL_REF], "stalls-ref");
		if (c->trace_note[0]) {
			markup(f, "<p class=\"note\">", c->trace_note);
			fputs("</p>\n", f);
		}
	}
	html_code(f, c);
	html_tab(f, &tabs[GL_COMPARE_TAB_KD], "descriptor");
	fputs("</body>\n</html>\n", f);
}

bool gl_compare_html(const struct gl_compare *c, const struct gl_compare_tab *tabs, const char *path,
                     struct gl_err *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	bool ok;

	if (!f)
		return gl_err_set(e, "out of memory for the HTML page");
	html_page(f, c, tabs);
	if (fclose(f) != 0 || !buf) {
		free(buf);
		return gl_err_set(e, "out of memory for the HTML page");
	}
	ok = gl_results_write_file(path, buf, len, e);
	free(buf);
	return ok;
}
