// lds_loop.s — a long run of LDS reads at fixed per-lane addresses, timed
// by the dispatch (002_6bc4fcfb1ec6bd4f.txt: LDS bank size and lane groups; suite lds_banks).
//
// gcnlab: variant lds_loop_b32   WIDTH=4
// gcnlab: variant lds_loop_b64   WIDTH=8
// gcnlab: variant lds_loop_b128  WIDTH=16
//
// Kernel (addr, iters); kernarg: 0 addr, 8 iters (u32), 16 bytes.
// addr holds 64 u32: lane l of every wave reads the LDS at byte addr[l] with
// ds_read_bN (N = 8 x WIDTH), UNROLL reads back to back then one
// s_waitcnt, `iters` times: UNROLL x iters reads per wave. Launch
// work-groups of up to 1024 work-items, one per CU (the kernel holds all
// 64 KiB of LDS, as the seed's dsread_test does), so the waves of a CU
// share its LDS and the dispatch time is the time the LDS needs for the
// pattern. The LDS is not initialised: only the timing matters.
// Addresses are used as given: the host decides whether they stay inside
// the 64 KiB.

.include "gcnlab.inc"

.ifndef WIDTH
.error "lds_loop.s: --defsym WIDTH=<4|8|16> (bytes per lane) is required"
.endif
.if (WIDTH != 4) && (WIDTH != 8) && (WIDTH != 16)
.error "lds_loop.s: WIDTH must be 4, 8 or 16"
.endif

.set UNROLL, 8                  // <= 15 outstanding: the gfx9 lgkmcnt limit
.set S_ARGS, 4                  // s[4:5] addr, s6 iters
.set S_ITERS, 6
.set S_SRD, 8                   // s[8:11]
.set S_TMP, 12
.set NSGPR, 13
.set V_ADDR, 1
.set V_OFF4, 2
.set V_DATA, 4
.set NVGPR, V_DATA + UNROLL * (WIDTH / 4)

.macro lds_read k
.if WIDTH == 4
	ds_read_b32 v[V_DATA+(\k)], v[V_ADDR]
.elseif WIDTH == 8
	ds_read_b64 v[V_DATA+2*(\k):V_DATA+2*(\k)+1], v[V_ADDR]
.else
	ds_read_b128 v[V_DATA+4*(\k):V_DATA+4*(\k)+3], v[V_ADDR]
.endif
.endm

.macro loop_name what
	gcn_variant_pick \what, WIDTH == 4, lds_loop_b32, WIDTH == 8, lds_loop_b64, lds_loop_b128
.endm

gcn_variant_begin loop_name, S_ARGS, 12
	v_mbcnt_lo_u32_b32 v[V_OFF4], -1, 0
	v_mbcnt_hi_u32_b32 v[V_OFF4], -1, v[V_OFF4]
	v_lshlrev_b32 v[V_OFF4], 2, v[V_OFF4]          // lane * 4
	gcn_wait_lgkm 0
	s_mov_b32 s[S_TMP], 256
	gcn_buffer_rsrc S_SRD, S_ARGS, s[S_TMP]
	buffer_load_dword v[V_ADDR], v[V_OFF4], s[S_SRD:S_SRD+3], 0 offen
	gcn_wait_vm 0
	s_cmp_eq_u32 s[S_ITERS], 0
	s_cbranch_scc1 .Ldone
.Lloop:
	.set k, 0
	.rept UNROLL
	lds_read k
	.set k, k + 1
	.endr
	s_waitcnt lgkmcnt(0)
	s_sub_u32 s[S_ITERS], s[S_ITERS], 1
	s_cmp_lg_u32 s[S_ITERS], 0
	s_cbranch_scc1 .Lloop
.Ldone:
	s_endpgm

gcn_variant_end loop_name, NVGPR, NSGPR, 1024, 16, "[ { .name: addr, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: iters, .offset: 8, .size: 4, .value_kind: by_value } ]", 65536
