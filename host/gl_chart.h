/*
 * gl_chart — an SVG chart of a results table through gnuplot (when it is on
 * PATH): one x position per kernel, grouped (e.g. asm | hip); one series =
 * bars coloured by group, several series (clock states) = one line each.
 */
#ifndef GL_CHART_H
#define GL_CHART_H

#include <stdbool.h>

#include "gl_err.h"

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
};

enum gl_chart_result {
	GL_CHART_WRITTEN,
	GL_CHART_NO_GNUPLOT,  /* gnuplot not on PATH: nothing written */
	GL_CHART_FAILED,      /* e says why */
};

/* Write svg_path atomically (temp file + rename); the data and script go to
 * a temporary directory that is removed afterwards. */
enum gl_chart_result gl_chart_svg(const struct gl_chart *c, const char *svg_path, struct gl_err *e);

#endif
