/*
 * emu_exec_ds — semantics of the DS (LDS) instructions of gfx900, gfx90a
 * and gfx942: loads and stores (including the d16 and read2/write2 forms),
 * atomics, ds_swizzle_b32, ds_permute_b32 and ds_bpermute_b32.
 *
 * A DS instruction reads or writes the LDS at issue; what it returns goes
 * through the pending-write interface and lands in the VGPRs when it
 * completes, counted by lgkmcnt (GFX9 ISA, "Data Share Operations": DS
 * instructions increment LGKM_CNT). DS instructions of one wave reach the
 * LDS in issue order, which doing them at issue preserves.
 *
 * Addressing: LDS address = VGPR[addr] + offset (16-bit offset, or two
 * 8-bit offsets in units of the element size, x64 for the st64 forms of
 * read2/write2/wrxchg2), 32 bits, not wrapped; bytes at or beyond the
 * workgroup's allocation read as 0 and are not written (emu_lds_in, the
 * rule the cycle model applies too) and the access is reported
 * (emu_lds_check). GFX9 no longer clamps LDS addresses with M0 (LLVM:
 * ldsRequiresM0Init() is false for gfx9+), so M0 is not consulted. The
 * cycle model gets each lane's address as computed: a lane past the
 * allocation takes no bank (emu_timing_lds.c, 002_6bc4fcfb1ec6bd4f.txt's stride sweep).
 *
 * Alignment: the HSA runtime runs gfx9 with SH_MEM_CONFIG.ALIGNMENT_MODE =
 * unaligned, and LLVM 19 (llc -mcpu=gfx900/gfx90a/gfx942) emits
 * ds_read_b64/b96/b128 for align-1 LDS loads, so misaligned loads and stores
 * are performed byte by byte. Atomics must be naturally aligned; a
 * misaligned one is reported as a fault rather than guessed at.
 */
#include <stdio.h>
#include <string.h>

#include "sem/emu_exec_mem.h"

enum ds_family {
	DS_NOP = 0,
	DS_LOAD,
	DS_STORE,
	DS_LOAD2,
	DS_STORE2,
	DS_ATOM,
	DS_ATOM2,
	DS_SWIZZLE,
	DS_PERMUTE,
	DS_BPERMUTE,
};

struct ds_desc {
	uint8_t fam;     /* enum ds_family */
	uint8_t bytes;   /* per element */
	uint8_t ext;     /* enum emu_ext */
	uint8_t atom;    /* enum emu_atom */
	bool rtn;
};

/* ---- helpers ---- */

static uint64_t lane_bit(unsigned l)
{
	return 1ull << l;
}

/* Value of dwords k, k+1 of a data operand as 64 bits (k+1 only if bytes > 4). */
static uint64_t data_val(struct emu_wave *w, unsigned code, unsigned k, unsigned bytes, unsigned l)
{
	uint64_t v = emu_vreg(w, code, k)[l];
	if (bytes > 4)
		v |= (uint64_t)emu_vreg(w, code, k + 1)[l] << 32;
	return v;
}

/* Hand the access to the cycle model: lane l's LDS address is va[l] + off
 * (32 bits, wrapping, as every path below computes it), read only for
 * the lanes in mask (emu_timing_lds.c): no per-lane address array. */
static void finish(struct emu_wave *w, struct emu_pending *p, bool store, bool atomic,
                   unsigned bytes, uint64_t mask, const uint32_t *va, uint32_t off)
{
	struct emu_access acc = {
		.kind = EMU_ACC_LDS,
		.store = store,
		.atomic = atomic,
		.bytes = (uint8_t)bytes,
		.flags = 0,
		.mask = mask,
		.lds_va = va,
		.lds_off = off,
	};
	emu_pend_end(w, p, &acc);
}

/* ---- whole-wave fast paths ----
 *
 * The common DS instruction runs with all 64 lanes active and every lane's
 * bytes inside the allocation. One pass over the address VGPR (eight lanes
 * per vector, GCC vector extension) then checks that and finds the shape
 * of each 16-lane group, and the data moves with no check per lane: a
 * group that is a row of consecutive dwords as one copy, a broadcast as one
 * dword. The results equal the per-lane loops further down, which handle
 * the rest (tests/unit/emu/sem/test_exec_mem.c compares the two). */

typedef uint32_t ds_v8u32 __attribute__((vector_size(32)));
typedef uint32_t ds_v4u32 __attribute__((vector_size(16)));

/* The shape of a 16-lane group's addresses, two bits per group g in the
 * word ds_wave_scan returns (DS_SHAPE): DS_ROW (va[i] = va[0] + 4i, one row
 * of consecutive dwords: the lanes of one tile row), DS_BCAST (all equal:
 * one dword for all), else DS_LANES. */
enum { DS_LANES, DS_ROW, DS_BCAST };
#define DS_SHAPE(s, g) (((s) >> (2 * (g))) & 3u)
#define DS_ALL(x) ((x) * 0x55u)  /* every group of shape x */

static inline bool ds_v8_zero(ds_v8u32 v)
{
	uint64_t x[4];
	memcpy(x, &v, sizeof(x));
	return !(x[0] | x[1] | x[2] | x[3]);
}

static const ds_v8u32 ds_row[2] = { { 0, 4, 8, 12, 16, 20, 24, 28 }, { 32, 36, 40, 44, 48, 52, 56, 60 } };

/* The shape of the 16 addresses at va (DS_ROW, DS_BCAST or DS_LANES). */
static inline __attribute__((always_inline)) unsigned ds_group_shape(const uint32_t *va)
{
	const ds_v8u32 b = { va[0], va[0], va[0], va[0], va[0], va[0], va[0], va[0] };
	ds_v8u32 v0, v1;
	memcpy(&v0, va, sizeof(v0));
	memcpy(&v1, va + 8, sizeof(v1));
	v0 -= b;  /* the offsets from the group's first lane */
	v1 -= b;
	return ds_v8_zero((v0 ^ ds_row[0]) | (v1 ^ ds_row[1])) ? DS_ROW : ds_v8_zero(v0 | v1) ? DS_BCAST : DS_LANES;
}

/* With EXEC = all lanes: whether every lane's bytes [va[l], va[l] + end)
 * lie inside the allocation (size <= 64 KiB, so such a lane does not wrap
 * at 16 bits either) and every lane's address and off are dword-aligned
 * (what the uninitialised-LDS screen of the loads needs, emu_wave_lds.c; a
 * misaligned access takes the lane loops); and, where shape is not NULL
 * (a constant where this is inlined), in *shape the shape of each 16-lane
 * group (DS_SHAPE; meaningful only when the answer is true). The same pass
 * tells the whole-wave shapes (every group a row, every group a broadcast:
 * a tile's rows and columns) apart; a mix takes a look per group where
 * `groups` asks for it (read2, whose tiles mix them), else is DS_LANES.
 * Eight lanes per step: one 256-bit vector with AVX2, two 128-bit ones
 * without (ds_wave_in, ds_wave_scan). */
