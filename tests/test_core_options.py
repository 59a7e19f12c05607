"""Options: declared once, checked once, errors that name the option, the value and the fix."""

from __future__ import annotations

import pytest

from sitemapkit import OPTION_SPECS, OptionError, SitemapOptions, resolve_options


def test_defaults_are_those_of_the_option_table() -> None:
    options = resolve_options({})
    for spec in OPTION_SPECS:
        assert getattr(options, spec.name) == spec.default
    assert options == SitemapOptions()
    assert options.max_urls == 50_000
    assert options.max_bytes == 52_428_800


def test_every_option_has_a_kind_and_a_one_line_doc() -> None:
    for spec in OPTION_SPECS:
        assert spec.kind in {"bool", "text", "choice", "number", "integer", "list", "mapping"}
        assert spec.doc and "\n" not in spec.doc


def test_values_are_normalised() -> None:
    options = resolve_options(
        {
            "base_url": "https://example.com/docs",
            "exclude": "drafts/",
            "priority_overrides": {"blog/*": "0.8"},
            "changefreq_rules": {"news/*": "Daily"},
            "max_urls": "10_000",
            "gzip": "yes",
            "txt": 0,  # `txt = 0` in a TOML file
        }
    )
    assert options.base_url == "https://example.com/docs/"
    assert options.exclude == ("drafts/",)
    assert options.priority_overrides == (("blog/*", 0.8),)
    assert options.changefreq_rules == (("news/*", "daily"),)
    assert options.max_urls == 10_000
    assert options.gzip is True and options.txt is False


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("max_urls", 50_001, "may only be lowered"),
        ("max_bytes", 100, "from 4,096 to 52,428,800"),
        ("priority_step", 2, "from 0.0 to 1.0"),
        ("changefreq", "sometimes", "'weekly'"),
        ("changefreq_rules", {"a/*": "fortnightly"}, "'weekly'"),
        ("priority_overrides", {"a/*": 1.5}, "from 0.0 to 1.0"),
        ("lastmod", "git", "'mtime' or 'none'"),
        ("gzip", "maybe", "true or false"),
        ("gzip", 2, "true or false"),
        ("sitemap_name", "../sitemap.xml", "plain file name"),
        ("sitemap_name", "C:sitemap.xml", "plain file name"),  # a file on drive C: (Windows)
        ("txt_name", "sitemap.xml", "ending in .txt"),
        ("base_url", "example.com", "https://example.com/"),
        ("base_url", "https://example.com:99999/", "its port '99999' is not 1 to 65535"),
        (
            "base_url",
            "https://example.com/docs/index.html",
            "it names a file (index.html), not the folder the site is served from, such as "
            "https://example.com/docs/",
        ),
        (
            "base_url",
            "https://Example.com.:8080/docs/",
            "its host name 'example.com.' ends with a dot, which pages' canonical links leave out "
            "(crawlers count it as another host); write https://example.com:8080/docs/",
        ),
        ("base_url", "https://example.com/a%00b/", "its path holds a control character"),
        ("exclude", 5, "list of patterns"),
    ],
)
def test_a_bad_value_names_the_option_the_value_and_what_is_allowed(
    name: str, value: object, allowed: str
) -> None:
    with pytest.raises(OptionError) as caught:
        resolve_options({name: value})
    message = str(caught.value)
    assert caught.value.option.startswith(name)
    assert name in message and allowed in message
    assert repr(value) in message or repr(next(iter(value.values()))) in message  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"exclude": ["404.html", " "]}, "exclude: ' ' is not valid; an empty pattern"),
        (
            {"changefreq_rules": {"": "daily"}},
            "changefreq_rules: '' is not valid; an empty pattern",
        ),
        ({"priority_overrides": {" ": 0.3}}, "priority_overrides: ' ' is not valid; an empty"),
        ({"exclude": ["tag/", 5]}, "exclude: 5 is not valid; each pattern is text"),
        (
            {"exclude": ["https://example.com/drafts/"]},
            "exclude: 'https://example.com/drafts/' is not valid; patterns match output paths, "
            "not URLs; write the path below the base URL, such as '/drafts/' for a site at the "
            "host's root",
        ),
        (
            {"exclude": ["404.html", "!https://example.com/keep.html"]},
            "exclude: '!https://example.com/keep.html' is not valid; patterns match output "
            "paths, not URLs; write the path below the base URL, such as '!/keep.html' for a",
        ),
        (
            {"priority_overrides": {"http://x.org/blog/*": 0.5}},
            "priority_overrides: 'http://x.org/blog/*' is not valid; patterns match output "
            "paths, not URLs; write the path below the base URL, such as '/blog/*' for a site",
        ),
        (  # pelican-sitemap's exclude, copied over: regular expressions of URLs
            {"exclude": ["drafts/", "^/tag/"]},
            "exclude: '^/tag/' is not valid; it looks like a regular expression (as "
            "pelican-sitemap's exclude took), while patterns are gitignore-style; write '/tag/'",
        ),
        (
            {"exclude": ["^author/.*"]},
            "exclude: '^author/.*' is not valid; it looks like a regular expression (as "
            "pelican-sitemap's exclude took), while patterns are gitignore-style; write "
            "'/author/'",
        ),
        (
            {"changefreq_rules": {r"^/posts/.*\.html$": "weekly", "index.*": "daily"}},
            r"changefreq_rules: '^/posts/.*\\.html$' is not valid; it looks like a regular "
            "expression (as pelican-sitemap's exclude took), while patterns are "
            "gitignore-style; write '/posts/**/*.html'",
        ),
        (
            {"exclude": ["^/(tag|category)/"]},
            "exclude: '^/(tag|category)/' is not valid; it looks like a regular expression (as "
            "pelican-sitemap's exclude took), while patterns are gitignore-style; rewrite it "
            "as one, such as '/tag/' or '*.json'",
        ),
    ],
)
def test_a_pattern_that_could_match_nothing_says_why(
    values: dict[str, object], message: str
) -> None:
    with pytest.raises(OptionError) as caught:
        resolve_options(values)
    assert str(caught.value).startswith(message)


