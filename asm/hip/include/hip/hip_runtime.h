/*
 * hip/hip_runtime.h — what a HIP kernel source includes first. gcnlab has no
 * HIP runtime (the host side is gcnlab itself): the device part is
 * gcnlab_hip.h, found here when asm/hip/include is on the include path
 * (`make hip SRC=...` puts it there; the Makefile's own HIP builds
 * force-include gcnlab_hip.h, and its include guard makes this a no-op).
 */
#include "../gcnlab_hip.h"
