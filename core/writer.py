"""The only module that writes sitemap files: parts, text twins, gzip twins, indexes.

Every file is written to a temporary file in the output folder and renamed into place only
when the whole set is complete, so an interrupted build leaves the previous sitemap whole.
Files left by an earlier, larger build are removed, but only files this tool wrote.
"""

from __future__ import annotations

import contextlib
import gzip
import html
import os
import posixpath
import re
import stat
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import IO
from urllib.parse import quote, unquote, urlsplit

from .dates import fits_w3c, unwritable_time
from .entries import Entry
from .errors import SitemapkitError
from .folder_files import open_regular
from .held_signals import held_signals
from .options import DEFAULT_XML_NAMES, MAX_URLS_PER_FILE, SitemapOptions
from .temp_files import STARTS as TEMP_STARTS
from .temp_files import left_behind, open_temp
from .urls import base_path, encode_file_path
from .xml import MARKER, URLSET_CLOSE, URLSET_OPEN, render_index, render_url

#: Sitemap XML is repetitive: level 1 shrinks it 9-12x in under half of level 6's time.
GZIP_LEVEL = 1
_FLUSH_EVERY = 1024
_GZIP_CHUNKS_WAITING = 8
_PROGRESS_EVERY = 10_000

Progress = Callable[[int], None]


def _gzip_stream(raw: IO[bytes]) -> gzip.GzipFile:
    """Reproducible gzip: no file name, mtime 0, a fixed level."""
    return gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=GZIP_LEVEL)


class _GzipTwin:
    """A gzip twin compressed on a second thread, chunk by chunk, in order.

    zlib releases the GIL while it compresses, so with a second core the twin costs almost no
    wall time; the bytes are the same as compressing inline. A few chunks may wait at most.
    """

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.stream = _gzip_stream(raw)
        self._worker: ThreadPoolExecutor | None = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="sitemapkit-gzip"
        )
        self._pending: deque[Future[int]] = deque()

    def write(self, data: bytes) -> None:
        if self._worker is not None:
            if len(self._pending) >= _GZIP_CHUNKS_WAITING:
                self._pending.popleft().result()
            try:
                self._pending.append(self._worker.submit(self.stream.write, data))
                return
            except RuntimeError:  # no thread can start here: compress inline from now on
                self._drain()
                self._worker.shutdown()
                self._worker = None
        self.stream.write(data)

    def _drain(self) -> None:
        while self._pending:
            self._pending.popleft().result()

    def close(self) -> None:
        """Finish the stream; a compression error is raised here."""
        try:
            self._drain()
            self.stream.close()
        finally:
            if self._worker is not None:
                self._worker.shutdown()
            self.raw.close()

    def abandon(self) -> None:
        for chunk in self._pending:
            chunk.cancel()
        self._pending.clear()
        if self._worker is not None:
            self._worker.shutdown()
        with contextlib.suppress(OSError, ValueError):  # the file is discarded anyway
            self.stream.close()
        with contextlib.suppress(OSError, ValueError):
            self.raw.close()


@dataclass
class _Part:
    """One sitemap file being written (XML, and its text and gzip twins when asked for)."""

    xml_path: str
    xml: IO[bytes]
    txt_path: str | None = None
    txt: IO[bytes] | None = None
    gz_path: str | None = None
    gz: _GzipTwin | None = None
    newest: int | None = None  # the newest lastmod inside, for the index
    xml_buffer: list[str] = field(default_factory=list)
    txt_buffer: list[str] = field(default_factory=list)

    def temp_paths(self) -> list[str]:
        return [p for p in (self.xml_path, self.txt_path, self.gz_path) if p]

    def write(self, data: bytes) -> None:
        self.xml.write(data)
        if self.gz is not None:
            self.gz.write(data)

    def flush(self) -> None:
        if self.xml_buffer:
            self.write("".join(self.xml_buffer).encode("ascii"))
            self.xml_buffer.clear()
        if self.txt is not None and self.txt_buffer:
            self.txt.write("".join(self.txt_buffer).encode("ascii"))
            self.txt_buffer.clear()

    def close(self) -> None:
        self.flush()
        self.write(URLSET_CLOSE.encode("ascii"))
        self.xml.close()
        if self.txt is not None:
            self.txt.close()
        if self.gz is not None:
            self.gz.close()

    def abandon(self) -> None:
        """Close every handle, whatever fails: closing flushes, and a full disk fails again."""
        for handle in (self.xml, self.txt):
            if handle is not None:
                with contextlib.suppress(OSError, ValueError):  # the file is discarded anyway
                    handle.close()
        if self.gz is not None:
            self.gz.abandon()


