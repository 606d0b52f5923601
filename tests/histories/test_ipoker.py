"""iPoker's XML histories (../shared/histories/FORMATS.md, section 1): the fixtures in
data/ipoker/ are written from the format's facts, never copied from another project.

Every fixture hand must replay to the site's numbers (``verify``), and each quirk of the
format has its own assertions. The class of input, not only the fixtures: hands played at
random by the table rules are written as iPoker writes them (a hero's view, actions grouped
by player inside a round, cut in chunks anywhere) and read back to the same payouts.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studeval.cards import format_cards
from studeval.game import Deal, Played, Shown, Structure, StudState
from studeval.game.events import BoardCard
from studeval.game.phh import dumps, loads, replay
from studeval.histories import Imported, Refused, verify
from studeval.histories.ipoker import MAX_GAME_CHARS, NAME, looks_like_ipoker, read_xml

DATA = Path(__file__).parent / "data" / "ipoker"


def _decoded(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("windows-1252")


def _read(name: str, chunk: int = 0) -> list[Imported | Refused]:
    text = _decoded(DATA / name).replace("\r\n", "\n").replace("\r", "\n")
    chunks = [text[k : k + chunk] for k in range(0, len(text), chunk)] if chunk else [text]
    return list(read_xml(chunks, source=name))


# ---------------------------------------------------------------------- the writer


_TITLE = {"seven": "7 Card Stud", "razz": "Razz", "stud8": "7 Card Stud Hi-Lo", "five": "5 Card Stud"}
_STREETS = {
    "five": ("Second Street", "Third Street", "Fourth Street", "River"),
    "seven": ("Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "River"),
}


def _card(c: int) -> str:
    """A card as iPoker writes it: suit letter then rank (``S10``, ``HA``)."""
    text = format_cards([c])
    rank = "10" if text[0] == "T" else text[0]
    return text[1].upper() + rank


def _play(game: str, players: int, seed: int, structure: Structure) -> StudState:
    rng = random.Random(seed)
    unit = structure.small_bet
    stacks = [rng.choice([1, 3, 8 * unit, 30 * unit, 80 * unit, 400 * unit]) for _ in range(players)]
    stacks = [max(1, s // 1) for s in stacks]
    state = StudState(game, structure, stacks, seed=seed)
    while state.actor >= 0:
        legal = state.legal_actions()
        kinds = {a.kind for a in legal}
        if "check" in kinds and rng.random() < 0.05:
            state.act("fold")
            continue
        action = rng.choice(legal)
        state.act(action.kind, action.to)
    return state


def write_ipoker(state: StudState, *, number: int, tournament: bool, rake_percent: int, seed: int) -> str:
    """The hand as iPoker writes it to the player in the first seat (the hero): a session
    header, one <game> with its players (an empty seat and a player sitting out listed too),
    its rounds (each player's cards then his actions, in seat order; ``no`` numbers the
    actions in the order played), shown hands written back into the deal."""
    rng = random.Random(seed)
    n = state.n
    names = [f"pl&ayer {i}" if i % 3 == 1 else f"Player{i}" for i in range(n)]
    hero = 0
    game = state.game
    streets = _STREETS["five" if game == "five" else "seven"]

    def money(x: int) -> str:
        if tournament:
            return f"{x:,}"
        return f"${x // 100}" if x % 100 == 0 else f"${x // 100}.{x % 100:02d}"

    def esc(s: str) -> str:
        return s.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")

    # the seats: gaps, an empty seat and one sitting out among them
    seats = sorted(rng.sample(range(1, 11), n + 2))
    empty, sitting = seats.pop(rng.randrange(len(seats))), seats.pop(rng.randrange(len(seats)))
    seat_of = dict(enumerate(seats))

    shows = {e.seat for e in state.log if isinstance(e, Shown) and e.shows}
    live = [i for i in range(n) if not state.folded[i]]
    if len(live) == 1 and live[0] != hero and rng.random() < 0.5:
        shows.add(live[0])  # a winner without showdown who shows anyway

    # the actions in the order played, by round (0: antes; 2..: the streets)
    actions: dict[int, list[tuple[int, int, int, int]]] = {0: []}  # round -> (no, seat, type, chips)
    cards: dict[int, dict[int, list[str]]] = {}
    stack = list(state.starting_stacks)
    put = [0] * n
    raised = [False] * n
    no = 0
    for i in range(n):
        a = min(state.structure.ante, stack[i])
        if a or state.structure.ante:
            no += 1
            actions[0].append((no, i, 15, a))
            stack[i] -= a
            put[i] += a
    rnd = 1
    dealt: set[int] = set()
    street_in = [0] * n
    high = 0
    first_action = True
    folded_now: set[int] = set()
    for event in state.log:
        if isinstance(event, Deal):
            if rnd == 1 or event.seat in dealt:
                rnd, dealt = rnd + 1, set()
                actions[rnd], cards[rnd] = [], {}
                street_in, high, first_action = [0] * n, 0, True
            dealt.add(event.seat)
            i = event.seat
            texts = [
                _card(c) if (u or i == hero or i in shows) else "X" for c, u in zip(event.cards, event.up, strict=True)
            ]
            cards[rnd][i] = texts
            continue
        if isinstance(event, BoardCard):  # deck exhaustion: one card for all, as each one's river
            rnd += 1
            actions[rnd], cards[rnd] = [], {}
            for i in range(n):
                if i not in folded_now:
                    cards[rnd][i] = [_card(event.card)]
            street_in, high, first_action = [0] * n, 0, True
            continue
        if not isinstance(event, Played):
            continue
        i, kind, to = event.seat, str(event.kind), event.to
        chips = 0
        if kind == "fold":
            code = 0
            folded_now.add(i)
        elif kind == "check":
            code = 4
        elif kind == "call":
            chips = min(high, street_in[i] + stack[i]) - street_in[i]
            code = 3
        elif kind == "bring_in":
            chips = min(to - street_in[i], stack[i])
            code = 16
        elif kind in ("bet", "complete"):
            chips = to - street_in[i]
            code = 5
        else:  # raise: the street total
            chips = to - street_in[i]
            code = 23
            raised[i] = True
        if chips and chips == stack[i] and code != 16:
            code = 7  # every all-in, whatever it does: the chips added
        no += 1
        actions[rnd].append((no, i, code, to if code == 23 else chips))
        stack[i] -= chips
        put[i] += chips
        street_in[i] += chips
        high = max(high, street_in[i])
        first_action = False
    del first_action

    won = [state.payouts[i] - state.returned[i] for i in range(n)]
    top = won.index(max(won))
    rake = 0 if tournament else min(sum(won) * rake_percent // 100, won[top])
    win = [state.payouts[i] - (rake if i == top else 0) for i in range(n)]

    sp = lambda: rng.choice(["", "\n", "\n\t", " ", "\t\t"])  # noqa: E731 - the layout is irregular
    out = ['<?xml version="1.0" encoding="utf-8"?>', '<session sessioncode="77">']
    gametype = f"{_TITLE[game]} L" if tournament else f"{_TITLE[game]} L $0.10/$0.20"
    general = [
        "<mode>real</mode>",
        f"<gametype>{gametype}</gametype>",
        "<tablename>Round Trip, 3, 3</tablename>" if tournament else "<tablename>Round Trip</tablename>",
        "<duration>N/A</duration>",
        "<gamecount>40</gamecount>",
        "<startdate>2013-05-01 20:00:00</startdate>",
        "<currency>USD</currency>",
        f"<nickname>{esc(names[hero])}</nickname>",
        "<bets>0</bets><wins>0</wins>",
    ]
    if tournament:
        general += ["<tournamentname>Stud Freeroll</tournamentname><place>3</place><buyin>$1+$0.10</buyin>", "}"]
    out.append("<general>" + sp().join(general) + "</general>")
    out.append(f'<game gamecode="{number}">')
    players = []
    for seat in range(1, 11):
        bet_of = {s: i for i, s in seat_of.items()}
        if seat == empty:
            players.append(f'<player seat="{seat}" name="" chips="{money(0)}" dealer="0" win="{money(0)}" bet="0"/>')
        elif seat == sitting:
            players.append(
                f'<player seat="{seat}" name="Sleeper" chips="{money(500)}" dealer="0" win="{money(0)}" bet="0"/>'
            )
        elif seat in bet_of:
            i = bet_of[seat]
            bet = put[i] + (state.structure.ante if tournament and raised[i] else 0)  # the quirk: one ante too many
            players.append(
                f'<player seat="{seat}" name="{esc(names[i])}" chips="{money(state.starting_stacks[i])}"'
                f' dealer="{int(seat == min(seats))}" win="{money(win[i])}" bet="{money(bet)}" rebuy="0" addon="0"/>'
            )
    out.append(
        "<general><startdate>2013-05-01 20:00:13</startdate><players>" + sp().join(players) + "</players></general>"
    )
    for rnd_no in range(max(actions) + 1):
        parts = []
        by_seat = sorted(range(n), key=lambda i: seat_of[i])
        for i in by_seat:
            if rnd_no >= 2 and i in cards.get(rnd_no, {}):
                street = streets[rnd_no - 2]
                parts.append(f'<cards type="{street}" player="{esc(names[i])}">{" ".join(cards[rnd_no][i])}</cards>')
            for no_, seat, code, amount in actions.get(rnd_no, []):
                if seat == i:
                    extra = ' cards="[cards]"' if code == 15 else ' cards=""'
                    parts.append(
                        f'<action no="{no_}" player="{esc(names[i])}" type="{code}" sum="{money(amount)}"{extra}/>'
                    )
        out.append(f'<round no="{rnd_no}">' + sp().join(parts) + "</round>")
    out.append("</game>")
    out.append("</session>")
    return sp().join(out) + "\n"


_LEVELS = [Structure(2, 5, 10, 20), Structure(10, 25, 50, 100), Structure(25, 25, 100, 200), Structure(0, 15, 40, 80)]


@settings(max_examples=150, deadline=None)
@given(
    game=st.sampled_from(sorted(_TITLE)),
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
    rake=st.sampled_from([0, 5, 10]),
    tournament=st.booleans(),
    cut=st.integers(1, 400),
)
def test_played_hands_read_back_to_the_same_result(
    game: str, players: int, seed: int, rake: int, tournament: bool, cut: int
) -> None:
    structure = _LEVELS[seed % len(_LEVELS)] if tournament else Structure(2, 5, 10, 20)
    state = _play(game, players, seed, structure)
    text = write_ipoker(state, number=5000 + seed % 1000, tournament=tournament, rake_percent=rake, seed=seed)
    chunks = [text[k : k + cut] for k in range(0, len(text), cut)]
    [hand] = read_xml(chunks, source="random")
    assert isinstance(hand, Imported), f"{hand}\n{text}"
    hh = hand.history
    assert verify(hh) == [], text
    again = replay(hh)
    assert again.payouts == state.payouts and again.returned == state.returned, text
    assert hh.extra["_rake"] == sum(again.stacks) - sum(hh.finishing_stacks or [])
    assert hh.extra["players"] == [n for n in hh.extra["players"] if n != "Sleeper"]
    if not tournament:
        assert (hh.small_bet, hh.big_bet) == (10, 20)
    # what the hero could not see stays unknown, what was shown is known
    shown = {i for i in range(state.n) if -1 not in again.hand(i)}
    assert 0 in shown or state.n == 0
