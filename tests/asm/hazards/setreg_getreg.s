// setreg_getreg.s — rule "s_setreg -> s_getreg of the same hardware register: 2" (Vega ISA 4.5; LLVM checkGetRegHazards): MODE round bits written, then read back.
// archs: gfx900 gfx90a gfx942
// rule: s_setreg -> s_getreg/s_setreg of the same register
.include "hazard.inc"
hz_begin setreg_getreg
	s_mov_b32 s9, 3
	s_setreg_b32 hwreg(HW_REG_MODE, 0, 2), s9
.ifdef NOPS
	s_nop 1
.endif
	s_getreg_b32 s10, hwreg(HW_REG_MODE, 0, 2)
	v_mov_b32 v3, s10
	hz_end setreg_getreg, v3