@dataclass(frozen=True)
class FileNames:
    """Every name this tool may write in the output folder, derived from the options."""

    sitemap: str
    txt: str
    index: str

    @classmethod
    def from_options(cls, options: SitemapOptions) -> FileNames:
        return cls(options.sitemap_name, options.txt_name, options.index_name)

    def option_naming(self, name: str) -> str:
        """The option that sets a written file's name (`sitemap_name` for parts and twins too)."""
        if name in (self.index, self.index + ".gz"):
            return "index_name"
        return "txt_name" if name.endswith(".txt") else "sitemap_name"

    def xml_part(self, number: int) -> str:
        return f"{self.sitemap[:-4]}-{number}.xml"

    def txt_part(self, number: int) -> str:
        return f"{self.txt[:-4]}-{number}.txt"

    def part_pattern(self) -> re.Pattern[str]:
        xml_stem, txt_stem = re.escape(self.sitemap[:-4]), re.escape(self.txt[:-4])
        return re.compile(rf"^(?:{xml_stem}-\d+\.xml(?:\.gz)?|{txt_stem}-\d+\.txt)$")


@dataclass
class WriteResult:
    """What was written, for the summary line and for tests."""

    urls: int = 0
    parts: int = 0
    files: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    #: Files at the names written that this tool had not written: another tool's, or the site's.
    replaced: list[str] = field(default_factory=list)
    #: Of those, the ones no process touched since the build began: left by an earlier build
    #: (of a sitemap plugin used before sitemapkit, say), which needs nothing.
    left_over: list[str] = field(default_factory=list)
    #: Files beside them that a replaced index listed (@astrojs/sitemap's `sitemap-0.xml`),
    #: listed by no index now, yet still served.
    orphaned: list[str] = field(default_factory=list)
    #: `.gz` files of another tool beside a sitemap written without one (MkDocs' own
    #: `sitemap.xml.gz`): their URLs are no longer the sitemap's.
    foreign_twins: list[str] = field(default_factory=list)
    #: Indexes this tool wrote at the top of the output under names neither this build's nor
    #: the defaults (`index_name` or `sitemap_name` changed since): served, yet not kept up.
    renamed_indexes: list[str] = field(default_factory=list)


def read_head(path: str, size: int = 4096) -> bytes | None:
    """The first bytes of a file, decompressed when it is a `.gz`; None when unreadable."""
    try:
        if path.endswith(".gz"):
            with open_regular(path) as packed, gzip.GzipFile(fileobj=packed) as handle:
                return handle.read(size)
        with open_regular(path) as handle:
            return handle.read(size)
    except (OSError, EOFError, zlib.error):  # a `.gz` cut short or garbled
        return None


_XML_ROOT = re.compile(rb"<([^\s/>?!]+)")


#: The most of another tool's index read for the files it lists (a few thousand entries).
_INDEX_READ_BYTES = 1 << 20
_INDEX_LOC = re.compile(rb"<loc>\s*([^<\s]+)\s*</loc>")


def _files_an_index_lists(path: str, site_path: str) -> list[str]:
    """The output files that `path` lists, when it is a sitemap index (another tool's), as
    paths below the output folder; `site_path` is the base URL's path (`/`, `/docs/`)."""
    if not os.path.isfile(path):
        return []
    try:
        with open_regular(path) as handle:
            if path.endswith(".gz"):  # an index kept only compressed (npm's `sitemap`)
                with gzip.GzipFile(fileobj=handle) as unpacked:
                    data = unpacked.read(_INDEX_READ_BYTES)
            else:
                data = handle.read(_INDEX_READ_BYTES)
    except (OSError, EOFError, zlib.error):  # a `.gz` cut short or garbled
        return []
    if b"<sitemapindex" not in data:
        return []
    root = os.path.dirname(path)
    found = []
    for match in _INDEX_LOC.finditer(data):
        loc_path = urlsplit(html.unescape(match.group(1).decode("utf-8", "replace"))).path
        if not loc_path.startswith(site_path):
            continue
        name = posixpath.normpath(unquote(loc_path[len(site_path) :]))
        if name.startswith(("../", "/")) or name in ("..", "."):
            continue
        if os.path.isfile(os.path.join(root, *name.split("/"))) and name not in found:
            found.append(name)  # Hugo's multilingual index: `en/sitemap.xml`
    return found


