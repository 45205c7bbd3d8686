#include "measure/gl_rocprof.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/gl_counters.h"
#include "report/gl_results.h"
#include "base/gl_csv.h"
#include "base/gl_str.h"

/* rocprofiler-sdk rounds the group segment up to this (lds_block_size =
 * 128 * 4 in its source/lib/output headers). */
#define LDS_BLOCK_BYTES 512u

static const char header[] =
	"Correlation_Id,Dispatch_Id,Agent_Id,Queue_Id,Process_Id,Thread_Id,Grid_Size,Kernel_Id,"
	"Kernel_Name,Workgroup_Size,LDS_Block_Size,Scratch_Size,VGPR_Count,Accum_VGPR_Count,"
	"SGPR_Count,Counter_Name,Counter_Value,Start_Timestamp,End_Timestamp\n";

static const char kernel_header[] =
	"\"Kind\",\"Agent_Id\",\"Queue_Id\",\"Stream_Id\",\"Thread_Id\",\"Dispatch_Id\",\"Kernel_Id\","
	"\"Kernel_Name\",\"Correlation_Id\",\"Start_Timestamp\",\"End_Timestamp\",\"LDS_Block_Size\","
	"\"Scratch_Size\",\"VGPR_Count\",\"Accum_VGPR_Count\",\"SGPR_Count\",\"Workgroup_Size_X\","
	"\"Workgroup_Size_Y\",\"Workgroup_Size_Z\",\"Grid_Size_X\",\"Grid_Size_Y\",\"Grid_Size_Z\"\n";

bool gl_rocprof_init(struct gl_rocprof *w, unsigned device, struct gl_err *e)
{
	memset(w, 0, sizeof(*w));
	w->device = device;
	w->f = open_memstream(&w->buf, &w->len);
	w->kf = open_memstream(&w->kbuf, &w->klen);
	if (!w->f || !w->kf)
		return gl_err_set(e, "out of memory for the counter_collection rows");
	return true;
}

void gl_rocprof_free(struct gl_rocprof *w)
{
	if (w->f)
		fclose(w->f);
	if (w->kf)
		fclose(w->kf);
	free(w->buf);
	free(w->kbuf);
	memset(w, 0, sizeof(*w));
}

unsigned gl_rocprof_kernel_rows(const struct gl_rocprof *w)
{
	return w->krows;
}

unsigned gl_rocprof_rows(const struct gl_rocprof *w)
{
	return w->rows;
}

/* 1-based number of the kernel, in the order first seen. */
static unsigned kernel_id(struct gl_rocprof *w, const char *name)
{
	for (unsigned i = 0; i < w->nkernels; i++)
		if (strcmp(w->kernels[i], name) == 0)
			return i + 1;
	if (w->nkernels < GL_ROCPROF_MAX_KERNELS) {
		gl_str_fmt(w->kernels[w->nkernels], sizeof(w->kernels[0]), "%s", name);
		return ++w->nkernels;
	}
	return GL_ROCPROF_MAX_KERNELS + 1;   /* more kernels than kept: one shared id */
}

void gl_rocprof_observe(void *user, struct gl_hsa *h, const struct gl_hsa_launch *l)
{
	struct gl_rocprof *w = user;
	const struct gcn_kernel *km = l->kernel->meta;
	struct gl_counters c;
	uint64_t start = 0, end = 0, grid = 1, wg = 1;
	uint32_t lds;
	unsigned long long id;
	unsigned kid;

	if (!w->f)
		return;
	gl_hsa_last_times_ns(h, &start, &end);
	for (unsigned d = 0; d < 3; d++) {
		grid *= l->grid[d] ? l->grid[d] : 1;
		wg *= l->block[d] ? l->block[d] : 1;
	}
	lds = l->kernel->group_size + l->dynamic_lds;
	lds = (lds + LDS_BLOCK_BYTES - 1) & ~(LDS_BLOCK_BYTES - 1);
	gl_counters_read(h, &c);
	if (!c.valid && !w->kernel_trace)
		return;
	id = ++w->dispatches;
	kid = kernel_id(w, km ? km->name : "");
	if (w->kernel_trace && w->kf) {
		fprintf(w->kf, "\"KERNEL_DISPATCH\",%u,1,0,%ld,%llu,%u,\"", w->device, (long)gettid(), id, kid);
		for (const char *n = km ? km->name : ""; *n; n++)   /* quoted always, as rocprofv3 writes it */
			fputs(*n == '"' ? "\"\"" : (char[2]){ *n, 0 }, w->kf);
		fprintf(w->kf, "\",%llu,%" PRIu64 ",%" PRIu64 ",%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u\n", id, start, end, lds,
		        l->kernel->private_size, km ? km->vgpr_count : 0, km ? km->agpr_count : 0,
		        km ? km->sgpr_count : 0, l->block[0], l->block[1] ? l->block[1] : 1,
		        l->block[2] ? l->block[2] : 1, l->grid[0], l->grid[1] ? l->grid[1] : 1,
		        l->grid[2] ? l->grid[2] : 1);
		w->krows++;
		if (ferror(w->kf))
			w->failed = true;
	}
	if (!c.valid || w->skip_counters)
		return;
	for (uint32_t i = 0; i < c.c.count; i++) {
		char name[GCNLAB_COUNTER_NAME_MAX + 1];

		gl_str_fmt(name, sizeof(name), "%.*s", GCNLAB_COUNTER_NAME_MAX, c.c.name[i]);
		fprintf(w->f, "%llu,%llu,%u,1,%ld,%ld,%" PRIu64 ",%u,", id, id, w->device, (long)getpid(),
		        (long)gettid(), grid, kid);
		gl_csv_field(w->f, km ? km->name : "");
		fprintf(w->f, ",%" PRIu64 ",%u,%u,%u,%u,%u,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", wg, lds,
		        l->kernel->private_size, km ? km->vgpr_count : 0, km ? km->agpr_count : 0,
		        km ? km->sgpr_count : 0, name, c.c.value[i], start, end);
		w->rows++;
	}
	if (ferror(w->f))
		w->failed = true;
}

