#!/usr/bin/env bash
# How tests/vectors/ffs-edk2.ffs was made, once, with edk2's own GenSec and
# GenFfs (edk2 2022.11 as Debian 12 ships its source; BaseTools/Source/C,
# `make -C Common && make -C GenSec && make -C GenFfs`), from the PE image
# tests/vectors/ffs-input.efi (a minimal boot-service driver PE) and a
# dependency expression assembled here from the GUIDs' text (Python's
# uuid.bytes_le), not from host/ffstool.c. tests/host/test_ffstool.c checks that
# `earlyseed ffs` makes the same bytes from the same input.
#   tests/vectors/ffs.sh BASETOOLS_BIN_DIR
set -euo pipefail
bin=${1:?usage: tests/vectors/ffs.sh BASETOOLS_BIN_DIR}
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp/depex.bin" <<'PY'
import sys, uuid
guids = ["1e5668e2-8481-11d4-bcf1-0080c73c8881",  # gEfiVariableArchProtocolGuid
         "6441f818-6362-4e44-b570-7dba31dd2453",  # gEfiVariableWriteArchProtocolGuid
         "27cfac87-46cc-11d4-9a38-0090273fc14d",  # gEfiRealTimeClockArchProtocolGuid
         "1da97072-bddc-4b30-99f1-72a0b56fff2a",  # gEfiMonotonicCounterArchProtocolGuid
         "26baccb3-6f42-11d4-bce7-0080c73c8881",  # gEfiTimerArchProtocolGuid
         "26baccb2-6f42-11d4-bce7-0080c73c8881"]  # gEfiMetronomeArchProtocolGuid
out = bytearray()
for i, g in enumerate(guids):
    out += b"\x02" + uuid.UUID(g).bytes_le   # PUSH
    if i > 0:
        out += b"\x03"                       # AND
out += b"\x08"                               # END
open(sys.argv[1], "wb").write(out)
PY
"$bin/GenSec" -s EFI_SECTION_DXE_DEPEX -o "$tmp/1.sec" "$tmp/depex.bin"
"$bin/GenSec" -s EFI_SECTION_PE32 -o "$tmp/2.sec" ffs-input.efi
"$bin/GenSec" -s EFI_SECTION_USER_INTERFACE -n EarlyseedDxe -o "$tmp/3.sec"
"$bin/GenSec" -s EFI_SECTION_VERSION -n 1.0 -j 0 -o "$tmp/4.sec"
"$bin/GenFfs" -t EFI_FV_FILETYPE_DRIVER -g 8acd5d9f-d932-41ca-b2b2-0c86106b0893 \
	-i "$tmp/1.sec" -i "$tmp/2.sec" -i "$tmp/3.sec" -i "$tmp/4.sec" -o ffs-edk2.ffs
