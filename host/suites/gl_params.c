#include "suites/gl_params.h"

#include <string.h>

#include "gpu/gl_args.h"
#include "base/gl_str.h"

_Static_assert(GL_PARAMS_LEN == sizeof(((struct gl_run_ctx *)0)->params),
               "gl_run_ctx.params must hold GL_PARAMS_LEN bytes");

/* One KEY=VALUE item of the text: [item, item_end). */
struct item {
	const char *key, *val;
	size_t key_len, val_len;
};

/* The next item at *p (advanced past it and its ','); false at the end. */
static bool next_item(const char **p, struct item *it)
{
	const char *s = *p, *end, *eq;

	if (!s || !*s)
		return false;
	end = strchr(s, ',');
	if (!end)
		end = s + strlen(s);
	eq = memchr(s, '=', (size_t)(end - s));
	it->key = s;
	it->key_len = eq ? (size_t)(eq - s) : (size_t)(end - s);
	it->val = eq ? eq + 1 : end;
	it->val_len = eq ? (size_t)(end - eq - 1) : 0;
	*p = *end ? end + 1 : end;
	return true;
}

bool gl_params_from_argv(int argc, char **argv, char *out, size_t len, struct gl_err *e)
{
	size_t used = 0;

	out[0] = '\0';
	for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++) {
		const char *v = NULL;

		if (strcmp(argv[i], "--param") == 0 && i + 1 < argc)
			v = argv[++i];
		else if (strncmp(argv[i], "--param=", 8) == 0)
			v = argv[i] + 8;
		if (!v || !*v)
			continue;
		if (!gl_str_fmt(out + used, len - used, "%s%s", used ? "," : "", v))
			return gl_err_set(e, "--param: the parameters are longer than %zu characters", len - 1);
		used += strlen(out + used);
	}
	return true;
}

static bool suite_has(const struct gl_suite *s, const char *key, size_t len)
{
	if (!s->params)
		return false;
	for (const struct gl_suite_param *p = s->params->keys; p->key; p++)
		if (strlen(p->key) == len && strncmp(p->key, key, len) == 0)
			return true;
	return false;
}

/* "cus, steps" for messages. */
static void known_keys(const struct gl_suite *const *suites, unsigned n, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < n; i++) {
		if (!suites[i]->params)
			continue;
		for (const struct gl_suite_param *p = suites[i]->params->keys; p->key; p++) {
			if (!gl_str_fmt(buf + used, len - used, "%s%s.%s", used ? ", " : "", suites[i]->name,
			                p->key))
				return;
			used += strlen(buf + used);
		}
	}
	if (!used)
		gl_str_copy(buf, len, "none");
}

bool gl_params_check(const char *text, const struct gl_suite *const *suites, unsigned n,
                     struct gl_err *e)
{
	const char *p = text;
	struct item it;
	char known[1024];

	while (next_item(&p, &it)) {
		const char *dot = memchr(it.key, '.', it.key_len);
		const char *bare = dot ? dot + 1 : it.key;
		size_t bare_len = dot ? it.key_len - (size_t)(dot + 1 - it.key) : it.key_len;
		bool found = false;
		const char *q = p;
		struct item later;

		if (!it.key_len || !it.val_len || it.val == it.key + it.key_len)
			return gl_err_set(e, "--param: '%.*s' is not KEY=VALUE", (int)(it.key_len + it.val_len + 1),
			                  it.key);
		for (unsigned i = 0; i < n && !found; i++) {
			if (dot && (strlen(suites[i]->name) != (size_t)(dot - it.key) ||
			            strncmp(suites[i]->name, it.key, (size_t)(dot - it.key)) != 0))
				continue;
			found = suite_has(suites[i], bare, bare_len);
		}
		if (!found) {
			known_keys(suites, n, known, sizeof(known));
			return gl_err_set(e, "--param: no suite being run reads '%.*s' (these do: %s; gcnlab list describes them)",
			                  (int)it.key_len, it.key, known);
		}
		while (next_item(&q, &later))
			if (later.key_len == it.key_len && strncmp(later.key, it.key, it.key_len) == 0)
				return gl_err_set(e, "--param: '%.*s' is given twice", (int)it.key_len, it.key);
	}
	return true;
}

static bool find_exact(const char *text, const char *key, char *val, size_t len)
{
	const char *p = text;
	struct item it;
	size_t klen = strlen(key);

	while (next_item(&p, &it)) {
		if (it.key_len == klen && strncmp(it.key, key, klen) == 0) {
			if (it.val_len >= len)
				return false;
			memcpy(val, it.val, it.val_len);
			val[it.val_len] = '\0';
			return true;
		}
	}
	return false;
}

