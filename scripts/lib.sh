#!/usr/bin/env bash
# Shared by the scripts (scripts/) and the boot-test harness
# (tests/boot/harness.sh): where things are, failing loudly, the first file
# of a glob, a package's .deb. Source it; do not run it.

ES_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ES_BUILD=${ES_BUILD:-$ES_ROOT/build}
# Downloads and the machines built from them live outside the tree, per
# user, so a second clone on the machine reuses them: CACHE=DIR, else
# $XDG_CACHE_HOME/earlyseed, else ~/.cache/earlyseed. The machine images
# are keyed by their recipe (made again when it changes); downloads are
# named by package and version where apt names them so.
ES_CACHE=${CACHE:-${XDG_CACHE_HOME:-${HOME:-$ES_ROOT}/.cache}/earlyseed}

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


# es_kernel_extract DEB DIR [MODULE...]: from a Debian kernel package,
# DIR/vmlinuz, DIR/efivarfs.ko (Debian builds efivarfs as a module; /init
# needs it to read the audit record) and DIR/modules/MODULE.ko for each
# MODULE (a module the package builds in, per its modules.builtin, is
# skipped: /init's insmod of it then fails quietly and the kernel has it).
es_kernel_extract() {
	local deb=$1 dir=$2 tmp=$2/x m f
	shift 2
	rm -rf "$tmp" "$dir/modules" && mkdir -p "$tmp" "$dir/modules"
	dpkg-deb -x "$deb" "$tmp" || es_die "dpkg-deb -x $deb failed"
	f=$(es_first "$tmp/boot/vmlinuz-*")
	[ -n "$f" ] || es_die "no vmlinuz in $deb"
	mv "$f" "$dir/vmlinuz"
	f=$(find "$tmp" -path '*/kernel/fs/efivarfs/efivarfs.ko*' | head -n 1)
	[ -n "$f" ] || es_die "no efivarfs.ko in $deb"
	es_module_plain "$f" "$dir/efivarfs.ko"
	for m in "$@"; do
		f=$(find "$tmp" -name "$m.ko" -o -name "$m.ko.xz" | head -n 1)
		if [ -n "$f" ]; then es_module_plain "$f" "$dir/modules/$m.ko"
		elif ! grep -qs "/$m\.ko\$" "$tmp"/lib/modules/*/modules.builtin "$tmp"/usr/lib/modules/*/modules.builtin; then
			es_die "no $m.ko in $deb (neither a module nor built in)"
		fi
	done
	rm -rf "$tmp"
}
# es_module_plain IN OUT: a module as insmod reads it (busybox's insmod
# takes no .ko.xz).
es_module_plain() {
	case $1 in
	*.xz) xz -dc "$1" > "$2" || es_die "xz -d $1 failed" ;;
	*) mv "$1" "$2" ;;
	esac
}
