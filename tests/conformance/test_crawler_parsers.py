"""Our output as real crawlers and SEO tools read it: usp, Scrapy and advertools over HTTP.

Each example site is built into a folder served by `http.server` on 127.0.0.1 (an ephemeral
port, loopback only), with the served address as its base URL. What the site should list is
computed here from the output files (Sphinx's canonical links, Pelican's listing links), the
sources' times and the authors' metadata, or stated by hand for Pelican's small fixed site;
never by reading our sitemaps back. Each parser must return exactly that, lastmods as instants.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import functools
import gzip
import json
import logging
import os
import re
import runpy
import shutil
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

import lxml.html
import pytest
import yaml

from conftest import ROOT, SchemaSet
from sitemapkit.validate import validate_target

EXAMPLES = ROOT / "examples"
#: Distinct, whole-second, past modification times given to the sources before a build.
FIRST_MTIME = 1_700_000_000
#: Pelican's sources get times after the `Modified:` its example states (2024-06-01), so a
#: stated date that wins is older than the file, and listings still depend on the files.
LATER_MTIME = 1_750_000_000
_URL_SAFE = "/!$&'()*+,;=:@"
Intended = dict[str, dt.datetime | None]


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return


@pytest.fixture
def serve() -> Iterator[Callable[[Path], str]]:
    """Serve folders on 127.0.0.1; every server is shut down when the test ends."""
    servers: list[tuple[ThreadingHTTPServer, threading.Thread]] = []

    def start(folder: Path) -> str:
        folder.mkdir(parents=True, exist_ok=True)
        handler = functools.partial(_QuietHandler, directory=str(folder))
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
        thread.start()
        servers.append((server, thread))
        return f"http://127.0.0.1:{server.server_port}/"

    yield start
    for server, thread in servers:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loopback only: no proxy in between, and no clamp on the times we set."""
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)


# -- what each site should list ----------------------------------------------------------------


def _stamp(files: list[Path], first: int = FIRST_MTIME) -> dict[Path, dt.datetime]:
    """Give each file its own modification time (an hour apart) and return them."""
    times = {}
    for number, path in enumerate(sorted(files)):
        seconds = first + 3600 * number + 7
        os.utime(path, (seconds, seconds))
        times[path] = dt.datetime.fromtimestamp(seconds, dt.timezone.utc)
    return times


def _url_path(relative: str, safe: str = _URL_SAFE) -> str:
    """The URL path of an output file, pretty, percent-encoded (RFC 3986 leaves `safe` raw)."""
    if relative == "index.html" or relative.endswith("/index.html"):
        relative = relative[: -len("index.html")]
    return quote(relative, safe=safe)


def _html_files(out: Path) -> list[str]:
    return sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.suffix in (".html", ".htm") and p.is_file() and p.name != "404.html"
    )


@dataclass
class Built:
    out: Path
    base: str
    intended: Intended
    gzip: bool
    split: bool = False


