"""Everything the player reads, in English or Spanish: catalogs, templates, the renderer.

The rules layer never imports this package; it emits keys and arguments (``engine.msg``).
See ``docs/KERNEL.md`` ("Messages") and ``docs/UI.md`` ("Text").
"""

from .language import detect, language, set_language

__all__ = ["detect", "language", "set_language"]
