#!/usr/bin/env bash
# The host tool's exit status where output or input go wrong (prints
# "ok - ..." / "not ok - ..." for scripts/check.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
T=build/earlyseed
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TAP_NAME=tool
. tests/tap.sh
check() { # check NAME WANT_STATUS CMD...
	local name=$1 want=$2 rc
	shift 2
	"$@" > /dev/null 2> "$tmp/err"
	rc=$?
	if [ "$rc" = "$want" ]; then ok "$name"; else bad "$name (status $rc, want $want)" "$(head -n 5 "$tmp/err")"; fi
}
full() { "$T" "$@" > /dev/full; }
check "simulate to /dev/full fails" 1 full simulate --kernel 6 --seconds 3
printf 'state\n' > "$tmp/s"
check "replay to /dev/full fails" 1 full replay "$tmp/s"
check "replay to a file works" 0 "$T" replay "$tmp/s"
# exactly 64 MiB of comment is read whole; one byte more is refused
head -c $((64 << 20)) /dev/zero | tr '\0' '#' > "$tmp/big"
check "a 64 MiB script is read" 0 "$T" replay "$tmp/big"
printf '#' >> "$tmp/big"
check "a 64 MiB + 1 script is refused" 2 "$T" replay "$tmp/big"

# seed: the command line, and make install onto a scratch ESP
# without --esp the ESP is looked for as bootctl does (none here: a FAT mount
# point at /efi, /boot or /boot/efi on an EFI System Partition)
if ! grep -qs ' /efi vfat \| /boot vfat \| /boot/efi vfat ' /proc/mounts; then
	check "seed without --esp and no ESP mounted fails" 1 "$T" seed install --efivars "$tmp/none"
fi
check "seed with an unknown word is refused" 2 "$T" seed plant --esp "$tmp"
check "seed refresh --image is refused" 2 "$T" seed refresh --image --esp "$tmp"
mkdir -p "$tmp/esp" "$tmp/efivars"
chmod 0700 "$tmp/esp"
# Not FAT (an ESP that is not mounted): refused, nothing written
check "make install onto a directory that is not FAT fails" 2 make -s install ESP="$tmp/esp" EFIVARS="$tmp/efivars"
empty() { [ -z "$(find "$@" -mindepth 1)" ]; }
check "... and writes nothing" 0 empty "$tmp/esp" "$tmp/efivars"
check "seed refresh onto a directory that is not FAT fails" 1 "$T" seed refresh --esp "$tmp/esp" --efivars "$tmp/efivars"
# This machine's kernel may have no vfat: a scratch directory stands in.
export EARLYSEED_ANY_FS=1
# earlyseed-seed.service enabled, as the package leaves it (an OS-made token
# is made only then: docs/seed-file.md "Who can do what"); never the host's
mkdir -p "$tmp/systemd/sysinit.target.wants"
ln -s /dev/null "$tmp/systemd/sysinit.target.wants/earlyseed-seed.service"
export EARLYSEED_SYSTEMD_DIR=$tmp/systemd
# configs the app would not take are refused with its parser's words
check "install refuses a relative --next" 1 "$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next 'vmlinuz' --efivars "$tmp/efivars"
"$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next 'vmlinuz' --efivars "$tmp/efivars" 2> "$tmp/words"
check "... in the parser's words" 0 grep -q "line 2: next must be an absolute path" "$tmp/words"
long=$(printf 'x%.0s' $(seq 4100))
check "install refuses a --cmdline the app cannot pass" 1 "$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next '\vmlinuz' --cmdline "$long" --efivars "$tmp/efivars"
check "install refuses a --next FAT would read as another name" 1 "$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next '\EFI\ .' --efivars "$tmp/efivars"
# the next stage must be on the ESP, an EFI image of the app's architecture
# (issue: a real Debian machine, 1: a Debian without shim has no shimx64.efi)
check "install refuses a next stage that is not there" 1 "$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next '\EFI\debian\shimx64.efi' --efivars "$tmp/efivars"
"$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next '\EFI\debian\shimx64.efi' --efivars "$tmp/efivars" 2> "$tmp/words"
check "... and says so" 0 grep -q 'shimx64.efi is not on this ESP' "$tmp/words"
mkdir -p "$tmp/esp/EFI/debian"
echo 'not an image' > "$tmp/esp/EFI/debian/grubx64.efi"
check "install refuses a next stage that is not an EFI image" 1 "$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next '\EFI\debian\grubx64.efi' --efivars "$tmp/efivars"
# an arm64 image (make check builds build/aarch64/ first) next to an x86_64 app
if [ -s build/aarch64/earlyseed.efi ]; then
	cp build/aarch64/earlyseed.efi "$tmp/esp/EFI/debian/grubaa64.efi"
	check "install refuses a next stage of another architecture" 1 "$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next '\EFI\debian\grubaa64.efi' --efivars "$tmp/efivars"
	"$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next '\EFI\debian\grubaa64.efi' --efivars "$tmp/efivars" 2> "$tmp/words"
	check "... and says so" 0 grep -q 'grubaa64.efi is not an EFI image for this architecture (machine 0x8664)' "$tmp/words"
	rm -f "$tmp/esp/EFI/debian/grubaa64.efi"
