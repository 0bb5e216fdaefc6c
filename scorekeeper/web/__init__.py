"""The web edge: blueprints with their forms, the wording of every error and
fact in the reader's language, and the template helpers.

- :mod:`.games` (list, set-up, share, play again, delete), :mod:`.play`
  (round screen, corrections, standings, export), :mod:`.manage` (players,
  schedule, adjustments, scoring, history), :mod:`.disputes` (hand recorder
  and verdict), :mod:`.regulars` (the ``players`` blueprint: Players page
  and statistics; ``carry``), :mod:`.clubs` (a club's pages and its evenings,
  reached through the club's links), :mod:`.language` (the language of the page):
  one package or module per blueprint, each with its ``routes`` and
  ``forms``;
- one blueprint per first segment of the path, but for ``/g/<gid>``: one
  game's address, shared by ``games`` (share, play again, delete), ``play``,
  ``manage`` and ``disputes`` (``/g/<gid>/round/<n>/hand``). Merged, they
  would be one blueprint of some sixty routes and five forms modules; split
  by what a screen does, each stays one page of code and its templates one
  folder (``tests/web/test_blueprint_borders.py`` holds the list);
- blueprints share only through the common modules here, never through
  each other's insides (``tests/web/test_blueprint_borders.py``):
  :mod:`.responses` (what every view answers with: htmx or plain, the
  device's author name, a refused entry in words), :mod:`.round_screen`
  (the round screen as a response), :mod:`.rendered` (drawings kept per
  version of a game), :mod:`.series_standings`, :mod:`.spreadsheets`,
  :mod:`.undo`, :mod:`.access`;
- :mod:`.wording`: the game's and the engine's errors, the history, the
  verdict, cards and rulesets, in the page's language;
- :mod:`.errors`, :mod:`.extensions`, :mod:`.fields`, :mod:`.templating`;
  :mod:`.monitoring`: the operator's view (a log line per request, metrics).
"""
