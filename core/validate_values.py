"""Checks of single values from a sitemap: a loc, a lastmod, a priority, a changefreq.

Pure functions returning `None` when the value is right, else a one-line explanation. The
common case (a good value) takes one compiled-regex match, so 50,000 entries stay fast.
"""

from __future__ import annotations

import datetime as dt
import re
from urllib.parse import urlsplit

from .dates import iso_datetime
from .options import CHANGEFREQ_WORDS
from .urls import MAX_LOC_LENGTH, STRAY_PERCENT, punycode_host

#: The common case: http(s), a host, then printable ASCII RFC 3986 allows raw or valid %XX.
_CHAR = r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]"
_CLEAN_URL = re.compile(
    rf"https?://([A-Za-z0-9\-._~!$&'()*+,;=:@\[\]]+)(?:[/?#](?:{_CHAR}|%[0-9A-Fa-f]{{2}})*)?"
)
_URI_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%"
)
#: A session id as a parameter (`?sid=`, `;jsessionid=`), not a word in a slug
#: (`/blog/what-is-jsessionid/`).
_SESSION_ID = re.compile(r"[?&;](?:sid|sessionid|jsessionid|phpsessid)=", re.IGNORECASE)
# ASCII digits only: `\\d` alone takes full-width and other scripts' digits, which the
# schema refuses.
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
_DATETIME = re.compile(
    r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})", re.ASCII
)
#: A date with a time zone: the schema's `xsd:date` takes it, W3C Datetime has no such form.
_ZONED_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:Z|[+-]\d{2}:\d{2})", re.ASCII)
#: XML Schema's time zones run from -14:00 to +14:00.
_LONGEST_OFFSET = dt.timedelta(hours=14)
_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)", re.ASCII)
_CHANGEFREQS = frozenset(CHANGEFREQ_WORDS)
_LASTMOD_HINT = "use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+00:00 (seconds and a time zone)"


def folder_of(url: str) -> str:
    """The URL of the folder a file URL sits in: what a sitemap there may list."""
    return url[: url.rindex("/") + 1]


def origin_of(url: str) -> str:
    """scheme://host[:port] of an absolute URL, compared the way browsers compare origins."""
    end = authority_end(url)
    return _origin_key(url[:end]) if end >= 0 else ""  # a relative URL has none


#: A scheme's default port as an authority may end with it: `:443`, `:0443` or a bare `:`.
_DEFAULT_PORTS = {
    "http://": re.compile(r":(?:0*80)?$"),
    "https://": re.compile(r":(?:0*443)?$"),
}


def _origin_key(origin: str) -> str:
    """Lower-cased, without a scheme's default port: `HTTPS://Example.com:443` is `https://example.com`."""
    origin = origin.lower()
    for scheme, default_port in _DEFAULT_PORTS.items():
        if origin.startswith(scheme):
            return default_port.sub("", origin, count=1)
    return origin


def same_url_key(url: str) -> str:
    """One spelling for URLs that differ only in the case of scheme and host or a default port."""
    end = authority_end(url)
    return url if end < 0 else _origin_key(url[:end]) + url[end:]


def remainder_under(url: str, folder: str) -> str | None:
    """What follows `folder` in `url`, comparing scheme and host without case; None if outside."""
    if url.startswith(folder):
        return url[len(folder) :]
    url_end, folder_end = authority_end(url), authority_end(folder)
    if url_end < 0 or folder_end < 0:
        return None
    if _origin_key(url[:url_end]) != _origin_key(folder[:folder_end]):
        return None
    path, folder_path = url[url_end:], folder[folder_end:]
    if not path.startswith("/"):  # `https://example.com?q` is `https://example.com/?q`
        path = "/" + path
    return path[len(folder_path) :] if path.startswith(folder_path) else None


def authority_end(url: str) -> int:
    """Where scheme://host[:port] ends, or -1 for a URL without one."""
    start = url.find("//")
    if start < 0:
        return -1
    ends = [found for found in (url.find(c, start + 2) for c in "/?#") if found >= 0]
    return min(ends, default=len(url))


def check_url(url: str) -> str | None:
    """Why a URL cannot go in a sitemap (absolute, http(s), ASCII, encoded, short enough)."""
    if len(url) > MAX_LOC_LENGTH:
        return f"has {len(url):,} characters; sitemaps allow fewer than 2,048"
    clean = _CLEAN_URL.fullmatch(url)
    if clean and ":" not in clean.group(1):  # a port (or IPv6 host) is checked the long way
        return None
    return _explain_url(url)


