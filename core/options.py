"""Every option, declared once: name, type, default, one-line doc and check.

The CLI, the TOML reader and the three adapters all read `OPTION_SPECS`; the README's
options table is checked against it by a test.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import OptionError, UnknownOptionError
from .patterns import check_pattern
from .urls import BASE_URL_EXAMPLE, MAX_LOC_LENGTH, encode_file_path, normalise_base_url

CHANGEFREQ_WORDS = ("always", "hourly", "daily", "weekly", "monthly", "yearly", "never")
MAX_URLS_PER_FILE = 50_000
MAX_BYTES_PER_FILE = 52_428_800
MIN_BYTES_PER_FILE = 4_096

#: How a front end should present an option: a flag, a word, a number, a list, a mapping.
Kind = Literal["bool", "text", "choice", "number", "integer", "list", "mapping"]
Check = Callable[[str, Any], Any]


_BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True}
_BOOL_WORDS |= {"false": False, "no": False, "off": False, "0": False}


def parse_bool(value: Any) -> bool:
    """True/False, or a word as command lines and reST fields give it ("yes", "0"), or the
    number 1 or 0 (`gzip = 1` in a TOML file)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _BOOL_WORDS:
        return _BOOL_WORDS[value.strip().lower()]
    raise ValueError("expected true or false")


