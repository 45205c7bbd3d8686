/*
 * The alignment of two instruction sequences. GNU diff (diffutils, always
 * installed on Debian) computes it: both sequences go one line per
 * instruction into temporary files, and diff's line formats turn its
 * answer into one tagged line number per line ("=12" in both, "-3" left
 * only, "+7" right only), which is all the side-by-side view needs.
 */
#include "gl_compare.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gl_proc.h"
#include "gl_str.h"

static bool write_lines(const char *dir, char *path, size_t len, const char *const *lines, size_t n,
                        struct gl_err *e)
{
	FILE *f;
	int fd;

	if (!gl_str_fmt(path, len, "%s/gcnlab-compare-XXXXXX", dir))
		return gl_err_set(e, "temporary directory name too long: %s", dir);
	fd = mkstemp(path);
	if (fd < 0)
		return gl_err_set(e, "cannot create a temporary file in %s: %s", dir, strerror(errno));
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(path);
		return gl_err_set(e, "fdopen: %s", strerror(errno));
	}
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s\n", lines[i]);
	if (fclose(f) != 0) {
		unlink(path);
		return gl_err_set(e, "cannot write %s: %s", path, strerror(errno));
	}
	return true;
}

static bool add_row(struct gl_compare_row **rows, size_t *n, size_t *cap, enum gl_compare_mark m,
                    long l, long r)
{
	if (*n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 256;
		struct gl_compare_row *p = realloc(*rows, ncap * sizeof(*p));

		if (!p)
			return false;
		*rows = p;
		*cap = ncap;
	}
	(*rows)[(*n)++] = (struct gl_compare_row){ m, l, r };
	return true;
}

/* A run of left-only lines dl[0..nd) and right-only lines il[0..ni) between
 * two common lines: paired in order as changed, the rest one-sided. */
static bool flush_run(struct gl_compare_row **rows, size_t *n, size_t *cap, const long *dl, size_t nd,
                      const long *il, size_t ni)
{
	size_t k = nd > ni ? nd : ni;

	for (size_t i = 0; i < k; i++) {
		bool ok;

		if (i < nd && i < ni)
			ok = add_row(rows, n, cap, GL_CMP_CHANGED, dl[i], il[i]);
		else if (i < nd)
			ok = add_row(rows, n, cap, GL_CMP_LEFT, dl[i], -1);
		else
			ok = add_row(rows, n, cap, GL_CMP_RIGHT, -1, il[i]);
		if (!ok)
			return false;
	}
	return true;
}

/* Parse diff's tagged output into rows; line numbers are 1-based. */
static bool parse_ops(const char *out, size_t na, size_t nb, struct gl_compare_row **rows, size_t *nrows,
                      struct gl_err *e)
{
	long *dl = malloc((na + 1) * sizeof(*dl)), *il = malloc((nb + 1) * sizeof(*il));
	size_t nd = 0, ni = 0, cap = 0, ia = 0, ib = 0;
	const char *p = out;
	bool ok = false;

	*rows = NULL;
	*nrows = 0;
	if (!dl || !il) {
		gl_err_set(e, "out of memory aligning %zu and %zu instructions", na, nb);
		goto fail;
	}
	while (*p) {
		char tag = *p;
		char *end;
		unsigned long v = strtoul(p + 1, &end, 10);

		if ((tag != '=' && tag != '-' && tag != '+') || end == p + 1 || *end != '\n' || v == 0) {
			gl_err_set(e, "unexpected output from diff: %.40s", p);
			goto fail;
		}
		p = end + 1;
		if (tag == '-') {
			if (v != ia + 1 || nd > na)
				goto bad;
			dl[nd++] = (long)ia++;
		} else if (tag == '+') {
			if (v != ib + 1 || ni > nb)
				goto bad;
			il[ni++] = (long)ib++;
		} else {
			/* "=" prints the left line number; the right one follows in order. */
			if (v != ia + 1 || ib >= nb)
				goto bad;
			if (!flush_run(rows, nrows, &cap, dl, nd, il, ni) ||
			    !add_row(rows, nrows, &cap, GL_CMP_SAME, (long)ia++, (long)ib++))
				goto oom;
			nd = ni = 0;
		}
	}
	if (!flush_run(rows, nrows, &cap, dl, nd, il, ni))
		goto oom;
	if (ia != na || ib != nb)
		goto bad;
	ok = true;
	goto out;
bad:
	gl_err_set(e, "diff's alignment does not cover both sequences (%zu of %zu, %zu of %zu lines)", ia, na,
	           ib, nb);
	goto fail;
oom:
	gl_err_set(e, "out of memory aligning %zu and %zu instructions", na, nb);
fail:
	free(*rows);
	*rows = NULL;
	*nrows = 0;
out:
	free(dl);
	free(il);
	return ok;
}

