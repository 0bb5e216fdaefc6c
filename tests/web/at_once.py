"""Phones tapping at the same instant: calls run in threads released together."""

from __future__ import annotations

import threading


def at_once(*calls):
    """Run the calls in threads released together; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers = [None] * len(calls)

    def run(index, call):
        barrier.wait()
        answers[index] = call()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
