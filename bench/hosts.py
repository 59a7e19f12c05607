"""The generator part: MkDocs, Pelican and Sphinx sites built with and without a sitemap step.

Each build runs in a fresh child process. The sitemap step alone is timed by wrapping the
functions a generator calls into the sitemap code (the adapter's hooks, or a peer plugin's),
from outside: no adapter code changes. MkDocs' own sitemap step is timed in the builds that
use it (without sitemapkit, which turns it off).
"""

from __future__ import annotations

import functools
import io
import os
import shutil
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trees import folder_paths

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
PEERS_VENV = BENCH / "sites" / "peers-venv"
BASE_URL = "https://example.com/"
PEERS = {"sphinx": "sphinx-sitemap", "pelican": "pelican-sitemap"}
#: Per-URL costs the issue measured on this machine, for the report's comparison lines.
ISSUE_FIGURES = "sphinx-sitemap ≈ 235 µs, pelican-sitemap ≈ 36 µs, MkDocs' own 7-11 µs"

_PARAGRAPH = (
    "A paragraph of a synthetic page, with *some* emphasis and a [link](https://example.com/).\n"
)


# --- synthetic source sites ---


def _pages(count: int) -> Iterator[tuple[str, int, str]]:
    """(folder, number, title) of each page: about 100 per folder, folders 1 to 3 deep."""
    folders = [
        path.replace(" ", "-").replace("ü", "u") for path in folder_paths(max(1, count // 100))
    ]
    for number in range(count):
        folder = folders[number * len(folders) // count]
        yield folder, number, f"Page {number}"


def _write(path: Path, text: str, mtime: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (mtime, mtime))


def _mtime(number: int) -> int:
    return 1420070400 + (number * 7919 * 3607) % (10 * 365 * 86400)


def make_mkdocs(site: Path, count: int) -> None:
    for folder, number, title in _pages(count):
        name = "index.md" if number == 0 else f"{folder}page-{number}.md"
        _write(site / "docs" / name, f"# {title}\n\n" + _PARAGRAPH * 3, _mtime(number))
    # A short nav keeps the theme linear: every page renders the nav.
    common = f"site_name: Bench\nsite_url: {BASE_URL}\nnav:\n  - index.md\n"
    (site / "without.yml").write_text(common + "plugins: [search]\n", encoding="utf-8")
    (site / "with.yml").write_text(common + "plugins: [search, sitemapkit]\n", encoding="utf-8")


def make_pelican(site: Path, count: int) -> None:
    for folder, number, title in _pages(count):
        category = folder.split("/")[0].strip("/") or "misc"
        day = time.strftime("%Y-%m-%d", time.gmtime(_mtime(number)))
        text = (
            f"Title: {title}\nDate: {day}\nCategory: {category}\nTags: t{number % 50}\n"
            f"Slug: page-{number}\n\n" + _PARAGRAPH * 3
        )
        _write(site / "content" / folder / f"page-{number}.md", text, _mtime(number))


def make_sphinx(site: Path, count: int) -> None:
    names = []
    for folder, number, title in _pages(count):
        if number == 0:
            continue
        name = f"{folder}page-{number}"
        names.append(name)
        text = f"{title}\n{'=' * len(title)}\n\n" + _PARAGRAPH.replace("*", "") * 3
        _write(site / "source" / f"{name}.rst", text, _mtime(number))
    toctree = "\n".join(f"   {name}" for name in names)
    index = f"Bench\n=====\n\n.. toctree::\n   :maxdepth: 1\n\n{toctree}\n"
    _write(site / "source" / "index.rst", index, _mtime(0))
    conf = (
        "import os\n"
        "project = 'Bench'\n"
        f"html_baseurl = {BASE_URL!r}\n"
        "html_sidebars = {'**': []}  # no global toctree per page: the theme stays linear\n"
        "extensions = [e for e in [os.environ.get('BENCH_SITEMAP', '')] if e]\n"
        "sitemapkit_gzip = True\n"
        "sitemap_url_scheme = '{link}'\n"
    )
    _write(site / "source" / "conf.py", conf, _mtime(0))


MAKERS: dict[str, Callable[[Path, int], None]] = {
    "mkdocs": make_mkdocs,
    "pelican": make_pelican,
    "sphinx": make_sphinx,
}


def ensure_site(host: str, count: int, sites: Path) -> Path:
    final = sites / f"{host}-{count}"
    if final.is_dir():
        return final
    partial = sites / f"{host}-{count}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    MAKERS[host](partial, count)
    partial.rename(final)
    return final


# --- child side: one build, its sitemap step timed from outside ---


class StepTimer:
    """Accumulates the time spent inside wrapped callables."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0

    def wrap(self, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - started
                self.calls += 1

        return timed


def count_urls(folder: Path) -> int:
    """`<loc>`s in the sitemap files (urlsets only) a build wrote at the top of its output."""
    total = 0
    for path in folder.glob("sitemap*.xml"):
        text = path.read_text(encoding="utf-8")
        if "<urlset" in text:
            total += text.count("<loc>")
    return total


def _build_mkdocs(site: Path, mode: str, out: Path, timer: StepTimer, own: StepTimer) -> None:
    from mkdocs.commands import build as mkdocs_build
    from mkdocs.config import load_config

    if mode == "with":
        from sitemapkit.mkdocs import SitemapkitPlugin

        for name in dir(SitemapkitPlugin):
            if name.startswith("on_"):
                setattr(SitemapkitPlugin, name, timer.wrap(getattr(SitemapkitPlugin, name)))
    theme_template = mkdocs_build._build_theme_template

    def timed_template(template_name: str, *args: Any, **kwargs: Any) -> None:
        if template_name != "sitemap.xml":
            return theme_template(template_name, *args, **kwargs)
        started = time.perf_counter()
        theme_template(template_name, *args, **kwargs)
        own.seconds += time.perf_counter() - started
        own.calls += 1
        return None

    mkdocs_build._build_theme_template = timed_template
    config = load_config(config_file=str(site / f"{'with' if mode == 'with' else 'without'}.yml"))
    config["site_dir"] = str(out)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build.build(config)
    finally:
        config.plugins.on_shutdown()


def _wrap_signal_receivers(prefixes: tuple[str, ...], timer: StepTimer) -> None:
    """Time every blinker receiver from the sitemap code (kept alive: the wrapper is strong)."""
    import blinker

    connect = blinker.Signal.connect

    def timed_connect(signal: Any, receiver: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(receiver, "__module__", "").startswith(prefixes):
            receiver = timer.wrap(receiver)
            kwargs["weak"] = False
        return connect(signal, receiver, *args, **kwargs)

    blinker.Signal.connect = timed_connect  # type: ignore[method-assign]


def _build_pelican(site: Path, mode: str, out: Path, timer: StepTimer) -> None:
    import logging

    from pelican import Pelican
    from pelican.settings import read_settings

    logging.getLogger("pelican").setLevel(logging.ERROR)
    plugins: list[str] = []
    if mode == "with":
        plugins = ["sitemapkit.pelican"]
        _wrap_signal_receivers(("sitemapkit",), timer)
    elif mode == "peer":
        plugins = ["sitemap"]
        _wrap_signal_receivers(("pelican.plugins.sitemap",), timer)
    settings = read_settings(
        None,
        override={
            "PATH": str(site / "content"),
            "OUTPUT_PATH": str(out),
            "SITEURL": BASE_URL.rstrip("/"),
            "PLUGINS": plugins,
            "SITEMAPKIT": {"gzip": True},
            "SITEMAP": {"format": "xml"},
            "FEED_ALL_ATOM": None,
            "CATEGORY_FEED_ATOM": None,
            "TRANSLATION_FEED_ATOM": None,
            "AUTHOR_FEED_ATOM": None,
            "AUTHOR_FEED_RSS": None,
            "DEFAULT_PAGINATION": False,
            "CACHE_CONTENT": False,
            "LOAD_CONTENT_CACHE": False,
        },
    )
    Pelican(settings).run()


def _build_sphinx(site: Path, mode: str, out: Path, timer: StepTimer) -> None:
    from sphinx.application import Sphinx

    prefix = {"with": "sitemapkit", "peer": "sphinx_sitemap"}.get(mode)
    os.environ["BENCH_SITEMAP"] = {"with": "sitemapkit.sphinx", "peer": "sphinx_sitemap"}.get(
        mode, ""
    )
    if prefix is not None:
        connect = Sphinx.connect

        def timed_connect(app: Any, event: str, callback: Any, *args: Any, **kwargs: Any) -> Any:
            if getattr(callback, "__module__", "").startswith(prefix):
                callback = timer.wrap(callback)
            return connect(app, event, callback, *args, **kwargs)

        Sphinx.connect = timed_connect  # type: ignore[method-assign]
    source = site / "source"
    app = Sphinx(
        str(source),
        str(source),
        str(out),
        str(out / ".doctrees"),
        "html",
        status=io.StringIO(),
        warning=io.StringIO(),
        freshenv=True,
    )
    app.build(force_all=True)


def run_host_child(kind: str, argv: list[str]) -> dict[str, Any]:
    """`host-build HOST SITE MODE OUT`: one build; its time, the step's, and the URLs listed."""
    host, site, mode, out = argv
    site_path, out_path = Path(site), Path(out)
    shutil.rmtree(out_path, ignore_errors=True)
    timer, own = StepTimer(), StepTimer()
    started = time.perf_counter()
    if host == "mkdocs":
        _build_mkdocs(site_path, mode, out_path, timer, own)
    elif host == "pelican":
        _build_pelican(site_path, mode, out_path, timer)
    else:
        _build_sphinx(site_path, mode, out_path, timer)
    build = time.perf_counter() - started
    urls = count_urls(out_path)
    shutil.rmtree(out_path, ignore_errors=True)
    return {
        "seconds": build,
        "urls": urls,
        "step": timer.seconds,
        "step_calls": timer.calls,
        "own_step": own.seconds,
    }


# --- parent side ---


def adapter_ready(host: str) -> str | None:
    """Why the adapter cannot be benchmarked yet, or None."""
    init = ROOT / "plugins" / host / "__init__.py"
    if not init.is_file() or not init.read_text(encoding="utf-8").strip():
        return f"the {host} adapter is not written yet"
    return None


def peers_python() -> str | None:
    """The separate virtualenv with sphinx-sitemap and pelican-sitemap, made on first use."""
    python = PEERS_VENV / "bin" / "python"
    if python.is_file():
        return str(python)
    import subprocess
    from importlib.metadata import version

    subprocess.run([sys.executable, "-m", "venv", str(PEERS_VENV)], check=True)
    pins = [f"sphinx=={version('sphinx')}", f"pelican=={version('pelican')}", "markdown"]
    result = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", *pins, *PEERS.values()],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        shutil.rmtree(PEERS_VENV, ignore_errors=True)
        print(f"  could not install the peers: {result.stderr.strip()[-500:]}")
        return None
    return str(python)


@dataclass
class HostRow:
    host: str
    pages: int
    contender: str
    urls: int
    build: float
    step: float | None
    runs: int
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def step_us(self) -> float | None:
        return self.step / self.urls * 1e6 if self.step is not None and self.urls else None


def bench_hosts(
    hosts: list[str],
    sizes: list[int],
    runs: int | None,
    peers: bool,
    sites: Path,
    say: Callable[[str], None],
) -> list[str]:
    from run import measure, self_command

    rows: list[HostRow] = []
    missing: list[str] = []
    peer_python = peers_python() if peers else None
    if peers and peer_python is None:
        missing.append("the peers (sphinx-sitemap, pelican-sitemap) could not be installed")
    for host in hosts:
        reason = adapter_ready(host)
        if reason is not None:
            missing.append(reason)
            say(f"  {host}: skipped, {reason}")
            continue
        for size in sizes:
            site = ensure_site(host, size, sites)
            runs_here = runs if runs is not None else (3 if size < 10_000 else 1)
            modes = ["without", "with"]
            if peer_python is not None and host in PEERS:
                modes.append("peer")
            say(f"{host} site of {size:,} pages, {runs_here} runs: {', '.join(modes)}")
            samples: dict[str, list[dict[str, float]]] = {mode: [] for mode in modes}
            for run in range(runs_here):
                for mode in modes[run % len(modes) :] + modes[: run % len(modes)]:
                    python = peer_python if mode == "peer" and peer_python else sys.executable
                    out = site / f"out-{mode}"
                    command = self_command(
                        "host-build", host, str(site), mode, str(out), python=python
                    )
                    try:
                        sample = measure(command, cwd=site)
                    except RuntimeError as exc:
                        missing.append(f"{host} {size:,} {mode}: the build failed")
                        say(f"  {host} {mode} failed: {str(exc)[-800:]}")
                        break
                    samples[mode].append(
                        {
                            "build": sample.inner or sample.wall,
                            "urls": sample.urls or 0,
                            **sample.extra,
                        }
                    )
            rows += _host_rows(host, size, samples, say)
    stat_us = stat_cost([ensure_site(host, max(sizes), sites) for host in hosts])
    return _host_report(rows, missing, peers, stat_us)


def stat_cost(sites: list[Path]) -> float | None:
    """Median µs of one `os.stat` on the sites' source files (cached): the part of a sitemap
    step that no code can remove while lastmods come from file times."""
    paths = [
        os.path.join(folder, name)
        for site in sites
        for folder, _, names in os.walk(site)
        if "out-" not in folder
        for name in names
    ]
    if not paths:
        return None
    rounds = []
    for _ in range(5):
        started = time.perf_counter()
        for path in paths:
            os.stat(path)
        rounds.append((time.perf_counter() - started) / len(paths) * 1e6)
    return statistics.median(rounds)


def _median(samples: list[dict[str, float]], key: str) -> float:
    return statistics.median(sample[key] for sample in samples)


def _host_rows(
    host: str, size: int, samples: dict[str, list[dict[str, float]]], say: Callable[[str], None]
) -> list[HostRow]:
    rows = []
    labels = {
        "without": f"{host} build" + (" (its own sitemap)" if host == "mkdocs" else ", no sitemap"),
        "with": f"{host} build + sitemapkit",
        "peer": f"{host} build + {PEERS.get(host, '')}",
    }
    for mode, found in samples.items():
        if not found:
            continue
        step_key = "own_step" if mode == "without" and host == "mkdocs" else "step"
        step = _median(found, step_key) if mode != "without" or host == "mkdocs" else None
        row = HostRow(
            host,
            size,
            labels[mode],
            int(_median(found, "urls")),
            _median(found, "build"),
            step,
            len(found),
        )
        rows.append(row)
        step_text = f"step {row.step:.3f} s = {row.step_us:.1f} µs/URL" if row.step_us else ""
        say(f"  {row.contender:<36} build {row.build:7.2f} s  {row.urls:6,} URLs  {step_text}")
    return rows


def _host_report(
    rows: list[HostRow], missing: list[str], peers: bool, stat_us: float | None
) -> list[str]:
    lines = [
        "### Generators",
        "",
        "| contender | pages | builds | build | URLs | sitemap step | µs per URL "
        "| share of build |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        step = f"{row.step:.3f} s" if row.step is not None else ""
        per_url = f"{row.step_us:.2f}" if row.step_us is not None else ""
        share = f"{row.step / row.build * 100:.2f}%" if row.step is not None else ""
        lines.append(
            f"| {row.contender} | {row.pages:,} | {row.runs} | {row.build:.2f} s | {row.urls:,} "
            f"| {step} | {per_url} | {share} |"
        )
    targets = _host_targets(rows)
    if not targets:
        targets = ["- The adapter targets are at 10,000 pages: add `--sites 1000,10000`."]
    lines += ["", *targets]
    if stat_us is not None and rows:
        lines.append(
            f"- One `os.stat` of a source file (warm cache) costs {stat_us:.2f} µs on this "
            "machine: a step that takes lastmods from file times pays it once per page."
        )
    if not peers:
        lines.append(f"- Peers not run (`make bench-peers`); the issue measured {ISSUE_FIGURES}.")
    for reason in missing:
        lines.append(f"- Not measured: {reason}.")
    return [*lines, ""]


def _host_targets(rows: list[HostRow]) -> list[str]:
    lines = []
    by_key = {(row.host, row.pages, row.contender): row for row in rows}
    for row in rows:
        if not row.contender.endswith("+ sitemapkit") or row.step_us is None or row.step is None:
            continue
        if row.pages < 10_000:
            continue
        share = row.step / row.build * 100
        ok = row.step_us <= 5.0 and share < 1.0
        line = (
            f"- {row.host} at {row.pages:,} pages: {row.step_us:.2f} µs per URL (target ≤ 5), "
            f"{share:.2f}% of the build (target < 1%): {'met' if ok else 'MISSED'}"
        )
        for other in (
            f"{row.host} build (its own sitemap)",
            f"{row.host} build + {PEERS.get(row.host)}",
        ):
            peer = by_key.get((row.host, row.pages, other))
            if peer is not None and peer.step_us:
                name = other.split("build ")[-1].strip("()+ ")
                ratio = peer.step_us / row.step_us
                if ratio >= 1:
                    line += f"; {ratio:.1f}x faster than {name}"
                else:
                    line += f"; {1 / ratio:.1f}x slower than {name}"
        lines.append(line)
    return lines
