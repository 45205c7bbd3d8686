/*
 * test_exec_valu — vector ALU semantics (emu_exec_valu*.c) on one hand-built
 * wave: integer and carry ops, fp32/fp64/fp16 arithmetic with IEEE rounding
 * and the MODE denormal/IEEE bits, conversions, compares, packed math, the
 * LLVM division sequences, SDWA, DPP, MFMA and the AGPR moves, on the shared
 * wave fixture (tests/unit/tu_wave.h).
 *
 * Instruction words come from llvm-mc 19 -show-encoding (the assembly is
 * quoted above each) and are decoded with emu_decode_one; the handler is
 * found by mnemonic (emu_sem_find). Expected values are computed here on
 * the host from the ISA definitions (C arithmetic, _Float16, explicit lane
 * maps), never read back from the code under test.
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "tu_main.h"
#include "tu_wave.h"

/* ---- instruction words (llvm-mc 19) ---- */
/* gfx900: v_add_u32_e32 v0, v1, v2 */
#define I_ADD_U32 EMU_GFX900, 1, {0x68000501}
/* gfx900: v_add_u32_e64 v0, v1, v2 clamp */
#define I_ADD_U32_CLAMP EMU_GFX900, 2, {0xd1348000, 0x00020501}
/* gfx900: v_sub_u32_e64 v0, v1, v2 clamp */
#define I_SUB_U32_CLAMP EMU_GFX900, 2, {0xd1358000, 0x00020501}
/* gfx900: v_add_co_u32_e64 v0, s[4:5], v1, v2 */
#define I_ADD_CO_E64 EMU_GFX900, 2, {0xd1190400, 0x00020501}
/* gfx900: v_addc_co_u32_e32 v0, vcc, v1, v2, vcc */
#define I_ADDC_E32 EMU_GFX900, 1, {0x38000501}
/* gfx900: v_sub_co_u32_e32 v0, vcc, v1, v2 */
#define I_SUB_CO_E32 EMU_GFX900, 1, {0x34000501}
/* gfx900: v_subrev_co_u32_e64 v0, s[4:5], v1, v2 */
#define I_SUBREV_CO_E64 EMU_GFX900, 2, {0xd11b0400, 0x00020501}
/* gfx900: v_subb_co_u32_e64 v0, s[4:5], v1, v2, s[6:7] */
#define I_SUBB_E64 EMU_GFX900, 2, {0xd11d0400, 0x001a0501}
/* gfx900: v_mad_u64_u32 v[8:9], s[4:5], v1, v2, v[4:5] */
#define I_MAD_U64_U32 EMU_GFX900, 2, {0xd1e80408, 0x04120501}
/* gfx900: v_mad_i64_i32 v[8:9], s[4:5], v1, v2, v[4:5] */
#define I_MAD_I64_I32 EMU_GFX900, 2, {0xd1e90408, 0x04120501}
/* gfx900: v_mul_hi_u32 v0, v1, v2 */
#define I_MUL_HI_U32 EMU_GFX900, 2, {0xd2860000, 0x00020501}
/* gfx900: v_mul_lo_u32 v0, v1, v2 */
#define I_MUL_LO_U32 EMU_GFX900, 2, {0xd2850000, 0x00020501}
/* gfx900: v_mul_hi_i32 v0, v1, v2 */
#define I_MUL_HI_I32 EMU_GFX900, 2, {0xd2870000, 0x00020501}
/* gfx900: v_mul_u32_u24_e32 v0, v1, v2 */
#define I_MUL_U32_U24 EMU_GFX900, 1, {0x10000501}
/* gfx900: v_mul_hi_i32_i24_e32 v0, v1, v2 */
#define I_MUL_HI_I32_I24 EMU_GFX900, 1, {0x0e000501}
/* gfx900: v_mad_u32_u24 v0, v1, v2, v3 */
#define I_MAD_U32_U24 EMU_GFX900, 2, {0xd1c30000, 0x040e0501}
/* gfx900: v_lshlrev_b32_e32 v0, v1, v2 */
#define I_LSHLREV_B32 EMU_GFX900, 1, {0x24000501}
/* gfx900: v_ashrrev_i32_e32 v0, v1, v2 */
#define I_ASHRREV_I32 EMU_GFX900, 1, {0x22000501}
/* gfx900: v_lshrrev_b64 v[8:9], v1, v[4:5] */
#define I_LSHRREV_B64 EMU_GFX900, 2, {0xd2900008, 0x00020901}
/* gfx900: v_ashrrev_i64 v[8:9], v1, v[4:5] */
#define I_ASHRREV_I64 EMU_GFX900, 2, {0xd2910008, 0x00020901}
/* gfx900: v_bfe_u32 v0, v1, v2, v3 */
#define I_BFE_U32 EMU_GFX900, 2, {0xd1c80000, 0x040e0501}
/* gfx900: v_bfe_i32 v0, v1, v2, v3 */
#define I_BFE_I32 EMU_GFX900, 2, {0xd1c90000, 0x040e0501}
/* gfx900: v_bfi_b32 v0, v1, v2, v3 */
#define I_BFI_B32 EMU_GFX900, 2, {0xd1ca0000, 0x040e0501}
/* gfx900: v_alignbit_b32 v0, v1, v2, v3 */
#define I_ALIGNBIT EMU_GFX900, 2, {0xd1ce0000, 0x040e0501}
/* gfx900: v_alignbyte_b32 v0, v1, v2, v3 */
#define I_ALIGNBYTE EMU_GFX900, 2, {0xd1cf0000, 0x040e0501}
/* gfx900: v_perm_b32 v0, v1, v2, v3 */
#define I_PERM EMU_GFX900, 2, {0xd1ed0000, 0x040e0501}
/* gfx900: v_ffbh_u32_e32 v0, v1 */
#define I_FFBH_U32 EMU_GFX900, 1, {0x7e005b01}
/* gfx900: v_ffbl_b32_e32 v0, v1 */
#define I_FFBL_B32 EMU_GFX900, 1, {0x7e005d01}
/* gfx900: v_ffbh_i32_e32 v0, v1 */
#define I_FFBH_I32 EMU_GFX900, 1, {0x7e005f01}
/* gfx900: v_bfrev_b32_e32 v0, v1 */
#define I_BFREV EMU_GFX900, 1, {0x7e005901}
/* gfx900: v_bcnt_u32_b32 v0, v1, v2 */
#define I_BCNT EMU_GFX900, 2, {0xd28b0000, 0x00020501}
/* gfx900: v_mbcnt_lo_u32_b32 v0, -1, 0 */
#define I_MBCNT_LO EMU_GFX900, 2, {0xd28c0000, 0x000100c1}
/* gfx900: v_mbcnt_hi_u32_b32 v0, -1, v0 */
#define I_MBCNT_HI EMU_GFX900, 2, {0xd28d0000, 0x000200c1}
/* gfx900: v_cndmask_b32_e32 v0, v1, v2, vcc */
#define I_CNDMASK_E32 EMU_GFX900, 1, {0x00000501}
/* gfx900: v_cndmask_b32_e64 v0, -v1, |v2|, s[6:7] */
#define I_CNDMASK_E64 EMU_GFX900, 2, {0xd1000200, 0x201a0501}
/* gfx900: v_lshl_add_u32 v0, v1, v2, v3 */
#define I_LSHL_ADD EMU_GFX900, 2, {0xd1fd0000, 0x040e0501}
/* gfx900: v_add3_u32 v0, v1, v2, v3 */
#define I_ADD3 EMU_GFX900, 2, {0xd1ff0000, 0x040e0501}
/* gfx900: v_lshl_or_b32 v0, v1, v2, v3 */
#define I_LSHL_OR EMU_GFX900, 2, {0xd2000000, 0x040e0501}
/* gfx900: v_and_or_b32 v0, v1, v2, v3 */
#define I_AND_OR EMU_GFX900, 2, {0xd2010000, 0x040e0501}
/* gfx900: v_or3_b32 v0, v1, v2, v3 */
#define I_OR3 EMU_GFX900, 2, {0xd2020000, 0x040e0501}
/* gfx900: v_xad_u32 v0, v1, v2, v3 */
#define I_XAD EMU_GFX900, 2, {0xd1f30000, 0x040e0501}
/* gfx900: v_add_lshl_u32 v0, v1, v2, v3 */
#define I_ADD_LSHL EMU_GFX900, 2, {0xd1fe0000, 0x040e0501}
/* gfx900: v_min_i32_e32 v0, v1, v2 */
#define I_MIN_I32 EMU_GFX900, 1, {0x18000501}
/* gfx900: v_max_u32_e32 v0, v1, v2 */
#define I_MAX_U32 EMU_GFX900, 1, {0x1e000501}
/* gfx900: v_med3_i32 v0, v1, v2, v3 */
#define I_MED3_I32 EMU_GFX900, 2, {0xd1d70000, 0x040e0501}
/* gfx900: v_med3_u32 v0, v1, v2, v3 */
#define I_MED3_U32 EMU_GFX900, 2, {0xd1d80000, 0x040e0501}
/* gfx900: v_lshlrev_b16_e32 v0, v1, v2 */
#define I_LSHLREV_B16 EMU_GFX900, 1, {0x54000501}
/* gfx900: v_add_u16_e32 v0, v1, v2 */
#define I_ADD_U16 EMU_GFX900, 1, {0x4c000501}
/* gfx900: v_mad_u16 v0, v1, v2, v3 op_sel:[1,0,0,1] */
#define I_MAD_U16_OPSEL EMU_GFX900, 2, {0xd2044800, 0x040e0501}
/* gfx900: v_readlane_b32 s5, v1, s2 */
#define I_READLANE EMU_GFX900, 2, {0xd2890005, 0x00000501}
/* gfx900: v_readfirstlane_b32 s5, v1 */
#define I_READFIRSTLANE EMU_GFX900, 1, {0x7e0a0501}
/* gfx900: v_writelane_b32 v1, s5, 7 */
#define I_WRITELANE EMU_GFX900, 2, {0xd28a0001, 0x00010e05}
/* gfx900: v_mov_b32_e32 v0, v1 */
#define I_MOV_B32 EMU_GFX900, 1, {0x7e000301}
/* gfx900: v_mov_b32_e32 v0, 0x12345678 */
#define I_MOV_LIT EMU_GFX900, 2, {0x7e0002ff, 0x12345678}
/* gfx900: v_mov_b32_e32 v0, -4.0 */
#define I_MOV_CONST EMU_GFX900, 1, {0x7e0002f7}
/* gfx900: v_swap_b32 v0, v1 */
#define I_SWAP EMU_GFX900, 1, {0x7e00a301}
/* gfx900: v_add_f32_e32 v0, v1, v2 */
#define I_ADD_F32 EMU_GFX900, 1, {0x02000501}
/* gfx900: v_sub_f32_e32 v0, v1, v2 */
#define I_SUB_F32 EMU_GFX900, 1, {0x04000501}
/* gfx900: v_mul_f32_e32 v0, v1, v2 */
#define I_MUL_F32 EMU_GFX900, 1, {0x0a000501}
/* gfx900: v_fma_f32 v0, v1, v2, v3 */
#define I_FMA_F32 EMU_GFX900, 2, {0xd1cb0000, 0x040e0501}
/* gfx900: v_add_f32_e64 v0, -v1, |v2| clamp mul:2 */
#define I_ADD_F32_MODS EMU_GFX900, 2, {0xd1018200, 0x28020501}
/* gfx900: v_mul_f32_e64 v0, v1, v2 div:2 */
#define I_MUL_F32_DIV2 EMU_GFX900, 2, {0xd1050000, 0x18020501}
/* gfx900: v_min_f32_e32 v0, v1, v2 */
#define I_MIN_F32 EMU_GFX900, 1, {0x14000501}
/* gfx900: v_max_f32_e32 v0, v1, v2 */
#define I_MAX_F32 EMU_GFX900, 1, {0x16000501}
/* gfx900: v_med3_f32 v0, v1, v2, v3 */
#define I_MED3_F32 EMU_GFX900, 2, {0xd1d60000, 0x040e0501}
/* gfx900: v_mac_f32_e32 v0, v1, v2 */
#define I_MAC_F32 EMU_GFX900, 1, {0x2c000501}
/* gfx900: v_madak_f32 v0, v1, v2, 0x41000000 */
#define I_MADAK_F32 EMU_GFX900, 2, {0x30000501, 0x41000000}
/* gfx900: v_madmk_f32 v0, v1, 0x41000000, v2 */
#define I_MADMK_F32 EMU_GFX900, 2, {0x2e000501, 0x41000000}
/* gfx90a: v_fmac_f32_e32 v0, v1, v2 */
#define I_FMAC_F32 EMU_GFX90A, 1, {0x76000501}
/* gfx900: v_cvt_i32_f32_e32 v0, v1 */
#define I_CVT_I32_F32 EMU_GFX900, 1, {0x7e001101}
/* gfx900: v_cvt_u32_f32_e32 v0, v1 */
#define I_CVT_U32_F32 EMU_GFX900, 1, {0x7e000f01}
/* gfx900: v_cvt_f32_i32_e32 v0, v1 */
#define I_CVT_F32_I32 EMU_GFX900, 1, {0x7e000b01}
/* gfx900: v_cvt_f32_u32_e32 v0, v1 */
#define I_CVT_F32_U32 EMU_GFX900, 1, {0x7e000d01}
/* gfx900: v_cvt_flr_i32_f32_e32 v0, v1 */
#define I_CVT_FLR EMU_GFX900, 1, {0x7e001b01}
/* gfx900: v_cvt_rpi_i32_f32_e32 v0, v1 */
#define I_CVT_RPI EMU_GFX900, 1, {0x7e001901}
/* gfx900: v_cvt_f16_f32_e32 v0, v1 */
#define I_CVT_F16_F32 EMU_GFX900, 1, {0x7e001501}
/* gfx900: v_cvt_f32_f16_e32 v0, v1 */
#define I_CVT_F32_F16 EMU_GFX900, 1, {0x7e001701}
/* gfx900: v_cvt_pkrtz_f16_f32 v0, v1, v2 */
#define I_CVT_PKRTZ EMU_GFX900, 2, {0xd2960000, 0x00020501}
/* gfx900: v_cvt_f32_ubyte2_e32 v0, v1 */
#define I_CVT_UBYTE2 EMU_GFX900, 1, {0x7e002701}
/* gfx900: v_rcp_f32_e32 v0, v1 */
#define I_RCP_F32 EMU_GFX900, 1, {0x7e004501}
/* gfx900: v_sqrt_f32_e32 v0, v1 */
#define I_SQRT_F32 EMU_GFX900, 1, {0x7e004f01}
/* gfx900: v_rsq_f32_e32 v0, v1 */
#define I_RSQ_F32 EMU_GFX900, 1, {0x7e004901}
/* gfx900: v_exp_f32_e32 v0, v1 */
#define I_EXP_F32 EMU_GFX900, 1, {0x7e004101}
/* gfx900: v_log_f32_e32 v0, v1 */
#define I_LOG_F32 EMU_GFX900, 1, {0x7e004301}
/* gfx900: v_sin_f32_e32 v0, v1 */
#define I_SIN_F32 EMU_GFX900, 1, {0x7e005301}
/* gfx900: v_cos_f32_e32 v0, v1 */
#define I_COS_F32 EMU_GFX900, 1, {0x7e005501}
/* gfx900: v_fract_f32_e32 v0, v1 */
#define I_FRACT_F32 EMU_GFX900, 1, {0x7e003701}
/* gfx900: v_floor_f32_e32 v0, v1 */
#define I_FLOOR_F32 EMU_GFX900, 1, {0x7e003f01}
/* gfx900: v_rndne_f32_e32 v0, v1 */
#define I_RNDNE_F32 EMU_GFX900, 1, {0x7e003d01}
/* gfx900: v_trunc_f32_e32 v0, v1 */
#define I_TRUNC_F32 EMU_GFX900, 1, {0x7e003901}
/* gfx900: v_ceil_f32_e32 v0, v1 */
#define I_CEIL_F32 EMU_GFX900, 1, {0x7e003b01}
/* gfx900: v_frexp_mant_f32_e32 v0, v1 */
#define I_FREXP_MANT_F32 EMU_GFX900, 1, {0x7e006901}
/* gfx900: v_frexp_exp_i32_f32_e32 v0, v1 */
#define I_FREXP_EXP_F32 EMU_GFX900, 1, {0x7e006701}
/* gfx900: v_ldexp_f32 v0, v1, v2 */
#define I_LDEXP_F32 EMU_GFX900, 2, {0xd2880000, 0x00020501}
/* gfx900: v_div_scale_f32 v3, s[4:5], v2, v2, v1 */
#define I_DS32_DEN EMU_GFX900, 2, {0xd1e00403, 0x04060502}
/* gfx900: v_div_scale_f32 v4, vcc, v1, v2, v1 */
#define I_DS32_NUM EMU_GFX900, 2, {0xd1e06a04, 0x04060501}
/* gfx900: v_rcp_f32_e32 v5, v3 */
#define I_RCP_35 EMU_GFX900, 1, {0x7e0a4503}
/* gfx900: v_fma_f32 v6, -v3, v5, 1.0 */
#define I_FMA_653 EMU_GFX900, 2, {0xd1cb0006, 0x23ca0b03}
/* gfx900: v_fma_f32 v5, v6, v5, v5 */
#define I_FMA_5655 EMU_GFX900, 2, {0xd1cb0005, 0x04160b06}
/* gfx900: v_mul_f32_e32 v6, v4, v5 */
#define I_MUL_645 EMU_GFX900, 1, {0x0a0c0b04}
/* gfx900: v_fma_f32 v7, -v3, v6, v4 */
#define I_FMA_7364 EMU_GFX900, 2, {0xd1cb0007, 0x24120d03}
/* gfx900: v_fma_f32 v6, v7, v5, v6 */
#define I_FMA_6756 EMU_GFX900, 2, {0xd1cb0006, 0x041a0b07}
/* gfx900: v_fma_f32 v3, -v3, v6, v4 */
#define I_FMA_3364 EMU_GFX900, 2, {0xd1cb0003, 0x24120d03}
/* gfx900: v_div_fmas_f32 v3, v3, v5, v6 */
#define I_FMAS32 EMU_GFX900, 2, {0xd1e20003, 0x041a0b03}
/* gfx900: v_div_fixup_f32 v0, v3, v2, v1 */
#define I_FIXUP32 EMU_GFX900, 2, {0xd1de0000, 0x04060503}
/* gfx900: v_div_scale_f64 v[10:11], s[6:7], v[4:5], v[4:5], v[2:3] */
#define I_DS64_DEN EMU_GFX900, 2, {0xd1e1060a, 0x040a0904}
/* gfx900: v_rcp_f64_e32 v[12:13], v[10:11] */
#define I_RCP64_1210 EMU_GFX900, 1, {0x7e184b0a}
/* gfx900: v_fma_f64 v[14:15], -v[10:11], v[12:13], 1.0 */
#define I_FMA64_A EMU_GFX900, 2, {0xd1cc000e, 0x23ca190a}
/* gfx900: v_fma_f64 v[12:13], v[12:13], v[14:15], v[12:13] */
#define I_FMA64_B EMU_GFX900, 2, {0xd1cc000c, 0x04321d0c}
/* gfx900: v_div_scale_f64 v[14:15], vcc, v[2:3], v[4:5], v[2:3] */
#define I_DS64_NUM EMU_GFX900, 2, {0xd1e16a0e, 0x040a0902}
/* gfx900: v_fma_f64 v[16:17], -v[10:11], v[12:13], 1.0 */
#define I_FMA64_C EMU_GFX900, 2, {0xd1cc0010, 0x23ca190a}
/* gfx900: v_fma_f64 v[12:13], v[12:13], v[16:17], v[12:13] */
#define I_FMA64_D EMU_GFX900, 2, {0xd1cc000c, 0x0432210c}
/* gfx900: v_mul_f64 v[16:17], v[14:15], v[12:13] */
#define I_MUL64_E EMU_GFX900, 2, {0xd2810010, 0x0002190e}
/* gfx900: v_fma_f64 v[10:11], -v[10:11], v[16:17], v[14:15] */
#define I_FMA64_F EMU_GFX900, 2, {0xd1cc000a, 0x243a210a}
/* gfx900: v_div_fmas_f64 v[10:11], v[10:11], v[12:13], v[16:17] */
#define I_FMAS64 EMU_GFX900, 2, {0xd1e3000a, 0x0442190a}
/* gfx900: v_div_fixup_f64 v[8:9], v[10:11], v[4:5], v[2:3] */
#define I_FIXUP64 EMU_GFX900, 2, {0xd1df0008, 0x040a090a}
/* gfx900: v_add_f64 v[8:9], v[2:3], v[4:5] */
#define I_ADD_F64 EMU_GFX900, 2, {0xd2800008, 0x00020902}
/* gfx900: v_mul_f64 v[8:9], v[2:3], v[4:5] */
#define I_MUL_F64 EMU_GFX900, 2, {0xd2810008, 0x00020902}
/* gfx900: v_fma_f64 v[8:9], v[2:3], v[4:5], v[6:7] */
#define I_FMA_F64 EMU_GFX900, 2, {0xd1cc0008, 0x041a0902}
/* gfx900: v_min_f64 v[8:9], v[2:3], v[4:5] */
#define I_MIN_F64 EMU_GFX900, 2, {0xd2820008, 0x00020902}
/* gfx900: v_add_f64 v[8:9], -v[2:3], |v[4:5]| */
#define I_ADD_F64_MODS EMU_GFX900, 2, {0xd2800208, 0x20020902}
/* gfx900: v_cvt_f64_f32_e32 v[8:9], v1 */
#define I_CVT_F64_F32 EMU_GFX900, 1, {0x7e102101}
/* gfx900: v_cvt_f32_f64_e32 v0, v[2:3] */
#define I_CVT_F32_F64 EMU_GFX900, 1, {0x7e001f02}
/* gfx900: v_cvt_i32_f64_e32 v0, v[2:3] */
#define I_CVT_I32_F64 EMU_GFX900, 1, {0x7e000702}
/* gfx900: v_cvt_f64_u32_e32 v[8:9], v1 */
#define I_CVT_F64_U32 EMU_GFX900, 1, {0x7e102d01}
/* gfx900: v_fract_f64_e32 v[8:9], v[2:3] */
#define I_FRACT_F64 EMU_GFX900, 1, {0x7e106502}
/* gfx900: v_ldexp_f64 v[8:9], v[2:3], v1 */
#define I_LDEXP_F64 EMU_GFX900, 2, {0xd2840008, 0x00020302}
/* gfx900: v_trig_preop_f64 v[8:9], v[2:3], v1 */
#define I_TRIG_PREOP EMU_GFX900, 2, {0xd2920008, 0x00020302}
/* gfx900: v_rsq_f64_e32 v[8:9], v[2:3] */
#define I_RSQ_F64 EMU_GFX900, 1, {0x7e104d02}
/* gfx900: v_cmp_f_f32_e32 vcc, v1, v2 */
#define I_CMP_F_F32 EMU_GFX900, 1, {0x7c800501}
/* gfx900: v_cmp_lt_f32_e32 vcc, v1, v2 */
#define I_CMP_LT_F32 EMU_GFX900, 1, {0x7c820501}
/* gfx900: v_cmp_eq_f32_e32 vcc, v1, v2 */
#define I_CMP_EQ_F32 EMU_GFX900, 1, {0x7c840501}
/* gfx900: v_cmp_le_f32_e32 vcc, v1, v2 */
#define I_CMP_LE_F32 EMU_GFX900, 1, {0x7c860501}
/* gfx900: v_cmp_gt_f32_e32 vcc, v1, v2 */
#define I_CMP_GT_F32 EMU_GFX900, 1, {0x7c880501}
/* gfx900: v_cmp_lg_f32_e32 vcc, v1, v2 */
#define I_CMP_LG_F32 EMU_GFX900, 1, {0x7c8a0501}
/* gfx900: v_cmp_ge_f32_e32 vcc, v1, v2 */
#define I_CMP_GE_F32 EMU_GFX900, 1, {0x7c8c0501}
/* gfx900: v_cmp_o_f32_e32 vcc, v1, v2 */
#define I_CMP_O_F32 EMU_GFX900, 1, {0x7c8e0501}
/* gfx900: v_cmp_u_f32_e32 vcc, v1, v2 */
#define I_CMP_U_F32 EMU_GFX900, 1, {0x7c900501}
/* gfx900: v_cmp_nge_f32_e32 vcc, v1, v2 */
#define I_CMP_NGE_F32 EMU_GFX900, 1, {0x7c920501}
/* gfx900: v_cmp_nlg_f32_e32 vcc, v1, v2 */
#define I_CMP_NLG_F32 EMU_GFX900, 1, {0x7c940501}
/* gfx900: v_cmp_ngt_f32_e32 vcc, v1, v2 */
#define I_CMP_NGT_F32 EMU_GFX900, 1, {0x7c960501}
/* gfx900: v_cmp_nle_f32_e32 vcc, v1, v2 */
#define I_CMP_NLE_F32 EMU_GFX900, 1, {0x7c980501}
/* gfx900: v_cmp_neq_f32_e32 vcc, v1, v2 */
#define I_CMP_NEQ_F32 EMU_GFX900, 1, {0x7c9a0501}
/* gfx900: v_cmp_nlt_f32_e32 vcc, v1, v2 */
#define I_CMP_NLT_F32 EMU_GFX900, 1, {0x7c9c0501}
/* gfx900: v_cmp_tru_f32_e32 vcc, v1, v2 */
#define I_CMP_TRU_F32 EMU_GFX900, 1, {0x7c9e0501}
/* gfx900: v_cmp_lt_f32_e64 s[4:5], -v1, |v2| */
#define I_CMP_LT_F32_E64 EMU_GFX900, 2, {0xd0410204, 0x20020501}
/* gfx900: v_cmpx_gt_u32_e32 vcc, v1, v2 */
#define I_CMPX_GT_U32 EMU_GFX900, 1, {0x7db80501}
/* gfx900: v_cmpx_gt_u32_e64 s[4:5], v1, v2 */
#define I_CMPX_GT_U32_E64 EMU_GFX900, 2, {0xd0dc0004, 0x00020501}
/* gfx900: v_cmp_class_f32_e64 s[4:5], v1, v2 */
#define I_CMP_CLASS_F32 EMU_GFX900, 2, {0xd0100004, 0x00020501}
/* gfx900: v_cmp_class_f64_e32 vcc, v[2:3], v1 */
#define I_CMP_CLASS_F64 EMU_GFX900, 1, {0x7c240302}
/* gfx900: v_cmp_lt_i64_e32 vcc, v[2:3], v[4:5] */
#define I_CMP_LT_I64 EMU_GFX900, 1, {0x7dc20902}
/* gfx900: v_cmp_ge_u64_e64 s[4:5], v[2:3], v[4:5] */
#define I_CMP_GE_U64 EMU_GFX900, 2, {0xd0ee0004, 0x00020902}
/* gfx900: v_cmp_gt_i16_e32 vcc, v1, v2 */
#define I_CMP_GT_I16 EMU_GFX900, 1, {0x7d480501}
/* gfx900: v_cmp_ne_u32_e32 vcc, 0, v1 */
#define I_CMP_NE_U32_CONST EMU_GFX900, 1, {0x7d9a0280}
/* gfx900: v_add_f16_e32 v0, v1, v2 */
#define I_ADD_F16 EMU_GFX900, 1, {0x3e000501}
/* gfx900: v_mul_f16_e32 v0, v1, v2 */
#define I_MUL_F16 EMU_GFX900, 1, {0x44000501}
/* gfx900: v_sub_f16_e32 v0, v1, v2 */
#define I_SUB_F16 EMU_GFX900, 1, {0x40000501}
/* gfx900: v_fma_f16 v0, v1, v2, v3 op_sel:[1,0,1,1] */
#define I_FMA_F16_OPSEL EMU_GFX900, 2, {0xd2066800, 0x040e0501}
/* gfx900: v_fma_f16 v0, v1, v2, v3 */
#define I_FMA_F16 EMU_GFX900, 2, {0xd2060000, 0x040e0501}
/* gfx900: v_max_f16_e32 v0, v1, v2 */
#define I_MAX_F16 EMU_GFX900, 1, {0x5a000501}
/* gfx900: v_cvt_f16_u16_e32 v0, v1 */
#define I_CVT_F16_U16 EMU_GFX900, 1, {0x7e007301}
/* gfx900: v_cvt_i16_f16_e32 v0, v1 */
#define I_CVT_I16_F16 EMU_GFX900, 1, {0x7e007901}
/* gfx900: v_sqrt_f16_e32 v0, v1 */
#define I_SQRT_F16 EMU_GFX900, 1, {0x7e007d01}
/* gfx900: v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] */
#define I_PK_ADD_F16 EMU_GFX900, 2, {0xd38f4800, 0x30020501}
/* gfx900: v_pk_fma_f16 v0, v1, v2, v3 */
#define I_PK_FMA_F16 EMU_GFX900, 2, {0xd38e4000, 0x1c0e0501}
/* gfx900: v_pk_add_u16 v0, v1, v2 clamp */
#define I_PK_ADD_U16_CLAMP EMU_GFX900, 2, {0xd38ac000, 0x18020501}
/* gfx900: v_pk_mul_lo_u16 v0, v1, v2 */
#define I_PK_MUL_LO_U16 EMU_GFX900, 2, {0xd3814000, 0x18020501}
/* gfx900: v_pk_add_f16 v0, v1, 1.0 op_sel_hi:[1,0] */
#define I_PK_ADD_F16_CONST EMU_GFX900, 2, {0xd38f4000, 0x0801e501}
/* gfx900: v_mad_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,1,0] */
#define I_MAD_MIX_F32 EMU_GFX900, 2, {0xd3a00000, 0x1c0e0501}
/* gfx90a: v_fma_mix_f32 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,0] */
#define I_FMA_MIX_F32 EMU_GFX90A, 2, {0xd3a00800, 0x1c0e0501}
/* gfx90a: v_fma_mixlo_f16 v0, v1, v2, v3 op_sel_hi:[1,1,1] */
#define I_FMA_MIXLO EMU_GFX90A, 2, {0xd3a14000, 0x1c0e0501}
/* gfx90a: v_pk_fma_f32 v[8:9], v[2:3], v[4:5], v[6:7] op_sel:[1,0,0] op_sel_hi:[0,1,1] neg_lo:[0,1,0] */
#define I_PK_FMA_F32 EMU_GFX90A, 2, {0xd3b04808, 0x541a0902}
/* gfx90a: v_pk_mov_b32 v[8:9], v[2:3], v[4:5] op_sel:[1,0] */
#define I_PK_MOV_B32 EMU_GFX90A, 2, {0xd3b34808, 0x18020902}
/* gfx90a: v_dot2_f32_f16 v0, v1, v2, v3 */
#define I_DOT2_F32_F16 EMU_GFX90A, 2, {0xd3a34000, 0x1c0e0501}
/* gfx90a: v_dot4_i32_i8 v0, v1, v2, v3 */
#define I_DOT4_I32_I8 EMU_GFX90A, 2, {0xd3a84000, 0x1c0e0501}
/* gfx90a: v_dot2c_f32_f16_e32 v0, v1, v2 */
#define I_DOT2C_F32_F16 EMU_GFX90A, 1, {0x6e000501}
/* gfx900: v_mov_b32_dpp v0, v1 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf */
#define I_DPP_MOV_QP EMU_GFX900, 2, {0x7e0002fa, 0xff001b01}
/* gfx900: v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf */
#define I_DPP_MOV_SHL1 EMU_GFX900, 2, {0x7e0002fa, 0xff010101}
/* gfx900: v_mov_b32_dpp v0, v1 row_shr:3 row_mask:0xf bank_mask:0xf bound_ctrl:1 */
#define I_DPP_MOV_SHR3_BC EMU_GFX900, 2, {0x7e0002fa, 0xff091301}
/* gfx900: v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xa bank_mask:0xf */
#define I_DPP_MOV_BCAST15 EMU_GFX900, 2, {0x7e0002fa, 0xaf014201}
/* gfx900: v_mov_b32_dpp v0, v1 row_ror:5 row_mask:0x5 bank_mask:0x6 */
#define I_DPP_MOV_MASKED EMU_GFX900, 2, {0x7e0002fa, 0x56012501}
/* gfx900: v_add_f32_dpp v0, -v1, |v2| row_mirror row_mask:0xf bank_mask:0xf */
#define I_DPP_ADD_F32 EMU_GFX900, 2, {0x020004fa, 0xff914001}
/* gfx90a: v_mov_b32_dpp v0, v1 row_newbcast:5 row_mask:0xf bank_mask:0xf */
#define I_DPP_NEWBCAST EMU_GFX90A, 2, {0x7e0002fa, 0xff015501}
/* gfx900: v_mov_b32_sdwa v0, v1 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2 */
#define I_SDWA_MOV EMU_GFX900, 2, {0x7e0002f9, 0x00021101}
/* gfx900: v_add_u32_sdwa v0, sext(v1), v2 dst_sel:WORD_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_0 src1_sel:WORD_1 */
#define I_SDWA_ADD_SEXT EMU_GFX900, 2, {0x680004f9, 0x05080d01}
/* gfx900: v_add_f16_sdwa v0, v1, -v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0 */
#define I_SDWA_ADD_F16 EMU_GFX900, 2, {0x3e0004f9, 0x14051501}
/* gfx900: v_cmp_lt_i32_sdwa s[4:5], sext(v1), v2 src0_sel:BYTE_0 src1_sel:WORD_1 */
#define I_SDWA_CMP EMU_GFX900, 2, {0x7d8204f9, 0x05088401}
/* gfx900: v_mul_f32_sdwa v0, v1, v2 dst_sel:BYTE_0 dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD */
#define I_SDWA_MUL_F32_PAD EMU_GFX900, 2, {0x0a0004f9, 0x06060001}
/* gfx90a: v_mfma_f32_32x32x8f16 a[0:15], v[0:1], v[2:3], a[0:15] */
#define I_MFMA_32X32X8F16 EMU_GFX90A, 2, {0xd3cc8000, 0x04020500}
/* gfx942: v_mfma_f32_32x32x8_f16 v[16:31], v[0:1], v[2:3], v[16:31] */
#define I_MFMA_32X32X8_F16 EMU_GFX942, 2, {0xd3cc0010, 0x04420500}
/* gfx90a: v_mfma_f32_16x16x16f16 v[16:19], v[0:1], v[2:3], v[16:19] */
#define I_MFMA_16X16X16F16 EMU_GFX90A, 2, {0xd3cd0010, 0x04420500}
/* gfx90a: v_mfma_f32_32x32x2f32 a[0:15], v0, v1, 0 */
#define I_MFMA_32X32X2F32 EMU_GFX90A, 2, {0xd3c48000, 0x02020300}
/* gfx90a: v_mfma_f32_4x4x1f32 v[16:19], v0, v1, v[16:19] cbsz:2 abid:1 blgp:3 */
#define I_MFMA_4X4X1F32_BC EMU_GFX90A, 2, {0xd3c20a10, 0x64420300}
/* gfx90a: v_mfma_f64_16x16x4f64 v[16:23], v[0:1], v[2:3], v[16:23] */
#define I_MFMA_16X16X4F64 EMU_GFX90A, 2, {0xd3ee0010, 0x04420500}
/* gfx90a: v_accvgpr_write_b32 a3, v1 */
#define I_ACC_WRITE EMU_GFX90A, 2, {0xd3d94003, 0x18000101}
/* gfx90a: v_accvgpr_write_b32 a4, -2 */
#define I_ACC_WRITE_C EMU_GFX90A, 2, {0xd3d94004, 0x180000c2}
/* gfx90a: v_accvgpr_read_b32 v0, a3 */
#define I_ACC_READ EMU_GFX90A, 2, {0xd3d84000, 0x18000103}
/* gfx90a: v_accvgpr_mov_b32 a5, a3 */
#define I_ACC_MOV EMU_GFX90A, 1, {0x7e0aa503}
/* gfx942: v_mov_b64_e32 v[8:9], v[2:3] */
#define I_MOV_B64 EMU_GFX942, 1, {0x7e107102}
/* gfx942: v_lshl_add_u64 v[8:9], v[2:3], 2, v[4:5] */
#define I_LSHL_ADD_U64 EMU_GFX942, 2, {0xd2080008, 0x04110502}
/* gfx900: v_sad_u8 v0, v1, v2, v3 */
#define I_SAD_U8 EMU_GFX900, 2, {0xd1d90000, 0x040e0501}
/* gfx900: v_sad_hi_u8 v0, v1, v2, v3 */
#define I_SAD_HI_U8 EMU_GFX900, 2, {0xd1da0000, 0x040e0501}
/* gfx900: v_lerp_u8 v0, v1, v2, v3 */
#define I_LERP_U8 EMU_GFX900, 2, {0xd1cd0000, 0x040e0501}
/* gfx900: v_bfm_b32 v0, v1, v2 */
#define I_BFM EMU_GFX900, 2, {0xd2930000, 0x00020501}
/* gfx900: v_cvt_pk_i16_i32 v0, v1, v2 */
#define I_CVT_PK_I16_I32 EMU_GFX900, 2, {0xd2980000, 0x00020501}
/* gfx900: v_sat_pk_u8_i16_e32 v0, v1 */
#define I_SAT_PK_U8_I16 EMU_GFX900, 1, {0x7e009f01}
/* gfx900: v_cvt_off_f32_i4_e32 v0, v1 */
#define I_CVT_OFF_F32_I4 EMU_GFX900, 1, {0x7e001d01}
/* gfx900: v_ashrrev_i16_e32 v0, v1, v2 */
#define I_ASHRREV_I16 EMU_GFX900, 1, {0x58000501}
/* gfx900: v_cvt_pknorm_i16_f32 v0, v1, v2 */
#define I_CVT_PKNORM_I16_F32 EMU_GFX900, 2, {0xd2940000, 0x00020501}
/* gfx900: v_pk_mul_f16 v0, v1, v2 */
#define I_PK_MUL_F16 EMU_GFX900, 2, {0xd3904000, 0x18020501}

