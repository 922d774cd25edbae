"""Regenerate the corrupt-save corpus in this folder: ``python tests/data/corrupt_saves/make_corpus.py``.

Every file is one way a save can be broken or hostile, derived from one real save of the kernel
test game "High Card" (seed 5, three actions, fixed timestamps, so the output never changes).
Each must be refused by ``tabletop verify`` and ``tabletop resume`` with exit 2 and one line,
and listed (marked unreadable) by ``tabletop saves``. The file name says what is wrong; the
prefix groups them: nesting, number, encoding, type, state, meta, text.

Special files (FIFOs, sockets, folders, links to devices, links in loops, sparse giant files,
unreadable files) are not committed: ``special_files`` makes them at test time in a temporary
folder, since git cannot hold them and a FIFO in the repo would hang tools that read it.
"""

from __future__ import annotations

import copy
import json
import os
import socket
import sys
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
TESTS = HERE.parents[1]


def base_document() -> dict[str, Any]:
    """A real, consistent save of High Card (``tabletop verify`` accepts it)."""
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    from kernel_game import SPEC, HighCard

    from tabletop import games
    from tabletop.engine import Match, Seat
    from tabletop.engine.saves import document

    if "highcard" not in games.specs():
        games.register(SPEC, HighCard)
    match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis")], {}, seed=5)
    for _ in range(3):
        match.play(match.legal()[0].id)
    match.created, match.updated = 1_700_000_000.25, 1_700_000_100.5
    return json.loads(json.dumps(document(match)))


def dumps(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def edited(edit: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], bytes]:
    def make(base: dict[str, Any]) -> bytes:
        doc = copy.deepcopy(base)
        edit(doc)
        return dumps(doc)

    return make


def replaced(field: str, literal: str) -> Callable[[dict[str, Any]], bytes]:
    """The base save with ``field``'s value spelt as raw JSON ``literal`` (for what ``json.dumps``
    refuses to write: NaN, huge numbers, duplicate keys, bad escapes)."""

    def make(base: dict[str, Any]) -> bytes:
        doc = copy.deepcopy(base)
        doc[field] = "@@HERE@@"
        return dumps(doc).replace(b'"@@HERE@@"', literal.encode("utf-8"))

    return make


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        *head, last = path.split(".")
        node: Any = doc
        for part in head:
            node = node[int(part)] if part.isdigit() else node[part]
        if last.isdigit():
            node[int(last)] = value
        else:
            node[last] = value

    return edit


ENVELOPE = b'{"format":"tabletop-save","version":1,"game":"highcard","seats":'
DEEP = 100_000

CASES: dict[str, Callable[[dict[str, Any]], bytes]] = {
    # -- nesting ------------------------------------------------------------------------------
    "nesting_deep_arrays.json": lambda b: ENVELOPE + b"[" * DEEP + b"]" * DEEP + b"}",
    "nesting_deep_objects.json": lambda b: ENVELOPE + b'{"a":' * DEEP + b"1" + b"}" * DEEP + b"}",
    "nesting_deep_unclosed.json": lambda b: ENVELOPE + b"[" * DEEP,
    "nesting_just_over_the_limit_in_state.json": edited(
        lambda d: d["state"]["deck"].append(json.loads("[" * 70 + "]" * 70))),
    "nesting_deep_document_array.json": lambda b: b"[" * 5000 + b"]" * 5000,
    # -- number limits --------------------------------------------------------------------------
    "number_seed_4301_digits.json": replaced("seed", "9" * 4301),
    "number_seed_100000_digits.json": replaced("seed", "1" * 100_000),
    "number_seed_negative_5000_digits.json": replaced("seed", "-" + "7" * 5000),
    "number_version_5000_digits.json": replaced("version", "2" * 5000),
    "number_updated_1e400.json": replaced("updated", "1e400"),
    "number_updated_10000_digit_decimal.json": replaced("updated", "1." + "5" * 10_000),
    "number_updated_nan.json": replaced("updated", "NaN"),
    "number_seed_infinity.json": replaced("seed", "Infinity"),
    "number_created_minus_infinity.json": replaced("created", "-Infinity"),
    "number_created_year_99999.json": edited(_set("created", 3.1e12)),
    "number_updated_negative.json": edited(_set("updated", -5.0)),
    # -- encodings ------------------------------------------------------------------------------
    "encoding_utf16le_with_bom.json": lambda b: b"\xff\xfe" + dumps(b).decode().encode("utf-16-le"),
    "encoding_utf16be.json": lambda b: dumps(b).decode().encode("utf-16-be"),
    "encoding_utf32.json": lambda b: dumps(b).decode().encode("utf-32"),
    "encoding_utf8_bom.json": lambda b: b"\xef\xbb\xbf" + dumps(b),
    "encoding_latin1_name.json": lambda b: dumps(b).replace(b'"Ana"', b'"An\xe1"'),
    "encoding_overlong_utf8.json": lambda b: dumps(b).replace(b'"Ana"', b'"A\xc0\xafa"'),
    "encoding_lone_surrogate_in_name.json": lambda b: dumps(b).replace(b'"Ana"', b'"A\\ud800na"'),
    "encoding_nul_bytes.json": lambda b: dumps(b)[:40] + b"\x00" * 64 + dumps(b)[40:],
    "encoding_binary_garbage.json": lambda b: bytes(range(256)) * 8,
    # -- types ----------------------------------------------------------------------------------
    "type_document_is_an_array.json": lambda b: dumps([b]),
    "type_seats_is_a_string.json": edited(_set("seats", "Ana, Luis")),
    "type_seed_is_a_string.json": edited(_set("seed", "5")),
    "type_seed_is_a_float.json": edited(_set("seed", 5.0)),
    "type_seed_is_true.json": edited(_set("seed", True)),
    "type_actions_is_an_object.json": edited(_set("actions", {"0": "mark c09"})),
    "type_state_is_null.json": edited(_set("state", None)),
    "type_options_is_a_list.json": edited(_set("options", [])),
    "type_created_is_a_string.json": edited(_set("created", "1700000000")),
    "type_title_is_a_number.json": edited(_set("title", 7)),
    "type_summary_is_a_list.json": edited(_set("summary", ["1 cards played"])),
    "type_finished_is_a_string.json": edited(_set("finished", "no")),
    "type_seat_name_is_a_number.json": edited(_set("seats.0.name", 12)),
    "type_game_is_a_number.json": edited(_set("game", 1)),
    "type_version_is_a_float.json": edited(_set("version", 1.0)),
    "type_duplicate_seed_key.json": replaced("seed", '5, "seed": 6'),
    "type_duplicate_key_in_state.json": lambda b: dumps(b).replace(b'"turn": 1', b'"turn": 1, "turn": 0'),
    # -- tampered state -------------------------------------------------------------------------
    "state_score_raised.json": edited(_set("state.players.0.score", 99)),
    "state_rng_changed.json": edited(lambda d: d["state"].update(rng=d["state"]["rng"] ^ 1)),
    "state_deck_stacked.json": edited(lambda d: d["state"]["deck"].reverse()),
    "state_extra_field.json": edited(_set("state.cheat", True)),
    "state_missing_field.json": edited(lambda d: d["state"].pop("deck")),
    "state_seed_changed.json": edited(_set("seed", 6)),
    "state_action_not_legal.json": edited(lambda d: d["actions"].append("bogus")),
    "state_log_stops_early.json": edited(lambda d: d["actions"].pop()),
    # -- the log: format 3 leaves it out (load rebuilds it by replay), format 2 stored it -------
    "state_log_stored_in_format_3.json": edited(_set("state.log", [{"k": "deal", "seat": 0}])),
    "state_log_null_in_format_3.json": edited(_set("state.log", None)),
    "state_v2_without_a_log.json": edited(_set("version", 2)),
    "state_v2_log_is_a_string.json": edited(lambda d: d.update(version=2) or d["state"].update(log="deal")),
    "state_v2_log_event_is_a_number.json": edited(lambda d: d.update(version=2) or d["state"].update(log=[7])),
    "state_v2_log_is_an_object.json": edited(
        lambda d: d.update(version=2) or d["state"].update(log={"0": {"k": "deal", "seat": 0}})),
    # -- tampered metadata (the replayed state is consistent) -----------------------------------
    "meta_title_clears_the_screen.json": edited(_set("title", "\x1b[2J\x1b[HHigh Card")),
    "meta_summary_writes_the_clipboard.json": edited(
        _set("summary", "\x1b]52;c;ZWNobyBwd25lZA==\x07 1 cards played")),
    "meta_summary_changed.json": edited(_set("summary", "Ana wins")),
    "meta_finished_flipped.json": edited(_set("finished", True)),
    "meta_title_of_another_game.json": edited(_set("title", "Villainous")),
    "meta_seat_kind_unknown.json": edited(_set("seats.1.kind", "genius")),
    "meta_seat_missing.json": edited(lambda d: d["seats"].pop()),
    "meta_game_unknown.json": edited(_set("game", "../../etc/passwd")),
    "meta_format_other.json": edited(_set("format", "\x1b[31mtabletop-save")),
    "meta_version_newer.json": edited(_set("version", 99)),
    # -- hostile text in consistent saves (names replay into the state, so only the name check
    #    catches them) -------------------------------------------------------------------------
    "text_seat_name_clears_the_screen.json": lambda b: dumps(b).replace(b'"Ana"', b'"\\u001b[2JAna"'),
    "text_seat_name_osc52.json": lambda b: dumps(b).replace(b'"Luis"', b'"\\u001b]52;c;cm0gLXJmIH4=\\u0007"'),
    "text_seat_name_bidi_override.json": lambda b: dumps(b).replace(b'"Ana"', b'"\\u202eanA"'),
    "text_seat_name_newline.json": lambda b: dumps(b).replace(b'"Ana"', b'"Ana\\nLuis"'),
    # -- plain damage ---------------------------------------------------------------------------
    "damage_empty.json": lambda b: b"",
    "damage_whitespace.json": lambda b: b" \n\t\r\n ",
    "damage_truncated_in_half.json": lambda b: dumps(b)[: len(dumps(b)) // 2],
    "damage_trailing_garbage.json": lambda b: dumps(b) + b" and more",
    "damage_not_json.json": lambda b: b"format = tabletop-save\nversion = 1\n",
}


def write_corpus(folder: Path = HERE) -> list[Path]:
    base = base_document()
    written = []
    for name, make in CASES.items():
        path = folder / name
        path.write_bytes(make(base))
        written.append(path)
    return written


def special_files(folder: Path) -> list[Path]:
    """Make the non-regular and unreadable cases in ``folder``; return those it could make
    (a socket path too long for AF_UNIX, or a system without FIFOs, skips that one)."""
    made: list[Path] = []

    def keep(path: Path) -> None:
        made.append(path)

    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "special_fifo.json")
        keep(folder / "special_fifo.json")
    (folder / "special_folder.json").mkdir()
    keep(folder / "special_folder.json")
    for device in ("/dev/zero", "/dev/urandom", "/dev/null"):
        if os.path.exists(device):
            link = folder / f"special_link_to_{device.rsplit('/', 1)[1]}.json"
            link.symlink_to(device)
            keep(link)
    (folder / "special_dangling_link.json").symlink_to(folder / "nowhere" / "gone.json")
    keep(folder / "special_dangling_link.json")
    (folder / "special_loop_a.json").symlink_to(folder / "special_loop_b.json")
    (folder / "special_loop_b.json").symlink_to(folder / "special_loop_a.json")
    keep(folder / "special_loop_a.json")
    keep(folder / "special_loop_b.json")
    with open(folder / "special_sparse_17mb.json", "wb") as handle:  # 17 MB that take no disk
        handle.write(b'{"format":"tabletop-save","version":1,')
        handle.truncate(17 * 1024 * 1024)
    keep(folder / "special_sparse_17mb.json")
    sock_path = folder / "special_socket.json"
    if hasattr(socket, "AF_UNIX") and len(str(sock_path)) < 100:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(str(sock_path))
        sock.close()  # the socket file stays
        keep(sock_path)
    if os.geteuid() != 0 if hasattr(os, "geteuid") else False:  # root reads anything
        locked = folder / "special_unreadable.json"
        locked.write_bytes(b"{}")
        locked.chmod(0)
        keep(locked)
    return made


if __name__ == "__main__":
    sys.path.insert(0, str(TESTS.parent))
    for stale in HERE.glob("*.json"):
        stale.unlink()
    print(f"{len(write_corpus())} files written to {HERE.name}/")
