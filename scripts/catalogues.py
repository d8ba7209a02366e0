"""The gettext workflow in one place: extract, update, compile, check.

    python scripts/catalogues.py extract   # bot/ (Python + Jinja2) → bot/locales/messages.pot
    python scripts/catalogues.py update    # merge the template into each locale's .po
    python scripts/catalogues.py compile   # .po → .mo (the bot loads the .mo files)
    python scripts/catalogues.py check     # fails if anything is out of date or untranslated

Same as pybabel with these keywords; kept in Python so tests and CI run the exact same thing.
"""

from __future__ import annotations

import io
import re
import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "bot" / "locales"
TEMPLATE = LOCALES / "messages.pot"
# Babel's defaults (gettext, ngettext, _, N_… which Jinja2's {% trans %} also produces), plus
# the Python helper tr(locale, msg).
KEYWORDS = {**DEFAULT_KEYWORDS, "tr": (2,)}
# Every lookup %-formats its result (Jinja's newstyle gettext and bot.render.phrases alike), and
# newstyle {% trans %} looks a literal "%" up doubled: a "%" that starts no conversion is a
# msgid the runtime never asks for, or a msgstr that cannot be filled.
_CONVERSION = re.compile(r"%(?:%|\((?P<name>\w+)\)[-#0 +]*\d*(?:\.\d+)?[sdifr])")


def supported() -> tuple[str, ...]:
    sys.path.insert(0, str(ROOT))
    from bot.i18n import SUPPORTED_LOCALES

    return SUPPORTED_LOCALES


def extract() -> Catalog:
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    catalog = Catalog(project="gpu-finetune-assistant", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    # Methods are data: their names are msgids in rules/data/methods.toml.
    methods = ROOT / "rules" / "data" / "methods.toml"
    for method in tomllib.loads(methods.read_text(encoding="utf-8"))["methods"]:
        for key in ("name", "short_name", "pretrain_name"):
            if key in method:
                catalog.add(method[key], None, [("rules/data/methods.toml", 0)])
    return catalog


def _write_po(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, no_location=True, sort_output=True, width=100, omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def _read(path: Path, locale: str | None = None) -> Catalog:
    with open(path, "rb") as fh:
        return read_po(fh, locale=locale)


def cmd_extract() -> None:
    _write_po(TEMPLATE, extract())


def cmd_update() -> None:
    template = extract()
    _write_po(TEMPLATE, template)
    for locale in supported():
        path = LOCALES / locale / "LC_MESSAGES" / "messages.po"
        catalog = _read(path, locale) if path.exists() else Catalog(locale=locale)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        _write_po(path, catalog)


def cmd_compile() -> None:
    for locale in supported():
        po = LOCALES / locale / "LC_MESSAGES" / "messages.po"
        with open(po.with_suffix(".mo"), "wb") as fh:
            write_mo(fh, _read(po, locale), use_fuzzy=False)


def format_problem(text: str) -> str | None:
    """Why `text` cannot be %-formatted with named values, or None."""
    rest = _CONVERSION.sub("", text)
    if "%" in rest:
        return "a literal % not written %% (never looked up, or cannot be filled)"
    return None


# French typography (the review's rule): U+00A0 before ":" and inside « », U+202F before
# ; ? ! and %, and one kind of apostrophe (the straight one, as most of the catalogue).
_FRENCH_TYPOGRAPHY = (
    (re.compile(r"[ \u202f]:"), "an ordinary or narrow space before ':' (use U+00A0)"),
    (re.compile(r"[ \u00a0][;?!]|[ \u00a0]%%"), "an ordinary space before ; ? ! or % (use U+202F)"),
    (re.compile(r"« |«(?=\S)| »|(?<=\S)»"), "« » without U+00A0 inside"),
    (re.compile("\u2019"), "a curly apostrophe (the catalogue uses ')"),
)


# Telegram rejects a message whose HTML does not parse: a translation keeps the source's tags.
_TAG = re.compile(r"<[^<>]*>")


def typography_problems(locale: str, text: str) -> list[str]:
    if locale != "fr":
        return []
    return [why for pattern, why in _FRENCH_TYPOGRAPHY if pattern.search(text)]


def placeholders(text: str) -> set[str]:
    return {m.group("name") for m in _CONVERSION.finditer(text) if m.group("name")}


def _format_problems(locale: str, msgid: object, strings: tuple[str, ...]) -> list[str]:
    found: list[str] = []
    ids = msgid if isinstance(msgid, tuple) else (msgid,)
    allowed = set().union(*(placeholders(i) for i in ids)) | {"num"}
    # A GPU name brings its noun phrases (bot.render.phrases.GpuName): the_gpu, of_gpu…
    allowed |= {f"{form}_{name}" for name in allowed for form in ("the", "The", "of")}
    tags = sorted(_TAG.findall(ids[0]))
    for text in strings:
        if text and sorted(_TAG.findall(text)) != tags:
            found.append(f"{locale}: HTML tags differ from the source's {tags}: {text!r}")
        half = len(text) // 2
        if half and text[:half] == text[half:]:
            # A textual merge of two sides that added the same entry repeats its lines.
            found.append(f"{locale}: a translation repeated twice (a merge left both sides): {text!r}")
    for text in (*ids, *strings):
        if not text:
            continue
        why = format_problem(text)
        if why:
            found.append(f"{locale}: {why}: {text!r}")
        elif text in strings and (bad := typography_problems(locale, text)):
            found.append(f"{locale}: {', '.join(bad)}: {text!r}")
        elif text in strings and not placeholders(text) <= allowed:
            extra = sorted(placeholders(text) - allowed)
            found.append(f"{locale}: unknown placeholder {extra} in the translation of {ids[0]!r}")
    return found


def problems(locales_dir: Path = LOCALES) -> list[str]:
    """Every way a catalogue can leave a reader with English or stale text."""
    found: list[str] = []
    template = extract()
    wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    for locale in supported():
        po = locales_dir / locale / "LC_MESSAGES" / "messages.po"
        if not po.exists():
            found.append(f"{locale}: {po} is missing")
            continue
        catalog = _read(po, locale)
        have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
        for msgid in sorted(wanted - set(have)):
            found.append(f"{locale}: not in the catalogue: {msgid!r}")
        for msgid in sorted(set(have) - wanted):
            found.append(f"{locale}: no longer in the source: {msgid!r}")
        for msgid, message in have.items():
            if msgid not in wanted:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found.extend(_format_problems(locale, message.id, strings))
            if message.fuzzy:
                found.append(f"{locale}: fuzzy: {msgid!r}")
            if locale != "en" and (
                not strings or any(not s for s in strings)
                or len(strings) < (catalog.num_plurals if message.pluralizable else 1)
            ):
                found.append(f"{locale}: untranslated (or a plural form missing): {msgid!r}")
        mo = po.with_suffix(".mo")
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        if not mo.exists() or mo.read_bytes() != compiled.getvalue():
            found.append(f"{locale}: {mo.name} is not compiled from the current .po")
    return found


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        cmd_extract()
    elif command == "update":
        cmd_update()
    elif command == "compile":
        cmd_compile()
    elif command == "check":
        issues = problems()
        for line in issues:
            print(line)
        return 1 if issues else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
