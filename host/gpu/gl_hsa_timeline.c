/*
 * gl_hsa_timeline — the vendor extension's timeline calls (gl_hsa_timeline.h).
 */
#include "gpu/gl_hsa_timeline.h"

#include "gpu/gl_hsa_priv.h"

bool gl_hsa_timeline_available(const struct gl_hsa *h)
{
	return h->have_ext && h->ext.set_timeline && h->ext.get_timeline;
}

bool gl_hsa_timeline_enable(struct gl_hsa *h, const struct gcnlab_emu_tl_cfg *cfg)
{
	return gl_hsa_timeline_available(h) && h->ext.set_timeline(h->gpu, cfg) == HSA_STATUS_SUCCESS;
}

bool gl_hsa_timeline(struct gl_hsa *h, const struct gcnlab_emu_tl_event **ev, size_t *n,
                     const struct gcnlab_emu_trace_row **insts, size_t *ninsts, struct gcnlab_emu_tl_info *info)
{
	return gl_hsa_timeline_available(h) && h->have_signal &&
	       h->ext.get_timeline(h->gpu, h->signal, ev, n, insts, ninsts, info) == HSA_STATUS_SUCCESS;
}
