#!/usr/bin/env bash
# The boot-test harness, shared by scripts/run.sh (make run) and the boot
# tests under tests/boot/: fetch a real Debian kernel and a static busybox
# once, build the initramfs, lay out an ESP, boot it in QEMU/OVMF (Debian
# 12: qemu-system-x86 7.2, ovmf 2022.11). Source it; do not run it.

. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"
# One boot to /init takes 10-14 s under TCG (measured here); 120 s leaves
# room for a slow, loaded CI machine and still bounds a hung boot.
ES_BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}
# TCG by default: /dev/kvm exists on many VMs but nested KVM dies there.
ES_ACCEL=${ACCEL:-tcg}
# The kernel command line every earlyseed boot passes (docs/commands.md "make run").
# random.trust_cpu=off: only the seed table may make the crng ready early.
# iomem=relaxed: lets /init read the table's size field through /dev/mem
# (Debian sets CONFIG_IO_STRICT_DEVMEM; the table is EfiACPIReclaimMemory).
# ES_CMDLINE_BASE (below, per architecture) is what make run passes (the
# kernel's trust defaults); ES_CMDLINE, the boot tests' default, adds
# random.trust_cpu=off.
# The architecture (ES_ARCH, default x86_64; a kernel-style ARCH in the
# environment is not read): every
# difference between the two machines is here; the functions below take
# none of their own. aarch64 (docs/aarch64.md "aarch64"): Debian's arm64
# kernel and busybox (scripts/arm64.sh) under qemu-system-aarch64 -M virt
# with AAVMF, TCG; ttyAMA0 is the virt board's PL011; no iomem=relaxed:
# /dev/mem reads of the table fail on arm64 anyway; -cpu max has FEAT_RNG
# (pauth-impdef=on: pointer authentication is slow to emulate otherwise).
ES_ARCH=${ES_ARCH:-x86_64}
# The Debian generation whose firmware and kernel boot (ES_DEBIAN, default
# 12; 13 is what scripts/trixie.sh fetches into the cache's trixie/: edk2 2025.02,
# whose own EFI_RNG_PROTOCOL is the CPU's RNG, and Linux 6.12). The static
# busybox and the host tool are the same for both.
ES_DEBIAN=${ES_DEBIAN:-12}
# Secure Boot (docs/secure-boot.md "Secure Boot"): Debian's firmware with
# image verification and a variable store whose PK, KEK and db hold the
# "snakeoil" test key the firmware package ships (its key's password is
# "snakeoil"; Debian 13's key is not Debian 12's). x86_64's SMM variable
# store needs smm=on and a secure flash; the virt board has no SMM.
case $ES_DEBIAN:$ES_ARCH in
12:aarch64)
	ES_FW_CODE=${AAVMF_CODE:-/usr/share/AAVMF/AAVMF_CODE.fd}
	ES_FW_VARS=${AAVMF_VARS:-/usr/share/AAVMF/AAVMF_VARS.fd}
	ES_FW_CODE_SB=/usr/share/AAVMF/AAVMF_CODE.snakeoil.fd
	ES_FW_VARS_SB=/usr/share/AAVMF/AAVMF_VARS.snakeoil.fd
	ES_SNAKEOIL=/usr/share/qemu-efi-aarch64/PkKek-1-snakeoil
	;;
12:x86_64)
	ES_FW_CODE=${OVMF_CODE:-/usr/share/OVMF/OVMF_CODE_4M.fd}
	ES_FW_VARS=${OVMF_VARS:-/usr/share/OVMF/OVMF_VARS_4M.fd}
	ES_FW_CODE_SB=/usr/share/OVMF/OVMF_CODE_4M.secboot.fd
	ES_FW_VARS_SB=/usr/share/OVMF/OVMF_VARS_4M.snakeoil.fd
	ES_SNAKEOIL=/usr/share/ovmf/PkKek-1-snakeoil
	;;
13:aarch64)
	ES_FW_CODE=$ES_CACHE/trixie/AAVMF_CODE.fd ES_FW_VARS=$ES_CACHE/trixie/AAVMF_VARS.fd
	ES_FW_CODE_SB=$ES_CACHE/trixie/AAVMF_CODE.secboot.fd ES_FW_VARS_SB=$ES_CACHE/trixie/AAVMF_VARS.snakeoil.fd
	ES_SNAKEOIL=$ES_CACHE/trixie/PkKek-1-snakeoil
	;;
13:x86_64)
	ES_FW_CODE=$ES_CACHE/trixie/OVMF_CODE_4M.fd ES_FW_VARS=$ES_CACHE/trixie/OVMF_VARS_4M.fd
	ES_FW_CODE_SB=$ES_CACHE/trixie/OVMF_CODE_4M.secboot.fd ES_FW_VARS_SB=$ES_CACHE/trixie/OVMF_VARS_4M.snakeoil.fd
	ES_SNAKEOIL=$ES_CACHE/trixie/PkKek-1-snakeoil
	;;
*:riscv64)
	# OpenSBI and U-Boot (tests/boot/uboot.sh riscv64): no pflash firmware;
	# the kernel is Debian 13's whatever ES_DEBIAN says (Debian 12 has none)
	ES_FW_CODE="" ES_FW_VARS="" ES_FW_CODE_SB="" ES_FW_VARS_SB="" ES_SNAKEOIL=""
	;;
*) es_die "tests/boot/harness.sh: ES_DEBIAN is 12 or 13 and ES_ARCH x86_64, aarch64 or riscv64, not $ES_DEBIAN and $ES_ARCH" ;;
esac
ES_SBKEYS=$ES_CACHE/sb
[ "$ES_DEBIAN" = 13 ] && ES_SBKEYS=$ES_CACHE/trixie/sb
# Debian 12's x86_64 kernel flavour (es_fetch_kernel says why)
ES_KERNEL_FLAVOUR=cloud-amd64
case $ES_ARCH in
aarch64)
	ES_BUILD=$ES_ROOT/build/aarch64
	ES_BUSYBOX=$ES_CACHE/arm64/busybox
	ES_KCACHE=$ES_CACHE/arm64
	[ "$ES_DEBIAN" = 13 ] && ES_KCACHE=$ES_CACHE/trixie/arm64
	ES_QEMU=(qemu-system-aarch64 -M virt -m 1024)
	ES_CPU=(-cpu max,pauth-impdef=on)
	ES_SB_QEMU=()
	ES_BOOT_NAME=BOOTAA64.EFI
	ES_CMDLINE_BASE="initrd=\\initrd.img console=ttyAMA0 panic=-1"
	;;
