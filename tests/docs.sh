#!/usr/bin/env bash
# The layout table (docs/layout.md) against the tree: every folder that holds
# tracked files has its row, every row's folder and every file it names are
# there, every C file of the code folders is named in its row; and every
# link between the docs and from README.md reaches a file.
set -uo pipefail
cd "$(dirname "$0")/.."
TAP_NAME=docs
. tests/tap.sh
rows=$(sed -n 's/^| `\([^`]*\)` |.*/\1/p' docs/layout.md)
files=$(git ls-files 2> /dev/null || find . -type f -not -path './build/*' -not -path './.git/*' | sed 's#^\./##')
for d in $(printf '%s\n' "$files" | grep / | sed 's#/[^/]*$#/#' | sort -u); do
	case $d in .ci/ | tests/fuzz/*/* | tests/boot/debvm/ | debian/source/) continue ;; esac
	if grep -qx "$d" <<< "$rows"; then ok "the layout has a row for $d"; else bad "the layout has a row for $d"; fi
done
for r in $rows; do
	if [ ! -d "$r" ]; then bad "the layout's $r is a folder"; continue; fi
	line=$(grep -F "| \`$r\` |" docs/layout.md)
	missing=""
	for f in $(grep -oE '`[A-Za-z0-9_.-]+\.(c|h|sh|lds|csv|service|[158])`' <<< "$line" | tr -d '`' | sort -u); do
		[ -e "$r$f" ] || missing="$missing $f"
	done
	if [ -z "$missing" ]; then ok "every file the row $r names is there"; else bad "every file the row $r names is there" "missing:$missing"; fi
	case $r in core/ | libc/ | efi/ | arch/* | host/ | bench/)
		unnamed=""
		for f in "$r"*.c; do
			# a source's reader: the row's "src_<name>.c" names them all
			case $(basename "$f") in src_*.c) grep -qF '`src_<name>.c`' <<< "$line" && continue ;; esac
			# a host command (its header holds its --help paragraph, and
			# main.c's table runs it): the row's "<command>.c" names them all
			if [ "$r" = host/ ] && grep -q '^#define HELP_' "${f%.c}.h" 2> /dev/null &&
				grep -qF '`<command>.c`' <<< "$line"; then continue; fi
			grep -q "\`$(basename "$f")\`" <<< "$line" || unnamed="$unnamed $(basename "$f")"
		done
		if [ -z "$unnamed" ]; then ok "the row $r names each of its C files"; else bad "the row $r names each of its C files" "not named:$unnamed"; fi
		;;
	esac
done
broken=""
for md in README.md docs/*.md; do
	for l in $(grep -oE '\]\([^)#: ]+(#[^)]*)?\)' "$md" | sed 's/^](//; s/)$//; s/#.*//'); do
		[ -e "$(dirname "$md")/$l" ] || broken="$broken $md:$l"
	done
done
if [ -z "$broken" ]; then ok "every link in README.md and docs/ reaches a file"; else bad "every link in README.md and docs/ reaches a file" "broken:$broken"; fi
# Docs that stand alone: no file of the tree cites a path outside it (a
# sibling folder such as ../shared, which a clone does not have): each fact
# cites its primary source (a kernel file, a spec section, an upstream
# commit) instead. Relative links inside docs/ (../README.md) stay.
outside=$(printf '%s\n' "$files" | grep -v '^tests/fuzz/' | while read -r f; do
	[ -f "$f" ] && grep -InE '\.\./shared\b|shared/(SPEC|DESIGN)\.md' "$f" /dev/null 2> /dev/null |
		grep -v '^tests/docs.sh:'
done)
if [ -z "$outside" ]; then ok "no file cites a path outside the repository (../shared)"
else bad "no file cites a path outside the repository (../shared)" "$(head -n 5 <<< "$outside")"; fi
# Every fuzz target (tests/fuzz/fuzz_T.c) is named in docs/checks.md and
# has its budget in make fuzz's plan (the Makefile's FUZZ_PLAN).
plan=$(sed -n 's/^FUZZ_PLAN := //p' Makefile)
for f in tests/fuzz/fuzz_*.c; do
	t=${f#tests/fuzz/fuzz_}
	t=${t%.c}
	if grep -q "(\`$t\`)" docs/checks.md; then ok "docs/checks.md names the fuzz target $t"; else bad "docs/checks.md names the fuzz target $t"; fi
	if grep -qE "(^| )$t:[0-9]+( |$)" <<< "$plan"; then ok "make fuzz's plan gives $t a budget"; else bad "make fuzz's plan gives $t a budget" "FUZZ_PLAN: $plan"; fi
done
[ "$TAP_FAILED" = 0 ]
