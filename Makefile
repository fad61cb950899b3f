# Set-up and checks for the MUSH table companion.
# `make test` creates .venv when missing and installs the package with its [test] extra.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

export SDL_VIDEODRIVER ?= dummy
export SDL_AUDIODRIVER ?= dummy
export PYGAME_HIDE_SUPPORT_PROMPT := 1

.PHONY: venv test lint typecheck pytest bench clean

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
	$(BIN)/mypy --strict companion/rules

pytest: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache test-artifacts

# Install as a systemd service on a Raspberry Pi: `sudo make install` (docs/setup-pi.md).
# DESTDIR stages into a directory; INSTALL_VENV=0 skips building the venv.
PREFIX ?= /opt/mush-companion
INSTALL_VENV ?= 1

.PHONY: install uninstall

install:
	DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' INSTALL_VENV='$(INSTALL_VENV)' sh systemd/install.sh install

uninstall:
	DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' sh systemd/install.sh uninstall
