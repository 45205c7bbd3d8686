/*
 * gl_hsa_dispatch.c — queue, AQL kernel dispatch packet, completion,
 * faults, GPU timestamps, and the emulator's vendor extension.
 */
#include "gpu/gl_hsa_priv.h"
#include "base/gl_str.h"

#include <hsa/amd_hsa_queue.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Queue size: 1024 packets (64 KiB), or the agent's maximum if smaller;
 * gcnlab never has more than one packet in flight. */
#define GL_QUEUE_PACKETS 1024u
/* How long one hsa_signal_wait_scacquire may block before the loop checks
 * the clock and the error flags again. */
#define GL_WAIT_SLICE_S 0.05
/* Scratch for kernels with a dynamic call stack (.uses_dynamic_stack): the
 * HIP runtime's default stack limit (hipLimitStackSize) is 1024 bytes per
 * work-item. */
#define GL_DYNAMIC_STACK_BYTES 1024u

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_queue_error(hsa_status_t status, hsa_queue_t *source, void *data)
{
	struct gl_hsa *h = data;

	(void)source;
	__atomic_store_n(&h->queue_status, (int)status, __ATOMIC_RELEASE);
}

void gl_hsa_queue_drop(struct gl_hsa *h)
{
	if (h->queue)
		h->api.hsa_queue_destroy(h->queue);
	h->queue = NULL;
	if (h->have_signal)
		h->api.hsa_signal_destroy(h->signal);
	h->have_signal = false;
}

static bool queue_ensure(struct gl_hsa *h, struct gl_err *e)
{
	uint32_t size = GL_QUEUE_PACKETS;
	hsa_status_t s;

	if (h->queue && h->have_signal)
		return true;
	gl_hsa_queue_drop(h);
	if (h->queue_max_size && h->queue_max_size < size)
		size = h->queue_max_size;
	__atomic_store_n(&h->queue_status, 0, __ATOMIC_RELEASE);
	s = h->api.hsa_queue_create(h->gpu, size, HSA_QUEUE_TYPE_MULTI, on_queue_error, h,
	                            UINT32_MAX, UINT32_MAX, &h->queue);
	if (s != HSA_STATUS_SUCCESS) {
		h->queue = NULL;
		return gl_hsa_fail(h, e, s, "hsa_queue_create (%u packets)", size);
	}
	s = h->api.hsa_amd_profiling_set_profiler_enabled(h->queue, 1);
	if (s != HSA_STATUS_SUCCESS) {
		gl_hsa_fail(h, e, s, "enabling dispatch timestamps on the queue");
		goto fail;
	}
	s = h->api.hsa_signal_create(1, 0, NULL, &h->signal);
	if (s != HSA_STATUS_SUCCESS) {
		gl_hsa_fail(h, e, s, "hsa_signal_create");
		goto fail;
	}
	h->have_signal = true;
	return true;
fail:
	gl_hsa_queue_drop(h);
	return false;
}

static uint32_t private_size(const struct gl_hsa_kernel *k)
{
	uint32_t p = k->private_size;

	if (k->meta->uses_dynamic_stack && p < GL_DYNAMIC_STACK_BYTES)
		p = GL_DYNAMIC_STACK_BYTES;
	return p;
}

/* A kernel dispatch packet's fields after its first 32 bits. */
static void packet_body(const struct gl_hsa *h, hsa_kernel_dispatch_packet_t *pkt, const struct gl_hsa_kernel *k,
                        const struct gl_hsa_launch *l, hsa_signal_t done)
{
	pkt->workgroup_size_x = (uint16_t)l->block[0];
	pkt->workgroup_size_y = (uint16_t)l->block[1];
	pkt->workgroup_size_z = (uint16_t)l->block[2];
	pkt->reserved0 = 0;
	pkt->grid_size_x = l->grid[0];
	pkt->grid_size_y = l->grid[1];
	pkt->grid_size_z = l->grid[2];
	pkt->private_segment_size = private_size(k);
	pkt->group_segment_size = k->group_size + l->dynamic_lds;
	pkt->kernel_object = k->object;
	pkt->kernarg_address = h->kernarg;
	pkt->reserved2 = 0;
	pkt->completion_signal = done;
}

