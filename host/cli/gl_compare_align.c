/*
 * The alignment of two instruction sequences. GNU diff (diffutils, always
 * installed on Debian) computes it: both sequences go one line per
 * instruction into temporary files, and diff's line formats turn its
 * answer into one tagged line number per line ("=12" in both, "-3" left
 * only, "+7" right only), which is all the side-by-side view needs.
 *
 * Two passes: the instruction shapes first (gl_disasm: mnemonic and operand
 * classes), then, inside each run of instructions left unmatched between
 * two matches, the mnemonics alone, which pairs an instruction with its
 * counterpart that uses other operands ('|' in the view).
 */
#include "cli/gl_compare.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/gl_proc.h"
#include "base/gl_str.h"

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

/* Parse diff's tagged output into rows; line numbers are 1-based. */
static bool parse_ops(const char *out, size_t na, size_t nb, struct gl_compare_row **rows, size_t *nrows,
                      struct gl_err *e)
{
	size_t cap = 0, ia = 0, ib = 0;
	const char *p = out;
	bool ok = false;

	*rows = NULL;
	*nrows = 0;
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
			if (v != ia + 1)
				goto bad;
			ok = add_row(rows, nrows, &cap, GL_CMP_LEFT, (long)ia++, -1);
		} else if (tag == '+') {
			if (v != ib + 1)
				goto bad;
			ok = add_row(rows, nrows, &cap, GL_CMP_RIGHT, -1, (long)ib++);
		} else {
			/* "=" prints the left line number; the right one follows in order. */
			if (v != ia + 1 || ib >= nb)
				goto bad;
			ok = add_row(rows, nrows, &cap, GL_CMP_SAME, (long)ia++, (long)ib++);
		}
		if (!ok)
			goto oom;
		ok = false;
	}
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

/* One run of unmatched instructions (left[0..nl), right[0..nr)) between
 * two matched ones: aligned again on the mnemonics alone, so that the same
 * instruction with other operands faces itself ('|') and the rest stays
 * one-sided. */
static bool refine_run(const struct gl_compare *c, const long *left, size_t nl, const long *right, size_t nr,
                       struct gl_compare_row **out, size_t *nout, size_t *cap, struct gl_err *e)
{
	const struct gl_disasm *l = &c->side[0].dis, *r = &c->side[1].dis;
	const char **a = NULL, **b = NULL;
	struct gl_compare_row *sub = NULL;
	size_t nsub = 0;
	bool ok = false;

	if (!nl || !nr) {
		for (size_t i = 0; i < nl; i++)
			if (!add_row(out, nout, cap, GL_CMP_LEFT, left[i], -1))
				goto oom;
		for (size_t i = 0; i < nr; i++)
			if (!add_row(out, nout, cap, GL_CMP_RIGHT, -1, right[i]))
				goto oom;
		return true;
	}
	a = malloc(nl * sizeof(*a));
	b = malloc(nr * sizeof(*b));
	if (!a || !b)
		goto oom;
	for (size_t i = 0; i < nl; i++)
		a[i] = l->insns[left[i]].mnemonic;
	for (size_t i = 0; i < nr; i++)
		b[i] = r->insns[right[i]].mnemonic;
	if (!gl_compare_align_lines(a, nl, b, nr, &sub, &nsub, e))
		goto out;
	for (size_t i = 0; i < nsub; i++) {
		long li = sub[i].left >= 0 ? left[sub[i].left] : -1;
		long ri = sub[i].right >= 0 ? right[sub[i].right] : -1;
		enum gl_compare_mark m = sub[i].mark;

		if (m == GL_CMP_SAME && strcmp(l->insns[li].norm, r->insns[ri].norm) != 0)
			m = GL_CMP_CHANGED;
		if (!add_row(out, nout, cap, m, li, ri))
			goto oom;
	}
	ok = true;
	goto out;
oom:
	gl_err_set(e, "out of memory aligning the disassemblies");
out:
	free(sub);
	free(a);
	free(b);
	return ok;
}

bool gl_compare_align(struct gl_compare *c, struct gl_err *e)
{
	const struct gl_disasm *l = &c->side[0].dis, *r = &c->side[1].dis;
	const char **a = malloc((l->n + 1) * sizeof(*a)), **b = malloc((r->n + 1) * sizeof(*b));
	long *rl = malloc((l->n + 1) * sizeof(*rl)), *rr = malloc((r->n + 1) * sizeof(*rr));
	struct gl_compare_row *p = NULL, *out = NULL;
	size_t np = 0, nout = 0, cap = 0;
	bool ok = false;

	if (!a || !b || !rl || !rr) {
		gl_err_set(e, "out of memory aligning the disassemblies");
		goto out;
	}
	for (size_t i = 0; i < l->n; i++)
		a[i] = l->insns[i].shape;
	for (size_t i = 0; i < r->n; i++)
		b[i] = r->insns[i].shape;
	if (!gl_compare_align_lines(a, l->n, b, r->n, &p, &np, e))
		goto out;
	for (size_t i = 0; i < np;) {
		size_t nl = 0, nr = 0;

		if (p[i].mark == GL_CMP_SAME) {
			/* Same shape is not yet the same instruction: compare the text. */
			bool same = strcmp(l->insns[p[i].left].norm, r->insns[p[i].right].norm) == 0;

			if (!add_row(&out, &nout, &cap, same ? GL_CMP_SAME : GL_CMP_CHANGED, p[i].left, p[i].right)) {
				gl_err_set(e, "out of memory aligning the disassemblies");
				goto out;
			}
			i++;
			continue;
		}
		for (; i < np && p[i].mark != GL_CMP_SAME; i++) {
			if (p[i].left >= 0)
				rl[nl++] = p[i].left;
			if (p[i].right >= 0)
				rr[nr++] = p[i].right;
		}
		if (!refine_run(c, rl, nl, rr, nr, &out, &nout, &cap, e))
			goto out;
	}
	c->rows = out;
	c->nrows = nout;
	out = NULL;
	ok = true;
out:
	free(out);
	free(p);
	free(a);
	free(b);
	free(rl);
	free(rr);
	return ok;
}
