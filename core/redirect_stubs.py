"""Redirect stubs: the small pages generators write at old addresses to send visitors on.

Hugo's and Zola's `aliases`, jekyll-redirect-from, Docusaurus' client redirects and
mkdocs-redirects all write an HTML file whose `<meta http-equiv="refresh" content="0; url=…">`
moves the browser at once. Such a page is a redirect, not a page: search consoles report it
when a sitemap lists it. A scan cannot know without reading, so it reads only files small
enough to be a stub; a themed page is larger and is never opened.
"""

from __future__ import annotations

import os
import re
from html import unescape

from .folder_files import read_in_folder
from .page_heads import META_CONTENT, META_TAG

#: Files larger than this are pages: stubs are a few hundred bytes, a page with a theme KiBs.
STUB_MAX_BYTES = 4096

_REFRESH = re.compile(r"""http-equiv\s*=\s*["']?\s*refresh\b""")
#: A zero delay and what follows it, as HTML reads a refresh: `0; url=…`, `0;URL='…'`,
#: `0.0, url=…`, and with no `url=` at all, `0;index.html` (javadoc's) or `0 index.html`.
_AT_ONCE = re.compile(r"\s*0+(?:\.0*)?(?=[\s;,])\s*[;,]?\s*(.*)", re.DOTALL)
_URL_NAMED = re.compile(r"url\s*=\s*(.*)", re.DOTALL)
#: Text whose tags never act: comments and templates.
_INERT = re.compile(r"<!--.*?(?:-->|\Z)|<template\b.*?(?:</template\s*>|\Z)", re.DOTALL)
#: What acts only without scripts: crawlers that read sitemaps render pages with them.
_NOSCRIPT = re.compile(r"<noscript\b.*?(?:</noscript\s*>|\Z)", re.DOTALL)
#: A script that sends the visitor on (`location.replace(…)`, `location.href = …`).
_SCRIPT_SENDS = re.compile(r"location(?:\.href)?\s*=(?!=)|location\.(?:replace|assign)\s*\(")


def is_redirect_stub(head: bytes) -> bool:
    """Whether a page's start holds a meta refresh that leaves at once for another URL."""
    lowered = head.lower()
    return b"refresh" in lowered and redirects_at_once(lowered.decode("latin-1"))


def redirects_at_once(lowered: str) -> bool:
    """Whether a lowered head holds a meta refresh that leaves at once for another URL."""
    if "refresh" not in lowered:
        return False
    head = _INERT.sub("", lowered)
    # A refresh for browsers without scripts redirects nobody else, unless a script sends the
    # rest on too (sphinx-reredirects and javadoc write both).
    if "<noscript" in head and not _SCRIPT_SENDS.search(head):
        head = _NOSCRIPT.sub("", head)
    return any(_REFRESH.search(tag) and _leaves_at_once(tag) for tag in META_TAG.findall(head))


def _leaves_at_once(tag: str) -> bool:
    """Whether a refresh tag's content is a zero delay and a URL (an empty one reloads)."""
    content = META_CONTENT.search(tag)
    if content is None:
        return False
    value = unescape(next(group for group in content.groups() if group is not None))
    at_once = _AT_ONCE.match(value)
    if at_once is None:
        return False
    target = at_once.group(1)
    named = _URL_NAMED.match(target)
    if named is not None:
        target = named.group(1)
    return bool(target.strip().strip("\"'").strip())


def is_stub_file(name: str, folder: str, size: int, folder_fd: int | None = None) -> bool:
    """Whether the file `name` of `size` bytes in `folder` is a redirect stub.

    A file larger than a stub is never opened; through `folder_fd`, the open folder, no path
    is walked again.
    """
    return size <= STUB_MAX_BYTES and is_redirect_stub(_read_stub(name, folder, folder_fd))


def _read_stub(name: str, folder: str, folder_fd: int | None) -> bytes:
    """A small file's bytes; nothing if unreadable."""
    return read_in_folder(name, folder, folder_fd, _read_stub_bytes, b"")


def _read_stub_bytes(fd: int) -> bytes:
    return os.read(fd, STUB_MAX_BYTES)
