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
# count NAME FILE REGEX N: exactly N lines of FILE match REGEX
count() {
	local n
	n=$(grep -cE -- "$3" "$2")
	if [ "$n" = "$4" ]; then ok "$1"; else bad "$1" "$n lines matching /$3/ in $2, want $4"; fi
}
refute() { if grep -qE -- "$3" "$2"; then bad "$1" "unexpected: $(grep -m1 -E -- "$3" "$2")"; else ok "$1"; fi; }
# summary NAME FILE [prefix=TEXT] FIELD=RE...: some summary line in FILE
# (TEXT, by default "earlyseed: summary ", then "k=v ... health=src:v,...")
# has every FIELD matching RE whole; health.SRC reads SRC's health verdict.
# Boot tests ask for the fields they mean instead of pinning the whole line.
summary() {
	local name=$1 file=$2 prefix='earlyseed: summary ' line tok want k hit=0 miss
	local -A got
	shift 2
	case ${1:-} in prefix=*) prefix=${1#prefix=} && shift ;; esac
	while IFS= read -r line; do
		got=()
		for tok in ${line#"$prefix"}; do
			case $tok in
			health=*) for k in $(tr ',' ' ' <<< "${tok#health=}"); do got[health.${k%%:*}]=${k#*:}; done ;;
			*=*) got[${tok%%=*}]=${tok#*=} ;;
			esac
		done
		miss=0
		for want in "$@"; do
			k=${want%%=*}
			[[ -n ${got[$k]+x} && ${got[$k]} =~ ^(${want#*=})$ ]] || { miss=1; break; }
		done
		[ "$miss" = 0 ] && { hit=1; break; }
	done < <(grep -F -- "$prefix" "$file" | sed -n "s/^.*\(${prefix//\//\\/}\)/\1/p")
	if [ "$hit" = 1 ]; then ok "$name"
	else bad "$name" "no '$prefix' line with $*" "$(grep -F -- "$prefix" "$file" | tail -n 2)"; fi
}
