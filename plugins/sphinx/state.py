"""What one build leaves for the next, in a small file beside the pages.

Incremental builds skip work whose result has not changed. viewcode does not rewrite an
unchanged module page, so it is never seen written; autosummary does not rewrite an unchanged
stub source, so the stub keeps the time of the build that wrote it, which is no page's change.
The names seen and the stubs found are kept in `.sitemapkit-pages.json` in the output folder,
which the core's scans skip. Source paths are kept relative to the source folder: the file is
published with the site.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

#: Lives in the output folder with the pages it describes; hidden from the core's scans.
STATE_NAME = ".sitemapkit-pages.json"


@dataclass
class SavedState:
    """The last build's record; a missing or unreadable file is an empty one."""

    generated: set[str] = field(default_factory=set)
    #: Source files a build wrote, relative to the source folder, with their st_mtime_ns.
    build_written: dict[str, int] = field(default_factory=dict)


def load_state(outdir: str) -> SavedState:
    try:
        with open(os.path.join(outdir, STATE_NAME), encoding="utf-8") as handle:
            saved = json.load(handle)
    except (OSError, ValueError):
        return SavedState()
    if not isinstance(saved, dict):
        return SavedState()
    names, written = saved.get("generated"), saved.get("build_written")
    return SavedState(
        {name for name in names if isinstance(name, str)} if isinstance(names, list) else set(),
        {
            path: time
            for path, time in written.items()
            if isinstance(path, str) and isinstance(time, int) and not isinstance(time, bool)
        }
        if isinstance(written, dict)
        else {},
    )


def save_state(outdir: str, generated: Iterable[str], build_written: Mapping[str, int]) -> None:
    """Write the record, unless it is unchanged (a rebuild without changes touches nothing)."""
    record: dict[str, object] = {"generated": sorted(generated)}
    if build_written:
        record["build_written"] = dict(sorted(build_written.items()))
    data = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    path = os.path.join(outdir, STATE_NAME)
    with contextlib.suppress(OSError), open(path, encoding="utf-8") as handle:
        if handle.read() == data:
            return
    temp = path + ".tmp"
    with open(temp, "w", encoding="utf-8") as handle:
        handle.write(data)
    os.replace(temp, path)


def relative_sources(written: Mapping[str, int], srcdir: str) -> dict[str, int]:
    """The sources below the source folder, '/'-separated from it (others are not kept)."""
    prefix = os.path.join(srcdir, "")
    return {
        path[len(prefix) :].replace(os.sep, "/"): time
        for path, time in written.items()
        if path.startswith(prefix)
    }


def absolute_sources(written: Mapping[str, int], srcdir: str) -> dict[str, int]:
    """Back to the paths the pages name their sources by (`srcdir` joined with the name)."""
    prefix = os.path.join(srcdir, "")
    return {prefix + path.replace("/", os.sep): time for path, time in written.items()}
