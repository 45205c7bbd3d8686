/*
 * emu_exec_mem — private header of the vector memory and LDS semantics
 * (emu_exec_ds.c: DS; emu_exec_vmem.c: MUBUF, MTBUF, FLAT, GLOBAL, SCRATCH).
 *
 * What the two files share, implemented in emu_exec_mem.c: the LDS access
 * rules, the atomic operations and the load/store data conversions.
 */
#ifndef EMU_EXEC_MEM_H
#define EMU_EXEC_MEM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "isa/emu_isa.h"
#include "sem/emu_sem.h"
#include "wave/emu_wave.h"

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

/* ---- handlers ----
 * DS and VMEM handlers differ only in a static descriptor of the mnemonic:
 * MEM_HANDLER(mn, type, exec, fields...) defines emu_exec_<mn>, which runs
 * exec(w, in, &d) with d = {fields...}; MEM_ENTRY(mn, ...) is its row in
 * the family's emu_sem table (X-macro lists pass their columns after mn). */
#define MEM_HANDLER(mn, type, exec, ...)                                       \
	static void emu_exec_##mn(struct emu_wave *w, const struct emu_inst *in) \
	{                                                                      \
		static const type d = { __VA_ARGS__ };                         \
		exec(w, in, &d);                                               \
	}
#define MEM_ENTRY(mn, ...) { #mn, emu_exec_##mn },

#endif
