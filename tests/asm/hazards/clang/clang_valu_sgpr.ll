; clang_valu_sgpr.ll — v_cndmask reading the compare mask a v_cmp just wrote
; archs: gfx942
; rule: VALU writes SGPR -> VALU reads it \(gfx942\)
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
define amdgpu_kernel void @clang_valu_sgpr(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ugt i32 %t, 32
  %s = select i1 %c, i32 7, i32 9
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %p
  ret void
}
