# Set-up and checks for the MUSH table companion.
# `make test` creates .venv when missing and installs the package with its [test] extra.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

export PYGAME_HIDE_SUPPORT_PROMPT := 1

# True (non-empty) on a Raspberry Pi.
PI_MODEL_FILE ?= /proc/device-tree/model
ON_PI := $(shell grep -qs 'Raspberry Pi' $(PI_MODEL_FILE) && echo yes)

# On a Raspberry Pi `make run` uses the config's pads (GPIO by default); elsewhere the
# keyboard stands in for the pads, in a window.
RUN_ARGS ?= $(if $(ON_PI),,--pads keyboard --window)
DEMO_ARGS ?=
# On a Pi the venv sees the system's packages, for the OS's python3-lgpio (GPIO pads).
VENV_ARGS ?= $(if $(ON_PI),--system-site-packages)

.PHONY: venv test lint typecheck pytest browser bench demo run clean flash-hub pi-system-test

venv: $(STAMP)

# Versions come from constraints.txt: the ones the tests passed with, pip and setuptools
# (the build back end, through --build-constraint) included.
$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV_ARGS) $(VENV)
	$(BIN)/python -m pip install --quiet --constraint constraints.txt pip setuptools
	$(BIN)/python -m pip install --quiet --constraint constraints.txt \
	    --build-constraint constraints.txt -e '.[test]'
	touch $(STAMP)

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict companion

# The tests run in PYTEST_JOBS worker processes (pytest-xdist; one more than the cores:
# many tests wait on a program, a browser or a pseudo-terminal, and a third worker on two
# cores fills those waits: 3 min 07 s -> 2 min 52 s here), each given more as it runs low, the slow ones first (tests/conftest.py); PYTEST_JOBS=0 runs
# them all in one process. An expensive fixture is cached per worker and used by as few
# tests as can check it: `xdist_group` marks do not keep tests on one worker with pytest
# 9.2 (xdist writes the group into a node id pytest no longer reads). PYTEST_ARGS adds
# options, e.g. PYTEST_ARGS="--durations=20".
# PYTHONDONTWRITEBYTECODE is emptied (an empty value is no value to Python): without the
# compiled files in __pycache__, each worker rewrites the asserts of every test module
# again, and each program a test starts compiles the companion again (the suite twice
# the CPU time where a machine sets it).
PYTEST_JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
PYTEST_ARGS ?=
PYTEST := PYTHONDONTWRITEBYTECODE= SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
	$(BIN)/pytest -n $(PYTEST_JOBS) --dist loadgroup $(PYTEST_ARGS)

pytest: $(STAMP) browser
	$(PYTEST)

# The phone pages are tested in a real browser: Debian's chromium and chromium-driver,
# installed here when missing (as root, as CI runs; else `sudo make browser`). Nothing
# is downloaded besides the two packages. Without them the browser tests are skipped,
# except under CI, where they fail.
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make browser: installing chromium and chromium-driver"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	        chromium chromium-driver >/dev/null; \
	else echo "make browser: chromium and chromium-driver are missing (sudo make browser);" \
	    "the browser tests are skipped"; fi

# The quick loop while working: everything but the tests marked slow (soak and property
# tests, whole programs started in subprocesses); `make test` still runs them all.
.PHONY: test-quick
test-quick: $(STAMP)
	$(PYTEST) -m "not slow"

# Every screen the display tests draw, written as PNGs into test-artifacts/screens/ to
# look at (`make test` checks the same screens without writing them).
.PHONY: screens
screens: $(STAMP)
	$(PYTEST) --screens tests/display

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m benchmarks

# The table's pace at a real window: the companion in a 1920x1080 window under Xvfb, its
# keyboard pads pressed by xdotool as the bench's patient players press, four rounds; it
# prints the seconds waited a round beside the bench's figure for the same game (a few
# minutes; skipped, saying so, where Xvfb or xdotool is missing: apt install xvfb xdotool).
.PHONY: pace-window
pace-window: $(STAMP)
	SDL_AUDIODRIVER=dummy $(BIN)/python -m benchmarks.window_pace

# Inject journal damage, a full or read-only card and start-up faults into real files and
# real `mush-companion run` processes; prints faults injected, survived, events lost and
# tracebacks (benchmarks/faults.py; hostile settings and config files, names and store
# paths in benchmarks/faults_files.py; newer journals, one-bit flips, non-journals, links
# and a full card in benchmarks/faults_journal.py; the pad hub in benchmarks/faults_hub.py;
# whole-table backups, hostile restores, a killed table's lost -wal and truncations
# counted in benchmarks/faults_backup.py).
# Mounts (read-only card, full card) need root.
.PHONY: faults
faults: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m benchmarks.faults

