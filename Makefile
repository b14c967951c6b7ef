# earlyseed — see README.md. `make` builds; `make run` and `make check` also
# install what they need (tools/deps.sh) first.

CC      ?= cc
BUILD   := build
EFIINC  := /usr/include/efi
EFILIB  := /usr/lib

CORE_SRC := core/pool.c core/blake2s.c core/seed.c core/config.c core/table.c core/wipe.c \
	core/credit.c core/audit.c core/health.c
ARCH_SRC := arch/x86_64/cpurng.c
INSN_SRC := arch/x86_64/insn.c
EFI_SRC  := efi/main.c efi/conf.c efi/rng.c efi/seedtable.c efi/chain.c efi/text.c efi/libc.c \
	efi/auditvar.c

WARN      := -Wall -Wextra -Werror
CORE_WARN := $(WARN) -Wconversion -Wsign-conversion -Wshadow

# SPEC.md section 6: the GNU-EFI 3.0.15 recipe.
EFI_CFLAGS := -std=gnu11 -O2 -fpic -ffreestanding -fno-stack-protector -fno-stack-check \
	-fshort-wchar -mno-red-zone -maccumulate-outgoing-args -DGNU_EFI_USE_MS_ABI \
	-isystem $(EFIINC) -isystem $(EFIINC)/x86_64 -isystem $(EFIINC)/protocol
EFI_LDFLAGS := -nostdlib -znocombreloc -shared -Bsymbolic --no-undefined \
	-T linker/efi-x86_64.lds $(EFILIB)/crt0-efi-x86_64.o
EFI_SECTIONS := -j .text -j .sdata -j .data -j .dynamic -j .dynsym -j .rel -j .rela \
	-j .rel.* -j .rela.* -j .reloc

HOST_CFLAGS := -std=c11 -O2 -g $(CORE_WARN)

TESTS := test_pool test_blake2s test_seed test_config test_cpurng_fake test_cpurng_real \
	test_credit test_replay test_simulate test_audit test_health test_matrix test_table

TOOL_SRC := tools/earlyseed.c tools/replay.c tools/simulate.c tools/inspect.c

.PHONY: all efi host tool clean run check deps lint bench
all: efi tool host

tool: $(BUILD)/earlyseed $(BUILD)/earlyseed-static

