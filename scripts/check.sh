#!/usr/bin/env bash
# scripts/check.sh [full|quick|middle]: every test, as jobs run side by side.
#   full    (make check) host tests plain, under ASan+UBSan and valgrind,
#           lint, the image, the tool, man, docs, the package, fuzz smoke,
#           then every QEMU boot, the U-Boot boots, the generation matrix
#           and the two real Debian machines
#   middle  (make check-quick) all of that but the real machines, the
#           generation matrix and U-Boot: the inner loop's wider ring
#   quick   (make test) the host tests, plain, reversed and under ASan+UBSan;
#           the man pages and the docs against the tree
# Each job is one program or one boot (a qemu.sh boot, a generation case);
# J of them run at once (default: the machine's cores; J=1: one at a time,
# in the order below, for debugging), the longest first (their times from
# the last run, build/check/times.tsv, else tests/check-times.tsv). A job's
# output is kept whole in build/check/NAME.log and printed in one piece
# when it ends; a failing job names itself and its log. Counts "ok -" /
# "not ok -" lines and ends with "N passed, N failed, N skipped"; exit
# status 1 if anything failed. Expects `make all` to have run (make check
# does that).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
TIER=${1:-full}
case $TIER in full | quick | middle) ;; *) echo "scripts/check.sh: full, middle or quick, not $TIER" >&2; exit 2 ;; esac
J=${J:-$(nproc 2> /dev/null || echo 2)}
D=build/check
LOG=build/check.log
mkdir -p "$D"
# One run a tree: a second would remove the first's logs and memo. (Two
# clones each have their own build/; the cache under ~/.cache they share is
# keyed by content, but two cold clones building the same entry at once
# are not yet kept apart: run the first to the end.)
exec {CHECK_LOCK}> build/.check.lock
flock -n "$CHECK_LOCK" || {
	echo "check: another make check or make test is running in this tree (build/.check.lock): wait for it, or run this one from a clone"
	exit 1
}
: > "$LOG"
# A boot two tests make the same way (or make run made) is booted once in
# this run (the boot memo, tests/boot/harness.sh); the next run boots anew.
export ES_MEMO=1
rm -f "$D"/*.log "$D"/*.rc
passed=0 failed=0 skipped=0

# ---- the jobs: job NAME LABEL AFTER CMD...
# NAME is unique (its log's name), LABEL the word its result lines carry,
# AFTER the jobs (comma-separated, or -) that must have ended first.
NAMES=() LABELS=() AFTERS=() CMDS=()
job() {
	NAMES+=("$1") LABELS+=("$2") AFTERS+=("$3")
	shift 3
	CMDS+=("$(printf '%q ' "$@")")
}
# progs CMD-PREFIX... -- PROG...: each PROG run on its own (one), after the prefix
progs() {
	local pre=() p
	while [ "$1" != -- ]; do pre+=("$1") && shift; done
	shift
	for p in "$@"; do one "${pre[@]}" "$p"; done
}
# one CMD...: run CMD; a crash or a sanitizer report ends a program without
# a "not ok" line: say so, with the end of its output.
one() {
	local out rc
	out=$("$@" 2>&1)
	rc=$?
	printf '%s\n' "$out"
	if [ $rc -ne 0 ] && ! grep -q '^not ok - ' <<< "$out"; then
		echo "not ok - $* exited with status $rc"
		printf '%s\n' "$out" | tail -n 20 | sed 's/^/#   /'
	fi
}
# split N WORD...: the words dealt round into N lines
split() {
	local n=$1 i=0 w
	shift
	local -a line=()
	for w in "$@"; do line[i % n]+="$w " && i=$((i + 1)); done
	for ((i = 0; i < n; i++)); do [ -n "${line[i]:-}" ] && printf '%s\n' "${line[i]}"; done
}

HOSTP=(build/host/test_* build/host/efi/test_*)
MATRIX=(build/host/efi/test_*)
ASANP=(build/asan/test_* build/asan/efi/test_*)
ASAN_ENV=(env ES_QUICK=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1)
# the host programs in two parts a mode, so the quick tier fills both cores
i=0
while read -r part; do
	i=$((i + 1))
	# shellcheck disable=SC2086 # one word a program
	job "host-$i" host - progs -- $part
done < <(split 2 "${HOSTP[@]}")
# the fault matrix again with efi/sources.c's rows read in reverse: a row
# hands the engine facts of its own tag only, so the order changes nothing
job host-reversed host - progs env ES_ROWS_REVERSED=1 -- "${MATRIX[@]}"
i=0
while read -r part; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	job "asan-$i" "asan+ubsan" - progs "${ASAN_ENV[@]}" -- $part
done < <(split 2 "${ASANP[@]}")

# the man pages against the tool's command table, the docs against the
# tree: every tier, so make test notices a command or file they miss
job man man - one tests/man.sh
job docs docs - one tests/docs.sh

if [ "$TIER" != quick ]; then
	# memcheck reports reads of dead stack as undefined: the matrix skips its scan there
	i=0
	while read -r part; do
		i=$((i + 1))
		# shellcheck disable=SC2086
		job "valgrind-$i" valgrind - progs env ES_QUICK=1 ES_NO_STACK_SCAN=1 valgrind -q --error-exitcode=99 \
			--leak-check=full --errors-for-leak-kinds=all -- $part
	done < <(split 6 "${HOSTP[@]}")
	job lint-cppcheck lint - one scripts/lint.sh cppcheck
	job lint-clang-tidy lint - one scripts/lint.sh clang-tidy
	job lint-clang-tidy-efi lint - one scripts/lint.sh clang-tidy-efi
	job lint-clang-tidy-host lint - one scripts/lint.sh clang-tidy-host
	job lint-pyflakes lint - one scripts/lint.sh pyflakes
	job image image - one scripts/imgcheck.sh
	job tool tool - one tests/tool.sh
	# the package, built once, then read by the real machines
	job deb deb - one tests/deb.sh native
	job deb-cross deb deb one tests/deb.sh cross
	# a short smoke of every libFuzzer target (make fuzz runs them longer)
	for t in tests/fuzz/fuzz_*.c; do
		t=${t##*/fuzz_} t=${t%.c}
		job "fuzz-$t" fuzz - one scripts/fuzz.sh "${FUZZ_SMOKE_SECONDS:-10}" "$t"
	done
	# the long differential run of the kernel's command-line rules (2 M
	# lines); make test runs 200,000
	job trust-diff trust-diff - one env ES_LONG=1 build/host/test_trust_diff
	job inf inf - one tests/inf.sh
	# scripts/ovmf.py's refusals: one line, no output, never a traceback
	job ovmf.py ovmf.py - one tests/ovmf.sh