/* ---- fixture ---- */

struct enc {
	enum emu_arch arch;
	unsigned n;
	uint32_t w[3];
};
#define ENC(...) ((struct enc){__VA_ARGS__})


/* MODE: round nearest, f32 and f64/f16 denormals kept, DX10_CLAMP, IEEE
 * (AMDGPUUsage defaults for a HIP kernel: float_denorm_mode_32/16_64 = 3). */
#define MODE_DEFAULT 0x3f0u

static int setup(void **state)
{
	if (tu_wave_new(state, EMU_GFX900, 0, 0))
		return -1;
	struct tu_wave *t = *state;
	t->w.mode = MODE_DEFAULT;
	t->w.nvgpr = 256;
	t->w.nagpr = 256;
	*state = t;
	return 0;
}

/* Decode the words for their arch and run the handler of `mnemonic`. */
static void run(struct tu_wave *t, struct enc e, const char *mnemonic)
{
	tu_wave_set_arch(t, e.arch);
	unsigned size = emu_decode_one(t->prof, e.w, e.n, &t->in);
	assert_int_equal(size, 4 * e.n);
	if (t->in.op && strcmp(t->in.op->mnemonic, mnemonic))
		fail_msg("decoder names %s, test expects %s", t->in.op->mnemonic, mnemonic);
	t->w.cur = &t->in;
	tu_handler(mnemonic)(&t->w, &t->in);
}
#define RUN(t, i, m) run(t, ENC(i), m)

static uint32_t *V(struct tu_wave *t, unsigned r) { return t->w.v[r]; }
static uint32_t *AG(struct tu_wave *t, unsigned r) { return t->w.v[256 + r]; }
static uint64_t V64(struct tu_wave *t, unsigned r, unsigned l) { return V(t, r)[l] | (uint64_t)V(t, r + 1)[l] << 32; }
static void setV64(struct tu_wave *t, unsigned r, unsigned l, uint64_t x)
{
	V(t, r)[l] = (uint32_t)x;
	V(t, r + 1)[l] = (uint32_t)(x >> 32);
}
static uint64_t S64(struct tu_wave *t, unsigned r) { return t->w.s[r] | (uint64_t)t->w.s[r + 1] << 32; }
static void setS64(struct tu_wave *t, unsigned r, uint64_t x)
{
	t->w.s[r] = (uint32_t)x;
	t->w.s[r + 1] = (uint32_t)(x >> 32);
}

/* Deterministic operands: POSIX's 48-bit generator from a fixed seed
 * (jrand48: 32 signed bits per call). */
static unsigned short rng_state[3] = { 0x7c15, 0x79b9, 0x9e37 };
static uint32_t rnd(void)
{
	return (uint32_t)jrand48(rng_state);
}

