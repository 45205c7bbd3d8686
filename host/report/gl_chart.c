#include "report/gl_chart.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/gl_esc.h"
#include "base/gl_file.h"
#include "base/gl_proc.h"
#include "report/gl_results.h"
#include "report/gl_results_set.h"
#include "base/gl_str.h"

static const char *const group_colours[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
};
#define NCOLOURS (sizeof(group_colours) / sizeof(group_colours[0]))

/* Strings inside gnuplot single quotes: a quote is doubled. */
static const char *const gp_with[256] = { ['\''] = "''" };
static const struct gl_esc gp_esc = { gp_with, NULL };

/* XML character data: the markup characters as entities. */
static const char *const svg_text_with[256] = { ['<'] = "&lt;", ['>'] = "&gt;", ['&'] = "&amp;" };
static const struct gl_esc svg_text_esc = { svg_text_with, NULL };

static void gp_string(FILE *f, const char *s)
{
	fputc('\'', f);
	gl_esc_write(f, s, &gp_esc);
	fputc('\'', f);
}

/* What gnuplot wrote, before it counts: an SVG document that is whole (the
 * XML prolog or <svg> first, </svg> last) and of a plausible size. A full
 * disk or a crashed gnuplot leaves a file cut mid-element with exit 0. */
#define SVG_MIN_BYTES 1024
#define SVG_MAX_BYTES (64u << 20)

static bool svg_whole(const char *svg, size_t len, const char *target, struct gl_err *e)
{
	const char *p = svg, *end = svg + len;

	if (len < SVG_MIN_BYTES || len > SVG_MAX_BYTES)
		return gl_err_set(e, "gnuplot wrote %zu bytes for %s, not a chart (expected %u bytes to %u MiB)", len,
		                  target, SVG_MIN_BYTES, SVG_MAX_BYTES >> 20);
	while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
		p++;
	while (end > p && (end[-1] == ' ' || end[-1] == '\n' || end[-1] == '\r' || end[-1] == '\t'))
		end--;
	if ((strncmp(p, "<?xml", 5) && strncmp(p, "<svg", 4)) || !strstr(p, "<svg"))
		return gl_err_set(e, "gnuplot's output for %s is not SVG (it starts with '%.16s')", target, p);
	if (end - p < 6 || memcmp(end - 6, "</svg>", 6))
		return gl_err_set(e, "gnuplot's output for %s is cut short (it does not end with </svg>; "
		                  "disk full?)", target);
	return true;
}

/* gnuplot's SVG says <title>Gnuplot</title>: put the chart's own title
 * there (XML-escaped), which is what a browser tab and a file viewer show.
 * The result goes through the one results writer. */
static bool place_svg(const char *scratch, const char *target, const char *title, struct gl_err *e)
{
	static const char tag[] = "<title>Gnuplot</title>";
	char *svg = NULL, *buf = NULL, *at;
	size_t len = 0, blen = 0;
	FILE *f;
	bool ok = false;

	if (!gl_file_read_text(scratch, "chart", &svg, &len, e) || !svg_whole(svg, len, target, e))
		goto out;
	at = strstr(svg, tag);
	if (!at) {
		ok = gl_results_write_file(target, svg, len, e);   /* another gnuplot's layout: leave it */
		goto out;
	}
	f = open_memstream(&buf, &blen);
	if (!f) {
		gl_err_set(e, "out of memory for %s", target);
		goto out;
	}
	fwrite(svg, 1, (size_t)(at - svg), f);
	fputs("<title>", f);
	gl_esc_write(f, title, &svg_text_esc);
	fputs("</title>", f);
	fputs(at + sizeof(tag) - 1, f);
	if (fclose(f) != 0) {
		gl_err_set(e, "out of memory for %s", target);
		goto out;
	}
	ok = gl_results_write_file(target, buf, blen, e);
out:
	free(svg);
	free(buf);
	return ok;
}

/* The x position of point i: its index, or in a cluster chart the
 * cluster's index plus its group's place in the cluster. */