static inline __attribute__((always_inline)) bool
ds_wave_pass(const uint32_t *va, uint32_t off, uint32_t end, uint32_t size, unsigned *shape, bool groups)
{
	const uint32_t lim = end > size ? 0 : size - end;
	const ds_v8u32 top = { lim, lim, lim, lim, lim, lim, lim, lim };
	ds_v8u32 over = { 0 }, any = { off }, rows = { 0 }, bcs = { 0 };
#pragma GCC unroll 4
	for (unsigned g = 0; g < 4; g++) {
		const uint32_t *p = va + 16 * g;
		const ds_v8u32 b = { p[0], p[0], p[0], p[0], p[0], p[0], p[0], p[0] };
		ds_v8u32 v0, v1;
		memcpy(&v0, p, sizeof(v0));
		memcpy(&v1, p + 8, sizeof(v1));
		over |= (ds_v8u32)(v0 > top) | (ds_v8u32)(v1 > top);
		any |= v0 | v1;
		if (shape) {
			v0 -= b;
			v1 -= b;
			rows |= (v0 ^ ds_row[0]) | (v1 ^ ds_row[1]);
			bcs |= v0 | v1;
		}
	}
	if (!ds_v8_zero(over) || end > size || !ds_v8_zero(any & 3))
		return false;
	if (!shape)
		return true;
	if (ds_v8_zero(rows)) {
		*shape = DS_ALL(DS_ROW);
	} else if (ds_v8_zero(bcs)) {
		*shape = DS_ALL(DS_BCAST);
	} else {
		unsigned s = DS_ALL(DS_LANES);
		for (unsigned g = 0; groups && g < 4; g++)
			s ^= (ds_group_shape(va + 16 * g) ^ DS_LANES) << (2 * g);
		*shape = s;
	}
	return true;
}

__attribute__((target_clones("avx2", "default")))
static bool ds_wave_in(const uint32_t *va, uint32_t off, uint32_t end, uint32_t size)
{
	return ds_wave_pass(va, off, end, size, NULL, false);
}

__attribute__((target_clones("avx2", "default")))
static bool ds_wave_scan(const uint32_t *va, uint32_t off, uint32_t end, uint32_t size, unsigned *shape,
                         bool groups)
{
	return ds_wave_pass(va, off, end, size, shape, groups);
}

/* b32 of one 16-lane group of shape s: the dword at src + va[i] into
 * buf[i]; a row or a broadcast in vector moves. */
static inline __attribute__((always_inline)) void
ds_gather_b32_group(uint32_t *buf, const uint8_t *src, const uint32_t *va, unsigned s)
{
	switch (s) {
	case DS_ROW:
		memcpy(buf, src + va[0], 64);
		return;
	case DS_BCAST: {
		uint32_t x;
		memcpy(&x, src + va[0], 4);
		const ds_v4u32 v = { x, x, x, x };
		for (unsigned i = 0; i < 16; i += 4)
			memcpy(&buf[i], &v, 16);
		return;
	}
	default:
		for (unsigned i = 0; i < 16; i++)
			memcpy(&buf[i], src + va[i], 4);
	}
}

/* Every lane's ndw dwords at src + va[l] into buf[k * 64 + l], the layout
 * of a pending VGPR write; b32 by groups of the shapes of ds_wave_scan.
 * Inlined where ndw is a constant. */
static inline __attribute__((always_inline)) void
ds_gather(uint32_t *buf, const uint8_t *src, const uint32_t *va, unsigned ndw, unsigned shape)
{
	if (ndw == 1 && shape != DS_ALL(DS_LANES)) {
		for (unsigned g = 0; g < 4; g++)
			ds_gather_b32_group(buf + 16 * g, src, va + 16 * g, DS_SHAPE(shape, g));
		return;
	}
#pragma GCC unroll 8
	for (unsigned l = 0; l < EMU_LANES; l++) {
		uint32_t a = va[l], x[4];
		memcpy(x, src + a, 4 * ndw);
		for (unsigned k = 0; k < ndw; k++)
			buf[k * EMU_LANES + l] = x[k];
	}
}

/* read2: element e of lane l (edw dwords at src[e] + va[l]) into
 * buf[(e * edw + k) * 64 + l]. b32 elements go by groups of 16 lanes
 * (ds_gather_b32_group): a 16 x 16 tile's reads are rows (B[k][tx]) and
 * broadcasts (A[ty][k]). */
static inline __attribute__((always_inline)) void
ds_gather2(uint32_t *buf, const uint8_t *src0, const uint8_t *src1, const uint32_t *va, unsigned edw,
           unsigned shape)
{
	if (edw == 1) {
		for (unsigned g = 0; g < 4; g++) {
			ds_gather_b32_group(buf + 16 * g, src0, va + 16 * g, DS_SHAPE(shape, g));
			ds_gather_b32_group(buf + EMU_LANES + 16 * g, src1, va + 16 * g, DS_SHAPE(shape, g));
		}
		return;
	}
#pragma GCC unroll 8
	for (unsigned l = 0; l < EMU_LANES; l++) {
		uint32_t a = va[l], x0[2], x1[2];
		memcpy(x0, src0 + a, 4 * edw);
		memcpy(x1, src1 + a, 4 * edw);
		for (unsigned k = 0; k < edw; k++) {
			buf[k * EMU_LANES + l] = x0[k];
			buf[(edw + k) * EMU_LANES + l] = x1[k];
		}
	}
}

/* Lane by lane in lane order (a later lane's bytes win where two lanes
 * overlap, as in the lane loops): ndw dwords of data[k][l] to dst + va[l].
 * b32 with every group a row (whose lanes do not overlap) goes by groups
 * in lane order, each as one copy. */
static inline __attribute__((always_inline)) void
ds_scatter(uint8_t *dst, uint8_t *sh, const uint32_t *va, const uint32_t *const *data, unsigned ndw,
           unsigned shape)
{
	if (ndw == 1 && shape == DS_ALL(DS_ROW)) {
		for (unsigned g = 0; g < 4; g++) {
			memcpy(dst + va[16 * g], data[0] + 16 * g, 64);
			if (sh)
				memset(sh + va[16 * g], 0xff, 64);
		}
		return;
	}
#pragma GCC unroll 8
	for (unsigned l = 0; l < EMU_LANES; l++) {
		uint32_t a = va[l], x[4];
		for (unsigned k = 0; k < ndw; k++)
			x[k] = data[k][l];
		memcpy(dst + a, x, 4 * ndw);
	}
	if (sh) {  /* the written-byte shadow (emu_wave_lds.c) */
#pragma GCC unroll 8
		for (unsigned l = 0; l < EMU_LANES; l++)
			memset(sh + va[l], 0xff, 4 * ndw);
	}
}

