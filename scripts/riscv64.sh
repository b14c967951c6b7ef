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
D=$C/apt
mkdir -p "$D/lists/partial" "$D/cache/archives/partial" "$C/deb"
[ -e "$D/status" ] || : > "$D/status"
uri=$( (sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null || true) |
	(grep -v security || true) | head -n 1)
[ -n "$uri" ] || uri=$(awk '$1 == "deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
[ -n "$uri" ] || uri=http://deb.debian.org/debian
printf 'deb [arch=riscv64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s trixie main\n' "$uri" \
	> "$D/sources.list"
APT=(-o "Dir::Etc::SourceList=$D/sources.list" -o "Dir::Etc::SourceParts=$D/none" -o "Dir::State::Lists=$D/lists"
	-o "Dir::State::status=$D/status" -o "Dir::Cache=$D/cache" -o APT::Architecture=riscv64
	-o APT::Architectures::=riscv64)
lists() {
	[ -n "$(es_first "$D/lists/*Packages*")" ] && return 0
	apt-get "${APT[@]}" update -qq || es_die "apt-get update for riscv64 (Debian 13, $uri) failed (network?)"
}
get() { # get PKG: its .deb into $C/deb, downloaded once
	local deb
	deb=$(es_first "$C/deb/${1}_*_riscv64.deb")
	if [ -z "$deb" ]; then
		lists
		(cd "$C/deb" && apt-get "${APT[@]}" download -qq "$1" 2>&1 | grep -v 'unsandboxed' || true)
		deb=$(es_first "$C/deb/${1}_*_riscv64.deb")
		[ -n "$deb" ] || es_die "apt-get download $1 (riscv64, Debian 13) left nothing in $C/deb"
	fi
	printf '%s\n' "$deb"
}

for what in "$@"; do
	case $what in
	gnu-efi)
		[ -s "$C/gnuefi/usr/lib/crt0-efi-riscv64.o" ] && continue
		deb=$(get gnu-efi)
		rm -rf "$C/gnuefi" && dpkg-deb -x "$deb" "$C/gnuefi"
		[ -s "$C/gnuefi/usr/lib/crt0-efi-riscv64.o" ] || es_die "$deb has no crt0-efi-riscv64.o"
		touch "$C/gnuefi/usr/lib/crt0-efi-riscv64.o"
		;;
	*) es_die "scripts/riscv64.sh: unknown $what" ;;
	esac
done
