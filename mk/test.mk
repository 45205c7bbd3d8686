# test.mk — `make test`: build everything, then one prove run over
#   build/tests/unit/test_*       cmocka unit tests (TAP via CMOCKA_MESSAGE_OUTPUT)
#   build/san/tests/unit/test_*   the same, built with ASan + UBSan
#   tests/asm/*.t                 static checks of the kernels (TAP scripts)
#   tests/e2e/*.t                 end-to-end TAP scripts
#   tests/decode/*.t              decoder vs llvm-objdump on every built code object
#   tests/fuzz/*.t                a short libFuzzer run of the decoder
#   tests/seeds/*.t               the seeds' own kernels against their published figures
# prove runs native executables directly and .t scripts through their #! line,
# so the scripts need no exec bit. The run ends with prove's summary.
#
# Environment the tests get (all absolute paths):
#   GCNLAB_ROOT     the repository
#   GCNLAB_BUILD    build/
#   GCNLAB_BIN      build/bin/gcnlab
#   GCNLAB_EMU_LIB  build/lib/libhsa-emu.so
#   GCNLAB_SAN_BIN  build/san/bin/gcnlab (ASan/UBSan; tests/e2e/san.t)
#   LLVM_BIN        the LLVM bin directory the build used (llvm-objdump, ...)
# Tests must be safe to run in parallel (PROVE_JOBS, default 2): temporary
# files go to mktemp -d, never to fixed paths.

TAP_SCRIPTS := $(sort $(wildcard tests/asm/*.t tests/e2e/*.t tests/decode/*.t tests/fuzz/*.t \
	tests/seeds/*.t))
TEST_PROGS := $(UNIT_BINS) $(SAN_UNIT_BINS) $(TAP_SCRIPTS)
PROVE_JOBS ?= 2
PROVE_FLAGS ?=

TEST_ENV := CMOCKA_MESSAGE_OUTPUT=TAP \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=23 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	GCNLAB_ROOT=$(CURDIR) GCNLAB_BUILD=$(abspath $(BUILD)) \
	GCNLAB_BIN=$(abspath $(GCNLAB)) GCNLAB_EMU_LIB=$(abspath $(EMU_SO)) \
	GCNLAB_SAN_BIN=$(abspath $(SAN_GCNLAB)) \
	LLVM_BIN=$(LLVM_BIN)

.PHONY: test test-run test-build test-kernels
test-kernels: $(foreach a,$(ARCHS),$(KCO_test_$(a)))

test-build: $(EMU_SO) $(GCNLAB) $(DISASM_TOOL) kernels-all test-kernels $(UNIT_BINS) $(SAN_UNIT_BINS) \
	$(SAN_GCNLAB) $(SAN_EMU_SO)

# make test first installs what the tests need (tools/deps.sh --for test),
# then builds and proves in a fresh make that sees what was installed.
test: deps-test
	@$(MAKE) --no-print-directory test-run

test-run: test-build
ifeq ($(strip $(TEST_PROGS)),)
	@echo "test: no tests yet (tests/unit/test_*.c, tests/asm/*.t, tests/e2e/*.t)"
else
	@echo "test: prove -j$(PROVE_JOBS) over $(words $(TEST_PROGS)) test programs"
	@mkdir -p $(BUILD)
	@{ $(TEST_ENV) prove -j$(PROVE_JOBS) $(PROVE_FLAGS) $(TEST_PROGS); echo $$? > $(BUILD)/prove.rc; } 2>&1 | \
	tee $(BUILD)/prove.log
	@[ "$$(cat $(BUILD)/prove.rc)" = 0 ] || \
	{ echo "test: the failed assertions (all of prove's output: $(BUILD)/prove.log):"; \
	  grep -A3 '^#   Failed test' $(BUILD)/prove.log | cut -c1-240 | tail -n 24; exit 1; }
endif
