"""The gettext catalogues match the source: nothing missing, empty, fuzzy or stale."""

from __future__ import annotations

import importlib.util
import io
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "scripts" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalogues = _load()


def test_catalogues_are_complete_and_up_to_date():
    assert catalogues.problems() == []


def test_templates_and_python_strings_are_extracted():
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogues.extract() if m.id}
    assert "Paying in crypto" in ids  # a template's _()
    assert "Prices verified on %(date)s." in ids  # a template's {% trans %}
    assert "GPUs that fit" in ids  # Python's tr(locale, ...)
    assert "Choose the language" in ids  # Python's N_()


def _mutate(tmp_path: Path, locale: str, change) -> Path:
    copy = tmp_path / "locales"
    shutil.copytree(ROOT / "bot" / "locales", copy)
    po = copy / locale / "LC_MESSAGES" / "messages.po"
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale=locale)
    change(catalog)
    with open(po, "wb") as fh:
        write_po(fh, catalog)
    return copy


def _drop_last_plural(catalog) -> None:
    message = next(m for m in catalog if m.pluralizable)
    forms = list(message.string)
    forms[-1] = ""
    message.string = tuple(forms)


def _fuzzy(catalog) -> None:
    next(m for m in catalog if m.id and m.string).flags.add("fuzzy")


def _remove(catalog) -> None:
    catalog.delete("Paying in crypto")


def _empty(catalog) -> None:
    catalog["Paying in crypto"].string = ""


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_drop_last_plural, "plural form missing"),
        (_fuzzy, "fuzzy"),
        (_remove, "not in the catalogue"),
        (_empty, "untranslated"),
    ],
)
@pytest.mark.parametrize("locale", ["es", "fr"])
def test_check_catches_every_kind_of_gap(tmp_path, locale, change, expected):
    found = catalogues.problems(_mutate(tmp_path, locale, change))
    assert any(line.startswith(f"{locale}:") and expected in line for line in found), found


def test_spanish_and_french_have_three_plural_forms():
    for locale in ("es", "fr"):
        with open(ROOT / "bot" / "locales" / locale / "LC_MESSAGES" / "messages.po", "rb") as fh:
            assert read_po(fh, locale=locale).num_plurals == 3


def _literal_percent(catalog) -> None:
    catalog["Total: %(total)s"].string = "Total: %(total)s (100 %)"


def _french_colon(catalog) -> None:
    catalog["Total: %(total)s"].string = "Total : %(total)s"


def _stray_placeholder(catalog) -> None:
    catalog["Total: %(total)s"].string = "Total: %(sum)s"


def _broken_link(catalog) -> None:
    message = next(m for m in catalog if isinstance(m.id, str) and "<a href" in m.id)
    message.string = message.string.replace('href="%(url)s"', "href=«%(url)s»")


def _doubled(catalog) -> None:
    catalog["Total: %(total)s"].string = "Total: %(total)sTotal: %(total)s"


@pytest.mark.parametrize(
    ("locale", "change", "expected"),
    [
        ("es", _doubled, "repeated twice"),
        ("fr", _broken_link, "HTML tags differ"),
        ("es", _literal_percent, "a literal %"),
        ("fr", _literal_percent, "a literal %"),
        ("fr", _french_colon, "an ordinary or narrow space before ':'"),
        ("es", _stray_placeholder, "unknown placeholder"),
    ],
)
def test_check_catches_strings_the_runtime_cannot_use(tmp_path, locale, change, expected):
    found = catalogues.problems(_mutate(tmp_path, locale, change))
    assert any(line.startswith(f"{locale}:") and expected in line for line in found), found


def test_a_trans_block_with_a_literal_percent_is_extracted_as_the_runtime_looks_it_up():
    # Newstyle gettext doubles a literal "%" in {% trans %}: extraction must do the same.
    from babel.messages.extract import extract
    from babel.messages.frontend import parse_mapping_cfg

    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        _, options = parse_mapping_cfg(cfg)
    template = io.BytesIO(b"{% trans %}when it moves by 10 % or more{% endtrans %}")
    found = [m[1] for m in extract("jinja2", template, options=options["bot/templates/**.j2"])]
    assert found == ["when it moves by 10 %% or more"]
    assert catalogues.format_problem("when it moves by 10 % or more")
    assert catalogues.format_problem("when it moves by 10 %% or more") is None
