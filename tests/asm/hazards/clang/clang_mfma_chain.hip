// clang_mfma_chain.hip — MFMA chains of several shapes (4x4 f32, 32x32 f16,
// 16x16 f32, 16x16 f64 DGEMM) feeding each other, VALU and fma64: LLVM puts
// many s_nop between them. Clean in strict mode as compiled; with clang's
// s_nop lines deleted the MFMA rules are reported.
// archs: gfx90a gfx942
// rule: MFMA
// Launch 64 work-items: out (1K), n (u32, 5).
typedef float f4 __attribute__((ext_vector_type(4)));
typedef float f16v __attribute__((ext_vector_type(16)));
typedef _Float16 h4 __attribute__((ext_vector_type(4)));
typedef double d4 __attribute__((ext_vector_type(4)));
extern "C" __global__ void clang_mfma_chain(float *out, int n) {
  int t = threadIdx.x;
  float a = t * 0.5f, b = t + 1.0f;
  f4 acc4 = {0, 0, 0, 0};
  f16v acc16 = {};
  d4 accd = {};
  double ad = a, bd = b;
  h4 ha = {(_Float16)a, (_Float16)b, (_Float16)a, (_Float16)b};
  for (int i = 0; i < n; i++) {
    acc4 = __builtin_amdgcn_mfma_f32_4x4x1f32(a, b, acc4, 0, 0, 0);
    acc16 = __builtin_amdgcn_mfma_f32_32x32x8f16(ha, ha, acc16, 0, 0, 0);
    acc4 = __builtin_amdgcn_mfma_f32_16x16x4f32(acc4[0], acc16[3], acc4, 0, 0, 0);
    accd = __builtin_amdgcn_mfma_f64_16x16x4f64(ad, bd, accd, 0, 0, 0);
    ad = accd[1] * 0.5 + __builtin_fma(ad, bd, accd[2]);
    a = acc4[1] + acc16[5];
    ha[0] = (_Float16)acc4[2];
  }
  out[t] = acc4[0] + acc4[3] + acc16[0] + acc16[15] + (float)accd[0] + (float)ad;
}
