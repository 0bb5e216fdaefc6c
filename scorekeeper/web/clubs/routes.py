"""Clubs: a new club, its page (links, members, evenings), a member's page
with the rating and its history, the ratings and the bidding figures. One
blueprint for ``/clubs``; the evenings' views are in :mod:`.evenings`.

A club is reached only through its link, ``/clubs/<club>/...`` (its
organiser's or its viewer's token): before each such request the link is
opened (:func:`open_request_club`); an unknown token is 404 and says
nothing of any club, a replaced one 410. The viewer link sees only the
views marked :func:`viewer_may_see`; any other request through it, every
write above all, is refused with 403 before the view runs: nothing is
stored. A member's own link is claimed by the first phone that opens it
and refused (403) on any other; it sees what the viewer link sees and may
also do the views marked :func:`member_may_do` (answer an invitation, take
its seat). There is no list of clubs.
"""

from __future__ import annotations

from flask import (Blueprint, abort, current_app, g, make_response, redirect, render_template,
                   request, url_for)
from flask_babel import gettext as _

from ...game import GameError
from ...game.names import name_key
from ...game.ratings import model
from ...storage import club_ratings, clubs, evenings, invitations, members, seasons
from ...storage.links import LinkReplaced
from .. import public
from ..access import device_id, viewer_may_see
from ..responses import refusal
from ..security import limited
from .forms import ClubForm, LinkForm, MemberForm, MergeForm

bp = Blueprint("clubs", __name__, url_prefix="/clubs")


@bp.before_request
def open_request_club():
    """Open the club's link of the request and check its right."""
    token = (request.view_args or {}).get("club")
    if token is None:
        return None
    try:
        g.club = clubs.open_club_link(token)
    except clubs.ClubNotFound:
        abort(404)
    except LinkReplaced:
        return make_response(render_template("clubs/replaced.html"), 410)
    view = current_app.view_functions.get(request.endpoint)
    if g.club.role == clubs.MEMBER:
        if not members.claim(g.club, device_id()):
            return make_response(render_template("clubs/claimed.html"), 403)
        if getattr(view, "member_may_do", False):
            return None
    if not g.club.can_write and not (request.method in ("GET", "HEAD")
                                     and getattr(view, "viewer_may_see", False)):
        return make_response(render_template("clubs/read_only.html"), 403)
    return None


@bp.app_context_processor
def club_context():
    found = g.get("club")
    if found is None:
        return {}
    return {"club_token": found.token, "club_can_write": found.can_write,
            "club_member": found.member}


def club() -> clubs.Club:
    return g.club.club


def one_or_404(find, public_id: str):
    """The club's evening, season or invitation with this id: ``find(club, public_id)``.

    :raise 404: when the club has none such (another club's neither).
    """
    found = find(g.club.club, public_id)
    if found is None:
        abort(404)
    return found


def words(error: GameError) -> str:
    """A club's refusal in the page's language (lists of sizes or names as text)."""
    details = {key: ", ".join(map(str, value)) if isinstance(value, list) else value
               for key, value in error.details.items()}
    return refusal(GameError(error.kind, **details))


@bp.route("/new", methods=["GET", "POST"])
@limited("LIMIT_NEW_GAMES", methods=["POST"])
def new_club():
    """Start a club: its name; then its organiser page (whose address is the link)."""
    form = ClubForm()
    if form.validate_on_submit():
        made, organiser = clubs.create_club(form.name.data)
        return redirect(url_for("clubs.club_page", club=organiser.token))
    status = 422 if form.is_submitted() else 200
    return make_response(render_template("clubs/new.html", form=form), status)


@bp.get("/<club>/")
@viewer_may_see
def club_page(club: str, error: str | None = None, status: int = 200):
    """The club: its evenings, members and, for the organiser, its links."""
    found = g.club
    links = {}
    if found.can_write:
        for role in clubs.CLUB_ROLES:
            url = public.shared_url("clubs.club_page", club=clubs.club_link(found.club, role).token)
            links[role] = {"url": url, "qr": public.qr_svg(url)}
    html = render_template("clubs/club.html", club=found.club, links=links,
                           invitations=invitations.open_invitations(found.club),
                           seats=members.member_seats(found.club, found.member)
                           if found.member else [],
                           members=clubs.members(found.club),
                           offers=clubs.merge_offers(found.club) if found.can_write else {},
                           events=evenings.club_events(found.club), error=error,
                           seasons=seasons.club_seasons(found.club),
                           member_form=MemberForm(), merge_form=MergeForm())
    return make_response(html, status)


