"""Option values from TOML: a sitemapkit file, or `[tool.sitemapkit]` in pyproject.toml."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from .errors import SitemapkitError
from .options import OPTION_NAMES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib


def read_config_file(path: Path) -> dict[str, Any]:
    """The option table of a TOML file: its `[tool.sitemapkit]` table if any, else its top level.

    Keys may be written `max_urls` or `max-urls`.
    """
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise SitemapkitError(
            f"--config: {str(path)!r} does not exist; give the path of a TOML file of options "
            "(relative paths start from the current folder)"
        ) from None
    except UnicodeDecodeError:
        raise SitemapkitError(
            f"{path}: is not UTF-8 text, which TOML requires; save it as UTF-8"
        ) from None
    except IsADirectoryError:
        raise SitemapkitError(
            f"--config: {str(path)!r} is a folder; give the path of a TOML file of options"
        ) from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SitemapkitError(f"{path}: cannot be read as TOML ({exc}); fix the file") from None
    if isinstance(data.get("sitemapkit"), dict):  # [sitemapkit]: meant for us, never read
        raise SitemapkitError(
            f"{path}: a [sitemapkit] table is not read; write the options "
            + (
                "under [tool.sitemapkit]"
                if path.name == "pyproject.toml"
                else "at the top level of the file, or under [tool.sitemapkit]"
            )
        )
    tool = data.get("tool", {})
    ours = isinstance(tool, dict) and "sitemapkit" in tool  # whatever else the file holds
    if path.name == "pyproject.toml" or ours or set(data) == {"tool"}:
        if path.name != "pyproject.toml" and not (isinstance(tool, dict) and "sitemapkit" in tool):
            tables = ", ".join(f"[tool.{name}]" for name in tool) if isinstance(tool, dict) else ""
            raise SitemapkitError(
                f"{path}: has no [tool.sitemapkit] table (it has {tables or '[tool]'}); write the "
                "options at the top level of the file or under [tool.sitemapkit]"
            )
        stray = sorted(key for key in data if key.replace("-", "_") in OPTION_NAMES)
        if stray:  # they would be ignored without a word
            raise SitemapkitError(
                f"{path}: has options at the top level ({', '.join(stray)}) and a "
                "[tool.sitemapkit] table, which is the one read; move them into the table"
            )
        data = tool.get("sitemapkit", {}) if isinstance(tool, dict) else {}
        if not isinstance(data, dict):
            raise SitemapkitError(f"{path}: [tool.sitemapkit] must be a table of options")
    options: dict[str, Any] = {}
    for key, value in data.items():
        name = key.replace("-", "_")
        if name in options:  # `base-url` and `base_url`: which one was meant?
            raise SitemapkitError(
                f"{path}: {name} is set twice, as {name!r} and {name.replace('_', '-')!r}; "
                "keep one of them"
            )
        options[name] = value
    return options


#: How a file may spell our name: UTF-8, and the UTF-16 an editor or a shell may save.
_ENCODINGS = ("utf-8", "utf-16-le", "utf-16-be")


def read_project_config(folder: Path) -> tuple[Path | None, dict[str, Any]]:
    """`[tool.sitemapkit]` of the pyproject.toml in `folder`, when there is one."""
    candidate = folder / "pyproject.toml"
    if not candidate.is_file():
        return None, {}
    try:
        return candidate, read_config_file(candidate)
    except SitemapkitError:
        if _names_sitemapkit(candidate):
            raise
        return None, {}  # another tool's broken file is not ours to fail on


def _names_sitemapkit(path: Path) -> bool:
    """Whether a file mentions this tool, in any encoding an editor saves; one that cannot be
    read may hold its options."""
    try:
        data = path.read_bytes()
    except OSError:
        return True
    return any("sitemapkit".encode(code) in data for code in _ENCODINGS)
