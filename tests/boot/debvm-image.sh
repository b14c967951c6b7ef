#!/usr/bin/env bash
# tests/boot/debvm-image.sh: the real Debian machine tests/boot/debvm.sh boots, built
# once and cached under .cache/debvm/ (ES_DEBIAN=13: .cache/debvm13/;
# docs/debvm.md "The real Debian machine"): mmdebstrap's bookworm (trixie) with systemd, the Debian kernel, GRUB,
# shim and systemd-boot; a GPT disk with an ESP (FAT32) and an ext4 root
# made without mounting anything (this kernel may have no vfat or loop:
# mkfs.fat, mkfs.ext4 -d, sfdisk, dd); then one boot of its own kernel
# under OVMF that runs grub-install and update-grub inside the machine, as
# Debian's installer does, which makes the firmware's boot entry. The disk
# and the variable store after that boot are the pristine machine.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/boot/harness.sh"
es_trap_errors

C=$ES_CACHE/debvm
SUITE=bookworm
if [ "$ES_DEBIAN" = 13 ]; then
	C=${C}13 SUITE=trixie
	"$ROOT/scripts/trixie.sh" || es_die "Debian 13's firmware (scripts/trixie.sh) could not be fetched"
fi
# The recipe: this script and what it bakes into the machine; a cached
# image of another recipe is rebuilt.
RECIPE=$(cat "$0" "$ROOT/tests/boot/debvm/es-vm" "$ROOT/tests/boot/debvm/es-vm.service" \
	"$ROOT/tests/boot/debvm/es-vm.modprobe" | sha256sum | cut -c1-16)
ROOT_UUID=6c1e0b1a-5a8e-4c55-9f0e-2b7d3c9a1e01
ESP_ID=E5EE0001 # the FAT volume id: UUID=E5EE-0001 in fstab
PKGS=systemd,systemd-sysv,udev,kmod,initramfs-tools,grub-efi-amd64,grub-efi-amd64-signed,shim-signed,efibootmgr,dosfstools,systemd-boot
# Debian 12's machine is a cloud image's: the cloud kernel (its payload LZ4,
# where the generic kernel's XZ costs the EFI stub about 5 s a boot under
# TCG; its initramfs 15 MB, not 36) and the real prometheus-node-exporter,
# whose /metrics the shim phase reads (installed here: its postinst runs
# deb-systemd-helper, a Perl program, 24 times, about a minute under TCG).
# Debian 13's is an installer's: the generic kernel.
if [ "$ES_DEBIAN" = 13 ]; then PKGS=$PKGS,linux-image-amd64
else PKGS=$PKGS,linux-image-cloud-amd64,prometheus-node-exporter; fi
if [ -s "$C/disk.raw" ] && [ -s "$C/vars.fd" ] && [ "$(cat "$C/recipe" 2> /dev/null)" = "$RECIPE" ]; then
	exit 0
fi
for t in mmdebstrap mkfs.fat mkfs.ext4 sfdisk qemu-img qemu-system-x86_64; do
	command -v "$t" > /dev/null || es_die "$t missing (scripts/deps.sh installs it)"
done
# mmdebstrap mounts /proc, /sys and /dev inside the root while it runs: one
# killed half-way leaves them mounted. Never delete through a mount.
awk -v c="$C/" 'index($2, c) == 1 {print $2}' /proc/mounts | sort -r | while read -r m; do umount -l "$m" || true; done
rm -rf --one-file-system "$C" && mkdir -p "$C"
t0=$(date +%s)
echo "debvm: mmdebstrap $SUITE ($PKGS): a few minutes, once"
# The test machine's module list goes in before the packages, so the
# initramfs the kernel's package builds carries it too (initramfs-tools
# copies /etc/modprobe.d): udev loads the same modules in both.
timeout --foreground -k 10 1500 mmdebstrap --variant=apt --include="$PKGS" --aptopt='Acquire::Retries "3"' \
	--setup-hook="mkdir -p \"\$1/etc/modprobe.d\" && cp '$ROOT/tests/boot/debvm/es-vm.modprobe' \"\$1/etc/modprobe.d/es-vm.conf\"" \
	"$SUITE" "$C/rootfs" \
	> "$C/mmdebstrap.log" 2>&1 || { tail -n 30 "$C/mmdebstrap.log" >&2; es_die "mmdebstrap failed ($C/mmdebstrap.log)"; }
