// clang_mfma_mix942.hip — gfx942 MFMAs of the XDL and non-XDL kinds (f16,
// i8, f32) mixed in one loop: checks the checker's XDL split against the
// s_nop LLVM inserts (clean in strict mode as compiled; with clang's s_nop
// lines deleted the MFMA rules are reported).
// archs: gfx942
// rule: MFMA
// Launch 64 work-items: out (1K), n (u32, 5).
typedef float f2 __attribute__((ext_vector_type(2)));
typedef float f4 __attribute__((ext_vector_type(4)));
typedef float f16v __attribute__((ext_vector_type(16)));
typedef int i4 __attribute__((ext_vector_type(4)));
typedef _Float16 h4 __attribute__((ext_vector_type(4)));
extern "C" __global__ void clang_mfma_mix942(float *out, int n) {
  int t = threadIdx.x;
  float a = t * 0.5f, b = t + 1.0f;
  f4 c1 = {}, c2 = {}, c3 = {};
  f16v c4 = {};
  i4 ci = {};
  h4 ha = {(_Float16)a, (_Float16)b, (_Float16)a, (_Float16)b};
  f2 xa = {a, b};
  long la = t * 0x0101010101LL, lb = (t + 3) * 0x01000100LL;
  for (int i = 0; i < n; i++) {
    c1 = __builtin_amdgcn_mfma_f32_16x16x16f16(ha, ha, c1, 0, 0, 0);
    c2 = __builtin_amdgcn_mfma_f32_16x16x4f32(xa[0], xa[1], c2, 0, 0, 0);
    ci = __builtin_amdgcn_mfma_i32_16x16x32_i8(la, lb, ci, 0, 0, 0);
    c3 = __builtin_amdgcn_mfma_f32_4x4x4f16(ha, ha, c3, 0, 0, 0);
    c4 = __builtin_amdgcn_mfma_f32_32x32x2f32(c1[0], c2[1], c4, 0, 0, 0);
    c1 = __builtin_amdgcn_mfma_f32_16x16x16f16(ha, ha, c1, 0, 0, 0);
    xa[0] = c2[0] + c4[7];
    ha[1] = (_Float16)(c1[3] + c3[2]);
    la += ci[1];
  }
  out[t] = c1[0] + c2[1] + c3[2] + (float)ci[3] + c4[0] + c4[15];
}
