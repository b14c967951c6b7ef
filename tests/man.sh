#!/usr/bin/env bash
# The man pages (man/): each renders without a warning, every config key the
# parser takes is in earlyseed.conf(5), every subcommand and option the host
# tool takes is in earlyseed(1). Prints "ok - man ..." / "not ok - man ...".
set -uo pipefail
cd "$(dirname "$0")/.."
TAP_NAME=man
. tests/tap.sh

for p in man/earlyseed.1 man/earlyseed.conf.5 man/earlyseed.efi.8; do
	w=$(LC_ALL=C groff -man -ww -z "$p" 2>&1)
	if [ -s "$p" ] && [ -z "$w" ]; then ok "$p renders without warnings"; else bad "$p renders without warnings" "$w"; fi
done
# What the page says, as text (roff escapes gone).
text() { LC_ALL=C groff -man -rHY=0 -Tascii -P-cbou "$1" 2>/dev/null; }
conf=$(text man/earlyseed.conf.5)
keys=$(grep -oE 'memcmp\(s \+ kb, "[a-z_]+"' core/config.c | sed 's/.*"\(.*\)"/\1/' | sort -u)
[ -n "$keys" ] || bad "config keys found in core/config.c"
for k in $keys; do
	if grep -qE "^ {7}$k\b" <<< "$conf"; then ok "earlyseed.conf(5) has the key $k"; else bad "earlyseed.conf(5) has the key $k"; fi
done
tool=$(text man/earlyseed.1)
# The host tool's rows (host/main.c commands[]) print its synopsis; the man
# page's SYNOPSIS says the same, line for line, in the same order.
norm() { sed -E 's/^(usage:)? +//; s/ +/ /g; s/ $//'; }
rows=$(build/earlyseed --help | sed '/^$/q' | sed -E ':a;N;$!ba;s/\n {17,}/ /g' | sed '/^$/d' | norm)
page=$(LC_ALL=C groff -man -rHY=0 -rLL=1000n -Tascii -P-cbou man/earlyseed.1 2>/dev/null |
	sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | sed '1d;$d' | sed '/^$/d' | norm)
[ "$(wc -l <<< "$rows")" -ge 10 ] || bad "the host tool prints its synopsis" "$rows"
if [ "$rows" = "$page" ]; then ok "earlyseed(1)'s SYNOPSIS is the tool's command table"
else bad "earlyseed(1)'s SYNOPSIS is the tool's command table" "$(diff <(echo "$rows") <(echo "$page") | head -n 8)"; fi
# Each command of the table (a sub-command with its parent: "seed install")
# has its paragraph under COMMANDS (a .TP whose tag is the command), and
# COMMANDS has none for a command the table does not have.
cmds=$(awk '{ c = $2; if ($3 ~ /^[a-z]+$/) c = c " " $3; print c }' <<< "$rows" | sort -u)
tags=$(awk '/^\.SH COMMANDS/ { on = 1; next } /^\.SH/ { on = 0 } on && tp { sub(/^\.B +/, ""); print; tp = 0; next }
	on && /^\.TP/ { tp = 1 }' man/earlyseed.1 | sort -u)
[ "$(wc -l <<< "$cmds")" -ge 10 ] || bad "the table's commands are found" "$cmds"
while IFS= read -r c; do
	if grep -qxF -- "$c" <<< "$tags"; then ok "earlyseed(1) has a paragraph for the command $c"
	else bad "earlyseed(1) has a paragraph for the command $c" "COMMANDS has: $(tr '\n' ',' <<< "$tags")"; fi
done <<< "$cmds"
while IFS= read -r t; do
	grep -qxF -- "$t" <<< "$cmds" || bad "earlyseed(1) has no paragraph for a command the tool lacks: $t"
done <<< "$tags"
opts=$(grep -oE -- '--[a-z][a-z-]*' <<< "$rows" | sort -u)
for o in $opts; do
	if grep -q -- "$o" <<< "$tool"; then ok "earlyseed(1) has the option $o"; else bad "earlyseed(1) has the option $o"; fi
done