bool gl_rocprof_take(struct gl_rocprof *w, char **text, size_t *len, struct gl_err *e)
{
	size_t hlen = strlen(header);
	char *out;
	bool ok = true;

	if (!w->f || fflush(w->f) != 0 || w->failed)
		return gl_err_set(e, "out of memory for the counter rows");
	out = malloc(hlen + w->len + 1);
	if (!out)
		return gl_err_set(e, "out of memory for the counter rows");
	memcpy(out, header, hlen);
	memcpy(out + hlen, w->buf, w->len);
	*text = out;
	*len = hlen + w->len;
	/* Start over: the next file gets the next dispatches only (the
	 * kernel trace rows not yet taken stay). */
	{
		unsigned device = w->device, krows = w->krows;
		bool kt = w->kernel_trace;
		FILE *kf = w->kf;
		char *kbuf = w->kbuf;
		size_t klen = w->klen;
		struct gl_err ie;

		w->kf = NULL;
		w->kbuf = NULL;
		gl_rocprof_free(w);
		if (!gl_rocprof_init(w, device, &ie))
			ok = gl_err_set(e, "%s", ie.msg);
		if (w->kf)
			fclose(w->kf);
		free(w->kbuf);
		w->kf = kf;
		w->kbuf = kbuf;
		w->klen = klen;
		w->krows = krows;
		w->kernel_trace = kt;
	}
	if (!ok)
		free(out);
	return ok;
}

bool gl_rocprof_kernel_take(struct gl_rocprof *w, char **text, size_t *len, struct gl_err *e)
{
	size_t hlen = strlen(kernel_header);
	char *out;

	if (!w->kf || fflush(w->kf) != 0 || w->failed)
		return gl_err_set(e, "out of memory for the kernel trace rows");
	if (!(out = malloc(hlen + w->klen + 1)))
		return gl_err_set(e, "out of memory for the kernel trace rows");
	memcpy(out, kernel_header, hlen);
	memcpy(out + hlen, w->kbuf, w->klen);
	*text = out;
	*len = hlen + w->klen;
	/* The next file gets the next dispatches' rows. */
	fclose(w->kf);
	free(w->kbuf);
	w->kbuf = NULL;
	w->klen = 0;
	w->krows = 0;
	if (!(w->kf = open_memstream(&w->kbuf, &w->klen)))
		w->failed = true;
	return true;
}

bool gl_rocprof_kernel_write(struct gl_rocprof *w, const char *path, struct gl_err *e)
{
	char *out = NULL;
	size_t len = 0;
	bool ok;

	if (!gl_rocprof_kernel_take(w, &out, &len, e))
		return gl_err_prefix(e, "%s: ", path);
	ok = gl_results_write_file(path, out, len, e);
	free(out);
	return ok;
}

bool gl_rocprof_write(struct gl_rocprof *w, const char *path, struct gl_err *e)
{
	char *out = NULL;
	size_t len = 0;
	bool ok;

	if (!gl_rocprof_take(w, &out, &len, e))
		return gl_err_prefix(e, "%s: ", path);
	ok = gl_results_write_file(path, out, len, e);
	free(out);
	return ok;
}
