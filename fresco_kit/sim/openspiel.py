"""OpenSpiel adapter: every registered game as a pyspiel Python game (extra ``fresco-kit[openspiel]``).

Importing this module registers each game of :func:`fresco_kit.games` with OpenSpiel under
``fresco_kit_<name>`` (``fresco_kit_sixtina``, ``fresco_kit_fresco``, ``fresco_kit_lorenzo``)::

    import pyspiel
    import fresco_kit.sim.openspiel  # registers the games
    game = pyspiel.load_game("fresco_kit_lorenzo", {"players": 2, "seed": 7})

**Game type.** Sequential, imperfect information, general-sum, terminal rewards.

- *Parameters*: ``players`` (a count the game allows; the default player names of the
  registry are used), ``seed`` (the generator of the deals, below) and each option of the
  game whose choices are a word or a number (``variant`` for Sixtina, ``ruleset`` for
  Fresco, ``bonus_tiles`` for Lorenzo).  Rule switches are not parameters: they keep the
  defaults of the ruleset.
- *Chance* (``SAMPLED_STOCHASTIC``): a game starts at one chance node, the deal, whose one
  outcome is a setup seed (one of :data:`DEALS`) drawn from the game's generator, so each
  new game is another deal; every later random event (drawing cards, the bag, dice)
  follows from that seed inside the engine's state, hidden from the players (their
  observations leave the generator out).  A history of action ids therefore replays
  exactly.  OpenSpiel cannot serialize these games (a sampled-stochastic Python game has
  no ``GetRNGState``); a history of ids is the save.
- *Returns*: each player's share of the victory, as :func:`fresco_kit.sim.mcts.rewards`
  with ``"win"`` gives it: 1 for a win, 1/k for a victory shared by k players, 0 for a
  loss (Sixtina's Gianluigi winning leaves 0 to everyone, so the sum is not constant).
- *Observations*: :meth:`State.observation_string` is the player's ``view`` of the
  position as JSON (nothing hidden from them), and for the player to act the words of the
  action they are entering.  It is not a perfect-recall information state, so the game
  provides observation strings only (IS-MCTS: ``use_observation_string=True``).

**Action ids.** The actions cannot be numbered one by one: a Sixtina ``acquire`` names any
set of cards of a hand, drawn from 84 cards (more than 4e10 sets of up to eight cards, beyond
OpenSpiel's 32-bit action count).  So an action is *entered* as a short sequence of ids, each
naming one word of a fixed per-game vocabulary (:class:`Vocabulary`), built from the action
classes' field types and the players' names, never from a state:

- the verb first (``restore``), then each field in the order the class declares it;
- a name (a place, a paint, a player), a yes/no, or a number with a small range: one word;
- an absent optional field: ``<none>``; a list: its items, then ``<end>``;
- a number without a small range (servants, extra materials, apprentices): its decimal
  digits, then ``<end>``.

The code is prefix-free and the same action always gives the same ids.  At each step the
legal ids are the next words of the mover's legal actions that begin with what was entered;
the action is played when its last word is entered.  While an action is being entered, only
its player sees the words (simultaneous choices, Fresco's planning, are entered one player
after another, and the next player's observation shows neither the words nor the plan).

:class:`KitBot` lets any bot of :mod:`fresco_kit.sim.bots` play in OpenSpiel;
:class:`PlayoutEvaluator` and :func:`resampler` let OpenSpiel's Python IS-MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) search these games: its resampler is
the game's own ``determinize(view, rng)``.  OpenSpiel's C++ ``ISMCTSBot`` cannot be used:
Python games cannot implement ``ResampleFromInfostate`` for it.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import pyspiel

from fresco_kit.core import Action, GameInfo, Names, Range, Rng, game_info, games
from fresco_kit.core.interface import stepper
from fresco_kit.core.record import optional_inner, strip_annotated, tuple_item

from .base import Bot
from .bots import make_bot
from .mcts import rewards

#: the word of an optional field left out (``None``)
NONE = "<none>"
#: the word closing a list or a number written in digits
END = "<end>"
#: the words of a number written in digits
DIGITS = tuple("0123456789")
#: a number field whose range has at most this many values is one word; else digits
SMALL_RANGE = 100
#: the number of distinct deals (setup seeds) the chance node draws from
DEALS = 2**20
#: the longest game in action ids that ``max_game_length()`` reports: a cap above every game
#: measured (the longest, a 3-player Fresco game of uniformly random ids, had about 67,000),
#: not a bound the rules guarantee
MAX_GAME_LENGTH = 1_000_000
#: how many positions keep their legal-action tables and texts (see :meth:`_Kit.remember`)
CACHED = 64
#: the prefix of the OpenSpiel short names
PREFIX = "fresco_kit_"


# ----------------------------------------------------------------------------- words
def _small(rng: Range | None) -> bool:
    return rng is not None and rng.low is not None and rng.high is not None and rng.high - rng.low < SMALL_RANGE


def _domain(tp: Any, players: Sequence[str]) -> list[str]:
    """Every word a field of annotation ``tp`` can be written with."""
    tp, constraints = strip_annotated(tp)
    rng = next((c for c in constraints if isinstance(c, Range)), None)
    names = next((c for c in constraints if isinstance(c, Names)), None)
    if tp is int:
        if _small(rng):
            assert rng is not None and rng.low is not None and rng.high is not None
            return [str(v) for v in range(rng.low, rng.high + 1)]
        sign = ["-"] if rng is None or rng.low is None or rng.low < 0 else []
        return sign + list(DIGITS) + [END]
    if tp is bool:
        return ["yes", "no"]
    if tp is str:
        return names.ordered() if names is not None else list(players)
    if typing.get_origin(tp) is typing.Literal:
        return [str(a) for a in typing.get_args(tp)]
    inner = optional_inner(tp, constraints)
    if inner is not None:
        return [NONE, *_domain(inner, players)]
    item = tuple_item(tp, constraints)
    if item is not None:
        return [*_domain(item, players), END]
    if typing.get_origin(tp) is tuple:
        return [w for arg in typing.get_args(tp) for w in _domain(arg, players)]
    raise TypeError(f"no OpenSpiel words for an action field of type {tp!r}")


def _writer(tp: Any) -> Callable[[Any], list[str]]:
    """How a value of annotation ``tp`` is written as words (see the module)."""
    tp, constraints = strip_annotated(tp)
    rng = next((c for c in constraints if isinstance(c, Range)), None)
    if tp is int:
        if _small(rng):
            return lambda v: [str(v)]
        return lambda v: (["-"] if v < 0 else []) + list(str(abs(v))) + [END]
    if tp is bool:
        return lambda v: ["yes" if v else "no"]
    if tp is str or typing.get_origin(tp) is typing.Literal:
        return lambda v: [str(v)]
    inner = optional_inner(tp, constraints)
    if inner is not None:
        write_inner = _writer(inner)
        return lambda v: [NONE] if v is None else write_inner(v)
    item = tuple_item(tp, constraints)
    if item is not None:
        write_item = _writer(item)
        return lambda v: [w for x in v for w in write_item(x)] + [END]
    if typing.get_origin(tp) is tuple:
        parts = [_writer(arg) for arg in typing.get_args(tp)]
        return lambda v: [w for part, x in zip(parts, v) for w in part(x)]
    raise TypeError(f"no OpenSpiel words for an action field of type {tp!r}")


class Vocabulary:
    """The fixed words of one game with these players, and the ids an action is entered with.

    ``words[i]`` is the word of action id ``i``: the verbs, then the words of every field
    type of every action class in declaration order (each word once).  It depends only on
    the game's action classes and the players' names."""

    def __init__(self, actions: Sequence[type[Action]], players: Sequence[str]):
        words: list[str] = []
        self.writers: dict[type, list[tuple[str, Callable[[Any], list[str]]]]] = {}
        for cls in actions:
            words.append(cls.VERB)
        for cls in actions:
            hints = typing.get_type_hints(cls, include_extras=True)
            fields = [f.name for f in dataclasses.fields(typing.cast(Any, cls))]
            self.writers[cls] = [(name, _writer(hints[name])) for name in fields]
            for name in fields:
                words.extend(_domain(hints[name], players))
        self.words: tuple[str, ...] = tuple(dict.fromkeys(words))
        self.index = {w: i for i, w in enumerate(self.words)}
        self._ids: dict[Action, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.words)

    def ids(self, action: Action) -> tuple[int, ...]:
        """The ids ``action`` is entered with (``KeyError`` for a word outside the vocabulary)."""
        found = self._ids.get(action)
        if found is None:
            words = [action.VERB]
            for name, write in self.writers[type(action)]:
                words.extend(write(getattr(action, name)))
            found = tuple(self.index[w] for w in words)
            if len(self._ids) > 200_000:
                self._ids.clear()
            self._ids[action] = found
        return found

    def text(self, ids: Sequence[int]) -> str:
        """The words of ``ids``, separated by spaces."""
        return " ".join(self.words[i] for i in ids)


# ----------------------------------------------------------------------------- positions
class _Shared:
    """Shared, never changed after it is made: OpenSpiel's ``Clone`` deep-copies a Python
    state's attributes, and copying our immutable states would only cost time."""

    def __deepcopy__(self, memo: dict) -> Any:
        return self


