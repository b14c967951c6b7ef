#!/usr/bin/env bash
# scripts/bench-boot.sh (make bench): where the app's time goes in one real
# boot: Debian's kernel under QEMU/OVMF (TCG, the harness make run uses),
# earlyseed's record as the booted OS reads it: time per source, per step,
# and the share they account for. A boot's cycle counts under TCG are the
# emulator's, not a machine's: compare steps with each other, not with
# another machine.
set -euo pipefail
. "$(dirname "$0")/../tests/boot/harness.sh"
es_trap_errors
OUT=$ES_BUILD/bench-boot
rm -rf "$OUT" && mkdir -p "$OUT"
es_prepare > /dev/null
# a machine with a disk kept, so the seed file's write and flush are timed
ES_CMDLINE=$ES_CMDLINE_BASE es_make_esp "$OUT/esp" earlyseed
es_make_img "$OUT/esp" "$OUT/esp.img"
cp "$ES_FW_VARS" "$OUT/vars.fd"
for b in 1 2; do
	ES_ESP_IMG=$OUT/esp.img ES_VARS=$OUT/vars.fd es_boot "$OUT/boot$b.log" "$OUT/esp"
done
lines=$(sed -n 's/^initrd: audit:   \(time .*\)$/\1/p' "$OUT/boot2.log")
[ -n "$lines" ] || es_die "the boot left no record to read ($OUT/boot2.log)"
echo "one boot of build/earlyseed.efi (its second, a seed file kept; QEMU TCG, -cpu max), as the OS read its record:"
printf '%s\n' "$lines" | sed 's/^/  /'
