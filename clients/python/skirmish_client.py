"""Write an agent for the skirmish simulator in Python: the client side of its exec protocol.

Standard library only, Python 3.9 or later. The protocol (JSON Lines on standard input and
output) is described field by field in docs/PROTOCOL.md; this module speaks versions 1 and 2 of it
(the newest the simulator offers).

A minimal agent::

    from skirmish_client import Agent, run

    class First(Agent):
        def decide(self, decision):
            return 0                      # the index of a legal action

    if __name__ == "__main__":
        run(First)

and, from the project folder::

    npx tsx src/cli.ts run --scenario supply-raid --agent "pirates=exec:python3 my_agent.py"

The message loop (:func:`run`) answers the hello, hands each decision to ``Agent.decide`` and sends
its answer back, and tells ``Agent.end`` how the game ended. While it runs, ``print`` writes to
standard error (standard output carries the protocol); the simulator keeps the end of standard
error for its error messages. Everything random should come from ``self.rng`` (seeded with the
seed the simulator gives this agent), so that the same game plays the same way again.
"""

import json
import random
import sys
from dataclasses import dataclass
from typing import Any, Callable, Dict, IO, List, NamedTuple, Optional, Sequence, Tuple, Union

PROTOCOL_VERSION = 2
"""The newest protocol version this module speaks."""

PROTOCOL_VERSIONS = (1, 2)
"""Every protocol version this module speaks. It speaks the newest one the simulator's ``hello``
offers (its ``protocols``; a simulator that sends none speaks only its ``protocol``), unless the
agent names one (:attr:`Agent.protocol`). From version 2 every message of a decision carries the
decision's number, so a line written late for an earlier decision is never taken for this one's."""

ROOT = "root"
"""``start`` of a simulate request: the state of the decision being made."""

__all__ = [
    "PROTOCOL_VERSION",
    "PROTOCOL_VERSIONS",
    "ROOT",
    "Agent",
    "Choice",
    "Decision",
    "Figure",
    "Game",
    "GameEnd",
    "LegalAction",
    "Limits",
    "Observation",
    "Outcome",
    "ProtocolError",
    "SimulateError",
    "Simulated",
    "run",
]


class ProtocolError(Exception):
    """The simulator sent something this client does not understand (or the other way round)."""


class SimulateError(Exception):
    """The simulator refused a simulate or release request (an ``error`` reply); the game goes on."""


class Outcome(NamedTuple):
    """How a finished game (or simulation) ended: the winner (None: a draw) and why."""

    winner: Optional[str]
    reason: str

    @staticmethod
    def from_json(o: Optional[Dict[str, Any]]) -> Optional["Outcome"]:
        return None if o is None else Outcome(o.get("winner"), o.get("reason", ""))


class Limits(NamedTuple):
    """What the simulator allows this client: live handles, requests per decision, ms per decision."""

    handles: int
    calls: int
    time_ms: Optional[int]


class Figure(NamedTuple):
    """One figure of an observation (the simulator's scene: positions in table units, facing in radians)."""

    id: str
    name: str
    side: str
    band: Optional[str]
    x: float
    y: float
    r: float
    facing: Optional[float]
    status: str
    on_table: bool
    markers: Tuple[str, ...]
    highlighted: bool
    current: bool

    @staticmethod
    def from_json(f: Dict[str, Any]) -> "Figure":
        return Figure(
            id=f["id"],
            name=f.get("name", f["id"]),
            side=f["side"],
            band=f.get("band"),
            x=f["x"],
            y=f["y"],
            r=f.get("r", 0.0),
            facing=f.get("facing"),
            status=f.get("status", "active"),
            on_table=f.get("onTable", True),
            markers=tuple(f.get("markers", ())),
            highlighted=f.get("highlighted", False),
            current=f.get("current", False),
        )


@dataclass(frozen=True)
class Observation:
    """A state as the simulator shows it: figures, turn, info lines, statistics, values per side."""

    side: Optional[str]
    turn: Optional[int]
    caption: str
    figures: Tuple[Figure, ...]
    info: Tuple[Tuple[str, str], ...]
    stats: Dict[str, float]
    values: Dict[str, float]
    hash: str

    @staticmethod
    def from_json(o: Dict[str, Any]) -> "Observation":
        return Observation(
            side=o.get("side"),
            turn=o.get("turn"),
            caption=o.get("caption", ""),
            figures=tuple(Figure.from_json(f) for f in o.get("figures", ())),
            info=tuple((i["label"], i["value"]) for i in o.get("info", ())),
            stats=dict(o.get("stats", {})),
            values=dict(o.get("values", {})),
            hash=o.get("hash", ""),
        )

    def figures_of(self, side: str) -> List[Figure]:
        """The figures of one side."""
        return [f for f in self.figures if f.side == side]

    def active(self, side: str) -> List[Figure]:
        """The figures of one side still fighting on the table (status "active")."""
        return [f for f in self.figures if f.side == side and f.status == "active"]


