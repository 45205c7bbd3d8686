/*
 * kfd_topology — the two nodes ROCr discovers: node 0 the host CPU (with
 * its caches: ROCr asserts that a CPU agent has some), node 1 the emulated
 * GPU, every figure from its description (arch/emu_profile.c), so that
 * rocminfo and the model agree.
 *
 * Sizes follow the KFD's sysfs conventions: cache sizes in KiB, LDS in KiB,
 * heaps in bytes. The GPU heap is FRAME_BUFFER_PUBLIC (host-visible VRAM, as
 * the emulator's memory is), and the LDS and scratch apertures sit where
 * gfx9's KFD puts them in a 64-bit process.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/emu_env.h"
#include "kfd/kfd_priv.h"

#define KFD_LDS_APERTURE (1ull << 48)
#define KFD_SCRATCH_APERTURE (2ull << 48)
#define KFD_APERTURE_SIZE (1ull << 32)
#define KFD_GPU_CACHES 2u
#define KFD_CPU_CACHES 3u
#define KFD_GPU_ID_LO 0x80000000u  /* FComputeIdLo: GPU processor ids start here */
/* 8 bytes of "gcnlab" and the arch: stable across runs (rocminfo's Uuid). */
#define KFD_UNIQUE_ID 0x67636e6c61620000ull

static void kfd_utf16(HSAuint16 *dst, const char *src)
{
	unsigned i;

	for (i = 0; i + 1 < HSA_PUBLIC_NAME_SIZE && src[i]; i++)
		dst[i] = (unsigned char)src[i];
	dst[i] = 0;
}

/* gfx<major><minor><stepping>, minor and stepping one hex digit each. */
static void kfd_engine_id(const char *proc, HSA_ENGINE_ID *id)
{
	const char *v = proc + 3;
	size_t n = strlen(v);
	unsigned minor = 0, step = 0, major = 0;

	char maj[8] = { 0 };

	if (n >= 3 && n - 2 < sizeof(maj)) {
		memcpy(maj, v, n - 2);
		sscanf(maj, "%u", &major);
		sscanf(v + n - 2, "%1x%1x", &minor, &step);
	}
	memset(id, 0, sizeof(*id));
	id->ui32.Major = major;
	id->ui32.Minor = minor;
	id->ui32.Stepping = step;
}

KFD_API HSAKMT_STATUS hsaKmtAcquireSystemProperties(HsaSystemProperties *p)
{
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!p)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	memset(p, 0, sizeof(*p));
	p->NumNodes = KFD_NODES;
	return HSAKMT_STATUS_SUCCESS;
}

