/*
 * emu_wave_env — a dispatch's waves meet the machine here (emu_wave_env.c).
 */
#ifndef EMU_WAVE_ENV_H
#define EMU_WAVE_ENV_H

#include "wave/emu_wave.h"

/* Make w a wave of dispatch ctx: w->ctx, w->ops (memory, cycle model,
 * trace, reports of ctx) and the arch's counter limits. */
void emu_wave_env_attach(struct emu_wave *w, struct emu_dispatch_ctx *ctx);

/* A domain of a multi-domain dispatch (ctx->dmem set): its waves' ops are
 * ctx->ops, these with the domain's view of memory (emu_domain.h). */
void emu_wave_env_domain(struct emu_dispatch_ctx *ctx);

#endif
