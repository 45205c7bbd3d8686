# suppress.mk — the suite kernels' reviewed suppressions of the emulator's
# checks (asm/gcnlab-emu.supp, emu/core/emu_suppress.h), installed beside
# each emulator build: gcnlab points GCNLAB_EMU_SUPPRESSIONS at the copy
# next to the libhsa-emu.so it loads. Order-only: the file is not linked.

$(EMU_SO): | $(BUILD)/lib/gcnlab-emu.supp
$(SAN_EMU_SO): | $(BUILD)/san/lib/gcnlab-emu.supp

$(BUILD)/lib/gcnlab-emu.supp $(BUILD)/san/lib/gcnlab-emu.supp: asm/gcnlab-emu.supp mk/suppress.mk
	@mkdir -p $(@D)
	$(call say,CP,$< -> $@)
	$(Q)cp $< $@$(TMP) $(install_tmp)
