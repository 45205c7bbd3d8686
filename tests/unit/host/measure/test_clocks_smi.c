/*
 * test_clocks_smi — the hardware clock sweep (gl_clocks_smi) against
 * fake sysfs trees and a fake rocm-smi: which card is the GPU (full PCI
 * address), which states each generation gets and through which rocm-smi
 * options, the achieved clocks read back after each state, the restore, and
 * the one-line reason when no sweep can be done.
 *
 * The fake rocm-smi logs its arguments and moves the card's '*' entry the
 * way the driver would (FAKE_SMI_OFFSET MHz short of the asked clock, to
 * play a GPU that does not reach it; FAKE_SMI_FAIL to refuse).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tu_main.h"
#include "measure/gl_clocks_smi.h"
#include "tu_tools.h"
#include "tu_files.h"

struct fx {
	char root[128];    /* the fake /sys; first: tu_tmpdir_teardown frees it */
	char smi[200];
	char log[200];
	struct gl_smi_env env;
};

static const char fake_smi[] =
	"#!/bin/sh\n"
	"echo \"$*\" >> \"$FAKE_SMI_LOG\"\n"
	"if [ -n \"$FAKE_SMI_FAIL\" ]; then echo 'Not supported on the given system'; exit 0; fi\n"
	"card=\"$FAKE_SMI_CARD\"\n"
	"shift 2\n"
	"[ \"$1\" = --autorespond ] && shift 2\n"
	"mark() { awk -v l=\"$2\" '{ sub(/ \\*$/, \"\"); if ($1 == l \":\") $0 = $0 \" *\"; print }' \"$card/$1\" > \"$card/$1.new\" && mv \"$card/$1.new\" \"$card/$1\"; }\n"
	"pin() { printf '0: %dMhz *\\n' $(( $1 - ${FAKE_SMI_OFFSET:-0} )) > \"$card/pp_dpm_sclk\"; }\n"
	"case \"$1\" in\n"
	"--setsclk) mark pp_dpm_sclk \"$2\";;\n"
	"--setmclk) mark pp_dpm_mclk \"$2\";;\n"
	"--setperfdeterminism) pin \"$2\";;\n"
	"--setextremum) [ \"$2\" = max ] || pin \"$4\";;\n"
	"esac\n"
	"exit 0\n";

/* A card: cardN with an amdgpu uevent at slot and its DPM lists. */
static void add_card(struct fx *f, int n, const char *slot, const char *driver, const char *sclk,
                     const char *mclk)
{
	char p[512], text[256];

	assert_true(tu_run("mkdir -p %s/class/drm/card%d/device", f->root, n));
	snprintf(p, sizeof(p), "%s/class/drm/card%d/device/uevent", f->root, n);
	snprintf(text, sizeof(text), "DRIVER=%s\nPCI_CLASS=30000\nPCI_SLOT_NAME=%s\n", driver, slot);
	assert_true(tu_write_file(p, text));
	snprintf(p, sizeof(p), "%s/class/drm/card%d/device/pp_dpm_sclk", f->root, n);
	assert_true(tu_write_file(p, sclk));
	snprintf(p, sizeof(p), "%s/class/drm/card%d/device/pp_dpm_mclk", f->root, n);
	assert_true(tu_write_file(p, mclk));
}

static int setup(void **state)
{
	struct fx *f = tu_tmpdir_new(state, sizeof(*f), sizeof(f->root), "smi");

	if (!f)
		return -1;
	snprintf(f->smi, sizeof(f->smi), "%s/rocm-smi", f->root);
	snprintf(f->log, sizeof(f->log), "%s/smi.log", f->root);
	if (!tu_write_file(f->smi, fake_smi) || chmod(f->smi, 0755) != 0)
		return -1;
	snprintf(f->env.sysfs, sizeof(f->env.sysfs), "%s", f->root);
	snprintf(f->env.smi, sizeof(f->env.smi), "%s", f->smi);
	f->env.root = true;
	setenv("FAKE_SMI_LOG", f->log, 1);
	unsetenv("FAKE_SMI_FAIL");
	unsetenv("FAKE_SMI_OFFSET");
	return 0;
}

static void use_card(struct fx *f, int n)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/class/drm/card%d/device", f->root, n);
	setenv("FAKE_SMI_CARD", p, 1);
}

/* An empty plan, for amdgpu card 0 at slot with these clock tables, the
 * card the fake rocm-smi acts on. */
static struct gl_clock_plan *card0_plan(struct fx *f, const char *slot, const char *sclk, const char *mclk)
{
	struct gl_clock_plan *plan = calloc(1, sizeof(*plan));

