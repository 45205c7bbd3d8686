#include "gpu/gl_args.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const kind_names[] = {
	[GL_ARG_BUF] = "buf", [GL_ARG_OUT] = "out", [GL_ARG_U32] = "u32",
	[GL_ARG_I32] = "i32", [GL_ARG_U64] = "u64", [GL_ARG_F32] = "f32",
	[GL_ARG_F64] = "f64", [GL_ARG_U8] = "u8", [GL_ARG_I8] = "i8", [GL_ARG_U16] = "u16",
	[GL_ARG_I16] = "i16", [GL_ARG_I64] = "i64", [GL_ARG_F16] = "f16", [GL_ARG_BF16] = "bf16",
	[GL_ARG_BOOL] = "bool", [GL_ARG_BYTES] = "bytes",
};

const char gl_args_value_forms[] =
	"u8:, i8:, u16:, i16:, u32:, i32:, u64:, i64:, f16:, bf16:, f32:, f64:, bool: (b8:) or bytes:HEX";

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

/* Integer kinds: size and range. Signed kinds parse with strtoll, unsigned
 * with gl_args_parse_u64 (which refuses a '-'). */
static const struct {
	enum gl_arg_kind kind;
	uint32_t size;
	bool is_signed;
	int64_t min;
	uint64_t max;
} int_kinds[] = {
	{ GL_ARG_U8, 1, false, 0, UINT8_MAX },
	{ GL_ARG_I8, 1, true, INT8_MIN, INT8_MAX },
	{ GL_ARG_U16, 2, false, 0, UINT16_MAX },
	{ GL_ARG_I16, 2, true, INT16_MIN, INT16_MAX },
	{ GL_ARG_U32, 4, false, 0, UINT32_MAX },
	{ GL_ARG_I32, 4, true, INT32_MIN, INT32_MAX },
	{ GL_ARG_U64, 8, false, 0, UINT64_MAX },
	{ GL_ARG_I64, 8, true, INT64_MIN, INT64_MAX },
};

static bool parse_int(const char *arg, const char *v, struct gl_arg *a, struct gl_err *e)
{
	size_t i = 0;

	while (int_kinds[i].kind != a->kind)
		i++;
	if (int_kinds[i].is_signed) {
		char *end;
		long long x;

		errno = 0;
		x = strtoll(v, &end, 0);
		if (!v[0] || *end || v[0] == ' ')
			return gl_err_set(e, "argument '%s': '%s' is not an integer (decimal, or hex with 0x)",
			                  arg, v);
		if (errno == ERANGE || x < int_kinds[i].min || x > (int64_t)int_kinds[i].max)
			return gl_err_set(e, "argument '%s': %s does not fit in %s (%lld..%lld)", arg, v,
			                  kind_names[a->kind], (long long)int_kinds[i].min,
			                  (long long)int_kinds[i].max);
		memcpy(a->bytes, &x, int_kinds[i].size);   /* little endian: the low bytes */
	} else {
		uint64_t x;
		struct gl_err sub;

		if (!gl_args_parse_u64(kind_names[a->kind], v, int_kinds[i].max, &x, &sub))
			return gl_err_set(e, "argument '%s': %s", arg, sub.msg);
		memcpy(a->bytes, &x, int_kinds[i].size);
	}
	a->scalar_size = int_kinds[i].size;
	return true;
}