fi
qemu=1
[ "${SKIP_QEMU:-0}" = 1 ] && qemu=0
if [ "$TIER" != quick ] && [ $qemu = 1 ]; then
	# what the boots share, made once: initramfs, kernels, keys, GRUB
	job prepare prepare - one tests/boot/prepare.sh
	for n in $(tests/boot/qemu.sh --list); do job "qemu-$n" qemu prepare one tests/boot/qemu.sh "$n"; done
	# aarch64: the same engine under qemu-system-aarch64 and AAVMF
	for n in $(tests/boot/qemu-aarch64.sh --list); do
		job "qemu-aarch64-$n" qemu-aarch64 prepare one tests/boot/qemu-aarch64.sh "$n"
	done
fi
if [ "$TIER" = full ] && [ $qemu = 1 ]; then
	# The boots that depend on the firmware, on Debian 12's and Debian
	# 13's firmware and kernel, both architectures (scripts/trixie.sh
	# fetched 13's). A Debian 12 case that is a machine qemu.sh boots too
	# is booted once (the boot memo, tests/boot/harness.sh).
	for arch in x86_64 aarch64; do
		for gen in 12 13; do
			for c in $(tests/boot/generations.sh --list); do
				job "debian$gen-$arch-$c" "debian$gen-$arch" prepare one tests/boot/generations.sh "$arch" "$gen" "$c"
			done
		done
	done
	# U-Boot's UEFI (Debian's u-boot-qemu, qemu_arm64): the firmware boards ship
	for n in $(tests/boot/uboot.sh --list); do job "uboot-$n" uboot prepare one tests/boot/uboot.sh "$n"; done
	job uboot-x86_64 uboot prepare one tests/boot/uboot.sh x86_64
	# rv5 installs make deb-riscv64's packages: after the job that builds them
	for n in $(tests/boot/uboot.sh riscv64 --list); do
		after=prepare
		[ "$n" = rv5 ] && after=prepare,deb-cross
		job "uboot-riscv64-$n" uboot "$after" one tests/boot/uboot.sh riscv64 "$n"
	done
	# A real Debian 12 machine (mmdebstrap, GRUB, shim, systemd-boot),
	# built once into the cache: the README followed on it; and a Debian
	# 13 machine on Debian 13's firmware. Each image is a job of its own
	# (keyed by its recipe: a warm cache makes it a no-op), the package
	# another (tests/deb.sh builds it).
	job debvm-image debvm - one tests/boot/debvm-image.sh
	job debvm13-image debvm13 - one env ES_DEBIAN=13 tests/boot/debvm-image.sh
	job debvm debvm debvm-image,deb,prepare one tests/boot/debvm.sh
	job debvm13 debvm13 debvm13-image,deb,prepare one env ES_DEBIAN=13 tests/boot/debvm.sh
