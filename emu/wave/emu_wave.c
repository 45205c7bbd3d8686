/*
 * emu_wave — one wave's asynchronous completion of memory instructions,
 * s_waitcnt, barriers, clocks and faults (emu_wave.h); what needs the
 * machine goes through w->ops.
 *
 * A memory instruction's register results are held in a pending entry and
 * written back only when the wave's time reaches the entry's completion
 * cycle (or an s_waitcnt forces it), so a missing wait reads stale registers
 * exactly as on the hardware. GFX9 returns VMEM results in issue order
 * (vmcnt counts loads and stores together), so VM completion times are made
 * monotonic; LGKM entries complete out of order when SMEM is involved.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "wave/emu_wave.h"

/* The stall a wait on counter c is charged to. */
static enum gcnlab_stall cnt_stall(enum emu_cnt c)
{
	return c == EMU_CNT_VM ? GCNLAB_STALL_VMCNT : c == EMU_CNT_LGKM ? GCNLAB_STALL_LGKMCNT
	                                                                 : GCNLAB_STALL_EXPCNT;
}

/* ---- the SGPR grant (emu_sgpr) ---- */

unsigned emu_sgpr_grant(struct emu_wave *w, unsigned c)
{
	if (!w->nsgpr)
		return c;  /* unit-test fixtures: no descriptor, the whole file */
	if (c < w->nsgpr)
		return c + 108 - w->nsgpr;  /* the trailer: FLAT_SCRATCH, XNACK_MASK, VCC */
	emu_fault(w, w->cur, EMU_FAULT_ILLEGAL, 0,
	          "s%u is outside the %u SGPRs granted by the kernel descriptor (the last of them hold "
	          "VCC, XNACK_MASK and FLAT_SCRATCH); raise .amdhsa_next_free_sgpr",
	          c, w->nsgpr);
	return c;
}

/* ---- pending ring ---- */

/* Bytes of the ring's headers, rounded up so that the data buffers start
 * on host cache lines. */
#define PEND_HEAD_BYTES ((EMU_MAX_PENDING * sizeof(struct emu_pending) + 63) & ~(size_t)63)

struct emu_pending *emu_wave_pend_alloc(void)
{
	return calloc(1, PEND_HEAD_BYTES + (size_t)EMU_MAX_PENDING * EMU_PEND_DWORDS * 4);
}

void emu_wave_free(struct emu_wave *w)
{
	if (!w)
		return;
	free(w->v);
	free(w->pend);
	free(w);
}

static uint32_t *pend_buf(struct emu_wave *w, unsigned i)
{
	return (uint32_t *)((char *)w->pend + PEND_HEAD_BYTES) + (size_t)i * EMU_PEND_DWORDS;
}

/* Give entry p's data buffer back to the free stack. */
static void pend_release(struct emu_wave *w, const struct emu_pending *p)
{
	size_t i = (size_t)(p->data - pend_buf(w, 0)) / EMU_PEND_DWORDS;
	w->pend_free[w->pend_nfree++] = (uint8_t)i;
}

static uint32_t ring_next(uint32_t k)
{
	return k + 1 == EMU_MAX_PENDING ? 0 : k + 1;
}

static struct emu_pending *pend_at(struct emu_wave *w, uint32_t i)
{
	return &w->pend[(w->pend_head + i) % EMU_MAX_PENDING];
}

/* Every lane of ndw VGPR rows that follow each other in the file (one
 * row: 64 dwords), 32 bytes a step: one move each way in the avx2 clone,
 * two otherwise (GCC's memcpy of a row moves 16 bytes at a time even there). */
typedef uint32_t pend_v8u32 __attribute__((vector_size(32)));

__attribute__((target_clones("avx2", "default")))
static void pend_rows(uint32_t *dst, const uint32_t *src, unsigned ndw)
{
	for (unsigned d = 0; d < ndw; d++, dst += EMU_LANES, src += EMU_LANES) {
#pragma GCC unroll 8
		for (unsigned i = 0; i < EMU_LANES; i += 8) {
			pend_v8u32 x;
			memcpy(&x, src + i, 32);
			memcpy(dst + i, &x, 32);
		}
	}
}

/* Inlined in both loops of emu_wave_retire (a call cost bench_fullgpu
 * 0.7 % more host instructions). */
