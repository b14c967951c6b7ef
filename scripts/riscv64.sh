#!/usr/bin/env bash
# scripts/riscv64.sh WHAT...: riscv64 Debian packages into the cache
# (scripts/lib.sh) under riscv64/, from Debian 13 (trixie: Debian 12 has no
# riscv64 port) of the mirror the host's apt uses, through a private apt
# state (its own sources, lists and status): the host's dpkg architectures
# and sources stay as they are.
#   gnu-efi   riscv64/gnuefi/usr/{lib,include/efi} (crt0, libgnuefi, headers)
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
