#!/usr/bin/env bash
# Boot tests on aarch64 (make ARCH=aarch64 check; scripts/check.sh runs them):
# Debian's arm64 kernel and busybox under qemu-system-aarch64 -M virt with
# AAVMF, TCG. Prints "ok - ..." / "not ok - ..."; every boot under timeout.
set -uo pipefail
BOOTS="1 2 3 4 5 6 7 8"
# --list: the names, for scripts/check.sh (one job each)
[ "${1:-}" = --list ] && { echo "$BOOTS"; exit 0; }
ES_ARCH=aarch64
. "$(dirname "$0")/harness.sh"
es_trap_errors

OUT=$ES_BUILD/qemu
mkdir -p "$OUT"
es_prepare
OFF="$ES_CMDLINE_BASE random.trust_cpu=off"

TAP_NAME=qemu-aarch64
. "$(dirname "$0")/../tap.sh"
ours() { # ours NAME LOG: the kernel's RNG= is the table earlyseed installed
	local mine kern
	mine=$(es_installed_addr "$2")
	kern=$(es_kernel_rng_addr "$2")
	if es_same_addr "$mine" "$kern"; then ok "$1 kernel RNG= is earlyseed's table (0x$mine)"
	else bad "$1 kernel RNG= is earlyseed's table" "earlyseed 0x${mine:-none}, kernel 0x${kern:-none}"; fi
}

# 1. -cpu max (FEAT_RNG), the CPU trusted: RNDRRS and RNDR mixed and counted,
#    a 32-byte table, and the kernel's RNG= is ours; the OS reads the audit
#    record and sees which architecture wrote it.
a1() {
	local log=$OUT/1-rndr-trusted.log
	ES_CMDLINE="$ES_CMDLINE_BASE" es_make_esp "$OUT/esp1" earlyseed
	es_boot "$log" "$OUT/esp1"
	expect "1 probe: FEAT_RNG" "$log" '^earlyseed: cpu: rndrrs present, rndr present$'
	summary "1 summary names rndrrs and rndr, table=32" "$log" 'rndrrs=[0-9]+' 'rndr=[0-9]+' efi_rng=0 prev_table=0 seed_file=0 table=32 health.rndrrs=pass health.rndr=pass health.efi_rng=absent health.seed_file=absent
	ours 1 "$log"
	expect "1 reached /init" "$log" '^initrd: reached /init'
	expect "1 the record names rndrrs" "$log" '^initrd: audit:   flags: +rndrrs rndr table'
	expect "1 the audit record says aarch64" "$log" '^initrd: audit:   architecture: +aarch64$'
	summary "1 inspect names rndrrs" "$log" prefix='initrd: audit: summary ' 'rndrrs=[0-9]+' 'rndr=[0-9]+'
}
# 8. The initrd through LoadFile2 on arm64 (qemu.sh 31 on x86_64): the
#    config's `initrd`, no initrd= on the command line; the stub loads it
#    from the LINUX_EFI_INITRD_MEDIA_GUID device path and /init runs.
a8() {
	local log=$OUT/8-initrd-loadfile2.log
	ES_CMDLINE="${OFF#initrd=\\initrd.img }" es_make_esp "$OUT/esp8" earlyseed
	printf 'initrd = \\initrd.img\n' >> "$OUT/esp8/EFI/earlyseed/earlyseed.conf"
	es_boot "$log" "$OUT/esp8"
	expect "8 earlyseed serves it" "$log" '^earlyseed: initrd: \\initrd\.img served through LoadFile2 \(LINUX_EFI_INITRD_MEDIA_GUID\)$'
	expect "8 the stub loaded it from the device path" "$log" 'Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path'
	refute "8 not from the command line" "$log" 'Loaded initrd from command line option'
	expect "8 reached /init" "$log" '^initrd: reached /init'
}
# 2. The same with random.trust_cpu=off: no table from the CPU alone.
a2() {
	local log=$OUT/2-rndr-untrusted.log
	ES_CMDLINE="$OFF" es_make_esp "$OUT/esp2" earlyseed
	es_boot "$log" "$OUT/esp2"
	summary "2 table=0" "$log" 'rndrrs=[0-9]+' 'rndr=[0-9]+' efi_rng=0 prev_table=0 seed_file=0 table=0
	expect "2 the trust line" "$log" '^earlyseed: trust: random\.trust_cpu=off'
	refute "2 no RNG= on the efi: line" "$log" 'efi: .*RNG='
	expect "2 reached /init" "$log" '^initrd: reached /init'
}
# 3. -cpu cortex-a57 (no FEAT_RNG) with virtio-rng and random.trust_cpu=off:
#    a table from the firmware RNG; crng ready at 0 (the stub merges its own).
a3() {
	local log=$OUT/3-virtio.log
	ES_CMDLINE="$OFF" es_make_esp "$OUT/esp3" earlyseed
	es_boot "$log" "$OUT/esp3" -cpu cortex-a57 -device virtio-rng-pci
	expect "3 no FEAT_RNG, no fault" "$log" '^earlyseed: cpu: rndrrs absent, rndr absent$'
	summary "3 a table from the firmware RNG" "$log" rndrrs=0 rndr=0 efi_rng=64 prev_table=0 seed_file=0 table=32
	expect "3 kernel has RNG=" "$log" 'efi: .*RNG='
	expect "3 crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
}
# 4. -cpu cortex-a57 and nothing else: no table, the probe does not fault,
#    the kernel boots.
a4() {
	local log=$OUT/4-nothing.log
	ES_CMDLINE="$OFF" es_make_esp "$OUT/esp4" earlyseed
	es_boot "$log" "$OUT/esp4" -cpu cortex-a57
	summary "4 table=0" "$log" rndrrs=0 rndr=0 efi_rng=0 prev_table=0 seed_file=0 table=0
	refute "4 no RNG= on the efi: line" "$log" 'efi: .*RNG='
	expect "4 reached /init" "$log" '^initrd: reached /init'
}
# 5. The seed kept across reboots: boot 3's machine (a FAT image, one AAVMF
#    variable store) creates the token and the file; a later boot like 4 is
#    seeded from the file alone.
a5() {
	local d=$OUT/5
	rm -rf "$d" && mkdir -p "$d"
	ES_CMDLINE="$OFF" es_make_esp "$d/esp" earlyseed
	es_make_img "$d/esp" "$d/esp.img"
	cp "$ES_FW_VARS" "$d/vars.fd"
	ES_ESP_IMG=$d/esp.img ES_VARS=$d/vars.fd es_boot "$d/a.log" "$d/esp" -cpu cortex-a57 -device virtio-rng-pci
	expect "5a token created" "$d/a.log" '^earlyseed: token: created from the hardware sources'
	expect "5a seed file created" "$d/a.log" '^earlyseed: seed_file: .*: created \(96 bytes\)'
	ES_ESP_IMG=$d/esp.img ES_VARS=$d/vars.fd es_boot "$d/b.log" "$d/esp" -cpu cortex-a57
	summary "5b the file alone, table=32" "$d/b.log" rndrrs=0 rndr=0 efi_rng=0 prev_table=0 seed_file=96 table=32 health.seed_file=pass
	ours 5b "$d/b.log"
	expect "5b crng init done at [0.000000]" "$d/b.log" '^\[ +0\.000000\] random: crng init done'
}