/* The snapshot is the profile itself: nothing to release. */
KFD_API HSAKMT_STATUS hsaKmtReleaseSystemProperties(void)
{
	return kfd_is_open() ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

static void kfd_cpu_node(HsaNodeProperties *p)
{
	char name[HSA_PUBLIC_NAME_SIZE];

	p->NumCPUCores = emu_env_cpu_count();
	p->NumMemoryBanks = 1;
	p->NumCaches = KFD_CPU_CACHES;
	p->NumIOLinks = 1;
	p->CComputeIdLo = 0;
	p->WaveFrontSize = 0;
	emu_env_cpu_name(name, sizeof(name));
	kfd_utf16(p->MarketingName, name);
	snprintf((char *)p->AMDName, sizeof(p->AMDName), "CPU");
}

static void kfd_gpu_node(HsaNodeProperties *p)
{
	const struct emu_profile *f = kfd.prof;
	uint32_t arrays = f->num_se * f->arrays_per_se;
	uint32_t sclk, mclk;

	emu_gpu_clocks(kfd.gpu, &sclk, &mclk);
	p->NumFComputeCores = f->num_cu * f->simd_per_cu;
	p->NumMemoryBanks = 3;
	p->NumCaches = KFD_GPU_CACHES;
	p->NumIOLinks = 1;
	p->FComputeIdLo = KFD_GPU_ID_LO;
	p->Capability.ui32.QueueSizePowerOfTwo = 1;
	p->Capability.ui32.QueueSize32bit = 1;
	p->Capability.ui32.DoorbellType = 2;        /* 64-bit AQL doorbells */
	p->Capability.ui32.SRAM_EDCSupport = f->sramecc == 1;
	p->MaxWavesPerSIMD = f->max_waves_per_simd;
	p->LDSSizeInKB = f->lds_bytes / 1024;
	p->WaveFrontSize = 64;
	p->NumShaderBanks = f->num_se;
	p->NumArrays = f->arrays_per_se;
	p->NumCUPerArray = (f->num_cu + arrays - 1) / arrays;
	p->NumSIMDPerCU = f->simd_per_cu;
	p->MaxSlotsScratchCU = 32;
	kfd_engine_id(f->proc, &p->EngineId);
	p->VendorId = 0x1002;
	p->DeviceId = (HSAuint16)f->chip_id;
	p->LocationId = 0x100;                       /* PCI bus 1, device 0 */
	p->LocalMemSize = f->vram_bytes;
	p->MaxEngineClockMhzFCompute = sclk;
	p->DrmRenderMinor = 128;
	kfd_utf16(p->MarketingName, f->marketing);
	snprintf((char *)p->AMDName, sizeof(p->AMDName), "%s", f->proc);
	/* No SDMA engine: ROCr's SDMA queue creation fails and it copies with
	 * its blit kernels on the emulated GPU instead. */
	p->NumSdmaEngines = 0;
	p->NumSdmaXgmiEngines = 0;
	p->NumSdmaQueuesPerEngine = 0;
	p->NumCpQueues = 24;
	p->NumGws = 0;
	p->UniqueID = KFD_UNIQUE_ID | (uint64_t)f->mach;
	p->VGPRSizePerCU = f->simd_per_cu * 64 * 4 * f->tgt->vgprs_per_simd;
	p->SGPRSizePerCU = 0x4000;
}

KFD_API HSAKMT_STATUS hsaKmtGetNodeProperties(HSAuint32 node, HsaNodeProperties *p)
{
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!p)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	if (node >= KFD_NODES)
		return HSAKMT_STATUS_INVALID_NODE_UNIT;
	memset(p, 0, sizeof(*p));
	if (node == KFD_NODE_CPU)
		kfd_cpu_node(p);
	else
		kfd_gpu_node(p);
	return HSAKMT_STATUS_SUCCESS;
}

KFD_API HSAKMT_STATUS hsaKmtGetNodeMemoryProperties(HSAuint32 node, HSAuint32 n,
                                                    HsaMemoryProperties *m)
{
	HsaMemoryProperties banks[3];
	uint32_t have, sclk, mclk;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!m)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	if (node >= KFD_NODES)
		return HSAKMT_STATUS_INVALID_NODE_UNIT;
	memset(banks, 0, sizeof(banks));
	if (node == KFD_NODE_CPU) {
		banks[0].HeapType = HSA_HEAPTYPE_SYSTEM;
		banks[0].SizeInBytes = emu_env_ram_bytes();
		banks[0].Width = 64;
		have = 1;
	} else {
		emu_gpu_clocks(kfd.gpu, &sclk, &mclk);
		banks[0].HeapType = HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC;
		banks[0].SizeInBytes = kfd.prof->vram_bytes;
		banks[0].Width = kfd.prof->model.mem_bus_bits;
		banks[0].MemoryClockMax = mclk;
		banks[1].HeapType = HSA_HEAPTYPE_GPU_LDS;
		banks[1].SizeInBytes = kfd.prof->lds_bytes;  /* ROCr sizes the group pool by it */
		banks[1].VirtualBaseAddress = KFD_LDS_APERTURE;
		banks[2].HeapType = HSA_HEAPTYPE_GPU_SCRATCH;
		banks[2].SizeInBytes = KFD_APERTURE_SIZE;
		banks[2].VirtualBaseAddress = KFD_SCRATCH_APERTURE;
		have = 3;
	}
	memcpy(m, banks, sizeof(banks[0]) * (n < have ? n : have));
	return HSAKMT_STATUS_SUCCESS;
}

