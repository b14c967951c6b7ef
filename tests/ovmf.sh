#!/usr/bin/env bash
# scripts/ovmf.py (make ovmf) fails like the rest of the tool (Hardening IV,
# 9): on a malformed firmware image or FFS file it prints one
# "scripts/ovmf.py: ..." line, exits non-zero, writes no output and never a
# Python traceback; it refuses an FFS whose body is corrupt (its sections,
# its dependency expression, its PE image, as `earlyseed ffs`'s parser reads
# them) and a truncated image. The good case first, so a script that refuses
# everything fails here. Inputs: Debian's OVMF and build/earlyseed-driver.ffs.
set -uo pipefail
cd "$(dirname "$0")/.."
TAP_NAME=ovmf.py
. tests/tap.sh

fd=${ES_OVMF_CODE_IN:-/usr/share/OVMF/OVMF_CODE_4M.fd}
ffs=build/earlyseed-driver.ffs
if [ ! -s "$fd" ] || [ ! -s "$ffs" ]; then
	bad "inputs" "need $fd (apt-get install ovmf) and $ffs (make)"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# refused NAME IN.fd FILE.ffs [PATTERN]: non-zero, one line, no output file
refused() {
	local name=$1 in=$2 f=$3 want=${4:-}
	rm -f "$tmp/out.fd" "$tmp/out.fd.tmp"
	python3 scripts/ovmf.py "$in" "$f" "$tmp/out.fd" > "$tmp/stdout" 2> "$tmp/stderr"
	local rc=$? lines
	lines=$(wc -l < "$tmp/stderr")
	if [ "$rc" -ne 0 ] && [ "$lines" -eq 1 ] && grep -q '^scripts/ovmf.py: ' "$tmp/stderr" &&
		! grep -q Traceback "$tmp/stderr" && [ ! -s "$tmp/stdout" ] && [ ! -e "$tmp/out.fd" ] &&
		[ ! -e "$tmp/out.fd.tmp" ] && { [ -z "$want" ] || grep -qE -- "$want" "$tmp/stderr"; }; then
		ok "$name"
	else
		bad "$name" "rc $rc, $lines stderr lines: $(head -c 300 "$tmp/stderr")"
	fi
}

# flip FILE OFFSET BIT OUT: a copy of FILE with one bit flipped
flip() {
	cp "$1" "$4"
	python3 - "$4" "$2" "$3" <<'EOF'
import sys
p, at, bit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
b = bytearray(open(p, "rb").read())
b[at] ^= 1 << bit
open(p, "wb").write(b)
EOF
}

# good NAME IN.fd FILE.ffs MADE: the script takes the driver into the
# image. make ovmf (which make check runs first) made MADE from the same
# inputs with the same script: when it is newer than all three, that run
# is the proof (the LZMA work is the slow part, ~20 s an image); else the
# script runs here.
good() {
	local name=$1 in=$2 f=$3 made=$4
	if [ -s "$made" ] && [ "$made" -nt "$f" ] && [ "$made" -nt scripts/ovmf.py ] && [ "$made" -nt "$in" ]; then
		ok "$name (make ovmf made ${made#build/})"
	elif python3 scripts/ovmf.py "$in" "$f" "$tmp/good.fd" 2> "$tmp/stderr" && [ -s "$tmp/good.fd" ]; then
		ok "$name"
	else
		bad "$name" "$(cat "$tmp/stderr")"
	fi
	rm -f "$tmp/good.fd"
}
good "the driver goes into Debian's OVMF" "$fd" "$ffs" build/ovmf/OVMF_CODE_4M.fd
# AAVMF's aarch64 driver too (its PE has 6 data directories, not 16)
if [ -s build/aarch64/earlyseed-driver.ffs ] && [ -s /usr/share/AAVMF/AAVMF_CODE.fd ]; then
	good "the aarch64 driver goes into Debian's AAVMF" /usr/share/AAVMF/AAVMF_CODE.fd build/aarch64/earlyseed-driver.ffs \
		build/aarch64/ovmf/AAVMF_CODE.fd
