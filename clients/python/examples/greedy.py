"""One-step greedy over the simulator's forward model: simulate each legal action (its dice drawn
from a seed of this agent's stream) and take the one whose value for this side is highest
(the first on ties), as the built-in `greedy` agent does.

    npx tsx src/cli.ts run --scenario supply-raid --agent "pirates=exec:python3 clients/python/examples/greedy.py"

Option: `samples` (default 1), dice draws per action: `exec:python3 greedy.py#samples=4`.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from skirmish_client import Agent, Choice, run, why  # noqa: E402


class Greedy(Agent):
    name = "greedy"
    observation = False
    words = False

    def start(self, game):
        self.samples = game.option("samples", 1, int)

    def decide(self, decision):
        if len(decision.legal) == 1:
            return 0
        seeds = [self.rng.getrandbits(32) for _ in range(self.samples)]
        me = self.game.side
        values = []
        for a in decision.legal:
            total = 0.0
            for s in seeds:
                total += decision.simulate([a.index], seed=s).values[me]
            values.append(total / len(seeds))
        best = max(range(len(values)), key=lambda i: (values[i], -i))
        ranked = sorted(range(len(values)), key=lambda i: (-values[i], i))[:5]
        return Choice(index=best, why=why(summary=f"one-step value {values[best]:.3f}", candidates=[{"index": i, "value": values[i]} for i in ranked]))


if __name__ == "__main__":
    run(Greedy)
