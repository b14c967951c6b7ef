#!/usr/bin/env bash
# Shared by the scripts (scripts/) and the boot-test harness
# (tests/boot/harness.sh): where things are, failing loudly, the first file
# of a glob, a package's .deb. Source it; do not run it.

ES_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ES_BUILD=${ES_BUILD:-$ES_ROOT/build}
ES_CACHE=${CACHE:-$ES_ROOT/.cache}

es_die() { echo "earlyseed: error: $*" >&2; exit 1; }

# es_trap_errors: every failing command names itself, its file and line
# (set -E carries the trap into functions and subshells).
es_trap_errors() {
	set -E
	trap 'es_rc=$?; echo "earlyseed: error: ${BASH_SOURCE[0]}:${LINENO}: \"${BASH_COMMAND}\" failed with status ${es_rc}" >&2' ERR
}

# es_first GLOB: the first file matching GLOB, or nothing (never fails; a
# plain `ls GLOB | head -1` fails under pipefail when nothing matches).
es_first() {
	local f
	for f in $1; do
		[ -e "$f" ] && { printf '%s\n' "$f"; return 0; }
	done
	return 0
}

# es_apt_download PKG: the newest PKG .deb into $ES_CACHE/deb (no install);
# refreshes the package lists once if apt does not know PKG yet.
es_apt_download() {
	mkdir -p "$ES_CACHE/deb"
	local try
	for try in 1 2; do
		if (cd "$ES_CACHE/deb" && apt-get download -qq "$1" 2>&1 | grep -v '^W: Download is performed unsandboxed'); then :; fi
		[ -n "$(es_first "$ES_CACHE/deb/${1}_*.deb")" ] && return 0
		[ $try = 1 ] && apt-get update -qq
	done
	es_die "apt-get download $1 failed"
}

