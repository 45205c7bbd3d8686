/*
 * test_buf_scatter — gl_hsa_buf_scatter on the emulated GPU: items packed
 * at the head of the staging copy land at their device offsets, every
 * other device byte keeps what it held, and an item past the buffer's end
 * (or more items than the staging copy holds) is refused with a message
 * naming the offset. Needs the emulator ($GCNLAB_EMU_LIB, as make test
 * sets it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "gpu/gl_hsa.h"

#define SIZE (64u * 1024u)

static void test_scatter(void **state)
{
	struct gl_hsa_cfg cfg = { .backend = GL_BACKEND_EMU, .quiet = true };
	struct gl_hsa *h = NULL;
	struct gl_hsa_buf b;
	struct gl_err e = { "" };
	/* unaligned to one another, the last one ending at the buffer's end */
	static const uint64_t offs[3] = { 40000, 4, SIZE - 4 };
	static const uint32_t vals[3] = { 0x11223344u, 0xdeadbeefu, 0x01020304u };
	const uint64_t past[1] = { SIZE - 2 };
	uint8_t *got;

	(void)state;
	snprintf(cfg.arch, sizeof(cfg.arch), "gfx942");
	if (!gl_hsa_open(&cfg, &h, &e))
		fail_msg("opening the emulated gfx942: %s", e.msg);
	assert_true(gl_hsa_buf_alloc(h, SIZE, &b, &e));
	memset(b.host, 0xab, SIZE);
	assert_true(gl_hsa_buf_upload(h, &b, &e));
	memcpy(b.host, vals, sizeof(vals));
	assert_true(gl_hsa_buf_scatter(h, &b, offs, 3, 4, &e));
	memset(b.host, 0, SIZE);
	assert_true(gl_hsa_buf_download(h, &b, &e));
	got = b.host;
	for (size_t i = 0; i < SIZE; i++) {
		unsigned k = 0;

		while (k < 3 && (i < offs[k] || i >= offs[k] + 4))
			k++;
		if (k < 3)
			assert_int_equal(got[i], (uint8_t)(vals[k] >> (8 * (i - offs[k]))));
		else if (got[i] != 0xab)
			fail_msg("byte %zu changed to 0x%02x: only the items' bytes may", i, got[i]);
	}
	assert_false(gl_hsa_buf_scatter(h, &b, past, 1, 4, &e));
	assert_non_null(strstr(e.msg, "offset 65534"));
	assert_false(gl_hsa_buf_scatter(h, &b, offs, SIZE / 4 + 1, 4, &e));
	assert_non_null(strstr(e.msg, "staging copy"));
	gl_hsa_buf_destroy(h, &b);
	gl_hsa_close(h);
}

TU_MAIN(NULL, NULL,
        cmocka_unit_test(test_scatter));