# Record the known-answer games again (tests/known/*.json, and the Canoe game's in
# tests/known/canoe/); only on purpose, after a deliberate change of the rules or of the
# event format. The suite only reads them.
.PHONY: known-answers
known-answers: $(STAMP)
	$(BIN)/python tools/record_known.py

# Bots play a whole game through virtual pads (headless where there is no screen).
# GAME=canoe plays the Moosehead Lake Canoe Game instead of MUSH, GAME=mush-ring Mush-Ring,
# GAME=push-and-move Push&Move.
GAME ?=
demo: $(STAMP)
	$(BIN)/mush-companion demo $(if $(GAME),--game $(subst -,_,$(GAME))) $(DEMO_ARGS)

# The companion for real: GPIO pads on a Pi, keyboard pads on a desktop.
run: $(STAMP)
	@if [ -n "$(ON_PI)" ] && ! $(BIN)/python -c 'import lgpio' 2>/dev/null; then \
	    echo "make run: this venv has no lgpio, so the GPIO pads cannot start. Fix:"; \
	    echo "  sudo apt install python3-lgpio && make clean venv   (the venv is then made"; \
	    echo "  with --system-site-packages and sees it), or: make run RUN_ARGS='--pads keyboard'"; \
	    exit 1; fi
	$(BIN)/mush-companion run $(RUN_ARGS)

# Copy the pad hub's firmware onto a Pico running MicroPython (docs/building-pads.md).
# mpremote lives in its own small venv: Bookworm's and Trixie's system pip refuses
# installs. HUB_PORT: "auto" (the first board found) or a device such as /dev/ttyACM0.
HUB_PORT ?= auto
FLASH_VENV := .venv-flash
flash-hub:
	@test -x $(FLASH_VENV)/bin/mpremote || { $(PYTHON) -m venv $(FLASH_VENV) \
	    || { echo "make flash-hub: no venv module: sudo apt install python3-venv"; exit 1; }; \
	    $(FLASH_VENV)/bin/python -m pip install --quiet --constraint constraints.txt mpremote; }
	@if systemctl is-active --quiet mush-companion 2>/dev/null; then \
	    echo "make flash-hub: the service holds the hub: sudo systemctl stop mush-companion"; \
	    exit 1; fi
	$(FLASH_VENV)/bin/mpremote connect $(HUB_PORT) cp $(sort $(wildcard firmware/*.py)) : + reset

# The installer on Debian Trixie and Bookworm arm64 under qemu (minutes; needs root).
# Not part of `make test`. See docs/setup-pi.md. PI_TEST_ARGS: e.g. "--demo-limit 900".
PI_TEST_ARGS ?=
pi-system-test:
	bash tools/pi-system-test.sh $(PI_TEST_ARGS)

clean:
	rm -rf $(VENV) $(FLASH_VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache test-artifacts demo-output

# Install as a systemd service on a Raspberry Pi: `sudo make install` (docs/setup-pi.md).
# DESTDIR stages into a directory; INSTALL_VENV=0 skips building the venv.
PREFIX ?= /opt/mush-companion
INSTALL_VENV ?= 1
# BACKOFF=auto adds the growing restart delay where systemd is 254 or later (1: always).
BACKOFF ?= auto
# NM=auto installs the address hook for the setup screen where NetworkManager is.
NM ?= auto

.PHONY: install uninstall update

install:
	DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' INSTALL_VENV='$(INSTALL_VENV)' BACKOFF='$(BACKOFF)' NM='$(NM)' sh systemd/install.sh install

# Bring the installed companion up to date from this checkout: `sudo make update`. It
# refuses local changes, stops the service, backs up the journal, `git pull --ff-only`,
# installs again and starts the service, saying the version before and after; on any
# failure it goes back to the previous commit, version and journal (docs/setup-pi.md).
# A companion installed before `update` existed runs this checkout's own code for it.
update:
	@test -x '$(PREFIX)/venv/bin/mush-companion' || { \
	    echo "make update: no companion is installed in $(PREFIX): sudo make install"; exit 1; }
	@if '$(PREFIX)/venv/bin/mush-companion' update --help >/dev/null 2>&1; then \
	    exec '$(PREFIX)/venv/bin/mush-companion' update --source '$(CURDIR)' --prefix '$(PREFIX)'; \
	else \
	    PYTHONPATH='$(CURDIR)' PYTHONDONTWRITEBYTECODE=1 exec '$(PREFIX)/venv/bin/python' \
	        -m companion.app.cli update --source '$(CURDIR)' --prefix '$(PREFIX)'; \
	fi

uninstall:
	DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' sh systemd/install.sh uninstall

# Record the whole-table sessions again (tests/known/sessions/*.json): pad presses with
# their times, and what the table answered. Only on purpose, after a deliberate change of
# what the table does or shows; the suite only replays them.
.PHONY: known-sessions
known-sessions: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python tools/record_sessions.py
