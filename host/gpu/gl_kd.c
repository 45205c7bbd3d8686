#include "gpu/gl_kd.h"

#include <string.h>

#include "gcn_proc.h"
#include "gpu/gl_occupancy.h"

/* Kernel descriptor layout, AMDGPUUsage "Kernel Descriptor" (code object
 * v3+), GFX9 fields only. Bytes: 0 GROUP_SEGMENT_FIXED_SIZE,
 * 4 PRIVATE_SEGMENT_FIXED_SIZE, 8 KERNARG_SIZE, 44 COMPUTE_PGM_RSRC3,
 * 48 COMPUTE_PGM_RSRC1, 52 COMPUTE_PGM_RSRC2, 56 KERNEL_CODE_PROPERTIES
 * (16 bits), 58 KERNARG_PRELOAD (16 bits). */
enum kd_conv {
	KD_RAW,         /* the field as stored */
	KD_ACCUM,       /* RSRC3 ACCUM_OFFSET [5:0]: (v + 1) * 4 */
	KD_VGPRS,       /* RSRC1 [5:0]: (v + 1) * the arch's VGPR encoding granule */
	KD_SGPRS,       /* RSRC1 [9:6]: (v + 1) * 8, GFX9's SGPR encoding granule */
	KD_ZERO,        /* not in the descriptor: printed as 0, as llvm-objdump does */
	KD_NONZERO,     /* the field, printed only when not 0 */
};

/* Which processors have the field (or this spelling of it), by feature
 * (common/gcn_proc.h): those in need set, those in unless clear. */
enum {
	FALL = 0,
	F90A = GCN_F_GFX90A_INSTS,       /* rsrc3, the unified file, kernarg preload fields */
	FAFS = GCN_F_ARCH_FLAT_SCRATCH,  /* architected flat scratch: no private segment buffer */
};
#define ALL FALL, 0
#define ONLY(f) f, 0
#define NOT(f) 0, f

