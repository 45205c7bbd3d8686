; clang_setreg.ll — s_getreg of MODE right after s_setreg of it
; archs: gfx900 gfx90a gfx942
; rule: s_setreg -> s_getreg/s_setreg of the same register
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.setreg(i32, i32)
declare i32 @llvm.amdgcn.s.getreg(i32)

define amdgpu_kernel void @clang_setreg(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  ; hwreg(HW_REG_MODE, 0, 2): id 1, offset 0, size 2 -> 1 | 0 << 6 | (2 - 1) << 11
  call void @llvm.amdgcn.s.setreg(i32 2049, i32 3)
  %m = call i32 @llvm.amdgcn.s.getreg(i32 2049)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %m, ptr addrspace(1) %p
  ret void
}