/* write2: per lane, element 0 (edw dwords of d0[k][l]) to dst0 + va[l],
 * then element 1 to dst1 + va[l]. */
static inline __attribute__((always_inline)) void
ds_scatter2(uint8_t *dst0, uint8_t *dst1, uint8_t *sh0, uint8_t *sh1, const uint32_t *va,
            const uint32_t *const *d0, const uint32_t *const *d1, unsigned edw)
{
#pragma GCC unroll 8
	for (unsigned l = 0; l < EMU_LANES; l++) {
		uint32_t a = va[l], x0[2], x1[2];
		for (unsigned k = 0; k < edw; k++) {
			x0[k] = d0[k][l];
			x1[k] = d1[k][l];
		}
		memcpy(dst0 + a, x0, 4 * edw);
		memcpy(dst1 + a, x1, 4 * edw);
	}
	if (sh0) {  /* the written-byte shadow (emu_wave_lds.c) */
#pragma GCC unroll 8
		for (unsigned l = 0; l < EMU_LANES; l++) {
			memset(sh0 + va[l], 0xff, 4 * edw);
			memset(sh1 + va[l], 0xff, 4 * edw);
		}
	}
}

/* ---- families ---- */

/* emu_lds_suspect, with the common "no workgroup shadow" and "no
 * partial writes" answers inline. */
static inline bool ds_suspect(struct emu_wave *w, const uint32_t *buf, unsigned ndw, const uint32_t *va,
                              uint32_t offs)
{
	const struct emu_workgroup *wg = w->wg;
	if (!wg->lds_sh)
		return false;
	if (!va && !wg->lds_partial)  /* the common case: aligned (ds_wave_scan) */
		return emu_lds_poisoned(buf, ndw);
	return emu_lds_suspect(w, buf, ndw, va, offs);
}


/* Whether every active lane's bytes [va + off, va + end) lie inside the
 * allocation without wrapping (size <= 64 KiB, so an in-range lane never
 * wraps): the dword paths below then copy without a check per lane. */
static bool ds_all_in(const uint32_t *va, uint64_t exec, uint32_t end, uint32_t size)
{
	uint32_t top = 0;
	for (uint64_t m = exec; m; m &= m - 1) {
		uint32_t v = va[__builtin_ctzll(m)];
		top = v > top ? v : top;
	}
	return (uint64_t)top + end <= size;
}

/* Whether every lane's address va[l] + off is dword-aligned (all 64). */
static bool ds_aligned(const uint32_t *va, uint32_t off)
{
	uint32_t o = off;
	for (unsigned l = 0; l < EMU_LANES; l++)
		o |= va[l];
	return !(o & 3);
}

/* A whole-wave load of ndw dwords per lane at aligned addresses some of
 * which are past the allocation (size a multiple of 4, so that a dword is
 * wholly in or wholly out): each dword through the bounds rule of
 * emu_exec_lds_read (a byte at or past size reads 0), without a branch.
 * Inlined where ndw is a constant. */
static inline __attribute__((always_inline)) void
ds_gather_edge(uint32_t *buf, const uint8_t *lds, uint32_t size, const uint32_t *va, uint32_t off, unsigned ndw)
{
#pragma GCC unroll 4
	for (unsigned l = 0; l < EMU_LANES; l++) {
		uint32_t a = va[l] + off;
		for (unsigned k = 0; k < ndw; k++) {
			uint64_t ak = (uint64_t)a + 4 * k;
			bool in = emu_lds_in(ak, size);
			uint32_t x;
			memcpy(&x, lds + (in ? ak : 0), 4);
			buf[k * EMU_LANES + l] = in ? x : 0;
		}
	}
}

/* The lane loop of a load of `bytes` (4 to 16) per lane in EXEC, each lane
 * through the LDS bounds rule (emu_exec_lds_read): bytes past the
 * allocation read 0, a lane wholly past it without a byte loop. Inlined
 * where bytes is a constant. */
static inline __attribute__((always_inline)) void
ds_load_lanes(uint32_t *buf, const uint8_t *lds, uint32_t size, const uint32_t *va, uint32_t off, uint64_t exec,
              unsigned bytes)
{
	for (uint64_t m = exec; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		uint32_t a = va[l] + off, x[4] = { 0 };
		if (emu_lds_in(a, size))
			emu_exec_lds_read(lds, size, a, x, bytes);
		for (unsigned k = 0; k < bytes / 4; k++)
			buf[k * EMU_LANES + l] = x[k];
	}
}

static void ds_load(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d,
                    uint8_t *lds, uint32_t size, uint64_t exec)
{
	const uint32_t *va = emu_vreg(w, in->addr, 0);
	unsigned ndw = d->bytes < 4 ? 1 : d->bytes / 4u;
	uint32_t off = (uint32_t)(in->imm & 0xffff);
	uint8_t raw[16];

	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	uint32_t *buf = emu_pend_vgpr(p, in->dst, ndw, exec);
	/* d16 forms write their half when they complete; the other half is
	 * the register's value then (emu_pend_keep). */
	if (emu_exec_ext_d16(d->ext))
		emu_pend_keep(p, d->ext == EMU_EXT_D16_U || d->ext == EMU_EXT_D16_S ? 0xffff0000u : 0x0000ffffu);
	unsigned shape = DS_ALL(DS_LANES);
	if (exec == ~0ull && d->bytes >= 4 &&
	    (ndw == 1 ? ds_wave_scan(va, off, off + 4, size, &shape, false) : ds_wave_in(va, off, off + d->bytes, size))) {
		switch (ndw) {
		case 1: ds_gather(buf, lds + off, va, 1, shape); break;
		case 2: ds_gather(buf, lds + off, va, 2, shape); break;
		case 3: ds_gather(buf, lds + off, va, 3, shape); break;
		default: ds_gather(buf, lds + off, va, 4, shape); break;
		}
		if (ds_suspect(w, buf, ndw == 3 ? 4 : ndw, NULL, 0))
			emu_lds_check(w, va, off, exec, d->bytes, EMU_LDS_READ);
		finish(w, p, false, false, d->bytes, exec, va, off);
		return;
	}
	if (exec == ~0ull && d->bytes >= 4 && !(size & 3) && ds_aligned(va, off)) {
		/* aligned, some lane past the allocation (ds_wave_in) */
		emu_lds_check(w, va, off, exec, d->bytes, EMU_LDS_READ);
		switch (ndw) {
		case 1: ds_gather_edge(buf, lds, size, va, off, 1); break;
		case 2: ds_gather_edge(buf, lds, size, va, off, 2); break;
		case 3: ds_gather_edge(buf, lds, size, va, off, 3); break;
		default: ds_gather_edge(buf, lds, size, va, off, 4); break;
		}
		finish(w, p, false, false, d->bytes, exec, va, off);
		return;
	}
	if (d->bytes == 4 && ds_all_in(va, exec, off + 4, size)) {
		for (uint64_t m = exec; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			memcpy(&buf[l], lds + va[l] + off, 4);
		}
		if (ds_suspect(w, buf, 1, va, off))
			emu_lds_check(w, va, off, exec, d->bytes, EMU_LDS_READ);
		finish(w, p, false, false, d->bytes, exec, va, off);
		return;
	}
	emu_lds_check(w, va, off, exec, d->bytes, EMU_LDS_READ);
	switch (d->bytes) {
	case 4: ds_load_lanes(buf, lds, size, va, off, exec, 4); break;
	case 8: ds_load_lanes(buf, lds, size, va, off, exec, 8); break;
	case 12: ds_load_lanes(buf, lds, size, va, off, exec, 12); break;
	case 16: ds_load_lanes(buf, lds, size, va, off, exec, 16); break;
	default:
		for (uint64_t m = exec; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			emu_exec_lds_read(lds, size, va[l] + off, raw, d->bytes);
			uint32_t r = raw[0] | (d->bytes == 2 ? (uint32_t)raw[1] << 8 : 0);
			buf[l] = emu_exec_load_ext(d->ext, d->bytes, r, 0);
		}
		break;
	}
	finish(w, p, false, false, d->bytes, exec, va, off);
}

