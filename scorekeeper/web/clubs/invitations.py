"""Who is coming, and the members' own phones: an evening announced ahead,
its page (the answers, their count and the tables those coming make), a
member's answer from their own link, the organiser's hand-over of a
member's own link (a QR code), and a member's phone taking its seat at an
evening's table without a code. The views join the ``clubs`` blueprint
(:mod:`.routes`)."""

from __future__ import annotations

from datetime import datetime

from flask import abort, g, make_response, redirect, render_template, url_for

from ...game import GameError
from ...game.seating import SeatingError
from ...storage import invitations, members
from ...storage.club_models import ClubInvitation
from ..access import member_may_do, viewer_may_see
from .evenings import first_error
from .forms import AnswerForm, InvitationForm
from .routes import bp, one_or_404, words


def invitation_or_404(invitation: str) -> ClubInvitation:
    """The club's invitation with this id (:func:`.routes.one_or_404`)."""
    return one_or_404(invitations.find_invitation, invitation)


@bp.route("/<club>/invitations/new", methods=["GET", "POST"])
def new_invitation(club: str):
    """Announce an evening: its name, date and time, and the table sizes."""
    form = InvitationForm()
    error = None
    if not form.is_submitted():
        form.sizes.data = [4, 5]
    elif form.validate():
        try:
            made = invitations.announce(g.club.club, form.name.data,
                                        datetime.combine(form.day.data, form.time.data),
                                        form.sizes.data)
        except GameError as refused:
            error = words(refused)
        else:
            return redirect(url_for("clubs.invitation_page", club=club,
                                    invitation=made.public_id))
    else:
        error = first_error(form)
    return make_response(render_template("clubs/new_invitation.html", club=g.club.club,
                                         form=form, error=error), 422 if error else 200)


@bp.get("/<club>/invitations/<invitation>")
@viewer_may_see
def invitation_page(club: str, invitation: str, error: str | None = None, status: int = 200):
    """The evening announced: who is coming, maybe, not; the tables those
    coming make; a member's own answer; the organiser's way to seat them."""
    found = invitation_or_404(invitation)
    try:
        tables, unseatable = invitations.tables_of(found), None
    except SeatingError as refused:
        tables, unseatable = [], words(refused)
    mine = invitations.answer_of(found, g.club.member) if g.club.member else None
    return make_response(render_template(
        "clubs/invitation.html", club=g.club.club, invitation=found, error=error,
        answers=invitations.answers(found), tables=tables, unseatable=unseatable, mine=mine),
        status)


@bp.post("/<club>/invitations/<invitation>/answer")
@member_may_do
def answer(club: str, invitation: str):
    """A member's answer, from their own link (no other link may answer)."""
    found = invitation_or_404(invitation)
    if g.club.member is None:
        abort(403)
    form = AnswerForm()
    if not form.validate():
        abort(400)
    try:
        invitations.answer(found, g.club.member, form.answer.data)
    except GameError as refused:
        return invitation_page(club, invitation, error=words(refused), status=422)
    return redirect(url_for("clubs.invitation_page", club=club, invitation=invitation))


@bp.post("/<club>/members/<name>/link")
def hand_member_link(club: str, name: str):
    """Hand the member a new link of their own (the old one stops working)."""
    try:
        made = members.hand_member_link(g.club.club, name)
    except GameError:
        abort(404)
    return redirect(url_for("clubs.member", club=club, name=made.member) + "#own-link")


@bp.post("/<club>/seats/<game>")
@member_may_do
def take_seat(club: str, game: str):
    """A member's own phone takes its seat in a game of an evening being
    played: it goes to the member's seat link, no code asked."""
    if g.club.member is None:
        abort(403)
    try:
        link = members.seat_link(g.club.club, g.club.member, game)
    except LookupError:
        abort(404)
    return redirect(url_for("play.game_home", gid=link.token))
