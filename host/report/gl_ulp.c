#include "report/gl_ulp.h"

#include <string.h>

/* Sign-magnitude bits to a line of integers ordered like the floats:
 * negative floats below zero, -0 and +0 on the same point. */
static int64_t ordered(uint32_t x)
{
	return x & 0x80000000u ? -(int64_t)(x & 0x7fffffffu) : (int64_t)x;
}

static int is_nan(uint32_t x)
{
	return (x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffffu);
}

uint64_t gl_ulp_f32(uint32_t a, uint32_t b)
{
	int64_t d;

	if (is_nan(a) || is_nan(b))
		return is_nan(a) && is_nan(b) ? 0 : UINT64_MAX;
	d = ordered(a) - ordered(b);
	return (uint64_t)(d < 0 ? -d : d);
}

size_t gl_ulp_first_beyond(const uint8_t *a, const uint8_t *b, size_t n, uint64_t tol, uint64_t *max_ulp,
                           size_t *at_max)
{
	size_t words = n / 4;

	*max_ulp = 0;
	*at_max = 0;
	for (size_t i = 0; i < words; i++) {
		uint32_t x, y;
		uint64_t d;

		memcpy(&x, a + 4 * i, 4);
		memcpy(&y, b + 4 * i, 4);
		d = gl_ulp_f32(x, y);
		if (d > *max_ulp) {
			*max_ulp = d;
			*at_max = i;
		}
		if (d > tol)
			return i;
	}
	if (n % 4 && memcmp(a + 4 * words, b + 4 * words, n % 4) != 0) {
		*max_ulp = UINT64_MAX;
		*at_max = words;
		return words;
	}
	return words + 1;
}
