#!/usr/bin/env bash
# Boot tests: a real Debian kernel under QEMU/OVMF, through earlyseed and
# without it (QEMU/OVMF as Debian 12 ships them). Prints "ok - ..." / "not ok - ..."
# per assertion; scripts/check.sh counts them. Every boot runs under timeout.
set -uo pipefail
BOOTS="1 1b 2 3 4 5 6 7 7b 8 9 10 11 12 13 14 14b 15 16 17 18a 18b 18c 18d 19 20 21 22 23 24 25 26a 26b 26c 27 28 30 31"
# --list: the names, for scripts/check.sh (one job each)
[ "${1:-}" = --list ] && { echo "$BOOTS"; exit 0; }
. "$(dirname "$0")/harness.sh"
es_trap_errors

OUT=$ES_BUILD/qemu
mkdir -p "$OUT"
es_prepare

TAP_NAME=qemu
. "$(dirname "$0")/../tap.sh"
# expect_table_consumed N LOG [lockdown|quiet]: the kernel's RNG= is earlyseed's last table, 32 bytes, crng ready at 0.
# (Under Secure Boot the kernel's lockdown refuses /dev/mem: its size field cannot be read back.)
# (quiet: earlyseed printed no "table: installed" line to compare RNG= with.)
expect_table_consumed() {
	local mine kern
	mine=$(es_installed_addr "$2")
	kern=$(es_kernel_rng_addr "$2")
	if [ "${3:-}" = quiet ]; then expect "$1 kernel has RNG=" "$2" 'efi: .*RNG='
	elif es_same_addr "$mine" "$kern"; then ok "$1 kernel RNG= is earlyseed's table (0x$mine)"
	else bad "$1 kernel RNG= is earlyseed's table" "earlyseed 0x${mine:-none}, kernel 0x${kern:-none}"; fi
	[ "${3:-}" = lockdown ] || expect "$1 kernel read a 32-byte table" "$2" '^initrd: rng_table_size=32$'
	expect "$1 crng init done at [0.000000]" "$2" '^\[ +0\.000000\] random: crng init done'
	expect "$1 reached /init" "$2" '^initrd: reached /init'
}
# The audit record the booted OS read back says what earlyseed's summary said.
audit_matches() { # audit_matches NAME LOG
	local app os
	app=$(sed -n 's/^earlyseed: summary //p' "$2" | tail -n1)
	os=$(sed -n 's/^initrd: audit: summary //p' "$2" | head -n1)
	if [ -n "$app" ] && [ "$app" = "$os" ]; then ok "$1"
	else bad "$1" "app: '${app:-none}'" "audit record read by the OS: '${os:-none}'"; fi
}

# attributed NAME LOG PREFIX: the record's sources and steps account for at
# least 90% of the time it says was spent (docs/audit-record.md). Under TCG
# the guest's cycle counter follows the host's clock, so a host that
# preempts QEMU between two timed steps (two boots side by side, a loaded
# CI machine) made the share depend on the host's load: the boots that
# check it run on a clock the guest owns (GUEST_CLOCK: QEMU's -icount, the
# counter advancing with the instructions the guest runs; shift=auto only
# keeps its rate near real time, adjusted once a second).
GUEST_CLOCK=(-icount shift=auto)
attributed() {
	local pct
	pct=$(sed -n "s/^$3  time attributed:  \([0-9]*\)% of the time spent\$/\1/p" "$2" | head -n1)
	if [ -n "$pct" ] && [ "$pct" -ge 90 ]; then ok "$1 ($pct%)"
	else bad "$1" "attributed: ${pct:-no line}" "$(grep -F "$3  time" "$2")"; fi
}

# 1. -cpu max (RDRAND, no RDSEED under TCG), no virtio-rng, and
#    random.trust_cpu=off: the kernel will not credit RDRAND, so earlyseed
#    counts it for nothing and installs no table.
boot1() {
	local log=$OUT/1-rdrand-untrusted.log
	es_make_esp "$OUT/esp1" earlyseed
	es_boot "$log" "$OUT/esp1"
	summary "1 summary line, table=0" "$log" rdseed=0 rdrand=512 efi_rng=0 prev_table=0 seed_file=0 table=0 health.rdseed=absent health.rdrand=pass health.efi_rng=absent health.seed_file=absent
	expect "1 the trust line" "$log" '^earlyseed: trust: random\.trust_cpu=off: the kernel will not credit the CPU.s RNG'
	expect "1 says why no table" "$log" '^earlyseed: table: none installed: counted sources hold an assumed 0 of the 256 bits'
	refute "1 no RNG= on the efi: line" "$log" 'efi: .*RNG='
	expect "1 reached /init" "$log" '^initrd: reached /init'
	audit_matches "1 audit record in the OS matches the summary" "$log"
	expect "1 audit record flags" "$log" '^initrd: audit:   flags: +rdrand below_gate cpu_untrusted$'
}

# 1b. The same without random.trust_cpu=off: the kernel's default trusts
#     RDRAND, so its 512 bytes count and the kernel reads our 32-byte table.
boot1b() {
	local log=$OUT/1b-rdrand-trusted.log
	ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$OUT/esp1b" earlyseed
	es_boot "$log" "$OUT/esp1b" "${GUEST_CLOCK[@]}"
	summary "1b summary line, table=32" "$log" rdseed=0 rdrand=512 efi_rng=0 prev_table=0 seed_file=0 table=32 health.rdseed=absent health.rdrand=pass health.efi_rng=absent health.seed_file=absent
	attributed "1b the record accounts for 90% of the app's time" "$log" 'initrd: audit: '
	refute "1b no trust line" "$log" '^earlyseed: trust: random\.trust_cpu=off'
	expect_table_consumed 1b "$log"
	audit_matches "1b audit record in the OS matches the summary" "$log"
	# A trusted RDRAND is a hardware source: the token and the seed file
	# are created (on QEMU's vvfat folder here).
	expect "1b audit record flags" "$log" '^initrd: audit:   flags: +rdrand table seed_file_written seed_file_created token_created$'
}

# 2. The same machine without earlyseed: OVMF starts the kernel itself
#    (-kernel, same command line), so the seed table is the only difference.
boot2() {
	local log=$OUT/2-control.log
	es_make_esp "$OUT/esp2" none
	es_boot "$log" "$OUT/esp2" -kernel "$ES_KCACHE/vmlinuz" -initrd "$ES_BUILD/initrd.img" \
		-append "${ES_CMDLINE#initrd=\\initrd.img }"
	expect "2 control reached /init" "$log" '^initrd: reached /init'
	refute "2 control: no earlyseed" "$log" '^earlyseed:'
	refute "2 control: no RNG= on the efi: line" "$log" 'efi: .*RNG='
	refute "2 control: no crng init at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
}

# 3. virtio-rng: EFI_RNG_PROTOCOL exists; the stub merges 32 bytes of its own
#    with earlyseed's 32 (libstub/random.c), so the kernel sees 64. With
#    random.trust_cpu=off only the firmware RNG counts: 64 bytes, 256 bits.
boot3() {
	local log=$OUT/3-virtio.log
	es_make_esp "$OUT/esp3" earlyseed
	es_boot "$log" "$OUT/esp3" -device virtio-rng-pci
	summary "3 efi_rng bytes taken" "$log" rdseed=0 rdrand=512 efi_rng=64 prev_table=0 seed_file=0 table=32 health.rdseed=absent health.rdrand=pass health.efi_rng=pass health.seed_file=absent
	expect "3 efi_rng instance line" "$log" '^earlyseed: efi_rng: instance 0: 64 bytes \(raw algorithm, 2 calls\)$'
	expect "3 kernel table is 64 bytes (stub merged ours)" "$log" '^initrd: rng_table_size=64$'
	expect "3 crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	audit_matches "3 audit record in the OS matches the summary" "$log"
	expect "3 audit record counts the instance" "$log" '^initrd: audit:   efi_rng: +instances=1 failed=0 calls=2$'
}

# 4. No source at all: no table, and the kernel still boots.
boot4() {
	local log=$OUT/4-nosource.log
	es_make_esp "$OUT/esp4" earlyseed
	es_boot "$log" "$OUT/esp4" -cpu max,-rdrand
	summary "4 table=0" "$log" rdseed=0 rdrand=0 efi_rng=0 prev_table=0 seed_file=0 table=0 health.rdseed=absent health.rdrand=absent health.efi_rng=absent health.seed_file=absent
	expect "4 says why no table" "$log" '^earlyseed: table: none installed: counted sources hold an assumed 0 of the 256 bits'
	refute "4 no RNG= on the efi: line" "$log" 'efi: .*RNG='
	expect "4 still reached /init" "$log" '^initrd: reached /init'
	audit_matches "4 audit record in the OS matches the summary" "$log"
	expect "4 audit record says below the gate" "$log" '^initrd: audit:   flags: +below_gate$'
}

# 5. Missing next stage: one clear error line, then the firmware's next boot
#    option (the UEFI shell here), which runs startup.nsh and powers off.
boot5() {
	local log=$OUT/5-missing.log
	es_make_esp "$OUT/esp5" missing
	printf 'echo earlyseed-test: firmware went on to its next boot option\r\nreset -s\r\n' > "$OUT/esp5/startup.nsh"
	es_boot "$log" "$OUT/esp5"
	expect "5 clear error line" "$log" '^earlyseed: error: cannot load next stage \\EFI\\earlyseed\\absent\.efi: Not Found$'
	summary "5 summary before the error" "$log" rdseed=0 rdrand=512
	expect "5 firmware went on" "$log" '^BdsDxe: failed to start Boot[0-9A-F]+ .*: Not Found'
	expect "5 next boot option ran" "$log" '^earlyseed-test: firmware went on to its next boot option'
}

