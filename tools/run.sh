#!/usr/bin/env bash
# The main job (README): boot a real Debian kernel through earlyseed in
# QEMU/OVMF and show what the kernel did with the seed.
#   ACCEL=kvm       use KVM instead of TCG (nested KVM fails on many VMs)
#   VIRTIO_RNG=1    add -device virtio-rng-pci (firmware EFI_RNG_PROTOCOL)
#   CPU=...         QEMU -cpu model (default max: RDRAND, no RDSEED under TCG)
#   TRUST_CPU=off   pass random.trust_cpu=off: earlyseed then counts no CPU source
set -euo pipefail
. "$(dirname "$0")/lib.sh"
es_trap_errors
# The kernel's own trust defaults unless asked otherwise.
ES_CMDLINE=$ES_CMDLINE_BASE
[ "${TRUST_CPU:-on}" = off ] && ES_CMDLINE="$ES_CMDLINE random.trust_cpu=off"

es_prepare
OUT=$ES_BUILD/run
mkdir -p "$OUT"
es_make_esp "$OUT/esp" earlyseed
extra=()
[ "${VIRTIO_RNG:-0}" = 1 ] && extra+=(-device virtio-rng-pci)
[ -n "${CPU:-}" ] && extra+=(-cpu "$CPU")
log=$OUT/serial.log

echo "earlyseed: booting $(cat "$ES_CACHE/vmlinuz.version") via build/earlyseed.efi" \
	"(accel=$ES_ACCEL, timeout ${ES_BOOT_TIMEOUT}s, log $log)"
es_boot "$log" "$OUT/esp" "${extra[@]}"

echo "---- earlyseed (UEFI console) ----"
grep -E '^(earlyseed:|EFI stub:)' "$log" || true
echo "---- kernel ----"
grep -E 'efi: .*(ACPI|RNG)=|random: |^initrd:' "$log" || true
echo "---- outcome ----"
mine=$(es_installed_addr "$log")
kern=$(es_kernel_rng_addr "$log")
crng=$(sed -n 's/^\[ *\([0-9.]*\)\] random: crng init done.*$/\1/p' "$log" | head -n1)
avail=$(sed -n 's/^initrd: entropy_avail=\([0-9]*\)$/\1/p' "$log" | head -n1)
size=$(sed -n 's/^initrd: rng_table_size=\([0-9]*\)$/\1/p' "$log" | head -n1)

if [ -z "$mine" ]; then
	echo "earlyseed installed no table (see its log lines above)"
else
	echo "earlyseed installed its table at 0x$mine"
fi
if [ -z "$kern" ]; then
	echo "kernel: no RNG= on its efi: line: it found no seed table"
elif es_same_addr "$mine" "$kern"; then
	echo "kernel: RNG=0x$kern is the table earlyseed installed (${size:-?} bytes)"
else
	echo "kernel: RNG=0x$kern is not earlyseed's table: a later stage replaced it" \
		"(the Linux stub merges its own EFI_RNG bytes with ours; ${size:-?} bytes)"
fi
if [ -n "$crng" ]; then
	if [ "${TRUST_CPU:-on}" = off ]; then
		echo "kernel: random: crng init done at [$crng] (random.trust_cpu=off: only the table can do that at 0.000000)"
	else
		echo "kernel: random: crng init done at [$crng] (the kernel trusts the CPU's RNG here too; TRUST_CPU=off shows the table alone)"
	fi
else
	echo "kernel: crng not initialized before /init"
fi
echo "kernel: entropy_avail=${avail:-unknown} at /init"
grep -q '^initrd: reached /init' "$log" || es_die "the kernel did not reach /init within ${ES_BOOT_TIMEOUT}s (see $log)"