static void ds_store(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d,
                     uint8_t *lds, uint32_t size, uint64_t exec)
{
	const uint32_t *va = emu_vreg(w, in->addr, 0);
	uint32_t off = (uint32_t)(in->imm & 0xffff);
	unsigned shape = DS_ALL(DS_LANES);
	if (exec == ~0ull && d->bytes >= 4 &&
	    (d->bytes == 4 ? ds_wave_scan(va, off, off + 4, size, &shape, false) : ds_wave_in(va, off, off + d->bytes, size))) {
		const uint32_t *data[4];
		for (unsigned k = 0; k < d->bytes / 4u; k++)
			data[k] = emu_vreg(w, in->data[0], k);
		/* Aligned, in range (ds_wave_scan): the shadow as the data. */
		uint8_t *sh = w->wg->lds_sh ? w->wg->lds_sh + off : NULL;
		switch (d->bytes / 4u) {
		case 1: ds_scatter(lds + off, sh, va, data, 1, shape); break;
		case 2: ds_scatter(lds + off, sh, va, data, 2, shape); break;
		case 3: ds_scatter(lds + off, sh, va, data, 3, shape); break;
		default: ds_scatter(lds + off, sh, va, data, 4, shape); break;
		}
	} else if (d->bytes == 4 && ds_all_in(va, exec, off + 4, size)) {
		emu_lds_check(w, va, off, exec, d->bytes, EMU_LDS_WRITE);
		const uint32_t *data = emu_vreg(w, in->data[0], 0);
		for (uint64_t m = exec; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			memcpy(lds + va[l] + off, &data[l], 4);
		}
	} else {
		emu_lds_check(w, va, off, exec, d->bytes, EMU_LDS_WRITE);
		for (uint64_t m = exec; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			uint32_t a = va[l] + off;
			uint8_t raw[16];
			if (d->bytes >= 4) {
				for (unsigned k = 0; k < d->bytes / 4u; k++)
					memcpy(raw + 4 * k, &emu_vreg(w, in->data[0], k)[l], 4);
			} else {
				uint32_t v = emu_vreg(w, in->data[0], 0)[l];
				if (d->ext == EMU_EXT_HI)
					v >>= 16;
				raw[0] = (uint8_t)v;
				raw[1] = (uint8_t)(v >> 8);
			}
			emu_exec_lds_write(lds, size, a, raw, d->bytes);
		}
	}
	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	finish(w, p, true, false, d->bytes, exec, va, off);
}

/* Byte addresses of the two elements of read2/write2/wrxchg2; returns the
 * end (exclusive) of the higher one. */
static uint32_t ds_addr2(const struct emu_inst *in, const struct ds_desc *d, uint32_t base, uint32_t a[2])
{
	uint32_t unit = d->bytes * (d->ext == EMU_EXT_ST64 ? 64u : 1u);
	a[0] = base + (uint32_t)(in->imm & 0xff) * unit;
	a[1] = base + (uint32_t)((in->imm >> 8) & 0xff) * unit;
	return (a[0] > a[1] ? a[0] : a[1]) + d->bytes;
}

/* The fast paths of read2: the whole wave in range and aligned
 * (ds_wave_scan), or b32 elements all in range; false when neither
 * applies. One address per lane reaches the cycle model: the first
 * element's. */
static bool ds_load2_fast(struct emu_wave *w, const struct ds_desc *d, const uint8_t *lds, uint32_t size,
                          uint64_t exec, const uint32_t *va, const uint32_t o[2], uint32_t end,
                          uint32_t *buf)
{
	unsigned edw = d->bytes / 4u;
	unsigned shape = DS_ALL(DS_LANES);
	if (exec == ~0ull && (edw == 1 ? ds_wave_scan(va, o[0], end, size, &shape, true) : ds_wave_in(va, o[0], end, size))) {
		const uint8_t *s0 = lds + o[0], *s1 = lds + o[1];
		/* Two opaque bases: GCC would otherwise form lds + va[l] once
		 * per lane and add o[] in the loads, one more instruction. */
		__asm__("" : "+r"(s0), "+r"(s1));
		if (edw == 1)
			ds_gather2(buf, s0, s1, va, 1, shape);
		else
			ds_gather2(buf, s0, s1, va, 2, shape);
		if (ds_suspect(w, buf, 2 * edw, NULL, 0)) {
			emu_lds_check(w, va, o[0], exec, d->bytes, EMU_LDS_READ);
			emu_lds_check(w, va, o[1], exec, d->bytes, EMU_LDS_READ);
		}
		return true;
	}
	if (edw != 1 || !ds_all_in(va, exec, end, size))
		return false;
	for (uint64_t m = exec; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		memcpy(&buf[l], lds + va[l] + o[0], 4);
		memcpy(&buf[EMU_LANES + l], lds + va[l] + o[1], 4);
	}
	if (ds_suspect(w, buf, 2, va, o[0] | o[1])) {
		emu_lds_check(w, va, o[0], exec, d->bytes, EMU_LDS_READ);
		emu_lds_check(w, va, o[1], exec, d->bytes, EMU_LDS_READ);
	}
	return true;
}

