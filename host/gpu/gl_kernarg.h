/*
 * gl_kernarg — lay out a kernel's kernarg segment from its metadata.
 *
 * Explicit arguments are checked against .args (count, kind, size) and
 * written at their .offset; hidden arguments (code object v4/v5 implicit
 * arguments, AMDGPUUsage "Code Object V5 Metadata" .args table) are filled
 * from the launch shape. Every other byte of the segment is zero.
 */
#ifndef GL_KERNARG_H
#define GL_KERNARG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcn_codeobj.h"
#include "base/gl_err.h"

enum gl_kernarg_val_kind {
	GL_KV_BUFFER, /* a device address: fills a global_buffer argument */
	GL_KV_SCALAR, /* bytes: fills a by_value argument of exactly that size */
};

/* Largest by-value argument (a struct or vector passed by value). */
#define GL_KERNARG_VAL_MAX 256

/* One explicit argument value. */
struct gl_kernarg_val {
	enum gl_kernarg_val_kind kind;
	uint64_t address;   /* GL_KV_BUFFER */
	uint8_t bytes[GL_KERNARG_VAL_MAX]; /* GL_KV_SCALAR, in memory order (little endian) */
	uint32_t size;      /* GL_KV_SCALAR: 1..GL_KERNARG_VAL_MAX */
	const char *label;  /* how the user spelled it ("buf:1M"), for messages */
};

/* What the hidden arguments describe. grid is in work-items per dimension
 * (AQL grid_size_*), block in work-items (AQL workgroup_size_*). */
struct gl_kernarg_launch {
	uint32_t grid[3];
	uint32_t block[3];
	unsigned dims;          /* 1..3 */
	uint32_t dynamic_lds;   /* bytes of group segment beyond the kernel's fixed size */
	uint64_t queue_ptr;     /* address of the hsa_queue_t the packet goes to */
	uint32_t private_base;  /* high 32 bits of the private aperture, 0 if unknown */
	uint32_t shared_base;   /* high 32 bits of the shared (LDS) aperture, 0 if unknown */
};

/* Number of explicit (non-hidden) arguments of k. */
uint32_t gl_kernarg_explicit_count(const struct gcn_kernel *k);

/* Check that vals match k's explicit arguments (count, kind, size) without
 * writing anything; lets a caller fail before allocating buffers. */
bool gl_kernarg_check(const struct gcn_kernel *k, const struct gl_kernarg_val *vals,
                      uint32_t nvals, struct gl_err *e);

/* A launch's shape as AQL takes it: 1, 2 or 3 dimensions, every grid and
 * block size at least 1 (kernel names the kernel in the message). */
bool gl_kernarg_check_shape(const char *kernel, unsigned dims, const uint32_t grid[3], const uint32_t block[3],
                            struct gl_err *e);

/* Write the whole segment into dst[0..dst_size): zero it, the explicit
 * arguments, then the hidden ones. dst_size must cover every argument. */
bool gl_kernarg_pack(const struct gcn_kernel *k, const struct gl_kernarg_val *vals,
                     uint32_t nvals, const struct gl_kernarg_launch *launch,
                     void *dst, size_t dst_size, struct gl_err *e);

#endif
