/*
 * gl_cmd_info — `gcnlab info`: the backend, its agents and the GPU, as text
 * or one JSON object.
 */
#include "cli/gl_cmd.h"

#include <stdio.h>

#include "cli/gl_info.h"

static const struct gl_opt info_opts[] = {
	GL_CMD_OPT_ARCH, GL_CMD_OPT_BACKEND, GL_CMD_OPT_DEVICE,
	{ "--json", GL_OPT_FLAG, GL_CMD_O(json_out), NULL, "print one JSON object instead of the text", .min = 0 },
	{ 0 },
};

static int info_main(const char *cmd, int argc, char **argv)
{
	struct gl_cmd_opts o;
	struct gl_hsa_cfg cfg;
	struct gl_hsa *h = NULL;
	struct gl_hsa_info info;
	struct gl_err e;
	int rc = gl_cmd_parse(&gl_cmd_info, cmd, argc, argv, &o, NULL, NULL);

	if (rc >= 0)
		return rc;
	gl_cmd_hsa_cfg(&o, &cfg);
	if (!gl_hsa_open(&cfg, &h, &e))
		return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_FAILED);
	if (!gl_hsa_info(h, &info, &e)) {
		gl_hsa_close(h);
		return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_FAILED);
	}
	if (o.json_out)
		gl_info_json(stdout, &info, gl_hsa_arch(h));
	else
		gl_info_print(stdout, &info, gl_hsa_arch(h));
	gl_hsa_close(h);
	return 0;
}

const struct gl_cmd gl_cmd_info = {
	.name = "info",
	.usage = "gcnlab info [OPTIONS]",
	.brief = "show the backend, its agents and the GPU",
	.summary = "Show the backend, the agents, and the GPU's ISA, compute units, wave size, LDS and clocks.",
	.opts = info_opts,
	.fn = info_main,
};
