# kd.mk — build/bin/gcnlab-kd: a code object's kernel descriptors as
# .amdhsa_* directives (tools/gcnlab_kd.c, host/gpu/gl_kd.c), used by
# `make disasm` and checked against llvm-objdump by tests/e2e/kd.t.

KD_TOOL := $(BUILD)/bin/gcnlab-kd

$(KD_TOOL): $(BUILD)/obj/tools/gcnlab_kd.o $(BUILD)/lib/libhost.a $(BUILD)/lib/libcommon.a
	@mkdir -p $(@D)
	$(call say,LINK,$@)
	$(Q)$(CC) -o $@$(TMP) $^ -lelf -lmsgpackc -lm $(install_tmp)

$(BUILD)/obj/tools/gcnlab_kd.o: GCN_CFLAGS += -Ihost

all: $(KD_TOOL)
test-build: $(KD_TOOL)
tools: $(KD_TOOL)
-include $(BUILD)/obj/tools/gcnlab_kd.d
