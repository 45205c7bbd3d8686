/*
 * hip_check.h — what every test program shares: HIP_CHECK, which names the
 * failing call and HIP's own error name and text, and exits 1, so that a
 * test sees which call failed and how HIP reported it.
 */
#ifndef HIP_CHECK_H
#define HIP_CHECK_H

#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define HIP_CHECK(call)                                                                  \
	do {                                                                             \
		hipError_t hc_err = (call);                                              \
		if (hc_err != hipSuccess) {                                              \
			printf("%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,        \
			       hipGetErrorName(hc_err), hipGetErrorString(hc_err));      \
			exit(1);                                                         \
		}                                                                        \
	} while (0)

#endif
