"""The benchmark: sitemapkit against the floor of the job, and each generator's sitemap step.

    python bench/run.py                      # output trees of 10k, 100k (and 1M once generated),
                                             # then 1,000-page sites of each generator
    python bench/run.py --sizes 10000,1000000 --runs 5 --sites 1000,10000 --hosts mkdocs
    python bench/run.py --peers              # also sphinx-sitemap and pelican-sitemap

Every measurement runs in a fresh child process, so its peak RSS is its own (`os.wait4`).
Contenders are interleaved run by run and the report gives medians. Generated sites live in
bench/sites/ and are reused; results go to bench/results/ (a JSON file per run and latest.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
BASE_URL = "https://example.com/"
BIG_TREE = 1_000_000
URLS_PER_FILE = 50_000

# --- the floor: the least a Python program can do for a valid sitemap of an output tree ---

_FLOOR_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
)
_NEEDS_QUOTE = re.compile(r"[^A-Za-z0-9._~/-]").search


def floor(root: str, base_url: str = BASE_URL) -> int:
    """Walk with os.scandir (sorted), stat each page, join `<url><loc/><lastmod/></url>`.

    Names are percent-encoded only when they need it; files of 50,000 URLs; no text twin,
    no index, no priority: the physical limit the real tool is measured against.
    """
    lines: list[str] = []
    written = [0, 0]  # files, urls

    def flush() -> None:
        written[0] += 1
        with open(os.path.join(root, f"floor-{written[0]}.xml"), "wb") as out:
            out.write((_FLOOR_HEAD + "".join(lines) + "</urlset>\n").encode("ascii"))
        written[1] += len(lines)
        lines.clear()

    def walk(folder: str, prefix: str) -> None:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
        for entry in entries:
            name = entry.name
            if entry.is_dir():
                walk(entry.path, prefix + (quote(name) if _NEEDS_QUOTE(name) else name) + "/")
            elif name.endswith(".html"):
                stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(entry.stat().st_mtime))
                loc = prefix + (quote(name) if _NEEDS_QUOTE(name) else name)
                lines.append(f"<url><loc>{base_url}{loc}</loc><lastmod>{stamp}</lastmod></url>\n")
                if len(lines) == URLS_PER_FILE:
                    flush()

    walk(root, "")
    if lines:
        flush()
    return written[1]


def api(root: str, gzip: bool) -> int:
    """The core alone: `build_sitemaps` on a scan of the folder, options resolved beforehand."""
    from sitemapkit import build_sitemaps, resolve_options

    options = resolve_options({"base_url": BASE_URL, "gzip": gzip})
    return build_sitemaps(root, options, report=lambda notice: None).urls


def run_child(argv: Sequence[str]) -> None:
    """Child side: run one measurement, print its own time as JSON on stdout."""
    kind, *rest = argv
    if kind in ("floor", "api", "api-gzip"):
        started = time.perf_counter()
        urls = floor(rest[0]) if kind == "floor" else api(rest[0], kind == "api-gzip")
        print(json.dumps({"seconds": time.perf_counter() - started, "urls": urls}))
        return
    from hosts import run_host_child

    print(json.dumps(run_host_child(kind, rest)))


# --- measuring a child process ---


@dataclass
class Sample:
    wall: float
    cpu: float
    inner: float | None
    rss_mb: float
    urls: int | None
    extra: dict[str, Any] = field(default_factory=dict)


def measure(command: Sequence[str], cwd: Path | None = None) -> Sample:
    """Run one child; its wall time, peak RSS, and what it printed about itself."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=err, cwd=cwd)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({child.returncode}):\n{stderr[-3000:]}")
    inner: float | None = None
    urls: int | None = None
    extra: dict[str, Any] = {}
    last = stdout.strip().splitlines()[-1] if stdout.strip() else ""
    if last.startswith("{"):
        extra = json.loads(last)
        inner = extra.pop("seconds", None)
        urls = extra.pop("urls", None)
    else:
        listed = re.search(r"listed ([\d,]+) pages", stdout)
        urls = int(listed.group(1).replace(",", "")) if listed else None
    cpu = usage.ru_utime + usage.ru_stime
    return Sample(wall, cpu, inner, usage.ru_maxrss / 1024, urls, extra)


def self_command(*args: str, python: str = sys.executable) -> list[str]:
    return [python, str(BENCH / "run.py"), "--child", *args]


def cli_command(root: Path, gzip: bool) -> list[str]:
    program = str(Path(sys.executable).with_name("sitemapkit"))
    return [program, "build", str(root), "--base-url", BASE_URL] + (["--gzip"] if gzip else [])


# --- the output-tree part ---


