#!/usr/bin/env bash
# The installer on the Raspberry Pi OS releases people have, in emulation: `make pi-system-test`.
#
# For each release (Debian Trixie with Python 3.13 and Bookworm with Python 3.11, arm64,
# the base of 64-bit Raspberry Pi OS) this
#   1. debootstraps a minimal arm64 root once into $CACHE/<release>/base (kept for the
#      next run, with apt's and pip's download caches beside it),
#   2. copies it to a fresh work root and copies this source tree into /usr/src,
#   3. runs `make install` there as root, as on the Pi, under qemu-user-static,
#   4. runs inside it: `mush-companion demo` headless, `check-config`, `new-game`, `state`
#      (as root and as the service user) and `pads test --source mock`,
# and prints each step with PASS/FAIL and the seconds it took.
#
# What differs from a real Pi, said plainly:
#  - No Raspberry Pi archive, and Debian has no `python3-lgpio`. On the releases in
#    STANDIN (default bookworm) a stand-in takes its place: PyPI's lgpio wheel for the
#    release's Python unpacked into /usr/lib/python3/dist-packages, where the Pi's package
#    puts it, so the installer's main path (the system's lgpio seen through
#    --system-site-packages) runs. On the others (Trixie: PyPI has no lgpio for 3.13) the
#    installer's own fallback runs: it installs swig, gcc and python3-dev and builds lgpio
#    from source.
#  - No /proc/device-tree/model, no GPIO chip, no screen and no sound card: the demo runs
#    with SDL's dummy drivers and the pads are the mock ones.
#  - No systemd inside the root: the unit is installed, not started.
#
# Settings (environment): RELEASES (default "trixie bookworm"), CACHE (default
# /var/cache/mush-pi-system-test), MIRROR (default http://deb.debian.org/debian),
# KEEP=1 keeps the work roots for a look afterwards.
set -euo pipefail

RELEASES=${RELEASES:-"trixie bookworm"}
CACHE=${CACHE:-/var/cache/mush-pi-system-test}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
KEEP=${KEEP:-0}
STANDIN=${STANDIN:-bookworm}
LGPIO_VERSION=0.2.2.0
ARCH=arm64
SRC=$(cd "$(dirname "$0")/.." && pwd)
# What debootstrap puts in the base beyond the minimal system: what a Raspberry Pi OS Lite
# image already has (python3, make, sudo, ca-certificates).
BASE_PACKAGES=python3,make,sudo,ca-certificates,util-linux

RESULTS=()
FAILED=0

log() { printf '%s\n' "$*" >&2; }
die() { log "pi-system-test: $*"; exit 1; }

# step NAME COMMAND...: run, time, record PASS/FAIL; never stops the run.
step() {
    local name=$1 start end status
    shift
    log ""
    log "=== $name"
    start=$(date +%s.%N)
    if "$@"; then status=PASS; else status=FAIL; FAILED=$((FAILED + 1)); fi
    end=$(date +%s.%N)
    RESULTS+=("$(printf '%-4s %7.1fs  %s' "$status" "$(echo "$end - $start" | bc)" "$name")")
    [ "$status" = PASS ]
}

