"""The `Sitemap:` line in robots.txt: how crawlers discover a sitemap now that ping is gone.

The line sitemapkit adds follows a comment that repeats it, which marks it as ours: a later
build can change it (a new base URL or index name) or take it out (no pages left) without
touching a line the site wrote, even one the site put right after the comment. A line the site
wrote itself is never changed, and when it already names the index, no line is added.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from typing import Literal
from urllib.parse import unquote

from .folder_files import open_regular
from .temp_files import BINARY, temp_name
from .urls import base_path, encode_file_path
from .validate_values import remainder_under, same_url_key

#: The robots.txt written where there is none. Its first line says whose it is: a site's own
#: file of the same two rules is never taken for it (and removed).
MINIMAL_ROBOTS = (
    "# written by sitemapkit, which removes it when no sitemap needs it\nUser-agent: *\nAllow: /\n"
)
#: The comment before the line sitemapkit manages, followed by that line's text (robots.txt
#: parsers skip comment lines).
MARK = b"# sitemapkit, rewritten on each build: "
_BOM = b"\xef\xbb\xbf"
#: Google reads the first 500 KiB of a robots.txt and ignores the rest: a line added at the
#: end of a larger file goes at its start instead.
GOOGLE_READS_BYTES = 500 * 1024


def sitemap_line(base_url: str, index_name: str) -> str:
    return f"Sitemap: {base_url}{encode_file_path(index_name)}"


def update_robots(root: str, base_url: str, index_name: str) -> str | None:
    """Make the output's robots.txt name the index (or write a minimal one).

    Returns what was done, for the log, or None when robots.txt does not apply: it only counts
    at the host root, so a site under a sub-folder gets an INFO line from the caller instead
    (who also takes out a line an earlier build at the host root added).
    """
    if base_path(base_url) != "/":
        return None
    ours = sitemap_line(base_url, index_name).encode("ascii")
    path = os.path.join(root, "robots.txt")
    linked = os.path.islink(path)
    current, problem = _read(path)
    if problem is not None:
        if current is not None and _with_line(current, ours) == current:  # read-only, and right
            return "robots.txt already names the sitemap"
        return problem
    if current is None:
        text = MINIMAL_ROBOTS.encode("ascii") + b"\n" + MARK + ours + b"\n" + ours + b"\n"
        action = "wrote robots.txt"
    else:
        text = _with_line(current, ours)
        if text == current:
            return "robots.txt already names the sitemap"
        action = "updated the Sitemap line in robots.txt"
        if MARK not in current:
            action = "added the Sitemap line to robots.txt"
    _replace(path, text, carry_over=not (linked or _hard_linked(path)))
    if linked:  # Pelican's STATIC_CREATE_LINKS, a link into the sources: never written through
        action += f" {LINK_REPLACED}"
    return action


#: Said of a robots.txt that was a symbolic link: the file it named is never written.
LINK_REPLACED = (
    "(a symbolic link until now: the output holds a copy with the line, and the file the link "
    "named is unchanged)"
)


def remove_robots_line(root: str) -> Literal["", "line", "file"]:
    """Take out the line an earlier build added, when it would name an index no longer there
    (and the whole file, when it is the minimal one that build wrote, unchanged since): what
    was taken out, or "" for nothing."""
    path = os.path.join(root, "robots.txt")
    current, problem = _read(path)
    if current is None or problem is not None or MARK not in current:
        return ""
    text = _with_line(current, None)
    if text == current:
        return ""
    if text == MINIMAL_ROBOTS.encode("ascii") + b"\n" and not os.path.islink(path):
        os.remove(path)  # all of it as sitemapkit wrote it
        return "file"
    _replace(path, text, carry_over=not (os.path.islink(path) or _hard_linked(path)))
    return "line"


def _hard_linked(path: str) -> bool:
    """Whether the file has other names (Pelican's STATIC_CREATE_LINKS on one file system): its
    mode is the source's, not the output's, and does not carry over to its replacement."""
    try:
        return os.stat(path).st_nlink > 1
    except OSError:
        return False


def sitemap_urls(text: str) -> Iterator[tuple[int, str]]:
    """(line number, URL) of each `Sitemap:` line, as crawlers read them: past a byte-order
    mark, in any case, without a `# comment` (the URL may be empty: a line to report)."""
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        name, sep, value = line.partition("#")[0].partition(":")
        if sep and name.strip().lower() == "sitemap":
            yield number, value.strip()


_ABSOLUTE = ("http://", "https://")


def output_sitemap_urls(root: str) -> list[str]:
    """The `Sitemap:` values of the output's robots.txt (none when it cannot be read)."""
    try:
        with open_regular(os.path.join(root, "robots.txt")) as handle:
            text = handle.read().decode("utf-8", "replace")
    except OSError:
        return []
    return [url for _, url in sitemap_urls(text)]


def relative_sitemap_lines(urls: list[str]) -> list[str]:
    """The `Sitemap:` values (`output_sitemap_urls`) that are no absolute URL (`/sitemap.xml`):
    crawlers need the full address, and skip the line."""
    return [url for url in urls if url and not url.lower().startswith(_ABSOLUTE)]


def unserved_sitemap_lines(root: str, base_url: str, urls: list[str]) -> list[str]:
    """The `Sitemap:` URLs of the output's robots.txt, under the site's address, that name no
    file in a folder of the output: the name of an earlier sitemap (MkDocs' `sitemap.xml.gz`,
    a peer plugin's file), which crawlers now get a 404 for. One in a folder the output does
    not have is left alone: another deployment on the host may serve it."""
    found: list[str] = []
    for url in urls:
        below = remainder_under(url, base_url)
        if not below:
            continue  # another host's, or the address itself: not this output's to judge
        segments = unquote(below.partition("?")[0].partition("#")[0]).split("/")
        if ".." in segments or "" in segments[:-1] or url in found:
            continue
        folder = os.path.join(root, *segments[:-1])
        # A folder the output lacks is another deployment's (`docs/` served apart): not ours.
        if os.path.isdir(folder) and not os.path.isfile(os.path.join(folder, segments[-1])):
            found.append(url)
    return found


def _read(path: str) -> tuple[bytes | None, str | None]:
    """robots.txt as bytes (the site's own lines stay exactly as they are), and why it may not
    be changed: a file that may not be written is read all the same."""
    if os.path.isdir(path):
        return None, "robots.txt is a folder; left unchanged"
    try:
        with open_regular(path) as handle:
            current = handle.read()
        info = os.stat(path)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"robots.txt cannot be read ({exc.strerror}); left unchanged"
    if current.startswith((b"\xff\xfe", b"\xfe\xff")):  # lines in ASCII would garble it
        return None, (
            "robots.txt is in UTF-16, which crawlers do not read (save it as UTF-8); left unchanged"
        )
    # Renaming a new file over it would work, as the folder is writable: a file made read-only
    # (or one this user may not write) says not to, even to root. A link is replaced, never
    # written through, so the mode of the file it names says nothing; nor does a hard link's
    # (Pelican's STATIC_CREATE_LINKS makes one to the source, whose mode it shares).
    if os.path.islink(path) or info.st_nlink > 1:
        return current, None
    if not info.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK):
        return current, "robots.txt is read-only (or not this user's to write); left unchanged"
    return current, None


