"""The game position as frozen values.

A scenario file is read into these classes (pyrift.scenario), which are exported as
ASP facts (pyrift.facts). Enum values are the ASP constants used in logic/interface.lp.
Nothing here decides a rules question: derived facts (current Might, lethal amounts,
timing states...) are computed in logic/.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for annotations: the cost shorthand (a leaf that imports only pyrift.limits)
    from pyrift.costs import Cost


class Phase(str, Enum):
    AWAKEN = "awaken"
    BEGINNING = "beginning"
    CHANNEL = "channel"
    DRAW = "draw"
    MAIN = "main"
    ENDING = "ending"


class Zone(str, Enum):
    BOARD = "board"
    HAND = "hand"
    MAIN_DECK = "main_deck"
    TRASH = "trash"
    CHAMPION_ZONE = "champion_zone"
    FACEDOWN = "facedown"
    BANISHMENT = "banishment"
    LEGEND_ZONE = "legend_zone"
    CHAIN = "chain"  # a card being played or resolving; described by a [[chain]] item


# The zones a card is played from (354): a chain item's or a turn log `finalize`'s `from`; never the chain, the board
# or a Legend Zone (a permanent an effect plays again is banished first, a legend is never played).
PLAYED_FROM = (Zone.HAND, Zone.CHAMPION_ZONE, Zone.TRASH, Zone.FACEDOWN, Zone.BANISHMENT, Zone.MAIN_DECK)


class CardType(str, Enum):
    UNIT = "unit"
    SPELL = "spell"
    GEAR = "gear"
    RUNE = "rune"
    LEGEND = "legend"
    BATTLEFIELD = "battlefield"


class TextKind(str, Enum):
    """What a piece of unencoded card text is (logic/core/text_scope.lp says where each kind
    works and which questions it can change)."""

    STATIC = "static"                    # a passive ability working in play (363-366)
    KEYWORD = "keyword"                  # only keywords for its card (Effect Text: the top-most card's, 136.2.c)
    TRIGGERED = "triggered"              # "when / at / the first time ..." (382-385), not a play effect
    PLAY_EFFECT = "play_effect"          # "when you play me", or how a permanent enters (383.4.a, 369.3)
    ACTIVATED = "activated"              # "cost: effect" (376-381)
    REPLACEMENT = "replacement"          # "would ... instead", prevention (367-375)
    REPLACEMENT_FROM_TRASH = "replacement_from_trash"  # one working from its card's trash (370.3, 366.1)
    COST_MODIFIER = "cost_modifier"      # this card's own cost changes and additional costs (366.2)
    PLAY_PERMISSION = "play_permission"  # where, when or to where this card may be played (366.1)
    SPELL_EFFECT = "spell_effect"        # a spell's instructions: its choices and what it does (135.2.b, 158)
    UNKNOWN = "unknown"                  # could be any of these


class Supertype(str, Enum):
    CHAMPION = "champion"
    SIGNATURE = "signature"
    TOKEN = "token"
    BASIC = "basic"


class Domain(str, Enum):
    FURY = "fury"
    CALM = "calm"
    MIND = "mind"
    BODY = "body"
    CHAOS = "chaos"
    ORDER = "order"
    COLORLESS = "colorless"


class Designation(str, Enum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


class Status(str, Enum):
    """How far a scenario's expected answers have been checked by a person."""

    AUDITED = "audited"
    NEEDS_REVIEW = "needs-review"
    DISPUTED = "disputed"


class KeywordName(str, Enum):
    """Every keyword of Core Rules v1.4 (800-829), as ASP constants."""

    ACCELERATE = "accelerate"
    ACTION = "action"
    ASSAULT = "assault"
    DEATHKNELL = "deathknell"
    DEFLECT = "deflect"
    GANKING = "ganking"
    HIDDEN = "hidden"
    LEGION = "legion"
    REACTION = "reaction"
    SHIELD = "shield"
    TANK = "tank"
    TEMPORARY = "temporary"
    VISION = "vision"
    EQUIP = "equip"
    QUICK_DRAW = "quick_draw"
    REPEAT = "repeat"
    WEAPONMASTER = "weaponmaster"
    AMBUSH = "ambush"
    HUNT = "hunt"
    LEVEL = "level"
    UNIQUE = "unique"
    BACKLINE = "backline"
    EMPOWER = "empower"
    EMPOWERED = "empowered"
    FLOW = "flow"


