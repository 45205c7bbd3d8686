/*
 * emu_wave — the architectural state of one wavefront and the interface the
 * instruction semantics (sem/) use: registers, operands, memory,
 * asynchronous completion, waits, barriers, clocks and faults.
 *
 * Self-contained: the wave's own state (registers, operands, the pending
 * ring, waits, the workgroup's LDS and barrier) lives in wave/; what needs
 * the machine (memory translation, the cycle model, the trace, fault
 * reports) goes through the small table of operations the wave holds
 * (struct emu_wave_ops, w->ops), set by whoever creates the wave: the
 * dispatch (core/emu_wave_env.c) or a unit test (tests/unit/tu_wave.h).
 *
 * Register file layout (struct emu_wave.s): index = the 9-bit operand code,
 * so s0..s101 are s[0..101], VCC is s[106..107], M0 s[124], EXEC s[126..127].
 * VGPR n is v[n], AGPR n is v[256 + n]; each holds 64 lanes.
 */
#ifndef EMU_WAVE_H
#define EMU_WAVE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "gcnlab_emu_ext.h"
#include "isa/emu_isa.h"
#include "isa/emu_waitcnt.h"
#include "wave/emu_wave_owed.h"

#define EMU_LANES 64
#define EMU_NREGS_V 512       /* 256 VGPRs + 256 AGPRs */
#define EMU_MAX_PENDING 96    /* vmcnt 63 + lgkmcnt 15 + expcnt 7, rounded up */
#define EMU_HZN_RING 32       /* issued instructions kept for the wait-state checker: more
                                 than the longest rule (19 wait states, gfx90a/gfx942 MFMA) */

struct emu_dispatch_ctx;      /* the dispatch running the wave (core/); opaque here */
struct emu_wave;

enum emu_wave_state {
	EMU_WAVE_READY = 0,
	EMU_WAVE_BARRIER,      /* waiting in s_barrier */
	EMU_WAVE_DONE,         /* s_endpgm */
	EMU_WAVE_FAULT,
};

/* What a memory instruction touched, for the cycle model and counters. */
enum emu_access_kind {
	EMU_ACC_GLOBAL = 0,    /* MUBUF/MTBUF/GLOBAL/FLAT to global memory */
	EMU_ACC_SCRATCH,       /* private segment */
	EMU_ACC_SCALAR,        /* SMEM through the scalar cache */
	EMU_ACC_LDS,           /* DS */
	EMU_ACC_GLOBAL_TO_LDS, /* buffer_load_dword ... lds */
};

struct emu_access {
	uint8_t kind;          /* enum emu_access_kind */
	bool store;
	bool atomic;
	uint8_t bytes;         /* bytes per lane (scalar: total) */
	uint32_t flags;        /* EMU_F_GLC/SLC/SC1 cache policy of the instruction */
	uint64_t mask;         /* lanes that accessed memory */
	const uint64_t *addr;  /* per-lane byte address (GPU VA, or LDS byte address);
	                          SMEM: addr[0] */
	const uint32_t *lds_va;  /* LDS, instead of addr (the DS semantics): lane l's
	                            byte address is lds_va[l] + lds_off, 32 bits, wrapping */
	uint32_t lds_off;
};

/* One outstanding memory instruction: what it will write when it completes. */
struct emu_pending {
	uint64_t done;         /* shader cycle at which it completes */
	const struct emu_inst *in;
	uint8_t cnt;           /* enum emu_cnt */
	uint8_t kind;          /* 0 none, 1 VGPR, 2 SGPR, 3 LDS */
	uint8_t ndw;
	uint16_t reg;          /* first register (operand code) */
	uint64_t lanes;        /* VGPR lanes written */
	uint32_t keep;         /* VGPR: bits of each destination dword the completion
	                          keeps (d16 loads: the other half, merged then, as
	                          the hardware writes only its half on return) */
	uint32_t lds_addr;     /* kind 3: first LDS byte */
	uint32_t *data;        /* [EMU_PEND_DWORDS] VGPR: data[d * 64 + lane]; SGPR: data[d];
	                          LDS: data[i] dword i. Kept apart from the entries so
	                          that the ring's headers, which the hazard check and
	                          retirement scan, share a few host cache lines. */
};
#define EMU_PEND_DWORDS (4 * EMU_LANES)


