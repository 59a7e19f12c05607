"""A page's `<link rel="canonical">`, and whether it names the address a sitemap lists.

Google and Bing index the canonical address of a page, and report a listed page that names
another one ("Alternate page with proper canonical tag"): a pager page pointed at its first
page, an alias or a translation's copy. Forms of one address are no such page: a folder's
`index.html` and the folder, a page with and without `.html` (a host with clean URLs), a
character written or percent-encoded.
"""

from __future__ import annotations

import os
import re
from html import unescape
from urllib.parse import unquote, urljoin, urlsplit

from .folder_files import read_in_folder
from .noindex import MAX_HEAD_BYTES

#: How much of a page is read at a time while looking for the end of its head.
_CHUNK_BYTES = 16_384
_HEAD_ENDS = re.compile(rb"</head|<body", re.IGNORECASE)
_NOT_TAGS = re.compile(
    r"<!--.*?(?:-->|\Z)|<(script|style|template|noscript)\b.*?(?:</\1\s*>|\Z)",
    re.DOTALL | re.IGNORECASE,
)
_LINK = re.compile(r"""<link\b(?:[^>"']|"[^"]*"|'[^']*')*>""", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""\s([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE)
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def file_head(name: str, folder: str) -> str:
    """The start of an HTML file up to the end of its head (at most `MAX_HEAD_BYTES`), as text;
    "" when it cannot be read."""
    return read_in_folder(name, folder, None, _read_head, "")


def _read_head(fd: int) -> str:
    data = b""
    while len(data) < MAX_HEAD_BYTES:
        chunk = os.read(fd, _CHUNK_BYTES)
        if not chunk:
            break
        searched_from = max(0, len(data) - 6)  # an end split between two chunks
        data += chunk
        end = _HEAD_ENDS.search(data, searched_from)
        if end is not None:
            data = data[: end.start()]
            break
    return data[:MAX_HEAD_BYTES].decode("utf-8", "replace")


def canonical_link(head: str) -> str | None:
    """The `href` of the head's first `<link rel="canonical">`, as written (entities read)."""
    if "canonical" not in head.lower():
        return None
    for tag in _LINK.findall(_NOT_TAGS.sub("", head)):
        attributes: dict[str, str] = {}
        for match in _ATTRIBUTE.finditer(tag):
            name, *values = match.groups()
            attributes.setdefault(name.lower(), next(v for v in values if v is not None))
        if "canonical" in attributes.get("rel", "").lower().split() and "href" in attributes:
            return unescape(attributes["href"]).strip()
    return None


def names_another_page(loc: str, canonical: str) -> str | None:
    """The address `canonical` (relative to `loc`, as a browser reads it) names when it is
    another page than `loc`; None when it is the same page in another form."""
    target = urljoin(loc, canonical)
    return None if _page_key(target) == _page_key(loc) else target


def _page_key(url: str) -> tuple[str, str, str, str]:
    parts = urlsplit(url)
    host = (parts.hostname or "").rstrip(".")
    port = parts.port
    if port is not None and str(port) != _DEFAULT_PORTS.get(parts.scheme.lower()):
        host += f":{port}"
    path = unquote(parts.path or "/")
    if path.endswith(("/index.html", "/index.htm")):
        path = path.rpartition("/")[0] + "/"
    elif path.endswith(".html"):
        path = path[: -len(".html")]
    return parts.scheme.lower(), host, path, parts.query
