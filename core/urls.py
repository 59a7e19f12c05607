"""Page paths to absolute, ASCII, percent-encoded URLs (RFC 3986), encoded exactly once."""

from __future__ import annotations

import ipaddress
import posixpath
import re
import unicodedata
from functools import lru_cache
from urllib.parse import SplitResult, quote, unquote, urlsplit, urlunsplit

#: Characters RFC 3986 allows raw in a path segment besides the unreserved ones.
_PATH_SAFE = "/!$&'()*+,;=:@"
#: A '%' that does not start a %XX escape.
STRAY_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_XML_SPECIALS = str.maketrans(
    {"&": "&amp;", "'": "&apos;", '"': "&quot;", "<": "&lt;", ">": "&gt;"}
)

#: The protocol says "less than 2,048 characters".
MAX_LOC_LENGTH = 2047

#: Letters, digits, hyphens (and underscores, which some private hosts use) between dots.
_HOST_NAME = re.compile(r"[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?").fullmatch

BASE_URL_EXAMPLE = "https://example.com/ or https://user.github.io/project/"


def normalise_base_url(value: str) -> str:
    """Return the base URL in canonical form, ending in '/'; raise ValueError saying what is wrong.

    The host is IDNA-encoded and the path percent-encoded, so every loc built on it is ASCII.
    """
    text = value.strip()
    if not text:
        raise ValueError("it is empty")
    parts = urlsplit(text)
    if text.startswith("//") and parts.netloc:  # protocol-relative, as templates write it
        raise ValueError(
            f"it must be an absolute http:// or https:// URL, and {text!r} names no scheme; "
            f"write it with one, such as https:{text}"
        )
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise ValueError("it must be an absolute http:// or https:// URL")
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise ValueError("it must not carry a query (?) or a fragment (#)" + _meant(parts))
    if parts.username is not None or parts.password is not None:
        raise ValueError("it must not carry a user name or password" + _meant(parts))
    host = parts.hostname or ""
    if ":" in host:  # an IPv6 address, written in brackets
        try:
            host = f"[{ipaddress.IPv6Address(host).compressed}]"
        except ValueError as exc:
            raise ValueError(f"its host {host!r} is not a valid IPv6 address") from exc
    else:
        if any(char in _DEVIATIONS for char in host):
            raise ValueError(
                f"its host name {host!r} has a letter (ß, ς, or a joiner) that the older "
                "IDNA 2003 rules map away, naming another host than the one browsers reach; "
                f"write its punycode form, {punycode_host(host)}"
            )
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError as exc:
            raise ValueError(f"its host name {host!r} cannot be encoded") from exc
        if not _HOST_NAME(host):
            raise ValueError(f"its host name {host!r} holds characters a host name cannot")

    try:
        port = parts.port
    except ValueError:  # Python's own words ("Port out of range 0-65535") name no URL part
        raise ValueError(
            f"its port {parts.netloc.rpartition(':')[2]!r} is not 1 to 65535"
        ) from None
    scheme = parts.scheme.lower()
    if port == 0:
        raise ValueError("its port '0' is not 1 to 65535")
    if port == DEFAULT_PORTS[scheme]:  # `https://example.com:443/` is `https://example.com/`
        port = None
    netloc = host if port is None else f"{host}:{port}"
    if host.endswith(".") and host.strip("."):  # `example.com.`: the DNS root's dot
        bare = host.rstrip(".") + ("" if port is None else f":{port}")
        raise ValueError(
            f"its host name {host!r} ends with a dot, which pages' canonical links leave out "
            f"(crawlers count it as another host); write "
            f"{urlunsplit((scheme, bare, parts.path or '/', '', ''))}"
        )
    segments = parts.path.split("/")[1:]
    if segments and not segments[-1]:  # the folder's own trailing slash
        segments.pop()
    if any(unquote(segment) in ("", ".", "..") for segment in segments):  # `%2e%2e` too
        folder = posixpath.normpath(unquote(parts.path) or "/").lstrip("/")
        if _names_a_file(folder):
            folder = posixpath.dirname(folder)
        path = encode_url_path("/" + (folder + "/" if folder else ""))
        served = urlunsplit((scheme, netloc, path, "", ""))
        raise ValueError(
            "its path holds an empty, '.' or '..' segment, which servers and crawlers read "
            f"differently; write the folder itself, such as {served}"
        )
    decoded = unquote(parts.path)
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in decoded):  # `%00`, a tab
        raise ValueError(
            "its path holds a control character (such as %00 or %09), which no folder a site "
            "is served from is named with; remove it"
        )
    name = segments[-1] if segments else ""
    # `page.html` names a file; so does `index.html/` (MkDocs adds the slash), though a folder
    # may be named `v1.html/`.
    named_file = parts.path.endswith("/") and name.lower() in ("index.html", "index.htm")
    if named_file or (not parts.path.endswith("/") and _names_a_file(name)):
        folder = "/" + "".join(segment + "/" for segment in segments[:-1])
        served = urlunsplit((scheme, netloc, folder, "", ""))
        raise ValueError(
            f"it names a file ({name}), not the folder the site is served from, such as {served}"
        )
    path = encode_url_path(parts.path or "/")
    if not path.endswith("/"):
        path += "/"
    return urlunsplit((scheme, netloc, path, "", ""))


