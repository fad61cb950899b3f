#!/usr/bin/env bash
# The installer on the Raspberry Pi OS releases people have, in emulation: `make pi-system-test`.
#
# For each release (Debian Trixie with Python 3.13 and Bookworm with Python 3.11, arm64,
# the base of 64-bit Raspberry Pi OS) this
#   1. debootstraps a minimal arm64 root once into $CACHE/<release>/base (kept for the
#      next run, with apt's and pip's download caches beside it),
#   2. copies it to a fresh work root and copies this source tree into /usr/src,
#   3. runs `make install` there as root, as on the Pi, under qemu-user-static,
#   4. runs inside it: `check-config`, `new-game`, `state` (as root and as the service
#      user), `pads test --source mock`, `sound test`, a whole headless `demo`,
#   5. backs a game up, starts a new one, restores the backup and resumes the game,
#   6. installs the previous commit from a git clone and updates it to this one with
#      `make update`, and installs once more (idempotent),
# and prints each step with PASS/FAIL and the seconds it took.
#
# Every step runs under its own time limit, in its own process group: a step that hangs
# is killed with everything it started (qemu processes included), counts as FAIL, and
# the run goes on. Whatever happens (a failure, a time-out, Ctrl-C) the mounts are
# released, no process is left running in the roots, and the table is printed.
#
# What differs from a real Pi, said plainly:
#  - The CPU: qemu emulates a Cortex-A72 (a Pi 4's; QEMU_CPU), which has no pointer
#    authentication, like the Pi 4's and the Pi 5's Cortex-A76. qemu's default CPU has
#    it, and emulates it so slowly that Trixie's Python (built to use it) runs ~18x slower.
#  - No Raspberry Pi archive, and Debian has no `python3-lgpio`. On the releases in
#    STANDIN (default bookworm) a stand-in takes its place: PyPI's lgpio wheel for the
#    release's Python unpacked into /usr/lib/python3/dist-packages, where the Pi's package
#    puts it, so the installer's main path (the system's lgpio seen through
#    --system-site-packages) runs. On the others (Trixie: PyPI has no lgpio for 3.13) the
#    installer's own fallback runs: it installs swig, gcc and python3-dev and builds lgpio
#    from source.
#  - No /proc/device-tree/model, no GPIO chip, no screen and no sound card: the demo runs
#    with SDL's dummy drivers and the pads are the mock ones.
#  - No systemd inside the root: the unit is installed, not started (so `update` and
#    `restore` take their path for a machine without systemd).
#
# Options (each also an environment variable):
#   --releases "trixie bookworm"  RELEASES   which releases
#   --demo-limit SECONDS          DEMO_LIMIT the demo's own time limit (default 900); its
#                                            step gets 120 s more
#   --update-from REV             UPDATE_FROM the commit the update step starts from
#                                            (default HEAD~1: the previous commit)
#   --cache DIR                   CACHE      default /var/cache/mush-pi-system-test
#   --keep                        KEEP=1     keep the work roots for a look afterwards
#   --qemu-cpu NAME               QEMU_CPU   default cortex-a72
#                                 MIRROR     default http://deb.debian.org/debian
set -uo pipefail  # no -e: a failing step is counted, never the end of the run

RELEASES=${RELEASES:-"trixie bookworm"}
CACHE=${CACHE:-/var/cache/mush-pi-system-test}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
KEEP=${KEEP:-0}
STANDIN=${STANDIN:-bookworm}
DEMO_LIMIT=${DEMO_LIMIT:-900}
UPDATE_FROM=${UPDATE_FROM:-HEAD~1}
QEMU_CPU=${QEMU_CPU:-cortex-a72}
LGPIO_VERSION=0.2.2.0
ARCH=arm64
SRC=${SRC:-$(cd "$(dirname "$0")/.." && pwd)}
# What debootstrap puts in the base beyond the minimal system: what a Raspberry Pi OS Lite
# image already has (python3, make, sudo, ca-certificates, git).
BASE_PACKAGES=python3,make,sudo,ca-certificates,util-linux,git
BIN=/opt/mush-companion/venv/bin/mush-companion

log() { printf '%s\n' "$*" >&2; }
die() { log "pi-system-test: $*"; exit 1; }

usage() {
    sed -n '2,/^set -uo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
}

