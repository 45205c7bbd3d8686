#include "base/gl_suggest.h"

#include <string.h>

#include "base/gl_str.h"

#define SUGGEST_MAX 127

/* Optimal string alignment distance (Damerau-Levenshtein without
 * repeated edits of one substring), three rows of the table. */
unsigned gl_suggest_distance(const char *a, const char *b)
{
	unsigned row[3][SUGGEST_MAX + 1];
	size_t n = strlen(a), m = strlen(b);

	n = n > SUGGEST_MAX ? SUGGEST_MAX : n;
	m = m > SUGGEST_MAX ? SUGGEST_MAX : m;
	for (size_t j = 0; j <= m; j++)
		row[0][j] = (unsigned)j;
	for (size_t i = 1; i <= n; i++) {
		unsigned *cur = row[i % 3], *prev = row[(i - 1) % 3], *pp = row[(i + 1) % 3];

		cur[0] = (unsigned)i;
		for (size_t j = 1; j <= m; j++) {
			unsigned cost = a[i - 1] != b[j - 1];
			unsigned d = prev[j] + 1;

			if (cur[j - 1] + 1 < d)
				d = cur[j - 1] + 1;
			if (prev[j - 1] + cost < d)
				d = prev[j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && pp[j - 2] + 1 < d)
				d = pp[j - 2] + 1;
			cur[j] = d;
		}
	}
	return row[n % 3][m];
}

void gl_suggest_init(struct gl_suggest *s, const char *want)
{
	s->want = want;
	s->best[0] = '\0';
	s->dist = ~0u;
}

void gl_suggest_offer(struct gl_suggest *s, const char *cand)
{
	unsigned d = gl_suggest_distance(s->want, cand);

	if (d < s->dist) {
		s->dist = d;
		gl_str_copy(s->best, sizeof(s->best), cand);
	}
}

const char *gl_suggest_best(const struct gl_suggest *s)
{
	size_t len = strlen(s->want);
	unsigned limit = (unsigned)(len / 3 > 2 ? len / 3 : 2);

	return s->best[0] && s->dist > 0 && s->dist <= limit ? s->best : NULL;
}
