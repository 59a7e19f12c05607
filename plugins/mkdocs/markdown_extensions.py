"""The Markdown extensions a build lists, found whichever way they are named.

`markdown_extensions` names one by its module (`pymdownx.snippets`), by its module and class
(`pymdownx.snippets:SnippetExtension`), or holds an instance a plugin put there; the settings
of a named one are in `mdx_configs` under the name as written, an instance's are its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def extension_settings(
    extensions: Sequence[object], configs: Mapping[str, object], module: str
) -> Mapping[str, object] | None:
    """The settings of the extension from `module`, or None when the build does not list it."""
    for extension in extensions:
        if isinstance(extension, str):
            if extension.partition(":")[0] == module:
                settings = configs.get(extension)
                return settings if isinstance(settings, Mapping) else {}
        elif type(extension).__module__ == module:  # a Python-Markdown `Extension`
            settings = getattr(extension, "getConfigs", dict)()
            return settings if isinstance(settings, Mapping) else {}
    return None
