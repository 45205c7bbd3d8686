# seeds.mk — the seeds' own kernels (tests/seeds/*.hip) for tests/seeds/seeds.t,
# built by `make test`:
#   build/tests/seeds/<arch>/<name>.co   each source for the arches its seed
#                                        ran on (SEEDK_ARCHS_<name>)
#   build/tests/seeds/seed_host          the host side (tests/seeds/seed_host.c)
# The kernels are compiled as the suite's HIP kernels are (kernels.mk
# hip_recipe, HIP_FLAGS: clang -x hip --cuda-device-only --offload-arch, no HIP runtime,
# asm/hip/include/gcnlab_hip.h force-included).

SEEDK_DIR := $(BUILD)/tests/seeds
SEEDK_HOST := $(SEEDK_DIR)/seed_host
SEEDK_ARCHS_seed000_mem_latency := gfx942
SEEDK_ARCHS_seed001_flush_icache := gfx900 gfx90a gfx942
SEEDK_ARCHS_seed003_lds := gfx90a gfx942
SEEDK_NAMES := $(patsubst tests/seeds/%.hip,%,$(sort $(wildcard tests/seeds/*.hip)))
SEEDK_COS := $(foreach n,$(SEEDK_NAMES),$(foreach a,$(SEEDK_ARCHS_$(n)),$(SEEDK_DIR)/$(a)/$(n).co))

# seedk_tpl ARCH
define seedk_tpl
$(SEEDK_DIR)/$(1)/%.co: tests/seeds/%.hip $(HIP_HDR) mk/seeds.mk | check-deps
	$$(call hip_recipe,$$*,$$<,,0,$(1))
endef
$(foreach a,$(ARCHS),$(eval $(call seedk_tpl,$(a))))

$(SEEDK_HOST): tests/seeds/seed_host.c mk/seeds.mk | check-deps
	@mkdir -p $(@D)
	$(call say,CC,$< -> $@)
	$(Q)$(CC) $(CSTD_FLAGS) $(EXTRA_CFLAGS) -o $@ $<

.PHONY: test-seeds
test-seeds: $(SEEDK_COS) $(SEEDK_HOST)
test-build: test-seeds
