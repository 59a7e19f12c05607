"""Check what a site publishes: a sitemap file, an index and its parts, or a whole output folder.

The rules that span files live here: each loc on the sitemap's host and under its folder, no
duplicates, index entries that exist, gzip and text twins that agree, locs that map to pages,
robots.txt lines that resolve. `validate_target` is also the helper tests call on a build.
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import os
import stat
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from .canonical import canonical_link, home_page_elsewhere, names_another_page
from .dates import stated_in_future
from .errors import SitemapkitError
from .folder_files import open_regular
from .noindex import head_says_noindex
from .options import MAX_BYTES_PER_FILE
from .page_heads import file_head
from .pages import served_as_html
from .project_folder import BUILD, find_project
from .redirect_stubs import is_stub_file
from .robots import sitemap_urls
from .robots_rules import DisallowedUrls
from .urls import (
    base_path,
    has_dot_segments,
    local_host,
    normalise_base_url,
    without_dot_segments,
)
from .validate_file import TEXT_SUFFIXES, FileCheck, Level, Problem, check_file
from .validate_values import (
    authority_end,
    check_url,
    folder_of,
    has_session_id,
    origin_of,
    parse_w3c,
    remainder_under,
    same_url_key,
)
from .writer import noted_text_files, opens_as_sitemap

__all__ = ["Problem", "ValidationReport", "validate_target"]

#: Names a site's sitemap goes by, in the order a folder is searched when robots.txt names none.
ENTRY_NAMES = (
    "sitemap-index.xml",
    "sitemap_index.xml",
    "sitemap.xml",
    "sitemap-index.xml.gz",
    "sitemap.xml.gz",
    "sitemap.txt",
)
#: Plain names also checked in a folder when the entry point does not reach them.
ALSO_CHECKED = ("sitemap.xml", "sitemap.txt")
#: Lastmods before this are a tool's stand-in (see `sitemapkit.dates.FIRST_PLAUSIBLE`).
_PLAUSIBLE = dt.datetime(1990, 1, 1, tzinfo=dt.timezone.utc)
_PAGE_SUFFIXES = ("index.html", "index.htm")
#: How many of the entry's URLs vote for the site folder's URL.
_BASE_SAMPLE = 50


#: How far a `.gz` file is decompressed: four times the protocol's limit, so an oversized
#: sitemap is still checked whole, while a gzip bomb stops there.
UNPACK_LIMIT = 4 * MAX_BYTES_PER_FILE


def _too_large_to_read() -> str:
    return (
        f"more than {UNPACK_LIMIT:,} bytes (the limit is {MAX_BYTES_PER_FILE:,}), so it was "
        "not read further: split it into parts listed by an index"
    )


@dataclass
class ValidationReport:
    """Every problem found, and what was checked (for the summary line and JSON output)."""

    target: str
    base_url: str | None = None
    base_from: str | None = None
    files: list[str] = field(default_factory=list)
    urls: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def describe(self) -> str:
        """All problems, one per line: what an assertion message or a terminal shows."""
        return "\n".join(p.as_text() for p in self.problems) or "no problems"

    def as_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "base_url": self.base_url,
            "base_url_from": self.base_from,
            "files": self.files,
            "urls": self.urls,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "problems": [
                {
                    "level": p.level,
                    "code": p.code,
                    "file": p.file,
                    "line": p.line,
                    "message": p.message,
                }
                for p in self.problems
            ],
        }


@dataclass
class _Visit:
    path: Path
    url: str | None
    from_index: bool


def validate_target(
    target: str | os.PathLike[str],
    *,
    base_url: str | None = None,
    site: str | os.PathLike[str] | None = None,
    now: dt.datetime | None = None,
) -> ValidationReport:
    """Check a sitemap file, an index or an output folder; raise SitemapkitError on bad usage.

    `site` (default: `target` when it is a folder) is the built site: every loc must map to a
    file in it. `base_url` is the address of the site folder (or of the sitemap's folder).
    """
    return _Validation(target, base_url, site, now).run()


#: How many URLs sharing one lastmod make it look like a build's time: a few pages edited on
#: one day share a date honestly, and a few added in one commit (a new project's) its time.
_SAME_LASTMOD_LEAST = 10


class _Validation:
    def __init__(
        self,
        target: str | os.PathLike[str],
        base_url: str | None,
        site: str | os.PathLike[str] | None,
        now: dt.datetime | None,
    ) -> None:
        if not str(target).strip():  # `Path("")` is the current folder: an unset variable
            raise SitemapkitError(
                f"TARGET: {str(target)!r} is empty; give a sitemap file or a site's folder, "
                "`.` for the current one"
            )
        self.target = Path(target)
        if not exists(self.target):
            raise SitemapkitError(
                f"TARGET: {str(target)!r} does not exist; give a sitemap file or a site's folder"
            )
        if self.target.name.lower() == "robots.txt" and is_file(self.target):
            raise SitemapkitError(
                f"TARGET: {str(target)!r} is robots.txt, not a sitemap; give the site's folder "
                f"({str(self.target.parent)!r}) to check its Sitemap lines and the sitemaps "
                "they name"
            )
        if not is_dir(self.target) and not is_file(self.target):  # a FIFO would never end
            raise SitemapkitError(
                f"TARGET: {str(target)!r} is neither a file nor a folder; give a sitemap file "
                "or a site's folder"
            )
        if site is not None and not is_dir(Path(site)):
            raise SitemapkitError(f"--site: {str(site)!r} is not a folder; give the built site")
        if site is not None:
            self.root = Path(site)
        elif self.target.is_dir():
            self.root = self.target
        else:
            self.root = self.target.parent
        self.check_pages = site is not None or self.target.is_dir()
        #: (base URL, the folder the home page's canonical link names) when the two differ.
        self.moved_base: tuple[str, str] | None = None
        self.report = ValidationReport(str(target))
        self.base: str | None = None
        if base_url is not None:
            try:
                self.base = normalise_base_url(base_url)
            except ValueError as exc:
                raise SitemapkitError(
                    f"--base-url: {base_url!r} is not valid; {exc}: "
                    "give the URL the site folder is served from, e.g. https://example.com/"
                ) from None
            self.report.base_url, self.report.base_from = self.base, "--base-url"
        self.now = now or dt.datetime.now(dt.timezone.utc)
        self.checks: dict[Path, FileCheck | None] = {}
        self.visited: set[Path] = set()
        #: A part's text twin, when the index that lists it names them (`text_files_note`).
        self.twins: dict[Path, Path] = {}
        self.seen_locs: dict[str, tuple[str, int]] = {}
        #: Every loc of the files reached, media and text sitemaps' too: robots.txt rules them.
        self.listed: dict[str, None] = {}
        self.lastmods: list[tuple[FileCheck, int]] = []
        #: The indexes followed: their lastmods may be in the future or stand-ins too.
        self.indexes: list[FileCheck] = []
        self.bad_gzip: set[Path] = set()
        #: Files counted as checked: reached, or read to compare with a twin reached.
        self.counted: set[Path] = set()
        self.robots = self.root / "robots.txt"

    # -- the run ---------------------------------------------------------------------------

    def run(self) -> ValidationReport:
        entries = self.entry_points()
        if not entries:
            project = find_project(str(self.root))
            fix = ""
            if project is not None and (project.output or project.kind == BUILD):
                output = self.display(self.root / project.output) if project.output else None
                fix = (
                    f"; this folder is {project.described()} (it holds {project.marker}): "
                    f"give {project.wanted(output)}"
                )
            elif self.target.is_dir():
                below = self.sitemaps_below()
                if below:
                    more = f" (and {len(below) - 1:,} more)" if len(below) > 1 else ""
                    folder = self.display(below[0].parent)
                    fix = (
                        f"; the folders in it have their own (a version's or a language's): "
                        f"{self.display(below[0])}{more}; give each folder, such as {folder}"
                    )
            self.problem(
                "error",
                "no-sitemap",
                self.display(self.root),
                None,
                "no sitemap found (looked for robots.txt's Sitemap lines and "
                + ", ".join(ENTRY_NAMES)
                + "); build the site's sitemaps first, or give the index file itself "
                "when it has another name" + fix,
            )
            return self.report
        if self.base is None:
            self.find_base(entries)
        given = self.report.base_from == "--base-url"  # a preview checked on purpose
        host = local_host(self.base) if self.base is not None and not given else None
        if host is not None:
            self.problem(
                "warning",
                "local-host",
                self.display(entries[0]),
                None,
                f"the URLs are on {host}, which crawlers cannot reach (a preview server's "
                "address); build the sitemap with the address the site is served from",
            )
        if self.check_pages and self.base is not None:
            self.check_home_page(self.base)
        self.visit_all([_Visit(path, self.url_of(path), False) for path in entries])
        if self.target.is_dir():  # after the entry's parts: a twin they name is theirs
            self.visit_all(
                [
                    _Visit(self.root / name, self.url_of(self.root / name), False)
                    for name in ALSO_CHECKED
                    if is_file(self.root / name)
                ]
            )
        if is_file(self.robots) and self.check_pages:
            self.check_robots()
            self.check_disallowed()
        self.check_lastmods()
        return self.report

    def entry_points(self) -> list[Path]:
        if not self.target.is_dir():
            return [self.target]
        named = [path for _, path in self.robots_entries() if path is not None and is_file(path)]
        if named:
            return list(dict.fromkeys(named))
        for name in ENTRY_NAMES:
            if is_file(self.root / name):
                return [self.root / name]
        return []

    def robots_entries(self) -> Iterator[tuple[int, Path | None]]:
        """(line number, local file it names) for each robots.txt Sitemap line."""
        for number, value in self.robots_lines():
            yield number, self.local_file(value)

    def robots_lines(self) -> Iterator[tuple[int, str]]:
        text = self.robots_text()
        if text is not None:
            yield from sitemap_urls(text)

    def robots_text(self) -> str | None:
        """The site's robots.txt, None when it cannot be read (or is no file: a FIFO)."""
        try:
            with open_regular(str(self.robots)) as handle:
                return handle.read().decode("utf-8", "replace")
        except OSError:
            return None

    def find_base(self, entries: list[Path]) -> None:
        """The site folder's URL: the one under which the sitemap's URLs name files here.

        Each URL names the longest file path it can (Hugo's root index lists `/fr/sitemap.xml`,
        which is `fr/sitemap.xml` here, not the index itself), and a sample of each entry's
        URLs votes: the files decide, so a robots.txt line for another host (a stale one, or a
        cross-host sitemap, which the protocol allows) is reported rather than trusted. A URL
        that only names the folder's own home page proves nothing and does not vote. Each entry
        then casts one vote, its sample's choice, so a stale sitemap another tool left (its
        URLs under `en/2.1/` that name files at the top) cannot outvote the index beside it.
        A tie goes to a robots.txt line, then to the shortest base. With no vote, robots.txt's
        lines decide (preferring one the URLs are under), then the deepest folder the valid
        URLs on the first one's host share.
        """
        named = [
            base
            for _, value in self.robots_lines()
            if (base := self.base_naming(value, False)) is not None
        ]
        named_keys = {same_url_key(base) for base in named}

        def choice(votes: Counter[str]) -> str:
            return min(
                votes,
                key=lambda base: (-votes[base], same_url_key(base) not in named_keys, len(base)),
            )

        choices: Counter[str] = Counter()
        locs: list[str] = []
        for entry in entries:
            check = self.read(entry)
            sample = check.locs[:_BASE_SAMPLE] if check is not None else []
            names_pages = check is not None and check.kind != "sitemapindex"
            votes = Counter(
                base
                for base in (self.base_naming(loc, names_pages, entry) for loc in sample)
                if base is not None
            )
            if votes:
                choices[choice(votes)] += 1
            locs += sample
        if choices:
            top = choice(choices)
            from_robots = same_url_key(top) in named_keys
            self.set_base(top, "robots.txt" if from_robots else "the sitemap's URLs")
        elif named:
            agreeing = (
                base
                for base in named
                if any(remainder_under(loc, base) is not None for loc in locs)
            )
            self.set_base(next(agreeing, named[0]), "robots.txt")
        else:
            valid = [loc for loc in locs if check_url(loc) is None]
            if valid:
                self.set_base(_common_folder(valid), "the folder the sitemap's URLs share")

    def base_naming(self, url: str, page: bool, entry: Path | None = None) -> str | None:
        """The base under which `url` names a file here (a page, when `page`), by its longest
        path that does: `https://h/a/b/c.xml` tries `a/b/c.xml`, `b/c.xml`, then `c.xml`.

        The folder's home page alone and the `entry` itself are no evidence, and a path with
        `.` or `..` segments gives none."""
        if check_url(url) is not None:
            return None
        end = url.find("/", url.index("//") + 2)
        if end < 0:  # the host alone: its home page, which every folder has
            return None
        path = unquote(urlsplit(url).path, errors="surrogateescape")
        encoded_path = url[end:].partition("?")[0].partition("#")[0]
        segments = path.split("/")
        if "." in segments or ".." in segments or len(segments) != encoded_path.count("/") + 1:
            return None  # an encoded slash (%2F) or a dot segment: no safe split
        encoded_starts = [i + 1 for i, char in enumerate(encoded_path) if char == "/"]
        starts = [i + 1 for i, char in enumerate(path) if char == "/"]
        for encoded_start, start in zip(encoded_starts, starts, strict=True):
            relative = path[start:]
            if not relative:
                return None
            if page:  # a folder without its slash still names the site
                found = _page_exists(self.root, relative) or _page_exists(self.root, relative + "/")
            else:
                named = self.root / relative
                found = is_file(named) and not (
                    entry is not None and named.resolve() == entry.resolve()
                )
            if found:
                return url[: end + encoded_start]
        return None

    def named_file(self, url: str) -> Path | None:
        """The file here a URL names by its longest path: before the base URL is known."""
        base = self.base_naming(url, False)
        if base is None:
            return None
        return self.root / unquote(_path_part(url[len(base) :]), errors="surrogateescape")

    def set_base(self, base: str, source: str) -> None:
        self.base = base
        self.report.base_url, self.report.base_from = base, source

    # -- one file ----------------------------------------------------------------------------

    def visit_all(self, queue: list[_Visit]) -> None:
        """Text files last: one that is an XML sitemap's twin is compared with it, whichever
        order robots.txt or an index names them in."""
        texts: list[_Visit] = []
        while queue:
            visit = queue.pop(0)
            if visit.path.name.endswith(TEXT_SUFFIXES):
                texts.append(visit)
            elif visit.path.resolve() not in self.visited:
                queue.extend(self.visit(visit))
        for visit in texts:
            if visit.path.resolve() not in self.visited:
                self.visit(visit)

    def visit(self, visit: _Visit) -> list[_Visit]:
        check = self.read(visit.path)
        if check is None:
            return []
        plain, packed = _gzip_pair(visit.path)
        twin = plain if visit.path == packed else packed
        if twin.resolve() in self.visited:  # robots.txt names both: compared already, once
            self.visited.add(visit.path.resolve())
            return []
        self.mark_visited(visit.path, check)
        self.check_gzip_twin(visit.path)
        if check.kind == "sitemapindex":
            if visit.from_index:
                self.problem(
                    "error",
                    "nested-index",
                    check.name,
                    None,
                    "an index listed by an index; crawlers expect one flat index, "
                    "so list every sitemap in the top index",
                )
                return []
            return self.follow_index(check, visit)
        if check.kind == "urlset":
            self.check_locs(check, visit.url, self.seen_locs)
            self.check_text_twin(visit.path, check, visit.url)
        elif check.kind == "text":
            self.check_locs(check, visit.url, {})
        return []

    def mark_visited(self, path: Path, check: FileCheck) -> None:
        """Report a file's own problems once, however many ways it is reached."""
        self.visited.add(path.resolve())
        self.count_checked(path, check.name)
        self.report.problems.extend(check.problems)

    def count_checked(self, path: Path, name: str) -> None:
        if path.resolve() not in self.counted:
            self.counted.add(path.resolve())
            self.report.files.append(name)

    def read(self, path: Path) -> FileCheck | None:
        """Read and check a file once; later calls return the same result."""
        key = path.resolve()
        if key in self.checks:
            return self.checks[key]
        name = self.display(path)
        self.checks[key] = None  # a file that cannot be read is reported once
        try:
            with open_regular(str(path)) as handle:
                data = handle.read(UNPACK_LIMIT + 1)
        except OSError as exc:
            self.problem("error", "unreadable", name, None, f"cannot be read ({exc.strerror})")
            return None
        if len(data) > UNPACK_LIMIT:
            self.count_checked(path, name)  # read as far as the limit: that is its check
            self.problem("error", "too-large", name, None, _too_large_to_read())
            return None
        if path.name.endswith(".gz"):
            unpacked = self.unpack(path, data)
            if unpacked is None:
                return None
            data = unpacked
        check = check_file(name, data)
        self.checks[key] = check
        return check

    def unpack(self, path: Path, data: bytes) -> bytes | None:
        """Decompress a `.gz` file, reporting a broken one only the first time it is met.

        Decompression stops at `UNPACK_LIMIT`: a few kilobytes of gzip can expand to gigabytes.
        """
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
                unpacked = stream.read(UNPACK_LIMIT + 1)
        except (OSError, EOFError, zlib.error) as exc:
            self.count_checked(path, self.display(path))  # read, and found broken
            problem = ("gzip", f"is not valid gzip ({exc}); rebuild it, or remove it")
        else:
            if len(unpacked) <= UNPACK_LIMIT:
                return unpacked
            self.count_checked(path, self.display(path))
            problem = ("too-large", "decompresses to " + _too_large_to_read())
        key = path.resolve()
        if key not in self.bad_gzip:
            self.bad_gzip.add(key)
            self.problem("error", problem[0], self.display(path), None, problem[1])
        return None

    def follow_index(self, index: FileCheck, visit: _Visit) -> list[_Visit]:
        self.indexes.append(index)
        parts: list[_Visit] = []
        itself = visit.path.resolve()
        listed: dict[Path, int] = {}  # each part's first line
        for loc, line, lastmod in zip(index.locs, index.lines, index.lastmods, strict=True):
            if check_url(loc) is not None or not self.in_scope(index, line, loc, visit.url):
                continue
            path = self.local_file(loc)
            if path is None:
                if self.base is not None and remainder_under(loc, self.base) is not None:
                    self.problem(
                        "error",
                        "index-missing",
                        index.name,
                        line,
                        f"entry {loc!r} names no file in {self.display(self.root)} (a `..` "
                        "segment, or a path that would leave the folder); list the sitemap's "
                        "own URL",
                    )
                continue
            if path.name == visit.path.name and path.resolve() == itself:
                self.problem(
                    "error",
                    "index-self",
                    index.name,
                    line,
                    f"entry {loc!r} is this index itself; an index lists sitemaps of URLs, "
                    "so remove the entry",
                )
                continue
            if not is_file(path):
                self.problem(
                    "error",
                    "index-missing",
                    index.name,
                    line,
                    f"entry {loc!r} names {self.display(path)}, which does not exist; "
                    "rebuild the sitemaps or remove the entry",
                )
                continue
            first = listed.get(path.resolve())
            if first is None:
                listed[path.resolve()] = line
            else:
                self.problem(
                    "error",
                    "duplicate",
                    index.name,
                    line,
                    f"entry {loc!r} lists {self.display(path)} again (first at line {first}); "
                    "list each sitemap once",
                )
                continue
            parts.append(_Visit(path, loc, True))
            child = self.read(path)
            newest = self.newest_lastmod(child) if child is not None else None
            stated = parse_w3c(lastmod) if lastmod is not None else None
            if stated is not None and lastmod is not None and len(lastmod) == len("2024-05-02"):
                # A date covers its day: the children's days are compared, as each wrote it.
                days = [text[:10] for text in child.lastmods if text] if child else []
                if days and lastmod >= max(days):
                    continue
            if stated is not None and newest is not None and stated < newest:
                self.problem(
                    "warning",
                    "index-lastmod",
                    index.name,
                    line,
                    f"entry {loc!r} says lastmod {lastmod} but the sitemap holds a later one "
                    f"({newest.isoformat()}); crawlers may skip re-reading it",
                )
        self.note_twins(visit.path, [part.path for part in parts])
        return parts

    def note_twins(self, index: Path, parts: list[Path]) -> None:
        """The text files sitemapkit's index names beside it, one per part in order: twins
        whatever their names (`sitemap_name` and `txt_name` set apart)."""
        if index.name.endswith(".gz"):
            return
        try:
            with open_regular(str(index)) as handle:
                head = handle.read(4096)
        except OSError:
            return
        names = list(noted_text_files(head))
        # A hand-edited note may name anything: only plain names beside the index count.
        plain = all(name == os.path.basename(name) not in ("", ".", "..") for name in names)
        if plain and len(names) == len(parts):
            for part, name in zip(parts, names, strict=True):
                self.twins[part.resolve()] = index.with_name(name)

    def newest_lastmod(self, check: FileCheck) -> dt.datetime | None:
        instants = [parse_w3c(text) for text in set(check.lastmods) if text is not None]
        known = [moment for moment in instants if moment is not None]
        return max(known) if known else None

    def check_locs(
        self, check: FileCheck, url: str | None, seen: dict[str, tuple[str, int]]
    ) -> None:
        """Scope, duplicates and session ids. A URL twice in one file is an error; in two
        sitemaps of pages (not a `.gz` twin), a warning; a news, image or video sitemap may
        list the pages' URLs again, as Google advises."""
        folder = folder_of(url) if url is not None else None
        joined = "\n".join(check.locs)  # one scan, not one per URL
        any_session_id, any_fragment = has_session_id(joined), "#" in joined
        any_dots = "/." in joined or "%2e" in joined.lower()  # `/%2E%2E/` is `/../`
        listed = self.listed
        for loc, line, key in self.first_listings(check, folder):
            listed[loc] = None
            if folder is not None and not loc.startswith(folder):
                self.in_scope(check, line, loc, url)
            first = None if check.extended else seen.get(key)  # news, image, video: again
            if first is None:
                if not check.extended:
                    seen[key] = (check.name, line)
            elif not _twins(first[0], check.name):
                self.problem(
                    "warning",
                    "duplicate",
                    check.name,
                    line,
                    f"loc {loc!r} is also listed in {first[0]} (line {first[1]}); crawlers "
                    "read such a URL twice, so list each page in one sitemap",
                )
            if any_session_id and has_session_id(loc):
                self.problem(
                    "warning",
                    "session-id",
                    check.name,
                    line,
                    f"loc {loc!r} carries a session id; list the URL without it",
                )
            if any_fragment and "#" in loc:
                self.problem(
                    "warning",
                    "fragment",
                    check.name,
                    line,
                    f"loc {loc!r} ends with a #fragment, which crawlers drop (it names a place "
                    "in the page, not a page); list the page's URL without it",
                )
            if any_dots and ("/." in loc or "%2" in loc) and check_url(loc) is None:
                self.check_dot_segments(check, line, loc)
        self.report.urls += len(check.locs)
        if check.kind == "urlset":
            self.lastmods.append((check, len(check.locs)))
        if self.check_pages and self.base is not None:
            self.check_pages_exist(check)

    def check_dot_segments(self, check: FileCheck, line: int, loc: str) -> None:
        """`blog/../docs/a.html` is `docs/a.html` to a crawler: another URL than the one listed."""
        end = authority_end(loc)
        if loc[end : end + 1] != "/":  # no path (`https://h?next=/../x`): a query's `/../`
            return
        start = end + 1
        path = loc[start:].partition("#")[0]
        if not has_dot_segments(path):
            return
        resolved = without_dot_segments(path)
        where = (
            f"which crawlers resolve (to {loc[:start] + resolved!r}); list the resolved URL"
            if resolved is not None
            else "which climb above the host's root; list the page's own URL"
        )
        self.problem(
            "warning",
            "dot-segment",
            check.name,
            line,
            f"loc {loc!r} has a '.' or '..' segment, {where}",
        )

    def first_listings(
        self, check: FileCheck, folder: str | None
    ) -> Iterator[tuple[str, int, str]]:
        """Each loc of a file with its line and comparison key, the first time it is listed;
        a second listing is an error."""
        here: dict[str, int] = {}
        noun = "URL" if check.kind == "text" else "loc"
        # Below a folder spelled the one way, a loc is spelled that way too: no key to make.
        plain_folder = folder if folder is not None and same_url_key(folder) == folder else None
        for loc, line in zip(check.locs, check.lines, strict=True):
            key = loc if plain_folder and loc.startswith(plain_folder) else same_url_key(loc)
            if key in here:
                self.problem(
                    "error",
                    "duplicate",
                    check.name,
                    line,
                    f"{noun} {loc!r} is listed twice (first at line {here[key]}); "
                    "list each URL once",
                )
                continue
            here[key] = line
            yield loc, line, key

    def in_scope(self, check: FileCheck, line: int, loc: str, url: str | None) -> bool:
        """The protocol drops URLs on another host or above the sitemap's folder."""
        if url is None or check_url(loc) is not None:
            return True
        folder = folder_of(url)
        if remainder_under(loc, folder) is not None:
            return True
        if origin_of(loc) != origin_of(url):
            message = (
                f"loc {loc!r} is not on the sitemap's host {origin_of(url)}; "
                "crawlers drop it (check the base URL)"
            )
        elif remainder_under(loc + "/", folder) == "":  # hexo-generator-sitemap's home URL
            message = (
                f"loc {loc!r} is the sitemap's folder {folder} without its final slash, which "
                "is outside it: crawlers drop it; list the folder's address with the slash"
            )
        else:
            message = (
                f"loc {loc!r} is not under the sitemap's folder {folder}; "
                "crawlers drop it (put the sitemap at or above the pages it lists)"
            )
        self.problem("error", "scope", check.name, line, message)
        return False

    def check_home_page(self, base: str) -> None:
        """The home page's canonical link says where the site is served from: a base URL
        without the generator's subpath lists every page at an address not indexed."""
        found = home_page_elsewhere(str(self.root), base)
        if found is None:
            return
        self.moved_base = (base, found.folder)
        self.problem(
            "warning",
            "canonical-base",
            self.display(self.root / "index.html"),
            None,
            found.said(base, "the sitemap's base URL")
            + f" ({self.report.base_from}), so search engines index the pages at other addresses "
            f"than the sitemap lists (such as {found.folder}); build the sitemap with the "
            "address the site is served from, or correct the generator's link",
        )

    def check_pages_exist(self, check: FileCheck) -> None:
        root = self.root
        for loc, line in zip(check.locs, check.lines, strict=True):
            path = self.site_path(loc)
            if path is None or check_url(loc) is not None:
                continue
            served = _served_file(root, path)
            if served is not None:
                file, size = served
                if is_stub_file(file.name, str(file.parent), size):
                    self.problem(
                        "warning",
                        "redirect-stub",
                        check.name,
                        line,
                        f"loc {loc!r} is a redirect stub: its meta refresh sends visitors to "
                        "another address at once, and crawlers report listed redirects; list "
                        "the page it leads to instead",
                    )
                elif served_as_html(file.name, str(file.parent)):
                    self.check_page_head(check, line, loc, file)
                continue
            if _page_exists(root, path + "/"):
                self.problem(
                    "warning",
                    "redirect",
                    check.name,
                    line,
                    f"loc {loc!r} names a folder without its final slash: static hosts "
                    "answer it with a redirect to the folder, and crawlers report listed "
                    "redirects; list the URL with the slash (check the generator's "
                    "trailing-slash setting)",
                )
            else:
                self.problem(
                    "error",
                    "no-page",
                    check.name,
                    line,
                    f"loc {loc!r} maps to no file in {self.display(root)} (it would 404); "
                    "remove it or check the base URL",
                )

    def check_page_head(self, check: FileCheck, line: int | None, loc: str, file: Path) -> None:
        """What a listed page's head tells crawlers: not to index it, or to index another."""
        head = file_head(file.name, str(file.parent))
        if head_says_noindex(head):
            self.problem(
                "warning",
                "noindex",
                check.name,
                line,
                f"loc {loc!r} is a page whose robots meta tag says noindex, and "
                "search engines report a listed noindex page as an error; leave it out "
                "of the sitemap (`sitemapkit build --skip-noindex` leaves such pages out), or "
                "drop the noindex",
            )
            return
        canonical = canonical_link(head)
        other = names_another_page(loc, canonical) if canonical else None
        if other is not None and self.moved_base is not None:
            base, folder = self.moved_base
            moved = folder + loc[len(base) :] if loc.startswith(base) else None
            if moved is not None and names_another_page(moved, other) is None:
                return  # the base URL's fault, told once (canonical-base)
        if other is not None and not self.serves(other):
            self.problem(  # Sphinx before 8.1 links `page.html` from dirhtml's `page/`
                "warning",
                "canonical",
                check.name,
                line,
                f"loc {loc!r} is a page whose canonical link names {other!r}, which no file "
                "in the site serves (a 404): correct the generator's link; the listed "
                "address is the one the page is served at",
            )
        elif other is not None and unquote(other.rstrip("/")) == unquote(loc.rstrip("/")):
            self.problem(  # Docusaurus without `trailingSlash` links `docs/intro/` as `docs/intro`
                "warning",
                "canonical",
                check.name,
                line,
                f"loc {loc!r} is a page whose canonical link names {other!r}, the same "
                "address but for its final slash, which a static host answers with a redirect "
                "(or not at all): correct the generator's link (its trailing-slash setting); "
                "the listed address is the one the page is served at",
            )
        elif other is not None:
            self.problem(
                "warning",
                "canonical",
                check.name,
                line,
                f"loc {loc!r} is a page whose canonical link names another address, "
                f"{other!r}: search engines index that one, and report the listed page as an "
                "alternate of it; list the canonical address instead, or correct the link",
            )

    def site_path(self, url: str) -> str | None:
        """The file path a URL names below the site's address, decoded; None outside it."""
        rest = remainder_under(url, self.base or "")
        return None if rest is None else unquote(_path_part(rest), errors="surrogateescape")

    def serves(self, url: str) -> bool:
        """Whether the site folder answers `url` (True for an address outside it: not known)."""
        path = self.site_path(url) if self.base is not None else None
        if path is None:
            return True
        return _served_file(self.root, path) is not None or _page_exists(self.root, path + "/")

    # -- twins -------------------------------------------------------------------------------

    def check_gzip_twin(self, path: Path) -> None:
        plain, packed = _gzip_pair(path)
        if not (is_file(plain) and is_file(packed)):
            return
        try:
            packed_data, plain_data = packed.read_bytes(), plain.read_bytes()
        except OSError as exc:
            failed = packed if exc.filename == str(packed) else plain
            if failed.resolve() not in self.checks:  # else reported where it was read
                reason = f"cannot be read ({exc.strerror})"
                self.problem("error", "unreadable", self.display(failed), None, reason)
            return
        unpacked = self.unpack(packed, packed_data)
        if unpacked is None:
            return
        twin = packed if path == plain else plain
        self.count_checked(twin, self.display(twin))  # read and compared: checked too
        if unpacked != plain_data:
            self.problem(
                "error",
                "gzip-twin",
                self.display(packed),
                None,
                f"does not decompress to {plain.name}; rebuild so both hold the same sitemap",
            )

    def check_text_twin(self, path: Path, xml_check: FileCheck, url: str | None) -> None:
        stem = path.name.removesuffix(".gz").removesuffix(".xml")
        twin = self.twins.get(path.resolve(), path.with_name(stem + ".txt"))
        if not is_file(twin):
            return
        text_check = self.read(twin)
        if text_check is None or twin.resolve() in self.visited:
            return
        self.mark_visited(twin, text_check)
        folder = folder_of(url) if url is not None else None  # as its twin's: keys skipped
        for _ in self.first_listings(text_check, folder):  # its own duplicates: reported
            pass
        in_xml, in_text = set(xml_check.locs), set(text_check.locs)
        for missing, holder, other in (
            (in_xml - in_text, text_check.name, xml_check.name),
            (in_text - in_xml, xml_check.name, text_check.name),
        ):
            if missing:
                first = min(missing)
                self.problem(
                    "error",
                    "txt-mismatch",
                    holder,
                    None,
                    f"misses {len(missing):,} URL(s) that {other} lists (e.g. {first!r}); "
                    "rebuild so both list the same URLs",
                )
        # A URL only the text file lists is read by crawlers all the same: checked as one.
        only_text = dict.fromkeys(loc for loc in text_check.locs if loc not in in_xml)
        if only_text:
            first_lines = dict(zip(text_check.locs[::-1], text_check.lines[::-1], strict=True))
            lines = [first_lines[loc] for loc in only_text]
            self.check_locs(FileCheck(text_check.name, "text", list(only_text), lines), url, {})

    # -- robots.txt and dates ----------------------------------------------------------------

    def check_robots(self) -> None:
        name = self.display(self.robots)
        for number, value in self.robots_lines():
            problem = check_url(value)
            if problem is not None:
                self.problem(
                    "error",
                    "robots",
                    name,
                    number,
                    f"Sitemap: {value!r} {problem}"
                    + ("" if ";" in problem else "; write the sitemap's absolute URL alone"),
                )
                continue
            path = self.local_file(value)
            here = self.named_file(value) if path is None else None
            if here is not None:  # `https://example.com/sitemap.xml` for pages on `www.`
                self.problem(
                    "warning",
                    "robots-elsewhere",
                    name,
                    number,
                    f"Sitemap: {value} is at another address than the site's ({self.base}, "
                    f"where its URLs are), though its path names {self.display(here)} here, "
                    "which was checked as that sitemap; if the line means this file, write it "
                    "with the site's address",
                )
            elif path is None:
                self.problem(
                    "warning",
                    "robots-elsewhere",
                    name,
                    number,
                    f"Sitemap: {value} is outside this site ({self.base}); not checked",
                )
            elif not is_file(path):
                self.problem(
                    "error",
                    "robots",
                    name,
                    number,
                    f"Sitemap: {value} names {self.display(path)}, which does not exist; "
                    "fix the line or build the sitemap",
                )

    def check_disallowed(self) -> None:
        """Listed URLs that robots.txt keeps crawlers from: one warning per rule.

        Only a robots.txt at the host's root counts; in a site below it, it is a file.
        """
        if self.base is None or base_path(self.base) != "/":
            return
        text = self.robots_text()
        if text is None:
            return
        disallowed = DisallowedUrls(text)
        if not disallowed:
            return
        for loc in self.listed:
            rest = remainder_under(loc, self.base)
            if rest is not None:
                disallowed.note(loc, "/" + rest.partition("#")[0])
        for found in disallowed.blocked():
            name = self.display(self.robots)
            self.problem("warning", "robots-disallow", name, found.rule.line, found.describe())

    def check_lastmods(self) -> None:
        texts: dict[str, dt.datetime | None] = {}
        total = with_lastmod = 0
        for check, count in self.lastmods:
            total += count
            for text in check.lastmods:
                if text is not None:
                    with_lastmod += 1
                    if text not in texts:
                        texts[text] = parse_w3c(text)
        of_pages = dict(texts)
        for index in self.indexes:
            for text in index.lastmods:
                if text is not None and text not in texts:
                    texts[text] = parse_w3c(text)
        dated = [*self.indexes, *(check for check, _ in self.lastmods)]
        now = self.now.timestamp()
        future = {
            text
            for text, moment in texts.items()
            if moment is not None and stated_in_future(int(moment.timestamp()), now)
        }
        for check in dated:
            if not future:
                break
            for text, line in zip(check.lastmods, check.lines, strict=True):
                if text in future:
                    self.problem(
                        "warning",
                        "future-lastmod",
                        check.name,
                        line,
                        f"lastmod {text} is in the future; check the clock or the page's date",
                    )
        stand_ins = {
            text for text, moment in texts.items() if moment is not None and moment < _PLAUSIBLE
        }
        for check in dated:
            if not stand_ins:
                break
            found = [
                (text, line)
                for text, line in zip(check.lastmods, check.lines, strict=True)
                if text in stand_ins
            ]
            if found:
                many = f" (and {len(found) - 1:,} more)" if len(found) > 1 else ""
                self.problem(
                    "warning",
                    "placeholder-lastmod",
                    check.name,
                    found[0][1],
                    f"lastmod {found[0][0]} is before 1990{many}: no page on the web is that "
                    "old, so it is a "
                    "tool's stand-in (1980-01-01 from a zip archive, 1970 from the Nix store or "
                    "SOURCE_DATE_EPOCH=0), not when the page changed; leave such lastmods out",
                )
        instants = {moment for moment in of_pages.values() if moment is not None}
        if with_lastmod == total >= _SAME_LASTMOD_LEAST and len(instants) == 1:
            check = self.lastmods[0][0]
            files = len(self.lastmods)
            where = f" of the {files:,} sitemap files" if files > 1 else ""
            self.problem(
                "warning",
                "same-lastmod",
                check.name,
                None,
                f"all {total:,} URLs{where} share one lastmod ({next(iter(of_pages))}); that looks "
                "like a build time, not when each page changed; leave lastmod out if it is "
                "unknown",
            )

    # -- helpers -----------------------------------------------------------------------------

    def problem(self, level: Level, code: str, file: str, line: int | None, message: str) -> None:
        self.report.problems.append(Problem(level, code, file, line, message))

    def sitemaps_below(self) -> list[Path]:
        """The first sitemap of each folder right below the site folder, in name order: a
        versioned site built one folder per version has none at its top."""
        found = []
        try:
            folders = sorted(entry.name for entry in os.scandir(self.root) if entry.is_dir())
        except OSError:
            return []
        for name in folders:
            if name.startswith("."):
                continue
            for entry_name in ENTRY_NAMES:
                path = self.root / name / entry_name
                if is_file(path) and opens_as_sitemap(str(path)):  # not a stylesheet
                    found.append(path)
                    break
        return found

    def display(self, path: Path) -> str:
        return str(path)

    def url_of(self, path: Path) -> str | None:
        """A local file's URL, when the base is known and the file is inside the site folder."""
        if self.base is None:
            return None
        try:
            relative = os.path.relpath(path, self.root).replace(os.sep, "/")
        except ValueError:  # Windows: another drive
            return None
        if relative.startswith("../"):
            return None
        return self.base + relative

    def local_file(self, url: str) -> Path | None:
        """The file a URL names inside the site folder; None when it is outside the site."""
        base = self.base
        if base is None:
            if check_url(url) is not None:
                return None
            return self.named_file(url) or self.root / _last_segment(url)
        rest = remainder_under(url, base)
        if rest is None:
            return None
        relative = unquote(_path_part(rest))
        if not _names_inside(relative):
            return None
        return self.root / relative


def _unless_unnameable(test: Callable[[Path], bool]) -> Callable[[Path], bool]:
    """A `Path` test where a name too long for the file system answers no, not `OSError`.

    A URL's segment may be longer than any file name (255 bytes): such a page does not exist.
    """

    def answer(path: Path) -> bool:
        try:
            return test(path)
        except OSError:
            return False

    return answer


is_file = _unless_unnameable(Path.is_file)
is_dir = _unless_unnameable(Path.is_dir)
exists = _unless_unnameable(Path.exists)


def _common_folder(urls: list[str]) -> str:
    """The deepest folder holding every URL on the first one's host: a project site's sitemap
    that lists its home page alone (`https://user.github.io/project/`) is at that page."""
    origin = origin_of(urls[0])
    folders = [
        folder_of(path if "/" in path.partition("//")[2] else path + "/")
        for url in urls
        if origin_of(url) == origin
        for path in [url.partition("?")[0].partition("#")[0]]
    ]
    first, last = min(folders), max(folders)  # what these two share, every one between does
    same = next(
        (i for i, (a, b) in enumerate(zip(first, last, strict=False)) if a != b), len(first)
    )
    shared = first[:same]
    return shared[: shared.rindex("/") + 1] if len(shared) > len(origin) else origin + "/"


def _path_part(relative_url: str) -> str:
    """A relative URL's path, by hand: `urlsplit("a:b/")` would read `a` as a scheme."""
    return relative_url.partition("#")[0].partition("?")[0]


def _last_segment(url: str) -> str:
    return unquote(urlsplit(url).path.rpartition("/")[2]) or "index.html"


_BACKSLASH_SEPARATES = "\\" in (os.sep, os.altsep)


def _names_inside(path: str) -> bool:
    """Whether a decoded URL path can only name a file inside the site folder, on every system.

    `..`, a leading slash and a drive leave the folder; on Windows a backslash (an encoded
    `%5C`, which a Windows path leaks into URLs) separates folders, while elsewhere, as on the
    host, it is a letter of a name.
    """
    return not (
        ".." in path.split("/")
        or path.startswith("/")
        or (_BACKSLASH_SEPARATES and "\\" in path)
        or "\0" in path
        or os.path.splitdrive(path)[0]
    )


def _served_file(root: Path, path: str) -> tuple[Path, int] | None:
    """The file a static host serves for this URL path, with its size (`.html` optional)."""
    if not _names_inside(path):
        return None
    if path == "" or path.endswith("/"):
        candidates = [root / (path + name) for name in _PAGE_SUFFIXES]
    else:
        candidates = [root / path, root / (path + ".html")]
    for file in candidates:
        try:
            info = file.stat()
        except OSError:  # missing, or a name longer than the file system allows
            continue
        if stat.S_ISREG(info.st_mode):
            return file, info.st_size
    return None


def _gzip_pair(path: Path) -> tuple[Path, Path]:
    """A sitemap's plain file and its `.gz` twin, whichever of the two `path` is."""
    if path.name.endswith(".gz"):
        return path.with_name(path.name[:-3]), path
    return path, path.with_name(path.name + ".gz")


def _twins(name: str, other: str) -> bool:
    """`sitemap.xml` and `sitemap.xml.gz`: one file's URLs, in two encodings."""
    return name + ".gz" == other or other + ".gz" == name


def _page_exists(root: Path, path: str) -> bool:
    return _served_file(root, path) is not None