host_tools() {
    [ "$(id -u)" -eq 0 ] || die "run it as root (it debootstraps and chroots): sudo make pi-system-test"
    local missing=()
    command -v debootstrap >/dev/null || missing+=(debootstrap)
    [ -e /usr/bin/qemu-aarch64-static ] || [ -e /usr/bin/qemu-aarch64 ] || missing+=(qemu-user-static)
    command -v update-binfmts >/dev/null || missing+=(binfmt-support)
    command -v bc >/dev/null || missing+=(bc)
    if [ ${#missing[@]} -gt 0 ]; then
        log "installing on this machine: ${missing[*]}"
        apt-get install -y -q "${missing[@]}" >&2
    fi
    if [ -z "$(ls -A /proc/sys/fs/binfmt_misc 2>/dev/null)" ]; then
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    fi
    if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
        update-binfmts --enable qemu-aarch64 >&2 || true
    fi
    [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] \
        || die "binfmt has no qemu-aarch64 entry: 'update-binfmts --display qemu-aarch64'"
}

base_root() {
    local release=$1 base=$CACHE/$1/base
    if [ -e "$base/.complete" ]; then
        log "cached: $base"
        return 0
    fi
    rm -rf "$base"
    mkdir -p "$base"
    debootstrap --arch=$ARCH --variant=minbase --include=$BASE_PACKAGES \
        --cache-dir="$CACHE/$release/debootstrap-debs" "$release" "$base" "$MIRROR" >&2 \
        || { mkdir -p "$CACHE/$release/debootstrap-debs"; return 1; }
    touch "$base/.complete"
}

mount_root() {
    local root=$1 release=$2
    mkdir -p "$CACHE/$release/apt-archives" "$CACHE/$release/pip-cache" \
        "$root/var/cache/apt/archives" "$root/root/.cache/pip"
    mount -t proc proc "$root/proc"
    mount --rbind /sys "$root/sys"
    mount --make-rslave "$root/sys"
    mount --rbind /dev "$root/dev"
    mount --make-rslave "$root/dev"
    mount --bind "$CACHE/$release/apt-archives" "$root/var/cache/apt/archives"
    mount --bind "$CACHE/$release/pip-cache" "$root/root/.cache/pip"
}

umount_root() {
    local root=$1
    for m in root/.cache/pip var/cache/apt/archives dev sys proc; do
        if mountpoint -q "$root/$m"; then umount -R "$root/$m" || umount -lR "$root/$m" || true; fi
    done
}

work_root() {
    local release=$1 root=$CACHE/$1/work
    [ -d "$root" ] && umount_root "$root"
    rm -rf "$root"
    cp -a "$CACHE/$release/base" "$root"
    rm -f "$root/.complete"
    # The registries' TLS: this machine's certificate store (it may hold a proxy's CA).
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
    printf 'deb %s %s main\n' "$MIRROR" "$release" > "$root/etc/apt/sources.list"
    # The source tree as `git clone` gives it (no venv, caches or build output).
    mkdir -p "$root/usr/src/mush-companion"
    tar -C "$SRC" --exclude=./.git --exclude=./.venv --exclude=./build \
        --exclude=./test-artifacts --exclude='./.*_cache' --exclude=./.hypothesis \
        --exclude='*.egg-info' --exclude='__pycache__' --exclude=./demo-output -cf - . \
        | tar -C "$root/usr/src/mush-companion" -xf -
    mount_root "$root" "$release"
}

# in_root RELEASE COMMAND: a login-like shell in the work root, as root.
in_root() {
    local root=$CACHE/$1/work
    shift
    chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive PIP_DEFAULT_TIMEOUT=180 \
        PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
        /bin/sh -ec "$*"
}

# lgpio_standin RELEASE PYTHON_VERSION: PyPI's aarch64 lgpio wheel for that Python,
# unpacked where Raspberry Pi OS's python3-lgpio puts the module.
lgpio_standin() {
    local release=$1 tag wheel_dir=$CACHE/$1/standin
    tag=cp$(echo "$2" | cut -d. -f1,2 | tr -d .)
    mkdir -p "$wheel_dir"
    if ! ls "$wheel_dir"/lgpio-*"$tag"*.whl >/dev/null 2>&1; then
        python3 -m pip download --quiet --no-deps --only-binary :all: \
            --platform manylinux_2_34_aarch64 --implementation cp --python-version "${2%.*}" \
            --abi "$tag" -d "$wheel_dir" "lgpio==$LGPIO_VERSION" >&2 \
            || { log "fetching the stand-in needs pip here (python3 -m pip) and PyPI"; return 1; }
    fi
    python3 -m zipfile -e "$(ls "$wheel_dir"/lgpio-*"$tag"*.whl | head -n 1)" \
        "$CACHE/$release/work/usr/lib/python3/dist-packages/"
    in_root "$release" 'cd / && python3 -c "import lgpio; print(\"stand-in lgpio:\", lgpio.__file__)"'
}

run_release() {
    local release=$1 python
    step "$release: debootstrap arm64 base (cached after the first run)" base_root "$release" || return 0
    step "$release: fresh work root" work_root "$release" || return 0
    python=$(in_root "$release" 'python3 -c "import sys, platform; print(platform.python_version(), platform.machine())"' || true)
    log "$release: Python $python"
    if in_root "$release" 'apt-get update -q >/dev/null && apt-cache show python3-lgpio >/dev/null 2>&1'; then
        log "$release: python3-lgpio comes from Debian (Raspberry Pi OS ships the same package)"
    elif case " $STANDIN " in *" $release "*) true ;; *) false ;; esac; then
        step "$release: STAND-IN for Raspberry Pi OS's python3-lgpio (PyPI's lgpio $LGPIO_VERSION wheel in dist-packages)" \
            lgpio_standin "$release" "${python%% *}" || return 0
    else
        log "$release: Debian has no python3-lgpio: the installer's source-build fallback runs instead"
    fi
    step "$release: make install (Python $python)" \
        in_root "$release" 'cd /usr/src/mush-companion && umask 077 && make install' || return 0
    local bin=/opt/mush-companion/venv/bin/mush-companion
    step "$release: GPIO library in the venv (lgpio)" \
        in_root "$release" "/opt/mush-companion/venv/bin/python -c 'import lgpio, gpiozero; print(\"lgpio\", lgpio.__file__); print(\"gpiozero\", gpiozero.__version__ if hasattr(gpiozero, \"__version__\") else \"\")'"
    step "$release: mush-companion check-config" in_root "$release" "$bin check-config"
    step "$release: mush-companion new-game (via runuser -u mush)" \
        in_root "$release" "runuser -u mush -- $bin new-game"
    step "$release: mush-companion state (as root)" in_root "$release" "$bin state"
    step "$release: mush-companion state (as the service user)" \
        in_root "$release" "runuser -u mush -- $bin state"
    step "$release: mush-companion pads test --source mock" \
        in_root "$release" "$bin pads test --source mock --seconds 3"
    step "$release: mush-companion sound test (no sound card)" in_root "$release" "$bin sound test"
    step "$release: mush-companion demo (headless, whole game)" \
        in_root "$release" "cd /tmp && $bin demo --seed 1 --out /tmp/demo && test -s /tmp/demo/events.jsonl"
    step "$release: sudo make install again (venv kept, idempotent)" \
        in_root "$release" 'cd /usr/src/mush-companion && make install'
}

cleanup() {
    for release in $RELEASES; do
        local root=$CACHE/$release/work
        if [ -d "$root" ]; then
            umount_root "$root"
            [ "$KEEP" = 1 ] || rm -rf "$root"
        fi
    done
}

main() {
    local started
    started=$(date +%s)
    host_tools
    trap cleanup EXIT
    for release in $RELEASES; do
        run_release "$release"
    done
    echo
    echo "pi-system-test: Debian arm64 under qemu-user-static ($(date -u +%Y-%m-%dT%H:%MZ)), $(( $(date +%s) - started ))s in all"
    printf '%s\n' "${RESULTS[@]}"
    if [ "$FAILED" -gt 0 ]; then
        echo "$FAILED step(s) FAILED (the log above says why)"
        exit 1
    fi
    echo "all steps passed"
}

# On one line, read whole before it runs: an edit of this file during a run cannot
# make bash read on into the changed text.
main "$@"; exit $?