parse_options() {
    while [ $# -gt 0 ]; do
        case $1 in
            --releases) RELEASES=$2; shift ;;
            --demo-limit) DEMO_LIMIT=$2; shift ;;
            --update-from) UPDATE_FROM=$2; shift ;;
            --cache) CACHE=$2; shift ;;
            --keep) KEEP=1 ;;
            --qemu-cpu) QEMU_CPU=$2; shift ;;
            -h|--help) usage; exit 0 ;;
            *) die "unknown option '$1' (--help lists them)" ;;
        esac
        shift
    done
    case $DEMO_LIMIT in ''|*[!0-9]*) die "--demo-limit takes whole seconds, not '$DEMO_LIMIT'" ;; esac
    # The steps run in children of this script: they see the same settings.
    export RELEASES CACHE MIRROR KEEP STANDIN DEMO_LIMIT UPDATE_FROM QEMU_CPU SRC
}

# --- the steps' bodies (each runs in a child: `pi-system-test.sh --call NAME ARGS`) -------

host_tools() {
    [ "$(id -u)" -eq 0 ] || die "run it as root (it debootstraps and chroots): sudo make pi-system-test"
    local missing=()
    command -v debootstrap >/dev/null || missing+=(debootstrap)
    [ -e /usr/bin/qemu-aarch64-static ] || [ -e /usr/bin/qemu-aarch64 ] || missing+=(qemu-user-static)
    command -v update-binfmts >/dev/null || missing+=(binfmt-support)
    command -v timeout >/dev/null || missing+=(coreutils)
    if [ ${#missing[@]} -gt 0 ]; then
        log "installing on this machine: ${missing[*]}"
        apt-get install -y -q "${missing[@]}" >&2 \
            || { apt-get update -q >&2 && apt-get install -y -q "${missing[@]}" >&2; } \
            || die "could not install ${missing[*]}"
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
    local release=$1 base=$CACHE/$1/base debs=$CACHE/$1/debootstrap-debs
    if [ -e "$base/.complete" ]; then
        log "cached: $base"
        return 0
    fi
    rm -rf "$base"
    # debootstrap needs its --cache-dir to exist already: from an empty cache, make it.
    mkdir -p "$base" "$debs"
    debootstrap --arch=$ARCH --variant=minbase --include=$BASE_PACKAGES \
        --cache-dir="$debs" "$release" "$base" "$MIRROR" >&2 || return 1
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

# Processes whose root is inside ROOT (a chroot's qemu-run programs), killed.
kill_in_root() {
    local root pid link killed=0
    root=$(readlink -f "$1")
    for pid in /proc/[0-9]*; do
        link=$(readlink "$pid/root" 2>/dev/null) || continue
        case $link in
            "$root"|"$root"/*) kill -KILL "${pid#/proc/}" 2>/dev/null && killed=$((killed + 1)) ;;
        esac
    done
    [ "$killed" -eq 0 ] || log "killed $killed process(es) left in $root"
}

umount_root() {
    local root=$1 m
    kill_in_root "$root"
    for m in root/.cache/pip var/cache/apt/archives dev sys proc; do
        if mountpoint -q "$root/$m"; then
            umount -R "$root/$m" 2>/dev/null || umount -lR "$root/$m" || true
        fi
    done
}

work_root() {
    local release=$1 root=$CACHE/$1/work
    [ -d "$root" ] && umount_root "$root"
    rm -rf "$root"
    cp -a "$CACHE/$release/base" "$root" || return 1
    rm -f "$root/.complete"
    # The registries' TLS: this machine's certificate store (it may hold a proxy's CA).
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
    printf 'deb %s %s main\n' "$MIRROR" "$release" > "$root/etc/apt/sources.list"
    # The source tree as `git clone` gives it (no venv, caches or build output).
    mkdir -p "$root/usr/src/mush-companion"
    tar -C "$SRC" --exclude=./.git --exclude=./.venv --exclude=./build \
        --exclude=./test-artifacts --exclude='./.*_cache' --exclude=./.hypothesis \
        --exclude='*.egg-info' --exclude='__pycache__' --exclude=./demo-output \
        --exclude=./.venv-flash -cf - . \
        | tar -C "$root/usr/src/mush-companion" -xf - || return 1
    mount_root "$root" "$release"
}

# in_root RELEASE COMMAND: a login-like shell in the work root, as root.
in_root() {
    local root=$CACHE/$1/work
    shift
    chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive PIP_DEFAULT_TIMEOUT=180 \
        PIP_CERT=/etc/ssl/certs/ca-certificates.crt QEMU_CPU="$QEMU_CPU" \
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

# Backup -> new game -> restore -> resume, on the service's journal, as the Pi's owner
# would: a game under way (the demo stopped by its time limit), `backup` as root, a new
# game, `restore`, and the demo resuming the restored game to its end.
backup_restore() {
    local release=$1 root=$CACHE/$1/work
    cat > "$root/tmp/backup-restore.sh" <<EOF
set -eu
bin=$BIN
state=/var/lib/mush-companion
cd /tmp
echo "--- a game under way (the demo is stopped by its time limit)"
if runuser -u mush -- \$bin demo --out \$state --seed 5 --mute --no-screenshots --pace 0.3 \\
        --time-limit 40 > /tmp/first.out 2>&1; then
    cat /tmp/first.out; echo "the demo finished within 40 s: no game left to back up"; exit 1
fi
grep -q 'did not finish' /tmp/first.out || { cat /tmp/first.out; exit 1; }
\$bin state > /tmp/before.txt
game=\$(sed -n 's/^Game \([0-9]*\) (in progress).*/\1/p' /tmp/before.txt)
[ -n "\$game" ] || { cat /tmp/before.txt; echo "no game in progress"; exit 1; }
echo "game \$game: \$(grep '^Game' /tmp/before.txt)"
echo "--- backup"
\$bin backup /root/table-backup.tar.gz
echo "--- new game"
\$bin new-game
\$bin state | grep '^Game' | grep -qv "^Game \$game " || { echo "new-game did not start another game"; exit 1; }
echo "--- restore"
\$bin restore /root/table-backup.tar.gz
\$bin state > /tmp/after.txt
diff /tmp/before.txt /tmp/after.txt || { echo "the restored game differs"; exit 1; }
left=\$(find \$state ! -user mush)
[ -z "\$left" ] || { echo "files the service cannot use: \$left"; exit 1; }
echo "--- resume: the demo carries the restored game to its end"
runuser -u mush -- \$bin demo --out \$state --mute --no-screenshots --time-limit $DEMO_LIMIT \\
    > /tmp/second.out 2>&1 || { tail -n 20 /tmp/second.out; exit 1; }
grep -q 'resuming the game in' /tmp/second.out || { head /tmp/second.out; exit 1; }
tail -n 3 /tmp/second.out
\$bin state --json --game "\$game" | grep -q '"finished": "' || { echo "game \$game is not finished"; exit 1; }
echo "game \$game resumed from the backup and played to its end"
EOF
    in_root "$release" 'sh /tmp/backup-restore.sh'
}

# The update path: the previous commit cloned as the Pi's owner and installed (with the
# config file it writes), then `sudo make update` brings it to this one.
update_path() {
    local release=$1 root=$CACHE/$1/work head from
    head=$(git -C "$SRC" rev-parse --short=7 HEAD) || return 1
    from=$(git -C "$SRC" rev-parse --short=7 "$UPDATE_FROM") || return 1
    rm -rf "$root/srv/mush-companion.git"
    git clone --quiet --bare "$SRC" "$root/srv/mush-companion.git" || return 1
    chmod -R a+rX "$root/srv/mush-companion.git"
    cat > "$root/tmp/update.sh" <<EOF
set -eu
id pi >/dev/null 2>&1 || useradd --create-home --shell /bin/bash pi
chown -R pi:pi /srv/mush-companion.git  # git refuses to clone a repository of another's
rm -rf /home/pi/mush-companion
runuser -u pi -- git clone --quiet /srv/mush-companion.git /home/pi/mush-companion
cd /home/pi/mush-companion
runuser -u pi -- git reset --quiet --hard $from
# a Pi that runs the previous commit holds the config file that commit wrote: the one this
# commit's install left would be a newer companion's file, which an older one refuses
rm -f /etc/mush-companion/config.toml
echo "--- sudo make install at the previous commit ($from)"
make install > /tmp/install-previous.out 2>&1 || { tail -n 30 /tmp/install-previous.out; exit 1; }
$BIN --version
echo "--- sudo make update ($from -> $head)"
make update 2>&1 | tee /tmp/update.out
grep -q "^updated: .*+g$from.* -> .*+g$head" /tmp/update.out || { echo "no 'updated: $from -> $head'"; exit 1; }
$BIN --version | grep -q "+g$head" || { echo "the installed version is not $head"; exit 1; }
[ "\$(runuser -u pi -- git rev-parse --short=7 HEAD)" = "$head" ]
left=\$(find /home/pi/mush-companion ! -user pi)
[ -z "\$left" ] || { echo "root's files in the owner's clone: \$left"; exit 1; }
ls /var/lib/mush-companion/backups/before-update-*.tar.gz
EOF
    in_root "$release" 'sh /tmp/update.sh'
}

# --- running the steps -----------------------------------------------------------------

RESULTS=()
FAILED=0
STARTED=$(date +%s)
CURRENT_ROOT=
STEP_PID=

# step LIMIT NAME FUNCTION ARGS...: run the function in a child of this script, in its
# own process group under `timeout`; record PASS or FAIL and the seconds; never stop.
step() {
    local limit=$1 name=$2 start end status rc
    shift 2
    log ""
    log "=== $name (limit ${limit}s)"
    start=$(date +%s%N)
    # In the background and waited for, so an interrupt reaches the trap at once (which
    # then ends the step's whole process group: timeout leads one of its own).
    timeout --kill-after=20 "$limit" bash "$SELF" --call "$@" &
    STEP_PID=$!
    wait "$STEP_PID"
    rc=$?
    STEP_PID=
    end=$(date +%s%N)
    if [ "$rc" -eq 0 ]; then
        status=PASS
    else
        status=FAIL
        FAILED=$((FAILED + 1))
        if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
            name="$name (timed out after ${limit}s)"
            [ -z "$CURRENT_ROOT" ] || kill_in_root "$CURRENT_ROOT"
        fi
    fi
    local ms=$(( (end - start) / 1000000 ))
    RESULTS+=("$(printf '%-4s %6d.%01ds  %s' "$status" $((ms / 1000)) $(((ms % 1000) / 100)) "$name")")
    log "=== $status: $name"
    [ "$status" = PASS ]
}

skip() {
    RESULTS+=("$(printf '%-4s %8s  %s' SKIP - "$1")")
}

# With NetworkManager (as on Raspberry Pi OS) the installer writes the access point's
# profile, the same name and password beside the journal for the service user, and the
# polkit rule; the service user reads them as the companion does. (No NetworkManager runs
# in the root: bringing the access point up is tested against a stand-in nmcli.)
WIFI_CHECK='apt-get install -y -q network-manager polkitd >/dev/null \
  && cd /usr/src/mush-companion && make install >/dev/null \
  && P=/etc/NetworkManager/system-connections/mush-companion-wifi.nmconnection \
  && test -f /etc/polkit-1/rules.d/50-mush-companion-wifi.rules \
  && test "$(stat -c %a "$P")" = 600 \
  && set -- $(runuser -u mush -- /opt/mush-companion/venv/bin/python -c "from pathlib import Path; from companion.web.wifi import Credentials; k = Credentials.kept(Path(\"/var/lib/mush-companion\")); print(k.name, k.password)") \
  && grep -qx "ssid=$1" "$P" && grep -qx "psk=$2" "$P" && grep -qx mode=ap "$P"'

run_release() {
    local release=$1 python root=$CACHE/$1/work
    CURRENT_ROOT=
    if ! step 5400 "$release: debootstrap arm64 base (cached after the first run)" base_root "$release"; then
        skip "$release: every other step (no base root)"
        return 0
    fi
    CURRENT_ROOT=$root
    if ! step 900 "$release: fresh work root" work_root "$release"; then
        skip "$release: every other step (no work root)"
        return 0
    fi
    python=$(timeout 300 bash "$SELF" --call in_root "$release" \
        'python3 -c "import sys, platform; print(platform.python_version(), platform.machine())"' || true)
    log "$release: Python $python, qemu CPU $QEMU_CPU"
    if timeout 600 bash "$SELF" --call in_root "$release" \
            'apt-get update -q >/dev/null && apt-cache show python3-lgpio >/dev/null 2>&1'; then
        log "$release: python3-lgpio comes from Debian (Raspberry Pi OS ships the same package)"
    elif case " $STANDIN " in *" $release "*) true ;; *) false ;; esac; then
        step 900 "$release: STAND-IN for Raspberry Pi OS's python3-lgpio (PyPI's lgpio $LGPIO_VERSION wheel in dist-packages)" \
            lgpio_standin "$release" "${python%% *}"
    else
        log "$release: Debian has no python3-lgpio: the installer's source-build fallback runs instead"
    fi
    step 3600 "$release: make install (Python ${python:-?})" \
        in_root "$release" 'cd /usr/src/mush-companion && umask 077 && make install'
    step 300 "$release: GPIO library in the venv (lgpio)" \
        in_root "$release" "/opt/mush-companion/venv/bin/python -c 'import lgpio, gpiozero; print(\"lgpio\", lgpio.__file__)'"
    step 300 "$release: mush-companion --version" in_root "$release" "$BIN --version"
    step 300 "$release: mush-companion check-config" in_root "$release" "$BIN check-config"
    step 300 "$release: mush-companion new-game (via runuser -u mush)" \
        in_root "$release" "runuser -u mush -- $BIN new-game"
    step 300 "$release: mush-companion state (as root)" in_root "$release" "$BIN state"
    step 300 "$release: mush-companion state (as the service user)" \
        in_root "$release" "runuser -u mush -- $BIN state"
    step 300 "$release: mush-companion pads test --source mock" \
        in_root "$release" "$BIN pads test --source mock --seconds 3"
    step 300 "$release: mush-companion sound test (no sound card)" in_root "$release" "$BIN sound test"
    step 1800 "$release: the table's own Wi-Fi (NetworkManager installed, then make install)" \
        in_root "$release" "$WIFI_CHECK"
    step $((DEMO_LIMIT + 120)) "$release: mush-companion demo (headless, whole game, limit ${DEMO_LIMIT}s)" \
        in_root "$release" "cd /tmp && $BIN demo --seed 1 --out /tmp/demo --time-limit $DEMO_LIMIT && test -s /tmp/demo/events.jsonl"
    step $((DEMO_LIMIT + 600)) "$release: backup -> new game -> restore -> resume" \
        backup_restore "$release"
    step 5400 "$release: make update from $UPDATE_FROM to HEAD" update_path "$release"
    step 3600 "$release: sudo make install again (venv kept, idempotent)" \
        in_root "$release" 'cd /usr/src/mush-companion && make install'
    umount_root "$root"
    CURRENT_ROOT=
}

cleanup() {
    local release root
    trap - EXIT INT TERM
    if [ -n "$STEP_PID" ]; then  # interrupted during a step: end it and all it started
        kill -TERM -- "-$STEP_PID" 2>/dev/null
        sleep 2
        kill -KILL -- "-$STEP_PID" 2>/dev/null
        RESULTS+=("FAIL        -  (interrupted during the step above)")
        FAILED=$((FAILED + 1))
    fi
    for release in $RELEASES; do
        root=$CACHE/$release/work
        if [ -d "$root" ]; then
            umount_root "$root"
            [ "$KEEP" = 1 ] || rm -rf "$root"
        fi
    done
    rm -f "$SELF"
    echo
    echo "pi-system-test: Debian arm64 under qemu-user-static, CPU $QEMU_CPU ($(date -u +%Y-%m-%dT%H:%MZ)), $(( $(date +%s) - STARTED ))s in all"
    printf '%s\n' "${RESULTS[@]}"
    if [ "$FAILED" -gt 0 ]; then
        echo "$FAILED step(s) FAILED (the log above says why)"
    elif [ ${#RESULTS[@]} -gt 0 ]; then
        echo "all steps passed"
    fi
}

main() {
    parse_options "$@"
    # The steps run this script's copy: an edit of the file during a run changes nothing.
    SELF=$(mktemp /tmp/pi-system-test.XXXXXX.sh)
    cp "$0" "$SELF"
    export SELF QEMU_CPU
    trap cleanup EXIT
    trap 'log "interrupted"; exit 130' INT TERM
    host_tools
    local release
    for release in $RELEASES; do
        run_release "$release"
    done
    [ "$FAILED" -eq 0 ]
}

# On one line, read whole before it runs: an edit of this file during a run cannot
# make bash read on into the changed text.
if [ "${1:-}" = --call ]; then shift; "$@"; exit $?; else main "$@"; exit $?; fi
