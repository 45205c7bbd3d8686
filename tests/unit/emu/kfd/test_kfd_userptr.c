/*
 * test_kfd_userptr — host memory registered as user pointers
 * (emu/kfd/kfd_userptr.c), as the HIP runtime registers it: chunks of a
 * pageable buffer pinned for a hipMemcpy, then the whole buffer by
 * hipHostRegister over them; each registration at a GPU address of its
 * own (the host address's offset in its page kept), returned by the map;
 * the same range twice (counted), mapped twice (counted); deregistered in
 * any order; pointer queries answering as the thunk's range lookup does;
 * an address that starts two registrations naming neither (the thunk's
 * vm_find_object), their GPU addresses naming each; read-only or unmapped
 * host memory refused; thunk memory accepted as registered already.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>
#include <hsakmt.h>

#include "tu_kfd.h"
#include "tu_main.h"

static HsaMemFlags host_flags(void)
{
	HsaMemFlags f = { 0 };

	f.ui32.HostAccess = 1;
	return f;
}

/* What the pointer query says of p: the registration's size (0 if none),
 * its GPU address, whether it is mapped. */
static HSAuint64 reg_size(const void *p, HSAuint64 *gpu, bool *mapped)
{
	HsaPointerInfo pi;

	if (hsaKmtQueryPointerInfo(p, &pi) != HSAKMT_STATUS_SUCCESS)
		return 0;
	assert_int_equal(pi.Type, HSA_POINTER_REGISTERED_USER);
	assert_int_equal(pi.Node, 1);   /* the GPU that owns the alias */
	/* a GPU address of its own, at the host address's offset in its page */
	assert_true(pi.GPUAddress != (HSAuint64)(uintptr_t)pi.CPUAddress);
	assert_int_equal(pi.GPUAddress & 4095, (uintptr_t)pi.CPUAddress & 4095);
	if (gpu)
		*gpu = pi.GPUAddress;
	if (mapped)
		*mapped = pi.NMappedNodes > 0;
	return pi.SizeInBytes;
}

static HSAKMT_STATUS map(void *p, HSAuint64 size, HSAuint64 *alt)
{
	HSAuint32 node = 1;
	HsaMemMapFlags mf = { 0 };

	return hsaKmtMapMemoryToGPUNodes(p, size, alt, mf, 1, &node);
}

