/*
 * gl_ulp — comparing float outputs within a tolerance in units in the last
 * place (ULP), for `gcnlab compare --ulp N`.
 *
 * The distance of two f32 values is how many representable floats lie
 * between them, counting across zero (+0 and -0 are 0 apart; the smallest
 * positive and negative denormals are 2 apart). Two NaNs are equal, a NaN
 * and a number infinitely far apart (UINT64_MAX).
 */
#ifndef GL_ULP_H
#define GL_ULP_H

#include <stddef.h>
#include <stdint.h>

uint64_t gl_ulp_f32(uint32_t a, uint32_t b);

/* The first f32 element of a[0..n) and b[0..n) (n bytes; a trailing
 * partial word is compared bytewise) farther apart than tol ULP: its index,
 * or n / 4 + 1 when there is none. *max_ulp and *at_max: the largest distance
 * seen (up to and including the first failure) and its index. */
size_t gl_ulp_first_beyond(const uint8_t *a, const uint8_t *b, size_t n, uint64_t tol, uint64_t *max_ulp,
                           size_t *at_max);

#endif
