/*
 * emu_exec_mem — what the DS (emu_exec_ds.c) and the vector memory
 * (emu_exec_vmem.c) semantics share, declared in emu_exec_mem.h: the LDS
 * byte rules (DS, and FLAT to the shared aperture and buffer_load ... lds),
 * the load conversions and the atomic operations. Both files depend on this
 * one, neither on the other.
 */
#include <math.h>
#include <string.h>

#include "sem/emu_exec_mem.h"
#include "sem/emu_exec_valu.h"  /* bit casts and IEEE half conversions */

/* ---- LDS access rules ---- */

bool emu_exec_lds_in_range(uint32_t size, uint32_t addr, unsigned n)
{
	return n == 0 || emu_lds_in((uint64_t)addr + n - 1, size);
}

void emu_exec_lds_read_bytes(const uint8_t *lds, uint32_t size, uint32_t addr, void *dst, unsigned n)
{
	uint8_t *d = dst;
	for (unsigned i = 0; i < n; i++) {
		uint64_t a = (uint64_t)addr + i;
		d[i] = emu_lds_in(a, size) ? lds[a] : 0;
	}
}

void emu_exec_lds_write_bytes(uint8_t *lds, uint32_t size, uint32_t addr, const void *src, unsigned n)
{
	const uint8_t *s = src;
	for (unsigned i = 0; i < n; i++) {
		uint64_t a = (uint64_t)addr + i;
		if (emu_lds_in(a, size))
			lds[a] = s[i];
	}
}

/* ---- float helpers for the floating-point atomics ---- */

static float bf16_to_f32(uint16_t b)
{
	return u2f((uint32_t)b << 16);
}

static uint16_t f32_to_bf16(float f)
{
	uint32_t x = f2u(f);
	if ((x & 0x7fffffff) > 0x7f800000)
		return (uint16_t)(x >> 16 | 0x40);  /* quiet NaN */
	return (uint16_t)((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

/* IEEE minNum/maxNum: a NaN operand yields the other one; -0 < +0. */
static double fminmax(double a, double b, bool max)
{
	if (isnan(a))
		return b;
	if (isnan(b))
		return a;
	if (a == b)
		return (signbit(a) != 0) == max ? b : a;
	return (a < b) != max ? a : b;
}

/* ---- load conversions and atomics ---- */

uint32_t emu_exec_load_ext(enum emu_ext ext, unsigned bytes, uint32_t raw, uint32_t old)
{
	if (bytes >= 4)
		return raw;
	unsigned bits = bytes * 8;
	uint32_t z = raw & ((1u << bits) - 1);
	uint32_t s = (uint32_t)((int32_t)(z << (32 - bits)) >> (32 - bits));
	switch (ext) {
	case EMU_EXT_S:
		return s;
	case EMU_EXT_D16_U:
		return (old & 0xffff0000u) | (z & 0xffff);
	case EMU_EXT_D16_S:
		return (old & 0xffff0000u) | (s & 0xffff);
	case EMU_EXT_D16HI_U:
		return (old & 0xffff) | z << 16;
	case EMU_EXT_D16HI_S:
		return (old & 0xffff) | s << 16;
	default:
		return z;
	}
}

static uint64_t atom_float(enum emu_atom op, unsigned bits, uint64_t old, uint64_t a)
{
	if (op == EMU_ATOM_PK_FADD_F16 || op == EMU_ATOM_PK_FADD_BF16) {
		uint32_t r = 0;
		for (unsigned h = 0; h < 2; h++) {
			uint16_t x = (uint16_t)(old >> (16 * h)), y = (uint16_t)(a >> (16 * h));
			/* round to nearest even (rm 0) */
			uint16_t s = op == EMU_ATOM_PK_FADD_F16
			                     ? valu_f32_to_f16(f2u(u2f(valu_f16_to_f32(x)) +
			                                           u2f(valu_f16_to_f32(y))), 0)
			                     : f32_to_bf16(bf16_to_f32(x) + bf16_to_f32(y));
			r |= (uint32_t)s << (16 * h);
		}
		return r;
	}
	if (bits == 64) {
		double x = u2d(old), y = u2d(a);
		return d2u(op == EMU_ATOM_FADD ? x + y : fminmax(x, y, op == EMU_ATOM_FMAX));
	}
	float x = u2f((uint32_t)old), y = u2f((uint32_t)a);
	float r = op == EMU_ATOM_FADD ? x + y : (float)fminmax(x, y, op == EMU_ATOM_FMAX);
	return f2u(r);
}

uint64_t emu_exec_atom(enum emu_atom op, unsigned bits, uint64_t old, uint64_t a, uint64_t b)
{
	uint64_t m = bits == 64 ? ~0ull : 0xffffffffull;
	old &= m;
	a &= m;
	b &= m;
	int64_t so = bits == 64 ? (int64_t)old : (int32_t)(uint32_t)old;
	int64_t sa = bits == 64 ? (int64_t)a : (int32_t)(uint32_t)a;
	switch (op) {
	case EMU_ATOM_SWAP:
		return a;
	case EMU_ATOM_CMPSWAP:
		return old == b ? a : old;
	case EMU_ATOM_CMPST:
		return old == a ? b : old;
	case EMU_ATOM_CMPST_F:
		if (bits == 64)
			return u2d(old) == u2d(a) ? b : old;
		return u2f((uint32_t)old) == u2f((uint32_t)a) ? b : old;
	case EMU_ATOM_ADD:
		return (old + a) & m;
	case EMU_ATOM_SUB:
		return (old - a) & m;
	case EMU_ATOM_RSUB:
		return (a - old) & m;
	case EMU_ATOM_SMIN:
		return (so < sa ? old : a);
	case EMU_ATOM_SMAX:
		return (so > sa ? old : a);
	case EMU_ATOM_UMIN:
		return old < a ? old : a;
	case EMU_ATOM_UMAX:
		return old > a ? old : a;
	case EMU_ATOM_AND:
		return old & a;
	case EMU_ATOM_OR:
		return old | a;
	case EMU_ATOM_XOR:
		return old ^ a;
	case EMU_ATOM_INC:
		return old >= a ? 0 : old + 1;
	case EMU_ATOM_DEC:
		return old == 0 || old > a ? a : old - 1;
	case EMU_ATOM_MSKOR:
		return (old & ~a) | b;
	case EMU_ATOM_WRAP:
		return (old >= a ? old - a : old + b) & m;
	case EMU_ATOM_FADD:
	case EMU_ATOM_FMIN:
	case EMU_ATOM_FMAX:
	case EMU_ATOM_PK_FADD_F16:
	case EMU_ATOM_PK_FADD_BF16:
		return atom_float(op, bits, old, a) & m;
	case EMU_ATOM_NONE:
		break;
	}
	return old;
}