/* The workgroup a wave belongs to: its LDS and its barrier (the dispatch
 * creates it, core/emu_dispatch.c). */
struct emu_workgroup {
	uint32_t id[3];
	uint32_t flat_id;
	uint32_t cu;
	uint32_t size[3];            /* work-items per dim (partial at grid edges) */
	uint32_t nwaves;
	uint32_t waves_done;
	uint32_t barrier_count;      /* waves arrived at the current s_barrier */
	uint32_t lds_size;           /* allocated bytes (descriptor + dynamic) */
	uint8_t *lds;                /* lds_size bytes: the allocation, rounded to the granule */
	uint8_t *lds_sh;             /* per LDS byte: nonzero once the workgroup wrote it
	                                (emu_wave_lds.c); NULL: not checked */
	bool lds_partial;            /* a sub-dword or misaligned write happened */
	/* Whole-wave reads the checks found nothing to report in (emu_wave_lds.c):
	 * the written map only gains bytes, so the same addresses stay quiet. */
	struct emu_lds_quiet {
		uint32_t va[EMU_LANES];
		uint32_t off;
		uint32_t bytes;          /* 0: empty */
	} lds_quiet[2];
	unsigned lds_quiet_next;     /* the entry to replace */
	struct emu_wave **waves;
};

enum emu_fault_kind { EMU_FAULT_MEMORY = 1, EMU_FAULT_ILLEGAL, EMU_FAULT_UNIMPLEMENTED, EMU_FAULT_HANG,
                      EMU_FAULT_OTHER, EMU_FAULT_TRAP /* s_trap: HSA_STATUS_ERROR_EXCEPTION */ };

/* What the LDS checks report (emu_wave_lds.c). */
enum emu_lds_report {
	EMU_LDS_UNINIT = 1,    /* a read of a byte no DS instruction of the workgroup wrote */
	EMU_LDS_OOB,           /* an access at or beyond the allocation */
};

/* An atomic on global memory handed to the machine (w->ops->atomic). */
struct emu_atomic_req {
	uint64_t addr;
	uint8_t bytes;         /* 4 or 8 */
	uint8_t op;            /* the semantics' code of the operation, for apply */
	uint64_t src, cmp;
	/* The new value from the old: the semantics' own rule. */
	uint64_t (*apply)(unsigned op, unsigned bytes, uint64_t old, uint64_t src, uint64_t cmp);
	uint32_t *ret;         /* the pre-op value goes to ret[0] (and ret[stride], 64-bit); NULL: none */
	unsigned stride;
};

/* What a wave needs from the machine it runs on. One indirect call per
 * memory instruction (or rarer event), never per operand. */
struct emu_wave_ops {
	/* Shader cycle at which access acc of `in`, issued at w->cycle,
	 * completes: the cycle model. */
	uint64_t (*access)(struct emu_wave *w, const struct emu_inst *in, const struct emu_access *acc);
	/* Host pointer for [addr, addr + size) of global memory, or NULL after
	 * reporting a memory fault on the wave (emu_gva). */
	void *(*gva)(struct emu_wave *w, uint64_t addr, unsigned size, bool write);
	/* Whether [lo, hi) lies in one allocation the wave may read and write,
	 * outside loaded code, at host address = GPU address; no report. */
	bool (*direct)(struct emu_wave *w, uint64_t lo, uint64_t hi);
	/* The wave waits `cycles` from w->cycle, charged to `cause` (the
	 * trace); waitcnt when an s_waitcnt waits (a counter counts it). */
	void (*stall)(struct emu_wave *w, uint64_t cycles, enum gcnlab_stall cause, bool waitcnt);
	void (*icache_inv)(struct emu_wave *w);            /* s_icache_inv */
	uint64_t (*realtime)(struct emu_wave *w);          /* s_memrealtime's counter */
	uint32_t (*hw_id)(struct emu_wave *w, unsigned id); /* HW_REG_HW_ID (4), HW_REG_XCC_ID (20):
	                                                       where the wave runs */
	/* Stop the dispatch with a report of `msg` at `in` (emu_fault has set
	 * the wave's state already). */
	void (*fault)(struct emu_wave *w, const struct emu_inst *in, enum emu_fault_kind kind, uint64_t addr,
	              const char *msg);
	/* One LDS check finding at `in`: a warning, or a fault in strict mode. */
	void (*lds_report)(struct emu_wave *w, const struct emu_inst *in, enum emu_lds_report what,
	                   uint64_t addr, unsigned bytes);
	/* Perform atomic r later (a multi-domain dispatch performs atomics at
	 * the merge of its window, core/emu_domain.h), counting a returning one
	 * in w->deferred until its value is written. NULL: the semantics perform
	 * atomics at issue through gva. The address was checked by gva. */
	void (*atomic)(struct emu_wave *w, const struct emu_atomic_req *r);
	/* A store of the whole of [lo, hi), in order, where direct said no
	 * because stores are logged (a multi-domain dispatch): the bytes to
	 * write it to, or NULL, with nothing reported or changed, where the
	 * per-element path (gva) must do it. NULL op: stores are direct. */
	void *(*store_log)(struct emu_wave *w, uint64_t lo, uint64_t hi);
};

