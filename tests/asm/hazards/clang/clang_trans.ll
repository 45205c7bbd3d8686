; clang_trans.ll — VALU reading a v_rcp_f32 result at once
; archs: gfx942
; rule: transcendental VALU writes VGPR -> VALU reads it
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.amdgcn.rcp.f32(float)

define amdgpu_kernel void @clang_trans(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %f = uitofp i32 %t to float
  %r = call float @llvm.amdgcn.rcp.f32(float %f)
  %e = fmul float %r, %r
  %p = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %e, ptr addrspace(1) %p
  ret void
}
