/*
 * fuzz_decode — libFuzzer target for the GFX9 decoder and disassembler.
 *
 * Input: byte 0 picks the arch (gfx900, gfx90a, gfx942), the rest is program
 * text. Every input is decoded as a program (emu_program_create), every
 * instruction start is disassembled, and every dword position is also decoded
 * alone with 1..3 words available. Checks: sizes are 4/8/12, an instruction
 * never claims words past the text, illegal ones are 4 bytes without an
 * opcode, the decoder binds no semantics (that is emu_sem_bind's, above
 * isa/), the text is NUL-terminated and fits, and no sanitizer fires.
 *
 * Built by tests/fuzz/run.sh with clang-19 -fsanitize=fuzzer,address,undefined
 * from isa/ alone (the decoder depends on nothing above it).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "isa/emu_isa.h"
#include "arch/emu_profile.h"


static void check_text(const char *buf, size_t len)
{
	if (!memchr(buf, 0, len))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	struct emu_profile prof;
	memset(&prof, 0, sizeof(prof));
	prof.arch = (enum emu_arch)(data[0] % EMU_ARCH_COUNT);
	prof.tgt = emu_profile_get(prof.arch)->tgt;
	const uint8_t *text = data + 1;
	uint32_t len = (uint32_t)(size - 1);

	struct emu_program *p = emu_program_create(&prof, 0x1000, text, len);
	if (!p)
		return 0;
	char buf[256];
	for (uint32_t i = 0; i < len / 4; i++) {
		const struct emu_inst *in = &p->insts[i];
		if (!in->size)
			continue;
		if (in->size != 4 && in->size != 8 && in->size != 12)
			abort();
		if (in->off != 4 * i || (in->op && in->off + in->size > len))
			abort();
		if ((!in->op && in->size != 4) || in->exec)
			abort();
		if (emu_program_at(p, 0x1000 + in->off) != in)
			abort();
		emu_disasm(&prof, in, buf, sizeof(buf));
		check_text(buf, sizeof(buf));
		/* a tiny buffer must still be terminated */
		char small[8];
		emu_disasm(&prof, in, small, sizeof(small));
		check_text(small, sizeof(small));
	}
	for (uint32_t i = 0; i < len / 4; i++) {
		uint32_t w[3] = {0, 0, 0};
		unsigned n = len / 4 - i < 3 ? len / 4 - i : 3;
		memcpy(w, text + 4 * i, 4 * n);
		for (unsigned k = 1; k <= n; k++) {
			struct emu_inst in;
			unsigned sz = emu_decode_one(&prof, w, k, &in);
			if (sz != in.size || (in.op && sz > 4 * k))
				abort();
			emu_disasm(&prof, &in, buf, sizeof(buf));
			check_text(buf, sizeof(buf));
		}
	}
	emu_program_destroy(p);
	return 0;
}
