# compare.mk — make compare KERNEL=<asm kernel> [ARCH=...] [REF=<hip kernel>]
#                            [BACKEND=emu|rocr|auto] [COMPARE_FLAGS=...]
#
# Builds, for ARCH, the code object of KERNEL and those of the .hip files in
# the directory of its source (its reference lives there: copy.s ->
# copy_hip.hip), plus REF's when given, then runs `gcnlab compare`. The
# launch is the one of the suite that owns the kernel; a kernel outside the
# suites names its own in its source, one line per kernel:
#     // gcnlab-compare: lds_dma --ref lds_dma_hip --grid 4096 --block 256 buf:1M:rand:2 buf:16K
# (gcnlab compare options and exec-style ARGs after the kernel name).
# The page goes to results/<arch>-<backend>/compare-<kernel>.html.

# The build record (name|source|kind|archs|defs|named, see kernels.awk) of a
# kernel, and the code object it gives for ARCH if ARCH builds it.
cmp_rec = $(firstword $(filter $(1)|%,$(KREC)))
cmp_obj = $(if $(call cmp_rec,$(1)),$(filter $(KCO_suite_$(ARCH)) $(KCO_test_$(ARCH)),\
	$(call kdir,$(call kf,$(call cmp_rec,$(1)),3),$(ARCH))/$(1).co))
cmp_src = $(call kf,$(call cmp_rec,$(KERNEL)),2)
cmp_hip_objs = $(foreach r,$(KREC),$(if $(filter $(dir $(cmp_src))%.hip,$(call kf,$(r),2)),\
	$(call cmp_obj,$(call kf,$(r),1))))
CMP_OBJS := $(if $(KERNEL),$(call cmp_obj,$(KERNEL)) $(cmp_hip_objs) $(if $(REF),$(call cmp_obj,$(REF))))
# The launch line of the source, when it has one (evaluated by the recipe only).
cmp_launch = $(shell sed -n 's|^[[:space:]]*//[[:space:]]*gcnlab-compare:[[:space:]]*$(KERNEL)[[:space:]][[:space:]]*||p' \
	$(cmp_src) | head -n 1)

.PHONY: compare
compare: $(EMU_SO) $(GCNLAB) $(CMP_OBJS)
	@if [ -z "$(KERNEL)" ]; then \
		echo "usage: make compare KERNEL=<asm kernel> [ARCH=...] [REF=<hip kernel>] [BACKEND=emu|rocr|auto] [COMPARE_FLAGS=...]" >&2; \
		exit 2; \
	fi
	@if [ -z "$(call cmp_rec,$(KERNEL))" ]; then \
		echo "make compare: no source in asm/ builds a kernel $(KERNEL) (the names come from the file names and their \`gcnlab: variant\` lines)" >&2; \
		exit 2; \
	fi
	@if [ -z "$(call cmp_obj,$(KERNEL))" ]; then \
		echo "make compare: $(cmp_src) is not built for $(ARCH) (see its \`gcnlab: archs\` line)" >&2; \
		exit 2; \
	fi
	$(GCNLAB) compare $(KERNEL) --arch $(ARCH) --backend $(or $(BACKEND),auto) $(if $(REF),--ref $(REF)) \
		$(cmp_launch) $(COMPARE_FLAGS)
