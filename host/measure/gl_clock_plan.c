#include "measure/gl_clock_plan.h"

#include <stdio.h>
#include <string.h>

#include "base/gl_str.h"

void gl_clock_plan_describe(const struct gl_clock_state *s, char *buf, size_t len)
{
	/* On hardware the figures are what was read back; say what was asked
	 * when the GPU did not get there. */
	bool missed = (s->sclk_asked && s->sclk_asked != s->sclk_mhz) ||
	              (s->mclk_asked && s->mclk_asked != s->mclk_mhz);

	if (s->sclk_mhz && s->mclk_mhz && missed && !s->mclk_asked)
		gl_str_fmt(buf, len, "%s (%u/%u MHz, asked sclk %u)", s->label, s->sclk_mhz, s->mclk_mhz,
		           s->sclk_asked);
	else if (s->sclk_mhz && s->mclk_mhz && missed)
		gl_str_fmt(buf, len, "%s (%u/%u MHz, asked %u/%u)", s->label, s->sclk_mhz, s->mclk_mhz,
		           s->sclk_asked, s->mclk_asked);
	else if (s->sclk_mhz && s->mclk_mhz)
		gl_str_fmt(buf, len, "%s (%u/%u MHz)", s->label, s->sclk_mhz, s->mclk_mhz);
	else if (s->sclk_asked)
		gl_str_fmt(buf, len, "%s (asked %u MHz, achieved clocks unreadable)", s->label, s->sclk_asked);
	else
		gl_str_copy(buf, len, s->label);
}

bool gl_clock_plan_parse_dpm(const char *text, uint32_t *mhz, unsigned max, unsigned *n, int *current)
{
	*n = 0;
	*current = -1;
	while (*text) {
		unsigned level, f;
		int used = 0;
		const char *eol = strchr(text, '\n');
		size_t len = eol ? (size_t)(eol - text) : strlen(text);

		if (sscanf(text, " %u: %u%n", &level, &f, &used) == 2 && level == *n && *n < max) {
			mhz[(*n)++] = f;
			if (memchr(text, '*', len))
				*current = (int)level;
		}
		text += len;
		if (*text == '\n')
			text++;
	}
	return *n > 0;
}

void gl_clock_plan_grid(struct gl_clock_plan *plan, const uint32_t *sclk, unsigned ns, const uint32_t *mclk,
                        unsigned nm)
{
	plan->n = 0;
	for (unsigned s = 0; s < ns; s++) {
		for (unsigned m = 0; m < nm && plan->n < GL_CLOCKS_MAX_STATES; m++) {
			struct gl_clock_state *st = &plan->states[plan->n++];

			gl_str_fmt(st->label, sizeof(st->label), "S%uM%u", s, m);
			st->sclk_mhz = sclk[s];
			st->mclk_mhz = mclk[m];
			st->sclk_level = s;
			st->mclk_level = m;
		}
	}
}