class _Kit(_Shared):
    """What every state of one OpenSpiel game shares: the rules, players, options, words."""

    def __init__(self, info: GameInfo, players: Sequence[str], options: dict[str, Any]):
        self.info = info
        self.rules = info.rules
        self.players = tuple(players)
        self.options = info.check_options(options)
        self.vocabulary = Vocabulary(self.rules.ACTIONS, self.players)
        self._recent: OrderedDict[_Position, None] = OrderedDict()

    def remember(self, position: _Position) -> None:
        """Keep the worked-out parts of the :data:`CACHED` positions used last; older
        positions (a long history of clones) forget theirs and work them out again if asked."""
        self._recent[position] = None
        self._recent.move_to_end(position)
        if len(self._recent) > CACHED:
            self._recent.popitem(last=False)[0].forget()


class _Position(_Shared):
    """One engine state with what OpenSpiel asks of it, worked out once: the mover's
    legal actions by their ids, the legal next ids after each prefix, the texts."""

    def __init__(self, kit: _Kit, state: Any):
        self.kit = kit
        self.state = state
        self.over = bool(kit.rules.is_over(state))
        actor = () if self.over else tuple(kit.rules.actor(state))
        self.mover = actor[0] if actor else None
        self._table: dict[tuple[int, ...], Action] | None = None
        self._next: dict[tuple[int, ...], list[int]] = {}
        self._text: str | None = None
        self._views: dict[str, str] = {}

    def forget(self) -> None:
        """Drop what was worked out (see :meth:`_Kit.remember`)."""
        self._table, self._next, self._text, self._views = None, {}, None, {}

    @property
    def table(self) -> dict[tuple[int, ...], Action]:
        """The mover's legal actions by the ids they are entered with."""
        if self._table is None:
            table: dict[tuple[int, ...], Action] = {}
            if self.mover is not None:
                for action in self.kit.rules.legal_actions(self.state, player=self.mover):
                    ids = self.kit.vocabulary.ids(action)
                    if ids in table:
                        raise ValueError(f"{action} and {table[ids]} are entered with the same ids")
                    table[ids] = action
            self._table = table
            self.kit.remember(self)
        return self._table

    def next_ids(self, prefix: tuple[int, ...]) -> list[int]:
        """The ids that may follow ``prefix`` (sorted)."""
        found = self._next.get(prefix)
        if found is None:
            n = len(prefix)
            found = sorted({ids[n] for ids in self.table if ids[:n] == prefix and len(ids) > n})
            self._next[prefix] = found
        return found

    def text(self) -> str:
        """The whole state as JSON (hidden parts included): OpenSpiel's ``__str__``."""
        if self._text is None:
            self._text = json.dumps(self.state.to_dict(), sort_keys=True, separators=(",", ":"))
            self.kit.remember(self)
        return self._text

    def view(self, player: str) -> str:
        """What ``player`` sees, as JSON."""
        found = self._views.get(player)
        if found is None:
            found = json.dumps(self.state.view(player).to_dict(), sort_keys=True, separators=(",", ":"))
            self._views[player] = found
            self.kit.remember(self)
        return found


