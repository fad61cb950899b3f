#!/bin/sh
# Install or remove the MUSH table companion as a systemd service.
#
#   sudo make install            # on the Pi: venv, service user, unit, udev rule, config
#   sudo make uninstall          # removes all that again; keeps the journal and an edited config
#   make install DESTDIR=/tmp/x  # stage into a directory (packaging, tests): the real
#                                # system's users, systemd and udev are never touched
#
# Settings, from the environment (the Makefile passes them on):
#   DESTDIR       staging root, empty for a real install
#   PREFIX        where the venv and shared files go (default /opt/mush-companion)
#   PYTHON        interpreter for the venv; the system's python3, so that
#                 --system-site-packages sees apt's python3-lgpio (default /usr/bin/python3)
#   INSTALL_VENV  1 (default) builds the venv and pip-installs the package; 0 skips it
#   PIP_ARGS      extra pip arguments (e.g. "--no-deps" for an offline check)
#   APT           1 (default on a real install) installs the OS packages the venv needs
#                 with apt-get (python3-venv, python3-lgpio or lgpio's build tools); 0 only
#                 names them
#   CHECK_SYSTEM  1 (default) refuses an OS, architecture or Python known not to work;
#                 0 skips that check (another distribution, at your own risk)
#   OS_RELEASE    the os-release file read by that check (default /etc/os-release)
#   SYSCONFDIR    default /etc
#   BINDIR        where the `mush-companion` command is linked (default /usr/local/bin)
#   STATE_DIR     the journal's folder made for the service user (default
#                 /var/lib/mush-companion; systemd's StateDirectory= uses the same)
#   UNITDIR       default $SYSCONFDIR/systemd/system
#   BACKOFF       1: install systemd/backoff.conf (a restart delay growing to 5 min,
#                 systemd 254 or later); 0: never; auto (default): when this machine's
#                 systemd is 254 or later
#   NM            1: install systemd/network-address as a NetworkManager dispatcher
#                 script (it tells the sandboxed service the Pi's address, for the
#                 setup screen), and the table's own Wi-Fi: its access point's profile
#                 (a name and password made here, kept beside the journal too) and the
#                 polkit rule that lets the service bring it up; 0: never; auto
#                 (default): where NetworkManager is
#   POLKITDIR     default $SYSCONFDIR/polkit-1/rules.d
#
# Kept as one POSIX sh script so the Makefile stays two lines per target and the
# steps can be read top to bottom.
set -eu

# Whatever the caller's umask (`sudo` keeps it; 077 is common on hardened accounts), the
# service user must be able to read the venv, the unit and the config: every file and
# directory made here is world-readable, as a package manager would leave it.
umask 022

ACTION=${1:-}
DESTDIR=${DESTDIR:-}
PREFIX=${PREFIX:-/opt/mush-companion}
PYTHON=${PYTHON:-/usr/bin/python3}
INSTALL_VENV=${INSTALL_VENV:-1}
PIP_ARGS=${PIP_ARGS:-}
APT=${APT:-1}
CHECK_SYSTEM=${CHECK_SYSTEM:-1}
OS_RELEASE=${OS_RELEASE:-/etc/os-release}
SYSCONFDIR=${SYSCONFDIR:-/etc}
UNITDIR=${UNITDIR:-$SYSCONFDIR/systemd/system}
UDEVDIR=${UDEVDIR:-$SYSCONFDIR/udev/rules.d}
MODULESDIR=${MODULESDIR:-$SYSCONFDIR/modules-load.d}
NMDIR=${NMDIR:-$SYSCONFDIR/NetworkManager}
POLKITDIR=${POLKITDIR:-$SYSCONFDIR/polkit-1/rules.d}
BINDIR=${BINDIR:-/usr/local/bin}
NM=${NM:-auto}

SERVICE=mush-companion
SERVICE_USER=mush
SERVICE_GROUPS="gpio video render input audio dialout"
DEFAULT_PREFIX=/opt/mush-companion

