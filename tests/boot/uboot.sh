#!/usr/bin/env bash
# tests/boot/uboot.sh: earlyseed under U-Boot's UEFI, as a board builder
# boots it (docs/uboot.md): Debian's
# u-boot-qemu (qemu_arm64/u-boot.bin as -bios), -M virt,dtb-randomness=off
# (QEMU otherwise hands the kernel a DTB rng-seed and every crng timing
# means nothing), -cpu cortex-a57 (no RNDR), a disk whose partition 1 is
# the ESP, U-Boot's distro boot finding \EFI\BOOT\BOOTAA64.EFI. Prints
# "ok - ..." / "not ok - ..."; every boot under timeout.
# tests/boot/uboot.sh x86_64: the x86_64 build under qemu-x86_64/u-boot.rom
# instead (it starts and chains; that U-Boot has no EFI_RNG_PROTOCOL).
set -uo pipefail
BOOTS="1 4 5 6 7 8"
RV_BOOTS="rv1 rv2 rv3 rv4 rv5"
# --list (riscv64 --list): the names, for scripts/check.sh (one job each)
[ "${1:-}" = --list ] && { echo "$BOOTS"; exit 0; }
[ "${1:-}" = riscv64 ] && [ "${2:-}" = --list ] && { echo "$RV_BOOTS"; exit 0; }
ES_ARCH=aarch64
if [ "${1:-}" = x86_64 ]; then ES_ARCH=x86_64; shift; set -- x1; fi
# riscv64: the riscv64 build under OpenSBI and qemu-riscv64_smode/u-boot.bin,
# starting Debian 13's riscv64 kernel (scripts/riscv64.sh)
RV=0
if [ "${1:-}" = riscv64 ]; then
	ES_ARCH=riscv64 RV=1
	shift
	[ $# -gt 0 ] || set -- $RV_BOOTS
fi
. "$(dirname "$0")/harness.sh"
es_trap_errors

OUT=$ES_BUILD/uboot
UBOOT=${UBOOT_BIN:-/usr/lib/u-boot/qemu_arm64/u-boot.bin}
[ "$ES_ARCH" = x86_64 ] && UBOOT=${UBOOT_ROM:-/usr/lib/u-boot/qemu-x86_64/u-boot.rom}
[ "$RV" = 1 ] && UBOOT=${UBOOT_RV:-/usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin}
TAP_NAME=uboot
. "$(dirname "$0")/../tap.sh"
mkdir -p "$OUT"
if [ ! -s "$UBOOT" ]; then
	bad "U-Boot for QEMU is installed ($UBOOT: apt-get install u-boot-qemu)"
	exit 1
fi
es_prepare
OFF="$ES_CMDLINE_BASE random.trust_cpu=off"

# disk NAME TYPE [MODE]: a 66 MiB disk, partition 1 (1 MiB on) the FAT ESP
# that es_make_esp lays out (MODE: earlyseed, or missing; its command line
# $DISK_CMDLINE, else the kernel's default trust but random.trust_cpu=off);
# TYPE gpt (the ESP GUID) or mbr0c (MBR, FAT32 LBA 0x0c: not typed as an ESP).
disk() {
	local d=$OUT/$1
	rm -rf "$d" && mkdir -p "$d"
	ES_CMDLINE=${DISK_CMDLINE:-$OFF} es_make_esp "$d/esp" "${3:-earlyseed}"
	mkfs.fat -F 32 -n ESP -C "$d/esp.img" $((64 * 1024)) > /dev/null
	(cd "$d/esp" && MTOOLS_SKIP_CHECK=1 mcopy -s -i ../esp.img ./* ::/) || es_die "mcopy into $d/esp.img failed"
	truncate -s $(((1 + 64 + 1) << 20)) "$d/disk.raw"
	case $2 in
	gpt) printf 'label: gpt\nstart=2048, size=131072, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B\n' ;;
	mbr0c) printf 'label: dos\nstart=2048, size=131072, type=c\n' ;;
	esac | sfdisk -q "$d/disk.raw" || es_die "sfdisk $d/disk.raw failed"
	dd if="$d/esp.img" of="$d/disk.raw" bs=1M seek=1 conv=notrunc status=none
	rm -f "$d/esp.img"
}
# on_disk NAME PATH: PATH is a file on the disk's ESP
on_disk() { MTOOLS_SKIP_CHECK=1 mdir -i "$OUT/$1/disk.raw@@1M" "::$2" > /dev/null 2>&1; }
# set_conf NAME LINE: append LINE to the ESP's earlyseed.conf
set_conf() {
	local d=$OUT/$1
	printf '%s\n' "$2" >> "$d/esp/EFI/earlyseed/earlyseed.conf"
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$d/disk.raw@@1M" "$d/esp/EFI/earlyseed/earlyseed.conf" \
		::/EFI/earlyseed/earlyseed.conf || es_die "mcopy into $d/disk.raw failed"
}
# app_on NAME FILE: FILE is the app U-Boot starts from the disk's ESP
app_on() {
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$OUT/$1/disk.raw@@1M" "$2" ::/EFI/BOOT/BOOTAA64.EFI ||
		es_die "mcopy into $OUT/$1/disk.raw failed"
}
# boot NAME LOG [QEMU ARGS...]: U-Boot, the disk, under timeout
boot() {
	local d=$OUT/$1 log=$2
	shift 2
	es_qemu "$log" "" qemu-system-aarch64 -M virt,dtb-randomness=off -cpu cortex-a57 \
		-m 1024 -nographic -no-reboot -bios "$UBOOT" -net none \
		-drive "if=none,file=$d/disk.raw,format=raw,id=d" -device virtio-blk-device,drive=d "$@"
}
crng0() { expect "$1 crng init done at [0.000000]" "$2" '^\[ +0\.000000\] random: crng init done'; }

# 1. A GPT disk (the ESP typed as one), virtio-rng: U-Boot's EFI_RNG_PROTOCOL
#    (a device's) seeds the kernel; the token and the seed file are made,
#    and U-Boot keeps the token in \ubootefi.var on the disk. 2. A copy of
#    that disk on a second machine with no RNG: the token came with the copy,
#    so it is no secret; the file is mixed and never counted, one line says
#    why. 3. The original's app sealed with earlyseed seal --disk-token
#    count (the owner's choice) and no RNG: the file counts (U-Boot's
#    monotonic count starts at 0 at every boot; the set real-time clock
#    tells the boots apart). 3a. The app as built with disk_token = count
#    in its config: ignored, one line says so (an ESP writer could write it).
u1() {
	disk gpt gpt
	boot gpt "$OUT/1.log" -device virtio-rng-device
	expect "1 the firmware is U-Boot" "$OUT/1.log" 'efi: EFI v[0-9.]+ by Das U-Boot'
	expect "1 earlyseed ran" "$OUT/1.log" '^earlyseed: start$'
	expect "1 U-Boot's RNG, on its root node, is the platform's on a CPU with no RNG" "$OUT/1.log" \
		"^earlyseed: efi_rng: instance 0: a device's RNG \\(the firmware's root node: not known to be a device; the CPU has no RNG instruction"
	# the kernel's RNG= is the stub's merged table: earlyseed's record says what it installed
	summary "1 a table from U-Boot's RNG" "$OUT/1.log" efi_rng=64 table=32 health.efi_rng=pass
	summary "1 the record the OS reads" "$OUT/1.log" prefix='initrd: audit: summary ' efi_rng=64 table=32
	expect "1 the token and the file made" "$OUT/1.log" '^earlyseed: seed_file: .*: created \(96 bytes\)'
	crng0 1 "$OUT/1.log"
	if on_disk gpt /ubootefi.var; then ok "1 U-Boot wrote the token into \\ubootefi.var on the disk"
	else bad "1 U-Boot wrote the token into \\ubootefi.var on the disk"; fi
	rm -rf "$OUT/copy" && mkdir -p "$OUT/copy" && cp "$OUT/gpt/disk.raw" "$OUT/copy/disk.raw"
	boot copy "$OUT/2.log"
	expect "2 says the token is on the disk" "$OUT/2.log" '^earlyseed: token: U-Boot keeps it in \\ubootefi\.var on a disk'
	expect "2 the file does not count, and says why" "$OUT/2.log" "^earlyseed: health: seed_file: fail: its token is in a variable store the firmware keeps in a file on a disk"
	summary "2 no table" "$OUT/2.log" efi_rng=0 seed_file=96 table=0
	refute "2 the kernel's crng is not ready at 0" "$OUT/2.log" '^\[ +0\.000000\] random: crng init done'
	# 3. the app sealed with earlyseed seal --disk-token count
	"$ES_ROOT/build/earlyseed" seal --disk-token count "$ES_BUILD/earlyseed.efi" "$OUT/sealed.efi" > /dev/null ||
		bad "3 earlyseed seal --disk-token count"
	app_on gpt "$OUT/sealed.efi"
	boot gpt "$OUT/3.log"
	expect "3 the clock tells the boots apart" "$OUT/3.log" '^earlyseed: clock: the monotonic count restarts at every boot; the real-time clock'
	summary "3 an image sealed with disk_token = count: the file counts" "$OUT/3.log" efi_rng=0 seed_file=96 table=32 health.seed_file=pass
	crng0 3 "$OUT/3.log"
	# 3a. the app as built, and the line in the ESP's config: not the
	#     owner's choice, since the ESP writer who can plant the token can
	#     write it too (Hardening V, 5): named, ignored, the file not counted
	app_on gpt "$ES_BUILD/earlyseed.efi"
	set_conf gpt "disk_token = count"
	boot gpt "$OUT/3a.log"
	expect "3a the config's disk_token = count is named and ignored" "$OUT/3a.log" '^earlyseed: config: disk_token = count ignored'
	summary "3a the file does not count" "$OUT/3a.log" efi_rng=0 seed_file=96 table=0 health.seed_file=fail
}

# 4. The common MBR layout, partition type 0x0c (FAT32 LBA, not an ESP):
#    U-Boot boots from it but keeps no variable ("Failed to persist EFI
#    variables") while SetVariable succeeds; the next boot finds the file
#    bound to a token that is gone, and says the firmware lost it.
u4() {
	disk mbr mbr0c
	boot mbr "$OUT/4a.log" -device virtio-rng-device
	summary "4a seeded by U-Boot's RNG" "$OUT/4a.log" efi_rng=64 table=32
	expect "4a the token made" "$OUT/4a.log" '^earlyseed: token: created'
	if on_disk mbr /ubootefi.var; then bad "4a U-Boot kept no \\ubootefi.var on a 0x0c partition"
	else ok "4a U-Boot kept no \\ubootefi.var on a 0x0c partition"; fi
	boot mbr "$OUT/4b.log"
	expect "4b the firmware lost the token: one line says so" "$OUT/4b.log" \
		'^earlyseed: health: seed_file: fail: the firmware lost the token it said it stored \(U-Boot keeps variables only on a partition typed as an ESP\)'
	refute "4b not called a cloned disk" "$OUT/4b.log" 'a cloned disk'
	summary "4b no table" "$OUT/4b.log" seed_file=96 table=0
}

# 6. A TPM 2.0 (tpm-tis-device, swtpm) and no other RNG device: U-Boot
#    answers EFI_TCG2_PROTOCOL, and its EFI_RNG_PROTOCOL is that same TPM
#    (tpm-rng): the two count once, not as 512 bits. (Its first GetRNG(RAW)
#    failed in 3 of 3 earlier runs of U-Boot 2023.01 and answered in this one; the
#    fallback to the default algorithm is tests/efi/test_src_rng.c's
#    test_rng_raw_*.)
u6() {
	local tpmdir
	disk tpm gpt
	tpmdir=$(es_tpm_start)
	boot tpm "$OUT/6.log" -chardev "socket,id=chrtpm,path=$tpmdir/sock" -tpmdev emulator,id=tpm0,chardev=chrtpm \
		-device tpm-tis-device,tpmdev=tpm0
	es_tpm_stop "$tpmdir"
	expect "6 the TPM answered" "$OUT/6.log" '^earlyseed: tpm: TPM2_GetRandom: 64 bytes in [0-9]+ calls$'
	summary "6 seeded by the TPM" "$OUT/6.log" tpm=64 table=32 health.tpm=pass
	refute "6 one chip counted once, not 512 bits" "$OUT/6.log" 'an assumed 512 bits'
	crng0 6 "$OUT/6.log"
}

# 7. -cpu max (RNDR and RNDRRS) with virtio-rng, random.trust_cpu=off
#    (Hardening V, 2): U-Boot's EFI_RNG_PROTOCOL sits on its root node
#    whatever backs it, so on a CPU with an RNG it is not known to be a
#    device and counts as the CPU's: nothing under trust_cpu=off, no
#    table, and the record says why; before, classed "a device's", it
#    counted 256 bits (and a board with CONFIG_RNG_ARM_RNDR serves RNDR
#    itself there).
u7() {
	disk cpumax gpt
	boot cpumax "$OUT/7.log" -cpu max,pauth-impdef=on -device virtio-rng-device
	expect "7 U-Boot's root node: not known to be a device, the CPU's" "$OUT/7.log" \
		"^earlyseed: efi_rng: instance 0: the CPU's RNG, counted only as the CPU is \\(the firmware's root node: not known to be a device; the CPU has an RNG instruction"
	summary "7 nothing counted under trust_cpu=off, no table" "$OUT/7.log" efi_rng=0 table=0
	expect "7 the record says so" "$OUT/7.log" '^initrd: audit:   flags: .*efi_rng_unknown'
	expect "7 reached /init" "$OUT/7.log" '^initrd: reached /init'
}

# 8. The device tree's seed, as QEMU's virt board writes it at every boot
#    (32 bytes in /chosen/rng-seed: dtb-randomness on, QEMU's default) and
#    U-Boot 2023.01 passes on in its EFI_DTB_TABLE_GUID table; a CPU with no
#    RNG, no RNG device: the seed alone, counted as Linux counts it, makes
#    the table and the seed file, and is then removed from the tree, so the
#    kernel credits the table and never the same bytes a second time. 8b.
#    the next boot: QEMU's new seed makes the table (the file is mixed, not
#    counted: U-Boot keeps the token on the disk). 8c. dtb-randomness=off:
#    no seed, no table.
u8() {
	disk dtb gpt
	boot dtb "$OUT/8.log" -M dtb-randomness=on
	expect "8 the device tree's seed read" "$OUT/8.log" "^earlyseed: rng_seed: the device tree's /chosen/rng-seed: 32 bytes mixed$"
	summary "8 counted as Linux counts it: a table" "$OUT/8.log" rng_seed=32 table=32 health.rng_seed=pass
	expect "8 removed once our table holds it" "$OUT/8.log" '^earlyseed: rng_seed: removed from the device tree, as Linux does'
	expect "8 the seed file made from it" "$OUT/8.log" '^earlyseed: seed_file: .*: created \(96 bytes\)'
	summary "8 the record the OS reads" "$OUT/8.log" prefix='initrd: audit: summary ' rng_seed=32 table=32
	crng0 8 "$OUT/8.log"
	boot dtb "$OUT/8b.log" -M dtb-randomness=on
	summary "8b QEMU's new seed makes the table; the file is mixed, not counted (U-Boot keeps the token on the disk)" \
		"$OUT/8b.log" rng_seed=32 seed_file=96 table=32 health.rng_seed=pass health.seed_file=fail
	crng0 8b "$OUT/8b.log"
	# 8c. the same machine with dtb-randomness=off: no seed, none counted
	boot dtb "$OUT/8c.log"
	expect "8c no seed in the tree: one line says so" "$OUT/8c.log" '^earlyseed: rng_seed: none \(no /chosen/rng-seed in the device tree\)$'
	summary "8c nothing counted, no table" "$OUT/8c.log" seed_file=96 table=0
}

# rvboot NAME LOG BIOS END [QEMU ARGS...]: U-Boot 2023.01 in S-mode under the
# OpenSBI BIOS on QEMU's riscv virt board, the disk NAME, until END.
rvboot() {
	local d=$OUT/$1 log=$2 bios=$3 end=$4
	shift 4
	es_qemu "$log" "$end" qemu-system-riscv64 -M virt -m 1024 -nographic -no-reboot -bios "$bios" \
		-kernel "$UBOOT" -net none -drive "if=none,file=$d/disk.raw,format=raw,id=d" \
		-device virtio-blk-device,drive=d "$@"
}
QEMU_SBI=/usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin
# the kernel's /init is done; earlyseed's one line about an absent next
# stage, whole (the filter matches a line as it arrives)
RV_INIT='^initrd: done'
RV_ABSENT='^earlyseed: error: cannot load next stage \\EFI\\earlyseed\\absent\.efi: \w'
# app_rv NAME FILE: FILE is the app U-Boot starts from the disk's ESP
app_rv() {
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$OUT/$1/disk.raw@@1M" "$2" ::/EFI/BOOT/BOOTRISCV64.EFI ||
		es_die "mcopy into $OUT/$1/disk.raw failed"
}
# no_rng NAME: a machine with no RNG at all. QEMU 7.2's riscv virt board
# writes 32 random bytes into /chosen/rng-seed at every boot, with no switch
# to stop it (even into a -dtb of one's own): a U-Boot script on the disk
# (distro boot runs /boot.scr before the removable path) copies U-Boot's
# tree, removes the property from the copy (U-Boot's own tree must stay as
# its drivers found it) and starts the app with the copy.
no_rng() {
	local d=$OUT/$1
	printf '%s\n' 'fdt move ${fdtcontroladdr} ${fdt_addr_r} 0x10000' 'fdt addr ${fdt_addr_r}' \
		'fdt rm /chosen rng-seed' 'load virtio 0:1 ${kernel_addr_r} /EFI/BOOT/BOOTRISCV64.EFI' \
		'bootefi ${kernel_addr_r} ${fdt_addr_r}' > "$d/boot.txt"
	mkimage -A riscv -T script -C none -d "$d/boot.txt" "$d/boot.scr" > /dev/null || es_die "mkimage (u-boot-tools) failed"
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$d/disk.raw@@1M" "$d/boot.scr" ::/boot.scr || es_die "mcopy into $d/disk.raw failed"
}

# rv1. riscv64 (make ARCH=riscv64): the image under OpenSBI (QEMU's) and
#      Debian 12's U-Boot 2023.01 in S-mode, starting Debian 13's kernel,
#      on a machine with no RNG but the 32 bytes QEMU's riscv virt board
#      writes into the device tree's /chosen/rng-seed at every boot:
#      earlyseed finds no Zkr in the ISA string (and reads no CSR), counts
#      the seed as Linux would, installs the table and removes the seed;
#      it serves the initrd through LoadFile2 (the riscv64 stub has no
#      initrd= loader), and the kernel's crng is ready at [0.000000] on the
#      table alone. rv1b: the second boot: the seed file is mixed and not
#      counted, as on any copy of this disk (U-Boot keeps the token in
#      \ubootefi.var on it).
urv1() {
	local log=$OUT/rv1.log
	disk rv gpt
	rvboot rv "$log" "$QEMU_SBI" "$RV_INIT"
	rvboot rv "$OUT/rv1b.log" "$QEMU_SBI" "$RV_INIT"
	expect "riscv64 earlyseed ran under U-Boot" "$log" '^earlyseed: start$'
	expect "riscv64 no Zkr in the ISA string: absent, never read" "$log" '^earlyseed: cpu: zkr absent$'
	expect "riscv64 the device tree's seed read" "$log" "^earlyseed: rng_seed: the device tree's /chosen/rng-seed: 32 bytes mixed$"
	summary "riscv64 the seed alone makes the table" "$log" 'zkr=0' 'cpu_drbg=0' rng_seed=32 table=32 health.rng_seed=pass
	expect "riscv64 the seed removed once the table holds it" "$log" '^earlyseed: rng_seed: removed from the device tree'
	expect "riscv64 the token and the seed file made" "$log" '^earlyseed: seed_file: .*: created \(96 bytes\)'
	expect "riscv64 the initrd served through LoadFile2" "$log" '^earlyseed: initrd: \\initrd\.img served through LoadFile2'
	expect "riscv64 the stub loaded it from that device path" "$log" 'Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path'
	expect "riscv64 Debian 13's kernel ran" "$log" '^\[ +0\.000000\] Linux version 6\.12\..*riscv64'
	crng0 "riscv64 the table" "$log"
	summary "riscv64 the record the OS reads" "$log" prefix='initrd: audit: summary ' rng_seed=32 table=32
	expect "riscv64 /init ran" "$log" '^initrd: reached /init'
	summary "riscv64 rv1b the file mixed, not counted (U-Boot keeps the token on the disk)" \
		"$OUT/rv1b.log" rng_seed=32 seed_file=96 table=32 health.seed_file=fail
	expect "riscv64 rv1b says why" "$OUT/rv1b.log" '^earlyseed: token: U-Boot keeps it in \\ubootefi\.var on a disk'
	expect "riscv64 rv1b U-Boot 2023.01 has no clock here: no seed file could count" "$OUT/rv1b.log" \
		'^earlyseed: clock: the monotonic count restarts at every boot, no clock is set: no seed file counts$'
}

# rv2. Zkr (QEMU 7.2: -cpu rv64,zkr=true, and x-epmp=true, without which
#      OpenSBI 1.6 traps on mseccfg): its ISA string lists zkr, and nothing
#      else is there (the device tree's seed removed first, no RNG device;
#      the kernel's default trust). Under OpenSBI 1.6 (Debian 13's), which
#      grants S-mode the seed CSR, earlyseed reads it as Linux would
#      (csr_seed_long), counts it as the CPU, and Zkr alone makes the table.
#      rv2b: QEMU's own OpenSBI 1.1, which does not: the read traps, the trap
#      is caught, one line says why, nothing is counted, no table, and the
#      boot goes on (to an absent next stage: Linux itself reads the CSR
#      where the ISA lists it, unguarded, and would fault there).
urv2() {
	local sbi=$ES_CACHE/riscv64/opensbi/fw_dynamic.bin zkr=(-cpu rv64,zkr=true,x-epmp=true)
	DISK_CMDLINE=$ES_CMDLINE_BASE disk rvz gpt missing
	no_rng rvz
	cp "$OUT/rvz/disk.raw" "$OUT/rvz/disk0.raw"
	rvboot rvz "$OUT/rv2.log" "$sbi" "$RV_ABSENT" "${zkr[@]}"
	cp "$OUT/rvz/disk0.raw" "$OUT/rvz/disk.raw"
	rvboot rvz "$OUT/rv2b.log" "$QEMU_SBI" "$RV_ABSENT" "${zkr[@]}"
	expect "rv2 the firmware is OpenSBI 1.6" "$OUT/rv2.log" '^OpenSBI v1\.6'
	expect "rv2 Zkr listed and readable: present" "$OUT/rv2.log" '^earlyseed: cpu: zkr present$'
	expect "rv2 every long from Zkr" "$OUT/rv2.log" '^earlyseed: cpu: 64 longs asked, 64 from zkr, 0 failed$'
	expect "rv2 no seed in the tree" "$OUT/rv2.log" '^earlyseed: rng_seed: none \(no /chosen/rng-seed in the device tree\)$'
	summary "rv2 Zkr alone, counted as the CPU, makes the table" "$OUT/rv2.log" zkr=512 efi_rng=0 seed_file=0 table=32 health.zkr=pass
	expect "rv2b the firmware is OpenSBI 1.1" "$OUT/rv2b.log" '^OpenSBI v1\.1'
	expect "rv2b the read traps: refused" "$OUT/rv2b.log" '^earlyseed: cpu: zkr refused$'
	expect "rv2b one line says why" "$OUT/rv2b.log" '^earlyseed: cpu: zkr: the firmware.s device tree lists it, but reading it traps \(M-mode has not granted S-mode the seed CSR: mseccfg\.SSEED'
	summary "rv2b nothing counted, no table" "$OUT/rv2b.log" zkr=0 efi_rng=0 table=0
	expect "rv2b the boot goes on to its next stage" "$OUT/rv2b.log" "$RV_ABSENT"
}

# rv3. The board earlyseed is for, under Debian 13's U-Boot 2025.01 and
#      OpenSBI 1.6 (its real-time clock tells boots apart; Debian 12's
#      2023.01 has none on riscv64, so no seed file counts there: rv1b), with
#      the owner's choice sealed into the app (earlyseed seal --disk-token
#      count: U-Boot keeps the token in \ubootefi.var on the disk). The
#      first boot has virtio-rng, which U-Boot offers as EFI_RNG_PROTOCOL
#      (and then removes QEMU's rng-seed itself): the table, the token and
#      the seed file are made. rv3b: then no RNG at all (no virtio-rng, the
#      device tree's seed removed first, no Zkr): the seed file alone makes
#      the table, and the kernel's crng is ready at [0.000000]. rv3c: a copy
#      of that disk started by the app as built: the token came with the
#      disk, so it is no secret: the file is mixed and never counted, no
#      table, and the kernel's crng is not ready at [0.000000].
urv3() {
	local ub=$UBOOT sbi=$ES_CACHE/riscv64/opensbi/fw_dynamic.bin
	UBOOT=$ES_CACHE/riscv64/uboot/u-boot.bin
	disk rvn gpt
	"$ES_ROOT/build/earlyseed" seal --disk-token count "$ES_BUILD/earlyseed.efi" "$OUT/rv-sealed.efi" > /dev/null ||
		bad "rv3 earlyseed seal --disk-token count"
	app_rv rvn "$OUT/rv-sealed.efi"
	rvboot rvn "$OUT/rv3.log" "$sbi" "$RV_INIT" -device virtio-rng-device
	no_rng rvn
	rvboot rvn "$OUT/rv3b.log" "$sbi" "$RV_INIT"
	rm -rf "$OUT/rvc" && mkdir -p "$OUT/rvc" && cp "$OUT/rvn/disk.raw" "$OUT/rvc/disk.raw"
	app_rv rvc "$ES_BUILD/earlyseed.efi"
	rvboot rvc "$OUT/rv3c.log" "$sbi" "$RV_INIT"
	UBOOT=$ub
	expect "rv3 the firmware is U-Boot 2025.01" "$OUT/rv3.log" '^U-Boot 2025\.01'
	expect "rv3 U-Boot's RNG (virtio-rng) read" "$OUT/rv3.log" '^earlyseed: efi_rng: instance 0: '
	summary "rv3 U-Boot's RNG makes the table" "$OUT/rv3.log" efi_rng=64 table=32 health.efi_rng=pass
	expect "rv3 the token and the seed file made" "$OUT/rv3.log" '^earlyseed: seed_file: .*: created \(96 bytes\)'
	crng0 "rv3 U-Boot's RNG's table" "$OUT/rv3.log"
	expect "rv3b U-Boot ran the script that removes the seed" "$OUT/rv3b.log" '^## Executing script at'
	expect "rv3b no seed in the tree" "$OUT/rv3b.log" '^earlyseed: rng_seed: none \(no /chosen/rng-seed in the device tree\)$'
	expect "rv3b the real-time clock tells the boots apart" "$OUT/rv3b.log" '^earlyseed: clock: the monotonic count restarts at every boot; the real-time clock tells boots apart$'
	summary "rv3b the seed file alone makes the table" "$OUT/rv3b.log" zkr=0 efi_rng=0 seed_file=96 table=32 health.seed_file=pass
	crng0 "rv3b the seed file's table" "$OUT/rv3b.log"
	summary "rv3b the record the OS reads" "$OUT/rv3b.log" prefix='initrd: audit: summary ' seed_file=96 table=32
	expect "rv3c the token is on the disk: said" "$OUT/rv3c.log" '^earlyseed: token: U-Boot keeps it in \\ubootefi\.var on a disk'
	summary "rv3c the copy's file mixed, not counted: no table" "$OUT/rv3c.log" seed_file=96 table=0 health.seed_file=fail
	refute "rv3c the kernel's crng is not ready at [0.000000]" "$OUT/rv3c.log" '^\[ +0\.000000\] random: crng init done'
	expect "rv3c /init ran all the same" "$OUT/rv3c.log" '^initrd: reached /init'
}

# rv4. The same board under edk2 2025.02 instead of U-Boot (Debian 13's
#      qemu-efi-riscv64, which needs Debian 13's QEMU 10: scripts/riscv64.sh
#      edk2 qemu10), its variables in flash the firmware keeps. With
#      virtio-rng, edk2's EFI_RNG_PROTOCOL makes the table, and the token
#      (in that flash) and the seed file are made. rv4b: the next boot with
#      no RNG at all: the seed file alone makes the table, and the kernel's
#      crng is ready at [0.000000]. rv4c: the disk on another machine (a
#      fresh variable store): no token there, the file is mixed and not
#      counted, no table. edk2 hands the kernel ACPI, no device tree.
#      rv4d: a CPU with Zkr (-cpu rv64,zkr=true; QEMU 10's OpenSBI 1.6
#      grants it) and nothing else, the kernel's default trust: the harts'
#      ISA strings are in ACPI's RHCT, which lists zkr: read, counted as
#      the CPU, and it alone makes the table.
EDK2=$ES_CACHE/riscv64/edk2
QEMU10=$ES_CACHE/riscv64/qemu10/qemu-system-riscv64
# edk2boot NAME LOG VARS [QEMU ARGS...]: edk2 on QEMU 10's riscv virt board
# (QEMU 10's own OpenSBI 1.6), the disk NAME (on virtio-mmio; EDK2_DISK=pci:
# on PCI), the variable store VARS, until the kernel's /init is done; no
# wait in edk2's boot menu.
edk2boot() {
	local d=$OUT/$1 log=$2 vars=$3
	shift 3
	es_qemu "$log" "$RV_INIT" "$QEMU10" -M virt -m 1024 -nographic -audio none -no-reboot \
		-boot menu=on,splash-time=0 -drive "if=pflash,unit=0,format=raw,readonly=on,file=$EDK2/RISCV_VIRT_CODE.fd" \
		-drive "if=pflash,unit=1,format=raw,file=$vars" -net none \
		-drive "if=none,file=$d/disk.raw,format=raw,id=d" -device "virtio-blk-${EDK2_DISK:-device},drive=d" "$@"
}
AUDIT='initrd: audit: summary '
# pkg_debs: make deb-riscv64's packages in $OUT/pkg, made again first when
# a file they are built from is newer (under make deb's lock, as
# tests/boot/debvm.sh takes the amd64 one).
pkg_debs() {
	local deb
	exec 8> "$ES_ROOT/build/.deb-riscv64.lock"
	flock 8
	deb=$(es_first "$ES_ROOT/build/deb-riscv64/earlyseed_*_riscv64.deb")
	if es_deb_stale "$deb"; then
		(cd "$ES_ROOT" && ES_DEB_LOCKED=1 scripts/deb.sh riscv64) > "$OUT/pkg-deb.log" 2>&1 ||
			es_die "make deb-riscv64 failed ($OUT/pkg-deb.log)"
	fi
	rm -rf "$OUT/pkg" && mkdir -p "$OUT/pkg"
	cp "$(es_first "$ES_ROOT/build/deb-riscv64/earlyseed_*_riscv64.deb")" \
		"$(es_first "$ES_ROOT/build/deb-riscv64/earlyseed-efi_*_riscv64.deb")" "$OUT/pkg/" ||
		es_die "make deb-riscv64 left no packages in build/deb-riscv64"
	exec 8>&-
}
# pkg_initrd OUT DEB...: ES_INITRD's files, Debian 13's riscv64 dpkg,
# efibootmgr and ldconfig with their libraries in /usr (no documentation,
# locales or character sets), the loader where programs look for it, and
# DEB... in /pkg with the next stage, command line and initrd the install
# names (tests/boot/initrd-init.sh es.pkg=1).
pkg_initrd() {
	local out=$1 dir u=$ES_CACHE/riscv64/userland/root
	shift
	dir=$(es_initrd_tree) && [ -d "$dir" ] && [ "$dir" != / ] || es_die "the initramfs's folder could not be made"
	mkdir -p "$dir/pkg" "$dir/usr/share"
	cp -a "$u/etc" "$u/var" "$dir/" && cp -a "$u/usr/bin" "$u/usr/sbin" "$u/usr/lib" "$dir/usr/" &&
		cp -a "$u/usr/share/dpkg" "$dir/usr/share/" || es_die "the riscv64 userland ($u: scripts/riscv64.sh userland)"
	rm -rf "$dir/usr/lib/riscv64-linux-gnu/gconv" "$dir/usr/lib/locale"
	ln -s ../usr/lib/ld-linux-riscv64-lp64d.so.1 "$dir/lib/ld-linux-riscv64-lp64d.so.1"
	cp "$@" "$dir/pkg/"
	printf '%s\n' '\vmlinuz' > "$dir/pkg/next"
	printf '%s\n' "$ES_CMDLINE" > "$dir/pkg/cmdline"
	printf '%s\n' '\initrd.img' > "$dir/pkg/initrd"
	es_initrd_pack "$dir" "$out"
}
urv4() {
	disk rve gpt
	cp "$EDK2/RISCV_VIRT_VARS.fd" "$OUT/rve.vars"
	edk2boot rve "$OUT/rv4.log" "$OUT/rve.vars" -device virtio-rng-device
	edk2boot rve "$OUT/rv4b.log" "$OUT/rve.vars"
	rm -rf "$OUT/rvf" && mkdir -p "$OUT/rvf" && cp "$OUT/rve/disk.raw" "$OUT/rvf/disk.raw"
	cp "$EDK2/RISCV_VIRT_VARS.fd" "$OUT/rvf.vars"
	edk2boot rvf "$OUT/rv4c.log" "$OUT/rvf.vars"
	DISK_CMDLINE=$ES_CMDLINE_BASE disk rvk gpt
	cp "$EDK2/RISCV_VIRT_VARS.fd" "$OUT/rvk.vars"
	edk2boot rvk "$OUT/rv4d.log" "$OUT/rvk.vars" -cpu rv64,zkr=true
	rm -f "$OUT/rve.vars" "$OUT/rvf.vars" "$OUT/rvk.vars"
	expect "rv4 the firmware is edk2 2025.02" "$OUT/rv4.log" '^RISC-V EDK2 firmware version 2025\.02'
	expect "rv4 under QEMU 10's OpenSBI 1.6" "$OUT/rv4.log" '^OpenSBI v1\.6'
	expect "rv4 edk2's RNG (virtio-rng) read" "$OUT/rv4.log" "^earlyseed: efi_rng: instance 0: a device's RNG"
	# edk2's serial console here is 80 columns wide and breaks the app's
	# summary line: the record the OS read holds the same fields, whole
	summary "rv4 edk2's RNG makes the table" "$OUT/rv4.log" prefix="$AUDIT" efi_rng=64 table=32 health.efi_rng=pass
	expect "rv4 the token made, in the firmware's non-volatile store" "$OUT/rv4.log" '^earlyseed: token: created from the hardware sources \(non-volatile'
	expect "rv4 the seed file made" "$OUT/rv4.log" '^earlyseed: seed_file: .*: (created|rewritten) \(96 bytes\)'
	expect "rv4 the initrd served through LoadFile2" "$OUT/rv4.log" '^earlyseed: initrd: \\initrd\.img served through LoadFile2'
	expect "rv4 Debian 13's kernel ran on edk2" "$OUT/rv4.log" '^\[ +0\.000000\] efi: EFI v2\.[0-9]+ by Debian distribution of EDK II'
	crng0 "rv4 edk2's RNG's table" "$OUT/rv4.log"
	expect "rv4b no RNG: none offered" "$OUT/rv4b.log" '^earlyseed: efi_rng: no EFI_RNG_PROTOCOL'
	summary "rv4b the seed file alone makes the table" "$OUT/rv4b.log" prefix="$AUDIT" zkr=0 efi_rng=0 seed_file=96 table=32 health.seed_file=pass
	crng0 "rv4b the seed file's table" "$OUT/rv4b.log"
	expect "rv4b says so on the console" "$OUT/rv4b.log" '^earlyseed: health: seed_file: pass'
	expect "rv4c another machine: no token there" "$OUT/rv4c.log" '^earlyseed: token: none on this machine'
	summary "rv4c the copied file mixed, not counted: no table" "$OUT/rv4c.log" prefix="$AUDIT" seed_file=96 table=0 health.seed_file=fail
	refute "rv4c the kernel's crng is not ready at [0.000000]" "$OUT/rv4c.log" '^\[ +0\.000000\] random: crng init done'
	expect "rv4c /init ran all the same" "$OUT/rv4c.log" '^initrd: reached /init'
	expect "rv4d no device tree: the kernel's stub makes an empty one" "$OUT/rv4d.log" '^EFI stub: Generating empty DTB'
	expect "rv4d Zkr listed in ACPI's RHCT and readable: present" "$OUT/rv4d.log" '^earlyseed: cpu: zkr present$'
	expect "rv4d every long from Zkr" "$OUT/rv4d.log" '^earlyseed: cpu: 64 longs asked, 64 from zkr, 0 failed$'
	summary "rv4d Zkr alone, counted as the CPU, makes the table" "$OUT/rv4d.log" prefix="$AUDIT" zkr=512 efi_rng=0 \
		seed_file=0 table=32 health.zkr=pass
}

# rv5. The package on a riscv64 board, as its administrator installs it:
#      make deb-riscv64's two packages, in a riscv64 system edk2 booted
#      with no earlyseed yet (the kernel and initramfs QEMU hands it, as
#      edk2 starts a kernel it is given), installed there by that system's
#      own dpkg (Debian 13's riscv64 dpkg, efibootmgr and their libraries
#      in the initramfs: scripts/riscv64.sh userland); then `earlyseed
#      install` from them puts the package's app on the ESP, and the
#      efibootmgr line it prints makes the firmware's boot entry. The disk
#      is on PCI here (the kernel's virtio PCI transport is built in; its
#      virtio-mmio one is a module this initramfs does not load).
#      rv5b: the next boot follows that entry to the package's app (the
#      ESP holds no other), which with edk2's RNG (virtio-rng) makes the
#      table, the token and the seed file. rv5c: no RNG at all: the seed
#      file alone makes the table.
urv5() {
	local d=$OUT/rvp ver first efis
	ver=$(sed -n 's/^#define ES_VERSION "\(.*\)"$/\1/p' "$ES_ROOT/core/version.h")
	pkg_debs
	disk rvp gpt none
	cp "$EDK2/RISCV_VIRT_VARS.fd" "$OUT/rvp.vars"
	pkg_initrd "$d/initrd-pkg.img" "$OUT/pkg"/*.deb
	EDK2_DISK=pci edk2boot rvp "$OUT/rv5.log" "$OUT/rvp.vars" -kernel "$ES_KCACHE/vmlinuz" -initrd "$d/initrd-pkg.img" \
		-append "$ES_CMDLINE es.pkg=1"
	# every .efi on the ESP: the app the package put there, and no other (the kernel is \vmlinuz)
	efis=$(MTOOLS_SKIP_CHECK=1 mdir -/ -b -i "$d/disk.raw@@1M" :: 2> /dev/null | grep -i '\.efi$' | tr '\n' ' ')
	if [ "$efis" = "::/EFI/earlyseed/earlyseed.efi " ]; then ok "rv5b the ESP holds no earlyseed but the package's"; else
		bad "rv5b the ESP holds no earlyseed but the package's" "its EFI images: ${efis:-none}"; fi
	EDK2_DISK=pci edk2boot rvp "$OUT/rv5b.log" "$OUT/rvp.vars" -device virtio-rng-device
	EDK2_DISK=pci edk2boot rvp "$OUT/rv5c.log" "$OUT/rvp.vars"
	rm -f "$OUT/rvp.vars"
	expect "rv5 edk2 started the kernel it was handed" "$OUT/rv5.log" '^initrd: reached /init'
	refute "rv5 no earlyseed in that boot" "$OUT/rv5.log" '^earlyseed: (start|summary)'
	expect "rv5 the system's own dpkg installs both packages" "$OUT/rv5.log" '^initrd: pkg: dpkg -i: rc=0$'
	expect "rv5 dpkg: earlyseed $ver installed, riscv64" "$OUT/rv5.log" "^initrd: pkg: installed: earlyseed ${ver//./\\.} riscv64 install ok installed\$"
	expect "rv5 dpkg: earlyseed-efi $ver installed, riscv64" "$OUT/rv5.log" "^initrd: pkg: installed: earlyseed-efi ${ver//./\\.} riscv64 install ok installed\$"
	expect "rv5 the package's tool runs there" "$OUT/rv5.log" "^initrd: pkg: tool: /usr/bin/earlyseed earlyseed ${ver//./\\.}\$"
	expect "rv5 earlyseed install succeeds" "$OUT/rv5.log" '^initrd: pkg: install: rc=0$'
	expect "rv5 it puts the package's app on the ESP" "$OUT/rv5.log" \
		'^initrd: pkg: install: installed /boot/efi/EFI/earlyseed/earlyseed\.efi \(from /usr/lib/earlyseed/earlyseed\.efi\)$'
	expect "rv5 the efibootmgr line it prints runs" "$OUT/rv5.log" '^initrd: pkg: efibootmgr: rc=0$'
	first=$(sed -n 's/^initrd: pkg: BootOrder: \([0-9A-F]\{4\}\).*/\1/p' "$OUT/rv5.log" | head -n 1)
	expect "rv5 earlyseed's entry comes first in the boot order" "$OUT/rv5.log" \
		"^initrd: pkg: Boot${first:-none}\\* earlyseed.*File\\(\\\\EFI\\\\earlyseed\\\\earlyseed\\.efi\\)"
	expect "rv5b the record: a riscv64 app ran" "$OUT/rv5b.log" '^initrd: audit:   architecture: +riscv64$'
	summary "rv5b the package's app makes the table from edk2's RNG" "$OUT/rv5b.log" prefix="$AUDIT" efi_rng=64 table=32 \
		health.efi_rng=pass
	expect "rv5b the token made" "$OUT/rv5b.log" '^initrd: audit:   token: +created'
	crng0 "rv5b the table" "$OUT/rv5b.log"
	summary "rv5c no RNG: the seed file alone makes the table" "$OUT/rv5c.log" prefix="$AUDIT" efi_rng=0 seed_file=96 \
		table=32 health.seed_file=pass
	crng0 "rv5c the seed file's table" "$OUT/rv5c.log"
}

# x1. x86_64: qemu-x86_64/u-boot.rom (no EFI_RNG_PROTOCOL there), -cpu max
#     and the kernel's default trust: earlyseed starts, counts RDRAND and
#     chains; Debian's kernel needs disable_mtrr_trim efi=noruntime under
#     this U-Boot (measured with Debian 12's u-boot-qemu 2023.01), and
#     its poweroff does not stop QEMU: the boot ends once /init is done.
ux1() {
	local d=$OUT/x86 log=$OUT/x86.log
	rm -rf "$d" && mkdir -p "$d"
	ES_CMDLINE="$ES_CMDLINE_BASE disable_mtrr_trim efi=noruntime" es_make_esp "$d/esp" earlyseed
	mkfs.fat -F 32 -n ESP -C "$d/esp.img" $((64 * 1024)) > /dev/null
	(cd "$d/esp" && MTOOLS_SKIP_CHECK=1 mcopy -s -i ../esp.img ./* ::/) || es_die "mcopy into $d/esp.img failed"
	truncate -s $(((1 + 64 + 1) << 20)) "$d/disk.raw"
	printf 'label: gpt\nstart=2048, size=131072, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B\n' | sfdisk -q "$d/disk.raw"
	dd if="$d/esp.img" of="$d/disk.raw" bs=1M seek=1 conv=notrunc status=none
	es_qemu "$log" '^initrd: done' qemu-system-x86_64 -m 512 -cpu max -nographic -no-reboot \
		-bios "$UBOOT" -net none -drive "file=$d/disk.raw,format=raw,if=virtio"
	expect "x86_64 the firmware is U-Boot" "$log" 'efi: EFI v[0-9.]+ by Das U-Boot'
	expect "x86_64 earlyseed ran" "$log" '^earlyseed: start$'
	expect "x86_64 no EFI_RNG_PROTOCOL there" "$log" '^earlyseed: efi_rng: no EFI_RNG_PROTOCOL'
	summary "x86_64 RDRAND counted, a table" "$log" rdrand=512 table=32
	expect "x86_64 earlyseed chained the kernel" "$log" '^earlyseed: starting \\vmlinuz$'
	crng0 x86_64 "$log"
	expect "x86_64 reached /init" "$log" '^initrd: reached /init'
}

# 5. No source at all (no RNG device, a fresh disk): no table, one line why.
u5() {
	disk none gpt
	boot none "$OUT/5.log"
	expect "5 no source: says why" "$OUT/5.log" '^earlyseed: table: none installed: counted sources hold an assumed 0 of the 256 bits'
	summary "5 no table" "$OUT/5.log" efi_rng=0 table=0
	expect "5 reached /init" "$OUT/5.log" '^initrd: reached /init'
}

for n in ${*:-$BOOTS}; do "u$n"; done
