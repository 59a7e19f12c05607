"""The `sitemapkit` command: sitemaps for any static site's output folder.

Every option of `OPTION_SPECS` becomes a flag; values come from pyproject.toml's
`[tool.sitemapkit]`, then `--config FILE`, then flags (each later one wins). Exit codes:
0 done, 1 bad input or configuration, 2 usage.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import difflib
import io
import json
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from . import __version__
from .build import BuildResult, build_sitemaps
from .config_file import read_config_file, read_project_config
from .console import ReportLost, flush_report, quiet_stdout, say, show
from .entries import Notice
from .errors import OptionError, SitemapkitError
from .options import (
    OPTION_NAMES,
    OPTION_SPECS,
    SCAN_EXCLUDE,
    OptionSpec,
    closest_option,
    means_the_opposite,
    resolve_options,
)
from .project_folder import find_project
from .urls import local_host
from .validate_command import add_validate_command

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2
#: The subcommands, which come before their options.
COMMANDS = ("build", "validate")
#: The scan's own defaults, where they differ from the adapters'.
CLI_DEFAULTS: dict[str, Any] = {"exclude": SCAN_EXCLUDE}
#: As a shell reports a command that wrote into a pipe its reader had closed (128 + SIGPIPE).
EXIT_BROKEN_PIPE = 141
#: As a shell reports a command stopped by SIGINT (Ctrl-C) or SIGTERM (a cancelled CI job).
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143


class Terminated(BaseException):
    """SIGTERM, raised where the program is, so every `finally` and cleanup runs as for Ctrl-C
    (Python's default for SIGTERM ends the process at once, leaving temporary files)."""


def _raise_terminated(signum: int, frame: object) -> NoReturn:
    raise Terminated


@contextlib.contextmanager
def _sigterm_as_exception() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():  # only it may set handlers
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def flag_name(option: str) -> str:
    return "--" + option.replace("_", "-")


#: "Turn --skip-noindex off": a switch is turned off by its `--no-` flag.
_TURN_OFF = re.compile(r"\b[Tt]urn --([a-z-]+) off\b")


def _as_given(notice: Notice, sources: dict[str, tuple[Any, str]]) -> str:
    """A notice with each option it names spelt where the user set it: a key of the file it
    came from (named first), else its flag; "turn --X off" is the flag that does."""
    files = sorted({sources[name][1] for name in notice.options if name in sources} - {"flag"})

    def spelling(name: str) -> str:
        return name if sources.get(name, (None, "flag"))[1] != "flag" else flag_name(name)

    text = _TURN_OFF.sub(
        lambda m: f"{'P' if m[0][0] == 'T' else 'p'}ass --no-{m[1]}", notice.describe(spelling)
    )
    return f"{', '.join(files)}: {text}" if files else text


def _parse_mapping(spec: OptionSpec, items: list[str]) -> dict[str, str]:
    mapping: dict[str, str] = {}
    for item in items:
        pattern, sep, value = item.rpartition("=")
        if not sep or not pattern:
            raise OptionError(  # spelled as the flag where it is shown
                spec.name,
                item,
                f"expected PATTERN=VALUE, for example 'blog/*={_example(spec)}'",
            )
        mapping[pattern] = value
    return mapping


def _example(spec: OptionSpec) -> str:
    return "0.8" if spec.name == "priority_overrides" else "weekly"


def add_option_flags(parser: argparse.ArgumentParser) -> None:
    """One flag per option, its help taken from the option's own doc line."""
    group = parser.add_argument_group("sitemap options (also read from TOML files)")
    for spec in OPTION_SPECS:
        default = CLI_DEFAULTS.get(spec.name, spec.user_default)
        help_text = f"{spec.doc} (default: {default!r})"
        flag = flag_name(spec.name)
        if spec.kind == "bool":
            group.add_argument(flag, action=argparse.BooleanOptionalAction, help=help_text)
        elif spec.kind in ("list", "mapping"):
            metavar = "PATTERN=VALUE" if spec.kind == "mapping" else "PATTERN"
            group.add_argument(flag, action="append", metavar=metavar, help=help_text + "; repeat")
        else:
            group.add_argument(flag, metavar=spec.name.split("_")[-1].upper(), help=help_text)


def flag_values(args: argparse.Namespace) -> dict[str, Any]:
    """Options given as flags, converted to the types the option checks expect."""
    values: dict[str, Any] = {}
    for spec in OPTION_SPECS:
        value = getattr(args, spec.name)
        if value is None:
            continue
        values[spec.name] = _parse_mapping(spec, value) if spec.kind == "mapping" else value
    return values


def gather_options(args: argparse.Namespace, cwd: Path) -> dict[str, tuple[Any, str]]:
    """option name -> (value, where it came from), later sources overriding earlier ones."""
    merged: dict[str, tuple[Any, str]] = {}
    project_file, project_values = read_project_config(cwd)
    for name, value in project_values.items():
        merged[name] = (value, f"{project_file} [tool.sitemapkit]")
    if args.config is not None:
        for name, value in read_config_file(Path(args.config)).items():
            merged[name] = (value, str(args.config))
    for name, value in flag_values(args).items():
        merged[name] = (value, "flag")
    return merged


def _named(option: str, sources: dict[str, tuple[Any, str]], value: bool = True) -> str:
    """A boolean option as the user set it: its flag, or its key in the file named."""
    origin = sources.get(option, (None, "flag"))[1]
    if origin == "flag":
        return flag_name(option) if value else flag_name(option).replace("--", "--no-", 1)
    return f"{option} = {toml_value(value)} ({origin})"


def _spell(error: OptionError, sources: dict[str, tuple[Any, str]]) -> str:
    name, _, rest = error.option.partition("[")
    origin = sources.get(name, (None, "flag"))[1]
    if origin == "flag":
        return error.describe(flag_name(name) + (f"[{rest}" if rest else ""))
    return f"{origin}: " + error.describe(error.option, toml_value(error.value))


def toml_value(value: object) -> str:
    """A value as a TOML file spells it (`true`, `2024-01-01`), for messages about the file."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {toml_value(item)}" for key, item in value.items()) + " }"
    return repr(value)


def _progress_printer(stream: TextIO | None) -> Callable[[int], None] | None:
    """Progress on a terminal for work that takes more than a couple of seconds; none when piped."""
    if stream is None or not stream.isatty():
        return None
    started = time.monotonic()

    def show(count: int) -> None:
        if time.monotonic() - started > 2.0:
            stream.write(f"\r  {count:,} URLs written…")
            stream.flush()

    return show


#: The reasons pages are skipped for, as several pages have them.
_MANY = {
    "URL too long": "URLs too long",
    "URL above the base URL": "URLs above the base URL",
    "duplicate URL": "duplicate URLs",
    "redirect stub": "redirect stubs",
}


def summary(result: BuildResult, seconds: float) -> str:
    skipped = sum(result.skipped.values())
    reasons = ", ".join(
        f"{n:,} {_MANY.get(why, why) if n > 1 else why}"
        for why, n in sorted(result.skipped.items())
    )
    listed = f"listed {result.urls:,} page" + ("" if result.urls == 1 else "s")
    if skipped:
        listed += f" ({skipped:,} skipped: {reasons})"
    written = f"wrote {result.files_named()}" if result.files else "wrote nothing"
    if result.removed:
        written += f", removed {result.removed_named()}"
    return f"sitemapkit: {listed}; {written} in {seconds:.2f} s"


def run_build(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    if not args.site_dir.strip():  # `Path("")` is the current folder: an unset variable
        raise SitemapkitError(
            f"SITE_DIR: {args.site_dir!r} is empty (an unset variable in `sitemapkit build "
            '"$OUT"`?); give the built site\'s folder, `.` for the current one'
        )
    site = Path(args.site_dir)
    if not site.is_dir():
        raise SitemapkitError(
            f"SITE_DIR: {str(site)!r} is not a folder; give the built site's folder"
        )
    project = find_project(str(site))
    if project is not None:  # before anything is written into the sources
        raise SitemapkitError(
            f"SITE_DIR: {str(site)!r} holds {project.marker}, so it is {project.described()}, "
            "not the site it builds; give "
            + project.wanted(str(site / project.output) if project.output else None)
        )
    try:
        cwd = Path.cwd()  # its pyproject.toml may hold options
    except FileNotFoundError:
        raise SitemapkitError(
            "the current folder no longer exists (removed while a shell was in it); cd into "
            "an existing folder and run the command again"
        ) from None
    sources = gather_options(args, cwd)
    try:
        options = resolve_options({**CLI_DEFAULTS, **{name: v for name, (v, _) in sources.items()}})
    except OptionError as exc:
        raise SitemapkitError(_spell(exc, sources)) from None
    if options.clean_urls and not options.pretty_urls:  # both asked for: one must go
        raise SitemapkitError(
            f"{_named('clean_urls', sources)} lists dir/index.html as dir/ (a host with clean "
            "URLs serves no dir/index), which "
            f"{_named('pretty_urls', sources, False)} asks not to; drop the latter"
        )
    if options.base_url is None:
        raise SitemapkitError(
            "no base URL: pass --base-url https://example.com/ (the address the site is "
            "served from), or set base_url in a config file"
        )
    progress = _progress_printer(sys.stderr)

    def report(notice: Notice) -> None:
        said = _as_given(notice, sources)  # its code last, as Sphinx shows a warning's type
        say(f"sitemapkit: {notice.level}: {said} [{notice.code}]")

    host = local_host(options.base_url)
    if host is not None:  # a preview server's address, copied from a development setting
        report(
            Notice(
                "warning",
                "local-host",
                f"base_url {options.base_url!r} is on {host}, which crawlers cannot reach; "
                "use it only for a preview, and the address the site is served from to publish",
                ("base_url",),
            )
        )
    if "exclude" not in sources and _unframed_shell(site):
        others = ", ".join(pattern for pattern in SCAN_EXCLUDE if pattern != "/200.html")
        report(
            Notice(
                "info",
                "default-exclude",
                "200.html is not listed: the default patterns leave out an app's fallback shell "
                "of that name (Nuxt's, SvelteKit's), though no _nuxt/ or _app/ folder beside it "
                "says this site is such an app; if it is a page of the site, set exclude to the "
                f"default list without it: {others}",
                ("exclude",),
            )
        )
    result = build_sitemaps(site, options, report=report, progress=progress)
    if progress is not None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write("\r\033[K")
    show(summary(result, time.perf_counter() - started))
    return EXIT_OK


#: The asset folders of the apps whose fallback shell `200.html` the default leaves out.
_APP_FOLDERS = ("_nuxt", "_app")


def _unframed_shell(site: Path) -> bool:
    """A top `200.html` with no app's folder beside it: perhaps a page of the site."""
    return (site / "200.html").is_file() and not any((site / f).is_dir() for f in _APP_FOLDERS)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sitemapkit",
        description="Sitemaps search engines trust, for any static site's output folder.",
    )
    parser.add_argument("--version", action="version", version=f"sitemapkit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    build = commands.add_parser(
        "build",
        help="write sitemap.xml, sitemap.txt and the index for a built site",
        description="Write sitemap.xml, sitemap.txt, sitemap-index.xml (and parts, .gz twins, "
        "the robots.txt line) into SITE_DIR, listing every .html/.htm page in it.",
        allow_abbrev=False,  # `--sitemap URL` is no `--sitemap-name`: say so, not guess
    )
    build.add_argument("site_dir", metavar="SITE_DIR", help="the built site's output folder")
    build.add_argument(
        "--config", metavar="FILE", help="TOML file of options ([tool.sitemapkit] in pyproject)"
    )
    add_option_flags(build)
    build.set_defaults(run=run_build, command_parser=build)
    add_validate_command(commands)
    return parser