#define CLUSTER_WIDTH 0.8
static double x_of(const struct gl_chart *c, unsigned i)
{
	if (!c->cluster)
		return i;
	return c->cluster[i] + ((double)c->group[i] - (c->ngroups - 1) / 2.0) * (CLUSTER_WIDTH / c->ngroups);
}

static unsigned nslots(const struct gl_chart *c)
{
	return c->cluster ? c->nclusters : c->npoints;
}

static bool write_data(const struct gl_chart *c, const char *path, struct gl_err *e)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return gl_err_set(e, "cannot write %s: %s", path, strerror(errno));
	fputs("x label group", f);
	for (unsigned s = 0; s < c->nseries; s++) {
		fputs(" \"", f);
		for (const char *p = c->series_names[s]; *p; p++)
			fputc(*p == '"' ? '\'' : *p, f);
		fputc('"', f);
	}
	fputs(c->marks ? " mark\n" : "\n", f);
	/* Every step-th tick labelled, at most GL_CHART_MAX_TICKS. */
	unsigned step = (c->npoints + GL_CHART_MAX_TICKS - 1) / GL_CHART_MAX_TICKS;

	for (unsigned i = 0; i < c->npoints; i++) {
		const char *lab = c->cluster || (step > 1 && i % step && i + 1 != c->npoints) ? "" : c->labels[i];

		fprintf(f, "%g \"%s\" %u", x_of(c, i), lab, c->group[i]);
		for (unsigned s = 0; s <= c->nseries; s++) {
			double v;

			if (s == c->nseries && !c->marks)
				break;
			v = s < c->nseries ? c->values[(size_t)s * c->npoints + i] : c->marks[i];
			if (isnan(v))
				fputs(" -", f);
			else
				fprintf(f, " %.6g", v);
		}
		fputc('\n', f);
	}
	if (fclose(f) != 0)
		return gl_err_set(e, "writing %s failed", path);
	return true;
}

/* The finite positive range of everything drawn (values, marks, lines). */
static void data_range(const struct gl_chart *c, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < (size_t)c->nseries * c->npoints; i++)
		if (isfinite(c->values[i]) && c->values[i] > 0) {
			*lo = fmin(*lo, c->values[i]);
			*hi = fmax(*hi, c->values[i]);
		}
	for (unsigned i = 0; c->marks && i < c->npoints; i++)
		if (isfinite(c->marks[i]) && c->marks[i] > 0) {
			*lo = fmin(*lo, c->marks[i]);
			*hi = fmax(*hi, c->marks[i]);
		}
	for (unsigned i = 0; i < c->nlines; i++)
		if (c->lines[i].y > 0) {
			*lo = fmin(*lo, c->lines[i].y);
			*hi = fmax(*hi, c->lines[i].y);
		}
}

/* A log axis: the range with a margin, ticks at 1, 2, 5 x 10^k inside it
 * (gnuplot's own labels only the decades). */
static void log_axis(FILE *f, const struct gl_chart *c)
{
	double lo, hi, from, to;
	bool first = true;

	data_range(c, &lo, &hi);
	if (!(lo <= hi)) {
		fputs("set yrange [*:*]\n", f);
		return;
	}
	from = lo / 1.5;   /* room under the lowest marker for a value written below it */
	to = hi * 1.5;
	fprintf(f, "set yrange [%g:%g]\nset ytics (", from, to);
	for (double d = pow(10, floor(log10(from))); d <= to; d *= 10)
		for (int m = 0; m < 3; m++) {
			double v = d * (m == 0 ? 1 : m == 1 ? 2 : 5);

			if (v < from || v > to)
				continue;
			fprintf(f, "%s'%g' %g", first ? "" : ", ", v, v);
			first = false;
		}
	fputs(")\nset mytics 10\n", f);
}

