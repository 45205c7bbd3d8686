/*
 * check_hip — the host-CPU side of the HIP semantics tests
 * (tests/e2e/hip_semantics.t). For each test case (one kernel of
 * tests/hip/<co>.hip) it writes the inputs, names the `gcnlab exec` launch and
 * arguments, and afterwards recomputes the results in C and compares them
 * with what the kernel wrote.
 *
 *   check_hip list                 one line per case: NAME CODE_OBJECT KERNEL
 *   check_hip args NAME DIR        write the input files into DIR and print the
 *                                  exec options and ARGs, one token per line
 *   check_hip check NAME DIR       compare DIR's output files with the host's
 *                                  results; prints what differs
 *
 * Exit status: 0 ok, 1 the results differ, 2 usage or I/O error.
 *
 * Per-element formulas come from hip_ops.h, which the kernels include too;
 * cross-lane operations (DPP, permutes, ballot), atomics and LDS reductions
 * are modelled here from the ISA's definition. Inputs are generated here
 * (splitmix64, as `gcnlab exec`'s rand:SEED documents it, and written to
 * files) so that both sides see exactly the same bits.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hip_ops.h"

#define MAX_TOKENS 32
#define PATH_LEN 4096

enum mode { MODE_ARGS, MODE_CHECK };

struct run {
	enum mode mode;
	const char *dir;
	unsigned nin, nout;          /* file counters: the same order in both modes */
	char *tok[MAX_TOKENS];
	unsigned ntok;
	unsigned bad;                /* mismatching values reported */
	bool error;                  /* I/O or internal error */
	void *owned[MAX_TOKENS * 2]; /* freed at the end */
	unsigned nowned;
};

struct hcase {
	const char *name;
	const char *co;              /* tests/hip/<co>.hip */
	const char *kernel;
	unsigned grid[3], block[3];
	unsigned dyn_lds;
	void (*fn)(struct run *r);
	const struct elem_case *elem;   /* a per-element case (fn NULL): run_elem */
};

/* ---- plumbing ----------------------------------------------------------- */

