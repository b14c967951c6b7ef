#!/usr/bin/env bash
# Every test: host tests plain, under ASan+UBSan and under valgrind, then the
# QEMU boot tests. Counts "ok -" / "not ok -" lines and ends with
# "N passed, N failed, N skipped". Exit status 1 if anything failed.
# Expects `make all` to have run (make check does that).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
LOG=build/check.log
: > "$LOG"
passed=0 failed=0 skipped=0

# run LABEL CMD...: run one test program, prefix its result lines with LABEL.
run() {
	local label=$1
	shift
	local out rc
	out=$("$@" 2>&1)
	rc=$?
	printf '%s\n' "$out" >> "$LOG"
	while IFS= read -r line; do
		case $line in
		"ok - "*"# SKIP"*) skipped=$((skipped + 1)); echo "$label: $line" ;;
		"ok - "*) passed=$((passed + 1)); echo "$label: $line" ;;
		"not ok - "*) failed=$((failed + 1)); echo "$label: $line" ;;
		"#   "*) echo "$label: $line" ;;
		esac
	done <<< "$out"
	# A crash or sanitizer report ends a binary without a "not ok" line.
	if [ $rc -ne 0 ] && ! grep -q '^not ok - ' <<< "$out"; then
		failed=$((failed + 1))
		echo "$label: not ok - $* exited with status $rc"
		printf '%s\n' "$out" | tail -n 20 | sed 's/^/#   /'
	fi
}

# build/host/test_*: tests/test_*.c; build/host/efi/test_*: the fault
# matrix, tests/efi/test_*.c.
for t in build/host/test_* build/host/efi/test_*; do
	run "host" "$t"
done
# The fault matrix again with efi/sources.c's rows read in reverse: a row
# hands the engine facts of its own tag only, so the order changes nothing.
for t in build/host/efi/test_*; do
	run "host" env ES_ROWS_REVERSED=1 "$t"
done
for t in build/asan/test_* build/asan/efi/test_*; do
	run "asan+ubsan" env ES_QUICK=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 "$t"
done
# make test: the inner loop, host tests plain and under ASan+UBSan alone.
if [ "${1:-}" = quick ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" -eq 0 ]
	exit
fi
for t in build/host/test_* build/host/efi/test_*; do
	# memcheck reports reads of dead stack as undefined: the matrix skips its scan there.
	run "valgrind" env ES_QUICK=1 ES_NO_STACK_SCAN=1 valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all "$t"
done
run "lint" scripts/lint.sh
run "image" scripts/imgcheck.sh
run "tool" tests/tool.sh
run "man" tests/man.sh
run "docs" tests/docs.sh
run "deb" tests/deb.sh
# A short smoke of every libFuzzer target, each tests/fuzz/fuzz_T.c (make
# fuzz runs them longer).
run "fuzz" scripts/fuzz.sh "${FUZZ_SMOKE_SECONDS:-10}" $(ls tests/fuzz/fuzz_*.c | sed 's#.*/fuzz_##; s#\.c$##')
# The long differential run of the kernel's command-line rules (2 M lines);
# make test runs 200,000.
run "trust-diff" env ES_LONG=1 build/host/test_trust_diff
run "inf" tests/inf.sh
# scripts/ovmf.py's refusals: one line, no output, never a traceback
run "ovmf.py" tests/ovmf.sh
if [ "${SKIP_QEMU:-0}" = 1 ]; then
	echo "qemu: SKIP_QEMU=1: boot tests not run"
	skipped=$((skipped + 1))
else
	run "qemu" tests/boot/qemu.sh
	# aarch64: the same engine under qemu-system-aarch64 and AAVMF
	# (make check builds build/aarch64 first).
	run "qemu-aarch64" tests/boot/qemu-aarch64.sh
	# The boots that depend on the firmware, on Debian 12's and Debian 13's
	# firmware and kernel, both architectures (scripts/trixie.sh fetched 13's).
	for arch in x86_64 aarch64; do
		for gen in 12 13; do run "debian$gen-$arch" tests/boot/generations.sh "$arch" "$gen"; done
	done
	# U-Boot's UEFI (Debian's u-boot-qemu, qemu_arm64): the firmware boards ship
	run "uboot" tests/boot/uboot.sh
	run "uboot" tests/boot/uboot.sh x86_64
	# A real Debian 12 machine (mmdebstrap, GRUB, shim, systemd-boot),
	# built once into .cache/debvm: the README followed on it.
	run "debvm" tests/boot/debvm.sh
	# ... and a Debian 13 machine on Debian 13's firmware (.cache/debvm13).
	run "debvm13" env ES_DEBIAN=13 tests/boot/debvm.sh
fi

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
