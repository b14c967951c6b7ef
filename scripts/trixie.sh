#!/usr/bin/env bash
# scripts/trixie.sh: Debian 13's firmware (edk2 2025.02, whose OVMF and
# AAVMF install an EFI_RNG_PROTOCOL of their own over the CPU's RNG:
# edk2's RngDxe, in OVMF X64 from edk2-stable202408) and its kernels (6.12) into the cache (scripts/lib.sh) under trixie/,
# from the trixie suite of the registry the host's apt already uses, through
# a private apt state (its own sources, lists and status): the host's
# sources stay as they are.
#   trixie/OVMF_CODE_4M.fd, OVMF_VARS_4M.fd             (ovmf, x86_64)
#   trixie/OVMF_CODE_4M.secboot.fd, OVMF_VARS_4M.snakeoil.fd
#   trixie/AAVMF_CODE.fd, AAVMF_VARS.fd                 (qemu-efi-aarch64)
#   trixie/AAVMF_CODE.secboot.fd, AAVMF_VARS.snakeoil.fd
#   trixie/PkKek-1-snakeoil.key, .pem   (Debian 13's test key: not 12's)
#   trixie/amd64/, arm64/: vmlinuz, efivarfs.ko, modules/ (the kernel
#       linux-image-amd64 / -arm64 points at in trixie)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/scripts/lib.sh"
es_trap_errors

C=$ES_CACHE/trixie
D=$C/apt
FW="OVMF_CODE_4M.fd OVMF_VARS_4M.fd OVMF_CODE_4M.secboot.fd OVMF_VARS_4M.snakeoil.fd AAVMF_CODE.fd AAVMF_VARS.fd
	AAVMF_CODE.secboot.fd AAVMF_VARS.snakeoil.fd PkKek-1-snakeoil.key PkKek-1-snakeoil.pem"
# the modules /init loads to mount the ESP (x86_64 boots only: harness.sh)
ESP_MODULES="virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_blk fat vfat nls_cp437 nls_utf8 nls_ascii"
have() {
	local f
	for f in $FW amd64/vmlinuz amd64/efivarfs.ko arm64/vmlinuz arm64/efivarfs.ko; do [ -s "$C/$f" ] || return 1; done
}
have && exit 0
mkdir -p "$D/lists/partial" "$D/cache/archives/partial" "$D/etc/sources.list.d" "$D/etc/preferences.d" "$C/deb"
[ -e "$D/status" ] || : > "$D/status"
# the host's mirror (deb822 or one-line sources), its trixie suite
uri=$(es_debian_mirror)
printf 'deb [arch=amd64,arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s trixie main\n' "$uri" > "$D/etc/sources.list"
APT=(-o "Dir::Etc::SourceList=$D/etc/sources.list" -o "Dir::Etc::SourceParts=$D/etc/sources.list.d"
	-o "Dir::Etc::PreferencesParts=$D/etc/preferences.d" -o "Dir::State::Lists=$D/lists"
	-o "Dir::State::status=$D/status" -o "Dir::Cache=$D/cache" -o APT::Architecture=amd64
	-o APT::Architectures::=amd64 -o APT::Architectures::=arm64)
# lists of both architectures (an older state of this script fetched amd64's alone)
if [ -z "$(es_first "$D/lists/*binary-arm64_Packages*")" ] || [ -z "$(es_first "$D/lists/*binary-amd64_Packages*")" ]; then
	apt-get "${APT[@]}" update -qq || es_die "apt-get update for Debian 13 (trixie, $uri) failed (network?)"
fi
get() { # get PKG[:ARCH]: its .deb in $C/deb, downloaded once
	local name=${1%%:*} arch=all deb
	case $1 in *:*) arch=${1#*:} ;; esac
	deb=$(es_first "$C/deb/${name}_*_$arch.deb")
	if [ -z "$deb" ]; then
		(cd "$C/deb" && apt-get "${APT[@]}" download -qq "$1" 2>&1 | grep -v 'unsandboxed' || true)
		deb=$(es_first "$C/deb/${name}_*_$arch.deb")
		[ -n "$deb" ] || es_die "apt-get download $1 (Debian 13) left nothing in $C/deb"
		basename "$deb" >> "$C/versions"
	fi
	printf '%s\n' "$deb"
}
x=$C/x
rm -rf "$x" && mkdir -p "$x"
dpkg-deb -x "$(get ovmf)" "$x"
dpkg-deb -x "$(get qemu-efi-aarch64)" "$x"
for f in OVMF/OVMF_CODE_4M.fd OVMF/OVMF_VARS_4M.fd OVMF/OVMF_CODE_4M.secboot.fd OVMF/OVMF_VARS_4M.snakeoil.fd \
	AAVMF/AAVMF_CODE.fd AAVMF/AAVMF_VARS.fd AAVMF/AAVMF_CODE.secboot.fd AAVMF/AAVMF_VARS.snakeoil.fd \
	ovmf/PkKek-1-snakeoil.key ovmf/PkKek-1-snakeoil.pem; do
	# cp follows Debian 13's links (AAVMF_CODE.fd is AAVMF_CODE.no-secboot.fd)
	cp "$x/usr/share/$f" "$C/" || es_die "Debian 13's firmware packages have no /usr/share/$f"
done
rm -rf "$x"
for arch in amd64 arm64; do
	[ -s "$C/$arch/vmlinuz" ] && [ -s "$C/$arch/efivarfs.ko" ] && continue
	pkg=$(apt-cache "${APT[@]}" depends "linux-image-$arch:$arch" | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
	pkg=${pkg%%:*}
	[ -n "$pkg" ] || es_die "cannot find Debian 13's $arch kernel (apt-cache depends linux-image-$arch)"
	mods=""
	[ "$arch" = amd64 ] && mods=$ESP_MODULES
	# shellcheck disable=SC2086 # one word per module
	es_kernel_extract "$(get "$pkg:$arch")" "$C/$arch" $mods
	echo "$pkg" > "$C/$arch/vmlinuz.version"
done
have || es_die "scripts/trixie.sh: something is still missing in $C"