/* A wave's pending ring: EMU_MAX_PENDING zeroed entries and as many data
 * buffers, in one allocation (free() releases it); NULL if out of memory.
 * An entry takes a buffer when it begins and gives it back when it
 * retires, last in first out (struct emu_wave.pend_free), so a wave reuses
 * the few buffers still in the host's caches instead of walking ~100 KiB. */
struct emu_pending *emu_wave_pend_alloc(void);

/* Free a wave's storage: its register file, its pending ring and itself
 * (NULL: nothing). */
void emu_wave_free(struct emu_wave *w);

struct emu_wave {
	/* What every turn of the wave reads first, in its first host cache
	 * lines: with thousands of resident waves the wave's state is usually
	 * not in the host's caches when its turn comes. */
	uint64_t pc;           /* GPU address of the current instruction */
	uint64_t npc;          /* next pc; branches overwrite it */
	uint64_t cycle;        /* time, in shader-clock cycles of the wave's CU */
	uint64_t next_done;    /* earliest completion among pending */
	const struct emu_program *prog;
	struct emu_dispatch_ctx *ctx;   /* the machine's, for w->ops; sem/ never reads it */
	const struct emu_wave_ops *ops;
	const struct emu_inst *cur; /* instruction being executed (for reports) */
	uint32_t (*v)[EMU_LANES];   /* [EMU_NREGS_V] */
	struct emu_pending *pend;   /* [EMU_MAX_PENDING], in issue order (ring) */
	uint32_t pend_head, pend_count;
	uint32_t hzn_pos;           /* wait-state checker (emu_hazard_nops.c): instructions
	                               issued (ring index = pos % EMU_HZN_RING) */
	uint32_t hzn_armed;         /* rules with a producer in reach, one bit per rule */
	uint32_t hzn_nrestore;      /* SGPRs holding a stale value for this instruction */
	uint64_t unw_fold;          /* registers the program names that this wave has not
	                               written yet, folded likewise (emu_check.h) */
	enum emu_wave_state state;
	uint32_t id;           /* flat wave id within the dispatch */
	uint32_t cu, simd;
	uint32_t mode;         /* HW_REG_MODE: FP round [3:0], FP denorm [7:4], DX10 clamp [8],
	                          IEEE [9] (from compute_pgm_rsrc1 at wave launch) */
	bool scc;
	/* Instruction fetch (emu_timing_icache.c): the icache line last fetched
	 * is bytes [if_lo, if_hi), present while its cache's epoch, *if_epoch_at,
	 * still equals if_epoch; straight-line code then costs two compares. */
	uint64_t if_lo, if_hi;
	const uint32_t *if_epoch_at;
	uint32_t if_epoch;

	uint32_t s[128];

	/* Outstanding memory instructions. */
	uint32_t cnt[EMU_CNT_COUNT];        /* outstanding per counter */
	uint32_t cnt_max[EMU_CNT_COUNT];    /* the arch's counter limits (vmcnt, lgkmcnt,
	                                       expcnt), set with ops */
	uint64_t last_done[EMU_CNT_COUNT];  /* in-order completion for VM */
	uint8_t pend_free[EMU_MAX_PENDING]; /* data buffers not in use, a stack; with
	                                       pend_count they add up to EMU_MAX_PENDING
	                                       once the wave has begun an access */
	uint32_t pend_nfree;

