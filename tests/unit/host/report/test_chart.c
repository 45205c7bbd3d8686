/*
 * test_chart — gl_chart's SVG (needs gnuplot; the test fails without
 * it, as `make deps` installs it): 1000 px wide whatever the number of
 * points, the chart's own <title> (not gnuplot's "Gnuplot"), the axis
 * labels, at most GL_CHART_MAX_TICKS labelled x ticks, a log y axis with
 * 1-2-5 ticks when asked; clusters, value labels, reference lines, marks
 * and a y range with its outliers written at the edge.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tu_main.h"
#include "report/gl_chart.h"
#include "tu_files.h"

#define N 60

static unsigned count(const char *hay, const char *needle)
{
	unsigned n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* c drawn into path; the SVG's text (malloc'd). */
static char *chart_svg(const struct gl_chart *c, const char *path)
{
	struct gl_err e = { "" };
	char *svg;

	if (gl_chart_svg(c, path, &e) != GL_CHART_WRITTEN)
		fail_msg("gl_chart_svg: %s (is gnuplot installed? make deps)", e.msg);
	svg = tu_slurp(path);
	assert_non_null(svg);
	return svg;
}

static void test_svg(void **state)
{
	static char lab[N][16];
	const char *labels[N], *groups[1] = { "grp" }, *series[2] = { "first series", "second series" };
	unsigned group[N];
	double values[2 * N];
	char dir[] = "/tmp/gcnlab-chart-XXXXXX", path[64];
	char *svg;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/c.svg", dir);
	for (unsigned i = 0; i < N; i++) {
		snprintf(lab[i], sizeof(lab[i]), "tick%u", i);
		labels[i] = lab[i];
		group[i] = 0;
		values[i] = 1.0 + i * i;           /* 1 .. 3482: three decades */
		values[N + i] = 2.0 + i;
	}
	struct gl_chart c = {
		.title = "a <chart> & its title", .ylabel = "time (us)", .npoints = N, .labels = labels,
		.group = group, .ngroups = 1, .group_names = groups, .nseries = 2, .series_names = series,
		.values = values, .xlabel = "x quantity (units)", .logy = true, .ordered_x = true,
	};
	svg = chart_svg(&c, path);
	assert_non_null(strstr(svg, "width=\"1000\""));
	assert_non_null(strstr(svg, "<title>a &lt;chart&gt; &amp; its title</title>"));
	assert_null(strstr(svg, "<title>Gnuplot</title>"));
	assert_non_null(strstr(svg, "x quantity (units)"));
	assert_non_null(strstr(svg, "first series"));
	/* Thinned ticks: N = 60 points, every 3rd labelled (+ the last). */
	assert_true(count(svg, ">tick") <= GL_CHART_MAX_TICKS + 1);
	assert_true(count(svg, ">tick") >= 15);
	/* Log axis: ticks at 1, 2 and 5 per decade over the data (1..3482). */
	assert_non_null(strstr(svg, ">1000</text>"));
	assert_non_null(strstr(svg, ">100</text>"));
	assert_non_null(strstr(svg, ">200</text>"));
	assert_non_null(strstr(svg, ">2000</text>"));
	assert_null(strstr(svg, ">10000</text>"));
	free(svg);

	/* Several series over grouped categories: the group names are written
	 * above their stretch (the legend names the series). */
	for (unsigned i = 0; i < N; i++)
		group[i] = i < N / 2 ? 0 : 1;
	{
		const char *gnames[2] = { "first group", "second group" };

		c.ngroups = 2;
		c.group_names = gnames;
		c.logy = false;
		c.ordered_x = false;
		svg = chart_svg(&c, path);
	}
	assert_non_null(strstr(svg, ">first group<"));
	assert_non_null(strstr(svg, ">second group<"));
	assert_non_null(strstr(svg, ">second series<"));
	free(svg);
	unlink(path);
	rmdir(dir);
}

/* Clusters (a pair of bars per cluster, the cluster named once), values
 * over the bars, a reference line in the legend, per-point marks, and a
 * y range whose outlier stands at the top edge with its value. */
static void test_extras(void **state)
{
	const char *labels[6] = { "a0", "a1", "a2", "b0", "b1", "b2" };
	const char *groups[2] = { "asm side", "hip side" }, *series[1] = { "v" };
	const char *cnames[3] = { "pair zero", "pair one", "pair two" };
	unsigned group[6] = { 0, 0, 0, 1, 1, 1 }, cluster[6] = { 0, 1, 2, 0, 1, 2 };
	double values[6] = { 40.25, 39.5, 34.125, 12.5, 22.0, 9876.0 }, marks[6];
	struct gl_chart_line line = { 40.25, "the best figure" };
	char dir[] = "/tmp/gcnlab-chart-XXXXXX", path[64];
	char *svg;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/c.svg", dir);
	for (unsigned i = 0; i < 6; i++)
		marks[i] = i == 1 ? 38.0 : NAN;
	struct gl_chart c = {
		.title = "extras", .ylabel = "GB/s", .npoints = 6, .labels = labels, .group = group, .ngroups = 2,
		.group_names = groups, .nseries = 1, .series_names = series, .values = values,
		.cluster = cluster, .nclusters = 3, .cluster_names = cnames, .value_labels = true,
		.lines = &line, .nlines = 1, .marks = marks, .marks_name = "published figure",
	};
	svg = chart_svg(&c, path);
	assert_int_equal(count(svg, ">pair one<"), 1);
	assert_null(strstr(svg, ">a1<"));   /* the cluster names the ticks, not the points */
	assert_non_null(strstr(svg, ">40.2<"));
	assert_non_null(strstr(svg, ">34.1<"));
	assert_non_null(strstr(svg, ">the best figure<"));
	assert_non_null(strstr(svg, ">published figure<"));
	assert_non_null(strstr(svg, ">9876<"));
	free(svg);

	/* A y range: the outlier is written, not drawn off the axis. */
	c.ymin = 0;
	c.ymax = 50;
	svg = chart_svg(&c, path);
	assert_non_null(strstr(svg, ">above the axis (value written)<"));
	assert_non_null(strstr(svg, ">9876<"));
	free(svg);
	unlink(path);
	rmdir(dir);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_svg),
	cmocka_unit_test(test_extras))
