#include "report/gl_ref.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/gl_str.h"

#ifndef GL_SOURCE_DIR
#define GL_SOURCE_DIR "."
#endif

/* A CSV file read whole: the header row and the data rows, '#' lines and
 * blank lines skipped. Cells are RFC 4180 (quotes, doubled quotes); a
 * quoted cell does not span lines in any file gcnlab writes. */
struct csv {
	unsigned ncols, nrows;
	char **cells;            /* (nrows + 1) * ncols, row 0 the header */
};

static void csv_free(struct csv *c)
{
	if (c->cells)
		for (size_t i = 0; i < (size_t)(c->nrows + 1) * c->ncols; i++)
			free(c->cells[i]);
	free(c->cells);
	memset(c, 0, sizeof(*c));
}

/* Split one line into at most max cells (malloc'd); returns the count. */
static unsigned split_line(const char *s, char **out, unsigned max)
{
	unsigned n = 0;

	while (n < max) {
		char *cell = malloc(strlen(s) + 1);
		size_t len = 0;

		if (!cell)
			break;
		if (*s == '"') {
			for (s++; *s; s++) {
				if (*s == '"' && s[1] == '"')
					cell[len++] = *s++;
				else if (*s == '"') {
					s++;
					break;
				} else
					cell[len++] = *s;
			}
			while (*s && *s != ',')
				s++;
		} else {
			while (*s && *s != ',' && *s != '\n' && *s != '\r')
				cell[len++] = *s++;
		}
		cell[len] = '\0';
		out[n++] = cell;
		if (*s != ',')
			break;
		s++;
	}
	return n;
}

#define CSV_MAX_COLS 64

static bool csv_read(const char *path, struct csv *c)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	bool ok = false;

	memset(c, 0, sizeof(*c));
	if (!f)
		return false;
	while (getline(&line, &cap, f) > 0) {
		char *cells[CSV_MAX_COLS];
		unsigned n;

		if (line[0] == '#' || line[0] == '\n' || line[0] == '\r')
			continue;
		n = split_line(line, cells, CSV_MAX_COLS);
		if (c->ncols == 0)
			c->ncols = n;
		if (n == 0 || c->ncols == 0) {
			for (unsigned i = 0; i < n; i++)
				free(cells[i]);
			continue;
		}
		size_t row = c->cells ? (size_t)c->nrows + 1 : 0;
		char **grown = realloc(c->cells, (row + 1) * c->ncols * sizeof(*grown));

		if (!grown) {
			for (unsigned i = 0; i < n; i++)
				free(cells[i]);
			goto out;
		}
		c->cells = grown;
		for (unsigned i = 0; i < c->ncols; i++)
			c->cells[row * c->ncols + i] = i < n ? cells[i] : strdup("");
		for (unsigned i = c->ncols; i < n; i++)
			free(cells[i]);
		if (row)
			c->nrows++;
	}
	ok = c->cells != NULL;
out:
	free(line);
	fclose(f);
	if (!ok)
		csv_free(c);
	return ok;
}

static const char *csv_cell(const struct csv *c, unsigned row, unsigned col)
{
	/* row 0 is the first data row */
	const char *s = c->cells[(size_t)(row + 1) * c->ncols + col];

	return s ? s : "";
}

static int csv_col(const struct csv *c, const char *name)
{
	for (unsigned i = 0; i < c->ncols; i++)
		if (c->cells[i] && strcmp(c->cells[i], name) == 0)
			return (int)i;
	return -1;
}

static void csv_key(const struct csv *c, unsigned row, unsigned nkeys, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned k = 0; k < nkeys && k < c->ncols; k++) {
		int n = snprintf(buf + used, len - used, "%s%s", k ? "|" : "", csv_cell(c, row, k));

		if (n < 0 || (size_t)n >= len - used)
			return;
		used += (size_t)n;
	}
}

static void table_key(const struct gl_table *t, unsigned row, unsigned nkeys, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned k = 0; k < nkeys; k++) {
		const char *s = gl_table_cell(t, row, k);
		int n = snprintf(buf + used, len - used, "%s%s", k ? "|" : "", s ? s : "");

		if (n < 0 || (size_t)n >= len - used)
			return;
		used += (size_t)n;
	}
}