def _meant(parts: SplitResult) -> str:
    """The fix for a base URL with a query, a fragment or a user: the folder without them,
    when that is a base URL."""
    host = parts.netloc.rpartition("@")[2]
    try:
        folder = normalise_base_url(urlunsplit((parts.scheme, host, parts.path, "", "")))
    except ValueError:
        return ""
    return f"; write the folder the site is served from, such as {folder}"


def _names_a_file(path: str) -> bool:
    return path.lower().endswith((".html", ".htm", ".xml", ".txt"))


#: The port a scheme implies, which a canonical URL leaves out.
DEFAULT_PORTS = {"http": 80, "https": 443}

#: Names that only ever reach the machine itself or its local network (RFC 6761, RFC 6762).
_LOCAL_NAMES = ("localhost", ".localhost", ".local", ".internal", ".lan", ".home.arpa")


#: Letters IDNA 2003 (Python's `idna` codec) maps away, and IDNA 2008 keeps: `straße.de` is
#: `strasse.de` to the first, `xn--strae-oqa.de` to browsers.
_DEVIATIONS = frozenset("ßς\u200c\u200d")


def punycode_host(host: str) -> str:
    """A host's ASCII form as browsers make it (IDNA 2008): each label lower-cased and
    composed, then punycode, with no letter mapped away."""
    labels = []
    for label in host.split("."):
        label = unicodedata.normalize("NFC", label.lower())
        labels.append(label if label.isascii() else "xn--" + label.encode("punycode").decode())
    return ".".join(labels)


def local_host(url: str) -> str | None:
    """The URL's host if no crawler can reach it (a preview server's address), else None."""
    try:
        host = (urlsplit(url).hostname or "").rstrip(".")
    except ValueError:
        return None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        local = host == _LOCAL_NAMES[0] or host.endswith(_LOCAL_NAMES[1:])
        return host if local else None
    reachable = address.is_global and not address.is_multicast
    return None if reachable else host


def base_path(base_url: str) -> str:
    """The path part of a normalised base URL ('/' for a site at the host root)."""
    return urlsplit(base_url).path


@lru_cache(maxsize=4096)
def _encode_folder(folder: str) -> str:
    return quote(folder, safe=_PATH_SAFE, errors="surrogateescape")


#: Paths made only of these characters are what `quote(path, safe=_PATH_SAFE)` returns unchanged:
#: nothing to encode, the common case, answered by one C-level call.
is_plain_url_path = re.compile(r"[A-Za-z0-9_.~/!$&'()*+,;=:@-]*").fullmatch


def encode_file_path(path: str) -> str:
    """Encode a path found on disk: every character of the name is literal, '%' included."""
    if is_plain_url_path(path):
        return path
    folder, sep, name = path.rpartition("/")
    encoded_name = (
        name
        if is_plain_url_path(name)
        else quote(name, safe=_PATH_SAFE, errors="surrogateescape")  # bytes not UTF-8: as-is
    )
    return _encode_folder(folder) + sep + encoded_name if sep else encoded_name


def file_url_path(path: str, pretty: bool) -> str:
    """The URL path (below the base URL) at which the core lists a page known by its file
    alone: encoded, and a folder's `index.html` as the folder when `pretty`. For an adapter
    that must state such a URL itself; the page loop does the same with a cache per folder."""
    if pretty and (path == "index.html" or path.endswith("/index.html")):
        path = path[: -len("index.html")]
    return encode_file_path(path)


def encode_link(link: str) -> str:
    """Encode a link a generator gave us (relative to the base): its path as `encode_url_path`
    does, a query kept as a query, a fragment dropped (it names a part of a page)."""
    if "#" not in link and "?" not in link:
        return encode_url_path(link)
    path, mark, query = link.partition("#")[0].partition("?")
    encoded = encode_url_path(path)
    if not mark:
        return encoded
    return encoded + "?" + quote(STRAY_PERCENT.sub("%25", query), safe=_PATH_SAFE + "%?")