def _root_element(head: bytes) -> str | None:
    """The local name of the root element an XML file's first bytes open, past its prolog;
    None when they hold none (cut short, or no XML)."""
    text = re.sub(rb"<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>", b"", head, flags=re.DOTALL)
    root = _XML_ROOT.search(text)
    if root is None:
        return None
    return root.group(1).rpartition(b":")[2].decode("utf-8", "replace")


def opens_as_sitemap(path: str) -> bool:
    """Whether a file's root element is a `<urlset>` or a `<sitemapindex>` (a `.gz` read
    decompressed): a stylesheet or a template at a sitemap's name is none."""
    head = read_head(path)
    return head is not None and _root_element(head) in ("urlset", "sitemapindex")


def unlike_a_sitemap(path: str) -> str | None:
    """Why a file at a sitemap's name is something else (a feed, `ads.txt`), or None.

    An empty or unreadable file is no one's content. XML is judged by its root element, text
    by its lines, which must be URLs.
    """
    head = read_head(path)
    if not head or not head.strip():
        return None
    if path.endswith(".txt"):
        line = head.lstrip(b"\xef\xbb\xbf").lstrip().split(b"\n", 1)[0].strip()
        if line.startswith((b"http://", b"https://")):
            return None
        return f"its first line is {line[:40].decode('utf-8', 'replace')!r}, not a URL"
    name = _root_element(head)
    if name is None:
        return None  # cut short or not XML: nothing to tell
    if name in ("urlset", "sitemapindex"):
        return None
    return f"its root element is <{name}>"


#: Text files earlier builds' indexes name, with every size one of them gave each (None: not
#: recorded): an index left under an earlier name may note the file as a later build wrote it.
NotedTextFiles = Mapping[str, Set[int | None]]


def noted_in(indexes: Iterable[bytes]) -> dict[str, set[int | None]]:
    """The text files the indexes note (`noted_text_files`), with each size any of them gives."""
    noted: dict[str, set[int | None]] = {}
    for index in indexes:
        for name, size in noted_text_files(index).items():
            noted.setdefault(name, set()).add(size)
    return noted


def is_own_file(path: str, noted_text_files: NotedTextFiles) -> bool:
    """Whether a file in the output folder was written by this tool (never touch the user's).

    XML files carry the marker; a text file has no room for one, so it is ours only when the
    index of the build that wrote it names it (`noted_text_files`), it still has the size that
    build gave it, and it lists URLs: a file another tool wrote over it later is not ours.
    """
    head = read_head(path)
    if head is None:
        return False
    if path.endswith(".txt"):
        name = os.path.basename(path)
        if name not in noted_text_files:
            return False
        sizes = noted_text_files[name] - {None}  # None: an index that recorded none
        if sizes and os.path.getsize(path) not in sizes:
            return False
        lines = head.split(b"\n")[:-1] or [head]
        return all(line.startswith((b"http://", b"https://")) for line in lines if line)
    return MARKER.encode() in head


_TEXT_NOTE = re.compile(rb"<!-- text files: ([^\s,]+)(?: to ([^\s,]+))?(?:, ([\d ]+) bytes)? -->")
_TEXT_PART = re.compile(r"(.+)-(\d+)\.txt")


def _comment_safe(name: str) -> str:
    """A file name fit for an XML comment: URL-encoded, with no '--' left in it."""
    return quote(name, safe="-._~").replace("--", "-%2D")


def text_files_note(text_files: Sequence[str], sizes: Sequence[int]) -> str:
    """The index's comment naming the text files of its build (one, or the first to the last)
    and their sizes in bytes."""
    if not text_files:
        return ""
    named = _comment_safe(text_files[0])
    if len(text_files) > 1:
        named += " to " + _comment_safe(text_files[-1])
    return f"<!-- text files: {named}, {' '.join(map(str, sizes))} bytes -->\n"