	/* Identity. */
	uint32_t wave_in_wg;
	uint32_t se, slot;
	struct emu_workgroup *wg;
	uint32_t nvgpr, nagpr, nsgpr;    /* granted by the descriptor */
	uint32_t scratch_slot;           /* index of the wave's storage in its dispatch: its
	                                    private segment is slot x per-wave size into the
	                                    scratch backing (emu_dispatch.c) */
	uint32_t v_dirty, a_dirty;       /* VGPR rows [0, v_dirty) and AGPR rows [0, a_dirty)
	                                    may be nonzero: the grants since the storage
	                                    was last cleared (writes stay inside a grant) */
	/* Software wait states (emu_hazard_nops.c; its counters are with the
	 * fields read first): the last issued instructions and the old values of
	 * the SGPRs the VALU in each ring slot overwrote (a VMEM issued too soon
	 * reads those). */
	const struct emu_inst *hzn_ring[EMU_HZN_RING];
	uint32_t hzn_old[EMU_HZN_RING][4];
	uint16_t hzn_restore_reg[8];
	uint32_t hzn_restore_val[8];
	uint32_t s_lim;                  /* SGPR codes from here to 101 are the grant's
	                                    trailer or past the grant (emu_sgpr) */
	uint64_t unw[12];                /* operand codes 0..767 not written yet (emu_check.h) */
	uint32_t deferred;               /* returning atomics the machine has not performed yet
	                                    (ops->atomic): the wave waits for them */
	struct emu_owed_ledger owed;     /* what the counters do not guarantee yet */
};

/* ---- Registers and operands (emu_operand.c) ---- */

static inline uint64_t emu_exec_mask(const struct emu_wave *w)
{
	return (uint64_t)w->s[126] | (uint64_t)w->s[127] << 32;
}
static inline void emu_set_exec(struct emu_wave *w, uint64_t m)
{
	w->s[126] = (uint32_t)m;
	w->s[127] = (uint32_t)(m >> 32);
}
static inline uint64_t emu_vcc(const struct emu_wave *w)
{
	return (uint64_t)w->s[106] | (uint64_t)w->s[107] << 32;
}
static inline void emu_set_vcc(struct emu_wave *w, uint64_t m)
{
	w->s[106] = (uint32_t)m;
	w->s[107] = (uint32_t)(m >> 32);
}
/* Lanes of VGPR/AGPR operand code (>= EMU_OP_VGPR0) plus dword offset d. */
static inline uint32_t *emu_vreg(struct emu_wave *w, unsigned code, unsigned d)
{
	return w->v[(code - EMU_OP_VGPR0 + d) & (EMU_NREGS_V - 1)];
}

/* Whether VGPR/AGPR rows [r, r + n) (r = operand code - EMU_OP_VGPR0: VGPRs
 * 0..255, AGPRs from 256) lie inside the wave's grant: past it they are
 * another wave's registers on the hardware. A descriptor grants at least
 * one VGPR granule; a wave with none (unit-test fixtures) is checked only
 * against the register file. */
static inline bool emu_vgprs_granted(const struct emu_wave *w, unsigned r, unsigned n)
{
	if (r + n > EMU_NREGS_V)
		return false;
	if (!w->nvgpr)
		return true;
	return r < 256 ? r + n <= w->nvgpr : r + n <= 256 + w->nagpr;
}

/* SGPRs as the grant lays them out (AMDGPUUsage, compute_pgm_rsrc1
 * GRANULATED_WAVEFRONT_SGPR_COUNT counts VCC, FLAT_SCRATCH and XNACK_MASK;
 * LLVM GCNSubtarget::getBaseReservedNumSGPRs reserves them as the last 6,
 * "FLAT_SCRATCH, XNACK, VCC (in that order)"): with a grant of n SGPRs,
 * s[n-2..n-1] are VCC and s[n-4..n-3] XNACK_MASK, and on gfx900/gfx90a
 * s[n-6..n-5] FLAT_SCRATCH (gfx942's architected FLAT_SCRATCH is set by the
 * hardware, not kept in the grant), held in s[102..107]; s[n..101] are past
 * the grant. w->s_lim is the first such code. emu_sgpr maps SGPR operand
 * code c (< 102) to its index in w->s, faulting past the grant
 * (emu_wave.c). */
