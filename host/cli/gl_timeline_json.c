/*
 * gl_timeline_json — the timeline as Chrome Trace Event JSON (gl_timeline_json.h).
 */
#include "cli/gl_timeline_json.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "measure/gl_trace.h"

#define TID_WAVE 1000u     /* wave w is thread 1000 + w */
#define TID_PIPE 1u        /* SIMD s: VALU 1 + 2s, MFMA 2 + 2s */

enum rec_type {
	R_STALL, R_INST, R_BARRIER, R_MEM_B, R_MEM_E, R_PIPE,
	R_CNT_WAVE, R_CNT_CU, R_CNT_MFMA,
};

/* One output event before sorting. */
struct rec {
	uint32_t pid, tid;
	uint64_t ts, dur;
	uint64_t ord;          /* event index x 8 + part: the order at equal times */
	uint32_t ev;
	uint8_t type;
	uint8_t cause;         /* R_STALL: gl_trace_cause_name's number */
	uint32_t v[3];         /* counters */
};

struct recs {
	struct rec *r;
	size_t n, cap;
};

static struct rec *rec_add(struct recs *rs)
{
	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 1024;
		struct rec *r = realloc(rs->r, cap * sizeof(*r));
		if (!r)
			return NULL;
		rs->r = r;
		rs->cap = cap;
	}
	struct rec *r = &rs->r[rs->n++];
	memset(r, 0, sizeof(*r));
	return r;
}

static int rec_cmp(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->ord < y->ord ? -1 : x->ord > y->ord;
}

static uint32_t ev_pid(const struct gcnlab_emu_tl_event *e)
{
	return (uint32_t)e->xcd * 1000u + e->cu + 1u;
}

