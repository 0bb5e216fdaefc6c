"""The device's games, the set-up screen, joining by code, sharing a game's
links, playing a finished game again, and deleting a game."""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request
from flask import url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import SelectChoice

from ...game import MAX_PLAYERS_TWO_DECKS, MIN_PLAYERS, GameError, settling
from ...game.series import rematch_seats
from ...rules import PRESETS, RulesError, UnknownPreset, plan_game
from ...storage import games as store
from ...storage import links, series
from .. import access
from .. import public
from ..responses import refusal, vary
from ..security import limited
from ..urls import LARGEST_STORED_INTEGER
from ..wording.presets import rules_summary
from ..wording.rules import rules_message
from .again import prefill
from .faults import ABOUT, ADJUST, blame, faults, rules_field
from .forms import JoinForm, SetupForm
from .regulars import as_regulars, offered_regulars, seat_regular, twice_named
from .seats import free_seats, qr_svg, seat_cards

bp = Blueprint("games", __name__)


#: How many games the front page shows at once.
GAMES_PER_PAGE = 20


@bp.get("/")
def index():
    """This device's games (created, opened or joined), unfinished first, newest first."""
    page = max(request.args.get("page", 1, type=int), 1)
    if page > LARGEST_STORED_INTEGER // GAMES_PER_PAGE:
        abort(404)  # a page no device's list can reach
    return games_page(JoinForm(formdata=None), page)