static inline __attribute__((always_inline)) void pend_apply(struct emu_wave *w, struct emu_pending *p)
{
	switch (p->kind) {
	case 1: /* VGPR */
		if (p->lanes == ~0ull && !p->keep &&
		    ((p->reg - EMU_OP_VGPR0) & (EMU_NREGS_V - 1)) + p->ndw <= EMU_NREGS_V) {
			pend_rows(emu_vreg(w, p->reg, 0), p->data, p->ndw);
			break;
		}
		for (unsigned d = 0; d < p->ndw; d++) {
			uint32_t *dst = emu_vreg(w, p->reg, d);
			const uint32_t *src = &p->data[d * EMU_LANES];
			uint64_t m = p->lanes;
			if (p->keep) {  /* d16: merge with the register as it is now */
				for (; m; m &= m - 1) {
					unsigned l = (unsigned)__builtin_ctzll(m);
					dst[l] = (dst[l] & p->keep) | (src[l] & ~p->keep);
				}
			} else if (m == ~0ull) {
				memcpy(dst, src, EMU_LANES * 4);
			} else {
				while (m) {
					unsigned l = (unsigned)__builtin_ctzll(m);
					m &= m - 1;
					dst[l] = src[l];
				}
			}
		}
		break;
	case 2: /* SGPR */
		for (unsigned d = 0; d < p->ndw; d++)
			if (p->reg + d < 128)
				w->s[emu_sgpr(w, p->reg + d)] = p->data[d];
		break;
	case 3: { /* LDS */
		uint32_t size;
		uint8_t *lds = emu_lds(w, &size);
		for (unsigned d = 0; d < p->ndw; d++) {
			uint64_t a = (uint64_t)p->lds_addr + d * 4;
			if (emu_lds_in(a + 3, size))
				memcpy(lds + a, &p->data[d], 4);
		}
		break;
	}
	default:
		break;
	}
	w->cnt[p->cnt]--;
}

/* Retire every entry that has completed by w->cycle. VM entries retire in
 * order; others whenever done. */
void emu_wave_retire(struct emu_wave *w)
{
	/* next_done is the earliest completion of the entries (emu_pend_end
	 * lowers it, the scan below recomputes it): none is done yet, and the
	 * scan would find next_done and pend_regs as they are. */
	if (w->pend_count && w->next_done > w->cycle)
		return;
	if (w->cnt[EMU_CNT_VM] == w->pend_count) {
		/* Only vmcnt entries (w->cnt counts the ring's entries per
		 * counter): they complete in issue order (emu_pend_end: done
		 * never falls along the ring), so the completed ones are a
		 * prefix and the first one left is the next to complete. */
		while (w->pend_count && w->pend[w->pend_head].done <= w->cycle) {
			struct emu_pending *p = &w->pend[w->pend_head];
			pend_apply(w, p);
			pend_release(w, p);
			w->pend_head = ring_next(w->pend_head);
			w->pend_count--;
		}
		w->next_done = w->pend_count ? w->pend[w->pend_head].done : UINT64_MAX;
		if (!w->pend_count)
			w->pend_head = 0;
		return;
	}
	uint32_t i = 0, k = w->pend_head;  /* k: ring slot of entry i, stepped (no division) */
	w->next_done = UINT64_MAX;
	while (i < w->pend_count) {
		struct emu_pending *p = &w->pend[k];
		if (p->done > w->cycle) {
			if (p->done < w->next_done)
				w->next_done = p->done;
			i++;
			k = ring_next(k);
			continue;
		}
		pend_apply(w, p);
		pend_release(w, p);
		/* remove entry i, keeping order; the entries after it move down */
		if (i == 0) {
			w->pend_head = k = ring_next(k);
		} else {
			for (uint32_t j = i, a = k, b = ring_next(k); j + 1 < w->pend_count; j++, a = b, b = ring_next(b))
				w->pend[a] = w->pend[b];
		}
		w->pend_count--;
	}
	/* An empty ring starts over at its first entry, whose header is still
	 * in the host's caches. */
	if (!w->pend_count)
		w->pend_head = 0;
}

struct emu_pending *emu_pend_begin(struct emu_wave *w, const struct emu_inst *in, enum emu_cnt cnt)
{
	unsigned max = w->cnt_max[cnt];
	/* The counter saturates in hardware; a wave cannot have more outstanding
	 * than the counter can count, so issue waits for the oldest. */
	if (w->cnt[cnt] >= max || w->pend_count >= EMU_MAX_PENDING) {
		uint64_t t = w->cycle;
		for (uint32_t i = 0; i < w->pend_count; i++) {
			struct emu_pending *p = pend_at(w, i);
			if (p->cnt == cnt || w->pend_count >= EMU_MAX_PENDING) {
				t = p->done > t ? p->done : t;
				break;
			}
		}
		/* An implicit wait on the full counter: charged to it. */
		if (t > w->cycle)
			w->ops->stall(w, t - w->cycle, cnt_stall(cnt), false);
		w->cycle = t;
		emu_wave_retire(w);
	}
	if (w->pend_nfree + w->pend_count != EMU_MAX_PENDING) {
		/* first access of the wave: every buffer free, buffer 0 on top */
		for (unsigned i = 0; i < EMU_MAX_PENDING; i++)
			w->pend_free[i] = (uint8_t)(EMU_MAX_PENDING - 1 - i);
		w->pend_nfree = EMU_MAX_PENDING;
	}
	struct emu_pending *p = pend_at(w, w->pend_count);
	/* The buffer on top of the stack; taken off it in emu_pend_end, so a
	 * handler that stops between the two (a fault) loses nothing. */
	p->data = pend_buf(w, w->pend_free[w->pend_nfree - 1]);
	p->in = in;
	p->cnt = (uint8_t)cnt;
	p->kind = 0;
	p->ndw = 0;
	p->done = w->cycle;
	return p;
}