static float bf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t fb(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static double bd(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }
static uint64_t db(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
static uint16_t hb(_Float16 h) { uint16_t u; memcpy(&u, &h, 2); return u; }
static _Float16 bh(uint16_t u) { _Float16 h; memcpy(&h, &u, 2); return h; }

/* Edge-case singles: zeros, denormals, extremes, infinities, NaNs, halfway cases. */
static const uint32_t f32_edge[] = {
	0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x3fc00000, 0x40200000, 0xc0200000,
	0x7f7fffff, 0xff7fffff, 0x00800000, 0x80800000, 0x00000001, 0x807fffff, 0x00400000, 0x7f800000,
	0xff800000, 0x7fc00000, 0x7f800001, 0xffc00001, 0x4f32d05e, 0xcf32d05e, 0x4f000000, 0x4f800000,
	0xcf000000, 0x3effffff, 0x3f7fffff, 0x4b800001, 0x33800000, 0x477fe000, 0x477ff000, 0x38800000,
};
#define NEDGE (sizeof(f32_edge) / sizeof(f32_edge[0]))

/* Fill lanes of v[r] with the edge values (first) and random singles. */
static void fill_f32(struct tu_wave *t, unsigned r, unsigned rot)
{
	for (unsigned l = 0; l < 64; l++)
		V(t, r)[l] = l < NEDGE ? f32_edge[(l + rot) % NEDGE] : rnd();
}
static void fill_rnd(struct tu_wave *t, unsigned r)
{
	for (unsigned l = 0; l < 64; l++)
		V(t, r)[l] = rnd();
}

/* Random words in the source registers v1 .. v[n]. */
static void fill_srcs(struct tu_wave *t, unsigned n)
{
	for (unsigned r = 1; r <= n; r++)
		fill_rnd(t, r);
}

/* Compare singles: NaN matches any NaN, everything else bit for bit. */
static void check_f32(uint32_t got, uint32_t want, unsigned lane, const char *what)
{
	if (isnan(bf(want)) && isnan(bf(got)))
		return;
	if (got != want)
		fail_msg("%s lane %u: got 0x%08x want 0x%08x", what, lane, got, want);
}
static void check_f64(uint64_t got, uint64_t want, unsigned lane, const char *what)
{
	if (isnan(bd(want)) && isnan(bd(got)))
		return;
	if (got != want)
		fail_msg("%s lane %u: got 0x%016llx want 0x%016llx", what, lane, (unsigned long long)got,
		         (unsigned long long)want);
}
static void check_u32(uint32_t got, uint32_t want, unsigned lane, const char *what)
{
	if (got != want)
		fail_msg("%s lane %u: got 0x%08x want 0x%08x", what, lane, got, want);
}

/* Every lane of reg holds want. */
static void check_lanes(const uint32_t *reg, uint32_t want, const char *what)
{
	for (unsigned l = 0; l < 64; l++)
		check_u32(reg[l], want, l, what);
}

/* Every lane of reg holds the same lane of other. */
static void check_same_lanes(const uint32_t *reg, const uint32_t *other, const char *what)
{
	for (unsigned l = 0; l < 64; l++)
		check_u32(reg[l], other[l], l, what);
}

/* a*b + c in double when that is exact (a, b halves or singles: a*b exact;
 * TwoSum tells whether the sum is); false otherwise. */
static bool exact_fma(double a, double b, double c, double *out)
{
	double p = a * b, s = p + c, z = s - p;
	*out = s;
	return !isnan(s) && !isinf(s) && (p - (s - z)) + (c - z) == 0.0;
}

/* ======================================================================== */
/* integer                                                                   */
/* ======================================================================== */

/* Run a 32-bit add (sub false) or subtract (v1 - v2; rev: v2 - v1) with
 * carry or borrow in cin into v0, and check v0 lane by lane: the low 32
 * bits of the 33-bit result in active lanes, the old v0 elsewhere. Returns
 * the carry or borrow out the ISA gives: bit 32 of that result, 0 in
 * inactive lanes. */
static uint64_t carry_op(struct tu_wave *t, struct enc e, const char *m, bool sub, bool rev, uint64_t cin)
{
	uint32_t old[64];
	uint64_t exec = emu_exec_mask(&t->w), out = 0;

	memcpy(old, V(t, 0), sizeof(old));
	run(t, e, m);
	for (unsigned l = 0; l < 64; l++) {
		uint64_t a = V(t, rev ? 2 : 1)[l], b = V(t, rev ? 1 : 2)[l], c = (cin >> l) & 1;
		uint64_t r = sub ? a - b - c : a + b + c;   /* a borrow wraps: bit 32 set */

		if (!((exec >> l) & 1)) {
			check_u32(V(t, 0)[l], old[l], l, m);
			continue;
		}
		check_u32(V(t, 0)[l], (uint32_t)r, l, m);
		out |= ((r >> 32) & 1) << l;
	}
	return out;
}

static void test_add_exec_and_carry(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 2);
	V(t, 1)[0] = 0xffffffff, V(t, 2)[0] = 1;
	V(t, 1)[1] = 0x80000000, V(t, 2)[1] = 0x80000000;
	V(t, 1)[2] = 5, V(t, 2)[2] = 7;
	V(t, 1)[3] = 4, V(t, 2)[3] = 4;
	emu_set_exec(&t->w, 0xf0f0f0f0f0f0f0f7ull);
	for (unsigned l = 0; l < 64; l++)
		V(t, 0)[l] = 0xdead0000 + l;
	/* v_add_u32 (gfx9: no carry) under a partial EXEC */
	carry_op(t, ENC(I_ADD_U32), "v_add_u32", false, false, 0);

	/* carry out to s[4:5]: bit set where the 33-bit sum overflows, 0 where inactive */
	setS64(t, 4, ~0ull);
	uint64_t want = carry_op(t, ENC(I_ADD_CO_E64), "v_add_co_u32", false, false, 0);
	assert_int_equal(S64(t, 4), want);
	assert_true(S64(t, 4) & 3);

	/* addc reads and writes VCC */
	emu_set_exec(&t->w, ~0ull);
	uint64_t cin = ((uint64_t)rnd() << 32) | rnd();
	emu_set_vcc(&t->w, cin);
	want = carry_op(t, ENC(I_ADDC_E32), "v_addc_co_u32", false, false, cin);
	assert_int_equal(emu_vcc(&t->w), want);

	/* sub_co: borrow when src1 > src0 */
	want = carry_op(t, ENC(I_SUB_CO_E32), "v_sub_co_u32", true, false, 0);
	assert_int_equal(emu_vcc(&t->w), want);
	want = carry_op(t, ENC(I_SUBREV_CO_E64), "v_subrev_co_u32", true, true, 0);
	assert_int_equal(S64(t, 4), want);

	/* subb with the borrow in from s[6:7] (VOP3B src2); 4 - 4 - 1 borrows */
	uint64_t bin = ((uint64_t)rnd() << 32) | rnd() | 1ull << 3;
	setS64(t, 6, bin);
	want = carry_op(t, ENC(I_SUBB_E64), "v_subb_co_u32", true, false, bin);
	assert_int_equal(S64(t, 4), want);
	assert_true((S64(t, 4) >> 3) & 1);
}

static void test_clamp_saturates(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 2);
	V(t, 1)[0] = 0xfffffff0, V(t, 2)[0] = 0x20;
	V(t, 1)[1] = 3, V(t, 2)[1] = 5;
	RUN(t, I_ADD_U32_CLAMP, "v_add_u32");
	for (unsigned l = 0; l < 64; l++) {
		uint64_t s = (uint64_t)V(t, 1)[l] + V(t, 2)[l];
		check_u32(V(t, 0)[l], s > 0xffffffffull ? 0xffffffffu : (uint32_t)s, l, "v_add_u32 clamp");
	}
	RUN(t, I_SUB_U32_CLAMP, "v_sub_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], V(t, 1)[l] < V(t, 2)[l] ? 0 : V(t, 1)[l] - V(t, 2)[l], l, "v_sub_u32 clamp");
	assert_int_equal(V(t, 0)[1], 0);
}

static void test_mad64(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 2);
	for (unsigned l = 0; l < 64; l++)
		setV64(t, 4, l, ((uint64_t)rnd() << 32) | rnd());
	V(t, 1)[0] = V(t, 2)[0] = 0xffffffff;
	setV64(t, 4, 0, ~0ull); /* overflows: carry */
	V(t, 1)[1] = 0x80000000, V(t, 2)[1] = 0x7fffffff;
	setV64(t, 4, 1, 0x8000000000000000ull);
	RUN(t, I_MAD_U64_U32, "v_mad_u64_u32");
	uint64_t want = 0;
	for (unsigned l = 0; l < 64; l++) {
		unsigned __int128 r = (unsigned __int128)V(t, 1)[l] * V(t, 2)[l] + V64(t, 4, l);
		assert_int_equal(V64(t, 8, l), (uint64_t)r);
		want |= (uint64_t)((r >> 64) != 0) << l;
	}
	assert_int_equal(S64(t, 4), want);
	assert_true(S64(t, 4) & 1);

	RUN(t, I_MAD_I64_I32, "v_mad_i64_i32");
	for (unsigned l = 0; l < 64; l++) {
		__int128 r = (__int128)(int32_t)V(t, 1)[l] * (int32_t)V(t, 2)[l] + (int64_t)V64(t, 4, l);
		assert_int_equal(V64(t, 8, l), (uint64_t)r);
	}
}

static void test_mul(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 2);
	V(t, 1)[0] = 0xffffffff, V(t, 2)[0] = 0xffffffff;
	V(t, 1)[1] = 0x00800000, V(t, 2)[1] = 0xff800000; /* i24: -8388608 * -8388608 */
	RUN(t, I_MUL_HI_U32, "v_mul_hi_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (uint32_t)(((uint64_t)V(t, 1)[l] * V(t, 2)[l]) >> 32), l, "mul_hi_u32");
	RUN(t, I_MUL_LO_U32, "v_mul_lo_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], V(t, 1)[l] * V(t, 2)[l], l, "mul_lo_u32");
	RUN(t, I_MUL_HI_I32, "v_mul_hi_i32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (uint32_t)(((int64_t)(int32_t)V(t, 1)[l] * (int32_t)V(t, 2)[l]) >> 32), l,
		          "mul_hi_i32");
	RUN(t, I_MUL_U32_U24, "v_mul_u32_u24");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (V(t, 1)[l] & 0xffffff) * (V(t, 2)[l] & 0xffffff), l, "mul_u32_u24");
	RUN(t, I_MUL_HI_I32_I24, "v_mul_hi_i32_i24");
	for (unsigned l = 0; l < 64; l++) {
		int64_t a = ((int64_t)(V(t, 1)[l] & 0xffffff) ^ 0x800000) - 0x800000;
		int64_t b = ((int64_t)(V(t, 2)[l] & 0xffffff) ^ 0x800000) - 0x800000;
		check_u32(V(t, 0)[l], (uint32_t)((uint64_t)(a * b) >> 32), l, "mul_hi_i32_i24");
	}
	assert_int_equal(V(t, 0)[1], 0x4000); /* 2^46 >> 32 */
	fill_rnd(t, 3);
	RUN(t, I_MAD_U32_U24, "v_mad_u32_u24");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (V(t, 1)[l] & 0xffffff) * (V(t, 2)[l] & 0xffffff) + V(t, 3)[l], l,
		          "mad_u32_u24");
}

static void test_shifts(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 2);
	V(t, 1)[0] = 33; /* counts use [4:0]: 33 shifts by 1 */
	V(t, 1)[1] = 32;
	V(t, 1)[2] = 31;
	RUN(t, I_LSHLREV_B32, "v_lshlrev_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], V(t, 2)[l] << (V(t, 1)[l] % 32), l, "lshlrev_b32");
	assert_int_equal(V(t, 0)[1], V(t, 2)[1]);
	RUN(t, I_ASHRREV_I32, "v_ashrrev_i32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (uint32_t)((int32_t)V(t, 2)[l] >> (V(t, 1)[l] % 32)), l, "ashrrev_i32");
	for (unsigned l = 0; l < 64; l++)
		setV64(t, 4, l, ((uint64_t)rnd() << 32) | rnd());
	V(t, 1)[0] = 64 + 5;
	V(t, 1)[1] = 63;
	setV64(t, 4, 1, 0x8000000000000000ull);
	RUN(t, I_LSHRREV_B64, "v_lshrrev_b64");
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(V64(t, 8, l), V64(t, 4, l) >> (V(t, 1)[l] % 64));
	RUN(t, I_ASHRREV_I64, "v_ashrrev_i64");
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(V64(t, 8, l), (uint64_t)((int64_t)V64(t, 4, l) >> (V(t, 1)[l] % 64)));
	assert_int_equal(V64(t, 8, 1), ~0ull);
}

static uint32_t ref_bfe_u(uint32_t x, uint32_t off, uint32_t wd)
{
	off &= 31, wd &= 31;
	uint32_t r = 0;
	for (unsigned i = 0; i < wd; i++)
		if (off + i < 32)
			r |= ((x >> (off + i)) & 1) << i;
	return r;
}
static uint32_t ref_bfe_i(uint32_t x, uint32_t off, uint32_t wd)
{
	off &= 31, wd &= 31;
	if (!wd)
		return 0;
	uint32_t r = 0;
	for (unsigned i = 0; i < 32; i++) {
		unsigned src = i < wd ? off + i : off + wd - 1; /* sign-extend from the field's top bit */
		uint32_t bit = src < 32 ? (x >> src) & 1 : x >> 31;
		r |= bit << i;
	}
	return r;
}

static void test_bitfield(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 3);
	for (unsigned l = 0; l < 32; l++) {
		V(t, 2)[l] = l * 3 % 40;
		V(t, 3)[l] = (l * 7) % 35;
	}
	V(t, 1)[0] = 0x80000000, V(t, 2)[0] = 28, V(t, 3)[0] = 8; /* field past bit 31 */
	RUN(t, I_BFE_U32, "v_bfe_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], ref_bfe_u(V(t, 1)[l], V(t, 2)[l], V(t, 3)[l]), l, "bfe_u32");
	RUN(t, I_BFE_I32, "v_bfe_i32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], ref_bfe_i(V(t, 1)[l], V(t, 2)[l], V(t, 3)[l]), l, "bfe_i32");
	assert_int_equal(V(t, 0)[0], 0xfffffff8u);
	fill_rnd(t, 2);
	fill_rnd(t, 3);
	RUN(t, I_BFI_B32, "v_bfi_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (V(t, 1)[l] & V(t, 2)[l]) | (~V(t, 1)[l] & V(t, 3)[l]), l, "bfi");
	RUN(t, I_ALIGNBIT, "v_alignbit_b32");
	for (unsigned l = 0; l < 64; l++) {
		unsigned s = V(t, 3)[l] & 31;
		uint32_t want = s ? (V(t, 2)[l] >> s) | (V(t, 1)[l] << (32 - s)) : V(t, 2)[l];
		check_u32(V(t, 0)[l], want, l, "alignbit");
	}
	RUN(t, I_ALIGNBYTE, "v_alignbyte_b32");
	for (unsigned l = 0; l < 64; l++) {
		unsigned s = 8 * (V(t, 3)[l] & 3);
		uint32_t want = s ? (V(t, 2)[l] >> s) | (V(t, 1)[l] << (32 - s)) : V(t, 2)[l];
		check_u32(V(t, 0)[l], want, l, "alignbyte");
	}

	/* v_perm_b32: every selector value 0..255 in some byte */
	for (unsigned l = 0; l < 64; l++)
		V(t, 3)[l] = (4 * l) | (4 * l + 1) << 8 | (4 * l + 2) << 16 | (4 * l + 3) << 24;
	V(t, 1)[0] = 0x80ff7f01, V(t, 2)[0] = 0x0080ff7f;
	RUN(t, I_PERM, "v_perm_b32");
	for (unsigned l = 0; l < 64; l++) {
		uint8_t bytes[8];
		for (unsigned i = 0; i < 4; i++) {
			bytes[i] = (uint8_t)(V(t, 2)[l] >> (8 * i));     /* src1 = bytes 0..3 */
			bytes[4 + i] = (uint8_t)(V(t, 1)[l] >> (8 * i)); /* src0 = bytes 4..7 */
		}
		uint32_t want = 0;
		for (unsigned i = 0; i < 4; i++) {
			unsigned sel = (V(t, 3)[l] >> (8 * i)) & 0xff;
			uint8_t b;
			if (sel <= 7)
				b = bytes[sel];
			else if (sel == 8)
				b = bytes[1] & 0x80 ? 0xff : 0;
			else if (sel == 9)
				b = bytes[3] & 0x80 ? 0xff : 0;
			else if (sel == 10)
				b = bytes[5] & 0x80 ? 0xff : 0;
			else if (sel == 11)
				b = bytes[7] & 0x80 ? 0xff : 0;
			else if (sel == 12)
				b = 0;
			else
				b = 0xff;
			want |= (uint32_t)b << (8 * i);
		}
		check_u32(V(t, 0)[l], want, l, "perm_b32");
	}

	fill_rnd(t, 1);
	V(t, 1)[0] = 0, V(t, 1)[1] = ~0u, V(t, 1)[2] = 1, V(t, 1)[3] = 0x80000000, V(t, 1)[4] = 0x40000000;
	V(t, 1)[5] = 0xc0000000;
	RUN(t, I_FFBH_U32, "v_ffbh_u32");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t x = V(t, 1)[l], want = ~0u;
		for (int b = 31; b >= 0; b--)
			if ((x >> b) & 1) {
				want = 31 - (uint32_t)b;
				break;
			}
		check_u32(V(t, 0)[l], want, l, "ffbh_u32");
	}
	RUN(t, I_FFBL_B32, "v_ffbl_b32");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t x = V(t, 1)[l], want = ~0u;
		for (unsigned b = 0; b < 32; b++)
			if ((x >> b) & 1) {
				want = b;
				break;
			}
		check_u32(V(t, 0)[l], want, l, "ffbl_b32");
	}
	RUN(t, I_FFBH_I32, "v_ffbh_i32");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t x = V(t, 1)[l], s = x >> 31, want = ~0u;
		for (int b = 30; b >= 0; b--)
			if (((x >> b) & 1) != s) {
				want = 31 - (uint32_t)b;
				break;
			}
		check_u32(V(t, 0)[l], want, l, "ffbh_i32");
	}
	assert_int_equal(V(t, 0)[5], 2);
	RUN(t, I_BFREV, "v_bfrev_b32");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t x = V(t, 1)[l], want = 0;
		for (unsigned b = 0; b < 32; b++)
			want |= ((x >> b) & 1) << (31 - b);
		check_u32(V(t, 0)[l], want, l, "bfrev");
	}
	fill_rnd(t, 2);
	RUN(t, I_BCNT, "v_bcnt_u32_b32");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t n = 0;
		for (unsigned b = 0; b < 32; b++)
			n += (V(t, 1)[l] >> b) & 1;
		check_u32(V(t, 0)[l], n + V(t, 2)[l], l, "bcnt");
	}
}

static void test_misc_int(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 3);
	RUN(t, I_SAD_U8, "v_sad_u8");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t s = 0;
		for (unsigned b = 0; b < 4; b++) {
			int x = (V(t, 1)[l] >> (8 * b)) & 0xff, y = (V(t, 2)[l] >> (8 * b)) & 0xff;
			s += (uint32_t)abs(x - y);
		}
		check_u32(V(t, 0)[l], s + V(t, 3)[l], l, "sad_u8");
	}
	RUN(t, I_SAD_HI_U8, "v_sad_hi_u8");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t s = 0;
		for (unsigned b = 0; b < 4; b++)
			s += (uint32_t)abs((int)((V(t, 1)[l] >> (8 * b)) & 0xff) - (int)((V(t, 2)[l] >> (8 * b)) & 0xff));
		check_u32(V(t, 0)[l], (s << 16) + V(t, 3)[l], l, "sad_hi_u8");
	}
	RUN(t, I_LERP_U8, "v_lerp_u8");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t want = 0;
		for (unsigned b = 0; b < 4; b++) {
			uint32_t x = (V(t, 1)[l] >> (8 * b)) & 0xff, y = (V(t, 2)[l] >> (8 * b)) & 0xff;
			want |= ((x + y + ((V(t, 3)[l] >> (8 * b)) & 1)) >> 1) << (8 * b);
		}
		check_u32(V(t, 0)[l], want, l, "lerp_u8");
	}
	RUN(t, I_BFM, "v_bfm_b32");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t wd = V(t, 1)[l] & 31, off = V(t, 2)[l] & 31, want = 0;
		for (unsigned i = 0; i < wd; i++)
			if (off + i < 32)
				want |= 1u << (off + i);
		check_u32(V(t, 0)[l], want, l, "bfm");
	}
	RUN(t, I_CVT_PK_I16_I32, "v_cvt_pk_i16_i32");
	for (unsigned l = 0; l < 64; l++) {
		int32_t a = (int32_t)V(t, 1)[l], b = (int32_t)V(t, 2)[l];
		a = a < -32768 ? -32768 : a > 32767 ? 32767 : a;
		b = b < -32768 ? -32768 : b > 32767 ? 32767 : b;
		check_u32(V(t, 0)[l], ((uint32_t)a & 0xffff) | (uint32_t)b << 16, l, "cvt_pk_i16_i32");
	}
	RUN(t, I_SAT_PK_U8_I16, "v_sat_pk_u8_i16");
	for (unsigned l = 0; l < 64; l++) {
		int32_t lo = (int16_t)V(t, 1)[l], hi = (int16_t)(V(t, 1)[l] >> 16);
		lo = lo < 0 ? 0 : lo > 255 ? 255 : lo;
		hi = hi < 0 ? 0 : hi > 255 ? 255 : hi;
		check_u32(V(t, 0)[l], (uint32_t)lo | (uint32_t)hi << 8, l, "sat_pk_u8_i16");
	}
	RUN(t, I_CVT_OFF_F32_I4, "v_cvt_off_f32_i4");
	for (unsigned l = 0; l < 64; l++) {
		int n = (int)(V(t, 1)[l] & 15);
		check_u32(V(t, 0)[l], fb((float)(n >= 8 ? n - 16 : n) / 16.0f), l, "cvt_off_f32_i4");
	}
	RUN(t, I_ASHRREV_I16, "v_ashrrev_i16");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (uint16_t)((int16_t)V(t, 2)[l] >> (V(t, 1)[l] & 15)), l, "ashrrev_i16");
	fill_f32(t, 1, 0);
	fill_f32(t, 2, 6);
	RUN(t, I_CVT_PKNORM_I16_F32, "v_cvt_pknorm_i16_f32");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t want = 0;
		for (unsigned h = 0; h < 2; h++) {
			float f = bf(V(t, 1 + h)[l]);
			int32_t x = isnan(f) ? 0 : (int32_t)nearbyintf(fminf(fmaxf(f, -1.0f), 1.0f) * 32767.0f);
			want |= ((uint32_t)x & 0xffff) << (16 * h);
		}
		check_u32(V(t, 0)[l], want, l, "cvt_pknorm_i16_f32");
	}
}