# 6. cortex-a57 (no FEAT_RNG), no RNG device, a TPM 2.0 on the virt board
#    (tpm-tis-device, swtpm): AAVMF offers EFI_TCG2_PROTOCOL, and the TPM
#    alone seeds the kernel at [0.000000].
a6() {
	local log=$OUT/6-tpm.log ES_CPU=(-cpu cortex-a57)
	es_make_esp "$OUT/esp6" earlyseed
	ES_TPM=1 es_boot "$log" "$OUT/esp6"
	expect "6 the TPM answered" "$log" '^earlyseed: tpm: TPM2_GetRandom: 64 bytes in [0-9]+ calls$'
	summary "6 seeded by the TPM alone" "$log" rndrrs=0 rndr=0 efi_rng=0 tpm=64 table=32 health.tpm=pass
	ours 6 "$log"
	expect "6 crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
}

# 7. AAVMF with the driver built in (make ARCH=aarch64 ovmf), a -kernel
#    boot: no ESP, no option ROM. -cpu max (RNDR/RNDRRS): seeded at
#    [0.000000]; cortex-a57 (no FEAT_RNG): no table, one line says why.
a7() {
	local d=$OUT/7 code=$ES_BUILD/ovmf/AAVMF_CODE.fd kargs
	rm -rf "$d" && mkdir -p "$d"
	if [ ! -s "$code" ]; then bad "7 make ARCH=aarch64 ovmf built $code" "run make ARCH=aarch64 ovmf"; return; fi
	cp "$code" "$d/x.fd" && (cd "$d" && UEFIExtract x.fd report > /dev/null 2>&1)
	expect "7 UEFIExtract finds the driver" "$d/x.fd.report.txt" 'DXE driver .*8ACD5D9F-D932-41CA-B2B2-0C86106B0893 \| EarlyseedDxe'
	rm -f "$d/x.fd" "$d/x.fd.report.txt"
	kargs=(-kernel "$ES_KCACHE/vmlinuz" -initrd "$ES_BUILD/initrd.img" -append "${ES_CMDLINE_BASE#initrd=\\initrd.img }")
	ES_FW_CODE=$code es_boot "$d/a.log" "$d" -cpu max,pauth-impdef=on "${kargs[@]}"
	summary "7a the embedded driver seeded at load" "$d/a.log" prefix='earlyseed: driver: at load: summary ' table=32 health.rndr=pass
	expect "7a kernel has RNG=" "$d/a.log" 'efi: .*RNG='
	expect "7a crng init done at [0.000000]" "$d/a.log" '^\[ +0\.000000\] random: crng init done'
	ES_FW_CODE=$code es_boot "$d/b.log" "$d" -cpu cortex-a57 "${kargs[@]}"
	expect "7b no source: says why" "$d/b.log" '^earlyseed: table: none installed: counted sources hold an assumed 0 of the 256 bits'
	refute "7b no RNG= on the efi: line" "$d/b.log" 'efi: .*RNG='
}

# tests/boot/qemu-aarch64.sh [N...]: the named boots only (default: all).
for n in ${*:-$BOOTS}; do "a$n"; done
