#!/usr/bin/env bash
# scripts/riscv64.sh WHAT...: riscv64 Debian packages into the cache
# (scripts/lib.sh) under riscv64/, from Debian 13 (trixie: Debian 12 has no
# riscv64 port) of the mirror the host's apt uses, through a private apt
# state (its own sources, lists and status): the host's dpkg architectures
# and sources stay as they are.
#   gnu-efi   riscv64/gnuefi/usr/{lib,include/efi} (crt0, libgnuefi, headers)
#   kernel    riscv64/vmlinuz (Debian 13's linux-image-riscv64: the EFI-stub
#             Image), riscv64/efivarfs.ko and the modules that mount the ESP
#   busybox   riscv64/busybox (static)
#   uboot     riscv64/uboot/u-boot.bin: U-Boot 2025.01's qemu-riscv64_smode
#             (virtio-rng behind EFI_RNG_PROTOCOL, a real-time clock; Debian
#             12's 2023.01 has neither on riscv64)
#   opensbi   riscv64/opensbi/fw_dynamic.bin: OpenSBI 1.6, which grants
#             S-mode the Zkr seed CSR (mseccfg.SSEED); QEMU 7.2's own
#             OpenSBI 1.1 does not
#   edk2      riscv64/edk2/RISCV_VIRT_{CODE,VARS}.fd: edk2 2025.02
#             (qemu-efi-riscv64), which does not start under QEMU 7.2
#   userland  riscv64/userland/root: Debian 13's riscv64 dpkg, efibootmgr
#             and ldconfig with every library they need, for a booted riscv64
#             system that installs the package (tests/boot/uboot.sh rv5)
#   qemu10    riscv64/qemu10/qemu-system-riscv64: Debian 13's QEMU 10 for
#             this host, its packages and every library they need unpacked
#             under riscv64/qemu10/root and run through their own ld.so
#             (nothing installed; the host's QEMU stays 7.2)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/scripts/lib.sh"
es_trap_errors

C=$ES_CACHE/riscv64
es_private_apt "$C/apt" riscv64 trixie

# closure DIR ARCH PKG...: PKG... and what they depend on, recursively
# (through ES_APT: es_private_apt for ARCH), unpacked into DIR/root, once.
# DIR/ok names the architecture and the packages the root was made from:
# another (a cache shared with a host of another architecture, a new
# package list) is a root made again.
closure() {
	local d=$1 arch=$2 pkgs key p deb
	shift 2
	[ -n "$(es_first "$ES_APT_DIR/lists/*Packages*")" ] ||
		apt-get "${ES_APT[@]}" update -qq || es_die "apt-get update for Debian 13 failed (network?)"
	pkgs=$(apt-cache "${ES_APT[@]}" depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
		--no-replaces --no-enhances "$@" 2> /dev/null | grep -v '^ ' | grep -v '^<' | sort -u)
	[ -n "$pkgs" ] || es_die "apt-cache depends $* (Debian 13) listed nothing"
	key=$(printf '%s\n%s' "$arch" "$pkgs")
	[ -d "$d/root" ] && [ "$(cat "$d/ok" 2> /dev/null)" = "$key" ] && return 0
	rm -rf "$d" && mkdir -p "$d/deb" "$d/root"
	# shellcheck disable=SC2086 # one word per package
	(cd "$d/deb" && apt-get "${ES_APT[@]}" download -qq $pkgs 2>&1 | grep -v 'unsandboxed' || true)
	for p in $pkgs; do
		deb=$(es_first "$d/deb/${p}_*.deb")
		[ -n "$deb" ] || es_die "apt-get download $p (Debian 13) left nothing in $d/deb"
		dpkg-deb -x "$deb" "$d/root" || es_die "dpkg-deb -x $deb failed"
	done
	rm -rf "$d/deb"
	printf '%s\n' "$key" > "$d/ok"
}

# qemu10: qemu-system-riscv and its closure (Debian 13, this host's
# architecture, through a private apt state of its own) in one root; the
# wrapper runs it through that root's ld.so with that root's libraries,
# modules (QEMU_MODULE_DIR: the host's 7.2 modules are of another build,
# which QEMU refuses) and data (-L).
qemu10() {
	local q=$C/qemu10 arch lib
	arch=$(dpkg --print-architecture)
	case $arch in
	amd64) lib=x86_64-linux-gnu ;;
	arm64) lib=aarch64-linux-gnu ;;
	*) es_die "qemu10: no Debian 13 QEMU for a $arch host here" ;;
	esac
	local ES_APT ES_APT_DIR
	es_private_apt "$C/apt-$arch" "$arch" trixie
	closure "$q" "$arch" qemu-system-riscv
	[ -x "$q/qemu-system-riscv64" ] && return 0
	cat > "$q/qemu-system-riscv64.$$" <<WRAP
#!/bin/sh
# Debian 13's QEMU 10, unpacked by scripts/riscv64.sh qemu10; nothing installed
R=$q/root L=\$R/usr/lib/$lib
QEMU_MODULE_DIR=\$L/qemu exec "\$L/ld-linux-$( [ "$arch" = amd64 ] && echo x86-64 || echo aarch64).so.$( [ "$arch" = amd64 ] && echo 2 || echo 1)" \
	--library-path "\$L" "\$R/usr/bin/qemu-system-riscv64" -L "\$R/usr/share/qemu" "\$@"
WRAP
	chmod +x "$q/qemu-system-riscv64.$$"
	"$q/qemu-system-riscv64.$$" --version | grep -q '^QEMU emulator version 10\.' ||
		es_die "qemu10: Debian 13's QEMU does not run from $q/root ($("$q/qemu-system-riscv64.$$" --version 2>&1 | head -1))"
	mv "$q/qemu-system-riscv64.$$" "$q/qemu-system-riscv64"
}

# from_deb DIR PKG PATH...: the files PATH... (inside PKG, an all package)
# into $C/DIR/ by their own names, once: all of them there is done.
from_deb() {
	local dir=$C/$1 pkg=$2 f deb have=1
	shift 2
	for f in "$@"; do [ -s "$dir/${f##*/}" ] || have=0; done
	[ "$have" = 1 ] && return 0
	deb=$(es_private_get "$C/deb" all "$pkg")
	rm -rf "$dir" && mkdir -p "$dir/x"
	dpkg-deb -x "$deb" "$dir/x" || es_die "dpkg-deb -x $deb failed"
	for f in "$@"; do
		[ -s "$dir/x/$f" ] || es_die "$deb has no $f"
		mv "$dir/x/$f" "$dir/"
	done
	rm -rf "$dir/x"
}

for what in "$@"; do
	case $what in
	gnu-efi) es_gnuefi "$C/deb" riscv64 "$C/gnuefi" riscv64 ;;
	kernel)
		# shellcheck disable=SC2086 # one word per module
		es_private_kernel "$C" riscv64 $ES_ESP_MODULES_RISCV64
		;;
	busybox) es_private_busybox "$C" riscv64 ;;
	uboot) from_deb uboot u-boot-qemu usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin ;;
	opensbi) from_deb opensbi opensbi usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin ;;
	edk2)
		from_deb edk2 qemu-efi-riscv64 usr/share/qemu-efi-riscv64/RISCV_VIRT_CODE.fd \
			usr/share/qemu-efi-riscv64/RISCV_VIRT_VARS.fd
		;;
	qemu10) qemu10 ;;
	userland) closure "$C/userland" riscv64 dpkg efibootmgr libc-bin ;;
	*) es_die "scripts/riscv64.sh: unknown $what" ;;
	esac
done
