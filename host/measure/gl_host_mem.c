#include "measure/gl_host_mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* Below this, malloc's heap pages are mostly mapped already. */
#define GL_HOST_MEM_POPULATE_MIN (1u << 20)

void *gl_host_mem_alloc(size_t size)
{
	void *p = malloc(size);
	long page = sysconf(_SC_PAGESIZE);

	if (p && size >= GL_HOST_MEM_POPULATE_MIN && page > 0) {
		/* the whole pages inside the block: madvise wants them aligned */
		uintptr_t lo = ((uintptr_t)p + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
		uintptr_t hi = ((uintptr_t)p + size) & ~((uintptr_t)page - 1);

		if (hi > lo)
			(void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
	}
	return p;
}
