"""A sitting rebuilt from an export file (``selectors.exports.session_export``).

The file is checked before anything is saved (its size against the caps of ``limits``), opened as
a new sitting of the importer with the same game, seats, ruleset and house-rules versions, and
its rounds are entered in order and scored once by the history walk: the same rounds give the
same ledger. A refusal names the round it is about.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from calculator.errors import CalculatorError, invalid
from calculator.models import Round, RulesVersion, Session, roster_key
from calculator.selectors.seating import seat_change_seating, seating_now, seating_text
from calculator.selectors.sittings import game_of_session, seats_of
from calculator.services.history import in_round, rescore_from
from calculator.services.limits import import_caps
from calculator.services.rounds import RoundEntry, round_entry_parse
from calculator.services.seat_draw import refused
from calculator.services.seats import seat_change_parse
from calculator.services.sittings import rules_checked, session_create


@transaction.atomic
def session_import(*, owner: AbstractBaseUser, data: object) -> Session:
    """A new session rebuilt from ``selectors.exports.session_export``: same rounds, same ledger."""
    if not isinstance(data, Mapping) or data.get("format") != "anqing-session":
        raise invalid(
            "這不是本應用導出的牌局（format 應為 anqing-session）。",
            'This is not a session export (format must be "anqing-session").',
        )
    versions = data.get("rules_versions") or [{"number": 1, "rules": {}}]
    rounds = data.get("rounds", [])
    if not isinstance(versions, list) or not isinstance(rounds, list):
        raise invalid(
            "rules_versions 和 rounds 必須是列表。", "rules_versions and rounds must be lists."
        )
    if not versions or not all(isinstance(version, Mapping) for version in versions):
        raise invalid(
            "rules_versions 的每一項必須是對象。", "Each of rules_versions must be an object."
        )
    import_caps(versions, rounds)
    first_rules = versions[0].get("rules", {})
    players = data.get("players")
    # A file keeps the draw it was opened with, or none (seats typed, or a file from before
    # draws); it never asks for a new one.
    seat_draw = data.get("seat_draw")
    if seat_draw is True:
        raise refused(
            "導出文件的 seat_draw 是抽座位的記錄（method 和 throws）或 null。",
            "An export's seat_draw is the record of a draw (method and throws) or null.",
        )
    session = session_create(
        owner=owner,
        name=data.get("name", ""),
        players=players,
        # The players are the importer's roster people of those names; an export from before the
        # roster may seat one name twice: the later seats are new people of that name.
        new_players=_repeated_names(players),
        ruleset=data.get("ruleset"),
        base_silver=data.get("base_silver", "1"),
        rules=first_rules,
        # Exports from before there were games are Anqing's, at four seats.
        game=data.get("game"),
        player_count=data.get("player_count"),
        seat_draw=seat_draw,
    )
    by_number = {1: session.rules_versions.get()}
    for index, version in enumerate(versions[1:], start=2):
        rules = version.get("rules", {})
        rules_checked(session.ruleset, rules, game_of_session(session), seats_of(session))
        by_number[index] = RulesVersion.objects.create(
            session=session, number=index, overrides=rules, created_by=owner
        )
    created: list[Round] = []
    # Who sits where going into each round: a seat change in the file names seats, not people.
    seating = seating_now(session)
    for expected, item in enumerate(rounds, start=1):
        if (
            not isinstance(item, Mapping)
            or item.get("number") != expected
            or type(item.get("number")) is not int
        ):
            raise invalid(
                f"rounds 必須按局號 1、2、3… 排列；第 {expected} 項不對。",
                f"rounds must be numbered 1, 2, 3, … in order; item {expected} is not.",
            )
        entry = _import_entry(session, expected, item, seating)
        number = item.get("rules_version", 1)
        version = by_number.get(number) if type(number) is int else None
        if version is None:
            raise invalid(
                f"第 {expected} 局的 rules_version 不存在（應是文件裡某個版本的號碼）。",
                f"Round {expected} refers to a rules_version that is not in the file "
                f"(it must be the number of one of rules_versions).",
            )
        voided = item.get("voided", False)
        if not isinstance(voided, bool):
            raise invalid(
                f"第 {expected} 局的 voided 必須是 true 或 false，收到 {voided!r}。",
                f"Round {expected}: voided must be true or false, got {voided!r}.",
            )
        if entry.result == Round.SEAT_CHANGE and not voided:
            seating = seat_change_seating(entry.hand)
        created.append(
            Round(
                session=session,
                number=expected,
                result=entry.result,
                winner=entry.winner,
                hand=entry.hand,
                rules_version=version,
                dealer="E",
                voided=voided,
                recorded_by=owner,
            )
        )
    if any(game_round.result == Round.SEAT_CHANGE for game_round in created):
        # The file's players are the opening seating; the walk seats them as it goes.
        session.opening = seating_text(seating_now(session))
        session.save(update_fields=["opening"])
    Round.objects.bulk_create(created)
    rescore_from(session, 1, name_round=True)
    return session


def _repeated_names(players: object) -> list[bool] | None:
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        return None  # session_create names what is wrong with them
    keys = [roster_key(name) for name in players]
    return [key in keys[:index] for index, key in enumerate(keys)]


def _import_entry(
    session: Session, number: int, item: Mapping, seating: Mapping[str, int | None]
) -> RoundEntry:
    """Round ``number`` of an export as a round entry (a seat change from ``seating``, who sits
    where going into it); any refusal names the round."""
    hand = item.get("hand")
    if hand is None:
        hand = {}
    if not isinstance(hand, Mapping):
        raise invalid(
            f"第 {number} 局的 hand 必須是對象（牌的欄位）。",
            f"Round {number}: hand must be an object of hand fields.",
        )
    try:
        if item.get("result") == Round.SEAT_CHANGE:
            return RoundEntry(Round.SEAT_CHANGE, seat_change_parse(hand, session, now=seating))
        return round_entry_parse({"result": item.get("result"), **hand}, session)
    except CalculatorError as problem:
        raise in_round(number, problem) from None