riscv64)
	# Debian 13's riscv64 kernel, busybox and OpenSBI (scripts/riscv64.sh);
	# the stub has no initrd= loader: the config's initrd key serves it
	# through LoadFile2 (es_make_esp)
	ES_BUILD=$ES_ROOT/build/riscv64
	ES_BUSYBOX=$ES_CACHE/riscv64/busybox
	ES_KCACHE=$ES_CACHE/riscv64
	ES_QEMU=(qemu-system-riscv64 -M virt -m 1024)
	ES_CPU=()
	ES_SB_QEMU=()
	ES_BOOT_NAME=BOOTRISCV64.EFI
	ES_CMDLINE_BASE="console=ttyS0 panic=-1"
	;;
x86_64)
	ES_BUSYBOX=$ES_CACHE/busybox
	# es_fetch_kernel's flavour, in a folder of its own: a clone of an
	# older tree (the generic kernel, in the cache's top folder) never
	# takes it for its own
	ES_KCACHE=$ES_CACHE/$ES_KERNEL_FLAVOUR
	[ "$ES_DEBIAN" = 13 ] && ES_KCACHE=$ES_CACHE/trixie/amd64
	ES_QEMU=(qemu-system-x86_64 -m 512)
	ES_CPU=(-cpu max)
	ES_SB_QEMU=(-machine q35,smm=on -global driver=cfi.pflash01,property=secure,value=on)
	ES_BOOT_NAME=BOOTX64.EFI
	ES_CMDLINE_BASE="initrd=\\initrd.img console=ttyS0 iomem=relaxed panic=-1"
	;;
esac
# the initramfs holds the kernel's own efivarfs.ko: one per generation
ES_INITRD=$ES_BUILD/initrd.img
[ "$ES_DEBIAN" = 13 ] && ES_INITRD=$ES_BUILD/initrd-13.img
ES_CMDLINE=${ES_CMDLINE:-"$ES_CMDLINE_BASE random.trust_cpu=off"}

# The modules /init loads to mount the ESP when a boot test asks it to run
# `earlyseed seed refresh` (es.refresh=1) or install the package (es.pkg=1).
ES_ESP_MODULES=$ES_ESP_MODULES_X86_64
[ "$ES_ARCH" = riscv64 ] && ES_ESP_MODULES=$ES_ESP_MODULES_RISCV64

