#!/usr/bin/env bash
# tests/boot/generations.sh ARCH DEBIAN [CASE...]: the boots whose outcome
# depends on the firmware, on one architecture (x86_64, aarch64) and one
# Debian generation's firmware and kernel (12: edk2 2022.11 and Linux 6.1,
# the host's packages; 13: edk2 2025.02, whose OVMF and AAVMF install an
# EFI_RNG_PROTOCOL of their own over the CPU's RNG, and Linux 6.12, from
# scripts/trixie.sh; edk2's RngDxe, in OVMF X64 from edk2-stable202408). The same cases and the
# same promises on all four; only what each firmware has differs, and the
# checks say which. Prints "ok - ..." / "not ok - ..."; every boot under
# timeout. scripts/check.sh runs it for each architecture and generation.
set -uo pipefail
CASES="untrusted cpu device secureboot"
# --list: the cases, for scripts/check.sh (one job each)
[ "${1:-}" = --list ] && { echo "$CASES"; exit 0; }
ES_ARCH=${1:?usage: tests/boot/generations.sh x86_64|aarch64 12|13 [CASE...]}
ES_DEBIAN=${2:?usage: tests/boot/generations.sh x86_64|aarch64 12|13 [CASE...]}
shift 2
. "$(dirname "$0")/harness.sh"
es_trap_errors

OUT=$ES_BUILD/debian$ES_DEBIAN
mkdir -p "$OUT"
es_prepare
TAP_NAME="debian$ES_DEBIAN-$ES_ARCH"
. "$(dirname "$0")/../tap.sh"

OFF="$ES_CMDLINE_BASE random.trust_cpu=off"
# What differs by architecture: a CPU with an RNG (the harness's default:
# RDRAND; RNDR and RNDRRS), one without, and what the CPU alone is assumed
# to hold when trusted (core/credit.c: RDRAND 512 bytes at 1 bit a byte;
# RNDRRS 512 bytes at 4).
case $ES_ARCH in
x86_64) BARE=(-cpu qemu64) CPU_BITS=512 CPU_INSN=rdrand ;;
aarch64) BARE=(-cpu cortex-a57) CPU_BITS=2048 CPU_INSN=rndrrs ;;
esac
# What differs by generation: Debian 13's firmware has an EFI_RNG_PROTOCOL
# over the CPU's instruction (edk2's RngDxe: CTR-256 and RAW on a handle
# with no device path on x86_64; the ArmRndr algorithm on aarch64), which
# the Linux stub reads and merges into its own table (RNG=) whatever
# earlyseed does; Debian 12's has none.
case $ES_DEBIAN:$ES_ARCH in
13:x86_64) CPU_RNG="no device path, CTR-256 and RAW" ;;
13:aarch64) CPU_RNG="edk2's ArmRndr algorithm" ;;
*) CPU_RNG="" ;;
esac
crng0() { expect "$1 crng init done at [0.000000]" "$2" '^\[ +0\.000000\] random: crng init done'; }
kernel_is() { expect "$1 Debian $ES_DEBIAN's kernel" "$2" "^\\[ +0\\.000000\\] Linux version $(sed 's/^linux-image-//; s/[.+]/\\&/g' "$ES_KCACHE/vmlinuz.version") "; }
# machine NAME: a disk (a real FAT image) and a variable store kept across boots
machine() {
	local d=$OUT/$1
	rm -rf "$d" && mkdir -p "$d"
	es_make_esp "$d/esp" earlyseed
	es_make_img "$d/esp" "$d/esp.img"
	cp "$ES_FW_VARS" "$d/vars.fd"
}
on() { # on NAME LOG [QEMU ARGS...]: boot machine NAME
	local d=$OUT/$1 log=$2
	shift 2
	ES_ESP_IMG=$d/esp.img ES_VARS=$d/vars.fd es_boot "$log" "$d/esp" "$@"
}
set_conf() { # set_conf NAME LINE: append LINE to the machine's earlyseed.conf
	local d=$OUT/$1
	printf '%s\n' "$2" >> "$d/esp/EFI/earlyseed/earlyseed.conf"
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$d/esp.img" "$d/esp/EFI/earlyseed/earlyseed.conf" ::/EFI/earlyseed/earlyseed.conf
}

# untrusted. A CPU with an RNG, random.trust_cpu=off: earlyseed counts
# nothing and installs no table; on Debian 13 it calls the firmware's
# instance the CPU's, and the kernel's stub still merges that instance's
# bytes (the kernel's to credit under random.trust_bootloader).
case_untrusted() {
	local log=$OUT/untrusted.log
	ES_CMDLINE=$OFF es_make_esp "$OUT/esp-untrusted" earlyseed
	es_boot "$log" "$OUT/esp-untrusted"
	summary "untrusted: earlyseed counts nothing, installs no table" "$log" efi_rng=0 table=0
	if [ -n "$CPU_RNG" ]; then
		expect "untrusted: the firmware's instance is the CPU's" "$log" \
			"^earlyseed: efi_rng: instance 0: the CPU's RNG, counted only as the CPU is \\($CPU_RNG"
		expect "untrusted: the audit record names the class" "$log" '^initrd: audit: .*efi_rng_cpu'
		expect "untrusted: the stub merged the firmware's own bytes (RNG=)" "$log" 'efi: .*RNG='
	else
		expect "untrusted: no firmware RNG" "$log" '^earlyseed: efi_rng: no EFI_RNG_PROTOCOL'
		refute "untrusted: no RNG= on the efi: line" "$log" 'efi: .*RNG='
	fi
	expect "untrusted: reached /init" "$log" '^initrd: reached /init'
}

