#include "gl_args.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const kind_names[] = {
	[GL_ARG_BUF] = "buf", [GL_ARG_OUT] = "out", [GL_ARG_U32] = "u32",
	[GL_ARG_I32] = "i32", [GL_ARG_U64] = "u64", [GL_ARG_F32] = "f32",
	[GL_ARG_F64] = "f64",
};

const char *gl_arg_kind_name(enum gl_arg_kind kind)
{
	return kind_names[kind];
}

bool gl_arg_is_buffer(const struct gl_arg *a)
{
	return a->kind == GL_ARG_BUF || a->kind == GL_ARG_OUT;
}

uint64_t gl_args_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

bool gl_args_parse_u64(const char *what, const char *text, uint64_t max,
                       uint64_t *out, struct gl_err *e)
{
	char *end;
	unsigned long long v;

	/* strtoull accepts a leading '-' and wraps; refuse it (and spaces) first. */
	if (!text[0] || !(text[0] >= '0' && text[0] <= '9'))
		return gl_err_set(e, "%s: '%s' is not an unsigned integer (decimal, or hex with 0x)",
		                  what, text);
	errno = 0;
	v = strtoull(text, &end, 0);
	if (*end)
		return gl_err_set(e, "%s: '%s' is not an unsigned integer (decimal, or hex with 0x)",
		                  what, text);
	if (errno == ERANGE || v > max)
		return gl_err_set(e, "%s: %s is out of range (at most %llu)", what, text,
		                  (unsigned long long)max);
	*out = v;
	return true;
}

static const struct {
	char suffix;
	unsigned shift;
} size_suffixes[] = {
	{ 'K', 10 }, { 'k', 10 }, { 'M', 20 }, { 'm', 20 }, { 'G', 30 }, { 'g', 30 },
};

bool gl_args_parse_size(const char *text, uint64_t *out, struct gl_err *e)
{
	char num[32];
	size_t len = strlen(text);
	unsigned shift = 0;
	uint64_t v;

	if (len == 0 || len >= sizeof(num))
		return gl_err_set(e, "size '%s': expected a positive integer with an optional K, M or G suffix (1024-based)",
		                  text);
	memcpy(num, text, len + 1);
	for (size_t i = 0; i < sizeof(size_suffixes) / sizeof(size_suffixes[0]); i++) {
		if (num[len - 1] == size_suffixes[i].suffix) {
			shift = size_suffixes[i].shift;
			num[--len] = '\0';
			break;
		}
	}
	if (len == 0 || strspn(num, "0123456789") != len)
		return gl_err_set(e, "size '%s': expected a positive integer with an optional K, M or G suffix (1024-based)",
		                  text);
	errno = 0;
	v = strtoull(num, NULL, 10);
	if (errno == ERANGE || v > (GL_ARGS_SIZE_MAX >> shift))
		return gl_err_set(e, "size '%s' is too large (at most %llu GiB)", text,
		                  (unsigned long long)(GL_ARGS_SIZE_MAX >> 30));
	if (v == 0)
		return gl_err_set(e, "size '%s' must be greater than 0", text);
	*out = v << shift;
	return true;
}

bool gl_args_parse_dims(const char *opt, const char *text, uint64_t max,
                        uint32_t dims[3], unsigned *ndims, struct gl_err *e)
{
	char buf[96];
	char *field, *save = NULL;
	unsigned n = 0;
	size_t len = strlen(text);

	if (len == 0 || len >= sizeof(buf) || text[len - 1] == ',' || text[0] == ',' ||
	    strstr(text, ",,"))
		return gl_err_set(e, "%s '%s': expected X[,Y[,Z]] with positive integers", opt, text);
	memcpy(buf, text, len + 1);
	dims[0] = dims[1] = dims[2] = 1;
	for (field = strtok_r(buf, ",", &save); field; field = strtok_r(NULL, ",", &save)) {
		uint64_t v;
		struct gl_err sub;

		if (n == 3)
			return gl_err_set(e, "%s '%s': at most 3 dimensions (X,Y,Z)", opt, text);
		if (!gl_args_parse_u64(opt, field, max, &v, &sub))
			return gl_err_set(e, "%s '%s': %s is not an integer in 1..%llu", opt, text,
			                  field, (unsigned long long)max);
		if (v == 0)
			return gl_err_set(e, "%s '%s': every dimension must be at least 1", opt, text);
		dims[n++] = (uint32_t)v;
	}
	*ndims = n;
	return true;
}

