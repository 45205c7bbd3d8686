/*
 * gl_hsa_check — the emulator's static check of a code object through its
 * vendor extension (gcnlab_emu_ext_1.check_code_object): `gcnlab check`.
 */
#include <string.h>

#include "gpu/gl_hsa.h"
#include "gpu/gl_hsa_priv.h"

enum gl_check_status gl_hsa_check_code(struct gl_hsa *h, const void *data, size_t size, const char *kernel,
                                       struct gcnlab_emu_finding **out, size_t *count, char *note,
                                       size_t note_len, struct gl_err *e)
{
	*out = NULL;
	*count = 0;
	note[0] = '\0';
	if (!h->have_ext || !h->ext.check_code_object) {
		gl_err_set(e, "the %s backend has no static checker (it is the emulator's: use --backend emu)",
		           gl_backend_name(h->cfg.backend));
		return GL_CHECK_FAILED;
	}
	hsa_status_t st = h->ext.check_code_object(data, size, kernel, out, count, note, note_len);
	if (st == HSA_STATUS_SUCCESS)
		return GL_CHECK_OK;
	gl_err_set(e, "%s", note[0] ? note : "the static check failed");
	return st == HSA_STATUS_ERROR_INVALID_CODE_OBJECT || st == HSA_STATUS_ERROR_INVALID_ARGUMENT ? GL_CHECK_BAD_INPUT
	                                                                                           : GL_CHECK_FAILED;
}

void gl_hsa_check_free(struct gl_hsa *h, struct gcnlab_emu_finding *f)
{
	if (f && h->have_ext && h->ext.free_findings)
		h->ext.free_findings(f);
}