# The x86_64 kernel the boots start: the one Debian 12's
# linux-image-cloud-amd64 points at, downloaded once; from it vmlinuz,
# efivarfs.ko and ES_ESP_MODULES_X86_64 (es_kernel_extract). Debian's cloud
# flavour (the kernel of its cloud images: a cloned VM's) is the same
# source, EFI stub and random.c as its generic one, signed by the same key,
# but its payload is LZ4, not XZ (each package's /boot/config-*:
# CONFIG_KERNEL_LZ4=y, CONFIG_KERNEL_XZ=y): under TCG the stub decompresses
# it in half a second where the generic kernel's XZ takes about six, in
# every boot. What it leaves out (AHCI, 9p, DRM, the vmgenid and TPM hwrng
# drivers) no boot test reads: /init mounts the ESP over virtio.
es_fetch_kernel() {
	local pkg deb dir=$ES_CACHE/$ES_KERNEL_FLAVOUR
	pkg=$(cat "$dir/vmlinuz.version" 2>/dev/null || true)
	# the cache is this flavour's, with the modules this harness loads
	case $pkg in *-$ES_KERNEL_FLAVOUR) ;; *) pkg="" ;; esac
	[ -n "$pkg" ] && [ -s "$dir/vmlinuz" ] && [ -s "$dir/efivarfs.ko" ] &&
		[ "$(cat "$dir/modules/list" 2> /dev/null)" = "$ES_ESP_MODULES_X86_64" ] && return 0
	mkdir -p "$ES_CACHE/deb"
	if [ -z "$pkg" ]; then
		pkg=$(apt-cache depends "linux-image-$ES_KERNEL_FLAVOUR" 2>/dev/null | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
	fi
	if [ -z "$pkg" ]; then
		apt-get update -qq
		pkg=$(apt-cache depends "linux-image-$ES_KERNEL_FLAVOUR" | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
	fi
	[ -n "$pkg" ] || es_die "cannot find the Debian kernel package (apt-cache depends linux-image-$ES_KERNEL_FLAVOUR)"
	deb=$(es_first "$ES_CACHE/deb/${pkg}_*.deb")
	if [ -z "$deb" ]; then
		echo "earlyseed: downloading $pkg into $ES_CACHE/deb"
		es_apt_download "$pkg"
		deb=$(es_first "$ES_CACHE/deb/${pkg}_*.deb")
		[ -n "$deb" ] || es_die "apt-get download $pkg left no .deb in $ES_CACHE/deb"
	fi
	# shellcheck disable=SC2086 # one word per module
	es_kernel_extract "$deb" "$dir" $ES_ESP_MODULES_X86_64
	echo "$pkg" > "$dir/vmlinuz.version"
}

# The snakeoil key without its password, and its certificate, for sbsign.
es_sb_key() {
	[ -s "$ES_SBKEYS/db.key" ] && [ -s "$ES_SBKEYS/db.pem" ] && return 0
	mkdir -p "$ES_SBKEYS"
	openssl rsa -in "$ES_SNAKEOIL.key" -passin pass:snakeoil -out "$ES_SBKEYS/db.key" 2> /dev/null ||
		es_die "cannot read $ES_SNAKEOIL.key (apt-get install ovmf openssl; Debian 13's: scripts/trixie.sh)"
	cp "$ES_SNAKEOIL.pem" "$ES_SBKEYS/db.pem"
}

# es_sign IN OUT: OUT is IN signed with the snakeoil key (sbsign).
es_sign() {
	es_sb_key
	sbsign --key "$ES_SBKEYS/db.key" --cert "$ES_SBKEYS/db.pem" --output "$2" "$1" > /dev/null 2>&1 ||
		es_die "sbsign $1 failed (apt-get install sbsigntool)"
}

# es_fetch_deb_file PKG PATH NAME: PATH out of Debian's PKG, once, as
# $ES_CACHE/NAME (shim-unsigned's shim, grub-efi-amd64-signed's GRUB).
es_fetch_deb_file() {
	[ -s "$ES_CACHE/$3" ] && return 0
	es_apt_download "$1"
	local deb tmp="$ES_CACHE/deb/x-$3"
	deb=$(es_first "$ES_CACHE/deb/${1}_*.deb")
	rm -rf "$tmp" && mkdir -p "$tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp" "./$2" || es_die "no $2 in $deb"
	mv "$tmp/$2" "$ES_CACHE/$3"
	rm -rf "$tmp"
}

# Debian's signed GRUB and shim 16.1 (shim-unsigned: Debian's CA built in),
# for the Secure Boot boots (qemu.sh 23): $ES_CACHE/grubx64-signed.efi and
# shimx64-unsigned.efi.
es_fetch_sb_parts() {
	es_fetch_deb_file grub-efi-amd64-signed usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed grubx64-signed.efi
	es_fetch_deb_file shim-unsigned usr/lib/shim/shimx64.efi shimx64-unsigned.efi
}

# A static busybox from busybox-static, without installing it (it would
# replace the host's busybox package).
es_fetch_busybox() {
	[ -x "$ES_CACHE/busybox" ] && return 0
	es_apt_download busybox-static
	local deb
	deb=$(es_first "$ES_CACHE/deb/busybox-static_*.deb")
	local tmp="$ES_CACHE/deb/bb"
	rm -rf "$tmp" && mkdir -p "$tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp" ./bin/busybox
	mv "$tmp/bin/busybox" "$ES_CACHE/busybox"
	rm -rf "$tmp"
}

# systemd-boot 252 from Debian's systemd-boot-efi, without installing it.
es_fetch_sdboot() {
	[ -s "$ES_CACHE/systemd-bootx64.efi" ] && return 0
	es_apt_download systemd-boot-efi
	local deb
	deb=$(es_first "$ES_CACHE/deb/systemd-boot-efi_*.deb")
	local tmp="$ES_CACHE/deb/sd"
	rm -rf "$tmp" && mkdir -p "$tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp" ./usr/lib/systemd/boot/efi/systemd-bootx64.efi
	mv "$tmp/usr/lib/systemd/boot/efi/systemd-bootx64.efi" "$ES_CACHE/systemd-bootx64.efi"
	rm -rf "$tmp"
}

# es_make_grub: ES_GRUB, Debian 12's GRUB 2.06 as one standalone image
# (grub-mkstandalone) whose embedded grub.cfg finds the ESP by its kernel and
# boots it with ES_CMDLINE (less initrd=, which is GRUB's `initrd` here).
# Named by what it is made from (the config, grub-mkstandalone), made once
# and moved into place whole: boots running side by side share it.
es_make_grub() {
	local cfgtext key tmp
	command -v grub-mkstandalone > /dev/null || es_die "grub-mkstandalone missing (apt-get install grub-common grub-efi-amd64-bin)"
	cfgtext=$(printf 'set timeout=0\nsearch --no-floppy --file --set=root /vmlinuz\nlinux /vmlinuz %s\ninitrd /initrd.img\nboot\n' \
		"${ES_CMDLINE#initrd=\\initrd.img }")
	key=$({ printf '%s\n' "$cfgtext"; stat -L -c '%s %Y' "$(command -v grub-mkstandalone)" /usr/lib/grub/x86_64-efi/linux.mod; } |
		sha256sum | cut -c1-16)
	ES_GRUB=$ES_BUILD/grub/grubx64-$key.efi
	[ -s "$ES_GRUB" ] && return 0
	mkdir -p "$ES_BUILD/grub"
	tmp=$(mktemp -d "$ES_BUILD/grub/tmp.XXXXXX")
	printf '%s\n' "$cfgtext" > "$tmp/grub.cfg"
	grub-mkstandalone -O x86_64-efi -o "$tmp/grubx64.efi" \
		--modules="part_msdos part_gpt fat search search_fs_file linux normal" \
		"boot/grub/grub.cfg=$tmp/grub.cfg" || es_die "grub-mkstandalone failed"
	mv "$tmp/grubx64.efi" "$ES_GRUB"
	rm -rf "$tmp"
}

# ES_INITRD: busybox, the static host tool, the kernel's efivarfs.ko, the
# modules that mount the ESP (x86_64, riscv64), and tests/boot/initrd-init.sh
# as /init.
es_make_initrd() {
	local out=$ES_INITRD dir f
	if [ -s "$out" ]; then
		local stale=0
		for f in "$ES_ROOT/tests/boot/initrd-init.sh" "$ES_ROOT/tests/boot/harness.sh" "$ES_ROOT/scripts/lib.sh" \
			"$ES_BUSYBOX" "$ES_BUILD/earlyseed-static" "$ES_KCACHE/efivarfs.ko"; do
			[ "$out" -nt "$f" ] || stale=1
		done
		[ "$ES_ARCH" = aarch64 ] || [ "$out" -nt "$ES_KCACHE/modules/vfat.ko" ] || stale=1
		[ $stale = 0 ] && return 0
	fi
	dir=$(es_initrd_tree) && [ -d "$dir" ] && [ "$dir" != / ] || es_die "the initramfs's folder could not be made"
	es_initrd_pack "$dir" "$out"
}
# es_initrd_tree: ES_INITRD's files in a new folder under ES_BUILD; prints
# its path.
es_initrd_tree() {
	local dir
	dir=$(mktemp -d "$ES_BUILD/initrd.XXXXXX") || es_die "mktemp -d in $ES_BUILD failed"
	chmod 755 "$dir"
	mkdir -p "$dir/bin" "$dir/lib" "$dir/proc" "$dir/sys" "$dir/dev"
	cp "$ES_BUSYBOX" "$dir/bin/busybox"
	cp "$ES_BUILD/earlyseed-static" "$dir/bin/earlyseed"
	cp "$ES_KCACHE/efivarfs.ko" "$dir/lib/efivarfs.ko"
	if [ "$ES_ARCH" != aarch64 ]; then
		mkdir -p "$dir/lib/esp"
		cp "$ES_KCACHE"/modules/*.ko "$dir/lib/esp/"
		echo "$ES_ESP_MODULES" > "$dir/lib/esp/order"
	fi
	ln -s busybox "$dir/bin/sh"
	cp "$ES_ROOT/tests/boot/initrd-init.sh" "$dir/init"
	chmod 755 "$dir/init" "$dir/bin/busybox"
	printf '%s\n' "$dir"
}
# es_initrd_pack DIR OUT: DIR as a gzipped cpio at OUT, DIR removed. Made
# aside and moved into place whole: two boot tests started by hand side by
# side may both find OUT stale.
es_initrd_pack() {
	(cd "$1" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -9 > "$2.$$")
	mv -f "$2.$$" "$2"
	rm -rf "$1"
}

es_prepare() {
	[ -x "$ES_BUILD/earlyseed-static" ] || es_die "$ES_BUILD/earlyseed-static missing: run make ARCH=$ES_ARCH first"
	[ -s "$ES_BUILD/earlyseed.efi" ] || es_die "$ES_BUILD/earlyseed.efi missing: run make ARCH=$ES_ARCH first"
	if [ "$ES_ARCH" = aarch64 ]; then
		"$ES_ROOT/scripts/arm64.sh" kernel busybox
	elif [ "$ES_ARCH" = riscv64 ]; then
		"$ES_ROOT/scripts/riscv64.sh" kernel busybox opensbi uboot edk2 qemu10 userland || es_die "Debian 13's riscv64 parts (scripts/riscv64.sh) could not be fetched"
	else
		es_fetch_kernel
		es_fetch_busybox
	fi
	if [ "$ES_DEBIAN" = 13 ] && [ "$ES_ARCH" != riscv64 ]; then
		"$ES_ROOT/scripts/trixie.sh" || es_die "Debian 13's firmware and kernel (scripts/trixie.sh) could not be fetched"
	fi
	es_make_initrd
	es_warm_vars
}

# es_warm_vars: ES_FW_VARS_WARM, x86_64's store as its firmware leaves it
# after a first boot on the tests' board (q35, the vvfat disk of an empty
# folder on AHCI), made once per firmware and QEMU into ES_BUILD/vars. A
# pristine store's first boot has OVMF write its boot options, console
# paths and memory-type record, flash writes QEMU emulates a byte at a
# time: 1.5-2 s of every boot under TCG (measured side by side: 6.3-8.6 s
# to the first BdsDxe line, 5.2-5.6 s warm). es_boot starts a machine with
# it only where its boot options are the pristine store's: the same AHCI
# disk (Boot0002, before the EFI shell), outside Secure Boot (tests 23b-c
# read the snakeoil store's numbers). A virtio disk would be a new option
# after the shell, which OVMF would start instead. A boot that does not end
# on its line leaves ES_FW_VARS_WARM empty: the pristine store.
es_warm_vars() {
	[ "$ES_ARCH" = x86_64 ] || return 0
	local key out fd empty accel=(-accel tcg) cpu=("${ES_CPU[@]}")
	[ "$ES_ACCEL" = kvm ] && accel=(-accel kvm) && cpu=(-cpu host)
	key=$({
		es_hash_files "$ES_FW_CODE" "$ES_FW_VARS" "$ES_ROOT/tests/boot/harness.sh"
		stat -L -c '%s %Y' "$(command -v "${ES_QEMU[0]}")"
	} | sha256sum | cut -c1-16)
	out=$ES_BUILD/vars/warm-$key.fd
	# a boot that failed once is not tried again by every job after it
	if [ ! -s "$out" ] && [ ! -e "$out.none" ]; then
		mkdir -p "$ES_BUILD/vars/empty"
		empty=$ES_BUILD/vars/empty
		exec {fd}> "$out.lock"
		if ! flock -w $((ES_BOOT_TIMEOUT + 60)) "$fd"; then
			exec {fd}>&-
			echo "es_warm_vars: $out.lock was held too long: the pristine store" >&2
			return 0
		fi
		if [ ! -s "$out" ] && [ ! -e "$out.none" ]; then
			cp "$ES_FW_VARS" "$out.tmp"
			es_qemu "$out.log" '^BdsDxe: ' "${ES_QEMU[@]}" -machine q35 "${accel[@]}" -nographic -vga none -no-reboot \
				"${cpu[@]}" -drive if=pflash,format=raw,readonly=on,file="$ES_FW_CODE" \
				-drive if=pflash,format=raw,file="$out.tmp" -drive "format=raw,file=fat:rw:$empty" -net none
			if [ "$ES_QEMU_CLEAN" = 1 ] && grep -q '^BdsDxe: ' "$out.log"; then mv "$out.tmp" "$out"
			else
				rm -f "$out.tmp"
				: > "$out.none"
				echo "es_warm_vars: no BdsDxe line ($out.log): the pristine store" >&2
			fi
		fi
		exec {fd}>&-
	fi
	[ -s "$out" ] && ES_FW_VARS_WARM=$out ES_FW_VARS_WARM_CODE=$ES_FW_CODE
	return 0
}
ES_FW_VARS_WARM="" ES_FW_VARS_WARM_CODE=""

# es_make_esp DIR MODE: a fresh ESP folder (aarch64: earlyseed and missing).
#   earlyseed   earlyseed as BOOTX64.EFI (BOOTAA64.EFI), next = \vmlinuz, cmdline = ES_CMDLINE
#   missing     as earlyseed, but next names a file that does not exist
#   chain       earlyseed, then a second earlyseed (\EFI\earlyseed2, with
#               its own config beside it), then the kernel
#   sdboot      earlyseed, then systemd-boot, then the kernel
#   loop        earlyseed whose config names earlyseed itself as next
#   grub        earlyseed, then GRUB 2.06 (es_make_grub), then the kernel
#   grub-alone  GRUB 2.06 as BOOTX64.EFI, no earlyseed (the control)
#   prev-KIND   tests/prevstage.c (zero512, oversized, good64) installs a
#               previous table, then starts \EFI\earlyseed\earlyseed.efi
#   none        kernel and initrd only (boot the kernel with -kernel instead)
es_make_esp() {
	local dir=$1 mode=$2
	rm -rf "$dir" && mkdir -p "$dir/EFI/BOOT" "$dir/EFI/earlyseed"
	cp "$ES_KCACHE/vmlinuz" "$dir/vmlinuz"
	cp "$ES_INITRD" "$dir/initrd.img"
	case $ES_ARCH:$mode in
	aarch64:earlyseed | aarch64:missing | riscv64:earlyseed | riscv64:missing | riscv64:none | x86_64:*) ;;
	*) es_die "es_make_esp: $mode is not laid out for $ES_ARCH" ;;
	esac
	case $mode in
	earlyseed|missing)
		cp "$ES_BUILD/earlyseed.efi" "$dir/EFI/BOOT/$ES_BOOT_NAME"
		local next='\vmlinuz'
		[ "$mode" = missing ] && next='\EFI\earlyseed\absent.efi'
		printf '# written by tests/boot/harness.sh\nnext = %s\ncmdline = %s\nverbose = yes\n' "$next" "$ES_CMDLINE" \
			> "$dir/EFI/earlyseed/earlyseed.conf"
		# riscv64's stub takes its initrd through LoadFile2 alone
		if [ "$ES_ARCH" = riscv64 ]; then
			printf 'initrd = \\initrd.img\n' >> "$dir/EFI/earlyseed/earlyseed.conf"
		fi
		;;
	chain)
		cp "$ES_BUILD/earlyseed.efi" "$dir/EFI/BOOT/BOOTX64.EFI"
		mkdir -p "$dir/EFI/earlyseed2"
		cp "$ES_BUILD/earlyseed.efi" "$dir/EFI/earlyseed2/earlyseed.efi"
		printf 'next = \\EFI\\earlyseed2\\earlyseed.efi\nverbose = yes\n' > "$dir/EFI/earlyseed/earlyseed.conf"
		printf 'next = \\vmlinuz\ncmdline = %s\nverbose = yes\n' "$ES_CMDLINE" > "$dir/EFI/earlyseed2/earlyseed.conf"
		;;
	sdboot)
		es_fetch_sdboot
		cp "$ES_BUILD/earlyseed.efi" "$dir/EFI/BOOT/BOOTX64.EFI"
		mkdir -p "$dir/EFI/systemd" "$dir/loader/entries"
		cp "$ES_CACHE/systemd-bootx64.efi" "$dir/EFI/systemd/systemd-bootx64.efi"
		printf 'next = \\EFI\\systemd\\systemd-bootx64.efi\nverbose = yes\n' > "$dir/EFI/earlyseed/earlyseed.conf"
		printf 'timeout 0\ndefault linux.conf\n' > "$dir/loader/loader.conf"
		printf 'title Linux\nlinux /vmlinuz\ninitrd /initrd.img\noptions %s\n' \
			"${ES_CMDLINE#initrd=\\initrd.img }" > "$dir/loader/entries/linux.conf"
		;;
	grub)
		es_make_grub
		cp "$ES_BUILD/earlyseed.efi" "$dir/EFI/BOOT/BOOTX64.EFI"
		mkdir -p "$dir/EFI/debian"
		cp "$ES_GRUB" "$dir/EFI/debian/grubx64.efi"
		printf 'next = \\EFI\\debian\\grubx64.efi\nverbose = yes\n' > "$dir/EFI/earlyseed/earlyseed.conf"
		;;
	grub-alone)
		es_make_grub
		cp "$ES_GRUB" "$dir/EFI/BOOT/BOOTX64.EFI"
		;;
	loop)
		cp "$ES_BUILD/earlyseed.efi" "$dir/EFI/BOOT/BOOTX64.EFI"
		printf 'next = \\EFI\\BOOT\\BOOTX64.EFI\ncmdline = %s\nverbose = yes\n' "$ES_CMDLINE" > "$dir/EFI/BOOT/earlyseed.conf"
		;;
	prev-*)
		local first="$ES_BUILD/tests/prevstage-${mode#prev-}.efi"
		[ -s "$first" ] || es_die "$first missing: run make first"
		cp "$first" "$dir/EFI/BOOT/BOOTX64.EFI"
		cp "$ES_BUILD/earlyseed.efi" "$dir/EFI/earlyseed/earlyseed.efi"
		printf 'next = \\vmlinuz\ncmdline = %s\nverbose = yes\n' "$ES_CMDLINE" > "$dir/EFI/earlyseed/earlyseed.conf"
		;;
	none) ;;
	*) es_die "es_make_esp: unknown mode $mode" ;;
	esac
}

# Reading a boot log. The table the kernel sees is the last one earlyseed
# installed (a chained earlyseed replaces the first one's).
es_installed_addr() { sed -n 's/^earlyseed: table: installed [0-9]* bytes at 0x\([0-9A-Fa-f]*\).*$/\1/p' "$1" | tail -n1; }
es_kernel_rng_addr() { sed -n 's/^.*efi: .*RNG=0x\([0-9A-Fa-f]*\).*$/\1/p' "$1" | head -n1; }
es_same_addr() { [ -n "$1" ] && [ -n "$2" ] && [ $((16#$1)) -eq $((16#$2)) ]; }

# es_make_img DIR IMG: a real FAT disk image (mkfs.vfat, 64 MiB) holding
# DIR's files, as an ESP on a disk is (not QEMU's vvfat folder). The same
# files give the same bytes (a constant volume id and file times), so the
# boot memo knows the same machine when two tests make it.
es_make_img() {
	rm -f "$2"
	mkfs.vfat --invariant -C -n ESP "$2" 65536 > /dev/null || es_die "mkfs.vfat $2 failed"
	(cd "$1" && SOURCE_DATE_EPOCH=1704067200 MTOOLS_SKIP_CHECK=1 mcopy -s -i "$2" ./* ::/) ||
		es_die "mcopy into $2 failed"
}

# es_img_get IMG PATH OUT: copy a file out of a FAT image (nothing if absent).
es_img_get() {
	rm -f "$3"
	MTOOLS_SKIP_CHECK=1 mcopy -n -i "$1" "::$2" "$3" 2> /dev/null || true
}

# A boot ends on an event, never by sitting out its timeout: the kernel's
# /init powers off (poweroff -f) or panics (panic=-1 with -no-reboot), and
# QEMU exits; or the firmware prints the line after which nothing more
# happens on its own: edk2's BdsDxe found no (further) boot option and
# waits in its menu, or shim refused the next image and waits for a key
# (shim's "Verification failed" box). ES_BOOT_END (a Perl regex) replaces
# this for one boot.
ES_BOOT_END_DEFAULT='^BdsDxe: No bootable option or device was found|Verification failed: '

# es_qemu LOG END CMD...: run CMD (a QEMU) under timeout (ES_BOOT_TIMEOUT,
# the guard), its console written to LOG as it arrives (a line need not be
# finished: shim's box has no end of line until a key is pressed), CR and
# ANSI escapes stripped; the first line, or line so far, matching END (a
# Perl regex; none: "") stops QEMU. Returns 0 (the caller judges the log);
# the seconds the boot took are appended to build/boot-times.tsv.
# ES_QEMU_CLEAN is 1 when the boot ended on its own or on END, 0 when the
# guard's timeout or a signal ended it (a boot the memo must not keep).
es_qemu() {
	local log=$1 end=$2 t0=$SECONDS rc
	shift 2
	rm -f "$log.pid" "$log.end"
	timeout --foreground -k 5 "$ES_BOOT_TIMEOUT" "$@" -pidfile "$log.pid" < /dev/null 2>&1 |
		perl -e "$ES_CONSOLE_FILTER" "$log" "$end" "$log.pid" "$log.end"
	rc=${PIPESTATUS[0]}
	ES_QEMU_CLEAN=0
	{ [ "$rc" = 0 ] || [ -e "$log.end" ]; } && ES_QEMU_CLEAN=1
	rm -f "$log.pid" "$log.end"
	mkdir -p "$ES_ROOT/build"
	printf '%s\t%s\n' "$((SECONDS - t0))" "${log#"$ES_ROOT"/}" >> "$ES_ROOT/build/boot-times.tsv"
	return 0
}
# The console filter: reads whatever QEMU wrote (sysread, no waiting for a
# line's end), holds back an escape sequence cut by the read, strips CR and
# the escapes, writes the rest at once, and on the first match of END
# stops QEMU (its -pidfile); then reads on to the end.
ES_CONSOLE_FILTER='
use strict; use warnings;
my ($log, $end, $pidf, $endf) = @ARGV;
open(my $out, ">", $log) or die "$log: $!";
select((select($out), $| = 1)[0]);
my ($pend, $line, $done) = ("", "", length($end) ? 0 : 1);
my $buf;
while (sysread(STDIN, $buf, 65536)) {
	$pend .= $buf;
	my $keep = $pend =~ s/(\e[^a-zA-Z]{0,16})\z// ? $1 : "";
	$pend =~ s/\r//g;
	$pend =~ s/\e\[[0-9;?=]*[a-zA-Z]//g;
	$pend =~ s/\e[()][0-9A-Za-z]//g;
	$pend =~ s/\e[78]//g;
	print $out $pend;
	if (!$done) {
		$line .= $pend;
		for my $l (split /\n/, $line, -1) { if ($l =~ /$end/) { $done = 1; last; } }
		$line =~ s/\A.*\n//s;
		if ($done && open(my $p, "<", $pidf)) {
			my $pid = <$p>;
			if (defined $pid && $pid =~ /^\d+/) {
				if (open(my $e, ">", $endf)) { close($e); }
				kill("TERM", int($pid));
			}
		}
	}
	$pend = $keep;
}
$pend =~ s/\r//g;
$pend =~ s/\e[^a-zA-Z]*[a-zA-Z]?//g;
print $out $pend;
'

# es_boot LOG ESPDIR [QEMU ARGS...]: boot under a timeout (ES_BOOT_TIMEOUT);
# a later -cpu in QEMU ARGS overrides the default. LOG gets the serial
# output with CR and ANSI escapes stripped. Returns 0 (a timeout is not an
# error here: the caller judges the log).
#   ES_ESP_IMG=IMG  boot from this FAT image (kept) on a virtio disk instead
#                   of ESPDIR as a vvfat folder
#   ES_ESP_RO=1     the disk is read-only (an image made from ESPDIR unless
#                   ES_ESP_IMG names one); QEMU's vvfat and AHCI cannot be
#   ES_VARS=FILE    the OVMF variable store to use and keep (a machine
#                   rebooted); default: a fresh copy, removed afterwards
#                   (of the warm store, es_warm_vars, where it applies)
# The same boot asked for twice is booted once (es_memo below).
es_boot() {
	local log=$1 esp=$2
	shift 2
	local vars="${ES_VARS:-$log.vars.fd}" code=$ES_FW_CODE store=$ES_FW_VARS board=(-machine q35) sb=()
	# ES_SECURE_BOOT=1: the firmware enforcing Secure Boot with the snakeoil db
	if [ "${ES_SECURE_BOOT:-0}" = 1 ]; then
		code=$ES_FW_CODE_SB store=$ES_FW_VARS_SB board=() sb=("${ES_SB_QEMU[@]}")
	fi
	local cpu=("${ES_CPU[@]}")
	local accel=(-accel tcg)
	[ "$ES_ACCEL" = kvm ] && accel=(-accel kvm) && cpu=(-cpu host)
	local disk=(-drive "format=raw,file=fat:rw:$esp")
	local img="${ES_ESP_IMG:-}" ro=""
	if [ "${ES_ESP_RO:-0}" = 1 ] && [ -z "$img" ]; then
		img="$log.img"
		es_make_img "$esp" "$img"
	fi
	[ "${ES_ESP_RO:-0}" = 1 ] && ro=",readonly=on"
	[ -n "$img" ] && disk=(-drive "if=none,id=esp,format=raw,file=$img$ro" -device virtio-blk-pci,drive=esp)
	# a machine that booted before, on the disk it booted (es_warm_vars)
	[ -z "$img" ] && [ "$store" = "$ES_FW_VARS" ] && [ "$code" = "$ES_FW_VARS_WARM_CODE" ] && [ -n "$ES_FW_VARS_WARM" ] &&
		store=$ES_FW_VARS_WARM
	[ -n "${ES_VARS:-}" ] && [ -s "$vars" ] || cp "$store" "$vars"
	# the virt board has no IDE or AHCI for a plain -drive: a virtio-mmio disk
	if [ "$ES_ARCH" = aarch64 ]; then
		board=()
		disk=(-drive "if=none,id=esp,format=raw,file=${img:-fat:rw:$esp}$ro" -device virtio-blk-device,drive=esp)
	fi
	# no display adapter: the console is the serial line, and edk2's video
	# driver and the kernel's DRM driver cost a boot time for nothing
	local video=()
	[ "$ES_ARCH" = x86_64 ] && video=(-vga none)
	local cmd=("${ES_QEMU[@]}" "${board[@]}" "${accel[@]}" -nographic "${video[@]}" -no-reboot "${cpu[@]}" "${sb[@]}"
		-drive if=pflash,format=raw,readonly=on,file="$code" -drive if=pflash,format=raw,file="$vars"
		"${disk[@]}" -net none "$@")
	local end=${ES_BOOT_END-$ES_BOOT_END_DEFAULT} key="" lock
	# What the boot's outcome rests on: the command, the files it names, the
	# disk (the image, or the folder when vvfat serves it), the store, a TPM.
	if [ "$ES_MEMO" != 0 ]; then
		key=$(es_memo_key "$log" "$esp" "${img:-}" "$vars" "$end" "${ES_TPM:-0}" "${cmd[@]}")
		lock=$ES_MEMO_DIR/$key.lock
		mkdir -p "$ES_MEMO_DIR"
		exec {es_lockfd}> "$lock"
		# one boot's time at most, and its guard: never forever
		flock -w $((ES_BOOT_TIMEOUT + 60)) "$es_lockfd" || es_die "es_boot: the memo's lock $lock was held too long"
		if [ "$ES_MEMO" = 1 ] && es_memo_get "$key" "$log" "$esp" "${img:-}" "$ro" "$vars"; then
			exec {es_lockfd}>&-
			[ -n "${ES_VARS:-}" ] || rm -f "$vars"
			rm -f "$log.img"
			return 0
		fi
	fi
	# ES_TPM=1: a TPM 2.0 (swtpm, fresh state; es_tpm_start)
	local tpm=() tpmdir=""
	if [ "${ES_TPM:-0}" = 1 ]; then
		# the daemon outlives this call: it must not hold the memo's lock
		if [ -n "$key" ]; then tpmdir=$(es_tpm_start {es_lockfd}>&-); else tpmdir=$(es_tpm_start); fi
		tpm=(-chardev "socket,id=chrtpm,path=$tpmdir/sock" -tpmdev emulator,id=tpm0,chardev=chrtpm)
		if [ "$ES_ARCH" = aarch64 ]; then tpm+=(-device tpm-tis-device,tpmdev=tpm0)
		else tpm+=(-device tpm-tis,tpmdev=tpm0); fi
	fi
	if [ -n "$key" ]; then es_qemu "$log" "$end" "${cmd[@]}" "${tpm[@]}" {es_lockfd}>&-
	else es_qemu "$log" "$end" "${cmd[@]}" "${tpm[@]}"; fi
	[ -z "$tpmdir" ] || es_tpm_stop "$tpmdir"
	if [ -n "$key" ]; then
		# only a boot that ended as boots end: not one the guard or a signal cut
		[ "$ES_QEMU_CLEAN" = 1 ] && es_memo_put "$key" "$log" "$esp" "${img:-}" "$ro" "$vars"
		exec {es_lockfd}>&-
	fi
	[ -n "${ES_VARS:-}" ] || rm -f "$vars"
	rm -f "$log.img"
	return 0
}

# The boot memo: a boot is a function of its inputs, so one asked for a
# second time with every input byte-identical (make run's two boots and
# boot 17a-b; the Debian 12 cases of tests/boot/generations.sh and the
# boots of qemu.sh and qemu-aarch64.sh that are the same machine) is not
# booted again: its log, and what it left on its disk and in its variable
# store, are handed to the second caller. The key hashes the bytes, never
# a name, so any changed input (the image, the kernel, the firmware, a
# config line, an argument's file, this harness) boots anew; two jobs
# asking at once wait on one lock. ES_MEMO: 0 (the default: a test run by
# hand boots) neither reads nor keeps boots; store (make run, which always
# boots) keeps them; 1 (scripts/check.sh, which removes build/boots when it
# ends) reads and keeps them.
ES_MEMO=${ES_MEMO:-0}
ES_MEMO_DIR=$ES_ROOT/build/boots
# es_hash_files FILE...: one hash over the files' bytes (a missing one hashes its name)
es_hash_files() {
	local f
	for f in "$@"; do
		if [ -f "$f" ]; then sha256sum < "$f"; else printf 'absent %s\n' "$f"; fi
	done | sha256sum | cut -c1-64
}
# es_hash_dir DIR: the names and bytes of a folder's files and the names of
# its folders, not their times (the ESPs hold no links)
es_hash_dir() {
	(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0r sha256sum; find . -type d | LC_ALL=C sort) |
		sha256sum | cut -c1-64
}
# es_memo_key LOG ESP IMG VARS END TPM CMD...
es_memo_key() {
	local log=$1 esp=$2 img=$3 vars=$4 end=$5 tpm=$6 a w files=() disk
	shift 6
	# every file an argument names (file=..., romfile=..., data=..., -kernel F)
	for a in "$@"; do
		for w in ${a//[,=]/ }; do
			[ "$w" != "$vars" ] && [ "$w" != "$img" ] && [ -f "$w" ] && files+=("$w")
		done
	done
	if [ -n "$img" ]; then disk=$(es_hash_files "$img"); else disk=$(es_hash_dir "$esp"); fi
	{
		printf '%s\n' "$@" | sed -e "s#${log//#/\\#}#LOG#g" -e "s#${esp//#/\\#}#ESP#g" -e "s#${vars//#/\\#}#VARS#g" \
			-e "s#${img:-/nonexistent}#IMG#g"
		printf 'end=%s tpm=%s arch=%s\n' "$end" "$tpm" "$ES_ARCH"
		echo "disk $disk vars $(es_hash_files "$vars")"
		es_hash_files "${files[@]}" "$ES_ROOT/tests/boot/harness.sh"
		stat -L -c '%s %Y' "$(command -v "${1}")"
	} | sha256sum | cut -c1-40
}
# es_memo_get KEY LOG ESP IMG RO VARS: hand over a stored boot (status 1: none)
es_memo_get() {
	local m=$ES_MEMO_DIR/$1
	[ -s "$m/log" ] || return 1
	cp "$m/log" "$2"
	if [ -n "$4" ]; then [ -n "$5" ] || cp --sparse=always "$m/img" "$4"
	else rm -rf "$3" && mkdir -p "$3" && tar -x -C "$3" -f "$m/esp.tar"; fi
	cp "$m/vars" "$6"
	printf '0\t%s (memo)\n' "${2#"$ES_ROOT"/}" >> "$ES_ROOT/build/boot-times.tsv"
	return 0
}
# es_memo_put KEY LOG ESP IMG RO VARS: store what the boot left
es_memo_put() {
	local m=$ES_MEMO_DIR/$1
	rm -rf "$m" "$m.tmp" && mkdir -p "$m.tmp"
	if [ -n "$4" ]; then [ -n "$5" ] || cp --sparse=always "$4" "$m.tmp/img"
	else tar -c -C "$3" -f "$m.tmp/esp.tar" .; fi
	cp "$6" "$m.tmp/vars"
	cp "$2" "$m.tmp/log"
	mv "$m.tmp" "$m"
}

# es_tpm_start: a TPM 2.0 (swtpm, fresh state) listening on DIR/sock; prints
# DIR. swtpm exits when QEMU disconnects, so one is started per boot (SPEC:
# TPM 2.0 as a source). es_tpm_stop DIR: whatever is left of it.
es_tpm_start() {
	local dir
	command -v swtpm > /dev/null || es_die "swtpm is not installed (scripts/deps.sh installs it)"
	dir=$(mktemp -d /tmp/es-tpm.XXXXXX) # a socket path must stay short
	swtpm socket --tpm2 --tpmstate dir="$dir" --ctrl type=unixio,path="$dir/sock" \
		--daemon --pid file="$dir/pid" --log file="$dir/log" ||
		es_die "swtpm did not start (its log: $(cat "$dir/log" 2>/dev/null))"
	printf '%s\n' "$dir"
}
es_tpm_stop() {
	[ -s "$1/pid" ] && kill "$(cat "$1/pid")" 2> /dev/null
	rm -rf "$1"
}

# es_show_boot LABEL LOG TRUST: a boot's earlyseed and kernel lines, then its
# outcome (make run, both architectures); TRUST is the random.trust_cpu passed.
es_show_boot() {
	local label=$1 log=$2 trust=$3 mine kern crng avail size
	echo "======== $label ========"
	echo "---- earlyseed (UEFI console) ----"
	grep -E '^(earlyseed:|EFI stub:)' "$log" || true
	echo "---- kernel ----"
	grep -E 'efi: .*(ACPI|RNG)=|random: |^initrd:' "$log" || true
	echo "---- outcome: $label ----"
	mine=$(es_installed_addr "$log")
	kern=$(es_kernel_rng_addr "$log")
	crng=$(sed -n 's/^\[ *\([0-9.]*\)\] random: crng init done.*$/\1/p' "$log" | head -n1)
	avail=$(sed -n 's/^initrd: entropy_avail=\([0-9]*\)$/\1/p' "$log" | head -n1)
	size=$(sed -n 's/^initrd: rng_table_size=\([0-9]*\)$/\1/p' "$log" | head -n1)
	grep -E '^earlyseed: (token: created|seed_file: .*(created|rewritten))' "$log" || true
	if [ -z "$mine" ]; then
		echo "earlyseed installed no table (see its log lines above)"
	else
		echo "earlyseed installed its table at 0x$mine"
	fi
	if [ -z "$kern" ]; then
		echo "kernel: no RNG= on its efi: line: it found no seed table"
	elif es_same_addr "$mine" "$kern"; then
		echo "kernel: RNG=0x$kern is the table earlyseed installed${size:+ ($size bytes)}"
	else
		echo "kernel: RNG=0x$kern is not earlyseed's table: a later stage replaced it" \
			"(the Linux stub merges its own EFI_RNG bytes with ours${size:+; $size bytes})"
	fi
	if [ -n "$crng" ]; then
		if [ "$trust" = off ]; then
			echo "kernel: random: crng init done at [$crng] (random.trust_cpu=off: the CPU's RNG does not count)"
		else
			echo "kernel: random: crng init done at [$crng] (the kernel trusts the CPU's RNG here too; TRUST_CPU=off shows the table alone)"
		fi
	else
		echo "kernel: crng not initialized before /init"
	fi
	echo "kernel: entropy_avail=${avail:-unknown} at /init"
	grep -q '^initrd: reached /init' "$log" || es_die "$label: the kernel did not reach /init within ${ES_BOOT_TIMEOUT}s (see $log)"
}
