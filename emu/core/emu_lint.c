/*
 * emu_lint — static waitcnt and wait-state checks over a kernel's
 * control-flow graph (what and why: emu_lint.h).
 *
 * Waitcnt: the dataflow LLVM's SIInsertWaitcnts performs for compiler
 * output, here to check hand-written code. The state at an instruction is
 * the set of results the counters do not guarantee yet, one entry per
 * producing instruction: its registers, the counters it is still owed on,
 * its return stream and how many instructions of that stream issued after
 * it. Transfer, per instruction and in the dynamic check's order: test its
 * registers against the entries (emu_hazard_touch), apply an s_waitcnt
 * (emu_waitcnt_covers), then enter its own issue (emu_owed_issue's rules).
 * At a merge, entries are united and each keeps the fewest younger
 * instructions of the paths (the weaker guarantee); a loop is iterated
 * until nothing changes. Keying an entry by its instruction is exact for a
 * loop too: a later instance of a load writes the same registers with a
 * weaker guarantee than the earlier one.
 *
 * Wait states: for each instruction that can consume a rule, every
 * backward path as far as the rule's window reaches, each handed to the
 * dynamic checker's rule engine (emu_hzn_eval) as the wave's ring of issued
 * instructions would be.
 *
 * Not followed: indirect jumps (s_setpc_b64, s_swappc_b64): the walk stops
 * there and says so in the note. Branch conditions are not evaluated:
 * both sides of every s_cbranch_* are paths.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/emu_profile.h"
#include "core/emu_hazard.h"
#include "core/emu_hazard_nops.h"
#include "core/emu_lint.h"
#include "isa/emu_waitcnt.h"

/* An outstanding result on a path. */
struct ent {
	uint32_t prod;         /* instruction index (byte offset / 4) */
	uint16_t lo, hi;
	uint16_t younger;
	uint8_t cnts, ord;
	uint8_t had[2];
	uint32_t via;          /* the conditional branch edge it came through:
	                          (index + 1) << 1 | taken; 0: none */
};

struct state {
	struct ent *e;
	uint32_t n, cap;
	bool seen;
};

struct lint {
	const struct emu_program *prog;
	const struct emu_profile *prof;
	uint32_t ninst, entry;
	uint32_t *succ;        /* [2 * ninst], UINT32_MAX: none */
	uint8_t *reach, *leader;
	uint32_t *npred, **pred;
	struct state *in;      /* at leaders */
	uint8_t *found_wc;     /* a waitcnt finding at the instruction already */
	uint32_t *found_ws;    /* wait-state rules found at it */
	struct emu_lint *out;
	bool oom;
};

#define NONE UINT32_MAX

static const struct emu_inst *at(const struct lint *L, uint32_t i)
{
	return &L->prog->insts[i];
}

static bool mn_is(const struct emu_inst *in, const char *p)
{
	return in->op && !strncmp(in->op->mnemonic, p, strlen(p));
}

/* Successors of instruction i: fall-through and branch target. */
static void successors(struct lint *L, uint32_t i, uint32_t s[2])
{
	const struct emu_inst *in = at(L, i);
	s[0] = s[1] = NONE;
	if (!in->op || mn_is(in, "s_endpgm"))
		return;
	if (mn_is(in, "s_setpc_b64") || mn_is(in, "s_swappc_b64") || mn_is(in, "s_rfe_b64")) {
		if (!L->out->note[0])
			snprintf(L->out->note, sizeof(L->out->note),
			         "the indirect jump at +0x%x is not followed", (in->off - at(L, L->entry)->off));
		return;
	}
	bool br = mn_is(in, "s_branch"), cbr = mn_is(in, "s_cbranch_");
	uint32_t next = i + in->size / 4u;
	if (!br)
		s[0] = next < L->ninst && at(L, next)->size ? next : NONE;
	if (br || cbr) {
		int64_t t = (int64_t)in->off + 4 + (int64_t)in->imm * 4;
		if (t >= 0 && (uint64_t)t < L->prog->size && !(t & 3) && L->prog->insts[t >> 2].size)
			s[1] = (uint32_t)(t >> 2);
		else if (!L->out->note[0])
			snprintf(L->out->note, sizeof(L->out->note), "the branch at +0x%x leaves the code",
			         in->off - at(L, L->entry)->off);
	}
}