/* The fast path of write2: the whole wave in range and aligned. */
static bool ds_store2_fast(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d,
                           uint8_t *lds, uint32_t size, uint64_t exec, const uint32_t *va,
                           const uint32_t o[2], uint32_t end)
{
	if (exec != ~0ull || !ds_wave_in(va, o[0], end, size))
		return false;
	const uint32_t *d0[2] = { emu_vreg(w, in->data[0], 0), emu_vreg(w, in->data[0], 1) };
	const uint32_t *d1[2] = { emu_vreg(w, in->data[1], 0), emu_vreg(w, in->data[1], 1) };
	uint8_t *sh = w->wg->lds_sh;  /* aligned, in range (ds_wave_scan) */
	if (d->bytes == 4)
		ds_scatter2(lds + o[0], lds + o[1], sh ? sh + o[0] : NULL, sh ? sh + o[1] : NULL, va, d0, d1, 1);
	else
		ds_scatter2(lds + o[0], lds + o[1], sh ? sh + o[0] : NULL, sh ? sh + o[1] : NULL, va, d0, d1, 2);
	return true;
}

/* read2/write2 (buf NULL: a write2, its data in in->data[0..1]): element e
 * of each lane at VGPR[addr] + o[e]. Outside the fast paths each element
 * goes through the LDS bounds rules lane by lane. A read2 takes its pending
 * write before it reads, a write2 after it has written. */
static inline __attribute__((always_inline)) void
ds_rw2(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d, uint8_t *lds, uint32_t size,
       uint64_t exec, bool store)
{
	const uint32_t *va = emu_vreg(w, in->addr, 0);
	unsigned edw = d->bytes / 4u;
	uint32_t o[2];
	uint32_t end = ds_addr2(in, d, 0, o);
	struct emu_pending *p = NULL;
	uint32_t *buf = NULL;
	bool done;
	if (store) {
		done = ds_store2_fast(w, in, d, lds, size, exec, va, o, end);
	} else {
		p = emu_pend_begin(w, in, EMU_CNT_LGKM);
		buf = emu_pend_vgpr(p, in->dst, 2 * edw, exec);
		done = ds_load2_fast(w, d, lds, size, exec, va, o, end, buf);
	}
	if (!done) {
		enum emu_lds_op how = store ? EMU_LDS_WRITE : EMU_LDS_READ;
		emu_lds_check(w, va, o[0], exec, d->bytes, how);
		emu_lds_check(w, va, o[1], exec, d->bytes, how);
		for (uint64_t m = exec; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			uint32_t a[2] = { va[l] + o[0], va[l] + o[1] };
			for (unsigned e = 0; e < 2; e++) {
				uint8_t raw[8];
				if (store) {
					for (unsigned k = 0; k < edw; k++)
						memcpy(raw + 4 * k, &emu_vreg(w, in->data[e], k)[l], 4);
					emu_exec_lds_write(lds, size, a[e], raw, d->bytes);
					continue;
				}
				emu_exec_lds_read(lds, size, a[e], raw, d->bytes);
				for (unsigned k = 0; k < edw; k++)
					memcpy(&buf[(e * edw + k) * EMU_LANES + l], raw + 4 * k, 4);
			}
		}
	}
	if (store)
		p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	finish(w, p, store, false, 2 * d->bytes, exec, va, o[0]);
}
/* One copy of ds_rw2 per direction: read2 is on the hot path of LDS tiles. */
static void ds_load2(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d, uint8_t *lds,
                     uint32_t size, uint64_t exec)
{
	ds_rw2(w, in, d, lds, size, exec, false);
}
static void ds_store2(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d, uint8_t *lds,
                      uint32_t size, uint64_t exec)
{
	ds_rw2(w, in, d, lds, size, exec, true);
}

/* One atomic on the LDS; returns the pre-op value (0 when out of range,
 * where nothing is written). */
static uint64_t ds_atomic_at(uint8_t *lds, uint32_t size, uint32_t a, const struct ds_desc *d,
                             uint64_t x, uint64_t y)
{
	if (!emu_exec_lds_in_range(size, a, d->bytes))
		return 0;
	uint64_t old = 0;
	emu_exec_lds_read(lds, size, a, &old, d->bytes);
	uint64_t nv = emu_exec_atom((enum emu_atom)d->atom, d->bytes * 8u, old, x, y);
	emu_exec_lds_write(lds, size, a, &nv, d->bytes);
	return old;
}

static void ds_atomic(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d,
                      uint8_t *lds, uint32_t size, uint64_t exec)
{
	const uint32_t *va = emu_vreg(w, in->addr, 0);
	unsigned edw = d->bytes / 4u;
	uint64_t old[EMU_LANES] = { 0 };
	bool two_data = d->atom == EMU_ATOM_CMPST || d->atom == EMU_ATOM_CMPST_F ||
	                d->atom == EMU_ATOM_MSKOR || d->atom == EMU_ATOM_WRAP;

	/* Alignment first, so that a fault leaves the LDS untouched. */
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec & lane_bit(l)))
			continue;
		uint32_t a = va[l] + (uint32_t)(in->imm & 0xffff);
		if (a % d->bytes) {
			emu_fault(w, in, EMU_FAULT_MEMORY, a & EMU_LDS_ADDR_MASK,
			          "misaligned LDS atomic: lane %u address 0x%x is not a multiple of %u bytes",
			          l, a & EMU_LDS_ADDR_MASK, d->bytes);
			return;
		}
	}
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec & lane_bit(l)))
			continue;
		uint32_t a = va[l] + (uint32_t)(in->imm & 0xffff);
		uint64_t x = data_val(w, in->data[0], 0, d->bytes, l);
		uint64_t y = two_data ? data_val(w, in->data[1], 0, d->bytes, l) : 0;
		old[l] = ds_atomic_at(lds, size, a, d, x, y);
	}
	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	if (d->rtn) {
		uint32_t *buf = emu_pend_vgpr(p, in->dst, edw, exec);
		for (unsigned l = 0; l < EMU_LANES; l++)
			for (unsigned k = 0; k < edw; k++)
				buf[k * EMU_LANES + l] = (uint32_t)(old[l] >> (32 * k));
	}
	finish(w, p, !d->rtn, true, d->bytes, exec, va, (uint32_t)(in->imm & 0xffff));
}

