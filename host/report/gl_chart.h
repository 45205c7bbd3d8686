/*
 * gl_chart — an SVG chart of a results table through gnuplot (when it is on
 * PATH): one x position per kernel, grouped (e.g. asm | hip); one series =
 * bars coloured by group, several series (clock states) = one marker each.
 *
 * Made to be read at 1000 px: the SVG is 1000 x 560 whatever the number of
 * points (with many points only every k-th tick is labelled, at most 25);
 * the SVG's <title> is the chart's title (gnuplot writes "Gnuplot"). Points
 * of different series are joined by lines only when ordered_x says the x
 * positions are steps of one quantity (work-items, footprints, strides):
 * kernels side by side are unrelated categories and stay apart.
 *
 * Optional, for charts a reader can take figures from: clusters (one bar
 * per group side by side, e.g. an asm kernel and its HIP twin, the tick
 * label naming the cluster), value labels over each bar or marker, a y
 * range (values above it are drawn at the top edge as a triangle carrying
 * their value, so an outlier does not squash the range of interest),
 * horizontal reference lines (a design figure, a ceiling) and per-point
 * reference marks (a published figure). A log axis gets ticks at 1, 2 and
 * 5 times each decade over the data's range.
 */
#ifndef GL_CHART_H
#define GL_CHART_H

#include <stdbool.h>

#include "base/gl_err.h"

/* A horizontal reference line: y, and the text written at its right end. */
struct gl_chart_line {
	double y;
	const char *label;
};

struct gl_chart {
	const char *title;
	const char *ylabel;
	unsigned npoints;
	const char *const *labels;        /* npoints x tick labels */
	const unsigned *group;            /* npoints group indices */
	unsigned ngroups;
	const char *const *group_names;
	unsigned nseries;
	const char *const *series_names;  /* nseries */
	const double *values;             /* [series * npoints + point]; NaN = no value */
	/* Optional: */
	const char *xlabel;               /* the x axis, with its unit ("lane stride (dwords)") */
	const char *key_title;            /* heading of the legend ("clock state (sclk, mclk)") */
	bool logy;                        /* logarithmic y axis (values spanning decades) */
	bool ordered_x;                   /* x positions are ordered steps: lines may join them */
	const unsigned *cluster;          /* npoints cluster indices: the points of a cluster side by side */
	unsigned nclusters;
	const char *const *cluster_names; /* nclusters tick labels (labels[] then unused) */
	bool value_labels;                /* each value written by its bar or marker */
	double ymin, ymax;                /* y range; 0, 0: automatic. Above ymax: drawn at the top */
	const struct gl_chart_line *lines;
	unsigned nlines;
	const double *marks;              /* npoints reference values (NaN none), a black diamond each */
	const char *marks_name;           /* their legend entry */
};

/* Chart width in pixels, and the most tick labels on the x axis. */
#define GL_CHART_WIDTH 1000
#define GL_CHART_MAX_TICKS 25

enum gl_chart_result {
	GL_CHART_WRITTEN,
	GL_CHART_NO_GNUPLOT,  /* gnuplot not on PATH: nothing written */
	GL_CHART_FAILED,      /* e says why */
};

/* Write svg_path atomically (temp file + rename); the data and script go to
 * a temporary directory that is removed afterwards. */
enum gl_chart_result gl_chart_svg(const struct gl_chart *c, const char *svg_path, struct gl_err *e);

#endif
