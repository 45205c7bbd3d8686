/*
 * test_ulp — gl_ulp: the ULP distance of two f32 values across zero,
 * NaNs, infinities, and the first element of two arrays beyond a tolerance.
 * Bit patterns are IEEE binary32 encodings worked by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "report/gl_ulp.h"

static void test_distance(void **state)
{
	(void)state;
	assert_int_equal(gl_ulp_f32(0x3f800000u, 0x3f800000u), 0);         /* 1.0, 1.0 */
	assert_int_equal(gl_ulp_f32(0x3f800000u, 0x3f800001u), 1);         /* next float up */
	assert_int_equal(gl_ulp_f32(0x3f800001u, 0x3f800000u), 1);         /* symmetric */
	assert_int_equal(gl_ulp_f32(0x3f7fffffu, 0x3f800000u), 1);         /* across a power of two */
	assert_int_equal(gl_ulp_f32(0x00000000u, 0x80000000u), 0);         /* +0, -0 */
	assert_int_equal(gl_ulp_f32(0x00000001u, 0x80000001u), 2);         /* smallest denormals, +/- */
	assert_int_equal(gl_ulp_f32(0x00000010u, 0x00000000u), 16);        /* denormal vs flushed */
	assert_int_equal(gl_ulp_f32(0x7f7fffffu, 0x7f800000u), 1);         /* FLT_MAX, +inf */
	assert_int_equal(gl_ulp_f32(0x7fc00000u, 0x7fc00001u), 0);         /* two NaNs */
	assert_true(gl_ulp_f32(0x7fc00000u, 0x3f800000u) == UINT64_MAX);   /* NaN, 1.0 */
	assert_true(gl_ulp_f32(0x3f800000u, 0xbf800000u) == 2ull * 0x3f800000u); /* 1.0, -1.0 */
}

static void test_arrays(void **state)
{
	uint32_t a[4] = { 0x3f800000u, 0x40000000u, 0x40400000u, 0x40800000u };
	uint32_t b[4] = { 0x3f800000u, 0x40000002u, 0x40400005u, 0x40800000u };
	uint64_t m;
	size_t at;

	(void)state;
	/* Tolerance 5: all within; the largest distance 5 at element 2. */
	assert_int_equal(gl_ulp_first_beyond((uint8_t *)a, (uint8_t *)b, 16, 5, &m, &at), 5);
	assert_int_equal(m, 5);
	assert_int_equal(at, 2);
	/* Tolerance 1: element 1 is the first beyond (2 ULP). */
	assert_int_equal(gl_ulp_first_beyond((uint8_t *)a, (uint8_t *)b, 16, 1, &m, &at), 1);
	assert_int_equal(m, 2);
	/* Tolerance 0 on equal arrays: none beyond. */
	assert_int_equal(gl_ulp_first_beyond((uint8_t *)a, (uint8_t *)a, 16, 0, &m, &at), 5);
	assert_int_equal(m, 0);
	/* A trailing partial word is compared bytewise. */
	{
		uint8_t x[6] = { 0, 0, 0x80, 0x3f, 1, 2 }, y[6] = { 0, 0, 0x80, 0x3f, 1, 3 };

		assert_int_equal(gl_ulp_first_beyond(x, y, 6, 100, &m, &at), 1);
		assert_true(m == UINT64_MAX);
	}
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_distance),
	cmocka_unit_test(test_arrays))
