"""The `sitemapkit_<option>` config values, declared from the core's option definitions."""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import unquote, urlsplit

import sphinx
from sitemapkit import OPTION_SPECS, OptionError, SitemapOptions
from sitemapkit.options import OPTION_NAMES, option_errors, unknown_option
from sitemapkit.patterns import PathMatcher
from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.config import Config

from .pages import output_path

Matcher = Callable[[str], bool]

PREFIX = "sitemapkit_"
#: Sphinx's own setting for the site's address; `sitemapkit_base_url` overrides it.
BASE_URL_SETTING = "html_baseurl"

#: Sphinx 7.2 takes a `-D` value of a setting of any type as written (a list's commas
#: unsplit): there, each kind keeps the types Sphinx checks, as its `-D` converts by them.
_ANY_TYPE_KEEPS_D = sphinx.version_info >= (7, 3)
_TYPES_BY_KIND: dict[str, tuple[type, ...]] = {
    "bool": (bool,),
    "text": (str,),
    "choice": (str,),
    "number": (int, float),
    "integer": (int,),
    "list": (list, tuple, str),
    "mapping": (dict,),
}

#: Pages every HTML builder writes that search engines treat as soft 404s.
_UNLISTED_PAGES = ("search", "genindex", "404")
#: The pages of a split index (`html_split_index`): `genindex-A`, `genindex-all`. Only those
#: the builder wrote are left out: a document may be named so (`genindex-notes`).
_SPLIT_INDEX_PAGES = "genindex-"
#: The file a folder's page is written to (dirhtml): the folder is its URL.
_FOLDER_PAGE = "/index.html"


#: The 404 page is left out by its name (`_UNLISTED_PAGES`), so the core's default patterns,
#: which match `404.html` at any depth, would only drop documents such as `errors/404`.
SPHINX_DEFAULTS: dict[str, Any] = {"exclude": []}


def add_config_values(app: Sphinx) -> None:
    """Register one config value per core option; `description=` needs Sphinx 7.4 or later.

    Any type is let through Sphinx's own check (from Sphinx 7.3): the core checks each value
    (and takes the words `yes` and `off` for a yes-or-no option), with one message that says
    what to write.
    """
    describes = "description" in inspect.signature(app.add_config_value).parameters
    for spec in OPTION_SPECS:
        extra: dict[str, Any] = {"description": spec.doc} if describes else {}
        default = SPHINX_DEFAULTS.get(spec.name, spec.user_default)
        types: Any = Any
        if not _ANY_TYPE_KEEPS_D:
            types = _TYPES_BY_KIND[spec.kind] + ((type(None),) if spec.default is None else ())
        app.add_config_value(PREFIX + spec.name, default, "", types=types, **extra)


def unlisted_page_patterns(
    builder: StandaloneHTMLBuilder, generated: Iterable[str] = ()
) -> tuple[str, ...]:
    """Root-anchored patterns of the search, index and 404 pages, as this builder names them,
    with the pages of a split index among the `generated` ones (no document's).

    Asking the builder covers `search.html` and `search/index.html` alike, and html_file_suffix.
    sphinx-notfound-page's page may have another name (`notfound_pagename`).
    """
    names = list(_UNLISTED_PAGES)
    names += sorted(name for name in generated if name.startswith(_SPLIT_INDEX_PAGES))
    notfound = getattr(builder.config, "notfound_pagename", None)
    if isinstance(notfound, str) and notfound and notfound not in names:
        names.append(notfound)
    return tuple("/" + output_path(builder, name) for name in names)


def unknown_settings(config: Config) -> list[str]:
    """`sitemapkit_*` names in conf.py that are no option: Sphinx keeps them without a word.

    (Sphinx itself warns about an unknown name given with `-D`.) A name another extension
    registered is its own.
    """
    raw = getattr(config, "_raw_config", None)
    if not isinstance(raw, dict):
        return []
    return sorted(
        name
        for name in raw
        if isinstance(name, str)
        and name.startswith(PREFIX)
        and name[len(PREFIX) :] not in OPTION_NAMES
        and name not in config
    )


