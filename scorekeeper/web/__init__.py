"""The web edge: blueprints with their forms, the wording of every error and
fact in the reader's language, and the template helpers.

- :mod:`.games` (list, set-up, delete), :mod:`.play` (round screen,
  corrections, standings, export), :mod:`.manage` (players, schedule,
  adjustments, scoring, history), :mod:`.disputes` (hand recorder and
  verdict), :mod:`.regulars` (Players page and statistics, play again,
  carry), :mod:`.language` (the language of the page): one package or
  module per blueprint, each with its ``routes`` and ``forms``;
- blueprints share only through the common modules here, never through
  each other's insides (``tests/web/test_blueprint_borders.py``):
  :mod:`.responses` (what every view answers with: htmx or plain, the
  device's author name, a refused entry in words), :mod:`.round_screen`
  (the round screen as a response), :mod:`.rendered` (drawings kept per
  version of a game), :mod:`.series_standings`, :mod:`.spreadsheets`,
  :mod:`.undo`, :mod:`.access`;
- :mod:`.wording`: the game's and the engine's errors, the history, the
  verdict, cards and rulesets, in the page's language;
- :mod:`.errors`, :mod:`.extensions`, :mod:`.fields`, :mod:`.templating`.
"""
