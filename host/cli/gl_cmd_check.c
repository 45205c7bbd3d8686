/*
 * gl_cmd_check — `gcnlab check CODE_OBJECT [KERNEL]`: the emulator's
 * waitcnt and wait-state rules on every path of each kernel, without
 * running it (emu/core/emu_lint.c through the vendor extension). Exit 0
 * when clean, 1 when anything is found, 2 for bad input.
 */
#include "cli/gl_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/gl_file.h"
#include "gcn_codeobj.h"

static const struct gl_opt check_opts[] = {
	{ 0 },
};

/* One line per finding, then the count: exit 1 when anything was found. */
static int print_findings(const char *cmd, const char *code, uint32_t nkernels, const struct gcnlab_emu_finding *f,
                          size_t nf, const char *note)
{
	size_t nwc = 0;

	for (size_t i = 0; i < nf; i++) {
		bool wc = !strcmp(f[i].rule, "waitcnt");

		nwc += wc;
		if (wc)
			printf("%s+0x%x: waitcnt hazard: `%s` %s\n", f[i].kernel, f[i].offset, f[i].inst, f[i].detail);
		else
			printf("%s+0x%x: wait-state hazard (%s): `%s` %s\n", f[i].kernel, f[i].offset, f[i].rule,
			       f[i].inst, f[i].detail);
	}
	if (note[0])
		printf("%s: note: %s\n", cmd, note);
	printf("%s: %s: %u kernel(s), %zu finding(s) (%zu waitcnt, %zu wait-state)\n", cmd, code, nkernels, nf, nwc,
	       nf - nwc);
	return nf ? GL_CMD_EXIT_FAILED : 0;
}

static int check_main(const char *cmd, int argc, char **argv)
{
	struct gl_cmd_opts o;
	const char *pos[GL_CMD_MAX_POSITIONAL];
	unsigned npos;
	struct gl_hsa_cfg cfg;
	struct gl_hsa *h = NULL;
	struct gcnlab_emu_finding *f = NULL;
	struct gcn_codeobj co;
	size_t nf = 0, size = 0;
	void *data = NULL;
	char note[1024], perr[256];
	struct gl_err e;
	int rc = gl_cmd_parse(&gl_cmd_check, cmd, argc, argv, &o, pos, &npos);

	if (rc >= 0)
		return rc;
	if (npos < 1 || npos > 2) {
		fprintf(stderr, "%s: name a code object and, optionally, one of its kernels (see %s --help)\n", cmd, cmd);
		return GL_CMD_EXIT_USAGE;
	}
	if (!gl_file_read(pos[0], "code object", &data, &size, &e))
		return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_USAGE);
	if (!gcn_codeobj_parse(data, size, &co, perr, sizeof(perr))) {
		fprintf(stderr, "%s: %s: %s\n", cmd, pos[0], perr);
		free(data);
		return GL_CMD_EXIT_USAGE;
	}
	uint32_t nkernels = npos == 2 ? 1 : co.nkernels;
	gcn_codeobj_free(&co);
	memset(&cfg, 0, sizeof(cfg));
	cfg.backend = GL_BACKEND_EMU;
	cfg.quiet = true;
	if (!gl_hsa_open(&cfg, &h, &e)) {
		free(data);
		return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_FAILED);
	}
	switch (gl_hsa_check_code(h, data, size, npos == 2 ? pos[1] : NULL, &f, &nf, note, sizeof(note), &e)) {
	case GL_CHECK_OK:
		break;
	case GL_CHECK_BAD_INPUT:
		rc = GL_CMD_EXIT_USAGE;
		fprintf(stderr, "%s: %s: %s\n", cmd, pos[0], e.msg);
		goto out;
	default:
		rc = GL_CMD_EXIT_FAILED;
		fprintf(stderr, "%s: %s: %s\n", cmd, pos[0], e.msg);
		goto out;
	}
	rc = print_findings(cmd, pos[0], nkernels, f, nf, note);
out:
	gl_hsa_check_free(h, f);
	gl_hsa_close(h);
	free(data);
	return rc;
}

const struct gl_cmd gl_cmd_check = {
	.name = "check",
	.usage = "gcnlab check CODE_OBJECT [KERNEL]",
	.brief = "find missing waits and wait states on every path, without running",
	.summary = "Apply the emulator's strictness rules to every path of each kernel (or KERNEL) of CODE_OBJECT "
	           "without running it: a register read or overwritten before an s_waitcnt guarantees the memory "
	           "instruction that writes it (vmcnt, lgkmcnt, by the order the ISA gives each counter), and "
	           "too few wait states (s_nop) between the instructions of a software wait-state rule. One "
	           "finding per instruction: kernel+offset, the instruction, the rule, the wait needed and the "
	           "path, and the instruction it depends on. Exit 0 when clean, 1 when anything is found, 2 for "
	           "bad input.",
	.opts = check_opts,
	.fn = check_main,
};
