/*
 * emu_suppress — per-kernel suppressions of the strictness checks (what
 * and why: emu_suppress.h).
 */
#include "core/emu_suppress.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gcn_array.h"

/* The rule names of a suppression file and their bits. */
static const struct {
	const char *name;
	uint32_t bit;
} suppress_rules[] = {
	{ "uninit-lds", EMU_SUPPRESS_UNINIT_LDS },
	{ "lds-oob", EMU_SUPPRESS_LDS_OOB },
};

/* A reason shorter than this is not a reason ("ok", "fine"). */
#define SUPPRESS_REASON_MIN 12

struct emu_suppress_entry {
	char kernel[128];
	uint32_t rules;
};

struct emu_suppress {
	struct emu_suppress_entry *e;
	size_t n, cap;
};

/* The next blank-separated word of *p into out (at most len - 1 chars);
 * its length, 0 at the end of the line, SIZE_MAX when too long. */
static size_t next_word(const char **p, char *out, size_t len)
{
	const char *s = *p;
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != '#')
		n++;
	*p = s + n;
	if (n >= len)
		return SIZE_MAX;
	memcpy(out, s, n);
	out[n] = '\0';
	return n;
}

bool emu_suppress_parse_line(const char *line, char *kernel, size_t klen, uint32_t *rule,
                             const char **why)
{
	char name[32];
	const char *p = line;
	size_t n;

	*rule = 0;
	n = next_word(&p, kernel, klen);
	if (n == 0)
		return true;  /* blank or comment */
	if (n == SIZE_MAX) {
		*why = "the kernel name is too long";
		return false;
	}
	n = next_word(&p, name, sizeof(name));
	if (n == 0 || n == SIZE_MAX) {
		*why = "expected `<kernel> <rule> <reason>` (no rule)";
		return false;
	}
	for (size_t i = 0; i < sizeof(suppress_rules) / sizeof(suppress_rules[0]); i++)
		if (!strcmp(name, suppress_rules[i].name))
			*rule = suppress_rules[i].bit;
	if (!*rule) {
		*why = "unknown rule (the rules: uninit-lds, lds-oob)";
		return false;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	size_t reason = 0;
	for (const char *r = p; *r && *r != '#'; r++)
		reason += !isspace((unsigned char)*r);
	if (reason < SUPPRESS_REASON_MIN) {
		*rule = 0;
		*why = "no reason given (a suppression says why the kernel does this by design)";
		return false;
	}
	return true;
}

static bool suppress_add(struct emu_suppress *s, const char *kernel, uint32_t rule)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->e[i].kernel, kernel)) {
			s->e[i].rules |= rule;
			return true;
		}
	struct emu_suppress_entry *e = gcn_array_room(s->e, &s->cap, s->n, sizeof(*e), 8);
	if (!e)
		return false;
	s->e = e;
	snprintf(s->e[s->n].kernel, sizeof(s->e[s->n].kernel), "%s", kernel);
	s->e[s->n++].rules = rule;
	return true;
}

void emu_suppress_destroy(struct emu_suppress *s)
{
	if (!s)
		return;
	free(s->e);
	free(s);
}

struct emu_suppress *emu_suppress_load(const char *path, FILE *warn)
{
	struct emu_suppress *s = calloc(1, sizeof(*s));
	FILE *f = NULL;
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;

	if (!s || !path || !path[0])
		return s;
	f = fopen(path, "r");
	if (!f) {
		fprintf(warn, "gcnlab-emu: warning: cannot read the suppression file %s (GCNLAB_EMU_SUPPRESSIONS): "
		        "%s; no kernel's findings are suppressed\n", path, strerror(errno));
		return s;
	}
	for (ssize_t len; (len = getline(&line, &cap, f)) >= 0;) {
		char kernel[128];
		uint32_t rule;
		const char *why = NULL;

		lineno++;
		if (len && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (!emu_suppress_parse_line(line, kernel, sizeof(kernel), &rule, &why)) {
			fprintf(warn, "gcnlab-emu: warning: %s:%u: %s; the line is ignored\n", path, lineno, why);
			continue;
		}
		if (rule && !suppress_add(s, kernel, rule))
			goto fail;
	}
	free(line);
	fclose(f);
	return s;
fail:
	free(line);
	fclose(f);
	emu_suppress_destroy(s);
	return NULL;
}

uint32_t emu_suppress_rules(const struct emu_suppress *s, const char *name)
{
	if (!s)
		return 0;
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->e[i].kernel, name))
			return s->e[i].rules;
	return 0;
}