def build_cli(tmp: Path, serve: Callable[[Path], str], *extra: str) -> Built:
    out = Path(shutil.copytree(EXAMPLES / "cli" / "site", tmp / "out"))
    times = _stamp([p for p in out.rglob("*") if p.is_file()])
    base = serve(out)
    run = [sys.executable, "-m", "sitemapkit", "build", str(out), "--base-url", base, *extra]
    done = subprocess.run(run, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    intended: Intended = {base + _url_path(rel): times[out / rel] for rel in _html_files(out)}
    return Built(out, base, intended, gzip="--gzip" in extra, split="--max-urls" in extra)


def _front_matter(source: Path) -> dict[str, Any]:
    text = source.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    data = yaml.safe_load(text[4 : text.index("\n---", 4)])
    return data if isinstance(data, dict) else {}


def _mkdocs_source(docs: Path, relative: str) -> Path:
    """The Markdown file MkDocs renders as `relative` (directory URLs)."""
    folder = relative[: -len("index.html")].rstrip("/")
    candidates = [f"{folder}.md", f"{folder}/index.md", f"{folder}/README.md"]
    if not folder:
        candidates = ["index.md", "README.md"]
    return next(docs / c for c in candidates if (docs / c).is_file())


def build_mkdocs(tmp: Path, serve: Callable[[Path], str]) -> Built:
    source = Path(shutil.copytree(EXAMPLES / "mkdocs", tmp / "src"))
    times = _stamp([p for p in (source / "docs").rglob("*.md")])
    out = tmp / "out"
    base = serve(out)
    config = source / "conformance.yml"
    config.write_text(f"INHERIT: mkdocs.yml\nsite_url: {base}\n", encoding="utf-8")
    run = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(out)]
    done = subprocess.run(run, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    intended: Intended = {}
    noindex: list[str] = []
    for relative in _html_files(out):
        page = _mkdocs_source(source / "docs", relative)
        stated = _front_matter(page).get("sitemap")
        if stated is False or (isinstance(stated, dict) and stated.get("exclude") is True):
            continue
        if _says_noindex(out / relative):
            noindex.append(relative)
            continue
        lastmod = times[page]
        if isinstance(stated, dict) and isinstance(stated.get("lastmod"), dt.date):
            day = stated["lastmod"]
            lastmod = dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc)
        # The URL MkDocs itself links to: it encodes every reserved character but '/'.
        intended[base + _url_path(relative, safe="/")] = lastmod
    assert noindex == ["subscribed/index.html"]  # the example's theme override wrote its tag
    return Built(out, base, intended, gzip=True)  # the MkDocs adapter's default


def _says_noindex(page: Path) -> bool:
    """Read with lxml, not sitemapkit's reader: a robots meta tag with noindex or none."""
    contents = _links(page, '//head/meta[@name="robots"]/@content')
    return any({"noindex", "none"} & set(re.split(r"[\s,]+", c.lower())) for c in contents)


def _served_file(out: Path, url_path: str) -> Path:
    """The file a pretty URL path (`posts/porto/`, `` for the home page) is served from."""
    return out / (url_path + "index.html" if url_path == "" or url_path.endswith("/") else url_path)


def _links(page: Path, xpath: str) -> list[str]:
    """The addresses an HTML page holds at `xpath` (`//a/@href`), as written."""
    found = lxml.html.fromstring(page.read_bytes()).xpath(xpath)
    assert isinstance(found, list), found
    return [str(href) for href in found]


#: The Pelican example's URLs, reviewed by hand against examples/pelican: pelicanconf.py's
#: pretty URLs, two articles a page, one author (AUTHOR). Not listed: the draft `unfinished`,
#: the hidden page `thanks`, `old-contact` (Sitemap_exclude), images/logo.png (not `*.pdf`).
PELICAN_ARTICLES = {
    "posts/first-steps/": "articles/first-steps.md",
    "posts/lisbon/": "articles/lisbon.md",
    "posts/porto/": "articles/porto.rst",
    "posts/reading-list/": "articles/reading-list.md",
    "posts/virtualenvs/": "articles/virtualenvs.md",
}
PELICAN_OTHER_CONTENT = {
    "posts/first-steps-fr/": "articles/first-steps-fr.md",  # a translation: in no listing
    "about/": "pages/about.md",
    "colophon.html": "pages/colophon.md",  # only Save_as: is set, so it is served there
    "files/cheatsheet.pdf": "files/cheatsheet.pdf",  # include_static: ["*.pdf"]
}
#: Pages listing articles; each is as new as the newest article it links to.
PELICAN_LISTINGS = (
    *("", "page/2/", "page/3/", "archives/", "posts/2024/"),
    *("author/ada-example/", "author/ada-example/page/2/", "author/ada-example/page/3/"),
    *("category/notes/", "category/python/", "category/travel/"),
    *("tag/beginners/", "tag/books/", "tag/cities/", "tag/portugal/", "tag/python/"),
    "tag/tooling/",
)
#: Summaries of every article (tag, category and author names): as new as the newest article.
PELICAN_SUMMARIES = ("authors.html", "categories.html", "tags.html")
_MODIFIED = re.compile(r"^(?:Modified:|:modified:)[ \t]*(\S.*?)\s*$", re.MULTILINE | re.IGNORECASE)