unsigned emu_sgpr_grant(struct emu_wave *w, unsigned c);
static inline unsigned emu_sgpr(struct emu_wave *w, unsigned c)
{
	if (__builtin_expect(c >= w->s_lim, 0) && c < 102)
		return emu_sgpr_grant(w, c);
	return c;
}

/* Operand types for constants: inline float constants differ per type. */
enum emu_optype { EMU_T_B32 = 0, EMU_T_F32, EMU_T_B64, EMU_T_F64, EMU_T_F16, EMU_T_B16 };

/* Value of a scalar-side operand (SGPR, special register, inline constant,
 * literal) for type t; 64-bit types read register pairs. */
uint32_t emu_sread32(struct emu_wave *w, const struct emu_inst *in, unsigned code, enum emu_optype t);
uint64_t emu_sread64(struct emu_wave *w, const struct emu_inst *in, unsigned code, enum emu_optype t);
/* Write scalar destination code (0..127); writes to EXEC/VCC/M0 land in s[]. */
void emu_swrite32(struct emu_wave *w, unsigned code, uint32_t v);
void emu_swrite64(struct emu_wave *w, unsigned code, uint64_t v);

/* Per-lane source of a vector instruction: returns a pointer p such that
 * lane L's dword d value is p[d * 64 + L] for VGPRs; for uniform sources
 * the 64 lanes are filled into tmp (tmp must hold ndw * 64) and tmp is
 * returned. */
const uint32_t *emu_vsrc(struct emu_wave *w, const struct emu_inst *in, unsigned code,
                         enum emu_optype t, unsigned ndw, uint32_t *tmp);

/* ---- Memory ---- */

/* Host pointer for [addr, addr+size) of global memory, or NULL after
 * recording a memory fault on the wave (the handler must return at once). */
static inline void *emu_gva(struct emu_wave *w, uint64_t addr, unsigned size, bool write)
{
	return w->ops->gva(w, addr, size, write);
}

/* LDS of the wave's workgroup: *size bytes, its allocation rounded up. */
static inline uint8_t *emu_lds(struct emu_wave *w, uint32_t *size)
{
	*size = w->wg->lds_size;
	return w->wg->lds;
}

/* LDS allocation granule of gfx900/gfx90a/gfx942: 128 dwords
 * (HW_REG_LDS_ALLOC.LDS_SIZE counts 128-dword units, GFX9 ISA "Hardware
 * Registers"; AMDGPUUsage GRANULATED_LDS_SIZE, GFX7+: 128 dwords). */
#define EMU_LDS_GRANULE 512u
static inline uint32_t emu_lds_alloc_bytes(uint32_t group_segment_size)
{
	return (uint32_t)(((uint64_t)group_segment_size + EMU_LDS_GRANULE - 1) & ~(uint64_t)(EMU_LDS_GRANULE - 1));
}
/* The one rule of LDS range, for data (emu_exec_ds.c, emu_exec_vmem.c,
 * emu_wave.c) and timing (emu_timing_lds.c): byte address a is inside an
 * allocation of size bytes (a multiple of the granule, so a dword is wholly
 * in or out). Addresses do not wrap. */
static inline bool emu_lds_in(uint64_t a, uint32_t size)
{
	return a < size;
}

/* Asynchronous completion. A memory instruction calls emu_pend_begin, fills
 * the buffer(s) it gets from emu_pend_vgpr/sgpr/lds with the values to be
 * written at completion (loads read memory at issue), then emu_pend_end,
 * which asks the cycle model when it completes. Stores and atomics without
 * return still begin/end so that the counters count them. */
struct emu_pending *emu_pend_begin(struct emu_wave *w, const struct emu_inst *in, enum emu_cnt cnt);
uint32_t *emu_pend_vgpr(struct emu_pending *p, unsigned code, unsigned ndw, uint64_t lanes);
/* A d16 load: at completion only the bits outside `keep` are written. */
static inline void emu_pend_keep(struct emu_pending *p, uint32_t keep)
{
	p->keep = keep;
}
uint32_t *emu_pend_sgpr(struct emu_pending *p, unsigned code, unsigned ndw);
uint32_t *emu_pend_lds(struct emu_pending *p, uint32_t lds_addr, unsigned ndw);
void emu_pend_end(struct emu_wave *w, struct emu_pending *p, const struct emu_access *acc);

