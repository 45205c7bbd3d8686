; clang_mfma.ll — v_accvgpr_read of an MFMA result
; archs: gfx90a gfx942
; rule: MFMA writes VGPRs -> VALU/VMEM/DS/FLAT reads them
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float, float, <4 x float>, i32, i32, i32)

define amdgpu_kernel void @clang_mfma(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %f = uitofp i32 %t to float
  %m = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float %f, float 1.0, <4 x float> zeroinitializer, i32 0, i32 0, i32 0)
  %e = extractelement <4 x float> %m, i32 0
  %p = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %e, ptr addrspace(1) %p
  ret void
}
