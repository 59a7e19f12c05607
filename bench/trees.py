"""Synthetic output trees: what a static site generator leaves behind, at any size.

A tree of N pages has about N / 100 folders nested 1 to 5 deep, an `index.html` in each,
some names with spaces and non-ASCII letters, about 5% non-HTML assets, and modification
times spread over ten years. Each page is 8 KiB, the size of a small page with a theme: a
short document padded with a hole (a sparse file), so a million of them take no disk. The
size matters because a scan opens pages of 4 KiB or less, to find redirect stubs. The same N
always gives the same tree (a seeded generator).
A tree is generated once into a temporary name and renamed when complete, then reused.
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

PAGES_PER_FOLDER = 100
MAX_DEPTH = 5
FIRST_MTIME = 1420070400  # 2015-01-01
LAST_MTIME = 1735689600  # 2025-01-01
_CONTENT = b"<!doctype html><title>page</title><p>A page of a synthetic site.</p>\n"
PAGE_BYTES = 8192
_ASSET_SUFFIXES = (".css", ".png", ".js", ".svg")


def _folder_name(number: int) -> str:
    if number % 11 == 3:
        return f"über {number}"
    if number % 7 == 5:
        return f"guide {number}"
    return f"section-{number}"


def _page_name(number: int) -> str:
    kind = number % 20
    if kind == 7:
        return f"café {number}.html"
    if kind == 13:
        return f"日本語-{number}.html"
    if kind == 17:
        return f"with space {number}.html"
    return f"page-{number:03d}.html"


def folder_paths(count: int) -> list[str]:
    """`count` folders, breadth first, with a branching factor that reaches depth 5."""
    branching = 1
    while sum(branching**depth for depth in range(1, MAX_DEPTH + 1)) < count:
        branching += 1
    folders: list[str] = []
    level = [""]
    number = 0
    while len(folders) < count:
        next_level: list[str] = []
        for parent in level:
            for _ in range(branching):
                if len(folders) == count:
                    break
                number += 1
                path = parent + _folder_name(number) + "/"
                folders.append(path)
                next_level.append(path)
        level = next_level
    return folders


def tree_files(pages: int, seed: int = 7) -> Iterator[tuple[str, int]]:
    """(relative path, mtime) of every file of a tree with exactly `pages` HTML pages."""
    rng = random.Random(seed)
    folders = folder_paths(max(1, (pages - 1) // PAGES_PER_FOLDER))
    yield "index.html", rng.randint(FIRST_MTIME, LAST_MTIME)
    left = pages - 1
    for position, folder in enumerate(folders):
        share = left // (len(folders) - position)
        left -= share
        for number in range(share):
            name = "index.html" if number == 0 else _page_name(number)
            yield folder + name, rng.randint(FIRST_MTIME, LAST_MTIME)
        for number in range(share // 20):
            suffix = _ASSET_SUFFIXES[number % len(_ASSET_SUFFIXES)]
            yield f"{folder}asset-{number}{suffix}", rng.randint(FIRST_MTIME, LAST_MTIME)


def tree_path(sites: Path, pages: int) -> Path:
    return sites / f"tree-{pages}-8k"  # earlier trees had 69-byte pages


def ensure_tree(sites: Path, pages: int) -> tuple[Path, bool]:
    """The tree's folder, generating it first when missing; whether it was generated now."""
    final = tree_path(sites, pages)
    if final.is_dir():
        return final, False
    partial = sites / f"tree-{pages}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    made: set[str] = set()
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    for relative, mtime in tree_files(pages):
        folder, _, _ = relative.rpartition("/")
        if folder and folder not in made:
            os.makedirs(partial / folder, exist_ok=True)
            made.add(folder)
        fd = os.open(partial / relative, flags, 0o644)
        try:
            os.write(fd, _CONTENT)
            if relative.endswith(".html"):
                os.ftruncate(fd, PAGE_BYTES)
            os.utime(fd, (mtime, mtime))
        finally:
            os.close(fd)
    partial.rename(final)
    return final, True


def remove_outputs(root: Path) -> None:
    """Delete what the contenders wrote at the top of a tree, so each run starts alike."""
    for entry in root.iterdir():
        name = entry.name
        if entry.is_file() and (name.startswith(("sitemap", "floor-")) or name == "robots.txt"):
            entry.unlink()