	assert_non_null(plan);
	add_card(f, 0, slot, "amdgpu", sclk, mclk);
	use_card(f, 0);
	return plan;
}

/* The fake rocm-smi's log, one invocation per line. */
static char *smi_log(struct fx *f)
{
	static char buf[8192];
	FILE *fp = fopen(f->log, "r");
	size_t n = fp ? fread(buf, 1, sizeof(buf) - 1, fp) : 0;

	if (fp)
		fclose(fp);
	buf[n] = '\0';
	return buf;
}

static const char vega_sclk[] = "0: 852Mhz \n1: 991Mhz \n2: 1084Mhz \n3: 1138Mhz \n4: 1200Mhz \n"
                                "5: 1401Mhz *\n6: 1536Mhz \n7: 1630Mhz \n";
static const char vega_mclk[] = "0: 167Mhz \n1: 500Mhz \n2: 800Mhz \n3: 945Mhz *\n";

/* RX Vega 64: the sclk x mclk DPM grid, set by level; the card is the one
 * whose full address matches (the other has the same bus in domain 1). */
static void test_vega_levels(void **state)
{
	struct fx *f = *state;
	struct gl_clock_plan *plan = calloc(1, sizeof(*plan));
	struct gl_err e = { "" };
	char desc[96];

	assert_non_null(plan);
	add_card(f, 0, "0001:03:00.0", "amdgpu", "0: 300Mhz *\n", "0: 100Mhz *\n");
	add_card(f, 1, "0000:02:00.0", "i915", "", "");
	add_card(f, 2, "0000:03:00.0", "amdgpu", vega_sclk, vega_mclk);
	use_card(f, 2);
	assert_true(gl_smi_plan(&f->env, "gfx900", 0, 3 << 8, true, plan, &e));
	assert_int_equal(plan->how, GL_CLOCKS_SMI);
	assert_int_equal(plan->recipe, GL_SMI_DPM_LEVELS);
	assert_int_equal(plan->smi_device, 1);   /* second amdgpu card */
	assert_int_equal(plan->n, 32);
	assert_string_equal(plan->states[23].label, "S5M3");
	assert_int_equal(plan->states[8].sclk_asked, 1084);
	assert_int_equal(plan->states[8].mclk_asked, 167);

	assert_true(gl_smi_apply(plan, 8, &e));
	assert_non_null(strstr(smi_log(f), "-d 1 --setsclk 2\n-d 1 --setmclk 0\n"));
	assert_int_equal(plan->states[8].sclk_mhz, 1084);   /* read back */
	assert_int_equal(plan->states[8].mclk_mhz, 167);
	gl_clock_plan_describe(&plan->states[8], desc, sizeof(desc));
	assert_string_equal(desc, "S2M0 (1084/167 MHz)");

	assert_true(gl_smi_restore(plan, &e));
	assert_non_null(strstr(smi_log(f), "-d 1 --resetclocks\n"));
	free(plan);
}

/* MI210: 3 entries in auto mode (the middle one the current clock): five
 * determinism limits from the lowest to the highest, the memory clock as
 * it is; restore resets determinism, then the clocks. */
static void test_mi200_determinism(void **state)
{
	struct fx *f = *state;
	struct gl_clock_plan *plan = card0_plan(f, "0000:c1:00.0", "0: 500Mhz\n1: 800Mhz *\n2: 1700Mhz\n",
	                                        "0: 1600Mhz *\n");
	struct gl_err e = { "" };

	assert_true(gl_smi_plan(&f->env, "gfx90a", 0, 0xc1 << 8, true, plan, &e));
	assert_int_equal(plan->recipe, GL_SMI_DETERMINISM);
	assert_int_equal(plan->n, 5);
	assert_int_equal(plan->states[0].sclk_asked, 500);
	assert_int_equal(plan->states[2].sclk_asked, 1100);
	assert_int_equal(plan->states[4].sclk_asked, 1700);
	assert_int_equal(plan->states[4].mclk_mhz, 1600);

	assert_true(gl_smi_apply(plan, 2, &e));
	assert_non_null(strstr(smi_log(f), "-d 0 --setperfdeterminism 1100\n"));
	assert_int_equal(plan->states[2].sclk_mhz, 1100);
	assert_int_equal(plan->states[2].mclk_mhz, 1600);
	assert_true(gl_smi_restore(plan, &e));
	assert_non_null(strstr(smi_log(f), "-d 0 --resetperfdeterminism\n-d 0 --resetclocks\n"));
	free(plan);
}

/* MI300X: soft limits; a GPU that stays 25 MHz short is labelled with
 * what it reached and what was asked. */