def noted_text_files(index: bytes) -> dict[str, int | None]:
    """The text files an earlier build named in its index, with their sizes (`text_files_note`)."""
    note = _TEXT_NOTE.search(index)
    if note is None:
        return {}
    first = unquote(note.group(1).decode("ascii", "replace"))
    names = [first]
    if note.group(2) is not None:
        last = unquote(note.group(2).decode("ascii", "replace"))
        part = _TEXT_PART.fullmatch(last)
        if part is None:
            names.append(last)
        else:
            count = min(int(part.group(2)), MAX_URLS_PER_FILE)
            names = [f"{part.group(1)}-{number}.txt" for number in range(1, count + 1)]
    sizes: list[int | None] = [None] * len(names)
    if note.group(3) is not None:
        recorded = [int(size) for size in note.group(3).split()]
        if len(recorded) == len(names):
            sizes = list(recorded)
    return dict(zip(names, sizes, strict=True))


#: The most top-level XML files read in search of an index left under an earlier name: a site
#: has a handful (feeds, a browserconfig); a folder of thousands is not read through.
MOST_READ_FOR_RENAMED = 100


def indexes_named_otherwise(root: str, skip: Set[str]) -> dict[str, bytes]:
    """The indexes this tool wrote at the top of `root` under names not in `skip`, in name
    order: an earlier build's, under an `index_name` or `sitemap_name` since changed."""
    by_case = {name.lower(): name for name in skip}
    names: list[str] = []
    try:
        with os.scandir(root) as entries:
            for entry in entries:
                name = entry.name
                if not name.endswith(".xml") or name in skip:
                    continue
                same = by_case.get(name.lower())  # one of `skip` where case is not told apart
                if same is not None and _same_file(entry.path, os.path.join(root, same)):
                    continue
                if entry.is_file(follow_symlinks=False):
                    names.append(name)
    except OSError:
        return {}
    # Parts' names (`pages-7.xml`) last: an earlier split's hundreds must not use up the reads.
    names.sort(key=lambda name: (_XML_PART.fullmatch(name) is not None, name))
    found: dict[str, bytes] = {}
    for name in names[:MOST_READ_FOR_RENAMED]:
        data = read_own_index(os.path.join(root, name))
        if data is not None:
            found[name] = data
    return found


def _keep_mode(target: str, temp_path: str) -> None:
    """The file a new one replaces keeps its permissions (as robots.txt does): a mode the
    server needs (0644 where builds run under umask 077) or a read-only one is the site's,
    always readable by its owner, so the next build knows the file for its own. A link is
    replaced, never written through: the mode of what it names says nothing. Done before any
    file is placed; a mode that cannot be set leaves the umask's."""
    with contextlib.suppress(OSError):
        old = os.lstat(target)
        if not stat.S_ISREG(old.st_mode):
            return
        mode = stat.S_IMODE(old.st_mode) | stat.S_IRUSR
        if mode != stat.S_IMODE(os.stat(temp_path).st_mode):
            os.chmod(temp_path, mode)


