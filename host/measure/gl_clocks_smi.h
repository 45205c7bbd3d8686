/*
 * gl_clocks_smi — `--clocks sweep` on real hardware: which clock states a
 * GPU generation can be put in, how (rocm-smi), what it achieved (sysfs
 * read-back), and back to where it was.
 *
 *   gfx900 (RX Vega 64)  every pp_dpm_sclk x pp_dpm_mclk level, read in
 *                        auto mode; `rocm-smi --setsclk L --setmclk L`
 *                        (manual performance level). Restore:
 *                        `rocm-smi --resetclocks`.
 *   gfx90a (MI200)       the shader clock only (the memory clock cannot be
 *                        set on MI200): five points from the lowest to the
 *                        highest pp_dpm_sclk entry, each as a performance
 *                        determinism limit, `rocm-smi --setperfdeterminism
 *                        MHZ` (a GFXCLK soft maximum; amd-smi documents
 *                        determinism for the MI200 series). The DPM list is
 *                        not used as levels: in auto mode MI210 lists 3
 *                        entries, the middle one the current clock, and
 *                        only 2 in manual mode. Restore:
 *                        `--resetperfdeterminism`, then `--resetclocks`.
 *   gfx942 (MI300)       the shader clock only (rocm-smi answers "Not
 *                        supported" for --setsclk and the memory clock is
 *                        fixed): the same five points as GFXCLK soft limits
 *                        in pp_od_clk_voltage, `rocm-smi --setextremum min|max
 *                        sclk MHZ` (amd-smi: `set --clk-limit sclk`). Restore:
 *                        `rocm-smi --resetclocks`.
 *
 * After every state the achieved clocks are read back from the card's
 * pp_dpm_sclk / pp_dpm_mclk (the '*' entry) and label the state. The card
 * is the amdgpu DRM device whose PCI_SLOT_NAME is the agent's full address
 * (domain:bus:device.function). Paths are injectable for tests:
 * GCNLAB_SYSFS_ROOT (default /sys) and GCNLAB_ROCM_SMI (default rocm-smi
 * on PATH).
 */
#ifndef GL_CLOCKS_SMI_H
#define GL_CLOCKS_SMI_H

#include <stdbool.h>
#include <stdint.h>

#include "measure/gl_clock_plan.h"
#include "base/gl_err.h"

/* Where the planner looks, and whether it may set clocks. */
struct gl_smi_env {
	char sysfs[256];   /* "/sys" */
	char smi[256];     /* "rocm-smi" */
	bool root;         /* setting clocks needs root */
};

/* From the environment (GCNLAB_SYSFS_ROOT, GCNLAB_ROCM_SMI, geteuid). */
void gl_smi_env_default(struct gl_smi_env *env);

/* The GPU at PCI domain:bdfid (bdfid = bus << 8 | device << 3 | function,
 * HSA_AMD_AGENT_INFO_BDFID) of processor arch. With sweep, the states of
 * its generation (plan->how = GL_CLOCKS_SMI); without, or when it cannot be
 * done (plan->note says why in one line), the single current state. */
bool gl_smi_plan(const struct gl_smi_env *env, const char *arch, uint32_t domain, uint32_t bdfid,
                 bool sweep, struct gl_clock_plan *plan, struct gl_err *e);
/* Set state i, then read back the achieved clocks into plan->states[i]. */
bool gl_smi_apply(struct gl_clock_plan *plan, unsigned i, struct gl_err *e);
/* Back to the driver's automatic clocks. */
bool gl_smi_restore(const struct gl_clock_plan *plan, struct gl_err *e);
/* The current ('*') shader and memory clocks of the card (0 = unknown). */
void gl_smi_read_clocks(const char *dev_dir, uint32_t *sclk_mhz, uint32_t *mclk_mhz);

#endif
