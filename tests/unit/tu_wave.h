/*
 * tu_wave — the one wave fixture of the instruction-semantics unit tests
 * (tests/unit/emu/sem/): a wave, its workgroup and program, and the
 * machine it needs (struct emu_wave_ops) played by the test itself — no
 * dispatch, no memory manager, no cycle model. Header-only (each test is
 * its own program).
 *
 * The machine of the fixture: global memory is the host buffers the test
 * maps with tu_wave_map (GPU address = host address, as the emulator's);
 * an access outside them is a memory fault at its first address; every
 * memory access completes TU_WAVE_LATENCY cycles after it issues; the
 * first fault is kept (kind, address, message and the disassembly of the
 * instruction, as a dispatch keeps its first); LDS check findings are
 * counted per kind.
 *
 * Include after <cmocka.h> (tu_handler and the asserts use it).
 */
#ifndef TU_WAVE_H
#define TU_WAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/emu_isa.h"
#include "arch/emu_profile.h"
#include "core/emu_wave_env.h"
#include "sem/emu_sem.h"
#include "wave/emu_wave.h"

#define TU_WAVE_MEM_MAX 4
#define TU_WAVE_LATENCY 100   /* cycles from issue to completion of any access */

struct tu_wave {
	struct emu_wave w;
	struct emu_workgroup wg;
	struct emu_program prog;
	struct emu_inst in;
	const struct emu_profile *prof;
	/* tu_wave_gmem: a buffer of global memory */
	union {
		uint8_t *gmem;
		uint32_t *gmem32;
	};
	uint64_t gva;                   /* its GPU (= host) address */
	uint32_t gmem_bytes;
	uint8_t *lds;                   /* tu_wave_alloc_lds: the workgroup's LDS */
	struct {
		uint64_t base;
		uint64_t size;
	} mem[TU_WAVE_MEM_MAX];
	unsigned nmem;
	/* what the wave asked of the machine */
	bool failed;                    /* a fault was reported (the first is kept) */
	enum emu_fault_kind fault_kind;
	uint64_t fault_addr;
	char report[768];               /* message [words] disassembly */
	unsigned lds_reports[EMU_LDS_OOB + 1];
	uint64_t stalled;               /* cycles waited (ops->stall) */
};

static inline struct tu_wave *tu_wave_of(struct emu_wave *w)
{
	return (struct tu_wave *)((char *)w - offsetof(struct tu_wave, w));
}

/* Whether [lo, hi) lies in one mapped buffer. */
static inline bool tu_wave_mem_find(const struct tu_wave *t, uint64_t lo, uint64_t hi)
{
	for (unsigned i = 0; i < t->nmem; i++)
		if (lo >= t->mem[i].base && hi >= lo && hi <= t->mem[i].base + t->mem[i].size)
			return true;
	return false;
}

static inline uint64_t tu_ops_access(struct emu_wave *w, const struct emu_inst *in, const struct emu_access *acc)
{
	(void)in, (void)acc;
	return w->cycle + TU_WAVE_LATENCY;
}

static inline void *tu_ops_gva(struct emu_wave *w, uint64_t addr, unsigned size, bool write)
{
	if (tu_wave_mem_find(tu_wave_of(w), addr, addr + size))
		return (void *)(uintptr_t)addr;
	emu_fault(w, w->cur, EMU_FAULT_MEMORY, addr, "%s of %u bytes at 0x%llx is outside the test's memory",
	          write ? "write" : "read", size, (unsigned long long)addr);
	return NULL;
}

static inline bool tu_ops_direct(struct emu_wave *w, uint64_t lo, uint64_t hi)
{
	return tu_wave_mem_find(tu_wave_of(w), lo, hi);
}

static inline void tu_ops_stall(struct emu_wave *w, uint64_t cycles, enum gcnlab_stall cause, bool waitcnt)
{
	(void)cause, (void)waitcnt;
	tu_wave_of(w)->stalled += cycles;
}

static inline void tu_ops_icache_inv(struct emu_wave *w)
{
	(void)w;
}