# cpu. The kernel's default trust, a machine kept: the CPU counted once
# (on Debian 13 its EFI wrapper's credit is never added to its own), and
# the token and the seed file made from it say they are the CPU's. Then the
# same machine on a CPU with no RNG under random.trust_cpu=off: the file
# that rests on the CPU does not count, one line says why, no table.
case_cpu() {
	local a=$OUT/cpu-a.log b=$OUT/cpu-b.log
	ES_CMDLINE=$ES_CMDLINE_BASE machine cpu
	on cpu "$a"
	expect "cpu: one CPU, counted once" "$a" "^earlyseed: table: installed 32 bytes .*\\(counted sources: an assumed $CPU_BITS bits\\)"
	expect "cpu: the token says it is the CPU's" "$a" '^earlyseed: token: created .*; it rests on 0 bits not from the CPU, 256 from it$'
	summary "cpu: a table" "$a" "$CPU_INSN=[0-9]+" efi_rng=0 table=32 "health.$CPU_INSN=pass"
	crng0 cpu "$a"
	kernel_is cpu "$a"
	set_conf cpu "cmdline = $OFF"
	on cpu "$b" "${BARE[@]}"
	expect "cpu: no RNG, no instance" "$b" '^earlyseed: efi_rng: no EFI_RNG_PROTOCOL'
	expect "cpu: the file does not count, and says why" "$b" "^earlyseed: health: seed_file: fail: (it|its token) rests on the CPU's RNG alone"
	summary "cpu: no table" "$b" seed_file=96 table=0
	refute "cpu: no RNG= on the efi: line" "$b" 'efi: .*RNG='
	expect "cpu: reached /init" "$b" '^initrd: reached /init'
}

# device. A CPU with no RNG, virtio-rng, random.trust_cpu=off: the
# firmware's instance is a device's and seeds the kernel at [0.000000];
# the machine keeps its token and file. Then the same machine with no RNG
# at all: the seed file alone seeds the kernel at [0.000000].
case_device() {
	local a=$OUT/device-a.log b=$OUT/device-b.log
	ES_CMDLINE=$OFF machine device
	on device "$a" "${BARE[@]}" -device virtio-rng-pci
	expect "device: the instance is a device's" "$a" "^earlyseed: efi_rng: instance 0: a device's RNG"
	summary "device: a table from the device" "$a" efi_rng=64 table=32 health.efi_rng=pass
	expect "device: the seed file made" "$a" '^earlyseed: seed_file: .*: created \(96 bytes\)'
	expect "device: kernel has RNG=" "$a" 'efi: .*RNG='
	crng0 device "$a"
	on device "$b" "${BARE[@]}"
	summary "device: the seed file alone, a table" "$b" efi_rng=0 seed_file=96 table=32 health.seed_file=pass
	expect "device: the file alone: kernel has RNG=" "$b" 'efi: .*RNG='
	crng0 "device: the file alone:" "$b"
	kernel_is device "$b"
}

# secureboot. The firmware enforcing Secure Boot with the snakeoil db,
# earlyseed and the kernel signed with its key, virtio-rng, the CPU
# distrusted: earlyseed runs, its table reaches the kernel, crng at 0.
case_secureboot() {
	local d=$OUT/sb log=$OUT/sb.log
	ES_CMDLINE=$OFF es_make_esp "$d" earlyseed
	es_sign "$ES_BUILD/earlyseed.efi" "$d/EFI/BOOT/$ES_BOOT_NAME"
	es_sign "$ES_KCACHE/vmlinuz" "$d/vmlinuz"
	ES_SECURE_BOOT=1 es_boot "$log" "$d" "${BARE[@]}" -device virtio-rng-pci
	expect "secureboot: the kernel says Secure Boot is on" "$log" 'secureboot: Secure boot enabled'
	expect "secureboot: the firmware started signed earlyseed" "$log" '^earlyseed: start$'
	summary "secureboot: a table" "$log" efi_rng=64 table=32
	expect "secureboot: kernel has RNG=" "$log" 'efi: .*RNG='
	crng0 secureboot "$log"
	summary "secureboot: the record the OS reads says so" "$log" prefix='initrd: audit: summary ' table=32
}

for c in ${*:-$CASES}; do "case_$c"; done