fi
check "... and installs nothing" 0 test ! -e "$tmp/esp/EFI/earlyseed"
cp build/earlyseed.efi "$tmp/esp/EFI/debian/grubx64.efi"
check "make install" 0 make -s install ESP="$tmp/esp" NEXT='\EFI\debian\grubx64.efi' CMDLINE='quiet' EFIVARS="$tmp/efivars"
inst_ok() {
	cmp -s build/earlyseed.efi "$tmp/esp/EFI/earlyseed/earlyseed.efi" &&
		grep -qx 'next = \\EFI\\debian\\grubx64.efi' "$tmp/esp/EFI/earlyseed/earlyseed.conf" &&
		grep -qx 'cmdline = quiet' "$tmp/esp/EFI/earlyseed/earlyseed.conf" &&
		[ "$(stat -c %s "$tmp/esp/EFI/earlyseed/random-seed")" = 96 ] &&
		[ "$(head -c 8 "$tmp/esp/EFI/earlyseed/random-seed")" = ESSEEDv2 ] &&
		[ "$(stat -c %a "$tmp/esp/EFI/earlyseed/random-seed")" = 600 ] &&
		[ "$(stat -c %s "$tmp/efivars/EarlyseedToken-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97")" = 44 ]
}
check "make install lays out the ESP" 0 inst_ok
echo 'next = \mine.efi' > "$tmp/esp/EFI/earlyseed/earlyseed.conf"
check "make install again" 0 make -s install ESP="$tmp/esp" EFIVARS="$tmp/efivars"
check "make install keeps an existing config" 0 grep -qx 'next = \\mine.efi' "$tmp/esp/EFI/earlyseed/earlyseed.conf"
# asked to change next: that line changes, the others stay (issue: a real
# Debian machine, 3: it was silently kept)
printf '# mine\nnext = \\mine.efi\nverbose = yes\n' > "$tmp/esp/EFI/earlyseed/earlyseed.conf"
check "install --next updates an existing config" 0 "$T" install --esp "$tmp/esp" --from build/earlyseed.efi --next '\EFI\debian\grubx64.efi' --efivars "$tmp/efivars"
conf_upd() {
	local c=$tmp/esp/EFI/earlyseed/earlyseed.conf
	grep -qx 'next = \\EFI\\debian\\grubx64.efi' "$c" && ! grep -q 'mine.efi' "$c" &&
		grep -qx '# mine' "$c" && grep -qx 'verbose = yes' "$c"
}
check "... that line alone" 0 conf_upd
check "install --cmdline the app cannot pass leaves the config as it was" 1 "$T" install --esp "$tmp/esp" --from build/earlyseed.efi --cmdline "$long" --efivars "$tmp/efivars"
check "... as it was" 0 conf_upd
echo 'next = \mine.efi' > "$tmp/esp/EFI/earlyseed/earlyseed.conf"
make -s install ESP="$tmp/esp" EFIVARS="$tmp/efivars" > "$tmp/out" 2>&1
check "make install prints the efibootmgr line" 0 grep -q "efibootmgr --create --disk .* --loader '\\\\EFI\\\\earlyseed\\\\earlyseed.efi'" "$tmp/out"
check "make install without ESP fails" 2 make -s install

