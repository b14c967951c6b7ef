#!/usr/bin/env bash
# tests/boot/debvm.sh: the README, word for word, on a real Debian 12 machine
# (ES_DEBIAN=13: Debian 13, on Debian 13's firmware)
# (issue: a real Debian machine): the machine tests/boot/debvm-image.sh builds and
# caches (GRUB and shim installed by grub-install inside it, the firmware's
# boot entry made there), booted under OVMF with -cpu qemu64 and no RNG
# device, driven without typing: each boot runs the phase script passed
# through fw_cfg (tests/boot/debvm/es-vm) and powers off. Every boot works on a
# copy-on-write overlay of the cached disk and a copy of its variable store.
# Prints "ok - debvm ..." / "not ok - debvm ...".
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
. tests/boot/harness.sh
C=$ES_CACHE/debvm
W=$ROOT/build/debvm
TAP_NAME=debvm
if [ "$ES_DEBIAN" = 13 ]; then C=${C}13 W=${W}13 TAP_NAME=debvm13; fi
ROOT_UUID=6c1e0b1a-5a8e-4c55-9f0e-2b7d3c9a1e01
BOOT_TIMEOUT=${DEBVM_BOOT_TIMEOUT:-420}
t0=$(date +%s)
. tests/tap.sh

if ! tests/boot/debvm-image.sh; then
	bad "the machine is built (tests/boot/debvm-image.sh)"
	exit 1
fi
# The package of this tree: made again when a file it is built from is
# newer, and copied out under make deb's lock (a make deb beside this one
# starts by removing build/deb).
rm -rf "$W" && mkdir -p "$W"
exec 9> build/.deb-amd64.lock
flock 9
deb=$(es_first "build/deb/earlyseed_*_amd64.deb")
if es_deb_stale "$deb"; then
	ES_DEB_LOCKED=1 scripts/deb.sh > "$ROOT/build/debvm-deb.log" 2>&1 || { bad "the package is built (build/debvm-deb.log)"; exit 1; }
	deb=$(es_first "build/deb/earlyseed_*_amd64.deb")