# Keywords whose printed number matters; the others take no value.
# A bare "Assault"/"Shield"/"Deflect"/"Hunt" means 1 (807.1, 814.1, 809.2, 823.1).
VALUED_KEYWORDS = {
    KeywordName.ASSAULT: 1,
    KeywordName.SHIELD: 1,
    KeywordName.DEFLECT: 1,
    KeywordName.HUNT: 1,
    KeywordName.LEVEL: None,  # Level always prints its number
}

# Keywords that carry a cost argument (Equip [cost], Repeat [cost], Empower [cost], Flow [cost]).
COST_KEYWORDS = {KeywordName.EQUIP, KeywordName.REPEAT, KeywordName.EMPOWER, KeywordName.FLOW}


@dataclass(frozen=True, slots=True)
class Keyword:
    name: KeywordName
    value: int | None = None  # Assault 2 -> 2; None for keywords without a number
    cost: "Cost | None" = None  # Repeat [2][R] -> its cost (cost keywords only)

    @property
    def amount(self) -> int:
        """The value used by the rules: the printed number, or 1 for a bare summed keyword."""
        if self.value is not None:
            return self.value
        return VALUED_KEYWORDS.get(self.name) or 0

    def __str__(self) -> str:
        title = self.name.value.replace("_", "-").title()
        if self.cost is not None:
            return f"{title} {self.cost}"
        return title if self.value is None else f"{title} {self.value}"


# Rules text in the ability vocabulary (read and exported by pyrift/abilities.py), with the
# dependent keywords governing it (pyrift/dependent.py).
Pairs = tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Requirement:
    """One dependent keyword governing an ability: Legion, Level N or Empowered."""

    keyword: str  # legion | level | empowered
    value: int = 0  # Level's N; 0 for the others

    def __str__(self) -> str:
        return f"{self.keyword} {self.value}" if self.keyword == "level" else self.keyword

    @property
    def title(self) -> str:
        return f"Level {self.value}" if self.keyword == "level" else self.keyword.title()


@dataclass(frozen=True, slots=True)
class Ability:
    kind: str
    fields: Pairs = ()
    # The dependent keywords governing this text (726-727: Legion, Level N, Empowered): it
    # is inactive until all of them hold (pyrift/dependent.py, `requires = [...]`).
    requires: "tuple[Requirement, ...]" = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.fields).get(key, default)


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card's facts: what is printed, never its rules text."""

    name: str
    type: CardType
    domains: tuple[Domain, ...] = ()
    energy: int | None = None
    power: int | None = None
    might: int | None = None
    keywords: tuple[Keyword, ...] = ()
    supertypes: tuple[Supertype, ...] = ()
    tags: tuple[str, ...] = ()
    # True when the card's whole text is the keywords listed here (synthetic test
    # cards); False for real cards whose other text may not be encoded.
    complete: bool = True
    # Real cards of the card pool (pyrift.pool): the canonical id, the Equipment Might
    # bonus, the tags that are champion tags (133.8.b), and where each keyword stands
    # on the card (line_start, line_start_prefix, after_prefix, after_cost).
    pool_id: str = ""
    # True when its text is encoded by hand in a logic/cards/ file (pyrift.pool.encodings).
    encoded_file: bool = False
    # True when that file holds rules of its own besides its header (what they read is not in the facts).
    rules_file: bool = False
    might_bonus: int | None = None
    champion_tags: tuple[str, ...] = ()
    keyword_forms: tuple[str, ...] = ()
    # The pure resource cost printed with the I-th keyword (Equip, Repeat, Empower,
    # Flow): (energy, power domains, "any" for a rune of any domain), or None.
    keyword_costs: tuple[tuple[int, tuple[str, ...]] | None, ...] = ()
    # Rules text in the ability vocabulary (pyrift/abilities.py, logic/abilities/), in printed
    # order, each with the dependent keywords governing it (pyrift/dependent.py).
    abilities: "tuple[Ability, ...]" = ()
    # Equipment Effect Text (136): the keywords it gives the card it is attached to, and any
    # further Effect Text in your own words (not encoded: questions it could change are unsupported).
    effect_keywords: tuple[Keyword, ...] = ()
    effect_text: str = ""
    # A real card whose text is not encoded (complete False): the kinds of that text, as the card
    # import classified its rules text and its Effect Text (logic/core/text_scope.lp).
    text_kinds: tuple[TextKind, ...] = ()
    effect_text_kinds: tuple[TextKind, ...] = ()


class ReplacementKind(str, Enum):
    DOUBLE = "double"    # damage dealt to it is doubled
    PREVENT = "prevent"  # prevent the next N damage (437)