# the unit: every directive one systemd knows (its sandbox is the point), with
# the built tool standing in for /usr/local/bin/earlyseed
unit_ok() {
	command -v systemd-analyze > /dev/null || { echo "no systemd-analyze" > "$tmp/unit.err"; return 1; }
	sed "s|/usr/local/bin/earlyseed|$PWD/build/earlyseed|" host/earlyseed-seed.service > "$tmp/earlyseed-seed.service"
	systemd-analyze verify "$tmp/earlyseed-seed.service" > "$tmp/unit.err" 2>&1 && [ ! -s "$tmp/unit.err" ] &&
		grep -qx 'ProtectSystem=strict' host/earlyseed-seed.service &&
		grep -qx 'ReadWritePaths=-/efi -/boot -/sys/firmware/efi/efivars' host/earlyseed-seed.service &&
		! grep -q 'RequiresMountsFor=\|--esp' host/earlyseed-seed.service &&
		grep -q '^TimeoutStartSec=' host/earlyseed-seed.service &&
		grep -q '^After=.*systemd-random-seed.service' host/earlyseed-seed.service
}
if unit_ok; then ok "the service unit verifies, sandboxed"; else bad "the service unit verifies, sandboxed" "$(head -n 5 "$tmp/unit.err")"; fi

# make sign (sbsign with Debian's snakeoil test key, whose password is
# "snakeoil") and make install SIGNED=1 (docs/secure-boot.md "Secure Boot")
sign_ok() {
	openssl rsa -in /usr/share/ovmf/PkKek-1-snakeoil.key -passin pass:snakeoil -out "$tmp/db.key" 2> /dev/null &&
		make -s sign KEY="$tmp/db.key" CERT=/usr/share/ovmf/PkKek-1-snakeoil.pem > "$tmp/sign.out" 2>&1 &&
		sbverify --cert /usr/share/ovmf/PkKek-1-snakeoil.pem build/signed/earlyseed.efi > /dev/null 2>&1 &&
		sbverify --cert /usr/share/ovmf/PkKek-1-snakeoil.pem build/signed/earlyseed-driver.efi > /dev/null 2>&1 &&
		[ "$(head -c 2 build/signed/earlyseed.rom | od -An -tx1 | tr -d ' ')" = 55aa ]
}
check "make sign signs the app, the driver and the ROM's driver" 0 sign_ok
check "make sign without KEY fails" 2 make -s sign
mkdir -p "$tmp/esp2" "$tmp/efivars2"
check "make install SIGNED=1" 0 make -s install ESP="$tmp/esp2" EFIVARS="$tmp/efivars2" SIGNED=1
check "make install SIGNED=1 installs the signed app" 0 cmp build/signed/earlyseed.efi "$tmp/esp2/EFI/earlyseed/earlyseed.efi"
# install --sd-boot: the driver into systemd-boot's folder, the kernel's
# trust beside it (EarlyseedKernelTrust), no boot entry, no seed file
KT=EarlyseedKernelTrust-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97
mkdir -p "$tmp/sd/EFI/systemd" "$tmp/sdvars"
printf 'BOOT_IMAGE=/vmlinuz root=/dev/vda2 random.trust_cpu=off\n' > "$tmp/cmd-off"
printf 'BOOT_IMAGE=/vmlinuz root=/dev/vda2 quiet\n' > "$tmp/cmd-on"
sdb() { "$T" install --sd-boot --esp "$tmp/sd" --efivars "$tmp/sdvars" "$@"; }
check "install --sd-boot refuses an ESP without systemd-boot" 1 sdb --from build/earlyseed-driver.efi --kernel-cmdline "$tmp/cmd-off"
check "... and installs nothing" 0 empty "$tmp/sd/EFI/systemd" "$tmp/sdvars"
cp build/earlyseed.efi "$tmp/sd/EFI/systemd/systemd-bootx64.efi" # an x64 image stands in
check "install --sd-boot refuses the app (not a driver)" 1 sdb --from build/earlyseed.efi --kernel-cmdline "$tmp/cmd-off"
# a usage error: --next is no option of install --sd-boot (its synopsis)
check "install --sd-boot refuses --next" 2 sdb --from build/earlyseed-driver.efi --next '\EFI\x.efi'
if [ -s build/aarch64/earlyseed-driver.efi ]; then
	check "install --sd-boot refuses an arm64 driver for an x64 systemd-boot" 1 sdb --from build/aarch64/earlyseed-driver.efi
