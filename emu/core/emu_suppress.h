/*
 * emu_suppress — reads of the emulator's strictness checks that a kernel
 * makes by design, declared per kernel in a suppression file (the
 * sanitizers' idea): a suppressed finding is neither a warning nor, under
 * GCNLAB_EMU_STRICT=1, a fault; every other finding still is.
 *
 * The file is GCNLAB_EMU_SUPPRESSIONS (gcnlab sets it to the build's copy of
 * asm/gcnlab-emu.supp unless the variable is set; set it empty for none).
 * One suppression a line, `#` starts a comment:
 *
 *     <kernel name> <rule> <reason, at least a few words>
 *
 * The kernel is matched by its exact name; a line without a reason, or
 * with a rule the emulator does not know, is reported and ignored.
 */
#ifndef EMU_SUPPRESS_H
#define EMU_SUPPRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The rules a suppression may name (bits of emu_suppress_rules). */
enum emu_suppress_rule {
	EMU_SUPPRESS_UNINIT_LDS = 1u << 0,  /* "uninit-lds": a read of LDS no DS write of the workgroup wrote */
	EMU_SUPPRESS_LDS_OOB = 1u << 1,     /* "lds-oob": an LDS access at or past the allocation */
};

struct emu_suppress;

/* The suppressions of file path (NULL or "" for none: returns an empty
 * set). Bad lines are reported on warn, naming file and line; NULL only
 * when out of memory or the file cannot be read (also reported). */
struct emu_suppress *emu_suppress_load(const char *path, FILE *warn);
void emu_suppress_destroy(struct emu_suppress *s);

/* The rules suppressed for kernel `name` (0 for none, or when s is NULL). */
uint32_t emu_suppress_rules(const struct emu_suppress *s, const char *name);

/* Parse one line (no newline) into kernel, rule; false with why set when
 * the line is malformed; true with *rule 0 for a blank or comment line.
 * Exposed for the unit test. */
bool emu_suppress_parse_line(const char *line, char *kernel, size_t klen, uint32_t *rule,
                             const char **why);

#endif
