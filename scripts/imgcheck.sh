#!/usr/bin/env bash
# Checks on the firmware image as built (make check runs it). Prints
# "ok - image X" / "not ok - image X".
#   core symbols  the freestanding core (CORE_SRC, as built for the .efi)
#                 needs nothing beyond memset, memcpy and memcmp (and the
#                 GOT symbol -fpic code refers to)
#   no fp         no x87, MMX or SSE instruction in any object of ours
#   pe            an EFI application (subsystem 10) with a .reloc section,
#                 without which firmware refuses to load it
#   sections      no allocated section outside those objcopy keeps
#   stack         the seeding's deepest call chain (GCC -fcallgraph-info=su),
#                 with an allowance for firmware calls and an interrupt,
#                 fits in the stack es_wipe_stack() erases after it
#   size          at most 72 KiB: the budget grows only with a feature that
#                 needs it (60 KiB until the variable-store scan of Hardening V
#                 and the version the audit record carries; 64 KiB until the
#                 device tree's seed and the initrd through LoadFile2); make
#                 bench shows what a boot's load costs
set -uo pipefail
cd "$(dirname "$0")/.."
B=build
rc=0
TAP_NAME=image
. tests/tap.sh

core=$(make -s -f Makefile --no-print-directory print-core-objs 2>/dev/null)
if [ -z "$core" ]; then
	bad "core symbols" "make print-core-objs printed nothing"
else
	ld -r -o "$B/efi/core-all.o" $core || bad "core symbols" "ld -r failed"
	extra=$(nm -u "$B/efi/core-all.o" | awk '{print $2}' | grep -vxE 'memset|memcpy|memcmp|_GLOBAL_OFFSET_TABLE_' || true)
	if [ -z "$extra" ]; then ok "core symbols (needs only memset, memcpy, memcmp)"
	else bad "core symbols" "the core needs: $(echo $extra)"; fi
fi

fp=$(objdump -d $(find "$B/efi" -name '*.o' ! -name core-all.o) | grep -E $'\t(f[a-z]+|[a-z]*(ps|pd|ss|sd)|movq?|pxor|movdq[au]) +.*%(xmm|ymm|mm|st)' | head -n 5 || true)
if [ -z "$fp" ]; then ok "no fp (no x87, MMX or SSE instruction in earlyseed's objects)"
else bad "no fp" "$fp"; fi

# image_checks PREFIX NAME SUBSYSTEM KIND ROOT OBJS-TARGET: one x86_64 image
# (the app, the driver): its PE subsystem with .reloc; no allocated section
# outside those objcopy keeps (an orphan, say a .bss.NAME the linker script
# does not place, would lie outside the image); the seeding's whole call tree
# from ROOT (GCC -fcallgraph-info=su) within what es_wipe_stack() erases below
# it, less 64 bytes of frame overhead; at most 72 KiB.
wipe=$(sed -n 's/^#define ES_WIPE_STACK_BYTES \([0-9]*\)u\{0,1\}$/\1/p' core/earlyseed/wipe.h)
image_checks() {
	local pre=$1 name=$2 subsystem=$3 kind=$4 root=$5 target=$6 p h orphans graphs out size
	p=$(objdump -p "$B/$name.efi" 2>&1)
	h=$(objdump -h "$B/$name.efi" 2>&1)
	if grep -q "Subsystem.*$subsystem" <<< "$p" && grep -q ' \.reloc ' <<< "$h"; then
		ok "${pre}pe ($kind with .reloc, $(stat -c %s "$B/$name.efi") bytes)"
	else
		bad "${pre}pe" "$(grep Subsystem <<< "$p")" "sections: $(awk '/^ +[0-9]/ {print $2}' <<< "$h" | tr '\n' ' ')"
	fi
	orphans=$(objdump -h "$B/$name.so" | awk '/^ +[0-9]+ / {name=$2; getline; if ($0 ~ /ALLOC/) print name}' |
		grep -vxE '\.(hash|gnu\.hash|eh_frame|text|reloc|data|dynamic|rela|dynsym|dynstr)' || true)
	if [ -z "$orphans" ]; then ok "${pre}sections (every allocated section is in the image)"
	else bad "${pre}sections" "outside the image: $(echo $orphans)"; fi
	graphs=$(make -s --no-print-directory "$target" | tr ' ' '\n' | sed -n 's/\.o$/.ci/p')
	if out=$(scripts/stackcheck.sh "$root" $((wipe - 64)) $graphs); then
		echo "$out" | sed "s/^ok - /ok - image $pre/"
	else
		echo "$out" | sed "s/^not ok - /not ok - image $pre/"
		rc=1
	fi
	size=$(stat -c %s "$B/$name.efi")
	if [ "$size" -le 73728 ]; then ok "${pre}size ($size bytes, at most 72 KiB)"
	else bad "${pre}size" "$size bytes, over 72 KiB (73728): see make bench"; fi
}
image_checks "" earlyseed '(EFI application)' "EFI application" "efi/main.c:seed_this_boot" print-efi-objs
# The firmware driver, a boot-service driver (subsystem 11), and the option
# ROM that carries it.
image_checks "driver " earlyseed-driver 0000000b "EFI boot service driver" "efi/driver.c:driver_seed" \
	print-driver-objs
