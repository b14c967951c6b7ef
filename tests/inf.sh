#!/usr/bin/env bash
# firmware/EarlyseedDxe.inf read the way edk2's INF parser reads it
# (BaseTools/Source/Python/Parser/InfParser.py): a
# '#' starts a comment; a line that is not a comment is a section header
# only when it starts with '[' and ends with ']'; any other line before the
# first section is "Unrecognized content", a warning that fails a platform
# built with `build -w`. The checker is tried on a broken copy first, so a
# checker that passes everything fails here.
set -uo pipefail
cd "$(dirname "$0")/.."
TAP_NAME=inf
. tests/tap.sh

# inf_problems FILE: one line per line edk2 would not take; nothing when clean.
inf_problems() {
	awk '
	{ line = $0; sub(/\r$/, "", line); sub(/#.*/, "", line); gsub(/^[ \t]+|[ \t]+$/, "", line) }
	line == "" { next }
	/^[ \t]*\[/ {
		if (line !~ /\]$/) { printf "line %d: a section header that does not end in ]: %s\n", NR, line; next }
		name = tolower(line); gsub(/[\[\] ]/, "", name); split(name, parts, "[.,]")
		if (parts[1] !~ /^(defines|packages|binaries|depex|sources|libraryclasses|protocols|guids|ppis|pcd|userextensions)$/)
			printf "line %d: an unknown section %s\n", NR, line
		if (parts[1] == "defines") defines = 1
		section = parts[1]; next
	}
	section == "" { printf "line %d: unrecognized content before [Defines]: %s\n", NR, line; next }
	section == "defines" && line !~ /^[A-Za-z_][A-Za-z0-9_]*[ \t]*=[ \t]*[^ \t]/ {
		printf "line %d: not KEY = VALUE in [Defines]: %s\n", NR, line
	}
	section == "binaries" && line !~ /^[A-Z_0-9]+\|[^|]+\|/ {
		printf "line %d: not TYPE|FILE|TARGET in [Binaries]: %s\n", NR, line
	}
	END { if (!defines) print "no [Defines] section" }
	' "$1"
}

inf=firmware/EarlyseedDxe.inf
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The checker first: the header comment with one line lost its '#' (the
# defect edk2 warned about) and a header without its ']'.
sed '0,/^#  A binary module/s//A binary module/' "$inf" > "$tmp/a.inf"
sed '0,/^\[Packages\]/s//[Packages/' "$inf" > "$tmp/b.inf"
if [ -n "$(inf_problems "$tmp/a.inf")" ] && [ -n "$(inf_problems "$tmp/b.inf")" ]; then
	ok "the checker refuses a comment line without '#' and a header without ']'"
else
	bad "the checker refuses a comment line without '#' and a header without ']'"
fi
out=$(inf_problems "$inf")
if [ -z "$out" ]; then ok "$inf: every line is a comment, a section header or an entry of one"
else bad "$inf: every line is a comment, a section header or an entry of one" "$out"; fi
for k in INF_VERSION BASE_NAME FILE_GUID MODULE_TYPE VERSION_STRING; do
	expect "$inf defines $k" "$inf" "^  $k +="
done
# The FILE_GUID is the one the FFS carries (host/ffstool.c).
guid=$(sed -n 's/^  FILE_GUID *= *//p' "$inf")
if grep -qi "${guid%%-*}" host/ffstool.c; then ok "$inf's FILE_GUID is earlyseed ffs's"
else bad "$inf's FILE_GUID is earlyseed ffs's" "FILE_GUID $guid not in host/ffstool.c"; fi
[ "$TAP_FAILED" = 0 ]
