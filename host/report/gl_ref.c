#include "report/gl_ref.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "gcn_array.h"
#include "base/gl_file.h"
#include "base/gl_str.h"

#ifndef GL_SOURCE_DIR
#define GL_SOURCE_DIR "."
#endif

/* A CSV file read whole: the header row and the data rows, '#' lines and
 * blank lines skipped. Cells are RFC 4180 (quotes, doubled quotes); a
 * quoted cell does not span lines in any file gcnlab writes. Every row has
 * the header's number of cells, else the file is malformed. */
struct csv {
	unsigned ncols, nrows;
	char **cells;            /* (nrows + 1) * ncols, row 0 the header */
	unsigned *line;          /* [nrows + 1]: the file's line of each row */
	size_t cap_rows;
};

enum csv_status { CSV_OK, CSV_MISSING, CSV_BAD };

static void csv_free(struct csv *c)
{
	if (c->cells)
		for (size_t i = 0; i < (size_t)(c->nrows + 1) * c->ncols; i++)
			free(c->cells[i]);
	free(c->cells);
	free(c->line);
	memset(c, 0, sizeof(*c));
}

/* One line's cells, appended to the growing row store as row r. Returns
 * the number of cells, or 0 out of memory. */
static unsigned split_line(const char *s, char ***out, size_t *cap)
{
	unsigned n = 0;

	for (;;) {
		char *cell = malloc(strlen(s) + 1);
		char **room = cell ? gcn_array_room(*out, cap, n, sizeof(**out), 16) : NULL;
		size_t len = 0;

		if (room)
			*out = room;
		if (!room) {
			free(cell);
			while (n)
				free((*out)[--n]);
			return 0;
		}
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
			while (*s && *s != ',' && *s != '\n' && *s != '\r')
				s++;
		} else {
			while (*s && *s != ',' && *s != '\n' && *s != '\r')
				cell[len++] = *s++;
		}
		cell[len] = '\0';
		(*out)[n++] = cell;
		if (*s != ',')
			break;
		s++;
	}
	return n;
}

#define CSV_MAX_COLS 64

/* Read path into c. CSV_MISSING when there is no file; CSV_BAD with why
 * ("line 3: 5 cells, the header has 11") when it cannot be read or is not
 * one table. Linear in the file's size. */
static enum csv_status csv_read(const char *path, struct csv *c, char *why, size_t wlen)
{
	char *text = NULL, **cells = NULL;
	size_t size = 0, ccap = 0;
	unsigned lineno = 0;
	struct gl_err e;
	enum csv_status st = CSV_BAD;