# ----------------------------------------------------------------------------- pyspiel classes
class KitState(pyspiel.State):
    """A position of a fresco_kit game for OpenSpiel (see the module)."""

    def __init__(self, game: KitGame):
        super().__init__(game)
        self._kit = game.kit
        self._position: _Position | None = None  # None: the deal is still to come
        self._prefix: tuple[int, ...] = ()
        self._deal: int | None = None

    # -- what the adapter adds
    @property
    def engine_state(self) -> Any:
        """The engine's state (``None`` before the deal)."""
        return None if self._position is None else self._position.state

    @property
    def entered(self) -> tuple[int, ...]:
        """The ids of the action being entered so far."""
        return self._prefix

    def mover_name(self) -> str | None:
        """The name of the player to act (``None`` at the deal and at the end)."""
        return None if self._position is None else self._position.mover

    def completions(self) -> list[Action]:
        """The mover's legal actions whose ids begin with those entered (all of them when
        none is entered; empty at the deal and at the end)."""
        if self._position is None or self._position.over:
            return []
        n = len(self._prefix)
        return [a for ids, a in self._position.table.items() if ids[:n] == self._prefix]

    def with_engine_state(self, state: Any) -> KitState:
        """A copy of this state whose engine state is ``state`` (same history and entered ids)."""
        copy = self.clone()
        assert isinstance(copy, KitState)
        copy._position = _Position(self._kit, state)
        return copy

    # -- the OpenSpiel API
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` at the deal, ``TERMINAL`` once the game is over."""
        if self._position is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._position.over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert self._position.mover is not None
        return self._kit.players.index(self._position.mover)

    def _legal_actions(self, player: int) -> list[int]:
        """The ids that may be entered next (sorted)."""
        assert self._position is not None
        if self._position.over or self._kit.players[player] != self._position.mover:
            return []
        return self._position.next_ids(self._prefix)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal: one setup seed, drawn from the game's generator the first time it is asked."""
        if self._deal is None:
            game = self.get_game()
            assert isinstance(game, KitGame)
            self._deal = game.next_deal()
        return [(self._deal, 1.0)]

    def _apply_action(self, action: int) -> None:
        """Deal (the chance node), or enter one id and play the action once it is complete."""
        kit = self._kit
        if self._position is None:
            if not 0 <= action < DEALS:
                raise ValueError(f"a deal is a seed from 0 to {DEALS - 1}, not {action}")
            self._deal = action
            start = kit.rules.new_state(list(kit.players), action, kit.options)
            self._position = _Position(kit, start)
            return
        prefix = (*self._prefix, action)
        chosen = self._position.table.get(prefix)
        if chosen is None:
            if action not in self._position.next_ids(self._prefix):
                raise ValueError(f"id {action} ({kit.vocabulary.words[action]!r}) cannot follow {self._prefix}")
            self._prefix = prefix
            return
        after = stepper(kit.rules)(self._position.state, chosen)
        self._position = _Position(kit, after)
        self._prefix = ()

    def _action_to_string(self, player: int, action: int) -> str:
        """The word an id stands for (``deal <seed>`` at the chance node)."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._kit.vocabulary.words[action]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._position is not None and self._position.over

    def returns(self) -> list[float]:
        """Each player's share of the victory at the end (see the module); zeros before."""
        if self._position is None or not self._position.over:
            return [0.0] * len(self._kit.players)
        share = rewards(self._kit.rules, self._position.state, "win")
        return [float(share[p]) for p in self._kit.players]

    def observation_text(self, player: int) -> str:
        """What seat ``player`` sees (see the module)."""
        if self._position is None:
            return "before the deal"
        name = self._kit.players[player]
        text = self._position.view(name)
        if self._prefix and self._position.mover == name:
            text += f"\nentering: {self._kit.vocabulary.text(self._prefix)}"
        return text

    def __str__(self) -> str:
        """The whole state (hidden parts included) and the ids entered so far."""
        if self._position is None:
            return f"deal {self._deal}" if self._deal is not None else "before the deal"
        entered = f"\nentering: {self._kit.vocabulary.text(self._prefix)}" if self._prefix else ""
        return self._position.text() + entered


class _Observer:
    """OpenSpiel's Python observer: strings only (no tensors)."""

    def __init__(self, iig_obs_type: Any, params: dict | None):
        if params:
            raise ValueError(f"observation parameters are not supported, got {params!r}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError(
                "fresco_kit games give no perfect-recall information state: use observation_string "
                "(IS-MCTS: use_observation_string=True)"
            )
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: KitState, player: int) -> None:
        """Nothing to do: there is no tensor."""

    def string_from(self, state: KitState, player: int) -> str:
        """The observation of seat ``player`` (see :meth:`KitState.observation_text`)."""
        return state.observation_text(player)


class KitGame(pyspiel.Game):
    """One fresco_kit game for OpenSpiel, set up from its parameters (see the module)."""

    info: GameInfo

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        info = self.info
        spec = _parameters(info)
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(
                f"{PREFIX}{info.name}: unknown parameter(s) {', '.join(unknown)}; known: {', '.join(spec)}"
            )
        values = {**spec, **params}
        count = values.pop("players")
        seed = values.pop("seed")
        info.check_player_count(count)
        self.kit = _Kit(info, info.players(count), values)
        self._deals = Rng(seed)
        game_info_ = pyspiel.GameInfo(
            num_distinct_actions=len(self.kit.vocabulary),
            max_chance_outcomes=DEALS,
            num_players=count,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(info), game_info_, {"players": count, "seed": seed, **values})

    def next_deal(self) -> int:
        """A fresh setup seed from the game's generator of deals."""
        return self._deals.randbelow(DEALS)

    def new_initial_state(self) -> KitState:
        """A new game, at the deal."""
        return KitState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict | None = None) -> _Observer:
        """The observer behind ``observation_string`` (see the module)."""
        return _Observer(iig_obs_type, params)


def _parameters(info: GameInfo) -> dict[str, Any]:
    """The OpenSpiel parameters of a game and their defaults: players, seed, word/number options."""
    out: dict[str, Any] = {"players": max(info.player_counts), "seed": 0}
    for option in info.options:
        if all(type(c) in (str, int, bool) for c in option.choices):
            out[option.name] = option.default
    return out


def _game_type(info: GameInfo) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=PREFIX + info.name,
        long_name=f"{info.title} (fresco_kit)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=_parameters(info),
    )


def _register(info: GameInfo) -> type[KitGame]:
    cls = type(
        f"{info.title.replace(' ', '')}Game", (KitGame,), {"info": info, "__doc__": f"{info.title} for OpenSpiel."}
    )
    pyspiel.register_game(_game_type(info), cls)
    return cls


#: the OpenSpiel game class of each game, by OpenSpiel short name (registered on import)
GAME_CLASSES: dict[str, type[KitGame]] = {PREFIX + info.name: _register(info) for info in games()}


def load(name: str, **params: Any) -> KitGame:
    """``pyspiel.load_game`` for a fresco_kit game by its kit name (``"sixtina"``), e.g.
    ``load("lorenzo", players=2, seed=7)``."""
    game_info(name)  # ValueError naming the games
    game = pyspiel.load_game(PREFIX + name, params)
    assert isinstance(game, KitGame)
    return game


# ----------------------------------------------------------------------------- search helpers
def _kit_state(state: Any) -> KitState:
    if not isinstance(state, KitState):
        raise TypeError(f"not a fresco_kit OpenSpiel state: {state!r}")
    return state


def resampler(seed: int = 0) -> Callable[[Any, int], KitState]:
    """A resampler for ``open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler``:
    ``(state, player) -> state`` with what ``player`` cannot see filled in at random by the
    game's ``determinize(view, rng)``."""
    rng = Rng(seed)

    def resample(state: Any, player: int) -> KitState:
        state = _kit_state(state)
        kit, engine = state._kit, state.engine_state
        if engine is None or state.is_terminal():
            return state.clone()
        return state.with_engine_state(kit.rules.determinize(engine.view(kit.players[player]), rng))

    return resample


class PlayoutEvaluator:
    """An evaluator for OpenSpiel's Python MCTS and IS-MCTS: finishes the action being
    entered at random, plays the game out with the game's own random player
    (``sample_action``), and returns each player's share of the victory (``"win"``) or
    the margin-nudged share (``"margin"``, see :func:`fresco_kit.sim.mcts.rewards`).
    The prior is uniform over the legal ids."""

    def __init__(self, seed: int = 0, reward: str = "margin", max_playout: int = 5000):
        self.rng = Rng(seed)
        self.reward = reward
        self.max_playout = max_playout

    def evaluate(self, state: Any) -> list[float]:
        """Each seat's reward at the end of one random playout from ``state``."""
        state = _kit_state(state)
        kit, position = state._kit, state._position
        if position is None:
            raise ValueError("deal first: the evaluator starts from a dealt game")
        rules, s = kit.rules, position.state
        step = stepper(rules)
        if state.entered:
            begun = self.rng.choice(state.completions())
            s = step(s, begun)
        for _ in range(self.max_playout):
            if rules.is_over(s):
                break
            action = rules.sample_action(s, self.rng)
            s = step(s, action)
        result = rewards(rules, s, self.reward)
        return [float(result[p]) for p in kit.players]

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Uniform over the legal ids."""
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class KitBot(pyspiel.Bot):
    """A bot of :mod:`fresco_kit.sim.bots` (``"kit"``, ``"greedy"``, ``"mcts"``, ...) playing
    in OpenSpiel: at the start of each action it asks the bot for the whole action, then
    enters its ids one by one.  ``bot`` is a :class:`~fresco_kit.sim.base.Bot` or its name."""

    def __init__(self, bot: Bot | str = "kit", seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.bot = make_bot(bot) if isinstance(bot, str) else bot
        self.rng = Rng(seed)
        self._plan: tuple[int, ...] = ()

    def step(self, state: Any) -> int:
        """The next id of the action the bot chose (when the action was begun by someone
        else and the bot's choice does not begin so, a random legal one that does)."""
        state = _kit_state(state)
        entered, n = state.entered, len(state.entered)
        if not entered or self._plan[:n] != entered:
            kit, name = state._kit, state.mover_name()
            if name is None:
                raise ValueError("no one is to act: deal first, and stop at the end")
            plan = kit.vocabulary.ids(self.bot.choose(kit.rules, state.engine_state, name, self.rng))
            if plan[:n] != entered:
                plan = kit.vocabulary.ids(self.rng.choice(state.completions()))
            self._plan = plan
        return self._plan[n]

    def restart_at(self, state: Any) -> None:
        """Forget the action being entered."""
        self._plan = ()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to remember: the bot looks at the position itself."""
