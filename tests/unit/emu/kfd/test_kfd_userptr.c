/*
 * test_kfd_userptr — host memory registered as user pointers
 * (emu/kfd/kfd_userptr.c), as the HIP runtime registers it: chunks of a
 * pageable buffer pinned for a hipMemcpy, then the whole buffer by
 * hipHostRegister over them; the same range twice (counted); deregistered
 * in any order; pointer queries answering for the registration that holds
 * the address; thunk memory accepted as registered already.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* The size of the registration query reports for p, 0 if none. */
static HSAuint64 reg_size(const void *p)
{
	HsaPointerInfo pi;

	if (hsaKmtQueryPointerInfo(p, &pi) != HSAKMT_STATUS_SUCCESS)
		return 0;
	assert_int_equal(pi.Type, HSA_POINTER_REGISTERED_USER);
	assert_true(pi.GPUAddress == (HSAuint64)(uintptr_t)pi.CPUAddress);
	return pi.SizeInBytes;
}

static void test_overlapping(void **state)
{
	size_t n = 64 * 4096;
	char *buf = aligned_alloc(4096, n), *whole = buf + 16;  /* unaligned, as malloc gives */
	HSAuint32 node = 1;
	HsaMemMapFlags mf = { 0 };
	HSAuint64 alt = 0;

	(void)state;
	assert_non_null(buf);
	/* chunks the runtime pinned, then the whole buffer over them */
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(buf, n / 2, host_flags()), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtMapMemoryToGPUNodes(buf, n / 2, &alt, mf, 1, &node), HSAKMT_STATUS_SUCCESS);
	assert_true(alt == (HSAuint64)(uintptr_t)buf);
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(buf + n / 2, n / 2, host_flags()),
	                 HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(whole, n - 16, host_flags()), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtMapMemoryToGPUNodes(whole, n - 16, &alt, mf, 1, &node),
	                 HSAKMT_STATUS_SUCCESS);
	assert_true(alt == (HSAuint64)(uintptr_t)whole);
	/* the same range again counts */
	assert_int_equal(hsaKmtRegisterMemoryWithFlags(whole, n - 16, host_flags()), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(whole), n - 16);
	assert_int_equal(reg_size(buf), n / 2);   /* the one starting there */
	/* drop the chunks: the whole registration still answers */
	assert_int_equal(hsaKmtDeregisterMemory(buf), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(hsaKmtDeregisterMemory(buf + n / 2), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(buf + n / 2), n - 16);
	assert_int_equal(hsaKmtDeregisterMemory(whole), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(whole + 100), n - 16);  /* registered twice */
	assert_int_equal(hsaKmtDeregisterMemory(whole), HSAKMT_STATUS_SUCCESS);
	assert_int_equal(reg_size(whole + 100), 0);
	assert_int_equal(hsaKmtDeregisterMemory(whole), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
	assert_int_equal(hsaKmtMapMemoryToGPU(whole, n, &alt), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
	free(buf);
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

TU_MAIN(tu_kfd_open, tu_kfd_close, cmocka_unit_test(test_overlapping), cmocka_unit_test(test_thunk_memory))
