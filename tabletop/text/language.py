"""Which language the table speaks: chosen once, read everywhere; saves hold none.

Order: ``--lang``, then ``TABLETOP_LANG``, then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``:
a value starting with ``es`` means Spanish), else English. The app may switch it at any time (the
setting ``language`` remembers the choice); every text is rendered when shown, so a switch
takes effect on the next redraw.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

LANGUAGES = ("en", "es")
"""The languages the product speaks (each has its catalogs under ``tabletop/locale/``)."""

_current = "en"


def language() -> str:
    return _current


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    _current = lang


def from_locale(env: Mapping[str, str] | None = None) -> str | None:
    """The language the environment's locale asks for, if it names one of ours."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:  # the first one set decides, as in the C library
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else None
    return None


def detect(explicit: str | None = None, env: Mapping[str, str] | None = None,
           setting: str | None = None) -> str:
    """The language to use: an explicit choice, ``TABLETOP_LANG``, the setting, the locale, English.

    A bad explicit value raises ``ValueError`` (the CLI shows it); a bad environment value is
    ignored, because the environment is not something the user typed for us."""
    env = os.environ if env is None else env
    if explicit:
        lang = explicit.strip().lower()
        if lang not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {explicit!r}")
        return lang
    value = env.get("TABLETOP_LANG", "").strip().lower()
    if value in LANGUAGES:
        return value
    if setting in LANGUAGES:
        return setting  # type: ignore[return-value]
    return from_locale(env) or "en"