/* s_memrealtime: a constant-rate counter; the fixture's runs at the shader clock. */
static inline uint64_t tu_ops_realtime(struct emu_wave *w)
{
	return w->cycle;
}

/* HW_ID/XCC_ID: the fixture's wave runs on CU 0, SE 0, XCD 0. */
static inline uint32_t tu_ops_hw_id(struct emu_wave *w, unsigned id)
{
	return id == 4 ? (w->slot & 0xf) | (w->simd & 3) << 4 : 0;
}

static inline void tu_ops_fault(struct emu_wave *w, const struct emu_inst *in, enum emu_fault_kind kind,
                                uint64_t addr, const char *msg)
{
	struct tu_wave *t = tu_wave_of(w);
	if (t->failed)
		return;
	t->failed = true;
	t->fault_kind = kind;
	t->fault_addr = addr;
	char dis[128] = "?";
	if (in && t->prof)
		emu_disasm(t->prof, in, dis, sizeof(dis));
	snprintf(t->report, sizeof(t->report), "%s [0x%08x] %s", msg, in ? in->w[0] : 0, dis);
}

static inline void tu_ops_lds_report(struct emu_wave *w, const struct emu_inst *in, enum emu_lds_report what,
                                     uint64_t addr, unsigned bytes)
{
	(void)in, (void)addr, (void)bytes;
	tu_wave_of(w)->lds_reports[what]++;
}

static const struct emu_wave_ops tu_wave_ops = EMU_WAVE_OPS_OF(tu_ops);

/* A ready wave of `arch` at pc 0x10100 of a program at 0x10000, all lanes
 * in EXEC, every register granted (nvgpr/nsgpr 0: the whole file), alone in
 * its workgroup; counter limits of GFX9 (vmcnt 63, lgkmcnt 15, expcnt 7:
 * the widths of the s_waitcnt fields, GFX9 ISA "S_WAITCNT"). */
static inline bool tu_wave_init(struct tu_wave *t, enum emu_arch arch)
{
	memset(t, 0, sizeof(*t));
	t->prof = emu_profile_get(arch);
	t->prog.prof = t->prof;
	t->prog.base = 0x10000;
	t->wg.nwaves = 1;
	struct emu_wave *w = &t->w;
	w->ops = &tu_wave_ops;
	w->cnt_max[EMU_CNT_VM] = 63;
	w->cnt_max[EMU_CNT_LGKM] = 15;
	w->cnt_max[EMU_CNT_EXP] = 7;
	w->wg = &t->wg;
	w->prog = &t->prog;
	w->pc = 0x10100;
	w->pend = emu_wave_pend_alloc();
	w->v = calloc(EMU_NREGS_V, sizeof(*w->v));
	emu_set_exec(w, ~0ull);
	return t->prof && w->pend && w->v;
}

/* Run the wave's next instructions as `arch`'s (tests that change arch). */
static inline void tu_wave_set_arch(struct tu_wave *t, enum emu_arch arch)
{
	t->prof = emu_profile_get(arch);
	t->prog.prof = t->prof;
}

static inline void tu_wave_fini(struct tu_wave *t)
{
	free(t->w.pend);
	free(t->w.v);
	free(t->gmem);
	free(t->lds);
	t->w.pend = NULL;
	t->w.v = NULL;
	t->gmem = NULL;
	t->lds = NULL;
}

/* Host buffer [p, p + size) becomes global memory the wave may access. */
static inline void tu_wave_map(struct tu_wave *t, const void *p, size_t size)
{
	if (t->nmem < TU_WAVE_MEM_MAX) {
		t->mem[t->nmem].base = (uint64_t)(uintptr_t)p;
		t->mem[t->nmem].size = size;
		t->nmem++;
	}
}

/* `bytes` of zeroed, page-aligned global memory at t->gmem / t->gva,
 * mapped for the wave (freed by tu_wave_fini). */
