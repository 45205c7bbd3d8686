/*
 * gcnlab — run hand-written GCN kernels through HSA and measure them.
 *
 *   gcnlab info | list | run SUITE... | exec CODE_OBJECT KERNEL ARG... | trace KERNEL | compare KERNEL
 *
 * This file only dispatches: each command is one file, gl_cmd_<name>.c
 * (gl_compare.c for compare), and gl_cmd.h holds what they share.
 * Exit status: 0 success, 1 a kernel or suite failed, 2 bad input.
 */
#include <stdio.h>
#include <string.h>

#include "base/gl_str.h"
#include "base/gl_version.h"
#include "cli/gl_cmd.h"
#include "cli/gl_opts.h"

/* In the order `gcnlab --help` and the README list them. */
static const struct gl_cmd *const commands[] = {
	&gl_cmd_info, &gl_cmd_list, &gl_cmd_run, &gl_cmd_exec, &gl_cmd_trace, &gl_cmd_check, &gl_cmd_compare, NULL,
};

static const struct gl_cmd *find_command(const char *name)
{
	for (const struct gl_cmd *const *c = commands; *c; c++)
		if (strcmp((*c)->name, name) == 0)
			return *c;
	return NULL;
}

/* `gcnlab help --markdown`: the README's command reference, from the
 * option tables themselves (tests/e2e/readme_ref.t keeps the README equal). */
static void help_markdown(FILE *f)
{
	for (const struct gl_cmd *const *c = commands; *c; c++) {
		fprintf(f, "#### `gcnlab %s`\n\n`", (*c)->name);
		gl_opts_md_cell(f, (*c)->usage);
		fprintf(f, "` — %s.\n\n", (*c)->brief);
		gl_opts_print_markdown(f, (*c)->opts);
		fputc('\n', f);
	}
}

static void usage(FILE *f)
{
	fprintf(f, "Usage: gcnlab COMMAND [OPTIONS]\n\nCommands:\n");
	for (const struct gl_cmd *const *c = commands; *c; c++)
		fprintf(f, "  %-8s %s\n", (*c)->name, (*c)->brief);
	fprintf(f, "\n'gcnlab COMMAND --help' describes a command.\n");
}

int main(int argc, char **argv)
{
	const struct gl_cmd *c;
	char cmd[32];

	if (argc < 2) {
		usage(stderr);
		return GL_CMD_EXIT_USAGE;
	}
	if (strcmp(argv[1], "help") == 0 && argc == 3 && strcmp(argv[2], "--markdown") == 0) {
		help_markdown(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("gcnlab %s (git %s)\n", GL_VERSION, gl_version_git());
		return 0;
	}
	c = find_command(argv[1]);
	if (!c) {
		fprintf(stderr, "gcnlab: unknown command '%s' (commands: info, list, run, exec, trace, compare; see gcnlab --help)\n",
		        argv[1]);
		return GL_CMD_EXIT_USAGE;
	}
	gl_str_fmt(cmd, sizeof(cmd), "gcnlab %s", c->name);
	return c->fn(cmd, argc - 2, argv + 2);
}
