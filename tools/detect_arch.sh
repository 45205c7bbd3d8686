#!/bin/sh
# detect_arch.sh — the processor of the first AMD GPU the kernel driver
# (KFD) lists, as ROCr finds it: each topology node's properties carry
# gfx_target_version = major * 10000 + minor * 100 + stepping (0 for a CPU
# node); gfx9.4.2 -> gfx942, 9.0.10 -> gfx90a. Prints the name and exits 0,
# or prints nothing and exits 1 when there is no GPU.
# GCNLAB_KFD_TOPOLOGY overrides /sys/class/kfd/kfd/topology/nodes (tests).
dir=${GCNLAB_KFD_TOPOLOGY:-/sys/class/kfd/kfd/topology/nodes}
for props in "$dir"/*/properties; do
	[ -r "$props" ] || continue
	v=$(awk '$1 == "gfx_target_version" { print $2; exit }' "$props")
	[ -n "$v" ] && [ "$v" -ne 0 ] 2>/dev/null || continue
	printf 'gfx%d%d%x\n' $((v / 10000)) $((v / 100 % 100)) $((v % 100))
	exit 0
done
exit 1