uint32_t *emu_pend_vgpr(struct emu_pending *p, unsigned code, unsigned ndw, uint64_t lanes)
{
	p->kind = 1;
	p->reg = (uint16_t)code;
	p->ndw = (uint8_t)(ndw > 4 ? 4 : ndw);
	p->lanes = lanes;
	p->keep = 0;
	return p->data;
}

uint32_t *emu_pend_sgpr(struct emu_pending *p, unsigned code, unsigned ndw)
{
	p->kind = 2;
	p->reg = (uint16_t)code;
	p->ndw = (uint8_t)(ndw > 16 ? 16 : ndw);
	return p->data;
}

uint32_t *emu_pend_lds(struct emu_pending *p, uint32_t lds_addr, unsigned ndw)
{
	p->kind = 3;
	p->lds_addr = lds_addr;
	p->ndw = (uint8_t)(ndw > 4 * EMU_LANES ? 4 * EMU_LANES : ndw);
	return p->data;
}

void emu_pend_end(struct emu_wave *w, struct emu_pending *p, const struct emu_access *acc)
{
	if (p->kind == 1 && !emu_vgprs_granted(w, p->reg - EMU_OP_VGPR0, p->ndw)) {
		/* On the hardware the data would land in another wave's registers. */
		unsigned r = p->reg - EMU_OP_VGPR0;
		emu_fault(w, p->in, EMU_FAULT_ILLEGAL, 0,
		          "destination %s%u%s is outside the %u %s granted by the kernel descriptor; "
		          "raise .amdhsa_next_free_vgpr (or the AGPR count)",
		          r < 256 ? "v" : "a", r & 255, p->ndw > 1 ? " (and following)" : "",
		          r < 256 ? w->nvgpr : w->nagpr, r < 256 ? "VGPRs" : "AGPRs");
		return;
	}
	uint64_t done = w->ops->access(w, p->in, acc);
	/* GFX9: VM results return in order (loads and stores share vmcnt). */
	if (p->cnt == EMU_CNT_VM && done < w->last_done[EMU_CNT_VM])
		done = w->last_done[EMU_CNT_VM];
	if (done > w->last_done[p->cnt])
		w->last_done[p->cnt] = done;
	p->done = done;
	if (w->pend_count == 0 || done < w->next_done)
		w->next_done = done;
	w->cnt[p->cnt]++;
	w->pend_count++;
	w->pend_nfree--;
	if (p->kind == 1 || p->kind == 2)
		emu_owed_issue(&w->owed, w->cnt_max, p->in, p->reg, p->reg + p->ndw);
	else
		emu_owed_issue(&w->owed, w->cnt_max, p->in, 0, 0);
}

/* Cycle at which the counter reaches `limit` (all but `limit` newest done). */
static uint64_t wait_time(struct emu_wave *w, enum emu_cnt c, unsigned limit)
{
	if (w->cnt[c] <= limit)
		return 0;
	unsigned need = w->cnt[c] - limit;  /* oldest `need` entries of counter c */
	uint64_t t = 0;
	if (c == EMU_CNT_VM) {
		for (uint32_t i = 0; i < w->pend_count && need; i++) {
			struct emu_pending *p = pend_at(w, i);
			if (p->cnt != c)
				continue;
			t = p->done > t ? p->done : t;
			need--;
		}
		return t;
	}
	/* Out of order: the counter reaches limit when the need-th earliest
	 * completion happens. */
	uint64_t times[EMU_MAX_PENDING];
	unsigned n = 0;
	for (uint32_t i = 0; i < w->pend_count; i++)
		if (pend_at(w, i)->cnt == c)
			times[n++] = pend_at(w, i)->done;
	for (unsigned k = 0; k < need; k++) {  /* partial selection */
		unsigned mi = k;
		for (unsigned j = k + 1; j < n; j++)
			if (times[j] < times[mi])
				mi = j;
		uint64_t tmp = times[k];
		times[k] = times[mi];
		times[mi] = tmp;
	}
	return times[need - 1];
}

