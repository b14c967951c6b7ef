# earlyseed — see README.md. `make` builds; `make run` and `make check` also
# install what they need (scripts/deps.sh) first.

CC      ?= cc
BUILD   := build
EFIINC  := /usr/include/efi
EFILIB  := /usr/lib
ARCH    ?= x86_64

# The driver's DRBG (SHA-256, Hash_DRBG): in the driver and the host builds.
DRBG_SRC := core/sha256.c core/drbg.c
# Kernel-model code: host tool and tests only, never in the .efi.
MODEL_SRC := core/credit.c core/pool_unmix.c core/audit_decode.c
# The engine: every other core/ file, in what the firmware image links
# (freestanding, no floating point). Found by name: a source's parser in
# core/ edits no Makefile.
CORE_SRC := $(filter-out $(DRBG_SRC) $(MODEL_SRC),$(sort $(wildcard core/*.c)))
ARCH_SRC := arch/$(ARCH)/cpurng.c
INSN_SRC := arch/$(ARCH)/insn.c
# libc/: below core/, the mem* functions the firmware images link instead
# of a C library (the host programs take the host's).
LIBC_SRC := libc/mem.c
# efi/: what the app and the driver share, then each one's own.
# A source's reader is efi/src_<name>.c, found by name: adding one edits no
# Makefile (its row is in efi/sources.c). The seed file's is the app's alone
# (a driver keeps none: efi/driver.c has its empty functions).
EFI_SHARED := efi/pass.c efi/sources.c $(filter-out efi/src_seedfile.c,$(sort $(wildcard efi/src_*.c))) \
	efi/seedtable.c efi/text.c efi/systab.c \
	efi/auditvar.c efi/stage.c efi/guid.c efi/fdt.c efi/console.c efi/fs.c efi/verdict.c efi/kerneltrust.c
APP_SRC := efi/main.c efi/conf.c efi/chain.c efi/initrd.c efi/devpath.c efi/seedfile.c efi/token.c efi/src_seedfile.c efi/sealed.c \
	efi/varfile.c
DRIVER_SRC := efi/driver.c efi/rngsrv.c
EFI_SRC  := $(APP_SRC) $(EFI_SHARED)
# What the driver trusts (it sees no kernel command line): 1 trusts the
# CPU's RNG, as Linux >= 6.2 does by default (docs/driver.md "The firmware driver").
DRIVER_TRUST_CPU ?= 1
# make VERBOSE=1: every console line by default (docs/app.md "What the app does,
# and what it prints"); the app's config `verbose` overrides it, the driver
# has only this.
VERBOSE ?= 0
# A stamp per setting, newest = in force: changing it rebuilds efi/driver.o
# (efi/console.o).
verbose-%:
	@mkdir -p $(dir $@)
	@rm -f $(dir $@)verbose-*
	@touch $@
driver-trust-%:
	@mkdir -p $(dir $@)
	@rm -f $(dir $@)driver-trust-*
	@touch $@
# The host tool, and what the host builds link of the core.
TOOL_SRC := $(sort $(wildcard host/*.c))
# After the link, every firmware image gets shim's .sbat section (the
# generation lines: linker/sbat.csv, docs/secure-boot.md "Secure Boot") and NX_COMPAT
# where its sections allow it: `earlyseed pe`, the host tool.
HOSTTOOL := build/earlyseed
PE_SEAL = $(HOSTTOOL) pe --sbat $(SBAT) --nx $@.tmp $@ > /dev/null && rm -f $@.tmp
# The version, written once in core/version.h; the .sbat table is
# linker/sbat.csv with it as earlyseed's component version (shim's SBAT.md:
# the 5th field), which `earlyseed update` and `status` read back, and a
# distribution's own line when SBAT_DISTRO is given at build time (as
# systemd's sbat-distro* and fwupd-efi's efi_sbat_distro_* options):
#   make SBAT_DISTRO=debian SBAT_DISTRO_SUMMARY=Debian SBAT_DISTRO_GENERATION=1 \
#        SBAT_DISTRO_VERSION=1.1-1 SBAT_DISTRO_URL=https://tracker.debian.org/pkg/earlyseed
# makes "earlyseed.debian,1,Debian,earlyseed,1.1-1,https://...".
VERSION := $(shell sed -n 's/^\#define ES_VERSION "\(.*\)"$$/\1/p' core/version.h)
SBAT := build/sbat.csv
SBAT_DISTRO ?=
SBAT_DISTRO_GENERATION ?= 1
SBAT_DISTRO_SUMMARY ?= $(SBAT_DISTRO)
SBAT_DISTRO_PKGNAME ?= earlyseed
SBAT_DISTRO_VERSION ?= $(VERSION)
SBAT_DISTRO_URL ?= https://github.com/earlyseed/earlyseed
# Written only when its text changes: a new SBAT_DISTRO remakes the images,
# the same one does not. (A rule this early would be make's goal: all is.)
.DEFAULT_GOAL := all
$(SBAT): linker/sbat.csv core/version.h FORCE
	@mkdir -p $(dir $@)
	@{ sed 's/@VERSION@/$(VERSION)/' linker/sbat.csv; if [ -n '$(SBAT_DISTRO)' ]; then printf '%s\n' \
		'earlyseed.$(SBAT_DISTRO),$(SBAT_DISTRO_GENERATION),$(SBAT_DISTRO_SUMMARY),$(SBAT_DISTRO_PKGNAME),$(SBAT_DISTRO_VERSION),$(SBAT_DISTRO_URL)'; \
		fi; } > $@.tmp
	@cmp -s $@.tmp $@ 2> /dev/null && rm -f $@.tmp || mv $@.tmp $@
.PHONY: FORCE
FORCE:
LIB_SRC := $(CORE_SRC) $(DRBG_SRC) $(MODEL_SRC)

WARN      := -Wall -Wextra -Werror
CORE_WARN := $(WARN) -Wconversion -Wsign-conversion -Wshadow
# Header dependencies, exactly: every object writes its .d beside it; every
# object also depends on this Makefile (its flags).
DEPFLAGS  := -MMD -MP

# The README's commands build with J jobs at once and run J tests at once
# (scripts/check.sh): the machine's cores by default; J=1 one at a time.
J ?= $(shell nproc 2>/dev/null || echo 2)
# Downloads live outside the tree, per user (scripts/lib.sh says why).
ES_CACHE := $(or $(CACHE),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/earlyseed)

# ---- the architecture: all that differs between the two firmware builds ----
# GNU-EFI 3.0.15's recipe (gnu-efi Make.defaults) for each; no floating
# point or vector registers anywhere in a firmware image.
EFI_COMMON_CFLAGS := -std=gnu11 -Os -fpic -fvisibility=hidden -ffreestanding -fno-stack-protector -fno-stack-check \
	-fshort-wchar
ifeq ($(ARCH),aarch64)
# make ARCH=aarch64 (docs/aarch64.md "aarch64"): build/aarch64/earlyseed.efi and
# earlyseed-driver.efi with gcc-aarch64-linux-gnu and GNU-EFI 3.0.15's arm64
# crt0, library and headers, which scripts/arm64.sh fetches into $(ES_CACHE)/arm64
# (Debian's gnu-efi has no Multi-Arch: the arm64 package cannot be installed
# beside the amd64 one). The host tool and tests stay x86_64 builds.
BUILD  := build/aarch64
CROSS  ?= aarch64-linux-gnu-
A64    := $(ES_CACHE)/arm64/gnuefi/usr
EFIINC := $(A64)/include/efi
EFILIB := $(A64)/lib
# x18 left alone: the platform register UEFI reserves (UEFI 2.10 section
# 2.3.6.1; edk2 and the Linux stub build with -ffixed-x18).
ARCH_CFLAGS := -mstrict-align -mgeneral-regs-only -ffixed-x18
# GNU-EFI's files, fetched before anything is compiled.
EFI_FETCHED := $(EFILIB)/crt0-efi-aarch64.o
# gnu-efi 3.0.15's aarch64 crt0 carries its own PE header, with the
# subsystem from a symbol: a flat binary padded to _edata, not objcopy
# --target efi-app (which it cannot make).
LD_APP := --defsym=EFI_SUBSYSTEM=0xa
LD_DRIVER := --defsym=EFI_SUBSYSTEM=0xb
EFI_SECTIONS := -j .text -j .sdata -j .data -j .dynamic -j .rodata -j .rel -j .rela -j .rel.* -j .rela.* \
	-j .reloc
TO_PE_APP = $(CROSS)objcopy $(EFI_SECTIONS) -O binary \
	--pad-to=0x$$($(CROSS)nm $< | awk '$$3 == "_edata" {print $$1}') $< $@.tmp
TO_PE_DRIVER = $(TO_PE_APP)
EFI_IMAGES := $(BUILD)/earlyseed.efi $(BUILD)/earlyseed-driver.efi
# The host tool is another build's (below): the images wait for it, and are
# not remade each time make looks at it.
SEAL_DEP := | $(HOSTTOOL)
else ifeq ($(ARCH),riscv64)
# make ARCH=riscv64 (docs/riscv64.md): build/riscv64/earlyseed.efi and
# earlyseed-driver.efi with gcc-riscv64-linux-gnu and GNU-EFI 3.0.18's
# riscv64 crt0, library and headers from Debian 13 (Debian 12 has no
# riscv64), which scripts/riscv64.sh fetches into $(ES_CACHE)/riscv64.
BUILD  := build/riscv64
CROSS  ?= riscv64-linux-gnu-
RV64   := $(ES_CACHE)/riscv64/gnuefi/usr
EFIINC := $(RV64)/include/efi
EFILIB := $(RV64)/lib
# GNU-EFI's objects use the lp64d ABI and ld will not mix ABIs; riscv has no
# -mgeneral-regs-only, so scripts/imgcheck.sh checks that the image holds no
# F or D instruction (as it checks the x86 image for SSE).
ARCH_CFLAGS := -march=rv64gc -mabi=lp64d -mcmodel=medany -mno-relax
EFI_FETCHED := $(EFILIB)/crt0-efi-riscv64.o
# gnu-efi 3.0.18's riscv64 crt0 carries its own PE header (subsystem 10, an
# application): a flat binary, sections at their addresses; the driver's
# subsystem is set to 11 in that header (PE32+ optional header, offset 68).
LD_APP :=
LD_DRIVER :=
EFI_SECTIONS := -j .text -j .reloc -j .dynamic -j .data -j .rela -j .rela.plt -j .rodata
TO_PE_APP = $(CROSS)objcopy $(EFI_SECTIONS) -O binary $< $@.tmp
TO_PE_DRIVER = $(TO_PE_APP) && scripts/pe-subsystem.sh $@.tmp 11
EFI_IMAGES := $(BUILD)/earlyseed.efi $(BUILD)/earlyseed-driver.efi
SEAL_DEP := | $(HOSTTOOL)
else
ARCH_CFLAGS := -mno-red-zone -maccumulate-outgoing-args -mno-mmx -mno-sse -mgeneral-regs-only -DGNU_EFI_USE_MS_ABI
EFI_FETCHED :=
LD_APP :=
LD_DRIVER :=
# --strip-all: no COFF symbol table in the image (it only cost space).
EFI_SECTIONS := -j .text -j .sdata -j .data -j .dynamic -j .dynsym -j .rel -j .rela \
	-j .rel.* -j .rela.* -j .reloc --strip-all
TO_PE_APP = $(CROSS)objcopy $(EFI_SECTIONS) --target efi-app-$(ARCH) --subsystem=10 $< $@.tmp
TO_PE_DRIVER = $(CROSS)objcopy $(EFI_SECTIONS) --target efi-bsdrv-$(ARCH) --subsystem=11 $< $@.tmp
EFI_IMAGES := $(BUILD)/earlyseed.efi $(BUILD)/earlyseed-driver.efi
SEAL_DEP := $(HOSTTOOL)
endif
EFI_CC := $(if $(CROSS),$(CROSS)gcc,$(CC))
EFI_CFLAGS := $(EFI_COMMON_CFLAGS) $(ARCH_CFLAGS) -ffunction-sections -fdata-sections -fcallgraph-info=su \
	-isystem $(EFIINC) -isystem $(EFIINC)/$(ARCH) -isystem $(EFIINC)/protocol -Iarch/$(ARCH)
EFI_LDFLAGS := -nostdlib -znocombreloc -shared -Bsymbolic --no-undefined --gc-sections \
	-T linker/efi-$(ARCH).lds $(EFILIB)/crt0-efi-$(ARCH).o

# ---- the firmware images, for either architecture ----
.PHONY: all efi ffs tool clean run check deps print-efi-objs print-driver-objs
all: efi tool
efi: $(EFI_IMAGES)
$(BUILD)/efi/%.o: %.c Makefile $(EFI_FETCHED)
	@mkdir -p $(dir $@)
	$(EFI_CC) $(EFI_CFLAGS) $(if $(filter efi/%,$<),$(WARN),$(CORE_WARN)) $(DEPFLAGS) -c $< -o $@
$(BUILD)/efi/libc/mem.o: EFI_CFLAGS += -fno-tree-loop-distribute-patterns
$(BUILD)/efi/efi/driver.o: EFI_CFLAGS += -DES_DRIVER_TRUST_CPU=$(DRIVER_TRUST_CPU)
$(BUILD)/efi/efi/driver.o: $(BUILD)/driver-trust-$(DRIVER_TRUST_CPU)
$(BUILD)/efi/efi/console.o: EFI_CFLAGS += -DES_VERBOSE=$(VERBOSE)
$(BUILD)/efi/efi/console.o: $(BUILD)/verbose-$(VERBOSE)
# The app, then the boot-service driver: the same core and shared efi/ objects.
EFI_OBJS := $(patsubst %.c,$(BUILD)/efi/%.o,$(CORE_SRC) $(LIBC_SRC) $(ARCH_SRC) $(INSN_SRC) $(EFI_SRC))
DRIVER_OBJS := $(patsubst %.c,$(BUILD)/efi/%.o,$(CORE_SRC) $(LIBC_SRC) $(DRBG_SRC) $(ARCH_SRC) $(INSN_SRC) $(EFI_SHARED) \
	$(DRIVER_SRC))
$(BUILD)/earlyseed.so: $(EFI_OBJS) linker/efi-$(ARCH).lds
	$(CROSS)ld $(EFI_LDFLAGS) $(LD_APP) $(EFI_OBJS) -L$(EFILIB) -lgnuefi -o $@
$(BUILD)/earlyseed-driver.so: $(DRIVER_OBJS) linker/efi-$(ARCH).lds
	$(CROSS)ld $(EFI_LDFLAGS) $(LD_DRIVER) $(DRIVER_OBJS) -L$(EFILIB) -lgnuefi -o $@
$(BUILD)/earlyseed.efi: $(BUILD)/earlyseed.so $(SBAT) $(SEAL_DEP)
	$(TO_PE_APP)
	$(PE_SEAL)
$(BUILD)/earlyseed-driver.efi: $(BUILD)/earlyseed-driver.so $(SBAT) $(SEAL_DEP)
	$(TO_PE_DRIVER)
	$(PE_SEAL)
print-efi-objs:
	@echo $(EFI_OBJS)
print-driver-objs:
	@echo $(DRIVER_OBJS)
# The driver as a firmware file for a platform's firmware volume
# (docs/firmware.md; firmware/EarlyseedDxe.inf for an edk2 build). Made
# by the host's tool, whatever the architecture.
$(BUILD)/earlyseed-driver.ffs: $(BUILD)/earlyseed-driver.efi $(HOSTTOOL)
	$(HOSTTOOL) ffs --depex $(BUILD)/earlyseed-driver.depex $< $@ > /dev/null
ffs: $(BUILD)/earlyseed-driver.ffs
efi: ffs
# make ovmf: Debian's installed firmware with the driver in its DXE volume
# (docs/firmware.md; scripts/ovmf.py): x86_64 OVMF, plain and Secure Boot;
# ARCH=aarch64 AAVMF. Deterministic: the same input, the same image.
# (Debian's AAVMF_CODE.snakeoil.fd is a link to AAVMF_CODE.fd: one image.)
ifeq ($(ARCH),aarch64)
OVMF_IN := /usr/share/AAVMF/AAVMF_CODE.fd
else
OVMF_IN := /usr/share/OVMF/OVMF_CODE_4M.fd /usr/share/OVMF/OVMF_CODE_4M.secboot.fd
endif
OVMF_OUT := $(addprefix $(BUILD)/ovmf/,$(notdir $(OVMF_IN)))
ovmf: $(OVMF_OUT)
# The installed image is a prerequisite too: an upgraded ovmf package
# makes the image again.
.SECONDEXPANSION:
$(BUILD)/ovmf/%.fd: $(BUILD)/earlyseed-driver.ffs scripts/ovmf.py $$(filter %/$$*.fd,$$(OVMF_IN))
	@mkdir -p $(dir $@)
	python3 scripts/ovmf.py $(filter %/$*.fd,$(OVMF_IN)) $< $@
.PHONY: ovmf
# A recipe that fails leaves no half-written target behind.
.DELETE_ON_ERROR:
clean:
	rm -rf $(BUILD)
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

ifneq ($(filter $(ARCH),aarch64 riscv64),)
# ---- a cross architecture: GNU-EFI's files, fetched by scripts/arm64.sh or
# scripts/riscv64.sh, and the host tool (an x86_64 build) that seals the
# images ----
$(EFILIB)/crt0-efi-$(ARCH).o: scripts/$(if $(filter aarch64,$(ARCH)),arm64,riscv64).sh
	CACHE=$(ES_CACHE) $< gnu-efi
$(HOSTTOOL): FORCE
	$(MAKE) ARCH=x86_64 CROSS= EXTRA_CFLAGS= EXTRA_LDFLAGS= $@
.PHONY: FORCE
FORCE:
endif
ifneq ($(filter $(ARCH),aarch64 riscv64),)
# ---- a cross architecture: a static tool for its initramfs ----
# `earlyseed inspect` in the booted OS of that architecture; the arm64
# package's tool (debian/rules) adds dpkg's flags and -static-pie.
A64_STATIC ?= -static
tool: $(BUILD)/earlyseed-static
$(BUILD)/earlyseed-static: $(TOOL_SRC) $(LIB_SRC) Makefile
	$(CROSS)gcc -std=c11 -O2 $(CORE_WARN) $(EXTRA_CFLAGS) $(A64_STATIC) $(EXTRA_LDFLAGS) $(TOOL_SRC) $(LIB_SRC) -o $@
ifeq ($(ARCH),aarch64)
# ---- arm64 only: its boots ----
# One boot, and the boot tests (docs/aarch64.md "aarch64").
deps:
	scripts/deps.sh
run: deps
	$(MAKE) -j$(J) ARCH=aarch64 all
	ES_ARCH=aarch64 scripts/run.sh
check: deps
	$(MAKE) -j$(J) ARCH=aarch64 all ovmf
	tests/boot/qemu-aarch64.sh
endif
else
# ---- x86_64 only: the host program, its tests, fuzzing, benchmarks, the
# packages, installing, signing ----
# EXTRA_CFLAGS, EXTRA_LDFLAGS: a distribution's flags for the host tool
# (debian/rules passes dpkg-buildflags); never used for the firmware images.
HOST_CFLAGS := -std=c11 -O2 -g $(CORE_WARN) $(EXTRA_CFLAGS)
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# Arithmetic over whole buffers (the pool, the hashes, the health tests, the
# command line's three views): libFuzzer's comparison hooks (trace-cmp) on
# every byte of their loops were 50-75% of the trust and seedfile targets'
# time (perf) and guide nothing there; edge coverage stays, and the targets'
# dictionaries (tests/fuzz/dict/) give the parsers' keywords.
FUZZ_NO_CMP := core/pool.c core/blake2s.c core/seed.c core/health.c core/sha256.c core/drbg.c core/wipe.c \
	core/pool_unmix.c core/trust.c core/config.c core/credit.c host/replay.c

# Every tests/core/test_T.c is a host test, build/host/test_T and build/asan/test_T,
# found by name: adding one edits no Makefile.
TESTS := $(sort $(patsubst tests/core/%.c,%,$(wildcard tests/core/test_*.c)))
# ... every tests/host/test_T.c a test of host/ (the same, by the same rule),
HOST_TESTS := $(sort $(patsubst tests/host/%.c,%,$(wildcard tests/host/test_*.c)))
$(if $(filter $(TESTS),$(HOST_TESTS)),$(error tests/core/ and tests/host/ both hold $(filter $(TESTS),$(HOST_TESTS)): one name, one test))
# ... and every tests/efi/test_F.c a program of the fault matrix (below).
EFI_TESTS := $(sort $(patsubst tests/efi/%.c,%,$(wildcard tests/efi/test_*.c)))


.PHONY: host lint bench fuzz fuzzers prevstages install
all: host prevstages
.SECONDEXPANSION:

# ---- the core, built once per flavour into a static library ----
#   efi   the firmware image's objects (EFI_CFLAGS)
#   host  plain host build (tests, host tool)
#   asan  ASan+UBSan
#   fuzz  clang libFuzzer instrumentation
# $(call objs,FLAVOUR,SOURCES): their objects (no '%' in rule text, where
# make would put the stem in its place).
objs = $(patsubst %.c,$(BUILD)/$(1)/obj/%.o,$(2))
$(BUILD)/host/obj/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(DEPFLAGS) -c $< -o $@
$(BUILD)/asan/obj/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(SAN) $(DEPFLAGS) -c $< -o $@
$(BUILD)/fuzz/obj/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(if $(filter $<,$(FUZZ_NO_CMP)),-fno-sanitize-coverage=trace-cmp -O2) $(DEPFLAGS) -c $< -o $@
$(BUILD)/host/libescore.a: $(patsubst %.c,$(BUILD)/host/obj/%.o,$(LIB_SRC))
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/asan/libescore.a: $(patsubst %.c,$(BUILD)/asan/obj/%.o,$(LIB_SRC))
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/fuzz/libescore.a: $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(LIB_SRC))
	@rm -f $@
	ar rcs $@ $^

# ---- the host tool: host/ plus the host core (libc allowed here) ----
TOOL_OBJ := $(patsubst %.c,$(BUILD)/host/obj/%.o,$(TOOL_SRC))
tool: $(BUILD)/earlyseed $(BUILD)/earlyseed-static
efi: $(BUILD)/earlyseed.rom
$(BUILD)/earlyseed: $(TOOL_OBJ) $(BUILD)/host/libescore.a
	$(CC) $(HOST_CFLAGS) $(EXTRA_LDFLAGS) $^ -o $@
# Static, for the initramfs (tests/boot/initrd-init.sh runs `earlyseed inspect`).
$(BUILD)/earlyseed-static: $(TOOL_OBJ) $(BUILD)/host/libescore.a
	$(CC) $(HOST_CFLAGS) -static $^ -o $@

# The driver as a PCI option ROM (docs/driver.md "The firmware driver"): by default
# for QEMU's e1000 (8086:100e, a network controller).
ROM_VENDOR ?= 0x8086
ROM_DEVICE ?= 0x100e
ROM_CLASS ?= 0x020000
$(BUILD)/earlyseed.rom: $(BUILD)/earlyseed-driver.efi $(BUILD)/earlyseed
	$(BUILD)/earlyseed rom --vendor $(ROM_VENDOR) --device $(ROM_DEVICE) --class $(ROM_CLASS) $< $@

# A first stage for the boot tests: installs a bad or good previous table,
# then chain-loads earlyseed (tests/prevstage.c, tests/boot/qemu.sh).
PREVSTAGES := $(BUILD)/tests/prevstage-zero512.efi $(BUILD)/tests/prevstage-oversized.efi \
	$(BUILD)/tests/prevstage-good64.efi
prevstage_kind = $(if $(findstring zero512,$(1)),1,$(if $(findstring oversized,$(1)),2,3))
$(BUILD)/tests/prevstage-%.so: tests/prevstage.c efi/guid.h linker/efi-$(ARCH).lds
	@mkdir -p $(dir $@)
	$(CC) $(EFI_CFLAGS) $(WARN) -DPREV_KIND=$(call prevstage_kind,$*) -c $< -o $(@:.so=.o)
	ld $(EFI_LDFLAGS) $(@:.so=.o) -L$(EFILIB) -lefi -lgnuefi -o $@
$(BUILD)/tests/prevstage-%.efi: $(BUILD)/tests/prevstage-%.so
	objcopy $(EFI_SECTIONS) --target efi-app-$(ARCH) --subsystem=10 $< $@
# The app without .sbat (boot test 23f: shim refuses it).
$(BUILD)/tests/earlyseed-nosbat.efi: $(BUILD)/earlyseed.so
	@mkdir -p $(dir $@)
	objcopy $(EFI_SECTIONS) --target efi-app-$(ARCH) --subsystem=10 $< $@
prevstages: $(PREVSTAGES) $(BUILD)/tests/earlyseed-nosbat.efi

# ---- host tests: each links the flavour's libraries ----
# The host tool's code (host/ but its main(): a new host/ file edits
# nothing here), the tests' stand-ins for the CPU (tests/fake_insn.c and the
# architecture's cpurng.c over it), then the core: a program takes from an
# archive only what it uses. An object a test names itself comes first and
# wins over an archive's: the two tests of other instructions than the fake.
HOSTLIB_SRC := $(filter-out host/main.c,$(sort $(wildcard host/*.c)))
TESTLIB_SRC := tests/fake_insn.c tests/mkvarstore.c tests/mkpe.c tests/mkfdt.c tests/mkrhct.c $(ARCH_SRC)
test_cpurng_real_EXTRA := $(INSN_SRC)
test_cpurng_aarch64_EXTRA := tests/fake_insn_aarch64.c arch/aarch64/cpurng.c
test_cpurng_riscv64_EXTRA := tests/fake_insn_riscv64.c arch/riscv64/cpurng.c
$(BUILD)/host/libeshost.a: $(call objs,host,$(HOSTLIB_SRC))
$(BUILD)/asan/libeshost.a: $(call objs,asan,$(HOSTLIB_SRC))
$(BUILD)/host/libestest.a: $(call objs,host,$(TESTLIB_SRC))
$(BUILD)/asan/libestest.a: $(call objs,asan,$(TESTLIB_SRC))
$(addprefix $(BUILD)/,host/libeshost.a asan/libeshost.a host/libestest.a asan/libestest.a):
	@rm -f $@
	ar rcs $@ $^
host: $(addprefix $(BUILD)/host/,$(TESTS) $(HOST_TESTS)) $(addprefix $(BUILD)/asan/,$(TESTS) $(HOST_TESTS)) \
	$(addprefix $(BUILD)/host/efi/,$(EFI_TESTS)) $(addprefix $(BUILD)/asan/efi/,$(EFI_TESTS)) \
	$(BUILD)/host/test_identity_dummy

# A fourth identity (tests/core/identity_dummy.h: a row and a header
# version, force-included): the core and test_identity.c built again with
# it, -O0 (nothing here is timed), into build/host/test_identity_dummy,
# which make test runs with the others.
IDDUMMY_H := tests/core/identity_dummy.h
$(BUILD)/iddummy/%.o: %.c Makefile $(IDDUMMY_H)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -O0 -include $(IDDUMMY_H) $(DEPFLAGS) -c $< -o $@
$(BUILD)/iddummy/libescore.a: $(patsubst %.c,$(BUILD)/iddummy/%.o,$(LIB_SRC))
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/host/test_identity_dummy: $(BUILD)/iddummy/tests/core/test_identity.o $(BUILD)/iddummy/tests/check.o \
		$(BUILD)/iddummy/libescore.a
	$(CC) $(HOST_CFLAGS) $^ -lm -o $@

# $(call test_dir,T): where test_T's source is, tests/core/ or tests/host/.
test_dir = $(if $(wildcard tests/host/$(1).c),tests/host,tests/core)
$(BUILD)/host/test_%: $(BUILD)/host/obj/$$(call test_dir,test_$$*)/test_%.o $$(call objs,host,$$(test_$$*_EXTRA)) \
		$(BUILD)/host/obj/tests/check.o $(BUILD)/host/libeshost.a $(BUILD)/host/libestest.a $(BUILD)/host/libescore.a
	$(CC) $(HOST_CFLAGS) $^ -lm -o $@
$(BUILD)/asan/test_%: $(BUILD)/asan/obj/$$(call test_dir,test_$$*)/test_%.o $$(call objs,asan,$$(test_$$*_EXTRA)) \
		$(BUILD)/asan/obj/tests/check.o $(BUILD)/asan/libeshost.a $(BUILD)/asan/libestest.a $(BUILD)/asan/libescore.a
	$(CC) $(HOST_CFLAGS) $(SAN) $^ -lm -o $@

# ---- the fault matrix: efi/ (all but systab.c) on the host against tests/fake_efi.c ----
# Every tests/efi/test_F.c is a program, build/host/efi/test_F and
# build/asan/efi/test_F, named after the efi/ file F.c it mainly exercises,
# on the harness tests/efi/matrix.c: found by name, adding one edits no
# Makefile. The plain build compiles efi/, arch/ and the core as the .efi
# ships them (-Os, general registers only), so its stack scan sees what the
# firmware image leaves behind; the fake firmware and the tests are ordinary.
MATRIX_HARNESS := tests/efi/matrix.c tests/fake_efi.c tests/fake_insn.c tests/mkvarstore.c tests/mkfdt.c
# What of efi/ a test runs: the driver for a test named after one of the
# driver's own files (efi/driver.c, efi/rngsrv.c), the app for every other
# (both define efi_main).
matrix_front = $(if $(filter efi/$(patsubst test_%,%,$(1)).c,$(DRIVER_SRC)),$(DRIVER_SRC) $(DRBG_SRC),$(APP_SRC))
matrix_shipped = $(filter-out efi/systab.c,$(EFI_SHARED)) $(call matrix_front,$(1)) $(ARCH_SRC) $(CORE_SRC)
# $(call mxobjs,DIR,SOURCES): their objects under $(BUILD)/DIR (no '%' in
# rule text: objs above says why).
mxobjs = $(patsubst %.c,$(BUILD)/$(1)/%.o,$(2))
MATRIX_FLAGS := -std=gnu11 -g $(WARN) -D_GNU_SOURCE -fshort-wchar -DGNU_EFI_USE_MS_ABI -isystem $(EFIINC) \
	-isystem $(EFIINC)/$(ARCH) -isystem $(EFIINC)/protocol -Iarch/$(ARCH) $(DEPFLAGS)
SHIPPED_OPT := -Os -mgeneral-regs-only -mno-red-zone -fno-stack-protector
$(BUILD)/host/mx/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(MATRIX_FLAGS) -O1 -mgeneral-regs-only -c $< -o $@
$(BUILD)/host/mxs/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(MATRIX_FLAGS) $(SHIPPED_OPT) -c $< -o $@
$(BUILD)/asan/mx/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(MATRIX_FLAGS) -O1 $(SAN) -c $< -o $@
# tests/nosse.c: mem* without SSE registers (the file says why).
NOSSE := -Wl,--wrap=memset,--wrap=memcpy,--wrap=memmove,--wrap=memcmp
$(BUILD)/host/mxs/tests/nosse.o: SHIPPED_OPT += -fno-tree-loop-distribute-patterns
$(BUILD)/host/efi/test_%: $(BUILD)/host/mx/tests/efi/test_%.o $(call mxobjs,host/mx,$(MATRIX_HARNESS)) \
		$$(call mxobjs,host/mxs,$$(call matrix_shipped,test_$$*) tests/nosse.c) $(BUILD)/host/obj/tests/check.o \
		$(BUILD)/host/libescore.a
	@mkdir -p $(dir $@)
	$(CC) $(NOSSE) $^ -lm -o $@
# Under ASan the core is the flavour's library's.
$(BUILD)/asan/efi/test_%: $(BUILD)/asan/mx/tests/efi/test_%.o $(call mxobjs,asan/mx,$(MATRIX_HARNESS)) \
		$$(call mxobjs,asan/mx,$$(filter-out $(CORE_SRC),$$(call matrix_shipped,test_$$*))) \
		$(BUILD)/asan/obj/tests/check.o $(BUILD)/asan/libescore.a
	@mkdir -p $(dir $@)
	$(CC) $(SAN) $^ -lm -o $@
# The driver as it ships, for bench-driver.
DRIVER_SHIPPED := $(call matrix_shipped,test_driver)

# ---- libFuzzer targets (clang): make fuzz runs each FUZZ_SECONDS ----
# Every tests/fuzz/fuzz_T.c is a target: make fuzz, make check's smoke and
# tests/docs.sh (docs/checks.md names each, FUZZ_PLAN budgets each) take
# the list from the files.
FUZZ_TARGETS := $(sort $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_SECONDS ?= 120
# make fuzz's budget (1010 s in all, about 8 x FUZZ_SECONDS) shared by need, so
# every target runs at least 10 M inputs on this 2-core machine (measured
# alone: trust 75 k/s, replay 120 k/s, seedfile 120 k/s, config 130 k/s, pe
# 240 k/s, audit 370 k/s, ffs 400 k/s, smbios 410 k/s, acpi 470 k/s,
# table and rom 800 k/s, tpm 880 k/s); FUZZ_SECONDS=N gives every target
# N seconds instead.
FUZZ_PLAN := replay:150 config:120 audit:60 table:30 trust:210 seedfile:150 rom:30 pe:60 loadopt:30 tpm:20 acpi:30 smbios:30 ffs:30 varstore:30 fdt:30
# A target links the host tool's code and the core from archives, as the
# host tests do: it takes what it uses, and a new one edits no list.
$(BUILD)/fuzz/libeshost.a: $(call objs,fuzz,$(HOSTLIB_SRC))
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/fuzz/fuzz_%: $(BUILD)/fuzz/obj/tests/fuzz/fuzz_%.o $(BUILD)/fuzz/libeshost.a $(BUILD)/fuzz/libescore.a
	clang $(FUZZ_CFLAGS) $^ -o $@
fuzzers: $(addprefix $(BUILD)/fuzz/fuzz_,$(FUZZ_TARGETS))
fuzz: fuzzers
	scripts/fuzz.sh $(FUZZ_SECONDS) $(if $(filter command line environment,$(origin FUZZ_SECONDS)),$(FUZZ_TARGETS),$(FUZZ_PLAN))

lint:
	scripts/lint.sh

# Timings side by side in one run, then instruction counts (callgrind) and
# the firmware image's size.
$(BUILD)/bench: $(BUILD)/host/obj/bench/bench.o $(BUILD)/host/libescore.a
	$(CC) $(HOST_CFLAGS) $^ -o $@
# The driver's ReadyToBoot against the fake firmware, as it ships.
$(BUILD)/bench-driver: $(patsubst %.c,$(BUILD)/host/mx/%.o,bench/bench_driver.c tests/fake_efi.c tests/fake_insn.c) \
		$(patsubst %.c,$(BUILD)/host/mxs/%.o,$(DRIVER_SHIPPED) tests/nosse.c) $(BUILD)/host/obj/tests/check.o \
		$(BUILD)/host/libescore.a
	$(CC) $(NOSSE) $^ -lm -o $@
bench: $(BUILD)/bench $(BUILD)/bench-driver $(BUILD)/earlyseed.efi $(BUILD)/earlyseed-driver.efi $(BUILD)/earlyseed.rom \
		$(BUILD)/earlyseed-static
	$(BUILD)/bench
	$(BUILD)/bench-driver
	@if command -v valgrind >/dev/null; then \
		one=$$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $(BUILD)/bench-driver --passes 1 2>&1 | \
			sed -n 's/^==[0-9]*== Collected : //p'); \
		none=$$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $(BUILD)/bench-driver --passes 0 2>&1 | \
			sed -n 's/^==[0-9]*== Collected : //p'); \
		echo "driver: one ReadyToBoot pass, instructions (callgrind, 1 pass minus 0): $$((one - none))"; \
	fi
	@echo "build/earlyseed-driver.efi: $$(stat -c %s $(BUILD)/earlyseed-driver.efi) bytes; build/earlyseed.rom: $$(stat -c %s $(BUILD)/earlyseed.rom) bytes"
	@if command -v valgrind >/dev/null; then \
		valgrind --tool=callgrind --callgrind-out-file=$(BUILD)/callgrind.out $(BUILD)/bench --boot 2>&1 | \
			sed -n 's/^==[0-9]*== Collected : /one boot'"'"'s core work plus process start, instructions (callgrind): /p'; \
	fi
	@echo "build/earlyseed.efi: $$(stat -c %s $(BUILD)/earlyseed.efi) bytes (aim: <= 61440; systemd-boot 252: 141 KB)"
	scripts/bench-boot.sh
	@if command -v valgrind >/dev/null; then \
		ic() { valgrind --tool=callgrind --callgrind-out-file=/dev/null $(BUILD)/bench --mix $$1 $$2 2>&1 | \
			sed -n 's/^==[0-9]*== Collected : //p'; }; \
		es=$$(( $$(ic es 65536) - $$(ic es 0) )); k=$$(( $$(ic v317 65536) - $$(ic v317 0) )); \
		echo "pool mix, instructions per byte (callgrind, 64 KiB): es_pool_mix $$((es * 100 / 65536 / 100)).$$(printf %02d $$((es * 100 / 65536 % 100))), v3.17 as written $$((k * 100 / 65536 / 100)).$$(printf %02d $$((k * 100 / 65536 % 100))), ratio $$((es * 100 / k / 100)).$$(printf %02d $$((es * 100 / k % 100)))"; \
	fi

# ---- the two README commands ----
deps:
	scripts/deps.sh
run: deps
	$(MAKE) -j$(J) all
	scripts/run.sh
# The tiers (docs/checks.md): make test, the host tests (about 30 s);
# make check-quick, all but the real machines, the generation matrix and
# U-Boot; make check, everything.
check check-quick: deps
	$(MAKE) -j$(J) all fuzzers ovmf
	$(MAKE) -j$(J) ARCH=aarch64 all ovmf
	$(MAKE) -j$(J) ARCH=riscv64 all
	J=$(J) scripts/check.sh $(if $(filter check-quick,$@),middle,full)
.PHONY: check-quick


# For scripts/imgcheck.sh: the core's objects as the .efi links them.
print-core-objs:
	@echo $(patsubst %.c,$(BUILD)/efi/%.o,$(CORE_SRC))
.PHONY: print-core-objs

# Onto a mounted ESP (docs/installing.md "Installing it"): make install ESP=/boot/efi
# [NEXT='\EFI\...\x.efi'] [CMDLINE='...'] [EFIVARS=DIR, for tests]
# [SIGNED=1: the image make sign made].
install: efi tool
	scripts/install.sh "$(ESP)" '$(NEXT)' '$(CMDLINE)' '$(EFIVARS)' '$(SIGNED)'

# A Debian package from this tree (debian/, scripts/deb.sh): build/deb/*.deb.
# The inner loop, about 30 s: the host tests, plain, reversed and under ASan+UBSan.
.PHONY: test
test:
	$(MAKE) -j$(J) host $(BUILD)/earlyseed
	J=$(J) scripts/check.sh quick

.PHONY: deb deb-arm64 deb-riscv64
deb:
	scripts/deb.sh
# ... and for arm64 and riscv64, cross-built: build/deb-ARCH/*.deb.
deb-arm64:
	scripts/deb.sh arm64
deb-riscv64:
	scripts/deb.sh riscv64

# Secure Boot (docs/secure-boot.md "Secure Boot"): make sign KEY=db.key CERT=db.crt
# signs the app, the driver and the ROM's driver into build/signed/.
.PHONY: sign
sign: efi tool
	scripts/sign.sh "$(KEY)" "$(CERT)" "$(BUILD)"
endif

# Nothing built is an intermediate to delete: without this, the first make
# test after make rebuilt the objects make had removed behind the tests.
.SECONDARY:
