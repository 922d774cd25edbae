"""The shell's catalog (the ``tabletop`` domain): every text the code marks has a Spanish
translation with the same placeholders, the committed template is current, and English needs no
catalog at all (its msgids are the English texts)."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from tabletop.text import catalog, shell
from tabletop.text.po import Entry, load

babel = pytest.importorskip("babel")  # declared in the test extra; `make messages` uses it too

ROOT = Path(__file__).resolve().parents[2]


def extracted() -> dict[str, str | None]:
    """What ``make messages`` extracts, read with Babel's own API: msgid -> msgid_plural."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(ROOT / "babel.cfg", encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found: dict[str, str | None] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(str(ROOT), method_map, options_map):
        if isinstance(message, tuple):
            found[message[0]] = message[1]
        else:
            found.setdefault(message, None)
    return found


def fields(text: str) -> set[str]:
    """The ``{name}`` placeholders of a ``str.format`` text."""
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


@pytest.fixture(scope="module")
def messages() -> dict[str, str | None]:
    found = extracted()
    assert len(found) > 250, "the extraction finds the shell's texts"
    return found


@pytest.fixture(scope="module")
def spanish() -> dict[str, Entry]:
    return load(catalog.po_path("es", "tabletop"))


def test_every_extracted_text_has_a_spanish_translation_with_the_same_placeholders(
        messages: dict[str, str | None], spanish: dict[str, Entry]) -> None:
    missing = sorted(m for m in messages if m not in spanish)
    assert missing == [], f"texts without a (non-fuzzy) Spanish translation: {missing}"
    for msgid, plural in messages.items():
        entry = spanish[msgid]
        if plural is None:
            assert entry.msgstr, msgid
            assert fields(entry.msgstr) == fields(msgid), f"placeholders differ: {msgid!r} -> {entry.msgstr!r}"
        else:
            assert entry.plural == plural and len(entry.forms) == 2 and all(entry.forms), msgid
            for form in entry.forms:
                assert fields(form) == fields(msgid) | fields(plural), f"placeholders differ: {msgid!r} -> {form!r}"


def test_every_literal_the_code_translates_is_extracted(messages: dict[str, str | None]) -> None:
    """Babel reads no call inside an f-string: a ``_("...")`` there would stay English forever."""
    import re

    call = re.compile(r"""(?<![\w.])_\(\s*(["'])((?:(?!\1).)+)\1\s*\)""")
    sources = [p for pattern in ("tabletop/*.py", "tabletop/text/*.py", "tabletop/ui/**/*.py")
               for p in ROOT.glob(pattern)]
    found = {(p.name, m.group(2)) for p in sources for m in call.finditer(p.read_text(encoding="utf-8"))}
    assert len(found) > 100
    assert sorted((name, text) for name, text in found if text.encode().decode("unicode_escape") not in messages
                  and text not in messages) == []


def test_the_spanish_catalog_holds_nothing_the_code_no_longer_says(
        messages: dict[str, str | None], spanish: dict[str, Entry]) -> None:
    assert sorted(set(spanish) - set(messages)) == []


def test_the_committed_template_is_current(messages: dict[str, str | None]) -> None:
    """``make messages`` was run after the last change to a marked text."""
    from babel.messages.pofile import read_po

    with open(catalog.LOCALE / "tabletop.pot", "rb") as handle:
        template = read_po(handle)
    committed = {m.id[0] if isinstance(m.id, tuple) else m.id for m in template if m.id}
    assert committed == set(messages), "run `make messages` (tabletop/locale/tabletop.pot is stale)"


def test_no_spanish_translation_repeats_the_english_where_spanish_differs(spanish: dict[str, Entry]) -> None:
    """A translation equal to its msgid is an untranslated copy, unless the words are the same
    in both languages (names, ids, symbols)."""
    same = {msgid for msgid, entry in spanish.items() if entry.msgstr == msgid}
    allowed = {"Bot {n}", "bots: {bots}", "MSX Cards", "Superinmundos", "no", "No (n)", "(bot)"} & same
    assert same - allowed - {m for m in same if not any(c.isalpha() for c in m)} == set()


def test_english_needs_no_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog, "entries", lambda lang, domain: pytest.fail("English read a catalog"))
    assert shell.gettext("New game", "en") == "New game"
    assert shell.ngettext("{n} day ago", "{n} days ago", 3, "en") == "{n} days ago"


def test_gettext_and_ngettext_in_spanish() -> None:
    assert shell.gettext("New game", "es") == "Partida nueva"
    assert shell.gettext("a text nobody marked", "es") == "a text nobody marked"  # English, never a crash
    assert shell.ngettext("{n} day ago", "{n} days ago", 1, "es").format(n=1) == "hace 1 día"
    assert shell.ngettext("{n} day ago", "{n} days ago", 2, "es").format(n=2) == "hace 2 días"
    assert shell.ngettext("{n} day ago", "{n} days ago", 0, "en").format(n=0) == "0 days ago"
    assert shell.N_("New game") == "New game"  # marks only


def test_the_current_language_is_read_at_each_call() -> None:
    from tabletop.text.language import set_language

    set_language("es")
    assert shell._("Settings") == "Ajustes" and shell.bot_label("heuristic") == "Bot normal (heurístico)"
    set_language("en")
    assert shell._("Settings") == "Settings" and shell.bot_label("heuristic") == "Normal bot (heuristic)"
