#!/usr/bin/env bash
# The Debian package (make deb): built from this tree, lintian clean (each tag
# it may report explained in debian/earlyseed.lintian-overrides), installed
# on this machine with apt, the tool and its man page there, no boot entry
# and nothing on any ESP touched, and a purge leaves nothing behind.
# Prints "ok - deb ..." / "not ok - deb ...".
set -uo pipefail
cd "$(dirname "$0")/.."
TAP_NAME=deb
. tests/tap.sh
check() { # check NAME CMD...
	local name=$1
	shift
	if "$@" > /tmp/es-deb.out 2>&1; then ok "$name"; else bad "$name" "$(tail -n 5 /tmp/es-deb.out)"; fi
}
# tests/deb.sh [native|cross]: the amd64 package, or the cross-built ones
# (their files held against the amd64 package's: run native first), or both.
part=${1:-all}
if [ "$part" != cross ]; then
	check "make deb builds it, lintian clean" make -s deb
fi
deb=$(ls build/deb/earlyseed_*_amd64.deb 2>/dev/null | head -n 1)
efideb=$(ls build/deb/earlyseed-efi_*_amd64.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] && [ -n "$efideb" ] || { bad "earlyseed and earlyseed-efi .debs in build/deb"; exit 0; }
if [ "$part" != cross ]; then
# The images in a package of their own, for any architecture's image builder
check "earlyseed-efi holds the images, and is Multi-Arch: foreign" bash -c \
	"[ \"\$(dpkg-deb -f '$efideb' Multi-Arch)\" = foreign ] && dpkg-deb -c '$efideb' | grep -q './usr/lib/earlyseed/earlyseed.efi\$' &&
	! dpkg-deb -c '$efideb' | grep -q 'usr/bin'"
check "earlyseed holds the tool and depends on the same version of earlyseed-efi" bash -c \
	"! dpkg-deb -c '$deb' | grep -q 'usr/lib/earlyseed/' && dpkg-deb -f '$deb' Depends | grep -q 'earlyseed-efi (= '"
# make deb ran lintian with -I --pedantic and kept what it said
check "lintian has nothing to say, even pedantic" bash -c "[ -e build/deb/lintian.txt ] && [ ! -s build/deb/lintian.txt ]"
check "lintian on the source package has nothing to say either" bash -c \
	"[ -e build/deb/lintian-source.txt ] && [ ! -s build/deb/lintian-source.txt ]"
check "debian/changelog's version is the images' (core/version.h)" test \
	"$(dpkg-parsechangelog -S Version)" = "$(sed -n 's/^#define ES_VERSION "\(.*\)"$/\1/p' core/version.h)"
check "efibootmgr is recommended (uninstall needs it)" bash -c "dpkg-deb -f '$deb' Recommends | grep -qw efibootmgr"
boot_before=$(ls /sys/firmware/efi/efivars 2>/dev/null | grep -c '^Boot' || true)
check "apt install ./$deb ./$efideb" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb" "./$efideb"
check "earlyseed --help" bash -c '/usr/bin/earlyseed --help | grep -q "earlyseed status"'
check "man earlyseed" bash -c 'MANPAGER=cat man earlyseed 2>/dev/null | grep -q "seed the kernel"'
check "man earlyseed.conf" bash -c 'MANPAGER=cat man 5 earlyseed.conf 2>/dev/null | grep -q seed_file'
check "the images under /usr/lib/earlyseed" test -s /usr/lib/earlyseed/earlyseed.efi -a -s /usr/lib/earlyseed/earlyseed-driver.efi \
	-a -s /usr/lib/earlyseed/earlyseed.rom
check "the unit, running the packaged tool, under /usr/lib/systemd/system" grep -qx 'ExecStart=/usr/bin/earlyseed seed refresh' \
	/usr/lib/systemd/system/earlyseed-seed.service
check "... which brings the ESP's images up to date first" grep -qx 'ExecStartPre=-/usr/bin/earlyseed update --graceful' \
	/usr/lib/systemd/system/earlyseed-seed.service
check "the report unit, enabled" bash -c "grep -qx 'ExecStart=/usr/bin/earlyseed status --report' \
	/usr/lib/systemd/system/earlyseed-report.service && [ -e /etc/systemd/system/multi-user.target.wants/earlyseed-report.service ]"
check "the version the tool says is the package's" bash -c "[ \"\$(/usr/bin/earlyseed --version)\" = \"earlyseed \$(dpkg-parsechangelog -S Version)\" ]"
check "an upgrade's postinst runs earlyseed update --graceful (no ESP here: nothing to do, no failure)" bash -c \
	"sh debian/earlyseed.postinst configure 1.0 2>&1 | grep -q 'nothing to update'"
check "... and so does the images' (earlyseed-efi)" bash -c \
	"sh debian/earlyseed-efi.postinst configure 1.0 2>&1 | grep -q 'nothing to update'"
