// checks.s — kernels that break a rule of the hardware the emulated GPU
// must catch (emu_check.c, emu_operand.c, emu_dispatch.c); tests/e2e/checks.t
// assembles this file once per CASE (--defsym CASE=N) and arch, runs it and
// reads what it stored. One argument: `out`, a buffer of 128 dwords at least;
// lane l of the first wave stores to out[l] (and out[64 + l]).
//
//   CASE 1  reads v10, which nothing wrote              -> uninitialised read of v10
//   CASE 2  reads s20, which nothing wrote              -> uninitialised read of s20
//   CASE 3  ds_read of LDS the workgroup never wrote    -> uninitialised LDS read
//   CASE 4  LDS at and beyond the 16 KiB allocation:    out[l] = l (the write at
//           64 KiB + 4l is dropped, no 16-bit wrap), out[64 + l] = 0 (the read
//           at 64 KiB + 4l reads 0)                     -> out-of-range warning
//   CASE 5  writes s60 with a grant of 16 SGPRs         -> fault naming s60 and 16
//   CASE 6  grant of 16 SGPRs: VCC is s[14:15]          -> out[l] = 0x1234, out[64+l] = 0x5678
//   CASE 7  s_trap 2                                    -> HSA_STATUS_ERROR_EXCEPTION
//   CASE 8  s_trap 3, then stores 42                    -> out[l] = 42
//   CASE 9  global_store over the kernel's own code     -> memory fault
//   CASE 10 stores the workgroup id from s[gcn_s_wg_id_x] -> out[wg] = wg (the
//           test patches the descriptor's USER_SGPR_COUNT / enables)
//   CASE 11 nothing (the grid-overflow launch)
//   CASE 12 the clean twin of 1-3: everything read was written first
//   CASE 13 LLVM's lane-mask idiom: s_or_b64 of an unwritten pair with EXEC,
//           then masked with EXEC again            -> not reported, out[l] = 0
//   CASE 14 the same s_or_b64 with s[6:7] instead of EXEC -> uninitialised read of s20
.include "gcnlab.inc"

.ifndef CASE
.error "checks.s: assemble with --defsym CASE=N"
.endif

// The first free SGPR, and SGPR counts: CASE 5 and 6 declare 4 SGPRs, which
// with the reserved trailer (GCN_EXTRA_SGPRS) rounds to a grant of 16.
.set ck_sgprs, 24
.if (CASE == 5) || (CASE == 6)
.set ck_sgprs, 4
.endif
.set ck_lds, 0
.if (CASE == 3) || (CASE == 12)
.set ck_lds, 1024
.endif
.if CASE == 4
.set ck_lds, 16384
.endif

gcn_kernel_begin checks
.if CASE == 11
	s_endpgm
.else
	s_load_dwordx2 s[6:7], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	v_lshlrev_b32 v4, 2, v0                 // v4 = 4 x lane: out offset, LDS address
	v_mov_b32 v5, 0
	v_mov_b32 v1, 0
	v_mov_b32 v2, 0
	s_waitcnt lgkmcnt(0)
.if CASE == 1
	v_mov_b32 v1, v10
.elseif CASE == 2
	v_mov_b32 v1, s20
.elseif CASE == 3
	ds_read_b32 v1, v4
	s_waitcnt lgkmcnt(0)
.elseif CASE == 4
	ds_write_b32 v4, v0                     // lds[4l] = l
	v_add_u32 v3, 0x10000, v4
	v_mov_b32 v6, 0xdead
	ds_write_b32 v3, v6                     // at 64 KiB + 4l: dropped
	ds_read_b32 v1, v4
	ds_read_b32 v2, v3                      // at 64 KiB + 4l: 0
	s_waitcnt lgkmcnt(0)
.elseif CASE == 5
	s_mov_b32 s60, 7
	v_mov_b32 v1, s60
.elseif CASE == 6
	s_mov_b32 vcc_lo, 0x1234
	s_mov_b32 vcc_hi, 0x5678
	v_mov_b32 v1, s14
	v_mov_b32 v2, s15
.elseif CASE == 7
	s_trap 2
.elseif CASE == 8
	s_trap 3
	v_mov_b32 v1, 42
.elseif CASE == 9
	s_getpc_b64 s[8:9]
	v_mov_b32 v6, s8
	v_mov_b32 v7, s9
	global_store_dword v[6:7], v5, off
	s_waitcnt vmcnt(0)
.elseif CASE == 10
	v_mov_b32 v1, s[gcn_s_wg_id_x]
	s_lshl_b32 s8, s[gcn_s_wg_id_x], 2
	v_mov_b32 v4, s8                        // one store per workgroup, at out[wg]
.elseif CASE == 13
	s_or_b64 s[20:21], s[20:21], exec
	s_andn2_b64 s[20:21], s[20:21], exec    // the lanes outside EXEC: still poison
	s_and_b64 s[22:23], s[20:21], exec      // only EXEC's lanes used: 0
	v_mov_b32 v1, s22
.elseif CASE == 14
	s_or_b64 s[20:21], s[20:21], s[6:7]
	v_mov_b32 v1, s20
.elseif CASE == 12
	v_mov_b32 v10, 3
	s_mov_b32 s20, 4
	ds_write_b32 v4, v10
	ds_read_b32 v1, v4
	s_waitcnt lgkmcnt(0)
	v_add_u32 v1, s20, v1                   // 7
.endif
	global_store_dword v4, v1, s[6:7]
	global_store_dword v4, v2, s[6:7] offset:256
	s_waitcnt vmcnt(0)
	s_endpgm
.endif
gcn_kernel_end checks, 12, ck_sgprs, 256, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]", ck_lds