# 6. A slow virtio-rng (16 bytes a second): GetRNG waits, earlyseed still
#    takes its bytes and the boot goes on.
boot6() {
	local log=$OUT/6-slow-rng.log
	es_make_esp "$OUT/esp6" earlyseed
	es_boot "$log" "$OUT/esp6" -object rng-random,id=rng0,filename=/dev/urandom \
		-device virtio-rng-pci,rng=rng0,max-bytes=16,period=1000
	summary "6 slow rng: bytes taken" "$log" efi_rng=64 health.efi_rng=pass health.seed_file=absent
	expect "6 reached /init" "$log" '^initrd: reached /init'
	expect "6 kernel table is 64 bytes (stub merged ours)" "$log" '^initrd: rng_table_size=64$'
	expect "6 crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	audit_matches "6 audit record in the OS matches the summary" "$log"
}

# 7. earlyseed chain-loads a second earlyseed (the kernel's default trust):
#    the second finds the first's table, mixes it, wipes and frees it; the
#    kernel sees one 32-byte table, the second's.
boot7() {
	local log=$OUT/7-chain.log
	ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$OUT/esp7" chain
	es_boot "$log" "$OUT/esp7"
	count "7 two earlyseed ran" "$log" '^earlyseed: start$' 2
	expect "7 second read its own config" "$log" '^earlyseed: config: reading \\EFI\\earlyseed2\\earlyseed\.conf$'
	expect "7 second mixed the first's table" "$log" '^earlyseed: prev_table: 32 bytes mixed \(installed by an earlier earlyseed stage\)$'
	expect "7 second wiped and freed it" "$log" '^earlyseed: prev_table: replaced by ours, wiped and freed$'
	summary "7 second's summary" "$log" prev_table=32 seed_file=0 table=32
	expect "7 the second leaves the seed file to the first" "$log" '^earlyseed: seed_file: an earlier earlyseed stage of this boot used it'
	expect_table_consumed 7 "$log"
	audit_matches "7 audit record is the second's" "$log"
	expect "7 audit record says stage 2" "$log" '^initrd: audit:   stage: +2$'
}

# 7b. The same chain, the second stage passing random.trust_cpu=off: the
#     first's table rests on RDRAND alone, which that kernel distrusts, so
#     the second removes it and the kernel sees no table.
boot7b() {
	local log=$OUT/7b-chain-untrusted.log
	es_make_esp "$OUT/esp7b" chain
	es_boot "$log" "$OUT/esp7b"
	expect "7b first stage installed a table" "$log" '^earlyseed: table: installed 32 bytes'
	expect "7b second saw what it rests on" "$log" '^earlyseed: prev_table: an earlier earlyseed made it from sources'
	expect "7b second removed it" "$log" '^earlyseed: prev_table: bad: removed so no kernel credits it, wiped and freed$'
	refute "7b no RNG= on the efi: line" "$log" 'efi: .*RNG='
	expect "7b reached /init" "$log" '^initrd: reached /init'
}

# 8. systemd-boot 252 as the next stage passes the table through.
boot8() {
	local log=$OUT/8-sdboot.log
	es_make_esp "$OUT/esp8" sdboot
	es_boot "$log" "$OUT/esp8"
	expect "8 earlyseed started systemd-boot" "$log" '^earlyseed: starting \\EFI\\systemd\\systemd-bootx64\.efi$'
	expect_table_consumed 8 "$log"
}

# 9. A read-only ESP with a trusted RDRAND: the seed file cannot be created
#    (the token still is: it lives in NVRAM), and the boot is otherwise the same.
boot9() {
	local log=$OUT/9-readonly.log
	ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$OUT/esp9" earlyseed
	ES_ESP_RO=1 es_boot "$log" "$OUT/esp9"
	expect "9 read-only ESP: config read" "$log" '^earlyseed: config: reading \\EFI\\earlyseed\\earlyseed\.conf$'
	expect "9 no seed file on a read-only volume" "$log" '^earlyseed: seed_file: not created: the volume is read-only$'
	expect_table_consumed 9 "$log"
}

# 10-12. A first stage (tests/prevstage.c) leaves a previous table, on a
#    machine with no hardware source (-cpu max,-rdrand, no virtio-rng).
# prevboot N NAME SIZE: boot N, its first stage leaving the table NAME
# (tests/prevstage.c) with size field SIZE, on that machine; its log in $log.
prevboot() {
	log=$OUT/$1-prev-${2%%[0-9]*}.log
	es_make_esp "$OUT/esp$1" "prev-$2"
	es_boot "$log" "$OUT/esp$1" -cpu max,-rdrand
	expect "$1 first stage ran" "$log" "^prevstage: installed a seed table, size field $3,"
}
# 10: 512 zero bytes (littlekernel): not counted, removed; no RNG= at all.
boot10() {
	local log
	prevboot 10 zero512 512
	expect "10 health: prev_table fails" "$log" '^earlyseed: health: prev_table: fail: every byte is the same'
	expect "10 removed" "$log" '^earlyseed: prev_table: bad: removed so no kernel credits it, wiped and freed$'
	refute "10 no RNG= on the efi: line" "$log" 'efi: .*RNG='
	refute "10 no crng init at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	expect "10 reached /init" "$log" '^initrd: reached /init'
}
# 11: a 64-byte allocation whose size field says 0xFFFFFFFF: not read, removed.
boot11() {
	local log
	prevboot 11 oversized 4294967295
	expect "11 not read" "$log" '^earlyseed: prev_table: size 4294967295 over the kernel.s 1024-byte bound: bogus, not read$'
	expect "11 removed" "$log" '^earlyseed: prev_table: bad: removed so no kernel credits it \(not freed: its size is bogus\)$'
	refute "11 no RNG= on the efi: line" "$log" 'efi: .*RNG='
	expect "11 reached /init" "$log" '^initrd: reached /init'
}
# 12: 64 good-looking bytes: counted (a kernel would credit them anyway),
#     replaced by our 32-byte table, which the kernel reads.
boot12() {
	local log
	prevboot 12 good64 64
	summary "12 summary" "$log" rdseed=0 rdrand=0 efi_rng=0 prev_table=64 seed_file=0 table=32
	expect "12 replaced" "$log" '^earlyseed: prev_table: replaced by ours, wiped and freed$'
	expect_table_consumed 12 "$log"
}

# 13. A config whose next is earlyseed itself: four stages run, the fifth
#     refuses with one error line, and the firmware goes on to its next boot
#     option (the UEFI shell, which runs startup.nsh and powers off).
boot13() {
	local log=$OUT/13-loop.log
	es_make_esp "$OUT/esp13" loop
	printf 'echo earlyseed-test: firmware went on to its next boot option\r\nreset -s\r\n' > "$OUT/esp13/startup.nsh"
	es_boot "$log" "$OUT/esp13"
	# each stage an image of its own: the fifth, which refuses before it
	# reads a config, shows only its error (the build's default)
	count "13 four stages ran, a fifth refused" "$log" '^earlyseed: start$' 4
	expect "13 the error line" "$log" '^earlyseed: error: 4 earlyseed stages already run in this boot \(a loop in the configs\?\); at most 4 may'
	expect "13 firmware went on" "$log" '^BdsDxe: failed to start Boot[0-9A-F]+ .*: Aborted'
	expect "13 next boot option ran" "$log" '^earlyseed-test: firmware went on to its next boot option'
}

# 14. GRUB 2.06 (Debian 12's, grub-mkstandalone) boots the kernel through the
#     EFI handover protocol, where the kernel's stub takes no seed of its
#     own. Machine: no CPU RNG, a firmware RNG (virtio-rng). Through
#     earlyseed (an empty cmdline: GRUB is a boot loader, the kernel's trust
#     defaults apply) the kernel reads earlyseed's table.
boot14() {
	local log=$OUT/14-grub.log
	es_make_esp "$OUT/esp14" grub
	es_boot "$log" "$OUT/esp14" -cpu max,-rdrand -device virtio-rng-pci
	expect "14 earlyseed started GRUB" "$log" '^earlyseed: starting \\EFI\\debian\\grubx64\.efi$'
	summary "14 summary" "$log" rdseed=0 rdrand=0 efi_rng=64 prev_table=0 seed_file=0 table=32
	expect_table_consumed 14 "$log"
}
# 14b. The control: GRUB alone on the same machine: no seed table at all.
boot14b() {
	local log=$OUT/14b-grub-alone.log
	es_make_esp "$OUT/esp14b" grub-alone
	es_boot "$log" "$OUT/esp14b" -cpu max,-rdrand -device virtio-rng-pci
	refute "14b GRUB alone: no earlyseed" "$log" '^earlyseed:'
	refute "14b GRUB alone: no RNG= on the efi: line" "$log" 'efi: .*RNG='
	refute "14b GRUB alone: no crng init at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	expect "14b GRUB alone reached /init" "$log" '^initrd: reached /init'
}