def games_page(join_form: JoinForm, page: int = 1, status: int = 200):
    rows, total = links.device_games(access.device_id(), page, GAMES_PER_PAGE)
    games = [(game, link, store.summary_of(game)) for game, link in rows]
    html = render_template("games/index.html", games=games, page=page, join=join_form,
                           pages=max(1, -(-total // GAMES_PER_PAGE)))
    return make_response(html, status)


@bp.post("/join")
@limited("LIMIT_JOIN_TRIES")
def join():
    """Join a game with the short code another phone shows on its Share screen."""
    form = JoinForm()
    if form.validate():
        try:
            link = links.redeem(form.code.data, access.device_id())
        except links.JoinRefused:
            form.code.errors.append(_(
                "No game has this code now. Check it on the phone that shows it: a code lasts "
                "%(minutes)s minutes from when Share was last opened there.",
                minutes=links.JOIN_CODE_MINUTES))
        else:
            if link.role == links.VIEWER:  # the players' code: which of them is this phone?
                access.may_choose_seat(link.token)
                return redirect(url_for("games.pick_seat", gid=link.token))
            return redirect(url_for("play.game_home", gid=link.token))
    return games_page(form, status=422)


def player_count(form: SetupForm) -> int:
    """What the preview plans for: the players entered so far, or while fewer
    than two are typed the fewest the chosen preset is meant for."""
    entered = len(form.names())
    if entered >= MIN_PLAYERS:
        return entered
    try:
        return max(MIN_PLAYERS, form.chosen_preset().min_players)
    except UnknownPreset:
        return MIN_PLAYERS


def preview(form: SetupForm) -> tuple[list | None, str | None, str | None]:
    """The rounds the adjusted rules give for the entered players and the rules
    summed up ("Planowanie, adjusted: …"), or why no game can be planned."""
    try:
        ruleset = form.ruleset()
        rounds = plan_game(form.chosen_preset(), ruleset, player_count(form),
                           form.variant.data or None)
        return rounds, rules_summary(form.preset.data, ruleset), None
    except RulesError as error:
        return None, None, rules_message(error)


def forget_stale_variant(form: SetupForm) -> None:
    """After the preset changed, a variant of the old one no longer applies:
    the variants shown are the new preset's, none chosen."""
    try:
        names = [v.name for v in form.chosen_preset().variants]
    except UnknownPreset:
        names = []
    if form.variant.data not in names:
        form.variant.data = ""


def page_parts(form: SetupForm) -> dict:
    """What the set-up page and its htmx parts show besides the form."""
    rounds, summary, schedule_error = preview(form)
    players = player_count(form)
    try:
        preset = form.chosen_preset()
    except UnknownPreset:
        preset, variants = None, []
    else:
        # The variants for this many players, and the one chosen even when it is not.
        variants = [v for v in preset.variants
                    if preset.offers(v, players) or v.name == form.variant.data]
    return {"form": form, "presets": PRESETS, "rounds": rounds, "summary": summary,
            "schedule_error": schedule_error, "chosen": preset, "variants": variants,
            "players": players}


def rearrange(form: SetupForm, action: str) -> bool:
    """Apply an "add", "remove-i", "up-i" or "down-i" button; True if it was one."""
    names = [f.data or "" for f in form.players]
    if action == "add":
        if len(names) < MAX_PLAYERS_TWO_DECKS:
            names.append("")
    elif "-" in action:
        verb, _sep, index = action.partition("-")
        if index not in [str(i) for i in range(len(names))]:
            return False
        i = int(index)
        if verb == "remove" and len(names) > 2:
            names.pop(i)
        elif verb == "up" and i > 0:
            names[i - 1], names[i] = names[i], names[i - 1]
        elif verb == "down" and i < len(names) - 1:
            names[i + 1], names[i] = names[i], names[i + 1]
        elif verb not in ("remove", "up", "down"):
            return False
    else:
        return False
    while form.players.entries:
        form.players.pop_entry()
    for name in names:
        form.players.append_entry(name)
    return True


def render_setup(form: SetupForm, status: int = 200, focus: str | None = None):
    """The set-up page. A refused form (422) says so at the top, opens only the
    folds with a field to fix and focuses the first of them; otherwise
    ``focus`` names the field to focus (the seat just added)."""
    offer_dealers(form)
    parts = page_parts(form)
    parts["regulars"] = offered_regulars(form)
    to_fix = faults(form) if status == 422 else []
    shown = {str(e) for errors in form.errors.values() for e in errors if not isinstance(e, list)}
    if parts["schedule_error"] in shown:
        parts["schedule_error"] = None  # said once, where it was said first
    html = render_template(
        "games/new.html", to_fix=to_fix, focus=to_fix[0].target if to_fix else focus,
        open_folds={fault.fold for fault in to_fix} | ({ABOUT} if form.variant.data else set())
        | ({ADJUST} if form.stake.data else set()),
        **parts)
    return make_response(html, status)


def refuse(form: SetupForm, name: str, message: str):
    """The set-up page again, ``message`` beside the field ``name``."""
    blame(form, name, message)
    return render_setup(form, 422)


@bp.route("/new", methods=["GET", "POST"])
@limited("LIMIT_NEW_GAMES", methods=["POST"])
def new_game():
    """Set up a game: players in seat order, rules, first dealer."""
    form = SetupForm()
    if request.method != "POST":  # GET, and HEAD as GET
        if request.args.get("again"):
            prefill(form, request.args["again"])
        return render_setup(form)
    action = request.form.get("action", "start")
    if action == "preview":
        forget_stale_variant(form)
        return render_setup(form)
    if action.startswith("pick:"):
        seat_regular(form, action.removeprefix("pick:"))
        return render_setup(form)
    if action != "start":
        if not rearrange(form, action):
            abort(400)
        # The seat just added takes the keyboard, with and without a script.
        return render_setup(form, focus=form.players[-1].id if action == "add" else None)
    if not form.validate():
        return render_setup(form, 422)
    names = as_regulars(form.names())
    twice = twice_named(names)
    if twice is not None:
        form.faulty_seat = form.filled_seats()[twice]
        return refuse(form, "players", _("Two players are called %(name)s; tell them apart.",
                                          name=names[twice]))
    try:
        ruleset = form.ruleset()
        plan_game(form.chosen_preset(), ruleset, len(names), form.variant.data or None)
    except RulesError as error:
        return refuse(form, rules_field(form, error), rules_message(error))
    try:
        per_point = settling.minor_units(form.stake.data or "")
    except GameError as error:
        return refuse(form, "stake", refusal(error))
    try:
        symbol = settling.clean_symbol(form.stake_symbol.data or "")
    except GameError as error:
        return refuse(form, "stake_symbol", refusal(error))
    if form.first_dealer.data == "random":
        first_dealer = secrets.randbelow(len(names))
    elif form.first_dealer.data in [str(i) for i in range(len(names))]:
        first_dealer = int(form.first_dealer.data)
    else:
        return refuse(form, "first_dealer", _("Choose the first dealer among the players."))
    try:
        _game, scorer = store.create_game(
            names, form.preset.data, ruleset, first_dealer, access.device_id(),
            series=series.series_after(form.again.data) if form.again.data else None,
            stake=settling.Stake(per_point, symbol) if per_point else None)
    except RulesError as error:
        return refuse(form, rules_field(form, error), rules_message(error))
    return redirect(url_for("play.game_home", gid=scorer.token))


def offer_dealers(form: SetupForm) -> None:
    """The first-dealer choices: drawn at random, or any player entered so far."""
    form.first_dealer.choices = [SelectChoice("random", _("Draw at random"))] + [
        SelectChoice(str(i), name) for i, name in enumerate(form.names())
    ]


@bp.post("/new/preview")
def preview_rounds():
    """The staircase of the rules as adjusted so far, and the first-dealer
    choices for the names typed so far (htmx, on every change)."""
    form = SetupForm()
    offer_dealers(form)
    forget_stale_variant(form)
    html = render_template("games/_preview.html", with_dealers=True, **page_parts(form))
    return vary(make_response(html))


@bp.get("/g/<gid>/share")
@access.viewer_may_see
def share(gid: str):
    """The game's links as QR codes, with copy and share buttons, and the join
    code. A viewer sees only the viewer link. The links are ones other phones
    can open (:mod:`scorekeeper.web.public`)."""
    current = access.access()
    shown = [links.VIEWER] if not current.can_write else [links.SCORER, links.VIEWER]
    cards = []
    for role in shown:
        link = current.link if role == current.role else links.link_of(current.game, role)
        url = public.shared_url("play.game_home", gid=link.token)
        cards.append({"role": role, "url": url, "qr": qr_svg(url),
                      "table": public.shared_url("play.table_view", gid=link.token)})
    code = links.join_code(current.link) if current.can_write else None
    sheet = access.sheet()
    seats = (seat_cards(current.game, sheet, links.own_seat(access.device_id(), current))
             if current.can_write else [])
    players_code = (links.join_code(links.link_of(current.game, links.VIEWER))
                    if current.can_write else None)
    loopback = public.is_opened_on_loopback() and not current_app.config["PUBLIC_URL"]
    return render_template("games/share.html", game=current.game, cards=cards, code=code,
                           code_minutes=links.JOIN_CODE_MINUTES, seats=seats,
                           players_code=players_code,
                           loopback=loopback, lan=public.lan_address() if loopback else None,
                           sheet=sheet)


@bp.route("/g/<gid>/seat", methods=["GET", "POST"])
@access.seat_may_take
def pick_seat(gid: str):
    """Who are you? A phone that joined with the players' code says which
    player it is, among the seats no phone has taken yet, and keeps the game
    through that player's own link. A scorer's phone says it too, and keeps
    the scorer link: its seat is then offered to no other phone."""
    current = access.access()
    sheet = access.sheet()
    device = access.device_id()
    free = free_seats(current.game, sheet, links.own_seat(device, current))
    if request.method == "POST":
        if not FlaskForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
            abort(400)
        player = request.form.get("player", type=int)
        if player in free and current.can_write:
            links.say_seat(device, current, player)
            return redirect(url_for("games.share", gid=gid))
        if player in free:
            link = links.seat_links(current.game, [player])[player]
            links.remember(device, link, chosen=True)
            access.seat_chosen(current.token)
            return redirect(url_for("play.game_home", gid=link.token))
    status = 422 if request.method == "POST" else 200
    html = render_template("games/seat.html", game=current.game, sheet=sheet, free=free,
                           refused=status == 422)
    return make_response(html, status)


@bp.route("/g/<gid>/share/rotate", methods=["GET", "POST"])
def rotate(gid: str):
    """Ask, then replace the scorer or the viewer link, or a player's own
    link: the old one stops working, and the phones that reached the game
    through it lose it."""
    role = request.values.get("role")
    player = request.values.get("player", type=int) if role == links.SEAT else None
    current = access.access()
    sheet = access.sheet()
    if player is not None and player not in sheet.members:  # no seat of this game's
        abort(400)
    old = (current.link if role == current.role else links.link_of(current.game, role, player)
           if role in links.ROLES or player is not None else None)
    if old is None:
        abort(400)
    if request.method != "POST":  # GET and HEAD only ask
        return render_template("games/rotate.html", game=current.game, role=role,
                               phones=links.phones_through(old, access.device_id()),
                               name=sheet.name(player) if player is not None else None,
                               player=player, sheet=sheet)
    if not FlaskForm().validate():
        abort(400)
    new = links.rotate(current, role, access.device_id(), player)
    token = new.token if role == current.role else gid
    return redirect(url_for("games.share", gid=token))


@bp.route("/g/<gid>/again", methods=["GET", "POST"])
def play_again(gid: str):
    """Show the next game (the players in their seats, the first dealer, the
    rules), then start it: same players and seats, same rules, the next first
    dealer. Rules that cannot deal to the table now open the set-up instead,
    filled in. A new game is nothing Undo takes back, so it is asked first."""
    game = access.game()
    sheet = access.sheet()
    if not sheet.is_finished:
        abort(409)
    if request.method != "POST":  # GET and HEAD only ask
        names, first_dealer = rematch_seats(sheet, game.first_dealer)
        return render_template("games/again.html", game=game, sheet=sheet, names=names,
                               first_dealer=names[first_dealer],
                               rules=rules_summary(game.preset, sheet.ruleset))
    if not FlaskForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    try:
        _game, scorer = series.rematch(game, access.device_id())
    except RulesError:
        return redirect(url_for("games.new_game", again=gid))
    return redirect(url_for("play.game_home", gid=scorer.token))


@bp.route("/g/<gid>/delete", methods=["GET", "POST"])
def delete_game(gid: str):
    """Ask, then delete a game for good."""
    game = access.game()
    if request.method == "POST":
        if not FlaskForm().validate():  # pragma: no cover - CSRF errors handled app-wide
            abort(400)
        store.delete_game(game)
        return redirect(url_for("games.index"))
    return render_template("games/delete.html", game=game, sheet=access.sheet())


@bp.get("/favicon.ico")
def favicon():
    return redirect(url_for("static", filename="favicon.svg"), code=301)
