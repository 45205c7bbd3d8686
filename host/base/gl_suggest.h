/*
 * gl_suggest — "did you mean ...": the candidate nearest a misspelt name
 * by edit distance (insertions, deletions, substitutions, and swaps of two
 * neighbours, each 1), offered one at a time so that any list (a code
 * object's kernels, every suite's) can be searched without collecting it.
 */
#ifndef GL_SUGGEST_H
#define GL_SUGGEST_H

#include <stdbool.h>

struct gl_suggest {
	const char *want;    /* the name that was not found */
	char best[128];      /* the nearest candidate so far ("" none) */
	unsigned dist;       /* its distance */
};

void gl_suggest_init(struct gl_suggest *s, const char *want);
/* Consider one candidate. */
void gl_suggest_offer(struct gl_suggest *s, const char *cand);
/* The nearest candidate when it is near enough to be a typo (at most a
 * third of the name's length, at least 2 edits allowed), else NULL. */
const char *gl_suggest_best(const struct gl_suggest *s);

/* The edit distance of a and b (each at most 127 characters; longer
 * strings are compared on their first 127). */
unsigned gl_suggest_distance(const char *a, const char *b);

#endif