check "no boot entry changed" test "$boot_before" = "$(ls /sys/firmware/efi/efivars 2>/dev/null | grep -c '^Boot' || true)"
env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq earlyseed earlyseed-efi > /tmp/es-deb.purge 2>&1
check "apt purge" grep -q "run 'earlyseed uninstall' before removing the package" /tmp/es-deb.purge
left=$(ls -d /usr/bin/earlyseed /usr/lib/earlyseed /lib/systemd/system/earlyseed-*.service \
	/usr/lib/systemd/system/earlyseed-*.service /etc/systemd/system/*/earlyseed-*.service \
	/var/lib/systemd/deb-systemd-helper-enabled/earlyseed-*.service* \
	/usr/share/man/man1/earlyseed.1.gz /usr/share/doc/earlyseed 2>/dev/null || true)
if [ -z "$left" ] && ! dpkg -s earlyseed > /dev/null 2>&1 && ! dpkg -s earlyseed-efi > /dev/null 2>&1; then ok "purge leaves nothing"
else bad "purge leaves nothing" "left: $left"; fi

# The package's removal deletes a token the OS made (Hardening IV, 5): the
# unit that hid it again at every boot goes with the package. Its prerm,
# run on a scratch efivarfs; an upgrade ("upgrade") leaves it.
tv=$(mktemp -d)
tokname=EarlyseedToken-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97
printf '\007\000\000\000token' > "$tv/$tokname"
EARLYSEED_EFIVARS=$tv sh debian/earlyseed.prerm upgrade > "$tv/out" 2>&1
check "prerm upgrade keeps the OS-made token" test -e "$tv/$tokname"
EARLYSEED_EFIVARS=$tv sh debian/earlyseed.prerm remove > "$tv/out" 2>&1
check "prerm remove deletes the OS-made token" test ! -e "$tv/$tokname"
check "... and says so" grep -q "deleted the token the OS made" "$tv/out"
rm -rf "$tv"

fi
[ "$part" = native ] && exit "$TAP_FAILED"
# The cross-built packages (make deb-arm64, make deb-riscv64): what each
# holds, for which machine, and lintian clean. PE/COFF: the COFF header at
# the offset in 0x3c; its machine, and (optional header + 68) the subsystem:
# 10 for the app, 11 for the driver.
pe() { # pe FILE MACHINE SUBSYSTEM
	local off
	off=$(od -An -tu4 -j 60 -N 4 "$1" | tr -d ' ')
	[ "$(od -An -tx2 -j $((off + 4)) -N 2 "$1" | tr -d ' ')" = "$2" ] &&
		[ "$(od -An -tu2 -j $((off + 24 + 68)) -N 2 "$1" | tr -d ' ')" = "$3" ]
}
# arch, its ELF machine as readelf names it, its PE machine (UEFI 2.10
# section 3.5.1.1 names: aa64, riscv64)
for a in "arm64 AArch64 aa64" "riscv64 RISC-V 5064"; do
	set -- $a
	arch=$1 elf=$2 pem=$3
	check "make deb-$arch builds it, lintian clean" make -s "deb-$arch"
	debx=$(ls "build/deb-$arch"/earlyseed_*_"$arch".deb 2>/dev/null | head -n 1)
	efidebx=$(ls "build/deb-$arch"/earlyseed-efi_*_"$arch".deb 2>/dev/null | head -n 1)
	[ -n "$debx" ] && [ -n "$efidebx" ] || { bad "$arch earlyseed and earlyseed-efi .debs in build/deb-$arch"; continue; }
	check "$arch: lintian has nothing to say, even pedantic" bash -c "[ -e build/deb-$arch/lintian.txt ] && [ ! -s build/deb-$arch/lintian.txt ]"
	check "$arch: its Architecture is $arch" test "$(dpkg-deb -f "$debx" Architecture)" = "$arch"
	x=$(mktemp -d)
	dpkg-deb -x "$debx" "$x"
	dpkg-deb -x "$efidebx" "$x"
	check "$arch: the tool is a $elf executable needing no libraries" bash -c \
		"readelf -h '$x/usr/bin/earlyseed' | grep -q 'Machine: *$elf' && ! readelf -l '$x/usr/bin/earlyseed' | grep -q INTERP"
	check "$arch: the app is an EFI application for it" pe "$x/usr/lib/earlyseed/earlyseed.efi" "$pem" 10
	check "$arch: the driver is an EFI boot-service driver for it" pe "$x/usr/lib/earlyseed/earlyseed-driver.efi" "$pem" 11
	check "$arch: the unit runs the packaged tool" grep -qx 'ExecStart=/usr/bin/earlyseed seed refresh' \
		"$x/usr/lib/systemd/system/earlyseed-seed.service"
	check "$arch: the man pages" test -s "$x/usr/share/man/man1/earlyseed.1.gz" -a -s "$x/usr/share/man/man5/earlyseed.conf.5.gz"
	check "$arch: amd64 and $arch hold the same files but the ROM" bash -c \
		"diff <(dpkg-deb -c '$deb' | awk '{print \$6}'; dpkg-deb -c '$efideb' | awk '{print \$6}' | grep -v earlyseed.rom) \
			<(dpkg-deb -c '$debx' | awk '{print \$6}'; dpkg-deb -c '$efidebx' | awk '{print \$6}')"
	rm -rf "$x"
done
