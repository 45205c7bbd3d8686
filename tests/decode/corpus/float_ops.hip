#include "corpus.h"
/* f16/f32/f64 arithmetic, conversions, transcendental builtins. */
__global__ void k_f32(float *o, const float *a, const float *b, unsigned n)
{
	unsigned i = gid();
	if (i >= n)
		return;
	float x = a[i], y = b[i];
	float r = __builtin_fmaf(x, y, 0.5f) + x / y - __builtin_sqrtf(__builtin_fabsf(x));
	r += __builtin_amdgcn_rcpf(y) + __builtin_amdgcn_rsqf(x * x + 1.0f) + __builtin_amdgcn_exp2f(x) +
	     __builtin_amdgcn_logf(y * y + 2.0f) + __builtin_amdgcn_sinf(x) + __builtin_amdgcn_cosf(y);
	r = __builtin_fminf(r, 1.0e6f) * 3.14159265f;
	o[i] = r + (float)(int)x + (float)(unsigned)y + __builtin_floorf(x) + __builtin_truncf(y);
}

__global__ void k_f64(double *o, const double *a, const float *b, unsigned n)
{
	unsigned i = gid();
	if (i >= n)
		return;
	double x = a[i], y = b[i];
	double r = __builtin_fma(x, y, 0.25) + x / y + __builtin_sqrt(__builtin_fabs(x)) - 4.0 * y;
	o[i] = r + (double)(long long)x + __builtin_ldexp(y, 3) + __builtin_amdgcn_rcp(x);
}

__global__ void k_f16(half *o, const half *a, const half *b, unsigned n)
{
	unsigned i = gid();
	if (i >= n)
		return;
	half x = a[i], y = b[i];
	half r = x * y + (half)0.5 - x / (y + (half)2.0);
	o[i] = r > (half)1.0 ? r : (half)(float)x;
}

typedef half half2 __attribute__((ext_vector_type(2)));
__global__ void k_pk(half2 *o, const half2 *a, const half2 *b, unsigned n)
{
	unsigned i = gid();
	if (i < n)
		o[i] = a[i] * b[i] + a[i];
}
