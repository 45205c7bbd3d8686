/*
 * test_kfd — the emulated KFD thunk's entry points called as ROCr calls
 * them (emu/kfd), also under ASan/UBSan: open/close counting, the GPU node
 * from the profile, memory (allocate, GPU mapping, pointer info, user data,
 * free), events (set, timeout, wait-any, auto reset), a queue whose
 * doorbell runs a barrier packet through the command processor and
 * completes an amd_signal_t with its event mailbox, the PM4 vendor packet,
 * a queue error into queue_inactive_signal, and the features reported
 * absent.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>

#include <cmocka.h>
#include <hsakmt.h>
#include <hsa/hsa.h>
#include <hsa/amd_hsa_queue.h>
#include <hsa/amd_hsa_signal.h>

#include "tu_kfd.h"
#include "tu_main.h"

static void test_open_counts(void **state)
{
	HsaVersionInfo v;

	(void)state;
	assert_int_equal(hsaKmtOpenKFD(), HSAKMT_STATUS_KERNEL_ALREADY_OPENED);
	assert_int_equal(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtGetVersion(&v), HSAKMT_STATUS_SUCCESS);  /* still open once */
	assert_int_equal(v.KernelInterfaceMajorVersion, 1);
	assert_int_equal(hsaKmtRuntimeEnable(NULL, false), HSAKMT_STATUS_NOT_SUPPORTED);
}

