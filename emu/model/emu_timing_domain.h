/*
 * emu_timing_domain — the cycle model seen by the domains of a
 * multi-domain dispatch (emu_timing_domain.c; part of the model's
 * interface, emu_timing.h).
 */
#ifndef EMU_TIMING_DOMAIN_H
#define EMU_TIMING_DOMAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "model/emu_timing_report.h"

struct emu_timing;

/* Multi-domain dispatches (emu_timing_domain.c; core/emu_domain.h): one
 * view of the model per XCD, with its own counters and memos. In a window
 * (emu_timing_window on) a view sees the shared MALL and bandwidth
 * calendars as of the window's start plus its own requests, and logs
 * them; emu_timing_merge replays the logs of views 0 .. ndom-1 in order on
 * the shared state (counting MALL and HBM figures into the root's
 * counters) and clears the overlays. False if a log ran out of host memory
 * (requests were lost from the replay). On a GPU with one L2 the only
 * view is the model itself. */
struct emu_timing *emu_timing_domain(struct emu_timing *t, uint32_t d);
void emu_timing_begin_view(struct emu_timing *view, const struct emu_timing_run *run);
void emu_timing_window(struct emu_timing *view, bool on);
bool emu_timing_merge(struct emu_timing *t, uint32_t ndom);

/* The views of a model with several L2s, made with it after every array
 * they share exists (emu_timing_create), and destroyed before them. */
bool emu_timing_views_create(struct emu_timing *t);
void emu_timing_views_destroy(struct emu_timing *t);

#endif