fi

# The FFS: every bit of its 24-byte header, one at a time.
n=0 failed=0
for at in $(seq 0 23); do
	for bit in 0 7; do
		flip "$ffs" "$at" "$bit" "$tmp/bad.ffs"
		n=$((n + 1))
		out=$(refused "header byte $at bit $bit" "$fd" "$tmp/bad.ffs")
		case $out in ok*) ;; *) failed=$((failed + 1)); echo "$out" | sed 's/^/#   /' | head -3 ;; esac
	done
done
if [ "$failed" = 0 ]; then ok "all $n one-bit changes of FILE.ffs's header refused in one line"
else bad "all $n one-bit changes of FILE.ffs's header refused in one line" "$failed were not"; fi

# The FFS body, as earlyseed ffs's parser reads it.
python3 - "$ffs" "$tmp" <<'EOF'
import struct, sys
f = bytearray(open(sys.argv[1], "rb").read())
d = sys.argv[2]
def sections(b):
    at, out = 24, []
    while at < len(b):
        size = int.from_bytes(b[at:at + 3], "little")
        out.append((at, size, b[at + 3]))
        at = (at + size + 3) & ~3
    return out
secs = {t: (at, size) for at, size, t in sections(f)}
def save(name, b):
    open("%s/%s.ffs" % (d, name), "wb").write(b)
# the depex's END byte gone (the section one byte shorter, the file too)
at, size = secs[0x13]
b = bytearray(f); b[at + size - 1] = 0x03; save("depex-end", b)
# an unknown depex opcode
b = bytearray(f); b[at + 4] = 0x42; save("depex-op", b)
# the PE image's header pointer past the image
at, size = secs[0x10]
b = bytearray(f); struct.pack_into("<I", b, at + 4 + 0x3C, 0x7FFFFFF0); save("pe-lfanew", b)
# not a driver: an application's subsystem (10)
lfanew, = struct.unpack_from("<I", f, at + 4 + 0x3C)
b = bytearray(f); struct.pack_into("<H", b, at + 4 + lfanew + 24 + 68, 10); save("pe-subsystem", b)
# a section size that runs past the file
b = bytearray(f); b[at:at + 3] = (len(f)).to_bytes(3, "little"); save("section-size", b)
# the file cut short (its size field kept)
save("cut", f[:len(f) - 100])
EOF
refused "a dependency expression without END" "$fd" "$tmp/depex-end.ffs" 'dependency expression'
refused "an unknown depex opcode" "$fd" "$tmp/depex-op.ffs" 'unknown opcode'
refused "a PE header past the image" "$fd" "$tmp/pe-lfanew.ffs" 'PE header'
refused "an image that is not a boot-service driver" "$fd" "$tmp/pe-subsystem.ffs" 'boot-service driver'
refused "a section running past the file" "$fd" "$tmp/section-size.ffs" 'runs past the file'
refused "an FFS file cut short" "$fd" "$tmp/cut.ffs"

# The firmware image: truncated, and bits of FVMAIN_COMPACT's volume header.
head -c 1048576 "$fd" > "$tmp/cut.fd"
refused "a truncated image" "$tmp/cut.fd" "$ffs" 'truncated|runs past'
refused "an empty image" /dev/null "$ffs"
refused "no such image" "$tmp/none.fd" "$ffs" 'none.fd'
# FVMAIN_COMPACT's length and header-length fields and its signature,
# each bit 7 (measured: byte 39 made the script before this end in a
# traceback); each refused in one line, before any LZMA work.
for at in 34 35 39 40 52 53; do
	flip "$fd" "$at" 7 "$tmp/bad.fd"
	refused "the volume header's byte $at changed" "$tmp/bad.fd" "$ffs"
done
[ "$TAP_FAILED" = 0 ]