/* gnuplot expression: column col's value as text, 3 significant digits. */
static void value_text(FILE *f, unsigned col)
{
	fprintf(f, "(column(%u) >= 100 ? sprintf('%%.0f', column(%u)) : column(%u) >= 10 ? "
	           "sprintf('%%.1f', column(%u)) : sprintf('%%.2f', column(%u)))",
	        col, col, col, col, col);
}

/* The y of column col as plotted: NaN (1/0) above ymax when clipping. */
static void y_expr(FILE *f, const struct gl_chart *c, unsigned col, const char *cond)
{
	if (c->ymax > 0)
		fprintf(f, "(column(%u) %s %g ? column(%u) : 1/0)", col, cond, c->ymax, col);
	else
		fprintf(f, "(column(%u))", col);
}

static void next_plot(FILE *f, bool *first)
{
	fputs(*first ? "plot " : ", \\\n     ", f);
	*first = false;
}

/* Series 0's extras: values over it, its outliers at the top edge. */
static void plot_extras(FILE *f, const struct gl_chart *c, const char *data, bool bars, bool *first)
{
	/* Values: series 0 over its bars or markers, the others under theirs. */
	for (unsigned s = 0; c->value_labels && s < c->nseries; s++) {
		next_plot(f, first);
		gp_string(f, data);
		fputs(" using 1:", f);
		y_expr(f, c, 4 + s, "<=");
		fputc(':', f);
		value_text(f, 4 + s);
		fprintf(f, " with labels offset 0,%s font 'sans,9' notitle", s ? "-0.9" : bars ? "0.6" : "0.9");
	}
	if (c->ymax > 0) {
		next_plot(f, first);
		gp_string(f, data);
		fprintf(f, " using 1:(column(4) > %g ? %g : 1/0) with points pt 9 ps 1.6 lc rgb '#d62728' "
		           "title 'above the axis (value written)'", c->ymax, c->ymax);
		next_plot(f, first);
		gp_string(f, data);
		fprintf(f, " using 1:(column(4) > %g ? %g : 1/0):", c->ymax, c->ymax);
		value_text(f, 4);
		fputs(" with labels offset 0,-1.1 font 'sans,10' tc rgb '#d62728' notitle", f);
	}
}

/* Tick labels: every cluster's name, or the label column. Long labels are
 * turned by 45 degrees, and the margins grow with them so the first label
 * is not cut at the left edge. */
static void x_axis(FILE *f, const struct gl_chart *c)
{
	size_t longest = 0, n = nslots(c);
	bool rotate;

	for (unsigned i = 0; i < n; i++) {
		const char *l = c->cluster ? c->cluster_names[i] : c->labels[i];
		size_t len = l ? strlen(l) : 0;

		longest = len > longest ? len : longest;
	}
	/* ~7.5 px per character at 13 px, ~850 px of plot width. */
	rotate = (double)longest * 7.5 * (double)(n < GL_CHART_MAX_TICKS ? n : GL_CHART_MAX_TICKS) > 800;
	if (rotate) {
		fputs("set xtics rotate by 45 right nomirror\n", f);
		/* A turned label reaches ~0.7 characters left of its tick per
		 * character (the first tick is ~5 characters in); gnuplot sizes
		 * the bottom margin (labels, axis label, legend) itself. */
		fprintf(f, "set lmargin %u\n", (unsigned)fmax(10, 0.7 * (double)longest - 4));
	} else {
		fputs("set xtics nomirror\nset lmargin 10\n", f);
	}
	if (c->cluster) {
		fputs("set xtics (", f);
		for (unsigned k = 0; k < c->nclusters; k++) {
			fputs(k ? ", " : "", f);
			gp_string(f, c->cluster_names[k]);
			fprintf(f, " %u", k);
		}
		fputs(")\n", f);
	}
	fprintf(f, "set xrange [-0.7:%u.7]\n", n ? (unsigned)n - 1 : 0);
}

