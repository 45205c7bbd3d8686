; clang_lanesel.ll — v_readlane with a lane select that a VALU wrote
; archs: gfx900 gfx90a gfx942
; rule: VALU writes SGPR/VCC -> v_readlane/v_writelane lane select
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)

define amdgpu_kernel void @clang_lanesel(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %x = add i32 %t, 5
  %l = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %x)
  %v = call i32 @llvm.amdgcn.readlane.i32(i32 %t, i32 %l)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %p
  ret void
}
