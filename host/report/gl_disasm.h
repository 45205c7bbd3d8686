/*
 * gl_disasm — one kernel's machine code as llvm-objdump prints it, parsed
 * into instructions and normalised for comparison (gcnlab compare).
 *
 * llvm-objdump runs as `llvm-objdump -d -t --symbolize-operands --mcpu=ARCH
 * FILE` (through gl_proc): -t gives the function symbols with their sizes
 * (so the alignment padding after s_endpgm is left out), --symbolize-operands
 * names branch targets <L0>, <L1>, ... instead of printing raw SIMM16
 * offsets.
 *
 * Normalisation (gl_disasm_normalise) makes two kernels comparable whatever
 * registers and label names they chose:
 *   norm   registers renamed per class (s, v, a) in order of first
 *          appearance, ranges kept whole (s[4:7] -> s[0:3] if s4 came
 *          first), labels renumbered L0, L1, ... by address; numbers kept.
 *          "s_load_dwordx4 s[4:7], s[0:1], 0x0" -> "s_load_dwordx4 s[0:3], s[4:5], 0x0"
 *   shape  the alignment key: mnemonic and operand shapes, registers as
 *          class and width, every number as '#', labels as 'L'.
 *          -> "s_load_dwordx4 s[4], s[2], #"
 */
#ifndef GL_DISASM_H
#define GL_DISASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/gl_err.h"

#define GL_DISASM_TEXT 192

struct gl_insn {
	uint32_t offset;                 /* bytes from the kernel entry */
	uint32_t size;                   /* bytes: 4 x the words objdump printed */
	char mnemonic[48];
	char operands[GL_DISASM_TEXT];   /* as printed after the mnemonic ("" none) */
	char label[48];                  /* label defined here: "L0" once normalised, "" none */
	char norm[GL_DISASM_TEXT];       /* gl_disasm_normalise */
	char shape[GL_DISASM_TEXT];
};

struct gl_disasm {
	char symbol[128];
	uint64_t address;                /* st_value of the function symbol */
	uint64_t size;                   /* st_size: bytes of code */
	size_t n;
	struct gl_insn *insns;           /* in address order */
};

/* llvm-objdump to use: $LLVM_BIN/llvm-objdump (the Makefile exports it),
 * $LLVM_DIR[/bin], $ROCM_PATH/llvm/bin (ROCM_PATH default /opt/rocm), the
 * newest /usr/lib/llvm-N/bin with N >= 17, then llvm-objdump on $PATH. */
bool gl_disasm_find_objdump(char *path, size_t len, struct gl_err *e);

/* Disassemble the function `symbol` of code object `path` for `arch`. */
bool gl_disasm_load(const char *objdump, const char *path, const char *arch, const char *symbol,
                    struct gl_disasm *out, struct gl_err *e);

/* Parse llvm-objdump's -d -t output `text` (the part gl_disasm_load runs).
 * Instructions are those inside [address, address + size) of `symbol`. */
bool gl_disasm_parse(const char *text, const char *symbol, struct gl_disasm *out,
                     struct gl_err *e);

void gl_disasm_free(struct gl_disasm *d);

/* Fill norm, shape and label of every instruction. */
void gl_disasm_normalise(struct gl_disasm *d);

/* Index of the instruction at byte offset `offset`, or -1. */
long gl_disasm_at(const struct gl_disasm *d, uint32_t offset);

#endif
