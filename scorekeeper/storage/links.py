"""Who may reach a game: its capability links, the devices that keep it on
their list, and the short join codes.

A game is reachable only through a link. Each game has one scorer link and
one viewer link in force, and for each player a seat link once the Share
screen has been opened (made then: :func:`seat_links`); rotating one replaces
it (the old token then answers :class:`LinkReplaced`). Every token is drawn
independently, so one can never be turned into another. A device is known
by an id in its signed cookie; its list holds the games it created, opened a
link of, or joined with a code.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from functools import cached_property

from sqlalchemy import bindparam, func, select
from sqlalchemy.exc import IntegrityError

from ..game.roles import ROLES, SCORER, SEAT, VIEWER
from .database import db
from .models import DeviceGame, Game, JoinCode, Link, utcnow
from .unit import GameNotFound, NothingToStore, Unit, write

#: How much a device's list prefers one link of a game to another.
RIGHTS = {VIEWER: 0, SEAT: 1, SCORER: 2}
#: Join codes: no letters or digits that look alike (0/O, 1/I/L, 2/Z, 5/S, 8/B, G/6).
JOIN_ALPHABET = "ACDEFHJKMNPQRTUVWXY34679"
JOIN_CODE_LENGTH = 6
#: A join code lives only while a table needs it: from when Share was last opened.
JOIN_CODE_MINUTES = 30
JOIN_CODE_LIFETIME = timedelta(minutes=JOIN_CODE_MINUTES)


class LinkReplaced(LookupError):
    """The link was rotated: the table has a new one."""


class JoinRefused(LookupError):
    """No game has this join code now (never, or it expired, or its link was replaced)."""


@dataclass(frozen=True)
class Access:
    """A game reached through one of its links, with that link's rights, as
    read with the link in one query: the token and role (readable after a
    rollback too), the link's and the game's ids and the game's version.
    The game and the link themselves are loaded when first asked for: a
    poll of an unchanged game needs neither (a write's game comes with the
    link: :func:`open_link`'s ``with_game``)."""

    token: str
    role: str
    link_id: int
    game_id: int
    #: The game's version when the link was opened (what a poll compares).
    version: int
    #: The player a seat link belongs to (None for the other links).
    player: int | None = None

    @property
    def can_write(self) -> bool:
        return self.role == SCORER

    def may_enter_for(self, player: int | None) -> bool:
        """Whether the link may enter ``player``'s bid and tricks."""
        return self.can_write or (self.role == SEAT and player == self.player)

    @cached_property
    def game(self) -> Game:
        """The game, loaded once (by its key: the session's identity map keeps it)."""
        game = db.session.get(Game, self.game_id)
        if game is None:  # deleted since the link was opened
            raise GameNotFound(self.token)
        return game

    @cached_property
    def link(self) -> Link:
        return db.session.get(Link, self.link_id)


#: Built once: building the statement cost more than running it. Columns, not
#: objects: the ORM's loading of a game costs more than the query.
OPEN_LINK = (select(Link.role, Link.replaced_at, Link.id, Link.game_id, Game.version, Link.player)
             .join(Game, Game.id == Link.game_id).where(Link.token == bindparam("token")))


#: :data:`OPEN_LINK` with the game itself, for a request that will need it.
OPEN_LINK_WITH_GAME = OPEN_LINK.add_columns(Game)


def open_link(token: str, with_game: bool = False) -> Access:
    """The game behind a link: one indexed query (every request of a game comes here).
    ``with_game``: the game loaded in the same query (a write, which always
    reads it: one round trip less than :attr:`Access.game` asking after).

    :raise GameNotFound: when no game has this link.
    :raise LinkReplaced: when the link was rotated.
    """
    # A NUL is in no token, and PostgreSQL refuses to compare a text holding one.
    if not token or "\x00" in token:
        row = None
    elif with_game:
        row = db.session.execute(OPEN_LINK_WITH_GAME, {"token": token}).first()
    else:
        row = db.session.connection().execute(OPEN_LINK, {"token": token}).first()
    if row is None:
        raise GameNotFound(token)
    role, replaced_at, link_id, game_id, version, player = row[:6]
    if replaced_at is not None:
        raise LinkReplaced(token)
    found = Access(token, role, link_id, game_id, version, player)
    if with_game:
        found.__dict__["game"] = row[6]  # what Access.game would load
    return found


def link_of(game: Game, role: str, player: int | None = None) -> Link:
    """The game's link in force for ``role`` (and for a seat, its ``player``)."""
    return db.session.scalar(select(Link).where(
        Link.game_id == game.id, Link.role == role, Link.player.is_(None) if player is None
        else Link.player == player, Link.replaced_at.is_(None)))


def seat_links(game: Game, players: list[int]) -> dict[int, Link]:
    """Each of the ``players``' seat link in force, by player id; the missing
    ones are made (committed)."""

    def in_force() -> dict[int, Link]:
        return {link.player: link for link in db.session.scalars(select(Link).where(
            Link.game_id == game.id, Link.role == SEAT, Link.replaced_at.is_(None)))}

    def work(_unit: Unit) -> None:
        made = in_force()
        missing = [player for player in players if player not in made]
        if not missing:
            raise NothingToStore(None)
        db.session.add_all([Link(game=game, role=SEAT, player=player) for player in missing])

    write(work)
    return in_force()


def taken_seats(game: Game) -> set[int]:
    """The players whose seat link in force some device keeps the game
    through, and those a scorer's phone says it is (:func:`say_seat`)."""
    kept = select(Link.player, DeviceGame.player).join(
        DeviceGame, DeviceGame.link_id == Link.id).where(
        Link.game_id == game.id, Link.replaced_at.is_(None))
    return {link_player if role_player is None else role_player
            for link_player, role_player in db.session.execute(kept)} - {None}


def own_seat(device: str, access: Access) -> int | None:
    """The player the device is in the game of ``access``: a seat link's, or
    the one a scorer's phone said it is (None: none)."""
    if not access.can_write:
        return access.player
    return db.session.scalar(select(DeviceGame.player).where(
        DeviceGame.device == device, DeviceGame.game_id == access.game_id))


def say_seat(device: str, access: Access, player: int) -> None:
    """The scorer's phone says which player it is (``access``: through the
    scorer link): that seat is then taken, as a seat link's phone takes its
    own. The game goes on the device's list if it was not there."""

    def work(_unit: Unit) -> None:
        row = db.session.scalar(select(DeviceGame).where(
            DeviceGame.device == device, DeviceGame.game_id == access.game_id))
        if row is None:
            row = DeviceGame(device=device, game_id=access.game_id, link_id=access.link_id)
            db.session.add(row)
        elif row.player == player and row.link_id == access.link_id:
            raise NothingToStore(None)
        row.link_id, row.player = access.link_id, player

    write(work)


def rotate(access: Access, role: str, device: str | None, player: int | None = None) -> Link:
    """Replace the game's ``role`` link (a seat link: ``player``'s) by a new
    one, in one transaction; the old token answers "replaced" from now on,
    and its join codes lapse. The device that rotates keeps the game on its
    list, through the new link when it was the one it used."""

    def work(unit: Unit) -> Link:
        old = link_of(access.game, role, player)
        if old is None:
            raise LookupError(player)  # a seat whose link was never made: nothing to replace
        old.replaced_at = utcnow()
        new = Link(game=access.game, role=role, player=player)
        db.session.add(new)
        db.session.flush()
        if device is not None:
            unit.execute(db.update(DeviceGame).where(
                DeviceGame.device == device, DeviceGame.link_id == old.id).values(link_id=new.id))
        return new

    return write(work)


def phones_through(link: Link, device: str | None) -> int:
    """How many other devices keep the game on their list through ``link``:
    the phones that lose the game when it is replaced."""
    return db.session.scalar(select(func.count()).select_from(DeviceGame).where(
        DeviceGame.link_id == link.id, DeviceGame.device != (device or "")))


def remember(device: str, link: Link, chosen: bool = False) -> None:
    """Put the game on the device's list (through this link), if it is not there
    with rights as good already (``chosen``: whatever it was there through,
    as when a phone says which player it is). Its own transaction."""

    def work(_unit: Unit) -> None:
        row = db.session.scalar(select(DeviceGame).where(
            DeviceGame.device == device, DeviceGame.game_id == link.game_id))
        if row is not None:
            in_force = row.link.replaced_at is None
            as_good = RIGHTS[row.link.role] > RIGHTS[link.role] or (
                row.link.role == link.role != SEAT)
            if row.link_id == link.id or (in_force and as_good and not chosen):
                raise NothingToStore(None)
        if row is None:
            db.session.add(DeviceGame(device=device, game_id=link.game_id, link_id=link.id))
        else:
            row.link_id, row.player = link.id, None  # a seat the phone said goes with its link

    try:
        write(work)
    except IntegrityError:  # the same device in two tabs at once: it is there now
        pass


def device_games(device: str, page: int, per_page: int) -> tuple[list[tuple[Game, Link]], int]:
    """One page of the device's games, unfinished first, newest first, each
    with the link the device reaches it by; and how many there are in all.
    Games whose link was replaced since are left out."""
    live = (select(DeviceGame.game_id, DeviceGame.link_id).join(Link)
            .where(DeviceGame.device == device, Link.replaced_at.is_(None)))
    total = db.session.scalar(select(func.count()).select_from(live.subquery()))
    rows = db.session.execute(
        select(Game, Link).join(DeviceGame, DeviceGame.game_id == Game.id)
        .join(Link, Link.id == DeviceGame.link_id)
        .where(DeviceGame.device == device, Link.replaced_at.is_(None))
        .order_by(Game.finished, Game.updated_at.desc(), Game.id.desc())
        .limit(per_page).offset(max(page - 1, 0) * per_page)
    ).all()
    return [(game, link) for game, link in rows], total


def join_code(link: Link) -> JoinCode:
    """The link's join code, valid for :data:`JOIN_CODE_LIFETIME` from now
    (committed): the code in force renewed, or a new one.

    The Share screen asks for it each time it is opened, so a code lives while
    the table is passing it around and lapses soon after: a stranger guessing
    codes has few live ones to find, and each for a short time. A new code
    that another link took meanwhile is drawn again."""

    def work(_unit: Unit) -> JoinCode:
        code = db.session.scalar(select(JoinCode).where(
            JoinCode.link_id == link.id, JoinCode.expires_at > utcnow())
            .order_by(JoinCode.expires_at.desc()))
        if code is not None:
            code.expires_at = utcnow() + JOIN_CODE_LIFETIME
            return code
        code = JoinCode(code="".join(secrets.choice(JOIN_ALPHABET)
                                     for _ in range(JOIN_CODE_LENGTH)),
                        link_id=link.id, expires_at=utcnow() + JOIN_CODE_LIFETIME)
        db.session.add(code)
        return code

    return write(work, busy=RuntimeError("no free join code"), attempts=5)


def normalise_code(text: str) -> str:
    """What a person typed, as a code: spaces and dashes dropped, capitals."""
    return "".join(ch for ch in (text or "").upper() if ch.isalnum())[:JOIN_CODE_LENGTH * 2]


def redeem(text: str, device: str) -> Link:
    """The link of a join code in force; the game goes on the device's list.

    :raise JoinRefused: when no game has this code now.
    """
    code = db.session.scalar(select(JoinCode).where(
        JoinCode.code == normalise_code(text), JoinCode.expires_at > utcnow()))
    if code is None or code.link.replaced_at is not None:
        raise JoinRefused(text)
    remember(device, code.link)
    return code.link
