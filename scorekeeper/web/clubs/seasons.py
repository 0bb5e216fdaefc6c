"""A club's seasons: a new season (its dates and its league table's rule,
set once), its page with the evenings it spans and the league table, the
table for a TV following the season's games live (one stream,
:func:`scorekeeper.web.live.stream_games`), and as a CSV. The views join
the ``clubs`` blueprint (:mod:`.routes`)."""

from __future__ import annotations

from flask import g, make_response, redirect, render_template, request, url_for

from ...game import GameError
from ...storage import seasons
from ...storage.club_models import ClubSeason
from .. import live
from ..access import viewer_may_see
from ..responses import is_htmx, vary
from .evenings import first_error, joined_version, points_text, table_csv
from .forms import SeasonForm, season_rule_name
from .routes import bp, one_or_404, words


def season_or_404(season: str) -> ClubSeason:
    """The club's season with this id (:func:`.routes.one_or_404`)."""
    return one_or_404(seasons.find_season, season)


@bp.route("/<club>/seasons/new", methods=["GET", "POST"])
def new_season(club: str):
    """A new season: its name, first and last day, and its league table's rule."""
    form = SeasonForm()
    error = None
    if form.validate_on_submit():
        try:
            made = seasons.create_season(g.club.club, form.name.data, form.starts.data,
                                         form.ends.data, form.rule.data, form.evenings.data)
        except GameError as refused:
            error = words(refused)
        else:
            return redirect(url_for("clubs.season", club=club, season=made.public_id))
    elif form.is_submitted():
        error = first_error(form)
    return make_response(render_template("clubs/new_season.html", club=g.club.club, form=form,
                                         error=error), 422 if error else 200)


def table_context(club: str, found: ClubSeason) -> dict:
    """What the league table's templates are given (its evenings listed once)."""
    events = seasons.season_events(found)
    return {"club": g.club.club, "season": found, "events": events,
            "rows": seasons.league_table(found, events), "rule_name": season_rule_name(found.rule, found.evenings),
            "evenings": found.evenings}


@bp.get("/<club>/seasons/<season>")
@viewer_may_see
def season(club: str, season: str):
    """The season: its dates, its evenings and its league table."""
    return render_template("clubs/season.html", **table_context(club, season_or_404(season)))


@bp.get("/<club>/seasons/<season>/table")
@viewer_may_see
def league(club: str, season: str):
    """The league table for a TV, live as an evening's leaderboard is (htmx: the panel alone)."""
    found = season_or_404(season)
    template = "clubs/_leaderboard.html" if is_htmx() else "clubs/leaderboard.html"
    version = joined_version(seasons.season_versions(found))  # read before the games
    html = render_template(
        template, **table_context(club, found), version=version, title=found.name,
        live_url=url_for("clubs.league", club=club, season=season),
        stream_url=url_for("clubs.season_events", club=club, season=season, since=version))
    return vary(make_response(html))


@bp.get("/<club>/seasons/<season>/events")
@viewer_may_see
@live.streams
def season_events(club: str, season: str):
    """The live stream of the season's TV: an event whenever one of its games changes."""
    season_id = season_or_404(season).id
    return live.stream_games(lambda: seasons.season_game_ids(season_id),
                             request.args.get("since", type=int))


@bp.get("/<club>/seasons/<season>/table.csv")
@viewer_may_see
def league_csv(club: str, season: str):
    """The league table as a CSV: rank (empty while unranked), name, points,
    evenings, and the points of each evening by its name."""
    found = season_or_404(season)
    events = seasons.season_events(found)
    return table_csv(["rank", "name", "points", "evenings", *[event.name for event in events]],
                     ([row.rank or "", row.name, points_text(row.points), row.games,
                       *[points_text(row.parts[n]) if n in row.parts else ""
                         for n in range(1, len(events) + 1)]]
                      for row in seasons.league_table(found, events)),
                     f"{found.name} league table.csv")