fi
efideb=$(es_first "build/deb/earlyseed-efi_*_amd64.deb")
[ -n "$deb" ] && [ -n "$efideb" ] || { bad "the packages are built (make deb)"; exit 1; }
cp "$deb" "$efideb" "$W/" && deb=$W/${deb##*/} efideb=$W/${efideb##*/}
# The next release, as an upgrade brings it: the same tree as version
# $ver.99, images and package (scripts/deb.sh ES_DEB_VERSION).
ver=$(sed -n 's/^#define ES_VERSION "\(.*\)"$/\1/p' core/version.h)
upver=$ver.99
updeb=$(es_first "build/deb-$upver/earlyseed_${upver}_amd64.deb")
if es_deb_stale "$updeb"; then
	ES_DEB_LOCKED=1 ES_DEB_VERSION=$upver scripts/deb.sh > "$ROOT/build/debvm-deb-up.log" 2>&1 ||
		{ bad "the next release's package is built (build/debvm-deb-up.log)"; exit 1; }
	updeb=$(es_first "build/deb-$upver/earlyseed_${upver}_amd64.deb")
fi
upefideb=$(es_first "build/deb-$upver/earlyseed-efi_${upver}_amd64.deb")
[ -n "$updeb" ] && [ -n "$upefideb" ] || { bad "the next release's packages are built"; exit 1; }
cp "$updeb" "$upefideb" "$W/" && updeb=$W/${updeb##*/} upefideb=$W/${upefideb##*/}
exec 9>&-
# Debian 12's machine has the real prometheus-node-exporter installed
# (tests/boot/debvm-image.sh), for the report's /metrics.
exporter=0
[ "$ES_DEBIAN" = 13 ] || exporter=1
qemu-img create -q -f qcow2 -F raw -b "$C/disk.raw" "$W/disk.qcow2" || { bad "overlay disk"; exit 1; }
cp "$C/vars.fd" "$W/vars.fd"

# boot PHASE [QEMU ARGS...]: boot the machine through its firmware's boot
# order with $W/PHASE.sh as the phase script; the console in $W/PHASE.log,
# the script's lines (prefix gone) in $W/PHASE.out. No display adapter and
# no network card: the console is the serial line, and the kernel's DRM and
# NIC drivers (probed by udev before the ESP is mounted) cost each boot
# seconds under TCG that no assertion reads.
boot() {
	local phase=$1 s
	shift
	s=$(date +%s)
	timeout --foreground -k 5 "$BOOT_TIMEOUT" qemu-system-x86_64 -accel tcg -cpu "${DEBVM_CPU:-qemu64}" -m 1024 \
		-smp 1 -nographic -vga none -net none -no-reboot \
		-drive "if=pflash,format=raw,readonly=on,file=$ES_FW_CODE" -drive "if=pflash,format=raw,file=$W/vars.fd" \
		-drive "file=$W/disk.qcow2,format=qcow2,if=virtio" \
		-fw_cfg "name=opt/es/script,file=$W/$phase.sh" -fw_cfg "name=opt/es/deb,file=$deb" "$@" \
		> "$W/$phase.log" 2>&1 < /dev/null
	echo "$?" > "$W/$phase.rc"
	tr -d '\r' < "$W/$phase.log" | sed -n 's/^ES-VM| //p' > "$W/$phase.out"
	echo "# debvm: $phase: $(($(date +%s) - s)) s"
	if grep -qx 'phase-end' "$W/$phase.out"; then
		ok "$phase: the machine booted, ran the phase and powered off"
	else
		# every later phase builds on this one: stop here, not after
		# six more timeouts
		bad "$phase: the machine booted, ran the phase and powered off (status $(cat "$W/$phase.rc"), $W/$phase.log)" \
			"$(tr -d '\r' < "$W/$phase.log" | tail -n 8)" "the phases after it were not run"
		exit 1
	fi
}
# has PHASE NAME REGEX: the phase's script printed a line matching REGEX.
has() {
	if grep -qE -- "$3" "$W/$1.out"; then ok "$1: $2"; else bad "$1: $2" "no line matching: $3" "$(tail -n 6 "$W/$1.out")"; fi
}
hasnt() {
	if grep -qE -- "$3" "$W/$1.out"; then bad "$1: $2" "$(grep -E -- "$3" "$W/$1.out" | head -3)"; else ok "$1: $2"; fi
}
# console PHASE NAME REGEX: the whole console (firmware, earlyseed, kernel).
console() {
	# grep reads from a process substitution, not a pipe: under pipefail,
	# grep -q's early exit would end tr with SIGPIPE and fail a match
	if grep -qE -- "$3" < <(tr -d '\r' < "$W/$1.log"); then ok "$1: $2"; else bad "$1: $2" "no console line matching: $3"; fi
}
# What every booted phase reports: the kernel's crng, its table, the boot entry.
common='
echo "kernel: $(uname -r)"
dmesg > /run/dmesg.txt
grep -m1 "crng init done" /run/dmesg.txt | sed "s/^/crng: /"
grep -m1 -o "RNG=0x[0-9a-f]*" /run/dmesg.txt | sed "s/^/table: /"
efibootmgr | sed -n "s/^BootCurrent: /bootcurrent: /p"
for n in $(efibootmgr | sed -n "s/^BootCurrent: //p"); do efibootmgr -v | grep "^Boot$n" | sed "s/^/current-entry: /"; done
'

# A package's bytes inside a phase script: es-vm passes only the script
# and one package, so another (a small one: fw_cfg is read a byte at a
# time) rides in the script itself.
embed() { # embed FILE DEST
	printf "base64 -d > %s <<'B64'\n" "$2"
	base64 -w 76 "$1"
	printf 'B64\n'
}

# 1. The packages (the tool, and the images beside it), then `earlyseed
# install` as the README says.
{
	printf '%s\n' "$common"
	embed "$efideb" "/run/$(basename "$efideb")"
	cat <<PHASE
cp /run/es-deb /run/$(basename "$deb")
DEBIAN_FRONTEND=noninteractive apt-get install -y /run/$(basename "$deb") /run/$(basename "$efideb") > /run/apt.log 2>&1
echo "apt: rc=\$?"
tail -n 3 /run/apt.log
echo "unit: \$(systemctl is-enabled earlyseed-seed.service)"
earlyseed install --esp /boot/efi --next '\\EFI\\debian\\nothere.efi'; echo "install-missing: rc=\$?"
[ -e /boot/efi/EFI/earlyseed ] && echo "install-missing: left files" || echo "install-missing: nothing written"
earlyseed install --esp /boot/efi > /run/inst.out 2>&1; echo "install: rc=\$?"
cat /run/inst.out
line=\$(grep -m1 '^ *efibootmgr --create' /run/inst.out)
echo "running: \$line"
sh -c "\$line" > /dev/null; echo "efibootmgr: rc=\$?"
efibootmgr | grep -E '^(BootOrder|Boot[0-9A-F]{4})'
PHASE
} > "$W/install.sh"
boot install
has install "apt installs the packages (the tool, the images)" '^apt: rc=0$'
has install "the package enables the service" '^unit: enabled$'
has install "install refuses a next stage that is not on the ESP" '^install-missing: rc=1$'
has install "... and writes nothing" '^install-missing: nothing written$'
has install "install without --next picks shim, the loader this machine boots" 'next.*EFI.debian.shimx64.efi'
has install "install succeeds" '^install: rc=0$'
has install "the printed efibootmgr line runs" '^efibootmgr: rc=0$'
has install "earlyseed's entry is first in BootOrder" '^BootOrder: ([0-9A-F]{4}),'

# 2. Seeded by earlyseed, then shim, GRUB, the kernel: no RNG device, no RDRAND.
cat > "$W/shim.sh" <<PHASE
$common
# status as a user who is not root (the kernel's log is closed to them)
runuser -u nobody -- earlyseed status > /run/st-user.out 2>&1; echo "status-user: rc=\$?"
sed 's/^/user: /' /run/st-user.out
# the boot's report (earlyseed-report.service): status.json, the journal
echo "report: \$(systemctl is-active earlyseed-report.service)"
sed 's/^/run-json: /' /run/earlyseed/status.json
journalctl --boot=0 MESSAGE_ID=5554ae6735ce43999d316e497f360ce3 -o export --no-pager |
	grep -aE '^EARLYSEED_(SEEDED_AT_ZERO|NEXT_BOOT_SEEDED)=' | sed 's/^/journal-entry: /'
journalctl -b -u earlyseed-report.service -o cat --no-pager | sed 's/^/report-log: /'
journalctl -b -t earlyseed -o export --no-pager | grep -aE '^(MESSAGE_ID|MESSAGE|EARLYSEED_SEEDED_AT_ZERO)=' |
	sed 's/^/journal-t: /'
PHASE
if [ "$exporter" = 1 ]; then
	cat >> "$W/shim.sh" <<'PHASE'
# the report at boot found the exporter's textfile folder
stat -c 'prom: %s bytes' /var/lib/prometheus/node-exporter/earlyseed.prom 2>&1
systemctl start prometheus-node-exporter.service; echo "node-exporter: rc=$?"
# its /metrics on the loopback, once it listens (bash's /dev/tcp: no curl here)
for i in $(seq 1 90); do
	bash -c 'exec 3<>/dev/tcp/127.0.0.1/9100 && printf "GET /metrics HTTP/1.0\r\nHost: localhost\r\n\r\n" >&3 && cat <&3' \
		> /run/metrics 2> /dev/null && grep -q '^earlyseed_' /run/metrics && break
	sleep 1
done
grep '^earlyseed_' /run/metrics | sed 's/^/metric: /'
PHASE
fi
cat >> "$W/shim.sh" <<PHASE
echo "service: \$(systemctl is-active earlyseed-seed.service)"
journalctl -b -u earlyseed-seed.service --no-pager -o cat | sed 's/^/journal: /'
earlyseed status > /run/st.out 2>&1; echo "status: rc=\$?"; cat /run/st.out
earlyseed status --json > /run/st.json 2>&1; echo "status-json: rc=\$?"; cat /run/st.json
stat -c 'token-mode: %a' /sys/firmware/efi/efivars/EarlyseedToken-* 2>&1
systemd-analyze security --no-pager earlyseed-seed.service 2>&1 | tail -n 1 | sed 's/^/security: /'
earlyseed install --esp /boot/efi --next '\\EFI\\debian\\grubx64.efi' > /dev/null 2>&1; echo "next-grub: rc=\$?"
grep '^next' /boot/efi/EFI/earlyseed/earlyseed.conf
PHASE
boot shim
console shim "earlyseed prints its one summary line" 'earlyseed: summary '
has shim "the kernel's crng is ready at 0.000000" '^crng: \[ *0\.000000\] random: crng init done'
has shim "the kernel names a seed table (RNG=)" '^table: RNG=0x'
has shim "the firmware booted earlyseed's entry" 'current-entry: .*earlyseed'
has shim "the service ran" '^service: active$'
has shim "the service refreshed the seed file" '^journal: seed file: .* refreshed'
has shim "the service made the OS's token root-only" '^token-mode: 600$'
has shim "status exits 0" '^status: rc=0$'
has shim "status --json exits 0" '^status-json: rc=0$'
has shim "status says the next boot is seeded" '^next boot: seeded'
has shim "systemd-analyze security rates the unit SAFE" '^security: .*(SAFE|OK)'
has shim "install --next updates the config" '^next = \\EFI\\debian\\grubx64.efi'
has shim "status as a user who is not root: unknown, exit 4, never a guess" '^status-user: rc=4$'
has shim "... naming what would let it read the kernel's log" '^user: kernel log: cannot read the kernel.s log.*root or CAP_SYSLOG'
hasnt shim "... and never 'not yet'" '^user: this boot: not yet'
has shim "... nor guesses the next boot from an ESP it cannot read" '^user: next boot: unknown: the ESP'
has shim "the report unit ran at boot" '^report: active$'
has shim "/run/earlyseed/status.json says this boot was seeded at 0" '^run-json: \{"schema":1,.*"at_zero":true'
has shim "the journal holds the boot's entry (MESSAGE_ID, fields)" '^journal-entry: EARLYSEED_SEEDED_AT_ZERO=1$'
if [ "$exporter" = 1 ]; then
	has shim "the report at boot wrote earlyseed.prom for node-exporter" '^prom: [1-9][0-9]* bytes$'
	has shim "prometheus-node-exporter starts" '^node-exporter: rc=0$'
	has shim "its /metrics serves the boot's values: seeded at 0" '^metric: earlyseed_boot_seeded_at_zero 1$'
	has shim "... the next boot seeded" '^metric: earlyseed_next_boot_seeded 1$'
	has shim "... and the version" "^metric: earlyseed_info\\{esp=\"$ver\",ran=\"$ver\",version=\"$ver\"\\} 1$"
fi

# 3. GRUB straight after earlyseed; the package upgraded (the ESP follows)
# and downgraded (the ESP keeps the newer); then the next stage goes missing.
sbat='grep -ao "earlyseed,1,earlyseed,earlyseed,[^,]*" /boot/efi/EFI/earlyseed/earlyseed.efi'
{
	cat <<PHASE
$common
earlyseed status > /dev/null 2>&1; echo "status: rc=\$?"
PHASE
	embed "$updeb" /run/up.deb
	embed "$upefideb" /run/up-efi.deb
	embed "$efideb" /run/down-efi.deb
	cat <<PHASE
DEBIAN_FRONTEND=noninteractive apt-get install -y /run/up.deb /run/up-efi.deb > /run/up.log 2>&1; echo "upgrade: rc=\$?"
grep -E 'updated from|left alone|nothing to update' /run/up.log | sed 's/^/postinst: /'
$sbat | sed 's/^/esp-sbat: /'
earlyseed status --json | grep -o '"versions":{[^}]*}' | sed 's/^/versions: /'
cp /run/es-deb /run/down.deb
DEBIAN_FRONTEND=noninteractive apt-get install -y --allow-downgrades /run/down.deb /run/down-efi.deb > /run/down.log 2>&1
echo "downgrade: rc=\$?"
grep -E 'updated from|left alone|nothing to update' /run/down.log | sed 's/^/postinst-down: /'
$sbat | sed 's/^/esp-sbat-after: /'
sed -i 's/^next = .*/next = \\\\EFI\\\\debian\\\\gone.efi/' /boot/efi/EFI/earlyseed/earlyseed.conf
grep '^next' /boot/efi/EFI/earlyseed/earlyseed.conf
PHASE
} > "$W/grub.sh"
boot grub
has grub "the kernel's crng is ready at 0.000000" '^crng: \[ *0\.000000\] random: crng init done'
has grub "status exits 0" '^status: rc=0$'
has grub "an upgrade of the package ($ver to $upver) succeeds" '^upgrade: rc=0$'
has grub "... its postinst brings the ESP's app to $upver" "^postinst: .*earlyseed.efi: updated from $ver to $upver"
has grub "... the ESP's app carries $upver" "^esp-sbat: earlyseed,1,earlyseed,earlyseed,$upver\$"
has grub "... and status finds the ESP current" "^versions: .*\"app_on_esp\":\"$upver\",.*\"esp_outdated\":false"
has grub "a downgrade to $ver succeeds" '^downgrade: rc=0$'
has grub "... and leaves the ESP's newer app alone" "^postinst-down: .*version $upver, newer than the package.s \\($ver\\): left alone"
has grub "... which still carries $upver" "^esp-sbat-after: earlyseed,1,earlyseed,earlyseed,$upver\$"
has grub "the config now names a missing next stage" '^next = \\EFI\\debian\\gone.efi$'

# 4. The next stage is missing: the firmware falls through to Debian's
# entry; status says what happened and exits non-zero; then uninstall.
cat > "$W/missing.sh" <<PHASE
$common
earlyseed status > /run/st.out 2>&1; echo "status: rc=\$?"; cat /run/st.out
earlyseed status --json | tr ',' '\n' | grep -E 'next_stage_failed|table_taken_back|"ran"'
earlyseed uninstall > /run/un.out 2>&1; echo "uninstall: rc=\$?"; cat /run/un.out
efibootmgr | grep -E '^(BootOrder|Boot[0-9A-F]{4})'
ls /boot/efi/EFI | sed 's/^/esp: /'
PHASE
boot missing
console missing "earlyseed says the next stage failed to start" 'earlyseed: .*gone.efi'
has missing "the firmware fell through to Debian's entry" 'current-entry: .*debian'
has missing "status exits non-zero" '^status: rc=[1-9]'
has missing "status reports the failed next stage" '"next_stage_failed": *true'
has missing "the boot ran the upgraded app (its record says $upver)" "\"ran\":\"$upver\""
has missing "uninstall succeeds" '^uninstall: rc=0$'
hasnt missing "uninstall leaves no earlyseed entry" '^Boot[0-9A-F]{4}.*earlyseed'
hasnt missing "uninstall leaves nothing on the ESP" '^esp: earlyseed$'

# 5. Uninstalled: GRUB boots directly. Then systemd-boot, as bootctl
# installs it, with the kernel's entry distrusting the CPU, and
# `earlyseed install --sd-boot`.
cat > "$W/plain.sh" <<PHASE
$common
echo "service: \$(systemctl is-active earlyseed-seed.service)"
echo "root=UUID=$ROOT_UUID ro console=ttyS0 random.trust_cpu=off" > /etc/kernel/cmdline
bootctl install --no-pager > /run/bootctl.out 2>&1; echo "bootctl: rc=\$?"; tail -n 3 /run/bootctl.out
printf 'timeout 0\n' > /boot/efi/loader/loader.conf
# every plugin but depmod's: the kernel's package made its modules.dep,
# and depmod -a again costs 30-40 s under TCG (KERNEL_INSTALL_PLUGINS,
# kernel-install(8))
KERNEL_INSTALL_PLUGINS="\$(ls /usr/lib/kernel/install.d/*.install | grep -v depmod)" \\
	kernel-install add \$(uname -r) /boot/vmlinuz-\$(uname -r) /boot/initrd.img-\$(uname -r); echo "kernel-install: rc=\$?"
cat /boot/efi/loader/entries/*.conf | sed -n 's/^options/entry-options:/p'
earlyseed install --sd-boot --kernel-cmdline /etc/kernel/cmdline; echo "sd-boot: rc=\$?"
efibootmgr | grep -E '^(BootOrder|Boot[0-9A-F]{4})'
PHASE
boot plain
has plain "after uninstall the firmware boots Debian's entry" 'current-entry: .*debian'
hasnt plain "after uninstall the service does not run" '^service: active$'
has plain "bootctl installs systemd-boot" '^bootctl: rc=0$'
has plain "the entry distrusts the CPU" '^entry-options:.*random.trust_cpu=off'
has plain "install --sd-boot succeeds" '^sd-boot: rc=0$'
has plain "install --sd-boot writes the kernel's distrust" 'kernel trust: .*written: random.trust_cpu=off'

# 6. systemd-boot loads the driver; RDRAND only, and the kernel distrusts
# it: the driver counts nothing, no table. Then the entry trusts the CPU.
sdb='
earlyseed inspect /sys/firmware/efi/efivars/EarlyseedDriverAudit-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97 2>&1 | sed "s/^/driver-audit: /"
journalctl -b -u earlyseed-seed.service --no-pager -o cat | sed "s/^/journal: /"
earlyseed status > /run/st.out 2>&1; echo "status: rc=$?"; cat /run/st.out
'
cat > "$W/sdoff.sh" <<PHASE
$common
$sdb
# the service itself, sandboxed, writes efivarfs: the variable gone (install
# --sd-boot with a trusting line deletes it), a restart makes it again
kt=/sys/firmware/efi/efivars/EarlyseedKernelTrust-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97
echo "root=UUID=$ROOT_UUID ro" > /run/trusting
earlyseed install --sd-boot --kernel-cmdline /run/trusting > /dev/null
[ -e \$kt ] && echo "variable: still there"
systemctl restart earlyseed-seed.service
journalctl -b -u earlyseed-seed.service --no-pager -o cat | grep 'kernel trust' | tail -n 1 | sed 's/^/restart: /'
od -An -tx1 \$kt | tr -d ' ' | sed 's/^/variable: /'
sed -i 's/ random.trust_cpu=off//' /etc/kernel/cmdline /boot/efi/loader/entries/*.conf
earlyseed install --sd-boot --kernel-cmdline /etc/kernel/cmdline; echo "sd-boot: rc=\$?"
PHASE
DEBVM_CPU=qemu64,+rdrand boot sdoff
console sdoff "the driver reads the kernel's distrust" "driver: the OS's kernel last ran with random.trust_cpu=off"
has sdoff "the driver counted no CPU and installed no table" '^driver-audit: +table installed: +0 bytes'
if [ "$ES_DEBIAN" = 13 ]; then
	# Debian 13's firmware has an EFI_RNG_PROTOCOL over RDRAND, whose bytes
	# the kernel's stub credits under random.trust_bootloader anyway
	# (drivers/firmware/efi/libstub/random.c): status says so, with the switch
	has sdoff "status names the firmware RNG the CPU's" '^firmware RNG: the CPU.s'
	has sdoff "status says the stub credits it anyway, and the switch" '^kernel trust: the firmware.s RNG is the CPU.s.*random.trust_bootloader=off stops that'
else
	hasnt sdoff "no table: the CPU is not counted" '^table: RNG=0x'
	hasnt sdoff "the crng is not ready at 0.000000" '^crng: \[ *0\.000000\]'
fi
has sdoff "the service keeps the variable" 'journal: kernel trust: .*, as /proc/cmdline and /etc/kernel/cmdline( and [^ ]+)* does'
has sdoff "the sandboxed service writes it again when it is gone" '^restart: kernel trust: .*written: random.trust_cpu=off'
has sdoff "... as NV+BS+RT, ESKT v1, no CPU" '^variable: 0700000045534b5401010000$'
has sdoff "install --sd-boot with a trusting entry deletes it" 'kernel trust: .*deleted'
cat > "$W/sdon.sh" <<PHASE
$common
$sdb
earlyseed uninstall > /run/un.out 2>&1; echo "uninstall: rc=\$?"; cat /run/un.out
ls /boot/efi/EFI/systemd/drivers | sed 's/^/drivers: /'
PHASE
DEBVM_CPU=qemu64,+rdrand boot sdon
console sdon "systemd-boot loads the driver" 'earlyseed: driver: '
has sdon "the kernel's crng is ready at 0.000000" '^crng: \[ *0\.000000\] random: crng init done'
has sdon "the kernel names a seed table (RNG=)" '^table: RNG=0x'
has sdon "status: the driver's table made the crng ready at 0" '^this boot: crng ready at \[ *0\.000000\] by the seed table of earlyseed.s driver'
has sdon "the driver's record: a table, from RDRAND" '^driver-audit: +table installed: +32 bytes'
has sdon "uninstall succeeds" '^uninstall: rc=0$'
hasnt sdon "uninstall removes the driver" '^drivers: earlyseed'
echo "# debvm: $(($(date +%s) - t0)) s in all"
