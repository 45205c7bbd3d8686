# hip.mk — make hip SRC=<file.hip> [ARCH=gfx942] [HIP_OUT=<file.co>] [HIP_DEFS="-DN=4 ..."]
#
# One HIP kernel source into a code object `gcnlab exec` runs, with the
# clang and flags the suites' own HIP kernels use (kernels.mk HIP_FLAGS:
# LLVM_BIN's clang, device only, no ROCm device library, code object v5),
# minus -Werror (a user's kernel may warn), with asm/hip/include on the
# include path so `#include <hip/hip_runtime.h>` finds gcnlab's header
# (asm/hip/include/hip/hip_runtime.h). Debian's `clang` on PATH is version
# 14 and does not know gfx942; `make info` names the one used here.
# The code object goes to HIP_OUT, default build/hip/<arch>/<name>.co; the
# recipe ends by naming its kernels and the exec command line that runs one.

HIP_USER_FLAGS = $(filter-out -Werror,$(HIP_FLAGS)) -Iasm/hip/include
HIP_USER_CO = $(or $(HIP_OUT),$(BUILD)/hip/$(ARCH)/$(basename $(notdir $(SRC))).co)

.PHONY: hip
hip: | check-deps
	@if [ -z "$(SRC)" ]; then \
		echo "usage: make hip SRC=<file.hip> [ARCH=...] [HIP_OUT=<file.co>] [HIP_DEFS=...]" >&2; exit 2; fi
	@if [ ! -f "$(SRC)" ]; then echo "make hip: SRC=$(SRC): no such file" >&2; exit 2; fi
	@mkdir -p $(dir $(HIP_USER_CO))
	$(call say,HIP,$(SRC) -> $(HIP_USER_CO))
	$(Q)$(CLANG) $(HIP_USER_FLAGS) $(HIP_DEFS) --offload-arch=$(ARCH) -c $(SRC) -o $(HIP_USER_CO)
	@$(LLVM_READELF) -h $(HIP_USER_CO) | grep -q 'DYN (Shared object' || \
		{ echo "$(HIP_USER_CO): clang did not produce a plain ELF code object" >&2; rm -f $(HIP_USER_CO); exit 1; }
	@k="$$($(LLVM_READELF) -s --wide $(HIP_USER_CO) | awk '$$NF ~ /\.kd$$/ { sub(/\.kd$$/, "", $$NF); print $$NF }' | sort -u | paste -sd " ")"; \
	echo "hip: $(HIP_USER_CO) ($(ARCH)), kernels: $${k:-none (no __global__ function with extern \"C\" or a kept name)}"; \
	echo "run: $(GCNLAB) exec $(HIP_USER_CO) $${k%% *} --grid <work-items> --block <work-items per group> <args: buf:/out:/u32:...>"