/* ds_wrxchg2[st64]_rtn: two exchanges at the read2-style addresses. */
static void ds_atomic2(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d,
                       uint8_t *lds, uint32_t size, uint64_t exec)
{
	const uint32_t *va = emu_vreg(w, in->addr, 0);
	unsigned edw = d->bytes / 4u;
	uint64_t old[2][EMU_LANES] = { { 0 } };
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec & lane_bit(l)))
			continue;
		uint32_t a[2];
		ds_addr2(in, d, va[l], a);
		if (a[0] % d->bytes) {
			emu_fault(w, in, EMU_FAULT_MEMORY, a[0] & EMU_LDS_ADDR_MASK,
			          "misaligned LDS atomic: lane %u address 0x%x is not a multiple of %u bytes",
			          l, a[0] & EMU_LDS_ADDR_MASK, d->bytes);
			return;
		}
	}
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec & lane_bit(l)))
			continue;
		uint32_t a[2];
		ds_addr2(in, d, va[l], a);
		for (unsigned e = 0; e < 2; e++)
			old[e][l] = ds_atomic_at(lds, size, a[e], d, data_val(w, in->data[e], 0, d->bytes, l), 0);
	}
	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	uint32_t *buf = emu_pend_vgpr(p, in->dst, 2 * edw, exec);
	for (unsigned e = 0; e < 2; e++)
		for (unsigned l = 0; l < EMU_LANES; l++)
			for (unsigned k = 0; k < edw; k++)
				buf[(e * edw + k) * EMU_LANES + l] = (uint32_t)(old[e][l] >> (32 * k));
	uint32_t o[2];
	ds_addr2(in, d, 0, o);
	finish(w, p, false, true, 2 * d->bytes, exec, va, o[0]);
}

/* Lane-crossing operations do not touch the LDS memory but go through the
 * LDS crossbar and count on lgkmcnt; the cycle model sees a conflict-free
 * dword access per lane. Source lanes outside EXEC read as 0 (GFX9 ISA
 * pseudo-code of DS_SWIZZLE_B32 / DS_BPERMUTE_B32: thread_valid[j] ?
 * thread_in[j] : 0). */
static void ds_crossbar_end(struct emu_wave *w, const struct emu_inst *in, const uint32_t out[EMU_LANES],
                            uint64_t exec)
{
	uint32_t lane4[EMU_LANES];
	for (unsigned l = 0; l < EMU_LANES; l++)
		lane4[l] = 4u * l;
	struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
	uint32_t *buf = emu_pend_vgpr(p, in->dst, 1, exec);
	memcpy(buf, out, EMU_LANES * 4);
	finish(w, p, false, false, 4, exec, lane4, 0);
}

/* ds_swizzle_b32 offset modes (GFX9 ISA DS_SWIZZLE_B32; LLVM 19 accepts
 * QUAD_PERM and the BITMASK_PERM/BROADCAST/SWAP/REVERSE forms of the bitmask
 * mode on gfx9, and no FFT/ROTATE):
 *   offset[15] = 1: quad permute, lane 4q+i reads lane 4q + offset[2i+1:2i];
 *   offset[15] = 0: bitmask within 32-lane halves, j = ((i & and) | or) ^ xor
 *                   with and = offset[4:0], or = offset[9:5], xor = offset[14:10].
 * Quad mode with any of offset[14:8] set is where later ISAs put the FFT and
 * rotate modes; it is reported instead of guessed. */
static void ds_swizzle(struct emu_wave *w, const struct emu_inst *in, uint64_t exec)
{
	uint32_t off = (uint32_t)in->imm & 0xffff;
	/* The swizzled value is the instruction's ADDR operand (LLVM DS_1A_RET:
	 * ds_swizzle_b32 vdst, vaddr). */
	const uint32_t *src = emu_vreg(w, in->addr, 0);
	uint32_t out[EMU_LANES];
	if ((off & 0x8000) && (off & 0x7f00)) {
		emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
		          "ds_swizzle_b32 offset 0x%04x: quad-permute mode with offset[14:8] != 0 "
		          "(FFT/rotate modes) is not implemented", off);
		return;
	}
	for (unsigned i = 0; i < EMU_LANES; i++) {
		unsigned j;
		if (off & 0x8000) {
			j = (i & ~3u) | ((off >> (2 * (i & 3))) & 3);
		} else {
			unsigned and_m = off & 0x1f, or_m = (off >> 5) & 0x1f, xor_m = (off >> 10) & 0x1f;
			j = ((((i & 0x1f) & and_m) | or_m) ^ xor_m) | (i & 0x20);
		}
		out[i] = (exec & lane_bit(j)) ? src[j] : 0;
	}
	ds_crossbar_end(w, in, out, exec);
}

/* ds_permute_b32 (forward: lane i's data goes to lane (addr+offset)/4 mod 64,
 * the highest source lane winning a collision) and ds_bpermute_b32
 * (backward: lane i reads lane (addr+offset)/4 mod 64), GFX9 ISA. The
 * address is a byte address; bits above [7:2] are ignored. */
static void ds_permute(struct emu_wave *w, const struct emu_inst *in, uint64_t exec, bool backward)
{
	const uint32_t *va = emu_vreg(w, in->addr, 0);
	const uint32_t *src = emu_vreg(w, in->data[0], 0);
	uint32_t off = (uint32_t)in->imm & 0xffff;
	uint32_t out[EMU_LANES] = { 0 };
	for (unsigned i = 0; i < EMU_LANES; i++) {
		if (!(exec & lane_bit(i)))
			continue;
		unsigned j = ((va[i] + off) >> 2) & 63;
		if (backward)
			out[i] = (exec & lane_bit(j)) ? src[j] : 0;
		else
			out[j] = src[i];
	}
	if (!backward)
		for (unsigned i = 0; i < EMU_LANES; i++)
			if (!(exec & lane_bit(i)))
				out[i] = 0;
	ds_crossbar_end(w, in, out, exec);
}

/* Uninitialised reads and out-of-range lanes of atomics (emu_wave.h),
 * before the data moves; loads and stores check in their own paths. */
static void ds_check(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d, uint64_t exec)
{
	const enum emu_lds_op op = EMU_LDS_RW;
	const uint32_t *va = emu_vreg(w, in->addr, 0);
	if (d->fam == DS_ATOM2) {
		uint32_t o[2];
		ds_addr2(in, d, 0, o);
		emu_lds_check(w, va, o[0], exec, d->bytes, op);
		if (w->state != EMU_WAVE_FAULT)
			emu_lds_check(w, va, o[1], exec, d->bytes, op);
	} else {
		emu_lds_check(w, va, (uint32_t)(in->imm & 0xffff), exec, d->bytes, op);
	}
}

/* The loads and stores, by family. */
static void (*const ds_moves[])(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d,
                                uint8_t *lds, uint32_t size, uint64_t exec) = {
	[DS_LOAD] = ds_load, [DS_STORE] = ds_store, [DS_LOAD2] = ds_load2, [DS_STORE2] = ds_store2,
};

