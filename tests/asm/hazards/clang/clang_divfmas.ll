; clang_divfmas.ll — v_div_fmas right after the v_div_scale that wrote VCC
; archs: gfx900 gfx90a gfx942
; rule: VALU writes VCC -> v_div_fmas
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare { float, i1 } @llvm.amdgcn.div.scale.f32(float, float, i1)
declare float @llvm.amdgcn.div.fmas.f32(float, float, float, i1)

define amdgpu_kernel void @clang_divfmas(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %f = uitofp i32 %t to float
  %s = call { float, i1 } @llvm.amdgcn.div.scale.f32(float 1.0, float %f, i1 false)
  %v = extractvalue { float, i1 } %s, 0
  %c = extractvalue { float, i1 } %s, 1
  %r = call float @llvm.amdgcn.div.fmas.f32(float %v, float %f, float 1.0, i1 %c)
  %p = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %p
  ret void
}
