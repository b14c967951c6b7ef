#!/usr/bin/env bash
# Install what `make`, `make run` and `make check` need on Debian 12, and
# nothing that is already there. Runs as root (or through sudo when present).
set -euo pipefail

# package : what the project uses from it
pkgs=(
	make gcc libc6-dev binutils  # build (libc6-dev: -static host tool)
	gnu-efi                   # crt0, libgnuefi, headers; libefi for tests/prevstage.c
	qemu-system-x86 ovmf      # boots: QEMU 7.2 and OVMF 2022.11
	mtools dosfstools cpio xz-utils # ESP image and initramfs (xz: Debian 13's modules)
	valgrind                  # host tests under memcheck
	clang libclang-rt-14-dev  # libFuzzer (-fsanitize=fuzzer)
	cppcheck clang-tidy pyflakes3 # make lint
	grub-common grub-efi-amd64-bin  # grub-mkstandalone and GRUB 2.06's modules (boot test 14)
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross  # make ARCH=aarch64 (GNU-EFI arm64: scripts/arm64.sh)
	gcc-riscv64-linux-gnu libc6-dev-riscv64-cross  # make ARCH=riscv64 (GNU-EFI riscv64: scripts/riscv64.sh)
	qemu-system-misc          # riscv64 boots: qemu-system-riscv64 with OpenSBI (tests/boot/uboot.sh riscv64)
	u-boot-tools              # mkimage: the U-Boot script of a riscv64 machine with no rng-seed (tests/boot/uboot.sh riscv64)
	qemu-system-arm qemu-efi-aarch64             # aarch64 boots: qemu-system-aarch64 and AAVMF
	u-boot-qemu               # U-Boot's UEFI for QEMU (tests/boot/uboot.sh)
	systemd                   # systemd-analyze verify of host/earlyseed-seed.service
	sbsigntool openssl        # make sign; the Secure Boot boot tests (snakeoil key from ovmf)
	groff-base man-db         # the man pages: tests/man.sh, man earlyseed
	dpkg-dev debhelper lintian  # make deb and its test (tests/deb.sh)
	ca-certificates           # apt over https where configured
	swtpm swtpm-tools         # a TPM 2.0 for QEMU: the TPM boots (tests/boot/qemu.sh 26)
	uefitool-cli python3      # make ovmf (scripts/ovmf.py) and UEFIExtract, the independent check of its output
	mmdebstrap fdisk e2fsprogs qemu-utils  # the real Debian 12 machine (tests/boot/debvm.sh): root, GPT, ext4, overlays
)

missing=()
for p in "${pkgs[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done
# Debian 13's firmware (edk2 2025.02) and kernels (6.12), for the boots on
# both generations (tests/boot/generations.sh): into the cache's trixie/ through a
# private apt state, the host's sources left as they are.
trixie() { "$(dirname "$0")/trixie.sh" || { echo "deps: fetching Debian 13's firmware and kernels failed (scripts/trixie.sh)" >&2; exit 1; }; }
[ ${#missing[@]} -eq 0 ] && { trixie; exit 0; }

sudo=""
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || { echo "deps: need root to install: ${missing[*]}" >&2; exit 1; }
	sudo=sudo
fi
echo "deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
trixie
