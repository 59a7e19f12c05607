"""Reading the head of an HTML page: where a page tells crawlers about itself.

The robots meta tag and the canonical link are both in the head, so only the head is read,
chunk by chunk, up to `MAX_HEAD_BYTES`. Nearly every head ends with a literal `</head>` in the
first chunk, found by one search of the raw bytes; otherwise the head ends at `</head` or
`<body` in any case, or at the limit.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re

from .folder_files import read_in_folder

#: How much of a file is read at a time while looking for the end of its head.
CHUNK_BYTES = 16_384
#: A head longer than this (inline styles and scripts) is read no further.
MAX_HEAD_BYTES = 262_144
#: Text that holds no tags of the head's own: comments, scripts, styles and templates (to
#: the end of the head when it is cut short inside one).
NOT_TAGS = re.compile(
    r"<!--.*?(?:-->|\Z)|<(script|style|template|noscript)\b.*?(?:</\1\s*>|\Z)",
    re.DOTALL | re.IGNORECASE,
)


def tag_pattern(name: str, flags: int = 0) -> re.Pattern[str]:
    """A `<name ...>` tag, a quoted `>` and all. A tag or quote left open runs to the end of
    the text, as a browser reads it: every attempt to match succeeds, so a head of unclosed
    tags is read in linear time (one that failed would be tried again at the next tag)."""
    return re.compile(rf"""<{name}\b(?:[^>"']|"[^"]*(?:"|\Z)|'[^']*(?:'|\Z))*(?:>|\Z)""", flags)


#: A `<meta>` tag of a lowered head, and its `content` attribute's value (in whichever of the
#: three groups its quoting fills).
META_TAG = tag_pattern("meta")
META_CONTENT = re.compile(  # the literal first: the engine looks for it quickly
    r"""content(?<![^\s"'/]content)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))"""
)


def meta_name(names: str) -> re.Pattern[str]:
    """A lowered `<meta>` tag's `name` attribute being one of `names` (`robots|googlebot`)."""
    return re.compile(
        rf"""name(?<![^\s"'/]name)\s*=\s*(?:"\s*(?:{names})\s*"|'\s*(?:{names})\s*'|(?:{names})(?=[\s/>]))"""
    )


_HEAD_ENDS = re.compile(rb"</head|<body", re.IGNORECASE)
#: A head's declared charset: `<meta charset="...">`, or `http-equiv` content's `charset=...`.
_CHARSET = re.compile(rb"""<meta\b[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
#: How an HTML document opens: a doctype, the `html` tag or the `head` one, after any comments
#: and spaces, and after an XML declaration (an XHTML theme's).
_HTML_START = re.compile(
    rb"(?:<\?xml\b[^>]*>)?(?:\s|<!--.*?-->)*<(?:!doctype\s+html|html|head)[\s>]",
    re.IGNORECASE | re.DOTALL,
)
#: How much of a file is read to tell whether it opens as HTML: a theme's opening comment fits.
_START_BYTES = 4096


def read_head(fd: int) -> bytes:
    """The bytes of an open HTML file up to the end of its head, as written (not lowered)."""
    data = os.read(fd, CHUNK_BYTES)
    end = data.find(b"</head>")  # nearly every page: one search, no more reading
    if end >= 0:
        return data[:end]
    searched_from = 0
    while True:
        found = _HEAD_ENDS.search(data, searched_from)
        if found is not None:
            return data[: found.start()][:MAX_HEAD_BYTES]
        if len(data) >= MAX_HEAD_BYTES:
            return data[:MAX_HEAD_BYTES]
        chunk = os.read(fd, CHUNK_BYTES)
        if not chunk:
            return data
        searched_from = max(0, len(data) - len("</head"))  # an end split between two chunks
        data += chunk


def file_head(name: str, folder: str, folder_fd: int | None = None) -> str:
    """The head of the HTML file `name` in `folder` as text, "" when it cannot be read;
    through `folder_fd`, the open folder, no path is walked again.

    UTF-8, else the charset the head declares (else windows-1252, the web's default for
    older pages): a link's `café` in a Latin-1 page is `caf%C3%A9` to a browser, as in UTF-8.
    """
    head = read_in_folder(name, folder, folder_fd, read_head, b"")
    try:
        return head.decode("utf-8")
    except UnicodeDecodeError:
        return head.decode(_declared_charset(head), "replace")


def _declared_charset(head: bytes) -> str:
    found = _CHARSET.search(head)
    if found is not None:
        with contextlib.suppress(LookupError):
            name = codecs.lookup(found.group(1).decode("ascii")).name
            if not name.startswith("utf-16"):  # these bytes were read as an 8-bit page
                return name
    return "cp1252"


def starts_as_html(name: str, folder: str, folder_fd: int | None = None) -> bool:
    """Whether a file without an HTML suffix is a page all the same: a generator's `{slug}`
    save-as writes HTML under any name, while an `opensearch.xml` or a `humans.txt` a template
    renders is no page. It opens with a doctype, an `<html>` or a `<head>` tag (after a BOM)."""
    return opens_as_html(read_in_folder(name, folder, folder_fd, _read_start, b""))


def opens_as_html(start: bytes) -> bool:
    """Whether a file's first bytes open an HTML document (after a BOM)."""
    return _HTML_START.match(start.removeprefix(b"\xef\xbb\xbf")) is not None


def _read_start(fd: int) -> bytes:
    return os.read(fd, _START_BYTES)