# ---- the host tool: core/ plus tools/ (libc allowed here) ----
$(BUILD)/earlyseed: $(TOOL_SRC) $(CORE_SRC) $(wildcard tools/*.h) $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(TOOL_SRC) $(CORE_SRC) -o $@
# Static, for the initramfs (tools/initrd-init.sh runs `earlyseed inspect`).
$(BUILD)/earlyseed-static: $(TOOL_SRC) $(CORE_SRC) $(wildcard tools/*.h) $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -static $(TOOL_SRC) $(CORE_SRC) -o $@

efi: $(BUILD)/earlyseed.efi
host: $(addprefix $(BUILD)/host/,$(TESTS)) $(addprefix $(BUILD)/asan/,$(TESTS))

# ---- the UEFI application ----
$(BUILD)/efi/core/%.o: core/%.c
	@mkdir -p $(dir $@)
	$(CC) $(EFI_CFLAGS) $(CORE_WARN) -c $< -o $@
$(BUILD)/efi/arch/%.o: arch/%.c
	@mkdir -p $(dir $@)
	$(CC) $(EFI_CFLAGS) $(CORE_WARN) -c $< -o $@
$(BUILD)/efi/efi/%.o: efi/%.c
	@mkdir -p $(dir $@)
	$(CC) $(EFI_CFLAGS) $(WARN) -c $< -o $@

EFI_OBJS := $(patsubst %.c,$(BUILD)/efi/%.o,$(CORE_SRC) $(ARCH_SRC) $(INSN_SRC) $(EFI_SRC))

$(BUILD)/earlyseed.so: $(EFI_OBJS) linker/efi-x86_64.lds
	ld $(EFI_LDFLAGS) $(EFI_OBJS) -L$(EFILIB) -lefi -lgnuefi -o $@
$(BUILD)/earlyseed.efi: $(BUILD)/earlyseed.so
	objcopy $(EFI_SECTIONS) --target efi-app-x86_64 --subsystem=10 $< $@

# ---- host tests: the same core/ and arch/ sources, plain and ASan+UBSan ----
HDRS := $(wildcard core/*.h arch/x86_64/*.h tests/*.h tools/*.h)
T_CORE := $(CORE_SRC) tests/check.c

test_cpurng_fake_EXTRA := tests/fake_insn.c $(ARCH_SRC)
test_cpurng_real_EXTRA := $(INSN_SRC) $(ARCH_SRC)
test_replay_EXTRA := tools/replay.c
test_simulate_EXTRA := tools/simulate.c
test_audit_EXTRA := tools/inspect.c
# The fault matrix: efi/ (all but libc.c) on the host against tests/fake_efi.c.
MATRIX_EFI := $(filter-out efi/libc.c,$(EFI_SRC))
MATRIX_FLAGS := -D_GNU_SOURCE -fshort-wchar -DGNU_EFI_USE_MS_ABI -isystem $(EFIINC) -isystem $(EFIINC)/x86_64 \
	-isystem $(EFIINC)/protocol -Wno-conversion -Wno-sign-conversion
$(BUILD)/host/test_matrix: tests/test_matrix.c tests/fake_efi.c tests/fake_insn.c $(MATRIX_EFI) $(ARCH_SRC) $(T_CORE) $(HDRS) $(wildcard efi/*.h)
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -O1 -g $(WARN) $(MATRIX_FLAGS) tests/test_matrix.c tests/fake_efi.c tests/fake_insn.c \
		$(MATRIX_EFI) $(ARCH_SRC) $(T_CORE) -lm -o $@
$(BUILD)/asan/test_matrix: tests/test_matrix.c tests/fake_efi.c tests/fake_insn.c $(MATRIX_EFI) $(ARCH_SRC) $(T_CORE) $(HDRS) $(wildcard efi/*.h)
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -O1 -g $(WARN) $(SAN) $(MATRIX_FLAGS) tests/test_matrix.c tests/fake_efi.c tests/fake_insn.c \
		$(MATRIX_EFI) $(ARCH_SRC) $(T_CORE) -lm -o $@

SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.SECONDEXPANSION:
$(BUILD)/host/%: tests/%.c $$($$*_EXTRA) $(T_CORE) $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $< $($*_EXTRA) $(T_CORE) -lm -o $@
$(BUILD)/asan/%: tests/%.c $$($$*_EXTRA) $(T_CORE) $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(SAN) $< $($*_EXTRA) $(T_CORE) -lm -o $@

# ---- libFuzzer targets (clang): make fuzz runs each FUZZ_SECONDS ----
FUZZ_TARGETS := replay config audit table
FUZZ_SECONDS ?= 120
fuzz_replay_SRC := tools/replay.c
fuzz_audit_SRC := tools/inspect.c
FUZZ_CFLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $$(fuzz_$$*_SRC) $(CORE_SRC) $(HDRS)
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $< $(fuzz_$*_SRC) $(CORE_SRC) -o $@
fuzzers: $(addprefix $(BUILD)/fuzz/fuzz_,$(FUZZ_TARGETS))

.PHONY: fuzz fuzzers
fuzz: fuzzers
	tools/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

lint:
	tools/lint.sh

# Timings side by side in one run, then instruction counts (callgrind).
$(BUILD)/bench: tools/bench.c $(CORE_SRC) $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 $(CORE_WARN) tools/bench.c $(CORE_SRC) -o $@
bench: $(BUILD)/bench
	$(BUILD)/bench
	@if command -v valgrind >/dev/null; then \
		valgrind --tool=callgrind --callgrind-out-file=$(BUILD)/callgrind.out $(BUILD)/bench --boot 2>&1 | \
			sed -n 's/^==[0-9]*== Collected : /one boot'"'"'s core work plus process start, instructions (callgrind): /p'; \
	fi

# ---- the two README commands ----
deps:
	tools/deps.sh
run: deps
	$(MAKE) all
	tools/run.sh
check: deps
	$(MAKE) all fuzzers
	tools/check.sh

clean:
	rm -rf $(BUILD)
