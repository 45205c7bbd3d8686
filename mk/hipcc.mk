# hipcc.mk — HIP programs built by Debian's hipcc (5.2, clang-15 and the
# ROCm device libraries), run unmodified on the emulated GPU by
# tools/rocr-emu (ROCr and the HIP runtime over the emulated KFD):
#   build/tests/programs/<arch>/<name>   tests/programs/<name>.hip, the
#                                        programs tests/e2e/hipcc_*.t run
#   build/programs/<arch>/<name>         asm/programs/<name>.hip, the seeds'
#                                        experiments as programs
# for gfx900 and gfx90a, the GPUs ROCr 5.2 knows (it has no gfx94x).
# hipcc and libamdhip64-dev are test dependencies (tools/deps.sh --for test);
# `make hip-programs` builds both sets. Each program is one .hip file plus
# the headers of its folder.

HIPCC ?= hipcc
# The build exports ROCM_PATH (default /opt/rocm) for the HSA headers;
# hipcc would take it as where its device libraries are, so it runs
# without it and finds its own (Debian's: /usr).
HIPCC_RUN = env -u ROCM_PATH $(HIPCC)
HIPP_ARCHS := gfx900 gfx90a
HIPP_FLAGS := -O2 -Wall -Werror
HIPP_TEST_SRCS := $(sort $(wildcard tests/programs/*.hip))
HIPP_SEED_SRCS := $(sort $(wildcard asm/programs/*.hip))
HIPP_TEST_BINS := $(foreach a,$(HIPP_ARCHS),\
	$(patsubst tests/programs/%.hip,$(BUILD)/tests/programs/$(a)/%,$(HIPP_TEST_SRCS)))
HIPP_SEED_BINS := $(foreach a,$(HIPP_ARCHS),\
	$(patsubst asm/programs/%.hip,$(BUILD)/programs/$(a)/%,$(HIPP_SEED_SRCS)))
HIPP_NEED = @command -v $(HIPCC) >/dev/null 2>&1 || \
	{ echo "$@: no $(HIPCC): install hipcc and libamdhip64-dev ('make deps' as root)" >&2; exit 1; }

# hipp_tpl ARCH SRCDIR OUTDIR
define hipp_tpl
$(3)/$(1)/%: $(2)/%.hip $(wildcard $(2)/*.h) mk/hipcc.mk | check-deps
	$$(HIPP_NEED)
	@mkdir -p $$(@D)
	$$(call say,HIPCC,$$< -> $$@)
	$$(Q)$$(HIPCC_RUN) --offload-arch=$(1) $$(HIPP_FLAGS) -I$(2) -o $$@ $$<
endef
$(foreach a,$(HIPP_ARCHS),$(eval $(call hipp_tpl,$(a),tests/programs,$(BUILD)/tests/programs)))
$(foreach a,$(HIPP_ARCHS),$(eval $(call hipp_tpl,$(a),asm/programs,$(BUILD)/programs)))

# The code object tests/programs/module_launch loads: asm/examples/saxpy.s
# assembled as the kernels are, but as code object v4. The HIP runtime 5.2
# reads a code object's ISA through its comgr 2.4, which knows the ELF ABI
# versions of v2-v4 only ("COMGR failed to get code object ISA name" for
# gcnlab's v5, and hipModuleLoad answers hipErrorSharedObjectInitFailed).
HIPP_COS := $(foreach a,$(HIPP_ARCHS),$(BUILD)/tests/programs/$(a)/saxpy_v4.co)
$(BUILD)/tests/programs/%/saxpy_v4.co: asm/examples/saxpy.s $(ASM_INCS) mk/hipcc.mk | check-deps
	@mkdir -p $(@D)
	$(call say,MC,$< -> $@ (code object v4))
	$(Q)$(LLVM_MC) $(filter-out --amdhsa-code-object-version=5,$(MC_FLAGS)) \
		--amdhsa-code-object-version=4 -mcpu=$* --defsym GFX=$(call gfxnum,$*) $< -o $@.o && \
		$(LLD) -shared --discard-all -o $@ $@.o; st=$$?; rm -f $@.o; exit $$st

# tests/e2e/hipcc_programs.t's LD_PRELOAD shim (tests/programs/doorbell_delay.c):
# each doorbell ring of the HIP runtime returns late, which made ROCclr's
# direct-dispatch race (host-clock event times) happen on every packet.
HIPP_DELAY := $(BUILD)/tests/programs/libdoorbell_delay.so
$(HIPP_DELAY): tests/programs/doorbell_delay.c mk/hipcc.mk | check-deps
	@mkdir -p $(@D)
	$(call say,CC,$< -> $@)
	$(Q)$(CC) $(CSTD_FLAGS) $(HSA_CPPFLAGS) -fPIC -shared -o $@ $< -ldl

.PHONY: hip-programs
hip-programs: $(HIPP_TEST_BINS) $(HIPP_SEED_BINS) $(HIPP_COS) $(HIPP_DELAY)
test-build: hip-programs