static void test_topology(void **state)
{
	HsaSystemProperties sys;
	HsaNodeProperties cpu, gpu;
	HsaMemoryProperties mem[3];
	HsaCacheProperties cache[3];

	(void)state;
	assert_int_equal(hsaKmtAcquireSystemProperties(&sys), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(sys.NumNodes, 2);
	assert_int_equal(hsaKmtGetNodeProperties(0, &cpu), HSAKMT_STATUS_SUCCESS);
	assert_true(cpu.NumCPUCores > 0 && cpu.NumFComputeCores == 0 && cpu.NumCaches > 0);
	assert_int_equal(hsaKmtGetNodeCacheProperties(0, 0, cpu.NumCaches, cache), HSAKMT_STATUS_SUCCESS);
	assert_true(cache[0].CacheSize > 0);
	assert_int_equal(hsaKmtGetNodeProperties(1, &gpu), HSAKMT_STATUS_SUCCESS);
	/* gfx90a = 9.0.10, 110 CUs of 4 SIMDs, SRAMECC on, 64-bit doorbells */
	assert_int_equal(gpu.EngineId.ui32.Major, 9);
	assert_int_equal(gpu.EngineId.ui32.Minor, 0);
	assert_int_equal(gpu.EngineId.ui32.Stepping, 10);
	assert_int_equal(gpu.NumCPUCores, 0);
	assert_int_equal(gpu.NumFComputeCores / gpu.NumSIMDPerCU, 110);
	assert_int_equal(gpu.Capability.ui32.SRAM_EDCSupport, 1);
	assert_int_equal(gpu.Capability.ui32.DoorbellType, 2);
	assert_int_equal(gpu.DeviceId, 0x740c);
	assert_int_equal(gpu.NumSdmaEngines, 0);
	assert_int_equal(hsaKmtGetNodeMemoryProperties(1, 3, mem), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(mem[0].HeapType, HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC);
	assert_true(mem[0].SizeInBytes == 64ull << 30);
	assert_int_equal(mem[1].HeapType, HSA_HEAPTYPE_GPU_LDS);
	assert_true(mem[1].SizeInBytes == 64 * 1024);
	assert_int_equal(hsaKmtGetNodeCacheProperties(1, 0x80000000, 2, cache), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(cache[1].CacheLevel, 2);
	assert_int_equal(cache[1].CacheSize, 8192);   /* KiB */
	assert_int_equal(hsaKmtGetNodeProperties(2, &gpu), HSAKMT_STATUS_INVALID_NODE_UNIT);
}

static void test_memory(void **state)
{
	HsaMemFlags f = { 0 };
	HsaPointerInfo pi;
	void *p = NULL, *user = (void *)0x1234;
	HSAuint64 alt = 0;
	HSAuint32 node = 1;
	HsaMemMapFlags mf = { 0 };
	char host[8192];

	(void)state;
	f.ui32.HostAccess = 1;
	f.ui32.NonPaged = 1;
	assert_int_equal(hsaKmtAllocMemory(1, 5000, f, &p), HSAKMT_STATUS_SUCCESS);
	assert_non_null(p);
	memset(p, 0xab, 8192);  /* rounded up to pages, host-visible */
	assert_int_equal(hsaKmtMapMemoryToGPUNodes(p, 8192, &alt, mf, 1, &node), HSAKMT_STATUS_SUCCESS);
	assert_true(alt == (HSAuint64)(uintptr_t)p);
	assert_int_equal(hsaKmtSetMemoryUserData((char *)p + 100, user), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtQueryPointerInfo((char *)p + 4000, &pi), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(pi.Type, HSA_POINTER_ALLOCATED);
	assert_int_equal(pi.Node, 1);
	assert_true(pi.CPUAddress == p && pi.SizeInBytes == 8192 && pi.UserData == user);
	assert_int_equal(hsaKmtUnmapMemoryToGPU(p), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtFreeMemory((char *)p + 4096, 4096), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
	assert_int_equal(hsaKmtFreeMemory(p, 5000), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtQueryPointerInfo(p, &pi), HSAKMT_STATUS_ERROR);
	assert_int_equal(pi.Type, HSA_POINTER_UNKNOWN);
	/* user pointers */
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(host, sizeof(host), f), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtQueryPointerInfo(host + 10, &pi), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(pi.Type, HSA_POINTER_REGISTERED_USER);
	assert_int_equal(hsaKmtDeregisterMemory(host), HSAKMT_STATUS_SUCCESS);
	/* absent features */
	f.ui32.GDSMemory = 1;
	assert_int_equal(hsaKmtAllocMemory(1, 4096, f, &p), HSAKMT_STATUS_NOT_SUPPORTED);
	assert_int_equal(hsaKmtSVMSetAttr(NULL, 0, 0, NULL), HSAKMT_STATUS_NOT_SUPPORTED);
	assert_int_equal(hsaKmtShareMemory(NULL, 0, NULL), HSAKMT_STATUS_NOT_SUPPORTED);
}

static HsaEvent *new_event(HSA_EVENTTYPE type, bool manual)
{
	HsaEventDescriptor d = { .EventType = type, .NodeId = 1 };
	HsaEvent *e = NULL;

	assert_int_equal(hsaKmtCreateEvent(&d, manual, false, &e), HSAKMT_STATUS_SUCCESS);
	return e;
}

static void test_events(void **state)
{
	HsaEvent *a = new_event(HSA_EVENTTYPE_SIGNAL, false);
	HsaEvent *b = new_event(HSA_EVENTTYPE_SIGNAL, true);
	HsaEvent *both[2] = { a, b };

	(void)state;
	assert_true(a->EventData.HWData2 != 0);   /* the mailbox */
	assert_int_equal(hsaKmtWaitOnEvent(a, 10), HSAKMT_STATUS_WAIT_TIMEOUT);
	assert_int_equal(hsaKmtSetEvent(b), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtWaitOnMultipleEvents(both, 2, false, 1000), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtWaitOnMultipleEvents(both, 2, true, 10), HSAKMT_STATUS_WAIT_TIMEOUT);
	assert_int_equal(hsaKmtSetEvent(a), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtWaitOnMultipleEvents(both, 2, true, 1000), HSAKMT_STATUS_SUCCESS);
	/* a auto-resets, b (manual) stays set */
	assert_int_equal(hsaKmtWaitOnEvent(a, 0), HSAKMT_STATUS_WAIT_TIMEOUT);
	assert_int_equal(hsaKmtWaitOnEvent(b, 0), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtDestroyEvent(a), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtDestroyEvent(b), HSAKMT_STATUS_SUCCESS);
}

struct waiter {
	HsaEvent *ev;
	HSAKMT_STATUS st;
};

static void *wait_thread(void *arg)
{
	struct waiter *w = arg;

	w->st = hsaKmtWaitOnEvent(w->ev, 10000);
	return NULL;
}

/* One set of an auto-reset event wakes every thread waiting on it (ROCr's
 * queue destruction and its async-events thread wait on the same event);
 * it then stays unset. */
static void test_event_wakes_all_waiters(void **state)
{
	HsaEvent *e = new_event(HSA_EVENTTYPE_SIGNAL, false);
	struct waiter w[2] = { { e, HSAKMT_STATUS_ERROR }, { e, HSAKMT_STATUS_ERROR } };
	pthread_t t[2];

	(void)state;
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, wait_thread, &w[i]), 0);
	/* Both inside the wait before the set. */
	nanosleep(&(struct timespec){ 0, 200000000 }, NULL);
	assert_int_equal(hsaKmtSetEvent(e), HSAKMT_STATUS_SUCCESS);
	for (int i = 0; i < 2; i++) {
		pthread_join(t[i], NULL);
		assert_int_equal(w[i].st, HSAKMT_STATUS_SUCCESS);
	}
	assert_int_equal(hsaKmtWaitOnEvent(e, 0), HSAKMT_STATUS_WAIT_TIMEOUT);
	assert_int_equal(hsaKmtDestroyEvent(e), HSAKMT_STATUS_SUCCESS);
}

struct queue_fix {
	amd_queue_t *aq;
	uint8_t *ring;
	amd_signal_t *sig, *inactive;
	HsaEvent *ev;
	HsaQueueResource res;
};

static void *kfd_alloc(size_t size)
{
	HsaMemFlags f = { 0 };
	void *p = NULL;
	HSAuint32 node = 1;
	HsaMemMapFlags mf = { 0 };

	f.ui32.HostAccess = 1;
	assert_int_equal(hsaKmtAllocMemory(0, size, f, &p), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtMapMemoryToGPUNodes(p, size, NULL, mf, 1, &node), HSAKMT_STATUS_SUCCESS);
	return p;
}

static void queue_make(struct queue_fix *q)
{
	memset(q, 0, sizeof(*q));
	q->aq = kfd_alloc(4096);
	q->ring = kfd_alloc(64 * 64);
	q->sig = kfd_alloc(4096);
	q->inactive = q->sig + 1;
	q->ev = new_event(HSA_EVENTTYPE_SIGNAL, false);
	for (int i = 0; i < 64; i++)
		*(uint16_t *)(q->ring + 64 * i) = HSA_PACKET_TYPE_INVALID;
	q->sig->kind = AMD_SIGNAL_KIND_USER;
	q->sig->value = 1;
	q->sig->event_mailbox_ptr = q->ev->EventData.HWData2;
	q->sig->event_id = q->ev->EventId;
	q->inactive->kind = AMD_SIGNAL_KIND_USER;
	q->inactive->event_mailbox_ptr = q->ev->EventData.HWData2;
	q->inactive->event_id = q->ev->EventId;
	q->aq->queue_inactive_signal.handle = (uint64_t)(uintptr_t)q->inactive;
	q->res.Queue_read_ptr_aql = (HSAuint64 *)&q->aq->read_dispatch_id;
	q->res.Queue_write_ptr_aql = (HSAuint64 *)&q->aq->write_dispatch_id;
	assert_int_equal(hsaKmtCreateQueue(1, HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL,
	                                   q->ring, 64 * 64, NULL, &q->res), HSAKMT_STATUS_SUCCESS);
	assert_non_null(q->res.Queue_DoorBell_aql);
}

static void queue_ring(struct queue_fix *q, uint64_t index, uint16_t header)
{
	__atomic_store_n((uint16_t *)(q->ring + 64 * (index % 64)), header, __ATOMIC_RELEASE);
	__atomic_store_n(q->res.Queue_DoorBell_aql, index, __ATOMIC_RELEASE);
}

static void queue_free(struct queue_fix *q)
{
	assert_int_equal(hsaKmtDestroyQueue(q->res.QueueId), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtDestroyEvent(q->ev), HSAKMT_STATUS_SUCCESS);
	hsaKmtFreeMemory(q->aq, 4096);
	hsaKmtFreeMemory(q->ring, 64 * 64);
	hsaKmtFreeMemory(q->sig, 4096);
}

static void test_queue_barrier_and_pm4(void **state)
{
	struct queue_fix q;
	hsa_barrier_and_packet_t *pkt;
	uint32_t *ib = kfd_alloc(4096), *v;

	(void)state;
	queue_make(&q);
	pkt = (hsa_barrier_and_packet_t *)q.ring;
	pkt->completion_signal.handle = (uint64_t)(uintptr_t)q.sig;
	queue_ring(&q, 0, HSA_PACKET_TYPE_BARRIER_AND | HSA_FENCE_SCOPE_SYSTEM << 11);
	/* The completion wakes the event through the mailbox. */
	assert_int_equal(hsaKmtWaitOnEvent(q.ev, 10000), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(__atomic_load_n(&q.sig->value, __ATOMIC_ACQUIRE), 0);
	assert_int_equal(__atomic_load_n(&q.aq->read_dispatch_id, __ATOMIC_ACQUIRE), 1);
	assert_int_equal(*(uint16_t *)q.ring, HSA_PACKET_TYPE_INVALID);

	/* ROCr's code-cache invalidation: INDIRECT_BUFFER to an ACQUIRE_MEM. */
	ib[0] = 0xC0055800u;
	ib[1] = 0x28840000u;
	ib[2] = 0xFFFFFFFFu;
	ib[3] = 0xFFu;
	v = (uint32_t *)(q.ring + 64);
	memset(v, 0, 64);
	v[0] = 1u << 16;   /* ven_hdr AMD_AQL_FORMAT_PM4_IB; type VENDOR_SPECIFIC */
	v[1] = 0xC0023F00u;
	v[2] = (uint32_t)(uintptr_t)ib;
	v[3] = (uint32_t)((uintptr_t)ib >> 32);
	v[4] = 0x00800007u;
	v[5] = 0xA;
	queue_ring(&q, 1, HSA_PACKET_TYPE_VENDOR_SPECIFIC);
	for (int i = 0; i < 10000 && __atomic_load_n(&q.aq->read_dispatch_id, __ATOMIC_ACQUIRE) < 2; i++)
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	assert_int_equal(q.aq->read_dispatch_id, 2);

	/* An unknown PM4 opcode stops the queue with ROCr's invalid-packet code. */
	ib[0] = 0xC0004600u;   /* EVENT_WRITE, not supported */
	v = (uint32_t *)(q.ring + 128);
	memcpy(v, q.ring + 64, 64);
	v[0] = 1u << 16;
	queue_ring(&q, 2, HSA_PACKET_TYPE_VENDOR_SPECIFIC);
	assert_int_equal(hsaKmtWaitOnEvent(q.ev, 10000), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(__atomic_load_n(&q.inactive->value, __ATOMIC_ACQUIRE), 32);
	assert_int_equal(q.aq->read_dispatch_id, 2);
	queue_free(&q);
	hsaKmtFreeMemory(ib, 4096);
}

static void test_queue_refusals(void **state)
{
	HsaQueueResource res = { 0 };
	char ring[4096];
	HsaClockCounters c1, c2;

	(void)state;
	assert_int_equal(hsaKmtCreateQueue(1, HSA_QUEUE_SDMA, 100, HSA_QUEUE_PRIORITY_NORMAL, ring,
	                                   sizeof(ring), NULL, &res), HSAKMT_STATUS_NOT_SUPPORTED);
	assert_int_equal(hsaKmtCreateQueue(0, HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL, ring,
	                                   sizeof(ring), NULL, &res), HSAKMT_STATUS_INVALID_NODE_UNIT);
	assert_int_equal(hsaKmtSetQueueCUMask(0, 0, NULL), HSAKMT_STATUS_NOT_SUPPORTED);
	assert_int_equal(hsaKmtAllocQueueGWS(0, 1, NULL), HSAKMT_STATUS_NOT_SUPPORTED);
	/* The clock always advances: ROCr divides by the difference. */
	assert_int_equal(hsaKmtGetClockCounters(1, &c1), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtGetClockCounters(1, &c2), HSAKMT_STATUS_SUCCESS);
	assert_true(c2.GPUClockCounter > c1.GPUClockCounter);
	assert_true(c1.GPUClockCounter == c1.SystemClockCounter);
}

#define TU_SETUP tu_kfd_open
#define TU_TEARDOWN tu_kfd_close
TU_MAIN(NULL, NULL,
        tu_test(test_open_counts),
        tu_test(test_topology),
        tu_test(test_memory),
        tu_test(test_events),
        tu_test(test_event_wakes_all_waiters),
        tu_test(test_queue_barrier_and_pm4),
        tu_test(test_queue_refusals))