class LegalAction(NamedTuple):
    """One legal action: answer with its ``index`` (or ``key``); ``words`` for people, ``action`` as records store it."""

    index: int
    key: str
    words: Optional[str]
    action: Any

    @staticmethod
    def from_json(a: Dict[str, Any]) -> "LegalAction":
        return LegalAction(a["index"], a["key"], a.get("words"), a.get("action"))


@dataclass(frozen=True)
class Game:
    """What the ``hello`` says: the ruleset, the scenario, the sides, this agent's side, seed and options.

    ``protocol`` is the version this client speaks in the game: the newest of the hello's
    ``protocols`` that this module speaks (unless the agent names its own, :attr:`Agent.protocol`);
    ``protocols`` the versions the simulator offered."""

    protocol: int
    ruleset_id: str
    ruleset_version: str
    ruleset: Dict[str, Any]
    scenario_id: Optional[str]
    scenario_hash: Optional[str]
    scenario: Any
    sides: Tuple[str, ...]
    side: str
    seed: int
    game_seed: Union[int, str]
    options: Dict[str, str]
    limits: Limits
    table: Optional[Dict[str, Any]]
    protocols: Tuple[int, ...] = (1,)

    @staticmethod
    def from_json(m: Dict[str, Any]) -> "Game":
        r = m["ruleset"]
        sc = m.get("scenario") or {}
        lim = m.get("limits") or {}
        return Game(
            protocol=max(v for v in _offered(m) if v in PROTOCOL_VERSIONS),
            protocols=tuple(_offered(m)),
            ruleset_id=r["id"],
            ruleset_version=r["version"],
            ruleset=r,
            scenario_id=sc.get("id"),
            scenario_hash=sc.get("hash"),
            scenario=sc.get("data"),
            sides=tuple(m["sides"]),
            side=m["side"],
            seed=m["seed"],
            game_seed=m.get("gameSeed"),
            options=dict(m.get("options") or {}),
            limits=Limits(lim.get("handles", 0), lim.get("calls", 0), lim.get("timeMs")),
            table=m.get("table"),
        )

    @property
    def opponents(self) -> Tuple[str, ...]:
        """The other sides."""
        return tuple(s for s in self.sides if s != self.side)

    def option(self, name: str, default: Any, kind: Callable[[str], Any] = str) -> Any:
        """An option of the agent's spec (``exec:…#name=value``) converted by ``kind``, or ``default``."""
        return kind(self.options[name]) if name in self.options else default


class Simulated(NamedTuple):
    """The answer to a simulate request: where the simulation ended."""

    handle: Optional[int]
    steps: int
    terminal: bool
    outcome: Optional[Outcome]
    side: Optional[str]
    turn: Optional[int]
    values: Dict[str, float]
    legal_count: int
    legal: Optional[Tuple[LegalAction, ...]]
    observation: Optional[Observation]

    @staticmethod
    def from_json(m: Dict[str, Any]) -> "Simulated":
        legal = m.get("legal")
        obs = m.get("observation")
        return Simulated(
            handle=m.get("handle"),
            steps=m.get("steps", 0),
            terminal=m.get("terminal", False),
            outcome=Outcome.from_json(m.get("outcome")),
            side=m.get("side"),
            turn=m.get("turn"),
            values=dict(m.get("values", {})),
            legal_count=m.get("legalCount", 0),
            legal=None if legal is None else tuple(LegalAction.from_json(a) for a in legal),
            observation=None if obs is None else Observation.from_json(obs),
        )


@dataclass(frozen=True)
class GameEnd:
    """The ``end`` message: winner (None: draw or no result), reason, result for this agent, error if any."""

    winner: Optional[str]
    reason: str
    result: str
    error: Optional[str]


@dataclass
class Choice:
    """An answer with reasons: the action by ``index`` (or ``key``), and ``why``.

    ``why`` is a string, or a dict with any of ``summary`` (str), ``line`` (list of str) and
    ``candidates`` (list of dicts with ``index`` or ``key`` and optional ``visits``, ``value``,
    ``note``); it shows in ``play``, ``serve`` and records (``run --explain``) as built-in agents'
    explanations do.
    """

    index: Optional[int] = None
    key: Optional[str] = None
    why: Any = None


Playout = Union[Tuple[str, int], Tuple[str, int, int]]
"""A playout after the given actions: (``"random"`` or ``"script"``, most steps), or (policy, most
steps, turns): then it also stops at the first decision of the turn ``turns`` after the one it
starts in (``turns=1``: at the end of the current turn), for rulesets that count turns."""