static bool add_pred(struct lint *L, uint32_t to, uint32_t from)
{
	uint32_t *p = realloc(L->pred[to], (L->npred[to] + 1) * sizeof(*p));
	if (!p)
		return false;
	p[L->npred[to]++] = from;
	L->pred[to] = p;
	return true;
}

/* Reachable instructions from the entry, their successors and predecessors,
 * and the leaders of the blocks the dataflow keeps states for. */
static bool walk(struct lint *L)
{
	uint32_t *stack = malloc(L->ninst * sizeof(*stack)), sp = 0;
	if (!stack)
		return false;
	stack[sp++] = L->entry;
	L->reach[L->entry] = 1;
	L->leader[L->entry] = 1;
	while (sp) {
		uint32_t i = stack[--sp];
		uint32_t *s = &L->succ[2 * i];
		successors(L, i, s);
		for (unsigned k = 0; k < 2; k++) {
			if (s[k] == NONE)
				continue;
			if (!add_pred(L, s[k], i)) {
				free(stack);
				return false;
			}
			if (k == 1 || s[1] != NONE)
				L->leader[s[k]] = 1;  /* a branch target, or the fall-through of a branch */
			if (!L->reach[s[k]]) {
				L->reach[s[k]] = 1;
				stack[sp++] = s[k];
			}
		}
	}
	free(stack);
	for (uint32_t i = 0; i < L->ninst; i++)
		if (L->npred[i] > 1)
			L->leader[i] = 1;
	return true;
}

/* ---- findings ---- */

static struct emu_lint_finding *finding(struct lint *L, uint32_t i, uint32_t prod)
{
	struct emu_lint *o = L->out;
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 16;
		struct emu_lint_finding *f = realloc(o->f, cap * sizeof(*f));
		if (!f) {
			L->oom = true;
			return NULL;
		}
		o->f = f;
		o->cap = cap;
	}
	struct emu_lint_finding *f = &o->f[o->n++];
	memset(f, 0, sizeof(*f));
	uint32_t base = at(L, L->entry)->off;
	f->off = at(L, i)->off - base;
	f->prod_off = at(L, prod)->off - base;
	emu_disasm(L->prof, at(L, i), f->inst, sizeof(f->inst));
	emu_disasm(L->prof, at(L, prod), f->prod, sizeof(f->prod));
	return f;
}

static void path_words(const struct lint *L, uint32_t via, char *buf, size_t n)
{
	if (!via) {
		buf[0] = '\0';
		return;
	}
	uint32_t b = (via >> 1) - 1;
	char d[96];
	emu_disasm_msg(L->prof, at(L, b), d, sizeof(d));
	snprintf(buf, n, " (on the path where `%s` at +0x%x is %s)", d, at(L, b)->off - at(L, L->entry)->off,
	         via & 1 ? "taken" : "not taken");
}

static void report_wc(struct lint *L, uint32_t i, const struct ent *e, int how)
{
	if (L->found_wc[i])
		return;
	L->found_wc[i] = 1;
	struct emu_lint_finding *f = finding(L, i, e->prod);
	if (!f)
		return;
	f->waitcnt = true;
	char need[128], path[160];
	struct emu_owed_view v = { e->cnts, e->ord, e->younger, { e->had[0], e->had[1] } };
	emu_hazard_describe(&v, need, sizeof(need));
	path_words(L, e->via, path, sizeof(path));
	snprintf(f->detail, sizeof(f->detail), "%s a register that `%s` at +0x%x will still write: %s%s",
	         how == 1 ? "reads" : "overwrites", f->prod, f->prod_off, need, path);
}

