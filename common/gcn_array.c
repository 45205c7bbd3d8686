/*
 * gcn_array — see gcn_array.h.
 */
#include <stdint.h>
#include <stdlib.h>

#include "gcn_array.h"

void *gcn_array_room(void *arr, size_t *cap, size_t n, size_t elem, size_t first)
{
	size_t grown = *cap ? *cap * 2 : first;
	void *p;

	if (n < *cap)
		return arr;
	if (grown <= n || !elem || grown > SIZE_MAX / elem)
		return NULL;
	p = realloc(arr, grown * elem);
	if (p)
		*cap = grown;
	return p;
}
