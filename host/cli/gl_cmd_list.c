/*
 * gl_cmd_list — `gcnlab list`: every suite, its kernels (with where their
 * code objects are for --arch) and its --param keys.
 */
#include "cli/gl_cmd.h"

#include <stdio.h>
#include <string.h>

#include "base/gl_str.h"
#include "measure/gl_run_ctx.h"
#include "suites/gl_suite.h"

static const struct gl_opt list_opts[] = {
	{ "--arch", GL_OPT_STRING, GL_CMD_O(arch), "ARCH",
	  "also show where each kernel's code object is in build/ARCH/ (or that it is not built)",
	  .size = sizeof(((struct gl_cmd_opts *)0)->arch), .check = gl_cmd_check_arch },
	{ 0 },
};

static void list_emit(void *user, const char *kernel, const char *detail)
{
	(void)user;
	printf("    %-24s %s\n", kernel, detail);
}

static int list_main(const char *cmd, int argc, char **argv)
{
	struct gl_cmd_opts o;
	struct gl_run_ctx ctx;
	int rc = gl_cmd_parse(&gl_cmd_list, cmd, argc, argv, &o, NULL, NULL);

	if (rc >= 0)
		return rc;
	memset(&ctx, 0, sizeof(ctx));
	gl_str_copy(ctx.arch, sizeof(ctx.arch), o.arch);
	if (o.arch[0] && !gl_run_ctx_default_build_dir(ctx.build_dir, sizeof(ctx.build_dir))) {
		fprintf(stderr, "%s: cannot find the build directory (set GCNLAB_BUILD_DIR)\n", cmd);
		return GL_CMD_EXIT_FAILED;
	}
	for (const struct gl_suite *const *s = gl_suites_all(); *s; s++) {
		printf("%s: %s\n", (*s)->name, (*s)->summary);
		if (!gl_suites_list(*s, &ctx, list_emit, NULL))
			return GL_CMD_EXIT_FAILED;
		for (const struct gl_suite_param *p = (*s)->params ? (*s)->params->keys : NULL; p && p->key; p++)
			printf("    --param %-18s %s\n", p->key, p->help);
	}
	return 0;
}

const struct gl_cmd gl_cmd_list = {
	.name = "list",
	.usage = "gcnlab list [--arch ARCH]",
	.brief = "list the suites and their kernels",
	.summary = "List the suites and their kernels.",
	.opts = list_opts,
	.fn = list_main,
};
