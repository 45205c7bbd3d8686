#include "gpu/gl_kernarg.h"

#include <stdio.h>
#include <string.h>

/*
 * Hidden (implicit) arguments, AMDGPUUsage "Code Object V5 Metadata" .args
 * table, and how ROCm's device library reads them (ockl workitem.cl for ABI
 * >= 500): global size = block_count * group_size + remainder, number of
 * workgroups = block_count + (remainder > 0). So block_count counts the *full*
 * workgroups (grid / block, rounded down) and remainder is the size of the
 * partial last workgroup (grid % block, 0 when there is none).
 */
enum hidden_src {
	H_ZERO,          /* value we do not provide: 0 (null pointer, no offset) */
	H_BLOCK_COUNT,   /* u32: grid[d] / block[d] */
	H_GROUP_SIZE,    /* u16: block[d] */
	H_REMAINDER,     /* u16: grid[d] % block[d] */
	H_GRID_DIMS,     /* u16: dimensions of the dispatch (AQL setup) */
	H_DYNAMIC_LDS,   /* u32: dynamic group segment bytes */
	H_QUEUE_PTR,     /* u64: address of the hsa_queue_t */
	H_PRIVATE_BASE,  /* u32: private aperture, high half */
	H_SHARED_BASE,   /* u32: shared aperture, high half */
};

static const struct {
	const char *kind;
	uint32_t size;   /* bytes, as AMDGPUUsage gives it */
	enum hidden_src src;
	unsigned dim;
} hidden_table[] = {
	{ "hidden_block_count_x", 4, H_BLOCK_COUNT, 0 },
	{ "hidden_block_count_y", 4, H_BLOCK_COUNT, 1 },
	{ "hidden_block_count_z", 4, H_BLOCK_COUNT, 2 },
	{ "hidden_group_size_x", 2, H_GROUP_SIZE, 0 },
	{ "hidden_group_size_y", 2, H_GROUP_SIZE, 1 },
	{ "hidden_group_size_z", 2, H_GROUP_SIZE, 2 },
	{ "hidden_remainder_x", 2, H_REMAINDER, 0 },
	{ "hidden_remainder_y", 2, H_REMAINDER, 1 },
	{ "hidden_remainder_z", 2, H_REMAINDER, 2 },
	{ "hidden_grid_dims", 2, H_GRID_DIMS, 0 },
	{ "hidden_dynamic_lds_size", 4, H_DYNAMIC_LDS, 0 },
	/* OpenCL global offsets: gcnlab dispatches never have one. */
	{ "hidden_global_offset_x", 8, H_ZERO, 0 },
	{ "hidden_global_offset_y", 8, H_ZERO, 0 },
	{ "hidden_global_offset_z", 8, H_ZERO, 0 },
	/* Runtime services gcnlab does not provide (device printf, hostcall,
	 * device enqueue, cooperative groups, device malloc): null pointers,
	 * as ROCr-only loaders leave them. */
	{ "hidden_printf_buffer", 8, H_ZERO, 0 },
	{ "hidden_hostcall_buffer", 8, H_ZERO, 0 },
	{ "hidden_default_queue", 8, H_ZERO, 0 },
	{ "hidden_completion_action", 8, H_ZERO, 0 },
	{ "hidden_multigrid_sync_arg", 8, H_ZERO, 0 },
	{ "hidden_heap_v1", 8, H_ZERO, 0 },
	{ "hidden_queue_ptr", 8, H_QUEUE_PTR, 0 },
	/* Only emitted for targets without aperture registers (pre-gfx9). */
	{ "hidden_private_base", 4, H_PRIVATE_BASE, 0 },
	{ "hidden_shared_base", 4, H_SHARED_BASE, 0 },
};

uint32_t gl_kernarg_explicit_count(const struct gcn_kernel *k)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < k->nargs; i++)
		n += !k->args[i].hidden;
	return n;
}