@bp.post("/<club>/members")
def add_member(club: str):
    form = MemberForm()
    if not form.validate():
        return club_page(club, error=next(iter(form.errors.values()))[0], status=422)
    clubs.add_member(g.club.club, form.name.data)
    return redirect(url_for("clubs.club_page", club=club) + "#members")


@bp.post("/<club>/members/merge")
def merge_members(club: str):
    form = MergeForm()
    if not form.validate():
        return club_page(club, error=next(iter(form.errors.values()))[0], status=422)
    try:
        clubs.merge_member(g.club.club, form.name.data, form.into.data)
    except GameError as refused:
        return club_page(club, error=words(refused), status=422)
    return redirect(url_for("clubs.club_page", club=club) + "#members")


@bp.post("/<club>/links/replace")
def replace_link(club: str):
    """Replace the organiser's or the viewer's link: the old one stops working."""
    form = LinkForm()
    if not form.validate():
        abort(400)
    new = clubs.replace_club_link(g.club, form.role.data)
    token = new.token if form.role.data == clubs.ORGANISER else club
    return redirect(url_for("clubs.club_page", club=token) + "#links")


CERTAINTY_WORDS = {
    "new": lambda figure: _("about %(figure)s, new: few games yet", figure=figure),
    "settling": lambda figure: _("about %(figure)s, still settling", figure=figure),
    "fair": lambda figure: _("about %(figure)s, fairly sure", figure=figure),
    "settled": lambda figure: _("about %(figure)s, settled", figure=figure),
}


def rating_words(rating) -> str:
    """A rating as the page says it: its conservative figure and how sure it is."""
    return CERTAINTY_WORDS[rating.certainty](round(rating.ordinal))


@bp.get("/<club>/ratings")
@viewer_may_see
def ratings(club: str):
    """Every member's rating, best first, with the uncertainty in words."""
    board = club_ratings.board(g.club.club)
    return render_template("clubs/ratings.html", club=g.club.club, lines=board.ranked(),
                           rating_words=rating_words)


def history_chart(points) -> dict:
    """The SVG polyline of a rating's history: its conservative figure before
    the first game (a new member's), then after each game."""
    start = model()
    values = [start.mu - 3 * start.sigma, *(point.ordinal for point in points)]
    low, high = min(values + [0.0]), max(values + [1.0])
    width, height = max(len(values) - 1, 1), high - low or 1.0
    coordinates = " ".join(f"{100 * i / width:.1f},{100 - 100 * (v - low) / height:.1f}"
                           for i, v in enumerate(values))
    return {"points": coordinates, "low": round(low), "high": round(high),
            "zero": f"{100 - 100 * (0 - low) / height:.1f}", "games": len(points)}


@bp.get("/<club>/members/<name>")
@viewer_may_see
def member(club: str, name: str):
    """A member's page: rating in words, its history as a chart, and their
    figures; through their own link, the games they played too (which the
    viewer link reads only as the evenings' tables and leaderboards)."""
    line = club_ratings.board(g.club.club).lines.get(name_key(name))
    if line is None and name_key(name) not in {
            name_key(person) for person in clubs.members(g.club.club)}:
        abort(404)
    return render_template("clubs/member.html", club=g.club.club, name=name, line=line,
                           own_link=own_link(name) if g.club.can_write else None,
                           games=members.member_games(g.club.club, name)
                           if is_own_page(name) else [],
                           seasons=seasons.member_seasons(g.club.club, name),
                           words=rating_words(line.rating) if line else None,
                           chart=history_chart(line.rating.history) if line else None)


def is_own_page(name: str) -> bool:
    """Whether the request comes through the own link of the member ``name``."""
    own = g.club.member
    resolve = clubs.club_aliases(g.club.club).resolve
    return own is not None and name_key(resolve(own)) == name_key(resolve(name))


def own_link(name: str) -> dict | None:
    """The member's own link in force, for the organiser: address, QR code, claimed."""
    link = members.member_link(g.club.club, name)
    if link is None:
        return None
    url = public.shared_url("clubs.club_page", club=link.token)
    return {"url": url, "qr": public.qr_svg(url), "claimed": link.claimed_at is not None}


@bp.get("/<club>/analytics")
@viewer_may_see
def analytics(club: str):
    """Hit rates by hand size and seat from the dealer, and the hook's refusals."""
    players, table = club_ratings.analytics(g.club.club)
    ordered = sorted(players.values(), key=lambda figures: name_key(figures.name))
    return render_template("clubs/analytics.html", club=g.club.club, players=ordered,
                           table=table)

