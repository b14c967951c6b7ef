#!/usr/bin/env bash
# Shared by the scripts (scripts/) and the boot-test harness
# (tests/boot/harness.sh): where things are, failing loudly, the first file
# of a glob, a package's .deb. Source it; do not run it.

ES_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ES_BUILD=${ES_BUILD:-$ES_ROOT/build}
# Downloads and the machines built from them live outside the tree, per
# user, so a second clone on the machine reuses them: CACHE=DIR, else
# $XDG_CACHE_HOME/earlyseed, else ~/.cache/earlyseed. The machine images
# are keyed by their recipe (made again when it changes); downloads are
# named by package and version where apt names them so.
ES_CACHE=${CACHE:-${XDG_CACHE_HOME:-${HOME:-$ES_ROOT}/.cache}/earlyseed}

es_die() { echo "earlyseed: error: $*" >&2; exit 1; }

# es_trap_errors: every failing command names itself, its file and line
# (set -E carries the trap into functions and subshells).
es_trap_errors() {
	set -E
	trap 'es_rc=$?; echo "earlyseed: error: ${BASH_SOURCE[0]}:${LINENO}: \"${BASH_COMMAND}\" failed with status ${es_rc}" >&2' ERR
}

# es_first GLOB: the first file matching GLOB, or nothing (never fails; a
# plain `ls GLOB | head -1` fails under pipefail when nothing matches).
es_first() {
	local f
	for f in $1; do
		[ -e "$f" ] && { printf '%s\n' "$f"; return 0; }
	done
	return 0
}

# es_apt_download PKG: the newest PKG .deb into $ES_CACHE/deb (no install);
# refreshes the package lists once if apt does not know PKG yet.
es_apt_download() {
	mkdir -p "$ES_CACHE/deb"
	local try
	for try in 1 2; do
		if (cd "$ES_CACHE/deb" && apt-get download -qq "$1" 2>&1 | grep -v '^W: Download is performed unsandboxed'); then :; fi
		[ -n "$(es_first "$ES_CACHE/deb/${1}_*.deb")" ] && return 0
		[ $try = 1 ] && apt-get update -qq
	done
	es_die "apt-get download $1 failed"
}

