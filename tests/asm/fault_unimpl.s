// fault_unimpl.s — an instruction the emulated GPU does not implement, placed
// at a known offset after two harmless ones. UNIMPL selects it:
//   1  image_load (MIMG, a texture fetch; gfx900 and gfx90a only: gfx942 has
//      no image instructions)
//   2  s_cbranch_g_fork (the fork/join control stack; all three arches)
// tests/e2e/faults.t expects a report naming the arch, the kernel, the byte
// offset, the encoding words and the mnemonic.
.include "gcnlab.inc"
gcn_kernel_begin fault_unimpl
	s_mov_b32 s4, 0
	v_mov_b32 v0, 0
.if UNIMPL == 1
	image_load v[0:3], v[0:1], s[8:15] dmask:0xf
.else
	s_cbranch_g_fork s[4:5], s[6:7]
.endif
	s_endpgm
gcn_kernel_end fault_unimpl, 4, 16, 256, 0, "[]"
