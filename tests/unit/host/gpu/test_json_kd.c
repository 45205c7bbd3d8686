/*
 * test_json_kd — gl_json (nesting, commas, escapes, numbers that are
 * not finite) and gl_kd (a kernel descriptor built field by field from the
 * AMDGPUUsage layout, decoded per arch).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "base/gl_json.h"
#include "gpu/gl_kd.h"

static void test_json(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct gl_json j;

	(void)state;
	assert_non_null(f);
	gl_json_init(&j, f);
	gl_json_object(&j, NULL);
	gl_json_str(&j, "s", "a\"b\\c\n\x01");
	gl_json_array(&j, "a");
	gl_json_u64(&j, NULL, 1);
	gl_json_num(&j, NULL, 2.5);
	gl_json_num(&j, NULL, NAN);
	gl_json_end(&j);
	gl_json_array(&j, "empty");
	gl_json_end(&j);
	gl_json_object(&j, "o");
	gl_json_bool(&j, "t", true);
	gl_json_null(&j, "n");
	gl_json_end(&j);
	gl_json_end(&j);
	gl_json_finish(&j);
	fclose(f);
	assert_string_equal(buf, "{\n"
	                         "  \"s\": \"a\\\"b\\\\c\\n\\u0001\",\n"
	                         "  \"a\": [\n    1,\n    2.5,\n    null\n  ],\n"
	                         "  \"empty\": [],\n"
	                         "  \"o\": {\n    \"t\": true,\n    \"n\": null\n  }\n"
	                         "}\n");
	free(buf);
}

static void put32(uint8_t *kd, unsigned byte, uint32_t v)
{
	memcpy(kd + byte, &v, 4);
}

static uint64_t field(const struct gl_kd_field *f, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (strcmp(f[i].name, name) == 0)
			return f[i].value;
	return UINT64_MAX;
}

static void test_kd(void **state)
{
	uint8_t kd[GL_KD_SIZE] = { 0 };
	struct gl_kd_field f[64];
	unsigned n;

	(void)state;
	put32(kd, 0, 1024);                              /* group segment */
	put32(kd, 8, 28);                                /* kernarg size */
	put32(kd, 44, 1 | 1u << 16);                     /* RSRC3: ACCUM_OFFSET 1 (-> 8), TG_SPLIT */
	/* RSRC1: VGPR granules 2, SGPR granules 1, denorm_32 3 [17:16],
	 * denorm_16_64 3 [19:18], DX10 clamp [21], IEEE [23]. */
	put32(kd, 48, 2 | 1u << 6 | 3u << 16 | 3u << 18 | 1u << 21 | 1u << 23);
	put32(kd, 52, 1 | 1u << 7 | 2u << 11);           /* RSRC2: private segment, wg id x, workitem id 2 */
	kd[56] = 1u << 3;                                /* kernarg segment ptr */

	n = gl_kd_decode(kd, "gfx942", f, 64);
	assert_true(n > 30);
	assert_int_equal(field(f, n, ".amdhsa_group_segment_fixed_size"), 1024);
	assert_int_equal(field(f, n, ".amdhsa_kernarg_size"), 28);
	assert_int_equal(field(f, n, ".amdhsa_accum_offset"), 8);
	assert_int_equal(field(f, n, ".amdhsa_tg_split"), 1);
	assert_int_equal(field(f, n, ".amdhsa_next_free_vgpr"), 24);   /* (2 + 1) x granule 8 */
	assert_int_equal(field(f, n, ".amdhsa_next_free_sgpr"), 16);   /* (1 + 1) x 8 */
	assert_int_equal(field(f, n, ".amdhsa_float_denorm_mode_32"), 3);
	assert_int_equal(field(f, n, ".amdhsa_float_denorm_mode_16_64"), 3);
	assert_int_equal(field(f, n, ".amdhsa_dx10_clamp"), 1);
	assert_int_equal(field(f, n, ".amdhsa_ieee_mode"), 1);
	assert_int_equal(field(f, n, ".amdhsa_enable_private_segment"), 1);
	assert_int_equal(field(f, n, ".amdhsa_system_vgpr_workitem_id"), 2);
	assert_int_equal(field(f, n, ".amdhsa_user_sgpr_kernarg_segment_ptr"), 1);
	assert_true(field(f, n, ".amdhsa_user_sgpr_private_segment_buffer") == UINT64_MAX);

	/* gfx900: no AGPR fields, VGPR granule 4, the older private segment name. */
	n = gl_kd_decode(kd, "gfx900", f, 64);
	assert_true(field(f, n, ".amdhsa_accum_offset") == UINT64_MAX);
	assert_int_equal(field(f, n, ".amdhsa_next_free_vgpr"), 12);
	assert_int_equal(field(f, n, ".amdhsa_system_sgpr_private_segment_wavefront_offset"), 1);
	assert_int_equal(field(f, n, ".amdhsa_user_sgpr_private_segment_buffer"), 0);
	assert_int_equal(gl_kd_decode(kd, "gfx1100", f, 64), 0);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_json),
	cmocka_unit_test(test_kd))
