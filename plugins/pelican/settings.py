"""The `SITEMAPKIT` setting: the core's options plus the few choices only Pelican has."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sitemapkit import OptionError, OptionSpec, SitemapOptions, resolve_options
from sitemapkit.options import OPTION_NAMES, check_bool, check_patterns, unknown_option

SETTING = "SITEMAPKIT"


#: Choices that only make sense for Pelican content; every other key is a core option.
PELICAN_OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "include_drafts",
        "bool",
        False,
        "List drafts (`Status: draft`), which Pelican writes below `drafts/`.",
        check_bool,
    ),
    OptionSpec(
        "include_hidden",
        "bool",
        False,
        "List hidden articles and pages (`Status: hidden`).",
        check_bool,
    ),
    OptionSpec(
        "include_static",
        "list",
        (),
        "gitignore-style patterns of static files to list, such as `['*.pdf']`.",
        check_patterns,
    ),
)
_PELICAN_SPECS = {spec.name: spec for spec in PELICAN_OPTION_SPECS}


@dataclass(frozen=True)
class PelicanOptions:
    """The checked `SITEMAPKIT` dict; `core.base_url` is None when no base URL could be found."""

    core: SitemapOptions
    include_drafts: bool = False
    include_hidden: bool = False
    include_static: tuple[str, ...] = ()


def spelling(option: str) -> str:
    """An option as users write it, such as `SITEMAPKIT['max_urls']`."""
    if option == SETTING:
        return SETTING
    name, bracket, rest = option.partition("[")
    return f"{SETTING}[{name!r}]" + bracket + rest


def read_options(settings: Mapping[str, Any]) -> PelicanOptions:
    """Check `SITEMAPKIT`; the base URL defaults to `SITEURL` when that is an absolute URL.

    Raises OptionError for a bad value; `describe(spelling(err.option))` is the message to show.
    """
    raw = settings.get(SETTING)
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise OptionError(SETTING, raw, "expected a dict of options, such as {'gzip': True}")
    known = OPTION_NAMES | _PELICAN_SPECS.keys()
    core_values: dict[str, Any] = {}
    pelican_values: dict[str, Any] = {}
    for name, value in raw.items():
        if not isinstance(name, str) or name not in known:
            raise unknown_option(str(name), value, known)
        if name in _PELICAN_SPECS:
            pelican_values[name] = _PELICAN_SPECS[name].check(name, value)
        else:
            core_values[name] = value
    core = resolve_options(core_values)
    if core.base_url is None:
        core = dataclasses.replace(core, base_url=siteurl_base(settings))
    return PelicanOptions(core, **pelican_values)


def siteurl_base(settings: Mapping[str, Any]) -> str | None:
    """`SITEURL` as a base URL, or None when it is empty or not absolute (a development build)."""
    siteurl = settings.get("SITEURL")
    if not isinstance(siteurl, str) or not siteurl.strip():
        return None
    try:
        return resolve_options({"base_url": siteurl}).base_url
    except OptionError:
        return None
