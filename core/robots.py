"""The `Sitemap:` line in robots.txt: how crawlers discover a sitemap now that ping is gone."""

from __future__ import annotations

import os

from .urls import base_path, encode_file_path

MINIMAL_ROBOTS = "User-agent: *\nAllow: /\n"


def sitemap_line(base_url: str, index_name: str) -> str:
    return f"Sitemap: {base_url}{encode_file_path(index_name)}"


def update_robots(root: str, base_url: str, index_name: str) -> str | None:
    """Add our line to the output's robots.txt (or write a minimal one); never change other lines.

    Returns what was done, for the log, or None when robots.txt does not apply: it only counts
    at the host root, so a site under a sub-folder gets an INFO line from the caller instead.
    """
    if base_path(base_url) != "/":
        return None
    line = sitemap_line(base_url, index_name)
    path = os.path.join(root, "robots.txt")
    if os.path.islink(path):
        return "robots.txt is a symbolic link; left unchanged"
    if os.path.isdir(path):
        return "robots.txt is a folder; left unchanged"
    try:
        with open(path, "rb") as handle:  # bytes: the site's own lines stay exactly as they are
            current: bytes | None = handle.read()
    except FileNotFoundError:
        current = None
    except OSError as exc:
        return f"robots.txt cannot be read ({exc.strerror}); left unchanged"
    ours = line.encode("ascii")
    if current is None:
        text = f"{MINIMAL_ROBOTS}\n{line}\n".encode("ascii")
        action = "wrote robots.txt"
    elif any(existing.strip() == ours for existing in current.splitlines()):
        return "robots.txt already names the sitemap"
    else:
        separator = b"" if current.endswith(b"\n") or not current else b"\n"
        text = current + separator + ours + b"\n"
        action = "added the Sitemap line to robots.txt"
    temp = path + f".sitemapkit-{os.getpid()}.tmp"
    with open(temp, "wb") as handle:
        handle.write(text)
    os.replace(temp, path)
    return action