static void test_mbcnt_lane_id(void **state)
{
	struct tu_wave *t = *state;
	uint64_t exec = 0xffff0000ffff00ffull;
	emu_set_exec(&t->w, exec);
	memset(V(t, 0), 0xee, 256);
	RUN(t, I_MBCNT_LO, "v_mbcnt_lo_u32_b32");
	RUN(t, I_MBCNT_HI, "v_mbcnt_hi_u32_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (exec >> l) & 1 ? l : 0xeeeeeeee, l, "mbcnt lane id");
}

static void test_ternary_int(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 3);
	RUN(t, I_LSHL_ADD, "v_lshl_add_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (V(t, 1)[l] << (V(t, 2)[l] & 31)) + V(t, 3)[l], l, "lshl_add");
	RUN(t, I_ADD3, "v_add3_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], V(t, 1)[l] + V(t, 2)[l] + V(t, 3)[l], l, "add3");
	RUN(t, I_LSHL_OR, "v_lshl_or_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (V(t, 1)[l] << (V(t, 2)[l] & 31)) | V(t, 3)[l], l, "lshl_or");
	RUN(t, I_AND_OR, "v_and_or_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (V(t, 1)[l] & V(t, 2)[l]) | V(t, 3)[l], l, "and_or");
	RUN(t, I_OR3, "v_or3_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], V(t, 1)[l] | V(t, 2)[l] | V(t, 3)[l], l, "or3");
	RUN(t, I_XAD, "v_xad_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (V(t, 1)[l] ^ V(t, 2)[l]) + V(t, 3)[l], l, "xad");
	RUN(t, I_ADD_LSHL, "v_add_lshl_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (V(t, 1)[l] + V(t, 2)[l]) << (V(t, 3)[l] & 31), l, "add_lshl");
	RUN(t, I_MIN_I32, "v_min_i32");
	for (unsigned l = 0; l < 64; l++) {
		int32_t a = (int32_t)V(t, 1)[l], b = (int32_t)V(t, 2)[l];
		check_u32(V(t, 0)[l], (uint32_t)(a < b ? a : b), l, "min_i32");
	}
	RUN(t, I_MAX_U32, "v_max_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], V(t, 1)[l] > V(t, 2)[l] ? V(t, 1)[l] : V(t, 2)[l], l, "max_u32");
	RUN(t, I_MED3_I32, "v_med3_i32");
	for (unsigned l = 0; l < 64; l++) {
		int32_t x[3] = {(int32_t)V(t, 1)[l], (int32_t)V(t, 2)[l], (int32_t)V(t, 3)[l]};
		for (int i = 0; i < 3; i++)
			for (int j = i + 1; j < 3; j++)
				if (x[j] < x[i]) {
					int32_t s = x[i];
					x[i] = x[j];
					x[j] = s;
				}
		check_u32(V(t, 0)[l], (uint32_t)x[1], l, "med3_i32");
	}
	RUN(t, I_MED3_U32, "v_med3_u32");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t x[3] = {V(t, 1)[l], V(t, 2)[l], V(t, 3)[l]};
		uint32_t lo = x[0] < x[1] ? x[0] : x[1], hi = x[0] < x[1] ? x[1] : x[0];
		uint32_t med = x[2] < lo ? lo : x[2] > hi ? hi : x[2];
		check_u32(V(t, 0)[l], med, l, "med3_u32");
	}
}

static void test_16bit_int(void **state)
{
	struct tu_wave *t = *state;
	fill_rnd(t, 0);
	fill_srcs(t, 3);
	RUN(t, I_LSHLREV_B16, "v_lshlrev_b16");
	for (unsigned l = 0; l < 64; l++) /* gfx9 VOP2 16-bit results zero bits [31:16] */
		check_u32(V(t, 0)[l], (uint16_t)(V(t, 2)[l] << (V(t, 1)[l] & 15)), l, "lshlrev_b16");
	RUN(t, I_ADD_U16, "v_add_u16");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (uint16_t)(V(t, 1)[l] + V(t, 2)[l]), l, "add_u16");
	uint32_t old[64];
	memcpy(old, V(t, 0), sizeof(old));
	/* op_sel:[1,0,0,1]: src0 high half, result to the high half, low half kept */
	RUN(t, I_MAD_U16_OPSEL, "v_mad_u16");
	for (unsigned l = 0; l < 64; l++) {
		uint16_t r = (uint16_t)((V(t, 1)[l] >> 16) * (V(t, 2)[l] & 0xffff) + (V(t, 3)[l] & 0xffff));
		check_u32(V(t, 0)[l], (old[l] & 0xffff) | (uint32_t)r << 16, l, "mad_u16 op_sel");
	}
}

/* Registers beyond the descriptor's allocation fault, read or written. */
static void test_register_range(void **state)
{
	struct tu_wave *t = *state;
	t->w.nvgpr = 2;
	RUN(t, I_ADD_U32, "v_add_u32"); /* reads v2 */
	assert_int_equal(t->w.state, EMU_WAVE_FAULT);
	tu_wave_clear_fault(t);
	t->w.nvgpr = 3;
	V(t, 8)[0] = 0x1234;
	RUN(t, I_MAD_U64_U32, "v_mad_u64_u32"); /* writes v[8:9], reads v[4:5] */
	assert_int_equal(t->w.state, EMU_WAVE_FAULT);
	assert_int_equal(V(t, 8)[0], 0x1234);
	tu_wave_clear_fault(t);
	t->w.nvgpr = 256;
	t->w.nagpr = 4;
	RUN(t, I_ACC_MOV, "v_accvgpr_mov_b32"); /* a5 */
	assert_int_equal(t->w.state, EMU_WAVE_FAULT);
}

static void test_lane_ops(void **state)
{
	struct tu_wave *t = *state;
	fill_rnd(t, 1);
	t->w.s[2] = 64 + 37; /* lane select uses [5:0] */
	emu_set_exec(&t->w, 0);
	RUN(t, I_READLANE, "v_readlane_b32");
	assert_int_equal(t->w.s[5], V(t, 1)[37]);
	emu_set_exec(&t->w, 0xffffff0000000000ull);
	RUN(t, I_READFIRSTLANE, "v_readfirstlane_b32");
	assert_int_equal(t->w.s[5], V(t, 1)[40]);
	/* writelane writes its lane whatever EXEC says */
	emu_set_exec(&t->w, 0);
	t->w.s[5] = 0xabcdef01;
	RUN(t, I_WRITELANE, "v_writelane_b32");
	assert_int_equal(V(t, 1)[7], 0xabcdef01);

	emu_set_exec(&t->w, 0x00000000ffffffffull);
	fill_rnd(t, 0);
	fill_rnd(t, 1);
	uint32_t a[64], b[64];
	memcpy(a, V(t, 0), sizeof(a));
	memcpy(b, V(t, 1), sizeof(b));
	RUN(t, I_SWAP, "v_swap_b32");
	for (unsigned l = 0; l < 64; l++) {
		check_u32(V(t, 0)[l], l < 32 ? b[l] : a[l], l, "swap dst");
		check_u32(V(t, 1)[l], l < 32 ? a[l] : b[l], l, "swap src");
	}
	emu_set_exec(&t->w, ~0ull);
	RUN(t, I_MOV_LIT, "v_mov_b32");
	check_lanes(V(t, 0), 0x12345678, "mov literal");
	RUN(t, I_MOV_CONST, "v_mov_b32");
	check_lanes(V(t, 0), 0xc0800000, "mov -4.0");
}

static void test_cndmask(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 2);
	uint64_t m = ((uint64_t)rnd() << 32) | rnd();
	emu_set_vcc(&t->w, m);
	RUN(t, I_CNDMASK_E32, "v_cndmask_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (m >> l) & 1 ? V(t, 2)[l] : V(t, 1)[l], l, "cndmask e32");
	setS64(t, 6, ~m);
	RUN(t, I_CNDMASK_E64, "v_cndmask_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (~m >> l) & 1 ? V(t, 2)[l] & 0x7fffffff : V(t, 1)[l] ^ 0x80000000, l,
		          "cndmask e64 -v1 |v2|");
}

/* ======================================================================== */
/* fp32                                                                      */
/* ======================================================================== */

typedef float (*f32op2)(float, float);
static float op_add(float a, float b) { return a + b; }
static float op_sub(float a, float b) { return a - b; }
static float op_mul(float a, float b) { return a * b; }

static void check_binop32(struct tu_wave *t, struct enc e, const char *m, f32op2 op)
{
	for (unsigned rot = 0; rot < NEDGE; rot += 5) {
		fill_f32(t, 1, rot);
		fill_f32(t, 2, rot * 7 + 3);
		run(t, e, m);
		for (unsigned l = 0; l < 64; l++)
			check_f32(V(t, 0)[l], fb(op(bf(V(t, 1)[l]), bf(V(t, 2)[l]))), l, m);
	}
}

/* Run the unary f32 op e on v1 into v0: every lane is op of its source. */
static void check_unop32(struct tu_wave *t, struct enc e, const char *m, float (*op)(float))
{
	run(t, e, m);
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb(op(bf(V(t, 1)[l]))), l, m);
}

static void test_f32_arith(void **state)
{
	struct tu_wave *t = *state;
	check_binop32(t, ENC(I_ADD_F32), "v_add_f32", op_add);
	check_binop32(t, ENC(I_SUB_F32), "v_sub_f32", op_sub);
	check_binop32(t, ENC(I_MUL_F32), "v_mul_f32", op_mul);
	for (unsigned rot = 0; rot < NEDGE; rot += 3) {
		fill_f32(t, 1, rot);
		fill_f32(t, 2, rot + 11);
		fill_f32(t, 3, rot + 17);
		RUN(t, I_FMA_F32, "v_fma_f32");
		for (unsigned l = 0; l < 64; l++)
			check_f32(V(t, 0)[l], fb(fmaf(bf(V(t, 1)[l]), bf(V(t, 2)[l]), bf(V(t, 3)[l]))), l, "fma_f32");
	}
	/* rounding: 1 + 2^-24 ties to even (1), 1 + 3*2^-24 rounds up */
	V(t, 1)[0] = 0x3f800000, V(t, 2)[0] = 0x33800000;
	V(t, 1)[1] = 0x3f800000, V(t, 2)[1] = 0x34400000;
	RUN(t, I_ADD_F32, "v_add_f32");
	assert_int_equal(V(t, 0)[0], 0x3f800000);
	assert_int_equal(V(t, 0)[1], 0x3f800002);
	/* NaN results are quiet */
	V(t, 1)[2] = 0x7f800001, V(t, 2)[2] = 0x3f800000;
	V(t, 1)[3] = 0x7f800000, V(t, 2)[3] = 0xff800000;
	RUN(t, I_ADD_F32, "v_add_f32");
	assert_true((V(t, 0)[2] & 0x7fc00000) == 0x7fc00000);
	assert_true((V(t, 0)[3] & 0x7fc00000) == 0x7fc00000);
}

static void test_f32_modifiers(void **state)
{
	struct tu_wave *t = *state;
	fill_f32(t, 1, 0);
	fill_f32(t, 2, 9);
	/* v_add_f32_e64 v0, -v1, |v2| clamp mul:2 */
	RUN(t, I_ADD_F32_MODS, "v_add_f32");
	for (unsigned l = 0; l < 64; l++) {
		float r = (-bf(V(t, 1)[l]) + fabsf(bf(V(t, 2)[l]))) * 2.0f;
		uint32_t want;
		if (isnan(r))
			want = 0; /* DX10_CLAMP: NaN clamps to 0 */
		else
			want = fb(r <= 0.0f ? 0.0f : r >= 1.0f ? 1.0f : r);
		check_u32(V(t, 0)[l], want, l, "add -v1 |v2| clamp mul:2");
	}
	RUN(t, I_MUL_F32_DIV2, "v_mul_f32");
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb(bf(V(t, 1)[l]) * bf(V(t, 2)[l]) * 0.5f), l, "mul div:2");
}

static void test_f32_denorm_mode(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned l = 0; l < 64; l++) {
		V(t, 1)[l] = 0x00000001 + l;      /* denormal */
		V(t, 2)[l] = l & 1 ? 0x00800000 : 0x3f000000;
	}
	/* preserve (mode 3): exact host results */
	RUN(t, I_ADD_F32, "v_add_f32");
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb(bf(V(t, 1)[l]) + bf(V(t, 2)[l])), l, "add denorm kept");
	assert_int_equal(V(t, 0)[1], 0x00800002);
	RUN(t, I_MUL_F32, "v_mul_f32");
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb(bf(V(t, 1)[l]) * bf(V(t, 2)[l])), l, "mul denorm kept");
	assert_int_equal(V(t, 0)[2], 0x00000002); /* 3 * 2^-149 * 0.5 ties to even */
	/* flush (FP_DENORM f32 = 0): denormal inputs read as zero, outputs flush */
	t->w.mode = MODE_DEFAULT & ~0x30u;
	RUN(t, I_MUL_F32, "v_mul_f32");
	check_lanes(V(t, 0), 0, "mul denorm flushed");
	V(t, 1)[0] = 0x00c00000, V(t, 2)[0] = 0x3f000000; /* 1.5*2^-126 * 0.5 = denormal result */
	RUN(t, I_MUL_F32, "v_mul_f32");
	assert_int_equal(V(t, 0)[0], 0);
	t->w.mode = MODE_DEFAULT;
	RUN(t, I_MUL_F32, "v_mul_f32");
	assert_int_equal(V(t, 0)[0], 0x00600000);
	/* MODE.FP_ROUND: f32 toward zero ([1:0] = 3), f16 toward +inf ([3:2] = 1) */
	V(t, 1)[0] = 0x3f800000, V(t, 2)[0] = 0x34400000; /* 1 + 1.5 ulp */
	V(t, 1)[1] = 0xbf800000, V(t, 2)[1] = 0xb4400000;
	t->w.mode = MODE_DEFAULT | 3;
	RUN(t, I_ADD_F32, "v_add_f32");
	assert_int_equal(V(t, 0)[0], 0x3f800001);
	assert_int_equal(V(t, 0)[1], 0xbf800001);
	t->w.mode = MODE_DEFAULT;
	RUN(t, I_ADD_F32, "v_add_f32");
	assert_int_equal(V(t, 0)[0], 0x3f800002);
	V(t, 1)[0] = 0x3f801000; /* 1 + 2^-11: between halves 1 and 1 + 2^-10 */
	V(t, 1)[1] = 0xbf801000;
	t->w.mode = MODE_DEFAULT | 1 << 2;
	RUN(t, I_CVT_F16_F32, "v_cvt_f16_f32");
	assert_int_equal(V(t, 0)[0], 0x3c01);
	assert_int_equal(V(t, 0)[1], 0xbc00);
	t->w.mode = MODE_DEFAULT;
	/* v_mac_f32 never keeps denormals (LLVM only uses it with fp32 flushed) */
	for (unsigned l = 0; l < 64; l++) {
		V(t, 0)[l] = 0x00000010;
		V(t, 1)[l] = 0x3f800000;
		V(t, 2)[l] = 0x00000020;
	}
	RUN(t, I_MAC_F32, "v_mac_f32");
	check_lanes(V(t, 0), 0, "mac flushes");
}

static void test_f32_minmax(void **state)
{
	struct tu_wave *t = *state;
	static const uint32_t pairs[][2] = {
		{0x3f800000, 0x40000000}, {0x7fc00000, 0x3f800000}, {0x3f800000, 0x7fc00000},
		{0x7f800001, 0x3f800000}, {0x3f800000, 0x7f800001}, {0x80000000, 0x00000000},
		{0x00000000, 0x80000000}, {0xff800000, 0x7f800000}, {0x7fc00000, 0x7fc00000},
	};
	unsigned n = sizeof(pairs) / sizeof(pairs[0]);
	for (unsigned l = 0; l < 64; l++) {
		V(t, 1)[l] = pairs[l % n][0];
		V(t, 2)[l] = pairs[l % n][1];
	}
	/* IEEE mode: qNaN yields the other operand, sNaN yields a quiet NaN; -0 < +0 */
	RUN(t, I_MIN_F32, "v_min_f32");
	uint32_t want_min[] = {0x3f800000, 0x3f800000, 0x3f800000, 0x7fc00001, 0x7fc00001,
	                       0x80000000, 0x80000000, 0xff800000, 0x7fc00000};
	for (unsigned l = 0; l < n; l++)
		check_f32(V(t, 0)[l], want_min[l], l, "min_f32 ieee");
	assert_true(isnan(bf(V(t, 0)[3])) && isnan(bf(V(t, 0)[4])));
	RUN(t, I_MAX_F32, "v_max_f32");
	uint32_t want_max[] = {0x40000000, 0x3f800000, 0x3f800000, 0x7fc00001, 0x7fc00001,
	                       0x00000000, 0x00000000, 0x7f800000, 0x7fc00000};
	for (unsigned l = 0; l < n; l++)
		check_f32(V(t, 0)[l], want_max[l], l, "max_f32 ieee");
	/* without IEEE mode any NaN yields the other operand */
	t->w.mode = MODE_DEFAULT & ~0x200u;
	RUN(t, I_MAX_F32, "v_max_f32");
	assert_int_equal(V(t, 0)[3], 0x3f800000);
	assert_int_equal(V(t, 0)[4], 0x3f800000);
	t->w.mode = MODE_DEFAULT;

	fill_f32(t, 1, 0);
	fill_f32(t, 2, 4);
	fill_f32(t, 3, 8);
	RUN(t, I_MED3_F32, "v_med3_f32");
	for (unsigned l = 0; l < 64; l++) {
		float a = bf(V(t, 1)[l]), b = bf(V(t, 2)[l]), c = bf(V(t, 3)[l]);
		if (isnan(a) || isnan(b) || isnan(c))
			continue;
		float want = fmaxf(fminf(a, b), fminf(fmaxf(a, b), c));
		if (want == 0.0f && bf(V(t, 0)[l]) == 0.0f)
			continue; /* sign of zero among equal zeros */
		check_f32(V(t, 0)[l], fb(want), l, "med3_f32");
	}
}

static void test_madak_madmk_fmac(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned l = 0; l < 64; l++) {
		V(t, 1)[l] = fb((float)l * 0.25f);
		V(t, 2)[l] = fb(3.0f - (float)l);
		V(t, 0)[l] = fb(100.0f + (float)l);
	}
	RUN(t, I_MADAK_F32, "v_madak_f32");
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb(bf(V(t, 1)[l]) * bf(V(t, 2)[l]) + 8.0f), l, "madak");
	RUN(t, I_MADMK_F32, "v_madmk_f32");
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb(bf(V(t, 1)[l]) * 8.0f + bf(V(t, 2)[l])), l, "madmk");
	fill_f32(t, 1, 3);
	fill_f32(t, 2, 5);
	fill_f32(t, 0, 7);
	uint32_t acc[64];
	memcpy(acc, V(t, 0), sizeof(acc));
	RUN(t, I_FMAC_F32, "v_fmac_f32");
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb(fmaf(bf(V(t, 1)[l]), bf(V(t, 2)[l]), bf(acc[l]))), l, "fmac");
}

static int32_t ref_cvt_i32(double x)
{
	if (isnan(x))
		return 0;
	if (x >= 2147483647.0)
		return INT32_MAX;
	if (x <= -2147483648.0)
		return INT32_MIN;
	return (int32_t)x;
}

