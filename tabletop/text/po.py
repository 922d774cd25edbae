"""A small reader for gettext ``.po`` catalogs: the source of every compiled ``.mo`` (``mo``).

Translators' tools (Poedit, Weblate, Babel) open the ``.po`` files, the one source of truth; the
app reads the ``.mo`` compiled from each, and this reader when a ``.po`` changed since.
Supported: ``msgctxt``-less entries, multi-line strings, the C escapes, plural entries
(``msgid_plural`` / ``msgstr[n]``) and the ``fuzzy`` flag (a fuzzy entry is not used: its translation is not trusted yet).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)


class PoError(ValueError):
    """A catalog that does not parse; the message says the file and the line."""


@dataclass
class Entry:
    msgid: str
    msgstr: str = ""
    plural: str | None = None
    forms: list[str] = field(default_factory=list)
    fuzzy: bool = False
    line: int = 0
    comments: list[str] = field(default_factory=list)


def _unquote(text: str, where: tuple[str, int]) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where[0]}:{where[1]}: expected a quoted string")
    body = text[1:-1]
    if "\\" not in body:  # most strings: nothing to unescape (the CLI's start-up reads a catalog)
        return body
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


def parse(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a catalog, header included (``msgid ""``)."""
    entries: list[Entry] = []
    cur: Entry | None = None
    target: str | None = None  # which field continuation lines extend
    flags_fuzzy = False
    comments: list[str] = []

    def finish() -> None:
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = (name, number)  # "file:line" in an error (formatted only then)
        if not line:
            finish()
            target = None
            continue
        if line.startswith("#"):
            finish()  # comments always come before an entry's msgid: the previous one ended
            target = None
            if line.startswith("#,") and "fuzzy" in line:
                flags_fuzzy = True
            elif line.startswith("#.") or line.startswith("# "):
                comments.append(line[2:].strip())
            continue
        if line.startswith("msgid_plural"):
            if cur is None:
                raise PoError(f"{where[0]}:{where[1]}: msgid_plural without msgid")
            cur.plural = _unquote(line[len("msgid_plural"):], where)
            target = "plural"
        elif line.startswith("msgid"):
            finish()
            cur = Entry(_unquote(line[len("msgid"):], where), fuzzy=flags_fuzzy, line=number,
                        comments=comments)
            flags_fuzzy = False
            comments = []
            target = "msgid"
        elif line.startswith("msgstr["):
            if cur is None:
                raise PoError(f"{where[0]}:{where[1]}: msgstr without msgid")
            close = line.index("]")
            index = int(line[7:close])
            if index != len(cur.forms):
                raise PoError(f"{where[0]}:{where[1]}: plural forms out of order")
            cur.forms.append(_unquote(line[close + 1:], where))
            target = "form"
        elif line.startswith("msgstr"):
            if cur is None:
                raise PoError(f"{where[0]}:{where[1]}: msgstr without msgid")
            cur.msgstr = _unquote(line[len("msgstr"):], where)
            target = "msgstr"
        elif line.startswith('"'):
            if cur is None or target is None:
                raise PoError(f"{where[0]}:{where[1]}: a string outside an entry")
            more = _unquote(line, where)
            if target == "msgid":
                cur.msgid += more
            elif target == "plural":
                cur.plural = (cur.plural or "") + more
            elif target == "msgstr":
                cur.msgstr += more
            else:
                cur.forms[-1] += more
        else:
            raise PoError(f"{where[0]}:{where[1]}: not a catalog line")
    finish()
    return entries


def load(path: Path) -> dict[str, Entry]:
    """The usable entries of a file by msgid: translated, not fuzzy, header left out."""
    entries = parse(path.read_text(encoding="utf-8"), path.name)
    out: dict[str, Entry] = {}
    for entry in entries:
        if not entry.msgid or entry.fuzzy:
            continue
        if entry.msgid in out:
            raise PoError(f"{path.name}:{entry.line}: msgid {entry.msgid!r} appears twice")
        if entry.msgstr or any(entry.forms):
            out[entry.msgid] = entry
    return out


def quote(text: str) -> str:
    """A string as a ``.po`` literal (for the tools that write catalogs)."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{body}"'