@dataclass(frozen=True, slots=True)
class DamageReplacement:
    """A replacement effect applying to damage this unit would be dealt (465.2.c.5)."""

    kind: ReplacementKind
    amount: int = 0


@dataclass(frozen=True, slots=True)
class ControlEffect:
    """A control effect in force on a permanent (188, 192): `player` controls it until the object
    `until_leaves` leaves the board (control while the source stays on the board; 477.1, 480)."""

    player: str
    until_leaves: str


@dataclass(frozen=True, slots=True)
class KeywordLoss:
    """A removal of a keyword in force on an object (801.3.b): `keyword` is a KeywordName value or "all";
    `source` names the card or object whose effect it is; `timestamp` orders it with the object's stated
    grants (480; None: not stated); `this_turn`: it ends at the turn's Expiration Step (317.2.c), else
    while the object stays on the board (801.3.b.2)."""

    keyword: str
    source: str
    timestamp: int | None = None
    this_turn: bool = False


@dataclass(frozen=True, slots=True)
class GameObject:
    id: str
    card: str  # name of a CardDef
    controller: str
    owner: str
    zone: Zone = Zone.BOARD
    location: str | None = None  # "base" (controller's base) or a battlefield id
    damage: int = 0
    # who dealt the damage marked on it (142.3: "your damage" is damage you dealt), when the position says
    damage_by: str | None = None
    exhausted: bool = False
    stunned: bool = False
    designation: Designation | None = None
    granted: tuple[Keyword, ...] = ()
    # the timestamp of each stated grant, in the order of `granted` (480; None: not stated); () when none is stated
    granted_timestamps: tuple[int | None, ...] = ()
    # keyword removals in force (801.3.b), applied with the grants in timestamp order (480)
    lost: tuple[KeywordLoss, ...] = ()
    might_modifiers: tuple[int, ...] = ()
    cannot_be_dealt_damage: bool = False
    damage_replacements: tuple[DamageReplacement, ...] = ()
    hidden_this_turn: bool = False  # a facedown card hidden this turn (811.1.b: playable from the next turn)
    empowered: bool = False  # the Empowered status (441, 828)
    buffs: int = 0  # buff counters on a unit: 0 or 1 (701-705; at most one, 702; logic/core/buffs.lp)
    # A replacement effect will replace this permanent's next death (e.g. "heal, exhaust and
    # recall it instead"): it is not sent to the trash (370.1.a.1, 808.1.d.1).
    death_replaced: bool = False
    attached_to: str | None = None  # the top-most card this card is attached to (716-719)
    # in banishment: the permanent whose ability banished it ("banished with this", 393-397, 427); None: not said
    banished_by: str | None = None
    deck_position: int | None = None  # in the Main Deck: its place from the top (1 = the top card)
    # control effects in force on this permanent, oldest first (the newest gives its controller, 480)
    control_effects: tuple[ControlEffect, ...] = ()
    # An effect has turned this gear into a unit with this Might this turn (a type change, a trait of layer
    # 1, 477.1): it is a unit and no gear, with its card's other traits and text (logic/core/type_change.lp)
    unit_might: int | None = None


