"""The shipped clips: complete, matching their texts, small, and loadable by pygame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame

from companion.voice.clips import DEFAULT_SOUNDS_DIR, load_manifest
from companion.voice.texts import LANGUAGES, all_clip_texts

REPO = Path(__file__).resolve().parents[2]
LIMIT_BYTES = 10 * 1024 * 1024


def test_manifest_lists_exactly_the_texts_of_every_language() -> None:
    manifest = load_manifest()
    texts = all_clip_texts()
    assert sorted(manifest) == sorted(LANGUAGES)
    for language in LANGUAGES:
        assert {k: c.text for k, c in manifest[language].items()} == texts[language]


def test_every_manifest_clip_is_a_shipped_ogg_file() -> None:
    for clips in load_manifest().values():
        for clip in clips.values():
            assert clip.path.is_file(), clip.path
            assert clip.path.read_bytes()[:4] == b"OggS", clip.path


def test_no_stray_files_beside_the_manifest() -> None:
    listed = {c.path for clips in load_manifest().values() for c in clips.values()}
    shipped = set(DEFAULT_SOUNDS_DIR.rglob("*.ogg"))
    assert shipped == listed


def test_all_sounds_stay_under_ten_megabytes() -> None:
    total = sum(f.stat().st_size for f in DEFAULT_SOUNDS_DIR.rglob("*") if f.is_file())
    total += sum(f.stat().st_size for f in (REPO / "sounds").rglob("*") if f.is_file())
    assert 0 < total < LIMIT_BYTES


def test_render_script_check_agrees_with_the_shipped_manifest() -> None:
    result = subprocess.run([sys.executable, str(REPO / "sounds" / "render.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_pygame_loads_every_clip_as_mono_speech_of_sensible_length(
        mixer: tuple[int, int, int]) -> None:
    frequency, _size, channels = mixer
    for clips in load_manifest().values():
        for clip in clips.values():
            sound = pygame.mixer.Sound(file=str(clip.path))
            assert 0.1 < sound.get_length() < 3.0, (clip.path, sound.get_length())
            assert len(sound.get_raw()) == round(sound.get_length() * frequency) * 2 * channels
