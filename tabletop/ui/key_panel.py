"""Textual's "Keys" panel (the palette's Keys command) in the table's language.

Textual's ``HelpPanel`` lists every active binding with its description as the binding declares
it: ours in English (translated by the footer, not by the panel) and Textual's own widgets' in
English only. ``HelpPanel`` here is the same panel whose table translates each description, tooltip
and group title as it draws, and names the keys Textual spells out (``home``, ``pgup``,
``shift+tab``) the way a Spanish keyboard prints them (``Inicio``, ``RePág``, ``Mayús+Tab``).
``TabletopApp.action_show_help_panel`` mounts it instead of Textual's.

Textual's descriptions are listed below for extraction (``make messages``); one Textual adds later
stays English until it is listed (``tests/ui/test_key_panel.py`` lists every Textual widget's
bindings and fails on one that is not here).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby
from operator import itemgetter

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import HelpPanel as TextualHelpPanel
from textual.widgets import KeyPanel as TextualKeyPanel
from textual.widgets import Markdown
from textual.widgets._key_panel import BindingsTable as TextualBindingsTable

from ..text.language import language
from ..text.shell import N_, _

TEXTUAL_BINDINGS = (
    # App, Screen, the command palette
    N_("Quit"), N_("Quit the app and return to the command prompt."), N_("palette"), N_("Open the command palette"),
    N_("Focus Next"), N_("Focus Previous"), N_("Copy selected text"),
    N_("Exit the command palette"), N_("Next command"), N_("Previous command"), N_("Next page"),
    N_("Previous page"), N_("Go to top"), N_("Go to bottom"),
    # scrolling containers and lists
    N_("Scroll Up"), N_("Scroll Down"), N_("Scroll Left"), N_("Scroll Right"), N_("Scroll Home"),
    N_("Scroll End"), N_("Page Up"), N_("Page Down"), N_("Page Left"), N_("Page Right"),
    N_("Up"), N_("Down"), N_("First"), N_("Last"), N_("Select"),
    N_("Cursor up"), N_("Cursor down"), N_("Cursor left"), N_("Cursor right"), N_("Cursor Up"), N_("Cursor Down"),
    N_("Top"), N_("Bottom"), N_("Home"), N_("End"), N_("Page up"), N_("Page down"),
    N_("Cursor to parent"), N_("Cursor to next sibling"), N_("Cursor to previous sibling"),
    N_("Cursor to next ancestor"), N_("Expand or collapse all"),
    # buttons, switches, drop-downs, tabs, links
    N_("Press button"), N_("Toggle"), N_("Toggle option"), N_("Toggle collapsible"), N_("Next option"),
    N_("Previous option"), N_("Show menu"), N_("Dismiss menu"), N_("Next tab"), N_("Previous tab"),
    N_("Open link"),
    # text input
    N_("Submit"), N_("Move cursor left"), N_("Move cursor left and select"), N_("Move cursor left a word"),
    N_("Move cursor left a word and select"), N_("Move cursor right and select"),
    N_("Move cursor right or accept the completion suggestion"), N_("Move cursor right a word"),
    N_("Move cursor right a word and select"), N_("Go to start"), N_("Go to end"), N_("Select line start"),
    N_("Select line end"), N_("Select all"), N_("Select line"), N_("Delete character left"),
    N_("Delete character right"), N_("Delete left to start of word"), N_("Delete right to start of word"),
    N_("Delete all to the left"), N_("Delete all to the right"), N_("Delete line"), N_("Delete to line start"),
    N_("Delete to line end"), N_("Cut selected text"), N_("Paste text from the clipboard"), N_("Cut"),
    N_("Copy"), N_("Paste"), N_("Undo"), N_("Redo"),
    N_("Cursor up select"), N_("Cursor down select"), N_("Cursor left select"), N_("Cursor right select"),
    N_("Cursor word left"), N_("Cursor word right"), N_("Cursor left word select"), N_("Cursor right word select"),
    N_("Cursor line start"), N_("Cursor line end"), N_("Cursor line start select"), N_("Cursor line end select"),
    N_("Cursor page up"), N_("Cursor page down"),
)
"""The descriptions (and tooltips) Textual's own bindings carry, for extraction."""

KEY_NAMES = {"home": N_("Home key"), "end": N_("End key"), "pgup": N_("PgUp key"), "pgdn": N_("PgDn key"),
             "shift": N_("Shift key"), "tab": N_("Tab key"), "space": N_("Space key"), "del": N_("Del key"),
             "insert": N_("Insert key"), "esc": N_("Esc key")}
"""Key names Textual spells in English, by the piece of its key display (``shift+tab``, ``^pgup``);
each text is the key cap's name, translated to what a keyboard of that language prints."""


def key_display(display: str) -> str:
    """Textual's display of a key (``^pgup``, ``shift+tab``) in the table's language: as it is in
    English, each named piece translated otherwise (``^RePág``, ``Mayús+Tab``)."""
    if language() == "en":
        return display
    ctrl = display.startswith("^") and len(display) > 1
    pieces = [_(KEY_NAMES[p]) if p in KEY_NAMES else p for p in (display[1:] if ctrl else display).split("+")]
    return ("^" if ctrl else "") + "+".join(pieces)


class BindingsTable(TextualBindingsTable):
    """Textual's table of the active bindings (the same grouping, order and styles), with every
    description, tooltip, group title and key name in the table's language."""

    def render_bindings_table(self) -> Table:
        bindings = self.screen.active_bindings.values()
        key_style = self.get_component_rich_style("bindings-table--key")
        description_style = self.get_component_rich_style("bindings-table--description")
        header_style = self.get_component_rich_style("bindings-table--header")
        divider_transparent = self.get_component_styles("bindings-table--divider").color.a == 0
        table = Table(padding=(0, 0), show_header=False, box=box.SIMPLE if divider_transparent else box.HORIZONTALS,
                      border_style=self.get_component_rich_style("bindings-table--divider"))
        table.add_column("", justify="right")

        def describe(binding: Binding) -> Text:
            text = Text.from_markup(_(binding.description), end="", style=description_style)
            if binding.tooltip:
                if binding.description:
                    text.append(" ")
                text.append(_(binding.tooltip), "dim")
            return text

        previous: object = None
        for namespace, group in groupby(bindings, key=itemgetter(0)):
            rows = list(group)
            if not rows:
                continue
            if namespace.BINDING_GROUP_TITLE:
                table.add_row("", Text(_(namespace.BINDING_GROUP_TITLE), end="", style=header_style))
            by_action: defaultdict[str, list[Binding]] = defaultdict(list)
            for _namespace, binding, _enabled, _tooltip in rows:
                if not binding.system:
                    by_action[binding.action].append(binding)
            for same in by_action.values():
                keys = " ".join(dict.fromkeys(key_display(self.app.get_key_display(b)) for b in same))
                table.add_row(Text(keys, style=key_style), describe(same[0]))
            if namespace != previous:
                table.add_section()
            previous = namespace
        return table


class KeyPanel(TextualKeyPanel, can_focus=False):
    def compose(self) -> ComposeResult:
        yield BindingsTable(shrink=True, expand=False)


class HelpPanel(TextualHelpPanel):
    """Textual's help panel (its styles apply: it is a ``HelpPanel``) with the translating keys
    table. The focused widget's help above it is a widget's ``HELP``, which none of ours sets."""

    def compose(self) -> ComposeResult:
        yield Markdown(id="widget-help")
        yield KeyPanel(id="keys-help")
