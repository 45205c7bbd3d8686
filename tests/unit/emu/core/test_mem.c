/*
 * test_mem — the emulated GPU's memory map (core/emu_mem.h): a range
 * translates to itself and is direct; an alias (a user pointer at a GPU
 * address of its own, emu/kfd/kfd_userptr.c) translates to its host bytes
 * and is never direct, so the memory paths that take GPU addresses for host
 * pointers leave it to the per-element path; neither translates past its
 * end, while unmapped for the GPU, or once removed; an alias may not
 * overlap another range.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>

#include "tu_main.h"
#include "core/emu_mem.h"

#define LEN (64u << 10)

static int mem_setup(void **state)
{
	struct emu_mem *m = emu_mem_create();
	*state = m;
	return m ? 0 : -1;
}

static int mem_teardown(void **state)
{
	emu_mem_destroy(*state);
	return 0;
}

#define TU_SETUP mem_setup
#define TU_TEARDOWN mem_teardown

static uint64_t va(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

static void test_plain_range_is_direct(void **state)
{
	struct emu_mem *m = *state;
	uint8_t *p = emu_mem_map(m, LEN);

	assert_non_null(p);
	assert_true(emu_mem_add(m, p, LEN, EMU_MEM_COARSE));
	assert_ptr_equal(emu_mem_translate(m, va(p) + 100, 4), p + 100);
	assert_true(emu_mem_direct(m, va(p), LEN));
	assert_null(emu_mem_translate(m, va(p) + LEN - 2, 4));   /* runs past the end */
	assert_false(emu_mem_direct(m, va(p) + LEN - 2, 4));
	assert_true(emu_mem_set_gpu(m, p, false));
	assert_null(emu_mem_translate(m, va(p), 4));
	assert_false(emu_mem_direct(m, va(p), 4));
	assert_true(emu_mem_remove(m, p));
	munmap(p, LEN);
}

static void test_alias_translates_to_its_host_bytes(void **state)
{
	struct emu_mem *m = *state;
	static uint32_t host[LEN / 4];
	void *gva = emu_mem_reserve(m, LEN);
	uint64_t g = va(gva);
	uint64_t base = 0;
	size_t size = 0;
	enum emu_mem_kind kind = EMU_MEM_FINE;

	assert_non_null(gva);
	assert_true(emu_mem_add_alias(m, g, host, LEN, EMU_MEM_USERPTR));
	assert_ptr_equal(emu_mem_translate(m, g + 40, 4), &host[10]);
	assert_false(emu_mem_direct(m, g + 40, 4));               /* not at its GPU address */
	/* a store through the translation lands in the host buffer */
	uint32_t v = 0x5eed;
	memcpy(emu_mem_translate(m, g + 8, 4), &v, 4);
	assert_int_equal(host[2], 0x5eed);
	assert_true(emu_mem_find(m, g + 12, &base, &size, &kind));
	assert_int_equal(base, g);
	assert_int_equal(size, LEN);
	assert_int_equal(kind, EMU_MEM_USERPTR);
	assert_null(emu_mem_translate(m, g + LEN - 4, 8));       /* past the end */
	/* the host buffer itself is no GPU address */
	assert_null(emu_mem_translate(m, va(host), 4));
	assert_true(emu_mem_set_gpu(m, gva, false));
	assert_null(emu_mem_translate(m, g, 4));
	assert_true(emu_mem_set_gpu(m, gva, true));
	assert_ptr_equal(emu_mem_translate(m, g, 4), &host[0]);
	assert_false(emu_mem_direct(m, g, 4));
	assert_true(emu_mem_remove(m, gva));
	assert_null(emu_mem_translate(m, g, 4));
	munmap(gva, LEN);
}

static void test_alias_does_not_overlap(void **state)
{
	struct emu_mem *m = *state;
	static uint8_t host[2 * LEN];
	uint8_t *p = emu_mem_map(m, LEN);
	uint8_t *gva = emu_mem_reserve(m, LEN);

	assert_non_null(p);
	assert_non_null(gva);
	assert_true(gva != p);
	assert_true(emu_mem_add(m, p, LEN, EMU_MEM_COARSE));
	assert_false(emu_mem_add_alias(m, va(p) + 4096, host, 4096, EMU_MEM_USERPTR));
	assert_true(emu_mem_add_alias(m, va(gva), host, LEN, EMU_MEM_USERPTR));
	/* the second alias of the same host bytes needs its own GPU range */
	assert_false(emu_mem_add_alias(m, va(gva) + 4096, host, 4096, EMU_MEM_USERPTR));
	assert_false(emu_mem_add_alias(m, va(gva), NULL, LEN, EMU_MEM_USERPTR));
	assert_true(emu_mem_remove(m, gva));
	assert_true(emu_mem_remove(m, p));
	munmap(gva, LEN);
	munmap(p, LEN);
}

TU_MAIN(NULL, NULL,
        tu_test(test_plain_range_is_direct),
        tu_test(test_alias_translates_to_its_host_bytes),
        tu_test(test_alias_does_not_overlap))
