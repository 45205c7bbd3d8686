/*
 * emu_wave_env — a dispatch's waves meet the machine here (emu_wave_env.c).
 */
#ifndef EMU_WAVE_ENV_H
#define EMU_WAVE_ENV_H

#include "wave/emu_wave.h"

/* Make w a wave of dispatch ctx: w->ctx, w->ops (memory, cycle model,
 * trace, reports of ctx) and the arch's counter limits. */
void emu_wave_env_attach(struct emu_wave *w, struct emu_dispatch_ctx *ctx);

/* The struct emu_wave_ops initialiser of a machine whose functions are
 * <prefix>_access, <prefix>_gva, ... one per member: the dispatch's
 * (env_*, emu_wave_env.c) and the unit tests' (tu_ops_*,
 * tests/unit/tu_wave.h) are both built by it, so a new member of the ops
 * cannot be left out of either. The one optional member, atomic, stays NULL
 * there: atomics are performed at issue (a multi-domain dispatch sets it,
 * emu_wave_env_domain). */
#define EMU_WAVE_OPS_OF(prefix)                                                        \
	{                                                                              \
		.access = prefix##_access, .gva = prefix##_gva, .direct = prefix##_direct, \
		.stall = prefix##_stall, .icache_inv = prefix##_icache_inv,            \
		.realtime = prefix##_realtime, .hw_id = prefix##_hw_id,               \
		.fault = prefix##_fault, .lds_report = prefix##_lds_report,           \
	}

/* A domain of a multi-domain dispatch (ctx->dmem set): its waves' ops are
 * ctx->ops, these with the domain's view of memory (emu_domain.h). */
void emu_wave_env_domain(struct emu_dispatch_ctx *ctx);

#endif
