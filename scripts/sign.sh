#!/usr/bin/env bash
# make sign KEY=db.key CERT=db.crt [ARCH=...]: the app, the driver and the
# option ROM's driver signed for Secure Boot (sbsign, Authenticode) into
# BUILD/signed/, each checked with sbverify against CERT. The images already
# carry .sbat and NX_COMPAT (`earlyseed pe`): sign after those, never before.
# `make install SIGNED=1` installs the signed app (docs/secure-boot.md "Secure Boot").
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/scripts/lib.sh"
es_trap_errors

KEY=${1:-} CERT=${2:-} B=${3:-$ROOT/build}
[ -n "$KEY" ] && [ -n "$CERT" ] || es_die "make sign needs KEY=file.key CERT=file.crt (PEM; the db key, or your MOK)"
[ -r "$KEY" ] || es_die "KEY=$KEY is not readable"
[ -r "$CERT" ] || es_die "CERT=$CERT is not readable"
command -v sbsign > /dev/null || es_die "sbsign missing (apt-get install sbsigntool)"
mkdir -p "$B/signed"
for f in earlyseed.efi earlyseed-driver.efi; do
	[ -s "$B/$f" ] || es_die "$B/$f missing: run make first"
	sbsign --key "$KEY" --cert "$CERT" --output "$B/signed/$f" "$B/$f" ||
		es_die "sbsign $B/$f failed (an encrypted key asks for its password)"
	sbverify --cert "$CERT" "$B/signed/$f" > /dev/null 2>&1 || es_die "sbverify $B/signed/$f failed"
	echo "signed $B/signed/$f"
done
"$ROOT/build/earlyseed" rom --vendor "${ROM_VENDOR:-0x8086}" --device "${ROM_DEVICE:-0x100e}" \
	--class "${ROM_CLASS:-0x020000}" "$B/signed/earlyseed-driver.efi" "$B/signed/earlyseed.rom"
