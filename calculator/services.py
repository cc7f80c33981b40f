"""Everything that changes a sitting's history goes through here (services write).

Each service is atomic and locks the session row first, so rounds of one session are recorded,
corrected and voided one at a time, in order. The dealer, streak and dealer base of a round are
never taken from the client: they are derived from the session's own rounds (R2.2, R8.1).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection, transaction
from django.db.models import Case, DecimalField, F, Max, PositiveIntegerField, Q, Value, When
from django.utils import timezone

from calculator.errors import CalculatorError, RoundConflict, invalid, not_found
from calculator.models import (
    BALANCE_FIELDS,
    Group,
    IdempotentAnswer,
    PairTotals,
    Payment,
    Player,
    Round,
    RulesVersion,
    SeatTotals,
    Session,
    new_share_token,
    roster_key,
)
from calculator.money import money_str, parse_money, silver_bounds
from calculator.numbers import an_id, shown
from calculator.precedence import notation_error
from calculator.selectors import (
    ZERO,
    game_of_session,
    group_sittings,
    hand_scored,
    no_pair_totals,
    pair_totals_of,
    round_answer,
    round_pair_totals,
    round_totals,
    rules_for,
    seat_totals_of,
    seats_of,
)
from scoring import ScoringError
from scoring.games import DEFAULT_GAME, SEATS, Game, game_of

# The hand fields of an Anqing round (docs/api.md's request); every game names its own
# (``Game.hand_fields``). The context (ruleset, rules, dealer, dealer_streak, base_silver) belongs
# to the session and its history, and the game and the number of players to the session.
HAND_FIELDS = game_of(DEFAULT_GAME).hand_fields
CONTEXT_FIELDS = ("dealer", "dealer_streak", "ruleset", "rules", "base_silver")
SESSION_FIELDS = ("game", "player_count")
ROUND_UPDATE_FIELDS = [
    "dealer",
    "dealer_streak",
    "dealer_base",
    "fan",
    "scoring",
    *BALANCE_FIELDS.values(),
]


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
        named = {
            entry.get("seat") for entry in winners if isinstance(entry, Mapping)
        } if isinstance(winners, list) else set()
        return "".join(seat for seat in SEATS if seat in named)


@dataclass(frozen=True)
class Recorded:
    """What ``round_record`` answers: the round and the API answer (or the stored first one)."""

    round: Round | None
    status: int
    body: dict
    replayed: bool


def _rules_checked(ruleset: object, overrides: object, game: Game | None = None) -> Any:
    """The game's frozen rules (Anqing's without ``game``), or the engine's E_RULES error naming
    the bad ruleset or key (R12, AJ13). Stored house rules are always an object, even an empty
    one."""
    game = game or game_of(DEFAULT_GAME)
    make_rules = game.make_rules
    try:
        make_rules(ruleset, None)  # an unknown ruleset is named first
        if ruleset not in game.rulesets:  # another game's ruleset
            raise CalculatorError(
                "E_RULES",
                f"{game.names['zh-hant']}沒有規則集 {ruleset!r}（可選：{'、'.join(game.rulesets)}）。",
                f"{game.names['en']} has no ruleset {ruleset!r} (one of: "
                f"{', '.join(game.rulesets)}).",
            )
        if not isinstance(overrides, dict):
            raise CalculatorError(
                "E_RULES",
                "rules 必須是一個對象（鍵 → 值）。",
                "rules must be an object of key → value.",
            )
        # Each key against the game's schema (Game.house_rules: the one the pages' house-rules
        # form is made from); the engine names a refused key in its own words (E_RULES).
        schema = {rule.key: rule for rule in game.house_rules(ruleset)}
        for key, value in overrides.items():
            rule = schema.get(key)
            if rule is None or not rule.allows(value):
                make_rules(ruleset, {key: value})
                raise CalculatorError(
                    "E_RULES",
                    f"家規 {shown(key)} 不接受 {shown(value)}。",
                    f"the house rule {shown(key)} does not take {shown(value)}.",
                )
        return make_rules(ruleset, overrides)
    except ScoringError as error:
        raise CalculatorError(
            error.code, error.message, error.message_en, field=getattr(error, "field", None)
        ) from None


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


# --- adjustments: money that is not a hand ------------------------------------------------------
# A penalty (one player pays each other player, or one named player), a side payment, a chip
# correction: a reason in words, an amount in the sitting's money. The rule books say nothing of
# them; an adjustment moves only what it names, never the deal or the dealer's streak.

ADJUSTMENT_KINDS = ("penalty", "side_payment", "chip_correction")
ADJUSTMENT_FIELDS = ("result", "kind", "from", "to", "amount", "reason")
ADJUSTMENT_REASON_MAX = 200
# The most one adjustment may move a payer → payee: far above any table's stake, far below what
# the ledger can hold.
ADJUSTMENT_AMOUNT_MAX = Decimal("1000000000")
ADJUSTMENT_WORDS = {
    "penalty": ("罰分", "a penalty"),
    "side_payment": ("補錢", "a side payment"),
    "chip_correction": ("籌碼更正", "a chip correction"),
}


def _as_given(value: object) -> str:
    """A value of a request as it was sent, for a message: its repr, cut short (a refusal never
    grows with what it refuses)."""
    return shown(value)


def adjustment_parse(body: Mapping, seats: tuple[str, ...]) -> dict[str, Any]:
    """An adjustment's body, checked field by field; what is stored as its ``hand``:
    ``kind``, ``from`` (a seat in play), ``to`` (another seat; for a penalty null is each other
    player), ``amount`` (a positive decimal string, at most 4 places), ``reason``."""
    for field in body:
        if field not in ADJUSTMENT_FIELDS:
            raise invalid(
                f"調整（adjustment）沒有欄位 {field}；可用：kind、from、to、amount、reason。",
                f"An adjustment has no field {field}; it takes kind, from, to, amount, reason.",
            )
    kind = body.get("kind")
    if kind not in ADJUSTMENT_KINDS:
        raise invalid(
            f"kind 必須是 penalty（罰分）、side_payment（補錢）或 chip_correction（籌碼更正），"
            f"收到 {kind!r}。",
            f"kind must be penalty, side_payment or chip_correction, got {kind!r}.",
        )
    payer = body.get("from")
    if payer not in seats:
        raise invalid(
            f"from（付錢的人）必須是這一場的座位之一（{'、'.join(seats)}），收到 {payer!r}。",
            f"from (who pays) must be one of the seats in play ({' '.join(seats)}), "
            f"got {payer!r}.",
        )
    payee = body.get("to")
    if payee is None and kind != "penalty":
        raise invalid(
            "補錢和籌碼更正要寫 to（收錢的人）。",
            "A side payment or a chip correction needs to (who is paid).",
        )
    if payee is not None and (payee not in seats or payee == payer):
        raise invalid(
            f"to（收錢的人）必須是另一個座位（{'、'.join(s for s in seats if s != payer)}），"
            f"或罰分時為 null（每家）；收到 {payee!r}。",
            f"to (who is paid) must be another seat in play "
            f"({' '.join(s for s in seats if s != payer)}), or null for a penalty paid to each "
            f"other player; got {payee!r}.",
        )
    amount = parse_money(body.get("amount"))
    given = _as_given(body.get("amount"))
    if amount is None or amount <= 0 or amount.as_tuple().exponent < -4:
        raise invalid(
            f"amount 必須是大於 0 的數，最多 4 位小數，收到 {given}。",
            f"amount must be a number above 0 with at most 4 decimal places, got {given}.",
        )
    if amount > ADJUSTMENT_AMOUNT_MAX:
        # Echoed as it was sent, never written out: "1e1000000" has a million digits.
        raise invalid(
            f"amount 最多 {ADJUSTMENT_AMOUNT_MAX:,}，收到 {given}。",
            f"amount is at most {ADJUSTMENT_AMOUNT_MAX:,}, got {given}.",
        )
    reason = body.get("reason")
    reason = reason.strip() if isinstance(reason, str) else reason
    if not isinstance(reason, str) or not reason:
        raise invalid(
            "reason 要寫明原因（例如：詐胡）。", "reason must say why (for example: a false win)."
        )
    if len(reason) > ADJUSTMENT_REASON_MAX or not reason.isprintable():
        raise invalid(
            f"reason 最多 {ADJUSTMENT_REASON_MAX} 個可見字符。",
            f"reason is at most {ADJUSTMENT_REASON_MAX} printable characters.",
        )
    return {
        "kind": kind,
        "from": payer,
        "to": payee,
        "amount": money_str(amount),
        "reason": reason,
    }


def adjustment_payments(hand: Mapping, seats: Iterable[str]) -> list[tuple[str, str, str]]:
    """What an adjustment moves: (payer, payee, amount) rows, one per player paid (a penalty
    without ``to`` is paid to each other player in play)."""
    payer, payee, amount = hand["from"], hand.get("to"), hand["amount"]
    paid = [payee] if payee else [seat for seat in seats if seat != payer]
    return [(payer, seat, amount) for seat in paid]


def _winners_fit_result(winners: object, result: str) -> None:
    """紅中's round body (score-api.md, sessions): a win names at least one winner, a draw none;
    E_CONTEXT otherwise."""
    if not isinstance(winners, list):
        return  # the engine names a list that is not one (E_NOTATION)
    if result == Round.WIN and not winners:
        raise CalculatorError(
            "E_CONTEXT",
            '"result": "win" 至少要有一個胡牌的人（winners）；沒有人胡是荒莊（"draw"）。',
            '"result": "win" needs at least one winner in winners; a round nobody won is a '
            '"draw".',
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


# --- sessions -------------------------------------------------------------------------------

SEAT_WORDS = {"E": "東", "S": "南", "W": "西", "N": "北"}
SEAT_WORDS_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}


@transaction.atomic
def session_create(
    *,
    owner: AbstractBaseUser,
    name: str,
    players: list[str],
    ruleset: str | None = None,
    base_silver: object = "1",
    rules: dict | None = None,
    game: object = DEFAULT_GAME,
    player_count: object = None,
    player_ids: object = None,
    new_players: object = None,
) -> Session:
    """A new sitting of ``game`` (scoring.games; None: Anqing) with ``player_count`` seats (one
    of the game's seat counts; None: the most it allows), the first n of E S W N (R2.1, AJ2.1),
    and its first house-rule version. ``ruleset`` None: the game's default.

    The seats are people of the owner's roster (``seated_people``): a name the roster has is
    that person, a new name a new person; ``player_ids`` (per seat, a roster player's id or
    None) picks one of two people of the same name, ``new_players`` (per seat, true or false)
    says "a new person, although the roster has this name"."""
    _live_sessions_cap(owner)
    try:
        chosen = game_of(game)
    except ScoringError as error:
        raise CalculatorError(
            error.code, error.message, error.message_en, field=getattr(error, "field", None)
        ) from None
    name = (name or "").strip() if isinstance(name, str) else ""
    if not name:
        raise invalid("請填寫本場的名稱（name）。", "The session needs a name.")
    if len(name) > 100:
        raise invalid("name 最多 100 個字。", "name is at most 100 characters.")
    counts = chosen.seat_counts
    if player_count is None:
        player_count = max(counts)
    if type(player_count) is not int or player_count not in counts:
        allowed = "、".join(str(count) for count in counts)
        raise invalid(
            f"{chosen.names['zh-hant']}的 player_count 只能是 {allowed}，收到 {shown(player_count)}。",
            f"player_count for {chosen.names['en']} must be one of "
            f"{', '.join(str(count) for count in counts)}, got {shown(player_count)}.",
        )
    seats = chosen.seats(player_count)
    if not isinstance(players, list) or len(players) != player_count:
        words = "、".join(SEAT_WORDS[seat] for seat in seats)
        raise invalid(
            f"players 必須是 {player_count} 個名字：{words}。",
            f"players must be a list of {player_count} names: "
            f"{', '.join(SEAT_WORDS_EN[seat] for seat in seats)}.",
        )
    player_names: list[str] = []
    for seat, player_name in zip(seats, players, strict=True):
        cleaned = player_name.strip() if isinstance(player_name, str) else ""
        if not cleaned or len(cleaned) > 40:
            raise invalid(
                f"{seat} 家的名字必須是 1 到 40 個字。",
                f"The name of seat {seat} must be 1 to 40 characters.",
            )
        player_names.append(cleaned)
    silver = parse_money(base_silver)
    # The game's engine's own range (within what the ledger stores), so every round of the
    # sitting can be scored: the one the pages' forms keep too.
    _least, most, places = silver_bounds(chosen, stored=True)
    if (
        silver is None
        or not 0 < silver <= most
        or silver.normalize().as_tuple().exponent < -places
    ):
        raise invalid(
            f"base_silver 必須是大於 0、不超過 {most} 的金額（最多 {places} 位小數，"
            f"只用 0–9 和小數點），收到 {shown(base_silver)}。",
            f"base_silver must be an amount above 0 and at most {most} with at most "
            f"{places} decimals (digits 0-9 and a point), got {shown(base_silver)}.",
        )
    rules = {} if rules is None else rules
    ruleset = chosen.default_ruleset if ruleset is None else ruleset
    _rules_checked(ruleset, rules, chosen)
    seated = seated_people(
        owner=owner,
        names=player_names,
        seats=seats,
        player_ids=player_ids,
        new_players=new_players,
    )
    east, south, west, north = seated + [None] * (len(SEATS) - len(seated))
    session = Session.objects.create(
        name=name,
        owner=owner,
        game=chosen.code,
        player_count=player_count,
        east=east,
        south=south,
        west=west,
        north=north,
        ruleset=ruleset,
        base_silver=silver,
    )
    RulesVersion.objects.create(session=session, number=1, overrides=rules, created_by=owner)
    # Every seat has its totals from the start (nothing played yet): a player's page counts
    # the sitting before its first round.
    SeatTotals.objects.bulk_create(
        SeatTotals(session=session, seat=seat, player=person)
        for seat, person in session.seat_players().items()
    )
    PairTotals.objects.bulk_create(
        PairTotals(session=session, payer=payer, payee=payee)
        for payer, payee in no_pair_totals(seats)
    )
    return session


@transaction.atomic
def session_invite(*, session: Session, username: str) -> AbstractBaseUser:
    """Let another account record and correct rounds of this session like its owner."""
    user_model = get_user_model()
    user = user_model.objects.filter(username=username).first() if username else None
    if user is None:
        raise invalid(f"沒有用戶名為 {username!r} 的用戶。", f"No user named {username!r}.")
    if user.pk == session.owner_id:
        raise invalid(
            f"{username!r} 是這一場的主人，不用邀請。",
            f"{username!r} owns this session and needs no invitation.",
        )
    if session.members.filter(pk=user.pk).exists():
        raise invalid(f"{username!r} 已經是成員了。", f"{username!r} is already a member.")
    cap = settings.MAX_MEMBERS_PER_SESSION
    if session.members.count() >= cap:
        raise limit_reached(
            f"這一場最多邀請 {cap} 位成員；請先移除不再來的人。",
            f"A sitting has at most {cap} invited members; remove someone who no longer plays first.",
        )
    session.members.add(user)
    return user


@transaction.atomic
def rules_change(
    *, session: Session, rules: dict, user: AbstractBaseUser | None = None
) -> RulesVersion:
    """New house rules (R12) for the rounds recorded from now on; old rounds keep theirs."""
    session = _locked(session)
    _open_for_changes(session)
    _rules_checked(session.ruleset, rules, game_of_session(session))
    last = session.rules_versions.aggregate(last=Max("number"))["last"] or 0
    _rules_versions_cap(last + 1)
    version = RulesVersion.objects.create(
        session=session, number=last + 1, overrides=rules, created_by=user
    )
    _history_changed(session)
    return version


# --- rounds ---------------------------------------------------------------------------------


@transaction.atomic
def round_record(
    *,
    session: Session,
    entry: RoundEntry | Mapping,
    user: AbstractBaseUser | None = None,
    idempotency_key: str | None = None,
    expected_round: int | None = None,
    request_body: Mapping | None = None,
) -> Recorded:
    """Record the next round; with an ``Idempotency-Key`` a replay (the same user, the same
    body) gets the first answer, and the key reused for another request is E_IDEMPOTENCY.

    ``expected_round`` is the number the caller means this round to take (the round a form was
    opened for): if the sitting has moved on since, nothing is recorded and ``RoundConflict``
    names the round that is there. ``request_body`` is what the key's body hash is taken of
    (the whole body as sent, ``expected_round`` included); ``entry`` by default."""
    session = _locked(session)
    body_hash = ""
    if idempotency_key:
        if len(idempotency_key) > 200 or not idempotency_key.isprintable():
            raise invalid(
                "Idempotency-Key 最多 200 個可見字符。",
                "Idempotency-Key is at most 200 printable characters.",
            )
        body_hash = request_hash(entry if request_body is None else request_body)
        first = IdempotentAnswer.objects.filter(session=session, key=idempotency_key).first()
        if first is not None:
            _same_request(first, user, body_hash)
            return Recorded(None, first.status, first.body, replayed=True)
    _open_for_changes(session)
    # The locked row holds what the history gives: the newest number, the next dealer (R2.2).
    last = session.last_number
    if expected_round is not None and expected_round != last + 1:
        raise _moved_on(session, expected_round, last + 1)
    entry = _entry_for(session, entry)
    _round_cap(last)
    version = session.rules_versions.order_by("-number").first()
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
    payments = _score_round(session, game_round, dealer, streak, {})
    running = _moved(balances_of(session), payments)
    _set_balances(game_round, running)
    try:
        # No savepoint: an IntegrityError ends this transaction, which is rolled back as a whole.
        game_round.save()
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
    Payment.objects.bulk_create(payments)
    next_dealer, next_streak = _dealer_after(session, dealer, streak, game_round)
    _history_changed(
        session,
        _state_fields(running, next_dealer, next_streak, game_round.number),
        added=game_round,
        added_payments=payments,
    )
    body = round_answer(
        game_round,
        payments=payments,
        state=_state_of(session, running, next_dealer, next_streak, game_round.number, version),
    )
    if idempotency_key:
        IdempotentAnswer.objects.create(
            session=session,
            key=idempotency_key,
            user=user if user is not None and user.pk is not None else None,
            body_hash=body_hash,
            status=201,
            body=body,
        )
    return Recorded(game_round, 201, body, replayed=False)


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


def request_hash(entry: RoundEntry | Mapping) -> str:
    """SHA-256 (hex) of the canonical JSON of a round body: keys sorted, no spaces, UTF-8."""
    body = {"result": entry.result, **entry.hand} if isinstance(entry, RoundEntry) else entry
    text = json.dumps(
        body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def same_request(first: IdempotentAnswer, user: AbstractBaseUser | None, body_hash: str) -> bool:
    """A key is replayed only for the user and the body it was first sent with. Answers stored
    before keys remembered them (no user, no hash) replay as they always did."""
    user_id = user.pk if user is not None else None
    other_user = first.user_id is not None and first.user_id != user_id
    return not (other_user or (first.body_hash and first.body_hash != body_hash))


def _same_request(first: IdempotentAnswer, user: AbstractBaseUser | None, body_hash: str) -> None:
    """``same_request``, or E_IDEMPOTENCY (the API's words)."""
    if not same_request(first, user, body_hash):
        raise CalculatorError(
            "E_IDEMPOTENCY",
            "這個 Idempotency-Key 已用於另一個請求（內容不同或來自另一位用戶），沒有記錄任何東西；"
            "新的一局請用新的 key。",
            "This Idempotency-Key was used for a different request (another body or another "
            "user); nothing was recorded. Send a new round with a new key.",
            status=422,
        )


@transaction.atomic
def round_correct(
    *,
    session: Session,
    number: int,
    entry: RoundEntry | Mapping,
    user: AbstractBaseUser | None = None,
    expected_version: int | None = None,
) -> Round:
    """Replace what round ``number`` recorded; every later round is re-scored in order.

    ``expected_version`` is the round's version the correction was made on: if the round has
    changed since (corrected or voided from another phone), nothing changes and
    ``RoundConflict`` names the round as it is now."""
    session = _locked(session)
    _open_for_changes(session)
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
    _rescore_from(session, number)
    return Round.objects.select_related("rules_version").get(pk=game_round.pk)


@transaction.atomic
def round_void(*, session: Session, number: int, user: AbstractBaseUser | None = None) -> Round:
    """Void round ``number``: it stays in history, moves no money and no longer counts for the
    dealer's progression (R2.2), so every later round is re-scored."""
    session = _locked(session)
    _open_for_changes(session)
    game_round = _round_of(session, number)
    if not game_round.voided:
        Round.objects.filter(pk=game_round.pk).update(
            voided=True, voided_at=timezone.now(), version=F("version") + 1
        )
        _rescore_from(session, number)
    return Round.objects.select_related("rules_version").get(pk=game_round.pk)


@transaction.atomic
def round_undo(*, session: Session, number: int, user: AbstractBaseUser | None = None) -> Round:
    """Take back the last round: void it (``round_void``) if round ``number`` is still the newest
    that counts, as when the page asking for it was drawn; otherwise E_CONFLICT and nothing
    changes (another phone recorded or undid a round since)."""
    session = _locked(session)
    _open_for_changes(session)
    last = session.rounds.filter(voided=False).order_by("-number").only("number").first()
    if last is None or last.number != number:
        raise CalculatorError(
            "E_CONFLICT",
            f"第 {number} 局已經不是最後一局，沒有撤銷。",
            f"Round {number} is no longer the last round; nothing was undone.",
            status=409,
        )
    return round_void(session=session, number=number, user=user)


@transaction.atomic
def session_import(*, owner: AbstractBaseUser, data: object) -> Session:
    """A new session rebuilt from ``selectors.session_export``: same rounds, same ledger."""
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
    _import_caps(versions, rounds)
    first_rules = versions[0].get("rules", {})
    players = data.get("players")
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
    )
    by_number = {1: session.rules_versions.get()}
    for index, version in enumerate(versions[1:], start=2):
        rules = version.get("rules", {})
        _rules_checked(session.ruleset, rules, game_of_session(session))
        by_number[index] = RulesVersion.objects.create(
            session=session, number=index, overrides=rules, created_by=owner
        )
    created: list[Round] = []
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
        entry = _import_entry(session, expected, item)
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
    Round.objects.bulk_create(created)
    _rescore_from(session, 1, name_round=True)
    return session


def _repeated_names(players: object) -> list[bool] | None:
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        return None  # session_create names what is wrong with them
    keys = [roster_key(name) for name in players]
    return [key in keys[:index] for index, key in enumerate(keys)]


def _import_entry(session: Session, number: int, item: Mapping) -> RoundEntry:
    """Round ``number`` of an export as a round entry; any refusal names the round."""
    hand = item.get("hand")
    if hand is None:
        hand = {}
    if not isinstance(hand, Mapping):
        raise invalid(
            f"第 {number} 局的 hand 必須是對象（牌的欄位）。",
            f"Round {number}: hand must be an object of hand fields.",
        )
    try:
        return round_entry_parse({"result": item.get("result"), **hand}, session)
    except CalculatorError as problem:
        raise _in_round(number, problem) from None


def _in_round(number: int, problem: CalculatorError) -> CalculatorError:
    named = CalculatorError(
        problem.code,
        f"第 {number} 局：{problem.message}",
        f"Round {number}: {problem.message_en}",
        status=problem.status,
        field=problem.field,
    )
    named.round_number, named.in_round = number, problem
    return named


# --- the history walk -----------------------------------------------------------------------


def _locked(session: Session) -> Session:
    """The session row, locked until the end of the transaction (SELECT … FOR UPDATE)."""
    return Session.objects.select_for_update().get(pk=session.pk)


def _round_of(session: Session, number: int) -> Round:
    game_round = session.rounds.filter(number=number).select_related("rules_version").first()
    if game_round is None:
        raise not_found(f"本場沒有第 {number} 局。", f"This session has no round {number}.")
    return game_round


def _context_before(session: Session, number: int) -> tuple[str, int]:
    """Dealer and streak going into round ``number``: East first (R2.2), then each counted
    round passes or keeps the deal; voided rounds do not count."""
    previous = (
        session.rounds.filter(number__lt=number, voided=False)
        .order_by("-number")
        .only("dealer", "dealer_streak", "winner", "scoring")
        .first()
    )
    if previous is None:
        return SEATS[0], 0
    return _dealer_after(session, previous.dealer, previous.dealer_streak, previous)


def _dealer_after(
    session: Session, dealer: str, streak: int, game_round: Round
) -> tuple[str, int]:
    """Who deals after a counted round and with which streak, by the game's own rule (R2.2,
    AJ2.3, HZ2.2). A result that names the next dealer (紅中: the discarder after 一炮多響) is
    followed; the streak goes on only when the same seat deals again."""
    if game_round.result == Round.ADJUSTMENT:
        return dealer, streak  # not a hand: the deal stays where it is
    named = (game_round.scoring or {}).get("next_dealer")
    if named in SEATS:
        return named, streak + 1 if named == dealer else 0
    return game_of_session(session).next_dealer(
        dealer, streak, game_round.winner or None, session.player_count
    )


def _entry_for(session: Session, entry: RoundEntry | Mapping) -> RoundEntry:
    """A round body parsed for the session's game and seats; an entry parsed already (by a
    page) is checked for a winner among the seats in play."""
    if not isinstance(entry, RoundEntry):
        return round_entry_parse(entry, session)
    if entry.result == Round.ADJUSTMENT:
        return RoundEntry(Round.ADJUSTMENT, adjustment_parse(
            {"result": Round.ADJUSTMENT, **entry.hand}, seats_of(session)
        ))
    if entry.result == Round.WIN and "winner" in entry.hand:
        _winner_in_play(entry.winner, seats_of(session))
    return entry


def _score_round(
    session: Session, game_round: Round, dealer: str, streak: int, rules_cache: dict[int, Any]
) -> list[Payment]:
    """Score one round in its dealer context with its own rules version; set its derived fields
    and return its (unsaved) payments. An engine error refuses the round."""
    version = game_round.rules_version
    game_round.dealer, game_round.dealer_streak = dealer, streak
    if game_round.result == Round.ADJUSTMENT:
        # Not scored: it moves what it names (its ``hand``), and the engine has no say.
        game_round.dealer_base = 0
        game_round.fan = None
        game_round.scoring = None
        return [
            Payment(round=game_round, payer=payer, payee=payee, amount=Decimal(amount))
            for payer, payee, amount in adjustment_payments(game_round.hand, seats_of(session))
        ]
    if game_round.result == Round.DRAW and not game_of_session(session).draw_fields:
        rules = rules_cache.get(version.pk)
        if rules is None:
            rules = rules_cache[version.pk] = rules_for(session, version)
        # R8.1: the dealer's base this round; a draw (荒莊) moves no money (R9).
        game_round.dealer_base = _stored_dealer_base(session, rules, streak)
        game_round.fan = None
        game_round.scoring = None
        return []
    hand = game_round.hand
    if game_round.result == Round.DRAW:
        # A draw the game scores (紅中: its kongs may pay, HZ10.3, HZ11): no winners.
        hand = {**hand, "winners": []}
    result = hand_scored(session, hand, dealer, streak, version)
    if "error" in result:
        error = result["error"]
        raise CalculatorError(
            error["code"], error["message"], error["message_en"], field=error.get("field")
        )
    _storable(result)
    # Games without a dealer's base (AJ2.3: no payment depends on the dealer) or fan store 0
    # and no fan.
    game_round.dealer_base = result.get("dealer_base") or 0
    game_round.fan = result.get("fan")
    game_round.scoring = result
    # One row per payer → payee; Anqing's parts of the amount (R9, R10), or a game's points.
    return [
        Payment(
            round=game_round,
            payer=payment["from"],
            payee=payment["to"],
            amount=Decimal(str(payment["amount"])),
            base=payment.get("base", 0),
            fan=payment.get("fan", 0),
            bonus=payment.get("bonus", 0),
            multiplier=payment.get("multiplier", 1),
            points=payment.get("points"),
            liability=payment.get("liability"),
        )
        for payment in result["payments"]
    ]


def _stored_dealer_base(session: Session, rules: Any, streak: int) -> int:
    """The dealer's base a round is stored with (R8.1); 0 in a game where none applies."""
    base = game_of_session(session).dealer_base(rules, streak)
    return 0 if base is None else base


# What the ledger's columns hold (calculator/models.py): an amount's digits before the point, and
# PostgreSQL's integer for base, fan, bonus and multiplier.
_AMOUNT = Payment._meta.get_field("amount")
MAX_STORED_AMOUNT = Decimal(10) ** (_AMOUNT.max_digits - _AMOUNT.decimal_places)
MAX_STORED_INTEGER = 2**31 - 1


def _storable(result: Mapping) -> None:
    """E_RULES when a payment is more than the ledger can hold: only house rules near their
    bounds (``scoring.MAXIMA``) together with a large base silver get there; the session's
    rules or base silver have to come down."""
    for payment in result["payments"]:
        amount = Decimal(str(payment["amount"]))
        numbers = [payment.get(name) or 0 for name in ("base", "fan", "bonus", "multiplier")]
        numbers.append(payment.get("points") or 0)
        if abs(amount) < MAX_STORED_AMOUNT and max(numbers) <= MAX_STORED_INTEGER:
            continue
        who = f"{payment['from']} → {payment['to']}"
        multiplier = payment.get("multiplier", 1)
        raise CalculatorError(
            "E_RULES",
            f"這一局 {who} 要付 {amount}（倍數 {multiplier}），超過賬本能記的上限"
            f"（{MAX_STORED_AMOUNT}）；請調低基礎銀子或家規的番數、倍數。",
            f"This round's payment {who} of {amount} (multiplier {multiplier}) is more "
            f"than the ledger can hold (below {MAX_STORED_AMOUNT}); lower the base silver or the "
            f"house rules' values and multipliers.",
        )


def _rescore_from(session: Session, number: int, *, name_round: bool = False) -> None:
    """Re-score rounds ``number``, ``number + 1``, … in order: each gets the dealer context that
    the (corrected) history before it gives (R2.2), with its own rules version (R12). With
    ``name_round`` an engine refusal says which round it is about."""
    later: list[Round] = list(
        session.rounds.filter(number__gte=number).select_related("rules_version").order_by("number")
    )
    dealer, streak = _context_before(session, number)
    # The running balances going in: those stored on the round before (a voided round carries
    # the ones before it), which this re-scoring does not change.
    previous = (
        session.rounds.filter(number__lt=number)
        .order_by("-number")
        .only(*BALANCE_FIELDS.values())
        .first()
    )
    running = balances_of(previous) if previous else dict.fromkeys(SEATS, ZERO)
    rules_cache: dict[int, Any] = {}
    payments: list[Payment] = []
    changed: list[Round] = []
    for game_round in later:
        before = [getattr(game_round, field) for field in ROUND_UPDATE_FIELDS]
        # A voided round is scored where it stands, so it shows what it would have been worth,
        # but it moves no money and does not pass or keep the deal (R2.2).
        try:
            scored = _score_round(session, game_round, dealer, streak, rules_cache)
        except CalculatorError as problem:
            raise _in_round(game_round.number, problem) if name_round else problem from None
        if not game_round.voided:
            payments.extend(scored)
            running = _moved(running, scored)
            dealer, streak = _dealer_after(session, dealer, streak, game_round)
        _set_balances(game_round, running)
        if before != [getattr(game_round, field) for field in ROUND_UPDATE_FIELDS]:
            changed.append(game_round)
    Payment.objects.filter(round__session=session, round__number__gte=number).delete()
    _rounds_update(changed)
    Payment.objects.bulk_create(payments, batch_size=500)
    last = later[-1].number if later else number - 1
    _history_changed(session, _state_fields(running, dealer, streak, last))


def _rounds_update(rounds: list[Round]) -> None:
    """Write the derived fields of many rounds in one ``executemany``.

    ``bulk_update`` builds one CASE per column per row, which costs seconds for the 1,000 rounds a
    correction of round 1 can re-score; each value still goes through its field's own conversion.
    """
    if not rounds:
        return
    fields = [Round._meta.get_field(name) for name in ROUND_UPDATE_FIELDS]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    sql = f"UPDATE {quote(Round._meta.db_table)} SET {assignments} WHERE {quote('id')} = %s"
    rows = [
        [field.get_db_prep_save(getattr(game_round, field.attname), connection) for field in fields]
        + [game_round.pk]
        for game_round in rounds
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


# --- taking back ------------------------------------------------------------------------------
# Everything can be taken back (a share link rotated or revoked, a member removed, a sitting
# archived, restored or deleted), and nothing is unbounded (rounds, rules versions and live
# sittings have caps, refused with E_LIMIT before anything is saved).


def limit_reached(message: str, message_en: str) -> CalculatorError:
    """A cap of the app (settings' limits section): E_LIMIT, HTTP 422."""
    return CalculatorError("E_LIMIT", message, message_en, status=422)


def _history_changed(
    session: Session,
    state: Mapping[str, Any] | None = None,
    *,
    added: Round | None = None,
    added_payments: Iterable[Payment] = (),
) -> None:
    """One bump of the sitting's version per change of what it shows, so a page showing version
    N learns from one cheap query whether anything is new; with ``state`` (``_state_fields``)
    the stored balances, next dealer and newest number are written in the same statement.
    ``added``: the change is that one round recorded after the others, with its payments."""
    Session.objects.filter(pk=session.pk).update(version=F("version") + 1, **(state or {}))
    if state is not None:
        # The rounds or their payments changed: the seats' kept totals follow in this transaction.
        balances = {seat: state[field] for seat, field in BALANCE_FIELDS.items()}
        if added is not None:
            added_payments = list(added_payments)
            seat_totals_add(session, added, balances, added_payments)
            pair_totals_add(session, added, added_payments)
        else:
            seat_totals_refresh(session, balances)
            pair_totals_refresh(session)


SEAT_TOTAL_COUNTS = (
    "hands",
    "wins",
    "self_draws",
    "dealer_wins",
    "rounds_dealt",
    "deal_ins",
    "hand_sum",
    "bao_payments",
)


def seat_totals_add(
    session: Session,
    game_round: Round,
    balances: Mapping[str, Decimal],
    payments: Iterable[Payment] = (),
) -> None:
    """A round recorded after the others: what it adds (``selectors.round_totals``, from the
    round and its ``payments`` as just scored) is added to each seat's kept totals in one small
    UPDATE a seat, whatever the length of the sitting. A sitting without its rows is counted
    whole."""
    added = round_totals(session.game, seats_of(session), game_round, payments)
    for seat, new in added.items():
        change: dict[str, Any] = {"balance": balances[seat]}
        for field in SEAT_TOTAL_COUNTS:
            if new[field]:
                change[field] = F(field) + new[field]
        for field in ("paid_under_bao", "adjusted", "penalties"):
            if new[field]:
                change[field] = F(field) + new[field]
        if new["biggest"] is not None:
            # The first round of the biggest hand: a later hand as big does not take its place.
            bigger = Q(biggest__isnull=True) | Q(biggest__lt=new["biggest"])
            change["biggest"] = Case(
                When(bigger, then=Value(new["biggest"])),
                default=F("biggest"),
                output_field=PositiveIntegerField(),
            )
            change["biggest_round"] = Case(
                When(bigger, then=Value(new["biggest_round"])),
                default=F("biggest_round"),
                output_field=PositiveIntegerField(),
            )
        if not SeatTotals.objects.filter(session=session, seat=seat).update(**change):
            seat_totals_refresh(session, balances)
            return


def seat_totals_refresh(session: Session, balances: Mapping[str, Decimal]) -> None:
    """Rewrite the sitting's ``SeatTotals`` from its rounds and payments (SQL aggregates, a fixed
    number of queries whatever its length) and its stored ``balances``."""
    totals = seat_totals_of(
        session.game,
        seats_of(session),
        Round.objects.filter(session=session),
        Payment.objects.filter(round__session=session),
        balances,
    )
    people = {seat: getattr(session, f"{field}_id") for seat, field in SEAT_FIELDS.items()}
    SeatTotals.objects.filter(session=session).delete()
    SeatTotals.objects.bulk_create(
        SeatTotals(session=session, seat=seat, player_id=people[seat], **row)
        for seat, row in totals.items()
    )


def pair_totals_add(session: Session, game_round: Round, payments: Iterable[Payment]) -> None:
    """A round recorded after the others: its payments (``selectors.round_pair_totals``) are
    added to what each seat paid another in one UPDATE, whatever the length of the sitting. A
    sitting without its rows is counted whole."""
    added = round_pair_totals(game_round, payments)
    if not added:
        return
    pairs = Q()
    for payer, payee in added:
        pairs |= Q(payer=payer, payee=payee)
    amount = Case(
        *(
            When(payer=payer, payee=payee, then=Value(paid))
            for (payer, payee), paid in added.items()
        ),
        default=Value(ZERO),
        output_field=DecimalField(max_digits=24, decimal_places=4),
    )
    updated = (
        PairTotals.objects.filter(session=session)
        .filter(pairs)
        .update(amount=F("amount") + amount)
    )
    if updated != len(added):
        pair_totals_refresh(session)


def pair_totals_refresh(session: Session) -> None:
    """Rewrite the sitting's ``PairTotals`` from its payments (one SQL aggregate)."""
    totals = pair_totals_of(seats_of(session), Payment.objects.filter(round__session=session))
    PairTotals.objects.filter(session=session).delete()
    PairTotals.objects.bulk_create(
        PairTotals(session=session, payer=payer, payee=payee, amount=amount)
        for (payer, payee), amount in totals.items()
    )


# --- the stored running state (models: Session and Round balance_*, next_dealer, …) ---------


def balances_of(row: Session | Round) -> dict[str, Decimal]:
    """The balances a sitting or a round holds, by seat."""
    return {seat: getattr(row, field) for seat, field in BALANCE_FIELDS.items()}


def _set_balances(row: Session | Round, balances: Mapping[str, Decimal]) -> None:
    for seat, field in BALANCE_FIELDS.items():
        setattr(row, field, balances[seat])


def _moved(balances: Mapping[str, Decimal], payments: Iterable[Payment]) -> dict[str, Decimal]:
    """``balances`` after ``payments`` (R9: each is zero-sum between payer and payee)."""
    after = dict(balances)
    for payment in payments:
        after[payment.payer] -= payment.amount
        after[payment.payee] += payment.amount
    return after


def _state_fields(
    balances: Mapping[str, Decimal], dealer: str, streak: int, last: int
) -> dict[str, Any]:
    return {
        **{field: balances[seat] for seat, field in BALANCE_FIELDS.items()},
        "next_dealer": dealer,
        "next_streak": streak,
        "last_number": last,
    }


def _state_of(
    session: Session,
    balances: Mapping[str, Decimal],
    dealer: str,
    streak: int,
    last: int,
    version: RulesVersion | None,
) -> dict[str, Any]:
    """The contract's ``state`` from values at hand (no query): as ``selectors.session_state``."""
    state: dict[str, Any] = {"dealer": dealer, "dealer_streak": streak}
    base = game_of_session(session).dealer_base(rules_for(session, version), streak)
    if base is not None:  # Anji's state has none (no payment depends on the dealer, AJ2.3)
        state["dealer_base"] = base
    state["next_round"] = last + 1
    state["balances"] = {seat: money_str(balances[seat]) for seat in seats_of(session)}
    return state


def _open_for_changes(session: Session) -> None:
    """An archived sitting is read-only until its owner restores it."""
    if session.archived_at is not None:
        raise CalculatorError(
            "E_CONFLICT",
            "這一場已歸檔，只能查看：主人恢復它之後才能記局、更正、作廢、撤銷或改家規。",
            "This session is archived and read-only: its owner must restore it before rounds "
            "can be recorded, corrected, voided or undone, or the rules changed.",
            status=409,
        )


def _round_cap(last: int) -> None:
    """Refuse the round after the cap (``last`` is the number of the newest round)."""
    cap = settings.MAX_ROUNDS_PER_SESSION
    if last >= cap:
        raise limit_reached(
            f"這一場已經有 {cap} 局，到了一場的上限，不能再記了；請用同樣的人再開一場。",
            f"This session has reached the cap of {cap} rounds and takes no more; start a new "
            f"session with the same players to go on.",
        )


def _rules_versions_cap(count: int) -> None:
    cap = settings.MAX_RULES_VERSIONS_PER_SESSION
    if count > cap:
        raise limit_reached(
            f"一場最多 {cap} 個家規版本，這裡有 {count} 個。",
            f"A session has at most {cap} rules versions; this one would have {count}.",
        )


def _live_sessions_cap(owner: AbstractBaseUser) -> None:
    cap = settings.MAX_LIVE_SESSIONS_PER_USER
    if Session.objects.filter(owner=owner, archived_at__isnull=True).count() >= cap:
        raise limit_reached(
            f"你已經有 {cap} 場沒有歸檔的牌局，到了上限；請先歸檔或刪除一些舊的。",
            f"You already have {cap} sessions that are not archived, the cap; archive or delete "
            f"some old ones first.",
        )


def _import_caps(versions: list, rounds: list) -> None:
    """An import past a cap is refused before any of it is read: no work for a file that could
    never be saved."""
    cap = settings.MAX_ROUNDS_PER_SESSION
    if len(rounds) > cap:
        raise limit_reached(
            f"文件裡有 {len(rounds)} 局，一場最多 {cap} 局，沒有導入；請把它分成幾場。",
            f"The file has {len(rounds)} rounds and a session has at most {cap}; nothing was "
            f"imported. Split it into several sessions.",
        )
    _rules_versions_cap(len(versions))


def _owned_by(owner_id: int, user: AbstractBaseUser | None, who: str, who_en: str) -> None:
    """E_FORBIDDEN (403) unless ``user`` is the owner; ``who``/``who_en`` name the owner and
    the act ("這一場的主人可以改家規", "the session's owner may change the house rules")."""
    if user is None or owner_id != user.pk:
        raise CalculatorError(
            "E_FORBIDDEN", f"只有{who}。", f"Only {who_en}.", status=403
        )


def _owner_only(session: Session, user: AbstractBaseUser | None, what: str, what_en: str) -> None:
    _owned_by(session.owner_id, user, f"這一場的主人可以{what}", f"the session's owner may {what_en}")


@transaction.atomic
def share_link_rotate(*, session: Session, user: AbstractBaseUser | None) -> str:
    """A new share token: the old link (if any) stops working at once. Also shares again a
    sitting whose link was revoked."""
    session = _locked(session)
    _owner_only(session, user, "換分享鏈接", "change the share link")
    session.share_token = new_share_token()
    session.save(update_fields=["share_token"])
    return session.share_token


@transaction.atomic
def share_link_revoke(*, session: Session, user: AbstractBaseUser | None) -> None:
    """No share link at all: the old one answers 404 until the owner makes a new one."""
    session = _locked(session)
    _owner_only(session, user, "停止分享", "stop sharing")
    if session.share_token is not None:
        session.share_token = None
        session.save(update_fields=["share_token"])


@transaction.atomic
def member_remove(*, session: Session, user: AbstractBaseUser | None, username: str) -> None:
    """The owner removes a member, or a member leaves; the sitting then no longer exists for
    them (404). The owner is not a member and cannot be removed."""
    session = _locked(session)
    if username == session.owner.get_username():
        raise invalid(
            f"{username!r} 是這一場的主人，不能移除；不要這一場了可以歸檔或刪除它。",
            f"{username!r} owns this session and cannot be removed; archive or delete it instead.",
        )
    member = session.members.filter(username=username).first()
    if member is None:
        raise not_found(
            f"{username!r} 不是這一場的成員。", f"{username!r} is not a member of this session."
        )
    if user is None or (user.pk != session.owner_id and user.pk != member.pk):
        raise CalculatorError(
            "E_FORBIDDEN",
            "只有主人可以移除別人；成員只能自己退出。",
            "Only the owner may remove someone else; a member may only leave.",
            status=403,
        )
    session.members.remove(member)


@transaction.atomic
def session_archive(*, session: Session, user: AbstractBaseUser | None) -> Session:
    """Archive the sitting: read-only, out of the lists, still readable and shareable."""
    session = _locked(session)
    _owner_only(session, user, "歸檔", "archive it")
    if session.archived_at is None:
        session.archived_at = timezone.now()
        session.save(update_fields=["archived_at"])
        _history_changed(session)
    return Session.objects.select_related("owner", "east", "south", "west", "north").get(
        pk=session.pk
    )


@transaction.atomic
def session_restore(*, session: Session, user: AbstractBaseUser | None) -> Session:
    """Take an archived sitting back into use; it counts again towards the live-sittings cap."""
    session = _locked(session)
    _owner_only(session, user, "恢復", "restore it")
    if session.archived_at is not None:
        _live_sessions_cap(session.owner)
        session.archived_at = None
        session.save(update_fields=["archived_at"])
        _history_changed(session)
    return Session.objects.select_related("owner", "east", "south", "west", "north").get(
        pk=session.pk
    )


@transaction.atomic
def session_delete(*, session: Session, user: AbstractBaseUser | None) -> None:
    """Delete the sitting with its rounds, payments and rules versions: it cannot be brought
    back (an export first keeps a copy). Its players stay on the owner's roster, even one who
    sat at no other sitting: the roster is the people one plays with, and a person does not
    leave it because one evening was deleted (the roster page shows them with 0 sittings)."""
    session = _locked(session)
    _owner_only(session, user, "刪除這一場", "delete it")
    # Rounds first: a round PROTECTs its rules version, which the session's delete cascades to.
    Payment.objects.filter(round__session=session).delete()
    Round.objects.filter(session=session).only("pk").delete()
    session.delete()


# --- the roster: the people a user plays with, across sittings ----------------------------------

SEAT_FIELDS = {"E": "east", "S": "south", "W": "west", "N": "north"}


def seated_in(player: Player | int) -> Q:
    """The sittings where ``player`` sits, at any seat."""
    pk = player.pk if isinstance(player, Player) else player
    return Q(east=pk) | Q(south=pk) | Q(west=pk) | Q(north=pk)


def _per_seat(value: object, field: str, seats: tuple[str, ...], kind: str) -> list[Any]:
    """An optional list of one entry per seat in play (absent or null: none for any seat)."""
    if value is None:
        return [None] * len(seats)
    if not isinstance(value, list) or len(value) != len(seats):
        raise invalid(
            f"{field} 必須是 {len(seats)} 項的列表（每個座位一項，{kind}）。",
            f"{field} must be a list of {len(seats)} items, one per seat ({kind}).",
        )
    return value


def seated_people(
    *,
    owner: AbstractBaseUser,
    names: list[str],
    seats: tuple[str, ...],
    player_ids: object = None,
    new_players: object = None,
) -> list[Player]:
    """The owner's roster players for the seats ``seats`` named ``names`` (stripped, 1–40).

    Per seat: ``player_ids[i]`` (an id of the owner's roster whose name is ``names[i]``) is that
    person; else ``new_players[i]`` true makes a new person of that name; else the roster's
    person of that name (``roster_key``; of two such, the one who sat down most recently) or, for
    a name the roster does not have, a new person. Nobody sits twice at one table: two seats of
    one name need an id or ``new_players`` to tell them apart."""
    ids = _per_seat(
        player_ids, "player_ids", seats, "花名冊上的人的 id 或 null / a roster id or null"
    )
    fresh = _per_seat(new_players, "new_players", seats, "true 或 false / true or false")
    for seat, pk, new in zip(seats, ids, fresh, strict=True):
        if pk is not None and (isinstance(pk, bool) or not isinstance(pk, int)):
            raise invalid(
                f"player_ids 裡 {seat} 家的一項必須是整數或 null，收到 {shown(pk)}。",
                f"player_ids: the item for seat {seat} must be a whole number or null, "
                f"got {shown(pk)}.",
            )
        if new is not None and not isinstance(new, bool):
            raise invalid(
                f"new_players 裡 {seat} 家的一項必須是 true 或 false，收到 {shown(new)}。",
                f"new_players: the item for seat {seat} must be true or false, got {shown(new)}.",
            )
        if pk is not None and new:
            raise invalid(
                f"{seat} 家不能既選了花名冊上的人（player_ids）又說是新的人（new_players）。",
                f"Seat {seat} names a roster player (player_ids) and a new person (new_players) "
                f"at once; choose one.",
            )
    keys = {roster_key(name) for name in names}
    # An id out of the database's range names nobody (and is never sent to it).
    wanted = Q(pk__in=[pk for pk in ids if pk is not None and an_id(pk)])
    for name in names:
        wanted |= Q(name__iexact=name)
    candidates = [
        player
        for player in Player.objects.filter(owner=owner).filter(wanted).order_by("pk")
        if player.pk in ids or roster_key(player.name) in keys
    ]
    by_pk = {player.pk: player for player in candidates}
    recent = _last_seated(owner, [player.pk for player in candidates])
    chosen: list[Player | None] = []
    # People picked by id are taken first: a seat of the same name typed plainly is another.
    taken = {pk for pk in ids if pk is not None}
    for seat, name, pk, new in zip(seats, names, ids, fresh, strict=True):
        if pk is not None:
            player = by_pk.get(pk)
            if player is None:
                raise invalid(
                    f"{seat} 家的 player_ids 是 {shown(pk)}，但你的花名冊上沒有這個人。",
                    f"Seat {seat}: player_ids names {shown(pk)}, who is not on your roster.",
                )
            if roster_key(player.name) != roster_key(name):
                raise invalid(
                    f"{seat} 家填的是“{name}”，但 player_ids 選的 {pk} 叫“{player.name}”。",
                    f"Seat {seat} is named {name!r}, but player_ids picks {pk}, who is "
                    f"{player.name!r}.",
                )
            chosen.append(player)
        elif new:
            chosen.append(None)
        else:
            same = [p for p in candidates if roster_key(p.name) == roster_key(name)]
            # Two people of one name: the one who sat down most recently (the pages ask).
            same.sort(key=lambda p: (recent.get(p.pk, -1), -p.pk), reverse=True)
            person = next((p for p in same if p.pk not in taken), None)
            chosen.append(person)
            if person is not None:
                taken.add(person.pk)
            elif same:
                twice = next(
                    other
                    for other, other_name in zip(seats, names, strict=True)
                    if roster_key(other_name) == roster_key(name) and other != seat
                )
                raise invalid(
                    f"{SEAT_WORDS[twice]}家和{SEAT_WORDS[seat]}家都是“{name}”：一個人不能同時坐兩個"
                    f"位置。如果是同名的兩個人，說明其中一個是新的人（new_players）或選花名冊上的"
                    f"另一個（player_ids）。",
                    f"{SEAT_WORDS_EN[twice]} and {SEAT_WORDS_EN[seat]} are both {name!r}: a "
                    f"person cannot sit twice at one table. If they are two people of the same "
                    f"name, mark one as new (new_players) or pick another from the roster "
                    f"(player_ids).",
                )
    pks = [player.pk for player in chosen if player is not None]
    if len(pks) != len(set(pks)):
        raise invalid(
            "同一個人不能同時坐兩個位置（player_ids 有重複）。",
            "A person cannot sit twice at one table (player_ids repeats an id).",
        )
    return [
        player if player is not None else Player.objects.create(name=name, owner=owner)
        for player, name in zip(chosen, names, strict=True)
    ]


def _last_seated(owner: AbstractBaseUser, pks: list[int]) -> dict[int, int]:
    """For each of ``pks``: the id of the newest of the owner's sittings they sat at."""
    if not pks:
        return {}
    rows = (
        Session.objects.filter(owner=owner)
        .filter(Q(east__in=pks) | Q(south__in=pks) | Q(west__in=pks) | Q(north__in=pks))
        .values_list("pk", "east", "south", "west", "north")
    )
    newest: dict[int, int] = {}
    for pk, *seated in rows:
        for person in seated:
            if person is not None and pk > newest.get(person, -1):
                newest[person] = pk
    return newest


def _roster_owner_only(player: Player, user: AbstractBaseUser | None, what: str, en: str) -> None:
    _owned_by(player.owner_id, user, f"花名冊的主人可以{what}", f"the roster's owner may {en}")


def _roster_changed(pks: list[int]) -> None:
    """The sittings that show these people by name: one version more, so a page or a share link
    showing the old name learns that something changed."""
    query = Q()
    for pk in pks:
        query |= seated_in(pk)
    Session.objects.filter(query).update(version=F("version") + 1)


def _checked_name(name: object) -> str:
    cleaned = name.strip() if isinstance(name, str) else ""
    if not cleaned or len(cleaned) > 40:
        raise invalid("名字必須是 1 到 40 個字。", "A name must be 1 to 40 characters.")
    return cleaned


@transaction.atomic
def player_rename(*, player: Player, user: AbstractBaseUser | None, name: object) -> Player:
    """A roster player's new name, shown at every sitting they played (owner only)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    _roster_owner_only(player, user, "改名字", "rename a player")
    cleaned = _checked_name(name)
    if cleaned != player.name:
        player.name = cleaned
        player.save(update_fields=["name"])
        _roster_changed([player.pk])
    return player


@transaction.atomic
def player_merge(*, owner: AbstractBaseUser | None, keep: Player, merged: Player) -> Player:
    """Two roster entries that are one person become ``keep``: every seat of ``merged`` points at
    ``keep`` and ``merged`` is deleted (its account link, if ``keep`` has none, goes to
    ``keep``). Refused: two owners' players, a player with itself, and two people who sat at one
    sitting (a person cannot sit twice at one table)."""
    if keep.pk == merged.pk:
        raise invalid(
            f"“{keep.name}”不能和自己合併：請選花名冊上的另一個人。",
            f"{keep.name!r} cannot be merged with itself: pick another player of the roster.",
        )
    locked = {
        player.pk: player
        for player in Player.objects.select_for_update().filter(pk__in=[keep.pk, merged.pk])
    }
    if len(locked) != 2:
        raise not_found("找不到這個人。", "No such player.")
    keep, merged = locked[keep.pk], locked[merged.pk]
    _roster_owner_only(keep, owner, "合併", "merge players")
    if merged.owner_id != keep.owner_id:
        raise CalculatorError(
            "E_FORBIDDEN",
            "只能合併同一個花名冊上的兩個人。",
            "Only two players of the same roster can be merged.",
            status=403,
        )
    together = Session.objects.filter(seated_in(keep) & seated_in(merged)).first()
    if together is not None:
        raise CalculatorError(
            "E_SAME_TABLE",
            f"“{keep.name}”和“{merged.name}”一起坐在“{together.name}”這一場：他們是兩個人，"
            f"一個人不能同時坐兩個位置，所以不能合併。",
            f"{keep.name!r} and {merged.name!r} sat together at {together.name!r}: they are two "
            f"people (a person cannot sit twice at one table), so they cannot be merged.",
        )
    if keep.user_id and merged.user_id and keep.user_id != merged.user_id:
        raise invalid(
            f"“{keep.name}”和“{merged.name}”連著兩個不同的賬號，不能合併。",
            f"{keep.name!r} and {merged.name!r} are linked to two different accounts; they "
            f"cannot be merged.",
        )
    for field in SEAT_FIELDS.values():
        Session.objects.filter(**{field: merged.pk}).update(**{field: keep.pk})
    SeatTotals.objects.filter(player=merged).update(player=keep)
    # The groups the other entry was in have the person kept instead.
    for group in Group.objects.filter(players=merged):
        group.players.add(keep)
    if keep.user_id is None and merged.user_id is not None:
        keep.user_id = merged.user_id
        keep.save(update_fields=["user"])
    merged.delete()
    _roster_changed([keep.pk])
    return keep


@transaction.atomic
def player_link(*, player: Player, user: AbstractBaseUser | None, username: object) -> Player:
    """Link a roster player to the account ``username`` (the roster's owner only): that account
    may then see this player and the sittings they played, read-only."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    _roster_owner_only(player, user, "連到賬號", "link a player to an account")
    account = (
        get_user_model().objects.filter(username=username).first()
        if isinstance(username, str) and username
        else None
    )
    if account is None:
        raise invalid(f"沒有用戶名為 {username!r} 的用戶。", f"No user named {username!r}.")
    other = (
        Player.objects.filter(owner_id=player.owner_id, user=account).exclude(pk=player.pk).first()
    )
    if other is not None:
        raise invalid(
            f"{username!r} 已經連著你花名冊上的“{other.name}”；是同一個人的話，先把兩個合併。",
            f"{username!r} is already linked to {other.name!r} on your roster; if they are the "
            f"same person, merge the two first.",
        )
    if player.user_id != account.pk:
        player.user = account
        player.save(update_fields=["user"])
    return player


def player_unlink(*, player: Player, user: AbstractBaseUser | None) -> Player:
    """Take the link between a roster player and an account away (the roster's owner only):
    the account sees the player no more. Unlinked already: nothing changes."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    _roster_owner_only(player, user, "取消連到賬號", "unlink a player from an account")
    if player.user_id is not None:
        player.user = None
        player.save(update_fields=["user"])
    return player


@dataclass(frozen=True)
class Answered:
    """An API write done once per ``Idempotency-Key``: its answer, or the first one again."""

    status: int
    body: dict
    replayed: bool


# The prefix of an API key kept with no sitting (a roster write): page form keys never have it.
API_KEY_PREFIX = "api:"


@transaction.atomic
def answered_once(
    *,
    user: AbstractBaseUser,
    key: str | None,
    request_body: Mapping,
    write: Callable[[], tuple[int, dict]],
) -> Answered:
    """``write()`` (its status and body), once per ``Idempotency-Key`` of the user: a replay
    (the same user, the same body) gets the first answer and writes nothing, the key reused for
    another request is E_IDEMPOTENCY. For the API's writes that belong to no sitting (the
    roster's merge and link); kept a week, as page form keys are. Without a key: ``write()``."""
    if not key:
        status, body = write()
        return Answered(status, body, replayed=False)
    if len(key) > 200 or not key.isprintable():
        raise invalid(
            "Idempotency-Key 最多 200 個可見字符。",
            "Idempotency-Key is at most 200 printable characters.",
        )
    stored_key = API_KEY_PREFIX + key
    body_hash = request_hash(request_body)
    first = IdempotentAnswer.objects.filter(session=None, user=user, key=stored_key).first()
    if first is not None:
        _same_request(first, user, body_hash)
        return Answered(first.status, first.body, replayed=True)
    status, body = write()
    try:
        with transaction.atomic():
            IdempotentAnswer.objects.create(
                session=None,
                key=stored_key,
                user=user,
                body_hash=body_hash,
                status=status,
                body=body,
            )
    except IntegrityError:
        # The same key at the same moment: the other request's write stands, this one's is
        # taken back with the transaction.
        raise CalculatorError(
            "E_CONFLICT",
            "同一個 Idempotency-Key 的另一個請求剛剛完成，請重試以得到它的回答。",
            "Another request with this Idempotency-Key just finished; retry to get its answer.",
            status=409,
        ) from None
    return Answered(status, body, replayed=False)


# --- groups: people of a roster who play together --------------------------------------------

GROUP_NAME_MAX = 60
# At most this many people in a group, and groups an account may own.
GROUP_PLAYERS_MAX = 12
GROUPS_MAX = 100


def _group_owner_only(group: Group, user: AbstractBaseUser | None, what: str, en: str) -> None:
    _owned_by(group.owner_id, user, f"群主可以{what}", f"the group's owner may {en}")


def _checked_group_name(name: object) -> str:
    cleaned = name.strip() if isinstance(name, str) else ""
    if not cleaned or len(cleaned) > GROUP_NAME_MAX:
        raise invalid(
            f"name（群的名字）必須是 1 到 {GROUP_NAME_MAX} 個字。",
            f"name (the group's name) must be 1 to {GROUP_NAME_MAX} characters.",
        )
    return cleaned


def _an_id(pk: int) -> bool:
    """Whether ``pk`` can be a row's id (a positive 64-bit integer)."""
    return an_id(pk)


def _group_players(owner: AbstractBaseUser, players: object) -> list[Player]:
    """``players``: a list of 2 to ``GROUP_PLAYERS_MAX`` different ids of the owner's roster."""
    if (
        not isinstance(players, list)
        or any(isinstance(pk, bool) or not isinstance(pk, int) for pk in players)
        or not 2 <= len(set(players)) <= GROUP_PLAYERS_MAX
    ):
        raise invalid(
            f"players 必須是你花名冊上 2 到 {GROUP_PLAYERS_MAX} 個人的 id（整數）列表。",
            f"players must be a list of the ids (whole numbers) of 2 to {GROUP_PLAYERS_MAX} "
            f"players of your roster.",
        )
    # An id out of the database's range names nobody (and is never sent to it).
    found = list(Player.objects.filter(owner=owner, pk__in=[pk for pk in players if _an_id(pk)]))
    missing = sorted(set(players) - {player.pk for player in found})
    if missing:
        raise invalid(
            f"players 裡的 {shown(missing[0])} 不是你花名冊上的人。",
            f"players: {shown(missing[0])} is not a player of your roster.",
        )
    return found


@transaction.atomic
def group_create(*, owner: AbstractBaseUser, name: object, players: object) -> Group:
    """A new group of the owner's roster ``players`` (their ids) named ``name`` (1–60)."""
    cleaned = _checked_group_name(name)
    people = _group_players(owner, players)
    if Group.objects.filter(owner=owner).count() >= GROUPS_MAX:
        raise limit_reached(
            f"一個賬號最多建 {GROUPS_MAX} 個群。",
            f"An account may own at most {GROUPS_MAX} groups.",
        )
    group = Group.objects.create(owner=owner, name=cleaned)
    group.players.set(people)
    return group


@transaction.atomic
def group_update(
    *,
    group: Group,
    user: AbstractBaseUser | None,
    name: object = None,
    players: object = None,
) -> Group:
    """Rename the group and/or set its players (owner only); None leaves either as it is."""
    group = Group.objects.select_for_update().get(pk=group.pk)
    _group_owner_only(group, user, "改群", "change it")
    if name is not None:
        group.name = _checked_group_name(name)
        group.save(update_fields=["name"])
    if players is not None:
        group.players.set(_group_players(group.owner, players))
    return group


@transaction.atomic
def group_member_add(*, group: Group, user: AbstractBaseUser | None, username: object) -> None:
    """Let the account ``username`` see the group (owner only)."""
    _group_owner_only(group, user, "加成員", "add members")
    account = (
        get_user_model().objects.filter(username=username.strip()).first()
        if isinstance(username, str) and username.strip()
        else None
    )
    if account is None:
        raise invalid(f"沒有用戶名為 {username!r} 的用戶。", f"No user named {username!r}.")
    if account.pk == group.owner_id:
        raise invalid("群主本來就能看到這個群。", "The group's owner sees the group already.")
    group.members.add(account)


@transaction.atomic
def group_member_remove(
    *, group: Group, user: AbstractBaseUser | None, username: object
) -> None:
    """The account ``username`` no longer sees the group as a member (owner only)."""
    _group_owner_only(group, user, "移除成員", "remove members")
    member = group.members.filter(username=username).first() if isinstance(username, str) else None
    if member is None:
        raise invalid(
            f"{username!r} 不是這個群的成員。", f"{username!r} is not a member of this group."
        )
    group.members.remove(member)


@transaction.atomic
def group_delete(*, group: Group, user: AbstractBaseUser | None) -> None:
    """Delete the group; its players and their sittings stay as they are."""
    _group_owner_only(group, user, "刪除群", "delete it")
    group.delete()


@transaction.atomic
def session_paid_out(*, session: Session, user: AbstractBaseUser | None, paid: bool) -> Session:
    """Mark the sitting paid out (``paid``: its money has changed hands) or take the mark back
    (owner only). A paid-out sitting still counts in every standings; it leaves the settle-up
    of the groups it belongs to."""
    session = _locked(session)
    _owner_only(session, user, "標記已結清", "mark it paid out")
    if paid != (session.paid_out_at is not None):
        session.paid_out_at = timezone.now() if paid else None
        session.paid_out_by = user if paid else None
        session.save(update_fields=["paid_out_at", "paid_out_by"])
        _history_changed(session)
    return session


@transaction.atomic
def group_paid_out(*, group: Group, user: AbstractBaseUser | None, sittings: object) -> int:
    """Mark paid out the sittings ``sittings`` (their ids: the ones the settle-up the user saw
    was made of) that are still not paid out, belong to the group and are the user's; how many
    were marked. Owner of the group only."""
    _group_owner_only(group, user, "標記已結清", "mark its sittings paid out")
    if not isinstance(sittings, list) or any(
        isinstance(pk, bool) or not isinstance(pk, int) for pk in sittings
    ):
        raise invalid(
            "sittings 必須是要標記已結清的場的 id（整數）列表。",
            "sittings must be a list of the ids (whole numbers) of the sittings to mark paid out.",
        )
    assert user is not None
    marked = (
        group_sittings(group)
        .filter(pk__in=[pk for pk in sittings if _an_id(pk)], owner=user, paid_out_at__isnull=True)
        .order_by()
    )
    pks = list(marked.values_list("pk", flat=True))
    Session.objects.filter(pk__in=pks).update(
        paid_out_at=timezone.now(), paid_out_by=user, version=F("version") + 1
    )
    return len(pks)
