/*
 * gl_hsa.c — the names every part of the backend reports with: HSA status
 * codes, backends, and the one way a failed call becomes a message
 * (gl_hsa_fail). Opening and closing are in gl_hsa_open.c.
 */
#include "gpu/gl_hsa_priv.h"
#include "base/gl_str.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* --- names -------------------------------------------------------------- */

static const struct {
	int status;
	const char *name;
} status_names[] = {
#define S(x) { x, #x }
	S(HSA_STATUS_SUCCESS), S(HSA_STATUS_INFO_BREAK), S(HSA_STATUS_ERROR),
	S(HSA_STATUS_ERROR_INVALID_ARGUMENT), S(HSA_STATUS_ERROR_INVALID_QUEUE_CREATION),
	S(HSA_STATUS_ERROR_INVALID_ALLOCATION), S(HSA_STATUS_ERROR_INVALID_AGENT),
	S(HSA_STATUS_ERROR_INVALID_REGION), S(HSA_STATUS_ERROR_INVALID_SIGNAL),
	S(HSA_STATUS_ERROR_INVALID_QUEUE), S(HSA_STATUS_ERROR_OUT_OF_RESOURCES),
	S(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT), S(HSA_STATUS_ERROR_RESOURCE_FREE),
	S(HSA_STATUS_ERROR_NOT_INITIALIZED), S(HSA_STATUS_ERROR_REFCOUNT_OVERFLOW),
	S(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS), S(HSA_STATUS_ERROR_INVALID_INDEX),
	S(HSA_STATUS_ERROR_INVALID_ISA), S(HSA_STATUS_ERROR_INVALID_ISA_NAME),
	S(HSA_STATUS_ERROR_INVALID_CODE_OBJECT), S(HSA_STATUS_ERROR_INVALID_EXECUTABLE),
	S(HSA_STATUS_ERROR_FROZEN_EXECUTABLE), S(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME),
	S(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED), S(HSA_STATUS_ERROR_VARIABLE_UNDEFINED),
	S(HSA_STATUS_ERROR_EXCEPTION), S(HSA_STATUS_ERROR_INVALID_CODE_SYMBOL),
	S(HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL), S(HSA_STATUS_ERROR_INVALID_FILE),
	S(HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER), S(HSA_STATUS_ERROR_INVALID_CACHE),
	S(HSA_STATUS_ERROR_INVALID_WAVEFRONT), S(HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP),
	S(HSA_STATUS_ERROR_INVALID_RUNTIME_STATE), S(HSA_STATUS_ERROR_FATAL),
	/* hsa_ext_amd.h additions */
	S(HSA_STATUS_ERROR_INVALID_MEMORY_POOL), S(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION),
	S(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION), S(HSA_STATUS_ERROR_MEMORY_FAULT),
	S(HSA_STATUS_CU_MASK_REDUCED),
#undef S
};

const char *gl_hsa_status_name(int status)
{
	for (size_t i = 0; i < sizeof(status_names) / sizeof(status_names[0]); i++)
		if (status_names[i].status == status)
			return status_names[i].name;
	return "unknown HSA status";
}

const char *gl_hsa_status_text(struct gl_hsa *h, hsa_status_t s)
{
	const char *text = NULL;

	if (h && h->api.hsa_status_string && h->api.hsa_status_string(s, &text) == HSA_STATUS_SUCCESS &&
	    text)
		return text;
	return gl_hsa_status_name(s);
}

void gl_hsa_status_phrase(struct gl_hsa *h, hsa_status_t s, char *buf, size_t len)
{
	const char *name = gl_hsa_status_name(s);
	const char *text = gl_hsa_status_text(h, s);

	/* ROCr's texts start with the status name; add a runtime's own wording
	 * only when it says something else. */
	if (strncmp(text, name, strlen(name)) == 0)
		gl_str_fmt(buf, len, "%s (0x%x)", name, (unsigned)s);
	else
		gl_str_fmt(buf, len, "%s (0x%x: %s)", name, (unsigned)s, text);
}

bool gl_hsa_fail(struct gl_hsa *h, struct gl_err *e, hsa_status_t s, const char *fmt, ...)
{
	char what[1024], phrase[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	gl_hsa_status_phrase(h, s, phrase, sizeof(phrase));
	return gl_err_set(e, "%s: %s", what, phrase);
}

static const char *const backend_names[] = {
	[GL_BACKEND_AUTO] = "auto", [GL_BACKEND_ROCR] = "rocr", [GL_BACKEND_EMU] = "emu",
	[GL_BACKEND_ROCR_EMU] = "rocr-emu",
};

const char *gl_backend_name(enum gl_backend b)
{
	return backend_names[b];
}

bool gl_backend_parse(const char *text, enum gl_backend *out)
{
	for (size_t i = 0; i < sizeof(backend_names) / sizeof(backend_names[0]); i++) {
		if (strcmp(text, backend_names[i]) == 0) {
			*out = (enum gl_backend)i;
			return true;
		}
	}
	return false;
}
