/*
 * gl_params — suite parameters: `gcnlab run ... --param KEY=VALUE[,KEY=VALUE...]`.
 *
 * A suite declares the keys it reads (struct gl_suite_param in gl_suite.h,
 * shown by `gcnlab list`); gcnlab run checks every key given against the
 * suites it runs before anything runs, so a misspelt key is an error, not a
 * silent default. A key may be qualified with its suite ("latency.cus=8"),
 * which then wins over the bare key ("cus=4") for that suite. A value is a
 * number (decimal or 0x hex, with an optional K, M or G suffix, 1024-based,
 * where the suite says sizes) or a list of them separated by ':'
 * ("strides=1:8:32").
 *
 * Defaults come in two sizes: the emulator-sized default and the
 * hardware-sized one `gcnlab run --long` selects (gl_params_pick).
 */
#ifndef GL_PARAMS_H
#define GL_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/gl_run_ctx.h"
#include "base/gl_err.h"
#include "suites/gl_suite.h"

#define GL_PARAMS_LEN 512          /* bytes of the --param text */
#define GL_PARAMS_LIST_MAX 64      /* values in one list */

/* gl_opts keeps only the last value of an option given twice: collect the
 * values of every `--param V` / `--param=V` in argv[0..argc) (up to "--")
 * into out, joined with ',', so that --param a=1 --param b=2 means a=1,b=2. */
bool gl_params_from_argv(int argc, char **argv, char *out, size_t len, struct gl_err *e);

/* Every KEY of text (NULL or "" is fine) must be a key of one of the n
 * suites (a qualified one: of that suite, which must be among them), each
 * KEY=VALUE well formed and no key given twice. */
bool gl_params_check(const char *text, const struct gl_suite *const *suites, unsigned n,
                     struct gl_err *e);

/* The value text of key for suite ("suite.key" first, then "key") into
 * val; false when it is not given. */
bool gl_params_find(const char *text, const char *suite, const char *key, char *val, size_t len);

/* short_v normally, long_v under --long. */
uint64_t gl_params_pick(const struct gl_run_ctx *ctx, uint64_t short_v, uint64_t long_v);

/* A number for suite/key from ctx->params, or def; must lie in [min, max].
 * sizes: accept a K/M/G suffix. */
bool gl_params_u64(const struct gl_run_ctx *ctx, const char *suite, const char *key, uint64_t def,
                   uint64_t min, uint64_t max, bool sizes, uint64_t *out, struct gl_err *e);
bool gl_params_uint(const struct gl_run_ctx *ctx, const char *suite, const char *key, unsigned def,
                    unsigned min, unsigned max, unsigned *out, struct gl_err *e);

/* A ':'-separated list for suite/key, or def[0..ndef); 1..GL_PARAMS_LIST_MAX
 * values, each in [min, max]. */
bool gl_params_list(const struct gl_run_ctx *ctx, const char *suite, const char *key,
                    const uint64_t *def, unsigned ndef, uint64_t min, uint64_t max, bool sizes,
                    uint64_t *out, unsigned *n, struct gl_err *e);

/* "1:8:32" (sizes: "4K:1M") into buf, for the results' parameter block. */
void gl_params_list_str(const uint64_t *v, unsigned n, bool sizes, char *buf, size_t len);

/* Every message gl_params_u64/uint/list give for a wrong value starts with
 * "--param " (bad input: exit 2); true when e is one of them. */
#define GL_PARAMS_ERR_PREFIX "--param "
bool gl_params_is_error(const struct gl_err *e);

#endif