class _Connection:
    """Reads messages from the simulator and writes messages to it (one JSON object per line)."""

    def __init__(self, inp: IO[str], out: IO[str]):
        self.inp = inp
        self.out = out
        self.next_id = 1
        self.version = 1
        """The protocol version of the game being played (from 2, a decision's messages carry its ``n``)."""

    def send(self, msg: Dict[str, Any]) -> None:
        self.out.write(json.dumps(msg, separators=(",", ":"), allow_nan=False) + "\n")
        self.out.flush()

    def receive(self) -> Optional[Dict[str, Any]]:
        while True:
            line = self.inp.readline()
            if line == "":
                return None
            if line.strip() == "":
                continue
            try:
                msg = json.loads(line)
            except ValueError as e:
                raise ProtocolError(f"the simulator sent a line that is not JSON: {line[:200]!r}") from e
            if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
                raise ProtocolError(f"the simulator sent a line that is not a message: {line[:200]!r}")
            return msg

    def request(self, msg: Dict[str, Any], answer: str) -> Dict[str, Any]:
        rid = self.next_id
        self.next_id += 1
        msg["id"] = rid
        self.send(msg)
        reply = self.receive()
        if reply is None:
            raise ProtocolError(f"the simulator closed the connection during a {msg['t']} request")
        if reply.get("id") != rid:
            raise ProtocolError(f"expected the answer to request {rid}, got {reply!r:.200}")
        if reply["t"] == "error":
            raise SimulateError(reply.get("message", "refused"))
        if reply["t"] != answer:
            raise ProtocolError(f"expected a {answer} message, got {reply['t']}")
        return reply


class Decision:
    """One decision: the legal actions, the observation, the time left, and the forward model."""

    def __init__(self, msg: Dict[str, Any], conn: _Connection):
        self.n: int = msg["n"]
        """This agent's decision number in the game (1-based)."""
        self.side: str = msg["side"]
        self.time_ms: Optional[int] = msg.get("timeMs")
        """Milliseconds left for this decision when it was sent."""
        self.legal: List[LegalAction] = [LegalAction.from_json(a) for a in msg["legal"]]
        obs = msg.get("observation")
        self.observation: Optional[Observation] = None if obs is None else Observation.from_json(obs)
        self._conn = conn
        self.calls = 0
        """Forward-model requests made so far in this decision (the simulator's limit: ``Game.limits.calls``)."""

    def simulate(
        self,
        actions: Sequence[Union[int, str]],
        seed: Union[int, str],
        start: Union[str, int] = ROOT,
        playout: Optional[Playout] = None,
        keep: bool = False,
        legal: bool = False,
        observation: bool = False,
    ) -> Simulated:
        """Apply ``actions`` (indices into each step's legal actions, or action keys; may be empty) to
        a copy of ``start`` (:data:`ROOT`, the state of this decision, or a handle kept earlier),
        every die drawn from ``seed`` (take it from ``self.rng``: the same seed, the same dice); then, with ``playout``, play up to that many more steps by that policy
        (``"random"`` or the ruleset's ``"script"``), stopping earlier at the end of the game or,
        with a third element ``turns``, at the first decision ``turns`` turns on (:data:`Playout`). ``keep`` returns a handle to the resulting
        state (release it with :meth:`release`); ``legal`` and ``observation`` ask for those in the
        answer. Raises :class:`SimulateError` when the simulator refuses the request."""
        msg: Dict[str, Any] = {"t": "simulate", "from": start, "actions": list(actions), "seed": seed}
        if playout is not None:
            msg["playout"] = {"policy": playout[0], "steps": int(playout[1])}
            if len(playout) > 2:
                msg["playout"]["turns"] = int(playout[2])
        if keep:
            msg["keep"] = True
        if legal:
            msg["legal"] = True
        if observation:
            msg["observation"] = True
        self.calls += 1
        if self._conn.version >= 2:
            msg["n"] = self.n
        return Simulated.from_json(self._conn.request(msg, "simulated"))

    def release(self, *handles: int) -> int:
        """Forget kept states; returns how many handles are still held."""
        self.calls += 1
        msg: Dict[str, Any] = {"t": "release", "handles": list(handles)}
        if self._conn.version >= 2:
            msg["n"] = self.n
        return self._conn.request(msg, "released")["live"]