static const struct {
	const char *name;
	uint8_t byte;    /* offset of the little-endian word holding the field */
	uint8_t shift, width;
	uint32_t need, unless; /* enum gcn_feature */
	uint8_t conv;
} fields[] = {
	{ ".amdhsa_group_segment_fixed_size", 0, 0, 32, ALL, KD_RAW },
	{ ".amdhsa_private_segment_fixed_size", 4, 0, 32, ALL, KD_RAW },
	{ ".amdhsa_kernarg_size", 8, 0, 32, ALL, KD_RAW },
	{ ".amdhsa_accum_offset", 44, 0, 6, ONLY(F90A), KD_ACCUM },
	{ ".amdhsa_tg_split", 44, 16, 1, ONLY(F90A), KD_RAW },
	{ ".amdhsa_next_free_vgpr", 48, 0, 6, ALL, KD_VGPRS },
	{ ".amdhsa_reserve_vcc", 0, 0, 0, ALL, KD_ZERO },
	{ ".amdhsa_reserve_flat_scratch", 0, 0, 0, NOT(FAFS), KD_ZERO },
	{ ".amdhsa_reserve_xnack_mask", 0, 0, 0, ALL, KD_ZERO },
	{ ".amdhsa_next_free_sgpr", 48, 6, 4, ALL, KD_SGPRS },
	{ ".amdhsa_float_round_mode_32", 48, 12, 2, ALL, KD_RAW },
	{ ".amdhsa_float_round_mode_16_64", 48, 14, 2, ALL, KD_RAW },
	{ ".amdhsa_float_denorm_mode_32", 48, 16, 2, ALL, KD_RAW },
	{ ".amdhsa_float_denorm_mode_16_64", 48, 18, 2, ALL, KD_RAW },
	{ ".amdhsa_dx10_clamp", 48, 21, 1, ALL, KD_RAW },
	{ ".amdhsa_ieee_mode", 48, 23, 1, ALL, KD_RAW },
	{ ".amdhsa_fp16_overflow", 48, 26, 1, ALL, KD_RAW },
	/* RSRC2 bit 0: the private segment wave offset SGPR; gfx942 (architected
	 * flat scratch) spells the same bit .amdhsa_enable_private_segment. */
	{ ".amdhsa_system_sgpr_private_segment_wavefront_offset", 52, 0, 1, NOT(FAFS), KD_RAW },
	{ ".amdhsa_enable_private_segment", 52, 0, 1, ONLY(FAFS), KD_RAW },
	{ ".amdhsa_system_sgpr_workgroup_id_x", 52, 7, 1, ALL, KD_RAW },
	{ ".amdhsa_system_sgpr_workgroup_id_y", 52, 8, 1, ALL, KD_RAW },
	{ ".amdhsa_system_sgpr_workgroup_id_z", 52, 9, 1, ALL, KD_RAW },
	{ ".amdhsa_system_sgpr_workgroup_info", 52, 10, 1, ALL, KD_RAW },
	{ ".amdhsa_system_vgpr_workitem_id", 52, 11, 2, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_invalid_op", 52, 24, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_denorm_src", 52, 25, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_div_zero", 52, 26, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_overflow", 52, 27, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_underflow", 52, 28, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_inexact", 52, 29, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_int_div_zero", 52, 30, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_private_segment_buffer", 56, 0, 1, NOT(FAFS), KD_RAW },
	{ ".amdhsa_user_sgpr_dispatch_ptr", 56, 1, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_queue_ptr", 56, 2, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_kernarg_segment_ptr", 56, 3, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_dispatch_id", 56, 4, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_flat_scratch_init", 56, 5, 1, NOT(FAFS), KD_RAW },
	{ ".amdhsa_user_sgpr_private_segment_size", 56, 6, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_kernarg_preload_length", 58, 0, 7, ONLY(F90A), KD_NONZERO },
	{ ".amdhsa_user_sgpr_kernarg_preload_offset", 58, 7, 9, ONLY(F90A), KD_NONZERO },
	{ ".amdhsa_uses_dynamic_stack", 56, 11, 1, ALL, KD_RAW },
};

bool gl_kd_read(const void *file, size_t size, const struct gcn_kernel *k, uint8_t kd[GL_KD_SIZE],
                struct gl_err *e)
{
	return gl_occupancy_read_descriptor(file, size, k, kd, e);
}

unsigned gl_kd_decode(const uint8_t kd[GL_KD_SIZE], const char *arch, struct gl_kd_field *out,
                      unsigned max)
{
	const struct gcn_proc *ka = gcn_proc_find(arch);
	unsigned n = 0;

	if (!ka)
		return 0;
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]) && n < max; i++) {
		uint32_t word;
		uint64_t v;

		if (!gcn_has(ka, fields[i].need) || (ka->feat & fields[i].unless))
			continue;
		memcpy(&word, kd + fields[i].byte, 4);
		v = fields[i].width == 32 ? word : (word >> fields[i].shift) & ((1u << fields[i].width) - 1);
		switch (fields[i].conv) {
		case KD_ACCUM:
			v = (v + 1) * 4;
			break;
		case KD_VGPRS:
			v = (v + 1) * ka->vgpr_granule;
			break;
		case KD_SGPRS:
			v = (v + 1) * 8;
			break;
		case KD_ZERO:
			v = 0;
			break;
		case KD_NONZERO:
			if (!v)
				continue;
			break;
		default:
			break;
		}
		out[n].name = fields[i].name;
		out[n].value = v;
		n++;
	}
	return n;
}

void gl_kd_print(FILE *f, const char *kernel, const uint8_t kd[GL_KD_SIZE], const char *arch)
{
	struct gl_kd_field fl[sizeof(fields) / sizeof(fields[0])];
	unsigned n = gl_kd_decode(kd, arch, fl, sizeof(fl) / sizeof(fl[0]));

	fprintf(f, ".amdhsa_kernel %s\n", kernel);
	for (unsigned i = 0; i < n; i++)
		fprintf(f, "\t%s %llu\n", fl[i].name, (unsigned long long)fl[i].value);
	fprintf(f, ".end_amdhsa_kernel\n");
}