def as_number(value: Any, kind: type[int] | type[float]) -> int | float | None:
    """A number, or numeric text (command lines, reST fields); None when it is neither."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            return kind(value.strip().replace("_", ""))
        except ValueError:
            return None
    if kind is int:
        return value if isinstance(value, int) else None
    return value if isinstance(value, int | float) else None


def check_bool(name: str, value: Any) -> bool:
    try:
        return parse_bool(value)
    except ValueError:
        raise OptionError(name, value, "expected true or false") from None


def _optional_bool(name: str, value: Any) -> bool | None:
    return None if value is None else check_bool(name, value)


def _check_base_url(name: str, value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise OptionError(name, value, f"expected an absolute URL such as {BASE_URL_EXAMPLE}")
    try:
        return normalise_base_url(value)
    except ValueError as exc:
        said = str(exc)  # a message with its own fix (`write https://...`) needs no other
        fix = (
            ""
            if "such as" in said or "; write " in said
            else f": use a URL such as {BASE_URL_EXAMPLE}"
        )
        raise OptionError(name, value, f"{exc}{fix}") from None


def _choice(*words: str, optional: bool = False) -> Check:
    allowed = " or ".join(repr(w) for w in words) + (" (or leave it unset)" if optional else "")

    def check(name: str, value: Any) -> str | None:
        if value is None and optional:
            return None
        if isinstance(value, str) and value.strip().lower() in words:
            return value.strip().lower()
        raise OptionError(name, value, f"expected {allowed}")

    return check


def _number(low: float, high: float, example: str) -> Check:
    def check(name: str, value: Any) -> float:
        number = as_number(value, float)
        if number is not None and low <= number <= high:
            return float(number)
        raise OptionError(name, value, f"expected a number from {low} to {high}, such as {example}")

    return check


def _integer(low: int, high: int, why: str) -> Check:
    def check(name: str, value: Any) -> int:
        number = as_number(value, int)
        if number is not None and low <= number <= high:
            return int(number)
        raise OptionError(name, value, f"expected a whole number from {low:,} to {high:,} ({why})")

    return check


def _file_name(suffix: str) -> Check:
    def check(name: str, value: Any) -> str:
        if (
            isinstance(value, str)
            and value.endswith(suffix)
            and len(value) > len(suffix)
            and "/" not in value
            and "\\" not in value
            and ":" not in value  # `C:name` is a file on drive C: wherever the site is
            and not value.startswith(".")
        ):
            return value
        raise OptionError(
            name, value, f"expected a plain file name ending in {suffix}, such as sitemap{suffix}"
        )

    return check


def _as_list(value: Any) -> list[Any] | None:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return list(value)
    return None


def check_patterns(name: str, value: Any) -> tuple[str, ...]:
    items = _as_list(value)
    if items is None:
        raise OptionError(name, value, "expected a list of patterns such as ['drafts/', '*.pdf']")
    for item in items:
        if not isinstance(item, str):
            raise OptionError(
                name, item, "each pattern is text, such as 'drafts/' or '*.pdf' (in quotes)"
            )
    for item in items:  # the item itself is named: the list's other patterns are not at fault
        problem = check_pattern(item)
        if problem:
            raise OptionError(name, item, problem)
    return tuple(items)


def _pattern_map(value_check: Check, example: str) -> Check:
    def check(name: str, value: Any) -> tuple[tuple[str, Any], ...]:
        if not isinstance(value, Mapping):
            raise OptionError(
                name, value, f"expected a mapping of pattern to value, such as {example}"
            )
        rules = []
        for pattern, item in value.items():
            if not isinstance(pattern, str):
                raise OptionError(name, pattern, f"expected a pattern, such as {example}")
            problem = check_pattern(pattern)
            if problem:
                raise OptionError(name, pattern, problem)
            rules.append((pattern, value_check(f"{name}[{pattern!r}]", item)))
        return tuple(rules)

    return check


#: The command line's default for `exclude`: with the 404 page, the files web frameworks write
#: that are no page of the site: Gatsby's script fragments (`_gatsby/`), Next.js' not-found page
#: (`_not-found`), and an app's fallback shell (`200.html`: Nuxt, SvelteKit's adapter-static,
#: Surge), each served at its name. Not the adapters': a Pelican article may be `200.html`.
SCAN_EXCLUDE = ("404.html", "404/", "/_gatsby/", "/_not-found.html", "/_not-found/", "/200.html")


def _spec(default: Any, kind: Kind, check: Check, doc: str) -> Any:
    return field(default=default, metadata={"kind": kind, "check": check, "doc": doc})


@dataclass(frozen=True)
class SitemapOptions:
    """Validated options; build one with `resolve_options`, never field by field."""

    base_url: str | None = _spec(
        None,
        "text",
        _check_base_url,
        "Absolute URL the site is served from, e.g. https://example.com/ (adapters default "
        "to the generator's own setting).",
    )
    pretty_urls: bool = _spec(
        True, "bool", check_bool, "List `dir/index.html` as `dir/` (off keeps `index.html`)."
    )
    clean_urls: bool = _spec(
        False,
        "bool",
        check_bool,
        "List `page.html` as `page` and `dir/index.html` as `dir/`, for hosts that serve "
        "pages without `.html` (Cloudflare Pages, Vercel's and VitePress' `cleanUrls`).",
    )
    exclude: tuple[str, ...] = _spec(  # the command line's default: SCAN_EXCLUDE
        ("404.html", "404/"),
        "list",
        check_patterns,
        "gitignore-style patterns of output paths to leave out; setting it replaces the "
        "default (`404.html`, `404/`; MkDocs' `/404.html`, `/404/`; none for Sphinx, which "
        "leaves out its 404 page by name; the command line's adds Gatsby's `/_gatsby/`, "
        "Next.js' `/_not-found.html`, `/_not-found/` and an app's fallback shell, `/200.html`), "
        "so keep the 404 page's pattern in your list (an INFO line, `not-found-listed`, names "
        "a top `404.html`, `404/` or Next.js' `_not-found` page listed while no pattern names "
        "its form, to leave it out or, with `!`, to bring it back).",
    )
    skip_noindex: bool | None = _spec(
        None,
        "bool",
        _optional_bool,
        "Leave out pages whose robots meta tag (`robots`, `googlebot` or `bingbot`) says "
        "`noindex` (or `none`). Unset: the adapters check (MkDocs in the pages it renders, "
        "Pelican and Sphinx in the pages they wrote); the CLI, which would have to open every "
        "page, checks only when true. Off, the adapters read no page, so a page whose meta "
        "refresh redirects at once is listed too.",
    )
    lastmod: str = _spec(
        "mtime",
        "choice",
        _choice("mtime", "none"),
        "`mtime`: newest modification time of the page's sources; `none`: no lastmod but "
        "the ones pages state (front matter, metadata, fields).",
    )
    lastmod_format: str = _spec(
        "datetime",
        "choice",
        _choice("datetime", "date"),
        "`datetime` (YYYY-MM-DDThh:mm:ss+00:00, UTC) or `date` (YYYY-MM-DD).",
    )
    priority: bool = _spec(True, "bool", check_bool, "Write `<priority>` from the page's depth.")
    priority_step: float = _spec(
        0.1, "number", _number(0.0, 1.0, "0.1"), "Priority lost per path segment below the root."
    )
    priority_floor: float = _spec(
        0.1, "number", _number(0.0, 1.0, "0.1"), "Lowest priority depth can give."
    )
    priority_overrides: tuple[tuple[str, float], ...] = _spec(
        (),
        "mapping",
        _pattern_map(_number(0.0, 1.0, "0.8"), "{'blog/*': 0.8}"),
        "Pattern -> priority; the last matching pattern wins (also when `priority` is off).",
    )
    changefreq: str | None = _spec(
        None,
        "choice",
        _choice(*CHANGEFREQ_WORDS, optional=True),
        "Default `<changefreq>` word; unset writes none.",
    )
    changefreq_rules: tuple[tuple[str, str], ...] = _spec(
        (),
        "mapping",
        _pattern_map(_choice(*CHANGEFREQ_WORDS), "{'blog/*': 'weekly'}"),
        "Pattern -> changefreq word; the last matching pattern wins.",
    )
    txt: bool = _spec(True, "bool", check_bool, "Also write the plain-text sitemap.")
    gzip: bool = _spec(
        False, "bool", check_bool, "Also write a reproducible `.gz` twin of every XML file."
    )
    robots: bool = _spec(
        True,
        "bool",
        check_bool,
        "Add a `Sitemap:` line to robots.txt (site at the host root only).",
    )
    max_urls: int = _spec(
        MAX_URLS_PER_FILE,
        "integer",
        _integer(1, MAX_URLS_PER_FILE, "the protocol's limit may only be lowered"),
        "Most URLs per sitemap file before splitting.",
    )
    max_bytes: int = _spec(
        MAX_BYTES_PER_FILE,
        "integer",
        _integer(
            MIN_BYTES_PER_FILE, MAX_BYTES_PER_FILE, "the protocol's limit may only be lowered"
        ),
        "Most bytes per sitemap file of URLs (uncompressed) before splitting (not the index, "
        "which cannot be split).",
    )
    sitemap_name: str = _spec(
        "sitemap.xml", "text", _file_name(".xml"), "File name of the XML sitemap."
    )
    txt_name: str = _spec(
        "sitemap.txt", "text", _file_name(".txt"), "File name of the text sitemap."
    )
    index_name: str = _spec(
        "sitemap-index.xml", "text", _file_name(".xml"), "File name of the sitemap index."
    )

    @property
    def skips_noindex(self) -> bool:
        """Whether pages marked noindex are left out, so adapters look for the tag (unless
        `skip_noindex` is false); the CLI's scan reads pages only when it is true."""
        return self.skip_noindex is not False


