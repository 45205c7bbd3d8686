// byvalue.hip — a kernel taking by-value arguments of every awkward size:
// bool (1 byte), char and short, _Float16 (HIP __half), bfloat16 bits as
// unsigned short, and a 16-byte struct. tests/e2e/exec_types.t passes them
// with gcnlab exec (bool:, i8:, i16:, f16:, bf16:, bytes:HEX) and checks
// what the kernel wrote. Not a check_hip case: it needs no host checker.

struct bv_params {
	float scale;     // bytes 0..3
	unsigned char tag; // byte 4
	// bytes 5..7 padding
	double offset;   // bytes 8..15
};

// Work-item 0 writes (as 32-bit words):
//   o[0] = flag ? 1 : 2        o[1] = c (sign-extended)   o[2] = s (sign-extended)
//   o[3] = bits of (float)h    o[4] = bf (zero-extended)  o[5] = bits of p.scale
//   o[6] = p.tag               o[7] = bits of (float)p.offset
// and every work-item i < n writes y[i] = x[i] * p.scale + (float)h when flag.
extern "C" __global__ void byvalue(bool flag, signed char c, short s, _Float16 h, unsigned short bf,
                                   bv_params p, const float *x, float *y, unsigned *o, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i == 0) {
		float fh = (float)h, fo = (float)p.offset;

		o[0] = flag ? 1u : 2u;
		o[1] = (unsigned)(int)c;
		o[2] = (unsigned)(int)s;
		o[3] = __builtin_bit_cast(unsigned, fh);
		o[4] = bf;
		o[5] = __builtin_bit_cast(unsigned, p.scale);
		o[6] = p.tag;
		o[7] = __builtin_bit_cast(unsigned, fo);
	}
	if (i < n)
		y[i] = flag ? x[i] * p.scale + (float)h : x[i];
}