/* The row of the instruction at offset (rows in offset order), or NULL. */
static const struct gcnlab_emu_trace_row *inst_row(const struct gl_timeline_data *d, uint32_t off)
{
	size_t lo = 0, hi = d->ninsts;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (d->insts[mid].offset < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < d->ninsts && d->insts[lo].offset == off ? &d->insts[lo] : NULL;
}

/* JSON string body: quotes, backslashes and control bytes escaped. */
static void put_str(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
}

static void put_mnemonic(FILE *f, const struct gcnlab_emu_trace_row *r, uint32_t off)
{
	if (!r) {
		fprintf(f, "inst@0x%x", off);
		return;
	}
	char m[96];
	size_t i = 0;
	while (r->text[i] && r->text[i] != ' ' && i + 1 < sizeof(m)) {
		m[i] = r->text[i];
		i++;
	}
	m[i] = '\0';
	put_str(f, m);
}

static const char *mem_cat(uint8_t pipe)
{
	return pipe == GCNLAB_TL_PIPE_LDS ? "lds" : pipe == GCNLAB_TL_PIPE_SMEM ? "smem" : "vmem";
}

/* ---- counters: running sums over +1/-1 transitions ---- */

struct tr {
	uint32_t pid, key;
	uint64_t t;
	uint64_t ord;
	int8_t d[3];
};

static int tr_cmp(const void *a, const void *b)
{
	const struct tr *x = a, *y = b;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->ord < y->ord ? -1 : x->ord > y->ord;
}

/* One counter sample per (pid, key, time) with the sums after it. */
static bool counters(struct recs *rs, struct tr *t, size_t n, uint8_t type)
{
	qsort(t, n, sizeof(*t), tr_cmp);
	int64_t sum[3] = { 0 };
	for (size_t i = 0; i < n; i++) {
		if (i && (t[i].pid != t[i - 1].pid || t[i].key != t[i - 1].key))
			memset(sum, 0, sizeof(sum));
		for (unsigned k = 0; k < 3; k++)
			sum[k] += t[i].d[k];
		if (i + 1 < n && t[i + 1].pid == t[i].pid && t[i + 1].key == t[i].key && t[i + 1].t == t[i].t)
			continue;
		struct rec *r = rec_add(rs);
		if (!r)
			return false;
		r->pid = t[i].pid;
		r->tid = 0;   /* counters belong to the process */
		r->ts = t[i].t;
		r->ord = t[i].ord;
		r->type = type;
		r->ev = t[i].key;
		for (unsigned k = 0; k < 3; k++)
			r->v[k] = (uint32_t)(sum[k] > 0 ? sum[k] : 0);
	}
	return true;
}

/* The records of every event; *ntr transitions of each counter family. */
static bool build(const struct gl_timeline_data *d, struct recs *rs)
{
	struct tr *tw = calloc(2 * d->n + 1, sizeof(*tw)), *tc = calloc(2 * d->n + 1, sizeof(*tc)),
	          *tm = calloc(2 * d->n + 1, sizeof(*tm));
	size_t nw = 0, nc = 0, nm = 0;
	bool ok = tw && tc && tm;
	for (size_t i = 0; ok && i < d->n; i++) {
		const struct gcnlab_emu_tl_event *e = &d->ev[i];
		uint32_t pid = ev_pid(e), wtid = TID_WAVE + e->wave;
		struct rec *r;
		if (e->kind == GCNLAB_TL_INST) {
			uint64_t b = e->begin + e->stall;
			if (e->stall) {
				ok = (r = rec_add(rs)) != NULL;
				if (!ok)
					break;
				*r = (struct rec){ .pid = pid, .tid = wtid, .ts = e->begin, .dur = e->stall,
				                   .ord = i * 8, .ev = (uint32_t)i, .type = R_STALL,
				                   .cause = e->cause };
			}
			/* An MFMA that waited for its SIMD's matrix core: that wait
			 * (the trace's mfma-pipe) before it. */
			if (e->pipe == GCNLAB_TL_PIPE_MFMA && e->pipe_cycles && e->pipe_begin > b &&
			    e->pipe_begin <= e->end) {
				ok = (r = rec_add(rs)) != NULL;
				if (!ok)
					break;
				*r = (struct rec){ .pid = pid, .tid = wtid, .ts = b, .dur = e->pipe_begin - b,
				                   .ord = i * 8 + 1, .ev = (uint32_t)i, .type = R_STALL,
				                   .cause = GL_TRACE_MFMA_PIPE };
				b = e->pipe_begin;
			}
			ok = (r = rec_add(rs)) != NULL;
			if (!ok)
				break;
			*r = (struct rec){ .pid = pid, .tid = wtid, .ts = b, .dur = e->end - b, .ord = i * 8 + 2,
			                   .ev = (uint32_t)i, .type = R_INST };
			if (e->pipe_cycles) {
				uint32_t tid = TID_PIPE + 2u * e->simd + (e->pipe == GCNLAB_TL_PIPE_MFMA);
				ok = (r = rec_add(rs)) != NULL;
				if (!ok)
					break;
				*r = (struct rec){ .pid = pid, .tid = tid, .ts = e->pipe_begin, .dur = e->pipe_cycles,
				                   .ord = i * 8 + 3, .ev = (uint32_t)i, .type = R_PIPE };
				if (e->pipe == GCNLAB_TL_PIPE_MFMA) {
					tm[nm++] = (struct tr){ pid, e->simd, e->pipe_begin, i * 8 + 3, { 1, 0, 0 } };
					tm[nm++] = (struct tr){ pid, e->simd, e->pipe_begin + e->pipe_cycles, i * 8 + 4,
					                        { -1, 0, 0 } };
				}
			}
		} else if (e->kind == GCNLAB_TL_BARRIER) {
			ok = (r = rec_add(rs)) != NULL;
			if (ok)
				*r = (struct rec){ .pid = pid, .tid = wtid, .ts = e->begin, .dur = e->end - e->begin,
				                   .ord = i * 8, .ev = (uint32_t)i, .type = R_BARRIER };
		} else {
			ok = (r = rec_add(rs)) != NULL;
			if (!ok)
				break;
			*r = (struct rec){ .pid = pid, .tid = wtid, .ts = e->begin, .ord = i * 8 + 5,
			                   .ev = (uint32_t)i, .type = R_MEM_B };
			ok = (r = rec_add(rs)) != NULL;
			if (!ok)
				break;
			*r = (struct rec){ .pid = pid, .tid = wtid, .ts = e->end, .ord = i * 8 + 6,
			                   .ev = (uint32_t)i, .type = R_MEM_E };
			int8_t vm = e->cause == 0, lg = e->cause != 0;
			tw[nw++] = (struct tr){ pid, e->wave, e->begin, i * 8 + 5, { vm, lg, 0 } };
			tw[nw++] = (struct tr){ pid, e->wave, e->end, i * 8 + 6, { (int8_t)-vm, (int8_t)-lg, 0 } };
			int8_t lds = e->pipe == GCNLAB_TL_PIPE_LDS, sm = e->pipe == GCNLAB_TL_PIPE_SMEM,
			       ta = !lds && !sm;
			tc[nc++] = (struct tr){ pid, 0, e->begin, i * 8 + 5, { lds, ta, sm } };
			tc[nc++] = (struct tr){ pid, 0, e->end, i * 8 + 6, { (int8_t)-lds, (int8_t)-ta, (int8_t)-sm } };
		}
	}
	ok = ok && counters(rs, tw, nw, R_CNT_WAVE) && counters(rs, tc, nc, R_CNT_CU) &&
	     counters(rs, tm, nm, R_CNT_MFMA);
	free(tw);
	free(tc);
	free(tm);
	return ok;
}

static void put_head(FILE *f, const char *ph, const char *cat, const struct rec *r)
{
	fprintf(f, ",\n{\"ph\":\"%s\",\"cat\":\"%s\",\"pid\":%" PRIu32 ",\"tid\":%" PRIu32 ",\"ts\":%" PRIu64, ph, cat,
	        r->pid, r->tid, r->ts);
}

static void put_counter(FILE *f, const struct rec *r);

static void put_rec(FILE *f, const struct gl_timeline_data *d, const struct rec *r)
{
	if (r->type >= R_CNT_WAVE) {
		put_counter(f, r);
		return;
	}
	const struct gcnlab_emu_tl_event *e = &d->ev[r->ev];
	const struct gcnlab_emu_trace_row *row = inst_row(d, e->offset);
	switch (r->type) {
	case R_STALL:
		put_head(f, "X", "stall", r);
		fprintf(f, ",\"dur\":%" PRIu64 ",\"name\":\"wait %s\",\"args\":{\"before\":\"", r->dur,
		        gl_trace_cause_name(r->cause));
		put_mnemonic(f, row, e->offset);
		fprintf(f, "\",\"offset\":\"0x%x\"}}", e->offset);
		break;
	case R_INST:
	case R_PIPE:
		put_head(f, "X", r->type == R_INST ? "inst" : "pipe", r);
		fprintf(f, ",\"dur\":%" PRIu64 ",\"name\":\"", r->dur);
		put_mnemonic(f, row, e->offset);
		fprintf(f, "\",\"args\":{\"offset\":\"0x%x\",\"asm\":\"", e->offset);
		put_str(f, row ? row->text : "?");
		if (r->type == R_PIPE)
			fprintf(f, "\",\"wave\":%" PRIu32 ",\"cycles\":%" PRIu32 "}}", e->wave, e->pipe_cycles);
		else
			fprintf(f, "\",\"cycles\":%" PRIu64 ",\"stall\":%" PRIu32 ",\"stall_cause\":\"%s\"}}",
			        e->end - e->begin, e->stall, e->stall ? gl_trace_cause_name(e->cause) : "");
		break;
	case R_BARRIER:
		put_head(f, "X", "barrier", r);
		fprintf(f, ",\"dur\":%" PRIu64 ",\"name\":\"barrier wait\",\"args\":{\"offset\":\"0x%x\"}}", r->dur,
		        e->offset);
		break;
	case R_MEM_B:
	case R_MEM_E:
		put_head(f, r->type == R_MEM_B ? "b" : "e", mem_cat(e->pipe), r);
		fprintf(f, ",\"id\":%" PRIu32 ",\"name\":\"", r->ev);
		put_mnemonic(f, row, e->offset);
		fprintf(f, "\"");
		if (r->type == R_MEM_B) {
			fprintf(f, ",\"args\":{\"offset\":\"0x%x\",\"asm\":\"", e->offset);
			put_str(f, row ? row->text : "?");
			fprintf(f, "\",\"counter\":\"%s\",\"latency\":%" PRIu64 "}", e->cause ? "lgkmcnt" : "vmcnt",
			        e->end - e->begin);
		}
		fprintf(f, "}");
		break;
	}
}

/* A counter sample; r->ev is its key (wave, or SIMD). */
static void put_counter(FILE *f, const struct rec *r)
{
	switch (r->type) {
	case R_CNT_WAVE:
		put_head(f, "C", "counter", r);
		fprintf(f, ",\"name\":\"wave %" PRIu32 " outstanding\",\"args\":{\"vmcnt\":%" PRIu32
		        ",\"lgkmcnt\":%" PRIu32 "}}", r->ev, r->v[0], r->v[1]);
		break;
	case R_CNT_CU:
		put_head(f, "C", "counter", r);
		fprintf(f, ",\"name\":\"memory in flight\",\"args\":{\"LDS\":%" PRIu32 ",\"TA (vector memory)\":%" PRIu32
		        ",\"scalar cache\":%" PRIu32 "}}", r->v[0], r->v[1], r->v[2]);
		break;
	default:
		put_head(f, "C", "counter", r);
		fprintf(f, ",\"name\":\"SIMD %" PRIu32 " MFMA busy\",\"args\":{\"busy\":%" PRIu32 "}}", r->ev, r->v[0]);
		break;
	}
}

static void put_meta(FILE *f, const char *what, uint32_t pid, uint32_t tid, const char *name, uint32_t sort)
{
	fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"%s\",\"pid\":%" PRIu32 ",\"tid\":%" PRIu32 ",\"ts\":0,\"args\":{\"name\":\"",
	        what, pid, tid);
	put_str(f, name);
	fprintf(f, "\"}}");
	fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"%s_sort_index\",\"pid\":%" PRIu32 ",\"tid\":%" PRIu32
	        ",\"ts\":0,\"args\":{\"sort_index\":%" PRIu32 "}}",
	        what[0] == 'p' ? "process" : "thread", pid, tid, sort);
}