@dataclass(frozen=True)
class OptionSpec:
    """What a front end needs to offer one option."""

    name: str
    kind: Kind
    default: Any
    doc: str
    check: Check

    @property
    def user_default(self) -> Any:
        """The default as a user writes it: a list for patterns, a dict for pattern maps."""
        if self.kind == "mapping":
            return dict(self.default)
        if self.kind == "list":
            return list(self.default)
        return self.default


OPTION_SPECS: tuple[OptionSpec, ...] = tuple(
    OptionSpec(f.name, f.metadata["kind"], f.default, f.metadata["doc"], f.metadata["check"])
    for f in dataclasses.fields(SitemapOptions)
)
OPTION_NAMES: frozenset[str] = frozenset(spec.name for spec in OPTION_SPECS)
#: The XML files a build writes unless `index_name` or `sitemap_name` say otherwise.
DEFAULT_XML_NAMES: tuple[str, ...] = tuple(
    str(spec.default) for spec in OPTION_SPECS if spec.name in ("index_name", "sitemap_name")
)


#: First words of option names that mean the opposite of each other.
_OPPOSITE_WORDS = frozenset(
    frozenset(pair)
    for pair in (("include", "exclude"), ("skip", "include"), ("skip", "keep"), ("skip", "list"))
)


#: Words that turn an option's meaning around when put before its name (`no_gzip`).
_NEGATIONS = frozenset({"no", "not", "dont", "disable"})


def means_the_opposite(name: str, meant: str) -> bool:
    """Whether the misspelt `name` says the opposite of `meant`, past the words they share
    (`sitemapkit_`): `exclude_drafts` of `include_drafts`, `no_gzip` of `gzip`."""
    ours, theirs = name.lower().split("_"), meant.split("_")
    while ours and theirs and ours[0] == theirs[0]:
        ours, theirs = ours[1:], theirs[1:]
    if ours and ours[0] in _NEGATIONS and ours[1:] == theirs:
        return True
    if ours and ours[0].startswith("no") and [ours[0][2:], *ours[1:]] == theirs:  # `nogzip`
        return True
    return bool(ours and theirs) and frozenset({ours[0], theirs[0]}) in _OPPOSITE_WORDS


#: Names people reach for that are spelt unlike the option they mean (pelican-sitemap's
#: `priorities` and `changefreqs` among them).
_KNOWN_AS = {"exclude_noindex": "skip_noindex", "compress": "gzip", "ignore": "exclude"}
#: pelican-sitemap's keys, copied from its SITEMAP setting: what stands for each here.
_NOT_NEEDED = {
    "format": "the XML sitemap and its text twin are both written; set the txt option to "
    "false for the XML one alone",
    "priorities": "pelican-sitemap's priorities by kind: articles, pages, indexes; here "
    "priority_overrides maps patterns of output paths to priorities, such as "
    "{'posts/*': 0.8}, and search engines ignore priority",
    "changefreqs": "pelican-sitemap's changefreqs by kind: articles, pages, indexes; here "
    "changefreq_rules maps patterns of output paths to words, such as {'posts/*': 'weekly'}, "
    "and search engines ignore changefreq",
}


