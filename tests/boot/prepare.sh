#!/usr/bin/env bash
# tests/boot/prepare.sh: what the boot tests share, made once before they
# run side by side (scripts/check.sh runs this first; each boot test still
# makes whatever it finds missing when run alone): for each architecture
# and Debian generation the kernel, busybox and the initramfs
# (es_prepare; riscv64's from Debian 13 with its firmware), the Secure Boot
# keys; for x86_64 the GRUB images, systemd-
# boot, Debian's signed GRUB and shim. Prints "ok - prepare ...".
set -uo pipefail
TAP_NAME=prepare
. "$(dirname "$0")/../tap.sh"
for arch in x86_64 aarch64; do
	for gen in 12 13; do
		# set -e holds in a subshell that is not a condition: its status after
		(
			ES_ARCH=$arch ES_DEBIAN=$gen
			. "$(dirname "$0")/harness.sh"
			es_trap_errors
			set -e
			es_prepare
			es_sb_key
			if [ "$arch" = x86_64 ] && [ "$gen" = 12 ]; then
				es_fetch_sdboot
				es_fetch_sb_parts
				es_make_grub
			fi
		)
		if [ $? = 0 ]; then ok "$arch, Debian $gen: kernel, initramfs, keys"
		else bad "$arch, Debian $gen: kernel, initramfs, keys"; fi
	done
done
# riscv64 (tests/boot/uboot.sh riscv64): Debian 13's kernel, busybox,
# OpenSBI 1.6, U-Boot 2025.01, edk2 2025.02, QEMU 10, a riscv64 dpkg and
# efibootmgr (rv5), and the initramfs
(
	ES_ARCH=riscv64
	. "$(dirname "$0")/harness.sh"
	es_trap_errors
	set -e
	es_prepare
)
if [ $? = 0 ]; then ok "riscv64: kernel, firmware, initramfs"; else bad "riscv64: kernel, firmware, initramfs"; fi
exit "$TAP_FAILED"
