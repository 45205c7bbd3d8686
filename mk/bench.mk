# bench.mk — `make bench`: the emulated GPU's speed (tools/bench.sh).
#
#   build/bench/<arch>/bench_sgemm.co   tests/bench/bench_sgemm.hip, the
#                                       clang-compiled compute kernel, built
#                                       with the suite's HIP flags
#   build/bench/<arch>/bench_fullgpu.co tests/bench/bench_fullgpu.hip, the
#                                       full-GPU workload (every CU busy)
#
# make bench [ARCH=gfx942] [BENCH_N=256] [BENCH_REPS=200] [BENCH_CALLGRIND=1]
# runs gcnlab exec --stats on the copy suite's kernels (their suite launch,
# BENCH_REPS dispatches each), on bench_sgemm (n = BENCH_N) and on
# bench_fullgpu (4 workgroups per CU), then the same kernels, smaller,
# under valgrind --tool=callgrind for host instructions per emulated
# wave-instruction (BENCH_CALLGRIND=0 skips it), and a summary table per
# workload (threads, rates per wall and CPU second, load average).

BENCH_DIR := $(BUILD)/bench
BENCH_SRCS := $(sort $(wildcard tests/bench/*.hip))
BENCH_COS := $(foreach a,$(ARCHS),$(patsubst tests/bench/%.hip,$(BENCH_DIR)/$(a)/%.co,$(BENCH_SRCS)))
BENCH_N ?= 256
BENCH_REPS ?= 200
BENCH_CALLGRIND ?= 1

# bench_tpl ARCH
define bench_tpl
$(BENCH_DIR)/$(1)/%.co: tests/bench/%.hip $(HIP_HDR) mk/bench.mk | check-deps
	@mkdir -p $$(@D)
	$$(call say,HIP,$$< -> $$@)
	$$(Q)$$(CLANG) $$(HIP_FLAGS) --offload-arch=$(1) -c $$< -o $$@
	@$$(LLVM_READELF) -h $$@ | grep -q 'DYN (Shared object' || \
		{ echo "$$@: clang did not produce a plain ELF code object" >&2; rm -f $$@; exit 1; }
endef
$(foreach a,$(ARCHS),$(eval $(call bench_tpl,$(a))))

.PHONY: bench-kernels
# (`make bench` itself is in the top Makefile, with the other user targets.)
bench-kernels: $(BENCH_COS)


# tests/e2e/determinism.t runs bench_sgemm under several run orders.
test-build: bench-kernels