def _special_kind(path: str) -> str | None:
    """What is at `path` when it is neither a file nor a link (one is replaced, never written
    through): a folder, or a FIFO, a socket or a device, which a sitemap must not replace."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode) or stat.S_ISLNK(mode):
        return None
    return "a folder" if stat.S_ISDIR(mode) else "no file (a FIFO, a socket or a device)"


def read_own_index(index_path: str) -> bytes | None:
    """A whole index this tool wrote (indexes are small; a sitemap of URLs is not read), or None."""
    head = read_head(index_path)
    if head is None or MARKER.encode() not in head or b"<urlset" in head:
        return None
    try:  # the text files' note grows with the parts: `<sitemapindex` may come past the head
        with open_regular(index_path) as handle:
            whole = handle.read()
    except OSError:
        return None
    return whole if b"<sitemapindex" in whole else None


#: A loc of an index this tool wrote (no spaces around it).
_OWN_INDEX_LOC = re.compile(rb"<loc>([^<]*)</loc>")
_XML_PART = re.compile(r"(.+)-\d+\.xml")


def _same_file(path: str, other: str) -> bool:
    try:
        return os.path.samefile(path, other)
    except OSError:
        return False


def _plain_name(name: str) -> bool:
    """A file name directly in the output folder: an old index never names anything else."""
    return (
        name not in ("", ".", "..")
        and os.path.basename(name) == name
        and "/" not in name
        and not os.path.splitdrive(name)[0]
    )


def listed_files(index: bytes) -> set[str]:
    """The files an earlier build's index lists, with their twins and the index's copy.

    After `sitemap_name` changes they are at names this build does not write; they are still
    only removed when they carry the marker.
    """
    found: set[str] = set()
    for match in _OWN_INDEX_LOC.finditer(index):
        loc = html.unescape(match.group(1).decode("ascii", "replace"))
        name = unquote(loc.rpartition("/")[2], errors="surrogateescape")
        if not _plain_name(name):
            continue
        found |= {name, name + ".gz"}
        part = _XML_PART.fullmatch(name)
        if part is not None:  # a multi-part build also copied its index to `stem.xml`
            found |= {part.group(1) + ".xml", part.group(1) + ".xml.gz"}
    return found


class SitemapWriter:
    """Streams entries into parts that respect both the URL and the byte limit."""

    def __init__(
        self,
        root: str,
        options: SitemapOptions,
        progress: Progress | None = None,
        build_started_ns: int | None = None,
    ) -> None:
        if options.base_url is None:
            raise ValueError("SitemapWriter needs a base URL")
        self.root = root
        self.options = options
        self.names = FileNames.from_options(options)
        self.progress = progress
        self.build_started_ns = build_started_ns
        self._date_only = options.lastmod_format == "date"
        self._budget = options.max_bytes - len(URLSET_OPEN) - len(URLSET_CLOSE)
        self._parts: list[_Part] = []
        #: Every temporary file's path, listed before the file is made: removed on failure.
        self._temps: list[str] = []

    def write(self, entries: Iterable[Entry]) -> WriteResult:
        """Write every entry, then move the finished set into place; all or nothing."""
        try:
            total = self._write_parts(entries)
            return self._publish(total)
        except BaseException:
            self._discard()
            raise

    def _new_part(self) -> _Part:
        if len(self._parts) >= MAX_URLS_PER_FILE:
            raise SitemapkitError(
                f"the site needs more than {MAX_URLS_PER_FILE:,} sitemap files, more than one "
                "index may list; raise max_urls or max_bytes (at most the protocol's limits)",
                ("max_urls", "max_bytes"),
            )
        xml_path, xml = open_temp(self.root, self._temps)
        part = _Part(xml_path, xml)
        self._parts.append(part)
        if self.options.txt:
            part.txt_path, part.txt = open_temp(self.root, self._temps)
        if self.options.gzip:
            part.gz_path, gz_raw = open_temp(self.root, self._temps)
            part.gz = _GzipTwin(gz_raw)
        part.write(URLSET_OPEN.encode("ascii"))
        return part

    def _write_parts(self, entries: Iterable[Entry]) -> int:
        max_urls, budget, date_only = self.options.max_urls, self._budget, self._date_only
        want_txt = self.options.txt
        part: _Part | None = None
        total = count = size = 0  # count and size: of the current part
        newest: int | None = None
        progress = self.progress
        xml_buffer: list[str] = []
        txt_buffer: list[str] = []
        entry: Entry | None = None
        try:  # free until raised: a file time no W3C date can hold fails the build, named
            for entry in entries:
                text = render_url(entry, date_only)
                if part is None or count >= max_urls or size + len(text) > budget:
                    if part is not None:
                        part.newest = newest
                        part.close()
                    part = self._new_part()
                    xml_buffer, txt_buffer = part.xml_buffer, part.txt_buffer  # flush() clears them
                    count = size = 0
                    newest = None
                xml_buffer.append(text)
                if want_txt:
                    txt_buffer.append(entry.url + "\n")
                count += 1
                size += len(text)
                lastmod = entry.lastmod
                if lastmod is not None and (newest is None or lastmod > newest):
                    newest = lastmod
                if count % _FLUSH_EVERY == 0:
                    part.flush()
                total += 1
                if progress is not None and total % _PROGRESS_EVERY == 0:
                    progress(total)
        except OverflowError:
            if entry is None or entry.lastmod is None or fits_w3c(entry.lastmod):
                raise
            raise unwritable_time(entry.url, entry.lastmod) from None
        if part is not None:
            part.newest = newest
            part.close()
        return total

    def _publish(self, total: int) -> WriteResult:
        """Every file is complete in a temporary file before the first one goes into place."""
        result = WriteResult(urls=total, parts=len(self._parts))
        names = self.names
        earlier = [
            read_own_index(os.path.join(self.root, name)) for name in (names.index, names.sitemap)
        ]
        indexes = [data for data in earlier if data is not None]
        noted = noted_in(indexes)
        listed = set().union(*map(listed_files, indexes))
        # A text file an index at the default names notes is ours too (sitemap_name or
        # index_name changed since): recognised, though left for the user to tidy.
        others = [
            read_own_index(os.path.join(self.root, name))
            for name in DEFAULT_XML_NAMES
            if name not in (names.index, names.sitemap)  # read above
        ]
        base = self.options.base_url or ""
        if len(self._parts) == 1:
            targets = [(self._parts[0], names.sitemap, names.txt)]
        else:
            targets = [
                (part, names.xml_part(k), names.txt_part(k))
                for k, part in enumerate(self._parts, start=1)
            ]
        # An index left under a name since changed: its text files are ours too, and the
        # build names it for the user to remove.
        skip = {names.index, names.sitemap, *DEFAULT_XML_NAMES, *(name for _, name, _ in targets)}
        renamed = indexes_named_otherwise(self.root, skip)
        others += renamed.values()
        known = noted_in([*indexes, *(data for data in others if data is not None)])
        result.renamed_indexes = list(renamed)
        placements: list[tuple[str, str]] = []  # (temporary file, name), in the order placed
        index_rows: list[tuple[str, int | None]] = []
        text_files: list[str] = []
        text_sizes: list[int] = []
        for part, xml_name, txt_name in targets:
            placements.append((part.xml_path, xml_name))
            if part.txt_path:
                placements.append((part.txt_path, txt_name))
                text_files.append(txt_name)
                text_sizes.append(os.path.getsize(part.txt_path))
            if part.gz_path:
                placements.append((part.gz_path, xml_name + ".gz"))
            # With lastmod none, a few stated dates are no sign of when the part last changed.
            newest = part.newest if self.options.lastmod != "none" else None
            index_rows.append((base + encode_file_path(xml_name), newest))
        if self._parts:
            note = text_files_note(text_files, text_sizes)
            index = render_index(index_rows, self._date_only, note).encode("ascii")
            index_names = [names.index] + ([names.sitemap] if len(self._parts) > 1 else [])
            for name in index_names:
                placements += self._write_whole(name, index)
        foreign = self._foreign_targets((name for _, name in placements), known)
        written_names = {name for _, name in placements}
        site_path = base_path(base) if base else "/"
        for name in sorted(foreign):
            for listed_name in _files_an_index_lists(os.path.join(self.root, name), site_path):
                listed_path = os.path.join(self.root, listed_name)
                if listed_name in written_names or listed_name in result.orphaned:
                    continue
                if not is_own_file(listed_path, known):  # ours go as stale files do
                    result.orphaned.append(listed_name)
        left_over = {
            name
            for name in foreign
            if self._untouched_since_the_start(os.path.join(self.root, name))
        }
        for temp_path, name in placements:
            _keep_mode(os.path.join(self.root, name), temp_path)
        with held_signals():  # the whole set in place, or none of it: never a mix
            for temp_path, name in placements:
                if name in foreign:
                    result.replaced.append(name)
                    if name in left_over:
                        result.left_over.append(name)
                os.replace(temp_path, os.path.join(self.root, name))
                result.files.append(name)
            self._parts.clear()
            self._temps.clear()
            self._remove_stale(noted, listed, result)
        result.orphaned = [
            name for name in result.orphaned if os.path.lexists(os.path.join(self.root, name))
        ]
        # A split build's copy of its index at an earlier `sitemap_name` went with its parts.
        result.renamed_indexes = [
            name
            for name in result.renamed_indexes
            if os.path.lexists(os.path.join(self.root, name))
        ]
        result.foreign_twins = self._foreign_twins(result.files, known)
        return result

    def _foreign_twins(self, written: list[str], known: NotedTextFiles) -> list[str]:
        """Another tool's `.gz` or `.txt` twin of a sitemap written without one: a crawler
        may read it, and validate compares it, but nothing keeps it in step."""
        twins: list[str] = []
        for name in written:
            if not name.endswith(".xml"):
                continue
            if not self.options.gzip:
                twins.append(name + ".gz")
            if not self.options.txt:
                twins.append(name.removesuffix(".xml") + ".txt")
        return [
            twin
            for twin in twins
            if os.path.isfile(os.path.join(self.root, twin))
            and not is_own_file(os.path.join(self.root, twin), known)
        ]

    def _untouched_since_the_start(self, path: str) -> bool:
        """Whether no process wrote, copied or renamed the file since the build began.

        The change time, not the modification time: a copy that keeps a file's times (Pelican
        copies static files so) still changes it, and no program can set it (on POSIX; on
        Windows it is the creation time, so the answer there is no). A file system that keeps
        whole seconds gets two seconds of doubt.
        """
        if self.build_started_ns is None or os.name != "posix":
            return False
        try:
            changed = os.lstat(path).st_ctime_ns
        except OSError:
            return False
        if changed % 1_000_000_000 == 0:  # a whole second: may be this build's own second
            changed += 2_000_000_000
        return changed < self.build_started_ns

    def _write_whole(self, name: str, data: bytes) -> list[tuple[str, str]]:
        """A small file (an index) and its gzip twin, as temporary files to place."""
        temp_path, handle = open_temp(self.root, self._temps)
        with handle:
            handle.write(data)
        placements = [(temp_path, name)]
        if self.options.gzip:
            temp_path, handle = open_temp(self.root, self._temps)
            with handle, _gzip_stream(handle) as gz:
                gz.write(data)
            placements.append((temp_path, name + ".gz"))
        return placements

    def _foreign_targets(self, names: Iterable[str], noted: NotedTextFiles) -> set[str]:
        """The names whose file this tool did not write, to be replaced with a notice.

        A folder at a file's name would stop the set half-way, and a file that is no sitemap
        (a feed at `index.xml`, `ads.txt`) is the site's: refuse before placing any.
        """
        foreign: set[str] = set()
        for name in names:
            path = os.path.join(self.root, name)
            kind = _special_kind(path)
            if kind is not None:
                option = self.names.option_naming(name)
                raise SitemapkitError(
                    f"{name!r} in the output folder is {kind}, so the sitemap cannot be "
                    f"written there; remove it or set {option} to another name",
                    (option,),
                )
            if not os.path.lexists(path) or is_own_file(path, noted):
                continue
            foreign.add(name)
            if name.endswith(".gz") or not os.path.isfile(path):
                continue
            unlike = unlike_a_sitemap(path)
            if unlike is not None:
                option = self.names.option_naming(name)
                usual = getattr(SitemapOptions(), option)
                such_as = f", such as {usual}" if usual != getattr(self.options, option) else ""
                raise SitemapkitError(
                    f"{option}: the output folder's {name} is not a sitemap ({unlike}), so it is "
                    f"not replaced; set {option} to another name{such_as}, or remove that file "
                    "from the site if it is left over",
                    (option,),
                )
        return foreign

    def _remove_stale(self, noted: NotedTextFiles, listed: Set[str], result: WriteResult) -> None:
        """Files of earlier builds: at today's names, named in the old index, or noted there."""
        names = self.names
        written = set(result.files)
        candidates = {names.sitemap, names.txt, names.index} | listed | set(noted)
        candidates |= {name + ".gz" for name in (names.sitemap, names.index)}
        pattern = names.part_pattern()
        stems = (names.sitemap[:-4] + "-", names.txt[:-4] + "-")  # a cheap test first: a site
        with os.scandir(self.root) as it:  # may keep thousands of pages in its root folder
            found = [entry.name for entry in it if entry.name.startswith(stems + TEMP_STARTS)]
        candidates |= {name for name in found if pattern.match(name)}
        for name in sorted(found):  # the order of the report: not the folder's own
            if name.startswith(TEMP_STARTS) and left_behind(self.root, name):
                with contextlib.suppress(OSError):
                    os.remove(os.path.join(self.root, name))
                    result.removed.append(name)
        candidates = {name for name in candidates if _plain_name(name)}
        written_folded = {name.casefold(): name for name in written}
        for name in sorted(candidates - written):
            path = os.path.join(self.root, name)
            twin = written_folded.get(name.casefold())
            if twin is not None and _same_file(path, os.path.join(self.root, twin)):
                continue  # Windows and macOS ignore case: `Sitemap.xml` is the file just written
            if os.path.isfile(path) and not os.path.islink(path) and is_own_file(path, noted):
                os.remove(path)
                result.removed.append(name)

    def _discard(self) -> None:
        temp_paths = list(self._temps)  # first: removed even if closing fails oddly
        for part in self._parts:
            part.abandon()
        for path in temp_paths:
            with contextlib.suppress(OSError):
                os.chmod(path, stat.S_IREAD | stat.S_IWRITE)  # Windows removes no read-only file
            with contextlib.suppress(OSError):
                os.remove(path)
        self._parts.clear()
        self._temps.clear()