void emu_wait(struct emu_wave *w, unsigned vm, unsigned lgkm, unsigned exp)
{
	uint64_t tv = wait_time(w, EMU_CNT_VM, vm);
	uint64_t t2 = wait_time(w, EMU_CNT_LGKM, lgkm);
	uint64_t t3 = wait_time(w, EMU_CNT_EXP, exp);
	uint64_t t = tv;
	if (t2 > t)
		t = t2;
	if (t3 > t)
		t = t3;
	if (t > w->cycle) {
		/* Charged to the counter whose wait ends last (vmcnt, then
		 * lgkmcnt, on a tie). */
		enum gcnlab_stall cause = tv == t ? GCNLAB_STALL_VMCNT
		                        : t2 == t ? GCNLAB_STALL_LGKMCNT : GCNLAB_STALL_EXPCNT;
		w->ops->stall(w, t - w->cycle, cause, true);
		w->cycle = t;
	}
	emu_wave_retire(w);
	struct emu_waitcnt wc = { { (uint8_t)vm, (uint8_t)lgkm, (uint8_t)exp } };
	emu_owed_wait(&w->owed, w->cnt_max, &wc);
}

/* ---- control and time ---- */

void emu_barrier(struct emu_wave *w)
{
	struct emu_workgroup *wg = w->wg;
	if (wg->nwaves == 1)
		return;
	w->state = EMU_WAVE_BARRIER;
	wg->barrier_count++;
}

void emu_endpgm(struct emu_wave *w)
{
	/* Outstanding stores still complete; the wave ends when they have. */
	uint64_t t = w->cycle;
	int last = -1;
	for (int c = 0; c < EMU_CNT_COUNT; c++) {
		if (w->cnt[c] && w->last_done[c] > t) {
			t = w->last_done[c];
			last = c;
		}
	}
	/* The trace charges that wait to the counter that ended it. */
	if (last >= 0)
		w->ops->stall(w, t - w->cycle, cnt_stall((enum emu_cnt)last), false);
	w->cycle = t;
	emu_wave_retire(w);
	w->state = EMU_WAVE_DONE;
}

uint64_t emu_memtime(struct emu_wave *w)
{
	return w->cycle;
}

void emu_charge(struct emu_wave *w, uint32_t cycles)
{
	w->cycle += cycles;
}

/* s_getreg_b32 hardware registers (GFX9 ISA, "Hardware Registers"). */
uint32_t emu_hwreg(struct emu_wave *w, unsigned id)
{
	switch (id) {
	case 1: /* HW_REG_MODE */
		return w->mode;
	case 2: /* HW_REG_STATUS: SCC[0], EXECZ[9], VCCZ[10], IN_BARRIER[13]... */
		return (uint32_t)w->scc | (emu_exec_mask(w) == 0) << 9 | (emu_vcc(w) == 0) << 10;
	case 4:  /* HW_REG_HW_ID and (gfx940+) HW_REG_XCC_ID: where the wave runs */
	case 20:
		return w->ops->hw_id(w, id);
	case 6: /* HW_REG_LDS_ALLOC: lds_base[7:0] lds_size[20:12] in 128-dword granules */
		return ((w->wg->lds_size + EMU_LDS_GRANULE - 1) / EMU_LDS_GRANULE) << 12;
	case 5: /* HW_REG_GPR_ALLOC: vgpr_base[5:0] vgpr_size[13:8] sgpr_base[21:16] sgpr_size[27:24] */
		return ((w->nvgpr / 4 ? w->nvgpr / 4 - 1 : 0) & 0x3f) << 8 |
		       ((w->nsgpr / 16 ? w->nsgpr / 16 - 1 : 0) & 0xf) << 24;
	default:
		return 0;
	}
}

void emu_fault(struct emu_wave *w, const struct emu_inst *in, enum emu_fault_kind kind,
               uint64_t addr, const char *fmt, ...)
{
	w->state = EMU_WAVE_FAULT;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	w->ops->fault(w, in, kind, addr, msg);
}

/* Flat-address apertures (GFX9 SH_MEM_BASES as KFD programs it, and as the
 * runtime writes into amd_queue_t): the LDS aperture is the 4 GiB at
 * 0x1_0000_0000_0000 and the private (scratch) aperture the 4 GiB at
 * 0x2_0000_0000_0000. src_shared_base/src_private_base read these. */
uint64_t emu_aperture(struct emu_wave *w, unsigned code)
{
	(void)w;
	switch (code) {
	case EMU_OP_SHARED_BASE:
		return 0x0001000000000000ull;
	case EMU_OP_SHARED_LIMIT:
		return 0x00010000ffffffffull;
	case EMU_OP_PRIVATE_BASE:
		return 0x0002000000000000ull;
	case EMU_OP_PRIVATE_LIMIT:
		return 0x00020000ffffffffull;
	default:
		return 0;
	}
}
