/*
 * emu_env — what both front ends (emu/hsa, emu/kfd) take from the process
 * they run in: the emulated GPU GCNLAB_EMU_ARCH names, and the host CPU
 * they report beside it (ROCr's CPU agent, KFD's node 0).
 */
#ifndef EMU_ENV_H
#define EMU_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "arch/emu_profile.h"

/* The profile GCNLAB_EMU_ARCH names, def_arch when it is unset or empty;
 * NULL after one message on stderr, prefixed by who, that lists the
 * emulated GPUs and ends with note (may be ""). */
const struct emu_profile *emu_env_profile(const char *def_arch, const char *who, const char *note);

/* The host CPU: its model name ("CPU" when /proc/cpuinfo has none), its
 * online cores (at least 1) and its RAM in bytes (0 when unknown). */
void emu_env_cpu_name(char *buf, size_t len);
uint32_t emu_env_cpu_count(void);
uint64_t emu_env_ram_bytes(void);

#endif
