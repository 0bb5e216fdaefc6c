"""gunicorn's settings for Scorekeeper: `make run`, the benchmarks and a host
start it with this file (``gunicorn --config gunicorn.conf.py``); the command
line gives the rest (address, workers, logs).

A worker's garbage collector: once the app is loaded, everything it made
(the app, its routes, templates, catalogues, SQLAlchemy's mappers) is moved
out of the collector's sight with :func:`gc.freeze`. Those objects live as
long as the worker; without this, each full collection walks them all again
and stops the worker while it does (measured under ``bench/load.py``'s 500
tables: full collections of 0.09 s at worst, 0.36 s in all per worker,
against 0.05 s and 0.12 s frozen).
"""

import gc


def post_worker_init(worker):
    gc.freeze()
