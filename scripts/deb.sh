#!/usr/bin/env bash
# make deb (deb-arm64, deb-riscv64): the Debian package from this tree (debian/), built in a copy of
# the tracked files under build/deb/ (dpkg-buildpackage cleans its tree, and
# this one's build/ is the developer's), then checked by lintian; the tags it
# may report are explained in debian/earlyseed.lintian-overrides.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/scripts/lib.sh"
es_trap_errors
command -v dpkg-buildpackage > /dev/null && command -v dh > /dev/null ||
	es_die "dpkg-buildpackage or debhelper missing (apt-get install dpkg-dev debhelper)"
# scripts/deb.sh [arm64|riscv64]: those are cross-built (dpkg-buildpackage
# -a ARCH -d: their build dependencies are the cross compiler and GNU-EFI's
# files scripts/arm64.sh or scripts/riscv64.sh fetches, which dpkg cannot
# check) into build/deb-ARCH.
arch=${1:-$(dpkg --print-architecture)}
ver=$(dpkg-parsechangelog -l "$ROOT/debian/changelog" -S Version)
out=$ROOT/build/deb src=$ROOT/build/deb/earlyseed-$ver
bpflags=(-b -us -uc)
# ES_DEB_VERSION=V (tests/boot/debvm.sh's upgrade): the same tree as
# version V, images and package alike, into build/deb-V/, not linted: the
# next release as an upgrade would bring it.
up=${ES_DEB_VERSION:-}
if [ -n "$up" ]; then
	[[ $up =~ ^[0-9][0-9.]*$ ]] || es_die "ES_DEB_VERSION: dotted numbers, not '$up'"
	out=$ROOT/build/deb-$up src=$ROOT/build/deb-$up/earlyseed-$up
fi
if [ "$arch" != "$(dpkg --print-architecture)" ]; then
	case $arch in
	arm64) cc=aarch64-linux-gnu-gcc ;;
	riscv64) cc=riscv64-linux-gnu-gcc ;;
	*) es_die "scripts/deb.sh: amd64, arm64 or riscv64, not $arch" ;;
	esac
	command -v "$cc" > /dev/null || es_die "$cc missing (scripts/deps.sh)"
	out=$ROOT/build/deb-$arch src=$out/earlyseed-$ver
	bpflags+=(-a "$arch" -d)
fi
# One build at a time: the real machines' boots (tests/boot/debvm.sh) copy
# the package out under the same lock.
mkdir -p "$ROOT/build"
if [ "${ES_DEB_LOCKED:-0}" != 1 ]; then
	exec 9> "$ROOT/build/.deb-$arch.lock"
	flock 9
fi
rm -rf "$out" && mkdir -p "$src"
if git -C "$ROOT" rev-parse --git-dir > /dev/null 2>&1; then
	(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard | grep -zv '^build/' |
		xargs -0 cp --parents -t "$src")
else
	(cd "$ROOT" && tar -c --exclude=./build --exclude=./.cache --exclude=./.git . | tar -x -C "$src")
fi
if [ -n "$up" ]; then
	sed -i "s/^#define ES_VERSION \".*\"$/#define ES_VERSION \"$up\"/" "$src/core/version.h"
	{
		printf 'earlyseed (%s) unstable; urgency=medium\n\n  * The next release, for the upgrade test.\n\n' "$up"
		dpkg-parsechangelog -l "$ROOT/debian/changelog" -S Maintainer | sed 's/^/ -- /' | tr -d '\n'
		printf '  %s\n\n' "$(dpkg-parsechangelog -l "$ROOT/debian/changelog" -S Date)"
		cat "$ROOT/debian/changelog"
	} > "$src/debian/changelog"
	ver=$up
fi
# GNU-EFI's arm64 files: fetched once into the cache, shared by the copy
# (CACHE names it there: debhelper gives the build a HOME of its own).
[ "$arch" = arm64 ] && "$ROOT/scripts/arm64.sh" gnu-efi
[ "$arch" = riscv64 ] && "$ROOT/scripts/riscv64.sh" gnu-efi
(cd "$src" && CACHE=$ES_CACHE dpkg-buildpackage "${bpflags[@]}" > "$out/build.log" 2>&1) ||
	{ tail -n 30 "$out/build.log" >&2; es_die "dpkg-buildpackage failed (build/deb/build.log)"; }
deb=$(es_first "$out/earlyseed_${ver}_${arch}.deb")
efideb=$(es_first "$out/earlyseed-efi_${ver}_${arch}.deb")
[ -n "$deb" ] && [ -n "$efideb" ] || es_die "no earlyseed and earlyseed-efi .deb in $out"
echo "built $deb $efideb"
# lintian once a package, pedantic and informational tags too: what it
# says is kept in $out/lintian.txt (tests/deb.sh wants it empty).
if command -v lintian > /dev/null && [ -z "$up" ]; then
	lintian -I --pedantic --fail-on warning "$deb" "$efideb" > "$out/lintian.txt" 2> "$out/lintian.err" ||
		{ cat "$out/lintian.txt" "$out/lintian.err"; es_die "lintian: see above (explain a tag in debian/earlyseed.lintian-overrides, or fix it)"; }
	cat "$out/lintian.txt"
	echo "lintian: clean"
	# The source package too (the native build only: it is the same
	# source for every architecture), as a distribution would lint it.
	if [ "$arch" = "$(dpkg --print-architecture)" ]; then
		(cd "$out" && rm -rf "src-$ver" && mkdir "src-$ver" && cp -a "$src" "src-$ver/earlyseed-$ver" &&
			(cd "src-$ver/earlyseed-$ver" && debian/rules clean > /dev/null 2>&1 || true) &&
			cd "src-$ver" && dpkg-source -b "earlyseed-$ver" > "$out/source.log" 2>&1) ||
			{ cat "$out/source.log"; es_die "dpkg-source -b failed ($out/source.log)"; }
		lintian -I --pedantic --fail-on warning "$out/src-$ver/earlyseed_$ver.dsc" > "$out/lintian-source.txt" \
			2> "$out/lintian-source.err" ||
			{ cat "$out/lintian-source.txt" "$out/lintian-source.err"; es_die "lintian on the source package: see above (explain a tag in debian/source/lintian-overrides, or fix it)"; }
		cat "$out/lintian-source.txt"
		echo "lintian (source): clean"
	fi
fi
