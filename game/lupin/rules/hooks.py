"""Where Lupin's other rule modules plug into the round engine: action handlers, legal actions per
phase and the named hooks (their list is below). ``game.lupin.rules.state`` re-exports every name.
"""

from __future__ import annotations

from typing import Any

# Other rule modules (planning.py, devices, cards) plug in here: a handler per action type they
# define, called as handler(state, action, events) like the _do_* methods below, and extra legal
# actions per phase, called as provider(state, seat) and added to what this module offers.
ACTION_HANDLERS: dict[type, Any] = {}
PHASE_ACTIONS: dict[str, list[Any]] = {}


def register_handler(action_type: type):
    def deco(fn):
        ACTION_HANDLERS[action_type] = fn
        return fn
    return deco


def register_phase_actions(phase: str):
    def deco(fn):
        PHASE_ACTIONS.setdefault(phase, []).append(fn)
        return fn
    return deco


# Named hooks for the vehicles and devices (vehicles.py, devices.py): functions called as
# fn(state, *args) at fixed points of the round (LupinState.hook):
#   "gang_phase" (ev)              a gang phase begins (vehicles bought are put on the board)
#   "moved" (who, frm, to, ev)     a figure or a police car has moved (traps; a rider walks off);
#                                  frm None: an agent got out of a police car
#   "settle" (ev)                  after every action (vehicles spotted or set aside)
#   "occupied" () -> {square: id}  more pieces everybody sees on the board
#   "vehicles" () -> [square]      more vehicles that block sight
#   "talk" (a, b) -> bool          partners who may talk though not next to each other (a radio)
#   "shoot_targets" (fid) -> [id]  more targets a figure may shoot at
#   "shoot" (action, ev) -> bool   True when it resolved a shot at one of those targets
#   "may_shoot" (fid) -> bool      False: the figure cannot shoot now (mission cards, cards.py)
#   "attackable" (fid, tid) -> bool  False: police figure fid may not attack member tid now
#   "unseen" (fid) -> bool         True: the member stays unseen though in a line of fire
#   "allowance" (fid, squares) -> squares   the movement this round, changed (mission cards)
#   "gang_moves" / "gang_attacks" (fid, out) -> out   a member's move squares / attack targets,
#                                  narrowed by forced mission cards (LupinState.narrowed)
# and, for a member hidden inside a police agent (cards.py, *Travestimento perfetto*):
#   "waiting" () -> [seat]         seats that must answer before anybody else acts (a forced reveal)
#   "refuse" (action) -> str|None  a sentence refusing an action the rules do not allow now
#   "member_actions" (seat, c) -> [action]|None   replaces a member's own actions (None: as usual)
#   "police_attack" (action, ev) -> bool   True: a police Shoot/Melee was resolved otherwise
#   "strike" (attacker, defender, ev) -> bool   True: no blow is struck (a counter-attack)
#   "eliminating" (fid, by, ev) -> bool    True: the figure was not eliminated as usual
#   "holding" (agent, ev) -> bool  True: this agent cannot hold a prisoner (pick another)
# and, for the expansion's cards and devices (cards.py, vehicles.py):
#   "drawn" (c, card, at_start, ev|None) -> bool   True: the card was dealt with (void, played)
#   "all_shown" () -> bool         True: every gang member is on the board now (floodlights)
#   "may_take" (c) -> bool         False: the member may not take the treasure (he renounced it)
#   "winners" (winners, reason) -> winners   the seats that win, changed (Fujiko with the police)
#   "setup" ()                     after the set-up (the expansion's special cards dealt)
#   "loyal" (members) -> members   the members playing for the gang
#   "treasure_phase" (ev)          phase 4 begins (a tank lorry pumps)
# An episode's own rules are not hooks: they are the methods of its EpisodeRules (episode.py), which
# the round engine calls after these hooks where both answer at one point.
HOOKS: dict[str, list[Any]] = {}


def register_hook(name: str):
    def deco(fn):
        HOOKS.setdefault(name, []).append(fn)
        return fn
    return deco