/* bool: and b8: -- one byte, as clang passes a by-value bool (0 or 1). */
static bool parse_bool(const char *arg, const char *v, struct gl_arg *a, struct gl_err *e)
{
	if (strcmp(v, "1") == 0 || strcmp(v, "true") == 0)
		a->bytes[0] = 1;
	else if (strcmp(v, "0") == 0 || strcmp(v, "false") == 0)
		a->bytes[0] = 0;
	else
		return gl_err_set(e, "argument '%s': '%s' is not a bool (0, 1, true or false)", arg, v);
	a->scalar_size = 1;
	return true;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* bytes:HEX -- two hex digits per byte, '_' allowed between bytes. */
static bool parse_bytes(const char *arg, const char *v, struct gl_arg *a, struct gl_err *e)
{
	uint32_t n = 0;

	for (const char *p = v; *p;) {
		int hi, lo;

		if (*p == '_' && p != v && p[1] && p[1] != '_') {
			p++;
			continue;
		}
		hi = hex_digit(p[0]);
		lo = hi < 0 ? -1 : hex_digit(p[1]);
		if (lo < 0)
			return gl_err_set(e, "argument '%s': expected bytes:HEX, two hex digits per byte in memory order (e.g. bytes:0100000000002040), '_' allowed between bytes",
			                  arg);
		if (n == GL_ARGS_BYTES_MAX)
			return gl_err_set(e, "argument '%s': more than %d bytes", arg, GL_ARGS_BYTES_MAX);
		a->bytes[n++] = (uint8_t)(hi << 4 | lo);
		p += 2;
	}
	if (!n)
		return gl_err_set(e, "argument '%s': expected bytes:HEX with at least one byte", arg);
	a->scalar_size = n;
	return true;
}

/* bfloat16 of d, rounded to nearest even without double rounding: first to
 * float rounding toward zero with a sticky last bit (round to odd), then to
 * the upper 16 bits with round to nearest even. */
static uint16_t bf16_from_double(double d)
{
	float f = (float)d;
	uint32_t bits;

	if (isnan(d))
		return 0x7fc0;   /* the quiet NaN */
	if (isinf(f) && !isinf(d))
		f = copysignf(FLT_MAX, f);
	if (fabs((double)f) > fabs(d))
		f = nextafterf(f, 0.0f);
	memcpy(&bits, &f, 4);
	if ((double)f != d)
		bits |= 1;
	return (uint16_t)((bits + 0x7fff + ((bits >> 16) & 1)) >> 16);
}

static bool parse_float(const char *arg, const char *v, struct gl_arg *a, struct gl_err *e)
{
	char *end;
	double d;

	errno = 0;
	if (a->kind == GL_ARG_F32) {
		float f = strtof(v, &end);

		if (!v[0] || *end || v[0] == ' ')
			return gl_err_set(e, "argument '%s': '%s' is not a number", arg, v);
		if (errno == ERANGE && isinf(f))
			return gl_err_set(e, "argument '%s': %s overflows f32", arg, v);
		memcpy(a->bytes, &f, 4);
		a->scalar_size = 4;
		return true;
	}
	d = strtod(v, &end);
	if (!v[0] || *end || v[0] == ' ')
		return gl_err_set(e, "argument '%s': '%s' is not a number", arg, v);
	if (errno == ERANGE && isinf(d))
		return gl_err_set(e, "argument '%s': %s overflows f64", arg, v);
	if (a->kind == GL_ARG_F64) {
		memcpy(a->bytes, &d, 8);
		a->scalar_size = 8;
	} else if (a->kind == GL_ARG_F16) {
		/* gcc's conversion rounds to nearest even (libgcc __truncdfhf2). */
		_Float16 h = (_Float16)d;

		/* 65520 is the first value that rounds to infinity in binary16. */
		if (isinf((double)h) && !isinf(d))
			return gl_err_set(e, "argument '%s': %s overflows f16 (largest finite 65504)", arg, v);
		memcpy(a->bytes, &h, 2);
		a->scalar_size = 2;
	} else {
		uint16_t b = bf16_from_double(d);

		if ((b & 0x7fff) == 0x7f80 && !isinf(d))
			return gl_err_set(e, "argument '%s': %s overflows bf16", arg, v);
		memcpy(a->bytes, &b, 2);
		a->scalar_size = 2;
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
	{ "i64:", GL_ARG_I64, parse_int },
	{ "u16:", GL_ARG_U16, parse_int },
	{ "i16:", GL_ARG_I16, parse_int },
	{ "u8:", GL_ARG_U8, parse_int },
	{ "i8:", GL_ARG_I8, parse_int },
	{ "f32:", GL_ARG_F32, parse_float },
	{ "f64:", GL_ARG_F64, parse_float },
	{ "f16:", GL_ARG_F16, parse_float },
	{ "bf16:", GL_ARG_BF16, parse_float },
	{ "bool:", GL_ARG_BOOL, parse_bool },
	{ "b8:", GL_ARG_BOOL, parse_bool },
	{ "bytes:", GL_ARG_BYTES, parse_bytes },
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
	                  "or a value: %s", out->text, gl_args_value_forms);
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
