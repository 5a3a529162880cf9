"""Bench client (bench/exec.ts): at its first decision, times `n` forward-model requests of one
kind from Python and writes the rate and this process's CPU time for them to the file named by
option `out` (JSON), then plays the first action.

Options: `kind` — `step` (one action from the root), `script12` (one action then 12 steps of the
ruleset's script: the flat Monte Carlo example's request), `random12` (the same with random steps),
`keep` (keep a state and release it: two requests); `n` (default 2000). 200 requests of the kind
are made first as a warm-up, untimed.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients", "python"))

from skirmish_client import Agent, run  # noqa: E402


class Bench(Agent):
    observation = False
    words = False

    def decide(self, d):
        n = self.game.option("n", 2000, int)
        kind = self.game.option("kind", "step")
        k = len(d.legal)
        if kind == "step":
            f = lambda i: d.simulate([i % k], seed=i)  # noqa: E731
        elif kind == "script12":
            f = lambda i: d.simulate([i % k], seed=i, playout=("script", 12))  # noqa: E731
        elif kind == "random12":
            f = lambda i: d.simulate([i % k], seed=i, playout=("random", 12))  # noqa: E731
        else:
            f = lambda i: d.release(d.simulate([i % k], seed=i, keep=True).handle)  # noqa: E731
        for i in range(200):
            f(i)
        c0, t0 = time.process_time(), time.perf_counter()
        for i in range(n):
            f(i)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        requests = n * (2 if kind == "keep" else 1)
        with open(self.game.options["out"], "w") as out:
            json.dump({"requests": requests, "wall": wall, "cpu": cpu, "legal": k}, out)
        return 0


if __name__ == "__main__":
    run(Bench)
