/*
 * test_clocks — gl_clocks: reading the DPM state lists the amdgpu
 * driver exposes in sysfs (pp_dpm_sclk / pp_dpm_mclk), and state labels.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "measure/gl_clocks.h"

static void test_parse_dpm(void **state)
{
	uint32_t mhz[16];
	unsigned n;
	int cur;

	(void)state;
	/* As an RX Vega 64 lists its shader clocks (the copy seed's rocm-smi
	 * shows the same eight states). */
	assert_true(gl_clock_plan_parse_dpm("0: 852Mhz \n1: 991Mhz \n2: 1084Mhz \n3: 1138Mhz \n"
	                                "4: 1200Mhz \n5: 1401Mhz *\n6: 1536Mhz \n7: 1630Mhz \n",
	                                mhz, 16, &n, &cur));
	assert_int_equal(n, 8);
	assert_int_equal(mhz[0], 852);
	assert_int_equal(mhz[7], 1630);
	assert_int_equal(cur, 5);

	assert_true(gl_clock_plan_parse_dpm("0: 167Mhz\n1: 500Mhz\n2: 800Mhz\n3: 945Mhz *", mhz, 16, &n, &cur));
	assert_int_equal(n, 4);
	assert_int_equal(mhz[3], 945);
	assert_int_equal(cur, 3);

	/* No current marker; a capacity smaller than the list. */
	assert_true(gl_clock_plan_parse_dpm("0: 100Mhz\n1: 200Mhz\n2: 300Mhz\n", mhz, 2, &n, &cur));
	assert_int_equal(n, 2);
	assert_int_equal(cur, -1);

	/* Nothing that looks like a state. */
	assert_false(gl_clock_plan_parse_dpm("", mhz, 16, &n, &cur));
	assert_false(gl_clock_plan_parse_dpm("S: 19Mhz\n", mhz, 16, &n, &cur));
	/* Levels must count up from 0. */
	assert_true(gl_clock_plan_parse_dpm("0: 10Mhz\n2: 30Mhz\n", mhz, 16, &n, &cur));
	assert_int_equal(n, 1);
}

static void test_describe(void **state)
{
	struct gl_clock_state s = { .label = "S5M3", .sclk_mhz = 1401, .mclk_mhz = 945 };
	struct gl_clock_state u = { .label = "current (unknown)" };
	char buf[64];

	(void)state;
	gl_clock_plan_describe(&s, buf, sizeof(buf));
	assert_string_equal(buf, "S5M3 (1401/945 MHz)");
	gl_clock_plan_describe(&u, buf, sizeof(buf));
	assert_string_equal(buf, "current (unknown)");
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_parse_dpm),
	cmocka_unit_test(test_describe))