/* "argument 2 ('flag', by_value, bool, 1 bytes)": the name, metadata kind,
 * .type_name when the code object has one, and .size. */
static const char *arg_label(const struct gcn_kernarg *a, char *buf, size_t len, uint32_t idx)
{
	snprintf(buf, len, "argument %u (%s%s%s%s%s%s, %u bytes)", idx, a->name[0] ? "'" : "", a->name,
	         a->name[0] ? "', " : "", a->value_kind, a->type_name[0] ? ", " : "", a->type_name,
	         a->size);
	return buf;
}

/* What to pass for a by_value argument of size bytes. */
static const char *value_hint(uint32_t size)
{
	switch (size) {
	case 1:
		return "u8:, i8: or bool:";
	case 2:
		return "u16:, i16:, f16: or bf16:";
	case 4:
		return "u32:, i32: or f32:";
	case 8:
		return "u64:, i64:, f64: or bytes:HEX with 8 bytes";
	default:
		return "bytes:HEX";
	}
}

bool gl_kernarg_check(const struct gcn_kernel *k, const struct gl_kernarg_val *vals,
                      uint32_t nvals, struct gl_err *e)
{
	uint32_t want = gl_kernarg_explicit_count(k);
	uint32_t v = 0;
	char label[200];

	if (nvals != want)
		return gl_err_set(e, "kernel %s takes %u explicit argument%s, %u given",
		                  k->name, want, want == 1 ? "" : "s", nvals);
	for (uint32_t i = 0; i < k->nargs; i++) {
		const struct gcn_kernarg *a = &k->args[i];
		const struct gl_kernarg_val *val;

		if (a->hidden)
			continue;
		val = &vals[v++];
		arg_label(a, label, sizeof(label), v);
		if (strcmp(a->value_kind, "global_buffer") == 0) {
			if (val->kind != GL_KV_BUFFER)
				return gl_err_set(e, "kernel %s %s is a pointer: pass buf:SIZE[:INIT] or out:SIZE:PATH[:INIT], not '%s'",
				                  k->name, label, val->label ? val->label : "a scalar");
			if (a->size != 8)
				return gl_err_set(e, "kernel %s %s has size %u in the metadata; a global_buffer is 8 bytes",
				                  k->name, label, a->size);
		} else if (strcmp(a->value_kind, "by_value") == 0) {
			if (val->kind != GL_KV_SCALAR)
				return gl_err_set(e, "kernel %s %s is a value: pass %s, not '%s'",
				                  k->name, label, value_hint(a->size),
				                  val->label ? val->label : "a buffer");
			if (val->size != a->size)
				return gl_err_set(e, "kernel %s %s: '%s' is %u bytes; pass %s with %u bytes",
				                  k->name, label, val->label ? val->label : "the value",
				                  val->size, value_hint(a->size), a->size);
		} else {
			return gl_err_set(e, "kernel %s %s: gcnlab can pass only global_buffer and by_value arguments",
			                  k->name, label);
		}
	}
	return true;
}

static bool put(uint8_t *dst, size_t dst_size, const struct gcn_kernarg *a, uint64_t value,
                const struct gcn_kernel *k, struct gl_err *e)
{
	if ((uint64_t)a->offset + a->size > dst_size)
		return gl_err_set(e, "kernel %s: %s at offset %u (+%u bytes) is past the %zu-byte kernarg segment",
		                  k->name, a->value_kind, a->offset, a->size, dst_size);
	/* Little endian, truncated to the argument's size (x86-64 host). */
	memcpy(dst + a->offset, &value, a->size < 8 ? a->size : 8);
	return true;
}