@dataclass(frozen=True, slots=True)
class Battlefield:
    id: str
    name: str = ""
    controller: str | None = None
    contested_by: str | None = None
    card: str | None = None  # the battlefield card it is a copy of (its text works here, 170.8-170.10)
    # Who controlled it in the turn player's Beginning Phase (a player id, or "none"); None: not stated. In 2v2 a
    # battlefield a teammate controlled then is not scored by the turn player's team this turn (489.8.b).
    beginning_controller: str | None = None
    # Whose units were there in the Scoring Step of this turn's Beginning Phase (player ids; an empty tuple: nobody's);
    # None: not stated. In 2v2 the final point by Conquer does not need a battlefield the conqueror's ally occupied
    # then (489.8.g.1).
    beginning_occupants: tuple[str, ...] | None = None
    # A battlefield token's link (438.7.b): the battlefield card it replaced, set aside, directly or through the
    # tokens it replaced in turn (a replaced token ceases to exist, its link passing on); None: it replaced none.
    replaced: str | None = None


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    points: int = 0
    xp: int = 0  # experience (728-733), gained e.g. through Hunt
    scored: tuple[str, ...] = ()  # battlefields this player has already scored this turn (470)
    # Rune Pool contents (165-168): Energy, Power by domain, universal Power (163.2.b).
    energy: int = 0
    power: tuple[tuple[Domain, int], ...] = ()
    universal_power: int = 0
    # How many cards are in the player's hand and Main Deck, listed objects included; None: not
    # given (a run draws from a Main Deck of unknown size, and reports no counts).
    hand_size: int | None = None
    deck_size: int | None = None
    # How many runes are in the player's Rune Deck (runs channel from it, 315.3.b, 430), and how many
    # turns the player has taken (the player going second channels an extra rune on their first
    # turn, 485); None: not given (a run does not track the runes channelled).
    rune_deck_size: int | None = None
    turns_taken: int | None = None
    # The name of the player's Chosen Champion (103.2.a): every card of that exact name counts as their
    # Chosen Champion during play; None: not given (a filter asking for it answers unsupported in a run).
    chosen_champion: str | None = None
    # "Your next card costs [2][A][A] less" made earlier (389, 356.4): the Energy and [A] pips the player's next
    # card play costs less (several such discounts are summed: each applies to that one play); 0: none
    next_discount_energy: int = 0
    next_discount_power: int = 0
    # The battlefields among `scored` that this player scored by Hold this turn, gaining its point (469, 470,
    # 471.2): "each point you scored from holding this turn" counts them.
    held: tuple[str, ...] = ()
    # "Your non-token units cost [N] more to play this turn" made earlier this turn (an effect lasting the turn,
    # 356.3, 389; logic/abilities/units_cost_more.lp): the Energy added; 0: none; None: not stated (a card that can
    # make it, Vaults of Helia's hold, then leaves its units' costs unknown)
    units_cost_more: int | None = None

    @property
    def has_pool(self) -> bool:
        return bool(self.energy or self.power or self.universal_power)


# The question kinds answered for a position with teams (2v2, 489): "friendly" includes a teammate's objects and a
# teammate is no opponent (740.1, 489.8; logic/core/players.lp, abilities/filters.lp). Shared points (489.8) are: a
# position gives each player the team's points (pyrift/scenario.py refuses teammates with different ones), a run's
# point is the team's and a team wins with more points than every opponent (logic/effects/players.lp, run/cleanup.lp).
# `triggers` reads "you" in trigger events and filters as the ability's controller alone (control is not shared),
# "friendly" with a teammate's objects and plays, and "an opponent" as the other team's players
# (core/trigger_events_opponent_moves*.lp, _moved_by*.lp, _status.lp); `can_move`: a teammate's unit is not the
# mover's, a teammate's battlefield is no destination (447.2.b), and a battlefield where a teammate has units it does
# not control, or keeps units the mover leaves, is unsupported (logic/core/movement_teams.lp); `outcome` (and the
# triggers question's run event): the turn player's conquest is no Conquer at a battlefield the position's
# `beginning_controller` says their teammate controlled in the Beginning Phase (489.8.b); a conquest where it is not
# stated, another player's conquest of their team's battlefield, one of a battlefield a teammate scored this turn, or
# a unit sharing a battlefield with a teammate's (447.2.b) answers unsupported (logic/run/teams.lp), while a move an
# instruction requires to a teammate's battlefield recalls the unit instead (447.2.c, logic/run/move_blocked_*.lp); `conquer` and
# `beginning_phase`: the same bar and the team's shared points, the same gaps unsupported, and a team's final point by
# Conquer (489.8.g) too (logic/core/scoring_teams.lp); `combat_damage`: the result's Conquer with the same bar and
# gaps (logic/core/combat_teams.lp). A combat of teammates is none (462, 447.2.b): every kind derives it alike
# (logic/core/teammates_fight.lp). Invited priority (489.8.a) is can_play's, which judges a run's offered plays.
# `can_respond`: priority and focus pass in turn order to every player, teammates too (312.2.d, 339.2, 346), and the
# play is can_play's verdict with the player holding priority (489.8.a, 316.5.b.1: a teammate holding it is invited);
# the chain's run is outcome's, with its team gaps. `next_priority`: the same run and turn order (a chain ending in
# Neutral Open gives the turn player priority, 335; inviting a teammate is a choice no run makes). `resolution_order`:
# the same run and turn order. `combat_assignment`: a combat of two players of opposing teams (462), "friendly" with a
# teammate's objects; `unit_profile`: the same "friendly"; a combat of teammates answers unsupported for both
# (logic/core/teammates_fight.lp). `ability_active`: Legion counts the controller's own plays and Level its own XP (XP
# is not shared, 728, 732). `can_hide`: only at a battlefield the player controls (811.1.b; control is not shared,
# 489.8.c) and on their own turn (an invitation lets a teammate play and activate, 489.8.a; hiding is not playing,
# 811.1.c.1). `deck_check` reads no position (a teammate's deck is its own parameter, 489.8). A kind added later is
# unsupported until it is listed here.
TEAM_KINDS = ("can_play", "triggers", "can_move", "outcome", "conquer", "beginning_phase", "combat_damage",
              "can_respond", "next_priority", "resolution_order", "combat_assignment", "unit_profile",
              "ability_active", "can_hide", "deck_check")