SRC=$(cd "$(dirname "$0")/.." && pwd)

# Where each file lands (before DESTDIR).
UNIT_FILE=$UNITDIR/$SERVICE.service
BACKOFF_FILE=$UNITDIR/$SERVICE.service.d/backoff.conf
RULES_FILE=$UDEVDIR/99-mush-pad-hub.rules
MODULES_FILE=$MODULESDIR/$SERVICE.conf
ADDRESS_HOOK=$NMDIR/dispatcher.d/90-$SERVICE-address
# The table's own Wi-Fi (companion/web/wifi.py): NetworkManager's profile of the access
# point, the rule that lets the service bring it up, and its name and password as the
# companion reads them (beside the journal).
WIFI_PROFILE=mush-companion-wifi
WIFI_PROFILE_FILE=$NMDIR/system-connections/$WIFI_PROFILE.nmconnection
POLKIT_RULE=$POLKITDIR/50-$SERVICE-wifi.rules
# Where that hook writes the addresses and the companion reads them (companion.version).
ADDRESS_FILE=/run/$SERVICE.address
CONFIG_DIR=$SYSCONFDIR/$SERVICE
CONFIG_FILE=$CONFIG_DIR/config.toml
VENV=$PREFIX/venv
# `mush-companion state` etc. on the PATH of everyone on the Pi, and of sudo.
COMMAND_LINK=$BINDIR/$SERVICE
SHARE_DIR=$PREFIX/share/$SERVICE
DOC_DIR=$PREFIX/share/doc/$SERVICE
STATE_DIR=${STATE_DIR:-/var/lib/$SERVICE}
# Tested versions of every dependency (pip -c): the same ones `make test` runs with.
CONSTRAINTS=$SRC/constraints.txt
# The config as installed, to tell on uninstall whether the one in /etc was edited.
PRISTINE_CONFIG=$SHARE_DIR/config.default.toml

say() { printf '%s\n' "$*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

# True on a real install into the running system (not staged into DESTDIR).
live() { [ -z "$DESTDIR" ]; }

# True when systemd is the running init, so systemctl calls make sense.
# Whether this machine's systemd is at least version $1 (RestartSteps= needs 254).
systemd_at_least() {
    version=$(systemctl --version 2>/dev/null | awk 'NR == 1 { print $2 }')
    case $version in ''|*[!0-9]*) return 1 ;; esac
    [ "$version" -ge "$1" ]
}