static void test_mi300_soft_limits(void **state)
{
	struct fx *f = *state;
	struct gl_clock_plan *plan = card0_plan(f, "0000:0c:00.0", "0: 500Mhz *\n1: 2100Mhz\n", "0: 1300Mhz *\n");
	struct gl_err e = { "" };
	char desc[96];

	setenv("FAKE_SMI_OFFSET", "25", 1);
	assert_true(gl_smi_plan(&f->env, "gfx942", 0, 0x0c << 8, true, plan, &e));
	assert_int_equal(plan->recipe, GL_SMI_SOFT_LIMITS);
	assert_int_equal(plan->n, 5);
	assert_int_equal(plan->states[3].sclk_asked, 1700);
	assert_true(gl_smi_apply(plan, 3, &e));
	assert_non_null(strstr(smi_log(f), "-d 0 --autorespond y --setextremum min sclk 500\n"
	                                   "-d 0 --autorespond y --setextremum max sclk 1700\n"
	                                   "-d 0 --autorespond y --setextremum min sclk 1700\n"));
	assert_int_equal(plan->states[3].sclk_mhz, 1675);
	gl_clock_plan_describe(&plan->states[3], desc, sizeof(desc));
	assert_string_equal(desc, "S3 (1675/1300 MHz, asked sclk 1700)");
	free(plan);
}

/* A refusal ("Not supported", exit 0) fails the state naming the command. */
static void test_refused(void **state)
{
	struct fx *f = *state;
	struct gl_clock_plan *plan = card0_plan(f, "0000:0c:00.0", "0: 500Mhz *\n1: 2100Mhz\n", "0: 1300Mhz *\n");
	struct gl_err e = { "" };

	assert_true(gl_smi_plan(&f->env, "gfx90a", 0, 0x0c << 8, true, plan, &e));
	setenv("FAKE_SMI_FAIL", "1", 1);
	assert_false(gl_smi_apply(plan, 0, &e));
	assert_non_null(strstr(e.msg, "--setperfdeterminism 500"));
	assert_non_null(strstr(e.msg, "Not supported"));
	unsetenv("FAKE_SMI_FAIL");
	free(plan);
}

/* No sweep possible: one line why, one state at the current clocks. */
static void test_no_sweep(void **state)
{
	struct fx *f = *state;
	struct gl_clock_plan *plan = calloc(1, sizeof(*plan));
	struct gl_err e = { "" };
	struct gl_smi_env env = f->env;

	assert_non_null(plan);
	add_card(f, 0, "0000:03:00.0", "amdgpu", vega_sclk, vega_mclk);

	env.root = false;
	assert_true(gl_smi_plan(&env, "gfx900", 0, 3 << 8, true, plan, &e));
	assert_int_equal(plan->how, GL_CLOCKS_CURRENT);
	assert_non_null(strstr(plan->note, "needs root"));
	assert_int_equal(plan->n, 1);
	assert_int_equal(plan->states[0].sclk_mhz, 1401);
	assert_int_equal(plan->states[0].mclk_mhz, 945);

	memset(plan, 0, sizeof(*plan));
	assert_true(gl_smi_plan(&f->env, "gfx900", 1, 3 << 8, true, plan, &e));   /* other domain */
	assert_non_null(strstr(plan->note, "PCI address"));
	assert_string_equal(plan->states[0].label, "current (unknown)");

	memset(plan, 0, sizeof(*plan));
	assert_true(gl_smi_plan(&f->env, "gfx908", 0, 3 << 8, true, plan, &e));
	assert_non_null(strstr(plan->note, "no clock recipe"));

	memset(plan, 0, sizeof(*plan));
	env = f->env;
	snprintf(env.smi, sizeof(env.smi), "%s/no-such-rocm-smi", f->root);
	assert_true(gl_smi_plan(&env, "gfx900", 0, 3 << 8, true, plan, &e));
	assert_non_null(strstr(plan->note, "rocm-smi"));

	/* Without --clocks sweep: no note, the current state. */
	memset(plan, 0, sizeof(*plan));
	assert_true(gl_smi_plan(&f->env, "gfx900", 0, 3 << 8, false, plan, &e));
	assert_string_equal(plan->note, "");
	assert_string_equal(plan->states[0].label, "current");
	free(plan);
}

#define TU_SETUP setup
#define TU_TEARDOWN tu_tmpdir_teardown
TU_MAIN(NULL, NULL,
	tu_test(test_vega_levels),
	tu_test(test_mi200_determinism),
	tu_test(test_mi300_soft_limits),
	tu_test(test_refused),
	tu_test(test_no_sweep))
