"""The `Sitemap:` line in robots.txt: how crawlers discover a sitemap now that ping is gone.

The line sitemapkit adds follows a comment that marks it as ours, so a later build can change
it (a new base URL or index name) or take it out (no pages left) without touching a line the
site wrote. A line the site wrote itself is never changed, and when it already names the
index, no line is added.
"""

from __future__ import annotations

import os

from .urls import base_path, encode_file_path

MINIMAL_ROBOTS = "User-agent: *\nAllow: /\n"
#: The comment before the line sitemapkit manages (robots.txt parsers skip comment lines).
MARK = b"# sitemapkit: the next line names the sitemap index and is rewritten on each build"


def sitemap_line(base_url: str, index_name: str) -> str:
    return f"Sitemap: {base_url}{encode_file_path(index_name)}"


def update_robots(root: str, base_url: str, index_name: str) -> str | None:
    """Make the output's robots.txt name the index (or write a minimal one).

    Returns what was done, for the log, or None when robots.txt does not apply: it only counts
    at the host root, so a site under a sub-folder gets an INFO line from the caller instead
    (and loses a line an earlier build at the host root added, which no crawler would read).
    """
    if base_path(base_url) != "/":
        remove_robots_line(root)
        return None
    ours = sitemap_line(base_url, index_name).encode("ascii")
    path = os.path.join(root, "robots.txt")
    current, problem = _read(path)
    if problem is not None:
        return problem
    if current is None:
        text = MINIMAL_ROBOTS.encode("ascii") + b"\n" + MARK + b"\n" + ours + b"\n"
        action = "wrote robots.txt"
    else:
        text = _with_line(current, ours)
        if text == current:
            return "robots.txt already names the sitemap"
        action = "updated the Sitemap line in robots.txt"
        if MARK not in current:
            action = "added the Sitemap line to robots.txt"
    _replace(path, text)
    return action


def remove_robots_line(root: str) -> bool:
    """Take out the line an earlier build added, when it would name an index no longer there."""
    path = os.path.join(root, "robots.txt")
    current, problem = _read(path)
    if current is None or problem is not None or MARK not in current:
        return False
    text = _with_line(current, None)
    if text == current:
        return False
    _replace(path, text)
    return True


def _read(path: str) -> tuple[bytes | None, str | None]:
    """robots.txt as bytes (the site's own lines stay exactly as they are), or why not."""
    if os.path.islink(path):
        return None, "robots.txt is a symbolic link; left unchanged"
    if os.path.isdir(path):
        return None, "robots.txt is a folder; left unchanged"
    try:
        with open(path, "rb") as handle:
            return handle.read(), None
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"robots.txt cannot be read ({exc.strerror}); left unchanged"


def _with_line(current: bytes, ours: bytes | None) -> bytes:
    """`current` with our marked line set to `ours`, or taken out when `ours` is None."""
    lines = current.splitlines(keepends=True)
    kept: list[bytes] = []
    place: int | None = None
    endings = (b"\n", b"\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        following = lines[index + 1] if index + 1 < len(lines) else b""
        if line.rstrip(b"\r\n") == MARK and _is_sitemap_line(following):
            if place is None:
                place = len(kept)
                endings = (line[len(MARK) :], following[len(following.rstrip(b"\r\n")) :])
            index += 2
            continue
        kept.append(line)
        index += 1
    if ours is None or any(line.strip() == ours for line in kept):
        return b"".join(kept)
    if place is None:
        body = b"".join(kept)
        separator = b"" if body.endswith(b"\n") or not body else b"\n"
        return body + separator + MARK + b"\n" + ours + b"\n"
    kept[place:place] = [MARK + endings[0], ours + endings[1]]
    return b"".join(kept)


def _is_sitemap_line(line: bytes) -> bool:
    name, colon, _ = line.partition(b":")
    return bool(colon) and name.strip().lower() == b"sitemap"


def _replace(path: str, text: bytes) -> None:
    temp = path + f".sitemapkit-{os.getpid()}.tmp"
    with open(temp, "wb") as handle:
        handle.write(text)
    os.replace(temp, path)
