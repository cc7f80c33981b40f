"""A sitting's life: opened, shared, changed and put away.

``session_create`` opens a sitting of a game at one of its seat counts, the first n of E S W N
(R2.1, AJ2.1), with its first house-rules version; its seats are people of the owner's roster
(``seated_people``: a name the roster has is that person, two of one name are told apart by id).
``rules_change`` adds a house-rules version for the rounds recorded from then on, old rounds keep
theirs (R12, AJ13); ``rules_checked`` checks house rules against the game's schema. The rest are
the owner's (or, for leaving, a member's): invite and remove members, rotate or revoke the share
link, archive, restore, delete, and mark the sitting paid out. Everything can be taken back, and
the caps of ``limits`` refuse before anything is saved.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from calculator.errors import CalculatorError, invalid, not_found
from calculator.models import (
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
from calculator.money import silver_bounds
from calculator.numbers import an_id, shown, written_amount
from calculator.selectors.fees import FEE_RULES, engine_overrides
from calculator.selectors.sittings import game_of_session, seats_of
from calculator.selectors.totals import no_pair_totals
from calculator.services.history import history_changed, locked
from calculator.services.limits import (
    limit_reached,
    live_sessions_cap,
    open_for_changes,
    owned_by,
    rules_versions_cap,
)
from calculator.services.seat_draw import seat_draw_checked, seat_draw_throw
from scoring import ScoringError
from scoring.games import DEFAULT_GAME, SEATS, Game, game_of


def rules_checked(
    ruleset: object, overrides: object, game: Game | None = None, seats: tuple[str, ...] = ()
) -> Any:
    """The game's frozen rules (Anqing's without ``game``), or the engine's E_RULES error naming
    the bad ruleset or key (R12, AJ13). Stored house rules are always an object, even an empty
    one. ``seats``: the sitting's seats in play, which the table fee's collector must be one of."""
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
        # The table fees' keys are every game's (selectors.fees), checked here, never by the engine.
        schema = {rule.key: rule for rule in game.house_rules(ruleset)}
        fee_schema = {rule.key: rule for rule in FEE_RULES}
        for key, value in overrides.items():
            rule = schema.get(key) or fee_schema.get(key)
            if rule is None or not rule.allows(value):
                if key not in fee_schema:
                    make_rules(ruleset, {key: value})
                raise CalculatorError(
                    "E_RULES",
                    f"家規 {shown(key)} 不接受 {shown(value)}。",
                    f"the house rule {shown(key)} does not take {shown(value)}.",
                )
        collector = overrides.get("fee_collector")
        if seats and collector is not None and collector not in seats:
            raise CalculatorError(
                "E_RULES",
                f"家規 fee_collector（收臺費的人）必須是這一桌的座位之一（{'、'.join(seats)}），"
                f"收到 {shown(collector)}。",
                f"the house rule fee_collector (who collects the fees) must be a seat at this "
                f"table ({' '.join(seats)}), got {shown(collector)}.",
                field="fee_collector",
            )
        return make_rules(ruleset, engine_overrides(overrides))
    except ScoringError as error:
        raise CalculatorError(
            error.code, error.message, error.message_en, field=getattr(error, "field", None)
        ) from None


def in_order(per_seat: object, order: list[int]) -> object:
    """A per-seat list (``player_ids``, ``new_players``) following its names to their drawn
    seats; anything else as it is, for ``seated_people`` to name what is wrong with it."""
    if not isinstance(per_seat, list) or len(per_seat) != len(order):
        return per_seat
    return [per_seat[index] for index in order]


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
    seat_draw: object = None,
) -> Session:
    """A new sitting of ``game`` (scoring.games; None: Anqing) with ``player_count`` seats (one
    of the game's seat counts; None: the most it allows), the first n of E S W N (R2.1, AJ2.1),
    and its first house-rule version. ``ruleset`` None: the game's default.

    The seats are people of the owner's roster (``seated_people``): a name the roster has is
    that person, a new name a new person; ``player_ids`` (per seat, a roster player's id or
    None) picks one of two people of the same name, ``new_players`` (per seat, true or false)
    says "a new person, although the roster has this name".

    ``seat_draw``: how the seats were drawn (``services.seat_draw.seat_draw_checked``: the
    players are in the seats drawn, the first dealer at E), kept with the sitting; ``True``
    draws them here from the names given in any order (R2.2, AJ2.3, HZ2.2); None: typed."""
    live_sessions_cap(owner)
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
    if seat_draw is True:
        drawn = seat_draw_throw(game=chosen, players=player_names)
        player_names = drawn["players"]
        player_ids, new_players = (
            in_order(per_seat, drawn["order"]) for per_seat in (player_ids, new_players)
        )
        seat_draw = drawn["seat_draw"]
    elif seat_draw is not None:
        seat_draw = seat_draw_checked(seat_draw, chosen, player_count)
    # Text is an amount as a person writes one (digits and a point: "1e3" is not 1000); a JSON
    # number is a number.
    silver = written_amount(base_silver)
    # The game's engine's own range (within what the ledger stores), so every round of the
    # sitting can be scored: the one the pages' forms keep too.
    _least, most, places = silver_bounds(chosen, stored=True)
    if silver is None or not 0 < silver <= most or silver.normalize().as_tuple().exponent < -places:
        raise CalculatorError(
            "E_INVALID",
            f"base_silver 必須是大於 0、不超過 {most} 的金額（最多 {places} 位小數，"
            f"只用 0–9 和小數點），收到 {shown(base_silver)}。",
            f"base_silver must be an amount above 0 and at most {most} with at most "
            f"{places} decimals (digits 0-9 and a point), got {shown(base_silver)}.",
            field="base_silver",
        )
    rules = {} if rules is None else rules
    ruleset = chosen.default_ruleset if ruleset is None else ruleset
    rules_checked(ruleset, rules, chosen, seats)
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
        seat_draw=seat_draw,
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
    # One name in two seats where neither says who sits there (a roster id, or "a new person of
    # this name"): one person cannot sit twice, and two people of one name are told apart by
    # the roster, never by a silent "小李 (2)".
    unsaid: dict[str, str] = {}
    for seat, name, pk, new in zip(seats, names, ids, fresh, strict=True):
        if pk is None and not new:
            first = unsaid.setdefault(roster_key(name), seat)
            if first != seat:
                raise _sat_twice(first, seat, name)
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
                raise _sat_twice(twice, seat, name)
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


def _sat_twice(first: str, second: str, name: str) -> CalculatorError:
    """E_INVALID on ``players``: seats ``first`` and ``second`` both named ``name``, and nothing
    says they are two people."""
    return CalculatorError(
        "E_INVALID",
        f"{SEAT_WORDS[first]}家和{SEAT_WORDS[second]}家都是“{name}”：一個人不能同時坐兩個位置。"
        f"如果是同名的兩個人，說明其中一個是新的人（new_players）或選花名冊上的另一個"
        f"（player_ids）。",
        f"{SEAT_WORDS_EN[first]} and {SEAT_WORDS_EN[second]} are both {name!r}: a person "
        f"cannot sit twice at one table. If they are two people of the same name, mark one as "
        f"new (new_players) or pick another from the roster (player_ids).",
        field="players",
    )


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
    session = locked(session)
    open_for_changes(session)
    rules_checked(session.ruleset, rules, game_of_session(session), seats_of(session))
    last = session.rules_versions.aggregate(last=Max("number"))["last"] or 0
    rules_versions_cap(last + 1)
    version = RulesVersion.objects.create(
        session=session, number=last + 1, overrides=rules, created_by=user
    )
    history_changed(session)
    return version


def _owner_only(session: Session, user: AbstractBaseUser | None, what: str, what_en: str) -> None:
    owned_by(
        session.owner_id, user, f"這一場的主人可以{what}", f"the session's owner may {what_en}"
    )


@transaction.atomic
def share_link_rotate(*, session: Session, user: AbstractBaseUser | None) -> str:
    """A new share token: the old link (if any) stops working at once. Also shares again a
    sitting whose link was revoked."""
    session = locked(session)
    _owner_only(session, user, "換分享鏈接", "change the share link")
    session.share_token = new_share_token()
    session.save(update_fields=["share_token"])
    return session.share_token


@transaction.atomic
def share_link_revoke(*, session: Session, user: AbstractBaseUser | None) -> None:
    """No share link at all: the old one answers 404 until the owner makes a new one."""
    session = locked(session)
    _owner_only(session, user, "停止分享", "stop sharing")
    if session.share_token is not None:
        session.share_token = None
        session.save(update_fields=["share_token"])


@transaction.atomic
def member_remove(*, session: Session, user: AbstractBaseUser | None, username: str) -> None:
    """The owner removes a member, or a member leaves; the sitting then no longer exists for
    them (404). The owner is not a member and cannot be removed."""
    session = locked(session)
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
    session = locked(session)
    _owner_only(session, user, "歸檔", "archive it")
    if session.archived_at is None:
        session.archived_at = timezone.now()
        session.save(update_fields=["archived_at"])
        history_changed(session)
    return Session.objects.select_related("owner", "east", "south", "west", "north").get(
        pk=session.pk
    )


@transaction.atomic
def session_restore(*, session: Session, user: AbstractBaseUser | None) -> Session:
    """Take an archived sitting back into use; it counts again towards the live-sittings cap."""
    session = locked(session)
    _owner_only(session, user, "恢復", "restore it")
    if session.archived_at is not None:
        live_sessions_cap(session.owner)
        session.archived_at = None
        session.save(update_fields=["archived_at"])
        history_changed(session)
    return Session.objects.select_related("owner", "east", "south", "west", "north").get(
        pk=session.pk
    )


@transaction.atomic
def session_delete(*, session: Session, user: AbstractBaseUser | None) -> None:
    """Delete the sitting with its rounds, payments and rules versions: it cannot be brought
    back (an export first keeps a copy). Its players stay on the owner's roster, even one who
    sat at no other sitting: the roster is the people one plays with, and a person does not
    leave it because one evening was deleted (the roster page shows them with 0 sittings)."""
    session = locked(session)
    _owner_only(session, user, "刪除這一場", "delete it")
    # Rounds first: a round PROTECTs its rules version, which the session's delete cascades to.
    Payment.objects.filter(round__session=session).delete()
    Round.objects.filter(session=session).only("pk").delete()
    session.delete()


@transaction.atomic
def session_paid_out(*, session: Session, user: AbstractBaseUser | None, paid: bool) -> Session:
    """Mark the sitting paid out (``paid``: its money has changed hands) or take the mark back
    (owner only). A paid-out sitting still counts in every standings; it leaves the settle-up
    of the groups it belongs to."""
    session = locked(session)
    _owner_only(session, user, "標記已結清", "mark it paid out")
    if paid != (session.paid_out_at is not None):
        session.paid_out_at = timezone.now() if paid else None
        session.paid_out_by = user if paid else None
        session.save(update_fields=["paid_out_at", "paid_out_by"])
        history_changed(session)
    return session
