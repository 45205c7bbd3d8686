#include "gpu/gl_kd.h"

#include "gcn_proc.h"
#include "gpu/gl_occupancy.h"

/* The descriptor's fields as llvm-objdump prints them (.amdhsa_*), read
 * from the one decode of the descriptor (gcn_kd_decode, common/gcn_proc.c):
 * a bit field of one of its words, or one of the counts it derives. */
enum kd_word { W_GROUP, W_PRIVATE, W_KERNARG, W_RSRC3, W_RSRC1, W_RSRC2, W_PROPS, W_PRELOAD };

enum kd_conv {
	KD_RAW,         /* the bit field as stored */
	KD_ACCUM,       /* RSRC3 ACCUM_OFFSET [5:0]: the decode's accum_offset */
	KD_VGPRS,       /* RSRC1 [5:0]: the decode's vgpr_alloc (the arch's granule) */
	KD_SGPRS,       /* RSRC1 [9:6]: the decode's sgpr_count (GFX9's granule of 8) */
	KD_ZERO,        /* not in the descriptor: printed as 0, as llvm-objdump does */
	KD_NONZERO,     /* the bit field, printed only when not 0 */
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
	uint8_t word;    /* enum kd_word */
	uint8_t shift, width;
	uint32_t need, unless; /* enum gcn_feature */
	uint8_t conv;
} fields[] = {
	{ ".amdhsa_group_segment_fixed_size", W_GROUP, 0, 32, ALL, KD_RAW },
	{ ".amdhsa_private_segment_fixed_size", W_PRIVATE, 0, 32, ALL, KD_RAW },
	{ ".amdhsa_kernarg_size", W_KERNARG, 0, 32, ALL, KD_RAW },
	{ ".amdhsa_accum_offset", W_RSRC3, 0, 6, ONLY(F90A), KD_ACCUM },
	{ ".amdhsa_tg_split", W_RSRC3, 16, 1, ONLY(F90A), KD_RAW },
	{ ".amdhsa_next_free_vgpr", W_RSRC1, 0, 6, ALL, KD_VGPRS },
	{ ".amdhsa_reserve_vcc", W_GROUP, 0, 0, ALL, KD_ZERO },
	{ ".amdhsa_reserve_flat_scratch", W_GROUP, 0, 0, NOT(FAFS), KD_ZERO },
	{ ".amdhsa_reserve_xnack_mask", W_GROUP, 0, 0, ALL, KD_ZERO },
	{ ".amdhsa_next_free_sgpr", W_RSRC1, 6, 4, ALL, KD_SGPRS },
	{ ".amdhsa_float_round_mode_32", W_RSRC1, 12, 2, ALL, KD_RAW },
	{ ".amdhsa_float_round_mode_16_64", W_RSRC1, 14, 2, ALL, KD_RAW },
	{ ".amdhsa_float_denorm_mode_32", W_RSRC1, 16, 2, ALL, KD_RAW },
	{ ".amdhsa_float_denorm_mode_16_64", W_RSRC1, 18, 2, ALL, KD_RAW },
	{ ".amdhsa_dx10_clamp", W_RSRC1, 21, 1, ALL, KD_RAW },
	{ ".amdhsa_ieee_mode", W_RSRC1, 23, 1, ALL, KD_RAW },
	{ ".amdhsa_fp16_overflow", W_RSRC1, 26, 1, ALL, KD_RAW },
	/* RSRC2 bit 0: the private segment wave offset SGPR; gfx942 (architected
	 * flat scratch) spells the same bit .amdhsa_enable_private_segment. */
	{ ".amdhsa_system_sgpr_private_segment_wavefront_offset", W_RSRC2, 0, 1, NOT(FAFS), KD_RAW },
	{ ".amdhsa_enable_private_segment", W_RSRC2, 0, 1, ONLY(FAFS), KD_RAW },
	{ ".amdhsa_system_sgpr_workgroup_id_x", W_RSRC2, 7, 1, ALL, KD_RAW },
	{ ".amdhsa_system_sgpr_workgroup_id_y", W_RSRC2, 8, 1, ALL, KD_RAW },
	{ ".amdhsa_system_sgpr_workgroup_id_z", W_RSRC2, 9, 1, ALL, KD_RAW },
	{ ".amdhsa_system_sgpr_workgroup_info", W_RSRC2, 10, 1, ALL, KD_RAW },
	{ ".amdhsa_system_vgpr_workitem_id", W_RSRC2, 11, 2, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_invalid_op", W_RSRC2, 24, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_denorm_src", W_RSRC2, 25, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_div_zero", W_RSRC2, 26, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_overflow", W_RSRC2, 27, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_underflow", W_RSRC2, 28, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_fp_ieee_inexact", W_RSRC2, 29, 1, ALL, KD_RAW },
	{ ".amdhsa_exception_int_div_zero", W_RSRC2, 30, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_private_segment_buffer", W_PROPS, 0, 1, NOT(FAFS), KD_RAW },
	{ ".amdhsa_user_sgpr_dispatch_ptr", W_PROPS, 1, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_queue_ptr", W_PROPS, 2, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_kernarg_segment_ptr", W_PROPS, 3, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_dispatch_id", W_PROPS, 4, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_flat_scratch_init", W_PROPS, 5, 1, NOT(FAFS), KD_RAW },
	{ ".amdhsa_user_sgpr_private_segment_size", W_PROPS, 6, 1, ALL, KD_RAW },
	{ ".amdhsa_user_sgpr_kernarg_preload_length", W_PRELOAD, 0, 7, ONLY(F90A), KD_NONZERO },
	{ ".amdhsa_user_sgpr_kernarg_preload_offset", W_PRELOAD, 7, 9, ONLY(F90A), KD_NONZERO },
	{ ".amdhsa_uses_dynamic_stack", W_PROPS, 11, 1, ALL, KD_RAW },
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
	struct gcn_kd d;
	unsigned n = 0;

	if (!ka)
		return 0;
	gcn_kd_decode(ka, kd, &d);
	const uint32_t words[] = {
		[W_GROUP] = d.group_segment_fixed_size, [W_PRIVATE] = d.private_segment_fixed_size,
		[W_KERNARG] = d.kernarg_size, [W_RSRC3] = d.rsrc3, [W_RSRC1] = d.rsrc1, [W_RSRC2] = d.rsrc2,
		[W_PROPS] = d.code_props, [W_PRELOAD] = d.kernarg_preload,
	};
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]) && n < max; i++) {
		uint32_t word = words[fields[i].word];
		uint64_t v;

		if (!gcn_has(ka, fields[i].need) || (ka->feat & fields[i].unless))
			continue;
		v = fields[i].width == 32 ? word : (word >> fields[i].shift) & ((1u << fields[i].width) - 1);
		switch (fields[i].conv) {
		case KD_ACCUM:
			v = d.accum_offset;
			break;
		case KD_VGPRS:
			v = d.vgpr_alloc;
			break;
		case KD_SGPRS:
			v = d.sgpr_count;
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
