"""Disks, filesystems and the machine's power state."""

from __future__ import annotations

DISK_TOOLS = frozenset(
    {
        "mkfs",
        "mke2fs",
        "mkswap",
        "wipefs",
        "fdisk",
        "sfdisk",
        "gdisk",
        "sgdisk",
        "parted",
        "cfdisk",
        "blkdiscard",
        "hdparm",
        "diskutil",
        "format",
        "zpool",
        "lvremove",
        "vgremove",
        "pvremove",
        "cryptsetup",
        "badblocks",
    }
)
POWER = frozenset({"shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl"})