/* ---- the waitcnt dataflow ---- */

static struct ent *st_find(struct state *s, uint32_t prod)
{
	for (uint32_t k = 0; k < s->n; k++)
		if (s->e[k].prod == prod)
			return &s->e[k];
	return NULL;
}

static struct ent *st_add(struct lint *L, struct state *s)
{
	if (s->n == s->cap) {
		uint32_t cap = s->cap ? 2 * s->cap : 8;
		struct ent *e = realloc(s->e, cap * sizeof(*e));
		if (!e) {
			L->oom = true;
			return NULL;
		}
		s->e = e;
		s->cap = cap;
	}
	return &s->e[s->n++];
}

static void st_compact(struct state *s)
{
	uint32_t k = 0;
	for (uint32_t i = 0; i < s->n; i++)
		if (s->e[i].cnts)
			s->e[k++] = s->e[i];
	s->n = k;
}

static unsigned ord_max(const struct emu_profile *prof, unsigned ord)
{
	return ord == EMU_ORD_LDS ? prof->lgkmcnt_max : prof->vmcnt_max;
}

/* One instruction on one path: check, wait, issue (emu_lint.h). */
static void transfer(struct lint *L, uint32_t i, struct state *s)
{
	const struct emu_inst *in = at(L, i);
	const struct emu_profile *prof = L->prof;
	struct emu_hazard_span rd[EMU_HAZARD_MAX_SPANS], wr[EMU_HAZARD_MAX_SPANS];
	unsigned nrd, nwr;
	emu_hazard_spans(in, rd, &nrd, wr, &nwr);
	for (uint32_t k = 0; k < s->n && (nrd || nwr); k++) {
		const struct ent *e = &s->e[k];
		int how = emu_hazard_touch(in, rd, nrd, wr, nwr, e->ord, (struct emu_hazard_span){ e->lo, e->hi });
		if (how) {
			report_wc(L, i, e, how);
			break;
		}
	}
	if (in->op && in->op->cls == EMU_CLS_WAITCNT && mn_is(in, "s_waitcnt")) {
		struct emu_waitcnt wc = emu_waitcnt_decode((uint32_t)in->imm & 0xffff);
		unsigned max[2] = { prof->vmcnt_max, prof->lgkmcnt_max };
		for (uint32_t k = 0; k < s->n; k++) {
			struct ent *e = &s->e[k];
			for (unsigned c = EMU_CNT_VM; c <= EMU_CNT_LGKM; c++) {
				if (!(e->cnts & (1u << c)) || wc.n[c] >= max[c])
					continue;
				if (emu_waitcnt_covers(e->ord, e->younger, wc.n[c]))
					e->cnts &= (uint8_t)~(1u << c);
				else
					e->had[c] = wc.n[c];
			}
		}
		st_compact(s);
	}
	struct emu_counts k = emu_counts_of(in);
	if (!k.cnts)
		return;
	if (k.ord != EMU_ORD_NONE) {
		for (uint32_t j = 0; j < s->n; j++) {
			struct ent *e = &s->e[j];
			if (e->ord == k.ord && ++e->younger >= ord_max(prof, k.ord))
				e->cnts = 0;  /* the saturated counter cannot count it any more */
		}
		st_compact(s);
	}
	/* Its own result: the registers it writes (a store writes none). */
	if (!nwr || in->dst == EMU_OP_NONE)
		return;
	struct ent *e = st_find(s, i);
	if (!e && !(e = st_add(L, s)))
		return;
	*e = (struct ent){ .prod = i, .lo = wr[0].lo, .hi = wr[0].hi, .cnts = k.cnts, .ord = k.ord,
	                   .had = { EMU_OWED_NO_WAIT, EMU_OWED_NO_WAIT } };
}

