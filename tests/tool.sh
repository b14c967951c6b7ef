#!/usr/bin/env bash
# The host tool's exit status where output or input go wrong (prints
# "ok - ..." / "not ok - ..." for tools/check.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
T=build/earlyseed
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # check NAME WANT_STATUS CMD...
	local name=$1 want=$2 rc
	shift 2
	"$@" > /dev/null 2> "$tmp/err"
	rc=$?
	if [ "$rc" = "$want" ]; then echo "ok - tool $name"; else echo "not ok - tool $name (status $rc, want $want)"; sed 's/^/#   /' "$tmp/err" | head -5; fi
}
full() { "$T" "$@" > /dev/full; }
check "simulate to /dev/full fails" 1 full simulate --kernel 6 --seconds 3
printf 'state\n' > "$tmp/s"
check "replay to /dev/full fails" 1 full replay "$tmp/s"
check "replay to a file works" 0 "$T" replay "$tmp/s"
# exactly 64 MiB of comment is read whole; one byte more is refused
head -c $((64 << 20)) /dev/zero | tr '\0' '#' > "$tmp/big"
check "a 64 MiB script is read" 0 "$T" replay "$tmp/big"
printf '#' >> "$tmp/big"
check "a 64 MiB + 1 script is refused" 2 "$T" replay "$tmp/big"
