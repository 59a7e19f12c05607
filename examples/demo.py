"""`make demo`: build every bundled example with sitemapkit and show what was written.

Each example builds into build/demo/<name>/; nothing in examples/ is changed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
OUT = ROOT / "build" / "demo"
PY = sys.executable


def cli_example(out: Path) -> list[str]:
    """Any static site: a hand-made output tree, sitemaps by the command line."""
    shutil.copytree(EXAMPLES / "cli" / "site", out)
    return [PY, "-m", "sitemapkit", "build", str(out), "--base-url", "https://example.com/",
            "--gzip"]  # fmt: skip


def mkdocs_example(out: Path) -> list[str]:
    return [PY, "-m", "mkdocs", "build", "-q", "-f", str(EXAMPLES / "mkdocs" / "mkdocs.yml"),
            "-d", str(out)]  # fmt: skip


def pelican_example(out: Path) -> list[str]:
    site = EXAMPLES / "pelican"
    return [PY, "-m", "pelican", str(site / "content"), "-s", str(site / "pelicanconf.py"),
            "-o", str(out), "-q"]  # fmt: skip


def sphinx_example(out: Path) -> list[str]:
    return [PY, "-m", "sphinx", "-q", "-b", "html", str(EXAMPLES / "sphinx"), str(out)]


EXAMPLE_BUILDS = {
    "cli": (EXAMPLES / "cli" / "site", cli_example),
    "mkdocs": (EXAMPLES / "mkdocs" / "mkdocs.yml", mkdocs_example),
    "pelican": (EXAMPLES / "pelican" / "pelicanconf.py", pelican_example),
    "sphinx": (EXAMPLES / "sphinx" / "conf.py", sphinx_example),
}


def show(out: Path) -> None:
    files = sorted(
        p.name for p in out.iterdir() if p.name.startswith("sitemap") or p.name == "robots.txt"
    )
    print(f"  wrote in {out.relative_to(ROOT)}/: {', '.join(files)}")
    for name in ("sitemap.xml", "sitemap.txt"):
        path = out / name
        if path.is_file():
            lines = path.read_text(encoding="utf-8").splitlines()
            print(f"  --- {name} ({len(lines)} lines), first lines:")
            for line in lines[:6]:
                print("   ", line)


def main() -> int:
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    failed = []
    for name, (marker, command_for) in EXAMPLE_BUILDS.items():
        if not marker.exists():
            continue
        out = OUT / name
        print(f"== {name}")
        completed = subprocess.run(command_for(out), cwd=ROOT, check=False)
        if completed.returncode != 0:
            failed.append(name)
            print(f"  {name} example failed (exit code {completed.returncode})")
            continue
        show(out)
    if failed:
        print("failed:", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
