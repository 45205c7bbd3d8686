/*
 * gcnlab-kd — print the kernel descriptor of each kernel of a code object
 * as `.amdhsa_*` directives (host/gpu/gl_kd.h), for `make disasm`.
 *
 * Usage: gcnlab-kd CODE_OBJECT [KERNEL]
 * The arch comes from the code object's e_flags.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcn_codeobj.h"
#include "base/gl_err.h"
#include "base/gl_file.h"
#include "gpu/gl_kd.h"

int main(int argc, char **argv)
{
	struct gcn_codeobj co;
	struct gl_err e;
	void *file = NULL;
	size_t size;
	char perr[512];
	int rc = 1;
	unsigned shown = 0;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: gcnlab-kd CODE_OBJECT [KERNEL]\n");
		return 2;
	}
	if (!gl_file_read(argv[1], "code object", &file, &size, &e)) {
		fprintf(stderr, "gcnlab-kd: %s\n", e.msg);
		return 1;
	}
	if (!gcn_codeobj_parse(file, size, &co, perr, sizeof(perr))) {
		fprintf(stderr, "gcnlab-kd: %s: %s\n", argv[1], perr);
		free(file);
		return 1;
	}
	for (uint32_t i = 0; i < co.nkernels; i++) {
		uint8_t kd[GL_KD_SIZE];

		if (argc == 3 && strcmp(co.kernels[i].name, argv[2]) != 0)
			continue;
		if (!gl_kd_read(file, size, &co.kernels[i], kd, &e)) {
			fprintf(stderr, "gcnlab-kd: %s: %s\n", argv[1], e.msg);
			goto out;
		}
		gl_kd_print(stdout, co.kernels[i].name, kd, co.target.proc);
		shown++;
	}
	if (!shown) {
		fprintf(stderr, "gcnlab-kd: %s has no kernel %s\n", argv[1], argc == 3 ? argv[2] : "");
		goto out;
	}
	rc = 0;
out:
	gcn_codeobj_free(&co);
	free(file);
	return rc;
}
