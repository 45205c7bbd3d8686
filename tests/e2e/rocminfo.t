#!/bin/sh
# rocminfo.t — Debian's unmodified rocminfo, through tools/rocr-emu, lists
# the emulated gfx900 and gfx90a as ROCr sees them over the emulated KFD
# (build/lib/kfd/libhsakmt.so.1): the ISA, the marketing name, the CU count,
# the chip id, the VRAM pool and the L2 of the GPU's one description
# (emu/arch/emu_profile.c), and a CPU agent. gfx942 is refused with the
# reason (ROCr 5.2 has no gfx94x).
# gcnlab-deps: rocminfo=rocminfo
. "$(dirname "$0")/lib/tap.sh"
plan 17
re="$top/tools/rocr-emu"

# name isa marketing cus chip vram_kb l2_kb
check() {
	arch=$1
	timeout 120 "$re" --arch "$arch" rocminfo >"$tmp/$arch.out" 2>"$tmp/$arch.err"
	rc=$?
	ok $((rc != 0)) "rocminfo on the emulated $arch exits 0 (exit $rc)" ||
		sed 's/^/# /' "$tmp/$arch.err" | head -20
	grep -q "Name: *$2" "$tmp/$arch.out"
	ok $? "$arch: ISA $2"
	grep -q "Marketing Name: *$3" "$tmp/$arch.out"
	ok $? "$arch: marketing name '$3'"
	grep -q "Compute Unit: *$4 *$" "$tmp/$arch.out"
	ok $? "$arch: $4 compute units"
	grep -q "Chip ID: *$5(" "$tmp/$arch.out"
	ok $? "$arch: chip id $5"
	grep -q "Size: *$6(.*KB" "$tmp/$arch.out"
	ok $? "$arch: a $6 KB global pool"
	grep -q "L2: *$7(.*KB" "$tmp/$arch.out"
	ok $? "$arch: L2 $7 KB"
	grep -q "Device Type: *CPU" "$tmp/$arch.out"
	ok $? "$arch: a CPU agent too"
}

check gfx900 'amdgcn-amd-amdhsa--gfx900:xnack-' 'AMD Radeon RX Vega 64 (emulated)' 64 26751 8388608 4096
check gfx90a 'amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-' 'AMD Instinct MI250X (one GCD, emulated)' 110 29708 67108864 8192

"$re" --arch gfx942 rocminfo >"$tmp/942.out" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "no gfx94x" "$tmp/942.out"
ok $? "gfx942 is refused with the reason (exit $rc)"