def _stated_modified(source: Path, zone: ZoneInfo) -> dt.datetime | None:
    """The `Modified:` an author states, in the site's TIMEZONE; it wins over the file's time."""
    if source.suffix not in (".md", ".rst"):
        return None
    found = _MODIFIED.search(source.read_text(encoding="utf-8"))
    if found is None:
        return None
    stated = dt.datetime.fromisoformat(found.group(1))
    return stated.replace(tzinfo=zone) if stated.tzinfo is None else stated


def build_pelican(tmp: Path, serve: Callable[[Path], str]) -> Built:
    source = Path(shutil.copytree(EXAMPLES / "pelican", tmp / "src"))
    content, settings = source / "content", source / "pelicanconf.py"
    times = _stamp([p for p in content.rglob("*") if p.is_file()], LATER_MTIME)
    zone = ZoneInfo(str(runpy.run_path(str(settings)).get("TIMEZONE", "UTC")))
    out = tmp / "out"
    base = serve(out)
    siteurl = json.dumps(base.rstrip("/"))
    run = [sys.executable, "-m", "pelican", str(content), "-s", str(settings), "-o", str(out),
           "-q", "--fatal", "warnings", "-e", f"SITEURL={siteurl}"]  # fmt: skip
    done = subprocess.run(run, cwd=tmp, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    lastmods: dict[str, dt.datetime] = {}
    for url_path, relative in {**PELICAN_ARTICLES, **PELICAN_OTHER_CONTENT}.items():
        stated = _stated_modified(content / relative, zone)
        assert stated is None or stated < times[content / relative]
        lastmods[base + url_path] = stated or times[content / relative]

    def linked_articles(url_path: str) -> set[str]:
        hrefs = _links(_served_file(out, url_path), "//a/@href")
        return {href for href in hrefs if href.removeprefix(base) in PELICAN_ARTICLES}

    every_article = {base + url_path for url_path in PELICAN_ARTICLES}
    assert linked_articles("archives/") == every_article
    for url_path in PELICAN_LISTINGS:
        shown = linked_articles(url_path)
        assert shown, f"the listing /{url_path} links to no article"
        lastmods[base + url_path] = max(lastmods[url] for url in shown)
    for url_path in PELICAN_SUMMARIES:
        assert _served_file(out, url_path).is_file()
        lastmods[base + url_path] = max(lastmods[url] for url in every_article)
    return Built(out, base, dict(lastmods), gzip=False)  # the core's default; the example keeps it


#: Pages every Sphinx HTML build writes that are left out by default (soft 404s).
SPHINX_UNLISTED = ("search.html", "genindex.html", "genindex-*.html", "404.html")
#: Copied, not rendered: no page of the site lives there.
SPHINX_COPIES = ("_static", "_sources", "_images", "_downloads")
_SPHINX_EXCLUDE = re.compile(r"^:sitemap-exclude:[ \t]*(\S+)", re.MULTILINE)
_SPHINX_INCLUDE = re.compile(r"^[ \t]*\.\. (?:literal)?include::[ \t]*(\S.*?)\s*$", re.MULTILINE)


def _sphinx_dependencies(document: Path, srcdir: Path) -> set[Path]:
    """A document and the files it includes, at any depth (`/x` is relative to the srcdir)."""
    found, todo = set(), [document]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        if path.suffix != ".rst":
            continue
        for target in _SPHINX_INCLUDE.findall(path.read_text(encoding="utf-8")):
            folder = srcdir if target.startswith("/") else path.parent
            todo.append(Path(os.path.normpath(folder / target.lstrip("/"))))
    return found


def _docinfo(document: Path) -> str:
    """The field list a document opens with (`:orphan:`, `:sitemap-exclude: true`), if any."""
    first = document.read_text(encoding="utf-8").lstrip("\n").split("\n\n", 1)[0]
    return first if first.startswith(":") else ""


def build_sphinx(tmp: Path, serve: Callable[[Path], str]) -> Built:
    source = Path(shutil.copytree(EXAMPLES / "sphinx", tmp / "src"))
    sources = list(source.rglob("*.rst"))
    included = {dep for p in sources for dep in _sphinx_dependencies(p, source) if dep != p}
    documents = [p for p in sources if p not in included]
    # Included files are the newest, so a page's lastmod must come from its dependencies.
    times = _stamp(documents) | _stamp(sorted(included), FIRST_MTIME + 3600 * len(documents))
    out = tmp / "out"
    base = serve(out)
    run = [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", "-D", f"html_baseurl={base}",
           str(source), str(out)]  # fmt: skip
    done = subprocess.run(run, cwd=tmp, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    intended: Intended = {}
    generated: list[str] = []
    noindex: list[str] = []
    for page in sorted(out.rglob("*.html")):
        relative = page.relative_to(out).as_posix()
        if relative.split("/")[0] in SPHINX_COPIES:
            continue
        canonical = _links(page, '//link[@rel="canonical"]/@href')
        assert len(canonical) == 1, f"{relative} has no canonical link"
        url = canonical[0]
        assert url == base + quote(relative), (relative, url)
        if any(fnmatch.fnmatchcase(relative, pattern) for pattern in SPHINX_UNLISTED):
            continue
        document = source / (relative.removesuffix(".html") + ".rst")
        if not document.is_file():  # py-modindex and other pages the builder generates
            generated.append(url)
            continue
        stated = _SPHINX_EXCLUDE.search(_docinfo(document))
        if stated and stated.group(1).lower() in ("true", "yes", "1", "on"):
            continue
        if _says_noindex(page):
            noindex.append(relative)
            continue
        intended[url] = max(times[p] for p in _sphinx_dependencies(document, source))
    assert noindex == ["print-checklist.html"]
    site_newest = max(time for time in intended.values() if time is not None)
    intended.update(dict.fromkeys(generated, site_newest))  # no source: the site's newest
    return Built(out, base, intended, gzip=False)  # the core's default; the example keeps it


SITES: dict[str, Callable[[Path, Callable[[Path], str]], Built]] = {
    "cli": build_cli,
    "cli-split-gzip": lambda tmp, serve: build_cli(tmp, serve, "--max-urls", "5", "--gzip"),
}
if (EXAMPLES / "mkdocs" / "mkdocs.yml").is_file():
    SITES["mkdocs"] = build_mkdocs
if (EXAMPLES / "pelican" / "pelicanconf.py").is_file():
    SITES["pelican"] = build_pelican
if (EXAMPLES / "sphinx" / "conf.py").is_file():
    SITES["sphinx"] = build_sphinx


# -- the three readers -------------------------------------------------------------------------


def _instant(value: object) -> dt.datetime | None:
    """A lastmod as an aware UTC instant; a date or a naive time is taken as UTC."""
    if value is None or (isinstance(value, float) and value != value):
        return None
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    if hasattr(value, "to_pydatetime"):
        value = value.to_pydatetime()
    assert isinstance(value, dt.datetime), value
    return value.replace(tzinfo=dt.timezone.utc) if value.tzinfo is None else value


def _fetch(url: str) -> bytes:
    assert url.startswith("http://127.0.0.1:"), f"would leave the loopback: {url}"
    with urllib.request.urlopen(url, timeout=10) as response:
        body: bytes = response.read()
    return gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body


def read_with_usp(base: str) -> list[tuple[str, dt.datetime | None]]:
    from usp.tree import sitemap_tree_for_homepage

    tree = sitemap_tree_for_homepage(base, use_known_paths=False)
    invalid = [s.url for s in tree.all_sitemaps() if type(s).__name__ == "InvalidSitemap"]
    assert invalid == []
    return [(page.url, _instant(page.last_modified)) for page in tree.all_pages()]


def read_one_with_usp(url: str) -> list[tuple[str, dt.datetime | None]]:
    """One sitemap by URL (gzip twins and text sitemaps are not in the index)."""
    from usp.fetch_parse import SitemapFetcher

    sitemap = SitemapFetcher(url=url, recursion_level=0, web_client=None).sitemap()
    assert type(sitemap).__name__ != "InvalidSitemap", (url, sitemap)
    return [(page.url, _instant(page.last_modified)) for page in sitemap.all_pages()]


def read_with_scrapy(base: str) -> list[tuple[str, dt.datetime | None]]:
    from scrapy.utils.sitemap import Sitemap, sitemap_urls_from_robots

    todo = list(sitemap_urls_from_robots(_fetch(base + "robots.txt"), base_url=base))
    assert todo, "robots.txt names no sitemap"
    seen = []
    while todo:
        sitemap = Sitemap(_fetch(todo.pop(0)))
        for entry in sitemap:
            if sitemap.type == "sitemapindex":
                todo.append(entry["loc"])
            else:
                seen.append((entry["loc"], _instant(entry.get("lastmod"))))
    return seen


def read_with_advertools(base: str) -> list[tuple[str, dt.datetime | None]]:
    import advertools

    logging.getLogger("advertools").setLevel(logging.ERROR)
    frame = advertools.sitemap_to_df(base + "robots.txt", max_workers=2)
    if "errors" in frame.columns:
        assert frame["errors"].isna().all(), list(frame["errors"].dropna())
    lastmods = frame["lastmod"] if "lastmod" in frame.columns else [None] * len(frame)
    return [(loc, _instant(lastmod)) for loc, lastmod in zip(frame["loc"], lastmods, strict=True)]


# -- the tests ---------------------------------------------------------------------------------


@pytest.fixture(params=sorted(SITES))
def built(request: pytest.FixtureRequest, tmp_path: Path, serve: Callable[[Path], str]) -> Built:
    return SITES[request.param](tmp_path, serve)


def _assert_exact(seen: list[tuple[str, dt.datetime | None]], built: Built) -> None:
    assert len(seen) == len(built.intended)
    assert dict(seen) == built.intended


def test_usp_from_the_homepage_reads_exactly_the_intended_urls(built: Built) -> None:
    _assert_exact(read_with_usp(built.base), built)


def test_usp_reads_the_gzip_twins_and_the_text_sitemaps(built: Built) -> None:
    names = sorted(p.name for p in built.out.iterdir() if p.name.startswith("sitemap"))
    parts = [n for n in names if n.endswith(".xml.gz") and n != "sitemap-index.xml.gz"]
    texts = [n for n in names if n.endswith(".txt")]
    if built.split:  # sitemap.xml(.gz) is then a copy of the index
        parts = [n for n in parts if n != "sitemap.xml.gz"]
    assert bool(parts) is built.gzip
    if parts:
        _assert_exact([seen for n in parts for seen in read_one_with_usp(built.base + n)], built)
    listed = [url for n in texts for url, _ in read_one_with_usp(built.base + n)]
    assert sorted(listed) == sorted(built.intended)


def test_scrapy_from_robots_through_the_index(built: Built) -> None:
    _assert_exact(read_with_scrapy(built.base), built)


def test_advertools_from_robots_without_errors(built: Built) -> None:
    _assert_exact(read_with_advertools(built.base), built)


def test_served_output_passes_the_validator_and_the_xsd(built: Built, schemas: SchemaSet) -> None:
    report = validate_target(built.out, base_url=built.base)
    assert report.problems == [], report.describe()
    assert report.urls == len(built.intended)
    checked = schemas.validate_folder(built.out)
    assert any(p.name.endswith(".gz") for p in checked) is built.gzip
    if built.split:
        parts = sorted(p.name for p in built.out.glob("sitemap-[0-9]*.xml"))
        assert len(parts) == -(-len(built.intended) // 5) > 1