/* s_waitcnt: stall until the counters are at most vm/lgkm/exp. */
void emu_wait(struct emu_wave *w, unsigned vm, unsigned lgkm, unsigned exp);

/* Write back every pending entry that has completed by w->cycle (VM in
 * order, the others whenever done); the run loop calls it as time passes. */
void emu_wave_retire(struct emu_wave *w);

/* ---- LDS checks (emu_wave_lds.c) ----
 * A workgroup's LDS starts filled with EMU_POISON (emu_wave_lds_init), with
 * a map of the bytes its DS instructions wrote (wg->lds_sh); a read of a
 * byte not written is reported once per byte, an access past the
 * allocation once per instruction (w->ops->lds_report). */

/* The poison: as f32 a signalling NaN (exponent all ones, quiet bit 22
 * clear), as f64 (two of them) a NaN, as an address (any pair) outside the
 * 48-bit canonical range, as an integer -4.5e6. Chosen to be recognisable
 * in a dump ("bad bad"). */
#define EMU_POISON 0xffbadbadu

/* LDS of a new workgroup: `size` bytes (a multiple of the granule) of
 * poison and an empty written map. False if out of memory. */
bool emu_wave_lds_init(struct emu_workgroup *wg, uint32_t size);

enum emu_lds_op { EMU_LDS_READ = 1, EMU_LDS_WRITE = 2, EMU_LDS_RW = 3 };

/* A DS access of `bytes` per lane at va[l] + off for the lanes in mask:
 * reports lanes out of range and reads of bytes not written; marks
 * written bytes. Call before the data moves (an atomic reads first). */
void emu_lds_check(struct emu_wave *w, const uint32_t *va, uint32_t off, uint64_t mask, unsigned bytes,
                   enum emu_lds_op op);

/* A DS load's fast path (all lanes in range) gathered ndw dwords per lane
 * (1, 2, 4 or 8) into buf (the pending layout) from va[l] + offsets: false
 * when that read nothing unwritten for sure (no poison in the data, every
 * address dword-aligned: checked here when va is given, offs being the OR
 * of the offsets; a NULL va says the caller knows them aligned), true when
 * the caller must run the read check of emu_lds_check. */
bool emu_lds_suspect(struct emu_wave *w, const uint32_t *buf, unsigned ndw, const uint32_t *va,
                     uint32_t offs);
/* The screen itself: whether buf[0 .. 64 x ndw) holds EMU_POISON. */
bool emu_lds_poisoned(const uint32_t *buf, unsigned ndw);

/* One out-of-range LDS access by `in` (lane address addr), for paths that
 * do not go through emu_lds_check (FLAT to the shared aperture, the LDS
 * return of buffer_load ... lds). */
void emu_lds_oob(struct emu_wave *w, const struct emu_inst *in, uint64_t addr, unsigned bytes);

/* ---- Control, time and faults ---- */

void emu_barrier(struct emu_wave *w);          /* s_barrier */
void emu_endpgm(struct emu_wave *w);           /* s_endpgm */
static inline void emu_icache_inv(struct emu_wave *w)  /* s_icache_inv */
{
	w->ops->icache_inv(w);
}
uint64_t emu_memtime(struct emu_wave *w);      /* s_memtime: shader-clock counter */
static inline uint64_t emu_memrealtime(struct emu_wave *w)  /* s_memrealtime: constant-rate counter */
{
	return w->ops->realtime(w);
}
void emu_charge(struct emu_wave *w, uint32_t cycles); /* extra issue cycles (s_nop, s_sleep) */
uint32_t emu_hwreg(struct emu_wave *w, unsigned id);  /* s_getreg_b32 source */
/* 64-bit value of aperture source operand code 235..238 (src_shared_base,
 * src_shared_limit, src_private_base, src_private_limit): the flat-address
 * apertures of the dispatch as 64-bit addresses (a base has its low dword 0). */
uint64_t emu_aperture(struct emu_wave *w, unsigned code);

/* Stop the dispatch with a precise report; the current instruction is named
 * by the caller's in (arch, kernel, offset, words and disassembly are added). */
void emu_fault(struct emu_wave *w, const struct emu_inst *in, enum emu_fault_kind kind,
               uint64_t addr, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#endif