static void test_f32_convert(void **state)
{
	struct tu_wave *t = *state;
	fill_f32(t, 1, 0);
	RUN(t, I_CVT_I32_F32, "v_cvt_i32_f32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (uint32_t)ref_cvt_i32(bf(V(t, 1)[l])), l, "cvt_i32_f32");
	RUN(t, I_CVT_U32_F32, "v_cvt_u32_f32");
	for (unsigned l = 0; l < 64; l++) {
		float f = bf(V(t, 1)[l]);
		uint32_t want = isnan(f) || f <= 0 ? 0 : f >= 4294967295.0f ? 0xffffffffu : (uint32_t)f;
		check_u32(V(t, 0)[l], want, l, "cvt_u32_f32");
	}
	RUN(t, I_CVT_FLR, "v_cvt_flr_i32_f32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (uint32_t)ref_cvt_i32(floor(bf(V(t, 1)[l]))), l, "cvt_flr");
	RUN(t, I_CVT_RPI, "v_cvt_rpi_i32_f32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (uint32_t)ref_cvt_i32(floor((double)bf(V(t, 1)[l]) + 0.5)), l, "cvt_rpi");
	fill_rnd(t, 1);
	V(t, 1)[0] = 0x7fffffff, V(t, 1)[1] = 0x80000000, V(t, 1)[2] = 0x01000001, V(t, 1)[3] = 0xffffffff;
	RUN(t, I_CVT_F32_I32, "v_cvt_f32_i32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], fb((float)(int32_t)V(t, 1)[l]), l, "cvt_f32_i32");
	RUN(t, I_CVT_F32_U32, "v_cvt_f32_u32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], fb((float)V(t, 1)[l]), l, "cvt_f32_u32");
	RUN(t, I_CVT_UBYTE2, "v_cvt_f32_ubyte2");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], fb((float)((V(t, 1)[l] >> 16) & 0xff)), l, "cvt_f32_ubyte2");
}

/* f32 <-> f16: the host _Float16 conversion is IEEE round-to-nearest-even. */
static void test_f16_convert(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned rot = 0; rot < 4; rot++) {
		fill_f32(t, 1, rot * 8);
		for (unsigned l = NEDGE; l < 64; l++) /* halfway and overflow neighbourhood */
			V(t, 1)[l] = (rnd() & 0x8fffffff) | ((0x30 + rnd() % 0x20) << 23);
		RUN(t, I_CVT_F16_F32, "v_cvt_f16_f32");
		for (unsigned l = 0; l < 64; l++) {
			uint16_t want = hb((_Float16)bf(V(t, 1)[l]));
			uint32_t got = V(t, 0)[l];
			if (isnan(bf(V(t, 1)[l])))
				assert_true((got & 0x7e00) == 0x7e00 && got <= 0xffff);
			else
				check_u32(got, want, l, "cvt_f16_f32");
		}
	}
	for (unsigned l = 0; l < 64; l++)
		V(t, 1)[l] = (rnd() & 0xffff0000) | (l < 32 ? l * 0x801 : rnd() & 0xffff);
	V(t, 1)[60] = 0x7c01, V(t, 1)[61] = 0x0001, V(t, 1)[62] = 0x83ff, V(t, 1)[63] = 0xfc00;
	RUN(t, I_CVT_F32_F16, "v_cvt_f32_f16");
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb((float)bh((uint16_t)V(t, 1)[l])), l, "cvt_f32_f16");
	/* pkrtz: toward zero, so 65519 and 65520 stay finite */
	fill_f32(t, 1, 0);
	fill_f32(t, 2, 5);
	V(t, 1)[0] = fb(65520.0f), V(t, 2)[0] = fb(-1.0009765625f + -0.0004f);
	RUN(t, I_CVT_PKRTZ, "v_cvt_pkrtz_f16_f32");
	for (unsigned l = 0; l < 64; l++) {
		for (unsigned h = 0; h < 2; h++) {
			float f = bf(V(t, 1 + h)[l]);
			uint16_t got = (uint16_t)(V(t, 0)[l] >> (16 * h));
			if (isnan(f)) {
				assert_true((got & 0x7e00) == 0x7e00);
				continue;
			}
			/* round toward zero: the nearest-even half, stepped back toward
			 * zero when it went past f; finite values never become inf */
			_Float16 n = (_Float16)f;
			if (!isinf(f) && (isinf((float)n) || fabsf((float)n) > fabsf(f)))
				n = bh((uint16_t)(hb(n) - 1));
			check_u32(got, hb(n), l, "cvt_pkrtz");
		}
	}
	assert_int_equal(V(t, 0)[0] & 0xffff, 0x7bff);
}

/* Transcendentals against libm within the ISA's 1 ULP; denormal in/out flush. */
static double ulp_diff(float got, double want)
{
	if (isinf(want) || isinf(got))
		return (double)got == want ? 0.0 : INFINITY;
	double u = ldexp(1.0, ilogb(want == 0.0 ? FLT_MIN : want) - 23);
	if (fabs(want) < FLT_MIN)
		u = ldexp(1.0, -149);
	return fabs((double)got - want) / u;
}

/* The input the transcendental units see: they take no denormal input
 * (LLVM scales the operands of v_rcp_f32 and v_sqrt_f32 for that reason),
 * so a denormal reads as 0, as lane 0's check shows. */
static float trans_in(uint32_t bits)
{
	float x = bf(bits);

	return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

static void test_f32_trans(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned l = 0; l < 64; l++)
		V(t, 1)[l] = l < 8 ? fb((float)l * 0.125f) : fb((bf(rnd() & 0x3fffffff) - 1.0f) * 3.0f + 0.001f);
	V(t, 1)[0] = fb(0.25f);
	V(t, 1)[1] = fb(-0.5f);
	RUN(t, I_SIN_F32, "v_sin_f32");
	for (unsigned l = 0; l < 64; l++) {
		double want = sin(2.0 * M_PI * bf(V(t, 1)[l]));
		assert_true(fabs(bf(V(t, 0)[l]) - want) < 1e-6);
	}
	assert_int_equal(V(t, 0)[0], 0x3f800000); /* sin(2pi * 0.25) = 1 */
	RUN(t, I_COS_F32, "v_cos_f32");
	for (unsigned l = 0; l < 64; l++)
		assert_true(fabs(bf(V(t, 0)[l]) - cos(2.0 * M_PI * bf(V(t, 1)[l]))) < 1e-6);
	assert_int_equal(V(t, 0)[1], 0xbf800000);

	for (unsigned l = 0; l < 64; l++)
		V(t, 1)[l] = rnd() & 0x7fffffff;
	V(t, 1)[0] = 0x00000004; /* denormal input: treated as 0 */
	V(t, 1)[1] = fb(8.0f), V(t, 1)[2] = fb(0.0f), V(t, 1)[3] = 0x7f000000;
	RUN(t, I_RCP_F32, "v_rcp_f32");
	for (unsigned l = 4; l < 64; l++) {
		double want = 1.0 / trans_in(V(t, 1)[l]);
		if (fabs(want) < FLT_MIN || !isfinite(bf(V(t, 1)[l])))
			continue;
		assert_true(ulp_diff(bf(V(t, 0)[l]), want) <= 1.0);
	}
	assert_int_equal(V(t, 0)[0], 0x7f800000);
	assert_int_equal(V(t, 0)[1], 0x3e000000);
	assert_int_equal(V(t, 0)[2], 0x7f800000);
	assert_int_equal(V(t, 0)[3], 0); /* 2^-127 would be denormal: flushed */
	RUN(t, I_SQRT_F32, "v_sqrt_f32");
	for (unsigned l = 4; l < 64; l++)
		if (isfinite(bf(V(t, 1)[l])))
			assert_true(ulp_diff(bf(V(t, 0)[l]), sqrt(trans_in(V(t, 1)[l]))) <= 1.0);
	RUN(t, I_RSQ_F32, "v_rsq_f32");
	for (unsigned l = 4; l < 64; l++)
		if (isfinite(bf(V(t, 1)[l])) && bf(V(t, 1)[l]) >= FLT_MIN)
			assert_true(ulp_diff(bf(V(t, 0)[l]), 1.0 / sqrt(bf(V(t, 1)[l]))) <= 1.0);
	for (unsigned l = 0; l < 64; l++)
		V(t, 1)[l] = fb(((float)(int)(rnd() % 4000) - 2000.0f) / 13.0f);
	V(t, 1)[0] = fb(3.0f), V(t, 1)[1] = fb(-126.5f), V(t, 1)[2] = fb(-160.0f);
	RUN(t, I_EXP_F32, "v_exp_f32");
	for (unsigned l = 0; l < 64; l++) {
		double want = exp2(bf(V(t, 1)[l]));
		if (want < FLT_MIN)
			check_u32(V(t, 0)[l], 0, l, "exp_f32 denormal result flushed");
		else if (want > FLT_MAX)
			check_u32(V(t, 0)[l], 0x7f800000, l, "exp_f32 overflow");
		else
			assert_true(ulp_diff(bf(V(t, 0)[l]), want) <= 1.0);
	}
	assert_int_equal(V(t, 0)[0], 0x41000000);
	for (unsigned l = 0; l < 64; l++)
		V(t, 1)[l] = rnd() & 0x7fffffff;
	V(t, 1)[0] = fb(1024.0f), V(t, 1)[1] = 0x00000001;
	RUN(t, I_LOG_F32, "v_log_f32");
	for (unsigned l = 2; l < 64; l++)
		if (isfinite(bf(V(t, 1)[l])) && bf(V(t, 1)[l]) >= FLT_MIN)
			assert_true(fabs(bf(V(t, 0)[l]) - log2(bf(V(t, 1)[l]))) <= 1e-6 * fmax(1.0, fabs(log2(bf(V(t, 1)[l])))));
	assert_int_equal(V(t, 0)[0], 0x41200000);
	assert_int_equal(V(t, 0)[1], 0xff800000); /* denormal reads as 0: -inf */
}

static void test_f32_round_frexp(void **state)
{
	struct tu_wave *t = *state;
	fill_f32(t, 1, 0);
	V(t, 1)[40] = fb(-1e-10f), V(t, 1)[41] = fb(2.5f), V(t, 1)[42] = fb(3.5f), V(t, 1)[43] = fb(-2.5f);
	RUN(t, I_FRACT_F32, "v_fract_f32");
	for (unsigned l = 0; l < 64; l++) {
		float x = bf(V(t, 1)[l]);
		float want = isinf(x) ? NAN : fminf(x - floorf(x), 0x1.fffffep-1f);
		check_f32(V(t, 0)[l], fb(want), l, "fract_f32");
	}
	assert_int_equal(V(t, 0)[40], 0x3f7fffff);
	check_unop32(t, ENC(I_FLOOR_F32), "v_floor_f32", floorf);
	check_unop32(t, ENC(I_CEIL_F32), "v_ceil_f32", ceilf);
	check_unop32(t, ENC(I_TRUNC_F32), "v_trunc_f32", truncf);
	check_unop32(t, ENC(I_RNDNE_F32), "v_rndne_f32", nearbyintf);
	assert_int_equal(V(t, 0)[41], fb(2.0f));
	assert_int_equal(V(t, 0)[42], fb(4.0f));
	RUN(t, I_FREXP_MANT_F32, "v_frexp_mant_f32");
	for (unsigned l = 0; l < 64; l++) {
		float x = bf(V(t, 1)[l]);
		int e;
		check_f32(V(t, 0)[l], fb(isfinite(x) ? frexpf(x, &e) : x), l, "frexp_mant");
	}
	RUN(t, I_FREXP_EXP_F32, "v_frexp_exp_i32_f32");
	for (unsigned l = 0; l < 64; l++) {
		float x = bf(V(t, 1)[l]);
		int e = 0;
		if (isfinite(x))
			frexpf(x, &e);
		check_u32(V(t, 0)[l], (uint32_t)e, l, "frexp_exp");
	}
	for (unsigned l = 0; l < 64; l++)
		V(t, 2)[l] = (uint32_t)((int)(rnd() % 600) - 300);
	RUN(t, I_LDEXP_F32, "v_ldexp_f32");
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb(ldexpf(bf(V(t, 1)[l]), (int32_t)V(t, 2)[l])), l, "ldexp");
}

/* The LLVM fdiv expansion (llc -mcpu=gfx900, denormal-fp-math-f32=ieee)
 * must give the correctly rounded quotient, specials included. */
static void run_div32(struct tu_wave *t)
{
	RUN(t, I_DS32_DEN, "v_div_scale_f32");   /* d: the denominator, scaled */
	RUN(t, I_DS32_NUM, "v_div_scale_f32");   /* n: the numerator, scaled; VCC says whether */
	RUN(t, I_RCP_35, "v_rcp_f32");           /* r ~ 1/d */
	RUN(t, I_FMA_653, "v_fma_f32");          /* e = 1 - d*r */
	RUN(t, I_FMA_5655, "v_fma_f32");         /* r += e*r: Newton step */
	RUN(t, I_MUL_645, "v_mul_f32");          /* q = n*r */
	RUN(t, I_FMA_7364, "v_fma_f32");         /* remainder n - d*q */
	RUN(t, I_FMA_6756, "v_fma_f32");         /* q += remainder*r */
	RUN(t, I_FMA_3364, "v_fma_f32");         /* the last remainder */
	RUN(t, I_FMAS32, "v_div_fmas_f32");      /* q + remainder*r, unscaled by VCC */
	RUN(t, I_FIXUP32, "v_div_fixup_f32");    /* zeros, infinities, NaNs and overflow */
}

static uint64_t rnd64(void) { return (uint64_t)rnd() << 32 | rnd(); }

/* Division operands (raw bits of a single, or of a double for f64) of
 * class k: 0 any, 1 a denormal numerator, 2 a denormal denominator,
 * 3 huge / tiny, 4 tiny / huge. */
static void div_operands(unsigned k, bool f64, uint64_t *n, uint64_t *d)
{
	uint64_t denorm = f64 ? 0x800fffffffffffffull : 0x807fffff;   /* sign and mantissa only */
	uint64_t huge = f64 ? 0x7fc0000000000000ull : 0x7e000000;
	uint64_t tiny = f64 ? 0x801fffffffffffffull : 0x80ffffff;
	uint64_t a = f64 ? rnd64() : rnd(), b = f64 ? rnd64() : rnd();

	*n = k == 1 ? a & denorm : k == 3 ? a | huge : k == 4 ? a & tiny : a;
	*d = k == 2 ? b & denorm : k == 3 ? b & tiny : k == 4 ? b | huge : b;
}

static void run_div64(struct tu_wave *t)
{
	/* two Newton steps on the reciprocal before the quotient */
	RUN(t, I_DS64_DEN, "v_div_scale_f64");
	RUN(t, I_RCP64_1210, "v_rcp_f64");
	RUN(t, I_FMA64_A, "v_fma_f64");
	RUN(t, I_FMA64_B, "v_fma_f64");
	RUN(t, I_DS64_NUM, "v_div_scale_f64");   /* VCC: whether the numerator was scaled */
	RUN(t, I_FMA64_C, "v_fma_f64");
	RUN(t, I_FMA64_D, "v_fma_f64");
	RUN(t, I_MUL64_E, "v_mul_f64");          /* the quotient */
	RUN(t, I_FMA64_F, "v_fma_f64");          /* its remainder */
	RUN(t, I_FMAS64, "v_div_fmas_f64");
	RUN(t, I_FIXUP64, "v_div_fixup_f64");
}

/* 40 rounds of 64 lanes of division operands (classes of div_operands;
 * for singles also edge values, for doubles first zeros, infinities and a
 * NaN) through the LLVM expansion: every quotient correctly rounded. */
static void check_division(struct tu_wave *t, bool f64)
{
	static const uint64_t special64[6][2] = {
		{0, 0}, {0x7ff0000000000000ull, 0x7ff0000000000000ull}, {0x3ff0000000000000ull, 0},
		{0, 0x4000000000000000ull}, {0x7ff8000000000000ull, 1}, {0x4008000000000000ull, 0x7ff0000000000000ull},
	};

	for (unsigned rep = 0; rep < 40; rep++) {
		for (unsigned l = 0; l < 64; l++) {
			unsigned k = (l + rep) % (f64 ? 5 : 6);
			uint64_t n, d;

			div_operands(k, f64, &n, &d);
			if (!f64 && k == 5) {
				n = f32_edge[n % NEDGE];
				d = f32_edge[d % NEDGE];
			}
			if (f64 && rep == 0 && l < 6) {
				n = special64[l][0];
				d = special64[l][1];
			}
			if (f64) {
				setV64(t, 2, l, n);
				setV64(t, 4, l, d);
			} else {
				V(t, 1)[l] = (uint32_t)n;
				V(t, 2)[l] = (uint32_t)d;
			}
		}
		if (f64)
			run_div64(t);
		else
			run_div32(t);
		for (unsigned l = 0; l < 64; l++) {
			if (f64)
				check_f64(V64(t, 8, l), db(bd(V64(t, 2, l)) / bd(V64(t, 4, l))), l,
				          "f64 division sequence");
			else
				check_f32(V(t, 0)[l], fb(bf(V(t, 1)[l]) / bf(V(t, 2)[l])), l, "f32 division sequence");
		}
	}
}

static void test_div_f32_sequence(void **state)
{
	check_division(*state, false);
}

static void test_div_f64_sequence(void **state)
{
	check_division(*state, true);
}

/* ======================================================================== */
/* fp64                                                                      */
/* ======================================================================== */

static void test_f64(void **state)
{
	struct tu_wave *t = *state;
	static const uint64_t edge[] = {
		0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0x0000000000000001ull, 0x7ff0000000000000ull,
		0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7fefffffffffffffull, 0x3fe0000000000000ull,
		0xc00c000000000000ull, 0x41e0000000000000ull, 0xc1e0000000000001ull,
	};
	for (unsigned rep = 0; rep < 8; rep++) {
		for (unsigned l = 0; l < 64; l++) {
			setV64(t, 2, l, l < 12 ? edge[(l + rep) % 12] : rnd64());
			setV64(t, 4, l, l < 12 ? edge[(l * 5 + rep) % 12] : rnd64());
			setV64(t, 6, l, rnd64());
		}
		RUN(t, I_ADD_F64, "v_add_f64");
		for (unsigned l = 0; l < 64; l++)
			check_f64(V64(t, 8, l), db(bd(V64(t, 2, l)) + bd(V64(t, 4, l))), l, "add_f64");
		RUN(t, I_MUL_F64, "v_mul_f64");
		for (unsigned l = 0; l < 64; l++)
			check_f64(V64(t, 8, l), db(bd(V64(t, 2, l)) * bd(V64(t, 4, l))), l, "mul_f64");
		RUN(t, I_FMA_F64, "v_fma_f64");
		for (unsigned l = 0; l < 64; l++)
			check_f64(V64(t, 8, l), db(fma(bd(V64(t, 2, l)), bd(V64(t, 4, l)), bd(V64(t, 6, l)))), l, "fma_f64");
		RUN(t, I_ADD_F64_MODS, "v_add_f64");
		for (unsigned l = 0; l < 64; l++)
			check_f64(V64(t, 8, l), db(-bd(V64(t, 2, l)) + fabs(bd(V64(t, 4, l)))), l, "add_f64 -a |b|");
		RUN(t, I_CVT_F32_F64, "v_cvt_f32_f64");
		for (unsigned l = 0; l < 64; l++)
			check_f32(V(t, 0)[l], fb((float)bd(V64(t, 2, l))), l, "cvt_f32_f64");
		RUN(t, I_CVT_I32_F64, "v_cvt_i32_f64");
		for (unsigned l = 0; l < 64; l++)
			check_u32(V(t, 0)[l], (uint32_t)ref_cvt_i32(bd(V64(t, 2, l))), l, "cvt_i32_f64");
		RUN(t, I_FRACT_F64, "v_fract_f64");
		for (unsigned l = 0; l < 64; l++) {
			double x = bd(V64(t, 2, l));
			check_f64(V64(t, 8, l), db(isinf(x) ? NAN : fmin(x - floor(x), 0x1.fffffffffffffp-1)), l, "fract_f64");
		}
		RUN(t, I_RSQ_F64, "v_rsq_f64");
		for (unsigned l = 0; l < 64; l++) {
			double x = bd(V64(t, 2, l));
			if (x > 0 && isfinite(x)) {
				double want = 1.0 / sqrt(x), got = bd(V64(t, 8, l));
				assert_true(fabs(got - want) <= fabs(want) * 0x1p-52);
			}
		}
	}
	/* min_f64: -0 below +0, qNaN ignored */
	setV64(t, 2, 0, 0x8000000000000000ull), setV64(t, 4, 0, 0);
	setV64(t, 2, 1, 0x7ff8000000000000ull), setV64(t, 4, 1, 0x4000000000000000ull);
	RUN(t, I_MIN_F64, "v_min_f64");
	assert_int_equal(V64(t, 8, 0), 0x8000000000000000ull);
	assert_int_equal(V64(t, 8, 1), 0x4000000000000000ull);

	fill_f32(t, 1, 0);
	RUN(t, I_CVT_F64_F32, "v_cvt_f64_f32");
	for (unsigned l = 0; l < 64; l++)
		check_f64(V64(t, 8, l), db((double)bf(V(t, 1)[l])), l, "cvt_f64_f32");
	RUN(t, I_CVT_F64_U32, "v_cvt_f64_u32");
	for (unsigned l = 0; l < 64; l++)
		check_f64(V64(t, 8, l), db((double)V(t, 1)[l]), l, "cvt_f64_u32");
	for (unsigned l = 0; l < 64; l++) {
		setV64(t, 2, l, rnd64());
		V(t, 1)[l] = (uint32_t)((int)(rnd() % 4000) - 2000);
	}
	RUN(t, I_LDEXP_F64, "v_ldexp_f64");
	for (unsigned l = 0; l < 64; l++)
		check_f64(V64(t, 8, l), db(ldexp(bd(V64(t, 2, l)), (int32_t)V(t, 1)[l])), l, "ldexp_f64");

	/* trig_preop: the segments rebuild 2/pi (0.6366197723675814) */
	for (unsigned l = 0; l < 64; l++) {
		setV64(t, 2, l, 0x3ff0000000000000ull);
		V(t, 1)[l] = l % 3;
	}
	RUN(t, I_TRIG_PREOP, "v_trig_preop_f64");
	long double sum = 0;
	for (unsigned l = 0; l < 3; l++)
		sum += bd(V64(t, 8, l));
	assert_true(fabsl(sum - 0.63661977236758134307553505349005744813783858296183L) < 1e-30L);
	assert_int_equal(V64(t, 8, 0), db(0.6366197723675813)); /* first 53 bits of 2/pi, truncated */
}

/* ======================================================================== */
/* compares                                                                  */
/* ======================================================================== */