/* Process and thread names, once each, in record order (sorted). */
static void put_names(FILE *f, const struct gl_timeline_data *d, const struct recs *rs)
{
	static const char *const pipe_names[] = { "VALU", "MFMA" };
	for (size_t i = 0; i < rs->n; i++) {
		const struct rec *r = &rs->r[i];
		char name[96];
		bool new_pid = !i || rs->r[i - 1].pid != r->pid;
		if (new_pid) {
			const struct gcnlab_emu_tl_event *pe = NULL;
			for (size_t j = i; j < rs->n && rs->r[j].pid == r->pid && !pe; j++)
				if (rs->r[j].type < R_CNT_WAVE)
					pe = &d->ev[rs->r[j].ev];
			if (pe && d->info.num_xcd > 1)
				snprintf(name, sizeof(name), "XCD %u CU %u", pe->xcd, pe->cu);
			else
				snprintf(name, sizeof(name), "CU %u", pe ? pe->cu : r->pid - 1);
			put_meta(f, "process_name", r->pid, 0, name, r->pid);
		}
		if (!new_pid && rs->r[i - 1].tid == r->tid)
			continue;
		if (r->tid >= TID_WAVE && r->type < R_CNT_WAVE)
			snprintf(name, sizeof(name), "wave %u (workgroup %u, SIMD %u)", d->ev[r->ev].wave,
			         d->ev[r->ev].wg, d->ev[r->ev].simd);
		else if (r->tid >= TID_PIPE && r->tid < TID_WAVE && r->type == R_PIPE)
			snprintf(name, sizeof(name), "SIMD %u %s", (r->tid - TID_PIPE) / 2, pipe_names[(r->tid - TID_PIPE) % 2]);
		else
			continue;
		put_meta(f, "thread_name", r->pid, r->tid, name, r->tid);
	}
}