static void ds_exec(struct emu_wave *w, const struct emu_inst *in, const struct ds_desc *d)
{
	if (in->flags & EMU_F_GDS) {
		emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
		          "DS instruction with gds=1: the global data share is not implemented by the emulator");
		return;
	}
	uint32_t size;
	uint8_t *lds = emu_lds(w, &size);
	uint64_t exec = emu_exec_mask(w);
	switch ((enum ds_family)d->fam) {
	case DS_NOP: {
		struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_LGKM);
		finish(w, p, false, false, 0, 0, NULL, 0);
		break;
	}
	case DS_LOAD:
	case DS_STORE:
	case DS_LOAD2:
	case DS_STORE2:
		ds_moves[d->fam](w, in, d, lds, size, exec);
		break;
	case DS_ATOM:
	case DS_ATOM2:
		ds_check(w, in, d, exec);
		if (w->state == EMU_WAVE_FAULT)
			break;
		if (d->fam == DS_ATOM)
			ds_atomic(w, in, d, lds, size, exec);
		else
			ds_atomic2(w, in, d, lds, size, exec);
		break;
	case DS_SWIZZLE:
		ds_swizzle(w, in, exec);
		break;
	case DS_PERMUTE:
		ds_permute(w, in, exec, false);
		break;
	case DS_BPERMUTE:
		ds_permute(w, in, exec, true);
		break;
	}
}

/* ---- handlers ----
 *
 * X(mnemonic, family, bytes, ext, atom, returns)
 *   family  LOAD, STORE, LOAD2, STORE2, ATOM, ATOM2 (wrxchg2), SWIZZLE,
 *           PERMUTE, BPERMUTE, NOP
 *   bytes   bytes per element (read2/write2: per each of the two)
 *   ext     enum emu_ext without the prefix
 *   atom    enum emu_atom without the prefix
 *   returns 1 when the pre-op value is returned in vdst
 */