static uint64_t hidden_value(enum hidden_src src, unsigned d, const struct gl_kernarg_launch *l)
{
	switch (src) {
	case H_ZERO:
		return 0;
	case H_BLOCK_COUNT:
		return l->grid[d] / l->block[d];
	case H_GROUP_SIZE:
		return l->block[d];
	case H_REMAINDER:
		return l->grid[d] % l->block[d];
	case H_GRID_DIMS:
		return l->dims;
	case H_DYNAMIC_LDS:
		return l->dynamic_lds;
	case H_QUEUE_PTR:
		return l->queue_ptr;
	case H_PRIVATE_BASE:
		return l->private_base;
	case H_SHARED_BASE:
		return l->shared_base;
	}
	return 0;
}

static bool pack_hidden(const struct gcn_kernel *k, const struct gcn_kernarg *a,
                        const struct gl_kernarg_launch *l, uint8_t *dst, size_t dst_size,
                        struct gl_err *e)
{
	for (size_t i = 0; i < sizeof(hidden_table) / sizeof(hidden_table[0]); i++) {
		if (strcmp(hidden_table[i].kind, a->value_kind) != 0)
			continue;
		if (a->size != hidden_table[i].size)
			return gl_err_set(e, "kernel %s: metadata gives %s %u bytes; AMDGPUUsage defines it as %u",
			                  k->name, a->value_kind, a->size, hidden_table[i].size);
		return put(dst, dst_size, a, hidden_value(hidden_table[i].src, hidden_table[i].dim, l),
		           k, e);
	}
	/* hidden_none, hidden_tool_correlation_id and kinds newer than this
	 * table: the segment is already zero, which is what they expect absent a
	 * runtime that fills them. Still bounds-checked. */
	return put(dst, dst_size, a, 0, k, e);
}

bool gl_kernarg_check_shape(const char *kernel, unsigned dims, const uint32_t grid[3], const uint32_t block[3],
                            struct gl_err *e)
{
	if (dims < 1 || dims > 3)
		return gl_err_set(e, "kernel %s: a dispatch has 1, 2 or 3 dimensions, not %u", kernel, dims);
	for (unsigned d = 0; d < 3; d++)
		if (!block[d] || !grid[d])
			return gl_err_set(e, "kernel %s: grid and block sizes must be at least 1", kernel);
	return true;
}

bool gl_kernarg_pack(const struct gcn_kernel *k, const struct gl_kernarg_val *vals,
                     uint32_t nvals, const struct gl_kernarg_launch *launch,
                     void *dst, size_t dst_size, struct gl_err *e)
{
	uint8_t *p = dst;
	uint32_t v = 0;

	if (!gl_kernarg_check(k, vals, nvals, e) ||
	    !gl_kernarg_check_shape(k->name, launch->dims, launch->grid, launch->block, e))
		return false;
	for (unsigned d = 0; d < 3; d++) {
		/* hidden_group_size_* and hidden_remainder_* are 16 bits. */
		if (launch->block[d] > UINT16_MAX)
			return gl_err_set(e, "kernel %s: workgroup size %u does not fit the 16-bit hidden_group_size",
			                  k->name, launch->block[d]);
	}
	memset(dst, 0, dst_size);
	for (uint32_t i = 0; i < k->nargs; i++) {
		const struct gcn_kernarg *a = &k->args[i];
		bool ok;

		if (a->hidden) {
			ok = pack_hidden(k, a, launch, p, dst_size, e);
		} else if (vals[v].kind == GL_KV_BUFFER) {
			ok = put(p, dst_size, a, vals[v++].address, k, e);
		} else {
			/* By value: the bytes as given, at .offset (size checked equal). */
			const struct gl_kernarg_val *val = &vals[v++];

			ok = (uint64_t)a->offset + a->size <= dst_size;
			if (ok)
				memcpy(p + a->offset, val->bytes, val->size);
			else
				gl_err_set(e, "kernel %s: by_value at offset %u (+%u bytes) is past the %zu-byte kernarg segment",
				           k->name, a->offset, a->size, dst_size);
		}
		if (!ok)
			return false;
	}
	return true;
}
