/*
 * tu_assert.h — assertions the unit tests share beyond cmocka's own.
 * Include after <cmocka.h>.
 */
#ifndef TU_ASSERT_H
#define TU_ASSERT_H

#include <string.h>

/* A message (or any text) must name needle; the failure shows both. */
#define assert_contains(hay, needle)                                                   \
	do {                                                                           \
		if (!strstr((hay), (needle)))                                          \
			fail_msg("\"%s\" lacks \"%s\"", (hay), (needle));              \
	} while (0)

#endif
