; clang_dgemm_fma64.ll — v_fma_f64 right after a DGEMM
; archs: gfx90a gfx942
; rule: DGEMM -> v_fma_f64/v_fmac_f64
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare double @llvm.amdgcn.mfma.f64.4x4x4f64(double, double, double, i32, i32, i32)
declare double @llvm.fma.f64(double, double, double)

define amdgpu_kernel void @clang_dgemm_fma64(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %f = uitofp i32 %t to double
  %m = call double @llvm.amdgcn.mfma.f64.4x4x4f64(double %f, double %f, double 0.0, i32 0, i32 0, i32 0)
  %g = call double @llvm.fma.f64(double %f, double %f, double %f)
  %s = fadd double %m, %g
  %p = getelementptr double, ptr addrspace(1) %out, i32 %t
  store double %s, ptr addrspace(1) %p
  ret void
}