def encode_url_path(path: str) -> str:
    """Encode a URL path a generator gave us: valid %XX escapes stay, the rest is encoded."""
    if is_plain_url_path(path):  # no '%' and nothing to encode: the common case
        return path
    return quote(STRAY_PERCENT.sub("%25", path), safe=_PATH_SAFE + "%")


#: Dot segments, as RFC 3986 reads them (`%2E` is a dot: an unreserved character encoded).
_DOT, _DOT_DOT = frozenset({".", "%2e"}), frozenset({"..", ".%2e", "%2e.", "%2e%2e"})


def has_dot_segments(url_path: str) -> bool:
    """Whether a URL path (a query after it aside) has a `.` or `..` segment. Callers in a
    loop over pages ask only paths that start with `.` or hold `/.` or `%2`."""
    path = url_path.partition("?")[0]
    return any(
        segment.lower() in _DOT or segment.lower() in _DOT_DOT for segment in path.split("/")
    )


def without_dot_segments(url_path: str, base_folder: str = "") -> str | None:
    """A URL path relative to the base with its dot segments resolved, as a browser resolves
    a link (`fr/../a.html` is `a.html`; a query after it is kept as it is); None when it climbs
    above the base. `base_folder` is the base URL's path without its first slash (`blog/`):
    `../blog/a.html` stays below it."""
    path, mark, query = url_path.partition("?")
    resolved = _resolved(base_folder + path)
    if resolved is None or not _ESCAPE.sub(_upper, resolved).startswith(
        _ESCAPE.sub(_upper, base_folder)  # `caf%c3%a9/` is the folder `caf%C3%A9/`
    ):
        return None
    return resolved[len(base_folder) :] + mark + query


_ESCAPE = re.compile(r"%[0-9a-fA-F]{2}")


def _upper(escape: re.Match[str]) -> str:
    return escape.group().upper()


def _resolved(url_path: str) -> str | None:
    segments = url_path.split("/")
    last = len(segments) - 1
    kept: list[str] = []
    for at, segment in enumerate(segments):
        lowered = segment.lower()
        if lowered in _DOT_DOT:
            if not kept:
                return None
            kept.pop()
        elif lowered not in _DOT:
            kept.append(segment)
            continue
        if at == last:  # `a/b/..` is the folder `a/`
            kept.append("")
    return "/".join(kept)


#: A folder's page, however its links spell it (Sphinx's `html_link_suffix = ''` drops it,
#: `html_file_suffix = '.xhtml'` changes it).
FOLDER_PAGE_NAMES = frozenset({"index.html", "index.htm", "index.xhtml", "index"})


def url_depth(url_path: str) -> int:
    """Segments in a URL path relative to the base, a final folder's page not counted."""
    stripped = url_path.strip("/")
    if not stripped:
        return 0
    depth = stripped.count("/") + 1
    if not url_path.endswith("/") and stripped.rpartition("/")[2] in FOLDER_PAGE_NAMES:
        depth -= 1
    return depth


def xml_escape(text: str) -> str:
    """Escape the five XML specials; fast path for the common case of none."""
    if "&" in text or "'" in text or '"' in text or "<" in text or ">" in text:
        return text.translate(_XML_SPECIALS)
    return text


def path_below(base_url: str, main_base_url: str) -> str | None:
    """Where a site at `base_url` sits below one at `main_base_url` (both normalised): `fr/`,
    `""` for the same address, None when it is not below it (another host, or above)."""
    return base_url[len(main_base_url) :] if base_url.startswith(main_base_url) else None


def redirects_to_folder(path: str, url_path: str) -> bool:
    """Whether `url_path` is the folder of the page at `path` without its final slash (`late`
    for `late/index.html`), which a static host answers with a redirect to `late/`."""
    if not path.endswith("/index.html"):
        return False
    folder = path[: -len("/index.html")]
    return folder in (url_path, unquote(url_path))


def file_serves_url(path: str, url_path: str) -> bool:
    """Whether a static host answers `url_path` (relative to the site's base URL) with the
    output file at `path`: `a/` with `a/index.html`, `a.html` with itself. A URL without a
    suffix is left to the host for its own `page.html` (some serve it at `page`) and
    `page/index.html` (a redirect to `page/`); not for `page.htm` (none serves that at
    `page`), nor for another file (`blog/hello` is no address of `hello.html`)."""
    if url_path == path or (url_path[-1:] == "/" and path == url_path + "index.html"):
        return True  # nearly every page: no decoding
    wanted = unquote(url_path.partition("#")[0].partition("?")[0]).lstrip("/")
    if wanted == path:
        return True
    if wanted == "" or wanted.endswith("/"):
        return path == wanted + "index.html"
    if wanted.lower().endswith((".html", ".htm")):
        return False
    return path in (wanted + ".html", wanted + "/index.html")
