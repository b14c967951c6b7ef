#!/usr/bin/env bash
# scripts/trixie.sh: Debian 13's firmware (edk2 2025.02, whose OVMF and
# AAVMF install an EFI_RNG_PROTOCOL of their own over the CPU's RNG:
# ../shared/SPEC.md section 20) into .cache/trixie, from the trixie suite of
# the registry the host's apt already uses, through a private apt state (its
# own sources, lists and status): the host's sources stay as they are.
#   .cache/trixie/OVMF_CODE_4M.fd, OVMF_VARS_4M.fd    (ovmf, x86_64)
#   .cache/trixie/AAVMF_CODE.fd, AAVMF_VARS.fd        (qemu-efi-aarch64)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/scripts/lib.sh"
es_trap_errors

C=${CACHE:-$ROOT/.cache}/trixie
D=$C/apt
[ -s "$C/OVMF_CODE_4M.fd" ] && [ -s "$C/OVMF_VARS_4M.fd" ] && [ -s "$C/AAVMF_CODE.fd" ] &&
	[ -s "$C/AAVMF_VARS.fd" ] && exit 0
mkdir -p "$D/lists/partial" "$D/cache/archives/partial" "$D/etc/sources.list.d" "$D/etc/preferences.d" "$C/deb"
[ -e "$D/status" ] || : > "$D/status"
# the host's mirror (deb822 or one-line sources), its trixie suite
uri=$( (sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null || true) |
	(grep -v security || true) | head -n 1)
[ -n "$uri" ] || uri=$(awk '$1 == "deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
[ -n "$uri" ] || uri=http://deb.debian.org/debian
printf 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s trixie main\n' "$uri" > "$D/etc/sources.list"
APT=(-o "Dir::Etc::SourceList=$D/etc/sources.list" -o "Dir::Etc::SourceParts=$D/etc/sources.list.d"
	-o "Dir::Etc::PreferencesParts=$D/etc/preferences.d" -o "Dir::State::Lists=$D/lists"
	-o "Dir::State::status=$D/status" -o "Dir::Cache=$D/cache" -o APT::Architecture=amd64
	-o APT::Architectures::=amd64)
if [ -z "$(es_first "$D/lists/*Packages*")" ]; then
	apt-get "${APT[@]}" update -qq || es_die "apt-get update for Debian 13 (trixie, $uri) failed (network?)"
fi
for pkg in ovmf qemu-efi-aarch64; do
	deb=$(es_first "$C/deb/${pkg}_*.deb")
	if [ -z "$deb" ]; then
		(cd "$C/deb" && apt-get "${APT[@]}" download -qq "$pkg" 2>&1 | grep -v 'unsandboxed' || true)
		deb=$(es_first "$C/deb/${pkg}_*.deb")
		[ -n "$deb" ] || es_die "apt-get download $pkg (Debian 13) left nothing in $C/deb"
	fi
	rm -rf "$C/x" && mkdir -p "$C/x" && dpkg-deb -x "$deb" "$C/x"
	case $pkg in
	ovmf)
		cp "$C/x/usr/share/OVMF/OVMF_CODE_4M.fd" "$C/x/usr/share/OVMF/OVMF_VARS_4M.fd" "$C/" ||
			es_die "$deb has no OVMF_CODE_4M.fd / OVMF_VARS_4M.fd"
		;;
	qemu-efi-aarch64)
		cp "$C/x/usr/share/AAVMF/AAVMF_CODE.fd" "$C/x/usr/share/AAVMF/AAVMF_VARS.fd" "$C/" ||
			es_die "$deb has no AAVMF_CODE.fd / AAVMF_VARS.fd"
		;;
	esac
	rm -rf "$C/x"
	echo "$(basename "$deb")" >> "$C/versions"
done
