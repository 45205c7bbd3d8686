/*
 * emu_exec_mem — private header of the vector memory and LDS semantics
 * (emu_exec_ds.c: DS; emu_exec_vmem.c: MUBUF, MTBUF, FLAT, GLOBAL, SCRATCH
 * and the combined handler table emu_sem_memory).
 *
 * What the two files share: the LDS access rules, the atomic operations,
 * the load/store data conversions, and the list of DS handlers (an X-macro,
 * so that the DS semantics and the table entry of each mnemonic come from
 * one line).
 */
#ifndef EMU_EXEC_MEM_H
#define EMU_EXEC_MEM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "isa/emu_isa.h"
#include "sem/emu_sem.h"
#include "wave/emu_wave.h"

/* Every vector memory and DS mnemonic with semantics, {NULL, NULL}-terminated. */
extern const struct emu_sem emu_sem_memory[];

/* ---- LDS ---- */

/* LDS addresses are 32 bits (VGPR + offset, as the lane loops compute
 * them) and do not wrap at the 64 KiB LDS: a byte at or beyond the
 * workgroup's allocation (rounded to EMU_LDS_GRANULE, emu_lds_in) is out of
 * range, reads as 0 and a write to it is dropped, the same lanes the cycle
 * model gives no bank (emu_timing_lds.c) — never a host overrun. The
 * mask is kept for the callers that print addresses. */
#define EMU_LDS_ADDR_MASK 0xffffffffu

/* n bytes at LDS address addr (out-of-range bytes as above). The inline
 * part is the common case, an access wholly inside the allocation; the rest
 * goes byte by byte. */
void emu_exec_lds_read_bytes(const uint8_t *lds, uint32_t size, uint32_t addr, void *dst, unsigned n);
void emu_exec_lds_write_bytes(uint8_t *lds, uint32_t size, uint32_t addr, const void *src, unsigned n);
static inline void emu_exec_lds_read(const uint8_t *lds, uint32_t size, uint32_t addr, void *dst, unsigned n)
{
	if (__builtin_expect(emu_lds_in((uint64_t)addr + n - 1, size), 1))
		memcpy(dst, lds + addr, n);
	else
		emu_exec_lds_read_bytes(lds, size, addr, dst, n);
}
static inline void emu_exec_lds_write(uint8_t *lds, uint32_t size, uint32_t addr, const void *src, unsigned n)
{
	if (__builtin_expect(emu_lds_in((uint64_t)addr + n - 1, size), 1))
		memcpy(lds + addr, src, n);
	else
		emu_exec_lds_write_bytes(lds, size, addr, src, n);
}
/* Whether all n bytes at addr are inside the allocation. */
bool emu_exec_lds_in_range(uint32_t size, uint32_t addr, unsigned n);

/* ---- data conversions ---- */

/* How a loaded element of 1, 2 or 4 bytes becomes a dword of the
 * destination, or which part of the data dword a store writes. */
enum emu_ext {
	EMU_EXT_NONE = 0,   /* whole dwords; stores write the low bytes */
	EMU_EXT_U,          /* zero-extend to 32 bits */
	EMU_EXT_S,          /* sign-extend to 32 bits */
	EMU_EXT_D16_U,      /* zero-extend to 16 bits into [15:0], keep [31:16] */
	EMU_EXT_D16_S,      /* sign-extend to 16 bits into [15:0], keep [31:16] */
	EMU_EXT_D16HI_U,    /* zero-extend to 16 bits into [31:16], keep [15:0] */
	EMU_EXT_D16HI_S,    /* sign-extend to 16 bits into [31:16], keep [15:0] */
	EMU_EXT_HI,         /* stores: the element comes from data[31:16] (_d16_hi) */
	EMU_EXT_ST64,       /* DS read2/write2/wrxchg2: offsets in units of 64 elements */
};

/* Destination dword for a loaded element `raw` (bytes 1, 2 or 4) given the
 * destination's value `old` (d16 forms keep the other half). */
uint32_t emu_exec_load_ext(enum emu_ext ext, unsigned bytes, uint32_t raw, uint32_t old);
/* Whether the form merges into the old register value (d16/d16_hi). */
static inline bool emu_exec_ext_d16(enum emu_ext ext)
{
	return ext >= EMU_EXT_D16_U && ext <= EMU_EXT_D16HI_S;
}

/* ---- atomics ---- */

enum emu_atom {
	EMU_ATOM_NONE = 0,
	EMU_ATOM_SWAP,      /* new = a */
	EMU_ATOM_CMPSWAP,   /* MUBUF/FLAT: data = {src, cmp}: new = old == b ? a : old */
	EMU_ATOM_CMPST,     /* DS: data0 = cmp, data1 = src: new = old == a ? b : old */
	EMU_ATOM_CMPST_F,   /* DS float compare: as CMPST with IEEE == */
	EMU_ATOM_ADD,
	EMU_ATOM_SUB,       /* new = old - a */
	EMU_ATOM_RSUB,      /* new = a - old */
	EMU_ATOM_SMIN,
	EMU_ATOM_UMIN,
	EMU_ATOM_SMAX,
	EMU_ATOM_UMAX,
	EMU_ATOM_AND,
	EMU_ATOM_OR,
	EMU_ATOM_XOR,
	EMU_ATOM_INC,       /* new = old >= a ? 0 : old + 1 */
	EMU_ATOM_DEC,       /* new = old == 0 || old > a ? a : old - 1 */
	EMU_ATOM_MSKOR,     /* new = (old & ~a) | b */
	EMU_ATOM_WRAP,      /* new = old >= a ? old - a : old + b (ds_wrap_rtn_b32) */
	EMU_ATOM_FADD,      /* f32/f64 by width */
	EMU_ATOM_FMIN,
	EMU_ATOM_FMAX,
	EMU_ATOM_PK_FADD_F16,
	EMU_ATOM_PK_FADD_BF16,
};

/* New memory value of a `bits`-wide (32 or 64) atomic. */
uint64_t emu_exec_atom(enum emu_atom op, unsigned bits, uint64_t old, uint64_t a, uint64_t b);

/* ---- DS handlers ----
 *
 * X(mnemonic, family, bytes, ext, atom, returns)
 *   family  LOAD, STORE, LOAD2, STORE2, ATOM, ATOM2 (wrxchg2), SWIZZLE,
 *           PERMUTE, BPERMUTE, NOP
 *   bytes   bytes per element (read2/write2: per each of the two)
 *   ext     enum emu_ext without the prefix
 *   atom    enum emu_atom without the prefix
 *   returns 1 when the pre-op value is returned in vdst
 */
#define EMU_DS_HANDLERS(X) \
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

#define EMU_DS_DECLARE(mn, fam, bytes, ext, atom, rtn) \
	void emu_exec_##mn(struct emu_wave *w, const struct emu_inst *in);
EMU_DS_HANDLERS(EMU_DS_DECLARE)
#undef EMU_DS_DECLARE

#endif
