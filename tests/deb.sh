#!/usr/bin/env bash
# The Debian package (make deb): built from this tree, lintian clean (each tag
# it may report explained in debian/earlyseed.lintian-overrides), installed
# on this machine with apt, the tool and its man page there, no boot entry
# and nothing on any ESP touched, and a purge leaves nothing behind.
# Prints "ok - deb ..." / "not ok - deb ...".
set -uo pipefail
cd "$(dirname "$0")/.."
ok() { echo "ok - deb $1"; }
bad() { echo "not ok - deb $1"; shift; printf '#   %s\n' "$@"; }
check() { # check NAME CMD...
	local name=$1
	shift
	if "$@" > /tmp/es-deb.out 2>&1; then ok "$name"; else bad "$name" "$(tail -n 5 /tmp/es-deb.out)"; fi
}
check "make deb builds it, lintian clean" make -s deb
deb=$(ls build/deb/earlyseed_*_amd64.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { bad "a .deb in build/deb"; exit 0; }
check "lintian has nothing to say, even pedantic" bash -c "[ -z \"\$(lintian -I --pedantic '$deb' 2>/dev/null)\" ]"
boot_before=$(ls /sys/firmware/efi/efivars 2>/dev/null | grep -c '^Boot' || true)
check "apt install ./$deb" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb"
check "earlyseed --help" bash -c '/usr/bin/earlyseed --help | grep -q "earlyseed status"'
check "man earlyseed" bash -c 'MANPAGER=cat man earlyseed 2>/dev/null | grep -q "seed the kernel"'
check "man earlyseed.conf" bash -c 'MANPAGER=cat man 5 earlyseed.conf 2>/dev/null | grep -q seed_file'
check "the images under /usr/lib/earlyseed" test -s /usr/lib/earlyseed/earlyseed.efi -a -s /usr/lib/earlyseed/earlyseed-driver.efi \
	-a -s /usr/lib/earlyseed/earlyseed.rom
check "the unit, running the packaged tool" grep -qx 'ExecStart=/usr/bin/earlyseed seed refresh' \
	/lib/systemd/system/earlyseed-seed.service
check "no boot entry changed" test "$boot_before" = "$(ls /sys/firmware/efi/efivars 2>/dev/null | grep -c '^Boot' || true)"
env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq earlyseed > /tmp/es-deb.purge 2>&1
check "apt purge" grep -q "run 'earlyseed uninstall' before removing the package" /tmp/es-deb.purge
left=$(ls -d /usr/bin/earlyseed /usr/lib/earlyseed /lib/systemd/system/earlyseed-seed.service \
	/etc/systemd/system/*/earlyseed-seed.service /var/lib/systemd/deb-systemd-helper-enabled/earlyseed-seed.service* \
	/usr/share/man/man1/earlyseed.1.gz /usr/share/doc/earlyseed 2>/dev/null || true)
if [ -z "$left" ] && ! dpkg -s earlyseed > /dev/null 2>&1; then ok "purge leaves nothing"
else bad "purge leaves nothing" "left: $left"; fi