def closest_option(name: str, known: Iterable[str]) -> str | None:
    """The known option name closest to a misspelt one, if any is close."""
    names = list(known)
    meant = _KNOWN_AS.get(name.lower())
    if meant in names:
        return meant
    close = difflib.get_close_matches(name.lower(), names, n=1)  # `GZIP`, as Pelican's
    return close[0] if close else None


def suggest(name: str, known: Iterable[str]) -> str:
    """'did you mean X?' for a misspelt option name, else a list of the known ones.

    `exclude_drafts` is close to `include_drafts`, which means the opposite: renaming the key
    and keeping its value would do what the user did not want, so the message says so.
    """
    needless = _NOT_NEEDED.get(name.lower())
    if needless is not None:
        return f"{needless}; remove {name!r}"
    meant = closest_option(name, known)
    if meant is None:
        return "known options: " + ", ".join(sorted(known))
    if means_the_opposite(name, meant):
        return f"did you mean {meant!r}? Mind that it means the opposite of {name!r}"
    return f"did you mean {meant!r}?"


def unknown_option(name: str, value: object, known: Iterable[str]) -> UnknownOptionError:
    """The error for a setting `name` (as the user spelt it) that is none of `known`."""
    return UnknownOptionError(name, value, suggest(name, known))


def option_errors(values: Mapping[str, Any]) -> tuple[SitemapOptions | None, list[OptionError]]:
    """The checked options, or every bad value, not only the first: a front end that reads
    all of them at once (a `conf.py`) can say them in one build rather than one per build.
    How the values go together (names that clash) is checked once each is good."""
    checked: dict[str, Any] = {}
    errors: list[OptionError] = []
    for name, value in values.items():
        try:
            checked[name] = _checked_value(name, value)
        except OptionError as exc:
            errors.append(exc)
    if errors:
        return None, errors
    try:
        return _together(SitemapOptions(**checked)), []
    except OptionError as exc:
        return None, [exc]


def resolve_options(values: Mapping[str, Any]) -> SitemapOptions:
    """Check user values (unknown names included) and return the full, normalised option set."""
    checked = {name: _checked_value(name, value) for name, value in values.items()}
    return _together(SitemapOptions(**checked))


_SPECS_BY_NAME = {spec.name: spec for spec in OPTION_SPECS}


def _checked_value(name: str, value: Any) -> Any:
    spec = _SPECS_BY_NAME.get(name)
    if spec is None:
        raise unknown_option(name, value, _SPECS_BY_NAME)
    return spec.check(name, value)


def _together(options: SitemapOptions) -> SitemapOptions:
    """The options that must go together: file names that do not clash."""
    names = [options.sitemap_name, options.txt_name, options.index_name]
    if len({name.casefold() for name in names}) != len(names):  # Windows and macOS ignore case
        raise OptionError(
            "index_name",
            options.index_name,
            "sitemap_name, txt_name and index_name must differ, and not in case alone",
        )
    stem = options.sitemap_name[:-4]  # parts of a split sitemap are named stem-1.xml, stem-2.xml
    if re.fullmatch(re.escape(stem) + r"-\d+\.xml", options.index_name, re.IGNORECASE):
        raise OptionError(
            "index_name",
            options.index_name,
            f"a split sitemap's parts are named {stem}-1.xml, {stem}-2.xml and so on; choose "
            "a name outside that series, such as sitemap-index.xml",
        )
    if options.txt_name.lower() == "robots.txt":
        raise OptionError(
            "txt_name", options.txt_name, "robots.txt is for crawler rules; use sitemap.txt"
        )
    longest = max(options.index_name, f"{stem}-{MAX_URLS_PER_FILE}.xml", key=len)
    if (  # as the index and robots.txt write it: encoded
        options.base_url is not None
        and len(options.base_url + encode_file_path(longest)) > MAX_LOC_LENGTH
    ):
        raise OptionError(  # the index lists the sitemaps' own URLs, which must fit too
            "base_url",
            options.base_url,
            f"it has {len(options.base_url):,} characters, so the URL of a sitemap file below "
            f"it ({longest}) would reach 2,048, and sitemaps hold shorter URLs only; give the "
            "site's address",
        )
    return options
