#include "cli/gl_exec_out.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/gl_csv.h"
#include "base/gl_json.h"

static bool has_counters(const struct gl_exec_result *r)
{
	return r->counters && r->counters->valid;
}

/* The text formatted in memory, then written as every output is
 * (gl_outfile: temporary and rename, or through a device). */
static bool finish(FILE *f, char **buf, size_t *len, const struct gl_outfile *o, struct gl_err *e)
{
	bool ok;

	if (fclose(f) != 0) {
		free(*buf);
		return gl_err_set(e, "out of memory formatting %s", o->path);
	}
	ok = gl_outfile_write(o, *buf, *len, e);
	free(*buf);
	return ok;
}

bool gl_exec_out_csv(const struct gl_outfile *o, const struct gl_exec_result *r, struct gl_err *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return gl_err_set(e, "out of memory formatting %s", o->path);
	fputs("kernel,code_object,arch,backend,grid_x,grid_y,grid_z,block_x,block_y,block_z,"
	      "warmup,reps,median_us,min_us,max_us", f);
	if (has_counters(r))
		for (uint32_t i = 0; i < r->counters->c.count; i++)
			fprintf(f, ",%s", r->counters->c.name[i]);
	fputc('\n', f);
	gl_csv_field(f, r->kernel);
	fputc(',', f);
	gl_csv_field(f, r->code);
	fprintf(f, ",%s,%s,%u,%u,%u,%u,%u,%u,%u,%u,%.6f,%.6f,%.6f", r->arch, r->backend, r->grid[0],
	        r->grid[1], r->grid[2], r->block[0], r->block[1], r->block[2], r->warmup, r->n,
	        r->stats.median_us, r->stats.min_us, r->stats.max_us);
	if (has_counters(r))
		for (uint32_t i = 0; i < r->counters->c.count; i++)
			fprintf(f, ",%llu", (unsigned long long)r->counters->c.value[i]);
	fputc('\n', f);
	return finish(f, &buf, &len, o, e);
}

bool gl_exec_out_json(const struct gl_outfile *o, const struct gl_exec_result *r, struct gl_err *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct gl_json j;

	if (!f)
		return gl_err_set(e, "out of memory formatting %s", o->path);
	gl_json_init(&j, f);
	gl_json_object(&j, NULL);
	gl_json_str(&j, "kernel", r->kernel);
	gl_json_str(&j, "code_object", r->code);
	gl_json_str(&j, "arch", r->arch);
	gl_json_str(&j, "backend", r->backend);
	gl_json_array(&j, "grid");
	for (unsigned d = 0; d < 3; d++)
		gl_json_u64(&j, NULL, r->grid[d]);
	gl_json_end(&j);
	gl_json_array(&j, "block");
	for (unsigned d = 0; d < 3; d++)
		gl_json_u64(&j, NULL, r->block[d]);
	gl_json_end(&j);
	gl_json_u64(&j, "warmup", r->warmup);
	gl_json_u64(&j, "reps", r->n);
	gl_json_num(&j, "median_us", r->stats.median_us);
	gl_json_num(&j, "min_us", r->stats.min_us);
	gl_json_num(&j, "max_us", r->stats.max_us);
	gl_json_array(&j, "samples_us");
	for (unsigned i = 0; i < r->n; i++)
		gl_json_num(&j, NULL, r->samples[i]);
	gl_json_end(&j);
	if (has_counters(r)) {
		gl_json_object(&j, "counters");
		for (uint32_t i = 0; i < r->counters->c.count; i++)
			gl_json_u64(&j, r->counters->c.name[i], r->counters->c.value[i]);
		gl_json_end(&j);
	} else {
		gl_json_null(&j, "counters");
	}
	gl_json_end(&j);
	gl_json_finish(&j);
	return finish(f, &buf, &len, o, e);
}
