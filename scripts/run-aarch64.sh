#!/usr/bin/env bash
# make run ARCH=aarch64: one boot of Debian's arm64 kernel through
# build/aarch64/earlyseed.efi under qemu-system-aarch64 -M virt with AAVMF
# (-cpu max: FEAT_RNG, the kernel's trust defaults), and its outcome.
set -euo pipefail
. "$(dirname "$0")/../tests/boot/harness.sh"
es_trap_errors
es_a64_prepare
OUT=$ES_A64_BUILD/run
mkdir -p "$OUT"
es_a64_make_esp "$OUT/esp" "$ES_A64_CMDLINE_BASE"
log=$OUT/serial.log
echo "earlyseed: booting $(cat "$ES_A64_CACHE/vmlinuz.version") via build/aarch64/earlyseed.efi (AAVMF, TCG, log $log)"
es_a64_boot "$log" "$OUT/esp"
es_show_boot "one boot" "$log" on