@dataclass
class Row:
    """One contender at one size: medians over the runs."""

    section: str
    size: int
    contender: str
    seconds: float
    cpu: float
    rss_mb: float
    runs: int
    floor_seconds: float | None = None
    floor_cpu: float | None = None
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def us_per_url(self) -> float:
        return self.seconds / self.size * 1e6

    @property
    def floor_ratio(self) -> float | None:
        return self.seconds / self.floor_seconds if self.floor_seconds else None

    @property
    def floor_cpu_ratio(self) -> float | None:
        return self.cpu / self.floor_cpu if self.floor_cpu else None


TREE_CONTENDERS: dict[str, Callable[[Path], list[str]]] = {
    "floor (scandir + stat + join)": lambda root: self_command("floor", str(root)),
    "`build_sitemaps()` (core API)": lambda root: self_command("api", str(root)),
    "`sitemapkit build`": lambda root: cli_command(root, gzip=False),
    "`sitemapkit build --gzip`": lambda root: cli_command(root, gzip=True),
}
FLOOR = "floor (scandir + stat + join)"
API = "`build_sitemaps()` (core API)"


def bench_tree(
    size: int, runs: int, sites: Path, keep: bool, say: Callable[[str], None]
) -> list[Row]:
    from trees import ensure_tree, remove_outputs

    started = time.perf_counter()
    root, generated = ensure_tree(sites, size)
    if generated:
        say(f"  generated {root.name} in {time.perf_counter() - started:.0f} s")
    names = list(TREE_CONTENDERS)
    samples: dict[str, list[Sample]] = {name: [] for name in names}
    remove_outputs(root)
    measure(self_command("floor", str(root)))  # warm the page cache
    for run in range(runs):
        order = names[run % len(names) :] + names[: run % len(names)]
        for name in order:
            remove_outputs(root)
            sample = measure(TREE_CONTENDERS[name](root))
            if sample.urls != size:
                raise RuntimeError(f"{name} listed {sample.urls} URLs of {size}")
            samples[name].append(sample)
    if not keep:
        remove_outputs(root)
    rows = []
    for name in names:
        # The API's time is the call itself; the others are whole processes, as a user runs them.
        times = [s.inner if name == API and s.inner is not None else s.wall for s in samples[name]]
        rows.append(
            Row(
                "tree",
                size,
                name,
                statistics.median(times),
                statistics.median(s.cpu for s in samples[name]),
                statistics.median(s.rss_mb for s in samples[name]),
                runs,
            )
        )
    for row in rows:
        row.floor_seconds, row.floor_cpu = rows[0].seconds, rows[0].cpu
        say(
            f"  {size:>9,} {row.contender:<32} {row.seconds:8.3f} s {row.cpu:8.3f} s CPU "
            f"{row.us_per_url:6.2f} µs/URL {row.rss_mb:6.1f} MB  {row.floor_ratio:.2f}x floor "
            f"({row.floor_cpu_ratio:.2f}x in CPU time)"
        )
    return rows


# --- the report ---


def _mb(value: float) -> str:
    return f"{value:.0f} MB"


