"""A club's evenings: a new evening (who is here, the rules, the table
sizes, the leaderboard's rule), its proposed seating with the organiser's
changes, the start of one game per table (each with its scorer link and QR
code to hand to that table), the next part, and the leaderboard: as a page,
as the TV's view through the viewer link, following the tables' games live
(their streams, :mod:`scorekeeper.web.live`, through their viewer links), and
as a CSV. The views join the ``clubs`` blueprint (:mod:`.routes`)."""

from __future__ import annotations

import io

from flask import abort, g, make_response, redirect, render_template, request, url_for
from flask_babel import format_decimal

from ...game import GameError
from ...rules import RulesError, find_preset
from ...storage import evenings, invitations
from .. import live, public
from ..access import device_id, viewer_may_see
from ..responses import download, is_htmx, refusal, vary
from ..security import limited
from ..spreadsheets import SheetWriter
from ..wording.presets import default_preset, preset_title
from .forms import (FRIENDLY, METHOD_NAMES, RULE_NAMES, EventForm, FixForm, FriendlyForm,
                    MethodForm, MoveForm, SwapForm)
from .routes import bp, one_or_404, words


def event_or_404(event: str):
    """The club's evening with this id (:func:`.routes.one_or_404`)."""
    return one_or_404(evenings.find_event, event)


def invitation_of(public_id: str | None):
    """The club's invitation not yet seated with this id, if any."""
    found = invitations.find_invitation(g.club.club, public_id) if public_id else None
    return found if found is not None and found.event_id is None else None


@bp.route("/<club>/evenings/new", methods=["GET", "POST"])
def new_event(club: str):
    """A new evening: who is here, the rules, the table sizes, the leaderboard."""
    form = EventForm()
    if request.method == "GET":
        form.preset.data = default_preset()
        form.sizes.data = [4, 5]
        announced = invitation_of(request.args.get("invitation"))
        if announced is not None:  # seat those who said yes (walk-ins may be added)
            form.invitation.data, form.name.data = announced.public_id, announced.name
            form.sizes.data = announced.sizes
            form.players.data = "\n".join(invitations.answers(announced)["yes"])
    error = None
    if form.validate_on_submit():
        try:
            event = evenings.create_event(g.club.club, form.name.data, form.names(),
                                          form.preset.data, find_preset(form.preset.data).ruleset,
                                          form.sizes.data, form.rule.data,
                                          friendly=form.friendly.data,
                                          invitation=invitation_of(form.invitation.data))
        except GameError as refused:
            error = words(refused)
        else:
            return redirect(url_for("clubs.evening", club=club, event=event.public_id))
    elif form.is_submitted():
        error = first_error(form)
    status = 422 if error else 200
    return make_response(render_template("clubs/new_event.html", club=g.club.club, form=form,
                                         error=error), status)


@bp.get("/<club>/evenings/<event>")
@viewer_may_see
def evening(club: str, event: str, error: str | None = None, status: int = 200,
            swap_name: str | None = None):
    """The evening: the part being seated or played, its tables (for the
    organiser, each game's scorer link and QR code), and the leaderboard.
    ``swap_name``: a player whose move was refused, to offer swapping them
    with another instead (at full tables no one can move alone)."""
    found = event_or_404(event)
    part = evenings.current_part(found)
    tables = []
    friendly = evenings.friendly_games(found)
    if part.started_at is not None:
        for table, game, link in evenings.part_games(part):
            url = public.shared_url("play.game_home", gid=link.token) if g.club.can_write else None
            tables.append({"number": table, "names": [p.name for p in game.players],
                           "url": url, "qr": url and public.qr_svg(url),
                           "finished": game.finished, "game": game.public_id,
                           "friendly": game.id in friendly})
    html = render_template(
        "clubs/evening.html", club=g.club.club, event=found, part=part, tables=tables,
        rows=evenings.leaderboard_of(found), error=error, method_form=MethodForm(),
        move_form=MoveForm(), fix_form=FixForm(), method_names=METHOD_NAMES, swap_name=swap_name,
        rule_name=RULE_NAMES[found.rule], preset=preset_title(found.preset),
        friendly_note=FRIENDLY)
    return make_response(html, status)


@bp.get("/<club>/evenings/<event>/print")
@viewer_may_see
def printed(club: str, event: str):
    """The seating plan of the part being seated or played and one card per
    table, to print (through the organiser's or the viewer's link)."""
    found = event_or_404(event)
    html = render_template("clubs/print.html", club=g.club.club, event=found,
                           part=evenings.current_part(found),
                           preset=preset_title(found.preset), prints=True)
    return make_response(html)


def changed(club: str, event: str, form, change, **refused_with) -> object:
    """Check ``form`` (None: nothing to check) and make the organiser's change
    ``change(evening, form)``; the evening's page again, or the refusal on it
    with status 422 (nothing stored; ``refused_with``: what else the page
    then shows, by :func:`evening`'s arguments)."""
    found = event_or_404(event)
    if form is not None and not form.validate():
        return evening(club, event, error=first_error(form), status=422)
    try:
        change(found, form)
    except (GameError, RulesError) as refused:
        message = words(refused) if isinstance(refused, GameError) else refusal(refused)
        return evening(club, event, error=message, status=422, **refused_with)
    return redirect(url_for("clubs.evening", club=club, event=event))