size=$(stat -c %s "$B/earlyseed-driver.efi")
# PE header fields with od (no `file` needed): e_lfanew at 0x3c, then
# Machine at +4 and the optional header's Subsystem at +24+68.
pe_field() { od -An -tu"$2" -j"$3" -N"$2" "$1" | tr -d ' '; }
pe_ok() { # pe_ok FILE MACHINE SUBSYSTEM
	local l
	l=$(pe_field "$1" 4 60)
	[ "$(pe_field "$1" 2 $((l + 4)))" = "$2" ] && [ "$(pe_field "$1" 2 $((l + 92)))" = "$3" ]
}
# aarch64 (make ARCH=aarch64, when built): PE images of the right subsystem
# and no floating-point or SIMD register in any object.
if [ -s "$B/aarch64/earlyseed.efi" ]; then
	if pe_ok "$B/aarch64/earlyseed.efi" 43620 10 && pe_ok "$B/aarch64/earlyseed-driver.efi" 43620 11; then
		ok "aarch64 pe (machine 0xaa64: an application, subsystem 10, and a boot-service driver, 11)"
	else
		bad "aarch64 pe" "build/aarch64/*.efi: not AArch64 PE images of subsystems 10 and 11"
	fi
	fp=$(aarch64-linux-gnu-objdump -d $(find "$B/aarch64/efi" -name '*.o') | grep -E '\s(v|q|d|s)[0-9]+[,.]' | head -n 3 || true)
	if [ -z "$fp" ]; then ok "aarch64 no fp (no FP or SIMD register in earlyseed's objects)"
	else bad "aarch64 no fp" "$fp"; fi
	# x18 is the platform register UEFI reserves (UEFI 2.10 section 2.3.6.1).
	x18=$(aarch64-linux-gnu-objdump -d $(find "$B/aarch64/efi" -name '*.o') | grep -E '\s[xw]18\b' | head -n 3 || true)
	if [ -z "$x18" ]; then ok "aarch64 x18 untouched (-ffixed-x18)"
	else bad "aarch64 x18" "$x18"; fi
fi
# riscv64 (make ARCH=riscv64, when built): PE images of the right machine
# (0x5064) and subsystem, no F or D instruction anywhere in them (riscv has no
# -mgeneral-regs-only; GNU-EFI's lp64d ABI is only the calling convention),
# and within the size budget.
if [ -s "$B/riscv64/earlyseed.efi" ]; then
	if pe_ok "$B/riscv64/earlyseed.efi" 20580 10 && pe_ok "$B/riscv64/earlyseed-driver.efi" 20580 11; then
		ok "riscv64 pe (machine 0x5064: an application, subsystem 10, and a boot-service driver, 11)"
	else
		bad "riscv64 pe" "build/riscv64/*.efi: not RISC-V 64 PE images of subsystems 10 and 11"
	fi
	# every F/D mnemonic starts with f (fld, fsd, fmv.x.d, fcvt...); fence does not count
	fp=$(riscv64-linux-gnu-objdump -d "$B/riscv64/earlyseed.so" "$B/riscv64/earlyseed-driver.so" |
		awk -F'\t' 'NF >= 3 && $3 ~ /^f/ && $3 !~ /^fence/ {print; n++} n == 3 {exit}')
	if [ -z "$fp" ]; then ok "riscv64 no fp (no F or D instruction in either image)"
	else bad "riscv64 no fp" "$fp"; fi
	rv=$(stat -c %s "$B/riscv64/earlyseed.efi")
	if [ "$rv" -le 98304 ]; then ok "riscv64 size ($rv bytes, at most 96 KiB: sections 4 KiB-aligned)"
	else bad "riscv64 size" "$rv bytes, over 96 KiB"; fi
fi
# Secure Boot (docs/secure-boot.md "Secure Boot"): every image carries shim's .sbat, the
# table in build/sbat.csv (linker/sbat.csv with the version) byte for byte, and NX_COMPAT; read back with
# binutils, not with the tool that added them (objdump; objcopy cannot read
# GNU-EFI's hand-made aarch64 header).
sbat_nx() { # sbat_nx LABEL IMAGE OBJDUMP
	local t size off
	t=$(mktemp)
	# objdump -h: "N .sbat SIZE VMA LMA FILEOFF ALIGN" (hex)
	read -r size off < <("$3" -h "$2" 2> /dev/null | awk '$2 == ".sbat" {print $3, $6}')
	if [ -n "${size:-}" ] && tail -c +$((0x$off + 1)) "$2" | head -c $((0x$size)) > "$t" && cmp -s "$t" build/sbat.csv &&
		grep -qE '^[[:space:]]+NX_COMPAT$' < <("$3" -p "$2"); then
		ok "$1 .sbat and NX_COMPAT ($(stat -c %s "$t") bytes of SBAT)"
	else
		bad "$1 .sbat and NX_COMPAT" "$2: $("$3" -h "$2" 2>&1 | grep -c '\.sbat') .sbat sections; $("$3" -p "$2" 2>&1 | grep -A1 DllCharacteristics | tr -s '\t\n' ' ')"
	fi
	rm -f "$t"
}
sbat_nx "app" "$B/earlyseed.efi" objdump
sbat_nx "driver" "$B/earlyseed-driver.efi" objdump
if [ -s "$B/aarch64/earlyseed.efi" ]; then
	sbat_nx "aarch64 app" "$B/aarch64/earlyseed.efi" aarch64-linux-gnu-objdump
	sbat_nx "aarch64 driver" "$B/aarch64/earlyseed-driver.efi" aarch64-linux-gnu-objdump
fi
rom=$(stat -c %s "$B/earlyseed.rom" 2>/dev/null || echo 0)
if [ $((rom % 512)) = 0 ] && [ "$rom" -gt "$size" ] && [ "$(head -c 2 "$B/earlyseed.rom" | od -An -tx1 | tr -d ' ')" = 55aa ]; then
	ok "option rom ($rom bytes, 55aa, 512-byte units)"
else
	bad "option rom" "build/earlyseed.rom: $rom bytes"
fi
[ "$rc" = 0 ] && [ "$TAP_FAILED" = 0 ]