def settings_as_one_dict(config: Config) -> list[OptionError]:
    """`SITEMAPKIT = {...}` (Pelican's form) or `sitemapkit = {...}` in conf.py: Sphinx reads
    every option as a setting of its own, so the dict would be ignored without a word."""
    raw = getattr(config, "_raw_config", None)
    if not isinstance(raw, dict):
        return []
    return [
        OptionError(
            name,
            value,
            "Sphinx reads each option as a setting of its own: write "
            + ", ".join(
                f"{PREFIX}{str(key).replace('-', '_')} = {item!r}" for key, item in value.items()
            )
            if value
            else "Sphinx reads each option as a setting of its own, such as sitemapkit_gzip",
        )
        for name, value in sorted(raw.items(), key=lambda item: str(item[0]))
        if isinstance(name, str) and name.lower() == PREFIX[:-1] and isinstance(value, dict)
    ]


def where_set(config: Config, name: str) -> str:
    """Where the user fixes a setting: a `-D` option wins over conf.py."""
    overrides = getattr(config, "overrides", None)  # Sphinx 7.2: an attribute; later a property
    if isinstance(overrides, dict) and name in overrides:
        return f"the -D {name}=... option"
    return "conf.py"


def resolve_sphinx_options(
    config: Config, builder: StandaloneHTMLBuilder
) -> tuple[SitemapOptions | None, list[OptionError]]:
    """The checked options (None when no base URL is set anywhere), or every bad setting,
    re-spelt the way the user wrote it in conf.py (`sitemapkit_max_urls`, or `html_baseurl`
    when the address comes from there), so one build tells them all."""
    known = [PREFIX + spec.name for spec in OPTION_SPECS]
    raw = getattr(config, "_raw_config", {})
    errors: list[OptionError] = [
        unknown_option(name, raw.get(name), known) for name in unknown_settings(config)
    ]
    errors += settings_as_one_dict(config)
    values = {spec.name: getattr(config, PREFIX + spec.name) for spec in OPTION_SPECS}
    base_url_spelling = PREFIX + "base_url"
    if not values["base_url"]:
        values["base_url"] = getattr(config, BASE_URL_SETTING, None) or None
        base_url_spelling = BASE_URL_SETTING
    options, bad = option_errors(values)
    for exc in bad:
        spelling = base_url_spelling if exc.option == "base_url" else PREFIX + exc.option
        errors.append(OptionError(spelling, exc.value, exc.allowed))
    if errors or options is None or options.base_url is None:
        return None, errors
    return options, []


def doubtful_settings(
    config: Config, options: SitemapOptions, builder: StandaloneHTMLBuilder
) -> list[str]:
    """Settings that would make the sitemap disagree with the pages' canonical links."""
    found = []
    # dirhtml's URLs are folders, and with html_link_suffix = '' the pages drop `.html` too.
    link_suffix = str(getattr(builder, "link_suffix", "") or "")
    if options.clean_urls and builder.name != "dirhtml" and link_suffix.endswith(".html"):
        found.append(
            f"{PREFIX}clean_urls lists the pages without `.html`, while their links and "
            "canonical links keep it; set html_link_suffix = '' instead, and the links, the "
            f"canonical links and the sitemap all agree (then remove {PREFIX}clean_urls)"
        )
    base_url = getattr(config, BASE_URL_SETTING, None)
    if isinstance(base_url, str) and base_url.strip() and base_url != base_url.strip():
        found.append(
            f"{BASE_URL_SETTING} {base_url!r} has spaces around it, which Sphinx writes into "
            "every page's canonical link (the sitemap lists the address without them); remove "
            "them"
        )
    found += _multiversion_base_url(config, options, builder)
    return found


#: Theme options that hold the site's address where a theme asks for it itself: the
#: canonical links of sphinx-rtd-theme and alabaster (before `html_baseurl`), and the sitemap
#: of sphinx-immaterial.
THEME_ADDRESS_OPTIONS = ("canonical_url", "site_url")


