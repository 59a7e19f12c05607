"""Shared test helpers: XSD validation of every sitemap XML a test writes, and small sites."""

from __future__ import annotations

import functools
import gzip
import logging
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest
from lxml import etree

from sitemapkit.xml import MARKER

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = Path(os.environ.get("SITEMAPKIT_SCHEMAS", ROOT.parent / "shared" / "schemas"))
NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}


#: Google's extensions a urlset may carry (image, video, news, hreflang links), by namespace.
_EXTENSIONS = {
    "http://www.google.com/schemas/sitemap-image/1.1": "sitemap-image.xsd",
    "http://www.google.com/schemas/sitemap-video/1.1": "sitemap-video.xsd",
    "http://www.google.com/schemas/sitemap-news/0.9": "sitemap-news.xsd",
    "http://www.w3.org/1999/xhtml": "xhtml1-strict.xsd",
}


class _LocalXmlSchema(etree.Resolver):
    """xhtml1-strict.xsd imports the W3C's xml.xsd by its web address: the copy beside it."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def resolve(self, url: str | None, pubid: str | None, context: object) -> object:
        if url is not None and url.endswith("/2001/xml.xsd"):
            return self.resolve_filename(str(self.folder / "xml.xsd"), context)
        return None


class SchemaSet:
    """The official sitemap and sitemap-index XSDs, with Google's extensions, loaded once
    (lxml, offline): the urlset's wildcard is strict, so an extension needs its schema."""

    def __init__(self, folder: Path) -> None:
        imports = [("http://www.sitemaps.org/schemas/sitemap/0.9", "sitemap.xsd")]
        imports += list(_EXTENSIONS.items())
        wrapper = (
            '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" '
            'elementFormDefault="qualified">'
            + "".join(
                f'<xs:import namespace="{namespace}" schemaLocation="{(folder / name).as_uri()}"/>'
                for namespace, name in imports
            )
            + "</xs:schema>"
        )
        parser = etree.XMLParser()
        parser.resolvers.add(_LocalXmlSchema(folder))
        self.urlset = etree.XMLSchema(etree.fromstring(wrapper.encode(), parser))
        self.index = etree.XMLSchema(etree.parse(str(folder / "siteindex.xsd")))

    def validate_file(self, path: Path) -> None:
        data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        tree = etree.fromstring(data)
        schema = self.index if etree.QName(tree).localname == "sitemapindex" else self.urlset
        if not schema.validate(tree):
            raise AssertionError(f"{path.name} is not valid against the XSD: {schema.error_log}")

    def validate_folder(self, folder: Path) -> list[Path]:
        """Validate every sitemap XML (and .xml.gz) in a folder; return the files checked."""
        checked = sorted(
            p for p in folder.iterdir() if p.name.endswith((".xml", ".xml.gz")) and p.is_file()
        )
        for path in checked:
            self.validate_file(path)
        return checked


#: Every XSD `SchemaSet` loads: the protocol's two, Google's extensions, and W3C's xml.xsd.
_SCHEMA_FILES = ("sitemap.xsd", "siteindex.xsd", *_EXTENSIONS.values(), "xml.xsd")


def schemas_missing() -> str | None:
    missing = [name for name in _SCHEMA_FILES if not (SCHEMAS / name).is_file()]
    if not missing:
        return None
    return f"official XSDs not found in {SCHEMAS}: {', '.join(missing)} (set SITEMAPKIT_SCHEMAS)"


@functools.cache
def load_schemas() -> SchemaSet:
    return SchemaSet(SCHEMAS)


@pytest.fixture(scope="session")
def schemas() -> SchemaSet:
    """The XSDs; outside CI they may be missing (skip), with CI=true that is a failure."""
    message = schemas_missing()
    if message is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return load_schemas()


