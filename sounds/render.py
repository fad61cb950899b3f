#!/usr/bin/env python3
"""Render the shipped voice clips from `companion/voice/texts.py` (the table's own, and each
game's `sayings`) with espeak-ng and SoX.

Run once on a development machine whenever a text changes, then commit the result:

    .venv/bin/python sounds/render.py            # render every clip and the manifest
    .venv/bin/python sounds/render.py --check    # only check the manifest matches the texts

Why a script and committed clips: the Pi then needs no speech engine, and speaking never
waits for synthesis. The output is deterministic for the same espeak-ng and SoX versions
(SoX runs with -R, "repeatable", so the Ogg stream serial number and any dither are
seeded; dither is also switched off with -D), so re-rendering unchanged texts leaves git
with nothing to commit. The versions used are recorded in the manifest.

Each clip: espeak-ng voice and speed from `texts.py`, mono 22.05 kHz (espeak-ng's own
rate, so nothing is resampled), leading and trailing silence trimmed below -50 dBFS,
loudness matched (SoX measures the RMS level and one gain brings it to
`LOUDNESS_DBFS`, or as near as `PEAK_CEILING_DBFS` allows) so clips joined into one
announcement sound equally loud, 10 ms of padding against clicks, then Ogg Vorbis at
quality 3 to keep the whole set small.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from companion.voice.texts import (  # noqa: E402  (the path above makes this importable)
    ESPEAK_SPEED,
    ESPEAK_VOICES,
    LANGUAGES,
    LOUDNESS_DBFS,
    PEAK_CEILING_DBFS,
    all_clip_texts,
)

OUT = REPO / "companion" / "voice" / "sounds"
SAMPLE_RATE = 22050
VORBIS_QUALITY = 3
MANIFEST_VERSION = 2


def tool_version(command: list[str]) -> str:
    """First line of a tool's version output, recorded so a re-render can be compared."""
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    line = (result.stdout or result.stderr).strip().splitlines()[0]
    return line.split("  Data at:")[0].strip()  # espeak-ng adds a machine-specific path


def render_clip(text: str, language: str, target: Path, scratch: Path) -> None:
    """Speak one text to a WAV with espeak-ng, then trim, normalise and encode it with SoX."""
    raw = scratch / "raw.wav"
    # The text goes through stdin so a text can never be read as an option.
    subprocess.run(
        ["espeak-ng", "-v", ESPEAK_VOICES[language], "-s", str(ESPEAK_SPEED),
         "-w", str(raw), "--stdin"],
        input=text.encode("utf-8"), check=True,
    )
    trimmed = scratch / "trimmed.wav"
    subprocess.run(
        ["sox", "-R", "-D", str(raw), "-r", str(SAMPLE_RATE), "-c", "1", str(trimmed),
         "silence", "1", "0.01", "-50d", "reverse", "silence", "1", "0.01", "-50d", "reverse"],
        check=True,
    )
    rms, peak = levels(trimmed)
    gain = min(LOUDNESS_DBFS - rms, PEAK_CEILING_DBFS - peak)
    subprocess.run(
        ["sox", "-R", "-D", str(trimmed), "-C", str(VORBIS_QUALITY), str(target),
         "gain", f"{gain:.2f}", "pad", "0.01", "0.01"],
        check=True,
    )


def levels(wav: Path) -> tuple[float, float]:
    """RMS and peak level of a WAV in dBFS, as SoX's `stats` effect measures them."""
    result = subprocess.run(["sox", str(wav), "-n", "stats"], capture_output=True, text=True,
                            check=True)
    found: dict[str, float] = {}
    for line in result.stderr.splitlines():
        for name in ("RMS lev dB", "Pk lev dB"):
            if line.startswith(name):
                found[name] = float(line.split()[-1])
    return found["RMS lev dB"], found["Pk lev dB"]


def build_manifest(renderer: dict[str, str]) -> dict[str, object]:
    """The manifest: one entry per clip, sorted so it is stable across runs."""
    clips = []
    for language, texts in all_clip_texts().items():
        for key in sorted(texts):
            clips.append({"language": language, "key": key,
                          "file": f"{language}/{key}.ogg", "text": texts[key]})
    return {
        "version": MANIFEST_VERSION,
        "sample_rate": SAMPLE_RATE,
        "channels": 1,
        "format": "ogg-vorbis",
        "loudness_rms_dbfs": LOUDNESS_DBFS,
        "peak_ceiling_dbfs": PEAK_CEILING_DBFS,
        "renderer": renderer,
        "clips": clips,
    }


def check() -> int:
    """Exit status 0 when the shipped manifest and files match the texts, 1 otherwise."""
    manifest = json.loads((OUT / "manifest.json").read_text(encoding="utf-8"))
    expected = build_manifest(manifest["renderer"])
    problems = []
    if manifest != expected:
        problems.append("manifest.json does not match companion/voice/texts.py")
    problems += [f"missing {c['file']}" for c in manifest["clips"]
                 if not (OUT / c["file"]).is_file()]
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def render() -> int:
    """Render every clip into a fresh folder, then swap it in, so a failure leaves the old set."""
    for tool in ("espeak-ng", "sox"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed: apt-get install -y espeak-ng sox libsox-fmt-all",
                  file=sys.stderr)
            return 2
    renderer = {"espeak-ng": tool_version(["espeak-ng", "--version"]),
                "sox": tool_version(["sox", "--version"])}
    manifest = build_manifest(renderer)
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        staged = scratch / "sounds"
        for language in LANGUAGES:
            (staged / language).mkdir(parents=True)
        for clip in manifest["clips"]:  # type: ignore[attr-defined]
            render_clip(clip["text"], clip["language"], staged / clip["file"], scratch)
        (staged / "manifest.json").write_text(
            json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        if OUT.exists():
            shutil.rmtree(OUT)
        shutil.copytree(staged, OUT)
    count = len(manifest["clips"])  # type: ignore[arg-type]
    size = sum(f.stat().st_size for f in OUT.rglob("*") if f.is_file())
    print(f"rendered {count} clips into {OUT.relative_to(REPO)} ({size / 1024:.0f} KiB)")
    return 0


def main() -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check the shipped manifest against the texts")
    args = parser.parse_args()
    return check() if args.check else render()


if __name__ == "__main__":
    sys.exit(main())
