#!/usr/bin/env bash
# make install ESP=DIR [NEXT=\EFI\...\x.efi] [CMDLINE="..."] [EFIVARS=DIR]
# Copies earlyseed.efi to DIR/EFI/earlyseed/, writes a config only if none is
# there (never overwrites one), creates the seed file and the token
# (`earlyseed seed install`), and prints the efibootmgr command that adds a
# boot entry: it changes no boot entry itself.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/scripts/lib.sh"
es_trap_errors

ESP=${1:-}
NEXT=${2:-}
CMDLINE=${3:-}
EFIVARS=${4:-}
SIGNED=${5:-}
APP="$ROOT/build/earlyseed.efi"
if [ -n "$SIGNED" ] && [ "$SIGNED" != 0 ]; then
	APP="$ROOT/build/signed/earlyseed.efi"
	[ -s "$APP" ] || es_die "SIGNED=1 but $APP is missing: make sign KEY=... CERT=... first"
fi
[ -n "$ESP" ] || es_die "make install needs ESP=DIR (where the EFI system partition is mounted)"
[ -d "$ESP" ] || es_die "ESP=$ESP is not a directory"
[ -x "$ROOT/build/earlyseed" ] || es_die "build first: make"
[ -s "$APP" ] || es_die "$APP missing: build first (make)"
# The host tool does the rest (docs/installing.md "Installing it"); a Debian package's
# users run it as `earlyseed install --esp DIR`.
exec "$ROOT/build/earlyseed" install --esp "$ESP" --from "$APP" ${NEXT:+--next "$NEXT"} \
	${CMDLINE:+--cmdline "$CMDLINE"} ${EFIVARS:+--efivars "$EFIVARS"}
