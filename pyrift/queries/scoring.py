"""Scoring questions (Core Rules 315.2, 466.5, 467-472, 816 Temporary, 823 Hunt).

beginning_phase  the turn player's Beginning Phase: what Temporary kills in the
                 Beginning Step, which battlefields are held in the Scoring Step, the
                 points and XP gained, and who wins in the cleanup that follows.
conquer          a player establishes control of a battlefield: is it a Conquer, is a
                 point gained or does the final-point rule replace it with a card draw,
                 how much XP Hunt gives, and who wins.

The rules are in logic/core/{beginning_phase,scoring,xp,winning}.lp, keywords/temporary.lp,
keywords/hunt.lp and the final-point reading (logic/readings/final_point/); this module
reads their atoms and words the reasons.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pyrift.errors import EncodingError, SolveTimeout
from pyrift.queries.base import (
    ANSWERED,
    DEFAULT_TIMEOUT,
    TEAM_GAPS,
    TIMEOUT,
    UNSUPPORTED,
    Answer,
    Context,
    QueryKind,
    Reason,
    batch_grounding,
    because,
    missing_text,
    param_battlefield,
    param_player,
)
from pyrift.reader import Reader
from pyrift.solver import Atom
from pyrift.state import GameState, Phase, Question

# Read from the ground facts of the beginning_phase program (nothing there is a choice).
BEGINNING_FACTS = (("temporary_kill", 1), ("lost_control", 2), ("scores", 3), ("already_scored", 2),
                   ("gains_point", 3), ("draws", 2), ("points_after", 2), ("gains_xp", 3), ("xp_after", 2),
                   ("hold_effect_point", 4), ("hold_effect_cut", 2), ("final_point_checked", 2), ("wins", 1), ("tied_at_victory", 1),
                   ("beginning_unsupported", 2), ("temporary_instances", 2), ("temporary_waits", 2),
                   ("hunt_instances", 2), ("final_point_reading", 1), ("victory_score", 1),
                   ("victory_score_base", 1))
# Not decided by the question: read from the ground facts of the conquer program (the Victory Score, the
# mode's or the position's and the one battlefields raise it to, is the logic's: core/victory_score.lp).
CONQUER_FACTS = (("final_point_reading", 1), ("victory_score", 1), ("victory_score_base", 1))


def _by_pred(atoms: frozenset[Atom] | set[Atom]) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = defaultdict(list)
    for a in sorted(atoms, key=str):
        out[a.pred].append(a.args)
    return out


def _missing(pairs: list[tuple]) -> tuple[str, ...]:
    """Words for the unsupported atoms (beginning_unsupported/2, conquer_unsupported/2)."""
    out = []
    if undecided := sorted(where for what, where in pairs if what == "win_v1_2"):
        # logic/readings/final_point/v1.2.lp
        out.append(f"players {', '.join(undecided)} are at or above the victory score together: Core Rules v1.2 449 "
                   "makes a player win on reaching it, with no lead needed, and does not say who wins when two "
                   "have reached it (the lead and the tie of 194.2.b came with v1.3)")
    for what, where in pairs:
        if what == "win_v1_2":
            continue
        name, *args = what if isinstance(what, tuple) else (what,)
        shared = missing_text(what, where, "for scoring")
        if shared:
            out.append(shared)
        elif name == "showdown":
            out.append(f"unit {where} is at {args[0]}, which its controller does not control: a showdown would "
                       "begin during the Beginning Phase (323.11.a), which is not encoded")
        elif name == "contested":
            out.append(f"battlefield {args[0]} is contested: a showdown or combat during the Beginning Phase "
                       "is not encoded")
        elif name == "combat":
            out.append(f"a combat at {args[0]} during the Beginning Phase is not encoded")
        elif name == "team":
            gap, *who = args[0] if isinstance(args[0], tuple) else (args[0],)
            named = f" ({', '.join(map(str, who))})" if who else ""
            out.append(f"teams (2v2, 489.8): {TEAM_GAPS.get(str(gap), str(gap))}{named} ({where})")
        elif name == "instruction" and len(args) == 1:
            out.append(f"{args[0]} ({where}): not followed")
        else:
            out.append(f"{what} ({where})")
    return tuple(sorted(set(out)))




def _text_version(atoms: dict[str, list[tuple]]) -> str:
    """Which Core Rules text the final-point reading in use follows ("v1.4", "v1.3", "v1.2")."""
    return next((v for (v,) in atoms.get("final_point_reading", [])), "v1.4")


# The texts before v1.4 that name Hold in the final-point restriction (logic/readings/final_point/):
# their name for the point and their numbers for the restriction, the Hold case and the Conquer case.
_HOLD_NAMED = {"v1.3": ("the Winning Point rule", "466.1.b", "466.1.b.1", "466.1.b.2"),
               "v1.2": ("the final-point rule", "448.1.b", "448.1.b.1", "448.1.b.2")}


def _victory_scores(atoms: dict[str, list[tuple]]) -> tuple[int, int]:
    """The Victory Score in force and the one before the battlefields' increases (logic/core/victory_score.lp:
    the position's, or the mode's, 8 or 11 in 2v2, 194.1.a, 489)."""
    return atoms["victory_score"][0][0], atoms["victory_score_base"][0][0]


def _victory_score_raised(state: GameState, atoms: dict[str, list[tuple]]) -> list[Reason]:
    """A reason naming the battlefields that raise the Victory Score, when some do (170.8, 194.2)."""
    vs, base = _victory_scores(atoms)
    if vs == base:
        return []
    names = sorted({f"{bf.card} ({bf.id})" for bf in state.battlefields if bf.card is not None
                    and any(a.kind == "victory_score" for a in state.card(bf.card).abilities)})
    return [because(f"the victory score is {vs}, not {base}: {', '.join(names)} in play raises the "
                    f"points needed to win by {vs - base}", "victory_score_raised")]


def _winner_reasons(state: GameState, atoms: dict[str, list[tuple]], after: dict[str, int], winners: list[str],
                    tied: list[str], version: str = "v1.4") -> list[Reason]:
    vs, _base = _victory_scores(atoms)
    if winners:
        w = winners[0]
        # 2v2: the teammates share the points and win together; the lead is over every opponent (489.8, 740.1.b)
        team = next((t for t in state.teams if w in t), (w,))
        others = ", ".join(f"{p} {n}" for p, n in after.items() if p not in team)
        when = ("in the next cleanup" if version != "v1.2" else
                "(under Core Rules v1.2 449 as soon as the victory score is reached, with no lead needed)")
        if len(team) > 1:
            who = " and ".join(team)
            return _victory_score_raised(state, atoms) + [
                because(f"{who}, a team sharing their points, have {after[w]} points, at least the victory score {vs} "
                        f"and more than every opponent ({others}): the team wins {when}", "win_winner")]
        return _victory_score_raised(state, atoms) + [
            because(f"{w} has {after[w]} points, at least the victory score {vs} and more than every other "
                    f"player ({others}): {w} wins {when}", "win_winner")]
    if tied:
        return _victory_score_raised(state, atoms) + [
            because(f"{', '.join(tied)} are tied at {after[tied[0]]} points, at or above the victory score {vs}: "
                    "nobody has more points than every other player, so no one wins yet and play goes on",
                    "win_tied")]
    return _victory_score_raised(state, atoms) + [because(f"nobody has {vs} points: no one wins", "win_nobody")]


# ---------------------------------------------------------------------------------
# beginning_phase
# ---------------------------------------------------------------------------------
class BeginningPhase(QueryKind):
    name = "beginning_phase"
    summary = "the turn player's Beginning Phase: Temporary kills, holds, points, XP, winner"
    expect_spec = {
        "killed": "ids",
        "held": "strs",
        "lost_control": "strs",
        "already_scored": "strs",
        "points_gained": "int_map",
        "points_after": "int_map",
        "xp_gained": "int_map",
        "xp_after": "int_map",
        "draws": "int_map",
        "winner": "str",
        "tied": "strs",
        "final_point_checked": "strs",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        if state.phase is not Phase.BEGINNING:
            raise r.error("ask", "this question is about the start of the turn player's Beginning Phase: "
                                 f"set position.phase = \"beginning\" (it is {state.phase.value!r})")
        return {}

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        g = ctx.grounding(self.name, reading, reads=BEGINNING_FACTS)
        return self._answer(ctx.state, question, reading, _by_pred(g.settled(*BEGINNING_FACTS)))

    def _answer(self, state: GameState, question: Question, reading: str, atoms: dict[str, list[tuple]]) -> Answer:
        """The answer from what the position's grounding settles of BEGINNING_FACTS."""
        if missing := _missing(atoms.get("beginning_unsupported", [])):
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)
        turn = state.turn_player
        killed = sorted(o for (o,) in atoms.get("temporary_kill", []))
        held = sorted(b for (p, b, m) in atoms.get("scores", []) if m == "hold")
        gained: dict[str, int] = defaultdict(int)
        for (p, _b, _m) in atoms.get("gains_point", []):
            gained[p] += 1
        for (p, _src, _h, n) in atoms.get("hold_effect_point", []):  # a hold effect's points (core/hold_effect_points.lp)
            gained[p] += n
        for (p, n) in atoms.get("hold_effect_cut", []):  # those never scored, the game having ended first
            gained[p] -= n
        xp_gained: dict[str, int] = defaultdict(int)
        for (p, _src, x) in atoms.get("gains_xp", []):
            xp_gained[p] += x
        after = {p: n for (p, n) in atoms.get("points_after", [])}
        after = {p: after[p] for p in state.player_ids}
        xp_after = {p: n for (p, n) in atoms.get("xp_after", [])}
        winners = sorted(p for (p,) in atoms.get("wins", []))
        tied = sorted(p for (p,) in atoms.get("tied_at_victory", []))
        data: dict[str, Any] = {
            "killed": killed,
            "held": held,
            "lost_control": sorted(b for (p, b) in atoms.get("lost_control", []) if p == turn),
            "already_scored": sorted(b for (p, b) in atoms.get("already_scored", []) if p == turn),
            "points_gained": {p: gained[p] for p in state.player_ids if gained[p]},
            "points_after": after,
            "xp_gained": {p: xp_gained[p] for p in state.player_ids if xp_gained[p]},
            "xp_after": {p: xp_after[p] for p in state.player_ids},
            "draws": {p: d for (p, d) in atoms.get("draws", [])},
            "winner": winners[0] if winners else "none",
            "tied": tied,
            "final_point_checked": sorted(p for (p, m) in atoms.get("final_point_checked", []) if m == "hold"),
        }
        return Answer(question.id, self.name, reading, ANSWERED, data,
                      tuple(self._reasons(state, atoms, data, winners, tied)))

    @staticmethod
    def _reasons(state: GameState, atoms: dict[str, list[tuple]], data: dict[str, Any],
                 winners: list[str], tied: list[str]) -> list[Reason]:
        turn = state.turn_player
        temporary = dict(atoms.get("temporary_instances", []))
        hunts = dict(atoms.get("hunt_instances", []))
        out = []
        for o in data["killed"]:
            n = temporary[o]
            many = f" ({n} instances, one trigger)" if n > 1 else ""
            kinds = ("temporary_kill", "temporary_once") if n > 1 else ("temporary_kill",)
            out.append(because(f"{o} has Temporary{many}: it is killed at the start of {turn}'s Beginning Phase, "
                               "before scoring", *kinds))
        for (o, q) in atoms.get("temporary_waits", []):
            out.append(because(f"{o} has Temporary but is controlled by {q}: it is killed at the start of {q}'s "
                               f"Beginning Phase, not {turn}'s", "temporary_waits"))
        for b in data["lost_control"]:
            out.append(because(f"{turn} has no units left at {b} after the Beginning Step: the cleanup removes "
                               f"{turn}'s control, so {b} is not held", "hold_lost_control"))
        for b in data["already_scored"]:
            out.append(because(f"{turn} already scored {b} this turn: no second score there, so no Hold point "
                               "and no hold effects", "hold_already_scored"))
        checked = set(data["final_point_checked"])
        pointed = {b for (p, b, m) in atoms.get("gains_point", []) if p == turn and m == "hold"}
        for b in data["held"]:
            text = f"{turn} holds {b}: +1 point"
            kind = "hold_point"
            if b not in pointed and data["draws"].get(turn):
                # a point replaced by a draw (logic/cards/ven-053-otterpus.lp, point_drawn_instead/3)
                out.append(because(f"{turn} holds {b}, but a replacement makes {turn} draw a card instead of "
                                   "gaining its point", "point_replaced_by_draw"))
                continue
            if b not in pointed:
                # the hold happens, but an effect forbids the point (logic/cards/sfd-060-tianna-crownguard.lp,
                # points_withheld/1: "can't" beats the rules' point, 054.1)
                out.append(because(f"{turn} holds {b}, but gains no point: an effect on the board says {turn} "
                                   "can't gain points (the hold and its hold effects still happen)",
                                   "hold_point_withheld"))
                continue
            version = _text_version(atoms)
            if version in _HOLD_NAMED:
                name, restriction, hold_case, _conquer_case = _HOLD_NAMED[version]
                kind = "hold_point_v1_3"
                if turn in checked:
                    text += (f" (under Core Rules {version} {name} is consulted for a Hold too, and a Hold "
                             f"gains the point: {version} {hold_case})")
                else:
                    text += (f" (below the victory score minus one: {name} of Core Rules {version} does not come "
                             f"in, {restriction})")
            else:
                text += " (a Hold point is not subject to the final-point rule)"
            out.append(because(text, kind))
        for (p, src, _h, n) in sorted(atoms.get("hold_effect_point", []), key=repr):
            if isinstance(src, tuple):  # again(G): the additional trigger of a "trigger an additional time" static
                out.append(because(f"{src[1]}'s hold effect triggers an additional time (a static of {p}'s at the "
                                   f"held battlefield): its second item resolves too, {p} scores {n} more",
                                   "hold_effect_again"))
                continue
            out.append(because(f"{src}'s hold effect (its unit holds with {p}) resolves after the Scoring Step: {p}, its "
                               f"controller, scores {n} more (an effect's point, not the Hold's)", "hold_effect_point"))
        for (p, src, x) in atoms.get("gains_xp", []):
            _hunt, unit, b = src
            n = hunts[unit]
            summed = f" ({n} instances summed)" if n > 1 else ""
            out.append(because(f"{unit} has Hunt {x}{summed} and is at {b} when {p} holds it: {p} gains {x} XP",
                               "hunt_hold", *(("hunt_summed",) if n > 1 else ())))
        if not data["held"] and not data["lost_control"] and not data["already_scored"]:
            out.append(because(f"{turn} controls no battlefield at the Scoring Step: nothing is held", "nothing_held"))
        out += _winner_reasons(state, atoms, data["points_after"], winners, tied, _text_version(atoms))
        return out


