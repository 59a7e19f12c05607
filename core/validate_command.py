"""`sitemapkit validate TARGET`: check what a site publishes before a search engine does.

Exit codes: 0 clean (warnings allowed unless `--strict`), 1 errors, 2 usage.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from .console import say, show
from .errors import SitemapkitError
from .validate import ValidationReport, validate_target
from .validate_file import Problem

EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


def add_validate_command(commands: Any) -> None:
    """Register the subcommand on the `sitemapkit` parser's subparsers."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "validate",
        help="check sitemaps (a file, an index, or a built site's folder)",
        description="Check a sitemap file (.xml, .xml.gz, .txt), an index and its parts, or a "
        "built site's folder (starting from robots.txt or the index) against the sitemap "
        "protocol and the search engines' rules. Exit code 0 when clean, 1 on errors "
        "(or warnings with --strict), 2 on usage errors.",
        allow_abbrev=False,
    )
    parser.add_argument("target", metavar="TARGET", help="sitemap file, index, or site folder")
    parser.add_argument(
        "--base-url",
        metavar="URL",
        help="URL the site folder (or the sitemap's folder) is served from; default: the URL "
        "under which the sitemap's URLs name files here, else robots.txt's Sitemap line, else "
        "the folder the URLs share",
    )
    parser.add_argument(
        "--site",
        metavar="DIR",
        help="built site: every URL must map to a file in it (default: TARGET when a folder)",
    )
    parser.add_argument("--strict", action="store_true", help="fail on warnings too")
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="report format (default: text)"
    )
    parser.set_defaults(run=run_validate, command_parser=parser)


def run_validate(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    try:
        report = validate_target(args.target, base_url=args.base_url, site=args.site)
    except SitemapkitError as exc:
        say(f"sitemapkit: error: {exc}")
        return EXIT_USAGE
    failed = bool(report.errors) or (args.strict and bool(report.warnings))
    if args.format == "json":
        data = report.as_dict() | {"ok": not failed, "strict": args.strict}
        show(json.dumps(data, indent=2))  # ASCII escapes: valid JSON on any console
    else:
        for problem in in_reading_order(report.problems):
            show(problem.as_text())
        show(summary(report, time.perf_counter() - started))
    return EXIT_PROBLEMS if failed else EXIT_CLEAN


def in_reading_order(problems: list[Problem]) -> list[Problem]:
    """The problems file by file (in the order files were reached), each file's by line, so
    `a.xml:7` comes before `a.xml:32` whichever check found it first; a file's own first."""
    files: dict[str, int] = {}
    for problem in problems:
        files.setdefault(problem.file, len(files))
    return sorted(problems, key=lambda p: (files[p.file], -1 if p.line is None else p.line))


def summary(report: ValidationReport, seconds: float) -> str:
    errors, warnings = len(report.errors), len(report.warnings)
    files = len(report.files)
    checked = (
        f"checked {files} file{'s' * (files != 1)}, {report.urls:,} URL{'s' * (report.urls != 1)}"
    )
    if report.base_url is not None:
        checked += f" (base URL {report.base_url}, from {report.base_from})"
    if not errors and not warnings:
        found = "no problems"
    else:
        found = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    return f"sitemapkit: {checked}: {found} in {seconds:.2f} s"