systemd_running() { live && [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; }

check_settings() {
    case $PREFIX in
        /*) ;;
        *) die "PREFIX must be an absolute path, not '$PREFIX'" ;;
    esac
    [ "$PREFIX" != / ] || die "PREFIX=/ would mix the venv into the system"
    for setting in "INSTALL_VENV=$INSTALL_VENV" "APT=$APT" "CHECK_SYSTEM=$CHECK_SYSTEM"; do
        case ${setting#*=} in
            0|1) ;;
            *) die "${setting%%=*} must be 0 or 1, not '${setting#*=}'" ;;
        esac
    done
    if live && [ "$(id -u)" -ne 0 ]; then
        die "a real install changes /etc and creates a user: run it with sudo (or set DESTDIR)"
    fi
}

# install_file MODE SOURCE TARGET: copy with mode, creating parent directories.
install_file() {
    mkdir -p "$(dirname "$DESTDIR$3")"
    cp "$2" "$DESTDIR$3.tmp.$$"
    chmod "$1" "$DESTDIR$3.tmp.$$"
    mv -f "$DESTDIR$3.tmp.$$" "$DESTDIR$3"
    say "  $3"
}

# os_field KEY: one value from the os-release file, unquoted ("" when absent).
os_field() {
    sed -n "s/^$1=//p" "$OS_RELEASE" 2>/dev/null | head -n 1 | tr -d '"'"'"
}

# The Python of the venv as MAJOR.MINOR ("" when it does not run).
python_version() {
    "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true
}

# Refuse at once, with the reason and what to do, what is known not to work; before
# anything is written, so a refusal leaves the system as it was.
check_system() {
    if [ "$CHECK_SYSTEM" = 0 ]; then
        say "  (system check skipped: CHECK_SYSTEM=0)"
        return
    fi
    # The userland's architecture, not the kernel's: 32-bit Raspberry Pi OS boots a 64-bit
    # kernel on a Pi 4 or 5, so `uname -m` says aarch64 while every program is armhf.
    if command -v dpkg >/dev/null 2>&1; then
        arch=$(dpkg --print-architecture)
    else
        arch=$(uname -m)
    fi
    case $arch in
        arm64|aarch64|amd64|x86_64) ;;
        armhf|armel|arm*)
            die "32-bit systems ($arch) are not supported: pygame-ce publishes no 32-bit ARM
  wheels, and building it there needs SDL2 and its image, mixer and font libraries
  compiled too (an hour on a Pi, and not tested). Flash Raspberry Pi OS (64-bit),
  Bookworm or Trixie, with Raspberry Pi Imager: it runs on the Pi 3, 4, 5, 400 and
  Zero 2 W. (A Pi 1, 2 or the first Zero cannot run 64-bit: use a newer Pi.)" ;;
        *)
            die "the $arch architecture is not supported; use Raspberry Pi OS (64-bit)" ;;
    esac
    [ -r "$OS_RELEASE" ] || die "cannot read $OS_RELEASE to tell which OS this is (CHECK_SYSTEM=0 skips the check)"
    name=$(os_field PRETTY_NAME)
    codename=$(os_field VERSION_CODENAME)
    case $codename in
        bookworm|trixie) ;;
        jessie|stretch|buster|bullseye)
            die "${name:-$codename} is too old: its Python is older than 3.11, which the
  companion needs. Flash Raspberry Pi OS (64-bit) Bookworm or Trixie and install again." ;;
        *)
            say "  note: ${name:-this OS} is not one we test (Raspberry Pi OS or Debian Bookworm"
            say "  and Trixie, 64-bit); going on since its architecture and Python may do" ;;
    esac
    if [ "$INSTALL_VENV" = 1 ]; then
        command -v "$PYTHON" >/dev/null 2>&1 || die "no $PYTHON: sudo apt install python3 python3-venv"
        version=$(python_version "$PYTHON")
        case $version in
            3.1[1-9]|3.[2-9][0-9]) ;;
            *) die "$PYTHON is Python ${version:-(unknown)}; the companion needs 3.11 or newer
  (Bookworm has 3.11, Trixie 3.13). Flash one of those, or set PYTHON to a newer one." ;;
        esac
    fi
    say "  system: ${name:-unknown OS}, $arch${version:+, Python $version}"
    if ! grep -qs 'Raspberry Pi' /proc/device-tree/model; then
        say "  note: not a Raspberry Pi: GPIO pads will not work here (keyboard and USB pad hub do)"
    fi
}

# has_lgpio PYTHON: whether that Python imports lgpio. lgpio makes its notification FIFO
# (.lgd-nfy*) in the current folder as it is imported: the probe runs in a scratch
# folder, so `sudo make install` leaves no root-owned FIFO in the user's clone.
has_lgpio() {
    probe_dir=$(mktemp -d) || return 1
    (cd "$probe_dir" && "$1" -c 'import lgpio') >/dev/null 2>&1
    probe_status=$?
    rm -rf "$probe_dir"
    return $probe_status
}

# On a real install, the OS packages the venv needs. GPIO comes from the OS's
# python3-lgpio (Raspberry Pi OS ships it, built for its Python), seen by the venv through
# --system-site-packages; where the OS lacks it, lgpio is built from its source (the PyPI
# source bundles the C library), which needs swig, a C compiler and Python's headers.
LGPIO_BUILD_PACKAGES="swig gcc libc6-dev python3-dev"
install_os_packages() {
    [ "$INSTALL_VENV" = 1 ] || return 0
    if ! live || [ "$APT" = 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        if ! has_lgpio "$PYTHON"; then
            say "  note: $PYTHON has no lgpio: install python3-lgpio (or, where the OS lacks it,"
            say "  $LGPIO_BUILD_PACKAGES so pip can build it)"
        fi
        return 0
    fi
    packages="python3-venv"
    if has_lgpio "$PYTHON"; then
        say "  lgpio: $PYTHON already has it (the venv sees it through --system-site-packages)"
    elif apt-cache show python3-lgpio >/dev/null 2>&1; then
        packages="$packages python3-lgpio"
    else
        say "  the OS has no python3-lgpio: lgpio will be built from source, which needs"
        say "  $LGPIO_BUILD_PACKAGES"
        packages="$packages $LGPIO_BUILD_PACKAGES"
    fi
    say "  apt-get install $packages"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $packages \
        || die "apt-get could not install: $packages (try 'sudo apt update' first)"
}

# Remove a venv that can no longer work, saying why: after an OS upgrade (Bookworm to
# Trixie) its interpreter link is dead or points at a newer Python whose site-packages
# is empty, and pip would fail in ways that name neither.
check_existing_venv() {
    venv=$DESTDIR$VENV
    [ -e "$venv" ] || [ -L "$venv/bin/python" ] || return 0
    why=
    have=$(python_version "$venv/bin/python")
    made_for=$(sed -n 's/^version\(_info\)\{0,1\} *= *\([0-9]*\.[0-9]*\).*/\2/p' \
        "$venv/pyvenv.cfg" 2>/dev/null | head -n 1)
    if [ ! -f "$venv/pyvenv.cfg" ]; then
        why="it has no pyvenv.cfg"
    elif [ -z "$have" ]; then
        why="its interpreter $venv/bin/python no longer runs (its Python was removed or upgraded)"
    elif [ "$have" != "$(python_version "$PYTHON")" ] || [ "$made_for" != "$have" ]; then
        why="it was made for Python ${made_for:-?} and $PYTHON is now $(python_version "$PYTHON")"
    elif ! grep -Eq '^include-system-site-packages *= *true' "$venv/pyvenv.cfg"; then
        why="it does not see the system's packages (python3-lgpio)"
    fi
    if [ -n "$why" ]; then
        say "  rebuilding $VENV: $why"
        rm -rf "$venv"
    fi
}

build_venv() {
    if [ "$INSTALL_VENV" = 0 ]; then
        say "  (venv skipped: INSTALL_VENV=0)"
        return
    fi
    command -v "$PYTHON" >/dev/null 2>&1 || die "no $PYTHON; install python3 and python3-venv"
    check_existing_venv
    if [ ! -x "$DESTDIR$VENV/bin/python" ]; then
        "$PYTHON" -m venv --system-site-packages "$DESTDIR$VENV" \
            || die "could not create the venv: is python3-venv installed?"
    fi
    # Build from a scratch copy: pip builds in the source tree, and `sudo make install`
    # would otherwise leave root-owned build/ and *.egg-info in the user's clone.
    BUILD_COPY=$(mktemp -d)
    trap 'rm -rf "$BUILD_COPY"' EXIT
    tar -C "$SRC" --exclude=./.git --exclude=./.venv --exclude=./build \
        --exclude=./test-artifacts --exclude='./.*_cache' --exclude=./.hypothesis \
        --exclude='*.egg-info' --exclude='__pycache__' --exclude=./companion/build.json \
        -cf - . | tar -C "$BUILD_COPY" -xf -
    write_build_info "$BUILD_COPY/companion/build.json"
    pin_pip "$DESTDIR$VENV/bin/python" "$BUILD_COPY/constraints.txt"
    # PYPI=1 makes a source build of lgpio (only where neither the OS nor PyPI has it
    # ready-made) include its own C library instead of needing liblgpio-dev.
    # shellcheck disable=SC2086  # PIP_ARGS and BUILD_CONSTRAINT are lists of words
    PYPI=1 "$DESTDIR$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
        --upgrade --upgrade-strategy only-if-needed --constraint "$BUILD_COPY/constraints.txt" \
        $BUILD_CONSTRAINT $PIP_ARGS "${BUILD_COPY}[pi]" \
        || die "pip could not install the package into $VENV (the lines above say why)"
    if [ -n "$DESTDIR" ]; then
        relocate_venv
    fi
    say "  $VENV (package installed with the [pi] extra, versions from constraints.txt)"
    if ! has_lgpio "$DESTDIR$VENV/bin/python"; then
        say "  note: no lgpio in the venv: GPIO pads will not work (keyboard and USB pad hub do)"
    fi
}

# write_build_info FILE: the commit being installed, for `mush-companion --version`, the
# setup screen and `mush-companion update` (which pulls into this checkout again). The
# venv gets a copy without .git, so git is asked here. GIT_OPTIONAL_LOCKS=0: `git status`
# run as root must not rewrite the index of a clone that is someone else's.
write_build_info() {
    commit=
    dirty=0
    source=
    if command -v git >/dev/null 2>&1 \
        && git -c safe.directory="$SRC" -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
        commit=$(git -c safe.directory="$SRC" -C "$SRC" rev-parse --short=7 HEAD 2>/dev/null \
            || true)
        if [ -n "$(GIT_OPTIONAL_LOCKS=0 git -c safe.directory="$SRC" -C "$SRC" status \
            --porcelain --untracked-files=no 2>/dev/null)" ]; then
            dirty=1
        fi
        source=$SRC
    fi
    "$PYTHON" -c 'import json, sys
json.dump({"commit": sys.argv[2], "dirty": sys.argv[3] == "1", "source": sys.argv[4]},
          open(sys.argv[1], "w"))' "$1" "$commit" "$dirty" "$source" \
        || die "could not write $1"
    if [ "$dirty" = 1 ]; then
        say "  commit ${commit:-?} (with local changes)"
    else
        say "  commit ${commit:-(none: not a git checkout)}"
    fi
}

# pin_pip PYTHON CONSTRAINTS: pip and setuptools at the versions in constraints.txt. The
# OS's venv module brings its own pip (Bookworm 23.0, Trixie 25.1), and a build takes
# whatever setuptools is newest on the day; pinned, every Pi resolves and builds alike.
# Builds (lgpio from source, the companion itself) use the same file as their
# constraints where pip can (--build-constraint). Offline (--no-index in PIP_ARGS) pip
# cannot fetch itself, and both are left as they are.
BUILD_CONSTRAINT=
pin_pip() {
    case " $PIP_ARGS " in
        *" --no-index "*)
            say "  (pip and setuptools left as they are: PIP_ARGS has --no-index)" ;;
        *)
            "$1" -m pip install --quiet --disable-pip-version-check --constraint "$2" \
                pip setuptools \
                || die "pip could not install the pinned pip and setuptools (constraints.txt)"
            say "  pip and setuptools at the versions in constraints.txt" ;;
    esac
    if "$1" -m pip install --help 2>/dev/null | grep -q -- '--build-constraint'; then
        BUILD_CONSTRAINT="--build-constraint $2"
    fi
}

