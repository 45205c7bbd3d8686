/*
 * gl_kd — a kernel descriptor (the 64 bytes at NAME.kd) decoded into the
 * `.amdhsa_*` directives that would assemble it, in the order and spelling
 * llvm-objdump 19 prints for GFX9 (`llvm-objdump -D --disassemble-symbols=
 * NAME.kd`); tests/e2e/kd.t checks every built code object against it.
 * Used by `make disasm` (build/bin/gcnlab-kd) and the compare page, so the
 * FP mode (denormals, IEEE, DX10 clamp) of two kernels can be compared.
 *
 * Fields that the descriptor does not keep are printed as llvm-objdump
 * prints them: .amdhsa_next_free_vgpr/_sgpr from the granulated counts
 * (the allocation, not the highest register used) and the .amdhsa_reserve_*
 * flags as 0 (their registers are inside the granulated SGPR count).
 */
#ifndef GL_KD_H
#define GL_KD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcn_codeobj.h"
#include "base/gl_err.h"

#define GL_KD_SIZE 64

/* The descriptor of kernel k from the code object bytes file[0..size). */
bool gl_kd_read(const void *file, size_t size, const struct gcn_kernel *k, uint8_t kd[GL_KD_SIZE],
                struct gl_err *e);

/* One directive: name (".amdhsa_ieee_mode") and value. */
struct gl_kd_field {
	const char *name;
	uint64_t value;
};

/* The directives of kd for arch ("gfx900", "gfx90a", "gfx942") into
 * out[0..max); returns how many (0 for an unknown arch). */
unsigned gl_kd_decode(const uint8_t kd[GL_KD_SIZE], const char *arch, struct gl_kd_field *out,
                      unsigned max);

/* ".amdhsa_kernel NAME", a tab and "DIRECTIVE VALUE" per field, then
 * ".end_amdhsa_kernel". */
void gl_kd_print(FILE *f, const char *kernel, const uint8_t kd[GL_KD_SIZE], const char *arch);

#endif
