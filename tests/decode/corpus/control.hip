#include "corpus.h"
/* Loops, branches, divergent control flow, early exits. */
__global__ void k_loop(int *o, const int *a, unsigned n, int iters)
{
	unsigned i = gid();
	int s = 0;
	for (int k = 0; k < iters; k++) {
		int v = a[(i + k) % n];
		if (v & 1)
			s += v;
		else if (v & 2)
			s -= v >> 1;
		else
			break;
	}
	while (s > 1000)
		s = s / 2 + 1;
	if (i < n)
		o[i] = s;
}

__global__ void k_switch(float *o, const int *sel, unsigned n)
{
	unsigned i = gid();
	if (i >= n)
		return;
	float r;
	switch (sel[i] & 7) {
	case 0: r = 1.0f; break;
	case 1: r = 2.5f; break;
	case 2: r = -3.0f; break;
	case 3: r = (float)i; break;
	default: r = 0.0f; break;
	}
	o[i] = r;
}
