; clang_dpp.ll — a DPP move of a value a VALU just computed
; archs: gfx900 gfx90a gfx942
; rule: VALU writes VGPR -> DPP reads it
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.mov.dpp.i32(i32, i32, i32, i32, i1)

define amdgpu_kernel void @clang_dpp(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = mul i32 %t, 7
  %d = call i32 @llvm.amdgcn.mov.dpp.i32(i32 %a, i32 273, i32 15, i32 15, i1 true)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %d, ptr addrspace(1) %p
  ret void
}