def _explain_url(url: str) -> str | None:
    if url != url.strip():
        return "has whitespace around it; write the URL alone inside <loc>"
    try:
        parts = urlsplit(url)
    except ValueError:
        return "has a malformed host (an IPv6 address needs both [ and ])"
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return "is not an absolute http:// or https:// URL; write the full address"
    host = parts.hostname or ""
    if not host.isascii():  # a host is not percent-encoded: it has an ASCII form of its own
        return f"has the host {host!r} written raw; write its IDNA form, {punycode_host(host)}"
    for char in url:
        if char not in _URI_CHARS:
            escaped = "".join(f"%{byte:02X}" for byte in char.encode("utf-8"))
            shown = repr(char) if char.isprintable() and char != " " else f"U+{ord(char):04X}"
            return f"has the raw character {shown}; percent-encode it as {escaped}"
    if STRAY_PERCENT.search(url):
        return "has a '%' that does not start a %XX escape; write it as %25"
    if not parts.hostname:
        return "has no host name"
    try:
        _ = parts.port  # urlsplit checks the range when the port is read
    except ValueError:
        return f"has the port {parts.netloc.rpartition(':')[2]!r}; a port is a number up to 65535"
    return None


def has_session_id(url: str) -> bool:
    """A session id in the URL makes every crawl see new URLs for the same page."""
    return _SESSION_ID.search(url) is not None


def parse_w3c(value: str) -> dt.datetime | None:
    """A lastmod in the two W3C forms search engines accept, as an aware UTC instant."""
    try:
        if _DATE.fullmatch(value):
            day = dt.date.fromisoformat(value)
            return dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc)
        if _DATETIME.fullmatch(value):
            moment = iso_datetime(value)
            offset = moment.utcoffset()
            zone_minutes = value[-2:] if value[-3] == ":" else "00"  # `Z` has none
            if offset is None or abs(offset) > _LONGEST_OFFSET or zone_minutes >= "60":
                return None  # `+05:60` too, which Python reads as +06:00
            return moment.astimezone(dt.timezone.utc)
    except ValueError:
        return None
    return None


def check_lastmod(value: str) -> str | None:
    value = value.strip()  # the schema's dates collapse whitespace
    if parse_w3c(value) is not None:
        return None
    if _DATETIME.fullmatch(value) and value[-6] in "+-" and value[-5:] > "14:00":
        return (
            f"lastmod {value!r} has the time zone {value[-6:]}, beyond the schema's "
            f"-14:00 to +14:00; {_LASTMOD_HINT}"
        )
    if _DATE.fullmatch(value) or _DATETIME.fullmatch(value):
        return f"lastmod {value!r} is not a real date or time; {_LASTMOD_HINT}"
    if _ZONED_DATE.fullmatch(value) and (value.endswith("Z") or value[-5:] <= "14:00"):
        return (
            f"lastmod {value!r} is a date with a time zone: the schema takes it, but the "
            f"protocol's W3C Datetime has no such form, and crawlers may not read it; "
            f"{_LASTMOD_HINT}"
        )
    # `2005-01` and `...T12:00+00:00` are W3C Datetime, but not the schema's date or dateTime.
    return (
        f"lastmod {value!r} is not in a form the sitemap schema accepts (a date, or a date "
        f"and time with seconds); {_LASTMOD_HINT}"
    )


def check_priority(value: str) -> str | None:
    value = value.strip()  # the schema's decimals collapse whitespace
    if _DECIMAL.fullmatch(value) and 0.0 <= float(value) <= 1.0:  # `-0.0` too, as the schema
        return None
    return f"priority {value!r} is not a number from 0.0 to 1.0; write e.g. 0.5"


def check_changefreq(value: str) -> str | None:
    if value in _CHANGEFREQS:
        return None
    if value.strip() in _CHANGEFREQS:  # the schema's words are strings: spaces count
        return (
            f"changefreq {value!r} has whitespace around the word, which the schema refuses; "
            f"write <changefreq>{value.strip()}</changefreq>"
        )
    return f"changefreq {value!r} is not one of: " + ", ".join(CHANGEFREQ_WORDS)
