#!/bin/sh
# /init of the demo and test initramfs: report what the kernel did with the
# seed, then power off. Every line it prints starts with "initrd:".
/bin/busybox mkdir -p /usr/bin /sbin /usr/sbin
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
echo "initrd: reached /init"
echo "initrd: entropy_avail=$(cat /proc/sys/kernel/random/entropy_avail)"
# The command line as the kernel kept it (printk cuts long lines; this does not).
echo "initrd: cmdline_bytes=$(tr -d '\n' < /proc/cmdline | wc -c)"
echo "initrd: cmdline_end=$(tr -d '\n' < /proc/cmdline | tail -c 40)"
# The table's size field survives: the kernel zeroes only the bytes
# (drivers/firmware/efi/efi.c). iomem=relaxed makes it readable.
rng=$(dmesg | sed -n 's/^.*efi: .*RNG=\(0x[0-9a-fA-F]*\).*$/\1/p' | head -n 1)
if [ -n "$rng" ]; then
	size=$(devmem "$rng" 32 2>/dev/null)
	[ -n "$size" ] && echo "initrd: rng_table_size=$((size))"
fi
# Hyper-V's OEM0 table as the OS finds it (earlyseed cuts it to its header).
[ -r /sys/firmware/acpi/tables/OEM0 ] && echo "initrd: acpi: OEM0 $(wc -c < /sys/firmware/acpi/tables/OEM0) bytes"
# What earlyseed did before the kernel, from its EFI variable.
insmod /lib/efivarfs.ko 2>/dev/null
mount -t efivarfs efivarfs /sys/firmware/efi/efivars 2>/dev/null
earlyseed inspect 2>&1 | sed 's/^/initrd: audit: /'
# earlyseed's variables as the OS sees them: a token the app made is
# boot-service only, so it is not among them.
for v in /sys/firmware/efi/efivars/Earlyseed*; do
	[ -e "$v" ] && echo "initrd: efivar: ${v##*/} mode=$(stat -c %a "$v")"
done
# esp_mount: the ESP at /boot/efi, as the OS mounts it: the first virtio
# disk's first partition (a GPT disk), or the whole disk when it is bare FAT
# with no partition table (es_make_img's images: qemu.sh 19, 22, 28).
esp_mount() {
	for m in $(cat /lib/esp/order); do insmod "/lib/esp/$m.ko" 2>/dev/null; done
	mkdir -p /boot/efi
	# the disk (and its partitions) may appear a moment after the driver
	i=0
	while [ $i -lt 20 ]; do
		for d in /dev/vda1 /dev/vda; do
			[ -b "$d" ] && mount -t vfat -o umask=0077 "$d" /boot/efi 2>/dev/null && return 0
		done
		sleep 1
		i=$((i + 1))
	done
	return 1
}
# es.refresh=1: what earlyseed-seed.service does at boot, on the ESP (the
# virtio disk the boot tests give): `earlyseed seed refresh`.
if grep -q 'es\.refresh=1' /proc/cmdline && [ -s /lib/esp/order ]; then
	if esp_mount; then
		earlyseed seed refresh --esp /boot/efi 2>&1 | sed 's/^/initrd: seed: /'
		# what `earlyseed status` says of this boot and the next
		st=$(earlyseed status --esp /boot/efi 2>&1)
		printf '%s\nexit %s\n' "$st" "$?" | sed 's/^/initrd: status: /'
		umount /boot/efi && echo "initrd: seed: ESP unmounted"
	else
		echo "initrd: seed: cannot mount the ESP (/dev/vda1 or /dev/vda)"
	fi
fi
# es.pkg=1 (tests/boot/uboot.sh rv5): the packages in /pkg installed in this
# booted system by its own dpkg (Debian's, in /usr), then `earlyseed
# install` from them onto the ESP and the efibootmgr line it prints run, as
# the README says; the next stage and its command line from /pkg/next and
# /pkg/cmdline. Every line starts "initrd: pkg: ".
if grep -q 'es\.pkg=1' /proc/cmdline && [ -d /pkg ]; then
	pkg() { sed 's/^/initrd: pkg: /'; }
	if esp_mount; then
		(
			export PATH=/usr/sbin:/usr/bin:/sbin:/bin
			mkdir -p /var/lib/dpkg/info /var/lib/dpkg/updates /var/lib/dpkg/triggers /var/log /tmp
			touch /var/lib/dpkg/status /var/lib/dpkg/available
			dpkg -i /pkg/*.deb > /tmp/dpkg.out 2>&1
			echo "dpkg -i: rc=$?"
			sed 's/^/dpkg: /' /tmp/dpkg.out
			dpkg-query -W -f='installed: ${Package} ${Version} ${Architecture} ${Status}\n' earlyseed earlyseed-efi
			echo "tool: $(command -v earlyseed) $(earlyseed --version 2>&1 | head -n 1)"
			earlyseed install --esp /boot/efi --next "$(cat /pkg/next)" --cmdline "$(cat /pkg/cmdline)" > /tmp/inst.out 2>&1
			echo "install: rc=$?"
			sed 's/^/install: /' /tmp/inst.out
			# riscv64's stub takes its initrd through LoadFile2 alone: the
			# config's initrd key (docs/riscv64.md)
			[ -s /pkg/initrd ] && printf 'initrd = %s\n' "$(cat /pkg/initrd)" >> /boot/efi/EFI/earlyseed/earlyseed.conf
			line=$(grep -m1 '^ *efibootmgr --create' /tmp/inst.out)
			if [ -n "$line" ]; then
				sh -c "$line" > /tmp/efibootmgr.out 2>&1
				echo "efibootmgr: rc=$?"
				sed 's/^/efibootmgr: /' /tmp/efibootmgr.out
			else
				echo "efibootmgr: install printed no efibootmgr line"
			fi
			efibootmgr 2>&1 | grep -E '^(BootOrder|Boot[0-9A-F]{4})'
		) 2>&1 | pkg
		umount /boot/efi && echo "ESP unmounted" | pkg
	else
		echo "cannot mount the ESP" | pkg
	fi
fi
# The firmware driver's record, when one ran (docs/driver.md "The firmware driver").
drv=/sys/firmware/efi/efivars/EarlyseedDriverAudit-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97
[ -e "$drv" ] && earlyseed inspect "$drv" 2>&1 | sed 's/^/initrd: driver audit: /'
load=/sys/firmware/efi/efivars/EarlyseedDriverLoad-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97
[ -e "$load" ] && earlyseed inspect "$load" 2>&1 | sed 's/^/initrd: driver at load: /'
echo "initrd: done"
poweroff -f