static void test_cmp_f32_predicates(void **state)
{
	struct tu_wave *t = *state;
	static const struct {
		struct enc e;
		const char *m;
	} c[] = {
		{ENC(I_CMP_F_F32), "v_cmp_f_f32"},     {ENC(I_CMP_LT_F32), "v_cmp_lt_f32"},
		{ENC(I_CMP_EQ_F32), "v_cmp_eq_f32"},   {ENC(I_CMP_LE_F32), "v_cmp_le_f32"},
		{ENC(I_CMP_GT_F32), "v_cmp_gt_f32"},   {ENC(I_CMP_LG_F32), "v_cmp_lg_f32"},
		{ENC(I_CMP_GE_F32), "v_cmp_ge_f32"},   {ENC(I_CMP_O_F32), "v_cmp_o_f32"},
		{ENC(I_CMP_U_F32), "v_cmp_u_f32"},     {ENC(I_CMP_NGE_F32), "v_cmp_nge_f32"},
		{ENC(I_CMP_NLG_F32), "v_cmp_nlg_f32"}, {ENC(I_CMP_NGT_F32), "v_cmp_ngt_f32"},
		{ENC(I_CMP_NLE_F32), "v_cmp_nle_f32"}, {ENC(I_CMP_NEQ_F32), "v_cmp_neq_f32"},
		{ENC(I_CMP_NLT_F32), "v_cmp_nlt_f32"}, {ENC(I_CMP_TRU_F32), "v_cmp_tru_f32"},
	};
	fill_f32(t, 1, 0);
	fill_f32(t, 2, 3);
	for (unsigned l = 40; l < 48; l++)
		V(t, 2)[l] = V(t, 1)[l];
	uint64_t exec = 0x7fffffffffff7ffeull;
	emu_set_exec(&t->w, exec);
	for (unsigned p = 0; p < 16; p++) {
		emu_set_vcc(&t->w, ~0ull);
		run(t, c[p].e, c[p].m);
		uint64_t want = 0;
		for (unsigned l = 0; l < 64; l++) {
			float a = bf(V(t, 1)[l]), b = bf(V(t, 2)[l]);
			bool un = isnan(a) || isnan(b), r;
			switch (p) {
			case 0: r = false; break;
			case 1: r = !un && a < b; break;
			case 2: r = !un && a == b; break;
			case 3: r = !un && a <= b; break;
			case 4: r = !un && a > b; break;
			case 5: r = !un && a != b; break;
			case 6: r = !un && a >= b; break;
			case 7: r = !un; break;
			case 8: r = un; break;
			case 9: r = un || a < b; break;
			case 10: r = un || a == b; break;
			case 11: r = un || a <= b; break;
			case 12: r = un || a > b; break;
			case 13: r = un || a != b; break;
			case 14: r = un || a >= b; break;
			default: r = true; break;
			}
			want |= (uint64_t)r << l;
		}
		if (emu_vcc(&t->w) != (want & exec))
			fail_msg("%s: vcc 0x%016llx want 0x%016llx", c[p].m, (unsigned long long)emu_vcc(&t->w),
			         (unsigned long long)(want & exec));
	}
	emu_set_exec(&t->w, ~0ull);
	RUN(t, I_CMP_LT_F32_E64, "v_cmp_lt_f32");
	uint64_t want = 0;
	for (unsigned l = 0; l < 64; l++)
		want |= (uint64_t)(-bf(V(t, 1)[l]) < fabsf(bf(V(t, 2)[l]))) << l;
	assert_int_equal(S64(t, 4), want);
}

static void test_cmp_int_cmpx_class(void **state)
{
	struct tu_wave *t = *state;
	fill_srcs(t, 2);
	for (unsigned l = 0; l < 8; l++)
		V(t, 2)[l] = V(t, 1)[l];
	uint64_t exec = 0xfff0fff0fff0ffffull;
	emu_set_exec(&t->w, exec);
	RUN(t, I_CMPX_GT_U32, "v_cmpx_gt_u32");
	uint64_t want = 0;
	for (unsigned l = 0; l < 64; l++)
		want |= (uint64_t)(V(t, 1)[l] > V(t, 2)[l]) << l;
	want &= exec;
	assert_int_equal(emu_vcc(&t->w), want); /* gfx9 v_cmpx writes VCC and EXEC */
	assert_int_equal(emu_exec_mask(&t->w), want);
	emu_set_exec(&t->w, exec);
	RUN(t, I_CMPX_GT_U32_E64, "v_cmpx_gt_u32");
	assert_int_equal(S64(t, 4), want);
	assert_int_equal(emu_exec_mask(&t->w), want);
	emu_set_exec(&t->w, ~0ull);

	for (unsigned l = 0; l < 64; l++) {
		setV64(t, 2, l, rnd64());
		setV64(t, 4, l, l < 4 ? V64(t, 2, l) : rnd64());
	}
	RUN(t, I_CMP_LT_I64, "v_cmp_lt_i64");
	want = 0;
	for (unsigned l = 0; l < 64; l++)
		want |= (uint64_t)((int64_t)V64(t, 2, l) < (int64_t)V64(t, 4, l)) << l;
	assert_int_equal(emu_vcc(&t->w), want);
	RUN(t, I_CMP_GE_U64, "v_cmp_ge_u64");
	want = 0;
	for (unsigned l = 0; l < 64; l++)
		want |= (uint64_t)(V64(t, 2, l) >= V64(t, 4, l)) << l;
	assert_int_equal(S64(t, 4), want);
	RUN(t, I_CMP_GT_I16, "v_cmp_gt_i16");
	want = 0;
	for (unsigned l = 0; l < 64; l++)
		want |= (uint64_t)((int16_t)V(t, 1)[l] > (int16_t)V(t, 2)[l]) << l;
	assert_int_equal(emu_vcc(&t->w), want);
	V(t, 1)[5] = 0;
	RUN(t, I_CMP_NE_U32_CONST, "v_cmp_ne_u32");
	want = 0;
	for (unsigned l = 0; l < 64; l++)
		want |= (uint64_t)(V(t, 1)[l] != 0) << l;
	assert_int_equal(emu_vcc(&t->w), want);

	/* class: every class bit against every class of value */
	static const uint32_t cls_val[10] = {0x7f800001, 0x7fc00000, 0xff800000, 0xbf800000, 0x80000010,
	                                     0x80000000, 0x00000000, 0x00000010, 0x3f800000, 0x7f800000};
	for (unsigned l = 0; l < 64; l++) {
		V(t, 1)[l] = cls_val[l % 10];
		V(t, 2)[l] = l < 10 ? 1u << l : rnd() & 0x3ff;
	}
	t->w.mode = MODE_DEFAULT & ~0x30u; /* no flush for class, even in flush mode */
	RUN(t, I_CMP_CLASS_F32, "v_cmp_class_f32");
	t->w.mode = MODE_DEFAULT;
	want = 0;
	for (unsigned l = 0; l < 64; l++)
		want |= (uint64_t)((V(t, 2)[l] >> (l % 10)) & 1) << l;
	assert_int_equal(S64(t, 4), want);
	assert_int_equal(S64(t, 4) & 0x3ff, 0x3ff);
	static const uint64_t cls64[10] = {0x7ff0000000000001ull, 0x7ff8000000000000ull, 0xfff0000000000000ull,
	                                   0xbff0000000000000ull, 0x8000000000000001ull, 0x8000000000000000ull,
	                                   0, 1, 0x3ff0000000000000ull, 0x7ff0000000000000ull};
	uint32_t masks[64];
	memcpy(masks, V(t, 2), sizeof(masks));
	for (unsigned l = 0; l < 64; l++) {
		setV64(t, 2, l, cls64[l % 10]);
		V(t, 1)[l] = masks[l];
	}
	RUN(t, I_CMP_CLASS_F64, "v_cmp_class_f64");
	assert_int_equal(emu_vcc(&t->w), want);
}

/* ======================================================================== */
/* fp16 and packed                                                           */
/* ======================================================================== */

static uint32_t rnd_half_pair(void)
{
	uint32_t x = rnd();
	/* keep most values finite and in range so sums are interesting */
	if (rnd() % 8)
		x &= 0xbbffbbff;
	return x;
}

/* v[first..first+n) = gen() in every lane, lane by lane (the order the
 * values are drawn in is part of each test's inputs). */
static void fill_vgprs(struct tu_wave *t, unsigned first, unsigned n, uint32_t (*gen)(void))
{
	for (unsigned l = 0; l < 64; l++)
		for (unsigned r = first; r < first + n; r++)
			V(t, r)[l] = gen();
}

static void test_f16_arith(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned rep = 0; rep < 16; rep++) {
		for (unsigned l = 0; l < 64; l++) {
			V(t, 0)[l] = rnd();
			V(t, 1)[l] = rnd_half_pair();
			V(t, 2)[l] = rnd_half_pair();
			V(t, 3)[l] = rnd_half_pair();
		}
		V(t, 1)[0] = 0x7bff, V(t, 2)[0] = 0x7bff; /* overflow to inf */
		V(t, 1)[1] = 0x0001, V(t, 2)[1] = 0x8002; /* denormals kept (mode 16_64 = 3) */
		RUN(t, I_ADD_F16, "v_add_f16");
		for (unsigned l = 0; l < 64; l++) {
			_Float16 a = bh((uint16_t)V(t, 1)[l]), b = bh((uint16_t)V(t, 2)[l]);
			uint16_t want = hb((_Float16)(a + b));
			if (isnan((float)(a + b)))
				assert_true(((V(t, 0)[l] & 0x7e00) == 0x7e00) && V(t, 0)[l] <= 0xffff);
			else
				check_u32(V(t, 0)[l], want, l, "add_f16 (high half zeroed)");
		}
		RUN(t, I_MUL_F16, "v_mul_f16");
		for (unsigned l = 0; l < 64; l++) {
			_Float16 a = bh((uint16_t)V(t, 1)[l]), b = bh((uint16_t)V(t, 2)[l]);
			if (!isnan((float)(a * b)))
				check_u32(V(t, 0)[l], hb((_Float16)(a * b)), l, "mul_f16");
		}
		RUN(t, I_SUB_F16, "v_sub_f16");
		for (unsigned l = 0; l < 64; l++) {
			_Float16 a = bh((uint16_t)V(t, 1)[l]), b = bh((uint16_t)V(t, 2)[l]);
			if (!isnan((float)(a - b)))
				check_u32(V(t, 0)[l], hb((_Float16)(a - b)), l, "sub_f16");
		}
		RUN(t, I_SQRT_F16, "v_sqrt_f16");
		for (unsigned l = 0; l < 64; l++) {
			_Float16 a = bh((uint16_t)V(t, 1)[l]);
			if (!isnan((float)a) && (float)a >= 0)
				check_u32(V(t, 0)[l], hb((_Float16)sqrtf((float)a)), l, "sqrt_f16");
		}
		/* fused: one rounding of the exact a*b+c; checked where the exact value
		 * fits a double (a*b is exact; TwoSum says whether the sum is) */
		uint32_t old[64];
		memcpy(old, V(t, 0), sizeof(old));
		RUN(t, I_FMA_F16, "v_fma_f16");
		for (unsigned l = 0; l < 64; l++) {
			double a = (float)bh((uint16_t)V(t, 1)[l]), b = (float)bh((uint16_t)V(t, 2)[l]);
			double c = (float)bh((uint16_t)V(t, 3)[l]);
			double p = a * b, s = p + c, z = s - p;
			if (isnan(s) || isinf(s) || (p - (s - z)) + (c - z) != 0.0)
				continue;
			check_u32(V(t, 0)[l], (old[l] & 0xffff0000) | hb((_Float16)s), l, "fma_f16 (high half kept)");
		}
		memcpy(old, V(t, 0), sizeof(old));
		RUN(t, I_FMA_F16_OPSEL, "v_fma_f16");
		for (unsigned l = 0; l < 64; l++) {
			double a = (float)bh((uint16_t)(V(t, 1)[l] >> 16)), b = (float)bh((uint16_t)V(t, 2)[l]);
			double c = (float)bh((uint16_t)(V(t, 3)[l] >> 16));
			double exact;
			if (!exact_fma(a, b, c, &exact))
				continue;
			check_u32(V(t, 0)[l], (old[l] & 0xffff) | (uint32_t)hb((_Float16)exact) << 16, l,
			          "fma_f16 op_sel");
		}
	}
	/* max_f16 and conversions */
	fill_vgprs(t, 1, 2, rnd_half_pair);
	RUN(t, I_MAX_F16, "v_max_f16");
	for (unsigned l = 0; l < 64; l++) {
		_Float16 a = bh((uint16_t)V(t, 1)[l]), b = bh((uint16_t)V(t, 2)[l]);
		if (isnan((float)a) || isnan((float)b) || a == b)
			continue;
		check_u32(V(t, 0)[l], hb(a > b ? a : b), l, "max_f16");
	}
	RUN(t, I_CVT_F16_U16, "v_cvt_f16_u16");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], hb((_Float16)(float)(V(t, 1)[l] & 0xffff)), l, "cvt_f16_u16");
	RUN(t, I_CVT_I16_F16, "v_cvt_i16_f16");
	for (unsigned l = 0; l < 64; l++) {
		float a = (float)bh((uint16_t)V(t, 1)[l]);
		int32_t want = isnan(a) ? 0 : a >= 32767 ? 32767 : a <= -32768 ? -32768 : (int32_t)a;
		check_u32(V(t, 0)[l], (uint32_t)want & 0xffff, l, "cvt_i16_f16");
	}
}

/* Every half through v_cvt_f32_f16 and the packed multiply (x * 1 and x * 0.5,
 * the latter rounding into and within the denormals), against _Float16. */
static void test_f16_exhaustive(void **state)
{
	struct tu_wave *t = *state;
	for (uint32_t base = 0; base < 65536; base += 64) {
		for (unsigned l = 0; l < 64; l++) {
			V(t, 1)[l] = base + l;
			V(t, 2)[l] = 0x38003c00; /* {0.5, 1.0} */
		}
		RUN(t, I_CVT_F32_F16, "v_cvt_f32_f16");
		for (unsigned l = 0; l < 64; l++)
			check_f32(V(t, 0)[l], fb((float)bh((uint16_t)(base + l))), l, "cvt_f32_f16 all halves");
		for (unsigned l = 0; l < 64; l++)
			V(t, 1)[l] = (base + l) | (base + l) << 16;
		RUN(t, I_PK_MUL_F16, "v_pk_mul_f16");
		for (unsigned l = 0; l < 64; l++) {
			_Float16 x = bh((uint16_t)(base + l));
			if (isnan((float)x)) {
				assert_true((V(t, 0)[l] & 0x7e007e00) == 0x7e007e00);
				continue;
			}
			uint32_t want = hb((_Float16)(x * (_Float16)1.0f)) | (uint32_t)hb((_Float16)(x * (_Float16)0.5f)) << 16;
			check_u32(V(t, 0)[l], want, l, "pk_mul_f16 all halves");
		}
	}
}

static void test_packed(void **state)
{
	struct tu_wave *t = *state;
	fill_vgprs(t, 1, 3, rnd_half_pair);
	/* v_pk_add_f16 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0]:
	 * lo = -src0.hi + src1.lo, hi = src0.lo + src1.hi */
	RUN(t, I_PK_ADD_F16, "v_pk_add_f16");
	for (unsigned l = 0; l < 64; l++) {
		_Float16 a_lo = bh((uint16_t)V(t, 1)[l]), a_hi = bh((uint16_t)(V(t, 1)[l] >> 16));
		_Float16 b_lo = bh((uint16_t)V(t, 2)[l]), b_hi = bh((uint16_t)(V(t, 2)[l] >> 16));
		_Float16 lo = (_Float16)(-a_hi + b_lo), hi = (_Float16)(a_lo + b_hi);
		if (isnan((float)lo) || isnan((float)hi))
			continue;
		check_u32(V(t, 0)[l], hb(lo) | (uint32_t)hb(hi) << 16, l, "pk_add_f16 op_sel");
	}
	RUN(t, I_PK_ADD_F16_CONST, "v_pk_add_f16");
	for (unsigned l = 0; l < 64; l++) {
		_Float16 lo = (_Float16)(bh((uint16_t)V(t, 1)[l]) + (_Float16)1.0f);
		_Float16 hi = (_Float16)(bh((uint16_t)(V(t, 1)[l] >> 16)) + (_Float16)1.0f);
		if (isnan((float)lo) || isnan((float)hi))
			continue;
		check_u32(V(t, 0)[l], hb(lo) | (uint32_t)hb(hi) << 16, l, "pk_add_f16 1.0 both halves");
	}
	RUN(t, I_PK_FMA_F16, "v_pk_fma_f16");
	for (unsigned l = 0; l < 64; l++)
		for (unsigned h = 0; h < 2; h++) {
			double a = (float)bh((uint16_t)(V(t, 1)[l] >> (16 * h)));
			double b = (float)bh((uint16_t)(V(t, 2)[l] >> (16 * h)));
			double c = (float)bh((uint16_t)(V(t, 3)[l] >> (16 * h)));
			double exact;
			if (!exact_fma(a, b, c, &exact))
				continue;
			check_u32((V(t, 0)[l] >> (16 * h)) & 0xffff, hb((_Float16)exact), l, "pk_fma_f16");
		}
	fill_vgprs(t, 1, 2, rnd);
	RUN(t, I_PK_ADD_U16_CLAMP, "v_pk_add_u16");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t lo = (V(t, 1)[l] & 0xffff) + (V(t, 2)[l] & 0xffff);
		uint32_t hi = (V(t, 1)[l] >> 16) + (V(t, 2)[l] >> 16);
		lo = lo > 0xffff ? 0xffff : lo;
		hi = hi > 0xffff ? 0xffff : hi;
		check_u32(V(t, 0)[l], lo | hi << 16, l, "pk_add_u16 clamp");
	}
	RUN(t, I_PK_MUL_LO_U16, "v_pk_mul_lo_u16");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t lo = ((V(t, 1)[l] & 0xffff) * (V(t, 2)[l] & 0xffff)) & 0xffff;
		uint32_t hi = ((V(t, 1)[l] >> 16) * (V(t, 2)[l] >> 16)) & 0xffff;
		check_u32(V(t, 0)[l], lo | hi << 16, l, "pk_mul_lo_u16");
	}

	/* gfx90a packed f32: op_sel:[1,0,0] op_sel_hi:[0,1,1] neg_lo:[0,1,0]
	 * lo = fma(a.hi, -b.lo, c.lo), hi = fma(a.lo, b.hi, c.hi) */
	for (unsigned l = 0; l < 64; l++) {
		V(t, 2)[l] = fb((float)(rnd() % 1000) / 7.0f), V(t, 3)[l] = fb((float)(rnd() % 1000) / 3.0f);
		V(t, 4)[l] = fb((float)(rnd() % 1000) / 9.0f), V(t, 5)[l] = fb((float)(rnd() % 1000) / 11.0f);
		V(t, 6)[l] = rnd() & 0xbfffffff, V(t, 7)[l] = rnd() & 0xbfffffff;
	}
	RUN(t, I_PK_FMA_F32, "v_pk_fma_f32");
	for (unsigned l = 0; l < 64; l++) {
		check_f32(V(t, 8)[l], fb(fmaf(bf(V(t, 3)[l]), -bf(V(t, 4)[l]), bf(V(t, 6)[l]))), l, "pk_fma_f32 lo");
		check_f32(V(t, 9)[l], fb(fmaf(bf(V(t, 2)[l]), bf(V(t, 5)[l]), bf(V(t, 7)[l]))), l, "pk_fma_f32 hi");
	}
	RUN(t, I_PK_MOV_B32, "v_pk_mov_b32");
	for (unsigned l = 0; l < 64; l++) {
		check_u32(V(t, 8)[l], V(t, 3)[l], l, "pk_mov lo = src0.hi");
		check_u32(V(t, 9)[l], V(t, 4)[l], l, "pk_mov hi = src1.lo");
	}
}

static void test_mix_dot(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned l = 0; l < 64; l++) {
		V(t, 1)[l] = rnd_half_pair();
		V(t, 2)[l] = rnd_half_pair();
		V(t, 3)[l] = fb((float)(int)(rnd() % 2000) / 16.0f - 60.0f);
	}
	/* fma_mix_f32 op_sel:[1,0,0] op_sel_hi:[1,1,0]: a = src0.hi (half), b = src1.lo (half), c = f32 */
	RUN(t, I_FMA_MIX_F32, "v_fma_mix_f32");
	for (unsigned l = 0; l < 64; l++) {
		double a = (float)bh((uint16_t)(V(t, 1)[l] >> 16)), b = (float)bh((uint16_t)V(t, 2)[l]);
		double c = bf(V(t, 3)[l]);
		if (isnan(a * b + c))
			continue;
		check_f32(V(t, 0)[l], fb((float)fma(a, b, c)), l, "fma_mix_f32");
	}
	uint32_t old[64];
	memcpy(old, V(t, 0), sizeof(old));
	for (unsigned l = 0; l < 64; l++)
		V(t, 3)[l] = rnd_half_pair();
	RUN(t, I_FMA_MIXLO, "v_fma_mixlo_f16");
	for (unsigned l = 0; l < 64; l++) {
		double a = (float)bh((uint16_t)V(t, 1)[l]), b = (float)bh((uint16_t)V(t, 2)[l]);
		double c = (float)bh((uint16_t)V(t, 3)[l]);
		double exact;
		if (!exact_fma(a, b, c, &exact))
			continue;
		check_u32(V(t, 0)[l], (old[l] & 0xffff0000) | hb((_Float16)exact), l, "fma_mixlo_f16");
	}
	/* v_mad_mix_f32 (gfx900): unfused, product rounded to f32 */
	for (unsigned l = 0; l < 64; l++)
		V(t, 3)[l] = fb((float)(int)(rnd() % 2000) / 16.0f);
	RUN(t, I_MAD_MIX_F32, "v_mad_mix_f32");
	for (unsigned l = 0; l < 64; l++) {
		float a = (float)bh((uint16_t)V(t, 1)[l]), b = (float)bh((uint16_t)V(t, 2)[l]);
		float want = a * b + bf(V(t, 3)[l]);
		if (!isnan(want) && fabsf(want) >= FLT_MIN)
			check_f32(V(t, 0)[l], fb(want), l, "mad_mix_f32");
	}
	fill_vgprs(t, 1, 3, rnd);
	RUN(t, I_DOT4_I32_I8, "v_dot4_i32_i8");
	for (unsigned l = 0; l < 64; l++) {
		int32_t s = (int32_t)V(t, 3)[l];
		for (unsigned b = 0; b < 4; b++)
			s += (int8_t)(V(t, 1)[l] >> (8 * b)) * (int8_t)(V(t, 2)[l] >> (8 * b));
		check_u32(V(t, 0)[l], (uint32_t)s, l, "dot4_i32_i8");
	}
	for (unsigned l = 0; l < 64; l++) {
		V(t, 1)[l] = rnd() & 0x3bff3bff;
		V(t, 2)[l] = rnd() & 0x3bff3bff;
		V(t, 3)[l] = fb((float)(rnd() % 100));
	}
	RUN(t, I_DOT2_F32_F16, "v_dot2_f32_f16");
	for (unsigned l = 0; l < 64; l++) {
		double s = bf(V(t, 3)[l]);
		for (unsigned h = 0; h < 2; h++)
			s += (double)(float)bh((uint16_t)(V(t, 1)[l] >> (16 * h))) *
			     (float)bh((uint16_t)(V(t, 2)[l] >> (16 * h)));
		check_f32(V(t, 0)[l], fb((float)s), l, "dot2_f32_f16");
	}
	memcpy(old, V(t, 0), sizeof(old));
	RUN(t, I_DOT2C_F32_F16, "v_dot2c_f32_f16");
	for (unsigned l = 0; l < 64; l++) {
		double s = bf(old[l]);
		for (unsigned h = 0; h < 2; h++)
			s += (double)(float)bh((uint16_t)(V(t, 1)[l] >> (16 * h))) *
			     (float)bh((uint16_t)(V(t, 2)[l] >> (16 * h)));
		check_f32(V(t, 0)[l], fb((float)s), l, "dot2c_f32_f16");
	}
}

