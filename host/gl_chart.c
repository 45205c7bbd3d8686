#include "gl_chart.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gl_proc.h"
#include "gl_results_set.h"
#include "gl_str.h"

static const char *const group_colours[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
};
#define NCOLOURS (sizeof(group_colours) / sizeof(group_colours[0]))

/* Strings inside gnuplot single quotes: a quote is doubled. */
static void gp_string(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
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
	for (unsigned i = 0; i < c->npoints; i++) {
		fprintf(f, "%u \"%s\" %u", i, c->labels[i], c->group[i]);
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
	unsigned width = 160 + 40 * c->npoints;

	if (!f)
		return gl_err_set(e, "cannot write %s: %s", script, strerror(errno));
	if (width < 640)
		width = 640;
	fprintf(f, "set terminal svg size %u,520 dynamic noenhanced font 'sans,11' background rgb 'white'\n",
	        width);
	fputs("set output ", f);
	gp_string(f, out);
	fputs("\nset title ", f);
	gp_string(f, c->title);
	fputs("\nset ylabel ", f);
	gp_string(f, c->ylabel);
	fputs("\nset datafile missing '-'\n", f);
	fputs("set grid ytics\nset yrange [0:*]\nset key outside right top\n", f);
	fputs("set xtics rotate by 45 right nomirror\nset bmargin 10\n", f);
	fprintf(f, "set xrange [-0.7:%u.7]\n", c->npoints ? c->npoints - 1 : 0);
	/* A dashed line between groups (asm | hip). */
	for (unsigned i = 1; i < c->npoints; i++)
		if (c->group[i] != c->group[i - 1])
			fprintf(f, "set arrow from %g, graph 0 to %g, graph 1 nohead dashtype 2 lc rgb '#888888'\n",
			        i - 0.5, i - 0.5);
	if (c->nseries == 1) {
		fputs("set style fill solid 0.85 border -1\nset boxwidth 0.7\nplot ", f);
		for (unsigned g = 0; g < c->ngroups; g++) {
			if (g)
				fputs(", \\\n     ", f);
			gp_string(f, data);
			fprintf(f, " using 1:($3 == %u ? $4 : 1/0)%s with boxes lc rgb '%s' title ", g,
			        g == 0 ? ":xtic(2)" : "", group_colours[g % NCOLOURS]);
			gp_string(f, c->group_names[g]);
		}
		/* xtic labels must come from every row: a label-only pass. */
		fputs(", \\\n     ", f);
		gp_string(f, data);
		fputs(" using 1:(1/0):xtic(2) notitle\n", f);
	} else {
		fputs("plot ", f);
		gp_string(f, data);
		fprintf(f, " using 1:4:xtic(2) with linespoints title columnheader(4)");
		for (unsigned s = 1; s < c->nseries; s++) {
			fputs(", \\\n     ", f);
			gp_string(f, data);
			fprintf(f, " using 1:%u with linespoints title columnheader(%u)", 4 + s, 4 + s);
		}
		fputc('\n', f);
	}
	if (fclose(f) != 0)
		return gl_err_set(e, "writing %s failed", script);
	return true;
}

enum gl_chart_result gl_chart_svg(const struct gl_chart *c, const char *svg_path, struct gl_err *e)
{
	char dir[PATH_MAX], data[PATH_MAX], script[PATH_MAX], tmp_svg[PATH_MAX], out[4096];
	char *argv[] = { "gnuplot", script, NULL };
	enum gl_chart_result r = GL_CHART_FAILED;
	int status, fd;

	if (!gl_proc_in_path("gnuplot"))
		return GL_CHART_NO_GNUPLOT;
	/* Scratch next to the chart, named like the results' temporaries, so
	 * that a killed run's leftovers are removed by the next run
	 * (gl_results_claim). */
	if (!gl_str_fmt(dir, sizeof(dir), "%s.chart.tmp.XXXXXX", svg_path) || !mkdtemp(dir)) {
		gl_err_set(e, "cannot create a temporary directory for the chart: %s", strerror(errno));
		return GL_CHART_FAILED;
	}
	gl_str_fmt(data, sizeof(data), "%s/data.txt", dir);
	gl_str_fmt(script, sizeof(script), "%s/chart.gp", dir);
	tmp_svg[0] = '\0';
	if (!gl_str_fmt(tmp_svg, sizeof(tmp_svg), "%s.tmp.XXXXXX", svg_path)) {
		gl_err_set(e, "chart path %s is too long", svg_path);
		tmp_svg[0] = '\0';
		goto out;
	}
	/* Reserve the temporary name next to the target; gnuplot overwrites it. */
	fd = mkstemp(tmp_svg);
	if (fd < 0) {
		gl_err_set(e, "cannot create a temporary file next to %s: %s", svg_path, strerror(errno));
		tmp_svg[0] = '\0';
		goto out;
	}
	close(fd);
	if (!write_data(c, data, e) || !write_script(c, script, data, tmp_svg, e))
		goto out;
	if (!gl_proc_run(argv, out, sizeof(out), &status, e))
		goto out;
	if (status != 0) {
		gl_err_set(e, "gnuplot failed (exit %d): %s", status, out);
		goto out;
	}
	/* Durable before it replaces the old chart, like the results files. */
	fd = open(tmp_svg, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		fchmod(fd, 0644);
		fsync(fd);
		close(fd);
	}
	if (!gl_results_place(tmp_svg, svg_path, e))
		goto out;
	tmp_svg[0] = '\0';
	r = GL_CHART_WRITTEN;
out:
	if (tmp_svg[0])
		unlink(tmp_svg);
	unlink(data);
	unlink(script);
	rmdir(dir);
	return r;
}