bool gl_params_find(const char *text, const char *suite, const char *key, char *val, size_t len)
{
	char qualified[128];

	if (!text)
		return false;
	if (gl_str_fmt(qualified, sizeof(qualified), "%s.%s", suite, key) &&
	    find_exact(text, qualified, val, len))
		return true;
	return find_exact(text, key, val, len);
}

uint64_t gl_params_pick(const struct gl_run_ctx *ctx, uint64_t short_v, uint64_t long_v)
{
	return ctx->long_run ? long_v : short_v;
}

static bool parse_value(const char *suite, const char *key, const char *text, uint64_t min,
                        uint64_t max, bool sizes, uint64_t *out, struct gl_err *e)
{
	char what[160];
	struct gl_err sub;
	bool ok;

	gl_str_fmt(what, sizeof(what), "--param %s.%s", suite, key);
	if (sizes && strcmp(text, "0") == 0) {
		*out = 0;
		ok = true;
	} else {
		ok = sizes ? gl_args_parse_size(text, out, &sub) : gl_args_parse_u64(what, text, UINT64_MAX, out, &sub);
	}
	if (!ok || *out < min || *out > max)
		return gl_err_set(e, "%s: '%s' is not %s in %llu..%llu", what, text,
		                  sizes ? "a size (bytes, or with K/M/G)" : "an integer",
		                  (unsigned long long)min, (unsigned long long)max);
	return true;
}

bool gl_params_u64(const struct gl_run_ctx *ctx, const char *suite, const char *key, uint64_t def,
                   uint64_t min, uint64_t max, bool sizes, uint64_t *out, struct gl_err *e)
{
	char val[GL_PARAMS_LEN];

	if (!gl_params_find(ctx->params, suite, key, val, sizeof(val))) {
		*out = def;
		return true;
	}
	return parse_value(suite, key, val, min, max, sizes, out, e);
}

bool gl_params_uint(const struct gl_run_ctx *ctx, const char *suite, const char *key, unsigned def,
                    unsigned min, unsigned max, unsigned *out, struct gl_err *e)
{
	uint64_t v;

	if (!gl_params_u64(ctx, suite, key, def, min, max, false, &v, e))
		return false;
	*out = (unsigned)v;
	return true;
}

bool gl_params_list(const struct gl_run_ctx *ctx, const char *suite, const char *key,
                    const uint64_t *def, unsigned ndef, uint64_t min, uint64_t max, bool sizes,
                    uint64_t *out, unsigned *n, struct gl_err *e)
{
	char val[GL_PARAMS_LEN];
	char *save = NULL, *tok;

	*n = 0;
	if (!gl_params_find(ctx->params, suite, key, val, sizeof(val))) {
		if (ndef > GL_PARAMS_LIST_MAX)
			ndef = GL_PARAMS_LIST_MAX;
		memcpy(out, def, ndef * sizeof(*out));
		*n = ndef;
		return true;
	}
	for (tok = strtok_r(val, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		if (*n == GL_PARAMS_LIST_MAX)
			return gl_err_set(e, "--param %s.%s: more than %u values", suite, key, GL_PARAMS_LIST_MAX);
		if (!parse_value(suite, key, tok, min, max, sizes, &out[*n], e))
			return false;
		(*n)++;
	}
	if (!*n)
		return gl_err_set(e, "--param %s.%s: give at least one value (a:b:c)", suite, key);
	return true;
}

void gl_params_list_str(const uint64_t *v, unsigned n, bool sizes, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < n; i++) {
		uint64_t x = v[i];
		const char *unit = "";

		if (sizes && x) {
			if (x % (1ull << 30) == 0) {
				x >>= 30;
				unit = "G";
			} else if (x % (1ull << 20) == 0) {
				x >>= 20;
				unit = "M";
			} else if (x % 1024 == 0) {
				x >>= 10;
				unit = "K";
			}
		}
		if (!gl_str_fmt(buf + used, len - used, "%s%llu%s", i ? ":" : "", (unsigned long long)x, unit))
			return;
		used += strlen(buf + used);
	}
}

bool gl_params_is_error(const struct gl_err *e)
{
	return strncmp(e->msg, GL_PARAMS_ERR_PREFIX, strlen(GL_PARAMS_ERR_PREFIX)) == 0;
}
