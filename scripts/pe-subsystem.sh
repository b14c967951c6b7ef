#!/usr/bin/env bash
# scripts/pe-subsystem.sh IMAGE N: set a PE32+ image's Subsystem (10 an
# application, 11 a boot-service driver) in place: the optional header
# starts 24 bytes after the PE signature (its offset at 0x3c), and
# Subsystem is its u16 at 68 (PE/COFF specification, "Optional Header
# Windows-Specific Fields"). For a crt0 that writes the header itself
# with a fixed subsystem (GNU-EFI 3.0.18's riscv64).
set -euo pipefail
img=$1 n=$2
[ "$(head -c 2 "$img")" = MZ ] || { echo "$0: $img is not a PE image" >&2; exit 1; }
pe=$(od -An -t u4 -j 60 -N 4 "$img" | tr -d ' ')
[ "$(dd if="$img" bs=1 skip="$pe" count=4 status=none | od -An -c | tr -d ' ')" = 'PE\0\0' ] ||
	{ echo "$0: $img has no PE signature at $pe" >&2; exit 1; }
printf "$(printf '\\%03o\\%03o' $((n & 255)) $((n >> 8)))" |
	dd of="$img" bs=1 seek=$((pe + 24 + 68)) conv=notrunc status=none
