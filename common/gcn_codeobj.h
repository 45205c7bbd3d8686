/*
 * gcn_codeobj — read an AMDGPU HSA code object (ELF64, EM_AMDGPU) without a GPU.
 *
 * Shared by the host (kernarg layout, target checks) and the emulator's loader.
 * ELF is read with libelf; the NT_AMDGPU_METADATA note (code object v4/v5/v6)
 * is a msgpack map read with msgpack-c. Nothing here touches HSA.
 */
#ifndef GCN_CODEOBJ_H
#define GCN_CODEOBJ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GCN_NAME_MAX 128

/* A kernel argument as described by .args in the metadata. */
struct gcn_kernarg {
	char name[64];        /* .name, may be empty */
	char value_kind[40];  /* .value_kind: by_value, global_buffer, hidden_block_count_x, ... */
	char type_name[64];   /* .type_name, may be empty */
	uint32_t offset;      /* .offset, bytes from kernarg segment start */
	uint32_t size;        /* .size, bytes */
	bool hidden;          /* value_kind starts with "hidden_" */
};

/* One kernel of the code object (.amdhsa.kernels[i]). */
struct gcn_kernel {
	char name[GCN_NAME_MAX];      /* .name */
	char symbol[GCN_NAME_MAX];    /* .symbol, normally name + ".kd" */
	uint64_t kd_offset;           /* st_value of the .kd symbol (ELF vaddr of the descriptor) */
	uint32_t kernarg_size;        /* .kernarg_segment_size */
	uint32_t kernarg_align;       /* .kernarg_segment_align */
	uint32_t group_segment_size;  /* .group_segment_fixed_size */
	uint32_t private_segment_size;/* .private_segment_fixed_size */
	uint32_t wavefront_size;      /* .wavefront_size */
	uint32_t sgpr_count;          /* .sgpr_count */
	uint32_t vgpr_count;          /* .vgpr_count */
	uint32_t agpr_count;          /* .agpr_count (gfx90a/gfx942), 0 otherwise */
	uint32_t max_flat_workgroup_size; /* .max_flat_workgroup_size */
	uint32_t reqd_workgroup_size[3];  /* .reqd_workgroup_size, 0 when absent */
	bool uses_dynamic_stack;      /* .uses_dynamic_stack */
	uint32_t nargs;
	struct gcn_kernarg *args;     /* owned by the gcn_codeobj */
};

/* Processor, from e_flags (EF_AMDGPU_MACH) and the xnack/sramecc feature bits. */
struct gcn_target {
	char proc[16];     /* "gfx900", "gfx90a", "gfx942" */
	unsigned mach;     /* EF_AMDGPU_MACH_* value */
	int xnack;         /* -1 any/unsupported, 0 off (-), 1 on (+) */
	int sramecc;       /* -1 any/unsupported, 0 off (-), 1 on (+) */
	char full[96];     /* "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-" style; only the
	                      features given are spelled, as ROCr's isa names do */
};

struct gcn_codeobj {
	struct gcn_target target;
	unsigned abi_version;    /* code object version: 4, 5 or 6 */
	uint32_t nkernels;
	struct gcn_kernel *kernels;
	/* The executable text (.text section) as found in the file. */
	uint64_t text_vaddr;     /* sh_addr of .text */
	uint64_t text_offset;    /* file offset of .text */
	uint64_t text_size;
};

/* Parse the code object in data[0..size). On failure returns false and writes
 * one sentence to err naming what is wrong ("not an ELF file", "no
 * NT_AMDGPU_METADATA note", ...). out must be released with gcn_codeobj_free
 * on success; on failure it holds nothing. */
bool gcn_codeobj_parse(const void *data, size_t size, struct gcn_codeobj *out,
                       char *err, size_t errlen);
void gcn_codeobj_free(struct gcn_codeobj *co);

/* The n bytes the code object in data[0..size) loads at ELF address vaddr
 * (inside the file-backed part of one PT_LOAD), or NULL: what a loader
 * would map there, e.g. a kernel descriptor at gcn_kernel.kd_offset. */
const uint8_t *gcn_codeobj_at(const void *data, size_t size, uint64_t vaddr, size_t n);

/* Kernel by .name (or by .symbol); NULL if absent. */
const struct gcn_kernel *gcn_codeobj_find_kernel(const struct gcn_codeobj *co, const char *name);

/* Map EF_AMDGPU_MACH to "gfxNNN" (NULL if unknown) and back (0 if unknown). */
const char *gcn_mach_name(unsigned mach);
unsigned gcn_mach_from_name(const char *proc);

#endif
