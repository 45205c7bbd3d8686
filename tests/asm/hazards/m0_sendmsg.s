// m0_sendmsg.s — rule "SALU writes M0 -> s_sendmsg: 1" (Vega ISA 4.5; LLVM
// checkReadM0Hazards, hasReadM0SendMsgHazard): s_mov_b32 m0 (the message
// payload), then s_sendmsg sendmsg(MSG_INTERRUPT).
// archs: gfx900 gfx90a gfx942
// rule: SALU writes M0 -> s_sendmsg/s_ttracedata/GDS
.include "hazard.inc"
hz_begin m0_sendmsg
	s_mov_b32 m0, 7
.ifdef NOPS
	s_nop 0
.endif
	s_sendmsg sendmsg(MSG_INTERRUPT)
	hz_end m0_sendmsg, v0