@pytest.fixture(scope="session", autouse=True)
def _every_sitemap_the_tests_write_is_valid(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[None]:
    """At the end of the run, every XML file sitemapkit wrote in the tests' folders meets the XSD.

    Tests check their files as they go where it matters; this sweep catches the rest, with
    each file named by its path (which holds the test's name). Files without sitemapkit's mark
    are left alone: some tests write broken ones on purpose. Where the XSDs are missing outside
    CI, the `schemas` tests say so; with CI=true, that fails here too.
    """
    yield
    ours = [
        path
        for path in tmp_path_factory.getbasetemp().rglob("*.xml*")
        if path.name.endswith((".xml", ".xml.gz"))
        and path.is_file()
        and not path.is_symlink()
        and _MARK in _head(path)
    ]
    if not ours:
        return
    message = schemas_missing()
    if message is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        _UNCHECKED.append(f"{len(ours):,} sitemaps the tests wrote were not checked: {message}")
        return
    schema_set = load_schemas()
    invalid = []
    for path in ours:
        try:
            schema_set.validate_file(path)
        except (AssertionError, etree.XMLSyntaxError) as exc:
            invalid.append(f"{path}: {exc}")
    assert not invalid, f"{len(invalid)} of {len(ours)} sitemaps fail the XSD:\n" + "\n".join(
        invalid
    )


_MARK = MARKER.encode()
#: Said at the end of the run: what the sweep could not check.
_UNCHECKED: list[str] = []


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """A sweep that could not run is said, not passed over in silence."""
    for line in _UNCHECKED:
        terminalreporter.write_line(f"XSD sweep skipped: {line}", yellow=True)


def _head(path: Path) -> bytes:
    try:
        if path.suffix == ".gz":
            with gzip.open(path, "rb") as handle:
                return handle.read(4096)
        with path.open("rb") as handle:
            return handle.read(4096)
    except (OSError, EOFError):
        return b""


@pytest.fixture(autouse=True)
def _no_pelican_log_dedup_outside_pelican_tests(request: pytest.FixtureRequest) -> Iterator[None]:
    """Importing `pelican.log` makes every logger created later drop repeated warnings.

    That is Pelican's process-wide policy (its `LimitFilter`); MkDocs' and Sphinx's tests in
    the same process must see each of their own warnings (strict modes count them).
    """
    log = sys.modules.get("pelican.log")
    if log is None or request.module.__name__.startswith("test_pelican"):
        yield
        return
    limit = log.LimitFilter
    previous = limit.LOGS_DEDUP_MIN_LEVEL
    limit.LOGS_DEDUP_MIN_LEVEL = logging.NOTSET  # every level above it passes untouched
    yield
    limit.LOGS_DEDUP_MIN_LEVEL = previous


def write_tree(root: Path, files: Mapping[str, str | bytes]) -> Path:
    """A site stated inline: file name -> content, written below `root`."""
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def git_commit(repo: Path, paths: list[str], when: str) -> None:
    """Commit `paths` (relative to `repo`, made a repository if it is none) dated `when`
    (ISO 8601), apart from any git configuration of the machine."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Ada",
        "GIT_AUTHOR_EMAIL": "ada@example.com",
        "GIT_COMMITTER_NAME": "Ada",
        "GIT_COMMITTER_EMAIL": "ada@example.com",
        "GIT_AUTHOR_DATE": when,
        "GIT_COMMITTER_DATE": when,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)

    if not (repo / ".git").exists():
        git("init", "-q")
    git("add", "--", *paths)
    git("commit", "-q", "-m", f"change at {when}")


@pytest.fixture
def make_tree(tmp_path: Path) -> Callable[..., Path]:
    def make(files: Mapping[str, str | bytes], name: str = "site") -> Path:
        return write_tree(tmp_path / name, files)

    return make


def parse_urlset(path: Path) -> list[dict[str, str]]:
    """Each `<url>` of a sitemap as a dict of its children's text."""
    tree = etree.parse(str(path))
    rows = []
    for url in tree.getroot().findall("sm:url", NS):
        rows.append({etree.QName(child).localname: child.text or "" for child in url})
    return rows


def locs(path: Path) -> list[str]:
    """The `<loc>` values of a sitemap or an index, in order."""
    tree = etree.parse(str(path))
    return [el.text or "" for el in tree.getroot().iterfind(".//sm:loc", NS)]


#: What a wheel build needs from the source tree (copied, so the build leaves the tree clean).
BUILD_INPUTS = ("pyproject.toml", "README.md", "LICENSE", "core", "plugins")


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built once per test session from a copy of the source tree."""
    source = tmp_path_factory.mktemp("source")
    for name in BUILD_INPUTS:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(out), str(source)],
        check=True,
    )  # fmt: skip
    (found,) = out.glob("sitemapkit-*.whl")
    return found


def fresh_venv_with_wheel(wheel: Path, env_dir: Path) -> tuple[Path, Path]:
    """A new virtualenv with only the wheel installed; returns (python, site-packages).

    Dependencies come from this environment as a plain path in a .pth file: the .pth files
    found there (the editable install's among them) are not run, so sitemapkit can only be
    imported from the wheel.
    """
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-deps", "--no-index", str(wheel)],
        check=True,
    )  # fmt: skip
    site_packages = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    )  # fmt: skip
    dev_packages = sysconfig.get_path("purelib")
    (site_packages / "dev-packages.pth").write_text(f"{dev_packages}\n", encoding="utf-8")
    return python, site_packages
