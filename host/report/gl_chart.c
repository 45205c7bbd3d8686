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
	fputc('\n', f);
	/* Every step-th tick labelled, at most GL_CHART_MAX_TICKS. */
	unsigned step = (c->npoints + GL_CHART_MAX_TICKS - 1) / GL_CHART_MAX_TICKS;

	for (unsigned i = 0; i < c->npoints; i++) {
		fprintf(f, "%u \"%s\" %u", i, step > 1 && i % step && i + 1 != c->npoints ? "" : c->labels[i],
		        c->group[i]);
		for (unsigned s = 0; s < c->nseries; s++) {
			double v = c->values[(size_t)s * c->npoints + i];

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

static bool write_script(const struct gl_chart *c, const char *script, const char *data,
                         const char *out, struct gl_err *e)
{
	FILE *f = fopen(script, "w");
	/* Bars for one series on a linear axis; markers otherwise (a bar has
	 * no base on a log axis), joined only along an ordered x. */
	const char *style = c->ordered_x ? "linespoints" : "points";

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
	fputs(c->logy ? "set grid ytics mytics\nset logscale y 10\nset yrange [*:*]\n" : "set grid ytics\nset yrange [0:*]\n", f);
	fputs("set key outside bottom center horizontal box opaque\n", f);
	if (c->key_title) {
		fputs("set key title ", f);
		gp_string(f, c->key_title);
		fputc('\n', f);
	}
	fputs("set xtics rotate by 45 right nomirror\nset bmargin 11\n", f);
	fprintf(f, "set xrange [-0.7:%u.7]\n", c->npoints ? c->npoints - 1 : 0);
	/* A dashed line between groups (asm | hip). */
	for (unsigned i = 1; i < c->npoints; i++)
		if (c->group[i] != c->group[i - 1])
			fprintf(f, "set arrow from %g, graph 0 to %g, graph 1 nohead dashtype 2 lc rgb '#888888'\n",
			        i - 0.5, i - 0.5);
	if (c->nseries == 1) {
		fputs("set style fill solid 0.85 border -1\nset boxwidth 0.7\n", f);
		/* Along an ordered x, a thin grey line first shows the trend
		 * across the groups' markers. */
		if (c->logy || c->ordered_x) {
			fputs("plot ", f);
			gp_string(f, data);
			fputs(" using 1:4 with lines lc rgb '#bbbbbb' notitle, \\\n     ", f);
		} else {
			fputs("plot ", f);
		}
		for (unsigned g = 0; g < c->ngroups; g++) {
			if (g)
				fputs(", \\\n     ", f);
			gp_string(f, data);
			if (c->logy || c->ordered_x)
				fprintf(f, " using 1:($3 == %u ? $4 : 1/0) with points pt 7 ps 1.3 lc rgb '%s' title ", g,
				        group_colours[g % NCOLOURS]);
			else
				fprintf(f, " using 1:($3 == %u ? $4 : 1/0) with boxes lc rgb '%s' title ", g,
				        group_colours[g % NCOLOURS]);
			gp_string(f, c->group_names[g]);
		}
		/* xtic labels must come from every row: a label-only pass. */
		fputs(", \\\n     ", f);
		gp_string(f, data);
		fputs(" using 1:(1/0):xtic(2) notitle\n", f);
	} else {
		/* Series take the legend: name each group above its stretch. */
		for (unsigned g = 0, first = 0; g < c->ngroups && c->ngroups > 1; g++) {
			unsigned last = first;

			while (first < c->npoints && c->group[first] != g)
				first++;
			if (first == c->npoints)
				break;
			last = first;
			while (last + 1 < c->npoints && c->group[last + 1] == g)
				last++;
			fprintf(f, "set label %u ", g + 1);
			gp_string(f, c->group_names[g]);
			fprintf(f, " at %g, graph 1.03 center\n", (first + last) / 2.0);
			first = last + 1;
		}
		fputs("plot ", f);
		gp_string(f, data);
		fprintf(f, " using 1:4:xtic(2) with %s pt 5 ps 1.1 title columnheader(4)", style);
		for (unsigned s = 1; s < c->nseries; s++) {
			fputs(", \\\n     ", f);
			gp_string(f, data);
			fprintf(f, " using 1:%u with %s pt %u ps 1.1 title columnheader(%u)", 4 + s, style,
			        5 + 2 * (s % 6), 4 + s);
		}
		fputc('\n', f);
	}
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