static void fail_io(struct run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail_io(struct run *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("check_hip: ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	r->error = true;
}

static void *own(struct run *r, void *p)
{
	if (!p) {
		fail_io(r, "out of memory");
		return NULL;
	}
	if (r->nowned < sizeof(r->owned) / sizeof(r->owned[0]))
		r->owned[r->nowned++] = p;
	return p;
}

static void *zalloc(struct run *r, size_t n)
{
	return own(r, calloc(1, n ? n : 1));
}

static void token(struct run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void token(struct run *r, const char *fmt, ...)
{
	char buf[PATH_LEN + 128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (r->ntok == MAX_TOKENS) {
		fail_io(r, "too many arguments");
		return;
	}
	r->tok[r->ntok] = strdup(buf);
	if (!r->tok[r->ntok])
		fail_io(r, "out of memory");
	else
		r->ntok++;
}

static bool write_file(struct run *r, const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f) {
		fail_io(r, "cannot create %s: %s", path, strerror(errno));
		return false;
	}
	if (fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		fail_io(r, "writing %s failed", path);
		return false;
	}
	return true;
}

static void *read_file(struct run *r, const char *path, size_t size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	size_t got;
	long len;

	if (!f) {
		fail_io(r, "cannot open %s: %s (did gcnlab exec write it?)", path, strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		fail_io(r, "cannot size %s", path);
		return NULL;
	}
	if ((size_t)len != size) {
		fclose(f);
		fail_io(r, "%s has %ld bytes, expected %zu", path, len, size);
		return NULL;
	}
	buf = zalloc(r, size);
	if (!buf) {
		fclose(f);
		return NULL;
	}
	got = fread(buf, 1, size, f);
	fclose(f);
	if (got != size) {
		fail_io(r, "reading %s failed", path);
		return NULL;
	}
	return buf;
}

/* buf:SIZE:file:DIR/inN.bin — the data the kernel reads. */
static void arg_in(struct run *r, const void *data, size_t size)
{
	char path[PATH_LEN];

	snprintf(path, sizeof(path), "%s/in%u.bin", r->dir, r->nin++);
	if (r->mode == MODE_ARGS && !write_file(r, path, data, size))
		return;
	token(r, "buf:%zu:file:%s", size, path);
}

/* out:SIZE:DIR/outN.bin[:file:DIR/outN.init]; in check mode, the contents
 * the kernel left (NULL in args mode or on error). */
static void *arg_out(struct run *r, size_t size, const void *init)
{
	char path[PATH_LEN], ipath[PATH_LEN];
	unsigned k = r->nout++;

	snprintf(path, sizeof(path), "%s/out%u.bin", r->dir, k);
	snprintf(ipath, sizeof(ipath), "%s/out%u.init", r->dir, k);
	if (r->mode == MODE_ARGS) {
		if (init && !write_file(r, ipath, init, size))
			return NULL;
		if (init)
			token(r, "out:%zu:%s:file:%s", size, path, ipath);
		else
			token(r, "out:%zu:%s", size, path);
		return NULL;
	}
	return read_file(r, path, size);
}

/* ---- inputs --------------------------------------------------------------- */

/* splitmix64 exactly as `gcnlab exec` documents rand:SEED (host/gpu/gl_args.h). */
static uint64_t sm64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The bytes buf:SIZE:rand:SEED holds. */
static void *rand_bytes(struct run *r, size_t size, uint64_t seed)
{
	uint8_t *p = zalloc(r, size);
	uint64_t st = seed;

	if (!p)
		return NULL;
	for (size_t off = 0; off < size; off += 8) {
		uint64_t w = sm64(&st);
		memcpy(p + off, &w, size - off < 8 ? size - off : 8);
	}
	return p;
}

static void arg_rand(struct run *r, size_t size, uint64_t seed)
{
	token(r, "buf:%zu:rand:%llu", size, (unsigned long long)seed);
}

/* Random f32: a special value one time in 16 (if specials), else sign, an exponent within
 * +-erange of 1 and a random mantissa (denormals arise from the specials and
 * from the arithmetic). */
static float gen_f32(uint64_t *st, int erange, bool specials)
{
	static const uint32_t special[] = {
		0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001,
		0x80400000, 0x007fffff, 0x7f7fffff, 0x00800000, 0x3f800000, 0xbf800000,
		0x4b800001, 0x3effffff, 0x4f000000, 0xcf000000,
	};
	uint64_t x = sm64(st);
	uint32_t u;

	if (specials && (x & 15) == 0) {
		u = special[(x >> 4) % (sizeof(special) / sizeof(special[0]))];
	} else {
		int e = 127 + (int)((x >> 8) % (uint64_t)(2 * erange + 1)) - erange;
		u = (uint32_t)(x >> 32) & 0x807fffffu;
		u |= (uint32_t)e << 23;
	}
	return ho_bits_f32(u);
}

static double gen_f64(uint64_t *st, int erange)
{
	static const uint64_t special[] = {
		0, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
		0x7ff8000000000000ull, 1, 0x000fffffffffffffull, 0x7fefffffffffffffull,
		0x0010000000000000ull, 0x3ff0000000000000ull, 0x4340000000000001ull,
		0xc3e0000000000000ull,
	};
	uint64_t x = sm64(st), m = sm64(st), u;
	double d;

	if ((x & 15) == 0) {
		u = special[(x >> 4) % (sizeof(special) / sizeof(special[0]))];
	} else {
		int e = 1023 + (int)((x >> 8) % (uint64_t)(2 * erange + 1)) - erange;
		u = (m & 0x800fffffffffffffull) | (uint64_t)e << 52;
	}
	memcpy(&d, &u, 8);
	return d;
}

/* f16 bits: exponents within +-6 of 1, one in 32 a denormal or a zero; never
 * Inf or NaN (ho_f16 converts to int). */
static uint16_t gen_f16(uint64_t *st)
{
	uint64_t x = sm64(st);
	uint16_t sign = (uint16_t)((x >> 20) & 1) << 15;
	uint16_t man = (uint16_t)((x >> 32) & 0x3ff);

	if ((x & 31) == 0)
		return sign | ((x & 32) ? man : 0);
	return sign | (uint16_t)((15 + (int)((x >> 8) % 13) - 6) << 10) | man;
}

static uint32_t *gen_u32(struct run *r, size_t n, uint64_t seed)
{
	uint32_t *p = zalloc(r, n * 4);
	uint64_t st = seed;

	if (p)
		for (size_t i = 0; i < n; i++)
			p[i] = (uint32_t)sm64(&st);
	return p;
}

static uint64_t *gen_u64(struct run *r, size_t n, uint64_t seed)
{
	uint64_t *p = zalloc(r, n * 8);
	uint64_t st = seed;

	if (p)
		for (size_t i = 0; i < n; i++)
			p[i] = sm64(&st);
	return p;
}

/* Output buffers start as this pattern, so words a kernel must not write
 * are checked too. */
#define SENTINEL 0xa5a5a5a5u

static void *sentinel_buf(struct run *r, size_t size)
{
	uint8_t *p = zalloc(r, size);

	if (p)
		memset(p, 0xa5, size);
	return p;
}

/* ---- comparison ---------------------------------------------------------- */

/* f32 bits as a signed line where adjacent floats differ by 1. */
static int64_t f32_order(uint32_t u)
{
	return (u & 0x80000000u) ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
}

/* Column kinds: 'i' exact integer, 'f' f32 bits, 'h' f16 bits, 'd' f64 bits,
 * 'F' f32 within 2 ULP (same sign, Inf and zero exact); float columns compare
 * bit for bit, except that any NaN equals any NaN (the GPU's and the CPU's
 * default NaNs differ, IEEE 754 leaves it open). */
static bool same(char kind, uint64_t e, uint64_t g)
{
	switch (kind) {
	case 'F': {
		int64_t d = f32_order((uint32_t)e) - f32_order((uint32_t)g);
		if ((e & 0x7f800000u) == 0x7f800000u || (g & 0x7f800000u) == 0x7f800000u || e == 0 || g == 0)
			return same('f', e, g);
		return d >= -2 && d <= 2;
	}
	case 'f':
		if ((e & 0x7f800000u) == 0x7f800000u && (e & 0x7fffffu) &&
		    (g & 0x7f800000u) == 0x7f800000u && (g & 0x7fffffu))
			return true;
		break;
	case 'h':
		if ((e & 0x7c00u) == 0x7c00u && (e & 0x3ffu) && (g & 0x7c00u) == 0x7c00u && (g & 0x3ffu))
			return true;
		break;
	case 'd':
		if ((e & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (e & 0xfffffffffffffull) &&
		    (g & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (g & 0xfffffffffffffull))
			return true;
		break;
	}
	return e == g;
}

static void print_val(char kind, unsigned esize, uint64_t v)
{
	double d;
	float f;

	printf("0x%0*llx", (int)esize * 2, (unsigned long long)v);
	switch (kind) {
	case 'f':
	case 'F':
		f = ho_bits_f32((uint32_t)v);
		printf(" (%.9g)", (double)f);
		break;
	case 'd':
		memcpy(&d, &v, 8);
		printf(" (%.17g)", d);
		break;
	case 'h': {
		_Float16 h;
		uint16_t u = (uint16_t)v;
		memcpy(&h, &u, 2);
		printf(" (%.5g)", (double)(float)h);
		break;
	}
	case 'i':
		if (esize <= 4)
			printf(" (%d)", (int32_t)v);
		else
			printf(" (%lld)", (long long)v);
		break;
	}
}

static uint64_t load(const void *base, size_t idx, unsigned esize)
{
	const uint8_t *p = (const uint8_t *)base + idx * esize;
	uint64_t v = 0;

	memcpy(&v, p, esize); /* little endian host */
	return v;
}

/* Compare n elements of ncol columns of esize bytes. kinds[c] gives each
 * column's kind (a single char applies to all), names[c] its formula.
 * Prints per column: mismatch count and the first mismatch. */
static void compare(struct run *r, const char *what, const void *got, const void *exp, size_t n,
                    unsigned ncol, unsigned esize, const char *kinds, const char *const *names)
{
	size_t total = 0;

	if (!got || !exp)
		return;
	for (unsigned c = 0; c < ncol; c++) {
		char kind = kinds[strlen(kinds) > 1 ? c : 0];
		size_t count = 0, first = 0;

		for (size_t i = 0; i < n; i++) {
			if (!same(kind, load(exp, i * ncol + c, esize), load(got, i * ncol + c, esize))) {
				if (!count)
					first = i;
				count++;
			}
		}
		if (!count)
			continue;
		total += count;
		printf("%s: output %u", what, c);
		if (names && names[c])
			printf(" (%s)", names[c]);
		printf(": %zu of %zu elements differ; first at element %zu (word %zu): expected ", count, n,
		       first, first * ncol + c);
		print_val(kind, esize, load(exp, first * ncol + c, esize));
		printf(", got ");
		print_val(kind, esize, load(got, first * ncol + c, esize));
		printf("\n");
	}
	if (total)
		r->bad += (unsigned)(total > 1000000 ? 1000000 : total);
}

static void expect(struct run *r, bool ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void expect(struct run *r, bool ok, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	r->bad++;
}

/* ---- cases: per-element arithmetic --------------------------------------- */

#define NELEM 4096u   /* work-items launched */
#define NVALID 4000u  /* elements the kernel processes (the rest: bounds check) */

/* A per-element case: the kernel reads its inputs (in[k], bytes per
 * element each) and its element count, and writes n results of size bytes
 * per element; the host computes element i's with row. The inputs are
 * random words (bytes 4 or 8: gen_u32/gen_u64 from seed) or, where they
 * want a shape, made by make_inputs (in[] stays NULL if out of memory). */
struct elem_case {
	const char *what;                   /* compare's label */
	unsigned n, size;
	const char *kinds;                  /* compare's column kinds */
	const char *const *names;
	void (*row)(void *const in[3], uint32_t i, void *out);
	struct {
		unsigned bytes;
		uint64_t seed;
	} in[3];
	void (*make_inputs)(struct run *r, void *in[3]);
};

#define IN_U32(k) ((const uint32_t *)in[k])
#define IN_U64(k) ((const uint64_t *)in[k])

/* The random-word inputs of c. */
static void elem_words(struct run *r, const struct elem_case *c, void *in[3])
{
	for (unsigned k = 0; k < 3 && c->in[k].bytes; k++)
		in[k] = c->in[k].bytes == 8 ? (void *)gen_u64(r, NELEM, c->in[k].seed)
		                            : (void *)gen_u32(r, NELEM, c->in[k].seed);
}

/* Columns of two f16 halves in a 4-byte word (kind 'h' in a list of
 * kinds per column): compared as
 * NELEM * 2 halves each, then set equal in got so that the word compare
 * skips them. */
static void compare_half_pairs(struct run *r, const struct elem_case *c, uint32_t *got, const uint32_t *exp)
{
	for (unsigned col = 0; col < c->n; col++) {
		if (strlen(c->kinds) < c->n || c->kinds[col] != 'h')
			continue;
		uint16_t *e2 = zalloc(r, (size_t)NELEM * 4), *g2 = zalloc(r, (size_t)NELEM * 4);
		char what[64];
		if (!e2 || !g2)
			return;
		for (uint32_t i = 0; i < NELEM; i++) {
			memcpy(e2 + 2 * i, exp + (size_t)i * c->n + col, 4);
			memcpy(g2 + 2 * i, got + (size_t)i * c->n + col, 4);
		}
		snprintf(what, sizeof(what), "%s %s (element = half)", c->what, c->names[col]);
		compare(r, what, g2, e2, (size_t)NELEM * 2, 1, 2, "h", NULL);
		for (uint32_t i = 0; i < NELEM; i++)
			got[(size_t)i * c->n + col] = exp[(size_t)i * c->n + col];
	}
}

/* The output is NELEM rows of n results filled with the sentinel (a result
 * the kernel fails to write stays 0xa5...), then the element count; the
 * host writes the expected rows NVALID over the sentinel, the rows past
 * them keep it, as the kernel must. */
static void run_elem(struct run *r, const struct elem_case *c)
{
	void *in[3] = { NULL, NULL, NULL }, *got;
	uint8_t *exp = sentinel_buf(r, (size_t)NELEM * c->n * c->size);
	unsigned nin = 0;

	if (c->make_inputs)
		c->make_inputs(r, in);
	else
		elem_words(r, c, in);
	for (; nin < 3 && c->in[nin].bytes; nin++)
		if (!in[nin])
			return;
	if (!exp)
		return;
	for (unsigned k = 0; k < nin; k++)
		arg_in(r, in[k], (size_t)NELEM * c->in[k].bytes);
	got = arg_out(r, (size_t)NELEM * c->n * c->size, exp);
	token(r, "u32:%u", NVALID);
	if (r->mode != MODE_CHECK || !got)
		return;
	for (uint32_t i = 0; i < NVALID; i++)
		c->row(in, i, exp + (size_t)i * c->n * c->size);
	if (c->size == 4)
		compare_half_pairs(r, c, got, (const uint32_t *)exp);
	compare(r, c->what, got, exp, NELEM, c->n, c->size, c->kinds, c->names);
}

static const char *const int32_names[HO_INT32_N] = {
	"a+b", "a-b", "a*b", "mulhi i32", "mulhi u32", "a/b i32", "a%b i32", "a/b u32", "a%b u32",
	"a<<s", "a>>s i32", "a>>s u32", "min i32", "max i32", "min u32", "max u32", "compares",
	"mul u24", "abs", "div/rem by constants",
};

static void row_int32(void *const in[3], uint32_t i, void *out)
{
	ho_int32(i, (int32_t)IN_U32(0)[i], (int32_t)IN_U32(1)[i], out);
}

static const struct elem_case elem_int32 = { "int32_ops", HO_INT32_N, 4, "i", int32_names, row_int32,
                                             { { 4, 11 }, { 4, 12 } }, NULL };

static const char *const int64_names[HO_INT64_N] = {
	"a+b", "a-b", "a*b", "mulhi u64", "mulhi i64", "a/b i64", "a%b i64", "a/b u64", "a%b u64",
	"a<<s", "a>>s i64", "a>>s u64", "min i64", "max i64", "min u64", "max u64", "compares",
	"mul 32x32 + mul",
};

static void row_int64(void *const in[3], uint32_t i, void *out)
{
	ho_int64(i, (int64_t)IN_U64(0)[i], (int64_t)IN_U64(1)[i], out);
}

static const struct elem_case elem_int64 = { "int64_ops", HO_INT64_N, 8, "i", int64_names, row_int64,
                                             { { 8, 21 }, { 8, 22 } }, NULL };

static const char *const bits_names[HO_BITS_N] = {
	"popcount", "clz", "ctz", "bitreverse", "rotl", "rotr", "perm sign/const", "perm all selectors",
	"bswap", "ubfe", "sbfe", "popcount64", "clz64", "ctz64", "brev64 lo", "brev64 hi", "logic",
	"funnel shift", "find last set", "byte sum",
};

static void row_bits(void *const in[3], uint32_t i, void *out)
{
	ho_bits(i, IN_U32(0)[i], IN_U32(1)[i], IN_U64(2)[i], out);
}

static const struct elem_case elem_bits = { "bits_ops", HO_BITS_N, 4, "i", bits_names, row_bits,
                                            { { 4, 31 }, { 4, 32 }, { 8, 33 } }, NULL };

static const char *const f32_names[HO_F32_N] = {
	"a+b", "a-b", "a*b", "a/b", "fma(a,b,c)", "sqrt(a)", "fabs(a)", "-b", "(float)i32",
	"(float)u32", "(i32)a", "(u32)b", "floor(a)", "ceil(b)", "trunc(c)", "rint(a)",
	"copysign(a,b)", "ldexp(a,k)", "compares", "(float)u64", "(float)i64", "1/c", "a*b+c",
	"(i64)((double)a*65536)",
};

/* a, b, c per element; an i32 and a u64 to convert, small (exact) or
 * full-range (rounded). */
static void f32_inputs(struct run *r, void *in[3])
{
	float *f = in[0] = zalloc(r, (size_t)NELEM * 3 * 4);
	uint32_t *ia = in[1] = gen_u32(r, NELEM, 42);
	uint64_t *ul = in[2] = gen_u64(r, NELEM, 43), st = 41;

	if (!f || !ia || !ul)
		return;
	for (uint32_t i = 0; i < NELEM * 3; i++)
		f[i] = gen_f32(&st, 20, true);
	for (uint32_t i = 0; i < NELEM; i++) {
		if (i & 1)
			ia[i] = (uint32_t)((int32_t)ia[i] >> (ia[i] & 31));
		if (i & 2)
			ul[i] >>= (ul[i] & 63);
	}
}

static void row_f32(void *const in[3], uint32_t i, void *out)
{
	const float *f = in[0];

	ho_f32(f[3 * i], f[3 * i + 1], f[3 * i + 2], (int32_t)IN_U32(1)[i], IN_U64(2)[i], out);
}

static const struct elem_case elem_f32 = { "f32_ops", HO_F32_N, 4, "ffffffffffiiffffffiffffi", f32_names,
                                           row_f32, { { 12, 0 }, { 4, 0 }, { 8, 0 } }, f32_inputs };

static const char *const f32a_names[HO_F32A_N] = {
	"v_rcp_f32 (2 ULP)", "v_exp_f32 (2 ULP)", "v_log_f32 (2 ULP)", "v_rsq_f32 (2 ULP)", "v_sqrt_f32 (2 ULP)",
};

/* a (any f32) and e (an exponent in [-125, 125]) per element. */
static void f32_approx_inputs(struct run *r, void *in[3])
{
	float *f = in[0] = zalloc(r, (size_t)NELEM * 2 * 4);
	uint64_t st = 45;

	if (!f)
		return;
	for (uint32_t i = 0; i < NELEM; i++) {
		f[2 * i] = gen_f32(&st, 100, true);
		f[2 * i + 1] = (float)((double)(int64_t)(sm64(&st) >> 40) / (double)(1 << 24) * 250.0 - 125.0);
	}
}

static void row_f32_approx(void *const in[3], uint32_t i, void *out)
{
	const float *f = in[0];

	ho_f32_approx(f[2 * i], f[2 * i + 1], out);
}

static const struct elem_case elem_f32_approx = { "f32_approx", HO_F32A_N, 4, "F", f32a_names, row_f32_approx,
                                                  { { 8, 0 } }, f32_approx_inputs };

static const char *const f16_names[HO_F16_N] = {
	"a+b", "a-b", "a*b", "(half)fmaf(a,b,c)", "(half)f32", "(half)int", "min", "-a",
	"(half)(a*b+c in f32)", "(half)(int)a",
};

/* a, b, c (f16 bits) per element, an i32 and an f32 beyond f16's range
 * both ways to convert. */
static void f16_inputs(struct run *r, void *in[3])
{
	uint16_t *h = in[0] = zalloc(r, (size_t)NELEM * 3 * 2);
	float *fa = in[2] = zalloc(r, (size_t)NELEM * 4);
	uint64_t st = 51;

	in[1] = gen_u32(r, NELEM, 52);
	if (!h || !fa)
		return;
	for (uint32_t i = 0; i < NELEM * 3; i++)
		h[i] = gen_f16(&st);
	for (uint32_t i = 0; i < NELEM; i++)
		fa[i] = gen_f32(&st, 24, true);
}

static void row_f16(void *const in[3], uint32_t i, void *out)
{
	_Float16 x[3];

	memcpy(x, (const uint16_t *)in[0] + 3 * i, 6);
	ho_f16(x[0], x[1], x[2], (int32_t)IN_U32(1)[i], ((const float *)in[2])[i], out);
}

static const struct elem_case elem_f16 = { "f16_ops", HO_F16_N, 2, "h", f16_names, row_f16,
                                           { { 6, 0 }, { 4, 0 }, { 4, 0 } }, f16_inputs };

static const char *const f64_names[HO_F64_N] = {
	"a+b", "a-b", "a*b", "a/b", "fma(a,b,c)", "sqrt(a)", "(double)i64", "(i64)b", "(double)f32",
	"(float)a", "(u64)c ^ (double)u64", "floor(a)+trunc(c)",
};

/* a, b, c per element, an i64 (small one time in two) and an f32. */
static void f64_inputs(struct run *r, void *in[3])
{
	double *d = in[0] = zalloc(r, (size_t)NELEM * 3 * 8);
	uint64_t *l = in[1] = gen_u64(r, NELEM, 62), st = 61;
	float *f = in[2] = zalloc(r, (size_t)NELEM * 4);

	if (!d || !l || !f)
		return;
	for (uint32_t i = 0; i < NELEM * 3; i++)
		d[i] = gen_f64(&st, 70);
	for (uint32_t i = 0; i < NELEM; i++) {
		f[i] = gen_f32(&st, 60, true);
		if (i & 1)
			l[i] = (uint64_t)((int64_t)l[i] >> (l[i] & 63));
	}
}

static void row_f64(void *const in[3], uint32_t i, void *out)
{
	const double *d = in[0];

	ho_f64(d[3 * i], d[3 * i + 1], d[3 * i + 2], (int64_t)IN_U64(1)[i], ((const float *)in[2])[i], out);
}

static const struct elem_case elem_f64 = { "f64_ops", HO_F64_N, 8, "dddddddidfid", f64_names, row_f64,
                                           { { 24, 0 }, { 8, 0 }, { 4, 0 } }, f64_inputs };

static const char *const int16_names[HO_INT16_N] = {
	"a+b u16", "a-b u16", "a*b u16", "a*b+c u16 (mad)", "a<<s u16", "a>>s u16", "a>>s i16", "min i16",
	"max u16", "a/b u16", "a%b i16", "a/b i16 or c/b u16",
};

/* a, b, c per element: small values one time in four (the 16-bit
 * division's exact cases). */
static void int16_inputs(struct run *r, void *in[3])
{
	uint16_t *h = in[0] = zalloc(r, (size_t)NELEM * 3 * 2);
	uint64_t st = 191;

	if (!h)
		return;
	for (uint32_t i = 0; i < NELEM * 3; i++) {
		uint64_t x = sm64(&st);
		h[i] = (uint16_t)((x & 3) ? x >> 16 : (x >> 16) & 0x1f);
	}
}

static void row_int16(void *const in[3], uint32_t i, void *out)
{
	const uint16_t *h = in[0];

	ho_int16(i, h[3 * i], h[3 * i + 1], h[3 * i + 2], out);
}

static const struct elem_case elem_int16 = { "int16_ops", HO_INT16_N, 2, "i", int16_names, row_int16,
                                             { { 6, 0 } }, int16_inputs };

static const char *const pk_names[HO_PK_N] = {
	"v_pk_add_u16", "v_pk_mad_u16", "v_pk_sub", "v_pk_lshlrev_b16", "v_pk_ashrrev_i16", "v_pk_add_f16",
	"v_pk_mul_f16", "pk f16 a*b then +c", "pk f16 neg", "fma(f16, f16, f32) (fma_mix)",
	"(f32)f16 * (f32)f16", "(f32)f16 + f32",
};

/* f16 bits for the packed tests: gen_f16 plus, rarely, Inf and NaN (no
 * conversion to integer happens here). */
static uint16_t gen_f16_any(uint64_t *st)
{
	uint64_t x = sm64(st);
	if ((x & 63) == 0)
		return (x & 64) ? 0x7c00 : 0x7e00;
	return gen_f16(st);
}

/* Three words of two u16 and three of two f16 per element, and an f32. */
static void pk_inputs(struct run *r, void *in[3])
{
	uint32_t *v = in[0] = zalloc(r, (size_t)NELEM * 6 * 4);
	float *f = in[1] = zalloc(r, (size_t)NELEM * 4);
	uint64_t st = 201;

	if (!v || !f)
		return;
	for (uint32_t i = 0; i < NELEM; i++) {
		for (unsigned k = 0; k < 3; k++)
			v[6 * i + k] = (uint32_t)sm64(&st);
		for (unsigned k = 3; k < 6; k++)
			v[6 * i + k] = gen_f16_any(&st) | (uint32_t)gen_f16_any(&st) << 16;
		f[i] = gen_f32(&st, 10, true);
	}
}

static void row_pk(void *const in[3], uint32_t i, void *out)
{
	const uint32_t *v = in[0];
	ho_us2 x, y, z;
	ho_h2 a, b, c;

	memcpy(&x, v + 6 * i, 4);
	memcpy(&y, v + 6 * i + 1, 4);
	memcpy(&z, v + 6 * i + 2, 4);
	memcpy(&a, v + 6 * i + 3, 4);
	memcpy(&b, v + 6 * i + 4, 4);
	memcpy(&c, v + 6 * i + 5, 4);
	ho_pk(x, y, z, a, b, c, ((const float *)in[1])[i], out);
}

/* the packed f16 columns ('h') hold two halves each */
static const struct elem_case elem_pk = { "pk_ops", HO_PK_N, 4, "iiiiihhhhfff", pk_names, row_pk,
                                          { { 24, 0 }, { 4, 0 } }, pk_inputs };

#define UNI_GROUPS 256u

static void case_uniform(struct run *r)
{
	uint32_t *a = gen_u32(r, UNI_GROUPS, 211), *b = gen_u32(r, UNI_GROUPS, 212);
	uint64_t *q = gen_u64(r, UNI_GROUPS * 2, 213);
	int32_t *o32, *e32 = sentinel_buf(r, (size_t)UNI_GROUPS * HO_INT32_N * 4);
	ho_i64 *o64, *e64 = sentinel_buf(r, (size_t)UNI_GROUPS * HO_INT64_N * 8);
	uint32_t *ob, *eb = sentinel_buf(r, (size_t)UNI_GROUPS * HO_BITS_N * 4);

	if (!a || !b || !q || !e32 || !e64 || !eb)
		return;
	arg_in(r, a, UNI_GROUPS * 4);
	arg_in(r, b, UNI_GROUPS * 4);
	arg_in(r, q, UNI_GROUPS * 16);
	o32 = arg_out(r, (size_t)UNI_GROUPS * HO_INT32_N * 4, NULL);
	o64 = arg_out(r, (size_t)UNI_GROUPS * HO_INT64_N * 8, NULL);
	ob = arg_out(r, (size_t)UNI_GROUPS * HO_BITS_N * 4, NULL);
	if (r->mode != MODE_CHECK || !o32 || !o64 || !ob)
		return;
	for (uint32_t g = 0; g < UNI_GROUPS; g++) {
		ho_int32(g, (int32_t)a[g], (int32_t)b[g], e32 + (size_t)g * HO_INT32_N);
		ho_int64(g, (ho_i64)q[2 * g], (ho_i64)q[2 * g + 1], e64 + (size_t)g * HO_INT64_N);
		ho_bits(g, a[g], b[g], q[2 * g], eb + (size_t)g * HO_BITS_N);
	}
	compare(r, "uniform_ops int32", o32, e32, UNI_GROUPS, HO_INT32_N, 4, "i", int32_names);
	compare(r, "uniform_ops int64", o64, e64, UNI_GROUPS, HO_INT64_N, 8, "i", int64_names);
	compare(r, "uniform_ops bits", ob, eb, UNI_GROUPS, HO_BITS_N, 4, "i", bits_names);
}

/* ---- control flow ------------------------------------------------------------- */

static const char *const ctrl_names[HO_CTRL_N] = {
	"if/else on lane", "collatz loop", "early return in loop", "switch", "nested loops", "do-while",
};

static void row_ctrl(void *const in[3], uint32_t i, void *out)
{
	ho_ctrl(i & 63, i, IN_U32(0)[i], IN_U32(1)[i], out); /* block is a multiple of 64 */
}

static const struct elem_case elem_ctrl = { "ctrl_ops", HO_CTRL_N, 4, "i", ctrl_names, row_ctrl,
                                            { { 4, 71 }, { 4, 72 } }, NULL };

#define EARLY_N 2048u

static void case_early(struct run *r)
{
	uint32_t *a = gen_u32(r, EARLY_N, 81);
	size_t osize = (size_t)EARLY_N * 2 * 4;
	uint32_t *init = sentinel_buf(r, osize), *got, *exp;
	static const char *const names[2] = { "written before the loop", "written after the loop" };

	if (!a || !init)
		return;
	arg_in(r, a, EARLY_N * 4);
	got = arg_out(r, osize, init);
	if (r->mode != MODE_CHECK || !got)
		return;
	exp = init;
	for (uint32_t i = 0; i < EARLY_N; i++) {
		uint32_t v = a[i];
		bool done = false;

		if ((v & 0xf) == 3)
			continue;
		exp[2 * i] = v ^ 0xffff0000u;
		for (uint32_t k = 0; k < (v & 15) && !done; k++) { /* the bound reads the updated v */
			v = v * 5 + k;
			done = (v & 0x70) == 0x70;
		}
		if (!done)
			exp[2 * i + 1] = v;
	}
	compare(r, "early_return", got, exp, EARLY_N, 2, 4, "i", names);
}

/* ---- dispatch ids ------------------------------------------------------------- */

static void case_ids3d(struct run *r)
{
	const unsigned gx = 16, gy = 6, gz = 4, bx = 4, by = 3, bz = 2;
	size_t n = (size_t)gx * gy * gz, osize = n * 4 * 4;
	uint32_t *init = sentinel_buf(r, osize), *got, *exp;
	static const char *const names[4] = { "threadIdx x|y<<8|z<<16", "blockIdx", "blockDim", "gridDim" };

	if (!init)
		return;
	got = arg_out(r, osize, init);
	if (r->mode != MODE_CHECK || !got)
		return;
	exp = init;
	for (unsigned z = 0; z < gz; z++)
		for (unsigned y = 0; y < gy; y++)
			for (unsigned x = 0; x < gx; x++) {
				uint32_t *p = exp + 4 * (((size_t)z * gy + y) * gx + x);
				p[0] = (x % bx) | (y % by) << 8 | (z % bz) << 16;
				p[1] = (x / bx) | (y / by) << 8 | (z / bz) << 16;
				p[2] = bx | by << 8 | bz << 16;
				p[3] = (gx / bx) | (gy / by) << 8 | (gz / bz) << 16;
			}
	compare(r, "ids3d", got, exp, n, 4, 4, "i", names);
}

/* ---- LDS ------------------------------------------------------------------------ */

#define RED_WG 256u
#define RED_GROUPS 8u

static void case_lds_reduce(struct run *r)
{
	size_t n = RED_WG * RED_GROUPS;
	uint32_t *a = gen_u32(r, n, 91), *got, *exp = zalloc(r, RED_GROUPS * 8);
	float *f = zalloc(r, n * 4), tree[RED_WG];
	uint64_t st = 92;
	static const char *const names[2] = { "u32 tree sum", "f32 tree sum" };

	if (!a || !f || !exp)
		return;
	for (size_t i = 0; i < n; i++)
		f[i] = gen_f32(&st, 10, false); /* finite: the sum stays a number */
	arg_in(r, a, n * 4);
	arg_in(r, f, n * 4);
	got = arg_out(r, RED_GROUPS * 8, NULL);
	if (r->mode != MODE_CHECK || !got)
		return;
	for (unsigned g = 0; g < RED_GROUPS; g++) {
		uint32_t s = 0;

		for (unsigned t = 0; t < RED_WG; t++) {
			s += a[g * RED_WG + t];
			tree[t] = f[g * RED_WG + t];
		}
		for (unsigned w = RED_WG / 2; w > 0; w >>= 1)
			for (unsigned t = 0; t < w; t++)
				tree[t] += tree[t + w];
		exp[2 * g] = s;
		exp[2 * g + 1] = ho_f32_bits(tree[0]);
	}
	compare(r, "lds_reduce", got, exp, RED_GROUPS, 2, 4, "if", names);
}

#define TR_W 64u
#define TR_H 32u

static void case_lds_transpose(struct run *r)
{
	uint32_t *in = gen_u32(r, TR_W * TR_H, 101), *got, *exp = zalloc(r, TR_W * TR_H * 4);

	if (!in || !exp)
		return;
	arg_in(r, in, TR_W * TR_H * 4);
	got = arg_out(r, TR_W * TR_H * 4, NULL);
	if (r->mode != MODE_CHECK || !got)
		return;
	for (unsigned y = 0; y < TR_H; y++)
		for (unsigned x = 0; x < TR_W; x++)
			exp[x * TR_H + y] = in[y * TR_W + x];
	compare(r, "lds_transpose", got, exp, TR_W * TR_H, 1, 4, "i", NULL);
}

#define DYN_WG 192u
#define DYN_GROUPS 4u

static void case_lds_dynamic(struct run *r)
{
	size_t n = DYN_WG * DYN_GROUPS;
	uint32_t *in = gen_u32(r, n, 111), *got, *exp = zalloc(r, n * 4);

	if (!in || !exp)
		return;
	arg_in(r, in, n * 4);
	got = arg_out(r, n * 4, NULL);
	if (r->mode != MODE_CHECK || !got)
		return;
	for (unsigned g = 0; g < DYN_GROUPS; g++)
		for (unsigned t = 0; t < DYN_WG; t++) {
			const uint32_t *d = in + g * DYN_WG;
			exp[g * DYN_WG + t] = d[DYN_WG - 1 - t] + d[(t + 1) % DYN_WG] * 7 + ((t % 64) * 3 + g);
		}
	compare(r, "lds_dynamic", got, exp, n, 1, 4, "i", NULL);
}

#define LA_GROUPS 8u

static void case_lds_atomics(struct run *r)
{
	size_t n = 256 * LA_GROUPS;
	uint32_t *a = gen_u32(r, n, 121), *got, *exp = zalloc(r, LA_GROUPS * HO_LDS_ATOM_N * 4);
	static const char *names[HO_LDS_ATOM_N];

	if (!a || !exp)
		return;
	for (unsigned c = 0; c < 64; c++)
		names[c] = "histogram bin (ds_add)";
	names[64] = "max (ds_max_u32)";
	names[65] = "min (ds_min_u32)";
	names[66] = "sum by CAS loop (ds_cmpst)";
	names[67] = "tickets each taken once | count << 16";
	arg_in(r, a, n * 4);
	got = arg_out(r, LA_GROUPS * HO_LDS_ATOM_N * 4, NULL);
	if (r->mode != MODE_CHECK || !got)
		return;
	for (unsigned g = 0; g < LA_GROUPS; g++) {
		uint32_t *p = exp + g * HO_LDS_ATOM_N, mx = 0, mn = 0xffffffffu, cs = 0;

		for (unsigned t = 0; t < 256; t++) {
			uint32_t v = a[g * 256 + t];
			p[v & 63]++;
			mx = v > mx ? v : mx;
			mn = v < mn ? v : mn;
			cs += v >> 12;
		}
		p[64] = mx;
		p[65] = mn;
		p[66] = cs;
		p[67] = 256 | 256u << 16;
	}
	compare(r, "lds_atomics", got, exp, LA_GROUPS, HO_LDS_ATOM_N, 4, "i", names);
}

#define MEM_N 2048u

static void case_mem_subword(struct run *r)
{
	size_t n8 = MEM_N * 4 + 8, n16 = MEM_N + 8;
	uint8_t *b8 = (uint8_t *)gen_u32(r, n8 / 4, 221), *o8, *e8 = zalloc(r, MEM_N);
	uint16_t *b16 = (uint16_t *)gen_u32(r, n16 / 2, 222), *o16, *e16 = zalloc(r, MEM_N * 2);
	uint32_t *o, *e = zalloc(r, (size_t)MEM_N * HO_MEM_N * 4);
	static const char *const names[HO_MEM_N] = {
		"sbyte load", "ubyte load", "sshort load", "two ushorts into one dword", "dword at an odd address",
		"short at an odd address",
	};

	if (!b8 || !b16 || !e || !e8 || !e16)
		return;
	arg_in(r, b8, n8);
	arg_in(r, b16, n16 * 2);
	o = arg_out(r, (size_t)MEM_N * HO_MEM_N * 4, NULL);
	o8 = arg_out(r, MEM_N, NULL);
	o16 = arg_out(r, MEM_N * 2, NULL);
	if (r->mode != MODE_CHECK || !o || !o8 || !o16)
		return;
	for (uint32_t i = 0; i < MEM_N; i++) {
		uint32_t *p = e + (size_t)i * HO_MEM_N;
		uint32_t u;
		uint16_t h;
		memcpy(&u, b8 + 4 * i + 1, 4);
		memcpy(&h, b8 + 2 * i + 1, 2);
		p[0] = (uint32_t)(int32_t)(int8_t)b8[i];
		p[1] = b8[i ^ 1];
		p[2] = (uint32_t)(int32_t)(int16_t)b16[i];
		p[3] = b16[i ^ 3] | (uint32_t)b16[i ^ 5] << 16;
		p[4] = u;
		p[5] = h;
		e8[i] = (uint8_t)(b8[i] + i);
		e16[i] = (uint16_t)(b16[i] * 3u + i);
	}
	compare(r, "mem_subword", o, e, MEM_N, HO_MEM_N, 4, "i", names);
	compare(r, "mem_subword byte stores", o8, e8, MEM_N, 1, 1, "i", NULL);
	compare(r, "mem_subword short stores", o16, e16, MEM_N, 1, 2, "i", NULL);
}

#define LDSW_GROUPS 4u

static void case_lds_subword(struct run *r)
{
	size_t n = 256 * LDSW_GROUPS;
	uint32_t *in = gen_u32(r, n, 231), *o, *e = zalloc(r, n * HO_LDSW_N * 4);
	static const char *const names[HO_LDSW_N] = {
		"ds_read_i8", "ds_read_u8", "ds_read_i16", "ds_read2_b32", "ds_read_b32 pair", "ds_read_b128",
		"ds_read_b64 lo", "ds_read_b64 hi",
	};

	if (!in || !e)
		return;
	arg_in(r, in, n * 4);
	o = arg_out(r, n * HO_LDSW_N * 4, NULL);
	if (r->mode != MODE_CHECK || !o)
		return;
	for (uint32_t g = 0; g < LDSW_GROUPS; g++) {
		uint8_t s8[256];
		uint16_t s16[256];
		uint32_t s32[512];
		uint64_t s64[256];
		for (uint32_t t = 0; t < 256; t++) {
			uint32_t v = in[g * 256 + t];
			s8[t] = (uint8_t)v;
			s16[t] = (uint16_t)(v >> 8);
			s32[t] = v;
			s32[t + 256] = v ^ 0x9e3779b9u;
			s64[t] = (uint64_t)v * 0x100000001ull + t;
		}
		for (uint32_t t = 0; t < 256; t++) {
			uint32_t *p = e + (size_t)(g * 256 + t) * HO_LDSW_N, b = t & ~3u;
			p[0] = (uint32_t)(int32_t)(int8_t)s8[t ^ 5];
			p[1] = s8[255 - t];
			p[2] = (uint32_t)(int32_t)(int16_t)s16[(t + 3) & 255];
			p[3] = s32[(t + 1) & 511] + s32[(t + 65) & 511];
			p[4] = s32[t + 256] - s32[(t + 64) & 255];
			p[5] = s32[b] ^ (s32[b + 1] << 1) ^ (s32[b + 2] << 2) ^ (s32[b + 3] << 3);
			p[6] = (uint32_t)s64[(t * 7) & 255];
			p[7] = (uint32_t)(s64[(t * 7) & 255] >> 32);
		}
	}
	compare(r, "lds_subword", o, e, n, HO_LDSW_N, 4, "i", names);
}

#define FLAT_GROUPS 4u

static void case_flat_mix(struct run *r)
{
	size_t n = 256 * FLAT_GROUPS;
	uint32_t *in = gen_u32(r, n, 241), *g, *o, *eg = zalloc(r, n * 4), *eo = zalloc(r, n * 8);
	static const char *const names[2] = { "flat load (LDS or global)", "LDS word after the flat store" };

	if (!in || !eg || !eo)
		return;
	arg_in(r, in, n * 4);
	g = arg_out(r, n * 4, NULL);
	o = arg_out(r, n * 8, NULL);
	if (r->mode != MODE_CHECK || !g || !o)
		return;
	for (uint32_t b = 0; b < FLAT_GROUPS; b++) {
		uint32_t s[256];
		for (uint32_t t = 0; t < 256; t++) {
			uint32_t i = b * 256 + t, v = in[i];
			s[t] = (v & 1) ? v * 3 : v + 1;
			eg[i] = (v & 1) ? v + 2 : v * 3;
		}
		for (uint32_t t = 0; t < 256; t++) {
			uint32_t i = b * 256 + t, v = in[i];
			eo[2 * i] = (v & 2) ? s[255 - t] : eg[i ^ 1];
			eo[2 * i + 1] = s[t];
		}
	}
	compare(r, "flat_mix global words", g, eg, n, 1, 4, "i", NULL);
	compare(r, "flat_mix", o, eo, n, 2, 4, "i", names);
}

/* ---- global atomics -------------------------------------------------------------- */

#define AT_N 4096u

static int cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	return a < b ? -1 : a > b;
}

static void case_atomics(struct run *r)
{
	uint32_t *in = gen_u32(r, AT_N, 131), *c0 = zalloc(r, 16 * 4), *c, *ret, *sorted;
	float *f0 = zalloc(r, 17 * 4), *f;
	uint64_t *q;
	uint32_t ec[16];
	float ef[17];
	uint64_t eq[4] = { 0, 0, 0, 0 };
	static const char *const cnames[16] = {
		"tickets (add 1)", "add u32", "add i32", "max i32", "min u32", "max u32", "min i32",
		"and", "or", "xor", "exchange (final)", "add by CAS loop", "untouched", "untouched",
		"untouched", "untouched",
	};
	const char *fnames[17];
	static const char *const qnames[4] = { "add u64", "add by 64-bit CAS loop", "max u64", "untouched" };

	if (!in || !c0 || !f0)
		return;
	fnames[0] = "add f32 (integer values)";
	for (unsigned k = 1; k < 17; k++)
		fnames[k] = "add f32 0.5 (histogram bin)";
	c0[0] = 0;
	c0[1] = 5;
	c0[2] = (uint32_t)-3;
	c0[3] = 0x80000000u;
	c0[4] = 0xffffffffu;
	c0[5] = 0;
	c0[6] = 0x7fffffffu;
	c0[7] = 0xffffffffu;
	c0[8] = 0;
	c0[9] = 0x12345678u;
	c0[10] = 7;
	c0[11] = 1;
	for (unsigned k = 12; k < 16; k++)
		c0[k] = 0x0badf00du;
	f0[0] = 0.25f;
	arg_in(r, in, AT_N * 4);
	c = arg_out(r, 16 * 4, c0);
	f = arg_out(r, 17 * 4, f0);
	q = arg_out(r, 4 * 8, NULL);
	ret = arg_out(r, AT_N * 2 * 4, NULL);
	if (r->mode != MODE_CHECK || !c || !f || !q || !ret)
		return;

	memcpy(ec, c0, sizeof(ec));
	memcpy(ef, f0, sizeof(ef));
	for (uint32_t i = 0; i < AT_N; i++) {
		uint32_t v = in[i];
		ec[0]++;
		ec[1] += v;
		ec[2] = (uint32_t)((int32_t)ec[2] + ((int32_t)v >> 8));
		ec[3] = (int32_t)v > (int32_t)ec[3] ? v : ec[3];
		ec[4] = v < ec[4] ? v : ec[4];
		ec[5] = v > ec[5] ? v : ec[5];
		ec[6] = (int32_t)v < (int32_t)ec[6] ? v : ec[6];
		ec[7] &= v | 0x0f0f0f0fu;
		ec[8] |= 1u << (v & 31);
		ec[9] ^= v;
		ec[11] += v & 0xffff;
		ef[0] += (float)(v & 0xff);
		ef[1 + ((v >> 8) & 15)] += 0.5f;
		eq[0] += (uint64_t)v * 0x100000001ull;
		eq[1] += (uint64_t)v << 20;
		uint64_t m = (uint64_t)v << 31 | i;
		eq[2] = m > eq[2] ? m : eq[2];
	}
	/* The exchange's final value is whichever came last: accept what the
	 * GPU left and check it through the set of returned values below. */
	ec[10] = c[10];
	compare(r, "atomics_global c[]", c, ec, 1, 16, 4, "i", cnames);
	compare(r, "atomics_global f[]", f, ef, 1, 17, 4, "f", fnames);
	compare(r, "atomics_global q[]", q, eq, 1, 4, 8, "i", qnames);

	/* tickets: a permutation of 0..N-1 */
	sorted = zalloc(r, (AT_N + 1) * 4);
	if (!sorted)
		return;
	for (uint32_t i = 0; i < AT_N; i++)
		sorted[i] = ret[2 * i];
	qsort(sorted, AT_N, 4, cmp_u32);
	for (uint32_t i = 0; i < AT_N; i++)
		if (sorted[i] != i) {
			expect(r, false, "atomics_global: the values atomic add 1 returned are not a permutation of 0..%u: "
			       "sorted position %u holds %u", AT_N - 1, i, sorted[i]);
			break;
		}
	/* exchange: returned values + the final value = {7} + {1000 + i} */
	for (uint32_t i = 0; i < AT_N; i++)
		sorted[i] = ret[2 * i + 1];
	sorted[AT_N] = c[10];
	qsort(sorted, AT_N + 1, 4, cmp_u32);
	for (uint32_t i = 0; i <= AT_N; i++) {
		uint32_t want = i == 0 ? 7 : 1000 + i - 1;
		if (sorted[i] != want) {
			expect(r, false, "atomics_global: the values atomic exchange returned, plus the final value, are "
			       "not each of {7, 1000..%u} once: sorted position %u holds %u, expected %u",
			       1000 + AT_N - 1, i, sorted[i], want);
			break;
		}
	}
}

#define ATF_N 4096u

static void case_atomics_fp(struct run *r)
{
	uint32_t *in = gen_u32(r, ATF_N, 251);
	double *d0 = zalloc(r, 4 * 8), *d, ed[4];
	float *f0 = zalloc(r, 2 * 4), *f, ef[2];
	static const char *const dnames[4] = { "add f64", "max f64", "min f64", "untouched" };
	static const char *const fnames[2] = { "max f32", "untouched" };

	if (!in || !d0 || !f0)
		return;
	d0[0] = 0.5;
	d0[1] = -1e300;
	d0[2] = 1e300;
	d0[3] = 42.0;
	f0[0] = -1.0f;
	f0[1] = 7.0f;
	arg_in(r, in, ATF_N * 4);
	d = arg_out(r, 4 * 8, d0);
	f = arg_out(r, 2 * 4, f0);
	if (r->mode != MODE_CHECK || !d || !f)
		return;
	memcpy(ed, d0, sizeof(ed));
	memcpy(ef, f0, sizeof(ef));
	for (uint32_t i = 0; i < ATF_N; i++) {
		uint32_t v = in[i];
		double x = (double)(int32_t)v * 0.25;
		ed[0] += (double)(v & 0xffff);
		ed[1] = x > ed[1] ? x : ed[1];
		ed[2] = x < ed[2] ? x : ed[2];
		ef[0] = (float)(v >> 8) > ef[0] ? (float)(v >> 8) : ef[0];
	}
	compare(r, "atomics_fp d[]", d, ed, 1, 4, 8, "d", dnames);
	compare(r, "atomics_fp f[]", f, ef, 1, 2, 4, "f", fnames);
}

/* ---- wave operations --------------------------------------------------------------- */

#define WAVE_N 1024u   /* 16 waves */

/* A wave case's nin inputs of WAVE_N random words (seeds seed, seed + 1)
 * into in[] and its output of n words per lane, *exp zeroed for the host's
 * results; what the kernel wrote in check mode, else NULL (args mode or
 * an error): nothing to compare. */
static uint32_t *wave_io(struct run *r, uint64_t seed, unsigned nin, uint32_t *in[2], unsigned n,
                         uint32_t **exp)
{
	uint32_t *got;

	*exp = zalloc(r, (size_t)WAVE_N * n * 4);
	for (unsigned k = 0; k < nin; k++)
		in[k] = gen_u32(r, WAVE_N, seed + k);
	if (!*exp || !in[0] || (nin > 1 && !in[1]))
		return NULL;
	for (unsigned k = 0; k < nin; k++)
		arg_in(r, in[k], WAVE_N * 4);
	got = arg_out(r, (size_t)WAVE_N * n * 4, NULL);
	return r->mode == MODE_CHECK ? got : NULL;
}

/* Source lane of a DPP_CTRL for lane l, or -1 when out of range (GFX9 ISA,
 * "DPP_CTRL Enumeration"; shr/ror read lower lanes, shl/rol higher ones). */
static int dpp_src(unsigned ctrl, int l)
{
	int r = l & 15, row = l >> 4, n = (int)(ctrl & 15);

	if (ctrl <= 0xff)
		return (l & ~3) | (int)((ctrl >> (2 * (l & 3))) & 3);
	if (ctrl > 0x100 && ctrl < 0x110)
		return r + n < 16 ? l + n : -1;
	if (ctrl > 0x110 && ctrl < 0x120)
		return r >= n ? l - n : -1;
	if (ctrl > 0x120 && ctrl < 0x130)
		return (l & ~15) | ((r - n) & 15);
	switch (ctrl) {
	case 0x130: return l < 63 ? l + 1 : -1;        /* wave_shl:1 */
	case 0x134: return (l + 1) & 63;               /* wave_rol:1 */
	case 0x138: return l > 0 ? l - 1 : -1;         /* wave_shr:1 */
	case 0x13c: return (l - 1) & 63;               /* wave_ror:1 */
	case 0x140: return (l & ~15) | (15 - r);       /* row_mirror */
	case 0x141: return (l & ~7) | (7 - (l & 7));   /* row_half_mirror */
	case 0x142: return row >= 1 ? row * 16 - 1 : -1; /* row_bcast:15 */
	case 0x143: return row >= 2 ? 31 : -1;         /* row_bcast:31 */
	}
	return -2;
}

/* One update_dpp over a wave (all lanes active). */
static void dpp_wave(const uint32_t *old, const uint32_t *src, unsigned ctrl, unsigned row_mask,
                     unsigned bank_mask, bool bound_ctrl, uint32_t *dst)
{
	for (int l = 0; l < 64; l++) {
		int s = dpp_src(ctrl, l);

		if (!((row_mask >> (l >> 4)) & 1) || !((bank_mask >> ((l >> 2) & 3)) & 1))
			dst[l] = old[l];
		else if (s < 0)
			dst[l] = bound_ctrl ? 0 : old[l];
		else
			dst[l] = src[s];
	}
}

static const struct {
	unsigned ctrl, row_mask, bank_mask;
	bool bc;
	const char *name;
} dpp_ops[HO_WAVE_DPP_N] = {
#define DPP_ROW(k, ctrl, rm, bm, bc, name) [k] = { ctrl, rm, bm, bc, name },
	HO_WAVE_DPP_OPS(DPP_ROW)
#undef DPP_ROW
};

static void case_wave_dpp(struct run *r)
{
	uint32_t *in[2] = { NULL, NULL }, *exp, *got = wave_io(r, 141, 2, in, HO_WAVE_DPP_N, &exp);
	const uint32_t *a = in[0], *b = in[1];
	const char *names[HO_WAVE_DPP_N];

	if (!got)
		return;
	for (unsigned k = 0; k < HO_WAVE_DPP_N; k++)
		names[k] = dpp_ops[k].name;
	for (unsigned w = 0; w < WAVE_N / 64; w++)
		for (unsigned k = 0; k < HO_WAVE_DPP_N; k++) {
			uint32_t d[64];
			dpp_wave(b + 64 * w, a + 64 * w, dpp_ops[k].ctrl, dpp_ops[k].row_mask, dpp_ops[k].bank_mask,
			         dpp_ops[k].bc, d);
			for (unsigned l = 0; l < 64; l++)
				exp[(64 * w + l) * HO_WAVE_DPP_N + k] = d[l];
		}
	compare(r, "wave_dpp", got, exp, WAVE_N, HO_WAVE_DPP_N, 4, "i", names);
}

/* ds_swizzle_b32 source lane (GFX9 ISA, DS_SWIZZLE_B32): offset[15] set:
 * quad-permute within each 4 lanes; clear: bit-mask mode within each 32
 * lanes, and [4:0], or [9:5], xor [14:10]. */
static unsigned swizzle_src(unsigned off, unsigned l)
{
	if (off & 0x8000)
		return (l & ~3u) | ((off >> (2 * (l & 3))) & 3);
	return (l & 0x20) | ((((l & 0x1f) & (off & 0x1f)) | ((off >> 5) & 0x1f)) ^ ((off >> 10) & 0x1f));
}

static void case_wave_perm(struct run *r)
{
	uint32_t *in[2] = { NULL, NULL }, *exp, *got = wave_io(r, 151, 1, in, HO_WAVE_PERM_N, &exp);
	const uint32_t *a = in[0];
	static const char *const names[HO_WAVE_PERM_N] = {
		"ds_bpermute lane (7l+3)%64", "ds_permute to lane (5l+1)%64", "ds_swizzle xor 1",
		"ds_swizzle and 0x18 or 3 xor 4", "ds_swizzle quad_perm 3,2,1,0",
		"readfirstlane in divergent branches", "readlane 37", "ballot+mbcnt compaction index",
		"popcount(ballot)",
	};

	if (!got)
		return;
	for (unsigned w = 0; w < WAVE_N / 64; w++) {
		const uint32_t *v = a + 64 * w;
		uint64_t mask = 0;

		for (unsigned l = 0; l < 64; l++)
			if ((v[l] & 3) == 0)
				mask |= 1ull << l;
		for (unsigned l = 0; l < 64; l++) {
			uint32_t *p = exp + (size_t)(64 * w + l) * HO_WAVE_PERM_N;
			p[0] = v[(l * 7 + 3) & 63];
			p[2] = v[swizzle_src(0x1f | 1 << 10, l)];
			p[3] = v[swizzle_src(0x18 | 3 << 5 | 4 << 10, l)];
			p[4] = v[swizzle_src(0x8000 | 3 | 2 << 2 | 1 << 4, l)];
			p[5] = l % 3 == 2 ? v[2] : v[0] + 1;
			p[6] = v[37];
			p[7] = (v[l] & 3) == 0 ? (uint32_t)__builtin_popcountll(mask & ((1ull << l) - 1)) : 0xffffffffu;
			p[8] = (uint32_t)__builtin_popcountll(mask);
			exp[(size_t)(64 * w + ((l * 5 + 1) & 63)) * HO_WAVE_PERM_N + 1] = v[l];
		}
	}
	compare(r, "wave_perm", got, exp, WAVE_N, HO_WAVE_PERM_N, 4, "i", names);
}

static void case_wave_reduce(struct run *r)
{
	uint32_t *in[2] = { NULL, NULL }, *exp, *got = wave_io(r, 161, 1, in, HO_WAVE_RED_N, &exp);
	const uint32_t *a = in[0];
	static const char *const names[HO_WAVE_RED_N] = {
		"inclusive scan (DPP row_shr + row_bcast)", "sum (swizzle xor + readlane)",
		"max (bpermute xor butterfly)", "ballot/mbcnt over odd lanes only",
	};

	if (!got)
		return;
	for (unsigned w = 0; w < WAVE_N / 64; w++) {
		const uint32_t *v = a + 64 * w;
		uint32_t sum = 0, mx = 0, scan = 0;

		for (unsigned l = 0; l < 64; l++) {
			sum += v[l];
			mx = v[l] > mx ? v[l] : mx;
		}
		for (unsigned l = 0; l < 64; l++) {
			uint32_t *p = exp + (size_t)(64 * w + l) * HO_WAVE_RED_N;
			scan += v[l];
			p[0] = scan;
			p[1] = sum;
			p[2] = mx;
			p[3] = (l & 1) ? (32u << 16 | l >> 1) : 0;
		}
	}
	compare(r, "wave_reduce", got, exp, WAVE_N, HO_WAVE_RED_N, 4, "i", names);
}

/* ---- 64-bit addressing ------------------------------------------------------------- */

#define BIG_BYTES ((16u << 20) + (64u << 10))
#define STRIDE_ITEMS 16u

static void case_addr_stride(struct run *r)
{
	const uint64_t seed = 171, nwords = BIG_BYTES / 4;
	uint32_t *big, *got, *exp = zalloc(r, STRIDE_ITEMS * 8 * 4);
	static const char *const names[8] = {
		"big[i*S]", "big[i*S+1021]", "big[i*S+4084]", "big[i*S+9189]",
		"end[-i*S-1]", "end[-i*S-2]", "end[-i*S-3]", "end[-i*S-4]",
	};

	arg_rand(r, BIG_BYTES, seed);
	token(r, "u64:%llu", (unsigned long long)nwords);
	got = arg_out(r, STRIDE_ITEMS * 8 * 4, NULL);
	if (r->mode != MODE_CHECK || !got || !exp)
		return;
	big = rand_bytes(r, BIG_BYTES, seed);
	if (!big)
		return;
	for (uint32_t i = 0; i < STRIDE_ITEMS; i++) {
		uint64_t base = (uint64_t)i * HO_STRIDE_WORDS;
		for (uint32_t k = 0; k < 4; k++) {
			exp[8 * i + k] = big[base + k * k * 1021u] ^ k;
			exp[8 * i + 4 + k] = big[nwords - base - 1 - k];
		}
	}
	compare(r, "addr_stride", got, exp, STRIDE_ITEMS, 8, 4, "i", names);
}

static void case_addr_chase(struct run *r)
{
	uint32_t *perm = zalloc(r, HO_NODES * 4);
	uint64_t *got, *exp = zalloc(r, 256 * 2 * 8), st = 181;
	static const char *const names[2] = { "node reached", "payload sum" };

	if (!perm || !exp)
		return;
	/* Sattolo: one cycle through all nodes. */
	for (uint32_t k = 0; k < HO_NODES; k++)
		perm[k] = k;
	for (uint32_t k = HO_NODES - 1; k > 0; k--) {
		uint32_t j = (uint32_t)(sm64(&st) % k), t = perm[k];
		perm[k] = perm[j];
		perm[j] = t;
	}
	token(r, "buf:%llu:zero", (unsigned long long)HO_NODES * HO_NODE_BYTES);
	arg_in(r, perm, HO_NODES * 4);
	got = arg_out(r, 256 * 2 * 8, NULL);
	if (r->mode != MODE_CHECK || !got)
		return;
	for (uint32_t t = 0; t < 256; t++) {
		uint32_t k = (t * 13) % HO_NODES;
		uint64_t sum = 0;
		for (int s = 0; s < HO_CHASE_STEPS; s++) {
			sum += (uint64_t)k * k;
			k = perm[k];
		}
		exp[2 * t] = k;
		exp[2 * t + 1] = sum;
	}
	compare(r, "addr_chase", got, exp, 256, 2, 8, "i", names);
}

/* ---- private memory ------------------------------------------------------------------ */

static const char *const private_names[HO_PRIV_N] = {
	"sum over data-indexed reads", "read after store", "another read",
};

static void row_private(void *const in[3], uint32_t i, void *out)
{
	ho_private(IN_U32(0)[i], IN_U32(1)[i], out);
}

static const struct elem_case elem_private = { "private_array", HO_PRIV_N, 4, "u", private_names, row_private,
                                               { { 4, 91 }, { 4, 92 } }, NULL };

/* ---- the table --------------------------------------------------------------------- */

static const struct hcase cases[] = {
	{ "int32_ops", "arith", "int32_ops", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_int32 },
	{ "int64_ops", "arith", "int64_ops", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_int64 },
	{ "bits_ops", "arith", "bits_ops", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_bits },
	{ "f32_ops", "arith", "f32_ops", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_f32 },
	{ "f32_approx", "arith", "f32_approx", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_f32_approx },
	{ "int16_ops", "arith", "int16_ops", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_int16 },
	{ "pk_ops", "arith", "pk_ops", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_pk },
	{ "uniform_ops", "uniform", "uniform_ops", { UNI_GROUPS * 64, 1, 1 }, { 64, 1, 1 }, 0, case_uniform, NULL },
	{ "f16_ops", "arith", "f16_ops", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_f16 },
	{ "f64_ops", "arith", "f64_ops", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_f64 },
	{ "ctrl_ops", "control", "ctrl_ops", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_ctrl },
	{ "early_return", "control", "early_return", { EARLY_N, 1, 1 }, { 128, 1, 1 }, 0, case_early, NULL },
	{ "ids3d", "dispatch", "ids3d", { 16, 6, 4 }, { 4, 3, 2 }, 0, case_ids3d, NULL },
	{ "lds_reduce", "lds", "lds_reduce", { RED_WG * RED_GROUPS, 1, 1 }, { RED_WG, 1, 1 }, 0, case_lds_reduce,
	  NULL },
	{ "lds_transpose", "lds", "lds_transpose", { TR_W, TR_H, 1 }, { 16, 16, 1 }, 0, case_lds_transpose, NULL },
	{ "lds_dynamic", "lds", "lds_dynamic", { DYN_WG * DYN_GROUPS, 1, 1 }, { DYN_WG, 1, 1 }, DYN_WG * 4,
	  case_lds_dynamic, NULL },
	{ "lds_atomics", "lds", "lds_atomics", { 256 * LA_GROUPS, 1, 1 }, { 256, 1, 1 }, 0, case_lds_atomics, NULL },
	{ "mem_subword", "memory", "mem_subword", { MEM_N, 1, 1 }, { 128, 1, 1 }, 0, case_mem_subword, NULL },
	{ "lds_subword", "memory", "lds_subword", { 256 * LDSW_GROUPS, 1, 1 }, { 256, 1, 1 }, 0, case_lds_subword,
	  NULL },
	{ "flat_mix", "memory", "flat_mix", { 256 * FLAT_GROUPS, 1, 1 }, { 256, 1, 1 }, 0, case_flat_mix, NULL },
	{ "atomics_fp", "atomics", "atomics_fp", { ATF_N, 1, 1 }, { 256, 1, 1 }, 0, case_atomics_fp, NULL },
	{ "atomics_global", "atomics", "atomics_global", { AT_N, 1, 1 }, { 256, 1, 1 }, 0, case_atomics, NULL },
	{ "wave_dpp", "wave", "wave_dpp", { WAVE_N, 1, 1 }, { 256, 1, 1 }, 0, case_wave_dpp, NULL },
	{ "wave_perm", "wave", "wave_perm", { WAVE_N, 1, 1 }, { 256, 1, 1 }, 0, case_wave_perm, NULL },
	{ "wave_reduce", "wave", "wave_reduce", { WAVE_N, 1, 1 }, { 256, 1, 1 }, 0, case_wave_reduce, NULL },
	{ "addr_stride", "addr64", "addr_stride", { STRIDE_ITEMS, 1, 1 }, { STRIDE_ITEMS, 1, 1 }, 0,
	  case_addr_stride, NULL },
	{ "addr_chase", "addr64", "addr_chase", { 256, 1, 1 }, { 256, 1, 1 }, 0, case_addr_chase, NULL },
	{ "private_array", "private", "private_array", { NELEM, 1, 1 }, { 256, 1, 1 }, 0, NULL, &elem_private },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

static int usage(void)
{
	fprintf(stderr, "usage: check_hip list | args NAME DIR | check NAME DIR\n");
	return 2;
}

int main(int argc, char **argv)
{
	const struct hcase *c = NULL;
	struct run r;
	int rc;

	if (argc == 2 && strcmp(argv[1], "list") == 0) {
		for (size_t i = 0; i < NCASES; i++)
			printf("%s %s %s\n", cases[i].name, cases[i].co, cases[i].kernel);
		return 0;
	}
	if (argc != 4 || (strcmp(argv[1], "args") != 0 && strcmp(argv[1], "check") != 0))
		return usage();
	for (size_t i = 0; i < NCASES; i++)
		if (strcmp(cases[i].name, argv[2]) == 0)
			c = &cases[i];
	if (!c) {
		fprintf(stderr, "check_hip: unknown case '%s' (see check_hip list)\n", argv[2]);
		return 2;
	}
	memset(&r, 0, sizeof(r));
	r.mode = strcmp(argv[1], "args") == 0 ? MODE_ARGS : MODE_CHECK;
	r.dir = argv[3];
	if (strchr(r.dir, ':')) {
		fprintf(stderr, "check_hip: DIR may not contain ':' (gcnlab exec arguments are ':'-separated)\n");
		return 2;
	}
	if (c->elem)
		run_elem(&r, c->elem);
	else
		c->fn(&r);
	if (r.error) {
		rc = 2;
	} else if (r.mode == MODE_ARGS) {
		/* As many dimensions as the case uses: 1-D cases dispatch 1-D. */
		unsigned nd = 1;
		for (unsigned d = 1; d < 3; d++)
			if (c->grid[d] > 1 || c->block[d] > 1)
				nd = d + 1;
		printf("--grid\n%u", c->grid[0]);
		for (unsigned d = 1; d < nd; d++)
			printf(",%u", c->grid[d]);
		printf("\n--block\n%u", c->block[0]);
		for (unsigned d = 1; d < nd; d++)
			printf(",%u", c->block[d]);
		printf("\n");
		if (c->dyn_lds)
			printf("--dynamic-lds\n%u\n", c->dyn_lds);
		for (unsigned i = 0; i < r.ntok; i++)
			printf("%s\n", r.tok[i]);
		rc = 0;
	} else {
		rc = r.bad ? 1 : 0;
	}
	for (unsigned i = 0; i < r.ntok; i++)
		free(r.tok[i]);
	for (unsigned i = 0; i < r.nowned; i++)
		free(r.owned[i]);
	return rc;
}
