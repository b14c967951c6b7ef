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
cmds=$(grep -oE 'strcmp\(argv\[1\], "[a-z]+"\) == 0\)' host/main.c | sed 's/.*"\(.*\)".*/\1/' | grep -vxE 'help|-h|--help' | sort -u)
[ -n "$cmds" ] || bad "subcommands found in host/main.c"
for c in $cmds install refresh; do
	if grep -qE "earlyseed( seed)? $c\b|^ {7}(seed )?$c\b" <<< "$tool"; then ok "earlyseed(1) has the command $c"
	else bad "earlyseed(1) has the command $c"; fi
done
opts=$(sed -n '/^static const char usage\[\]/,/;$/p' host/main.c | grep -oE -- '--[a-z][a-z-]*' | sort -u)
for o in $opts; do
	if grep -q -- "$o" <<< "$tool"; then ok "earlyseed(1) has the option $o"; else bad "earlyseed(1) has the option $o"; fi
done