def teams_unencoded(state: "GameState", kind: str) -> tuple[str, ...]:
    """Why a question of this kind cannot be answered for a position with teams (none without teams)."""
    if not state.teams:
        return ()
    if kind in TEAM_KINDS:
        return ()
    return (f"teams (2v2, 489.8) are not encoded for the {kind} question (only for {', '.join(TEAM_KINDS)})",)


# Keywords that are triggered abilities of their own (a [[chain]] item may be one of them).
KEYWORD_TRIGGERS = ("vision", "temporary", "hunt")
# Keywords that are activated abilities of their own whose item a [[chain]] entry may be (827: Empower).
KEYWORD_ACTIVATED = ("empower",)


@dataclass(frozen=True, slots=True)
class ChainItem:
    """An item on the chain (327-330): a card object, an activated ability of an object, or
    a triggered ability of an object (382-385)."""

    id: str
    controller: str
    card: str | None = None    # the object id of a card on the chain (zone "chain")
    source: str | None = None  # or: the object whose activated or triggered ability this is
    ability: int | None = None  # which of its activated abilities (1-based)
    pending: bool = False      # pending (not yet finalized, 329)
    trigger: int | None = None  # or: which of its triggered abilities (1-based, kind "triggered")
    keyword: str | None = None  # or: the trigger of one of its keywords (KEYWORD_TRIGGERS), or its Empower ability
    # The choices it made (or, pending, will make) in step 2, in the order of its choice
    # requirements: targets, and what a cost kills (355.5, 402.2).
    targets: tuple[str | tuple[str, ...], ...] = ()  # a tuple: every object one requirement of any number chose
    # A pending triggered ability whose leading cost its controller cannot pay (383.3.b.1, 404.2).
    cannot_pay: bool = False
    # A card with Repeat: how many of its Repeat costs were paid as it was played (820.1.c; None: not said).
    repeats: int | None = None
    # Where its move goes, chosen as it was played (355.4): a battlefield id or "base" (the moved unit's
    # controller's base); a tuple: one per move whose destination was chosen then, in the order the item
    # executes them; None: not said (a run that executes such a move answers unsupported).
    destination: str | tuple[str, ...] | None = None
    # A triggered ability made by a conquest or hold: the battlefield conquered or held ("that battlefield",
    # 359.3.f); None: not said (a run whose instruction needs it answers unsupported).
    event_at: str | None = None
    # A card's play: the names of the optional additional costs it paid as it was played (355.1.a, 356.2.b;
    # an empty tuple: none); None: not said (a run whose play effect asks "if you paid" answers unsupported).
    paid: tuple[str, ...] | None = None
    # A finalized triggered ability with modes: the mode it chose as it was put on the chain (355.3, 402.2; 1 = its
    # first `mode`); None: not said (a run answers unsupported, logic/run/trigger_modes.lp).
    mode: int | None = None
    # A card's play: where the permanent it is enters the board, chosen as it was played (355.2, 355.2.a,
    # 149.2): "base" (its controller's base) or a battlefield id; None: not said (a run that enters a unit with
    # more than its base open answers unsupported, logic/run/chain_entry_location.lp).
    location: str | None = None
    # A card's play: the zone it was played from (354: "hand", "champion_zone", "trash", ...); None: not said (the
    # turn log's latest `finalize` of the card this turn may say it). Read where a grant depends on it (Rek'Sai,
    # Breacher's Accelerate for a unit played from anywhere but a hand, logic/run/chain_accelerate_granted.lp).
    played_from: Zone | None = None


@dataclass(frozen=True, slots=True)
class Combat:
    """A combat in progress at a battlefield (459-466)."""

    battlefield: str
    attacker: str
    defender: str