/* Slices of a pipe track that the model let overlap (none expected: the
 * VALU port and the matrix core take one instruction at a time) start
 * when the previous ends; counted in otherData. */
static size_t pipe_clip(struct recs *rs)
{
	size_t clipped = 0;
	uint64_t end = 0;
	for (size_t i = 0; i < rs->n; i++) {
		struct rec *r = &rs->r[i];
		if (r->type != R_PIPE)
			continue;
		if (i && rs->r[i - 1].type == R_PIPE && rs->r[i - 1].pid == r->pid && rs->r[i - 1].tid == r->tid &&
		    r->ts < end) {
			uint64_t e = r->ts + r->dur;
			r->dur = e > end ? e - end : 0;
			r->ts = end;
			clipped++;
		}
		end = r->ts + r->dur;
	}
	return clipped;
}

bool gl_timeline_json(FILE *f, const struct gl_timeline_data *d, size_t *slices)
{
	struct recs rs = { 0 };
	bool ok = build(d, &rs);
	if (!ok)
		goto fail;
	qsort(rs.r, rs.n, sizeof(*rs.r), rec_cmp);
	size_t clipped = pipe_clip(&rs);
	*slices = 0;
	for (size_t i = 0; i < rs.n; i++)
		*slices += rs.r[i].type == R_INST;
	fprintf(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"clock\":\"shader clock (sclk), %u MHz: 1 ts unit "
	        "= 1 cycle, not 1 us\",\"sclk_mhz\":%u,\"kernel\":\"", d->info.sclk_mhz, d->info.sclk_mhz);
	put_str(f, d->kernel ? d->kernel : "");
	fprintf(f, "\",\"arch\":\"");
	put_str(f, d->arch ? d->arch : "");
	fprintf(f, "\",\"dispatch\":%u,\"dispatches\":%u,\"cycles\":%" PRIu64 ",\"waves\":%u,\"workgroups\":%u,"
	        "\"waves_recorded\":%u,\"events\":%zu,\"events_dropped\":%" PRIu64 ",\"instructions\":%zu,"
	        "\"pipe_slices_clipped\":%zu,\"selection\":\"", d->dispatch, d->dispatches, d->info.cycles,
	        d->info.waves, d->info.workgroups, d->info.waves_recorded, d->n, d->info.dropped, *slices, clipped);
	put_str(f, d->selection ? d->selection : "");
	fprintf(f, "\",\"left_out\":\"");
	put_str(f, d->left_out ? d->left_out : "");
	fprintf(f, "\"},\n\"traceEvents\":[\n{\"ph\":\"M\",\"name\":\"gcnlab timeline\",\"pid\":0,\"tid\":0,\"ts\":0,"
	        "\"args\":{\"name\":\"gcnlab\"}}");
	put_names(f, d, &rs);
	for (size_t i = 0; i < rs.n; i++)
		put_rec(f, d, &rs.r[i]);
	fprintf(f, "\n]}\n");
	ok = !ferror(f);
fail:
	free(rs.r);
	return ok;
}