# es_debian_mirror: the Debian mirror the host's apt uses (its deb822 or
# one-line sources, the security archive aside), or deb.debian.org.
es_debian_mirror() {
	local uri
	uri=$( (sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null || true) |
		(grep -v security || true) | head -n 1)
	[ -n "$uri" ] || uri=$(awk '$1 == "deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
	printf '%s\n' "${uri:-http://deb.debian.org/debian}"
}

# es_deb_stale DEB: DEB (a package scripts/deb.sh built from this tree) is
# missing, or older than a file it is built from: build it again.
es_deb_stale() {
	[ -z "$1" ] || [ ! -e "$1" ] ||
		[ -n "$(cd "$ES_ROOT" && find core efi arch libc host scripts linker man debian Makefile -newer "$1" -type f | head -1)" ]
}

# es_private_apt DIR ARCH [SUITE]: ES_APT (and ES_APT_DIR=DIR), the options of a private apt
# state under DIR for ARCH (its own lists, status and cache), so the host's
# dpkg architectures stay as they are; with SUITE, its own sources too (that
# suite of the host's mirror), else the host's sources.
es_private_apt() {
	local d=$1 arch=$2 suite=${3:-}
	ES_APT_DIR=$d
	mkdir -p "$d/lists/partial" "$d/cache/archives/partial"
	[ -e "$d/status" ] || : > "$d/status"
	ES_APT=(-o "Dir::State::Lists=$d/lists" -o "Dir::State::status=$d/status" -o "Dir::Cache=$d/cache"
		-o "APT::Architecture=$arch" -o "APT::Architectures::=$arch")
	if [ -n "$suite" ]; then
		printf 'deb [arch=%s signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s %s main\n' \
			"$arch" "$(es_debian_mirror)" "$suite" > "$d/sources.list"
		ES_APT+=(-o "Dir::Etc::SourceList=$d/sources.list" -o "Dir::Etc::SourceParts=$d/none")
	fi
}

# es_private_get DEBDIR ARCH PKG: PKG's .deb for ARCH in DEBDIR, downloaded
# once through ES_APT (es_private_apt; its lists fetched when it has none);
# prints its path.
es_private_get() {
	local dir=$1 arch=$2 pkg=$3 deb
	mkdir -p "$dir"
	deb=$(es_first "$dir/${pkg}_*_$arch.deb")
	if [ -z "$deb" ]; then
		if [ -z "$(es_first "$ES_APT_DIR/lists/*Packages*")" ]; then
			apt-get "${ES_APT[@]}" update -qq || es_die "apt-get update for $arch failed (network?)"
		fi
		(cd "$dir" && apt-get "${ES_APT[@]}" download -qq "$pkg" 2>&1 | grep -v 'unsandboxed' || true)
		deb=$(es_first "$dir/${pkg}_*_$arch.deb")
		[ -n "$deb" ] || es_die "apt-get download $pkg ($arch) left nothing in $dir"
	fi
	printf '%s\n' "$deb"
}

# es_gnuefi DEBDIR ARCH DIR EFIARCH: GNU-EFI's package for ARCH unpacked
# into DIR (DIR/usr/{lib,include/efi}) once: its crt0-efi-EFIARCH.o says so.
es_gnuefi() {
	local crt0=$3/usr/lib/crt0-efi-$4.o deb
	[ -s "$crt0" ] && return 0
	deb=$(es_private_get "$1" "$2" gnu-efi)
	rm -rf "$3" && dpkg-deb -x "$deb" "$3"
	[ -s "$crt0" ] || es_die "$deb has no ${crt0##*/}"
	touch "$crt0"
}

# es_private_busybox DIR ARCH: busybox-static's static busybox for ARCH,
# through ES_APT (es_private_apt), as DIR/busybox once (Debian 12 ships it
# in /bin, Debian 13 in /usr/bin).
es_private_busybox() {
	local dir=$1 deb f
	[ -x "$dir/busybox" ] && return 0
	deb=$(es_private_get "$dir/deb" "$2" busybox-static)
	rm -rf "$dir/x" && mkdir -p "$dir/x"
	dpkg-deb -x "$deb" "$dir/x" || es_die "dpkg-deb -x $deb failed"
	f=$(es_first "$dir/x/usr/bin/busybox")
	[ -n "$f" ] || f=$(es_first "$dir/x/bin/busybox")
	[ -n "$f" ] || es_die "$deb has no busybox"
	mv "$f" "$dir/busybox" && rm -rf "$dir/x"
}

# es_private_kernel DIR ARCH [MODULE...]: the kernel linux-image-ARCH points
# at, through ES_APT (es_private_apt), into DIR (es_kernel_extract) once,
# with MODULE...; its package's name in DIR/vmlinuz.version.
es_private_kernel() {
	local dir=$1 arch=$2 pkg
	shift 2
	[ -s "$dir/vmlinuz" ] && [ -s "$dir/efivarfs.ko" ] && [ "$(cat "$dir/modules/list" 2> /dev/null)" = "$*" ] && return 0
	[ -n "$(es_first "$ES_APT_DIR/lists/*Packages*")" ] || apt-get "${ES_APT[@]}" update -qq ||
		es_die "apt-get update for $arch failed (network?)"
	# awk reads to the end (no exit): apt-cache never writes to a closed pipe
	pkg=$(apt-cache "${ES_APT[@]}" depends "linux-image-$arch" | awk '/Depends: linux-image-[0-9]/ && !p {print $2; p = 1}')
	[ -n "$pkg" ] || es_die "cannot find the $arch kernel package (apt-cache depends linux-image-$arch)"
	es_kernel_extract "$(es_private_get "$dir/deb" "$arch" "$pkg")" "$dir" "$@"
	echo "$pkg" > "$dir/vmlinuz.version"
}

# es_kernel_extract DEB DIR [MODULE...]: from a Debian kernel package,
# DIR/vmlinuz (the EFI-stub image, whatever the package calls it), DIR/efivarfs.ko (Debian builds efivarfs as a module; /init
# needs it to read the audit record) and DIR/modules/MODULE.ko for each
# MODULE (a module the package builds in, per its modules.builtin, is
# skipped: /init's insmod of it then fails quietly and the kernel has it);
# DIR/modules/list names them.
es_kernel_extract() {
	local deb=$1 dir=$2 tmp=$2/x m f
	shift 2
	rm -rf "$tmp" "$dir/modules" && mkdir -p "$tmp" "$dir/modules"
	dpkg-deb -x "$deb" "$tmp" || es_die "dpkg-deb -x $deb failed"
	f=$(es_first "$tmp/boot/vmlinuz-*")
	# riscv64's package holds the EFI-stub Image uncompressed, as vmlinux-*
	[ -n "$f" ] || f=$(es_first "$tmp/boot/vmlinux-*")
	[ -n "$f" ] || es_die "no vmlinuz (or vmlinux) in $deb"
	mv "$f" "$dir/vmlinuz"
	f=$(find "$tmp" -path '*/kernel/fs/efivarfs/efivarfs.ko*' | head -n 1)
	[ -n "$f" ] || es_die "no efivarfs.ko in $deb"
	es_module_plain "$f" "$dir/efivarfs.ko"
	for m in "$@"; do
		f=$(find "$tmp" -name "$m.ko" -o -name "$m.ko.xz" | head -n 1)
		if [ -n "$f" ]; then es_module_plain "$f" "$dir/modules/$m.ko"
		elif ! grep -qs "/$m\.ko\$" "$tmp"/lib/modules/*/modules.builtin "$tmp"/usr/lib/modules/*/modules.builtin; then
			es_die "no $m.ko in $deb (neither a module nor built in)"
		fi
	done
	echo "$*" > "$dir/modules/list"
	# the extraction's time, not the package's: an initramfs made from the
	# kernel before (another flavour, built the same day) is older
	touch "$dir/vmlinuz" "$dir/efivarfs.ko" "$dir/modules"/*
	rm -rf "$tmp"
}
# The modules /init loads to mount the ESP (a virtio disk, FAT), in load
# order: x86_64's (Debian 12's kernel, virtio over PCI) and riscv64's
# (Debian 13's: virtio and its PCI transport built in).
ES_ESP_MODULES_X86_64="virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_blk fat vfat nls_cp437 nls_utf8 nls_ascii"
ES_ESP_MODULES_RISCV64="virtio_blk fat vfat nls_cp437 nls_utf8 nls_ascii"
# es_module_plain IN OUT: a module as insmod reads it (busybox's insmod
# takes no .ko.xz).
es_module_plain() {
	case $1 in
	*.xz) xz -dc "$1" > "$2" || es_die "xz -d $1 failed" ;;
	*) mv "$1" "$2" ;;
	esac
}
