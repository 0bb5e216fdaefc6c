"""The storage layer: the models, the database, and the only code that reads
or writes them and opens transactions.

- :mod:`.database`: Flask-SQLAlchemy's ``db``, Flask-Migrate, SQLite's settings;
- :mod:`.models`: the stored facts (games, players, changes, hand events);
- :mod:`.unit`: the one write path, a unit of work over one or more games:
  it claims their versions, commits once, runs again after a lost race;
- :mod:`.games`: load a game and its sheet; check, append and commit its changes;
- :mod:`.hands`: load a round's recorded hand; append its events;
- :mod:`.kept`: each app's stores of what a process keeps between requests
  (:mod:`.folds`, the statistics' figures), checked on every use.
"""
