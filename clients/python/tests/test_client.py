"""Tests of the Python client (python3 -m unittest discover -s clients/python/tests): the message
loop against scripted simulator messages, the typed helpers, and the examples' choices."""
import contextlib
import importlib.util
import io
import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import skirmish_client as sk  # noqa: E402


def load_example(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, "..", "examples", f"{name}.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def hello(**over):
    m = {
        "t": "hello",
        "protocol": 1,
        "ruleset": {"id": "pirates", "version": "1.4.0", "title": "Pirates!", "traits": {}},
        "scenario": {"id": "supply-raid", "hash": "abc", "data": {"id": "supply-raid"}},
        "sides": ["pirates", "townsfolk"],
        "side": "pirates",
        "seed": 12345,
        "gameSeed": 7,
        "options": {},
        "limits": {"handles": 1000, "calls": 10000, "timeMs": 10000},
        "table": None,
    }
    m.update(over)
    return m


def legal(n):
    return [{"index": i, "key": f"k{i}", "words": f"action {i}", "action": {"k": i}} for i in range(n)]


def figure(fid, side, status="active"):
    return {"id": fid, "name": fid, "side": side, "band": "1", "x": 1.5, "y": 2.0, "r": 0.5, "facing": 0.0, "status": status, "onTable": True, "markers": ["booty"], "highlighted": False, "current": False}


def decide(n_legal, n=1, observation=None):
    m = {"t": "decide", "n": n, "side": "pirates", "timeMs": 9990, "legal": legal(n_legal)}
    if observation is not None:
        m["observation"] = observation
    return m


def simulated(rid, pirates, **over):
    m = {"t": "simulated", "id": rid, "handle": None, "steps": 1, "terminal": False, "outcome": None, "side": "townsfolk", "turn": 1, "values": {"pirates": pirates, "townsfolk": 1 - pirates}, "legalCount": 3}
    m.update(over)
    return m


END = {"t": "end", "winner": "pirates", "reason": "booty landed", "result": "win", "error": None}


def play(agent, messages):
    """Run the loop over scripted simulator messages; returns what the client wrote, parsed."""
    inp = io.StringIO("".join(json.dumps(m) + "\n" for m in messages))
    out = io.StringIO()
    sk.run(agent, inp=inp, out=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


class Recorder(sk.Agent):
    name = "rec"
    observation = False

    def __init__(self, answer=0):
        self.answer = answer
        self.started = []
        self.ended = []
        self.seen = []

    def start(self, game):
        self.started.append(game)

    def decide(self, d):
        self.seen.append(d)
        return self.answer

    def end(self, end):
        self.ended.append(end)


class LoopTest(unittest.TestCase):
    def test_hello_is_answered_with_ready_and_the_agent_gets_game_and_seeded_rng(self):
        a = Recorder()
        out = play(a, [hello(options={"depth": "3"}), END])
        self.assertEqual(out, [{"t": "ready", "protocol": 1, "observation": False, "words": True, "name": "rec"}])
        g = a.started[0]
        self.assertEqual((g.ruleset_id, g.ruleset_version, g.scenario_id, g.side, g.seed, g.game_seed), ("pirates", "1.4.0", "supply-raid", "pirates", 12345, 7))
        self.assertEqual(g.opponents, ("townsfolk",))
        self.assertEqual(g.option("depth", 1, int), 3)
        self.assertEqual(g.option("missing", 9, int), 9)
        self.assertEqual(g.limits, sk.Limits(1000, 10000, 10000))
        self.assertIs(a.game, g)
        self.assertEqual(a.rng.random(), __import__("random").Random(12345).random())
        self.assertEqual(a.ended, [sk.GameEnd("pirates", "booty landed", "win", None)])

    def test_a_kept_process_plays_game_after_game_each_from_its_own_seed(self):
        a = Recorder()
        out = play(a, [hello(seed=1), decide(3), END, hello(seed=2, side="townsfolk"), decide(3), END])
        self.assertEqual([m["t"] for m in out], ["ready", "action", "ready", "action"])
        self.assertEqual([(g.side, g.seed) for g in a.started], [("pirates", 1), ("townsfolk", 2)])
        self.assertEqual(a.rng.random(), __import__("random").Random(2).random())
        self.assertEqual(len(a.ended), 2)

    def test_answers_by_index_key_or_choice_with_reasons(self):
        self.assertEqual(play(Recorder(2), [hello(), decide(3), END])[1], {"t": "action", "index": 2})
        self.assertEqual(play(Recorder("k1"), [hello(), decide(3), END])[1], {"t": "action", "key": "k1"})
        choice = sk.Choice(index=1, why=sk.why(summary="best", candidates=[{"index": 1, "value": 0.7}], line=["k1"]))
        self.assertEqual(play(Recorder(choice), [hello(), decide(3), END])[1], {"t": "action", "index": 1, "why": {"summary": "best", "candidates": [{"index": 1, "value": 0.7}], "line": ["k1"]}})
        with self.assertRaises(TypeError):
            play(Recorder(True), [hello(), decide(3), END])

    def test_decision_and_observation_helpers(self):
        a = Recorder()
        obs = {"side": "pirates", "turn": 2, "caption": "Turn 2", "figures": [figure("P1", "pirates"), figure("T1", "townsfolk"), figure("P2", "pirates", "dead")], "info": [{"label": "Turn", "value": "2 of 30"}], "stats": {"landed": 1}, "values": {"pirates": 0.4, "townsfolk": 0.6}, "hash": "h"}
        play(a, [hello(), decide(2, observation=obs), END])
        d = a.seen[0]
        self.assertEqual((d.n, d.side, d.time_ms, len(d.legal)), (1, "pirates", 9990, 2))
        self.assertEqual(d.legal[1], sk.LegalAction(1, "k1", "action 1", {"k": 1}))
        o = d.observation
        self.assertEqual([f.id for f in o.figures_of("pirates")], ["P1", "P2"])
        self.assertEqual([f.id for f in o.active("pirates")], ["P1"])
        self.assertEqual(o.figures[0].markers, ("booty",))
        self.assertTrue(o.figures[0].on_table)
        self.assertEqual(o.info, (("Turn", "2 of 30"),))
        self.assertEqual(o.values["townsfolk"], 0.6)

    def test_simulate_and_release_requests_and_their_answers(self):
        class Sim(sk.Agent):
            def decide(self, d):
                r = d.simulate([0, "k2"], seed=5, start=sk.ROOT, playout=("script", 4), keep=True, legal=True, observation=True)
                self.r = r
                self.live = d.release(r.handle)
                try:
                    d.simulate([9], seed=1)
                except sk.SimulateError as e:
                    self.refused = str(e)
                self.calls = d.calls
                return 0

        a = Sim()
        reply = simulated(1, 0.75, handle=4, steps=6, legal=legal(2), observation={"side": "townsfolk", "turn": 1, "caption": "", "figures": [], "info": [], "stats": {}, "values": {}, "hash": "x"})
        out = play(a, [hello(), decide(3), reply, {"t": "released", "id": 2, "released": 1, "live": 0}, {"t": "error", "id": 3, "message": "actions[0]: 9 is not a legal action there"}, END])
        self.assertEqual(out[1], {"t": "simulate", "from": "root", "actions": [0, "k2"], "seed": 5, "playout": {"policy": "script", "steps": 4}, "keep": True, "legal": True, "observation": True, "id": 1})
        self.assertEqual(out[2], {"t": "release", "handles": [4], "id": 2})
        self.assertEqual(out[3], {"t": "simulate", "from": "root", "actions": [9], "seed": 1, "id": 3})
        self.assertEqual(out[4], {"t": "action", "index": 0})
        self.assertEqual((a.r.handle, a.r.steps, a.r.values["pirates"], a.r.legal_count, len(a.r.legal), a.r.observation.hash), (4, 6, 0.75, 3, 2, "x"))
        self.assertEqual(a.live, 0)
        self.assertEqual(a.refused, "actions[0]: 9 is not a legal action there")
        self.assertEqual(a.calls, 3)

    def test_protocol_errors(self):
        with self.assertRaisesRegex(sk.ProtocolError, "speaks protocol 99 or 100; this client speaks 1 or 2"):
            play(Recorder(), [hello(protocol=99, protocols=[99, 100])])
        with self.assertRaisesRegex(sk.ProtocolError, "unexpected message 'bogus'"):
            play(Recorder(), [hello(), {"t": "bogus"}])

        class Asks(sk.Agent):
            def decide(self, d):
                d.simulate([0], seed=1)
                return 0

        with self.assertRaisesRegex(sk.ProtocolError, "expected the answer to request 1"):
            play(Asks(), [hello(), decide(2), simulated(7, 0.5)])

    def test_version_2_when_offered_every_message_of_a_decision_carries_its_number(self):
        class Asks(sk.Agent):
            def decide(self, d):
                d.simulate([0], seed=1)
                d.release(3)
                return sk.Choice(index=1, why="w")

        msgs = [decide(2, n=4), simulated(1, 0.5), {"t": "released", "id": 2, "released": 1, "live": 0}, END]
        a = Asks()
        out = play(a, [hello(protocols=[1, 2])] + msgs)
        self.assertEqual((out[0]["protocol"], a.game.protocol, a.game.protocols), (2, 2, (1, 2)))
        self.assertEqual([(m["t"], m.get("n")) for m in out[1:]], [("simulate", 4), ("release", 4), ("action", 4)])
        self.assertEqual(out[3], {"t": "action", "index": 1, "why": "w", "n": 4})
        # A simulator that offers only version 1 (no "protocols"): version 1, no numbers.
        out = play(Asks(), [hello()] + msgs)
        self.assertEqual(out[0]["protocol"], 1)
        self.assertTrue(all("n" not in m for m in out[1:]))
        # An agent may keep to version 1 where 2 is offered.
        old = Asks()
        old.protocol = 1
        out = play(old, [hello(protocols=[1, 2])] + msgs)
        self.assertEqual(out[0]["protocol"], 1)
        self.assertTrue(all("n" not in m for m in out[1:]))

    def test_print_goes_to_stderr_while_the_loop_runs(self):
        class Chatty(sk.Agent):
            def decide(self, d):
                print("thinking")
                return 0

        real = (sys.stdin, sys.stdout, sys.stderr)
        sys.stdin = io.StringIO(json.dumps(hello()) + "\n" + json.dumps(decide(2)) + "\n")
        sys.stdout = io.StringIO()
        sys.stderr = io.StringIO()
        try:
            sk.run(Chatty)
            out, err = sys.stdout.getvalue(), sys.stderr.getvalue()
        finally:
            sys.stdin, sys.stdout, sys.stderr = real
        self.assertEqual([json.loads(x)["t"] for x in out.splitlines()], ["ready", "action"])
        self.assertEqual(err, "thinking\n")


class ExamplesTest(unittest.TestCase):
    def test_random_agent_picks_a_legal_index_from_its_seed(self):
        a = load_example("random_agent").RandomAgent()
        out = play(a, [hello(), decide(5), decide(5, n=2), END])
        r = __import__("random").Random(12345)
        self.assertEqual([m["index"] for m in out[1:]], [r.randrange(5), r.randrange(5)])
        self.assertEqual(out[0]["observation"], False)

    def test_greedy_takes_the_best_one_step_value(self):
        a = load_example("greedy").Greedy()
        out = play(a, [hello(), decide(3), simulated(1, 0.2), simulated(2, 0.9), simulated(3, 0.5), END])
        self.assertEqual([m["actions"] for m in out[1:4]], [[0], [1], [2]])
        self.assertEqual(out[4]["index"], 1)
        self.assertEqual(out[4]["why"]["candidates"][0], {"index": 1, "value": 0.9})

    def test_greedy_does_not_simulate_a_forced_move(self):
        out = play(load_example("greedy").Greedy(), [hello(), decide(1), END])
        self.assertEqual(out[1:], [{"t": "action", "index": 0}])

    def test_a_playout_may_stop_after_some_turns(self):
        class Turns(sk.Agent):
            def decide(self, d):
                d.simulate([1], seed=2, playout=("random", 50, 1))
                return 0

        out = play(Turns(), [hello(), decide(2), simulated(1, 0.5), END])
        self.assertEqual(out[1]["playout"], {"policy": "random", "steps": 50, "turns": 1})

    def test_sequential_halving_shares_the_budget_by_rounds_on_common_seeds(self):
        sh = load_example("flat_mc").sequential_halving
        value = [0.1, 0.5, 0.8, 0.6, 0.4]  # arm 2 is the best, arm 3 next
        asked = []
        drawn = []

        def seeds(n):
            s = list(range(len(drawn) + 1, len(drawn) + n + 1))
            drawn.extend(s)
            return s

        def sample(i, seed):
            asked.append((i, seed))
            return value[i] + (0.01 if seed % 2 else 0.0)  # the same luck for every arm on a seed

        best, means, counts = sh(5, 30, seeds, sample)
        # ⌈log2 5⌉ = 3 rounds: 5 arms × 2 (30 // 15), then 3 × 3 (30 // 9), then 2 × 5 (30 // 6).
        self.assertEqual(best, 2)
        self.assertEqual(counts, [2, 5, 10, 10, 2])
        self.assertEqual(sum(counts), len(asked))
        rounds = [asked[0:10], asked[10:19], asked[19:29]]
        self.assertEqual([sorted({i for i, _ in r}) for r in rounds], [[0, 1, 2, 3, 4], [1, 2, 3], [2, 3]])
        for r in rounds:  # within a round every arm runs on the same seeds
            by_arm = {}
            for i, seed in r:
                by_arm.setdefault(i, []).append(seed)
            self.assertEqual(len({tuple(v) for v in by_arm.values()}), 1)
        self.assertEqual(len(set(drawn)), 2 + 3 + 5)  # fresh seeds each round
        self.assertAlmostEqual(means[2], 0.8 + 0.01 * 5 / 10)

    def test_sequential_halving_gives_each_arm_a_sample_even_when_the_budget_is_small(self):
        sh = load_example("flat_mc").sequential_halving
        best, means, counts = sh(6, 1, lambda n: [7] * n, lambda i, s: [0.3, 0.3, 0.2, 0.9, 0.1, 0.9][i])
        # 3 rounds of one sample an arm: 6 arms → 3, 5, 0 (0 before 1 on the tie) → 3, 5 → 3 (the lower index on the tie).
        self.assertEqual(best, 3)
        self.assertEqual(counts, [2, 1, 1, 3, 1, 3])
        self.assertEqual(sh(1, 16, lambda n: [1] * n, lambda i, s: 1.0)[0], 0)

    def test_flat_monte_carlo_plays_out_to_the_turn_and_takes_the_best_mean(self):
        a = load_example("flat_mc").FlatMonteCarlo()
        # 3 actions, budget 4: ⌈log2 3⌉ = 2 rounds; round 1: 3 × max(1, 4 // 6) = 1 each; round 2: arms 1 and 2 × 1.
        values = [0.1, 0.8, 0.6, 0.7, 0.95]
        replies = [simulated(i + 1, v) for i, v in enumerate(values)]
        out = play(a, [hello(options={"playouts": "4", "policy": "random"}), decide(3)] + replies + [END])
        reqs = out[1:6]
        self.assertEqual([r["actions"] for r in reqs], [[0], [1], [2], [1], [2]])
        self.assertTrue(all(r["playout"] == {"policy": "random", "steps": 2000, "turns": 1} for r in reqs))
        seeds = [r["seed"] for r in reqs]
        self.assertEqual(len(set(seeds[0:3])), 1)
        self.assertEqual(seeds[3], seeds[4])
        self.assertNotEqual(seeds[0], seeds[3])
        # Means over both rounds: action 1 (0.8 + 0.7) / 2 = 0.75, action 2 (0.6 + 0.95) / 2 = 0.775.
        self.assertEqual(out[6]["index"], 2)
        top = out[6]["why"]["candidates"][0]
        self.assertEqual((top["index"], top["visits"]), (2, 2))
        self.assertAlmostEqual(top["value"], 0.775)

    def test_flat_monte_carlo_with_a_horizon_in_steps_only(self):
        a = load_example("flat_mc").FlatMonteCarlo()
        out = play(a, [hello(options={"playouts": "4", "turns": "0", "depth": "7"}), decide(2), simulated(1, 0.2), simulated(2, 0.3), simulated(3, 0.9), simulated(4, 0.1), END])
        self.assertTrue(all(r["playout"] == {"policy": "script", "steps": 7} for r in out[1:5]))
        self.assertEqual([r["actions"] for r in out[1:5]], [[0], [0], [1], [1]])
        self.assertEqual(out[5]["index"], 1)  # action 0: (0.2 + 0.3) / 2, action 1: (0.9 + 0.1) / 2

if __name__ == "__main__":
    unittest.main()
