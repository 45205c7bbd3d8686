/*
 * kfd_open — opening and closing the emulated KFD, versions, clocks, XNACK,
 * the trap handler, and the features the emulated GPU does not have.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

#include "core/emu_env.h"
#include "kfd/kfd_priv.h"

/* KFD ioctl interface 1.8: ROCr 5.2.3 needs >= 1.4 to trust SRAMECC, and a
 * 0.x version gives no topology. */
#define KFD_VERSION_MAJOR 1u
#define KFD_VERSION_MINOR 8u

static void kfd_teardown(void)
{
	kfd_queues_destroy_all();
	kfd_events_release_all();
	kfd_memory_release_all();
	emu_gpu_destroy(kfd.gpu);
	emu_mem_destroy(kfd.mem);
	free(kfd.doorbells);
	kfd.gpu = NULL;
	kfd.mem = NULL;
	kfd.doorbells = NULL;
}

KFD_API HSAKMT_STATUS hsaKmtOpenKFD(void)
{
	HSAKMT_STATUS st = HSAKMT_STATUS_SUCCESS;

	pthread_mutex_lock(&kfd.lock);
	if (kfd.opens > 0) {
		kfd.opens++;
		st = HSAKMT_STATUS_KERNEL_ALREADY_OPENED;  /* as the real thunk counts opens */
		goto out;
	}
	kfd.prof = emu_env_profile("gfx90a", "libhsakmt (gcnlab emulated KFD)",
	                           " (ROCr 5.2 itself runs gfx900 and gfx90a only)");
	if (!kfd.prof) {
		st = HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
		goto out;
	}
	kfd.mem = emu_mem_create();
	if (!kfd.mem)
		goto fail;
	kfd.gpu = emu_gpu_create(kfd.prof, kfd.mem);
	if (!kfd.gpu)
		goto fail;
	/* ROCr's loader and blit kernels: code the emulator did not load. */
	emu_gpu_set_demand_code(kfd.gpu, true);
	kfd.doorbells = aligned_alloc(4096, KFD_DOORBELLS * sizeof(uint64_t));
	if (!kfd.doorbells)
		goto fail;
	memset(kfd.doorbells, 0xff, KFD_DOORBELLS * sizeof(uint64_t));
	if (!kfd_events_init())
		goto fail;
	atomic_store(&kfd.vm_fault, false);
	emu_results_reset(&kfd.results, kfd.gpu, &kfd.dispatch_lock);
	kfd.clock_off = 1;   /* no timestamp is 0 (ROCr: "may be invalid") */
	kfd.clock_last = 0;
	kfd.opens = 1;
	goto out;
fail:
	kfd_teardown();
	st = HSAKMT_STATUS_NO_MEMORY;
out:
	pthread_mutex_unlock(&kfd.lock);
	return st;
}

KFD_API HSAKMT_STATUS hsaKmtCloseKFD(void)
{
	pthread_mutex_lock(&kfd.lock);
	if (kfd.opens == 0) {
		pthread_mutex_unlock(&kfd.lock);
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	}
	if (--kfd.opens > 0) {
		pthread_mutex_unlock(&kfd.lock);
		return HSAKMT_STATUS_SUCCESS;
	}
	pthread_mutex_unlock(&kfd.lock);
	kfd_teardown();
	return HSAKMT_STATUS_SUCCESS;
}

KFD_API HSAKMT_STATUS hsaKmtGetVersion(HsaVersionInfo *v)
{
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!v)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	v->KernelInterfaceMajorVersion = KFD_VERSION_MAJOR;
	v->KernelInterfaceMinorVersion = KFD_VERSION_MINOR;
	return HSAKMT_STATUS_SUCCESS;
}

/* No debugger interface: ROCr then keeps its pre-exception path (the
 * queue-error codes of queue_inactive_signal, kfd_queue.c). */
