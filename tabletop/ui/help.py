"""The help screen: the keys that work, and the game's rules summary in our own words."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from ..text.language import language
from ..text.shell import N_, _
from .widgets.footer import Footer

GENERAL_KEYS = N_("""\
| key | what it does |
| :- | :- |
| ↑ ↓ ← → (or h j k l) | move the selection |
| Enter | choose |
| 1–9 | pick an option from the list at once |
| Esc | back out of a half-made choice, or close this help |
| ? | this help |
| h | a hint: what the bot would do here, and why (never played for you) |
| ctrl+s | save now (every action is also saved automatically) |
| ctrl+z | undo your last action this turn (not past a roll, a draw or a reveal) |
| q | leave to the menu (the game is saved) |
""")
"""The keys of every game screen, as the first rows of the help's key table (translated when shown)."""


def _read_doc(rules_file: str) -> str:
    here = Path(__file__).resolve().parent.parent
    for root in (here.parent, here / "_docs"):
        path = root / rules_file
        if path.is_file():
            return path.read_text(encoding="utf-8")
        alt = root / Path(rules_file).relative_to("docs") if rules_file.startswith("docs/") else None
        if alt is not None and alt.is_file():
            return alt.read_text(encoding="utf-8")
    return ""


def rules_text(rules_file: str | None, lang: str | None = None) -> str:
    """The rules summary file of a game, from a checkout or an installed wheel, in the table's
    language (``docs/games/es/<game>.md`` beside the English one), else in English."""
    if not rules_file:
        return ""
    lang = lang or language()
    if lang != "en":
        path = Path(rules_file)
        translated = _read_doc((path.parent / lang / path.name).as_posix())
        if translated:
            return translated
    return _read_doc(rules_file)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", N_("close"))]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90%; height: 90%; border: round $accent; background: $panel; padding: 0 1; }
    """

    def __init__(self, title: str, keys: str = "", rules: str = "", *, rules_file: str | None = None) -> None:
        """``title`` and ``rules`` are English texts translated when drawn; ``rules_file`` (a
        game's summary) is read in the language of the moment, so a switch shows the other one."""
        super().__init__()
        self.title_text = title
        self.keys = keys
        self.rules = rules
        self.rules_file = rules_file

    def compose(self) -> ComposeResult:
        rules = (rules_text(self.rules_file) if self.rules_file else "") or _(self.rules)
        keys = "".join(_(row) + "\n" for row in self.keys.splitlines())  # each row its own text
        heading = _("Keys")
        body = f"# {_(self.title_text)}\n\n## {heading}\n\n{_(GENERAL_KEYS)}{keys}\n"  # game rows join it
        if rules:
            body += f"\n{rules}\n"
        with VerticalScroll():
            yield Markdown(body)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