bool gl_ref_dir(char *buf, size_t len, const char *arch)
{
	const char *env = getenv("GCNLAB_REFERENCE_DIR");

	if (env && env[0])
		return gl_str_fmt(buf, len, "%s/%s-emu", env, arch);
	return gl_str_fmt(buf, len, "%s/results/reference/%s-emu", GL_SOURCE_DIR, arch);
}

static bool published_path(char *buf, size_t len)
{
	const char *env = getenv("GCNLAB_PUBLISHED_FILE");

	if (env && env[0])
		return gl_str_copy(buf, len, env);
	return gl_str_fmt(buf, len, "%s/results/published/figures.csv", GL_SOURCE_DIR);
}

/* The published figure of (stem, arch, key, column) as display text, and
 * its device and source; false when none. */
static bool published_find(const struct csv *p, const char *stem, const char *arch,
                           const char *key, const char *column, char *text, size_t len,
                           const char **device, const char **source)
{
	int ct = csv_col(p, "table"), ca = csv_col(p, "arch"), cr = csv_col(p, "row"),
	    cc = csv_col(p, "column"), cv = csv_col(p, "value"), cm = csv_col(p, "value_max"),
	    cd = csv_col(p, "device"), cs = csv_col(p, "source");

	if (ct < 0 || ca < 0 || cr < 0 || cc < 0 || cv < 0)
		return false;
	for (unsigned r = 0; r < p->nrows; r++) {
		const char *max;

		if (strcmp(csv_cell(p, r, (unsigned)ct), stem) || strcmp(csv_cell(p, r, (unsigned)ca), arch) ||
		    strcmp(csv_cell(p, r, (unsigned)cr), key) || strcmp(csv_cell(p, r, (unsigned)cc), column))
			continue;
		max = cm >= 0 ? csv_cell(p, r, (unsigned)cm) : "";
		if (max[0])
			gl_str_fmt(text, len, "%s-%s", csv_cell(p, r, (unsigned)cv), max);
		else
			gl_str_copy(text, len, csv_cell(p, r, (unsigned)cv));
		*device = cd >= 0 ? csv_cell(p, r, (unsigned)cd) : "";
		*source = cs >= 0 ? csv_cell(p, r, (unsigned)cs) : "";
		return true;
	}
	return false;
}

static bool numeric(const char *s, double *v)
{
	char *end;

	if (!s || !*s)
		return false;
	errno = 0;
	*v = strtod(s, &end);
	return *end == '\0' && errno == 0 && isfinite(*v);
}

#define MAX_SOURCES 8
#define KEY_LEN 512
#define MAX_MOVED_SHOWN 3

