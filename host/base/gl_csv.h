/*
 * gl_csv — writing CSV as RFC 4180 has it, for every CSV gcnlab writes
 * (results tables, exec --csv, the rocprofv3 counter layout).
 */
#ifndef GL_CSV_H
#define GL_CSV_H

#include <stdio.h>

/* One field: as is, or in double quotes (each '"' doubled) when it holds a
 * comma, a quote or a line break. */
void gl_csv_field(FILE *f, const char *s);

#endif
