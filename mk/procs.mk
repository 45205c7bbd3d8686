# procs.mk — the processors the build knows: their rows in common/gcn_proc.c,
# as tools/procs.sh reads them (the one list). ARCHS: their names, in table
# order; $(call gfxnum,NAME): the number asm/include/gcnlab.inc knows NAME by
# (--defsym GFX=, the row's asm_num), and an error for a name without a row
# rather than another processor's number.
GCN_PROCS := $(shell sh tools/procs.sh | tr ' ' ':')
ifeq ($(GCN_PROCS),)
$(error no processor rows read from common/gcn_proc.c (tools/procs.sh says why))
endif
ARCHS := $(foreach p,$(GCN_PROCS),$(firstword $(subst :, ,$(p))))
gfxnum = $(or $(patsubst $(1):%,%,$(filter $(1):%,$(GCN_PROCS))),$(error no GFX number for '$(1)': it has no row in common/gcn_proc.c (the processors are $(ARCHS))))