static bool write_script(const struct gl_chart *c, const char *script, const char *data,
                         const char *out, struct gl_err *e)
{
	FILE *f = fopen(script, "w");
	/* Bars for one series on a linear axis from 0; markers otherwise (a
	 * bar has no base on a log or a cut axis), joined only along an
	 * ordered x. */
	const char *style = c->ordered_x ? "linespoints" : "points";
	bool bars = c->nseries == 1 && !c->logy && !c->ordered_x && c->ymin <= 0;
	const char *xtic = c->cluster ? "" : ":xtic(2)";
	bool first = true;

	if (!f)
		return gl_err_set(e, "cannot write %s: %s", script, strerror(errno));
	fprintf(f, "set terminal svg size %u,560 dynamic noenhanced font 'sans,13' background rgb 'white'\n",
	        GL_CHART_WIDTH);
	fputs("set output ", f);
	gp_string(f, out);
	fputs("\nset title ", f);
	gp_string(f, c->title);
	fputs(" font 'sans,15'\nset ylabel ", f);
	gp_string(f, c->ylabel);
	if (c->xlabel) {
		fputs("\nset xlabel ", f);
		gp_string(f, c->xlabel);
	}
	fputs("\nset datafile missing '-'\n", f);
	if (c->logy) {
		fputs("set grid ytics mytics\nset logscale y 10\n", f);
		log_axis(f, c);
	} else if (c->ymin > 0 || c->ymax > 0) {
		fputs("set grid ytics\n", f);
		if (c->ymax > 0)
			fprintf(f, "set yrange [%g:%g]\n", c->ymin, c->ymax);
		else
			fprintf(f, "set yrange [%g:*]\n", c->ymin);
	} else {
		/* From 0, with room above the tallest bar for its value. */
		fputs("set grid ytics\nset yrange [0:*]\nset offsets 0, 0, graph 0.1, 0\n", f);
	}
	fputs("set key outside top center horizontal box opaque font 'sans,11'\n", f);
	if (c->key_title) {
		fputs("set key title ", f);
		gp_string(f, c->key_title);
		fputc('\n', f);
	}
	x_axis(f, c);
	/* A dashed line between groups (asm | hip); clusters mix the groups. */
	for (unsigned i = 1; !c->cluster && i < c->npoints; i++)
		if (c->group[i] != c->group[i - 1])
			fprintf(f, "set arrow from %g, graph 0 to %g, graph 1 nohead dashtype 2 lc rgb '#888888'\n",
			        i - 0.5, i - 0.5);
	/* Reference lines across the plot; the legend names them (a label on
	 * the line would collide with the values over the bars). */
	for (unsigned i = 0; i < c->nlines; i++)
		fprintf(f, "set arrow from graph 0, first %g to graph 1, first %g nohead dashtype %u lw 1.5 "
		           "lc rgb '#444444' front\n", c->lines[i].y, c->lines[i].y, 2 + i % 3);
	if (c->nseries == 1) {
		if (bars)
			fprintf(f, "set style fill solid 0.85 border -1\nset boxwidth %g\n",
			        c->cluster ? CLUSTER_WIDTH / c->ngroups * 0.92 : 0.7);
		/* Along an ordered x, a thin grey line first shows the trend
		 * across the groups' markers. */
		if (!bars && c->ordered_x) {
			next_plot(f, &first);
			gp_string(f, data);
			fputs(" using 1:4 with lines lc rgb '#bbbbbb' notitle", f);
		}
		for (unsigned g = 0; g < c->ngroups; g++) {
			next_plot(f, &first);
			gp_string(f, data);
			fprintf(f, " using 1:($3 == %u ? ", g);
			y_expr(f, c, 4, "<=");
			fprintf(f, " : 1/0) with %s lc rgb '%s' title ", bars ? "boxes" : "points pt 7 ps 1.3",
			        group_colours[g % NCOLOURS]);
			gp_string(f, c->group_names[g]);
		}
	} else {
		/* Series take the legend: name each group above its stretch. */
		for (unsigned g = 0, first_pt = 0; !c->cluster && g < c->ngroups && c->ngroups > 1; g++) {
			unsigned last;

			while (first_pt < c->npoints && c->group[first_pt] != g)
				first_pt++;
			if (first_pt == c->npoints)
				break;
			last = first_pt;
			while (last + 1 < c->npoints && c->group[last + 1] == g)
				last++;
			fprintf(f, "set label %u ", c->nlines + g + 1);
			gp_string(f, c->group_names[g]);
			fprintf(f, " at %g, graph 1.03 center\n", (first_pt + last) / 2.0);
			first_pt = last + 1;
		}
		for (unsigned s = 0; s < c->nseries; s++) {
			next_plot(f, &first);
			gp_string(f, data);
			fprintf(f, " using 1:%u with %s pt %u ps 1.1 title columnheader(%u)", 4 + s, style,
			        s ? 5 + 2 * (s % 6) : 5, 4 + s);
		}
	}
	if (c->marks) {
		next_plot(f, &first);
		gp_string(f, data);
		fprintf(f, " using 1:%u with points pt 13 ps 1.3 lc rgb 'black' title ", 4 + c->nseries);
		gp_string(f, c->marks_name ? c->marks_name : "reference");
	}
	for (unsigned i = 0; i < c->nlines; i++) {
		next_plot(f, &first);
		fprintf(f, "1/0 with lines dashtype %u lw 1.5 lc rgb '#444444' title ", 2 + i % 3);
		gp_string(f, c->lines[i].label);
	}
	plot_extras(f, c, data, bars, &first);
	if (!c->cluster) {
		/* xtic labels must come from every row: a label-only pass. */
		next_plot(f, &first);
		gp_string(f, data);
		fprintf(f, " using 1:(1/0)%s notitle", xtic);
	}
	fputc('\n', f);
	if (fclose(f) != 0)
		return gl_err_set(e, "writing %s failed", script);
	return true;
}

