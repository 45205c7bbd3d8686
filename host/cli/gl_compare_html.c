/*
 * The HTML page of gcnlab compare: one self-contained file (inline CSS, no
 * scripts, no external resources) with the same content as the terminal
 * report. Each table is a <table> with an id (timing, mix, resources,
 * counters, stalls-asm, stalls-ref, code) so that tests and scripts can
 * find them; a code cell's title holds the instruction as llvm-objdump
 * printed it, before normalisation.
 */
#include "cli/gl_compare.h"

#include <stdlib.h>
#include <string.h>

#include "base/gl_esc.h"
#include "measure/gl_counters.h"
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

static void code_cells(FILE *f, const struct gl_disasm *d, long i)
{
	const struct gl_insn *in;

	if (i < 0) {
		fputs("<td></td><td></td><td></td>", f);
		return;
	}
	in = &d->insns[i];
	fprintf(f, "<td class=\"off\">0x%04x</td><td class=\"lab\">", in->offset);
	esc(f, in->label);
	markup(f, "</td><td class=\"ins\" title=\"", in->mnemonic);
	fputc(' ', f);
	esc(f, in->operands);
	markup(f, "\">", in->norm);
	fputs("</td>", f);
}

static void html_code(FILE *f, const struct gl_compare *c)
{
	size_t count[4] = { 0 };

	for (size_t i = 0; i < c->nrows; i++)
		count[c->rows[i].mark]++;
	fprintf(f, "<h2>code, normalised: registers renumbered per class in order of first use, labels L0, L1, "
	           "&hellip; by address</h2>\n<p>%zu same, %zu changed (|), %zu asm only (&lt;), %zu reference "
	           "only (&gt;). Hover an instruction for the text llvm-objdump printed.</p>\n",
	        count[GL_CMP_SAME], count[GL_CMP_CHANGED], count[GL_CMP_LEFT], count[GL_CMP_RIGHT]);
	markup(f, "<table id=\"code\" class=\"code\">\n<tr><th>offset</th><th></th><th>asm ", c->side[0].kernel);
	markup(f, "</th><th></th><th>offset</th><th></th><th>reference ", c->side[1].kernel);
	fputs("</th></tr>\n", f);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct gl_compare_row *row = &c->rows[i];

		fprintf(f, "<tr class=\"%s\">", mark_class[row->mark]);
		code_cells(f, &c->side[0].dis, row->left);
		fprintf(f, "<td class=\"mark\">%s</td>", mark_text[row->mark]);
		code_cells(f, &c->side[1].dis, row->right);
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
	"table.code td{font-family:monospace;white-space:pre;border:none;padding:0 6px}"
	"table.code td.off{color:#888}table.code td.lab{color:#06c}"
	"table.code td.mark{font-weight:bold;text-align:center}"
	"tr.chg td{background:#fff4c2}tr.left td{background:#ffd9d9}tr.right td{background:#d9f2d9}"
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
	fputs("</p>\n<p><a href=\"#code\">the code side by side</a> (after the tables)</p>\n", f);
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
	html_tab(f, &tabs[GL_COMPARE_TAB_KD], "descriptor");
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
