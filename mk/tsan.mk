# tsan.mk — `make tsan`: the parallel simulation under ThreadSanitizer
# (emu/core/emu_domain.h). Builds libhsa-emu.so and gcnlab with
# -fsanitize=thread into build/tsan/ and runs tests/e2e/threads.t with that
# gcnlab and GCNLAB_EMU_THREADS=4; any TSan report makes a run exit 66, so
# the test fails. Several minutes (TSan runs the emulator ~10x slower), so
# it is not part of `make test`.
#   -Wno-tsan: emu/hsa/emu_api_signal.c's fences (TSan does not model them).
#   EMU_VA_BASE: the GPU's fixed mappings (emu_mem.c, 32 TiB) lie in TSan's
#   shadow memory on x86-64; 64 GiB is in its application range.

TSAN_BUILD := $(BUILD)/tsan
TSAN_FLAGS := -fsanitize=thread -Wno-tsan -DEMU_VA_BASE=0x1000000000ull

.PHONY: tsan
tsan: test-build
	$(MAKE) BUILD=$(TSAN_BUILD) EXTRA_CFLAGS="$(TSAN_FLAGS)" \
		LIBS_EMU="$(LIBS_EMU) -fsanitize=thread" LIBS_HOST="$(LIBS_HOST) -fsanitize=thread" \
		$(TSAN_BUILD)/lib/libhsa-emu.so $(TSAN_BUILD)/bin/gcnlab
	@# gcnlab finds the suites' kernels beside its own folder
	$(Q)for a in $(ARCHS); do ln -sfn $(abspath $(BUILD))/$$a $(TSAN_BUILD)/$$a; done
	GCNLAB_BIN=$(TSAN_BUILD)/bin/gcnlab TSAN_OPTIONS=halt_on_error=1 prove tests/e2e/threads.t