R=$C/rootfs
# What the installer would have set up: fstab, a host name, GRUB on the
# serial console with no wait, the test's driver unit; no getty (it hangs
# up the serial line), no password prompts anywhere.
cat > "$R/etc/fstab" <<FSTAB
UUID=$ROOT_UUID / ext4 errors=remount-ro 0 1
UUID=${ESP_ID:0:4}-${ESP_ID:4:4} /boot/efi vfat umask=0077 0 1
FSTAB
mkdir -p "$R/boot/efi"
echo debvm > "$R/etc/hostname"
cat >> "$R/etc/default/grub" <<'GRUB'
GRUB_TIMEOUT=0
GRUB_CMDLINE_LINUX="console=ttyS0"
GRUB_DISABLE_OS_PROBER=true
GRUB
install -m 0755 "$ROOT/tests/boot/debvm/es-vm" "$R/usr/local/sbin/es-vm"
install -m 0644 "$ROOT/tests/boot/debvm/es-vm.service" "$R/etc/systemd/system/es-vm.service"
ln -sf /etc/systemd/system/es-vm.service "$R/etc/systemd/system/multi-user.target.wants/es-vm.service"
# Nor, at every boot, what no test reads and TCG makes slow: the DRM core
# (modprobe@drm.service, 5 s: there is no display adapter) and GRUB's
# record of a successful boot (grub-common.service, 4 s: GRUB_RECORDFAIL
# is not used here; the boot entry tests read the firmware's BootCurrent).
# the exporter installed but not started at boot: the phase that reads it
# starts it (a Go program's start costs every other boot seconds)
rm -f "$R/etc/systemd/system/multi-user.target.wants/prometheus-node-exporter.service"
for u in serial-getty@ttyS0.service getty@tty1.service getty.target apt-daily.timer apt-daily-upgrade.timer \
	e2scrub_all.timer fstrim.timer man-db.timer modprobe@drm.service grub-common.service; do
	ln -sf /dev/null "$R/etc/systemd/system/$u"
done
cp "$(es_first "$R/boot/vmlinuz-*")" "$C/vmlinuz"
cp "$(es_first "$R/boot/initrd.img-*")" "$C/initrd.img"
# The disk: GPT, ESP 256 MiB (FAT32) at 1 MiB, root ext4 after it.
mkfs.fat -F 32 -i "$ESP_ID" -n ESP -C "$C/esp.img" $((256 * 1024)) > /dev/null
mkfs.ext4 -q -F -d "$R" -U "$ROOT_UUID" -L debvm "$C/root.img" 2048M > /dev/null
truncate -s $(((1 + 256 + 2048 + 1) << 20)) "$C/disk.raw" # and 1 MiB for the backup GPT
sfdisk -q "$C/disk.raw" <<SFDISK
label: gpt
start=2048, size=524288, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name="EFI System Partition"
start=526336, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4, name=root
SFDISK
dd if="$C/esp.img" of="$C/disk.raw" bs=1M seek=1 conv=notrunc,sparse status=none
dd if="$C/root.img" of="$C/disk.raw" bs=1M seek=257 conv=notrunc,sparse status=none
rm -f "$C/esp.img" "$C/root.img"
rm -rf --one-file-system "$R"
cp "$ES_FW_VARS" "$C/vars.fd"
# First boot: its own kernel, grub-install and update-grub inside.
cat > "$C/setup.sh" <<'SETUP'
set -e
mount /boot/efi 2> /dev/null || mountpoint -q /boot/efi
# As Debian's installer on a machine that may boot under Secure Boot:
# shim first (shimx64.efi, then grubx64.efi beside it), the entry on shim.
grub-install --target=x86_64-efi --efi-directory=/boot/efi --bootloader-id=debian --uefi-secure-boot
update-grub
ls -R /boot/efi/EFI
test -s /boot/efi/EFI/debian/shimx64.efi
efibootmgr
echo "setup: done"
SETUP
echo "debvm: first boot: grub-install and update-grub inside the machine"
timeout --foreground -k 5 600 qemu-system-x86_64 -accel tcg -cpu qemu64 -m 1024 -smp 1 -nographic -no-reboot \
	-drive "if=pflash,format=raw,readonly=on,file=$ES_FW_CODE" -drive "if=pflash,format=raw,file=$C/vars.fd" \
	-drive "file=$C/disk.raw,format=raw,if=virtio" \
	-kernel "$C/vmlinuz" -initrd "$C/initrd.img" -append "root=UUID=$ROOT_UUID ro console=ttyS0" \
	-fw_cfg "name=opt/es/script,file=$C/setup.sh" > "$C/setup.log" 2>&1 < /dev/null ||
	{ tail -n 40 "$C/setup.log" >&2; es_die "the first boot failed ($C/setup.log)"; }
grep -q '^ES-VM| setup: done' "$C/setup.log" ||
	{ grep '^ES-VM' "$C/setup.log" | tail -n 30 >&2; es_die "grub-install in the machine failed ($C/setup.log)"; }
echo "$RECIPE" > "$C/recipe"
echo "debvm: the machine is ready in $(($(date +%s) - t0)) s: $C"
