/*
 * kfd_range — the sorted table of the process's allocations and user
 * pointers (kfd.ranges): find by address, insert, erase. kfd_memory.c and
 * kfd_userptr.c both look ranges up here; every call holds kfd.lock.
 */
#include <stdlib.h>
#include <string.h>

#include "kfd/kfd_priv.h"

/* Index of the first range with base > addr (kfd.lock held). */
static size_t kfd_range_upper(uint64_t addr)
{
	size_t lo = 0, hi = kfd.nranges;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (kfd.ranges[mid].base <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct kfd_range *kfd_range_find(uint64_t addr)
{
	size_t i = kfd_range_upper(addr);

	if (i == 0)
		return NULL;
	struct kfd_range *r = &kfd.ranges[i - 1];
	return addr - r->base < r->size ? r : NULL;
}

bool kfd_range_insert(const struct kfd_range *r)
{
	size_t i;

	if (kfd.nranges == kfd.cap) {
		size_t cap = kfd.cap ? kfd.cap * 2 : 64;
		struct kfd_range *n = realloc(kfd.ranges, cap * sizeof(*n));
		if (!n)
			return false;
		kfd.ranges = n;
		kfd.cap = cap;
	}
	i = kfd_range_upper(r->base);
	memmove(&kfd.ranges[i + 1], &kfd.ranges[i], (kfd.nranges - i) * sizeof(*r));
	kfd.ranges[i] = *r;
	kfd.nranges++;
	return true;
}

void kfd_range_erase(struct kfd_range *r)
{
	size_t i = (size_t)(r - kfd.ranges);

	memmove(r, r + 1, (kfd.nranges - i - 1) * sizeof(*r));
	kfd.nranges--;
}
