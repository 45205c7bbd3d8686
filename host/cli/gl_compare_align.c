/*
 * The alignment of two instruction sequences. GNU diff (diffutils, always
 * installed on Debian) computes it: both sequences go one line per
 * instruction into temporary files, and diff's line formats turn its
 * answer into one tagged line number per line ("=12" in both, "-3" left
 * only, "+7" right only), which is all the side-by-side view needs.
 *
 * Loops first: each listing is cut at its outermost loops (a backward
 * branch and its target), loops are paired with loops and the code between
 * them with the code between them (align_loops), so that a kernel's loop
 * faces the other's loop even when their prologues differ by hundreds of
 * instructions. Then, in each piece, two passes: the instruction shapes
 * (gl_disasm: mnemonic and operand classes), then, inside each run of
 * instructions left unmatched between two matches, the mnemonics alone,
 * which pairs an instruction with its counterpart that uses other operands
 * ('|' in the view), and in what is still unmatched the instruction
 * classes (a buffer_store facing a global_store).
 */
#include "cli/gl_compare.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/gl_proc.h"
#include "base/gl_str.h"
#include "measure/gl_inst_mix.h"

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
	(*rows)[(*n)++] = (struct gl_compare_row){ .mark = m, .left = l, .right = r };
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

/* The keys of the passes after the shapes: the mnemonic, then the
 * instruction class (gl_inst_mix: VMEM load, VMEM store, s_waitcnt, ...),
 * which pairs a buffer_load with a global_load. */
enum { KEY_MNEMONIC, KEY_CLASS, KEY_COUNT };

static const char *insn_key(const struct gl_insn *in, int key)
{
	return key == KEY_MNEMONIC ? in->mnemonic : gl_inst_mix_class_name(gl_inst_mix_classify(in->mnemonic));
}

/* One run of unmatched instructions (left[0..nl), right[0..nr)) between
 * two matched ones: aligned again on key, so that the same instruction
 * with other operands, or one of the same class, faces its counterpart
 * ('|'); what stays unmatched goes to the next key, and after the last
 * stays one-sided. */