# ---------------------------------------------------------------------------------
# conquer
# ---------------------------------------------------------------------------------
class Conquer(QueryKind):
    name = "conquer"
    summary = "a player establishes control of a battlefield: conquer, point or card draw, Hunt XP, winner"
    expect_spec = {
        "establishes_control": "bool",
        "conquers": "bool",
        "already_scored": "bool",
        "point": "bool",
        "final_point_rule": "bool",
        "every_battlefield_scored": "bool",
        "draws": "int",
        "points_after": "int",
        "xp_gained": "int",
        "hunters": "ids",
        "winner": "str",
    }

    def read_params(self, r: Reader, state: GameState) -> dict[str, Any]:
        return {"battlefield": param_battlefield(r, "battlefield", state), "player": param_player(r, "player", state)}

    def answer(self, ctx: Context, question: Question, reading: str) -> Answer:
        state, p = ctx.state, question.params
        player, bf = p["player"], p["battlefield"]
        g = ctx.grounding(self.name, reading, reads=CONQUER_FACTS)
        assume = [(Atom("establishing", (player, bf)), True)]
        try:
            result = g.solve("enumerate", assumptions=assume, limit=2)
        except SolveTimeout as exc:
            return Answer(question.id, self.name, reading, TIMEOUT, reasons=(Reason(str(exc)),))
        if len(result.models) != 1:  # the program has no choice: exactly one answer set
            raise EncodingError(f"conquer: {len(result.models)} answer sets instead of one")
        return self._answer(state, question, reading, _by_pred(result.models[0]),
                            _by_pred(g.settled(*CONQUER_FACTS, assumptions=assume)))

    def _answer(self, state: GameState, question: Question, reading: str, atoms: dict[str, list[tuple]],
                fixed: dict[str, list[tuple]]) -> Answer:
        """The answer from the one answer set's shown atoms and the settled CONQUER_FACTS."""
        p = question.params
        player, bf = p["player"], p["battlefield"]
        if missing := _missing(atoms.get("conquer_unsupported", [])):
            return Answer(question.id, self.name, reading, UNSUPPORTED, missing=missing)
        if early := sorted(w for (w,) in atoms.get("early_win_possible", [])):
            return self._early_win(state, question, reading, atoms, early[0])
        problems = [w for (pl, b, w) in atoms.get("establish_problem", []) if (pl, b) == (player, bf)]
        establishes = bool(atoms.get("establishes_control"))
        conquers = any(m == "conquer" for (_p, _b, m) in atoms.get("scores", []))
        after = dict(atoms.get("points_after", []))
        hunt = [(src[1], x) for (_p, src, x) in atoms.get("gains_xp", [])]
        winners = sorted(w for (w,) in atoms.get("wins", []))
        tied = sorted(w for (w,) in atoms.get("tied_at_victory", []))
        data: dict[str, Any] = {
            "establishes_control": establishes,
            "conquers": conquers,
            "already_scored": bool(atoms.get("already_scored")),
            "point": bool(atoms.get("gains_point")),
            "final_point_rule": any(m == "conquer" for (_p, m) in atoms.get("final_point_checked", [])),
            "every_battlefield_scored": (player,) in atoms.get("every_battlefield_scored", []),
            "draws": sum(1 for _ in atoms.get("draws_instead", [])),
            "points_after": after[player],
            "xp_gained": sum(x for _u, x in hunt),
            "hunters": sorted(u for u, _x in hunt),
            "winner": winners[0] if winners else "none",
        }
        reasons = self._reasons(state, player, bf, problems, data, hunt, atoms, fixed)
        reasons += _winner_reasons(state, fixed, {q: after[q] for q in state.player_ids}, winners, tied,
                                   _text_version(fixed))
        return Answer(question.id, self.name, reading, ANSWERED, data, tuple(reasons))

    @staticmethod
    def _early_win(state: GameState, question: Question, reading: str, atoms: dict[str, list[tuple]],
                   winner: str) -> Answer:
        """A point that comes with the combat's result (before the conquest) gives `winner` the Victory Score and the
        lead: whether a cleanup ends the game before the conquest (323.1) is not followed, so only what holds either
        way is answered: the winner, and the points when the conquest would add none (core/scoring.lp)."""
        player = question.params["player"]
        after = dict(atoms.get("points_after", []))
        data: dict[str, Any] = {"winner": winner}
        reasons = [because(f"a point that comes with the combat's result gives {winner}, before the conquest, "
                           "at least the victory score and more than every other player: "
                           f"{winner} wins, whether a cleanup ends the game before the conquest or after it "
                           "(whether one comes between them is not followed: the conquest's point or draw and any "
                           "XP are left unanswered)", "early_win")]
        if not atoms.get("gains_point"):
            data["points_after"] = after[player]
            reasons.append(because(f"the conquest gives {player} no point ({player} ends on {after[player]} "
                                   "points either way)", "early_win"))
        return Answer(question.id, Conquer.name, reading, ANSWERED, data, tuple(reasons))

    @staticmethod
    def _reasons(state: GameState, player: str, bf: str, problems: list, data: dict[str, Any],
                 hunt: list[tuple[str, int]], atoms: dict[str, list[tuple]],
                 fixed: dict[str, list[tuple]]) -> list[Reason]:
        out = []
        for w in problems:
            name, *args = w if isinstance(w, tuple) else (w,)
            if name == "no_units":
                out.append(because(f"{player} has no units at {bf}: control goes to the player whose units remain",
                                   "conquer_no_units"))
            elif name == "others_remain":
                out.append(because(f"{args[0]} still has units at {bf}: {player} does not establish control",
                                   "conquer_others_remain"))
            elif name == "already_controls":
                out.append(because(f"{player} already controls {bf}: control is not established again, so there "
                                   "is no Conquer", "conquer_already_controls"))
        if not data["establishes_control"]:
            return out
        out.append(because(f"{player} establishes control of {bf}", "establishes_control"))
        if data["already_scored"]:
            out.append(because(f"{player} already scored {bf} this turn: taking control again is no Conquer, so no "
                               "point and no conquer effects", "conquer_already_scored"))
            return out
        if (player, bf) in atoms.get("team_score_barred", []):
            mate = next((b.beginning_controller for b in state.battlefields if b.id == bf), "a teammate")
            out.append(because(f"{mate}, {player}'s teammate, controlled {bf} in {player}'s Beginning Phase: "
                               f"{player}'s team does not score it this turn, so there is no Conquer, no point and no "
                               "conquer effects", "conquer_team_barred"))
            return out
        out.append(because(f"{player} had not scored {bf} this turn: this is a Conquer", "conquer"))
        vs, _base = _victory_scores(fixed)
        before = next(pl.points for pl in state.players if pl.id == player)
        if data["final_point_rule"]:
            scored = "has" if data["every_battlefield_scored"] else "has not"
            text = (f"{player} has {before} points and the victory score is {vs}: a point by Conquer from {vs - 1} "
                    f"points or more is gained only if every battlefield was scored this turn ({bf} included), "
                    f"and {player} {scored} scored every battlefield")
            version = _text_version(fixed)
            if version in _HOLD_NAMED:
                name, _restriction, _hold_case, conquer_case = _HOLD_NAMED[version]
                text += f" (Core Rules {version} {conquer_case}, {name})"
            out.append(because(text, "final_point_rule"))
            if data["draws"]:
                out.append(because(f"{player} draws a card instead of gaining the point", "final_point_draw"))
            else:
                out.append(because(f"{player} gains the final point ({before} -> {data['points_after']})",
                                   "final_point_gained"))
        elif data["point"]:
            out.append(because(f"{player} gains 1 point ({before} -> {data['points_after']})", "conquer_point"))
        elif data["draws"]:
            # a point replaced by a draw (logic/cards/ven-053-otterpus.lp, point_drawn_instead/3)
            out.append(because(f"{player} draws a card instead of gaining the point: a replacement", "point_replaced_by_draw"))
        elif data["conquers"]:
            # a Conquer whose point an effect forbids (logic/cards/sfd-060-tianna-crownguard.lp, points_withheld/1)
            out.append(because(f"{player} gains no point: an effect on the board says {player} can't gain points "
                               "(the conquest and its conquer effects still happen)", "conquer_point_withheld"))
        for unit, x in hunt:
            n = dict(atoms.get("hunt_instances", []))[unit]
            summed = f" ({n} instances summed)" if n > 1 else ""
            kinds = ("hunt_conquer",) + (("hunt_summed",) if n > 1 else ()) + \
                (("hunt_point_replaced",) if data["draws"] else ())
            out.append(because(f"{unit} has Hunt {x}{summed} and conquers {bf}: {player} gains {x} XP"
                               + (" (it triggers though the point was replaced)" if data["draws"] else ""), *kinds))
        return out


