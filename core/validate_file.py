"""One sitemap file's own rules: syntax, structure, values and limits, each problem with its line.

XML is read by expat in one streaming pass (the standard library; line numbers for free).
Rules that need more than one file (scope, duplicates across parts, twins) live in `validate`.
"""

from __future__ import annotations

import os
import re
import xml.parsers.expat
from dataclasses import dataclass, field
from typing import Literal

from .options import MAX_BYTES_PER_FILE, MAX_URLS_PER_FILE
from .page_heads import opens_as_html
from .validate_values import check_changefreq, check_lastmod, check_priority, check_url
from .xml import NAMESPACE

Level = Literal["error", "warning"]
Kind = Literal["urlset", "sitemapindex", "text", "feed"]

#: Feeds Google and Bing take as sitemaps, reading their items' links: RSS 2.0 (no namespace)
#: and Atom 1.0 (Nikola's sitemap index names a feed per category).
_FEED_ROOTS = frozenset({"rss", "http://www.w3.org/2005/Atom feed"})
_FIELDS = {
    "urlset": ("url", ("loc", "lastmod", "changefreq", "priority")),
    "sitemapindex": ("sitemap", ("loc", "lastmod")),
}
#: The names of text sitemaps, one URL per line.
TEXT_SUFFIXES = (".txt", ".txt.gz")
_CHECKS = {"lastmod": check_lastmod, "changefreq": check_changefreq, "priority": check_priority}
#: Said of an HTML page given as a sitemap, which expat stops at (`<!doctype html>`).
_HTML_PAGE = "is an HTML page, not a sitemap (a <urlset> or <sitemapindex>)"
#: The schema's shortest loc (`http://a.co` is one short).
_SHORTEST_LOC = 12
_GZIP_MAGIC = b"\x1f\x8b"
_LINE_ENDS = re.compile(r"\r\n?|\n")
_DECLARED_ENCODING = re.compile(rb"""^(?:\xef\xbb\xbf)?<\?xml[^>]*encoding=["']([^"']+)["']""")


@dataclass(frozen=True)
class Problem:
    """One finding: where it is (file, line when known) and a one-line explanation."""

    level: Level
    code: str
    file: str
    line: int | None
    message: str

    def as_text(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.level}: {self.message} [{self.code}]"


@dataclass
class FileCheck:
    """What one file holds (its entries, in order) and what is wrong with it on its own."""

    name: str
    kind: Kind | None = None
    locs: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    lastmods: list[str | None] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: Its entries carry news, image or video elements: such a sitemap lists pages the
    #: pages' own sitemap lists too, as Google advises.
    extended: bool = False

    def add(self, code: str, line: int | None, message: str, level: Level = "error") -> None:
        self.problems.append(Problem(level, code, self.name, line, message))


