/*
 * tu_kfd.h — the fixture of the emulated thunk's tests: each test opens the
 * KFD on an emulated gfx90a (a processor ROCr 5.2 knows) and closes it, so
 * no state leaks from one test into the next. Include after <cmocka.h> and
 * <hsakmt.h>.
 */
#ifndef TU_KFD_H
#define TU_KFD_H

#include <stdlib.h>

static int tu_kfd_open(void **state)
{
	(void)state;
	setenv("GCNLAB_EMU_ARCH", "gfx90a", 1);
	return hsaKmtOpenKFD() == HSAKMT_STATUS_SUCCESS ? 0 : -1;
}

static int tu_kfd_close(void **state)
{
	(void)state;
	return hsaKmtCloseKFD() == HSAKMT_STATUS_SUCCESS ? 0 : -1;
}

#endif
