"""The files pymdownx.snippets reads for a page, against the files sitemapkit dates it by.

The real extension renders random pages over random trees of snippets, and every file it
reads is recorded; `Snippets.files` must name exactly those. A real MkDocs build with snippets
is in test_mkdocs.py.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import markdown
import pytest
from pymdownx.snippets import SnippetPreprocessor

from conftest import write_tree
from sitemapkit.mkdocs.snippets import Snippets, split_name

FILES = ("a.md", "b.md", "sub/c.md", "sub/d e.md")
MISSING = ("zz.md", "sub/zz.md")
MARKERS = ("--8<--", "-8<-", "---8<---")
SECTIONS = ("s1", "s2")


class Writer:
    """Random Markdown that names snippets in every way the extension reads or skips."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def name(self) -> str:
        rng = self.rng
        name = rng.choice(FILES + MISSING)
        name = rng.choice(["", "", "", "./", "sub/../", "../", "nope/../"]) + name
        spec = rng.random()
        if spec < 0.15:
            name += ":" + rng.choice(SECTIONS)
        elif spec < 0.35:
            parts = [self.span() for _ in range(rng.choice([1, 1, 2, 3]))]
            name += ":" + ",".join(parts)
        return rng.choice(["", "", " "]) + name + rng.choice(["", "", " "])

    def span(self) -> str:
        number = lambda: self.rng.choice(["", "1", "2", "3", "-1", "-2", "0", "5"])  # noqa: E731
        return number() if self.rng.random() < 0.5 else number() + ":" + number()

    def lines(self) -> list[str]:
        rng = self.rng
        lines = []
        for _ in range(rng.randint(1, 8)):
            kind = rng.random()
            marker = rng.choice(MARKERS)
            indent = rng.choice(["", "", "    ", "\t"])
            if kind < 0.3:
                quote = rng.choice("\"'")
                trail = rng.choice(["", "", "", " ", "\r"])
                escape = ";" if rng.random() < 0.1 else ""
                lines.append(f"{indent}{escape}{marker} {quote}{self.name()}{quote}{trail}")
            elif kind < 0.45:
                names = [self.name() for _ in range(rng.randint(0, 3))]
                names += rng.choice([[], [""], [";b.md"], ['--8<-- "a.md"']])
                lines += [indent + marker, *names, indent + marker]
            elif kind < 0.6:
                mark = rng.choice(["start", "end", "START", "End"])
                escape = ";" if rng.random() < 0.15 else ""
                section = rng.choice(SECTIONS)
                lines.append(f"<!-- {escape}{marker} [{mark}:{section}] -->")
            elif kind < 0.65:
                lines.append(marker)  # a block left open, or closing one
            else:
                lines.append(rng.choice(["Text.", "", "8<- in prose", "- item"]))
        return lines


def read_by_the_extension(page: str, settings: dict[str, object]) -> set[str]:
    """The files pymdownx.snippets reads while it renders `page`."""
    read: set[str] = set()
    original = SnippetPreprocessor.read_lines

    def recording(self: SnippetPreprocessor, path: str) -> list[str]:
        read.add(os.path.abspath(path))
        lines: list[str] = original(self, path)
        return lines

    SnippetPreprocessor.read_lines = recording  # type: ignore[method-assign]
    try:
        configs = {"pymdownx.snippets": {**settings, "check_paths": False}}
        markdown.Markdown(extensions=["pymdownx.snippets"], extension_configs=configs).convert(page)
    finally:
        SnippetPreprocessor.read_lines = original  # type: ignore[method-assign]
    return read


@pytest.mark.parametrize("seed", range(4))
def test_the_files_are_those_the_extension_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(seed)
    writer = Writer(rng)
    for case in range(150):
        root = tmp_path / str(case)
        write_tree(
            root, {name: "\n".join(writer.lines()) + rng.choice(["", "\n"]) for name in FILES}
        )
        monkeypatch.chdir(root)  # a relative base_path is where MkDocs runs
        settings: dict[str, object] = {
            "base_path": rng.choice(
                [".", [".", "sub"], "sub", ["sub", "."], "a.md", ["b.md", "."]]
            ),
            "restrict_base_path": rng.choice([True, False, "false"]),
            "auto_append": rng.choice([[], [], ["b.md"], ["sub/c.md:s1"]]),
        }
        page = "\n".join(writer.lines())
        expected = read_by_the_extension(page, settings)
        found = {os.path.abspath(path) for path in Snippets(settings).files(page, str(root))}
        assert found == expected, (case, page, settings)


@pytest.mark.parametrize(
    ("name", "path", "ranges", "section"),
    [
        ("CHANGELOG.md", "CHANGELOG.md", (), None),
        (" a b.md ", "a b.md", (), None),
        ("file.md:3:9", "file.md", ((3, 9),), None),
        ("l.md :2", "l.md", ((2, None),), None),
        ("file.md:1:2,-3:", "file.md", ((1, 2), (-3, None)), None),
        ("notes-2024:1", "notes-2024", ((1, None),), None),
        ("file.md:usage", "file.md", (), "usage"),
        ("x" + ":," * 32_000, "x" + ":," * 32_000, (), None),  # no specifier: one pass
        ("a.md:1" + ",1:2" * 3_000, "a.md", ((1, None), *[(1, 2)] * 3_000), None),
        (":3", None, (), None),
    ],
)
def test_a_snippet_name_is_split_as_the_extension_splits_it(
    name: str,
    path: str | None,
    ranges: tuple[tuple[int | None, int | None], ...],
    section: str | None,
) -> None:
    target = split_name(name)
    if path is None:
        assert target is None
    else:
        assert target is not None
        assert (target.path, target.ranges, target.section) == (path, ranges, section)
