/*
 * tu_tools — helpers shared by the unit tests that build code objects with
 * LLVM in their set-up: where LLVM is, running a command, whole-file I/O.
 * Header-only (each tests/unit/test_*.c is its own program).
 */
#ifndef TU_TOOLS_H
#define TU_TOOLS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The .text of a kernel "copy" both the code-object reader and the loader
 * tests assemble: dst[i] = src[i], one dword per lane; kernarg = {src, dst}
 * (s[0:1] the kernarg pointer). The descriptor and metadata are each
 * test's own. */
#define TU_ASM_COPY \
	".text\n" \
	".globl copy\n" \
	".p2align 8\n" \
	".type copy,@function\n" \
	"copy:\n" \
	"  s_load_dwordx4 s[0:3], s[0:1], 0x0\n" \
	"  v_lshlrev_b32 v0, 2, v0\n" \
	"  s_waitcnt lgkmcnt(0)\n" \
	"  global_load_dword v1, v0, s[0:1]\n" \
	"  s_waitcnt vmcnt(0)\n" \
	"  global_store_dword v0, v1, s[2:3]\n" \
	"  s_endpgm\n"

/* The start of the NT_AMDGPU_METADATA for TU_ASM_COPY: the copy kernel's
 * entry up to its register counts (.max_flat_workgroup_size, the .args and
 * the other kernels follow in each test). */
#define TU_ASM_COPY_META \
	".amdgpu_metadata\n" \
	"---\n" \
	"amdhsa.version: [ 1, 2 ]\n" \
	"amdhsa.kernels:\n" \
	"  - .name: copy\n" \
	"    .symbol: copy.kd\n" \
	"    .kernarg_segment_size: 16\n" \
	"    .group_segment_fixed_size: 0\n" \
	"    .private_segment_fixed_size: 0\n" \
	"    .kernarg_segment_align: 8\n" \
	"    .wavefront_size: 64\n" \
	"    .sgpr_count: 4\n" \
	"    .vgpr_count: 2\n"

struct tu_blob {
	uint8_t *data;
	size_t size;
};

/* $GCNLAB_LLVM_BIN, else $LLVM_BIN (set by make test), else Debian's LLVM 19. */
static inline const char *tu_llvm_bin(void)
{
	const char *b = getenv("GCNLAB_LLVM_BIN");

	if (!b || !*b)
		b = getenv("LLVM_BIN");
	return b && *b ? b : "/usr/lib/llvm-19/bin";
}

/* true when the LLVM in use has the tool; otherwise says which tool is
 * missing where, and how to get it (a test then fails naming the tool, not
 * with a compiler's error about a program it could not run). */
static inline bool tu_llvm_has(const char *tool)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", tu_llvm_bin(), tool);
	if (access(path, X_OK) == 0)
		return true;
	fprintf(stderr, "# %s is missing from %s (the LLVM in use): run 'make deps'\n", tool,
	        tu_llvm_bin());
	return false;
}

/* Run a shell command; a failure is printed with the command. */
static inline bool tu_run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline bool tu_run(const char *fmt, ...)
{
	char cmd[2048];
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	rc = system(cmd);
	if (rc != 0)
		fprintf(stderr, "# command failed (%d): %s\n", rc, cmd);
	return rc == 0;
}

/* The whole of a non-empty file into b->data (malloc'd). */
static inline bool tu_read_file(const char *path, struct tu_blob *b)
{
	FILE *f = fopen(path, "rb");
	long n;
	bool ok;

	if (!f)
		return false;
	ok = !fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET);
	if (ok) {
		b->size = (size_t)n;
		b->data = malloc(b->size);
		ok = b->data && fread(b->data, 1, b->size, f) == b->size;
	}
	fclose(f);
	return ok;
}

static inline bool tu_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	bool ok;

	if (!f)
		return false;
	ok = fputs(text, f) >= 0;
	return fclose(f) == 0 && ok;
}

#endif