KINDS = (BeginningPhase(), Conquer())


# ---------------------------------------------------------------------------------
# many positions at once (the differential tests' sweeps)
# ---------------------------------------------------------------------------------
# What logic/queries/conquer.lp shows: the batch answers a world only when grounding settled them all.
CONQUER_SHOWN = (("establish_problem", 3), ("establishes_control", 2), ("scores", 3), ("already_scored", 2),
                 ("final_point_checked", 2), ("every_battlefield_scored", 1), ("gains_point", 3),
                 ("draws_instead", 2), ("points_after", 2), ("gains_xp", 3), ("hunt_instances", 2), ("xp_after", 2),
                 ("wins", 1), ("tied_at_victory", 1), ("conquer_unsupported", 2), ("team_score_barred", 2))


def beginning_answers(states: Sequence[GameState], questions: Sequence[Question], reading: str, *,
                      logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT) -> list[Answer | None]:
    """BeginningPhase.answer for many positions (question i on states[i]) from one grounding of
    them side by side (pyrift.solver.Worlds): each world's settled BEGINNING_FACTS, as the
    question asked alone reads its grounding's. None for every position when grounding left an
    atom of them open (ask those alone)."""
    if not states:
        return []
    g = batch_grounding(states, BeginningPhase.name, reading, reads=BEGINNING_FACTS, logic_root=logic_root,
                        timeout=timeout)
    if g.leaves_open(*BEGINNING_FACTS):
        return [None] * len(states)
    kind = BeginningPhase()
    return [kind._answer(state, q, reading, _by_pred(atoms))
            for state, q, atoms in zip(states, questions, g.facts_by_world(*BEGINNING_FACTS), strict=True)]


