"""The README's options table and the code's option definitions never disagree."""

from __future__ import annotations

from conftest import ROOT
from sitemapkit import OPTION_SPECS
from sitemapkit.cli import flag_name

START, END = "<!-- options-table:start -->", "<!-- options-table:end -->"


def _default(value: object) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}".replace(",", "_") if value >= 10_000 else str(value)
    if isinstance(value, list):
        return "[" + ", ".join(f'"{v}"' for v in value) + "]"
    if isinstance(value, dict):
        return "{}"
    return f'"{value}"' if isinstance(value, str) else str(value)


def options_table() -> str:
    rows = ["| option | command-line flag | default | meaning |", "|---|---|---|---|"]
    for spec in OPTION_SPECS:
        flag = flag_name(spec.name)
        if spec.kind == "bool":
            flag = f"{flag} / --no-{flag[2:]}"
        doc = spec.doc.replace("|", "\\|")
        rows.append(f"| `{spec.name}` | `{flag}` | `{_default(spec.user_default)}` | {doc} |")
    return "\n".join(rows)


def test_readme_options_table_matches_the_option_definitions() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split(START, 1)[1].split(END, 1)[0].strip()
    assert table == options_table(), "regenerate the table:\n" + options_table()


def test_readme_shows_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make demo" in text and "make test" in text