/* Its first 32 bits, header and setup, stored last: barrier bit set;
 * system-scope acquire and release fences so host writes are visible to
 * the kernel and its writes to the host; the launch's dimensions. */
static uint32_t packet_head(const struct gl_hsa_launch *l)
{
	uint16_t header = (uint16_t)((HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
	                             (1u << HSA_PACKET_HEADER_BARRIER) |
	                             (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
	                             (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
	uint16_t setup = (uint16_t)(l->dims << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);

	return header | (uint32_t)setup << 16;
}

bool gl_hsa_launch_check(struct gl_hsa *h, const struct gl_hsa_launch *l, struct gl_err *e)
{
	const struct gl_hsa_kernel *k = l->kernel;
	const struct gcn_kernel *m = k->meta;
	const uint32_t grid_max[3] = { h->grid_max_dim.x, h->grid_max_dim.y, h->grid_max_dim.z };
	uint64_t wg = 1, grid = 1, lds;
	static const char axis[3] = { 'X', 'Y', 'Z' };

	if (!gl_kernarg_check_shape(m->name, l->dims, l->grid, l->block, e))
		return false;
	for (unsigned d = 0; d < 3; d++) {
		if (d >= l->dims && (l->block[d] != 1 || l->grid[d] != 1))
			return gl_err_set(e, "kernel %s: dimension %c is beyond the dispatch's %u", m->name,
			                  axis[d], l->dims);
		if (l->block[d] > h->wg_max_dim[d])
			return gl_err_set(e, "kernel %s: workgroup size %u in %c exceeds the agent's maximum %u",
			                  m->name, l->block[d], axis[d], h->wg_max_dim[d]);
		if (grid_max[d] && l->grid[d] > grid_max[d])
			return gl_err_set(e, "kernel %s: grid size %u in %c exceeds the agent's maximum %u",
			                  m->name, l->grid[d], axis[d], grid_max[d]);
		wg *= l->block[d];
		grid *= l->grid[d];
	}
	if (wg > h->wg_max_size)
		return gl_err_set(e, "kernel %s: a workgroup of %llu work-items exceeds the agent's maximum %u",
		                  m->name, (unsigned long long)wg, h->wg_max_size);
	if (m->max_flat_workgroup_size && wg > m->max_flat_workgroup_size)
		return gl_err_set(e, "kernel %s: a workgroup of %llu work-items exceeds the kernel's .max_flat_workgroup_size %u",
		                  m->name, (unsigned long long)wg, m->max_flat_workgroup_size);
	if (m->reqd_workgroup_size[0] &&
	    (l->block[0] != m->reqd_workgroup_size[0] || l->block[1] != m->reqd_workgroup_size[1] ||
	     l->block[2] != m->reqd_workgroup_size[2]))
		return gl_err_set(e, "kernel %s requires --block %u,%u,%u (.reqd_workgroup_size)", m->name,
		                  m->reqd_workgroup_size[0], m->reqd_workgroup_size[1],
		                  m->reqd_workgroup_size[2]);
	if (h->grid_max_size && grid > h->grid_max_size)
		return gl_err_set(e, "kernel %s: a grid of %llu work-items exceeds the agent's maximum %llu",
		                  m->name, (unsigned long long)grid, (unsigned long long)h->grid_max_size);
	/* The segment is the larger of the descriptor's kernarg_size (the
	 * runtime reports it; AMDGPUUsage: a size the CP may use to make the
	 * kernarg memory visible) and the metadata's .kernarg_segment_size (what
	 * ROCr's users allocate); a mismatch is warned about when the kernel is
	 * got (gl_hsa_code.c) and refused only when no kernarg pool holds it. */
	{
		uint64_t ka = k->kernarg_size > m->kernarg_size ? k->kernarg_size : m->kernarg_size;
		size_t pool_max = 0;

		if (h->api.hsa_amd_memory_pool_get_info(h->kernarg_pool, HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE,
		                                        &pool_max) == HSA_STATUS_SUCCESS &&
		    pool_max && ka > pool_max)
			return gl_err_set(e, "kernel %s: a %llu-byte kernarg segment (the kernel descriptor's kernarg_size %u, "
			                  "the metadata's .kernarg_segment_size %u) exceeds the kernarg pool's largest "
			                  "allocation (%zu bytes)", m->name, (unsigned long long)ka, k->kernarg_size,
			                  m->kernarg_size, pool_max);
	}
	lds = (uint64_t)k->group_size + l->dynamic_lds;
	if (lds > h->lds_bytes)
		return gl_err_set(e, "kernel %s: %u bytes of static LDS + %u dynamic exceed the %llu bytes of LDS per workgroup",
		                  m->name, k->group_size, l->dynamic_lds, (unsigned long long)h->lds_bytes);
	return true;
}

/* Values only the runtime knows, for the hidden arguments. */
static void launch_env(struct gl_hsa *h, const struct gl_hsa_launch *l, struct gl_kernarg_launch *kl)
{
	memset(kl, 0, sizeof(*kl));
	for (unsigned d = 0; d < 3; d++) {
		kl->grid[d] = l->grid[d];
		kl->block[d] = l->block[d];
	}
	kl->dims = l->dims;
	kl->dynamic_lds = l->dynamic_lds;
	kl->queue_ptr = (uint64_t)(uintptr_t)h->queue;
	/* The hsa_queue_t is the first member of an amd_queue_t, in ROCr and in
	 * the emulator alike; its tail carries the apertures (read by pre-gfx9
	 * code through hidden_private_base / hidden_shared_base). */
	{
		const amd_queue_t *aq = (const amd_queue_t *)h->queue;

		kl->private_base = aq->private_segment_aperture_base_hi;
		kl->shared_base = aq->group_segment_aperture_base_hi;
	}
}

/* The kernarg segment of l's kernel, packed into h->kernarg: explicit
 * arguments from l, hidden ones from the launch. */
static bool kernargs(struct gl_hsa *h, const struct gl_hsa_launch *l, struct gl_err *e)
{
	const struct gl_hsa_kernel *k = l->kernel;
	size_t size = k->kernarg_size > k->meta->kernarg_size ? k->kernarg_size : k->meta->kernarg_size;
	/* What the metadata lays out is written (and zeroed); a descriptor's
	 * larger claim is reserved but not written, as ROCr's users leave it. */
	size_t packed = k->meta->kernarg_size ? k->meta->kernarg_size : size;
	struct gl_kernarg_launch kl;

	if (size == 0)
		size = packed = 16;
	if (!gl_hsa_kernarg_reserve(h, size, e))
		return false;
	launch_env(h, l, &kl);
	return gl_kernarg_pack(k->meta, l->args, l->nargs, &kl, h->kernarg, packed, e);
}

const char *gl_hsa_vm_fault(const struct gl_hsa *h)
{
	return h && h->vm_fault_kernel[0] ? h->vm_fault_kernel : NULL;
}

bool gl_hsa_vm_fault_address(const struct gl_hsa *h, uint64_t *addr)
{
	if (!gl_hsa_vm_fault(h))
		return false;
	*addr = __atomic_load_n(&h->fault_address, __ATOMIC_RELAXED);
	return true;
}

void gl_hsa_emu_report(struct gl_hsa *h, char *buf, size_t len)
{
	buf[0] = '\0';
	if (!h->have_ext || !h->ext.get_last_report)
		return;
	if (h->ext.get_last_report(h->gpu, buf, len) != HSA_STATUS_SUCCESS)
		buf[0] = '\0';
	buf[len - 1] = '\0';
}

static const struct {
	uint32_t bit;
	const char *text;
} fault_reasons[] = {
	{ HSA_AMD_MEMORY_FAULT_PAGE_NOT_PRESENT, "page not present or supervisor privilege" },
	{ HSA_AMD_MEMORY_FAULT_READ_ONLY, "write to a read-only page" },
	{ HSA_AMD_MEMORY_FAULT_NX, "execute on a no-execute page" },
	{ HSA_AMD_MEMORY_FAULT_HOST_ONLY, "access to a host-only page" },
	{ HSA_AMD_MEMORY_FAULT_DRAMECC, "DRAM ECC failure" },
	{ HSA_AMD_MEMORY_FAULT_IMPRECISE, "imprecise fault address" },
	{ HSA_AMD_MEMORY_FAULT_SRAMECC, "SRAM ECC failure" },
	{ (uint32_t)HSA_AMD_MEMORY_FAULT_HANG, "GPU reset after a hang" },
};

static void fault_reason_text(uint32_t mask, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(fault_reasons) / sizeof(fault_reasons[0]); i++) {
		if (!(mask & fault_reasons[i].bit))
			continue;
		int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", fault_reasons[i].text);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
}

/* The failure message, with the emulator's report appended; then the queue
 * is dropped (a faulted or hung queue takes no more packets). */
static bool dispatch_failed(struct gl_hsa *h, const char *kernel, const char *why, struct gl_err *e)
{
	char report[1024];

	gl_hsa_emu_report(h, report, sizeof(report));
	if (report[0]) {
		gl_err_set(e, "kernel %s %s\n  emulator report: %s", kernel, why, report);
		gl_str_copy(h->last_report, sizeof(h->last_report), report);
	} else {
		gl_err_set(e, "kernel %s %s", kernel, why);
	}
	gl_hsa_queue_drop(h);
	return false;
}

/* After a fault event. ROCr does not call the queue error callback for a
 * memory fault (the system event is all there is), and KFD evicts every
 * queue of the process for good: the run cannot go on. */
static bool fault_failed(struct gl_hsa *h, const char *kernel, struct gl_err *e)
{
	int status = HSA_STATUS_ERROR_MEMORY_FAULT;
	uint64_t addr;
	uint32_t mask;
	char reasons[256], why[512];

	gl_str_copy(h->vm_fault_kernel, sizeof(h->vm_fault_kernel), kernel);
	addr = __atomic_load_n(&h->fault_address, __ATOMIC_RELAXED);
	mask = __atomic_load_n(&h->fault_reason, __ATOMIC_RELAXED);
	fault_reason_text(mask, reasons, sizeof(reasons));
	gl_str_fmt(why, sizeof(why), "faulted: memory fault at 0x%llx (%s%s%s)",
	           (unsigned long long)addr, gl_hsa_status_name(status), reasons[0] ? "; " : "",
	           reasons);
	return dispatch_failed(h, kernel, why, e);
}

/* The host gives up: the queue is dropped first, which stops the
 * emulator's dispatch; its report then says where the waves were. */
static bool timed_out(struct gl_hsa *h, const char *kernel, struct gl_err *e)
{
	char report[1024];

	gl_hsa_queue_drop(h);
	gl_hsa_emu_report(h, report, sizeof(report));
	if (!strstr(report, "cancelled"))
		report[0] = '\0';  /* an earlier dispatch's report, or ROCr */
	else
		gl_str_copy(h->last_report, sizeof(h->last_report), report);
	return gl_err_set(e, "kernel %s did not complete within %g s (a hang? raise --timeout if it is just slow)%s%s",
	                  kernel, h->cfg.timeout_s, report[0] ? "\n  emulator report: " : "", report);
}

static bool queue_failed(struct gl_hsa *h, const char *kernel, int status, struct gl_err *e)
{
	char why[768], phrase[512];

	if (__atomic_load_n(&h->fault_seen, __ATOMIC_ACQUIRE))
		return fault_failed(h, kernel, e);
	gl_hsa_status_phrase(h, (hsa_status_t)status, phrase, sizeof(phrase));
	gl_str_fmt(why, sizeof(why), "failed: queue error %s", phrase);
	return dispatch_failed(h, kernel, why, e);
}

/* Wait for signal sig to drop below 1, watching the clock and the error
 * flags. */
static bool wait_signal(struct gl_hsa *h, hsa_signal_t sig, const char *kernel, struct gl_err *e)
{
	double deadline = now_s() + h->cfg.timeout_s;
	uint64_t slice = (uint64_t)((double)h->timestamp_hz * GL_WAIT_SLICE_S);
	int status;

	if (slice == 0)
		slice = 1;
	for (;;) {
		hsa_signal_value_t v = h->api.hsa_signal_wait_scacquire(sig, HSA_SIGNAL_CONDITION_LT, 1,
		                                                        slice, HSA_WAIT_STATE_BLOCKED);

		/* An error can accompany a completed signal (the emulator ends
		 * a faulting dispatch): errors first. */
		status = __atomic_load_n(&h->queue_status, __ATOMIC_ACQUIRE);
		if (status)
			return queue_failed(h, kernel, status, e);
		if (__atomic_load_n(&h->fault_seen, __ATOMIC_ACQUIRE))
			return fault_failed(h, kernel, e);
		if (v < 1)
			return true;
		if (now_s() > deadline)
			return timed_out(h, kernel, e);
	}
}

static bool wait_done(struct gl_hsa *h, const char *kernel, struct gl_err *e)
{
	return wait_signal(h, h->signal, kernel, e);
}

bool gl_hsa_dispatch(struct gl_hsa *h, const struct gl_hsa_launch *l, double *gpu_us,
                     struct gl_err *e)
{
	const struct gl_hsa_kernel *k = l->kernel;
	const char *name = k->meta->name;
	hsa_kernel_dispatch_packet_t *pkt;
	hsa_amd_profiling_dispatch_time_t t;
	uint64_t index;
	hsa_status_t s;
	char report[1024];

	*gpu_us = 0;
	if (h->vm_fault_kernel[0])
		return gl_err_set(e, "kernel %s not run: the GPU memory fault in kernel %s evicted the process's queues",
		                  name, h->vm_fault_kernel);
	if (!gl_hsa_launch_check(h, l, e) || !queue_ensure(h, e))
		return false;
	if (!kernargs(h, l, e))
		return false;

	__atomic_store_n(&h->fault_seen, 0, __ATOMIC_RELEASE);
	h->api.hsa_signal_store_screlease(h->signal, 1);
	h->batch_last = false;

	index = h->api.hsa_queue_add_write_index_scacq_screl(h->queue, 1);
	/* One packet in flight at a time, so the ring is never full; still,
	 * never overwrite a slot the packet processor has not consumed. */
	{
		double deadline = now_s() + h->cfg.timeout_s;

		while (index - h->api.hsa_queue_load_read_index_scacquire(h->queue) >= h->queue->size) {
			struct timespec ts = { 0, 100000 };

			if (now_s() > deadline)
				return dispatch_failed(h, name, "found the queue full: earlier packets never completed", e);
			nanosleep(&ts, NULL);
		}
	}
	pkt = (hsa_kernel_dispatch_packet_t *)h->queue->base_address + (index & (h->queue->size - 1));

	/* Every field but the first 32 bits (header + setup) first, then
	 * header and setup in one 32-bit release store, so the packet
	 * processor never sees a valid header over a half-written packet. */
	packet_body(h, pkt, k, l, h->signal);
	__atomic_store_n((uint32_t *)pkt, packet_head(l), __ATOMIC_RELEASE);
	h->api.hsa_signal_store_screlease(h->queue->doorbell_signal, (hsa_signal_value_t)index);

	if (!wait_done(h, name, e))
		return false;

	s = h->api.hsa_amd_profiling_get_dispatch_time(h->gpu, h->signal, &t);
	if (s != HSA_STATUS_SUCCESS)
		return gl_hsa_fail(h, e, s, "kernel %s: reading its GPU timestamps", name);
	if (!gl_hsa_dispatch_us(name, t.start, t.end, h->timestamp_hz, gpu_us, e))
		return false;
	h->last_start = t.start;
	h->last_end = t.end;
	if (h->cfg.observe)
		h->cfg.observe(h->cfg.observe_user, h, l);

	/* A successful dispatch can still carry a report (a waitcnt hazard in
	 * non-strict mode): show each new one once. */
	gl_hsa_emu_report(h, report, sizeof(report));
	if (report[0] && strcmp(report, h->last_report) != 0) {
		fprintf(stderr, "gcnlab: emulator report after %s: %s\n", name, report);
		gl_str_copy(h->last_report, sizeof(h->last_report), report);
	}
	return true;
}

bool gl_hsa_dispatch_us(const char *kernel, uint64_t start, uint64_t end, uint64_t hz, double *us,
                        struct gl_err *e)
{
	if (start == 0 || end == 0)
		return gl_err_set(e, "kernel %s: the GPU wrote no dispatch timestamps (start %llu, end "
		                  "%llu): no GPU time to report", kernel, (unsigned long long)start,
		                  (unsigned long long)end);
	if (end <= start)
		return gl_err_set(e, "kernel %s: invalid GPU timestamps: end %llu is not after start "
		                  "%llu (no GPU time to report)", kernel, (unsigned long long)end,
		                  (unsigned long long)start);
	*us = (double)(end - start) * 1e6 / (double)hz;
	return true;
}

/* --- back-to-back dispatches (the copy study's method) -------------------- */

/* A barrier-AND packet with no dependencies: what hipEventRecord puts on the
 * stream, a marker whose release fence has the given scope and whose
 * completion signal is decremented when the CP has processed it. */
static void write_marker(hsa_barrier_and_packet_t *pkt, hsa_signal_t done, unsigned rel_scope)
{
	uint16_t header;

	pkt->reserved0 = 0;
	for (unsigned i = 0; i < 5; i++)
		pkt->dep_signal[i].handle = 0;
	pkt->reserved1 = 0;
	pkt->reserved2 = 0;
	pkt->completion_signal = done;
	header = (uint16_t)((HSA_PACKET_TYPE_BARRIER_AND << HSA_PACKET_HEADER_TYPE) |
	                    (1u << HSA_PACKET_HEADER_BARRIER) |
	                    (HSA_FENCE_SCOPE_NONE << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
	                    (rel_scope << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
	__atomic_store_n((uint32_t *)pkt, header, __ATOMIC_RELEASE);
}

bool gl_hsa_dispatch_batch(struct gl_hsa *h, const struct gl_hsa_launch *l, unsigned n,
                           bool markers, double *host_us, double *gpu_us, struct gl_err *e)
{
	const struct gl_hsa_kernel *k = l->kernel;
	const char *name = k->meta->name;
	unsigned per = markers ? 2u : 1u;
	hsa_signal_t *sig = NULL, mark = { 0 };
	unsigned nsig = 0;
	uint64_t t0 = 0, t1 = 0;
	bool ok = false, have_mark = false;
	hsa_status_t s;

	*host_us = 0;
	if (n == 0)
		return gl_err_set(e, "kernel %s: a batch needs at least one dispatch", name);
	if (!gl_hsa_launch_check(h, l, e) || !queue_ensure(h, e))
		return false;
	if ((uint64_t)n * per > h->queue->size)
		return gl_err_set(e, "kernel %s: %u back-to-back dispatches%s need %u packets, the queue holds %u",
		                  name, n, markers ? " with markers" : "", n * per, h->queue->size);
	if (!kernargs(h, l, e))
		return false;
	sig = calloc(n, sizeof(*sig));
	if (!sig)
		return gl_err_set(e, "out of memory for %u completion signals", n);
	for (; nsig < n; nsig++) {
		if ((s = h->api.hsa_signal_create(1, 0, NULL, &sig[nsig])) != HSA_STATUS_SUCCESS) {
			gl_hsa_fail(h, e, s, "hsa_signal_create");
			goto out;
		}
	}
	if ((s = h->api.hsa_signal_create(markers ? n : 1, 0, NULL, &mark)) != HSA_STATUS_SUCCESS) {
		gl_hsa_fail(h, e, s, "hsa_signal_create");
		goto out;
	}
	have_mark = true;
	__atomic_store_n(&h->fault_seen, 0, __ATOMIC_RELEASE);

	/* The host clock (HSA system timestamp; model time on the emulator)
	 * from before the first packet to after the last marker. */
	h->api.hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t0);
	for (unsigned i = 0; i < n; i++) {
		uint64_t index = h->api.hsa_queue_add_write_index_scacq_screl(h->queue, per);
		double deadline = now_s() + h->cfg.timeout_s;
		hsa_kernel_dispatch_packet_t *pkt;

		while (index + per - h->api.hsa_queue_load_read_index_scacquire(h->queue) > h->queue->size) {
			struct timespec ts = { 0, 100000 };

			if (now_s() > deadline) {
				dispatch_failed(h, name, "found the queue full: earlier packets never completed", e);
				goto out;
			}
			nanosleep(&ts, NULL);
		}
		pkt = (hsa_kernel_dispatch_packet_t *)h->queue->base_address + (index & (h->queue->size - 1));
		packet_body(h, pkt, k, l, sig[i]);
		if (markers)
			write_marker((hsa_barrier_and_packet_t *)h->queue->base_address +
			             ((index + 1) & (h->queue->size - 1)), mark, HSA_FENCE_SCOPE_SYSTEM);
		/* The kernel packet's header last: the packet processor must not
		 * run ahead into the marker slot before it is written. */
		__atomic_store_n((uint32_t *)pkt, packet_head(l), __ATOMIC_RELEASE);
		h->api.hsa_signal_store_screlease(h->queue->doorbell_signal,
		                                  (hsa_signal_value_t)(index + per - 1));
	}
	if (!wait_signal(h, markers ? mark : sig[n - 1], name, e))
		goto out;
	h->api.hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t1);
	*host_us = (double)(t1 - t0) * 1e6 / (double)h->timestamp_hz;
	for (unsigned i = 0; i < n; i++) {
		hsa_amd_profiling_dispatch_time_t t;

		if (h->api.hsa_signal_load_scacquire(sig[i]) >= 1) {
			dispatch_failed(h, name, "completed its batch with a dispatch signal not decremented", e);
			goto out;
		}
		s = h->api.hsa_amd_profiling_get_dispatch_time(h->gpu, sig[i], &t);
		if (s != HSA_STATUS_SUCCESS) {
			gl_hsa_fail(h, e, s, "kernel %s: reading its GPU timestamps", name);
			goto out;
		}
		if (gpu_us && !gl_hsa_dispatch_us(name, t.start, t.end, h->timestamp_hz, &gpu_us[i], e))
			goto out;
	}
	h->batch_last = true;
	h->batch_have_counters = h->have_ext && h->ext.get_counters &&
	                         h->ext.get_counters(h->gpu, sig[n - 1], &h->batch_counters) == HSA_STATUS_SUCCESS;
	ok = true;
out:
	for (unsigned i = 0; i < nsig; i++)
		h->api.hsa_signal_destroy(sig[i]);
	if (have_mark)
		h->api.hsa_signal_destroy(mark);
	free(sig);
	return ok;
}

/* --- vendor extension --------------------------------------------------- */

bool gl_hsa_counters(struct gl_hsa *h, struct gcnlab_emu_counters *out)
{
	if (!h->have_ext || !h->ext.get_counters || !h->have_signal)
		return false;
	if (h->batch_last) {
		if (h->batch_have_counters)
			*out = h->batch_counters;
		return h->batch_have_counters;
	}
	return h->ext.get_counters(h->gpu, h->signal, out) == HSA_STATUS_SUCCESS;
}

bool gl_hsa_trace_enable(struct gl_hsa *h, bool enable, int wave)
{
	if (!h->have_ext || !h->ext.set_trace)
		return false;
	return h->ext.set_trace(h->gpu, enable ? 1 : 0, wave) == HSA_STATUS_SUCCESS;
}

bool gl_hsa_trace(struct gl_hsa *h, const struct gcnlab_emu_trace_row **rows, size_t *count)
{
	if (!h->have_ext || !h->ext.get_trace || !h->have_signal)
		return false;
	return h->ext.get_trace(h->gpu, h->signal, rows, count) == HSA_STATUS_SUCCESS;
}

bool gl_hsa_model_clocks(struct gl_hsa *h, uint32_t *sclk_mhz, uint32_t *mclk_mhz)
{
	if (!h->have_ext || !h->ext.get_clocks)
		return false;
	return h->ext.get_clocks(h->gpu, sclk_mhz, mclk_mhz) == HSA_STATUS_SUCCESS;
}

bool gl_hsa_last_times_ns(const struct gl_hsa *h, uint64_t *start_ns, uint64_t *end_ns)
{
	if (!h->timestamp_hz || h->last_end < h->last_start || !h->last_end)
		return false;
	/* ticks x 10^9 / Hz, in two steps so large tick counts do not overflow */
	*start_ns = h->last_start / h->timestamp_hz * 1000000000ull +
	            h->last_start % h->timestamp_hz * 1000000000ull / h->timestamp_hz;
	*end_ns = h->last_end / h->timestamp_hz * 1000000000ull +
	          h->last_end % h->timestamp_hz * 1000000000ull / h->timestamp_hz;
	return true;
}
