"""A round: its entry parsed and checked, then recorded, corrected or voided.

``round_entry_parse`` says exactly what is wrong with a round body: the hand fields of the
sitting's game (``Game.hand_fields``), a winner among the seats in play, no field the history
decides (dealer, streak, ruleset: R2.2, R8), the meld keys of score-api.md; an ``adjustment``
body goes to ``adjustments.adjustment_parse``. ``round_record`` scores the next round in the
dealer context its history gives (``history.score_round``), refuses a form opened for another
round (``expected_round``) and answers a replayed ``Idempotency-Key`` with the first answer.
``round_correct`` and ``round_void`` change one round and rescore every later one
(``history.rescore_from``): a voided round moves no money and does not pass or keep the deal
(R2.2); ``round_void_preview`` says what a void would do to each balance, writing nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from calculator.compiled import inserted
from calculator.errors import CalculatorError, RoundConflict, invalid, not_found
from calculator.models import Fee, Payment, Round, Session
from calculator.numbers import shown
from calculator.precedence import notation_error
from calculator.selectors.access import seen_by
from calculator.selectors.ledger import round_answer
from calculator.selectors.seating import seating_now, seating_text
from calculator.selectors.sittings import current_rules_version, game_of_session, seats_of
from calculator.services import history
from calculator.services.adjustments import adjustment_parse
from calculator.services.fees import round_fees
from calculator.services.history import (
    balances_of,
    dealer_after,
    history_changed,
    moved,
    rescore_from,
    score_round,
    seated,
    seating_kept,
    set_balances,
    state_fields,
    state_of,
    stored_seating,
)
from calculator.services.limits import open_for_changes, round_cap
from calculator.services.once import once_with_sitting
from calculator.services.seats import seat_change_parse
from scoring.games import DEFAULT_GAME, SEATS, Game, game_of

# The hand fields of an Anqing round (docs/api.md's request); every game names its own
# (``Game.hand_fields``). The context (ruleset, rules, dealer, dealer_streak, base_silver) belongs
# to the session and its history, and the game and the number of players to the session.
HAND_FIELDS = game_of(DEFAULT_GAME).hand_fields
CONTEXT_FIELDS = ("dealer", "dealer_streak", "ruleset", "rules", "base_silver")
SESSION_FIELDS = ("game", "player_count")


@dataclass(frozen=True)
class RoundEntry:
    """A parsed round body: a win with its hand fields, or a draw."""

    result: str
    hand: dict[str, Any]

    @property
    def winner(self) -> str:
        """The winner's seat, or the winners' seats in play order ("ES": 紅中's 一炮多響, HZ9.2);
        "" for a draw."""
        if self.result != Round.WIN:
            return ""
        if "winner" in self.hand:
            return self.hand["winner"]
        winners = self.hand.get("winners")
        named = (
            {entry.get("seat") for entry in winners if isinstance(entry, Mapping)}
            if isinstance(winners, list)
            else set()
        )
        return "".join(seat for seat in SEATS if seat in named)


def entry_body(entry: RoundEntry | Mapping) -> Mapping:
    """A round body as sent: a parsed entry written back as ``result`` and its hand fields."""
    return {"result": entry.result, **entry.hand} if isinstance(entry, RoundEntry) else entry


@dataclass(frozen=True)
class Recorded:
    """What ``round_record`` answers: the round and the API answer (or the stored first one), and
    for a round recorded now what a page shows of it, all read under the sitting's lock: its
    payments, each seat's balance before and after it, who deals next with which streak, and
    the contract's ``state`` after it (the one in ``body``)."""

    round: Round | None
    status: int
    body: dict
    replayed: bool
    payments: Sequence[Payment] = ()
    before: dict[str, Decimal] | None = None
    after: dict[str, Decimal] | None = None
    next_dealer: str | None = None
    next_streak: int | None = None
    state: dict[str, Any] | None = None


@dataclass(frozen=True)
class Corrected:
    """What ``round_correct`` answers, read under the sitting's lock: the round as it is now, each
    seat's balance before and after the correction (every later round rescored), who deals next
    with which streak, and the contract's ``state`` after it."""

    round: Round
    before: dict[str, Decimal]
    after: dict[str, Decimal]
    next_dealer: str
    next_streak: int
    state: dict[str, Any]


def round_entry_parse(
    body: object,
    session: Session | None = None,
    *,
    game: Game | None = None,
    player_count: int | None = None,
) -> RoundEntry:
    """Check a round body (POST or PUT) and say exactly what is wrong with it: the hand fields
    of the session's game (``Game.hand_fields``), a winner among its seats in play. Without a
    session, ``game`` and ``player_count`` say which table (absent: Anqing, four seats)."""
    if session is not None:
        game, player_count = game_of_session(session), session.player_count
    game = game or game_of(DEFAULT_GAME)
    seats = game.seats(player_count or max(game.seat_counts))
    hand_fields = game.hand_fields
    if not isinstance(body, Mapping):
        raise invalid("請求必須是 JSON 對象。", "The request body must be a JSON object.")
    result = body.get("result")
    if result == Round.ADJUSTMENT:
        return RoundEntry(Round.ADJUSTMENT, adjustment_parse(body, seats))
    if result not in (Round.WIN, Round.DRAW):
        raise invalid(
            f'result 必須是 "win"、"draw" 或 "adjustment"，收到 {result!r}。',
            f'result must be "win", "draw" or "adjustment", got {result!r}.',
        )
    for field in body:
        if field in CONTEXT_FIELDS:
            raise invalid(
                f"{field} 由本場的牌局記錄決定（R2.2、R8），不能由請求指定。",
                f"{field} comes from the session's own history (R2.2, R8); do not send it.",
            )
        if field in SESSION_FIELDS:
            raise invalid(
                f"{field} 是這一場開局時定的，不能由一局的請求指定。",
                f"{field} is the session's, set when it was opened; do not send it with a round.",
            )
        if field != "result" and field not in hand_fields:
            raise invalid(f"未知的欄位：{field}。", f"Unknown field: {field}.")
    hand = {field: body[field] for field in hand_fields if field in body}
    if "winners" in hand_fields:
        # Absent or null is no winner (null means absent): a win without one is E_CONTEXT too.
        winners = hand.get("winners")
        _winners_fit_result([] if winners is None else winners, result)
    if result == Round.DRAW:
        if hand.get("winners") == []:
            del hand["winners"]  # a draw's winners: none, as it says
        # A game's draw may carry some fields (紅中: the kongs made, HZ10.3); no other.
        extra = [field for field in hand if field not in game.draw_fields]
        if extra:
            raise invalid(
                f"荒莊不需要牌的欄位：{', '.join(extra)}。",
                f"A draw takes no hand fields: {', '.join(extra)}.",
            )
        return RoundEntry(Round.DRAW, game.canonical(hand))
    for field in game.win_requires:
        if field not in hand:
            raise invalid(f"胡牌必須填寫 {field}。", f"A win needs {field}.")
    if "winner" in game.win_requires and hand["winner"] not in seats:
        # AJ12, R11: a hand that cannot be read is refused before a winner not at the table.
        raise notation_error(game, hand, seats) or _not_in_play(hand["winner"], seats)
    _meld_keys_checked(hand)
    # What is stored is what the engine read: " 2m" and "9 s" are kept as "2m" and "9s".
    return RoundEntry(Round.WIN, game.canonical(hand))


def _winners_fit_result(winners: object, result: str) -> None:
    """紅中's round body (score-api.md, sessions): a win names at least one winner, a draw none;
    E_CONTEXT otherwise."""
    if not isinstance(winners, list):
        return  # the engine names a list that is not one (E_NOTATION)
    if result == Round.WIN and not winners:
        raise CalculatorError(
            "E_CONTEXT",
            '"result": "win" 至少要有一個胡牌的人（winners）；沒有人胡是荒莊（"draw"）。',
            '"result": "win" needs at least one winner in winners; a round nobody won is a "draw".',
        )
    if result == Round.DRAW and winners:
        raise CalculatorError(
            "E_CONTEXT",
            '荒莊（"draw"）沒有胡牌的人，winners 必須是空的；有人胡就是 "win"。',
            'A "draw" has no winners; winners must be empty (a round someone won is a "win").',
        )


def _winner_in_play(winner: object, seats: tuple[str, ...]) -> None:
    """E_CONTEXT unless ``winner`` is one of the seats in play."""
    if winner in seats:
        return
    raise _not_in_play(winner, seats)


def _not_in_play(winner: object, seats: tuple[str, ...]) -> CalculatorError:
    """E_CONTEXT: ``winner`` is not one of the seats in play."""
    if len(seats) == len(SEATS):
        return CalculatorError(
            "E_CONTEXT",
            f"winner 必須是 E、S、W、N 之一，收到 {shown(winner)}。",
            f"winner must be one of E S W N, got {shown(winner)}.",
        )
    return CalculatorError(
        "E_CONTEXT",
        f"這一場只有 {len(seats)} 家（{'、'.join(seats)}），winner 必須是其中之一，收到 {shown(winner)}。",
        f"This session seats {len(seats)} players ({' '.join(seats)}); winner must be one of "
        f"them, got {shown(winner)}.",
    )


# The fields of a meld in score-api.md; anything else is a client's typo, and is not stored.
MELD_FIELDS = ("kind", "tiles", "from")


def _meld_keys_checked(hand: Mapping) -> None:
    """E_INVALID naming the first key of a meld (``melds`` or ``others_melds``) that the
    contract does not define."""
    lists: list[tuple[str, object]] = [("melds", hand.get("melds"))]
    others = hand.get("others_melds")
    if isinstance(others, Mapping):
        lists += [(f"others_melds.{seat}", melds) for seat, melds in others.items()]
    for name, melds in lists:
        if not isinstance(melds, list):
            continue  # the engine names a list that is not one (E_NOTATION)
        for index, meld in enumerate(melds):
            if not isinstance(meld, Mapping):
                continue
            for key in meld:
                if key not in MELD_FIELDS:
                    raise invalid(
                        f"{name}[{index}] 有未知的鍵 {key!r}：副露只有 kind、tiles、from。",
                        f"{name}[{index}] has an unknown key {key!r}: a meld has only kind, "
                        f"tiles and from.",
                    )


def _entry_for(session: Session, entry: RoundEntry | Mapping) -> RoundEntry:
    """A round body parsed for the session's game and seats; an entry parsed already (by a
    page) is checked for a winner among the seats in play."""
    if not isinstance(entry, RoundEntry):
        return round_entry_parse(entry, session)
    if entry.result == Round.ADJUSTMENT:
        return RoundEntry(
            Round.ADJUSTMENT,
            adjustment_parse({"result": Round.ADJUSTMENT, **entry.hand}, seats_of(session)),
        )
    if entry.result == Round.SEAT_CHANGE:
        return RoundEntry(Round.SEAT_CHANGE, seat_change_parse(entry.hand, session))
    if entry.result == Round.WIN and "winner" in entry.hand:
        _winner_in_play(entry.winner, seats_of(session))
    return entry


def session_to_write(
    *,
    user: AbstractBaseUser,
    pk: int,
    idempotency_key: str | None = None,
    players: bool = False,
) -> Session:
    """Sitting ``pk`` read once for a round or an adjustment recorded or corrected next in the
    caller's transaction (``transaction.atomic``): its row lock, its newest house rules, whether
    a (well-formed) ``idempotency_key`` was answered already, and with ``players`` its seats'
    players, all in one read (``history.locked``); pass it on with ``locked=True``. A sitting the
    user may not see is 404 (``selectors.access``), before anything of the request is read."""
    if not user.is_authenticated:
        raise not_found("找不到這一場。", "No such session.")
    key = idempotency_key if idempotency_key and _key_fits(idempotency_key) else None
    try:
        session = history.locked(pk, rules=True, answer_key=key, players=players)
    except Session.DoesNotExist:
        raise not_found("找不到這一場。", "No such session.") from None
    if not seen_by(user, session):
        raise not_found("找不到這一場。", "No such session.")
    return session


def _key_fits(key: str) -> bool:
    return len(key) <= 200 and key.isprintable()


def round_record(
    *,
    session: Session,
    entry: RoundEntry | Mapping,
    user: AbstractBaseUser | None = None,
    idempotency_key: str | None = None,
    expected_round: int | None = None,
    request_body: Mapping | None = None,
    locked: bool = False,
) -> Recorded:
    """Record the next round; with an ``Idempotency-Key`` a replay (the same user, the same
    body) gets the first answer, and the key reused for another request is E_IDEMPOTENCY.

    ``expected_round`` is the number the caller means this round to take (the round a form was
    opened for): if the sitting has moved on since, nothing is recorded and ``RoundConflict``
    names the round that is there. ``request_body`` is what the key's body hash is taken of
    (the whole body as sent, ``expected_round`` included); ``entry`` by default.

    ``locked``: ``session`` was read by ``session_to_write`` in the transaction the caller holds,
    so it is not read again; otherwise it is read and locked here, in a transaction of its own.
    Every refusal comes before the first write."""
    if idempotency_key and not _key_fits(idempotency_key):
        raise invalid(
            "Idempotency-Key 最多 200 個可見字符。",
            "Idempotency-Key is at most 200 printable characters.",
        )
    if locked:
        return _recorded(session, entry, user, idempotency_key, expected_round, request_body)
    with transaction.atomic():
        session = history.locked(session, rules=True, answer_key=idempotency_key or None)
        return _recorded(session, entry, user, idempotency_key, expected_round, request_body)


def _recorded(
    session: Session,
    entry: RoundEntry | Mapping,
    user: AbstractBaseUser | None,
    idempotency_key: str | None,
    expected_round: int | None,
    request_body: Mapping | None,
) -> Recorded:
    """``round_record`` on the sitting's row as read with its lock (``history.locked``)."""
    # The key is the sitting's, looked up inside its lock (services.once): two posts with one
    # key never both record.
    once = once_with_sitting(
        session=session,
        key=idempotency_key,
        user=user,
        request_body=entry_body(entry) if request_body is None else request_body,
    )
    if once is not None and once.first is not None:
        return Recorded(None, once.first.status, once.first.answer, replayed=True)
    open_for_changes(session)
    # The locked row holds what the history gives: the newest number, the next dealer (R2.2).
    last = session.last_number
    if expected_round is not None and expected_round != last + 1:
        raise _moved_on(session, expected_round, last + 1)
    entry = _entry_for(session, entry)
    round_cap(last)
    version = current_rules_version(session)
    dealer, streak = session.next_dealer, session.next_streak
    game_round = Round(
        session=session,
        number=last + 1,
        result=entry.result,
        winner=entry.winner,
        hand=entry.hand,
        rules_version=version,
        recorded_by=user,
    )
    payments = score_round(session, game_round, dealer, streak, {})
    before = balances_of(session)
    fees = round_fees(session, game_round, payments, before, seats_of(session))
    seating = seating_now(session)
    running, seating_after = seated(game_round, moved(before, payments), seating)
    set_balances(game_round, running)
    game_round.seating = stored_seating(session, seating_after)
    try:
        # No savepoint: an IntegrityError ends this transaction, which is rolled back as a whole.
        # One INSERT … RETURNING, with no save() machinery (the round has no signals).
        inserted([game_round])
    except IntegrityError:
        # Only reachable where the session lock is not a real lock: the number was taken.
        raise CalculatorError(
            "E_CONFLICT",
            "另一局剛剛被記錄，請重試。",
            "Another round was recorded at the same moment; please retry.",
            status=409,
        ) from None
    for payment in payments:
        payment.round = game_round
    inserted(payments)
    if fees:  # money that leaves the table (services.fees); none in most sittings
        for fee in fees:
            fee.round = game_round
        Fee.objects.bulk_create(fees)
    next_dealer, next_streak = dealer_after(session, dealer, streak, game_round)
    fields = state_fields(running, next_dealer, next_streak, game_round.number)
    if seating_after == seating:
        history_changed(
            session, fields, added=game_round, added_payments=payments, added_fees=fees
        )
    else:
        # A seat change: the sitting's seats take the new seating (its opening one is kept the
        # first time) and the kept totals are counted again by person, labelled by new seats.
        if not session.opening:
            fields["opening"] = session.opening = seating_text(seating)
        fields.update(seating_kept(session, seating_after))
        history_changed(session, fields)
    _kept_on_row(session, fields)
    state = state_of(session, running, next_dealer, next_streak, game_round.number, version)
    body = round_answer(game_round, payments=payments, state=state, fees=fees)
    if once is not None:
        once.keep(201, body)
    return Recorded(
        game_round,
        201,
        body,
        replayed=False,
        payments=payments,
        before=before,
        after=running,
        next_dealer=next_dealer,
        next_streak=next_streak,
        state=state,
    )


def _kept_on_row(session: Session, fields: Mapping[str, Any]) -> None:
    """The locked row as ``history_changed`` left it (its version one more), so whoever holds it
    for the rest of the transaction reads what is stored."""
    for name, value in fields.items():
        setattr(session, name, value)
    session.version += 1


def _moved_on(session: Session, expected: int, next_round: int) -> RoundConflict:
    """The sitting is past the round a form or request meant to record: the round recorded as
    that number (the newest one if there is no such round)."""
    there = (
        session.rounds.filter(number__lte=expected)
        .select_related("rules_version", "recorded_by")
        .order_by("-number")
        .first()
    )
    if expected > next_round:  # not taken: the sitting has not got that far
        message = (
            f"還不能記第 {expected} 局（下一局是第 {next_round} 局），這一局沒有記錄。",
            f"Round {expected} cannot be recorded yet (the next round is {next_round}); this "
            "round was not recorded.",
        )
    else:
        message = (
            f"第 {expected} 局已經記錄過了（下一局是第 {next_round} 局），這一局沒有記錄。",
            f"Round {expected} is recorded already (the next round is {next_round}); this round "
            "was not recorded.",
        )
    return RoundConflict(
        *message,
        round=there,
        expected=expected,
        next_round=next_round,
    )


def round_correct(
    *,
    session: Session,
    number: int,
    entry: RoundEntry | Mapping,
    user: AbstractBaseUser | None = None,
    expected_version: int | None = None,
    locked: bool = False,
) -> Corrected:
    """Replace what round ``number`` recorded; every later round is re-scored in order.

    ``expected_version`` is the round's version the correction was made on: if the round has
    changed since (corrected or voided from another phone), nothing changes and
    ``RoundConflict`` names the round as it is now. ``locked`` as for ``round_record``."""
    if locked:
        return _corrected(session, number, entry, expected_version)
    with transaction.atomic():
        session = history.locked(session, rules=True)
        return _corrected(session, number, entry, expected_version)


def _corrected(
    session: Session, number: int, entry: RoundEntry | Mapping, expected_version: int | None
) -> Corrected:
    """``round_correct`` on the sitting's row as read with its lock (``history.locked``)."""
    open_for_changes(session)
    game_round = _round_of(session, number)
    if expected_version is not None and expected_version != game_round.version:
        raise RoundConflict(
            f"第 {number} 局在你打開更正之後已被改過（現在是第 {game_round.version} 版，"
            f"你改的是第 {expected_version} 版），沒有更正。",
            f"Round {number} was changed after this correction was opened (it is now version "
            f"{game_round.version}; the correction was made on version {expected_version}); "
            "nothing was corrected.",
            round=game_round,
            expected=number,
            next_round=session.last_number + 1,
        )
    entry = _entry_for(session, entry)
    if game_round.voided:
        raise CalculatorError(
            "E_CONFLICT",
            f"第 {number} 局已作廢，不能更正。",
            f"Round {number} is voided and cannot be corrected.",
            status=409,
        )
    if Round.SEAT_CHANGE in (entry.result, game_round.result):
        raise invalid(
            f"第 {number} 條是換座位，或要改成換座位：換座位不能更正；作廢它，再記新的。",
            f"Entry {number} is a seat change, or would become one: a seat change is not "
            "corrected; void it and record a new one.",
        )
    if (entry.result == Round.ADJUSTMENT) != (game_round.result == Round.ADJUSTMENT):
        raise invalid(
            f"第 {number} 條是{'調整' if game_round.result == Round.ADJUSTMENT else '一局牌'}，"
            "更正時不能改成另一種；作廢它，再記新的。",
            f"Entry {number} is "
            f"{'an adjustment' if game_round.result == Round.ADJUSTMENT else 'a hand'} and a "
            "correction cannot turn it into the other kind; void it and record a new one.",
        )
    Round.objects.filter(pk=game_round.pk).update(
        result=entry.result,
        winner=entry.winner,
        hand=entry.hand,
        corrected_at=timezone.now(),
        version=F("version") + 1,
    )
    before = balances_of(session)
    running = rescore_from(session, number)
    _kept_on_row(
        session, state_fields(running.balances, running.dealer, running.streak, running.last)
    )
    state = state_of(
        session,
        running.balances,
        running.dealer,
        running.streak,
        running.last,
        current_rules_version(session),
    )
    return Corrected(
        Round.objects.select_related("rules_version").get(pk=game_round.pk),
        before,
        running.balances,
        running.dealer,
        running.streak,
        state,
    )


@transaction.atomic
def round_void(*, session: Session, number: int, user: AbstractBaseUser | None = None) -> Round:
    """Void round ``number``: it stays in history, moves no money and no longer counts for the
    dealer's progression (R2.2), so every later round is re-scored."""
    session = history.locked(session)
    open_for_changes(session)
    game_round = _round_of(session, number)
    if not game_round.voided:
        Round.objects.filter(pk=game_round.pk).update(
            voided=True, voided_at=timezone.now(), version=F("version") + 1
        )
        rescore_from(session, number)
    return Round.objects.select_related("rules_version").get(pk=game_round.pk)


@dataclass(frozen=True)
class VoidPreview:
    """What voiding a round would do: each seat's balance now and after the void."""

    before: dict[str, Decimal]
    after: dict[str, Decimal]


def round_void_preview(*, session: Session, number: int) -> VoidPreview:
    """What ``round_void`` would do to each balance, before it is done; nothing is written.

    The round stops counting, so every later round is scored again in the dealer context the
    void leaves (R2.2), by the same walk the void stores (``history.replayed``). A round voided
    already changes nothing. An engine refusal of a later round in its new context is the
    ``CalculatorError`` the void itself would raise, naming that round."""
    game_round = _round_of(session, number)
    before = balances_of(session)
    if game_round.voided:
        return VoidPreview(before, dict(before))
    walk = history.replayed(session, number, name_round=True, voiding=number)
    return VoidPreview(before, walk.running.balances)


def _round_of(session: Session, number: int) -> Round:
    game_round = session.rounds.filter(number=number).select_related("rules_version").first()
    if game_round is None:
        raise not_found(f"本場沒有第 {number} 局。", f"This session has no round {number}.")
    return game_round
