# tests_hip.mk — what tests/e2e/hip_semantics.t needs, built by `make test`:
#   build/tests/hip/<arch>/<name>.co   tests/hip/<name>.hip for every arch
#   build/tests/hip/check_hip          the host-side checker (tests/hip/check_hip.c)
# The kernels are compiled as the suite's HIP kernels are (kernels.mk
# HIP_FLAGS, with asm/hip/include/gcnlab_hip.h), plus -ffp-contract=off: the
# checker recomputes every float formula of tests/hip/hip_ops.h on the host,
# where a*b+c is two roundings, so the GPU side must not fuse it either.

HIPT_SRCS := $(sort $(wildcard tests/hip/*.hip))
HIPT_HDRS := $(wildcard tests/hip/*.h)
HIPT_DIR := $(BUILD)/tests/hip
HIPT_CHECK := $(HIPT_DIR)/check_hip
HIPT_COS := $(foreach a,$(ARCHS),$(patsubst tests/hip/%.hip,$(HIPT_DIR)/$(a)/%.co,$(HIPT_SRCS)))

# hipt_tpl ARCH
define hipt_tpl
$(HIPT_DIR)/$(1)/%.co: tests/hip/%.hip $(HIPT_HDRS) $(HIP_HDR) mk/tests_hip.mk | check-deps
	@mkdir -p $$(@D)
	$$(call say,HIP,$$< -> $$@)
	$$(Q)$$(CLANG) $$(HIP_FLAGS) -ffp-contract=off -Itests/hip --offload-arch=$(1) -c $$< -o $$@
	@$$(LLVM_READELF) -h $$@ | grep -q 'DYN (Shared object' || \
		{ echo "$$@: clang did not produce a plain ELF code object" >&2; rm -f $$@; exit 1; }
endef
$(foreach a,$(ARCHS),$(eval $(call hipt_tpl,$(a))))

$(HIPT_CHECK): tests/hip/check_hip.c $(HIPT_HDRS) mk/tests_hip.mk | check-deps
	@mkdir -p $(@D)
	$(call say,CC,$< -> $@)
	$(Q)$(CC) $(CSTD_FLAGS) -ffp-contract=off -Itests/hip $(EXTRA_CFLAGS) -o $@ $< -lm

.PHONY: test-hip
test-hip: $(HIPT_COS) $(HIPT_CHECK)
test-build: test-hip