bool gl_compare_align_lines(const char *const *a, size_t na, const char *const *b, size_t nb,
                            struct gl_compare_row **rows, size_t *nrows, struct gl_err *e)
{
	const char *tmp = getenv("TMPDIR");
	char pa[4096] = "", pb[4096] = "";
	/* Every line of both files as one tag + line number. */
	char *argv[] = { "diff", "--old-line-format=-%dn\n", "--new-line-format=+%dn\n",
		         "--unchanged-line-format==%dn\n", pa, pb, NULL };
	size_t outlen = (na + nb) * 24 + 64;
	char *out = NULL;
	int status;
	bool ok = false;

	*rows = NULL;
	*nrows = 0;
	if (!tmp || !tmp[0])
		tmp = "/tmp";
	if (!gl_proc_in_path("diff"))
		return gl_err_set(e, "the diff program (GNU diffutils) is not on PATH; install diffutils");
	if (!write_lines(tmp, pa, sizeof(pa), a, na, e))
		return false;
	if (!write_lines(tmp, pb, sizeof(pb), b, nb, e))
		goto fail;
	out = malloc(outlen);
	if (!out) {
		gl_err_set(e, "out of memory aligning %zu and %zu instructions", na, nb);
		goto fail;
	}
	if (!gl_proc_run(argv, out, outlen, &status, e))
		goto fail;
	/* 0: no differences, 1: some, 2: trouble. */
	if (status != 0 && status != 1) {
		out[strcspn(out, "\n")] = '\0';
		gl_err_set(e, "diff failed (exit %d): %s", status, out);
		goto fail;
	}
	ok = parse_ops(out, na, nb, rows, nrows, e);
fail:
	free(out);
	if (pa[0])
		unlink(pa);
	if (pb[0])
		unlink(pb);
	return ok;
}

bool gl_compare_align(struct gl_compare *c, struct gl_err *e)
{
	const struct gl_disasm *l = &c->side[0].dis, *r = &c->side[1].dis;
	const char **a = malloc((l->n + 1) * sizeof(*a)), **b = malloc((r->n + 1) * sizeof(*b));
	bool ok = false;

	if (!a || !b) {
		gl_err_set(e, "out of memory aligning the disassemblies");
		goto out;
	}
	for (size_t i = 0; i < l->n; i++)
		a[i] = l->insns[i].shape;
	for (size_t i = 0; i < r->n; i++)
		b[i] = r->insns[i].shape;
	ok = gl_compare_align_lines(a, l->n, b, r->n, &c->rows, &c->nrows, e);
	/* Same shape is not yet the same instruction: compare the text. */
	for (size_t i = 0; ok && i < c->nrows; i++) {
		struct gl_compare_row *row = &c->rows[i];

		if (row->mark == GL_CMP_SAME &&
		    strcmp(l->insns[row->left].norm, r->insns[row->right].norm) != 0)
			row->mark = GL_CMP_CHANGED;
	}
out:
	free(a);
	free(b);
	return ok;
}
