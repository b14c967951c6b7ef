#!/usr/bin/env bash
# The one TAP helper of the test scripts (tests/*.sh, tests/boot/*.sh,
# scripts/imgcheck.sh): source it after setting TAP_NAME, the word every
# result line carries ("ok - $TAP_NAME ..."); scripts/check.sh counts the
# lines. Source it; do not run it.
TAP_FAILED=0
# ok NAME: a passed check.
ok() { echo "ok - ${TAP_NAME:?} $1"; }
# bad NAME [LINE...]: a failed check, each LINE as a "#   " comment under it.
bad() {
	local name=$1 l
	shift
	echo "not ok - ${TAP_NAME:?} $name"
	for l in "$@"; do printf '#   %s\n' "$l"; done
	TAP_FAILED=1
}
# expect NAME FILE REGEX: REGEX (grep -E) occurs in FILE.
expect() { if grep -qE -- "$3" "$2"; then ok "$1"; else bad "$1" "no line matching /$3/ in $2"; fi; }
# refute NAME FILE REGEX: it does not.
refute() { if grep -qE -- "$3" "$2"; then bad "$1" "unexpected: $(grep -m1 -E -- "$3" "$2")"; else ok "$1"; fi; }
