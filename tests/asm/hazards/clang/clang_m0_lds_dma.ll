; clang_m0_lds_dma.ll — buffer_load ... lds right after M0 is set
; archs: gfx900 gfx90a gfx942
; rule: SALU writes M0 -> LDS DMA
; Compiled by clang (llc) for each arch: LLVM's GCNHazardRecognizer puts the
; required s_nop into the output; tests/e2e/hazards.t checks that the kernel
; runs clean with GCNLAB_EMU_STRICT=1 as compiled, and that deleting the
; s_nop lines from clang's assembly makes the emulator report the rule.
; Launch 64 work-items, one argument: out (1K).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
@lds = internal addrspace(3) global [256 x i32] poison, align 4
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.s.waitcnt(i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)

define amdgpu_kernel void @clang_m0_lds_dma(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %out, i16 0, i32 1024, i32 159744)
  %voff = shl i32 %t, 2
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %t
  %u = load volatile i32, ptr addrspace(1) %q0
  %k = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %u)
  %base = getelementptr i32, ptr addrspace(3) @lds, i32 %k
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %r, ptr addrspace(3) %base, i32 4, i32 %voff, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.s.waitcnt(i32 0)
  %q = getelementptr i32, ptr addrspace(3) @lds, i32 %t
  %v = load i32, ptr addrspace(3) %q
  %w = add i32 %v, 1
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %w, ptr addrspace(1) %p
  ret void
}
