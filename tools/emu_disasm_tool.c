/*
 * gcnlab-disasm — disassemble a code object's .text with the emulator's
 * decoder, in llvm-objdump's line format:
 *
 *	<text>  // <12-digit hex address>: <WORDS>
 *
 * so that tests/decode/check_objdump.sh can compare it with
 * `llvm-objdump -d --mcpu=ARCH` line by line.
 *
 * Usage: gcnlab-disasm [--mcpu=gfxNNN] CODE_OBJECT
 * The arch comes from e_flags (EF_AMDGPU_MACH) unless --mcpu is given.
 */
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isa/emu_isa.h"
#include "arch/emu_profile.h"

/* EF_AMDGPU_MACH values (AMDGPUUsage, "AMDGPU ELF Header"). */
static const char *disasm_mach_name(unsigned mach)
{
	switch (mach) {
	case 0x02c: return "gfx900";
	case 0x03f: return "gfx90a";
	case 0x04c: return "gfx942";
	default: return NULL;
	}
}

static int disasm_file(const char *path, const char *mcpu)
{
	int ret = 1;
	Elf *e = NULL;
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "gcnlab-disasm: cannot open %s\n", path);
		return 1;
	}
	if (elf_version(EV_CURRENT) == EV_NONE || !(e = elf_begin(fd, ELF_C_READ, NULL)) || elf_kind(e) != ELF_K_ELF) {
		fprintf(stderr, "gcnlab-disasm: %s is not an ELF file\n", path);
		goto fail;
	}
	GElf_Ehdr eh;
	if (!gelf_getehdr(e, &eh) || eh.e_machine != 224 /* EM_AMDGPU */) {
		fprintf(stderr, "gcnlab-disasm: %s is not an AMDGPU code object\n", path);
		goto fail;
	}
	const char *proc = mcpu ? mcpu : disasm_mach_name(eh.e_flags & 0xff);
	const struct emu_profile *prof = proc ? emu_profile_find(proc) : NULL;
	if (!prof) {
		fprintf(stderr, "gcnlab-disasm: %s: processor %s is not emulated (gfx900, gfx90a or gfx942); pass --mcpu\n",
		        path, proc ? proc : "unknown");
		goto fail;
	}
	size_t shstrndx;
	if (elf_getshdrstrndx(e, &shstrndx)) {
		fprintf(stderr, "gcnlab-disasm: %s has no section names\n", path);
		goto fail;
	}
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		const char *name = elf_strptr(e, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".text") || sh.sh_type != SHT_PROGBITS)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf) {
			fprintf(stderr, "gcnlab-disasm: %s: .text has no data\n", path);
			goto fail;
		}
		struct emu_program *p = emu_program_create(prof, sh.sh_addr, d->d_buf, (uint32_t)d->d_size);
		if (!p) {
			fprintf(stderr, "gcnlab-disasm: out of memory\n");
			goto fail;
		}
		for (uint32_t i = 0; i < p->size / 4; i++) {
			const struct emu_inst *in = &p->insts[i];
			if (!in->size)
				continue;
			char text[256];
			emu_disasm(prof, in, text, sizeof(text));
			printf("\t%-58s // %012" PRIX64 ":", text, sh.sh_addr + in->off);
			for (unsigned k = 0; k < in->size / 4; k++)
				printf(" %08" PRIX32, in->w[k]);
			printf("\n");
		}
		emu_program_destroy(p);
		ret = 0;
	}
	if (ret)
		fprintf(stderr, "gcnlab-disasm: %s has no .text section\n", path);
fail:
	if (e)
		elf_end(e);
	close(fd);
	return ret;
}

int main(int argc, char **argv)
{
	const char *mcpu = NULL;
	int first = 1;
	if (argc > 1 && !strncmp(argv[1], "--mcpu=", 7)) {
		mcpu = argv[1] + 7;
		first = 2;
	}
	if (first >= argc) {
		fprintf(stderr, "usage: gcnlab-disasm [--mcpu=gfx900|gfx90a|gfx942] CODE_OBJECT...\n");
		return 2;
	}
	int ret = 0;
	for (int i = first; i < argc; i++)
		ret |= disasm_file(argv[i], mcpu);
	return ret;
}
