# Set-up and checks for the MUSH table companion.
# `make test` creates .venv when missing and installs the package with its [test] extra.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

export PYGAME_HIDE_SUPPORT_PROMPT := 1

# On a Raspberry Pi `make run` uses the config's pads (GPIO by default); elsewhere the
# keyboard stands in for the pads, in a window.
RUN_ARGS ?= $(shell grep -qs 'Raspberry Pi' /proc/device-tree/model || echo --pads keyboard --window)
DEMO_ARGS ?=

.PHONY: venv test lint typecheck pytest bench demo run clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict companion

pytest: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/pytest

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m benchmarks

# Inject journal damage, a full or read-only card and start-up faults into real files and
# real `mush-companion run` processes; prints faults injected, survived, events lost and
# tracebacks (benchmarks/faults.py). Mounts (read-only card) need root.
.PHONY: faults
faults: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m benchmarks.faults

# Bots play a whole game through virtual pads (headless where there is no screen).
demo: $(STAMP)
	$(BIN)/mush-companion demo $(DEMO_ARGS)

# The companion for real: GPIO pads on a Pi, keyboard pads on a desktop.
run: $(STAMP)
	$(BIN)/mush-companion run $(RUN_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache test-artifacts demo-output

# Install as a systemd service on a Raspberry Pi: `sudo make install` (docs/setup-pi.md).
# DESTDIR stages into a directory; INSTALL_VENV=0 skips building the venv.
PREFIX ?= /opt/mush-companion
INSTALL_VENV ?= 1

.PHONY: install uninstall

install:
	DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' INSTALL_VENV='$(INSTALL_VENV)' sh systemd/install.sh install

uninstall:
	DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' sh systemd/install.sh uninstall
