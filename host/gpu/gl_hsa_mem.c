/*
 * gl_hsa_mem.c — device buffers with host staging copies.
 */
#include "gpu/gl_hsa_priv.h"

#include <string.h>
#include <sys/mman.h>

/* Allocate from pool and let the GPU reach it. */
static bool pool_alloc(struct gl_hsa *h, hsa_amd_memory_pool_t pool, bool allow_gpu,
                       size_t size, const char *what, void **out, struct gl_err *e)
{
	hsa_status_t s = h->api.hsa_amd_memory_pool_allocate(pool, size, 0, out);

	if (s != HSA_STATUS_SUCCESS) {
		*out = NULL;
		return gl_hsa_fail(h, e, s, "allocating %zu bytes of %s memory", size, what);
	}
	if (allow_gpu) {
		s = h->api.hsa_amd_agents_allow_access(1, &h->gpu, NULL, *out);
		if (s != HSA_STATUS_SUCCESS) {
			h->api.hsa_amd_memory_pool_free(*out);
			*out = NULL;
			return gl_hsa_fail(h, e, s, "giving the GPU access to %s memory", what);
		}
	}
	return true;
}

bool gl_hsa_buf_alloc(struct gl_hsa *h, size_t size, struct gl_hsa_buf *out, struct gl_err *e)
{
	memset(out, 0, sizeof(*out));
	if (size == 0)
		return gl_err_set(e, "a buffer must have at least 1 byte");
	/* The GPU's own pool needs no access grant for its agent. */
	if (!pool_alloc(h, h->coarse_pool, false, size, "device (coarse-grained)", &out->dev, e))
		return false;
	if (!pool_alloc(h, h->fine_pool, true, size, "host (fine-grained)", &out->host, e)) {
		h->api.hsa_amd_memory_pool_free(out->dev);
		out->dev = NULL;
		return false;
	}
	out->size = size;
	return true;
}

bool gl_hsa_buf_create(struct gl_hsa *h, size_t size, struct gl_hsa_buf *out, struct gl_err *e)
{
	if (!gl_hsa_buf_alloc(h, size, out, e))
		return false;
	/* Its pages in one call rather than a fault per 4 KiB page; advice
	 * only (the runtime's memory, mapped for the CPU). */
	(void)madvise(out->host, size, MADV_POPULATE_WRITE);
	memset(out->host, 0, size);
	return true;
}

void gl_hsa_buf_destroy(struct gl_hsa *h, struct gl_hsa_buf *b)
{
	if (h && b->dev)
		h->api.hsa_amd_memory_pool_free(b->dev);
	if (h && b->host)
		h->api.hsa_amd_memory_pool_free(b->host);
	memset(b, 0, sizeof(*b));
}

bool gl_hsa_buf_upload(struct gl_hsa *h, struct gl_hsa_buf *b, struct gl_err *e)
{
	return gl_hsa_buf_upload_head(h, b, b->size, e);
}

bool gl_hsa_buf_upload_head(struct gl_hsa *h, struct gl_hsa_buf *b, size_t bytes, struct gl_err *e)
{
	hsa_status_t s = h->api.hsa_memory_copy(b->dev, b->host, bytes < b->size ? bytes : b->size);

	if (s != HSA_STATUS_SUCCESS)
		return gl_hsa_fail(h, e, s, "copying %zu bytes to the device", bytes < b->size ? bytes : b->size);
	return true;
}

bool gl_hsa_buf_scatter(struct gl_hsa *h, struct gl_hsa_buf *b, const uint64_t *offs, size_t n, size_t width,
                        struct gl_err *e)
{
	if (n > b->size / (width ? width : 1))
		return gl_err_set(e, "scattering %zu items of %zu bytes from a %zu-byte staging copy", n, width, b->size);
	for (size_t i = 0; i < n; i++) {
		hsa_status_t s;

		if (offs[i] > b->size || width > b->size - offs[i])
			return gl_err_set(e, "scattering %zu bytes to offset %llu of a %zu-byte buffer", width,
			                  (unsigned long long)offs[i], b->size);
		s = h->api.hsa_memory_copy((char *)b->dev + offs[i], (const char *)b->host + i * width, width);
		if (s != HSA_STATUS_SUCCESS)
			return gl_hsa_fail(h, e, s, "copying %zu bytes to offset %llu of the device", width,
			                   (unsigned long long)offs[i]);
	}
	return true;
}

bool gl_hsa_buf_download(struct gl_hsa *h, struct gl_hsa_buf *b, struct gl_err *e)
{
	hsa_status_t s = h->api.hsa_memory_copy(b->host, b->dev, b->size);

	if (s != HSA_STATUS_SUCCESS)
		return gl_hsa_fail(h, e, s, "copying %zu bytes from the device", b->size);
	return true;
}

bool gl_hsa_kernarg_reserve(struct gl_hsa *h, size_t size, struct gl_err *e)
{
	void *p;

	if (size <= h->kernarg_cap && h->kernarg)
		return true;
	if (size < 4096)
		size = 4096;
	if (!pool_alloc(h, h->kernarg_pool, true, size, "kernarg", &p, e))
		return false;
	if (h->kernarg)
		h->api.hsa_amd_memory_pool_free(h->kernarg);
	h->kernarg = p;
	h->kernarg_cap = size;
	return true;
}
