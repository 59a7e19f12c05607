"""The plugin's options: a typed MkDocs config class built from the core's `OPTION_SPECS`,
and the core's options for one build.

Each option runs the core's own check while MkDocs validates `mkdocs.yml`, so a bad value is an
ordinary MkDocs configuration error that names the option, with the same wording as in the
other generators ("'yes' is not valid; expected true or false").
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from mkdocs.config import base
from mkdocs.config.base import BaseConfigOption
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import PrefixedLogger
from sitemapkit import OPTION_SPECS, OptionError, OptionSpec, SitemapOptions, resolve_options

#: The plugin's name in `plugins` (its entry point's).
PLUGIN_NAME = "sitemapkit"
#: Material's plugin for sites browsed from files, which need no sitemap (nor `site_url`).
OFFLINE_PLUGINS = ("material/offline", "offline")
#: Where MkDocs users write the options, for messages raised outside config validation.
SPELLING = f"plugins.{PLUGIN_NAME}.{{}}"

#: MkDocs writes a gzip twin of its own sitemap, so users keep it unless they turn it off.
#: The theme's 404.html is never a documentation page: only a `docs/404.md` at the top is the
#: site's 404 page, and an API's `errors/404.md` is a page like any other.
MKDOCS_DEFAULTS: dict[str, Any] = {"gzip": True, "exclude": ["/404.html", "/404/"]}


def describe_option_error(exc: OptionError, name: str) -> str:
    """The core's message without the option name that MkDocs already puts in front of it."""
    if exc.option == name:
        return f"{exc.value!r} is not valid; {exc.allowed}"
    if exc.option.startswith(name + "["):  # a nested value: the key MkDocs does not name
        return f"{exc.option[len(name) :]}: {exc.value!r} is not valid; {exc.allowed}"
    return str(exc)


class CoreOption(BaseConfigOption[Any]):
    """One core option: MkDocs fills in the default, the core's check judges the value.

    The value is kept as the user wrote it; `resolve_options` normalises the whole set later.
    """

    def __init__(self, spec: OptionSpec) -> None:
        super().__init__()
        self.spec = spec
        self.default = MKDOCS_DEFAULTS.get(spec.name, spec.user_default)

    def run_validation(self, value: object, /) -> Any:
        try:
            self.spec.check(self.spec.name, value)
        except OptionError as exc:
            raise base.ValidationError(describe_option_error(exc, self.spec.name)) from None
        return value


def _config_class() -> type[base.Config]:
    namespace: dict[str, Any] = {spec.name: CoreOption(spec) for spec in OPTION_SPECS}
    namespace["__doc__"] = "Options under `plugins: - sitemapkit:`, one per core option."
    namespace["__module__"] = __name__
    return type("SitemapkitConfig", (base.Config,), namespace)


SitemapkitConfig = _config_class()


def is_dev_address(config: MkDocsConfig) -> bool:
    """Whether `site_url` is the address `mkdocs serve` put there (also with `serve --clean`)."""
    host, port = config.dev_addr
    parts = urlsplit(config.site_url or "")
    return parts.scheme == "http" and parts.netloc == f"{host}:{port}"


def clean_urls_advice(plugin_config: Mapping[str, Any], config: MkDocsConfig) -> str | None:
    """`clean_urls` beside `use_directory_urls: false`, read once every plugin's `on_config`
    has run: Material's offline plugin turns directory URLs off in its own."""
    if plugin_config["clean_urls"] is not True or config.use_directory_urls:
        return None
    return (
        f"{SPELLING.format('clean_urls')} lists the pages without `.html`, while their links "
        "and canonical links keep it (use_directory_urls is false); set use_directory_urls: "
        "true for URLs without `.html` everywhere, or remove it"
    )


def pretty_urls_advice(plugin_config: Mapping[str, Any], config: MkDocsConfig) -> str | None:
    """`pretty_urls: false`, which MkDocs' own URLs leave without effect; read, as
    `clean_urls_advice`, once every plugin's `on_config` has run."""
    if plugin_config["pretty_urls"] is not False:
        return None
    fix = (
        "set `use_directory_urls: false` for .html URLs and remove it"
        if config.use_directory_urls
        else "they end in .html already (use_directory_urls is false): remove it"
    )
    return (
        f"{SPELLING.format('pretty_urls')} has no effect with MkDocs: the sitemap lists "
        f"MkDocs' own URLs; {fix}"
    )


def core_options(
    plugin_config: Mapping[str, Any], config: MkDocsConfig, command: str, log: PrefixedLogger
) -> SitemapOptions | None:
    """The core's options for this build, or None (with a log line saying why) for no sitemap.

    `base_url` defaults to `site_url`, except during `mkdocs serve`, where `site_url` is the
    development address and a sitemap would list it (and except when `site_url` is that
    address in mkdocs.yml itself).
    """
    values = dict(plugin_config)
    chosen_base = values["base_url"]
    if chosen_base is None:
        preview = f"set {SPELLING.format('base_url')} to preview the sitemap"
        if command == "serve":
            log.info(
                "no sitemap while `mkdocs serve` runs: it puts its own address "
                f"({config.site_url}) in site_url, which crawlers cannot reach; `mkdocs build` "
                f"writes the sitemap ({preview} here)"
            )
            return None
        if is_dev_address(config):
            log.info(
                f"no sitemap: site_url is the development address ({config.site_url}), which "
                "crawlers cannot reach; set site_url in mkdocs.yml to the address the site is "
                f"served from ({preview} at that address)"
            )
            return None
        if not config.site_url:
            offline = any(name in config.plugins for name in OFFLINE_PLUGINS)
            log.warning(
                "no sitemap written: sitemaps need absolute URLs, and neither site_url nor "
                f"{SPELLING.format('base_url')} is set; add `site_url: https://example.com/` "
                "(the address the site is served from) to mkdocs.yml"
                + (
                    ", or, for a build to browse from files (Material's offline plugin), turn "
                    f"sitemapkit off there: `- {PLUGIN_NAME}: {{enabled: !ENV [SITEMAP, false]}}`"
                    if offline
                    else ""
                )
            )
            return None
        values["base_url"] = config.site_url
    try:
        return resolve_options(values)
    except OptionError as exc:
        if exc.option == "base_url" and chosen_base is None:
            message = exc.describe("site_url", repr(site_url_as_written(config)))
        else:
            message = exc.describe(SPELLING.format(exc.option))
        # MkDocs prints it as it is: the plugin's name says whose it is.
        raise PluginError("sitemapkit: " + message) from None


def site_url_as_written(config: MkDocsConfig) -> str | None:
    """`site_url` as mkdocs.yml gives it: MkDocs adds a slash to its path (`a/index.html/`,
    `a/?b=1`), which a message quoting it back would show as if the user wrote it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # kept for plugins since 1.5
        written = getattr(config, "user_configs", ())
    for layer in reversed(list(written)):  # the file, then INHERIT's parents
        value = layer.get("site_url") if isinstance(layer, Mapping) else None
        if isinstance(value, str):
            return value
    return config.site_url