KFD_API HSAKMT_STATUS hsaKmtRuntimeEnable(void *rDebug, bool setupTtmp)
{
	(void)rDebug;
	(void)setupTtmp;
	return kfd_is_open() ? HSAKMT_STATUS_NOT_SUPPORTED : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

KFD_API HSAKMT_STATUS hsaKmtRuntimeDisable(void)
{
	return kfd_is_open() ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

KFD_API HSAKMT_STATUS hsaKmtGetXNACKMode(HSAint32 *enable)
{
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!enable)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	*enable = kfd.prof->xnack == 1;
	return HSAKMT_STATUS_SUCCESS;
}

/* The emulated GPU runs with the profile's XNACK state only. */
KFD_API HSAKMT_STATUS hsaKmtSetXNACKMode(HSAint32 enable)
{
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	return (enable != 0) == (kfd.prof->xnack == 1) ? HSAKMT_STATUS_SUCCESS
	                                              : HSAKMT_STATUS_NOT_SUPPORTED;
}

KFD_API HSAKMT_STATUS hsaKmtGetClockCounters(HSAuint32 node, HsaClockCounters *c)
{
	uint64_t now;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (node >= KFD_NODES)
		return HSAKMT_STATUS_INVALID_NODE_UNIT;
	if (!c)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	now = kfd_clock_ns();
	c->GPUClockCounter = now;
	c->CPUClockCounter = now;
	c->SystemClockCounter = now;
	c->SystemClockFrequencyHz = 1000000000ull;
	return HSAKMT_STATUS_SUCCESS;
}

/* ROCr installs its trap handler; the emulator handles s_trap and
 * exceptions itself and reports them as queue errors, so the code is kept
 * only as the KFD keeps it (not run). */
KFD_API HSAKMT_STATUS hsaKmtSetTrapHandler(HSAuint32 node, void *tba, HSAuint64 tba_size, void *tma,
                                           HSAuint64 tma_size)
{
	(void)tba;
	(void)tba_size;
	(void)tma;
	(void)tma_size;
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	return node == KFD_NODE_GPU ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_NODE_UNIT;
}

/* Tiling facts for ROCr's image extension, which its address library needs
 * at initialisation (ImageManagerKv::Initialize asserts success; the HIP
 * runtime initialises it, and hipMallocPitch needs it). gfx9 has no tile
 * mode tables (the KFD reports 0 of each); GB_ADDR_CONFIG is Vega 10's
 * golden value (amdgpu gfx_v9_0.c, VEGA10_GB_ADDR_CONFIG_GOLDEN 0x2a114042:
 * 4 pipes, 256 B pipe interleave, 4 shader engines), also answered for
 * gfx90a [ASSUME: amdgpu reads Aldebaran's from the register]. The
 * emulator has no image unit: a kernel's image instruction is refused
 * when it runs. */
KFD_API HSAKMT_STATUS hsaKmtGetTileConfig(HSAuint32 node, HsaGpuTileConfig *config)
{
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (node != KFD_NODE_GPU)
		return HSAKMT_STATUS_INVALID_NODE_UNIT;
	if (!config)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	config->GbAddrConfig = 0x2a114042u;
	config->NumBanks = 0;
	config->NumRanks = 0;
	config->NumTileConfigs = 0;
	config->NumMacroTileConfigs = 0;
	return HSAKMT_STATUS_SUCCESS;
}

/* ---- features the emulated GPU does not have ---- */

/* APE1 is a Kaveri aperture; gfx9 has none to set. */
KFD_API HSAKMT_STATUS hsaKmtSetMemoryPolicy(HSAuint32 node, HSAuint32 def, HSAuint32 alt,
                                            void *alt_base, HSAuint64 alt_size)
{
	(void)def;
	(void)alt;
	(void)alt_base;
	(void)alt_size;
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	return node < KFD_NODES ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_NODE_UNIT;
}

/* IPC, graphics interop and SVM/HMM: one process, one emulated GPU. */
KFD_API HSAKMT_STATUS hsaKmtShareMemory(void *addr, HSAuint64 size, HsaSharedMemoryHandle *h)
{
	(void)addr;
	(void)size;
	(void)h;
	return HSAKMT_STATUS_NOT_SUPPORTED;
}

KFD_API HSAKMT_STATUS hsaKmtRegisterSharedHandle(const HsaSharedMemoryHandle *h, void **addr,
                                                 HSAuint64 *size)
{
	(void)h;
	(void)addr;
	(void)size;
	return HSAKMT_STATUS_NOT_SUPPORTED;
}

KFD_API HSAKMT_STATUS hsaKmtRegisterSharedHandleToNodes(const HsaSharedMemoryHandle *h, void **addr,
                                                        HSAuint64 *size, HSAuint64 nnodes,
                                                        HSAuint32 *nodes)
{
	(void)h;
	(void)addr;
	(void)size;
	(void)nnodes;
	(void)nodes;
	return HSAKMT_STATUS_NOT_SUPPORTED;
}

KFD_API HSAKMT_STATUS hsaKmtRegisterGraphicsHandleToNodes(HSAuint64 handle,
                                                          HsaGraphicsResourceInfo *info,
                                                          HSAuint64 nnodes, HSAuint32 *nodes)
{
	(void)handle;
	(void)info;
	(void)nnodes;
	(void)nodes;
	return HSAKMT_STATUS_NOT_SUPPORTED;
}

KFD_API HSAKMT_STATUS hsaKmtSVMSetAttr(void *start, HSAuint64 size, unsigned int nattr,
                                       HSA_SVM_ATTRIBUTE *attrs)
{
	(void)start;
	(void)size;
	(void)nattr;
	(void)attrs;
	return HSAKMT_STATUS_NOT_SUPPORTED;
}

KFD_API HSAKMT_STATUS hsaKmtSVMGetAttr(void *start, HSAuint64 size, unsigned int nattr,
                                       HSA_SVM_ATTRIBUTE *attrs)
{
	(void)start;
	(void)size;
	(void)nattr;
	(void)attrs;
	return HSAKMT_STATUS_NOT_SUPPORTED;
}
