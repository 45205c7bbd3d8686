/*
 * gl_rocprof — the emulator's counters in rocprofv3's long CSV layout
 * (`rocprofv3 --pmc ... --output-format csv` writes <pid>_counter_collection.csv),
 * so scripts written for rocprofv3 read gcnlab's output unchanged:
 *
 *   Correlation_Id,Dispatch_Id,Agent_Id,Queue_Id,Process_Id,Thread_Id,
 *   Grid_Size,Kernel_Id,Kernel_Name,Workgroup_Size,LDS_Block_Size,
 *   Scratch_Size,VGPR_Count,Accum_VGPR_Count,SGPR_Count,Counter_Name,
 *   Counter_Value,Start_Timestamp,End_Timestamp
 *
 * (the header of rocprofiler-sdk source/lib/output/generateCSV.cpp), one
 * row per counter per dispatch. As there: Grid_Size and Workgroup_Size are
 * the products of the three dimensions, LDS_Block_Size the group segment
 * (static + dynamic) rounded up to 512 bytes, Scratch_Size the private
 * segment per work-item, VGPR/Accum_VGPR/SGPR the kernel descriptor's
 * .vgpr_count/.agpr_count/.sgpr_count, timestamps in ns of the HSA clock.
 * Agent_Id is the device number, Queue_Id 1 (gcnlab's one queue),
 * Correlation_Id the Dispatch_Id, Kernel_Id the kernel's number in the
 * order first seen.
 *
 * The writer is a gl_hsa dispatch observer (gl_hsa_cfg.observe): it records
 * every dispatch gl_hsa_dispatch completes, warm-ups included, as rocprofv3
 * does. Counters exist on the emulator only; on ROCr nothing is recorded.
 *
 * With kernel_trace set it also records rocprofv3's kernel trace
 * (`rocprofv3 --kernel-trace --output-format csv`: <pid>_kernel_trace.csv),
 * one row per dispatch, on either runtime, under the header of the
 * rocprofiler-sdk documentation (source/docs/how-to/using-rocprofv3.rst):
 *
 *   "Kind","Agent_Id","Queue_Id","Stream_Id","Thread_Id","Dispatch_Id",
 *   "Kernel_Id","Kernel_Name","Correlation_Id","Start_Timestamp",
 *   "End_Timestamp","LDS_Block_Size","Scratch_Size","VGPR_Count",
 *   "Accum_VGPR_Count","SGPR_Count","Workgroup_Size_X","Workgroup_Size_Y",
 *   "Workgroup_Size_Z","Grid_Size_X","Grid_Size_Y","Grid_Size_Z"
 *
 * quoted as rocprofv3 quotes it, Kind "KERNEL_DISPATCH", Stream_Id 0 (no HIP
 * stream), the other columns as in the counter rows (same ids).
 */
#ifndef GL_ROCPROF_H
#define GL_ROCPROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/gl_err.h"
#include "gpu/gl_hsa.h"

#define GL_ROCPROF_MAX_KERNELS 64

struct gl_rocprof {
	FILE *f;                 /* memstream of the rows */
	char *buf;
	size_t len;
	unsigned device;
	unsigned long long dispatches;
	unsigned rows;
	unsigned nkernels;
	char kernels[GL_ROCPROF_MAX_KERNELS][64];
	bool failed;             /* out of memory while recording */
	bool kernel_trace;       /* also the kernel trace rows (set after init) */
	bool skip_counters;      /* only those: no counter rows */
	FILE *kf;                /* memstream of the kernel trace rows */
	char *kbuf;
	size_t klen;
	unsigned krows;
};

/* Empty writer for device (Agent_Id). False out of memory. */
bool gl_rocprof_init(struct gl_rocprof *w, unsigned device, struct gl_err *e);
void gl_rocprof_free(struct gl_rocprof *w);

/* The gl_hsa observer: user is the struct gl_rocprof. */
void gl_rocprof_observe(void *user, struct gl_hsa *h, const struct gl_hsa_launch *l);

/* Counter rows recorded so far. */
unsigned gl_rocprof_rows(const struct gl_rocprof *w);

/* Write the header and the rows to path (atomically, gl_results_write_file;
 * the directory must exist), then start over empty. */
bool gl_rocprof_write(struct gl_rocprof *w, const char *path, struct gl_err *e);
/* The same text into *text (malloc'ed, *len bytes) for the caller to
 * write, then start over empty. */
bool gl_rocprof_take(struct gl_rocprof *w, char **text, size_t *len, struct gl_err *e);

/* Kernel trace rows recorded so far, and their file as gl_rocprof_write
 * (the rows start over; the counter rows stay). */
unsigned gl_rocprof_kernel_rows(const struct gl_rocprof *w);
bool gl_rocprof_kernel_take(struct gl_rocprof *w, char **text, size_t *len, struct gl_err *e);
bool gl_rocprof_kernel_write(struct gl_rocprof *w, const char *path, struct gl_err *e);

#endif
