#!/usr/bin/env bash
# make deb: the Debian package from this tree (debian/), built in a copy of
# the tracked files under build/deb/ (dpkg-buildpackage cleans its tree, and
# this one's build/ is the developer's), then checked by lintian; the tags it
# may report are explained in debian/earlyseed.lintian-overrides.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/tools/lib.sh"
es_trap_errors
command -v dpkg-buildpackage > /dev/null && command -v dh > /dev/null ||
	es_die "dpkg-buildpackage or debhelper missing (apt-get install dpkg-dev debhelper)"
ver=$(dpkg-parsechangelog -l "$ROOT/debian/changelog" -S Version)
out=$ROOT/build/deb src=$ROOT/build/deb/earlyseed-$ver
rm -rf "$out" && mkdir -p "$src"
if git -C "$ROOT" rev-parse --git-dir > /dev/null 2>&1; then
	(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard | grep -zv '^build/' |
		xargs -0 cp --parents -t "$src")
else
	(cd "$ROOT" && tar -c --exclude=./build --exclude=./.cache --exclude=./.git . | tar -x -C "$src")
fi
(cd "$src" && dpkg-buildpackage -b -us -uc > "$out/build.log" 2>&1) ||
	{ tail -n 30 "$out/build.log" >&2; es_die "dpkg-buildpackage failed (build/deb/build.log)"; }
deb=$(es_first "$out/earlyseed_${ver}_*.deb")
[ -n "$deb" ] || es_die "no .deb in $out"
echo "built $deb"
if command -v lintian > /dev/null; then
	lintian --fail-on warning "$deb" || es_die "lintian: see above (explain a tag in debian/earlyseed.lintian-overrides, or fix it)"
	echo "lintian: clean"
fi