/* INIT of buf:/out:. text is what follows SIZE's ':' (or NULL: zero). */
static bool parse_init(const char *arg, const char *text, struct gl_arg *a, struct gl_err *e)
{
	a->init = GL_INIT_ZERO;
	if (!text || strcmp(text, "zero") == 0)
		return true;
	if (strcmp(text, "iota32") == 0) {
		if (a->size % 4)
			return gl_err_set(e, "argument '%s': iota32 needs a size that is a multiple of 4 (got %llu)",
			                  arg, (unsigned long long)a->size);
		a->init = GL_INIT_IOTA32;
		return true;
	}
	if (strncmp(text, "rand:", 5) == 0) {
		struct gl_err sub;

		if (!gl_args_parse_u64("seed", text + 5, UINT64_MAX, &a->seed, &sub))
			return gl_err_set(e, "argument '%s': rand:SEED needs an unsigned integer seed, got '%s'",
			                  arg, text + 5);
		a->init = GL_INIT_RAND;
		return true;
	}
	if (strncmp(text, "file:", 5) == 0) {
		if (!text[5])
			return gl_err_set(e, "argument '%s': file:PATH needs a path", arg);
		if (strlen(text + 5) >= sizeof(a->init_path))
			return gl_err_set(e, "argument '%s': the file path is too long", arg);
		strcpy(a->init_path, text + 5);
		a->init = GL_INIT_FILE;
		return true;
	}
	return gl_err_set(e, "argument '%s': unknown INIT '%s' (expected zero, iota32, rand:SEED or file:PATH)",
	                  arg, text);
}

/* buf:SIZE[:INIT] and out:SIZE:PATH[:INIT]; rest is what follows "buf:"/"out:". */
static bool parse_buffer(const char *arg, const char *rest, struct gl_arg *a, struct gl_err *e)
{
	char size_text[32];
	const char *colon = strchr(rest, ':');
	size_t size_len = colon ? (size_t)(colon - rest) : strlen(rest);
	const char *after = colon ? colon + 1 : NULL;
	struct gl_err sub;

	if (size_len == 0 || size_len >= sizeof(size_text))
		return gl_err_set(e, "argument '%s': expected %s with SIZE like 4096, 64K or 1M", arg,
		                  a->kind == GL_ARG_OUT ? "out:SIZE:PATH[:INIT]" : "buf:SIZE[:INIT]");
	memcpy(size_text, rest, size_len);
	size_text[size_len] = '\0';
	if (!gl_args_parse_size(size_text, &a->size, &sub))
		return gl_err_set(e, "argument '%s': %s", arg, sub.msg);

	if (a->kind == GL_ARG_OUT) {
		const char *path = after;
		const char *pc;
		size_t plen;

		if (!path || !path[0] || path[0] == ':')
			return gl_err_set(e, "argument '%s': expected out:SIZE:PATH[:INIT], the output path is missing",
			                  arg);
		pc = strchr(path, ':');
		plen = pc ? (size_t)(pc - path) : strlen(path);
		if (plen >= sizeof(a->out_path))
			return gl_err_set(e, "argument '%s': the output path is too long", arg);
		memcpy(a->out_path, path, plen);
		a->out_path[plen] = '\0';
		after = pc ? pc + 1 : NULL;
	}
	if (after && !after[0])
		return gl_err_set(e, "argument '%s': empty INIT after ':' (expected zero, iota32, rand:SEED or file:PATH)",
		                  arg);
	return parse_init(arg, after, a, e);
}

static bool parse_int(const char *arg, const char *v, struct gl_arg *a, struct gl_err *e)
{
	char *end;

	if (a->kind == GL_ARG_I32) {
		long long x;

		errno = 0;
		x = strtoll(v, &end, 0);
		if (!v[0] || *end || v[0] == ' ')
			return gl_err_set(e, "argument '%s': '%s' is not an integer (decimal, or hex with 0x)",
			                  arg, v);
		if (errno == ERANGE || x < INT32_MIN || x > INT32_MAX)
			return gl_err_set(e, "argument '%s': %s does not fit in i32 (%d..%d)", arg, v,
			                  INT32_MIN, INT32_MAX);
		int32_t s = (int32_t)x;
		memcpy(a->bytes, &s, 4);
		a->scalar_size = 4;
		return true;
	}

	uint64_t max = a->kind == GL_ARG_U32 ? UINT32_MAX : UINT64_MAX;
	uint64_t x;
	struct gl_err sub;

	if (!gl_args_parse_u64(kind_names[a->kind], v, max, &x, &sub))
		return gl_err_set(e, "argument '%s': %s", arg, sub.msg);
	if (a->kind == GL_ARG_U32) {
		uint32_t s = (uint32_t)x;
		memcpy(a->bytes, &s, 4);
		a->scalar_size = 4;
	} else {
		memcpy(a->bytes, &x, 8);
		a->scalar_size = 8;
	}
	return true;
}

