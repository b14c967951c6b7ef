#!/usr/bin/env bash
# scripts/riscv64.sh WHAT...: riscv64 Debian packages into the cache
# (scripts/lib.sh) under riscv64/, from Debian 13 (trixie: Debian 12 has no
# riscv64 port) of the mirror the host's apt uses, through a private apt
# state (its own sources, lists and status): the host's dpkg architectures
# and sources stay as they are.
#   gnu-efi   riscv64/gnuefi/usr/{lib,include/efi} (crt0, libgnuefi, headers)
#   kernel    riscv64/vmlinuz (Debian 13's linux-image-riscv64: the EFI-stub
#             Image) and riscv64/efivarfs.ko
#   busybox   riscv64/busybox (static)
#   uboot     riscv64/uboot/u-boot.bin: U-Boot 2025.01's qemu-riscv64_smode
#             (virtio-rng behind EFI_RNG_PROTOCOL, a real-time clock; Debian
#             12's 2023.01 has neither on riscv64)
#   opensbi   riscv64/opensbi/fw_dynamic.bin: OpenSBI 1.6, which grants
#             S-mode the Zkr seed CSR (mseccfg.SSEED); QEMU 7.2's own
#             OpenSBI 1.1 does not
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/scripts/lib.sh"
es_trap_errors

C=$ES_CACHE/riscv64
es_private_apt "$C/apt" riscv64 trixie

for what in "$@"; do
	case $what in
	gnu-efi) es_gnuefi "$C/deb" riscv64 "$C/gnuefi" riscv64 ;;
	kernel) es_private_kernel "$C" riscv64 ;;
	busybox)
		[ -x "$C/busybox" ] && continue
		deb=$(es_private_get "$C/deb" riscv64 busybox-static)
		rm -rf "$C/x" && mkdir -p "$C/x"
		dpkg-deb -x "$deb" "$C/x" || es_die "dpkg-deb -x $deb failed"
		f=$(es_first "$C/x/usr/bin/busybox")
		[ -n "$f" ] || f=$(es_first "$C/x/bin/busybox")
		[ -n "$f" ] || es_die "$deb has no busybox"
		mv "$f" "$C/busybox" && rm -rf "$C/x"
		;;
	uboot)
		if [ ! -s "$C/uboot/u-boot.bin" ]; then
			deb=$(es_private_get "$C/deb" all u-boot-qemu)
			rm -rf "$C/uboot" && mkdir -p "$C/uboot/x"
			dpkg-deb -x "$deb" "$C/uboot/x" || es_die "dpkg-deb -x $deb failed"
			f=$(es_first "$C/uboot/x/usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin")
			[ -n "$f" ] || es_die "$deb has no qemu-riscv64_smode/u-boot.bin"
			mv "$f" "$C/uboot/u-boot.bin" && rm -rf "$C/uboot/x"
		fi
		;;
	opensbi)
		if [ ! -s "$C/opensbi/fw_dynamic.bin" ]; then
			deb=$(es_private_get "$C/deb" all opensbi)
			rm -rf "$C/opensbi" && mkdir -p "$C/opensbi/x"
			dpkg-deb -x "$deb" "$C/opensbi/x" || es_die "dpkg-deb -x $deb failed"
			f=$(es_first "$C/opensbi/x/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin")
			[ -n "$f" ] || es_die "$deb has no generic/fw_dynamic.bin"
			mv "$f" "$C/opensbi/fw_dynamic.bin" && rm -rf "$C/opensbi/x"
		fi
		;;
	*) es_die "scripts/riscv64.sh: unknown $what" ;;
	esac
done
