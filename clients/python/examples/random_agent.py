"""A uniformly random agent: picks one of the legal actions with its own seeded stream.

    npx tsx src/cli.ts run --scenario supply-raid --agent "pirates=exec:python3 clients/python/examples/random_agent.py"

It asks for neither observations nor words (the fastest decisions the protocol gives); with
`#full=1` it asks for both (what a client that reads the state pays).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from skirmish_client import Agent, run  # noqa: E402


class RandomAgent(Agent):
    name = "random"
    observation = False
    words = False

    def start(self, game):
        self.observation = self.words = game.option("full", "0") == "1"

    def decide(self, decision):
        return self.rng.randrange(len(decision.legal))


if __name__ == "__main__":
    run(RandomAgent)
