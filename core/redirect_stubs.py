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

from .folder_files import read_in_folder

#: Files larger than this are pages: stubs are a few hundred bytes, a page with a theme KiBs.
STUB_MAX_BYTES = 4096

_META = re.compile(rb"<meta\b[^>]*>", re.IGNORECASE)
_REFRESH = re.compile(rb"""http-equiv\s*=\s*["']?\s*refresh\b""", re.IGNORECASE)
_CONTENT = re.compile(rb"""\scontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE)
#: A zero delay and what follows it, as HTML reads a refresh: `0; url=…`, `0;URL='…'`,
#: `0.0, url=…`, and with no `url=` at all, `0;index.html` (javadoc's) or `0 index.html`.
_AT_ONCE = re.compile(rb"\s*0+(?:\.0*)?(?=[\s;,])\s*[;,]?\s*(.*)", re.DOTALL)
_URL_NAMED = re.compile(rb"url\s*=\s*(.*)", re.IGNORECASE | re.DOTALL)


#: Text whose tags never act: comments and templates.
_INERT = re.compile(
    rb"<!--.*?(?:-->|\Z)|<template\b.*?(?:</template\s*>|\Z)", re.IGNORECASE | re.DOTALL
)
#: What acts only without scripts: crawlers that read sitemaps render pages with them.
_NOSCRIPT = re.compile(rb"<noscript\b.*?(?:</noscript\s*>|\Z)", re.IGNORECASE | re.DOTALL)


def is_redirect_stub(head: bytes) -> bool:
    """Whether a page's start holds a meta refresh that leaves at once for another URL."""
    lowered = head.lower()
    if b"refresh" not in lowered:
        return False
    head = _INERT.sub(b"", head)
    # A refresh for browsers without scripts redirects nobody else, unless a script sends the
    # rest on too (sphinx-reredirects writes both).
    if b"<noscript" in lowered and b"location" not in lowered:
        head = _NOSCRIPT.sub(b"", head)
    return any(
        _REFRESH.search(tag) and _leaves_at_once(tag)
        for tag in (match.group() for match in _META.finditer(head))
    )


def _leaves_at_once(tag: bytes) -> bool:
    """Whether a refresh tag's content is a zero delay and a URL (an empty one reloads)."""
    content = _CONTENT.search(tag)
    if content is None:
        return False
    value = next(group for group in content.groups() if group is not None)
    at_once = _AT_ONCE.match(value)
    if at_once is None:
        return False
    target = at_once.group(1)
    named = _URL_NAMED.match(target)
    if named is not None:
        target = named.group(1)
    return bool(target.strip().strip(b"\"'").strip())


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