/* ======================================================================== */
/* DPP and SDWA                                                              */
/* ======================================================================== */

/* Build a v_mov_b32_dpp v0, v1 word with the DPP dword layout verified above. */
static struct enc dpp_mov(unsigned ctrl, unsigned row_mask, unsigned bank_mask, bool bc)
{
	struct enc e = {EMU_GFX900, 2, {0x7e0002fa, 0x01u | ctrl << 8 | (bc ? 1u << 19 : 0) | bank_mask << 24 | row_mask << 28}};
	return e;
}

/* Reference: source lane per the ISA's DPP_CTRL table, -1 out of bounds. */
static int ref_dpp(unsigned ctrl, unsigned l)
{
	unsigned row = l / 16, x = l % 16;
	if (ctrl < 0x100)
		return (int)(l / 4 * 4 + ((ctrl >> (2 * (l % 4))) & 3));
	if (ctrl >= 0x101 && ctrl <= 0x10f)
		return x + (ctrl - 0x100) <= 15 ? (int)(l + (ctrl - 0x100)) : -1;
	if (ctrl >= 0x111 && ctrl <= 0x11f)
		return x >= ctrl - 0x110 ? (int)(l - (ctrl - 0x110)) : -1;
	if (ctrl >= 0x121 && ctrl <= 0x12f)
		return (int)(row * 16 + (x + 16 - (ctrl - 0x120)) % 16);
	if (ctrl == 0x130)
		return l == 63 ? -1 : (int)l + 1;
	if (ctrl == 0x134)
		return (int)((l + 1) % 64);
	if (ctrl == 0x138)
		return l == 0 ? -1 : (int)l - 1;
	if (ctrl == 0x13c)
		return (int)((l + 63) % 64);
	if (ctrl == 0x140)
		return (int)(row * 16 + 15 - x);
	if (ctrl == 0x141)
		return (int)(l / 8 * 8 + 7 - l % 8);
	if (ctrl == 0x142)
		return row == 0 ? -1 : (int)(row * 16 - 1);
	if (ctrl == 0x143)
		return row < 2 ? -1 : 31;
	return -2;
}

static void test_dpp(void **state)
{
	struct tu_wave *t = *state;
	static const unsigned ctrls[] = {0x1b, 0xe4, 0x39, 0x101, 0x105, 0x10f, 0x111, 0x113, 0x11f, 0x121,
	                                 0x12f, 0x130, 0x134, 0x138, 0x13c, 0x140, 0x141, 0x142, 0x143};
	static const unsigned masks[][2] = {{0xf, 0xf}, {0xa, 0xf}, {0x5, 0x6}, {0xf, 0x9}};
	for (unsigned c = 0; c < sizeof(ctrls) / sizeof(ctrls[0]); c++)
		for (unsigned mk = 0; mk < 4; mk++)
			for (unsigned bc = 0; bc < 2; bc++)
				for (unsigned ex = 0; ex < 2; ex++) {
					uint64_t exec = ex ? 0xf7fffffffffffeffull : ~0ull;
					emu_set_exec(&t->w, exec);
					fill_rnd(t, 1);
					for (unsigned l = 0; l < 64; l++)
						V(t, 0)[l] = 0x55500000 + l;
					unsigned rm = masks[mk][0], bm = masks[mk][1];
					run(t, dpp_mov(ctrls[c], rm, bm, bc), "v_mov_b32");
					for (unsigned l = 0; l < 64; l++) {
						uint32_t want = 0x55500000 + l;
						int s = ref_dpp(ctrls[c], l);
						bool on = ((exec >> l) & 1) && ((rm >> (l / 16)) & 1) && ((bm >> (l % 16 / 4)) & 1);
						if (s >= 0 && !((exec >> s) & 1))
							s = -1; /* disabled source lane reads as out of bounds */
						if (on && s >= 0)
							want = V(t, 1)[s];
						else if (on && bc)
							want = 0;
						if (V(t, 0)[l] != want)
							fail_msg("dpp ctrl 0x%x masks %x/%x bc %u exec %u lane %u: got 0x%08x want 0x%08x",
							         ctrls[c], rm, bm, bc, ex, l, V(t, 0)[l], want);
					}
				}
	emu_set_exec(&t->w, ~0ull);
	/* the llvm-mc encodings agree with the layout used above */
	fill_rnd(t, 1);
	RUN(t, I_DPP_MOV_QP, "v_mov_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], V(t, 1)[l / 4 * 4 + 3 - l % 4], l, "quad_perm:[3,2,1,0]");
	RUN(t, I_DPP_MOV_SHR3_BC, "v_mov_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], l % 16 >= 3 ? V(t, 1)[l - 3] : 0, l, "row_shr:3 bound_ctrl");
	for (unsigned l = 0; l < 64; l++)
		V(t, 0)[l] = 7;
	RUN(t, I_DPP_MOV_BCAST15, "v_mov_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (l / 16) & 1 ? V(t, 1)[l / 16 * 16 - 1] : 7, l, "row_bcast:15 row_mask:0xa");
	/* float modifiers: v_add_f32_dpp v0, -v1, |v2| row_mirror */
	fill_f32(t, 1, 0);
	fill_f32(t, 2, 2);
	RUN(t, I_DPP_ADD_F32, "v_add_f32");
	for (unsigned l = 0; l < 64; l++)
		check_f32(V(t, 0)[l], fb(-bf(V(t, 1)[l / 16 * 16 + 15 - l % 16]) + fabsf(bf(V(t, 2)[l]))), l,
		          "dpp add -v1 |v2| row_mirror");
	RUN(t, I_DPP_NEWBCAST, "v_mov_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], V(t, 1)[l / 16 * 16 + 5], l, "row_newbcast:5");
	/* row_newbcast does not exist on gfx900: a reserved control, which the
	 * decoder may reject as an illegal encoding or the handler may fault
	 * on; either way executing it must fault. */
	{
		struct enc e = dpp_mov(0x155, 0xf, 0xf, false);
		tu_wave_set_arch(t, e.arch);
		emu_decode_one(t->prof, e.w, e.n, &t->in);
		t->in.exec = emu_sem_bind(&t->in);
		t->w.cur = &t->in;
		t->in.exec(&t->w, &t->in);
	}
	assert_int_equal(t->w.state, EMU_WAVE_FAULT);
	tu_wave_clear_fault(t);
}

static void test_sdwa(void **state)
{
	struct tu_wave *t = *state;
	fill_rnd(t, 0);
	fill_srcs(t, 2);
	uint32_t old[64];
	memcpy(old, V(t, 0), sizeof(old));
	/* byte 2 of v1 into byte 1 of v0, other bytes kept */
	RUN(t, I_SDWA_MOV, "v_mov_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(V(t, 0)[l], (old[l] & 0xffff00ff) | ((V(t, 1)[l] >> 16) & 0xff) << 8, l, "sdwa mov");
	/* sext(byte0 of v1) + word1 of v2, into word 1, sign-extended above (nothing above word 1) */
	V(t, 1)[0] = 0x000000ff, V(t, 2)[0] = 0x00050000;
	RUN(t, I_SDWA_ADD_SEXT, "v_add_u32");
	for (unsigned l = 0; l < 64; l++) {
		uint32_t a = (uint32_t)(int32_t)(int8_t)V(t, 1)[l], b = V(t, 2)[l] >> 16;
		check_u32(V(t, 0)[l], ((a + b) & 0xffff) << 16, l, "sdwa add sext word1");
	}
	assert_int_equal(V(t, 0)[0], 0x00040000);
	/* f16: v0.hi = v1.hi + -v2.lo, v0.lo kept */
	fill_vgprs(t, 1, 2, rnd_half_pair);
	memcpy(old, V(t, 0), sizeof(old));
	RUN(t, I_SDWA_ADD_F16, "v_add_f16");
	for (unsigned l = 0; l < 64; l++) {
		_Float16 r = (_Float16)(bh((uint16_t)(V(t, 1)[l] >> 16)) - bh((uint16_t)V(t, 2)[l]));
		if (isnan((float)r))
			continue;
		check_u32(V(t, 0)[l], (old[l] & 0xffff) | (uint32_t)hb(r) << 16, l, "sdwa add_f16 word1");
	}
	/* compare to s[4:5]: sext(byte0) < word1 */
	RUN(t, I_SDWA_CMP, "v_cmp_lt_i32");
	uint64_t want = 0;
	for (unsigned l = 0; l < 64; l++)
		want |= (uint64_t)((int32_t)(int8_t)V(t, 1)[l] < (int32_t)(V(t, 2)[l] >> 16)) << l;
	assert_int_equal(S64(t, 4), want);
	/* dst byte 0 with the rest padded with zeros */
	fill_f32(t, 1, 0);
	fill_f32(t, 2, 1);
	RUN(t, I_SDWA_MUL_F32_PAD, "v_mul_f32");
	for (unsigned l = 0; l < 64; l++) {
		float r = bf(V(t, 1)[l]) * bf(V(t, 2)[l]);
		if (!isnan(r))
			check_u32(V(t, 0)[l], fb(r) & 0xff, l, "sdwa mul byte0 pad");
	}
}

/* ======================================================================== */
/* MFMA and AGPRs                                                            */
/* ======================================================================== */

/* D[i][j] of an MFMA: c + A[i][k] * B[k][j] for k < n, summed in k order
 * in f32 (the products of the tests' small halves are exact). */
static float mfma_dot(float c, unsigned n, const float *a_row, unsigned cols, float (*b)[cols], unsigned j)
{
	for (unsigned k = 0; k < n; k++)
		c += a_row[k] * b[k][j];
	return c;
}

static void test_accvgpr(void **state)
{
	struct tu_wave *t = *state;
	fill_rnd(t, 1);
	memset(AG(t, 3), 0, 256);
	emu_set_exec(&t->w, 0xffffffff0000ffffull);
	RUN(t, I_ACC_WRITE, "v_accvgpr_write_b32");
	for (unsigned l = 0; l < 64; l++)
		check_u32(AG(t, 3)[l], l < 16 || l >= 32 ? V(t, 1)[l] : 0, l, "accvgpr_write");
	emu_set_exec(&t->w, ~0ull);
	RUN(t, I_ACC_WRITE_C, "v_accvgpr_write_b32");
	check_lanes(AG(t, 4), 0xfffffffe, "accvgpr_write -2");
	RUN(t, I_ACC_READ, "v_accvgpr_read_b32");
	check_same_lanes(V(t, 0), AG(t, 3), "accvgpr_read");
	RUN(t, I_ACC_MOV, "v_accvgpr_mov_b32");
	check_same_lanes(AG(t, 5), AG(t, 3), "accvgpr_mov");
}

/* Small exact halves so that every sum is exact in f32. */
static uint16_t small_half(void) { return hb((_Float16)((float)((int)(rnd() % 17) - 8) / 4.0f)); }

static void test_mfma_32x32x8f16(void **state)
{
	struct tu_wave *t = *state;
	/* A 32x8, B 8x32 (CDNA2 ISA: A[i][k] in lane 32*(k/4)+i, register (k/2)%2, half k%2;
	 * B[k][j] in lane 32*(k/4)+j, same packing) */
	float A[32][8], B[8][32], C[32][32];
	for (unsigned i = 0; i < 32; i++)
		for (unsigned k = 0; k < 8; k++) {
			uint16_t h = small_half();
			A[i][k] = (float)bh(h);
			unsigned lane = 32 * (k / 4) + i, reg = (k / 2) % 2;
			V(t, reg)[lane] = (V(t, reg)[lane] & ~(0xffffu << (16 * (k % 2)))) | (uint32_t)h << (16 * (k % 2));
		}
	for (unsigned k = 0; k < 8; k++)
		for (unsigned j = 0; j < 32; j++) {
			uint16_t h = small_half();
			B[k][j] = (float)bh(h);
			unsigned lane = 32 * (k / 4) + j, reg = 2 + (k / 2) % 2;
			V(t, reg)[lane] = (V(t, reg)[lane] & ~(0xffffu << (16 * (k % 2)))) | (uint32_t)h << (16 * (k % 2));
		}
	/* C/D[i][j]: register 4*(i/8) + i%4, lane 32*((i/4)%2) + j */
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++) {
			C[i][j] = (float)((int)(rnd() % 64) - 32);
			AG(t, 4 * (i / 8) + i % 4)[32 * ((i / 4) % 2) + j] = fb(C[i][j]);
		}
	RUN(t, I_MFMA_32X32X8F16, "v_mfma_f32_32x32x8f16");
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++) {
			float s = mfma_dot(C[i][j], 8, A[i], 32, B, j);
			unsigned r = 4 * (i / 8) + i % 4, lane = 32 * ((i / 4) % 2) + j;
			if (AG(t, r)[lane] != fb(s))
				fail_msg("mfma 32x32x8f16 D[%u][%u] (a%u lane %u): got %g want %g", i, j, r, lane,
				         bf(AG(t, r)[lane]), s);
		}
	/* gfx942 spelling, C/D in VGPRs */
	for (unsigned r = 0; r < 16; r++)
		memcpy(V(t, 16 + r), AG(t, r), 256);
	float D1[32][32];
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++)
			D1[i][j] = bf(AG(t, 4 * (i / 8) + i % 4)[32 * ((i / 4) % 2) + j]);
	RUN(t, I_MFMA_32X32X8_F16, "v_mfma_f32_32x32x8_f16");
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++) {
			float s = mfma_dot(D1[i][j], 8, A[i], 32, B, j);
			check_f32(V(t, 16 + 4 * (i / 8) + i % 4)[32 * ((i / 4) % 2) + j], fb(s), j, "mfma 32x32x8_f16 vgpr");
		}
}

static void test_mfma_16x16x16f16(void **state)
{
	struct tu_wave *t = *state;
	/* A[i][k]: lane 16*(k/4)+i, register (k/2)%2, half k%2; D[i][j]: register i%4, lane 16*(i/4)+j */
	float A[16][16], B[16][16], C[16][16];
	for (unsigned i = 0; i < 16; i++)
		for (unsigned k = 0; k < 16; k++) {
			uint16_t ha = small_half(), hbv = small_half();
			A[i][k] = (float)bh(ha);
			B[k][i] = (float)bh(hbv);
			unsigned lane = 16 * (k / 4) + i, reg = (k / 2) % 2, sh = 16 * (k % 2);
			V(t, reg)[lane] = (V(t, reg)[lane] & ~(0xffffu << sh)) | (uint32_t)ha << sh;
			V(t, 2 + reg)[lane] = (V(t, 2 + reg)[lane] & ~(0xffffu << sh)) | (uint32_t)hbv << sh;
		}
	for (unsigned i = 0; i < 16; i++)
		for (unsigned j = 0; j < 16; j++) {
			C[i][j] = (float)((int)(rnd() % 64) - 32);
			V(t, 16 + i % 4)[16 * (i / 4) + j] = fb(C[i][j]);
		}
	RUN(t, I_MFMA_16X16X16F16, "v_mfma_f32_16x16x16f16");
	for (unsigned i = 0; i < 16; i++)
		for (unsigned j = 0; j < 16; j++) {
			float s = mfma_dot(C[i][j], 16, A[i], 16, B, j);
			check_f32(V(t, 16 + i % 4)[16 * (i / 4) + j], fb(s), j, "mfma 16x16x16f16");
		}
}

static void test_mfma_f32_f64(void **state)
{
	struct tu_wave *t = *state;
	/* 32x32x2f32: A[i][k] lane 32*k+i of v0, B[k][j] lane 32*k+j of v1, C = 0 */
	for (unsigned l = 0; l < 64; l++) {
		V(t, 0)[l] = fb((float)((int)(rnd() % 33) - 16) / 8.0f);
		V(t, 1)[l] = fb((float)((int)(rnd() % 33) - 16) / 8.0f);
	}
	RUN(t, I_MFMA_32X32X2F32, "v_mfma_f32_32x32x2f32");
	for (unsigned i = 0; i < 32; i++)
		for (unsigned j = 0; j < 32; j++) {
			float s = 0;
			for (unsigned k = 0; k < 2; k++)
				s += bf(V(t, 0)[32 * k + i]) * bf(V(t, 1)[32 * k + j]);
			check_f32(AG(t, 4 * (i / 8) + i % 4)[32 * ((i / 4) % 2) + j], fb(s), i * 32 + j, "mfma 32x32x2f32");
		}

	/* 4x4x1f32, 16 blocks, cbsz:2 abid:1 blgp:3 — A of block b from block (b & ~3) + 1;
	 * B lanes rotated by 16 (lane l reads lane (l + 16) % 64); D[i][j] of block b in
	 * register i, lane 4*b + j */
	for (unsigned l = 0; l < 64; l++) {
		V(t, 0)[l] = fb((float)(rnd() % 9));
		V(t, 1)[l] = fb((float)(rnd() % 9));
		for (unsigned r = 0; r < 4; r++)
			V(t, 16 + r)[l] = fb((float)(rnd() % 100));
	}
	uint32_t c[4][64];
	for (unsigned r = 0; r < 4; r++)
		memcpy(c[r], V(t, 16 + r), 256);
	RUN(t, I_MFMA_4X4X1F32_BC, "v_mfma_f32_4x4x1f32");
	for (unsigned b = 0; b < 16; b++)
		for (unsigned i = 0; i < 4; i++)
			for (unsigned j = 0; j < 4; j++) {
				unsigned ab = (b & ~3u) + 1;
				float a = bf(V(t, 0)[4 * ab + i]), bb = bf(V(t, 1)[(4 * b + j + 16) % 64]);
				check_f32(V(t, 16 + i)[4 * b + j], fb(bf(c[i][4 * b + j]) + a * bb), b, "mfma 4x4x1 cbsz/abid/blgp");
			}

	/* f64 16x16x4: A[i][k] lane 16*k+i, B[k][j] lane 16*k+j, D[i][j] pair i/4, lane 16*(i%4)+j */
	for (unsigned l = 0; l < 64; l++) {
		setV64(t, 0, l, db((double)((int)(rnd() % 200) - 100) / 3.0));
		setV64(t, 2, l, db((double)((int)(rnd() % 200) - 100) / 7.0));
		for (unsigned p = 0; p < 4; p++)
			setV64(t, 16 + 2 * p, l, db((double)(rnd() % 50)));
	}
	double cd[16][16];
	for (unsigned i = 0; i < 16; i++)
		for (unsigned j = 0; j < 16; j++)
			cd[i][j] = bd(V64(t, 16 + 2 * (i / 4), 16 * (i % 4) + j));
	RUN(t, I_MFMA_16X16X4F64, "v_mfma_f64_16x16x4f64");
	for (unsigned i = 0; i < 16; i++)
		for (unsigned j = 0; j < 16; j++) {
			double s = cd[i][j];
			for (unsigned k = 0; k < 4; k++)
				s = fma(bd(V64(t, 0, 16 * k + i)), bd(V64(t, 2, 16 * k + j)), s);
			check_f64(V64(t, 16 + 2 * (i / 4), 16 * (i % 4) + j), db(s), i * 16 + j, "mfma f64 16x16x4");
		}
}

/* ---- every MFMA input type, shape and modifier against the ISA formulas ---- */

/* gfx942: v_mfma_f32_16x16x1_4b_f32 v[16:31], a0, v1, v[16:31] cbsz:2 abid:1 blgp:4 */
#define I_MF_F32_16X16X1_4B EMU_GFX942, 2, {0xd3c10a10, 0x8c420300}
/* gfx942: v_mfma_f32_32x32x1_2b_f32 v[16:47], v0, v1, v[16:47] cbsz:1 abid:1 */
#define I_MF_F32_32X32X1_2B EMU_GFX942, 2, {0xd3c00910, 0x04420300}
/* gfx942: v_mfma_f32_4x4x4_16b_f16 a[0:3], v[0:1], v[2:3], a[0:3] cbsz:3 abid:5 blgp:1 */
#define I_MF_F16_4X4X4_16B_ACC EMU_GFX942, 2, {0xd3caab00, 0x24020500}
/* gfx942: v_mfma_f32_4x4x4_16b_f16 v[16:19], v[0:1], v[2:3], v[16:19] */
#define I_MF_F16_4X4X4_16B EMU_GFX942, 2, {0xd3ca0010, 0x04420500}
/* gfx942: v_mfma_f32_32x32x4_2b_bf16 v[32:63], v[0:1], v[2:3], v[32:63] blgp:2 */
#define I_MF_BF16_32X32X4_2B EMU_GFX942, 2, {0xd3dd0020, 0x44820500}
/* gfx942: v_mfma_f32_16x16x16_bf16 v[16:19], v[0:1], v[2:3], v[16:19] blgp:3 */
#define I_MF_BF16_16X16X16 EMU_GFX942, 2, {0xd3e10010, 0x64420500}
/* gfx942: v_mfma_i32_16x16x32_i8 v[16:19], v[0:1], v[2:3], v[16:19] */
#define I_MF_I8_16X16X32 EMU_GFX942, 2, {0xd3d70010, 0x04420500}
/* gfx942: v_mfma_i32_4x4x4_16b_i8 v[16:19], v0, v1, v[16:19] cbsz:4 abid:9 blgp:7 */
#define I_MF_I8_4X4X4_16B EMU_GFX942, 2, {0xd3d24c10, 0xe4420300}
/* gfx942: v_mfma_i32_32x32x16_i8 v[16:31], v[0:1], v[2:3], v[16:31] */
#define I_MF_I8_32X32X16 EMU_GFX942, 2, {0xd3d60010, 0x04420500}
/* gfx942: v_mfma_f64_4x4x4_4b_f64 v[16:17], v[0:1], v[2:3], v[16:17] neg:[1,0,1] */
#define I_MF_F64_4X4X4_NEG EMU_GFX942, 2, {0xd3ef0010, 0xa4420500}
/* gfx942: v_mfma_f64_4x4x4_4b_f64 v[16:17], v[0:1], v[2:3], v[16:17] */
#define I_MF_F64_4X4X4 EMU_GFX942, 2, {0xd3ef0010, 0x04420500}
/* gfx942: v_mfma_f32_4x4x1_16b_f32 v[16:19], v0, v1, v[16:19] */
#define I_MF_F32_4X4X1_16B EMU_GFX942, 2, {0xd3c20010, 0x04420300}

enum mf_type { MF_F32, MF_F16, MF_BF16, MF_I8, MF_F64 };

/* One MFMA under test: its shape (blocks of M x N x K), input type, first
 * registers of A, B and C/D (AGPRs where acc), modifiers as encoded. */
struct mf_case {
	const char *mnemonic;
	struct enc e;
	unsigned m, n, k, b;
	enum mf_type type;
	unsigned a, bsrc, cd;
	bool a_acc, cd_acc;
	unsigned cbsz, abid, blgp;
	bool neg[3];      /* gfx942 f64: A, B, C negated (the blgp bits) */
	uint64_t exec;
};

static uint32_t *R(struct tu_wave *t, bool acc, unsigned r) { return acc ? AG(t, r) : V(t, r); }

/* The value of an IEEE binary16 number. */
static double half_value(uint16_t h)
{
	int e = (h >> 10) & 31, m = h & 0x3ff;
	double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
	return (h & 0x8000) ? -v : v;
}

/* Element e of a lane (packed low bits first: 2 halves or 4 bytes a dword,
 * an f64 a register pair) of the operand whose first register is r. */
static double mf_elem(struct tu_wave *t, bool acc, unsigned r, unsigned lane, unsigned e, enum mf_type ty)
{
	switch (ty) {
	case MF_F32:
		return bf(R(t, acc, r + e)[lane]);
	case MF_F16:
		return half_value((uint16_t)(R(t, acc, r + e / 2)[lane] >> (16 * (e % 2))));
	case MF_BF16:
		return bf((R(t, acc, r + e / 2)[lane] >> (16 * (e % 2))) << 16);
	case MF_I8:
		return (int8_t)(R(t, acc, r + e / 4)[lane] >> (8 * (e % 4)));
	default:
		return bd(R(t, acc, r + 2 * e)[lane] | (uint64_t)R(t, acc, r + 2 * e + 1)[lane] << 32);
	}
}

/* blgp: the lane B is read from (CDNA3 ISA, MFMA "BLGP"). */
static unsigned mf_blgp(unsigned l, unsigned blgp)
{
	static const unsigned base[8] = { 0, 0, 32, 16, 0, 16, 32, 48 };
	if (blgp == 0)
		return l;
	if (blgp == 3)
		return (l + 16) % 64;
	return base[blgp] + l % (blgp < 3 ? 32 : 16);
}

/* C/D element [i][j] of block bk: its (first) register and lane (CDNA3 ISA
 * "Matrix fused-multiply-add" output layout). */
static void mf_cd(const struct mf_case *c, unsigned bk, unsigned i, unsigned j, unsigned *reg, unsigned *lane)
{
	bool f64 = c->type == MF_F64;
	if (c->n == 4) {
		*reg = f64 ? 0 : i;
		*lane = j + 4 * bk + (f64 ? 16 * i : 0);
		return;
	}
	unsigned g = f64 ? 1 : 4;
	*reg = (bk * (c->m * c->n / 64) + (i / (g * 64 / c->n)) * g + i % g) * (f64 ? 2 : 1);
	*lane = j + c->n * ((i / g) % (64 / c->n));
}

static unsigned mf_out_dw(const struct mf_case *c)
{
	return c->m * c->n * c->b / 64 * (c->type == MF_F64 ? 2 : 1);
}

/* The expected D registers: C + A x B per block, products summed in k order
 * in double (every product is exact there), f64 with a fused step; i8
 * wraps to 32 bits; lanes outside EXEC keep D. */
static void mf_expect(struct tu_wave *t, const struct mf_case *c, uint32_t (*want)[64])
{
	unsigned kl = c->k * c->m * c->b / 64;
	bool f64 = c->type == MF_F64;
	for (unsigned r = 0; r < mf_out_dw(c); r++)
		memcpy(want[r], R(t, c->cd_acc, c->cd + r), 256);
	for (unsigned bk = 0; bk < c->b; bk++)
		for (unsigned i = 0; i < c->m; i++)
			for (unsigned j = 0; j < c->n; j++) {
				unsigned ab = ((bk >> c->cbsz) << c->cbsz) + c->abid, reg, lane;
				mf_cd(c, bk, i, j, &reg, &lane);
				if (!((c->exec >> lane) & 1))
					continue;
				const uint32_t *cr = R(t, c->cd_acc, c->cd + reg);
				double s = f64 ? bd(cr[lane] | (uint64_t)R(t, c->cd_acc, c->cd + reg + 1)[lane] << 32)
				           : c->type == MF_I8 ? (double)(int32_t)cr[lane] : bf(cr[lane]);
				if (c->neg[2])
					s = -s;
				for (unsigned k = 0; k < c->k; k++) {
					unsigned la = i + c->m * (ab + c->b * (k / kl));
					unsigned lb = mf_blgp(j + c->n * (bk + c->b * (k / kl)), c->blgp);
					double x = mf_elem(t, c->a_acc, c->a, la, k % kl, c->type);
					double y = mf_elem(t, false, c->bsrc, lb, k % kl, c->type);
					x = c->neg[0] ? -x : x;
					y = c->neg[1] ? -y : y;
					s = f64 ? fma(x, y, s) : s + x * y;
				}
				if (f64) {
					want[reg][lane] = (uint32_t)db(s);
					want[reg + 1][lane] = (uint32_t)(db(s) >> 32);
				} else {
					want[reg][lane] = c->type == MF_I8 ? (uint32_t)(int64_t)s : fb((float)s);
				}
			}
}

/* Random finite operands of the case's type: full mantissas, so that the
 * order of the sums shows in the rounding. */
static uint32_t mf_rnd_word(enum mf_type ty)
{
	uint32_t r = rnd();
	switch (ty) {
	case MF_F32:
		return (r & 0x807fffffu) | (uint32_t)(127 - 20 + rnd() % 40) << 23;
	case MF_F16:
		return r & ~0x40004000u;  /* exponents below 16: finite halves, denormals too */
	case MF_BF16:
		return r & ~0x40004000u;
	default:
		return r;
	}
}
static void mf_fill(struct tu_wave *t, const struct mf_case *c)
{
	unsigned kl = c->k * c->m * c->b / 64;
	unsigned in_dw = c->type == MF_F64 ? 2 * kl : c->type == MF_F32 ? kl : c->type == MF_I8 ? (kl + 3) / 4 : (kl + 1) / 2;
	for (unsigned r = 0; r < in_dw; r++)
		for (unsigned l = 0; l < 64; l++) {
			R(t, c->a_acc, c->a + r)[l] = mf_rnd_word(c->type);
			V(t, c->bsrc + r)[l] = mf_rnd_word(c->type);
		}
	for (unsigned r = 0; r < mf_out_dw(c); r++)
		for (unsigned l = 0; l < 64; l++)
			R(t, c->cd_acc, c->cd + r)[l] = c->type == MF_F16 || c->type == MF_BF16 ? mf_rnd_word(MF_F32)
			                                : mf_rnd_word(c->type);
	if (c->type == MF_F64)
		for (unsigned r = 0; r < in_dw; r += 2)
			for (unsigned l = 0; l < 64; l++) {
				setV64(t, c->bsrc + r, l, db(ldexp((double)(int32_t)rnd(), (int)(rnd() % 40) - 50)));
				V(t, c->a + r)[l] = (uint32_t)db(ldexp((double)(int32_t)rnd(), (int)(rnd() % 40) - 50));
				V(t, c->a + r + 1)[l] = (uint32_t)(db(ldexp((double)(int32_t)rnd(), 0)) >> 32);
			}
	if (c->type == MF_F64)
		for (unsigned r = 0; r < mf_out_dw(c); r += 2)
			for (unsigned l = 0; l < 64; l++)
				setV64(t, c->cd + r, l, db(ldexp((double)(int32_t)rnd(), (int)(rnd() % 20) - 10)));
}

static void mf_check(struct tu_wave *t, const struct mf_case *c, bool nan_ok)
{
	static uint32_t want[32][64];
	mf_expect(t, c, want);
	emu_set_exec(&t->w, c->exec);
	run(t, c->e, c->mnemonic);
	emu_set_exec(&t->w, ~0ull);
	for (unsigned r = 0; r < mf_out_dw(c); r++)
		for (unsigned l = 0; l < 64; l++) {
			uint32_t got = R(t, c->cd_acc, c->cd + r)[l];
			if (nan_ok && c->type != MF_F64 && c->type != MF_I8)
				check_f32(got, want[r][l], l, c->mnemonic);
			else if (got != want[r][l])
				fail_msg("%s: D register %u lane %u: got 0x%08x want 0x%08x", c->mnemonic, r, l, got,
				         want[r][l]);
		}
}

static void test_mfma_types_shapes(void **state)
{
	struct tu_wave *t = *state;
	const uint64_t all = ~0ull, part = 0xf0f0ff00a5a5ffffull;
	const struct mf_case cases[] = {
		{"v_mfma_f32_16x16x1_4b_f32", ENC(I_MF_F32_16X16X1_4B), 16, 16, 1, 4, MF_F32, 0, 1, 16, true, false,
		 2, 1, 4, {0}, all},
		{"v_mfma_f32_32x32x1_2b_f32", ENC(I_MF_F32_32X32X1_2B), 32, 32, 1, 2, MF_F32, 0, 1, 16, false, false,
		 1, 1, 0, {0}, part},
		{"v_mfma_f32_4x4x4_16b_f16", ENC(I_MF_F16_4X4X4_16B_ACC), 4, 4, 4, 16, MF_F16, 0, 2, 0, false, true,
		 3, 5, 1, {0}, all},
		{"v_mfma_f32_4x4x4_16b_f16", ENC(I_MF_F16_4X4X4_16B), 4, 4, 4, 16, MF_F16, 0, 2, 16, false, false,
		 0, 0, 0, {0}, part},
		{"v_mfma_f32_32x32x4_2b_bf16", ENC(I_MF_BF16_32X32X4_2B), 32, 32, 4, 2, MF_BF16, 0, 2, 32, false, false,
		 0, 0, 2, {0}, all},
		{"v_mfma_f32_16x16x16_bf16", ENC(I_MF_BF16_16X16X16), 16, 16, 16, 1, MF_BF16, 0, 2, 16, false, false,
		 0, 0, 3, {0}, part},
		{"v_mfma_i32_16x16x32_i8", ENC(I_MF_I8_16X16X32), 16, 16, 32, 1, MF_I8, 0, 2, 16, false, false,
		 0, 0, 0, {0}, all},
		{"v_mfma_i32_4x4x4_16b_i8", ENC(I_MF_I8_4X4X4_16B), 4, 4, 4, 16, MF_I8, 0, 1, 16, false, false,
		 4, 9, 7, {0}, part},
		{"v_mfma_i32_32x32x16_i8", ENC(I_MF_I8_32X32X16), 32, 32, 16, 1, MF_I8, 0, 2, 16, false, false,
		 0, 0, 0, {0}, all},
		{"v_mfma_f64_4x4x4_4b_f64", ENC(I_MF_F64_4X4X4_NEG), 4, 4, 4, 4, MF_F64, 0, 2, 16, false, false,
		 0, 0, 0, {true, false, true}, all},
		{"v_mfma_f64_4x4x4_4b_f64", ENC(I_MF_F64_4X4X4), 4, 4, 4, 4, MF_F64, 0, 2, 16, false, false,
		 0, 0, 0, {0}, part},
	};
	for (unsigned n = 0; n < sizeof(cases) / sizeof(cases[0]); n++) {
		mf_fill(t, &cases[n]);
		mf_check(t, &cases[n], false);
	}
	/* One NaN and one Inf among A's elements: the same sums, on the path
	 * that orders NaN operands explicitly (D rows that meet them are NaN). */
	mf_fill(t, &cases[0]);
	AG(t, 0)[5] = 0x7fc01234;
	AG(t, 0)[40] = 0xff800000;
	mf_check(t, &cases[0], true);
}

/* The NaN a D gets when several operands are NaN (the ISA leaves the
 * payload open; the emulator's rule, emu_exec_valu_mfma.c mfma_block): the
 * first NaN, quieted, of A then B for a product, of the product then C for
 * a sum, and of B, A, C for an f64 fused step. */
static void test_mfma_nan_order(void **state)
{
	struct tu_wave *t = *state;
	const uint32_t na = 0x7f800a0a, nb = 0xff800b0b, nc = 0x7fc00c0c;  /* A, B signalling */
	for (unsigned l = 0; l < 64; l++) {
		unsigned g = l / 16;  /* lane groups 0-3: which of A, B, C are NaN */
		V(t, 0)[l] = g == 0 || g == 1 ? na : fb(1.5f);
		V(t, 1)[l] = g == 0 || g == 2 ? nb : fb(2.0f);
		for (unsigned r = 0; r < 4; r++)
			V(t, 16 + r)[l] = nc;
	}
	/* 4x4x1, 16 blocks: A[i] of block bk in lane i + 4bk, B[j] in lane
	 * j + 4bk, D[i][j] register i, lane j + 4bk: each lane group is 4 blocks. */
	RUN(t, I_MF_F32_4X4X1_16B, "v_mfma_f32_4x4x1_16b_f32");
	for (unsigned l = 0; l < 64; l++) {
		unsigned g = l / 16;
		uint32_t want = g == 0 || g == 1 ? na | 0x400000 : g == 2 ? nb | 0x400000 : nc;
		for (unsigned r = 0; r < 4; r++)
			check_u32(V(t, 16 + r)[l], want, l, "mfma f32 NaN order");
	}
	const uint64_t da = 0x7ff000000000da0aull, dbb = 0xfff000000000db0bull, dc = 0x7ff800000000dc0cull;
	for (unsigned l = 0; l < 64; l++) {
		setV64(t, 0, l, da);
		setV64(t, 2, l, dbb);
		setV64(t, 16, l, dc);
	}
	RUN(t, I_MF_F64_4X4X4, "v_mfma_f64_4x4x4_4b_f64");
	for (unsigned l = 0; l < 64; l++)
		if (V64(t, 16, l) != (dbb | 1ull << 51))
			fail_msg("mfma f64 NaN order lane %u: got 0x%016llx", l, (unsigned long long)V64(t, 16, l));
}

/* Every half as an MFMA input: D = 0 + h x 1 + 0 x 0 + ..., so D is h's
 * value as a single (+0 for -0; a NaN quieted, its payload kept), compared
 * with the value from binary16's definition (the vector conversion of
 * emu_exec_valu_mfma.c against the format, on all 65536 inputs). */
static void test_mfma_f16_all(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned base = 0; base < 65536; base += 64) {
		for (unsigned l = 0; l < 64; l++) {
			V(t, 0)[l] = base + l;  /* A[i][0] = h, A[i][1..3] = 0: lane i + 4bk */
			V(t, 1)[l] = 0;
			V(t, 2)[l] = 0x3c00;    /* B[0][j] = 1.0, B[1..3][j] = 0 */
			V(t, 3)[l] = 0;
			for (unsigned r = 0; r < 4; r++)
				V(t, 16 + r)[l] = 0;
		}
		RUN(t, I_MF_F16_4X4X4_16B, "v_mfma_f32_4x4x4_16b_f16");
		for (unsigned l = 0; l < 64; l++) {
			unsigned bk = l / 4, i = l % 4;
			uint16_t h = (uint16_t)(base + l);
			double v = half_value(h);
			uint32_t want = isnan(v) ? ((uint32_t)(h & 0x8000) << 16) | 0x7fc00000u | (uint32_t)(h & 0x3ff) << 13
			                         : fb((float)(0.0 + v));
			for (unsigned j = 0; j < 4; j++)
				if (V(t, 16 + i)[j + 4 * bk] != want)
					fail_msg("mfma f16 input 0x%04x: D[%u][%u] of block %u is 0x%08x, want 0x%08x", h, i, j,
					         bk, V(t, 16 + i)[j + 4 * bk], want);
		}
	}
}