/* Join `from` (arriving over edge via) into to; true if `to` grew. */
static bool join(struct lint *L, struct state *to, const struct state *from, uint32_t via)
{
	bool grew = !to->seen;
	to->seen = true;
	for (uint32_t k = 0; k < from->n; k++) {
		const struct ent *f = &from->e[k];
		struct ent *t = st_find(to, f->prod);
		if (!t) {
			if (!(t = st_add(L, to)))
				return false;
			*t = *f;
			if (!t->via)
				t->via = via;
			grew = true;
			continue;
		}
		if (f->younger < t->younger) {
			t->younger = f->younger;
			grew = true;
		}
		if ((f->cnts | t->cnts) != t->cnts) {
			t->cnts |= f->cnts;
			grew = true;
		}
	}
	return grew;
}

static bool dataflow(struct lint *L)
{
	uint32_t *work = malloc(L->ninst * sizeof(*work));
	uint8_t *queued = calloc(L->ninst, 1);
	struct state cur = { 0 };
	uint32_t head = 0, tail = 0, count = 0;
	bool ok = false;
	if (!work || !queued)
		goto fail;
	L->in[L->entry].seen = true;
	work[tail++ % L->ninst] = L->entry;
	queued[L->entry] = 1;
	count = 1;
	while (count && !L->oom) {
		uint32_t i = work[head++ % L->ninst];
		count--;
		queued[i] = 0;
		cur.n = 0;
		join(L, &cur, &L->in[i], 0);  /* cur starts as a copy of the block's state */
		for (;;) {
			transfer(L, i, &cur);
			const uint32_t *s = &L->succ[2 * i];
			if (s[0] != NONE && s[1] == NONE && !L->leader[s[0]]) {
				i = s[0];
				continue;
			}
			for (unsigned k = 0; k < 2; k++) {
				if (s[k] == NONE)
					continue;
				uint32_t via = s[0] != NONE && s[1] != NONE ? ((i + 1) << 1) | k : 0;
				if (join(L, &L->in[s[k]], &cur, via) && !queued[s[k]]) {
					queued[s[k]] = 1;
					work[tail++ % L->ninst] = s[k];
					count++;
				}
			}
			break;
		}
	}
	ok = !L->oom;
fail:
	free(cur.e);
	free(work);
	free(queued);
	return ok;
}

/* ---- wait states over every backward path ---- */

struct ws_walk {
	struct lint *L;
	uint32_t c;                              /* the consumer */
	uint32_t rules;                          /* its rules still to find */
	unsigned window;
	const struct emu_inst *ring[EMU_HZN_RING]; /* ring[EMU_HZN_RING - 1 - k]: k-th most recent */
	unsigned paths;
};

#define WS_MAX_PATHS 4096

static void ws_eval(struct ws_walk *w, unsigned depth)
{
	struct lint *L = w->L;
	w->paths++;
	for (uint32_t m = w->rules; m; m &= m - 1) {
		unsigned r = (unsigned)__builtin_ctz(m);
		struct emu_hzn_finding hf;
		if (emu_hzn_eval(L->prof, at(L, w->c), r, w->ring, EMU_HZN_RING, depth, &hf) != 1)
			continue;
		uint32_t prod = (hf.producer->off) >> 2;
		L->found_ws[w->c] |= 1u << r;
		w->rules &= ~(1u << r);
		struct emu_lint_finding *f = finding(L, w->c, prod);
		if (!f)
			return;
		f->rule = r;
		snprintf(f->detail, sizeof(f->detail), "issues %u wait state(s) after `%s` at +0x%x on some path; "
		         "the rule needs %d [%s]", hf.got, f->prod, f->prod_off, hf.need, emu_hzn_rule_source(r));
	}
}

/* Extend the path by the predecessors of instruction j (depth instructions
 * on it so far, ws wait states). */