def test_globs_with_a_dot_and_a_star_are_not_taken_for_regular_expressions() -> None:
    """`.*` (dot files) and `index.*` are gitignore globs; only `^` and `$` mark a regex."""
    options = resolve_options({"exclude": [".*", "index.*", "drafts/.*", "a$b"]})
    assert options.exclude == (".*", "index.*", "drafts/.*", "a$b")


def test_an_unknown_option_suggests_the_closest_name_or_lists_them() -> None:
    """The name is what is wrong, not the value, so the message does not call it invalid."""
    with pytest.raises(OptionError) as caught:
        resolve_options({"gzpi": True})
    assert str(caught.value) == "gzpi is not an option (did you mean 'gzip'?)"
    assert caught.value.describe("--gzpi") == "--gzpi is not an option (did you mean 'gzip'?)"
    with pytest.raises(OptionError) as caught:
        resolve_options({"colour": "red"})
    assert str(caught.value).startswith("colour is not an option (known options: base_url, ")


def test_a_suggestion_that_means_the_opposite_says_so() -> None:
    """Renaming `keep_noindex: true` to the name suggested, value kept, would drop the pages."""
    with pytest.raises(OptionError) as caught:
        resolve_options({"keep_noindex": True})
    assert str(caught.value) == (
        "keep_noindex is not an option (did you mean 'skip_noindex'? "
        "Mind that it means the opposite of 'keep_noindex')"
    )
    with pytest.raises(OptionError) as caught:
        resolve_options({"skip_noindx": True})
    assert str(caught.value) == "skip_noindx is not an option (did you mean 'skip_noindex'?)"
    with pytest.raises(OptionError) as caught:
        resolve_options({"no_gzip": True})
    assert str(caught.value) == (
        "no_gzip is not an option (did you mean 'gzip'? Mind that it means the opposite of "
        "'no_gzip')"
    )


def test_file_names_must_differ() -> None:
    with pytest.raises(OptionError, match="must differ"):
        resolve_options({"index_name": "sitemap.xml"})
    with pytest.raises(OptionError, match="not in case alone"):  # one file on Windows and macOS
        resolve_options({"sitemap_name": "Sitemap.xml", "index_name": "sitemap.xml"})
    with pytest.raises(OptionError, match=r"named Sitemap-1\.xml"):  # part 1, whatever the case
        resolve_options({"sitemap_name": "Sitemap.xml", "index_name": "sitemap-1.xml"})
    with pytest.raises(OptionError, match=r"^index_name: 'a-1.xml' .* named a-1.xml, a-2.xml"):
        resolve_options({"sitemap_name": "a.xml", "index_name": "a-1.xml"})
    assert resolve_options({"sitemap_name": "a.xml", "index_name": "a-index.xml"})
    with pytest.raises(OptionError, match=r"^txt_name: 'robots.txt' is not valid; robots.txt is"):
        resolve_options({"txt_name": "robots.txt"})


def test_a_base_url_too_long_for_the_sitemaps_own_urls_is_refused() -> None:
    """The index lists each sitemap file at its URL, which must be under 2,048 characters."""
    fits = "https://example.com/" + "b" * (2047 - 20 - len("/sitemap-50000.xml")) + "/"
    assert resolve_options({"base_url": fits}).base_url == fits
    longer = fits[:-1] + "b/"
    with pytest.raises(OptionError, match=r"a sitemap file below it \(sitemap-index.xml\)"):
        resolve_options({"base_url": longer})
    with pytest.raises(OptionError, match=r"\(my-own-sitemap-index-name.xml\) would reach"):
        resolve_options({"base_url": fits, "index_name": "my-own-sitemap-index-name.xml"})


def test_describe_respells_the_option_for_each_front_end() -> None:
    with pytest.raises(OptionError) as caught:
        resolve_options({"max_urls": 0})
    assert caught.value.describe("sitemapkit_max_urls").startswith("sitemapkit_max_urls: 0 is")
