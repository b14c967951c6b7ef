#!/usr/bin/env bash
# scripts/riscv64.sh WHAT...: riscv64 Debian packages into the cache
# (scripts/lib.sh) under riscv64/, from Debian 13 (trixie: Debian 12 has no
# riscv64 port) of the mirror the host's apt uses, through a private apt
# state (its own sources, lists and status): the host's dpkg architectures
# and sources stay as they are.
#   gnu-efi   riscv64/gnuefi/usr/{lib,include/efi} (crt0, libgnuefi, headers)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/scripts/lib.sh"
es_trap_errors

C=$ES_CACHE/riscv64
es_private_apt "$C/apt" riscv64 trixie

for what in "$@"; do
	case $what in
	gnu-efi) es_gnuefi "$C/deb" riscv64 "$C/gnuefi" riscv64 ;;
	*) es_die "scripts/riscv64.sh: unknown $what" ;;
	esac
done