class Agent:
    """Subclass this and override :meth:`decide` (and :meth:`start`, :meth:`end` if needed).

    Before :meth:`start`, the loop sets ``self.game`` (the :class:`Game`) and ``self.rng`` (a
    ``random.Random`` seeded with this agent's seed). With ``#reuse=1`` in the spec the same
    instance plays several games: :meth:`start` begins each one.
    """

    name: Optional[str] = None
    """A name for the simulator's messages (optional)."""
    observation: bool = True
    """Ask for the observation in every decision (False: only the legal actions, which is faster)."""
    words: bool = True
    """Ask for every legal action's words (False: index, key and action only, which is faster)."""
    protocol: Optional[int] = None
    """The protocol version to speak (None: the newest the simulator offers; see :data:`PROTOCOL_VERSIONS`)."""

    game: Game
    rng: random.Random

    def start(self, game: Game) -> None:
        """A game begins."""

    def decide(self, decision: Decision) -> Union[int, str, Choice]:
        """Return the index of a legal action, its key (a str), or a :class:`Choice` with reasons."""
        raise NotImplementedError

    def end(self, end: GameEnd) -> None:
        """The game is over (or stopped: ``end.error``)."""


def _offered(hello: Dict[str, Any]) -> List[int]:
    """The protocol versions a hello offers: its ``protocols``, or (a simulator of version 1 only) its ``protocol``."""
    p = hello.get("protocols")
    if isinstance(p, list) and p:
        return [v for v in p if isinstance(v, int)]
    return [hello.get("protocol")] if isinstance(hello.get("protocol"), int) else []


def _answer(choice: Union[int, str, Choice]) -> Dict[str, Any]:
    if isinstance(choice, bool):
        raise TypeError("decide() returned a bool; return an index, a key or a Choice")
    if isinstance(choice, int):
        return {"t": "action", "index": choice}
    if isinstance(choice, str):
        return {"t": "action", "key": choice}
    if isinstance(choice, Choice):
        msg: Dict[str, Any] = {"t": "action"}
        if choice.index is not None:
            msg["index"] = choice.index
        if choice.key is not None:
            msg["key"] = choice.key
        if choice.why is not None:
            msg["why"] = choice.why
        return msg
    raise TypeError(f"decide() returned {type(choice).__name__}; return an index, a key or a Choice")


def run(agent: Union[Agent, Callable[[], Agent]], inp: Optional[IO[str]] = None, out: Optional[IO[str]] = None) -> None:
    """The message loop: play every game the simulator starts until its input ends.

    ``agent`` is an :class:`Agent` or a class (any callable) that makes one. ``inp`` and ``out``
    default to standard input and output; while the loop runs, ``sys.stdout`` is standard error, so
    ``print`` cannot corrupt the protocol.
    """
    real_out = out if out is not None else sys.stdout
    conn = _Connection(inp if inp is not None else sys.stdin, real_out)
    player = agent if isinstance(agent, Agent) else agent()
    saved = sys.stdout
    if out is None:
        sys.stdout = sys.stderr
    try:
        while True:
            msg = conn.receive()
            if msg is None:
                return
            t = msg["t"]
            if t == "hello":
                offered = _offered(msg)
                if not any(v in PROTOCOL_VERSIONS for v in offered):
                    raise ProtocolError(f"the simulator speaks protocol {' or '.join(map(str, offered))}; this client speaks {' or '.join(map(str, PROTOCOL_VERSIONS))}")
                game = Game.from_json(msg)
                player.game = game
                player.rng = random.Random(game.seed)
                player.start(game)
                conn.version = player.protocol if player.protocol is not None else game.protocol
                ready: Dict[str, Any] = {"t": "ready", "protocol": conn.version, "observation": bool(player.observation), "words": bool(player.words)}
                if player.name is not None:
                    ready["name"] = player.name
                conn.send(ready)
            elif t == "decide":
                answer = _answer(player.decide(Decision(msg, conn)))
                if conn.version >= 2:
                    answer["n"] = msg["n"]
                conn.send(answer)
            elif t == "end":
                player.end(GameEnd(msg.get("winner"), msg.get("reason", ""), msg.get("result", "none"), msg.get("error")))
            else:
                raise ProtocolError(f"unexpected message {t!r} from the simulator")
    finally:
        sys.stdout = saved


def why(summary: Optional[str] = None, candidates: Optional[Sequence[Dict[str, Any]]] = None, line: Optional[Sequence[str]] = None) -> Dict[str, Any]:
    """Build a ``why`` for :class:`Choice`: a summary, candidates (dicts with ``index`` or ``key`` and
    optional ``visits``, ``value``, ``note``), and the expected line of play."""
    out: Dict[str, Any] = {}
    if summary is not None:
        out["summary"] = summary
    if candidates is not None:
        out["candidates"] = list(candidates)
    if line is not None:
        out["line"] = list(line)
    return out


__all__.append("why")
