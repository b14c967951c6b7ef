#!/usr/bin/env bash
# scripts/stackcheck.sh ROOT LIMIT CI_FILE...: the deepest stack the call tree
# of ROOT can use, from GCC's -fcallgraph-info=su call graphs (.ci files of
# the firmware image's objects), must stay within LIMIT bytes. The app calls
# es_wipe_stack() (LIMIT bytes) where ROOT (seed_this_boot) returned, so this
# proves the erase reaches every frame the seeding used, whatever the compiler
# kept or spilled there. Indirect calls are firmware services (their stack is
# the firmware's) or the CPU ops rows of arch/x86_64/cpurng.c, counted as the
# deepest of those. Prints "ok - ..." or "not ok - ..." and the deepest path.
set -uo pipefail
root=$1 limit=$2
shift 2
FIRMWARE=${FIRMWARE:-8192}
INTERRUPT=${INTERRUPT:-1024}
awk -v root="$root" -v limit="$limit" -v firmware="$FIRMWARE" -v interrupt="$INTERRUPT" '
# GCC folds identical functions at -Os: a call to the copy names NAME.localalias.
function title(s) { sub(/.*title: "/, "", s); sub(/".*/, "", s); sub(/\.localalias$/, "", s); return s }
/^node:/ {
	t = title($0)
	if (match($0, /[0-9]+ bytes \([a-z,]+\)/)) {
		split(substr($0, RSTART, RLENGTH), fld, " ")
		if (t in bytes) twice = twice " " t
		bytes[t] = fld[1] + 0
		if (fld[3] ~ /dynamic\)/ && fld[3] !~ /bounded/) unbounded[t] = 1
	}
}
/^edge:/ {
	s = $0; sub(/.*sourcename: "/, "", s); sub(/".*/, "", s)
	d = $0; sub(/.*targetname: "/, "", d); sub(/".*/, "", d); sub(/\.localalias$/, "", d)
	if (!((s, d) in seen)) { seen[s, d] = 1; n[s]++; callee[s, n[s]] = d }
}
# The CPU ops rows (arch/x86_64/cpurng.c) are the only indirect calls into our
# own code; the rest go to firmware.
function depth(f,    best, i, c, x) {
	if (f in memo) return memo[f]
	if (f in visiting) { cycle = f; return 0 }
	visiting[f] = 1
	best = 0; via[f] = ""
	if (f == "__indirect_call") {
		best = firmware; via[f] = "(firmware)"
		split("cpurng_has_rdrand cpurng_has_rdseed cpurng_rdrand64 cpurng_rdseed64 cpurng_cycles", ops, " ")
		for (i in ops) { x = depth(ops[i]); if (x > best) { best = x; via[f] = ops[i] } }
	} else {
		for (i = 1; i <= n[f]; i++) {
			c = callee[f, i]; x = depth(c)
			if (x > best) { best = x; via[f] = c }
		}
	}
	delete visiting[f]
	if (f in unbounded) bad = bad " " f
	if (f != "__indirect_call" && !(f in bytes) && n[f] == 0 && f !~ /^(memset|memcpy|memcmp)$/) unknown = unknown " " f
	memo[f] = best + (f in bytes ? bytes[f] : 0) + (f == "__indirect_call" ? 0 : 8)
	return memo[f]
}
END {
	if (!(root in bytes)) { print "not ok - stack: no call graph for " root; exit 1 }
	total = depth(root) + interrupt
	path = root; f = root
	while (via[f] != "" && via[f] != "(firmware)") { f = via[f]; path = path " > " f "(" bytes[f] ")" }
	if (via[f] == "(firmware)") path = path " > firmware(" firmware ")"
	path = path " + interrupt(" interrupt ")"
	if (cycle != "" || bad != "" || twice != "" || unknown != "" || total > limit) {
		print "not ok - stack: " root " may use " total " bytes (limit " limit ")"
		if (cycle != "") print "#   recursion through " cycle
		if (bad != "") print "#   unbounded frames:" bad
		if (twice != "") print "#   defined in two graphs (a stale .ci?):" twice
		if (unknown != "") print "#   called without a graph:" unknown
		print "#   deepest path: " path
		exit 1
	}
	print "ok - stack: " root " uses at most " total " of the " limit " bytes es_wipe_stack() erases"
	print "#   deepest path: " path
}' "$@"
