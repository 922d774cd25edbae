"""The compiled catalogs (``.mo``) the app reads: one per ``.po``, made from that very ``.po``,
holding what the ``.po`` holds, and readable by Python's own ``gettext`` (the standard format)."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from tabletop.text import catalog, mo, po

CATALOGS = sorted(catalog.LOCALE.glob("*/LC_MESSAGES/*.po"))


def _ids(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.stem}"


def test_there_are_catalogs() -> None:
    assert len(CATALOGS) >= 20


@pytest.mark.parametrize("path", CATALOGS, ids=_ids)
def test_each_mo_is_compiled_from_its_po(path: Path) -> None:
    """A ``.po`` edited without ``make messages`` fails here (the app would parse the ``.po``)."""
    compiled = mo.mo_path(path)
    assert compiled.is_file(), f"{compiled.name} is missing: run `make messages`"
    assert compiled.read_bytes() == mo.compile_po(path.read_bytes(), path.name), \
        f"{compiled.name} is older than {path.name}: run `make messages`"


@pytest.mark.parametrize("path", CATALOGS, ids=_ids)
def test_the_mo_holds_what_the_po_holds(path: Path) -> None:
    def plain(entries: dict[str, po.Entry]) -> dict[str, tuple[str, str | None, list[str]]]:
        return {k: (e.msgstr, e.plural, e.forms) for k, e in entries.items()}

    compiled = mo.load(path)
    assert compiled is not None
    assert plain(compiled) == plain(po.load(path))
    assert catalog.entries.__wrapped__(path.parent.parent.name, path.stem) is not None


@pytest.mark.parametrize("path", CATALOGS, ids=_ids)
def test_pythons_gettext_reads_the_same_texts(path: Path) -> None:
    standard = gettext.GNUTranslations(io.BytesIO(mo.mo_path(path).read_bytes()))
    for msgid, entry in po.load(path).items():
        if entry.plural is None:
            assert standard.gettext(msgid) == entry.msgstr
        else:
            assert standard.ngettext(msgid, entry.plural, 1) == entry.forms[0]
            assert standard.ngettext(msgid, entry.plural, 2) == entry.forms[-1]


def test_a_stale_mo_is_not_read(tmp_path: Path) -> None:
    """A translator's edit shows before it is compiled: the ``.mo`` of another ``.po`` is ignored."""
    source = b'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Quit"\nmsgstr "Salir"\n'
    path = tmp_path / "shell.po"
    path.write_bytes(source)
    mo.mo_path(path).write_bytes(mo.compile_po(source))
    assert mo.load(path)["Quit"].msgstr == "Salir"  # type: ignore[index]
    path.write_bytes(source.replace(b"Salir", b"Abandonar"))
    assert mo.load(path) is None
    mo.mo_path(path).write_bytes(b"not a catalog")
    assert mo.load(path) is None


def test_compiling_twice_gives_the_same_bytes() -> None:
    path = catalog.po_path("es", "tabletop")
    assert mo.compile_po(path.read_bytes()) == mo.compile_po(path.read_bytes())
    made_from, entries = mo.read(mo.compile_po(path.read_bytes()))
    assert made_from == mo.checksum(path.read_bytes()) and entries
