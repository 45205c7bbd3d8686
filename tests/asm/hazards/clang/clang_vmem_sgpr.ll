; clang_vmem_sgpr.ll — v_readfirstlane result used as a buffer store's soffset
; archs: gfx900 gfx90a gfx942
; rule: VALU writes SGPR -> VMEM reads that SGPR
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32, ptr addrspace(8), i32, i32, i32)

define amdgpu_kernel void @clang_vmem_sgpr(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  %u = load volatile i32, ptr addrspace(1) %q
  %s = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %u)
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %out, i16 0, i32 1024, i32 159744)
  %voff = shl i32 %t, 2
  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %t, ptr addrspace(8) %r, i32 %voff, i32 %s, i32 0)
  ret void
}