/* ---- the offline page ---- */

/* The page's script: draws D's tracks on a canvas; wheel zooms around the
 * pointer, dragging pans, a double click shows everything again, hovering a
 * slice shows what it is. It says how many slices it drew in
 * body[data-drawn] (tests/e2e/timeline.t reads it through headless Chromium). */
static const char page_script[] =
	"(function(){\n"
	"var C=['#7f7f7f','#bcbd22','#1f77b4','#d62728','#2ca02c','#9467bd','#ff7f0e','#e377c2','#17becf'];\n"
	"var K=['scalar','scalar memory','VALU','MFMA','vector memory','LDS','stall','barrier wait','memory in flight'];\n"
	"var cv=document.getElementById('tl'),tip=document.getElementById('tip'),g=cv.getContext('2d');\n"
	"var L=260,H=16,T=24,rows=D.tracks.length,t0=0,t1=D.end||1;\n"
	"var by=[];for(var i=0;i<rows;i++)by.push([]);\n"
	"D.s.forEach(function(s){by[s[0]].push(s);});\n"
	"function W(){return cv.width-L-10;}\n"
	"function X(t){return L+(t-t0)/(t1-t0)*W();}\n"
	"function draw(){cv.width=Math.max(800,window.innerWidth-20);cv.height=T+rows*H+10;\n"
	" g.fillStyle='#fff';g.fillRect(0,0,cv.width,cv.height);g.font='11px sans-serif';var n=0;\n"
	" for(var r=0;r<rows;r++){var y=T+r*H;g.fillStyle=r%2?'#f4f4f4':'#fff';g.fillRect(0,y,cv.width,H);\n"
	"  g.fillStyle='#000';g.fillText(D.tracks[r],4,y+12);var a=by[r];\n"
	"  for(var j=0;j<a.length;j++){var s=a[j];if(s[1]+s[2]<t0||s[1]>t1)continue;\n"
	"   var x=X(s[1]),w=Math.max(1,X(s[1]+s[2])-x),lane=s[3]==8?(s[5]%4)*(H/4):0,h=s[3]==8?H/4-1:H-2;\n"
	"   g.fillStyle=C[s[3]];g.fillRect(x,y+1+lane,w,h);n++;}}\n"
	" g.fillStyle='#000';for(var k=0;k<=10;k++){var t=t0+(t1-t0)*k/10;g.fillText(Math.round(t),X(t)-10,12);}\n"
	" document.body.dataset.drawn=n;document.getElementById('drawn').textContent=n;}\n"
	"function at(e){var b=cv.getBoundingClientRect(),x=e.clientX-b.left,y=e.clientY-b.top,r=Math.floor((y-T)/H);\n"
	" if(r<0||r>=rows||x<L)return null;var t=t0+(x-L)/W()*(t1-t0),a=by[r],best=null;\n"
	" for(var j=0;j<a.length;j++){var s=a[j],pad=(t1-t0)/W();if(t>=s[1]-pad&&t<=s[1]+s[2]+pad){best=s;if(s[3]!=8)break;}}\n"
	" return best;}\n"
	"var drag=null;\n"
	"cv.addEventListener('wheel',function(e){e.preventDefault();var b=cv.getBoundingClientRect(),\n"
	" t=t0+(e.clientX-b.left-L)/W()*(t1-t0),f=e.deltaY<0?0.8:1.25;t0=t-(t-t0)*f;t1=t+(t1-t)*f;\n"
	" if(t1-t0<4){t1=t0+4;}draw();});\n"
	"cv.addEventListener('mousedown',function(e){drag={x:e.clientX,a:t0,b:t1};});\n"
	"window.addEventListener('mouseup',function(){drag=null;});\n"
	"cv.addEventListener('dblclick',function(){t0=0;t1=D.end||1;draw();});\n"
	"cv.addEventListener('mousemove',function(e){if(drag){var d=(e.clientX-drag.x)/W()*(drag.b-drag.a);\n"
	"  t0=drag.a-d;t1=drag.b-d;draw();return;}\n"
	" var s=at(e);if(!s){tip.style.display='none';return;}\n"
	" tip.textContent=K[s[3]]+': '+D.str[s[4]]+'  @'+s[1]+' +'+s[2]+' cycles';tip.style.display='block';\n"
	" tip.style.left=(e.pageX+12)+'px';tip.style.top=(e.pageY+12)+'px';});\n"
	"window.addEventListener('resize',draw);\n"
	"var lg=document.getElementById('legend');K.forEach(function(k,i){var sp=document.createElement('span');\n"
	" sp.innerHTML='<b style=\"background:'+C[i]+'\">&nbsp;&nbsp;&nbsp;</b> '+k+' &nbsp;';lg.appendChild(sp);});\n"
	"draw();})();\n";

