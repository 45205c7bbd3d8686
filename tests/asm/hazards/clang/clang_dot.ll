; clang_dot.ll — VALU reading a v_dot2 result
; archs: gfx90a gfx942
; rule: v_dot writes VGPRs -> VALU/memory reads them
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.amdgcn.fdot2(<2 x half>, <2 x half>, float, i1)

define amdgpu_kernel void @clang_dot(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %f = uitofp i32 %t to float
  %h = fptrunc float %f to half
  %v0 = insertelement <2 x half> poison, half %h, i32 0
  %v = insertelement <2 x half> %v0, half %h, i32 1
  %d = call float @llvm.amdgcn.fdot2(<2 x half> %v, <2 x half> %v, float %f, i1 false)
  %e = fmul float %d, %d
  %p = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %e, ptr addrspace(1) %p
  ret void
}