static void ws_back(struct ws_walk *w, uint32_t j, unsigned depth, unsigned ws)
{
	struct lint *L = w->L;
	if (!w->rules || w->paths >= WS_MAX_PATHS)
		return;
	bool full = depth == EMU_HZN_RING || ws >= w->window;
	if (full || j == L->entry || !L->npred[j])
		ws_eval(w, depth);  /* the window is covered, or the kernel starts here */
	if (full)
		return;
	for (uint32_t k = 0; k < L->npred[j]; k++) {
		uint32_t p = L->pred[j][k];
		w->ring[EMU_HZN_RING - 1 - depth] = at(L, p);
		ws_back(w, p, depth + 1, ws + at(L, p)->nws);
	}
}

static void waitstates(struct lint *L)
{
	for (uint32_t i = 0; i < L->ninst && !L->oom; i++) {
		const struct emu_inst *in = at(L, i);
		uint32_t rules = L->reach[i] ? in->hzn & ~EMU_HZN_CAPTURE : 0;
		if (!rules)
			continue;
		struct ws_walk w = { .L = L, .c = i, .rules = rules };
		for (uint32_t m = rules; m; m &= m - 1) {
			unsigned win = emu_hzn_rule_window((unsigned)__builtin_ctz(m));
			w.window = win > w.window ? win : w.window;
		}
		ws_back(&w, i, 0, 0);
		if (w.paths >= WS_MAX_PATHS && !L->out->note[0])
			snprintf(L->out->note, sizeof(L->out->note),
			         "more than %u paths reach +0x%x: its wait states were checked on the first %u",
			         WS_MAX_PATHS, in->off - at(L, L->entry)->off, WS_MAX_PATHS);
	}
}

/* ---- the kernel ---- */

static int by_offset(const void *a, const void *b)
{
	const struct emu_lint_finding *x = a, *y = b;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->waitcnt == y->waitcnt ? (x->rule > y->rule) - (x->rule < y->rule) : (x->waitcnt ? -1 : 1);
}

bool emu_lint_kernel(const struct emu_program *prog, uint64_t entry, struct emu_lint *out)
{
	struct lint L = { .prog = prog, .prof = prog->prof, .ninst = prog->size / 4, .out = out };
	size_t first = out->n;
	bool ok = false;
	if (entry < prog->base || entry - prog->base >= prog->size || !emu_program_at(prog, entry)) {
		snprintf(out->note, sizeof(out->note), "the kernel's entry is outside the code");
		return true;
	}
	L.entry = (uint32_t)((entry - prog->base) >> 2);
	L.succ = malloc(2 * (size_t)L.ninst * sizeof(*L.succ));
	L.reach = calloc(L.ninst, 1);
	L.leader = calloc(L.ninst, 1);
	L.npred = calloc(L.ninst, sizeof(*L.npred));
	L.pred = calloc(L.ninst, sizeof(*L.pred));
	L.in = calloc(L.ninst, sizeof(*L.in));
	L.found_wc = calloc(L.ninst, 1);
	L.found_ws = calloc(L.ninst, sizeof(*L.found_ws));
	if (!L.succ || !L.reach || !L.leader || !L.npred || !L.pred || !L.in || !L.found_wc || !L.found_ws)
		goto fail;
	if (!walk(&L) || !dataflow(&L))
		goto fail;
	waitstates(&L);
	if (L.oom)
		goto fail;
	qsort(out->f + first, out->n - first, sizeof(*out->f), by_offset);
	ok = true;
fail:
	for (uint32_t i = 0; L.pred && L.in && i < L.ninst; i++) {
		free(L.pred[i]);
		free(L.in[i].e);
	}
	free(L.succ);
	free(L.reach);
	free(L.leader);
	free(L.npred);
	free(L.pred);
	free(L.in);
	free(L.found_wc);
	free(L.found_ws);
	return ok;
}

void emu_lint_free(struct emu_lint *l)
{
	free(l->f);
	memset(l, 0, sizeof(*l));
}
