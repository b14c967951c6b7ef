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

for what in "$@"; do
	case $what in
	gnu-efi) es_gnuefi "$C/deb" arm64 "$C/gnuefi" aarch64 ;;
	kernel) es_private_kernel "$C" arm64 ;;
	busybox) es_private_busybox "$C" arm64 ;;
	*) es_die "scripts/arm64.sh: unknown $what" ;;
	esac
done
