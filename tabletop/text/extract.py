"""A Babel extractor for the games' screens: the shell texts they declare without calling ``_``.

A game's screen speaks through its keyed catalog (``ui.<key>`` in ``<game>.po``), except in two
places the shell draws for it: the key bar (``Binding(key, action, description)``: the shared
``Footer`` translates each description in the ``tabletop`` domain) and the help's key table
(``HELP_KEYS``: ``HelpScreen`` translates it row by row). Those are English literals in the class
body, so this extractor yields them as msgids, beside whatever the standard Python extractor finds.
``babel.cfg`` names it for the games' screen modules; it lives in the package so that ``pybabel``
can import it from any directory.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

Found = tuple[int, str | None, str | tuple[str, ...], list[str]]


def _text(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def help_rows(keys: str) -> list[str]:
    """The rows of a ``HELP_KEYS`` table as ``HelpScreen`` translates them (one msgid each)."""
    return [row for row in keys.splitlines() if row.strip()]


def screen_texts(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every ``HELP_KEYS`` row and every binding description in ``source``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "HELP_KEYS" for t in targets):
                keys = _text(node.value)
                for row in help_rows(keys or ""):
                    yield node.lineno, row
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Binding":
            description = node.args[2] if len(node.args) > 2 else next(
                (k.value for k in node.keywords if k.arg == "description"), None)
            text = _text(description)
            if text:
                yield node.lineno, text


def screens(fileobj: IO[bytes], keywords: Mapping[str, Any] | Collection[str], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[Found]:
    """Babel's extraction method (``[tabletop.text.extract.screens: <pattern>]`` in ``babel.cfg``)."""
    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)
    encoding = options.get("encoding", "utf-8")
    for line, text in screen_texts(source.decode(encoding) if isinstance(source, bytes) else source):
        yield line, None, text, []