fi
check "install --sd-boot refuses a command line it cannot read" 1 sdb --from build/earlyseed-driver.efi --kernel-cmdline "$tmp/no-such"
check "... and installs no driver without the kernel's trust" 1 test -e "$tmp/sd/EFI/systemd/drivers/earlyseedx64.efi"
check "install --sd-boot" 0 sdb --from build/earlyseed-driver.efi --kernel-cmdline "$tmp/cmd-off"
check "... puts the driver where systemd-boot loads it" 0 cmp build/earlyseed-driver.efi "$tmp/sd/EFI/systemd/drivers/earlyseedx64.efi"
check "... touches no boot entry and makes no seed file" 0 test ! -e "$tmp/sd/EFI/earlyseed" -a -z "$(ls "$tmp/sdvars" | grep -v "^$KT\$")"
check "... writes the kernel's distrust of the CPU" 0 test "$(od -An -tx1 "$tmp/sdvars/$KT" | tr -d ' \n')" = 0700000045534b5401010000
check "install --sd-boot again, the kernel trusting all: the variable goes" 0 sdb --from build/earlyseed-driver.efi --kernel-cmdline "$tmp/cmd-on"
check "... gone" 1 test -e "$tmp/sdvars/$KT"
sdb --from build/earlyseed-driver.efi --kernel-cmdline "$tmp/cmd-off" > /dev/null
check "uninstall takes the driver and the variable away" 0 "$T" uninstall --esp "$tmp/sd" --efivars "$tmp/sdvars"
check "... the driver" 1 test -e "$tmp/sd/EFI/systemd/drivers/earlyseedx64.efi"
check "... the variable" 1 test -e "$tmp/sdvars/$KT"
check "... and not systemd-boot" 0 test -e "$tmp/sd/EFI/systemd/systemd-bootx64.efi"
# The unit's sandbox, as `systemd-analyze security` scores it (issue: a real
# Debian machine, 5): at most 1.5 of 10 (--threshold counts in tenths).
if command -v systemd-analyze > /dev/null; then
	check "the seed unit's exposure is at most 1.5" 0 systemd-analyze security --offline=true --threshold=15 host/earlyseed-seed.service
fi
mkdir -p "$tmp/esp3"
check "install refuses a line break in --next (no config lines injected)" 1 "$T" install --esp "$tmp/esp3" \
	--from build/earlyseed.efi --next $'\\vmlinuz\nseed_file = \\vmlinuz'
check "install refuses an image that is not PE" 1 "$T" install --esp "$tmp/esp3" --from scripts/sign.sh
# install (the app) reads the kernel's command line from --kernel-cmdline
# too: a kernel distrusting the CPU gets its EarlyseedKernelTrust
mkdir -p "$tmp/esp4/EFI/debian" "$tmp/vars4"
cp build/earlyseed.efi "$tmp/esp4/EFI/debian/grubx64.efi" # an x64 image stands in
check "install --kernel-cmdline (the app)" 0 env EARLYSEED_ANY_FS=1 "$T" install --esp "$tmp/esp4" \
	--efivars "$tmp/vars4" --from build/earlyseed.efi --next '\EFI\debian\grubx64.efi' --kernel-cmdline "$tmp/cmd-off"
check "... writes the kernel's distrust of the CPU" 0 test "$(od -An -tx1 "$tmp/vars4/$KT" | tr -d ' \n')" = 0700000045534b5401010000
# seal: the owner's choices in the shipped images (Hardening V, 5): the app
# of each architecture takes them, byte for byte but its flags; the driver
# has none; a signed image is refused (seal first, then sign)
check "seal --disk-token count (x86_64 app)" 0 "$T" seal --disk-token count build/earlyseed.efi "$tmp/sealed.efi"
check "... changes 1 byte of the image" 0 test "$(cmp -l build/earlyseed.efi "$tmp/sealed.efi" | wc -l)" = 1
if [ -s build/aarch64/earlyseed.efi ]; then
	check "seal --disk-token count (aarch64 app)" 0 "$T" seal --disk-token count build/aarch64/earlyseed.efi "$tmp/sealed64.efi"
	check "... changes 1 byte of the image" 0 test "$(cmp -l build/aarch64/earlyseed.efi "$tmp/sealed64.efi" | wc -l)" = 1
fi
check "seal refuses the driver (nothing to seal there)" 1 "$T" seal --disk-token count build/earlyseed-driver.efi "$tmp/x.efi"
check "seal refuses a value it does not know" 2 "$T" seal --disk-token maybe build/earlyseed.efi "$tmp/x.efi"
if command -v sbsign > /dev/null && [ -s /usr/share/ovmf/PkKek-1-snakeoil.key ]; then
	openssl rsa -in /usr/share/ovmf/PkKek-1-snakeoil.key -passin pass:snakeoil -out "$tmp/db.key" 2> /dev/null
	sbsign --key "$tmp/db.key" --cert /usr/share/ovmf/PkKek-1-snakeoil.pem --output "$tmp/signed.efi" build/earlyseed.efi \
		> /dev/null 2>&1
	check "seal refuses a signed image" 1 "$T" seal --disk-token count "$tmp/signed.efi" "$tmp/x.efi"
fi