static void test_gfx942_b64(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned l = 0; l < 64; l++) {
		setV64(t, 2, l, rnd64());
		setV64(t, 4, l, rnd64());
	}
	RUN(t, I_MOV_B64, "v_mov_b64");
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(V64(t, 8, l), V64(t, 2, l));
	RUN(t, I_LSHL_ADD_U64, "v_lshl_add_u64");
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(V64(t, 8, l), (V64(t, 2, l) << 2) + V64(t, 4, l));
}

/* ======================================================================== */
/* coverage and speed                                                        */
/* ======================================================================== */

/* The VALU mnemonics every one of which must have a handler:
 * tests/data/llvm19_valu_mnemonics.txt (what LLVM 19 disassembles for the
 * three arches, less the exclusions listed there). */
#define VALU_MNEMONICS "tests/data/llvm19_valu_mnemonics.txt"
#define VALU_MNEMONICS_COUNT 527


static void test_coverage(void **state)
{
	(void)state;
	/* make test exports GCNLAB_ROOT; run by hand from the repository root */
	const char *root = getenv("GCNLAB_ROOT") ? getenv("GCNLAB_ROOT") : ".";
	char path[512], line[128];
	unsigned n = 0, missing = 0;

	snprintf(path, sizeof(path), "%s/" VALU_MNEMONICS, root);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s (run from the repository root or set GCNLAB_ROOT)", path);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = 0;
		if (!line[0] || line[0] == '#')
			continue;
		n++;
		if (!emu_sem_find(line)) {
			print_message("no handler: %s\n", line);
			missing++;
		}
	}
	fclose(f);
	assert_int_equal(n, VALU_MNEMONICS_COUNT);
	assert_int_equal(missing, 0);
	/* no mnemonic twice: test_sem.c checks every family table */
}

#define TU_SETUP setup
#define TU_TEARDOWN tu_wave_teardown
TU_MAIN(NULL, NULL,
	tu_test(test_add_exec_and_carry),
	tu_test(test_clamp_saturates),
	tu_test(test_mad64),
	tu_test(test_mul),
	tu_test(test_shifts),
	tu_test(test_bitfield),
	tu_test(test_misc_int),
	tu_test(test_mbcnt_lane_id),
	tu_test(test_ternary_int),
	tu_test(test_16bit_int),
	tu_test(test_register_range),
	tu_test(test_lane_ops),
	tu_test(test_cndmask),
	tu_test(test_f32_arith),
	tu_test(test_f32_modifiers),
	tu_test(test_f32_denorm_mode),
	tu_test(test_f32_minmax),
	tu_test(test_madak_madmk_fmac),
	tu_test(test_f32_convert),
	tu_test(test_f16_convert),
	tu_test(test_f32_trans),
	tu_test(test_f32_round_frexp),
	tu_test(test_div_f32_sequence),
	tu_test(test_div_f64_sequence),
	tu_test(test_f64),
	tu_test(test_cmp_f32_predicates),
	tu_test(test_cmp_int_cmpx_class),
	tu_test(test_f16_arith),
	tu_test(test_f16_exhaustive),
	tu_test(test_packed),
	tu_test(test_mix_dot),
	tu_test(test_dpp),
	tu_test(test_sdwa),
	tu_test(test_accvgpr),
	tu_test(test_mfma_32x32x8f16),
	tu_test(test_mfma_16x16x16f16),
	tu_test(test_mfma_f32_f64),
	tu_test(test_mfma_types_shapes),
	tu_test(test_mfma_nan_order),
	tu_test(test_mfma_f16_all),
	tu_test(test_gfx942_b64),
	cmocka_unit_test(test_coverage))
