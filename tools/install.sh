#!/usr/bin/env bash
# make install ESP=DIR [NEXT=\EFI\...\x.efi] [CMDLINE="..."] [EFIVARS=DIR]
# Copies earlyseed.efi to DIR/EFI/earlyseed/, writes a config only if none is
# there (never overwrites one), creates the seed file and the token
# (`earlyseed seed install`), and prints the efibootmgr command that adds a
# boot entry: it changes no boot entry itself.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/tools/lib.sh"
es_trap_errors

ESP=${1:-}
NEXT=${2:-}
CMDLINE=${3:-}
EFIVARS=${4:-}
SIGNED=${5:-}
APP="$ROOT/build/earlyseed.efi" what=""
if [ -n "$SIGNED" ] && [ "$SIGNED" != 0 ]; then
	APP="$ROOT/build/signed/earlyseed.efi" what=" (signed: build/signed/earlyseed.efi)"
	[ -s "$APP" ] || es_die "SIGNED=1 but $APP is missing: make sign KEY=... CERT=... first"
fi
[ -n "$ESP" ] || es_die "make install needs ESP=DIR (where the EFI system partition is mounted)"
[ -d "$ESP" ] || es_die "ESP=$ESP is not a directory"
[ -f "$ROOT/build/earlyseed.efi" ] && [ -x "$ROOT/build/earlyseed" ] || es_die "build first: make"

DIR="$ESP/EFI/earlyseed"
mkdir -p "$DIR"
install -m 0644 "$APP" "$DIR/earlyseed.efi"
echo "installed $DIR/earlyseed.efi$what"

CONF="$DIR/earlyseed.conf"
if [ -e "$CONF" ]; then
	echo "kept $CONF (an existing config is never overwritten)"
else
	{
		echo "# earlyseed config (README \"The config file\")"
		echo "next = ${NEXT:-\\EFI\\earlyseed\\next.efi}"
		[ -n "$CMDLINE" ] && echo "cmdline = $CMDLINE"
		echo "# seed_file = \\EFI\\earlyseed\\random-seed   (none turns it off)"
	} > "$CONF.tmp"
	mv "$CONF.tmp" "$CONF"
	echo "wrote $CONF"
	[ -n "$NEXT" ] || echo "note: no NEXT given: put the next stage at \\EFI\\earlyseed\\next.efi or edit $CONF"
fi

"$ROOT/build/earlyseed" seed install --esp "$ESP" ${EFIVARS:+--efivars "$EFIVARS"}

# The disk and partition under the ESP, for the efibootmgr line.
disk="DISK" part="N"
src=$(findmnt -no SOURCE --target "$ESP" 2>/dev/null || true)
if [ -n "$src" ] && [ -b "$src" ]; then
	name=$(basename "$(readlink -f "$src")")
	if [ -r "/sys/class/block/$name/partition" ]; then
		part=$(cat "/sys/class/block/$name/partition")
		disk="/dev/$(basename "$(readlink -f "/sys/class/block/$name/..")")"
	fi
fi
echo
echo "To boot through earlyseed, add a boot entry (run it yourself; check DISK and N):"
echo "  efibootmgr --create --disk $disk --part $part --label earlyseed --loader '\\EFI\\earlyseed\\earlyseed.efi'"