#define DS_HANDLERS(X) \
	X(ds_nop,                 NOP,      0,  NONE,    NONE,     0) \
	X(ds_read_b32,            LOAD,     4,  NONE,    NONE,     0) \
	X(ds_read_b64,            LOAD,     8,  NONE,    NONE,     0) \
	X(ds_read_b96,            LOAD,     12, NONE,    NONE,     0) \
	X(ds_read_b128,           LOAD,     16, NONE,    NONE,     0) \
	X(ds_read_u8,             LOAD,     1,  U,       NONE,     0) \
	X(ds_read_i8,             LOAD,     1,  S,       NONE,     0) \
	X(ds_read_u16,            LOAD,     2,  U,       NONE,     0) \
	X(ds_read_i16,            LOAD,     2,  S,       NONE,     0) \
	X(ds_read_u8_d16,         LOAD,     1,  D16_U,   NONE,     0) \
	X(ds_read_i8_d16,         LOAD,     1,  D16_S,   NONE,     0) \
	X(ds_read_u16_d16,        LOAD,     2,  D16_U,   NONE,     0) \
	X(ds_read_u8_d16_hi,      LOAD,     1,  D16HI_U, NONE,     0) \
	X(ds_read_i8_d16_hi,      LOAD,     1,  D16HI_S, NONE,     0) \
	X(ds_read_u16_d16_hi,     LOAD,     2,  D16HI_U, NONE,     0) \
	X(ds_write_b32,           STORE,    4,  NONE,    NONE,     0) \
	X(ds_write_b64,           STORE,    8,  NONE,    NONE,     0) \
	X(ds_write_b96,           STORE,    12, NONE,    NONE,     0) \
	X(ds_write_b128,          STORE,    16, NONE,    NONE,     0) \
	X(ds_write_b8,            STORE,    1,  NONE,    NONE,     0) \
	X(ds_write_b16,           STORE,    2,  NONE,    NONE,     0) \
	X(ds_write_b8_d16_hi,     STORE,    1,  HI,      NONE,     0) \
	X(ds_write_b16_d16_hi,    STORE,    2,  HI,      NONE,     0) \
	X(ds_read2_b32,           LOAD2,    4,  NONE,    NONE,     0) \
	X(ds_read2_b64,           LOAD2,    8,  NONE,    NONE,     0) \
	X(ds_read2st64_b32,       LOAD2,    4,  ST64,    NONE,     0) \
	X(ds_read2st64_b64,       LOAD2,    8,  ST64,    NONE,     0) \
	X(ds_write2_b32,          STORE2,   4,  NONE,    NONE,     0) \
	X(ds_write2_b64,          STORE2,   8,  NONE,    NONE,     0) \
	X(ds_write2st64_b32,      STORE2,   4,  ST64,    NONE,     0) \
	X(ds_write2st64_b64,      STORE2,   8,  ST64,    NONE,     0) \
	X(ds_wrxchg2_rtn_b32,     ATOM2,    4,  NONE,    SWAP,     1) \
	X(ds_wrxchg2_rtn_b64,     ATOM2,    8,  NONE,    SWAP,     1) \
	X(ds_wrxchg2st64_rtn_b32, ATOM2,    4,  ST64,    SWAP,     1) \
	X(ds_wrxchg2st64_rtn_b64, ATOM2,    8,  ST64,    SWAP,     1) \
	X(ds_add_u32,             ATOM,     4,  NONE,    ADD,      0) \
	X(ds_sub_u32,             ATOM,     4,  NONE,    SUB,      0) \
	X(ds_rsub_u32,            ATOM,     4,  NONE,    RSUB,     0) \
	X(ds_inc_u32,             ATOM,     4,  NONE,    INC,      0) \
	X(ds_dec_u32,             ATOM,     4,  NONE,    DEC,      0) \
	X(ds_min_i32,             ATOM,     4,  NONE,    SMIN,     0) \
	X(ds_max_i32,             ATOM,     4,  NONE,    SMAX,     0) \
	X(ds_min_u32,             ATOM,     4,  NONE,    UMIN,     0) \
	X(ds_max_u32,             ATOM,     4,  NONE,    UMAX,     0) \
	X(ds_and_b32,             ATOM,     4,  NONE,    AND,      0) \
	X(ds_or_b32,              ATOM,     4,  NONE,    OR,       0) \
	X(ds_xor_b32,             ATOM,     4,  NONE,    XOR,      0) \
	X(ds_mskor_b32,           ATOM,     4,  NONE,    MSKOR,    0) \
	X(ds_cmpst_b32,           ATOM,     4,  NONE,    CMPST,    0) \
	X(ds_cmpst_f32,           ATOM,     4,  NONE,    CMPST_F,  0) \
	X(ds_min_f32,             ATOM,     4,  NONE,    FMIN,     0) \
	X(ds_max_f32,             ATOM,     4,  NONE,    FMAX,     0) \
	X(ds_add_f32,             ATOM,     4,  NONE,    FADD,     0) \
	X(ds_pk_add_f16,          ATOM,     4,  NONE,    PK_FADD_F16,  0) \
	X(ds_pk_add_bf16,         ATOM,     4,  NONE,    PK_FADD_BF16, 0) \
	X(ds_add_rtn_u32,         ATOM,     4,  NONE,    ADD,      1) \
	X(ds_sub_rtn_u32,         ATOM,     4,  NONE,    SUB,      1) \
	X(ds_rsub_rtn_u32,        ATOM,     4,  NONE,    RSUB,     1) \
	X(ds_inc_rtn_u32,         ATOM,     4,  NONE,    INC,      1) \
	X(ds_dec_rtn_u32,         ATOM,     4,  NONE,    DEC,      1) \
	X(ds_min_rtn_i32,         ATOM,     4,  NONE,    SMIN,     1) \
	X(ds_max_rtn_i32,         ATOM,     4,  NONE,    SMAX,     1) \
	X(ds_min_rtn_u32,         ATOM,     4,  NONE,    UMIN,     1) \
	X(ds_max_rtn_u32,         ATOM,     4,  NONE,    UMAX,     1) \
	X(ds_and_rtn_b32,         ATOM,     4,  NONE,    AND,      1) \
	X(ds_or_rtn_b32,          ATOM,     4,  NONE,    OR,       1) \
	X(ds_xor_rtn_b32,         ATOM,     4,  NONE,    XOR,      1) \
	X(ds_mskor_rtn_b32,       ATOM,     4,  NONE,    MSKOR,    1) \
	X(ds_wrxchg_rtn_b32,      ATOM,     4,  NONE,    SWAP,     1) \
	X(ds_cmpst_rtn_b32,       ATOM,     4,  NONE,    CMPST,    1) \
	X(ds_cmpst_rtn_f32,       ATOM,     4,  NONE,    CMPST_F,  1) \
	X(ds_min_rtn_f32,         ATOM,     4,  NONE,    FMIN,     1) \
	X(ds_max_rtn_f32,         ATOM,     4,  NONE,    FMAX,     1) \
	X(ds_wrap_rtn_b32,        ATOM,     4,  NONE,    WRAP,     1) \
	X(ds_add_rtn_f32,         ATOM,     4,  NONE,    FADD,     1) \
	X(ds_pk_add_rtn_f16,      ATOM,     4,  NONE,    PK_FADD_F16,  1) \
	X(ds_pk_add_rtn_bf16,     ATOM,     4,  NONE,    PK_FADD_BF16, 1) \
	X(ds_add_u64,             ATOM,     8,  NONE,    ADD,      0) \
	X(ds_sub_u64,             ATOM,     8,  NONE,    SUB,      0) \
	X(ds_rsub_u64,            ATOM,     8,  NONE,    RSUB,     0) \
	X(ds_inc_u64,             ATOM,     8,  NONE,    INC,      0) \
	X(ds_dec_u64,             ATOM,     8,  NONE,    DEC,      0) \
	X(ds_min_i64,             ATOM,     8,  NONE,    SMIN,     0) \
	X(ds_max_i64,             ATOM,     8,  NONE,    SMAX,     0) \
	X(ds_min_u64,             ATOM,     8,  NONE,    UMIN,     0) \
	X(ds_max_u64,             ATOM,     8,  NONE,    UMAX,     0) \
	X(ds_and_b64,             ATOM,     8,  NONE,    AND,      0) \
	X(ds_or_b64,              ATOM,     8,  NONE,    OR,       0) \
	X(ds_xor_b64,             ATOM,     8,  NONE,    XOR,      0) \
	X(ds_mskor_b64,           ATOM,     8,  NONE,    MSKOR,    0) \
	X(ds_cmpst_b64,           ATOM,     8,  NONE,    CMPST,    0) \
	X(ds_cmpst_f64,           ATOM,     8,  NONE,    CMPST_F,  0) \
	X(ds_min_f64,             ATOM,     8,  NONE,    FMIN,     0) \
	X(ds_max_f64,             ATOM,     8,  NONE,    FMAX,     0) \
	X(ds_add_f64,             ATOM,     8,  NONE,    FADD,     0) \
	X(ds_add_rtn_u64,         ATOM,     8,  NONE,    ADD,      1) \
	X(ds_sub_rtn_u64,         ATOM,     8,  NONE,    SUB,      1) \
	X(ds_rsub_rtn_u64,        ATOM,     8,  NONE,    RSUB,     1) \
	X(ds_inc_rtn_u64,         ATOM,     8,  NONE,    INC,      1) \
	X(ds_dec_rtn_u64,         ATOM,     8,  NONE,    DEC,      1) \
	X(ds_min_rtn_i64,         ATOM,     8,  NONE,    SMIN,     1) \
	X(ds_max_rtn_i64,         ATOM,     8,  NONE,    SMAX,     1) \
	X(ds_min_rtn_u64,         ATOM,     8,  NONE,    UMIN,     1) \
	X(ds_max_rtn_u64,         ATOM,     8,  NONE,    UMAX,     1) \
	X(ds_and_rtn_b64,         ATOM,     8,  NONE,    AND,      1) \
	X(ds_or_rtn_b64,          ATOM,     8,  NONE,    OR,       1) \
	X(ds_xor_rtn_b64,         ATOM,     8,  NONE,    XOR,      1) \
	X(ds_mskor_rtn_b64,       ATOM,     8,  NONE,    MSKOR,    1) \
	X(ds_wrxchg_rtn_b64,      ATOM,     8,  NONE,    SWAP,     1) \
	X(ds_cmpst_rtn_b64,       ATOM,     8,  NONE,    CMPST,    1) \
	X(ds_cmpst_rtn_f64,       ATOM,     8,  NONE,    CMPST_F,  1) \
	X(ds_min_rtn_f64,         ATOM,     8,  NONE,    FMIN,     1) \
	X(ds_max_rtn_f64,         ATOM,     8,  NONE,    FMAX,     1) \
	X(ds_add_rtn_f64,         ATOM,     8,  NONE,    FADD,     1) \
	X(ds_swizzle_b32,         SWIZZLE,  4,  NONE,    NONE,     0) \
	X(ds_permute_b32,         PERMUTE,  4,  NONE,    NONE,     0) \
	X(ds_bpermute_b32,        BPERMUTE, 4,  NONE,    NONE,     0)

#define DS_DEFINE(mn, fam, bytes, ext, atom, rtn) \
	MEM_HANDLER(mn, struct ds_desc, ds_exec, DS_##fam, bytes, EMU_EXT_##ext, EMU_ATOM_##atom, rtn)
DS_HANDLERS(DS_DEFINE)
#undef DS_DEFINE

const struct emu_sem emu_sem_ds[] = {
	DS_HANDLERS(MEM_ENTRY)
	EMU_SEM_END
};
