"""Pages that ask search engines not to index them: `<meta name="robots" content="noindex">`.

A sitemap that lists such a page contradicts it: Google's Search Console reports it as an
error ("Submitted URL marked 'noindex'"). The names read are `robots`, which every engine
obeys, and `googlebot` and `bingbot`, the crawlers that read sitemaps and report such a page
(as robots.txt's rules are read for them); `googlebot-news` and others rule out less than the
page. A header (`X-Robots-Tag`) is the web server's, which no build can see.

A tag that a script would write, or one inside `<noscript>`, is not the page's own: Google
renders pages with scripts on, and a staging guard that writes noindex on other hosts must not
drop the live page. Files in UTF-16 are not read as HTML, so their pages stay listed.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable
from html import unescape

from .folder_files import open_folder, read_in_folder
from .page_heads import MAX_HEAD_BYTES, META_CONTENT, META_TAG, NOT_TAGS, meta_name, read_head
from .redirect_stubs import redirects_at_once

#: The names of the tags read: every engine's, and those of the crawlers that read sitemaps.
_NAMES = ("robots", "googlebot", "bingbot")
_BYTE_NAMES = tuple(name.encode() for name in _NAMES)
_ANY_NAME = "|".join(_NAMES)
_NAMED_ROBOTS = meta_name(_ANY_NAME)
_SEPARATORS = re.compile(r"[\s,]+")
#: `none` is `noindex, nofollow` in one word.
_NOT_INDEXED = frozenset({"noindex", "none"})


def says_noindex(html: str) -> bool:
    """Whether a page's head (the whole page, or only its start) has a robots `noindex`."""
    return _lowered_head_says_noindex(_lowered_head(html))


def head_says_noindex(head: str) -> bool:
    """Whether a head already cut at its end (`page_heads.file_head`) has a robots `noindex`."""
    return _lowered_head_says_noindex(head.lower())


def html_head_marks(html: str) -> tuple[bool, bool]:
    """Whether a rendered page's head has a robots `noindex`, and whether its meta refresh
    sends visitors elsewhere at once (a redirect page)."""
    end = html.find("</head>")  # found at once in nearly every page: only the head is lowered
    head = html[:end].lower() if end >= 0 else _head_part(html[:MAX_HEAD_BYTES].lower())
    noindex = "bot" in head and _lowered_head_says_noindex(head)  # once per page: no calls
    redirects = redirects_at_once(head)
    return noindex, redirects


def _lowered_head(html: str) -> str:
    end = html.find("</head>")  # found at once in nearly every page: only the head is lowered
    if end >= 0:
        return html[:end].lower()
    return _head_part(html[:MAX_HEAD_BYTES].lower())


def _head_part(lowered: str) -> str:
    """Lowered text up to where the head ends (`</head>` may be missing or in capitals)."""
    ends = [at for at in (lowered.find("</head"), lowered.find("<body")) if at >= 0]
    return lowered[: min(ends)] if ends else lowered


def _lowered_head_says_noindex(head: str) -> bool:
    # Nearly every page: one search ("bot" is in each name), no regular expression.
    if "bot" not in head or not ("robots" in head or "googlebot" in head or "bingbot" in head):
        return False
    head = NOT_TAGS.sub("", head)
    for tag in META_TAG.findall(head):
        if not _NAMED_ROBOTS.search(tag):
            continue
        content = META_CONTENT.search(tag)
        if content is None:
            continue
        value = next(group for group in content.groups() if group is not None)
        if content_says_noindex(unescape(value)):
            return True
    return False


def content_says_noindex(content: str) -> bool:
    """Whether a robots meta tag's `content` (`"noindex, follow"`, `"NONE"`) keeps the page out."""
    return not _NOT_INDEXED.isdisjoint(_SEPARATORS.split(content.lower()))


def file_head_marks(name: str, folder: str, folder_fd: int | None = None) -> tuple[bool, bool]:
    """Whether the HTML file's head has a robots `noindex`, and whether its meta refresh sends
    visitors elsewhere at once (a redirect page: a theme's `redirect` template, say).

    Only the head is read (up to `MAX_HEAD_BYTES`); through `folder_fd`, the open folder, no
    path is walked again. An unreadable file says nothing.
    """
    head = read_in_folder(name, folder, folder_fd, _read_head, "")
    if not head:
        return False, False
    redirects = redirects_at_once(head)
    return _lowered_head_says_noindex(head), redirects


def outputs_marked(root: str, paths: Iterable[str]) -> tuple[set[str], set[str]]:
    """Which of the output files (given as '/'-separated paths below `root`) say noindex,
    and which redirect at once.

    A folder of several files is opened once and its files read through it, where the system
    allows; the lone page of a folder (Sphinx's dirhtml `page/index.html`, Pelican's
    `{slug}/index.html`) is read by path, as opening its folder too costs more than it saves.
    """
    by_folder: dict[str, list[str]] = {}
    for path in paths:
        folder, _, name = path.rpartition("/")
        by_folder.setdefault(folder, []).append(name)
    noindex: set[str] = set()
    redirects: set[str] = set()
    for folder, names in by_folder.items():
        folder_path = os.path.join(root, *folder.split("/")) if folder else root
        prefix = folder + "/" if folder else ""
        opened = open_folder(folder_path) if len(names) > 1 else contextlib.nullcontext(None)
        with opened as folder_fd:
            for name in names:
                marked_noindex, marked_redirect = file_head_marks(name, folder_path, folder_fd)
                if marked_noindex:
                    noindex.add(prefix + name)
                if marked_redirect:
                    redirects.add(prefix + name)
    return noindex, redirects


def _read_head(fd: int) -> str:
    """The lowered head of a file ("" when it names no robots and has no refresh).

    Most heads do not name robots at all: those are judged on bytes, never decoded. Latin-1
    keeps every byte a character for the rest.
    """
    head = read_head(fd).lower()
    named = b"bot" in head and any(name in head for name in _BYTE_NAMES)
    return head.decode("latin-1") if named or b"refresh" in head else ""