static bool parse_float(const char *arg, const char *v, struct gl_arg *a, struct gl_err *e)
{
	char *end;

	errno = 0;
	if (a->kind == GL_ARG_F32) {
		float f = strtof(v, &end);

		if (!v[0] || *end || v[0] == ' ')
			return gl_err_set(e, "argument '%s': '%s' is not a number", arg, v);
		if (errno == ERANGE && isinf(f))
			return gl_err_set(e, "argument '%s': %s overflows f32", arg, v);
		memcpy(a->bytes, &f, 4);
		a->scalar_size = 4;
	} else {
		double d = strtod(v, &end);

		if (!v[0] || *end || v[0] == ' ')
			return gl_err_set(e, "argument '%s': '%s' is not a number", arg, v);
		if (errno == ERANGE && isinf(d))
			return gl_err_set(e, "argument '%s': %s overflows f64", arg, v);
		memcpy(a->bytes, &d, 8);
		a->scalar_size = 8;
	}
	return true;
}

static const struct {
	const char *prefix; /* including the ':' */
	enum gl_arg_kind kind;
	bool (*parse)(const char *arg, const char *rest, struct gl_arg *a, struct gl_err *e);
} arg_forms[] = {
	{ "buf:", GL_ARG_BUF, parse_buffer },
	{ "out:", GL_ARG_OUT, parse_buffer },
	{ "u32:", GL_ARG_U32, parse_int },
	{ "i32:", GL_ARG_I32, parse_int },
	{ "u64:", GL_ARG_U64, parse_int },
	{ "f32:", GL_ARG_F32, parse_float },
	{ "f64:", GL_ARG_F64, parse_float },
};

bool gl_args_parse(const char *text, struct gl_arg *out, struct gl_err *e)
{
	memset(out, 0, sizeof(*out));
	/* Messages name the argument by out->text: shortened with "..." when
	 * it is too long to quote whole. */
	if (strlen(text) < sizeof(out->text)) {
		strcpy(out->text, text);
	} else {
		memcpy(out->text, text, sizeof(out->text) - 4);
		strcpy(out->text + sizeof(out->text) - 4, "...");
	}
	for (size_t i = 0; i < sizeof(arg_forms) / sizeof(arg_forms[0]); i++) {
		size_t plen = strlen(arg_forms[i].prefix);

		if (strncmp(text, arg_forms[i].prefix, plen) == 0) {
			out->kind = arg_forms[i].kind;
			return arg_forms[i].parse(out->text, text + plen, out, e);
		}
	}
	return gl_err_set(e, "argument '%s': expected buf:SIZE[:INIT], out:SIZE:PATH[:INIT], "
	                  "u32:V, i32:V, u64:V, f32:V or f64:V", out->text);
}

/* The file: INIT's file opened and checked: a regular file of exactly the
 * buffer's size (a device, a folder or /proc/self/maps, which says 0
 * bytes, are not). Returns the descriptor, or -1 with e set. */
static int open_init_file(const struct gl_arg *a, struct gl_err *e)
{
	struct stat st;
	int fd = open(a->init_path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0) {
		gl_err_set(e, "argument '%s': cannot open %s: %s", a->text, a->init_path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		gl_err_set(e, "argument '%s': %s is not a regular file", a->text, a->init_path);
		close(fd);
		return -1;
	}
	if ((uint64_t)st.st_size != a->size) {
		gl_err_set(e, "argument '%s': %s has %lld bytes, the buffer has %llu; they must be equal",
		           a->text, a->init_path, (long long)st.st_size, (unsigned long long)a->size);
		close(fd);
		return -1;
	}
	return fd;
}

bool gl_args_check_init(const struct gl_arg *a, struct gl_err *e)
{
	int fd;

	if (a->init != GL_INIT_FILE)
		return true;
	fd = open_init_file(a, e);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

static bool fill_file(const struct gl_arg *a, void *dst, struct gl_err *e)
{
	uint8_t *p = dst;
	uint64_t done = 0;
	int fd = open_init_file(a, e);

	if (fd < 0)
		return false;
	while (done < a->size) {
		ssize_t n = read(fd, p + done, a->size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			gl_err_set(e, "argument '%s': reading %s failed: %s", a->text, a->init_path,
			           n < 0 ? strerror(errno) : "file shrank while reading");
			goto fail;
		}
		done += (uint64_t)n;
	}
	close(fd);
	return true;
fail:
	close(fd);
	return false;
}

bool gl_args_fill(const struct gl_arg *a, void *dst, struct gl_err *e)
{
	uint8_t *p = dst;

	switch (a->init) {
	case GL_INIT_ZERO:
		memset(dst, 0, a->size);
		return true;
	case GL_INIT_IOTA32:
		for (uint64_t i = 0; i < a->size / 4; i++) {
			uint32_t w = (uint32_t)i;
			memcpy(p + 4 * i, &w, 4);
		}
		return true;
	case GL_INIT_RAND: {
		uint64_t state = a->seed;

		for (uint64_t off = 0; off < a->size; off += 8) {
			uint64_t w = gl_args_splitmix64(&state);
			uint64_t n = a->size - off < 8 ? a->size - off : 8;
			memcpy(p + off, &w, n);
		}
		return true;
	}
	case GL_INIT_FILE:
		return fill_file(a, dst, e);
	}
	return gl_err_set(e, "argument '%s': internal error: unknown INIT", a->text);
}