def _names_the_same(line: bytes, ours: bytes) -> bool:
    """Whether a line of the site's is a `Sitemap:` line for the same URL as `ours`, as
    crawlers read it: any case and spacing (`sitemap:https://EXAMPLE.com:443/…`)."""
    key, sep, value = line.removeprefix(_BOM).partition(b":")  # a first line past its BOM
    if not sep or key.strip().lower() != b"sitemap":
        return False
    url = value.partition(b"#")[0].strip().decode("utf-8", "replace")  # a comment after it
    return same_url_key(url) == same_url_key(ours.partition(b":")[2].strip().decode("ascii"))


def _line_end(text: bytes) -> bytes:
    """The file's own line ending: CRLF (Windows), a lone CR (classic Mac OS), else LF."""
    if b"\r\n" in text:
        return b"\r\n"
    return b"\r" if b"\r" in text and b"\n" not in text else b"\n"


def _with_line(current: bytes, ours: bytes | None) -> bytes:
    """`current` with our marked line set to `ours`, or taken out when `ours` is None."""
    lines = current.splitlines(keepends=True)
    kept: list[bytes] = []
    place: int | None = None
    index = 0
    while index < len(lines):
        bom = index == 0 and lines[0].startswith(_BOM)
        line = lines[index][len(_BOM) :] if bom else lines[index]
        following = lines[index + 1] if index + 1 < len(lines) else b""
        if line.startswith(MARK) and line[len(MARK) :].strip() == following.strip():
            if bom:
                kept.append(_BOM)
            if place is None:
                place = len(kept)
            index += 2
            continue
        kept.append(lines[index])
        index += 1
    if ours is None or any(_names_the_same(line, ours) for line in kept):
        return b"".join(kept)
    eol = _line_end(current)
    block = [MARK + ours + eol, ours + eol]
    if place is None:
        body = b"".join(kept)
        if len(body) + len(MARK) + 2 * len(ours) + 4 > GOOGLE_READS_BYTES:  # past it: first
            start = len(_BOM) if body.startswith(_BOM) else 0
            return body[:start] + b"".join(block) + body[start:]
        separator = b"" if body.endswith((b"\n", b"\r")) or body in (b"", _BOM) else eol
        return body + separator + b"".join(block)
    kept[place:place] = block
    return b"".join(kept)


def _replace(path: str, text: bytes, carry_over: bool = True) -> None:
    """A new file renamed over the old: never half a robots.txt, never a write through a hard
    link into the site's sources. The old file's mode, and its owner where allowed, carry over
    (not a linked source's: the copy is the output's own).
    """
    folder, name = os.path.split(path)
    while True:  # a new file: never one, or a link, left at that name by another process
        temp = os.path.join(folder, temp_name(name))
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, 0o666)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text)
        try:
            old = os.stat(path) if carry_over else None
        except FileNotFoundError:
            old = None
        if old is not None:
            if hasattr(os, "chown"):  # only root may give a file away: else it stays ours
                with contextlib.suppress(OSError):
                    os.chown(temp, old.st_uid, old.st_gid)
            os.chmod(temp, stat.S_IMODE(old.st_mode))
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.chmod(temp, stat.S_IREAD | stat.S_IWRITE)  # Windows removes no read-only file
        with contextlib.suppress(OSError):
            os.remove(temp)
        raise