static bool refine_run(const struct gl_compare *c, const long *left, size_t nl, const long *right, size_t nr,
                       int key, struct gl_compare_row **out, size_t *nout, size_t *cap, struct gl_err *e)
{
	const struct gl_disasm *l = &c->side[0].dis, *r = &c->side[1].dis;
	const char **a = NULL, **b = NULL;
	long *rl = NULL, *rr = NULL;
	struct gl_compare_row *sub = NULL;
	size_t nsub = 0;
	bool ok = false;

	if (!nl || !nr || key == KEY_COUNT) {
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
	rl = malloc(nl * sizeof(*rl));
	rr = malloc(nr * sizeof(*rr));
	if (!a || !b || !rl || !rr)
		goto oom;
	for (size_t i = 0; i < nl; i++)
		a[i] = insn_key(&l->insns[left[i]], key);
	for (size_t i = 0; i < nr; i++)
		b[i] = insn_key(&r->insns[right[i]], key);
	if (!gl_compare_align_lines(a, nl, b, nr, &sub, &nsub, e))
		goto out;
	for (size_t i = 0; i < nsub;) {
		size_t ml = 0, mr = 0;

		if (sub[i].mark == GL_CMP_SAME) {
			long li = left[sub[i].left], ri = right[sub[i].right];
			enum gl_compare_mark m = strcmp(l->insns[li].norm, r->insns[ri].norm) ? GL_CMP_CHANGED : GL_CMP_SAME;

			if (!add_row(out, nout, cap, m, li, ri))
				goto oom;
			i++;
			continue;
		}
		for (; i < nsub && sub[i].mark != GL_CMP_SAME; i++) {
			if (sub[i].left >= 0)
				rl[ml++] = left[sub[i].left];
			if (sub[i].right >= 0)
				rr[mr++] = right[sub[i].right];
		}
		if (!refine_run(c, rl, ml, rr, mr, key + 1, out, nout, cap, e))
			goto out;
	}
	ok = true;
	goto out;
oom:
	gl_err_set(e, "out of memory aligning the disassemblies");
out:
	free(sub);
	free(a);
	free(b);
	free(rl);
	free(rr);
	return ok;
}

/* --- loop-aware alignment -------------------------------------------------- */

/* An outermost loop of one listing: instructions [first, last], last being
 * a branch back to first. */
struct loop {
	long first, last;
};

/* The index of the instruction a branch goes to, or -1 (not a branch, or a
 * target outside the function). The normalised text ends with the target's
 * label (gl_disasm: --symbolize-operands, renumbered by address). */
static long branch_target(const struct gl_disasm *d, long i)
{
	const char *m = d->insns[i].mnemonic, *lab;

	if (strncmp(m, "s_branch", 8) != 0 && strncmp(m, "s_cbranch", 9) != 0)
		return -1;
	lab = strrchr(d->insns[i].norm, ' ');
	if (!lab || lab[1] != 'L')
		return -1;
	for (size_t j = 0; j < d->n; j++)
		if (strcmp(d->insns[j].label, lab + 1) == 0)
			return (long)j;
	return -1;
}

/* The outermost loops of d, in address order: every backward branch closes
 * a loop from its target to itself; nested and overlapping ones merge. */
static size_t find_loops(const struct gl_disasm *d, struct loop *out)
{
	size_t n = 0;

	for (size_t i = 0; i < d->n; i++) {
		long t = branch_target(d, (long)i);

		if (t < 0 || t > (long)i)
			continue;
		/* Loops close in address order, so a new one can only swallow the
		 * last ones (it starts at or before them) or stand after them. */
		while (n && out[n - 1].last >= t) {
			if (out[n - 1].first < t)
				t = out[n - 1].first;
			n--;
		}
		out[n++] = (struct loop){ t, (long)i };
	}
	return n;
}

struct align_ctx {
	struct gl_compare *c;
	struct gl_compare_row *out;
	size_t nout, cap;
	struct gl_err *e;
};

/* Instructions [l0, l1) against [r0, r1) as straight code: the shapes
 * first, then the mnemonics inside each unmatched run (refine_run). Rows
 * get loop number `loop`. */
static bool align_span(struct align_ctx *x, long l0, long l1, long r0, long r1, unsigned loop)
{
	const struct gl_disasm *l = &x->c->side[0].dis, *r = &x->c->side[1].dis;
	size_t nl0 = (size_t)(l1 - l0), nr0 = (size_t)(r1 - r0), first = x->nout;
	const char **a = malloc((nl0 + 1) * sizeof(*a)), **b = malloc((nr0 + 1) * sizeof(*b));
	long *rl = malloc((nl0 + 1) * sizeof(*rl)), *rr = malloc((nr0 + 1) * sizeof(*rr));
	struct gl_compare_row *p = NULL;
	size_t np = 0;
	bool ok = false;

	if (!a || !b || !rl || !rr) {
		gl_err_set(x->e, "out of memory aligning the disassemblies");
		goto out;
	}
	for (size_t i = 0; i < nl0; i++)
		a[i] = l->insns[l0 + (long)i].shape;
	for (size_t i = 0; i < nr0; i++)
		b[i] = r->insns[r0 + (long)i].shape;
	if (!gl_compare_align_lines(a, nl0, b, nr0, &p, &np, x->e))
		goto out;
	for (size_t i = 0; i < np;) {
		size_t nl = 0, nr = 0;

		if (p[i].mark == GL_CMP_SAME) {
			/* Same shape is not yet the same instruction: compare the text. */
			long li = l0 + p[i].left, ri = r0 + p[i].right;
			bool same = strcmp(l->insns[li].norm, r->insns[ri].norm) == 0;

			if (!add_row(&x->out, &x->nout, &x->cap, same ? GL_CMP_SAME : GL_CMP_CHANGED, li, ri)) {
				gl_err_set(x->e, "out of memory aligning the disassemblies");
				goto out;
			}
			i++;
			continue;
		}
		for (; i < np && p[i].mark != GL_CMP_SAME; i++) {
			if (p[i].left >= 0)
				rl[nl++] = l0 + p[i].left;
			if (p[i].right >= 0)
				rr[nr++] = r0 + p[i].right;
		}
		if (!refine_run(x->c, rl, nl, rr, nr, KEY_MNEMONIC, &x->out, &x->nout, &x->cap, x->e))
			goto out;
	}
	for (size_t i = first; i < x->nout; i++)
		x->out[i].loop = loop;
	ok = true;
out:
	free(p);
	free(a);
	free(b);
	free(rl);
	free(rr);
	return ok;
}

static size_t largest(const struct loop *lp, size_t n)
{
	size_t best = 0;

	for (size_t i = 1; i < n; i++)
		if (lp[i].last - lp[i].first > lp[best].last - lp[best].first)
			best = i;
	return best;
}

/* [l0, l1) with its loops la[0..na) against [r0, r1) with lb[0..nb): loops
 * face loops. With as many loops on both sides they pair in order; else the
 * largest of each pair up and what lies before and after them is aligned
 * the same way. Code outside paired loops is aligned as straight code. */
static bool align_loops(struct align_ctx *x, long l0, long l1, const struct loop *la, size_t na, long r0,
                        long r1, const struct loop *lb, size_t nb)
{
	size_t i, j;
	unsigned k;

	if (!na || !nb)
		return align_span(x, l0, l1, r0, r1, 0);
	i = na == nb ? 0 : largest(la, na);
	j = na == nb ? 0 : largest(lb, nb);
	if (!align_loops(x, l0, la[i].first, la, i, r0, lb[j].first, lb, j))
		return false;
	k = ++x->c->nloops;
	if (!align_span(x, la[i].first, la[i].last + 1, lb[j].first, lb[j].last + 1, k))
		return false;
	return align_loops(x, la[i].last + 1, l1, la + i + 1, na - i - 1, lb[j].last + 1, r1, lb + j + 1,
	                   nb - j - 1);
}

bool gl_compare_align(struct gl_compare *c, struct gl_err *e)
{
	const struct gl_disasm *l = &c->side[0].dis, *r = &c->side[1].dis;
	struct loop *la = malloc((l->n + 1) * sizeof(*la)), *lb = malloc((r->n + 1) * sizeof(*lb));
	struct align_ctx x = { .c = c, .e = e };
	bool ok = false;

	c->nloops = 0;
	if (!la || !lb) {
		gl_err_set(e, "out of memory aligning the disassemblies");
		goto out;
	}
	if (!align_loops(&x, 0, (long)l->n, la, find_loops(l, la), 0, (long)r->n, lb, find_loops(r, lb)))
		goto out;
	c->rows = x.out;
	c->nrows = x.nout;
	x.out = NULL;
	ok = true;
out:
	free(x.out);
	free(la);
	free(lb);
	return ok;
}