def tree_table(rows: list[Row]) -> list[str]:
    lines = [
        "| pages | contender | seconds | CPU seconds | µs per URL | peak RSS "
        "| x floor | x floor, CPU |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    last_size = None
    for row in rows:
        size = f"{row.size:,}" if row.size != last_size else ""
        last_size = row.size
        lines.append(
            f"| {size} | {row.contender} | {row.seconds:.3f} | {row.cpu:.3f} "
            f"| {row.us_per_url:.2f} | {_mb(row.rss_mb)} "
            f"| {row.floor_ratio or 0:.2f}x | {row.floor_cpu_ratio or 0:.2f}x |"
        )
    return lines


def _verdict(ok: bool, value: str, target: str, miss: str) -> str:
    return f"{'met' if ok else 'MISSED'}: {value} (target {target}" + (")" if ok else f"; {miss})")


def _ratio_verdict(ratio: float, limit: float, what: str) -> str:
    return _verdict(
        ratio <= limit,
        f"{ratio:.2f}x {what}",
        f"≤ {limit}x",
        f"{(ratio / limit - 1) * 100:.0f}% over",
    )


def tree_targets(rows: list[Row]) -> list[str]:
    found = {(row.size, row.contender): row for row in rows}
    cli = found.get((BIG_TREE, "`sitemapkit build`"))
    gz = found.get((BIG_TREE, "`sitemapkit build --gzip`"))
    if cli is None or gz is None:
        return [f"- The 1,000,000-page targets need `--sizes ...,{BIG_TREE}`; not measured here."]
    lines = []
    for row, limit in ((cli, 1.5), (gz, 2.0)):
        lines.append(
            f"- {row.contender} at 1,000,000 pages, wall time: "
            + _ratio_verdict(row.floor_ratio or 0.0, limit, "the floor")
            + "; CPU time: "
            + _ratio_verdict(row.floor_cpu_ratio or 0.0, limit, "the floor")
        )
    lines.append(
        "- Peak RSS of the CLI at 1,000,000 pages: "
        + _verdict(
            cli.rss_mb <= 100, _mb(cli.rss_mb), "≤ 100 MB", f"{cli.rss_mb - 100:.0f} MB over"
        )
    )
    small = found.get((100_000, "`sitemapkit build`"))
    if small is not None:
        growth = cli.rss_mb / small.rss_mb
        lines.append(
            "- Peak RSS growth of the CLI from 100,000 to 1,000,000 pages: "
            + _ratio_verdict(growth, 1.3, f"({_mb(small.rss_mb)} → {_mb(cli.rss_mb)})")
        )
    return lines


def machine() -> str:
    import platform

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            models = [
                line.split(":", 1)[1].strip() for line in info if line.startswith("model name")
            ]
        cpu = models[0] if models else cpu
    except OSError:
        pass
    return (
        f"{os.cpu_count()} cores ({cpu}), {platform.system()}, Python {platform.python_version()}"
    )


def write_report(
    tree_rows: list[Row],
    host_lines: list[str],
    command: str,
    results: Path,
    say: Callable[[str], None],
) -> Path:
    header = f"Machine: {machine()}. Command: `{command}`."
    if tree_rows:  # the generator tables give their own number of builds
        header += f" Output trees: medians of {max(r.runs for r in tree_rows)} interleaved runs."
    lines = ["## Benchmark results", "", header, ""]
    if tree_rows:
        lines += ["### Output trees", "", *tree_table(tree_rows), "", *tree_targets(tree_rows), ""]
    lines += host_lines
    results.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    data = {"command": command, "machine": machine(), "tree": [asdict(r) for r in tree_rows]}
    (results / f"{stamp}.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    latest = results / "latest.md"
    latest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    say("\n".join(lines))
    return latest


# --- entry point ---


def _sizes(text: str) -> list[int]:
    return [int(part.replace("_", "")) for part in text.split(",") if part.strip()]


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument(
        "--sizes",
        type=_sizes,
        help="output-tree sizes in pages, comma-separated (default: 10000,100000, and 1000000 "
        "when its tree was generated before; 0 for none)",
    )
    parser.add_argument("--runs", type=int, default=5, help="runs per contender (default 5)")
    parser.add_argument(
        "--sites",
        type=_sizes,
        default=[1000],
        help="generator site sizes in pages (default: 1000; the targets are at 10000, where a "
        "Sphinx build takes minutes; 0 for none)",
    )
    parser.add_argument(
        "--site-runs",
        type=int,
        help="builds per contender and site (default: 3 below 10,000 pages, else 1)",
    )
    parser.add_argument(
        "--hosts", default="mkdocs,pelican,sphinx", help="generators to build (comma-separated)"
    )
    parser.add_argument(
        "--peers", action="store_true", help="also time sphinx-sitemap and pelican-sitemap"
    )
    parser.add_argument(
        "--work",
        type=Path,
        default=BENCH,
        help="folder for sites/ and results/ (default: bench/)",
    )
    parser.add_argument(
        "--keep", action="store_true", help="leave the last sitemap written in each tree"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str]) -> int:
    if argv[:1] == ["--child"]:
        run_child(argv[1:])
        return 0
    args = parse_args(argv)
    sys.path.insert(0, str(BENCH))

    def say(text: str) -> None:
        print(text, flush=True)

    sites, results = args.work / "sites", args.work / "results"
    sizes = args.sizes
    if sizes is None:
        sizes = [10_000, 100_000]
        from trees import tree_path

        if tree_path(sites, BIG_TREE).is_dir():
            sizes.append(BIG_TREE)
        else:
            say(f"(the {BIG_TREE:,}-page tree is not generated yet; add it with --sizes)")
    sizes = [size for size in sizes if size > 0]
    command = "python bench/run.py " + " ".join(argv) if argv else "make bench"
    tree_rows: list[Row] = []
    for size in sizes:
        say(f"output tree of {size:,} pages, {args.runs} runs")
        tree_rows += bench_tree(size, args.runs, sites, args.keep, say)
    host_lines: list[str] = []
    site_sizes = [size for size in args.sites if size > 0]
    if site_sizes:
        from hosts import bench_hosts

        hosts = [host for host in args.hosts.split(",") if host]
        host_lines = bench_hosts(hosts, site_sizes, args.site_runs, args.peers, sites, say)
    latest = write_report(tree_rows, host_lines, command, results, say)
    say(f"\nreport: {latest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