fi
[ "$TIER" != quick ] && [ $qemu = 0 ] && { echo "qemu: SKIP_QEMU=1: boot tests not run"; skipped=$((skipped + 1)); }

# ---- the scheduler
# A job's expected seconds: the last run's, else the tree's table, else 30.
declare -A EST
for f in tests/check-times.tsv "$D/times.tsv"; do
	[ -s "$f" ] || continue
	while IFS=$'\t' read -r s name; do [ -n "$name" ] && EST[$name]=$s; done < "$f"
done
N=${#NAMES[@]}
# The order: the longest path first, a job's own time plus the longest of
# the jobs that wait for it (prepare before the boots, the images and the
# package before the real machines). Jobs are listed after those they
# wait for, so one pass from the end sees every waiting job first.
declare -A PRIO IDX
for ((i = 0; i < N; i++)); do IDX[${NAMES[i]}]=$i; done
for ((i = N - 1; i >= 0; i--)); do
	p=$((${EST[${NAMES[i]}]:-30} + ${PRIO[${NAMES[i]}]:-0}))
	PRIO[${NAMES[i]}]=$p
	[ "${AFTERS[i]}" = - ] && continue
	for a in ${AFTERS[i]//,/ }; do [ "${PRIO[$a]:-0}" -ge "$p" ] || PRIO[$a]=$p; done
done
ORDER=()
if [ "$J" -le 1 ]; then
	for ((i = 0; i < N; i++)); do ORDER+=("$i"); done
else
	while read -r _ i; do ORDER+=("$i"); done < <(for ((i = 0; i < N; i++)); do
		printf '%s %s\n' "${PRIO[${NAMES[i]}]}" "$i"
	done | sort -k1,1nr -k2,2n)
fi

declare -A DONE PID START FAILED
: > "$D/times.new"
# report I RC: a finished job's lines, counted, printed in one piece
report() {
	local i=$1 rc=$2 name=${NAMES[$1]} label=${LABELS[$1]} line secs bad=0
	secs=$((SECONDS - START[$i]))
	printf '%s\t%s\n' "$secs" "$name" >> "$D/times.new"
	{ printf '==== %s (%s s, status %s): %s\n' "$name" "$secs" "$rc" "${CMDS[$i]}"; cat "$D/$name.log"; } >> "$LOG"
	while IFS= read -r line; do
		case $line in
		"ok - "*"# SKIP"*) skipped=$((skipped + 1)) && echo "$label: $line" ;;
		"ok - "*) passed=$((passed + 1)) && echo "$label: $line" ;;
		"not ok - "*) failed=$((failed + 1)) bad=1 && echo "$label: $line" ;;
		"#   "*) echo "$label: $line" ;;
		esac
	done < "$D/$name.log"
	if [ "$rc" -ne 0 ] && [ $bad = 0 ]; then
		failed=$((failed + 1)) bad=1
		echo "$label: not ok - job $name exited with status $rc"
	fi
	[ $bad = 1 ] && echo "$label: #   job $name failed: its whole output is $D/$name.log" && FAILED[$name]=1
	DONE[$name]=1
}
# ready I: every job I waits for has ended (status 2: one of them failed)
ready() {
	local a
	[ "${AFTERS[$1]}" = - ] && return 0
	for a in ${AFTERS[$1]//,/ }; do [ -n "${DONE[$a]:-}" ] || return 1; done
	for a in ${AFTERS[$1]//,/ }; do [ -z "${FAILED[$a]:-}" ] || return 2; done
}
running=0
reap() {
	local pid rc
	wait -n -p pid
	rc=$?
	[ -n "${PID[$pid]:-}" ] || return 0
	report "${PID[$pid]}" "$rc"
	unset "PID[$pid]"
	running=$((running - 1))
}
# Ctrl-C, or CI's TERM: every running job stops with what it started (a
# QEMU, a mmdebstrap), the run says so and fails; nothing is left behind.
interrupted() {
	local p n=0
	trap - INT TERM
	for p in "${!PID[@]}"; do kill -TERM -- "-$p" 2> /dev/null; done
	# a bounded wait, then KILL what did not stop
	for _ in $(seq 1 50); do
		n=0
		for p in "${!PID[@]}"; do kill -0 -- "-$p" 2> /dev/null && n=$((n + 1)); done
		[ $n = 0 ] && break
		sleep 0.1
	done
	for p in "${!PID[@]}"; do kill -KILL -- "-$p" 2> /dev/null; done
	wait 2> /dev/null
	echo "check: interrupted: stopped ${#PID[@]} running job(s):$(for p in "${!PID[@]}"; do printf ' %s' "${NAMES[${PID[$p]}]}"; done)"
	echo "$passed passed, $((failed + 1)) failed, $skipped skipped"
	exit 130
}
trap interrupted INT TERM
t0=$SECONDS
pending=("${ORDER[@]}")
while [ ${#pending[@]} -gt 0 ] || [ $running -gt 0 ]; do
	started=0
	if [ $running -lt "$J" ]; then
		for k in "${!pending[@]}"; do
			i=${pending[k]}
			ready "$i"
			case $? in
			1) continue ;;
			2) # what it needs failed: not run, and said so once
				echo "${LABELS[i]}: not ok - job ${NAMES[i]} not run: a job it waits for (${AFTERS[i]}) failed"
				failed=$((failed + 1)) && FAILED[${NAMES[i]}]=1 && DONE[${NAMES[i]}]=1
				unset "pending[k]" && started=1 && break ;;
			esac
			START[$i]=$SECONDS
			# a process group of its own (job control on while it
			# forks): interrupted() can stop it and all it started
			set -m
			( eval "${CMDS[i]}" ) > "$D/${NAMES[i]}.log" 2>&1 < /dev/null &
			PID[$!]=$i
			set +m
			running=$((running + 1)) started=1
			unset "pending[k]"
			break
		done
	fi
	[ $started = 1 ] && continue
	if [ $running -gt 0 ]; then reap
	else
		# nothing runs and nothing can start: a job waits for one that is not there
		for i in "${pending[@]}"; do echo "check: not ok - job ${NAMES[i]} waits for ${AFTERS[i]}, which never ran"; done
		failed=$((failed + ${#pending[@]}))
		break
	fi
done
# this run's times, and the last run's for the jobs this tier did not run
touch "$D/times.tsv"
awk -F'\t' 'NR == FNR { seen[$2] = 1; print; next } !($2 in seen)' "$D/times.new" "$D/times.tsv" | sort -t$'\t' -k2 > "$D/times.tmp"
mv "$D/times.tmp" "$D/times.tsv" && rm -f "$D/times.new"
# the memo lives for one run that boots (make run's boots wait for the next)
[ "$TIER" = quick ] || rm -rf build/boots
echo "check: $N jobs, $J at a time, in $((SECONDS - t0)) s (each job's log: $D/NAME.log; all of them: $LOG)"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