enum gl_chart_result gl_chart_svg(const struct gl_chart *c, const char *svg_path, struct gl_err *e)
{
	char dir[PATH_MAX], data[PATH_MAX], script[PATH_MAX], scratch_svg[PATH_MAX], out[4096];
	char *argv[] = { "gnuplot", script, NULL };
	struct gl_err local;
	enum gl_chart_result r = GL_CHART_FAILED;
	int status;

	if (!e)
		e = &local;
	if (!gl_proc_in_path("gnuplot"))
		return GL_CHART_NO_GNUPLOT;
	/* Scratch next to the chart, named like the results' temporaries, so
	 * that a killed run's leftovers are removed by the next run
	 * (gl_results_claim). */
	if (!gl_str_fmt(dir, sizeof(dir), "%s.chart.tmp.XXXXXX", svg_path) || !mkdtemp(dir)) {
		gl_err_set(e, "cannot create a temporary directory for the chart %s: %s", svg_path, strerror(errno));
		dir[0] = '\0';
		goto out;
	}
	gl_str_fmt(data, sizeof(data), "%s/data.txt", dir);
	gl_str_fmt(script, sizeof(script), "%s/chart.gp", dir);
	gl_str_fmt(scratch_svg, sizeof(scratch_svg), "%s/chart.svg", dir);
	if (!write_data(c, data, e) || !write_script(c, script, data, scratch_svg, e))
		goto out;
	if (!gl_proc_run(argv, out, sizeof(out), &status, e))
		goto out;
	if (status != 0) {
		gl_err_set(e, "gnuplot failed (exit %d) drawing %s: %s", status, svg_path, out);
		goto out;
	}
	if (!place_svg(scratch_svg, svg_path, c->title, e))
		goto out;
	r = GL_CHART_WRITTEN;
out:
	if (r == GL_CHART_FAILED)
		gl_results_set_failed(svg_path, e->msg);   /* a set without its chart is not whole */
	if (dir[0]) {
		unlink(scratch_svg);
		unlink(data);
		unlink(script);
		rmdir(dir);
	}
	return r;
}