@bp.post("/<club>/evenings/<event>/reseat")
def reseat(club: str, event: str):
    """Seat the part not yet started again, the way chosen."""
    return changed(club, event, MethodForm(),
                   lambda found, form: evenings.reseat(found, form.method.data))


@bp.post("/<club>/evenings/<event>/move")
def move(club: str, event: str):
    """Move a player to another table before the part starts (refused, the
    page offers to swap them with another instead)."""
    form = MoveForm()
    return changed(club, event, form, lambda found, form: evenings.move(
        found, form.name.data, form.table.data), swap_name=form.name.data)


@bp.post("/<club>/evenings/<event>/swap")
def swap(club: str, event: str):
    """Swap two players between their tables before the part starts."""
    return changed(club, event, SwapForm(), lambda found, form: evenings.swap(
        found, form.name.data, form.other.data))


@bp.post("/<club>/evenings/<event>/fix")
def fix(club: str, event: str):
    """Set a table by hand; the others are seated around it."""
    return changed(club, event, FixForm(), lambda found, form: evenings.fix_table(
        found, form.table.data, form.players()))


@bp.post("/<club>/evenings/<event>/start")
@limited("LIMIT_NEW_GAMES")
def start(club: str, event: str):
    """Start one game per table; each table's phone then opens its scorer link."""
    return changed(club, event, None,
                   lambda found, _form: evenings.start_part(found, device_id()))


@bp.post("/<club>/evenings/<event>/friendly")
def friendly(club: str, event: str):
    """Mark the evening, or one of its games, friendly (counting in no rating
    and no league table), or counting again."""
    def mark(found, form) -> None:
        try:
            evenings.mark_friendly(found, form.friendly.data, form.game.data or None)
        except LookupError:
            abort(404)

    return changed(club, event, FriendlyForm(), mark)


@bp.post("/<club>/evenings/<event>/next")
def next_part(club: str, event: str):
    """Seat the next part, the way chosen, from the parts before."""
    return changed(club, event, MethodForm(),
                   lambda found, form: evenings.next_part(found, form.method.data))


def first_error(form) -> str:
    return next(iter(form.errors.values()))[0]


@bp.get("/<club>/evenings/<event>/leaderboard")
@viewer_may_see
def leaderboard(club: str, event: str):
    """The leaderboard for a TV: read only, large type. It follows the
    evening's games through one stream (:func:`events`) and asks for its
    panel again whenever one of them changes or a part starts (htmx: the
    panel alone)."""
    found = event_or_404(event)
    template = "clubs/_leaderboard.html" if is_htmx() else "clubs/leaderboard.html"
    # The version is read before the games: a tap stored between the two
    # reads is then drawn and told again, never claimed by an older drawing
    # (the TV would not ask for it again).
    version = joined_version(evenings.event_versions(found))
    html = render_template(template, club=g.club.club, event=found,
                           rows=evenings.leaderboard_of(found), rule_name=RULE_NAMES[found.rule],
                           version=version, friendly_note=FRIENDLY, friendly=found.friendly,
                           title=found.name,
                           live_url=url_for("clubs.leaderboard", club=club, event=event),
                           stream_url=url_for("clubs.events", club=club, event=event,
                                              since=version))
    return vary(make_response(html))


def joined_version(versions) -> int:
    """The evening's games' versions as one number, as their stream counts them
    (:class:`scorekeeper.web.live.JoinedGames`)."""
    return sum(version + 1 for version in versions)


@bp.get("/<club>/evenings/<event>/events")
@viewer_may_see
@live.streams
def events(club: str, event: str):
    """The live stream of the TV's leaderboard: an event whenever a game of
    the evening changes, or a part starts (:func:`scorekeeper.web.live.stream_games`)."""
    event_id = event_or_404(event).id
    return live.stream_games(lambda: evenings.event_game_ids(event_id),
                             request.args.get("since", type=int))


@bp.get("/<club>/evenings/<event>/leaderboard.csv")
@viewer_may_see
def leaderboard_csv(club: str, event: str):
    """The leaderboard as a CSV: rank, name, points, games, and each part's points."""
    found = event_or_404(event)
    parts = [part.number for part in found.parts]
    return table_csv(["rank", "name", "points", "games", *[f"part {n}" for n in parts]],
                     ([row.rank, row.name, points_text(row.points), row.games,
                       *[points_text(row.parts.get(n, 0)) for n in parts]]
                      for row in evenings.leaderboard_of(found)),
                     f"{found.name} leaderboard.csv")


def table_csv(header: list[str], lines, filename: str):
    """A leaderboard or a league table as a CSV download: its header, then its lines."""
    out = io.StringIO()
    writer = SheetWriter(out)
    writer.writerow(header)
    for line in lines:
        writer.writerow(line)
    return download(out.getvalue(), "text/csv", filename)


def points_text(points) -> str:
    """Points as a spreadsheet reads them: a half as .5."""
    return str(int(points)) if points == int(points) else f"{float(points):.1f}"


@bp.app_template_filter("points")
def points_shown(points) -> str:
    """Points as the leaderboard shows them: a half as ½ (2½), an average to
    a tenth (15.7)."""
    whole = int(points)
    if points == whole:
        return str(whole)
    if points.denominator != 2:  # an average: to a tenth, as the page's language writes it
        return format_decimal(round(float(points), 1))
    return f"{whole if whole else ''}½" if points > 0 else f"−{abs(whole) or ''}½"