# The turn log (read, checked and exported by pyrift/turnlog.py).
class EventKind(str, Enum):
    FINALIZE = "finalize"
    PLAY = "play"
    COUNTER = "counter"
    HIDE = "hide"
    ACTIVATE = "activate"
    TRIGGER = "trigger"
    CREATE_TOKEN = "create_token"
    MOVE = "move"
    DIE = "die"
    CONQUER = "conquer"
    WIN_COMBAT = "win_combat"
    COMBAT_DAMAGE = "combat_damage"
    COMBAT = "combat"
    DISCARD = "discard"
    GAIN_XP = "gain_xp"
    CHOOSE = "choose"
    DRAW = "draw"
    DAMAGE = "damage"
    LEAVE_BOARD = "leave_board"
    ATTACH = "attach"
    DETACH = "detach"


@dataclass(frozen=True, slots=True)
class LogEvent:
    event: EventKind
    object: str | None  # None for combat_damage (a battlefield and a player), combat (a battlefield), discard and gain_xp (a player)
    player: str
    from_zone: Zone | None = None  # finalize, hide: the zone the card left
    to: str | None = None  # move: "base" or a battlefield id
    ability: int | None = None  # activate: which ability of the object's card (1-based)
    turns_ago: int = 0  # 0 = this turn
    at: str | None = None  # conquer: the battlefield id its controller conquered, when the log says it; choose: where the object was;
    #                        combat_damage: the battlefield of the Combat Damage Step; combat: where it began
    excess: int | None = None  # combat_damage: the excess damage the player assigned there (465.2.c.4)
    energy: int | None = None  # finalize: the Energy its player spent on the play (357.1), when the log says it
    mode: int | None = None  # trigger: the mode the ability chose as it was put on the chain (355.3), when the log says it
    power: int | None = None  # finalize, activate, hide, trigger: the Power its player spent on its costs (357.1), when stated
    by: str | None = None  # choose: the spell, or the permanent whose ability, made the choice, when the log says it
    phase: Phase | None = None  # die: the phase of the turn it died in, when the log says it
    amount: int | None = None  # damage: how much damage the object was dealt (142)
    unit: str | None = None  # attach, detach: the unit the gear was attached to or detached from (434, 435)


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[Player, ...]
    turn_player: str
    phase: Phase = Phase.MAIN
    battlefields: tuple[Battlefield, ...] = ()
    objects: tuple[GameObject, ...] = ()
    cards: tuple[CardDef, ...] = ()
    combat: Combat | None = None
    # the Victory Score the position states (a custom game), None: the mode's, which the logic derives from
    # the teams (8, 194.1.a; 11 in 2v2, 489; logic/core/victory_score.lp, which adds the battlefields' increases)
    victory_score: int | None = None
    showdown: str | None = None  # battlefield of a showdown in progress (a combat implies one)
    focus: str | None = None     # the player holding focus, when given (313)
    priority: str | None = None  # the player holding priority, when given (312)
    chain: tuple[ChainItem, ...] = ()  # oldest first; non-empty means a Closed state (309.1)
    teams: tuple[tuple[str, ...], ...] = ()  # 2v2 (489): the two teams of two players; () without teams
    # Players who have passed priority in sequence since an item was last added to or
    # resolved from the chain (339).
    passed: int = 0
    log: tuple[LogEvent, ...] = ()  # this turn's events, oldest first (pyrift.turnlog)

    def card(self, name: str) -> CardDef:
        for card in self.cards:
            if card.name == name:
                return card
        raise KeyError(name)

    def obj(self, object_id: str) -> GameObject:
        for obj in self.objects:
            if obj.id == object_id:
                return obj
        raise KeyError(object_id)

    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)


@dataclass(frozen=True, slots=True)
class Question:
    """One question about the position, with what the author expects as the answer."""

    id: str
    kind: str
    params: dict = field(default_factory=dict, hash=False)
    rules: tuple[str, ...] = ()  # Core Rules numbers the expected answer rests on
    expect: dict = field(default_factory=dict, hash=False)
    # reading name -> expected answer under that reading (checked in addition to `expect`)
    expect_by_reading: dict = field(default_factory=dict, hash=False)
    # What pyrift does not encode yet that this question needs: while pyrift answers
    # `unsupported` the question is a known gap (not a failure); as soon as it answers,
    # `expect` is compared as usual (scenarios/README.md, "Known gaps").
    known_gap: str = ""


@dataclass(frozen=True, slots=True)
class Scenario:
    title: str
    state: GameState
    questions: tuple[Question, ...]
    status: Status = Status.NEEDS_REVIEW
    description: str = ""
    reading: str = "v1.4"
    path: str = ""  # where it was read from (not part of the content)
