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

from ...game import GameError
from ...rules import RulesError, find_preset
from ...storage import evenings
from .. import live, public
from ..access import device_id, viewer_may_see
from ..responses import download, is_htmx, refusal, vary
from ..security import limited
from ..spreadsheets import SheetWriter
from ..wording.presets import default_preset, preset_title
from .forms import (METHOD_NAMES, RULE_NAMES, EventForm, FixForm, MethodForm, MoveForm,
                    SwapForm)
from .routes import bp, words


def event_or_404(event: str):
    """The club's evening with this id.

    :raise 404: when the club has no such evening (another club's neither).
    """
    found = evenings.find_event(g.club.club, event)
    if found is None:
        abort(404)
    return found


@bp.route("/<club>/evenings/new", methods=["GET", "POST"])
def new_event(club: str):
    """A new evening: who is here, the rules, the table sizes, the leaderboard."""
    form = EventForm()
    if request.method == "GET":
        form.preset.data = default_preset()
        form.sizes.data = [4, 5]
    error = None
    if form.validate_on_submit():
        try:
            event = evenings.create_event(g.club.club, form.name.data, form.names(),
                                          form.preset.data, find_preset(form.preset.data).ruleset,
                                          form.sizes.data, form.rule.data)
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
    if part.started_at is not None and g.club.can_write:
        for table, game, link in evenings.part_games(part):
            url = public.shared_url("play.game_home", gid=link.token)
            tables.append({"number": table, "names": [p.name for p in game.players],
                           "url": url, "qr": public.qr_svg(url), "finished": game.finished})
    html = render_template(
        "clubs/evening.html", club=g.club.club, event=found, part=part, tables=tables,
        rows=evenings.leaderboard_of(found), error=error, method_form=MethodForm(),
        move_form=MoveForm(), fix_form=FixForm(), method_names=METHOD_NAMES, swap_name=swap_name,
        rule_name=RULE_NAMES[found.rule], preset=preset_title(found.preset))
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
                           version=version)
    return vary(make_response(html))


def joined_version(versions) -> int:
    """The evening's games' versions as one number, as their stream counts them
    (:class:`scorekeeper.web.live.JoinedGames`)."""
    return sum(version + 1 for version in versions)


@bp.get("/<club>/evenings/<event>/events")
@viewer_may_see
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
    rows = evenings.leaderboard_of(found)
    parts = [part.number for part in found.parts]
    out = io.StringIO()
    writer = SheetWriter(out)
    writer.writerow(["rank", "name", "points", "games", *[f"part {n}" for n in parts]])
    for row in rows:
        writer.writerow([row.rank, row.name, points_text(row.points), row.games,
                         *[points_text(row.parts.get(n, 0)) for n in parts]])
    return download(out.getvalue(), "text/csv", f"{found.name} leaderboard.csv")


def points_text(points) -> str:
    """Points as a spreadsheet reads them: a half as .5."""
    return str(int(points)) if points == int(points) else f"{float(points):.1f}"


@bp.app_template_filter("points")
def points_shown(points) -> str:
    """Points as the leaderboard shows them: a half as ½ (2½)."""
    whole = int(points)
    if points == whole:
        return str(whole)
    return f"{whole if whole else ''}½" if points > 0 else f"−{abs(whole) or ''}½"
