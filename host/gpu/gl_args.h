/*
 * gl_args — the arguments of `gcnlab exec`: buffers, scalars and the launch
 * shape, parsed from the command line into plain values (nothing here
 * touches HSA; gl_kernarg packs the values, gl_hsa allocates the buffers).
 *
 *   buf:SIZE[:INIT]        device buffer of SIZE bytes
 *   out:SIZE:PATH[:INIT]   device buffer whose contents are written to PATH
 *                          after the dispatch (PATH may not contain ':')
 *   u32:V i32:V u64:V      integer scalars: decimal, or hex with 0x
 *   u8:V i8:V u16:V i16:V  1- and 2-byte integers (C char/short)
 *   i64:V                  signed 64-bit integer
 *   f32:V f64:V            floating scalars (strtof/strtod syntax)
 *   f16:V bf16:V           IEEE binary16 (_Float16, HIP __half) and bfloat16,
 *                          rounded to nearest even from the decimal value
 *   bool:V (alias b8:V)    one byte, 0 or 1; V is 0, 1, true or false
 *   bytes:HEX              a by-value struct or vector: its bytes in memory
 *                          order (byte at the lowest offset first), two hex
 *                          digits per byte, '_' allowed between bytes; the
 *                          count must equal the argument's metadata .size
 *
 * SIZE is a positive integer with an optional K, M or G suffix, 1024-based
 * (4K = 4096). INIT (default zero):
 *   zero        all bytes 0
 *   iota32      32-bit little-endian word i holds i (SIZE must be a multiple of 4)
 *   rand:SEED   splitmix64: state = SEED; for each 64-bit little-endian word i,
 *               state += 0x9e3779b97f4a7c15, z = state,
 *               z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9,
 *               z = (z ^ z >> 27) * 0x94d049bb133111eb, word = z ^ z >> 31;
 *               a SIZE that is not a multiple of 8 takes the low bytes of the
 *               last word. SEED is a u64 (decimal or 0x hex).
 *   file:PATH   the bytes of PATH, whose size must equal SIZE
 */
#ifndef GL_ARGS_H
#define GL_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/gl_err.h"

#define GL_ARGS_PATH_MAX 4096
/* Largest buffer exec accepts: 64 GiB, far above any GPU buffer we need and
 * small enough that size arithmetic never overflows. */
#define GL_ARGS_SIZE_MAX (64ull << 30)

enum gl_arg_kind {
	GL_ARG_BUF,
	GL_ARG_OUT,
	GL_ARG_U32,
	GL_ARG_I32,
	GL_ARG_U64,
	GL_ARG_F32,
	GL_ARG_F64,
	GL_ARG_U8,
	GL_ARG_I8,
	GL_ARG_U16,
	GL_ARG_I16,
	GL_ARG_I64,
	GL_ARG_F16,
	GL_ARG_BF16,
	GL_ARG_BOOL,
	GL_ARG_BYTES,
};

/* Largest by-value argument exec passes (bytes:HEX): 256 bytes, more than
 * any by-value struct we have met (the kernarg segment itself is limited
 * only by the 4 KiB clang warns at). */
#define GL_ARGS_BYTES_MAX 256

enum gl_init_kind {
	GL_INIT_ZERO,
	GL_INIT_IOTA32,
	GL_INIT_RAND,
	GL_INIT_FILE,
};

struct gl_arg {
	enum gl_arg_kind kind;
	char text[160];               /* the argument as given, for messages ("..." when longer) */
	/* buf/out */
	uint64_t size;
	enum gl_init_kind init;
	uint64_t seed;                /* rand */
	char init_path[GL_ARGS_PATH_MAX]; /* file */
	char out_path[GL_ARGS_PATH_MAX];  /* out */
	/* scalars: the value's bytes, little endian as the kernarg segment wants */
	uint8_t bytes[GL_ARGS_BYTES_MAX];
	uint32_t scalar_size;         /* 1..GL_ARGS_BYTES_MAX */
};

/* True for buf/out. */
bool gl_arg_is_buffer(const struct gl_arg *a);
/* The value forms, "u8:, i8:, ..., bytes:" for messages. */
extern const char gl_args_value_forms[];

/* "buffer", "u32", ... for messages. */
const char *gl_arg_kind_name(enum gl_arg_kind kind);

/* Parse one ARG. On error e names the argument and what was expected. */
bool gl_args_parse(const char *text, struct gl_arg *out, struct gl_err *e);

/* SIZE with K/M/G suffix (1024-based); > 0 and <= GL_ARGS_SIZE_MAX. */
bool gl_args_parse_size(const char *text, uint64_t *out, struct gl_err *e);

/* Unsigned integer, decimal or 0x hex, <= max. what names it in messages. */
bool gl_args_parse_u64(const char *what, const char *text, uint64_t max,
                       uint64_t *out, struct gl_err *e);

/* --grid / --block: X[,Y[,Z]], every value >= 1 and <= max. Missing
 * dimensions are 1; *ndims is the number given (1..3). opt names the option
 * in messages ("--grid"). */
bool gl_args_parse_dims(const char *opt, const char *text, uint64_t max,
                        uint32_t dims[3], unsigned *ndims, struct gl_err *e);

/* Fill dst[0..a->size) with the argument's INIT. Reads file:PATH. */
/* Before any runtime is loaded: a file: INIT names a regular file of the
 * buffer's size (bad input otherwise). */
bool gl_args_check_init(const struct gl_arg *a, struct gl_err *e);
bool gl_args_fill(const struct gl_arg *a, void *dst, struct gl_err *e);

/* The splitmix64 generator used by rand:SEED (exposed for tests and suites). */
uint64_t gl_args_splitmix64(uint64_t *state);

#endif
