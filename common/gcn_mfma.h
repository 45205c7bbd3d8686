/*
 * gcn_mfma — how many 4-cycle passes an MFMA takes on a processor: one table
 * (gcn_mfma_passes.inc) read by the emulator's cycle model (matrix-core
 * occupancy), its wait-state rules (LLVM's NumPasses) and the host's gemm
 * suite (its design's cycles per K-step).
 */
#ifndef GCN_MFMA_H
#define GCN_MFMA_H

#include "gcn_proc.h"

/* Passes of mnemonic on p; 0 when p has no MFMA or the table does not list it. */
unsigned gcn_mfma_passes(const struct gcn_proc *p, const char *mnemonic);

#endif