def theme_option(config: Config, name: str) -> object:
    """A theme option as conf.py sets it in `html_theme_options` (None when it does not)."""
    options = getattr(config, "html_theme_options", None)
    return options.get(name) if isinstance(options, dict) else None


def theme_address(config: Config) -> tuple[str, str] | None:
    """(option, address) of a theme option that gives the site's address already."""
    for option in THEME_ADDRESS_OPTIONS:
        value = theme_option(config, option)
        if isinstance(value, str) and value.strip().startswith(("https://", "http://")):
            return option, value.strip()
    return None


def base_url_advice(config: Config) -> str:
    """What to write in conf.py for the address: on Read the Docs, the address it gives; the
    address a theme option holds already."""
    if os.environ.get("READTHEDOCS") == "True" and os.environ.get("READTHEDOCS_CANONICAL_URL"):
        return (
            f'{BASE_URL_SETTING} = os.environ.get("READTHEDOCS_CANONICAL_URL", "") in conf.py '
            "(with `import os`): the address Read the Docs serves this version at, which it "
            "sets while it builds"
        )
    given = theme_address(config)
    if given is not None:
        option, address = given
        return (
            f"{BASE_URL_SETTING} = {address!r} in conf.py, the address "
            f"html_theme_options['{option}'] gives the theme"
        )
    return f"{BASE_URL_SETTING} = 'https://example.com/docs/' (or {PREFIX}base_url) in conf.py"


#: The version sphinx-multiversion builds, which it passes to each build (`-D`).
MULTIVERSION_SETTING = "smv_current_version"


def _multiversion_base_url(
    config: Config, options: SitemapOptions, builder: StandaloneHTMLBuilder
) -> list[str]:
    """sphinx-multiversion builds each version into a folder of its own (`build/html/v1.0`),
    while the `html_baseurl` in conf.py, the same for all, names the site's top: every
    version's sitemap and canonical links would claim the top's addresses."""
    version = getattr(config, MULTIVERSION_SETTING, None)
    if not isinstance(version, str) or not version or not options.base_url:
        return []
    folder = os.path.basename(os.path.normpath(builder.outdir))
    if unquote(urlsplit(options.base_url).path).rstrip("/").endswith("/" + folder):
        return []
    return [
        f"sphinx-multiversion builds version {version!r} into its folder {folder}/, while its "
        f"pages' address, {BASE_URL_SETTING}, is {options.base_url}, the same for every "
        "version: each version's sitemap (and its canonical links) lists its pages there, not "
        f"below {folder}/; give each build its folder's address with "
        f"`sphinx-multiversion ... -D '{BASE_URL_SETTING}={options.base_url}${{name}}/'` "
        "(for the default smv_outputdir_format); a version published at that address after "
        "all can silence this with suppress_warnings = ['sitemapkit.config']"
    ]


def sphinx_leaves_out(
    builder: StandaloneHTMLBuilder, exclude: tuple[str, ...], generated: Iterable[str] = ()
) -> Matcher:
    """True for the search, index and 404 pages (`unlisted_page_patterns`), unless the user's
    patterns, which come after them, list one after all (`!/genindex.html`). They are left
    out apart from the user's patterns, so a user's pattern that matches nothing is told.

    dirhtml's `genindex/index.html` is served as `genindex/`, so `!/genindex/` lists it too:
    to git, a folder's `!` cannot undo a pattern naming a file in it, so the user's patterns
    follow the page's folder there (only for the page itself: `search/advanced/` stays).
    """
    unlisted = unlisted_page_patterns(builder, generated)
    folders = tuple(
        p.removesuffix(_FOLDER_PAGE) + "/" if p.endswith(_FOLDER_PAGE) else p for p in unlisted
    )
    sphinx_pages, after_user = PathMatcher(unlisted), PathMatcher(folders + exclude)
    return lambda path: sphinx_pages(path) and after_user(path)