def check_file(name: str, data: bytes) -> FileCheck:
    """Check one sitemap's bytes (already decompressed); `name` is how problems cite it."""
    result = FileCheck(name)
    if len(data) > MAX_BYTES_PER_FILE:
        result.add(
            "too-large",
            None,
            f"{len(data):,} bytes uncompressed; the limit is {MAX_BYTES_PER_FILE:,}: "
            "split it into parts listed by an index",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if data.startswith(_GZIP_MAGIC):
            result.add(
                "encoding",
                None,
                "is gzip-compressed under a name without .gz; name it "
                f"{os.path.basename(name)}.gz, or store it uncompressed",
            )
            return result
        line = data.count(b"\n", 0, exc.start) + 1
        result.add("encoding", line, "not valid UTF-8; sitemaps must be UTF-8 encoded")
        return result
    if name.endswith(TEXT_SUFFIXES):
        _check_text(result, text)
    else:
        _check_xml(result, data)
    if result.kind is not None and result.kind != "feed":
        _check_count(result)
    return result


def _check_count(result: FileCheck) -> None:
    count = len(result.locs)
    noun = "<sitemap> entries" if result.kind == "sitemapindex" else "URLs"
    if count > MAX_URLS_PER_FILE:
        result.add(
            "too-many",
            None,
            f"{count:,} {noun}; the limit is {MAX_URLS_PER_FILE:,} per file: split it "
            + ("into several indexes" if result.kind == "sitemapindex" else "into parts"),
        )
    elif count == 0 and result.kind != "text":
        result.add(
            "empty",
            None,
            f"no {noun}; the schema requires at least one: list the site's pages, or remove "
            "the file and what names it",
        )
    elif count == 0:
        result.add("empty", None, "no URLs; a text sitemap lists one URL per line")


def _check_text(result: FileCheck, text: str) -> None:
    """One absolute URL per line (sitemaps.org, "Text file"). Blank lines, which templates
    leave between URLs, and a byte-order mark, as in an XML sitemap, are read past."""
    result.kind = "text"
    lines = text.removeprefix("\ufeff").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        if line.endswith("\r"):
            line = line[:-1]
        if not line.strip():
            continue
        if line != line.strip():
            result.add(
                "loc",
                number,
                f"URL {line.strip()[:80]!r} has whitespace around it; write one URL per line, "
                "with nothing before or after it",
            )
            line = line.strip()
        problem = check_url(line)
        if problem is not None:
            result.add("loc", number, f"URL {line[:80]!r} {problem}")
        result.locs.append(line)
        result.lines.append(number)
        result.lastmods.append(None)


def _check_xml(result: FileCheck, data: bytes) -> None:
    """One expat pass. Handlers are closures over local state: this is the hot loop."""
    declared = _DECLARED_ENCODING.match(data)
    if declared and declared.group(1).lower() not in (b"utf-8", b"utf8"):
        result.add("encoding", 1, f"declares encoding {declared.group(1).decode()!r}; use UTF-8")
        return
    parser = xml.parsers.expat.ParserCreate("utf-8", namespace_separator=" ")
    parser.buffer_text = True
    parser.buffer_size = 1 << 16
    add = result.add
    locs, lines, lastmods = result.locs, result.lines, result.lastmods
    known: dict[str, dict[str, str | None]] = {name: {} for name in _CHECKS}
    # Set by the root element: what an entry and its fields are called in this file.
    prefix = NAMESPACE + " "
    entry_name = ""
    fields: dict[str, tuple[int, str]] = {}
    # The entry and field being read.
    depth = 0
    in_entry = after_extension = False
    rank = -1
    field: str | None = None
    field_line = entry_line = loc_line = 0
    text: list[str] = []
    loc: str | None = None
    lastmod: str | None = None

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal depth, rank, field, field_line, text
        depth += 1
        if depth == 3:
            if not in_entry:
                return
            found = fields.get(name)
            if found is not None and found[0] > rank and not after_extension:
                rank, field = found
                field_line = parser.CurrentLineNumber
                text = []
            else:
                unusual_field(name, found)
                if name == _XHTML_LINK:
                    check_alternate(attrs)
        elif depth == 2:
            start_entry(name)
        elif depth == 1:
            start_root(name)
        elif field is not None:
            add(
                "structure",
                parser.CurrentLineNumber,
                f"element <{_local(name)}> inside <{field}>; it holds only text",
            )
            field = None

    def unusual_field(name: str, found: tuple[int, str] | None) -> None:
        nonlocal after_extension, rank, field, field_line, text
        line = parser.CurrentLineNumber
        if found is None:
            if name.startswith(prefix) or not prefix:
                add(
                    "structure", line, f"<{_local(name)}> does not belong in <{_local(entry_name)}>"
                )
            else:
                after_extension = True
                if name.partition(" ")[0] in _MEDIA_NAMESPACES:
                    result.extended = True
            return
        found_rank, local = found
        if found_rank == rank:
            add("structure", line, f"<{local}> appears twice in one entry")
        else:
            order = ", ".join(f for _, f in fields.values())
            add("order", line, f"<{local}> is out of order; the schema's order is {order}")
        rank = max(rank, found_rank)
        field, field_line, text = local, line, []

    def check_alternate(attrs: dict[str, str]) -> None:
        """Google reads an alternate only with rel, an absolute href, and hreflang (a language
        version) or media (a separate mobile page, as Google's docs for those show)."""
        wanted = ("rel", "href") if attrs.get("media", "").strip() else ("rel", "hreflang", "href")
        missing = [key for key in wanted if not attrs.get(key, "").strip()]
        line = parser.CurrentLineNumber
        if missing:
            others = sorted(
                f"xhtml:{key.rpartition(' ')[2]}" if " " in key else key
                for key in set(attrs) - {"rel", "hreflang", "href"}
            )
            prefixed = any(" " in key for key in attrs)
            but = f" (it has {', '.join(others)})" if others else ""
            but += "; its attributes take no prefix" if prefixed else ""
            add(
                "alternate",
                line,
                f"<xhtml:link> has no {' or '.join(missing)}{but}, so search engines ignore "
                "this alternate; write "
                + (
                    'rel="alternate" media="..." href="https://..."'
                    if "media" in attrs
                    else 'rel="alternate" hreflang="..." href="https://..."'
                ),
                "warning",
            )
            return
        problem = check_url(attrs["href"].strip())
        if problem is not None:
            add(
                "alternate",
                line,
                f"<xhtml:link> href {attrs['href'][:80]!r} {problem}",
                "warning",
            )

    def start_root(name: str) -> None:
        nonlocal prefix, entry_name, fields
        namespace, _, local = name.rpartition(" ")
        line = parser.CurrentLineNumber
        if name in _FEED_ROOTS:  # accepted as it is: its entries are a feed's, not checked
            result.kind = "feed"
            raise _Feed
        if local not in _FIELDS:
            add("structure", line, f"root element <{local}> is neither <urlset> nor <sitemapindex>")
            raise _Stop
        if namespace != NAMESPACE:
            shown = f"the namespace {namespace!r}" if namespace else "no namespace"
            add("namespace", line, f'<{local}> has {shown}; use xmlns="{NAMESPACE}"')
            prefix = namespace + " " if namespace else ""
        result.kind = "urlset" if local == "urlset" else "sitemapindex"
        entry, names = _FIELDS[result.kind]
        entry_name = prefix + entry
        fields = {prefix + f: (number, f) for number, f in enumerate(names)}

    def start_entry(name: str) -> None:
        nonlocal in_entry, after_extension, rank, loc, lastmod, entry_line
        if name == entry_name:
            in_entry, after_extension, rank = True, False, -1
            loc = lastmod = None
            entry_line = parser.CurrentLineNumber
        elif name.startswith(prefix) or not prefix:
            add(
                "structure",
                parser.CurrentLineNumber,
                f"<{_local(name)}> does not belong in <{result.kind}>; "
                f"it holds <{_local(entry_name)}> elements",
            )

    def chars(data: str) -> None:
        if field is not None:
            text.append(data)
        elif depth < 3 and not data.isspace():
            add("structure", parser.CurrentLineNumber, f"stray text {data.strip()[:40]!r}")

    def end(_name: str) -> None:
        nonlocal depth, field, loc, loc_line, lastmod, in_entry
        depth -= 1
        if depth == 2 and field is not None:
            value = "".join(text)
            name, field = field, None
            if name == "loc":
                loc, loc_line = value, field_line
                return
            checked = known[name]
            problem = (
                checked[value]
                if value in checked
                else checked.setdefault(value, _CHECKS[name](value))
            )
            if problem is not None:  # the entry named: a one-line sitemap's lines tell nothing
                shown = f" (loc {loc.strip()[:80]!r})" if loc is not None else ""
                add(name, field_line, problem + shown)
            elif name == "lastmod":
                lastmod = value.strip()
        elif depth == 1 and in_entry:
            in_entry = False
            end_entry()

    def end_entry() -> None:
        if loc is None:
            add("structure", entry_line, f"<{_local(entry_name)}> has no <loc>")
            return
        stripped = loc.strip()
        if stripped != loc:
            add(
                "loc-whitespace",
                loc_line,
                f"whitespace inside <loc> around {stripped[:80]!r}; some crawlers keep it",
                "warning",
            )
        problem = check_url(stripped)
        if problem is not None:
            add("loc", loc_line, f"loc {stripped[:80]!r} {problem}")
        elif len(stripped) < _SHORTEST_LOC:
            add(
                "loc",
                loc_line,
                f"loc {stripped!r} has {len(stripped)} characters; the schema takes no fewer "
                f"than {_SHORTEST_LOC}"
                + ("; write the home page with its final slash" if stripped.count("/") < 3 else ""),
            )
        locs.append(stripped)
        lines.append(loc_line)
        lastmods.append(lastmod)

    def doctype(name: str, *_: object) -> None:
        if name.lower() == "html":
            add("structure", parser.CurrentLineNumber, _HTML_PAGE)
        else:
            add(
                "xml",
                parser.CurrentLineNumber,
                "has a DOCTYPE, which sitemaps do not have (and which is not read, so that no "
                "entity in it can expand); remove the <!DOCTYPE ...> line",
            )
        raise _Stop

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.StartDoctypeDeclHandler = doctype
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:
        if opens_as_html(data):  # `sitemapkit validate index.html`: a page, not XML
            add("structure", 1, _HTML_PAGE)
            return
        add("xml", exc.lineno, _syntax_error(data, exc))
        result.kind = None
    except _Feed:  # its entries are a feed's: read on only for well-formedness
        checker = xml.parsers.expat.ParserCreate()  # no DOCTYPE came first: nothing expands
        try:
            checker.Parse(data, True)
        except xml.parsers.expat.ExpatError as exc:
            add("xml", exc.lineno, _syntax_error(data, exc))
    except _Stop:
        result.kind = None


#: Google's news, image and video extensions: a sitemap of those may list any page again.
_MEDIA_NAMESPACES = frozenset(
    {
        "http://www.google.com/schemas/sitemap-news/0.9",
        "http://www.google.com/schemas/sitemap-image/1.1",
        "http://www.google.com/schemas/sitemap-video/1.1",
    }
)
#: The hreflang alternate of Google's sitemap extension, as expat names it.
_XHTML_LINK = "http://www.w3.org/1999/xhtml link"


def _syntax_error(data: bytes, error: xml.parsers.expat.ExpatError) -> str:
    """Expat's message, with the column and the text around it: a sitemap written on one line
    (as some tools write them) has a line number that points nowhere."""
    text = data.decode("utf-8", "replace")
    # Expat counts lines as XML ends them (CR, LF or both) and columns in characters (a
    # byte-order mark is one).
    line = _LINE_ENDS.split(text, maxsplit=error.lineno)[error.lineno - 1 :][:1]
    line_text = line[0] if line else ""
    before = line_text[max(0, error.offset - 40) : error.offset]
    after = line_text[error.offset : error.offset + 20]
    bom = error.lineno == 1 and text.startswith("\ufeff")  # which no editor shows
    message = (
        f"not well-formed XML at column {error.offset + 1 - bom}: "
        f"{xml.parsers.expat.ErrorString(error.code)}, at {before!r} + {after!r}"
    )
    ampersand = before.rfind("&")
    if ampersand >= 0 and ";" not in before[ampersand:]:  # `?a=1&b=2`: no entity
        message += "; write a raw & as &amp;"
    return message


class _Feed(Exception):
    """Raised by the root handler of a feed: a sitemap search engines accept, not read on."""


class _Stop(Exception):
    """Raised inside a callback when the rest of the file cannot be read sensibly."""


def _local(name: str) -> str:
    return name.rpartition(" ")[2]
