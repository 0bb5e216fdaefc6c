"""The storage layer: the models, the database, and the only code that reads
or writes them and opens transactions. It never imports Flask: it takes its
settings when the app is made (:func:`.stores.open_stores`).

- :mod:`.database`: Flask-SQLAlchemy's ``db``, Flask-Migrate, SQLite's settings;
- :mod:`.models`: the stored facts (games, players, changes, hand events, links);
- :mod:`.unit`: the one write path, a unit of work over one or more games:
  it claims their versions, commits once, runs again after a lost race;
- :mod:`.games`: load a game and its sheet; check and append its changes;
  whether the database answers (the health check);
- :mod:`.hands`: load a round's recorded hand; append its events;
- :mod:`.links`: scorer and viewer links, join codes, a device's games;
- :mod:`.regulars`: a device's regulars, renames and merges across its games;
- :mod:`.series`: games played again in a row, and their standings;
- :mod:`.statistics`: the players' figures, from lines kept per game;
- :mod:`.club_models`, :mod:`.clubs`, :mod:`.evenings`, :mod:`.club_ratings`: a
  club's links and members, its evenings (seatings, one game per table, the
  leaderboard), its ratings and bidding figures;
- :mod:`.archive`, :mod:`.carry`, :mod:`.import_limits`: the operator's
  archive, a phone's export and import, and what one import may hold;
- :mod:`.retention`: which old games the operator prunes, deleted batch by batch;
- :mod:`.stores`, :mod:`.folds`: each app's stores of what a process keeps
  between requests (the games' folds, the statistics' figures), checked on
  every use;
- :mod:`.rate_counts`: the rate limits' counters in a SQLite file.
"""