static void kfd_cache(HsaCacheProperties *c, uint32_t proc, uint32_t level, uint64_t bytes,
                      uint32_t line, uint32_t ways, bool cpu)
{
	memset(c, 0, sizeof(*c));
	c->ProcessorIdLow = proc;
	c->CacheLevel = level;
	c->CacheSize = (HSAuint32)(bytes / 1024);
	c->CacheLineSize = line;
	c->CacheLinesPerTag = 1;
	c->CacheAssociativity = ways;
	c->CacheType.ui32.Data = 1;
	c->CacheType.ui32.CPU = cpu;
	c->CacheType.ui32.HSACU = !cpu;
	c->SiblingMap[0] = 1;
}

static long kfd_sysconf(int name, long def)
{
	long v = sysconf(name);
	return v > 0 ? v : def;
}

KFD_API HSAKMT_STATUS hsaKmtGetNodeCacheProperties(HSAuint32 node, HSAuint32 proc, HSAuint32 n,
                                                   HsaCacheProperties *c)
{
	HsaCacheProperties caches[KFD_CPU_CACHES];
	const struct emu_model_params *m;
	uint32_t have;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!c)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	if (node >= KFD_NODES)
		return HSAKMT_STATUS_INVALID_NODE_UNIT;
	if (node == KFD_NODE_CPU) {
		/* The host's own caches where glibc knows them. */
		long line = kfd_sysconf(_SC_LEVEL1_DCACHE_LINESIZE, 64);
		kfd_cache(&caches[0], proc, 1, (uint64_t)kfd_sysconf(_SC_LEVEL1_DCACHE_SIZE, 32 << 10),
		          (uint32_t)line, (uint32_t)kfd_sysconf(_SC_LEVEL1_DCACHE_ASSOC, 8), true);
		kfd_cache(&caches[1], proc, 2, (uint64_t)kfd_sysconf(_SC_LEVEL2_CACHE_SIZE, 512 << 10),
		          (uint32_t)line, (uint32_t)kfd_sysconf(_SC_LEVEL2_CACHE_ASSOC, 8), true);
		kfd_cache(&caches[2], proc, 3, (uint64_t)kfd_sysconf(_SC_LEVEL3_CACHE_SIZE, 8 << 20),
		          (uint32_t)line, (uint32_t)kfd_sysconf(_SC_LEVEL3_CACHE_ASSOC, 16), true);
		have = KFD_CPU_CACHES;
	} else {
		m = &kfd.prof->model;
		kfd_cache(&caches[0], proc, 1, m->l1.bytes, m->l1.line, m->l1.ways, false);
		kfd_cache(&caches[1], proc, 2, m->l2.bytes, m->l2.line, m->l2.ways, false);
		have = KFD_GPU_CACHES;
	}
	memcpy(c, caches, sizeof(caches[0]) * (n < have ? n : have));
	return HSAKMT_STATUS_SUCCESS;
}

/* One PCIe link each way. */
KFD_API HSAKMT_STATUS hsaKmtGetNodeIoLinkProperties(HSAuint32 node, HSAuint32 n,
                                                    HsaIoLinkProperties *l)
{
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!l)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	if (node >= KFD_NODES)
		return HSAKMT_STATUS_INVALID_NODE_UNIT;
	if (n == 0)
		return HSAKMT_STATUS_SUCCESS;
	memset(l, 0, sizeof(*l));
	l->IoLinkType = HSA_IOLINKTYPE_PCIEXPRESS;
	l->VersionMajor = 3;
	l->NodeFrom = node;
	l->NodeTo = node == KFD_NODE_CPU ? KFD_NODE_GPU : KFD_NODE_CPU;
	l->Weight = 20;
	l->MinimumBandwidth = 16000;
	l->MaximumBandwidth = 16000;
	return HSAKMT_STATUS_SUCCESS;
}