void gl_ref_print(const struct gl_table *t, const char *stem, const char *arch,
                  const struct gl_ref_spec *spec, FILE *f)
{
	char refdir[PATH_MAX], refpath[PATH_MAX], pubpath[PATH_MAX], key[KEY_LEN];
	struct csv ref = {0}, pub = {0};
	bool have_ref, have_pub;
	unsigned ncols = 0, nfig = 0, moved = 0, compared = 0, nsrc = 0;
	const char *sources[MAX_SOURCES][2];
	char moved_text[MAX_MOVED_SHOWN][KEY_LEN + 192];
	const char **cols = NULL;
	struct gl_table *d = NULL;
	unsigned tcols = gl_table_cols(t);

	if (!spec || !spec->nfigures || gl_table_rows(t) == 0) {
		gl_table_print(t, f);
		return;
	}
	have_ref = gl_ref_dir(refdir, sizeof(refdir), arch) &&
	           gl_str_fmt(refpath, sizeof(refpath), "%s/%s.csv", refdir, stem) &&
	           csv_read(refpath, &ref);
	have_pub = published_path(pubpath, sizeof(pubpath)) && csv_read(pubpath, &pub);

	/* Columns of the display table: each figure gets "ref" and, when any
	 * row has one, "published" right after it. */
	cols = calloc((size_t)tcols * 3, sizeof(*cols));
	char (*names)[160] = calloc((size_t)tcols * 3, sizeof(*names));
	int *src = calloc((size_t)tcols * 3, sizeof(*src));     /* t column, or -1 - (fig col) */
	int *kind = calloc((size_t)tcols * 3, sizeof(*kind));   /* 0 own, 1 ref, 2 published */

	if (!cols || !names || !src || !kind)
		goto plain;
	for (unsigned c = 0; c < tcols; c++) {
		const char *name = gl_table_col_name(t, c);
		bool fig = false, any_pub = false;

		for (unsigned i = 0; i < spec->nfigures && i < GL_REF_MAX_FIGURES; i++)
			fig |= spec->figures[i] == c;
		gl_str_copy(names[ncols], sizeof(names[0]), name);
		src[ncols] = (int)c;
		kind[ncols++] = 0;
		if (!fig)
			continue;
		nfig++;
		if (have_ref) {
			gl_str_copy(names[ncols], sizeof(names[0]), "ref");
			src[ncols] = (int)c;
			kind[ncols++] = 1;
		}
		for (unsigned r = 0; have_pub && r < gl_table_rows(t) && !any_pub; r++) {
			char text[64];
			const char *dev, *s;

			table_key(t, r, spec->nkeys, key, sizeof(key));
			any_pub = published_find(&pub, stem, arch, key, name, text, sizeof(text), &dev, &s);
		}
		if (any_pub) {
			gl_str_copy(names[ncols], sizeof(names[0]), "published");
			src[ncols] = (int)c;
			kind[ncols++] = 2;
		}
	}
	if (nfig == 0)
		goto plain;
	for (unsigned i = 0; i < ncols; i++)
		cols[i] = names[i];
	d = gl_table_new(gl_table_title(t), ncols, cols);
	if (!d)
		goto plain;
	for (unsigned r = 0; r < gl_table_rows(t); r++) {
		const char *cells[CSV_MAX_COLS * 3];
		char texts[CSV_MAX_COLS * 3][64];
		int refrow = -1;

		if (ncols > CSV_MAX_COLS * 3)
			goto plain;
		table_key(t, r, spec->nkeys, key, sizeof(key));
		for (unsigned rr = 0; have_ref && rr < ref.nrows && refrow < 0; rr++) {
			char rk[KEY_LEN];

			csv_key(&ref, rr, spec->nkeys, rk, sizeof(rk));
			if (strcmp(rk, key) == 0)
				refrow = (int)rr;
		}
		for (unsigned i = 0; i < ncols; i++) {
			const char *own = gl_table_cell(t, r, (unsigned)src[i]);
			const char *name = gl_table_col_name(t, (unsigned)src[i]);

			cells[i] = "";
			if (kind[i] == 0) {
				cells[i] = own;
			} else if (kind[i] == 1 && refrow >= 0) {
				int rc = csv_col(&ref, name);
				double a, b;

				if (rc >= 0) {
					cells[i] = csv_cell(&ref, (unsigned)refrow, (unsigned)rc);
					if (numeric(own, &a) && numeric(cells[i], &b)) {
						compared++;
						if (a != b && moved++ < MAX_MOVED_SHOWN)
							gl_str_fmt(moved_text[moved - 1], sizeof(moved_text[0]),
							           "%s %s: %s (ref %s)", key, name, own, cells[i]);
					}
				}
			} else if (kind[i] == 2) {
				const char *dev, *s;

				if (published_find(&pub, stem, arch, key, name, texts[i], sizeof(texts[i]), &dev, &s)) {
					bool seen = false;

					cells[i] = texts[i];
					for (unsigned k = 0; k < nsrc; k++)
						seen |= strcmp(sources[k][0], dev) == 0 && strcmp(sources[k][1], s) == 0;
					if (!seen && nsrc < MAX_SOURCES) {
						sources[nsrc][0] = dev;
						sources[nsrc++][1] = s;
					}
				}
			}
		}
		if (!gl_table_add_row(d, cells))
			goto plain;
	}
	gl_table_print(d, f);
	if (have_ref) {
		fprintf(f, "ref: %s (emulated %s, committed); %u of %u figures differ%s\n", refpath, arch,
		        moved, compared, moved ? ":" : "");
		for (unsigned k = 0; k < moved && k < MAX_MOVED_SHOWN; k++)
			fprintf(f, "  %s\n", moved_text[k]);
		if (moved > MAX_MOVED_SHOWN)
			fprintf(f, "  ... and %u more\n", moved - MAX_MOVED_SHOWN);
	} else
		fprintf(f, "ref: none (no %s/%s.csv)\n", refdir, stem);
	for (unsigned k = 0; k < nsrc; k++)
		fprintf(f, "published: %s, %s\n", sources[k][0], sources[k][1]);
	goto out;
plain:
	gl_table_print(t, f);
out:
	gl_table_free(d);
	free(cols);
	free(names);
	free(src);
	free(kind);
	csv_free(&ref);
	csv_free(&pub);
}