	memset(c, 0, sizeof(*c));
	why[0] = '\0';
	if (access(path, F_OK) != 0 && errno == ENOENT)
		return CSV_MISSING;
	if (!gl_file_read_text(path, "reference", &text, &size, &e)) {
		gl_str_fmt(why, wlen, "cannot be read: %s", e.msg);
		return CSV_BAD;
	}
	if (size == 0) {
		gl_str_fmt(why, wlen, "is empty");
		goto out;
	}
	if (memchr(text, '\0', size)) {
		gl_str_fmt(why, wlen, "is malformed: it is binary, not CSV");
		goto out;
	}
	for (char *l = text, *nl; l < text + size; l = nl + 1) {
		unsigned n;
		size_t row;

		nl = strchr(l, '\n');
		if (!nl)
			nl = text + size;
		*nl = '\0';
		lineno++;
		if (l[0] == '#' || l[0] == '\0' || l[0] == '\r')
			continue;
		n = split_line(l, &cells, &ccap);
		if (n == 0) {
			gl_str_fmt(why, wlen, "out of memory at line %u", lineno);
			goto out;
		}
		if (c->ncols == 0)
			c->ncols = n;
		if (n != c->ncols) {
			gl_str_fmt(why, wlen, "is malformed: line %u has %u cells, the header (line %u) %u", lineno, n,
			           c->line[0], c->ncols);
			while (n)
				free(cells[--n]);
			goto out;
		}
		row = c->cells ? (size_t)c->nrows + 1 : 0;
		/* Room for one more row, doubling: linear overall. */
		if (row == c->cap_rows) {
			size_t cap = c->cap_rows ? 2 * c->cap_rows : 64;
			char **grown = realloc(c->cells, cap * c->ncols * sizeof(*grown));
			unsigned *lines = grown ? realloc(c->line, cap * sizeof(*lines)) : NULL;

			if (grown)
				c->cells = grown;
			if (!lines) {
				while (n)
					free(cells[--n]);
				gl_str_fmt(why, wlen, "out of memory at line %u", lineno);
				goto out;
			}
			c->line = lines;
			c->cap_rows = cap;
		}
		memcpy(&c->cells[row * c->ncols], cells, n * sizeof(*cells));
		c->line[row] = lineno;
		if (row)
			c->nrows++;
	}
	if (!c->cells)
		gl_str_fmt(why, wlen, "is malformed: it has no header row");
	else if (c->nrows == 0)
		gl_str_fmt(why, wlen, "is malformed: it has a header (line %u) and no rows", c->line[0]);
	else
		st = CSV_OK;
out:
	free(cells);
	free(text);
	if (st != CSV_OK)
		csv_free(c);
	return st;
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

/* The reference is this table's: its first nkeys columns are the table's
 * keys, and every figure column is there. */
static bool header_fits(const struct gl_table *t, const struct gl_ref_spec *spec, const struct csv *ref,
                        char *why, size_t len)
{
	for (unsigned k = 0; k < spec->nkeys; k++)
		if (k >= ref->ncols || strcmp(ref->cells[k], gl_table_col_name(t, k)))
			return gl_str_fmt(why, len, "is malformed: line %u: column %u is '%.40s', not '%s'", ref->line[0],
			                  k + 1, k < ref->ncols ? ref->cells[k] : "", gl_table_col_name(t, k)), false;
	for (unsigned i = 0; i < spec->nfigures && i < GL_REF_MAX_FIGURES; i++) {
		const char *name = gl_table_col_name(t, spec->figures[i]);

		if (name && csv_col(ref, name) < 0)
			return gl_str_fmt(why, len, "is malformed: line %u: the header has no column %s", ref->line[0],
			                  name), false;
	}
	return true;
}

#define MAX_SOURCES 8
#define KEY_LEN 512

/* line appended to the growing text *buf (out of memory: left out). */
static void moved_append(char **buf, size_t *len, size_t *cap, const char *line)
{
	size_t n = strlen(line), need = *len + n + 1;

	if (need > *cap) {
		size_t c = *cap ? *cap : 1024;
		char *room;

		while (c < need)
			c *= 2;
		room = realloc(*buf, c);
		if (!room)
			return;
		*buf = room;
		*cap = c;
	}
	memcpy(*buf + *len, line, n + 1);
	*len += n;
}

/* "+9.4%" (this run against the reference), "" when the reference is 0. */
static void change_text(double now, double ref, char *buf, size_t len)
{
	if (ref == 0)
		buf[0] = '\0';
	else
		gl_str_fmt(buf, len, "%+.1f%%", 100.0 * (now - ref) / fabs(ref));
}

void gl_ref_print(const struct gl_table *t, const char *stem, const char *arch,
                  const struct gl_ref_spec *spec, bool all, FILE *f)
{
	char refdir[PATH_MAX], refpath[PATH_MAX], pubpath[PATH_MAX], key[KEY_LEN];
	struct csv ref = {0}, pub = {0};
	char ref_why[PATH_MAX + 256] = "", pub_why[PATH_MAX + 256] = "";
	enum csv_status ref_st = CSV_MISSING, pub_st = CSV_MISSING;
	bool have_ref, have_pub;
	unsigned ncols = 0, nfig = 0, moved = 0, compared = 0, nsrc = 0;
	const char *sources[MAX_SOURCES][2];
	char *moved_text = NULL;   /* the moved figures' lines, one after the other */
	size_t moved_len = 0, moved_cap = 0;
	const char **cols = NULL;
	struct gl_table *d = NULL;
	unsigned tcols = gl_table_cols(t);
	bool bad_cell = false;
	char **rkeys = NULL;

	if (!spec || !spec->nfigures || gl_table_rows(t) == 0) {
		gl_table_print(t, f);
		return;
	}
	refdir[0] = '\0';
	if (gl_ref_dir(refdir, sizeof(refdir), arch) && gl_str_fmt(refpath, sizeof(refpath), "%s/%s.csv", refdir, stem))
		ref_st = csv_read(refpath, &ref, ref_why, sizeof(ref_why));
	if (ref_st == CSV_OK && !header_fits(t, spec, &ref, ref_why, sizeof(ref_why))) {
		ref_st = CSV_BAD;
		csv_free(&ref);
	}
	have_ref = ref_st == CSV_OK;
	if (published_path(pubpath, sizeof(pubpath)))
		pub_st = csv_read(pubpath, &pub, pub_why, sizeof(pub_why));
	have_pub = pub_st == CSV_OK;

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
	/* Each reference row's key once: matching is rows x reference rows
	 * compares, not as many formatted keys. */
	if (have_ref) {
		rkeys = calloc(ref.nrows ? ref.nrows : 1, sizeof(*rkeys));
		for (unsigned rr = 0; rkeys && rr < ref.nrows; rr++) {
			char rk[KEY_LEN];

			csv_key(&ref, rr, spec->nkeys, rk, sizeof(rk));
			rkeys[rr] = strdup(rk);
			if (!rkeys[rr])
				goto plain;
		}
		if (!rkeys)
			goto plain;
	}
	for (unsigned i = 0; i < ncols; i++)
		cols[i] = names[i];
	d = gl_table_new(gl_table_title(t), ncols, cols);
	if (!d)
		goto plain;
	for (unsigned r = 0; r < gl_table_rows(t); r++) {
		const char *cells[CSV_MAX_COLS * 3];
		char texts[CSV_MAX_COLS * 3][96];
		int refrow = -1;

		if (ncols > CSV_MAX_COLS * 3)
			goto plain;
		table_key(t, r, spec->nkeys, key, sizeof(key));
		for (unsigned rr = 0; rkeys && rr < ref.nrows && refrow < 0; rr++)
			if (strcmp(rkeys[rr], key) == 0)
				refrow = (int)rr;
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
					/* A figure the reference cannot be read for is no agreement. */
					if (numeric(own, &a) && cells[i][0] && !numeric(cells[i], &b) && !bad_cell) {
						bad_cell = true;
						gl_str_fmt(ref_why, sizeof(ref_why), "is malformed: line %u: %s is '%.40s', not a number",
						           ref.line[refrow + 1], name, cells[i]);
					}
					if (numeric(own, &a) && numeric(cells[i], &b)) {
						char pct[32], line[KEY_LEN + 256];

						compared++;
						if (a != b) {
							change_text(a, b, pct, sizeof(pct));
							if (moved++ < GL_REF_SHOWN || all) {
								gl_str_fmt(line, sizeof(line), "  %s %s: %s -> %s%s%s%s\n", key, name,
								           cells[i], own, pct[0] ? " (" : "", pct, pct[0] ? ")" : "");
								moved_append(&moved_text, &moved_len, &moved_cap, line);
							}
							/* the ref cell, marked with the change */
							gl_str_fmt(texts[i], sizeof(texts[i]), "%s (%s)", cells[i], pct[0] ? pct : "moved");
							cells[i] = texts[i];
						}
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

	if (have_ref && bad_cell) {
		fprintf(f, "ref: %s %s; its figures are not counted as agreeing (regenerate it: gcnlab run ... "
		        "--backend emu --out results/reference)\n", refpath, ref_why);
	} else if (have_ref && compared == 0) {
		fprintf(f, "ref: %s (emulated %s, committed): none of its rows has this run's keys and figures; "
		        "no figures compared\n", refpath, arch);
	} else if (have_ref) {
		fprintf(f, "ref: %s (emulated %s, committed); %u of %u figures differ%s\n", refpath, arch,
		        moved, compared, moved ? " (reference -> this run):" : "");
		if (moved_text)
			fputs(moved_text, f);
		if (moved > GL_REF_SHOWN && !all)
			fprintf(f, "  ... and %u more (gcnlab run --diffs lists every one)\n", moved - GL_REF_SHOWN);
	} else if (ref_st == CSV_BAD) {
		fprintf(f, "ref: %s %s; no figures compared (regenerate it: gcnlab run ... --backend emu --out "
		        "results/reference)\n", refpath, ref_why);
	} else {
		fprintf(f, "ref: none (no %s/%s.csv)\n", refdir, stem);
	}
	if (pub_st == CSV_BAD)
		fprintf(f, "published: %s %s; no published figures shown\n", pubpath, pub_why);
	for (unsigned k = 0; k < nsrc; k++)
		fprintf(f, "published: %s, %s\n", sources[k][0], sources[k][1]);
	goto out;
plain:
	gl_table_print(t, f);
	if (ref_st == CSV_BAD)
		fprintf(f, "ref: %s %s; no figures compared\n", refpath, ref_why);
out:
	gl_table_free(d);
	for (unsigned rr = 0; rkeys && rr < ref.nrows; rr++)
		free(rkeys[rr]);
	free(rkeys);
	free(cols);
	free(names);
	free(src);
	free(kind);
	free(moved_text);
	csv_free(&ref);
	csv_free(&pub);
}