static inline bool tu_wave_gmem(struct tu_wave *t, uint32_t bytes)
{
	t->gmem = aligned_alloc(4096, (bytes + 4095) & ~4095u);
	if (!t->gmem)
		return false;
	memset(t->gmem, 0, bytes);
	t->gva = (uint64_t)(uintptr_t)t->gmem;
	t->gmem_bytes = bytes;
	tu_wave_map(t, t->gmem, bytes);
	return true;
}

/* The workgroup's LDS: `alloc` bytes allocated (a multiple of the
 * granule) of a zeroed host buffer of `bytes` (>= alloc, so that a test can
 * look past the allocation), not checked for unwritten reads (no
 * written-byte map). */
static inline bool tu_wave_alloc_lds(struct tu_wave *t, uint32_t alloc, uint32_t bytes)
{
	t->lds = calloc(1, bytes);
	t->wg.lds = t->lds;
	t->wg.lds_size = alloc;
	return t->lds != NULL;
}

/* cmocka set-up: a new wave of `arch` in *state (tu_wave_init), with
 * gmem_bytes of global memory (tu_wave_gmem) and an LDS allocation of
 * lds_alloc bytes in a 64 KiB buffer (tu_wave_alloc_lds), either 0 for
 * none; -1 if out of memory. Pair with tu_wave_teardown. */
static inline int tu_wave_new(void **state, enum emu_arch arch, uint32_t gmem_bytes, uint32_t lds_alloc)
{
	struct tu_wave *t = calloc(1, sizeof(*t));
	*state = t;
	if (!t || !tu_wave_init(t, arch))
		return -1;
	if (gmem_bytes && !tu_wave_gmem(t, gmem_bytes))
		return -1;
	if (lds_alloc && !tu_wave_alloc_lds(t, lds_alloc, 65536))
		return -1;
	return 0;
}

static inline int tu_wave_teardown(void **state)
{
	struct tu_wave *t = *state;
	if (t)
		tu_wave_fini(t);
	free(t);
	return 0;
}

/* Forget a fault: the wave runs on (tests that provoke several). */
static inline void tu_wave_clear_fault(struct tu_wave *t)
{
	t->failed = false;
	t->report[0] = 0;
	t->w.state = EMU_WAVE_READY;
}

/* A blank current instruction, for calling the operand functions
 * (emu_sread32, emu_swrite32/64, emu_vsrc) outside a decoded one. */
static inline struct emu_inst *tu_wave_blank_inst(struct tu_wave *t)
{
	memset(&t->in, 0, sizeof(t->in));
	t->w.cur = &t->in;
	return &t->in;
}

/* The handler registered for `mnemonic` (sem/emu_sem.c); fails the test
 * when there is none. */
static inline emu_exec_fn tu_handler(const char *mnemonic)
{
	emu_exec_fn fn = emu_sem_find(mnemonic);
	if (!fn)
		fail_msg("no handler for %s", mnemonic);
	return fn;
}

/* Decode words[0..n) for the wave's arch as the instruction at w->pc, bind
 * its semantics, check that it is `mnemonic`, execute it; its size. */
static inline unsigned tu_wave_run(struct tu_wave *t, const uint32_t *words, unsigned n, const char *mnemonic)
{
	struct emu_inst *in = &t->in;
	unsigned size = emu_decode_one(t->prof, words, n, in);
	if (!in->op || strcmp(in->op->mnemonic, mnemonic))
		fail_msg("0x%08x decodes to %s on %s, the test expects %s", words[0],
		         in->op ? in->op->mnemonic : "(illegal)", t->prof->proc, mnemonic);
	in->exec = emu_sem_bind(in);
	in->off = (uint32_t)(t->w.pc - t->prog.base);
	t->w.cur = in;
	t->w.npc = t->w.pc + size;
	in->exec(&t->w, in);
	return size;
}

/* The wave faulted, with `needle` in the report. */
static inline void tu_assert_fault(const struct tu_wave *t, const char *needle)
{
	assert_int_equal(t->w.state, EMU_WAVE_FAULT);
	assert_true(t->failed);
	if (!strstr(t->report, needle))
		fail_msg("fault report \"%s\" lacks \"%s\"", t->report, needle);
}

#endif