# A venv built under DESTDIR has DESTDIR in its script headers and config; rewrite
# them to the final PREFIX so the staged tree works once copied into place.
relocate_venv() {
    for f in "$DESTDIR$VENV/bin"/* "$DESTDIR$VENV/pyvenv.cfg"; do
        if [ ! -f "$f" ] || [ -L "$f" ]; then continue; fi
        if grep -IqF "$DESTDIR$VENV" "$f" 2>/dev/null; then
            sed "s#$DESTDIR$VENV#$VENV#g" "$f" > "$f.tmp.$$"
            chmod --reference="$f" "$f.tmp.$$" 2>/dev/null || chmod 0755 "$f.tmp.$$"
            mv -f "$f.tmp.$$" "$f"
        fi
    done
}

create_user() {
    if ! live; then
        say "  (service user '$SERVICE_USER' not created: DESTDIR is set)"
        return
    fi
    for group in $SERVICE_GROUPS; do
        # SupplementaryGroups= fails the start if a group is missing; Raspberry Pi OS
        # has them all, other images may lack gpio or render.
        if ! getent group "$group" >/dev/null; then
            groupadd --system "$group"
            say "  created missing group $group"
        fi
    done
    # The unit gives these groups with SupplementaryGroups=; the user is also a member,
    # so `sudo -u mush mush-companion pads test` has the service's own device rights.
    group_list=$(printf '%s' "$SERVICE_GROUPS" | tr ' ' ',')
    if ! getent passwd "$SERVICE_USER" >/dev/null; then
        useradd --system --user-group --no-create-home --groups "$group_list" \
            --home-dir "/var/lib/$SERVICE" --shell /usr/sbin/nologin \
            --comment "MUSH table companion" "$SERVICE_USER"
        say "  created system user $SERVICE_USER (groups $SERVICE_GROUPS)"
    else
        usermod --append --groups "$group_list" "$SERVICE_USER"
        say "  system user $SERVICE_USER is in the groups $SERVICE_GROUPS"
    fi
    # systemd makes it at the first start (StateDirectory=); made now, with the same owner
    # and mode, so `mush-companion new-game` finds the service's journal before that.
    if [ ! -d "$STATE_DIR" ]; then
        mkdir -p "$STATE_DIR"
        chmod 0700 "$STATE_DIR"
        chown "$SERVICE_USER:$SERVICE_USER" "$STATE_DIR"
        say "  $STATE_DIR (the journal's folder, for $SERVICE_USER only)"
    fi
}

install_config() {
    example=$SRC/docs/config.example.toml
    [ -f "$example" ] || example=$SRC/systemd/config.minimal.toml
    install_file 0644 "$example" "$PRISTINE_CONFIG"
    mkdir -p "$DESTDIR$CONFIG_DIR"
    chmod 0755 "$DESTDIR$CONFIG_DIR"
    if [ -e "$DESTDIR$CONFIG_FILE" ]; then
        say "  $CONFIG_FILE kept (already there)"
    else
        install_file 0644 "$example" "$CONFIG_FILE"
    fi
}

# random_text LETTERS COUNT: COUNT characters drawn from LETTERS (the kernel's random).
random_text() {
    LC_ALL=C tr -dc "$1" < /dev/urandom | head -c "$2"
}

# The table's own Wi-Fi: the access point's profile for NetworkManager (a keyfile, root's
# only) and its name and password for the companion (web-wifi.json beside the journal,
# the service's only), made together once and kept on every later install; and the
# polkit rule that lets the service bring it up, nothing more.
install_wifi() {
    kept=$DESTDIR$STATE_DIR/web-wifi.json
    if [ ! -f "$DESTDIR$WIFI_PROFILE_FILE" ] || [ ! -f "$kept" ]; then
        name="MUSH-$(random_text ABCDEFGHJKLMNPQRSTUVWXYZ 4)"
        password=$(random_text abcdefghjkmnpqrstuvwxyz23456789 12)
        uuid=$(cat /proc/sys/kernel/random/uuid)
        mkdir -p "$(dirname "$DESTDIR$WIFI_PROFILE_FILE")" "$(dirname "$kept")"
        (
            umask 077
            cat > "$DESTDIR$WIFI_PROFILE_FILE" <<PROFILE
[connection]
id=$WIFI_PROFILE
uuid=$uuid
type=wifi
autoconnect=false

[wifi]
mode=ap
ssid=$name
band=bg

[wifi-security]
key-mgmt=wpa-psk
proto=rsn
pairwise=ccmp
group=ccmp
psk=$password

[ipv4]
method=shared

[ipv6]
method=ignore
PROFILE
            printf '{"name": "%s", "password": "%s"}\n' "$name" "$password" > "$kept"
        )
        chmod 0600 "$DESTDIR$WIFI_PROFILE_FILE" "$kept"
        if live && id "$SERVICE_USER" >/dev/null 2>&1; then
            chown "$SERVICE_USER:$SERVICE_USER" "$kept"
        fi
        say "  $WIFI_PROFILE_FILE (the table's own Wi-Fi: $name)"
        say "  $STATE_DIR/web-wifi.json"
    else
        say "  $WIFI_PROFILE_FILE kept (already there)"
    fi
    install_file 0644 "$SRC/systemd/$SERVICE-wifi.rules" "$POLKIT_RULE"
    if live && command -v nmcli >/dev/null 2>&1; then
        nmcli connection reload >/dev/null 2>&1 || true
    fi
}

do_install() {
    check_settings
    say "Installing the MUSH table companion into ${DESTDIR:-/} (PREFIX=$PREFIX)"
    check_system
    install_os_packages
    build_venv
    create_user
    mkdir -p "$DESTDIR$(dirname "$UNIT_FILE")"
    sed "s#$DEFAULT_PREFIX#$PREFIX#g" "$SRC/systemd/$SERVICE.service" \
        > "$DESTDIR$UNIT_FILE.tmp.$$"
    chmod 0644 "$DESTDIR$UNIT_FILE.tmp.$$"
    mv -f "$DESTDIR$UNIT_FILE.tmp.$$" "$DESTDIR$UNIT_FILE"
    say "  $UNIT_FILE"
    if [ "${BACKOFF:-auto}" = 1 ] || { [ "${BACKOFF:-auto}" = auto ] && systemd_at_least 254; }; then
        install_file 0644 "$SRC/systemd/backoff.conf" "$BACKOFF_FILE"  # a growing delay
    fi
    install_file 0644 "$SRC/systemd/99-mush-pad-hub.rules" "$RULES_FILE"
    install_file 0644 "$SRC/systemd/modules-load.conf" "$MODULES_FILE"
    if [ "$NM" = 1 ] || { [ "$NM" = auto ] && [ -d "$DESTDIR$NMDIR" ]; }; then
        install_file 0755 "$SRC/systemd/network-address" "$ADDRESS_HOOK"  # the address
        if live; then
            "$ADDRESS_HOOK" || true
        fi
        install_wifi
    fi
    install_file 0644 "$SRC/docs/setup-pi.md" "$DOC_DIR/setup-pi.md"
    install_config
    mkdir -p "$DESTDIR$BINDIR"
    ln -sfn "$VENV/bin/$SERVICE" "$DESTDIR$COMMAND_LINK"
    say "  $COMMAND_LINK -> $VENV/bin/$SERVICE"
    if live; then
        if command -v udevadm >/dev/null 2>&1; then
            udevadm control --reload || true
            udevadm trigger --subsystem-match=tty --action=add || true
        fi
        if command -v modprobe >/dev/null 2>&1; then
            modprobe -a drm snd cdc_acm 2>/dev/null || true
        fi
        if systemd_running; then
            systemctl daemon-reload
        fi
        say "Done. Start it now and at every boot with:"
        say "  sudo systemctl enable --now $SERVICE"
    fi
}

# remove_file TARGET: remove one installed file, quiet if it is already gone.
remove_file() {
    if [ -e "$DESTDIR$1" ] || [ -L "$DESTDIR$1" ]; then
        rm -f "$DESTDIR$1"
        say "  removed $1"
    fi
}

# Remove a directory only if it is empty, then its empty parents up to (not
# including) STOP; never a directory that holds something we did not put there.
remove_empty_dirs() {
    dir=$1
    stop=$2
    while [ "$dir" != "$stop" ] && [ "$dir" != / ]; do
        if [ -d "$DESTDIR$dir" ]; then
            rmdir "$DESTDIR$dir" 2>/dev/null || break
        fi
        dir=$(dirname "$dir")
    done
}

do_uninstall() {
    check_settings
    say "Removing the MUSH table companion from ${DESTDIR:-/} (PREFIX=$PREFIX)"
    if systemd_running; then
        systemctl disable --now "$SERVICE.service" 2>/dev/null || true
    fi
    remove_file "$UNIT_FILE"
    remove_file "$BACKOFF_FILE"
    remove_empty_dirs "$(dirname "$BACKOFF_FILE")" "$UNITDIR"
    remove_file "$RULES_FILE"
    remove_file "$MODULES_FILE"
    remove_file "$ADDRESS_HOOK"
    if live; then
        rm -f "$ADDRESS_FILE"
    fi
    remove_file "$POLKIT_RULE"
    if [ -f "$DESTDIR$WIFI_PROFILE_FILE" ]; then
        if live && command -v nmcli >/dev/null 2>&1; then
            nmcli connection down "$WIFI_PROFILE" >/dev/null 2>&1 || true
        fi
        remove_file "$WIFI_PROFILE_FILE"
        if live && command -v nmcli >/dev/null 2>&1; then
            nmcli connection reload >/dev/null 2>&1 || true
        fi
    fi
    if ! live; then  # a staged tree's state is ours too (a real one is kept: the journal)
        remove_file "$STATE_DIR/web-wifi.json"
    fi
    if [ "$(readlink "$DESTDIR$COMMAND_LINK" 2>/dev/null)" = "$VENV/bin/$SERVICE" ]; then
        remove_file "$COMMAND_LINK"
    fi
    if [ -f "$DESTDIR$CONFIG_FILE" ]; then
        if [ -f "$DESTDIR$PRISTINE_CONFIG" ] \
            && cmp -s "$DESTDIR$CONFIG_FILE" "$DESTDIR$PRISTINE_CONFIG"; then
            remove_file "$CONFIG_FILE"
        else
            say "  kept $CONFIG_FILE (edited since install)"
        fi
    fi
    remove_empty_dirs "$CONFIG_DIR" "$SYSCONFDIR"
    # Only what install put under PREFIX, never PREFIX as a whole: it may be shared.
    if [ -d "$DESTDIR$VENV" ]; then
        rm -rf "$DESTDIR$VENV"
        say "  removed $VENV"
    fi
    remove_file "$PRISTINE_CONFIG"
    remove_file "$DOC_DIR/setup-pi.md"
    if [ "$(basename "$PREFIX")" = "$SERVICE" ]; then
        # Our own tree (the default /opt/mush-companion): remove it once empty.
        remove_empty_dirs "$SHARE_DIR" "$(dirname "$PREFIX")"
        remove_empty_dirs "$DOC_DIR" "$(dirname "$PREFIX")"
    else
        # A shared PREFIX such as /usr/local: remove only our own subdirectories.
        remove_empty_dirs "$SHARE_DIR" "$PREFIX/share"
        remove_empty_dirs "$DOC_DIR" "$PREFIX/share/doc"
    fi
    if ! live; then
        # A staged tree is ours alone: leave no empty directories behind in it.
        for dir in "$UNITDIR" "$UDEVDIR" "$MODULESDIR" "$CONFIG_DIR" "$PREFIX" "$BINDIR" \
            "$(dirname "$ADDRESS_HOOK")" "$(dirname "$WIFI_PROFILE_FILE")" "$POLKITDIR" \
            "$STATE_DIR"; do
            remove_empty_dirs "$dir" /
        done
    fi
    if live; then
        if command -v udevadm >/dev/null 2>&1; then
            udevadm control --reload || true
        fi
        if systemd_running; then
            systemctl daemon-reload
        fi
        say "Kept: the journal in /var/lib/$SERVICE and the system user '$SERVICE_USER'"
        say "(it owns that journal). Remove both by hand if the table is gone for good:"
        say "  sudo rm -r /var/lib/$SERVICE && sudo userdel $SERVICE_USER"
    fi
}

case $ACTION in
    install) do_install ;;
    uninstall) do_uninstall ;;
    *) die "usage: install.sh install|uninstall" ;;
esac
