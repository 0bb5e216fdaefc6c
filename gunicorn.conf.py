"""gunicorn's settings for Scorekeeper: `make run`, the benchmarks and a host
start it with this file (``gunicorn --config gunicorn.conf.py``); the command
line gives the rest (address, workers, logs).

The worker: gevent's. Every open game screen keeps a stream of the game's
changes (scorekeeper/web/live.py), open as long as the screen is; a gevent
worker holds each one as a greenlet, so one worker holds a thousand phones
(``worker_connections``) where a sync worker would be taken by one. Requests
are short and the database is local (SQLite) or near (PostgreSQL, whose
driver psycopg waits cooperatively under gevent). A host needs as many open
files as connections: ``ulimit -n`` of at least workers × worker_connections.

A worker's garbage collector: once the app is loaded, everything it made
(the app, its routes, templates, catalogues, SQLAlchemy's mappers) is moved
out of the collector's sight with :func:`gc.freeze`. Those objects live as
long as the worker; without this, each full collection walks them all again
and stops the worker while it does (measured under ``bench/load.py``'s 500
tables: full collections of 0.09 s at worst, 0.36 s in all per worker,
against 0.05 s and 0.12 s frozen).
"""

import gc
import os
import shutil
import tempfile

worker_class = "gevent"
#: Open phones per worker (streams and requests together).
worker_connections = 2000
#: A stream never ends by itself: a worker that stops (a restart, a deploy)
#: gives the requests under way this long, then closes the streams, which the
#: phones open again a second later on a worker that runs.
graceful_timeout = 5


def post_worker_init(worker):
    gc.freeze()


# Metrics (scorekeeper/web/monitoring.py): with METRICS_TOKEN set, every worker
# counts in files of one folder and a scrape sums them. The folder is made
# fresh here, in the master, before any worker is forked (counts of an earlier
# run would be summed too); a host may name its own in PROMETHEUS_MULTIPROC_DIR.
METRICS_FOLDER_PREFIX = "scorekeeper-metrics-"
if os.environ.get("METRICS_TOKEN") and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix=METRICS_FOLDER_PREFIX)


def child_exit(server, worker):
    """A worker has ended: its gauge of open streams no longer counts."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


def on_exit(server):
    """The server stops: the metrics folder made above goes with it."""
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")
    if os.path.basename(folder).startswith(METRICS_FOLDER_PREFIX):
        shutil.rmtree(folder, ignore_errors=True)
