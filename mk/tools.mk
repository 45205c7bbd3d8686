# tools.mk — developer tools built from tools/*.c
#   build/bin/gcnlab-disasm   the emulator's decoder + disassembler on a code
#                             object, in llvm-objdump's line format (tests/decode)

DISASM_TOOL := $(BUILD)/bin/gcnlab-disasm

$(DISASM_TOOL): $(BUILD)/obj/tools/emu_disasm_tool.o $(BUILD)/lib/libemu.a $(BUILD)/lib/libcommon.a
	@mkdir -p $(@D)
	$(call say,LINK,$@)
	$(Q)$(CC) -o $@$(TMP) $^ -lelf -lmsgpackc -lm -lpthread $(install_tmp)

.PHONY: tools
tools: $(DISASM_TOOL)

# Header dependencies of the tool's object (c.mk includes only those of the
# library and test sources): without them a changed emu/*.h left a stale
# gcnlab-disasm that disagreed with libemu.a about struct layouts.
-include $(BUILD)/obj/tools/emu_disasm_tool.d