/* HTML-safe inside a script's JSON string: '<' as \u003c too. */
static void put_js_str(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			fputs("\\u003c", f);
		else {
			char one[2] = { *s, 0 };
			put_str(f, one);
		}
	}
}

/* The class a slice is drawn in (page_script's C and K). */
static unsigned page_class(const struct rec *r, const struct gcnlab_emu_tl_event *e)
{
	switch (r->type) {
	case R_STALL: return 6;
	case R_BARRIER: return 7;
	case R_MEM_B: return 8;
	default: return e->pipe;   /* enum gcnlab_tl_pipe: 0..5 */
	}
}

bool gl_timeline_html(FILE *f, const struct gl_timeline_data *d, size_t *slices)
{
	struct recs rs = { 0 };
	bool ok = build(d, &rs);
	if (!ok)
		goto fail;
	qsort(rs.r, rs.n, sizeof(*rs.r), rec_cmp);
	pipe_clip(&rs);
	*slices = 0;
	fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>gcnlab timeline: ");
	put_js_str(f, d->kernel ? d->kernel : "");
	fprintf(f, "</title>\n<style>body{font-family:sans-serif;margin:10px}#tip{position:absolute;display:none;"
	        "background:#ffe;border:1px solid #888;padding:3px;font:12px monospace;pointer-events:none}"
	        "canvas{border:1px solid #ccc}</style></head>\n<body data-drawn=\"0\">\n<h3>");
	put_js_str(f, d->kernel ? d->kernel : "");
	fprintf(f, " on %s: %s</h3>\n<p>Time in shader-clock cycles (%u MHz) from the dispatch's start; "
	        "wheel: zoom, drag: pan, double click: all. Left out: ", d->arch ? d->arch : "",
	        d->selection ? d->selection : "", d->info.sclk_mhz);
	put_js_str(f, d->left_out ? d->left_out : "");
	fprintf(f, ". Slices drawn: <span id=\"drawn\">0</span>.</p>\n<div id=\"legend\"></div>\n"
	        "<canvas id=\"tl\"></canvas><div id=\"tip\"></div>\n<script>\nvar D={\"end\":%" PRIu64 ",\"tracks\":[",
	        d->info.cycles);
	/* Tracks: every (process, thread) with slices, in record order. */
	uint32_t *track = calloc(rs.n + 1, sizeof(*track));
	if (!track) {
		ok = false;
		goto fail;
	}
	uint32_t ntracks = 0;
	for (size_t i = 0; i < rs.n; i++) {
		const struct rec *r = &rs.r[i];
		if (r->type >= R_CNT_WAVE || r->type == R_MEM_E)
			continue;
		bool same = false;
		for (size_t j = i; j-- > 0;) {   /* the previous slice record */
			const struct rec *q = &rs.r[j];
			if (q->type >= R_CNT_WAVE || q->type == R_MEM_E)
				continue;
			same = q->pid == r->pid && q->tid == r->tid;
			break;
		}
		if (!same) {
			const struct gcnlab_emu_tl_event *e = &d->ev[r->ev];
			char name[128], xcd[24] = "";
			if (d->info.num_xcd > 1)
				snprintf(xcd, sizeof(xcd), "XCD %u ", e->xcd);
			if (r->tid >= TID_WAVE)
				snprintf(name, sizeof(name), "%sCU %u wave %u (wg %u, SIMD %u)", xcd, e->cu, e->wave, e->wg,
				         e->simd);
			else
				snprintf(name, sizeof(name), "%sCU %u SIMD %u %s", xcd, e->cu, (r->tid - TID_PIPE) / 2,
				         (r->tid - TID_PIPE) % 2 ? "MFMA" : "VALU");
			fprintf(f, "%s\"", ntracks ? "," : "");
			put_js_str(f, name);
			fprintf(f, "\"");
			ntracks++;
		}
		track[i] = ntracks - 1;
	}
	/* Strings: one per instruction row, then the wait and barrier names. */
	fprintf(f, "],\n\"str\":[");
	for (size_t i = 0; i < d->ninsts; i++) {
		fprintf(f, "%s\"0x%x ", i ? "," : "", d->insts[i].offset);
		put_js_str(f, d->insts[i].text);
		fprintf(f, "\"");
	}
	for (unsigned c = 0; c < GL_TRACE_CAUSES; c++)
		fprintf(f, ",\"wait %s\"", gl_trace_cause_name(c));
	fprintf(f, ",\"barrier wait\"],\n\"s\":[");
	size_t ns = 0;
	for (size_t i = 0; i < rs.n; i++) {
		const struct rec *r = &rs.r[i];
		if (r->type >= R_CNT_WAVE || r->type == R_MEM_E)
			continue;
		const struct gcnlab_emu_tl_event *e = &d->ev[r->ev];
		const struct gcnlab_emu_trace_row *row = inst_row(d, e->offset);
		size_t str = row ? (size_t)(row - d->insts) : 0;
		uint64_t dur = r->dur;
		if (r->type == R_STALL)
			str = d->ninsts + r->cause;
		else if (r->type == R_BARRIER)
			str = d->ninsts + GL_TRACE_CAUSES;
		else if (r->type == R_MEM_B)
			dur = e->end - e->begin;
		fprintf(f, "%s[%" PRIu32 ",%" PRIu64 ",%" PRIu64 ",%u,%zu,%" PRIu32 "]", ns ? ",\n" : "", track[i], r->ts,
		        dur, page_class(r, e), str, r->ev);
		ns++;
	}
	free(track);
	*slices = ns;
	fprintf(f, "]};\n%s</script>\n</body></html>\n", page_script);
	ok = !ferror(f);
fail:
	free(rs.r);
	return ok;
}
