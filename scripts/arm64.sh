#!/usr/bin/env bash
# scripts/arm64.sh WHAT...: fetch arm64 Debian packages into the cache (scripts/lib.sh) under arm64/
# without changing the host's dpkg architectures: a private apt state
# (its own lists and status) for arm64, apt-get download, dpkg-deb -x.
#   gnu-efi   arm64/gnuefi/usr/{lib,include/efi} (crt0, libgnuefi, headers)
#   kernel    arm64/vmlinuz (the version linux-image-arm64 points at)
#   busybox   arm64/busybox (static)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/scripts/lib.sh"
es_trap_errors

C=$ES_CACHE/arm64
# Debian 12's arm64 packages, from the host's own sources
es_private_apt "$C/apt" arm64
get() { es_private_get "$C/deb" arm64 "$1"; }

for what in "$@"; do
	case $what in
	gnu-efi) es_gnuefi "$C/deb" arm64 "$C/gnuefi" aarch64 ;;
	kernel)
		[ -s "$C/vmlinuz" ] && [ -s "$C/efivarfs.ko" ] && continue
		[ -n "$(es_first "$C/apt/lists/*Packages*")" ] || apt-get "${ES_APT[@]}" update -qq ||
			es_die "apt-get update for arm64 failed (network?)"
		pkg=$(apt-cache "${ES_APT[@]}" depends linux-image-arm64 | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
		[ -n "$pkg" ] || es_die "cannot find the arm64 kernel package (apt-cache depends linux-image-arm64)"
		es_kernel_extract "$(get "$pkg")" "$C"
		echo "$pkg" > "$C/vmlinuz.version"
		;;
	busybox)
		[ -x "$C/busybox" ] && continue
		deb=$(get busybox-static)
		rm -rf "$C/x" && mkdir -p "$C/x"
		dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$C/x" ./bin/busybox
		mv "$C/x/bin/busybox" "$C/busybox"
		rm -rf "$C/x"
		;;
	*) es_die "scripts/arm64.sh: unknown $what" ;;
	esac
done