# 15. A config of 4096 bad lines: a bounded number of console lines, all
#     counted in the audit record, and the kernel boots.
boot15() {
	local log=$OUT/15-bad-config.log i
	ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$OUT/esp15" earlyseed
	{
		for i in $(seq 4096); do echo "bad line $i"; done
		printf 'next = \\vmlinuz\ncmdline = %s\nverbose = yes\n' "$ES_CMDLINE_BASE"
	} > "$OUT/esp15/EFI/earlyseed/earlyseed.conf"
	es_boot "$log" "$OUT/esp15"
	local n
	n=$(grep -c '^earlyseed: config: line ' "$log" || true)
	if [ "$n" -le 8 ]; then ok "15 at most 8 config lines printed ($n)"; else bad "15 at most 8 config lines printed" "saw $n"; fi
	expect "15 the rest counted" "$log" '^earlyseed: config: 4088 more problems not shown \(4096 in all, in the audit record\)$'
	expect "15 audit record counts all" "$log" '^initrd: audit:   config problems:  4096$'
	expect_table_consumed 15 "$log"
}

# 16. A 1.6 KiB command line (over the 1 KiB earlyseed took before) reaches
#     the kernel whole.
boot16() {
	local log=$OUT/16-long-cmdline.log pad="" i
	for i in $(seq 80); do pad="$pad es.pad$i=0123456789"; done
	local cmdline="$ES_CMDLINE_BASE$pad es.last=end"
	ES_CMDLINE=$cmdline es_make_esp "$OUT/esp16" earlyseed
	es_boot "$log" "$OUT/esp16"
	if [ ${#cmdline} -gt 1600 ]; then ok "16 the command line is ${#cmdline} bytes"; else bad "16 the command line is over 1600 bytes" "${#cmdline}"; fi
	expect "16 the kernel kept all ${#cmdline} bytes" "$log" "^initrd: cmdline_bytes=${#cmdline}\$"
	expect "16 and its end" "$log" '^initrd: cmdline_end=.*es\.pad80=0123456789 es\.last=end$'
	expect_table_consumed 16 "$log"
}

# 17. The seed kept across reboots, on a real FAT disk image with one OVMF
#     variable store for the machine (docs/seed-file.md "The seed file"):
#     a. a firmware RNG (virtio-rng) creates the token and the file;
#     b. no hardware RNG at all (-cpu qemu64: no RDRAND; no virtio-rng) and
#        random.trust_cpu=off: the file alone seeds the kernel, and changes;
#     c. once more: changed again, unlike every earlier content;
#     d. the same disk with a fresh variable store (a clone): no table;
#     e. the disk read-only: no table; f. the file read-only: no table.
#     Each says why, and each boot reaches /init.
seed_of() { od -An -tx1 -v "$1" 2>/dev/null | tr -d ' \n'; }
boot17() {
	local d=$OUT/17 img vars seeds=() i s
	rm -rf "$d" && mkdir -p "$d"
	img=$d/esp.img vars=$d/vars.fd
	es_make_esp "$d/esp" earlyseed
	es_make_img "$d/esp" "$img"
	cp "$ES_FW_VARS" "$vars"

	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/a.log" "$d/esp" -cpu qemu64 -device virtio-rng-pci
	expect "17a token created" "$d/a.log" '^earlyseed: token: created from the hardware sources'
	expect "17a seed file created" "$d/a.log" '^earlyseed: seed_file: \\EFI\\earlyseed\\random-seed: created \(96 bytes\) from the hardware sources; it rests on 256 bits$'
	expect "17a audit says so" "$d/a.log" '^initrd: audit:   token: +created; rests on 256 bits not from the CPU, 0 from it$'
	# boot services only: the OS never sees the token; it sees where the app is
	refute "17a the OS cannot read the token" "$d/a.log" '^initrd: efivar: EarlyseedToken'
	expect "17a the OS sees where the app is" "$d/a.log" '^initrd: efivar: EarlyseedImage-'
	es_img_get "$img" /EFI/earlyseed/random-seed "$d/seed.a"
	seeds+=("$(seed_of "$d/seed.a")")
	if [ ${#seeds[0]} = 192 ]; then ok "17a the image holds a 96-byte seed file"; else bad "17a the image holds a 96-byte seed file" "got '${seeds[0]}'"; fi
	case ${seeds[0]} in
	4553534545447632*) ok "17a it starts with earlyseed's header" ;;
	*) bad "17a it starts with earlyseed's header" "got '${seeds[0]:0:32}'" ;;
	esac

	for i in b c; do
		ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/$i.log" "$d/esp" -cpu qemu64
		summary "17$i summary: the file alone, table=32" "$d/$i.log" rdseed=0 rdrand=0 efi_rng=0 prev_table=0 seed_file=96 table=32 health.rdseed=absent health.rdrand=absent health.efi_rng=absent health.seed_file=pass
		expect "17$i rewritten before use" "$d/$i.log" '^earlyseed: seed_file: .*: rewritten \(96 bytes\) and flushed before use; it rests on 256 bits$'
		expect_table_consumed "17$i" "$d/$i.log"
		audit_matches "17$i audit record in the OS matches the summary" "$d/$i.log"
		es_img_get "$img" /EFI/earlyseed/random-seed "$d/seed.$i"
		s=$(seed_of "$d/seed.$i")
		if [ ${#s} = 192 ] && ! printf '%s\n' "${seeds[@]}" | grep -qx "$s"; then ok "17$i the file changed, unlike every earlier content"
		else bad "17$i the file changed, unlike every earlier content" "now '$s'" "before: ${seeds[*]}"; fi
		seeds+=("$s")
	done

	# d: a clone: the disk as it is now, a machine without the token
	cp "$img" "$d/clone.img"
	ES_ESP_IMG=$d/clone.img es_boot "$d/d.log" "$d/esp" -cpu qemu64
	expect "17d says why" "$d/d.log" '^earlyseed: health: seed_file: fail: no EarlyseedToken on this machine'
	expect "17d table=0" "$d/d.log" ' seed_file=96 table=0 health=.*seed_file:fail$'
	refute "17d no RNG= on the efi: line" "$d/d.log" 'efi: .*RNG='
	expect "17d reached /init" "$d/d.log" '^initrd: reached /init'

	ES_ESP_IMG=$img ES_VARS=$vars ES_ESP_RO=1 es_boot "$d/e.log" "$d/esp" -cpu qemu64
	expect "17e says why" "$d/e.log" '^earlyseed: health: seed_file: fail: the volume is read-only'
	expect "17e table=0" "$d/e.log" ' seed_file=96 table=0 health=.*seed_file:fail$'
	refute "17e no RNG= on the efi: line" "$d/e.log" 'efi: .*RNG='
	expect "17e reached /init" "$d/e.log" '^initrd: reached /init'

	MTOOLS_SKIP_CHECK=1 mattrib -i "$img" +r ::/EFI/earlyseed/random-seed
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/f.log" "$d/esp" -cpu qemu64
	expect "17f says why" "$d/f.log" '^earlyseed: health: seed_file: fail: it has the read-only attribute'
	expect "17f table=0" "$d/f.log" ' seed_file=96 table=0 health=.*seed_file:fail$'
	refute "17f no RNG= on the efi: line" "$d/f.log" 'efi: .*RNG='
	expect "17f reached /init" "$d/f.log" '^initrd: reached /init'
	es_img_get "$img" /EFI/earlyseed/random-seed "$d/seed.f"
	if [ "$(seed_of "$d/seed.f")" = "${seeds[2]}" ]; then ok "17e/f the file was left as it was"; else bad "17e/f the file was left as it was"; fi

	# g: what a crash mid-write leaves (zeros), on the machine with its
	# token and no hardware RNG: the rewrite is marked as resting on
	# nothing, so neither this boot nor the next counts it
	MTOOLS_SKIP_CHECK=1 mattrib -i "$img" -r ::/EFI/earlyseed/random-seed
	head -c 96 /dev/zero > "$d/zero"
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$img" "$d/zero" ::/EFI/earlyseed/random-seed
	for i in g h; do
		ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/$i.log" "$d/esp" -cpu qemu64
		expect "17$i table=0" "$d/$i.log" ' seed_file=96 table=0 health=.*seed_file:fail$'
		expect "17$i rewritten, resting on nothing" "$d/$i.log" '^earlyseed: seed_file: .*: rewritten \(96 bytes\) and flushed before use; it rests on 0 bits$'
		refute "17$i no RNG= on the efi: line" "$d/$i.log" 'efi: .*RNG='
		expect "17$i reached /init" "$d/$i.log" '^initrd: reached /init'
	done
	expect "17g says why" "$d/g.log" "^earlyseed: health: seed_file: fail: not in earlyseed's format"
	expect "17h says why" "$d/h.log" '^earlyseed: health: seed_file: fail: written by a boot whose sources held no counted bits'
}

# 19. The OS side as earlyseed-seed.service runs it, on a real FAT image:
#     the app is \EFI\BOOT\BOOTX64.EFI with its config beside it (naming
#     \EFI\BOOT\seed); the booted OS runs `earlyseed seed refresh`, which
#     finds that config through EarlyseedImage and refreshes that file; the
#     token is the app's (boot services only), so the OS keeps the app's
#     sealed header as it is and never raises its counts (Hardening IV, 2).
#     a. virtio-rng: the app creates the token and the file; the OS
#        refreshes it; b. no hardware RNG: the refreshed file alone seeds the
#        kernel. The token stays invisible to the OS.
boot19() {
	local d=$OUT/19 img vars s
	rm -rf "$d" && mkdir -p "$d"
	img=$d/esp.img vars=$d/vars.fd
	ES_CMDLINE="$ES_CMDLINE es.refresh=1" es_make_esp "$d/esp" earlyseed
	mv "$d/esp/EFI/earlyseed/earlyseed.conf" "$d/esp/EFI/BOOT/earlyseed.conf"
	printf 'seed_file = \\EFI\\BOOT\\seed\n' >> "$d/esp/EFI/BOOT/earlyseed.conf"
	es_make_img "$d/esp" "$img"
	cp "$ES_FW_VARS" "$vars"
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/a.log" "$d/esp" -cpu qemu64 -device virtio-rng-pci
	expect "19a the app read the config beside it" "$d/a.log" '^earlyseed: config: reading \\EFI\\BOOT\\earlyseed\.conf$'
	expect "19a created the file it names" "$d/a.log" '^earlyseed: seed_file: \\EFI\\BOOT\\seed: created \(96 bytes\)'
	expect "19a the OS tool read the same config" "$d/a.log" '^initrd: seed: config: \\EFI\\BOOT\\earlyseed\.conf$'
	expect "19a and refreshed that file" "$d/a.log" '^initrd: seed: seed file: /boot/efi/EFI/BOOT/seed refreshed \(96 bytes\)$'
	expect "19a the ESP was unmounted" "$d/a.log" '^initrd: seed: ESP unmounted$'
	refute "19a no token visible to the OS" "$d/a.log" '^initrd: efivar: EarlyseedToken'
	es_img_get "$img" /EFI/BOOT/seed "$d/seed.a"
	s=$(seed_of "$d/seed.a")
	# magic, then other_bits = 256 (0x0100), cpu_bits = 0: the app's header (virtio-rng), kept
	case $s in
	455353454544763200010000*) ok "19a the refreshed header rests on 256 non-CPU bits" ;;
	*) bad "19a the refreshed header rests on 256 non-CPU bits" "got '${s:0:32}'" ;;
	esac
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/b.log" "$d/esp" -cpu qemu64
	summary "19b the OS's file alone, table=32" "$d/b.log" rdseed=0 rdrand=0 efi_rng=0 prev_table=0 seed_file=96 table=32 health.seed_file=pass
	expect_table_consumed 19b "$d/b.log"
	expect "19b refreshed by the OS again" "$d/b.log" '^initrd: seed: seed file: /boot/efi/EFI/BOOT/seed refreshed'
	# earlyseed status, in that OS: this boot by earlyseed at 0, the next from the file
	expect "19b status: this boot" "$d/b.log" "^initrd: status: this boot: crng ready at \\[ +0\\.000000\\] by earlyseed's seed table, RNG=0x"
	expect "19b status: the seed file" "$d/b.log" '^initrd: status: seed file: /boot/efi/EFI/BOOT/seed: 96 bytes, rests on 256 bits; token held by the firmware$'
	expect "19b status: the next boot" "$d/b.log" '^initrd: status: next boot: seeded from the seed file$'
	expect "19b status: exit 0" "$d/b.log" '^initrd: status: exit 0$'
}

# 20. A command line longer than the kernel keeps (2048 bytes): the Linux
#     stub cuts it before the last blank outside quotes. Here that drops a
#     random.trust_cpu=on inside a quoted argument that runs past the cut, so
#     the kernel keeps random.trust_cpu=off from the start: with RDRAND alone
#     earlyseed must install no table (it counts no CPU source), and the
#     kernel's crng is not ready at 0.
boot20() {
	local log=$OUT/20-long-cmdline.log cmdline i=0
	cmdline="$ES_CMDLINE_BASE random.trust_cpu=off"
	while [ ${#cmdline} -lt 1990 ]; do cmdline="$cmdline es.pad$i=0123456789"; i=$((i + 1)); done
	cmdline="$cmdline random.trust_cpu=\"on"
	while [ ${#cmdline} -lt 2100 ]; do cmdline="$cmdline x"; done
	cmdline="$cmdline\""
	ES_CMDLINE=$cmdline es_make_esp "$OUT/esp20" earlyseed
	printf 'seed_file = none\n' >> "$OUT/esp20/EFI/earlyseed/earlyseed.conf"
	es_boot "$log" "$OUT/esp20"
	expect "20 the stub cut the line" "$log" 'Command line is too long: truncated to [0-9]+ bytes'
	summary "20 earlyseed counts no CPU source: table=0" "$log" rdseed=0 rdrand=512 table=0
	refute "20 no RNG= on the efi: line" "$log" 'efi: .*RNG='
	refute "20 crng not ready at 0" "$log" '^\[ +0\.000000\] random: crng init done'
	expect "20 reached /init" "$log" '^initrd: reached /init'
}

# 21. seed_file names the next stage (a typo): earlyseed turns the seed file
#     off, writes nothing, and the kernel it would have overwritten boots.
#     b. the same typo as edk2's FAT driver reads it (Hardening III, 3):
#        "\ vmlinuz" opens \vmlinuz (a leading blank is dropped); it rewrote
#        the kernel's first 4 KiB before.
# clash_boot N SEED_FILE SHOWN: seed_file = SEED_FILE beside next = \vmlinuz
clash_boot() {
	local n=$1 log=$OUT/$1-seed-file-is-the-kernel.log
	ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$OUT/esp$n" earlyseed
	printf 'seed_file = %s\n' "$2" >> "$OUT/esp$n/EFI/earlyseed/earlyseed.conf"
	es_make_img "$OUT/esp$n" "$OUT/$n.img"
	ES_ESP_IMG=$OUT/$n.img es_boot "$log" "$OUT/esp$n"
	expect "$n says so" "$log" "^earlyseed: config: seed_file $3 names the next stage: the seed file is turned off\$"
	expect_table_consumed "$n" "$log"
	es_img_get "$OUT/$n.img" /vmlinuz "$OUT/$n.vmlinuz"
	if cmp -s "$OUT/$n.vmlinuz" "$ES_KCACHE/vmlinuz"; then ok "$n the kernel on the ESP is untouched"
	else bad "$n the kernel on the ESP is untouched"; fi
	rm -f "$OUT/$n.img" "$OUT/$n.vmlinuz"
}
boot21() {
	clash_boot 21 '\VMLINUZ' '\\VMLINUZ'
	clash_boot 21b '\ vmlinuz' '\\vmlinuz'
}

# 22. A boot loader next (GRUB, an empty cmdline) whose kernel has
#     random.trust_cpu=off, on a machine whose only RNG is RDRAND (-cpu max):
#     a. earlyseed cannot see that command line: the kernel's defaults,
#        RDRAND counted; the OS's `earlyseed seed refresh` records its
#        kernel's trust in the seed file's header; a firmware RNG this first
#        boot makes the token rest on more than the CPU (a token made from
#        RDRAND alone would not let the file count under that trust: 25);
#     b. earlyseed takes it from there: it counts no CPU source, and seeds
#        the kernel from the OS's file alone;
#     c. an ESP writer clears the header's flag: EarlyseedKernelTrust, which
#        the refresh wrote in NVRAM, still keeps RDRAND out (Hardening IV, 1);
#     d. the file deleted, RDRAND alone: no table;
#     e. a `cmdline` line added to the config: still no table.
boot22() {
	local d=$OUT/22 img vars
	rm -rf "$d" && mkdir -p "$d"
	img=$d/esp.img vars=$d/vars.fd
	ES_CMDLINE="$ES_CMDLINE es.refresh=1" es_make_esp "$d/esp" grub
	es_make_img "$d/esp" "$img"
	cp "$ES_FW_VARS" "$vars"
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/a.log" "$d/esp" -device virtio-rng-pci
	summary "22a no command line: RDRAND counted" "$d/a.log" rdseed=0 rdrand=512 'efi_rng=[1-9][0-9]*' prev_table=0 seed_file=0 table=32
	expect "22a the token rests on the firmware RNG and RDRAND" "$d/a.log" '^earlyseed: token: created .*; it rests on 256 bits not from the CPU, 256 from it$'
	expect "22a the OS refreshed the file" "$d/a.log" '^initrd: seed: seed file: /boot/efi/EFI/earlyseed/random-seed refreshed \(96 bytes\)$'
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/b.log" "$d/esp"
	expect "22b earlyseed took the kernel's trust from the file" "$d/b.log" '^earlyseed: trust: no command line; the seed file says the last kernel had random\.trust_cpu=off$'
	expect "22b it counts no CPU source" "$d/b.log" '^earlyseed: trust: random\.trust_cpu=off: the kernel will not credit the CPU.s RNG, so its [0-9]+ bits'
	expect "22b the audit record says so" "$d/b.log" '^initrd: audit:   flags: .*cpu_untrusted'
	summary "22b seeded from the OS's file" "$d/b.log" rdseed=0 rdrand=512 efi_rng=0 prev_table=0 seed_file=96 table=32 health.seed_file=pass
	expect "22b crng init done at [0.000000]" "$d/b.log" '^\[ +0\.000000\] random: crng init done'
	expect "22a status names the one-boot lag" "$d/a.log" '^initrd: status: kernel trust: earlyseed counted the CPU.s RNG this boot, which this kernel does not trust'
	expect "22b the OS recorded the kernel's trust in NVRAM" "$d/a.log" '^initrd: seed: kernel trust: .*EarlyseedKernelTrust.* written: random\.trust_cpu=off'
	# c, d: an ESP writer clears the header's flag, then deletes the file
	# (Hardening IV, 1): EarlyseedKernelTrust, in NVRAM, still keeps RDRAND
	# out; with no file and RDRAND alone, no table at all
	es_img_get "$img" /EFI/earlyseed/random-seed "$d/seed"
	printf '\000' | dd of="$d/seed" bs=1 seek=12 conv=notrunc status=none
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$img" "$d/seed" ::/EFI/earlyseed/random-seed
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/c.log" "$d/esp"
	expect "22c the kernel's trust from NVRAM" "$d/c.log" '^earlyseed: trust: no command line; the OS.s kernel last ran with random\.trust_cpu=off \(EarlyseedKernelTrust\)$'
	refute "22c not from the header's flag" "$d/c.log" 'the seed file says the last kernel had'
	expect "22c it counts no CPU source" "$d/c.log" '^earlyseed: trust: random\.trust_cpu=off: the kernel will not credit the CPU.s RNG'
	MTOOLS_SKIP_CHECK=1 mdel -i "$img" ::/EFI/earlyseed/random-seed
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/d.log" "$d/esp"
	expect "22d the kernel's trust from NVRAM" "$d/d.log" '^earlyseed: trust: no command line; the OS.s kernel last ran with random\.trust_cpu=off \(EarlyseedKernelTrust\)$'
	summary "22d RDRAND alone, not counted: no table" "$d/d.log" rdseed=0 rdrand=512 efi_rng=0 prev_table=0 seed_file=0 table=0
	refute "22d no RNG= on the efi: line" "$d/d.log" 'efi: .*RNG='
	expect "22d reached /init" "$d/d.log" '^initrd: reached /init'
	# e: the ESP writer adds a command line to earlyseed's config (GRUB
	#    ignores its load options: the kernel still runs with
	#    random.trust_cpu=off); the line does not lift what NVRAM records
	#    (Hardening V, 1): RDRAND alone, still no table
	printf 'cmdline = quiet\n' >> "$d/esp/EFI/earlyseed/earlyseed.conf"
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$img" "$d/esp/EFI/earlyseed/earlyseed.conf" ::/EFI/earlyseed/earlyseed.conf
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/e.log" "$d/esp"
	expect "22e a config's command line: the kernel's trust still from NVRAM" "$d/e.log" \
		'^earlyseed: trust: the OS.s kernel last ran with random\.trust_cpu=off \(EarlyseedKernelTrust\)$'
	summary "22e RDRAND alone, not counted: no table" "$d/e.log" rdrand=512 table=0
	refute "22e no RNG= on the efi: line" "$d/e.log" 'efi: .*RNG='
	expect "22e the kernel ran with random.trust_cpu=off all the same" "$d/e.log" 'Kernel command line: .*random\.trust_cpu=off'
}

# 25. The token's own account (Hardening III, 1), as reproduced in OVMF:
#     a. -cpu max, no virtio-rng, the kernel's default trust: the token and
#        the file are made from RDRAND alone, and the token says so;
#     b. an ESP writer forges the file's header (256 bits not from the CPU,
#        the binding kept); -cpu qemu64 (no RDRAND) and random.trust_cpu=off:
#        the header fails the token's MAC (Hardening IV, 2), the file does
#        not count, one line says why, no table, no RNG=, and the audit
#        record in the OS gives the reason. (A forger who knows the token is
#        still held to the token's account: tests/efi/test_token.c.)
boot25() {
	local d=$OUT/25 img vars
	rm -rf "$d" && mkdir -p "$d"
	img=$d/esp.img vars=$d/vars.fd
	ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$d/esp" earlyseed
	es_make_img "$d/esp" "$img"
	cp "$ES_FW_VARS" "$vars"
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/a.log" "$d/esp"
	expect "25a the token rests on RDRAND alone" "$d/a.log" '^earlyseed: token: created .*; it rests on 0 bits not from the CPU, 256 from it$'
	expect "25a the file too" "$d/a.log" '^earlyseed: seed_file: .*: created \(96 bytes\) from the hardware sources; it rests on 256 bits$'
	es_img_get "$img" /EFI/earlyseed/random-seed "$d/seed"
	# the forgery: other_bits = 256, cpu_bits = 0 (bytes 8-11), all else kept
	printf '\000\001\000\000' | dd of="$d/seed" bs=1 seek=8 conv=notrunc status=none
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$img" "$d/seed" ::/EFI/earlyseed/random-seed
	# a later line wins: this boot's kernel does not trust the CPU
	printf 'cmdline = %s random.trust_cpu=off\n' "$ES_CMDLINE_BASE" >> "$d/esp/EFI/earlyseed/earlyseed.conf"
	MTOOLS_SKIP_CHECK=1 mcopy -o -i "$img" "$d/esp/EFI/earlyseed/earlyseed.conf" ::/EFI/earlyseed/earlyseed.conf
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/b.log" "$d/esp" -cpu qemu64
	expect "25b says why" "$d/b.log" "^earlyseed: health: seed_file: fail: its header fails the token's MAC"
	expect "25b table=0" "$d/b.log" ' seed_file=96 table=0 health=.*seed_file:fail$'
	refute "25b no RNG= on the efi: line" "$d/b.log" 'efi: .*RNG='
	refute "25b crng not ready at 0" "$d/b.log" '^\[ +0\.000000\] random: crng init done'
	expect "25b the audit record in the OS gives the reason" "$d/b.log" "^initrd: audit:   seed file: .*its header fails the token's MAC"
	expect "25b reached /init" "$d/b.log" '^initrd: reached /init'
}

# 23. Secure Boot (docs/secure-boot.md "Secure Boot"): OVMF enforcing it, with Debian's
#     snakeoil test key in PK, KEK and db; images signed with that key by
#     sbsign; -cpu max (RDRAND), the kernel's trust defaults.
SB_BASE="${ES_CMDLINE_BASE#initrd=\\initrd.img }"
# sb_esp DIR: the kernel signed with the test key (Debian's own signature
# is not in this db), the initramfs, no earlyseed yet.
sb_esp() {
	rm -rf "$1" && mkdir -p "$1/EFI/BOOT" "$1/EFI/earlyseed" "$1/EFI/debian"
	es_sign "$ES_KCACHE/vmlinuz" "$1/vmlinuz"
	cp "$ES_BUILD/initrd.img" "$1/initrd.img"
}
# sb_grub DIR: Debian's signed GRUB (trusted through shim only) at
# \EFI\debian\grubx64.efi, its config booting Debian's own signed kernel.
sb_grub() {
	es_fetch_sb_parts
	cp "$ES_CACHE/grubx64-signed.efi" "$1/EFI/debian/grubx64.efi"
	cp "$ES_KCACHE/vmlinuz" "$1/vmlinuz-debian"
	printf 'set timeout=0\nsearch --no-floppy --file --set=root /vmlinuz-debian\nlinux /vmlinuz-debian %s\ninitrd /initrd.img\nboot\n' \
		"$SB_BASE" > "$1/EFI/debian/grub.cfg"
	mkdir -p "$1/boot/grub" && cp "$1/EFI/debian/grub.cfg" "$1/boot/grub/grub.cfg"
}
# sb_shim OUT: shim 16.1 (shim-unsigned: Debian's CA built in) signed with the test key.
sb_shim() {
	es_fetch_sb_parts
	es_sign "$ES_CACHE/shimx64-unsigned.efi" "$1"
}
sb_boot() { ES_SECURE_BOOT=1 es_boot "$@"; }
boot23() {
	local d=$OUT/23 log
	rm -rf "$d" && mkdir -p "$d"
	es_sign "$ES_BUILD/earlyseed.efi" "$d/earlyseed.signed.efi"
	# a. signed earlyseed, then the signed kernel: seeded
	sb_esp "$d/a"
	cp "$d/earlyseed.signed.efi" "$d/a/EFI/BOOT/BOOTX64.EFI"
	printf 'next = \\vmlinuz\ncmdline = initrd=\\initrd.img %s\nseed_file = none\nverbose = yes\n' "$SB_BASE" > "$d/a/EFI/earlyseed/earlyseed.conf"
	log=$d/a.log
	sb_boot "$log" "$d/a"
	expect "23a Secure Boot is on" "$log" 'secureboot: Secure boot enabled'
	expect "23a the firmware started signed earlyseed" "$log" '^earlyseed: start$'
	expect_table_consumed 23a "$log" lockdown
	# b. the control: unsigned earlyseed is refused by the firmware, which
	#    goes on to its next boot option (the shell, which this db refuses
	#    too: the boot ends on the firmware's "No bootable option")
	sb_esp "$d/b"
	cp "$ES_BUILD/earlyseed.efi" "$d/b/EFI/BOOT/BOOTX64.EFI"
	log=$d/b.log
	sb_boot "$log" "$d/b"
	refute "23b unsigned earlyseed never ran" "$log" '^earlyseed: start$'
	expect "23b the firmware refused it" "$log" '^BdsDxe: failed to load Boot0002 .*: (Access Denied|Security Violation)$'
	expect "23b the firmware went on" "$log" '^BdsDxe: loading Boot0003'
	# c. signed earlyseed, a next stage this db does not trust (Debian's
	#    kernel as Debian signed it): one line names Secure Boot, the table
	#    (resting on RDRAND, which only this command line's trust allowed)
	#    is taken back, the firmware goes on
	sb_esp "$d/c"
	cp "$ES_KCACHE/vmlinuz" "$d/c/vmlinuz"
	cp "$d/earlyseed.signed.efi" "$d/c/EFI/BOOT/BOOTX64.EFI"
	cp "$d/a/EFI/earlyseed/earlyseed.conf" "$d/c/EFI/earlyseed/earlyseed.conf"
	log=$d/c.log
	sb_boot "$log" "$d/c"
	expect "23c one line names Secure Boot" "$log" '^earlyseed: error: Secure Boot refused next stage \\vmlinuz \(sign it with a key in db, or load it through shim\): (Security Violation|Access Denied)$'
	expect "23c the table taken back" "$log" '^earlyseed: table: taken back'
	expect "23c earlyseed returned it to the firmware" "$log" '^BdsDxe: failed to start Boot0002 .*: (Access Denied|Security Violation)$'
	expect "23c the firmware went on" "$log" '^BdsDxe: loading Boot0003'
	# d. signed earlyseed, then shim (signed with the test key), then
	#    Debian's GRUB and kernel (trusted by shim's built-in Debian CA)
	sb_esp "$d/d"
	sb_grub "$d/d"
	sb_shim "$d/d/EFI/debian/shimx64.efi"
	cp "$d/earlyseed.signed.efi" "$d/d/EFI/BOOT/BOOTX64.EFI"
	printf 'next = \\EFI\\debian\\shimx64.efi\nseed_file = none\nverbose = yes\n' > "$d/d/EFI/earlyseed/earlyseed.conf"
	log=$d/d.log
	sb_boot "$log" "$d/d"
	expect "23d earlyseed started shim" "$log" '^earlyseed: starting \\EFI\\debian\\shimx64\.efi$'
	expect_table_consumed 23d "$log" lockdown
	# e. shim first (as the firmware's boot entry), earlyseed as its second
	#    stage (a MOK-style grubx64.efi beside it, its config there too),
	#    then Debian's GRUB, which only shim trusts
	sb_esp "$d/e"
	sb_grub "$d/e"
	sb_shim "$d/e/EFI/BOOT/BOOTX64.EFI"
	cp "$d/earlyseed.signed.efi" "$d/e/EFI/BOOT/grubx64.efi"
	printf 'next = \\EFI\\debian\\grubx64.efi\nseed_file = none\nverbose = yes\n' > "$d/e/EFI/BOOT/earlyseed.conf"
	log=$d/e.log
	sb_boot "$log" "$d/e"
	expect "23e shim started earlyseed" "$log" '^earlyseed: start$'
	expect "23e earlyseed started Debian's GRUB" "$log" '^earlyseed: starting \\EFI\\debian\\grubx64\.efi$'
	expect_table_consumed 23e "$log" lockdown
	# f. the control: the same image without .sbat is refused by shim
	es_sign "$ES_BUILD/tests/earlyseed-nosbat.efi" "$d/e/EFI/BOOT/grubx64.efi"
	log=$d/f.log
	sb_boot "$log" "$d/e"
	refute "23f without .sbat shim never starts it" "$log" '^earlyseed: start$'
	expect "23f shim says why" "$log" 'Verification failed|SBAT'
	# g. the driver as an option ROM, signed (make sign with the test key),
	#    OVMF starting a signed kernel itself: the driver runs and seeds it
	#    (into a folder of its own: tests/tool.sh's make sign writes
	#    build/signed/ while this boot may run beside it)
	es_sb_key
	mkdir -p "$d/images" && cp "$ES_BUILD/earlyseed.efi" "$ES_BUILD/earlyseed-driver.efi" "$d/images/"
	scripts/sign.sh "$ES_CACHE/sb/db.key" "$ES_CACHE/sb/db.pem" "$d/images" > "$d/sign.log" 2>&1 ||
		bad "23g make sign" "$(tail -n 3 "$d/sign.log")"
	sb_esp "$d/g"
	log=$d/g.log
	sb_boot "$log" "$d/g" -kernel "$d/g/vmlinuz" -initrd "$ES_BUILD/initrd.img" -append "$SB_BASE" \
		-device "e1000,romfile=$d/images/signed/earlyseed.rom"
	expect "23g the signed driver ran" "$log" '^earlyseed: driver: ReadyToBoot: pass'
	expect "23g kernel has RNG=" "$log" 'efi: .*RNG='
	expect "23g crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	# h. the same ROM unsigned: Debian's OVMF still runs it (its
	#    PcdOptionRomImageVerificationPolicy is 0 as packaged); real
	#    firmware skips it. What this firmware does is recorded, not hidden.
	log=$d/h.log
	sb_boot "$log" "$d/g" -kernel "$d/g/vmlinuz" -initrd "$ES_BUILD/initrd.img" -append "$SB_BASE" \
		-device "e1000,romfile=$ES_BUILD/earlyseed.rom"
	expect "23h Debian's OVMF runs an unsigned ROM even so" "$log" '^earlyseed: driver: ReadyToBoot: pass'
}

# 24. What a boot prints (docs/app.md "What the app does, and what it prints"):
#     a. the default: a healthy boot prints one line, its summary;
#     b. verbose = quiet: none; c. a failure prints all the same.
boot24() {
	local log n
	ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$OUT/esp24" earlyseed
	sed -i '/^verbose = /d' "$OUT/esp24/EFI/earlyseed/earlyseed.conf"
	echo 'seed_file = none' >> "$OUT/esp24/EFI/earlyseed/earlyseed.conf"
	log=$OUT/24a-quiet-default.log
	es_boot "$log" "$OUT/esp24"
	n=$(grep -c '^earlyseed: ' "$log")
	if [ "$n" = 1 ]; then ok "24a a healthy boot prints one line"; else bad "24a a healthy boot prints one line" "$n lines"; fi
	summary "24a it is the summary" "$log" rdseed=0 rdrand=512 table=32
	expect_table_consumed 24a "$log" quiet
	echo 'verbose = quiet' >> "$OUT/esp24/EFI/earlyseed/earlyseed.conf"
	log=$OUT/24b-quiet.log
	es_boot "$log" "$OUT/esp24"
	refute "24b verbose = quiet: not a line" "$log" '^earlyseed: '
	expect_table_consumed 24b "$log" quiet
	log=$OUT/24c-quiet-failure.log
	es_boot "$log" "$OUT/esp24" -cpu max,-rdrand
	expect "24c a failure prints all the same" "$log" '^earlyseed: table: none installed: counted sources hold an assumed 0 of the 256 bits'
	expect "24c reached /init" "$log" '^initrd: reached /init'
}

# 18. The firmware driver as a PCI option ROM on QEMU's e1000
#     (build/earlyseed.rom, docs/driver.md "The firmware driver"); -cpu max (RDRAND,
#     trusted by the driver's default build), no virtio-rng.
ROM=(-device "e1000,romfile=$ES_BUILD/earlyseed.rom")
# a. OVMF starts the kernel itself (-kernel: no app, no ESP file) with
#    random.trust_cpu=off: the driver's table and its EFI_RNG_PROTOCOL reach
#    the Linux stub, which takes bytes from it and merges
#    them with our table; crng ready at 0. The same boot without the ROM is
#    boot 2: no RNG=.
boot18a() {
	local log=$OUT/18a-driver-direct.log
	es_make_esp "$OUT/esp18a" none
	es_boot "$log" "$OUT/esp18a" -kernel "$ES_KCACHE/vmlinuz" -initrd "$ES_BUILD/initrd.img" \
		-append "${ES_CMDLINE#initrd=\\initrd.img }" "${ROM[@]}" "${GUEST_CLOCK[@]}"
	summary "18a the driver ran at load" "$log" prefix='earlyseed: driver: at load: summary ' table=32
	expect "18a and at ReadyToBoot" "$log" '^earlyseed: driver: ReadyToBoot: pass 2'
	expect "18a kernel has RNG=" "$log" 'efi: .*RNG='
	expect "18a kernel read the stub's merged table (ours + its 32)" "$log" '^initrd: rng_table_size=64$'
	expect "18a crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	expect "18a the driver's record in the OS" "$log" '^initrd: driver audit:   flags: +rdrand table driver rng_protocol$'
	refute "18a no app ran" "$log" '^earlyseed: summary '
	attributed "18a the record accounts for 90% of the driver's time" "$log" 'initrd: driver audit: '
}
# b. The ROM, then the app from the ESP. With random.trust_cpu=off for its
#    kernel the app counts neither the driver's table nor its RNG (both rest
#    on RDRAND): table=0, the driver's table removed and its RNG protocol
#    uninstalled, so nothing of it reaches the kernel. c. Without it: the app
#    counts the driver's table (32 bytes, provenance) and its own RDRAND.
boot18b() {
	local log=$OUT/18b-driver-app-untrusted.log
	es_make_esp "$OUT/esp18b" earlyseed
	printf 'seed_file = none\n' >> "$OUT/esp18b/EFI/earlyseed/earlyseed.conf"
	es_boot "$log" "$OUT/esp18b" "${ROM[@]}"
	expect "18b the app sees one instance, earlyseed's own" "$log" "^earlyseed: efi_rng: instance 0: earlyseed's own \(a driver's Hash_DRBG\)"
	expect "18b and takes it away" "$log" '^earlyseed: efi_rng: instance 0 rests on sources this kernel.s trust settings exclude: uninstalled'
	expect "18b the driver's table is known" "$log" '^earlyseed: prev_table: 32 bytes mixed \(installed by an earlier earlyseed stage\)$'
	summary "18b summary table=0" "$log" rdseed=0 rdrand=512 efi_rng=0 prev_table=32 seed_file=0 table=0
	expect "18b the driver's table removed" "$log" '^earlyseed: prev_table: bad: removed so no kernel credits it'
	refute "18b no RNG= on the efi: line" "$log" 'efi: .*RNG='
	expect "18b reached /init" "$log" '^initrd: reached /init'
}
boot18c() {
	local log=$OUT/18c-driver-app-trusted.log
	ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$OUT/esp18c" earlyseed
	printf 'seed_file = none\n' >> "$OUT/esp18c/EFI/earlyseed/earlyseed.conf"
	es_boot "$log" "$OUT/esp18c" "${ROM[@]}"
	expect "18c the app sees one instance, earlyseed's own" "$log" "^earlyseed: efi_rng: instance 0: earlyseed's own"
	summary "18c summary table=32" "$log" rdseed=0 rdrand=512 efi_rng=0 prev_table=32 seed_file=0 table=32
	expect "18c the driver's table replaced by the app's" "$log" '^earlyseed: prev_table: replaced by ours, wiped and freed$'
	# the stub merged bytes from the one RNG protocol there, the driver's,
	# with the app's table (its GetRNG lines print with VERBOSE=1)
	expect "18c the stub used the driver's RNG after the app" "$log" '^initrd: rng_table_size=64$'
	expect "18c crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
}
# d. No ROM: the UEFI shell loads the driver (`load` in startup.nsh), after
#    ReadyToBoot, so it installs at load; the shell starts the kernel, which
#    reads the table.
boot18d() {
	local log=$OUT/18d-driver-shell.log
	es_make_esp "$OUT/esp18d" none
	cp "$ES_BUILD/earlyseed-driver.efi" "$OUT/esp18d/EFI/earlyseed/earlyseed-driver.efi"
	printf 'load fs0:\\EFI\\earlyseed\\earlyseed-driver.efi\r\nfs0:\\vmlinuz %s\r\n' "$ES_CMDLINE" > "$OUT/esp18d/startup.nsh"
	es_boot "$log" "$OUT/esp18d"
	expect "18d the shell loaded it" "$log" 'Image .*earlyseed-driver.efi. loaded at'
	summary "18d it installed at load" "$log" prefix='earlyseed: driver: summary ' table=32
	expect "18d kernel has RNG=" "$log" 'efi: .*RNG='
	expect "18d crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	expect "18d reached /init" "$log" '^initrd: reached /init'
}

# 26. The machine earlyseed is for: no CPU RNG the kernel trusts (-cpu
#     qemu64: no RDRAND), no RNG device, a TPM 2.0 (swtpm). On the very first
#     boot, with no seed file yet, the TPM alone seeds the kernel at
#     [0.000000]; without the TPM the same machine gets no table.
boot26a() {
	local log=$OUT/26a-tpm-app.log ES_CPU=(-cpu qemu64)
	es_make_esp "$OUT/esp26a" earlyseed
	ES_TPM=1 es_boot "$log" "$OUT/esp26a"
	expect "26a the TPM answered" "$log" '^earlyseed: tpm: TPM2_GetRandom: 64 bytes in [0-9]+ calls$'
	summary "26a seeded by the TPM alone" "$log" rdseed=0 rdrand=0 efi_rng=0 seed_file=0 tpm=64 table=32 health.tpm=pass health.rdrand=absent
	expect "26a no seed file before" "$log" '^earlyseed: seed_file: .*none yet'
	expect "26a kernel has RNG=" "$log" 'efi: .*RNG='
	expect_table_consumed 26a "$log"
	expect "26a crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	expect "26a the TPM made the token and the file" "$log" '^earlyseed: token: created from the hardware sources'
	audit_matches "26a audit record in the OS matches the summary" "$log"
	expect "26a the record names the TPM" "$log" '^initrd: audit:   flags: .*\btpm\b'
}
boot26b() {
	local log=$OUT/26b-no-tpm.log ES_CPU=(-cpu qemu64)
	es_make_esp "$OUT/esp26b" earlyseed
	es_boot "$log" "$OUT/esp26b"
	expect "26b no TPM" "$log" '^earlyseed: tpm: no EFI_TCG2_PROTOCOL'
	summary "26b no table" "$log" table=0 health.seed_file=absent
	refute "26b the summary names no TPM" "$log" "^earlyseed: summary .*tpm"
	refute "26b no RNG= on the efi: line" "$log" 'efi: .*RNG='
	refute "26b no crng at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	expect "26b reached /init" "$log" '^initrd: reached /init'
}
# c. The driver form (option ROM), a -kernel boot: no disk, no app; the TPM
#    alone seeds the table and the driver's EFI_RNG_PROTOCOL.
boot26c() {
	local log=$OUT/26c-tpm-driver.log ES_CPU=(-cpu qemu64)
	es_make_esp "$OUT/esp26c" none
	ES_TPM=1 es_boot "$log" "$OUT/esp26c" -kernel "$ES_KCACHE/vmlinuz" \
		-initrd "$ES_BUILD/initrd.img" -append "${ES_CMDLINE#initrd=\\initrd.img }" "${ROM[@]}"
	summary "26c the driver seeded from the TPM at load" "$log" prefix='earlyseed: driver: at load: summary ' tpm=64 table=32 health.tpm=pass
	expect "26c kernel has RNG=" "$log" 'efi: .*RNG='
	expect "26c crng init done at [0.000000]" "$log" '^\[ +0\.000000\] random: crng init done'
	expect "26c the driver's record in the OS" "$log" '^initrd: driver audit:   flags: +table driver rng_protocol tpm$'
}

# 27. The VM generation ID (-device vmgenid) and the SMBIOS system UUID
#     (-uuid): a VM's seed file counts boot after boot under its own ID and
#     UUID; its disk and variable store copied to a VM with another ID (a
#     clone, a reverted snapshot) do not count it (one line says why), and a
#     clone with a hardware RNG is still seeded; g. a copy booted as another
#     instance (another -uuid, as every cloud instance has; Hardening IV, 3):
#     not counted either, no table, one line why.
boot27() {
	local d=$OUT/27 img vars x=5a1d0e39-3c1f-4b7e-9d55-0c2f6a8b7e01 y=5a1d0e39-3c1f-4b7e-9d55-0c2f6a8b7e02 i
	local u=0b7c2f64-5f1e-4a57-9a3e-7d2b1c0e9f10 w=0b7c2f64-5f1e-4a57-9a3e-7d2b1c0e9f11
	local changed='the VM generation ID changed since it was written \(a clone, or a reverted snapshot\)'
	local moved='written under another SMBIOS system UUID \(a copied disk and variable store\)'
	rm -rf "$d" && mkdir -p "$d"
	img=$d/esp.img vars=$d/vars.fd
	es_make_esp "$d/esp" earlyseed
	es_make_img "$d/esp" "$img"
	cp "$ES_FW_VARS" "$vars"
	# -uuid: the SMBIOS system UUID (QEMU leaves it zero, "not present", without one)
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/a.log" "$d/esp" -cpu qemu64 -device virtio-rng-pci -device "vmgenid,guid=$x" \
		-uuid $u
	expect "27a the generation ID read" "$d/a.log" '^earlyseed: vmgenid: the VM generation ID mixed \(counts nothing\)'
	expect "27a the SMBIOS UUID read" "$d/a.log" '^earlyseed: smbios: the system UUID mixed'
	expect "27a seed file created" "$d/a.log" '^earlyseed: seed_file: .*: created \(96 bytes\)'
	for i in b c; do
		ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/$i.log" "$d/esp" -cpu qemu64 -device "vmgenid,guid=$x" -uuid $u
		summary "27$i the same VM: seeded from the file" "$d/$i.log" seed_file=96 table=32 health.seed_file=pass
		expect_table_consumed "27$i" "$d/$i.log"
	done
	# the clone: disk and variable store copied, another generation ID
	cp "$img" "$d/clone.img" && cp "$vars" "$d/clone.fd"
	ES_ESP_IMG=$d/clone.img ES_VARS=$d/clone.fd es_boot "$d/d.log" "$d/esp" -cpu qemu64 -device "vmgenid,guid=$y" -uuid $u
	expect "27d the clone's file does not count, and says why" "$d/d.log" "^earlyseed: health: seed_file: fail: $changed"
	count "27d one line says it" "$d/d.log" "^earlyseed: .*$changed" 1
	summary "27d no table" "$d/d.log" seed_file=96 table=0 health.seed_file=fail
	refute "27d no RNG= on the efi: line" "$d/d.log" 'efi: .*RNG='
	# the original VM goes on as before
	cp "$img" "$d/copy.img" && cp "$vars" "$d/copy.fd"
	ES_ESP_IMG=$img ES_VARS=$vars es_boot "$d/e.log" "$d/esp" -cpu qemu64 -device "vmgenid,guid=$x" -uuid $u
	summary "27e the original still seeded from its file" "$d/e.log" seed_file=96 table=32 health.seed_file=pass
	# a clone with a hardware RNG: seeded by that
	cp "$img" "$d/clone2.img" && cp "$vars" "$d/clone2.fd"
	ES_ESP_IMG=$d/clone2.img ES_VARS=$d/clone2.fd es_boot "$d/f.log" "$d/esp" -cpu qemu64 -device virtio-rng-pci \
		-device "vmgenid,guid=$y" -uuid $w
	expect "27f the file does not count" "$d/f.log" "^earlyseed: health: seed_file: fail: $changed"
	summary "27f seeded by the hardware RNG" "$d/f.log" efi_rng=64 table=32 health.efi_rng=pass health.seed_file=fail
	expect "27f kernel has RNG=" "$d/f.log" 'efi: .*RNG='
	expect "27f crng init done at [0.000000]" "$d/f.log" '^\[ +0\.000000\] random: crng init done'
	# the OS's record says why the file did not count
	expect "27f the record in the OS says why" "$d/f.log" "^initrd: audit:   seed file: .*$changed"
	# g: the copy as another instance: the same generation ID (a host that
	# has none to give would fail the file anyway), another SMBIOS UUID
	ES_ESP_IMG=$d/copy.img ES_VARS=$d/copy.fd es_boot "$d/g.log" "$d/esp" -cpu qemu64 -device "vmgenid,guid=$x" -uuid $w
	expect "27g the copy's file does not count, and says why" "$d/g.log" "^earlyseed: health: seed_file: fail: $moved"
	count "27g one line says it" "$d/g.log" "^earlyseed: .*$moved" 1
	summary "27g no table" "$d/g.log" seed_file=96 table=0 health.seed_file=fail
	refute "27g no RNG= on the efi: line" "$d/g.log" 'efi: .*RNG='
	expect "27g the record in the OS says why" "$d/g.log" "^initrd: audit:   seed file: .*$moved"
}

# 28. The firmware with the driver built in (make ovmf: Debian's OVMF with
#     build/earlyseed-driver.ffs in its DXE volume), a -kernel boot: no ESP,
#     no option ROM. (a) -cpu max, no RNG device: the embedded driver seeds
#     the kernel at [0.000000]; (b) -cpu qemu64, no source: no table, one
#     line says why; (c) the control: stock OVMF, -cpu max, no RNG device,
#     no RNG=; (d) the Secure Boot build runs the embedded driver too.
boot28() {
	local d=$OUT/28 code=$ES_BUILD/ovmf/OVMF_CODE_4M.fd kargs
	rm -rf "$d" && mkdir -p "$d"
	if [ ! -s "$code" ]; then bad "28 make ovmf built $code" "run make ovmf"; return; fi
	# an independent parser lists the file (UEFIExtract, Debian's uefitool-cli)
	for f in "$code" "$ES_BUILD/ovmf/OVMF_CODE_4M.secboot.fd"; do
		cp "$f" "$d/x.fd" && (cd "$d" && UEFIExtract x.fd report > /dev/null 2>&1)
		expect "28 UEFIExtract finds the driver in ${f##*/}" "$d/x.fd.report.txt" \
			'DXE driver .*8ACD5D9F-D932-41CA-B2B2-0C86106B0893 \| EarlyseedDxe'
		rm -rf "$d/x.fd" "$d/x.fd.report.txt"
	done
	kargs=(-kernel "$ES_KCACHE/vmlinuz" -initrd "$ES_BUILD/initrd.img" -append "$SB_BASE")
	ES_FW_CODE=$code es_boot "$d/a.log" "$d" -cpu max "${kargs[@]}"
	summary "28a the embedded driver seeded at load" "$d/a.log" prefix='earlyseed: driver: at load: summary ' table=32
	expect "28a kernel has RNG=" "$d/a.log" 'efi: .*RNG='
	expect "28a crng init done at [0.000000]" "$d/a.log" '^\[ +0\.000000\] random: crng init done'
	expect "28a the driver's record in the OS" "$d/a.log" '^initrd: driver audit:   flags: .*table driver rng_protocol'
	ES_FW_CODE=$code es_boot "$d/b.log" "$d" -cpu qemu64 "${kargs[@]}"
	expect "28b no source: says why" "$d/b.log" '^earlyseed: table: none installed: counted sources hold an assumed 0 of the 256 bits'
	refute "28b no RNG= on the efi: line" "$d/b.log" 'efi: .*RNG='
	expect "28b reached /init" "$d/b.log" '^initrd: reached /init'
	es_boot "$d/c.log" "$d" -cpu max "${kargs[@]}"
	refute "28c stock OVMF: no earlyseed" "$d/c.log" '^earlyseed:'
	refute "28c stock OVMF: no RNG=" "$d/c.log" 'efi: .*RNG='
	es_sb_key
	sb_esp "$d/sb"
	ES_FW_CODE_SB=$ES_BUILD/ovmf/OVMF_CODE_4M.secboot.fd sb_boot "$d/d.log" "$d/sb" -cpu max \
		-kernel "$d/sb/vmlinuz" -initrd "$ES_BUILD/initrd.img" -append "$SB_BASE"
	expect "28d Secure Boot: the embedded driver ran" "$d/d.log" '^earlyseed: driver: ReadyToBoot: pass'
	expect "28d kernel has RNG=" "$d/d.log" 'efi: .*RNG='
	# e, f. random.trust_cpu=off on the kernel line: the driver cannot see
	#    it, so the first boot counts RDRAND (the one-boot lag docs/driver.md
	#    states); the OS records the distrust (`earlyseed seed refresh`
	#    writes EarlyseedKernelTrust), and from the next boot on the driver
	#    counts no CPU source: no table against a recorded distrust.
	es_make_esp "$d/esp" none
	es_make_img "$d/esp" "$d/esp.img"
	cp "$ES_FW_VARS" "$d/vars.fd"
	kargs=(-kernel "$ES_KCACHE/vmlinuz" -initrd "$ES_BUILD/initrd.img" -append "$SB_BASE random.trust_cpu=off es.refresh=1")
	ES_FW_CODE=$code ES_ESP_IMG=$d/esp.img ES_VARS=$d/vars.fd es_boot "$d/e.log" "$d/esp" -cpu max "${kargs[@]}"
	expect "28e the OS records the distrust" "$d/e.log" '^initrd: seed: kernel trust: .*EarlyseedKernelTrust'
	ES_FW_CODE=$code ES_ESP_IMG=$d/esp.img ES_VARS=$d/vars.fd es_boot "$d/f.log" "$d/esp" -cpu max "${kargs[@]}"
	expect "28f the driver read it" "$d/f.log" '^earlyseed: driver: the OS.s kernel last ran with random.trust_cpu=off'
	summary "28f no CPU counted, no table" "$d/f.log" prefix='earlyseed: driver: at load: summary ' table=0
	refute "28f no RNG= on the efi: line" "$d/f.log" 'efi: .*RNG='
}

# 30. Hyper-V's ACPI OEM0 table (Linux drivers/hv/hv_common.c), as QEMU
#     gives it (-acpitable sig=OEM0,oem_table_id=MICROSFT): 64 bytes of the
#     host's entropy, -cpu qemu64, no RNG device, random.trust_cpu=off: OEM0
#     alone seeds the kernel at [0.000000], and the OS finds the table cut
#     to its 36-byte header, as Linux leaves it. The control: another OEM
#     table id is not read.
boot30() {
	local d=$OUT/30
	rm -rf "$d" && mkdir -p "$d"
	head -c 64 /dev/urandom > "$d/oem0.bin"
	es_make_esp "$d/esp" earlyseed
	es_boot "$d/a.log" "$d/esp" -cpu qemu64 -acpitable "sig=OEM0,oem_id=VRTUAL,oem_table_id=MICROSFT,data=$d/oem0.bin"
	expect "30a earlyseed read OEM0" "$d/a.log" "^earlyseed: oem0: Hyper-V's ACPI OEM0 table: 64 bytes mixed"
	summary "30a OEM0 alone, a table" "$d/a.log" rdrand=0 efi_rng=0 oem0=64 table=32 health.oem0=pass
	expect_table_consumed 30a "$d/a.log"
	expect "30a the OS finds the table cut to its header" "$d/a.log" '^initrd: acpi: OEM0 36 bytes$'
	expect "30a earlyseed says it zeroed it" "$d/a.log" '^earlyseed: oem0: zeroed in the ACPI table, as Linux does'
	es_boot "$d/b.log" "$d/esp" -cpu qemu64 -acpitable "sig=OEM0,oem_id=OTHER,oem_table_id=OTHERTBL,data=$d/oem0.bin"
	expect "30b another table id: not read" "$d/b.log" '^earlyseed: oem0: an OEM0 table with no entropy'
	summary "30b no table" "$d/b.log" table=0
	expect "30b the OS finds it whole" "$d/b.log" '^initrd: acpi: OEM0 100 bytes$'
}

# 31. The initrd through LoadFile2 (the stub's way on every architecture,
#     and riscv64's only one): `initrd = \initrd.img` in the config and no
#     initrd= on the command line; the kernel's EFI stub loads it from the
#     LINUX_EFI_INITRD_MEDIA_GUID device path earlyseed serves, and /init
#     runs (without it the kernel would panic with no root).
boot31() {
	local d=$OUT/31
	rm -rf "$d" && mkdir -p "$d"
	ES_CMDLINE="${ES_CMDLINE#initrd=\\initrd.img }" es_make_esp "$d/esp" earlyseed
	printf 'initrd = \\initrd.img\n' >> "$d/esp/EFI/earlyseed/earlyseed.conf"
	es_boot "$d/a.log" "$d/esp" -cpu max
	expect "31 earlyseed serves it" "$d/a.log" '^earlyseed: initrd: \\initrd\.img served through LoadFile2 \(LINUX_EFI_INITRD_MEDIA_GUID\)$'
	expect "31 the stub loaded it from the device path" "$d/a.log" 'Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path'
	refute "31 not from the command line" "$d/a.log" 'Loaded initrd from command line option'
	refute "31 no initrd= on the kernel's command line" "$d/a.log" '^\[ +0\.000000\] Command line: .*initrd='
	expect "31 reached /init" "$d/a.log" '^initrd: reached /init'
}

# tests/boot/qemu.sh [N...]: the named boots only (default: all).
for n in ${*:-$BOOTS}; do "boot$n"; done
