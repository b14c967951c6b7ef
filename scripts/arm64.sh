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
D=$C/apt
APT=(-o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o "Dir::State::Lists=$D/lists"
	-o "Dir::State::status=$D/status" -o "Dir::Cache=$D/cache")
mkdir -p "$D/lists/partial" "$D/cache/archives/partial" "$C/deb"
[ -e "$D/status" ] || : > "$D/status"

lists() {
	[ -n "$(es_first "$D/lists/*Packages*")" ] && return 0
	apt-get "${APT[@]}" update -qq || es_die "apt-get update for arm64 failed (network?)"
}
get() { # get PKG: its newest .deb into $C/deb
	local deb
	deb=$(es_first "$C/deb/${1}_*.deb")
	if [ -z "$deb" ]; then
		lists
		(cd "$C/deb" && apt-get "${APT[@]}" download -qq "$1" 2>&1 | grep -v 'unsandboxed' || true)
		deb=$(es_first "$C/deb/${1}_*.deb")
		[ -n "$deb" ] || es_die "apt-get download $1 (arm64) left nothing in $C/deb"
	fi
	printf '%s\n' "$deb"
}

for what in "$@"; do
	case $what in
	gnu-efi)
		[ -s "$C/gnuefi/usr/lib/crt0-efi-aarch64.o" ] && continue
		deb=$(get gnu-efi)
		rm -rf "$C/gnuefi" && dpkg-deb -x "$deb" "$C/gnuefi"
		[ -s "$C/gnuefi/usr/lib/crt0-efi-aarch64.o" ] || es_die "$deb has no crt0-efi-aarch64.o"
		touch "$C/gnuefi/usr/lib/crt0-efi-aarch64.o"
		;;
	kernel)
		[ -s "$C/vmlinuz" ] && [ -s "$C/efivarfs.ko" ] && continue
		lists
		pkg=$(apt-cache "${APT[@]}" depends linux-image-arm64 | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
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
