// seed003_lds.hip — 003_2971ecc2aaaadb01.txt's two rocprofiler-compute LDS example kernels
// (`load` and `conflicts`, from Omniperf's lds.hip as the document gives
// them), compiled by clang for gfx90a (the MI250 the seed measured on) and
// gfx942 (mk/seeds.mk), run by tests/seeds/seeds.t as the seed's host
// does: one work-group of 1..N work-items, flag 0, out nullptr.
//
// Changes to the seed's code, each marked "SEED-CHANGE":
//   1. extern "C": the kernels keep the seed's names in the code object
//      (gcnlab exec names a kernel by its symbol).
// The write array[max_threads - index] reaches past the array for
// index 0 (and below it for `conflicts`), as in the seed; it never runs
// (flag is 0), and the compiler keeps it only because flag is unknown.

constexpr unsigned max_threads = 256;

extern "C" __global__ void load(int* out, int flag) {   // SEED-CHANGE 1
  __shared__ int array[max_threads];
  int index = threadIdx.x;
  // fake a store to the LDS array to avoid unwanted behavior
  if (flag)
    array[max_threads - index] = index;
  __syncthreads();
  int x = array[index];
  if (x == int(-1234567))
    out[threadIdx.x] = x;
}

constexpr unsigned nbanks = 32;
extern "C" __global__ void conflicts(int* out, int flag) {   // SEED-CHANGE 1
  constexpr unsigned nelements = nbanks * max_threads;
  __shared__ int array[nelements];
  // each thread reads from the same bank
  int index = threadIdx.x * nbanks;
  // fake a store to the LDS array to avoid unwanted behavior
  if (flag)
    array[max_threads - index] = index;
  __syncthreads();
  int x = array[index];
  if (x == int(-1234567))
    out[threadIdx.x] = x;
}
