"""A tiny flat Monte Carlo agent: for each legal action, a few simulated continuations — the
action, then `depth` steps of the ruleset's scripted policy (or random play) — and the action
whose mean value for this side is highest. The k-th continuation of every action uses the same
dice seed (common random numbers), so actions are compared on the same luck.

    npx tsx src/cli.ts run --scenario supply-raid --agent "pirates=exec:python3 clients/python/examples/flat_mc.py"

Options (`exec:python3 flat_mc.py#playouts=8,depth=20,policy=script`):
  playouts  continuations per action (default 2)
  depth     playout steps after the action (default 8)
  policy    "script" (the ruleset's scripted policy, default) or "random"
The budget is work, not time: the same seed gives the same game on any machine. The defaults (two
playouts of 8 script steps per legal action) are measured against `random` on the Supply Raid in
bench/RESULTS.md.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from skirmish_client import Agent, Choice, run, why  # noqa: E402


class FlatMonteCarlo(Agent):
    name = "flat-mc"
    observation = False
    words = False

    def start(self, game):
        self.playouts = game.option("playouts", 2, int)
        self.depth = game.option("depth", 8, int)
        self.policy = game.option("policy", "script")

    def decide(self, decision):
        if len(decision.legal) == 1:
            return 0
        me = self.game.side
        seeds = [self.rng.getrandbits(32) for _ in range(self.playouts)]
        means = []
        for a in decision.legal:
            total = 0.0
            for s in seeds:
                total += decision.simulate([a.index], seed=s, playout=(self.policy, self.depth)).values[me]
            means.append(total / len(seeds))
        best = max(range(len(means)), key=lambda i: (means[i], -i))
        ranked = sorted(range(len(means)), key=lambda i: (-means[i], i))[:5]
        return Choice(
            index=best,
            why=why(
                summary=f"flat Monte Carlo: {self.playouts} playouts of {self.depth} {self.policy} steps per action; best mean {means[best]:.3f}",
                candidates=[{"index": i, "visits": self.playouts, "value": means[i]} for i in ranked],
            ),
        )


if __name__ == "__main__":
    run(FlatMonteCarlo)