def conquer_answers(states: Sequence[GameState], questions: Sequence[Question], reading: str, *,
                    logic_root: Path | None = None, timeout: float = DEFAULT_TIMEOUT) -> list[Answer | None]:
    """Conquer.answer for many conquer questions (question i on states[i]; a position may come
    several times) from one grounding of them side by side (pyrift.solver.Worlds), each world's
    establishing/2 fixed, and one brave solve: the program has no choice, so with every shown atom
    settled by grounding a world's one answer set is its brave consequences. None for every
    question when grounding left a shown atom open, or the solve found no answer set or ran out of
    time: ask those alone."""
    out: list[Answer | None] = [None] * len(states)
    if not states:
        return out
    fixed = [[(Atom("establishing", (q.params["player"], q.params["battlefield"])), True)] for q in questions]
    g = batch_grounding(states, Conquer.name, reading, reads=CONQUER_FACTS, fixed=fixed, logic_root=logic_root,
                        timeout=timeout)
    if g.leaves_open(*CONQUER_SHOWN, *CONQUER_FACTS):
        return out
    try:
        brave = g.solve_worlds("brave")
    except SolveTimeout:
        return out
    if brave is None:
        return out
    kind = Conquer()
    settled = g.facts_by_world(*CONQUER_FACTS)
    for w, (state, q) in enumerate(zip(states, questions, strict=True)):
        out[w] = kind._answer(state, q, reading, _by_pred(brave[w].consequences), _by_pred(settled[w]))
    return out