static void test_overlapping(void **state)
{
	size_t n = 64 * 4096;
	char *buf = aligned_alloc(4096, n), *whole = buf + 16;  /* unaligned, as malloc gives */
	HSAuint64 alt = 0, alt2 = 0, gpu = 0;
	bool mapped = true;

	(void)state;
	assert_non_null(buf);
	/* chunks the runtime pinned, then the whole buffer over them */
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(buf, n / 2, host_flags()), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(buf, NULL, &mapped), n / 2);
	assert_false(mapped);                               /* until mapped */
	assert_int_equal(map(buf, n / 2, &alt), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(buf, &gpu, &mapped), n / 2);
	assert_true(mapped);
	assert_true(alt == gpu && alt != (HSAuint64)(uintptr_t)buf);
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(buf + n / 2, n / 2, host_flags()),
	                 HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(whole, n - 16, host_flags()), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(map(whole, n - 16, &alt2), HSAKMT_STATUS_SUCCESS);
	assert_true(alt2 != alt && (alt2 & 4095) == 16);    /* its own GPU range */
	/* the same range again counts, and so does a second map */
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(whole, n - 16, host_flags()), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(map(whole, n - 16, &alt), HSAKMT_STATUS_SUCCESS);
	assert_true(alt == alt2);
	/* the range lookup: the registration starting nearest below */
	assert_int_equal(reg_size(whole, NULL, NULL), n / 2);
	assert_int_equal(reg_size(buf + n / 2, NULL, NULL), n - 16);
	/* and by GPU address */
	assert_int_equal(reg_size((void *)(uintptr_t)(alt2 + 100), &gpu, NULL), n - 16);
	assert_true(gpu == alt2);
	/* drop the chunks: the whole registration still answers */
	assert_int_equal(hsaKmtUnmapMemoryToGPU(buf), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtDeregisterMemory(buf), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtDeregisterMemory(buf + n / 2), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(buf + n / 2, NULL, NULL), n - 16);
	/* mapped twice: one unmap leaves it mapped */
	assert_int_equal(hsaKmtUnmapMemoryToGPU(whole), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(whole, NULL, &mapped), n - 16);
	assert_true(mapped);
	assert_int_equal(hsaKmtUnmapMemoryToGPU(whole), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(whole, NULL, &mapped), n - 16);
	assert_false(mapped);
	assert_int_equal(hsaKmtDeregisterMemory(whole), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(whole + 100, NULL, NULL), n - 16);  /* registered twice */
	assert_int_equal(hsaKmtDeregisterMemory(whole), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(whole + 100, NULL, NULL), 0);
	assert_int_equal(hsaKmtDeregisterMemory(whole), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
	assert_int_equal(hsaKmtMapMemoryToGPU(whole, n, &alt), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
	free(buf);
}

/* Two registrations starting at one address: without a size the address
 * names neither (the thunk finds no unique object and reports the memory
 * not registered); each one's GPU address names it. */
static void test_same_start(void **state)
{
	size_t n = 16 * 4096;
	char *buf = aligned_alloc(4096, n);
	HSAuint64 a1 = 0, a2 = 0;

	(void)state;
	assert_non_null(buf);
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(buf, n / 2, host_flags()), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(buf, n, host_flags()), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(map(buf, n / 2, &a1), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(map(buf, n, &a2), HSAKMT_STATUS_SUCCESS);
	assert_true(a1 != a2);
	assert_int_equal(hsaKmtDeregisterMemory(buf), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
	assert_int_equal(hsaKmtDeregisterMemory((void *)(uintptr_t)a1), HSAKMT_STATUS_SUCCESS);
	/* one left: the host address names it again */
	assert_int_equal(reg_size(buf, NULL, NULL), n);
	assert_int_equal(hsaKmtDeregisterMemory(buf), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(buf, NULL, NULL), 0);
	free(buf);
}

/* The KFD pins a user pointer's pages for the GPU to write: read-only or
 * unmapped host memory is refused. */
static void test_not_writable(void **state)
{
	size_t n = 4 * 4096;
	char *ro = mmap(NULL, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *gone = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	(void)state;
	assert_true(ro != MAP_FAILED && gone != MAP_FAILED);
	assert_int_equal(munmap(gone + 4096, 4096), 0);   /* a hole in the middle */
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(ro, n, host_flags()), HSAKMT_STATUS_ERROR);
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(gone, n, host_flags()), HSAKMT_STATUS_ERROR);
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(gone, 4096, host_flags()), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtDeregisterMemory(gone), HSAKMT_STATUS_SUCCESS);
	munmap(ro, n);
	munmap(gone, 4096);
	munmap(gone + 2 * 4096, 2 * 4096);
}

static void test_thunk_memory(void **state)
{
	HsaMemFlags f = host_flags();
	void *p = NULL;

	(void)state;
	f.ui32.NonPaged = 1;
	assert_int_equal(hsaKmtAllocMemory(0, 8192, f, &p), HSAKMT_STATUS_SUCCESS);
	/* inside the thunk's allocation: registered already */
	assert_int_equal(hsaKmtRegisterMemoryWithFlags((char *)p + 64, 4096, f), HSAKMT_STATUS_SUCCESS);
	/* running past its end: refused */
	assert_int_equal(hsaKmtRegisterMemoryWithFlags((char *)p + 4096, 8192, f),
	                 HSAKMT_STATUS_INVALID_PARAMETER);
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(NULL, 4096, f), HSAKMT_STATUS_INVALID_PARAMETER);
	assert_int_equal(hsaKmtFreeMemory(p, 8192), HSAKMT_STATUS_SUCCESS);
}

TU_MAIN(tu_kfd_open, tu_kfd_close, cmocka_unit_test(test_overlapping), cmocka_unit_test(test_same_start),
        cmocka_unit_test(test_not_writable), cmocka_unit_test(test_thunk_memory))
