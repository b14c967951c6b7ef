#!/usr/bin/env bash
# The main job (docs/commands.md "make run"): boot a real Debian kernel through
# earlyseed in QEMU/OVMF and show what the kernel did with the seed (with
# ES_ARCH=aarch64, make run ARCH=aarch64: under AAVMF, below).
#
# By default, two boots of one machine (one FAT disk image, one OVMF
# variable store), both with random.trust_cpu=off:
#   boot 1  a firmware RNG (virtio-rng): earlyseed creates the token and the
#           seed file on the ESP;
#   boot 2  no hardware RNG at all (-cpu qemu64: no RDRAND; no virtio-rng):
#           the seed file alone makes the kernel's crng ready at 0.000000.
# One boot of your own instead, on an ESP folder:
#   VIRTIO_RNG=1    add -device virtio-rng-pci (firmware EFI_RNG_PROTOCOL)
#   CPU=...         QEMU -cpu model (default max: RDRAND, no RDSEED under TCG)
#   TRUST_CPU=off   pass random.trust_cpu=off: earlyseed then counts no CPU source
#   ACCEL=kvm       use KVM instead of TCG (nested KVM fails on many VMs)
set -euo pipefail
# make run always boots, and keeps its boots for make check (the boot memo,
# tests/boot/harness.sh): the same machine is not booted twice.
export ES_MEMO=${ES_MEMO:-store}
. "$(dirname "$0")/../tests/boot/harness.sh"
es_trap_errors

es_prepare
OUT=$ES_BUILD/run
mkdir -p "$OUT"

# make run ARCH=aarch64: one boot of Debian's arm64 kernel through
# build/aarch64/earlyseed.efi under qemu-system-aarch64 -M virt with AAVMF
# (-cpu max: FEAT_RNG, the kernel's trust defaults), and its outcome.
if [ "$ES_ARCH" = aarch64 ]; then
	ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$OUT/esp" earlyseed
	log=$OUT/serial.log
	echo "earlyseed: booting $(cat "$ES_KCACHE/vmlinuz.version") via build/aarch64/earlyseed.efi (AAVMF, TCG, log $log)"
	es_boot "$log" "$OUT/esp"
	es_show_boot "one boot" "$log" on
	exit 0
fi


if [ -n "${VIRTIO_RNG:-}${CPU:-}${TRUST_CPU:-}" ]; then
	ES_CMDLINE=$ES_CMDLINE_BASE
	[ "${TRUST_CPU:-on}" = off ] && ES_CMDLINE="$ES_CMDLINE random.trust_cpu=off"
	es_make_esp "$OUT/esp" earlyseed
	extra=()
	[ "${VIRTIO_RNG:-0}" = 1 ] && extra+=(-device virtio-rng-pci)
	[ -n "${CPU:-}" ] && extra+=(-cpu "$CPU")
	log=$OUT/serial.log
	echo "earlyseed: booting $(cat "$ES_KCACHE/vmlinuz.version") via build/earlyseed.efi" \
		"(accel=$ES_ACCEL, timeout ${ES_BOOT_TIMEOUT}s, log $log)"
	es_boot "$log" "$OUT/esp" "${extra[@]}"
	es_show_boot "one boot" "$log" "${TRUST_CPU:-on}"
	exit 0
fi

# The machine: a FAT ESP image and its own variable store, kept between boots.
ES_CMDLINE="$ES_CMDLINE_BASE random.trust_cpu=off"
es_make_esp "$OUT/esp" earlyseed
es_make_img "$OUT/esp" "$OUT/esp.img"
cp "$ES_FW_VARS" "$OUT/vars.fd"
[ "$ES_ACCEL" = kvm ] && echo "earlyseed: note: ACCEL=kvm uses -cpu host for both boots; boot 2 needs a CPU without RDRAND"
cpu=(-cpu qemu64)
[ "$ES_ACCEL" = kvm ] && cpu=()

echo "earlyseed: boot 1 of 2: $(cat "$ES_KCACHE/vmlinuz.version") via build/earlyseed.efi, a firmware RNG" \
	"(virtio-rng), random.trust_cpu=off (accel=$ES_ACCEL, timeout ${ES_BOOT_TIMEOUT}s, log $OUT/boot1.log)"
ES_ESP_IMG=$OUT/esp.img ES_VARS=$OUT/vars.fd es_boot "$OUT/boot1.log" "$OUT/esp" "${cpu[@]}" -device virtio-rng-pci
es_show_boot "boot 1: a firmware RNG creates the token and the seed file" "$OUT/boot1.log" off
es_img_get "$OUT/esp.img" /EFI/earlyseed/random-seed "$OUT/seed.1"
[ -s "$OUT/seed.1" ] || es_die "boot 1 left no seed file on the ESP image (see $OUT/boot1.log)"

echo
echo "earlyseed: boot 2 of 2: the same machine with no hardware RNG at all (-cpu qemu64, no virtio-rng)," \
	"random.trust_cpu=off (log $OUT/boot2.log)"
ES_ESP_IMG=$OUT/esp.img ES_VARS=$OUT/vars.fd es_boot "$OUT/boot2.log" "$OUT/esp" "${cpu[@]}"
es_show_boot "boot 2: no hardware RNG, seeded from the file alone" "$OUT/boot2.log" off
es_img_get "$OUT/esp.img" /EFI/earlyseed/random-seed "$OUT/seed.2"

echo
echo "======== what the two boots show ========"
mine=$(es_installed_addr "$OUT/boot2.log")
kern=$(es_kernel_rng_addr "$OUT/boot2.log")
crng=$(sed -n 's/^\[ *\([0-9.]*\)\] random: crng init done.*$/\1/p' "$OUT/boot2.log" | head -n1)
grep -q '^earlyseed: token: created' "$OUT/boot1.log" && echo "boot 1: the token was created (NVRAM, once) and the seed file written"
if es_same_addr "$mine" "$kern" && [ "$crng" = 0.000000 ]; then
	echo "boot 2: the kernel's RNG= is earlyseed's table, made from the seed file alone; crng init done at [0.000000]"
else
	es_die "boot 2 was not seeded from the file (earlyseed table 0x${mine:-none}, kernel RNG=0x${kern:-none}, crng at ${crng:-never}); see $OUT/boot2.log"
fi
if [ -s "$OUT/seed.2" ] && ! cmp -s "$OUT/seed.1" "$OUT/seed.2"; then
	echo "boot 2: the seed file was rewritten before use: its next contents differ (never the seed handed on)"
fi
