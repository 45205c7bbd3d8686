// mfma_war_srcc.s — rule "MFMA (XDL) reads SrcC -> VALU overwrites it (WAR)", 2 passes: 1 (CDNA ISA dependency tables; LLVM checkMAIVALUHazards, SMFMA4x4ReadVgprVALUWar).
// archs: gfx90a gfx942
// rule: MFMA reads SrcC -> VALU/memory overwrites it
.include "hazard.inc"
hz_begin mfma_war_srcc
	hz_mfma_inputs f16=1
	v_mov_b32 v5, v4
	v_mov_b32 v12, 0
	v_mov_b32 v13, 0
	v_mov_b32 v14, 0
	v_mov_b32 v15, 0
	s_nop 1
.if GFX942
	v_mfma_f32_4x4x4_16b_f16 v[8:11], v[4:5], v[4:5], v[12:15]
.else
	v_mfma_f32_4x4x4f16 v[8:11], v[4:5], v[4:5], v[12:15]
.endif
.ifdef NOPS
	s_nop 0
.endif
	v_mov_b32 v12, 0
	s_nop 7
	s_nop 7
	hz_end mfma_war_srcc, v8, 0, 8
