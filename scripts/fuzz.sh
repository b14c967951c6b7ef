#!/usr/bin/env bash
# scripts/fuzz.sh SECONDS TARGET[:SECONDS]...: run each libFuzzer target for SECONDS (or its own) on a
# scratch copy of its corpus (tests/fuzz/corpus/T), after replaying the saved
# regression inputs (tests/fuzz/regress/T). Prints "ok - fuzz T" or
# "not ok - fuzz T"; a crash input is copied to tests/fuzz/regress/T to keep.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
default=$1
shift
rc=0
for item in "$@"; do
	t=${item%%:*} secs=$default
	[ "$item" != "$t" ] && secs=${item#*:}
	bin=$ROOT/build/fuzz/fuzz_$t
	work=$ROOT/build/fuzz/work-$t
	rm -rf "$work" && mkdir -p "$work/corpus" "$work/crash"
	cp "$ROOT"/tests/fuzz/corpus/"$t"/* "$work/corpus/" 2>/dev/null
	regress=("$ROOT"/tests/fuzz/regress/"$t"/*)
	if [ -e "${regress[0]}" ] && ! "$bin" "${regress[@]}" > "$work/regress.log" 2>&1; then
		echo "not ok - fuzz $t: a saved regression input fails again (see $work/regress.log)"
		rc=1
		continue
	fi
	opts=()
	# A target's keywords (tests/fuzz/dict/T.dict); the seed file's paths
	# are all reached by 1 KiB (the engine reads up to 4 KiB the same way,
	# and test_session covers that size), and 4 KiB inputs ran a quarter
	# as fast.
	[ -f "$ROOT/tests/fuzz/dict/$t.dict" ] && opts+=(-dict="$ROOT/tests/fuzz/dict/$t.dict")
	[ "$t" = seedfile ] && opts+=(-max_len=1100)
	if "$bin" "${opts[@]}" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/crash/" \
		"$work/corpus" > "$work/fuzz.log" 2>&1; then
		echo "ok - fuzz $t ($secs s, $(grep -o 'stat::number_of_executed_units: [0-9]*' "$work/fuzz.log" | awk '{print $2}') runs)"
	else
		echo "not ok - fuzz $t: crash, see $work/fuzz.log"
		mkdir -p "$ROOT/tests/fuzz/regress/$t"
		cp "$work"/crash/* "$ROOT/tests/fuzz/regress/$t/" 2>/dev/null
		tail -n 30 "$work/fuzz.log" | sed 's/^/#   /'
		rc=1
	fi
done
exit $rc
