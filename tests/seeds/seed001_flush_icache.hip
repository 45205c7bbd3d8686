// seed001_flush_icache.hip — 001_0597331732635ddd.txt's (Composable Kernel's) flush_cache
// kernel: s_icache_inv and 16 s_nop 0, compiled by clang for gfx900,
// gfx90a and gfx942 (mk/seeds.mk) and launched by tests/seeds/seeds.t as
// the seed's flush_icache() does: compute units x 60 blocks of 64.
//
// Changes to the seed's code, each marked "SEED-CHANGE":
//   1. extern "C" and outside namespace ck_tile (gcnlab exec names a kernel
//      by its symbol), not static (a static kernel is not emitted).
//   2. The seed elides "// ... 14 more NOPs"; they are written out: 16 in
//      all, as its text says ("Wait cycles (16 NOPs)").

extern "C" __global__ void flush_cache()   // SEED-CHANGE 1
{
    asm __volatile__("s_icache_inv \n\t" // Invalidate I-cache
                     "s_nop 0 \n\t"      // Wait cycles (16 NOPs)
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"      // SEED-CHANGE 2: the 14 elided NOPs
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t"
                     "s_nop 0 \n\t" ::
                         :);
}
