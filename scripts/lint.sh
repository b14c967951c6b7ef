#!/usr/bin/env bash
# make lint: cppcheck and clang-tidy (.clang-tidy, warnings as errors) on
# core/, libc/, arch/, efi/, host/ and bench/, and pyflakes on scripts/*.py (a
# second implementation of the FFS rules, scripts/ovmf.py). Prints
# "ok - lint X" or "not ok - lint X". scripts/lint.sh [PART...]: only
# those of cppcheck, clang-tidy, clang-tidy-efi, clang-tidy-host and
# pyflakes (scripts/check.sh runs each as a job of its own).
set -uo pipefail
parts=" ${*:-cppcheck clang-tidy clang-tidy-efi clang-tidy-host pyflakes} "
cd "$(dirname "$0")/.."
EFI_DEFS=(-I/usr/include/efi -I/usr/include/efi/x86_64 -DGNU_EFI_USE_MS_ABI)
rc=0

if [[ $parts == *" cppcheck "* ]]; then
out=$(cppcheck --quiet --enable=warning,style,performance,portability --std=c11 --error-exitcode=1 \
	--inline-suppr --suppress=missingIncludeSystem core/ libc/ arch/ host/*.c bench/bench.c 2>&1 &&
	cppcheck --quiet --enable=warning,style,performance,portability --std=c11 --error-exitcode=1 \
	--inline-suppr --suppress=missingIncludeSystem "${EFI_DEFS[@]}" -Iarch/x86_64 -D__x86_64__ \
	-D__GNUC__=12 -D__GNUC_MINOR__=2 efi/ 2>&1)
if [ $? -eq 0 ]; then echo "ok - lint cppcheck"; else echo "not ok - lint cppcheck"; printf '%s\n' "$out" | sed 's/^/#   /'; rc=1; fi
fi

# clang-tidy in three parts (the core and the CPU's code, efi/, host/), so
# scripts/check.sh can run them side by side.
# A file clang-tidy found clean is remembered in the cache (scripts/lib.sh's
# ES_CACHE, under tidy/) by what its finding rests on: clang-tidy's version,
# .clang-tidy, the compiler arguments, and the file as the preprocessor
# hands it over, comments kept (NOLINT is one; every header it includes). A file whose key is there
# is not read again; any change to any of those is another key, and the file
# is read. Findings are never remembered. TIDY_CACHE=0: read every file.
ES_CACHE=${CACHE:-${XDG_CACHE_HOME:-${HOME:-$PWD}/.cache}/earlyseed}
TIDY_DIR=$ES_CACHE/tidy
# tidy NAME FILE... -- COMPILER-ARGS...: one part, "ok - lint NAME" (and how
# many files were read, how many known clean) or its findings
tidy() {
	local name=$1 out f key conf files=() todo=() keys=()
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$1") && shift; done
	shift
	conf=$( { clang-tidy --version; cat .clang-tidy; printf '%s\n' "$@"; } | sha256sum | cut -c1-64)
	for f in "${files[@]}"; do
		key=$( { echo "$conf $f"; clang -E -C "$@" "$f" 2>&1; } | sha256sum | cut -c1-64)
		if [ "${TIDY_CACHE:-1}" != 0 ] && [ -e "$TIDY_DIR/$key" ]; then continue; fi
		todo+=("$f") && keys+=("$key")
	done
	if [ ${#todo[@]} -eq 0 ]; then
		echo "ok - lint $name (${#files[@]} files, each unchanged since clang-tidy found it clean)"
	elif out=$(clang-tidy --quiet "${todo[@]}" -- "$@" 2>&1); then
		echo "ok - lint $name (${#todo[@]} of ${#files[@]} files read)"
		mkdir -p "$TIDY_DIR" && for key in "${keys[@]}"; do : > "$TIDY_DIR/$key"; done
	else echo "not ok - lint $name"; printf '%s\n' "$out" | grep -v 'warnings\? generated' | sed 's/^/#   /'; rc=1; fi
}
if [[ $parts == *" clang-tidy "* ]]; then
	tidy clang-tidy core/*.c libc/*.c arch/x86_64/*.c bench/bench.c tests/fuzz/*.c -- -std=c11
	tidy clang-tidy-aarch64 arch/aarch64/*.c -- -std=c11 --target=aarch64-linux-gnu -isystem /usr/aarch64-linux-gnu/include
	tidy clang-tidy-riscv64 arch/riscv64/*.c -- -std=c11 --target=riscv64-linux-gnu -isystem /usr/riscv64-linux-gnu/include
fi
if [[ $parts == *" clang-tidy-efi "* ]]; then
	tidy clang-tidy-efi efi/*.c -- -std=gnu11 -fshort-wchar \
		-isystem /usr/include/efi -isystem /usr/include/efi/x86_64 -Iarch/x86_64 -DGNU_EFI_USE_MS_ABI
fi
if [[ $parts == *" clang-tidy-host "* ]]; then
	tidy clang-tidy-host host/*.c -- -std=c11
fi
if [[ $parts == *" pyflakes "* ]]; then
out=$(pyflakes3 scripts/*.py 2>&1)
if [ $? -eq 0 ]; then echo "ok - lint pyflakes"; else echo "not ok - lint pyflakes"; printf '%s\n' "$out" | sed 's/^/#   /'; rc=1; fi
fi
exit $rc