def _tolerant_output() -> None:
    """A console that cannot show a character (cp1252, ASCII) prints an escape, not a crash."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")


def _meant(unknown: list[str], parser: argparse.ArgumentParser) -> str:
    """' (did you mean --base-url?)' for a flag spelt as in the config file or mistyped, with
    the options' own suggestion (which says when the flag meant is the opposite)."""
    flags = [flag for flag in parser._option_string_actions if flag.startswith("--")]
    for word in unknown:
        flag = word.partition("=")[0]
        if not flag.startswith("--"):
            continue
        name = flag[2:].replace("-", "_")
        negated = name.startswith("no_")
        core = name.removeprefix("no_")
        meant = closest_option(core, OPTION_NAMES)
        if meant is not None and flag_name(meant) in flags:
            opposite = means_the_opposite(core, meant)
            positive, negative = flag_name(meant), "--no-" + flag_name(meant)[2:]
            if negative in flags:  # a switch: the form that does what the flag said
                wanted = negative if negated != opposite else positive
                note = f" {positive} means the opposite of --{core.replace('_', '-')}"
                return f" (did you mean {wanted}?{note if opposite else ''})"
            note = f" Mind that it means the opposite of {flag}" if opposite else ""
            return f" (did you mean {positive}?{note})"
        close = difflib.get_close_matches(flag.replace("_", "-"), flags, n=1, cutoff=0.8)
        if close:
            return f" (did you mean {close[0]}?)"
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant_output()
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    first = next((at for at, word in enumerate(words) if word in COMMANDS), 0)
    early = [word for word in words[:first] if word.startswith("-")]
    if [word for word in early if word not in ("-h", "--help", "--version")]:
        parser.error(  # argparse would take the option's value for the command
            f"{early[0]} comes before the command; write the command first: sitemapkit "
            f"{words[first]} ... {' '.join(early)}"
        )
    args, unknown = parser.parse_known_args(words)
    if unknown:  # nothing comes before the command now: the command's usage line
        culprit = args.command_parser
        culprit.error("unrecognized arguments: " + " ".join(unknown) + _meant(unknown, culprit))
    runner: Callable[[argparse.Namespace], int] = args.run
    try:
        with _sigterm_as_exception():
            code = runner(args)
            flush_report()  # a pipe closed early fails here, not at exit
        return code
    except SitemapkitError as exc:
        say(f"sitemapkit: error: {exc.spelled(flag_name)}")
        return EXIT_INPUT
    except (KeyboardInterrupt, Terminated) as exc:
        stopped = "interrupted" if isinstance(exc, KeyboardInterrupt) else "stopped (SIGTERM)"
        if args.command != "build":  # validate writes nothing
            say(f"sitemapkit: {stopped}; the check did not finish")
        else:
            say(
                f"sitemapkit: {stopped}; no sitemap file is half-written: the previous set is "
                "in place, or the new one when the signal came as it was being put in place "
                "(the next build then brings robots.txt's line up to date)"
            )
        return EXIT_INTERRUPTED if isinstance(exc, KeyboardInterrupt) else EXIT_TERMINATED
    except BrokenPipeError:  # `sitemapkit validate ... | head` stopped reading: no traceback
        quiet_stdout()
        return EXIT_BROKEN_PIPE
    except ReportLost as exc:  # stdout on a full disk: the work is done, its report is lost
        quiet_stdout()
        say(
            f"sitemapkit: error: the report could not be written to standard output "
            f"({exc}), though the "
            + ("sitemaps were written" if args.command == "build" else "check ran")
            + ": free the disk, or send the output elsewhere"
        )
        return EXIT_INPUT
