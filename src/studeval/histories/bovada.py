"""Bovada's and Bodog's text hand histories (seven card stud, stud hi-lo; razz and five card stud guessed).

The layout (FORMATS.md section 3 gives every fact relied on)::

    Bovada Hand #2001 TBL#77 7CARD Fixed Limit - 2012-06-10 21:14:05
    Seat+1: $4.85 in chips               (a player's name is his seat, Seat+S)
    Seat+3 [ME]: $10 in chips            (the hero)
    Seat+1 : Ante chip $0.05             (actions: a space before the colon)
    *** HOLE CARDS ***                   (most files: no later street marker)
    Seat+1 : Card dealt to a spot [Ah 7c 2d]   (every card of every player; the third is up)
    Seat+1 : Bring_in chip $0.10
    Seat+3 [ME] : Raises $0.25           (2012: the street total; 2014: Raises $A to $B)
    Seat+1 : Calls $0.15                 (chips added)
    Seat+1 : Card dealt to a spot [9s]   (a deal after an action starts a street)
    Seat+1 : All-in $0.40                (chips added) / All-in(raise) $X (the street total)
    Seat+3 [ME] : Return uncalled portion of bet $0.50
    Seat+3 [ME] : Does not show [Kd Ks 9h 4c] (One pair)
    Seat+3 [ME] : Hand result $0.93      (after the rake; a side pot's line first)
    *** SUMMARY ***
    Total Pot($0.95) | Rake ($0.02)      (before the rake; 2014 and tournaments: no rake part)
    Seat 3:  $0.93 [Does not show]       (the seats' summary repeats the hand)

Tournament headers read ``Bovada Hand #N: 7CARD Tournament #M TBL#K, Fixed Limit- Level L
(0/0) - ...``, their amounts are chips (``1,500``), the bring-in ``Big blind/Bring in X``.

The limits are never printed: the small and big bet are worked out from the bets (a
third-street completion, a fourth-street ``Bets``: the small bet; fifth street on and
``Double bets``/``D bets``: the big), the other size as twice or half where only one is
seen, and checked by replaying the hand; a hand without a bet of either size takes sizes
the table rules accept with its bring-in (``_limits_inferred = true``). ``_limits_seen``
says which sizes the bets showed (``"both"``, ``"small"``, ``"big"``, ``"none"``).

Streets: a new street starts at a deal line after an action, at a second deal line for a
player already dealt this street (after everyone is all in), or after a street marker.
Players listed but not dealt in (no ante, no cards) are not in the hand. Table events
(``Table enter user``, ``Sit out``, ``Ranking 3`` ...) are skipped. Guessed, never seen:
the game names ``RAZZ``, ``5CARD`` (and spellings like ``7 Card Stud``, ``Hi/Lo``), the
``Ignition Hand #`` header, the deck-exhaustion card (the same card dealt to every player
on the last street, or a ``Board [C]`` line), further summary fees (``| Name (X)``, added
to the rake) and an uncalled bet the site left out (worked out from its total pot).
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from studeval.cards import parse_cards
from studeval.game.phh import HandHistory, replay
from studeval.histories.builder import HandBuilder, HistoryError, level, when

__all__ = ["SITE"]

_START = re.compile(r"(?:Bodog|Bovada|Ignition)(?:\.eu)? Hand #(?P<number>[0-9]+):?\s*(?P<rest>.*)\Z", re.IGNORECASE)
_GAME = re.compile(
    r"\b(?P<game>7\s*-?\s*CARD(?:\s+STUD)?|7\s*STUD|STUD|RAZZ|5\s*-?\s*CARD(?:\s+STUD)?|5\s*STUD)"
    r"(?P<hilo>\s*(?:Hi\s*[-/]?\s*Lo|H/L|8\s*or\s*better|8|/8)\b)?",
    re.IGNORECASE,
)
_OTHER_GAME = re.compile(r"HOLD\s*'?EM|OMAHA|DRAW|BADUGI|TRIPLE|2-7", re.IGNORECASE)
_NOT_LIMIT = re.compile(r"\b(?:No|Pot)\s*Limit\b", re.IGNORECASE)
_TOURNAMENT = re.compile(r"Tournament\s*#\s*([0-9]+)", re.IGNORECASE)
_TABLE = re.compile(r"TBL\s*#\s*([^\s,]+)", re.IGNORECASE)
_LEVEL = re.compile(r"Level\s*([IVXLC]+|[0-9]+)\b")
_WHEN = re.compile(r"([0-9]{4})[-/]([0-9]{1,2})[-/]([0-9]{1,2})[ T]+([0-9]{1,2}):([0-9]{2}):([0-9]{2})")

_AMT = r"(\$?\s?[0-9][0-9,]*(?:\.[0-9]+)?)"
_TIMEOUT = r"(?:\s*\(\s*(?:time\s*-?\s*out|auto)\s*\))?"
#: A player's line: ``Seat+S : TEXT`` (the hero ``Seat+S [ME] : TEXT``); ``gap`` is the space
#: before the colon, which the seat list and the summary do not have.
_PLAYER = re.compile(r"Seat\s*\+?\s*(?P<seat>[0-9]+)(?P<me>\s*\[ME\])?(?P<gap>\s*):\s*(?P<text>.*)\Z", re.IGNORECASE)
_SEAT = re.compile(r"(?P<stack>\$?\s?[0-9][0-9,]*(?:\.[0-9]+)?)\s+in\s+chips\b.*\Z", re.IGNORECASE)
_MARKER = re.compile(r"\*\*\*\s*(?P<name>.*?)\s*\*\*\*.*\Z")
_STREET_MARKER = re.compile(
    r"(?:HOLE CARDS|(?:[1-7](?:ST|ND|RD|TH)|FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH)\s+STREET|RIVER|DEAL)\Z",
    re.IGNORECASE,
)
_POT = re.compile(r"Total\s+Pot\s*\(\s*(?P<total>[^)]*)\)(?P<rest>.*)\Z", re.IGNORECASE)
_FEE = re.compile(r"\|\s*(?P<name>[A-Za-z][A-Za-z .]*?)\s*\(\s*(?P<amount>[^)]*)\)")
_BOARD = re.compile(r"(?:Board|Community\s+cards?)\s*:?\s*\[(?P<cards>[^\]]*)\]\s*\Z", re.IGNORECASE)
_BRACKETS = re.compile(r"\[([^\]]*)\]")

#: What may follow ``Seat+S : `` (the kind of each, with its amounts).
_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern + r"\s*\Z", re.IGNORECASE))
    for kind, pattern in (
        ("deal", r"Cards?\s+dealt\s+to\s+(?:a\s+)?spot\s*(?P<cards>(?:\[[^\]]*\]\s*)+)"),
        ("ante", r"Ante(?:\s+chip)?" + _TIMEOUT + r"\s*" + _AMT),
        ("bring_in", r"(?:Big\s+blind\s*/\s*)?Bring[_\- ]?in(?:\s+chip)?" + _TIMEOUT + r"\s*" + _AMT),
        ("double", r"(?:Double|D)\s*bets?" + _TIMEOUT + r"\s*" + _AMT),
        ("bet", r"Bets?" + _TIMEOUT + r"\s*" + _AMT),
        ("raise_to", r"Raises?" + _TIMEOUT + r"\s*" + _AMT + r"\s+to\s+" + _AMT),
        ("raise", r"Raises?" + _TIMEOUT + r"\s*" + _AMT),
        ("call", r"Calls?" + _TIMEOUT + r"\s*" + _AMT),
        ("all_in_raise", r"All[- ]?in\s*\(\s*(?:raise|bet)\s*\)" + _TIMEOUT + r"\s*" + _AMT),
        ("all_in", r"All[- ]?in(?:\s*\(\s*call\s*\))?" + _TIMEOUT + r"\s*" + _AMT),
        ("check", r"Checks?" + _TIMEOUT),
        ("fold", r"Folds?" + _TIMEOUT),
        ("returned", r"Return(?:ed)?\s+uncalled\s+portion\s+of\s+(?:the\s+)?bet\s*" + _AMT),
        (
            "result",
            r"Hand\s+result(?:\s*[-:(]?\s*(?:Main|Side|Hi|High|Lo|Low)\b[A-Za-z ]*?(?:\s*[-#]?\s*[0-9]+(?=\s+\$?[0-9]))?\)?)?"
            r"\s*:?\s*" + _AMT,
        ),
        ("shows", r"Show(?:down|s)?(?:\s*\([^)]*\))?\s*(?P<cards>\[[^\]]*\])?.*"),
        ("mucks", r"Mucks?(?:\s+hand)?\s*(?P<cards>\[[^\]]*\])?.*"),
        ("not_shown", r"Does\s+not\s+show\s*(?P<cards>\[[^\]]*\])?.*"),
        # table events, not the hand: entering, leaving, sitting out, a busted player's place
        (
            "table",
            r"(?:Table\s+(?:enter|leave|deposit|closed?)|Seat\s+(?:sit\s*(?:out|down|in)|stand|re-?join)"
            r"|Sit\s*(?:out|in|down)|Re-?join|Stand(?:s|\s+up)?|Ranking|Enter|Leave|Chat|Disconnect|Reconnect"
            r"|Prize|Time\s*bank|Time\s*out|Re-?buy|Add-?on|Set\s+dealer)\b.*",
        ),
    )
)


@dataclass
class _Street:
    """The betting of the street being read: what each player has in, the bet to call."""

    index: int = -1
    dealt: set[str] = field(default_factory=set)
    acted: bool = False
    street_in: dict[str, int] = field(default_factory=dict)
    high: int = 0
    level: int = 0  # the last bet or raise that was not an all-in
    level_all_in: int = 0  # the same, counting all-ins (an all-in raise may reopen the betting)
    aggressions: int = 0
    big: bool = False  # a Double bet made this street's bets big


@dataclass(frozen=True)
class _Evidence:
    """A bet or raise that tells a limit: ``big`` says which size (None: the street's own)."""

    street: int
    unit: int
    sure: bool  # a clean size (no all-in before it on the street)
    big: bool | None = None


class _Hand:
    """One hand being read, line by line, into a :class:`HandBuilder`."""

    def __init__(self, b: HandBuilder, tournament: bool) -> None:
        self.b = b
        self.tournament = tournament
        self.seats: dict[str, tuple[int, str, int]] = {}  # name -> seat, stack text, line
        self.stack: dict[str, int] = {}  # what each seated player has behind
        self.put: dict[str, int] = {}  # what each put in, before returns
        self.antes: list[tuple[str, str, int]] = []
        self.cards: dict[str, list[str | None]] = {}
        self.community: str | None = None
        self.st = _Street()
        self.pending: list[tuple[str, list[str | None], int]] = []
        self.seated_in = False  # the players dealt in are in the builder
        self.marker = False  # a street marker since the last deal
        self.folded: set[str] = set()
        self.evidence: list[_Evidence] = []
        self.all_in_floor: list[tuple[int, int]] = []  # (street, increment) of all-in bets and raises
        self.bring_in_all_in: int | None = None
        self.raise_cap_exceeded = False
        self.showdown: list[tuple[str, str, list[str], int]] = []
        self.summary = False
        self.returned_any = False
        self.begun = -1  # the last street begun in the builder
        self.pot_line: int | None = None
        self.fees_printed = False
        self.hero: str | None = None
        self.seen: set[str] = set()  # the cards dealt so far

    # ------------------------------------------------------------------ amounts, players

    def chips(self, text: str) -> int:
        return self.b.amount(text.replace(" ", ""))

    def text(self, chips: int) -> str:
        """Chips as an amount text the builder reads back exactly."""
        if self.b.scale == 1:
            return str(chips)
        return f"{chips // 100}.{chips % 100:02d}"

    def shown(self, chips: int) -> str:
        """Chips as the site prints them, for a message."""
        return f"{chips:,}" if self.b.scale == 1 else f"${self.text(chips)}"

    def seated(self, name: str) -> None:
        if name not in self.seats:
            raise self.b.fail(f"{name} is not in the seat list")

    # ------------------------------------------------------------------ streets and deals

    def deal(self, name: str, groups: list[str], line: int) -> None:
        self.seated(name)
        if name in self.folded:
            raise self.b.fail(f"{name} is dealt a card after folding")
        st = self.st
        if st.index < 0 or st.acted or name in st.dealt or (self.marker and st.dealt):
            self.next_street()
        self.marker = False
        tokens = [t for g in groups for t in g.split()]
        mine = self.cards.setdefault(name, [])
        if self.st.index > 0 and len(tokens) > 1:  # the cards so far printed again, then the new
            before = [c for c in mine if c is not None]
            if len(groups) > 1:
                if [_card(t) for g in groups[:-1] for t in g.split()] != before:  # checked, not trusted
                    raise self.b.fail(
                        f"{name}'s earlier cards [{' '.join(groups[:-1])}] are not the cards dealt before"
                    )
                tokens = groups[-1].split()
            elif [_card(t) for t in tokens[: len(before)]] == before:
                tokens = tokens[len(before) :]
        cards = [_card(t) for t in tokens]
        streets = self.b.game.streets
        up = streets[self.st.index].up
        if len(cards) != len(up):
            raise self.b.fail(f"{len(cards)} cards dealt to {name} on {streets[self.st.index].name}")
        for c, is_up in zip(cards, up, strict=True):
            if c is None and is_up:
                raise self.b.fail(f"an up card of {name} is not printed")
        self.st.dealt.add(name)
        self.pending.append((name, cards, line))

    def next_street(self) -> None:
        self.flush()
        index = self.st.index + 1
        if index >= len(self.b.game.streets):
            raise self.b.fail(f"more streets than {self.b.game.title} has")
        self.st = _Street(index)

    def flush(self) -> None:
        """Give the builder the street's deals (and, at the first, the players dealt in)."""
        st = self.st
        if not self.pending and self.begun >= st.index:
            return
        b, line = self.b, self.b.line
        if st.index == 0 and not self.seated_in:
            self.seat_players()
        if self.begun < st.index:
            b.begin_street(st.index)
            self.begun = st.index
        last = st.index == len(b.game.streets) - 1
        cards = {tuple(c) for _, c, _ in self.pending}
        if last and len(self.pending) > 1 and len(cards) == 1 and None not in next(iter(cards)):
            card = next(iter(cards))[0]
            assert card is not None
            b.line = self.pending[0][2]
            if card in self.seen:
                raise b.fail(f"{card} is dealt twice")
            b.community(card)
            self.community = card
        else:
            for name, dealt, no in self.pending:
                b.line = no
                for c in dealt:
                    if c is not None:
                        if c in self.seen:
                            raise b.fail(f"{c} is dealt twice")
                        self.seen.add(c)
                b.deal(name, [c for c in dealt if c is not None])
                self.cards[name].extend(dealt)
        self.pending = []
        b.line = line

    def board(self, card: str) -> None:
        """The deck-exhaustion card printed once, for every player (a guess: never seen)."""
        self.next_street()
        self.flush()
        if card in self.seen:
            raise self.b.fail(f"{card} is dealt twice")
        self.b.community(card)
        self.community = card
        self.st.dealt = {n for n in self.cards if n not in self.folded}

    def seat_players(self) -> None:
        """Seat who is dealt in: who posts an ante or is dealt cards (FORMATS 3.2)."""
        b, line = self.b, self.b.line
        dealt = {name for name, _, _ in self.pending} | {name for name, _, _ in self.antes}
        for name, (seat, stack, no) in sorted(self.seats.items(), key=lambda kv: kv[1][0]):
            if name in dealt:
                b.line = no
                b.seat(seat, name, stack)
        for name, amount, no in self.antes:
            b.line = no
            b.post_ante(name, amount)
        self.seated_in = True
        b.line = line

    # ------------------------------------------------------------------ betting

    def action(self, name: str, kind: str, groups: dict[str, str | None], line: int) -> None:
        b = self.b
        self.seated(name)
        amount = groups.get("a1")
        if kind == "ante":
            assert amount is not None
            chips = self.chips(amount)
            self.spend(name, chips)
            if self.seated_in:
                b.post_ante(name, self.text(chips))
            else:
                self.antes.append((name, self.text(chips), line))
            return
        self.flush()
        if not self.seated_in:
            raise b.fail("an action before the cards are dealt")
        st = self.st
        st.acted = True
        if name in self.folded:
            raise b.fail(f"{name} acts after folding")
        already = st.street_in.get(name, 0)
        if kind == "fold":
            b.fold(name)
            self.folded.add(name)
        elif kind == "check":
            b.check(name)
        elif kind == "bring_in":
            assert amount is not None
            chips = self.chips(amount)
            all_in = chips >= self.stack[name]
            if all_in:
                self.bring_in_all_in = chips
            b.bring_in_for(name, self.text(chips), all_in=all_in)
            self.add(name, chips)
        elif kind == "call":
            assert amount is not None
            chips = self.chips(amount)
            b.call(name, self.text(chips))
            self.add(name, chips)
        elif kind == "all_in":  # the chips added (FORMATS 3.4)
            assert amount is not None
            self.chips_in(name, self.chips(amount))
        elif kind == "all_in_raise":  # the street total, unless only "added" empties the stack
            assert amount is not None
            x = self.chips(amount)
            total_fits = x - already == self.stack[name]
            added_fits = x == self.stack[name]
            if already and added_fits and not total_fits:
                self.chips_in(name, x)
            elif x > already:
                self.chips_in(name, x - already)
            else:
                raise b.fail(f"{name} goes all in to {amount}, not more than the {self.shown(already)} already in")
        else:  # a bet, a completion or a raise: to a street total
            to = self.to_total(name, kind, groups, already)
            self.aggress(name, to, double=kind == "double")

    def to_total(self, name: str, kind: str, groups: dict[str, str | None], already: int) -> int:
        a1, a2 = groups.get("a1"), groups.get("a2")
        assert a1 is not None
        if kind == "raise_to":  # Raises $A to $B: B the total (A the chips added)
            assert a2 is not None
            return self.chips(a2)
        if kind == "raise":
            return self.chips(a1)
        return already + self.chips(a1)  # Bets, Double bets: on an unopened street, added = total

    def chips_in(self, name: str, added: int) -> None:
        """An all-in given by the chips it adds: a call when it reaches no more than the bet to
        call, else a bet or raise to the new total."""
        st = self.st
        to = st.street_in.get(name, 0) + added
        if to > st.high:
            self.aggress(name, to, all_in=True)
        else:
            self.b.call(name, self.text(added))
            self.add(name, added)

    def aggress(self, name: str, to: int, *, double: bool = False, all_in: bool | None = None) -> None:
        st = self.st
        added = to - st.street_in.get(name, 0)
        if all_in is None:
            all_in = added >= self.stack[name]
        first_street = st.index == 0
        if not all_in:
            clean = st.level_all_in == st.level
            base = st.level
            if first_street and st.level == 0:  # the completion: its total is the small bet
                self.evidence.append(_Evidence(0, to, True, False))
            else:
                st.big = st.big or double
                big = True if st.big else None
                self.evidence.append(_Evidence(st.index, to - base, clean, big))
                if not clean:  # an all-in raise before may have reopened the betting
                    self.evidence.append(_Evidence(st.index, to - st.level_all_in, False, big))
            st.level = st.level_all_in = to
        else:
            self.all_in_floor.append((st.index, to - st.level))
            st.level_all_in = max(st.level_all_in, to)
        st.aggressions += 1
        if st.aggressions > 4:  # more than a bet and three raises: the cap the rules assume
            self.raise_cap_exceeded = True
        self.b.bet_to(name, self.text(to))
        self.add(name, added)

    def add(self, name: str, chips: int) -> None:
        self.spend(name, chips)
        st = self.st
        st.street_in[name] = st.street_in.get(name, 0) + chips
        st.high = max(st.high, st.street_in[name])

    def spend(self, name: str, chips: int) -> None:
        """Chips from a player's stack into the pot (never more than he has)."""
        if chips > self.stack[name]:
            raise self.b.fail(
                f"{name} puts in {self.shown(chips)}, more than the {self.shown(self.stack[name])} he has left"
            )
        self.stack[name] -= chips
        self.put[name] += chips

    # ------------------------------------------------------------------ the end of the hand

    def end(self, name: str, kind: str, groups: dict[str, str | None], line: int) -> None:
        b = self.b
        self.seated(name)
        self.flush()
        if kind == "returned":
            a = groups.get("a1")
            assert a is not None
            chips = self.chips(a)
            b.returned(name, self.text(chips))
            self.stack[name] += chips
            self.returned_any = True
        elif kind == "result":
            a = groups.get("a1")
            assert a is not None
            b.collected(name, self.text(self.chips(a)))
        else:
            shown = groups.get("cards") or ""
            self.showdown.append((name, kind, shown.strip("[]").split(), line))

    def showdowns(self) -> None:
        """The shows and mucks of a showdown (every card is known: a show repeats them)."""
        b = self.b
        live = [n for n in self.cards if n not in self.folded and n in b.players]
        if len(live) < 2:
            return
        done: set[str] = set()
        for name, kind, shown, line in self.showdown:
            b.line = line
            if name in self.folded or name not in b.players:
                continue  # a folded hand printed: nothing for the showdown
            mine = [c for c in self.cards.get(name, []) if c is not None]
            every = {*mine, *([self.community] if self.community else [])}
            odd = [t for t in shown if _card(t) is not None and _card(t) not in every]
            if odd:
                raise b.fail(f"{name} shows {' '.join(odd)}, not dealt to him")
            if kind == "not_shown" or name in done:
                continue
            done.add(name)
            if kind == "mucks" and not b.players[name].collected:  # a winner's cards count
                b.mucks(name)
            elif None not in self.cards.get(name, [None]):
                b.shows(name, mine)
            elif len(shown) == len(self.cards[name]):
                b.shows(name, shown)

    def pot(self, match: re.Match[str]) -> None:
        b = self.b
        b.total_pot = self.chips(match.group("total"))
        fees = [(f.group("name"), self.chips(f.group("amount"))) for f in _FEE.finditer(match.group("rest"))]
        rake = [chips for name, chips in fees if name.strip().lower() == "rake"]
        others = [chips for name, chips in fees if name.strip().lower() != "rake"]
        b.rake = sum(rake) + sum(others)
        if others:
            b.fields["_fees"] = sum(others)
        self.pot_line = b.line
        self.fees_printed = self.fees_printed or bool(fees)

    def finish(self, last_line: int) -> HandHistory:
        b = self.b
        self.flush()
        if not self.seated_in:
            raise HistoryError("the hand has no cards dealt (cancelled, or cut short)", last_line)
        if b.total_pot is None:
            raise HistoryError("the hand has no summary with its total pot (cut short?)", last_line)
        self.showdowns()
        paid = sum(p.collected for p in b.players.values())
        if not self.fees_printed:
            # tournaments take none; a cash hand's rake is what the results leave of the pot
            b.rake = 0 if self.tournament else b.total_pot - paid
            if b.rake < 0:
                raise HistoryError(
                    f"the hand results pay {self.shown(paid)}, more than the total pot of {self.shown(b.total_pot)}",
                    self.pot_line,
                )
            if b.rake:
                b.fields["_unprinted_rake"] = True  # the pot less the results
        self.unprinted_uncalled()
        if self.raise_cap_exceeded:
            b.fields["_raise_cap"] = -1
        return self.limits()

    def unprinted_uncalled(self) -> None:
        """An uncalled bet the site did not print (never seen: FORMATS.md has every one printed),
        worked out from the total pot: left out of it (the chips called only), or counted in
        it and in the winner's result (then given back, the stacks after the hand unchanged)."""
        b = self.b
        assert b.total_pot is not None
        if self.returned_any or len(b.players) < 2:
            return
        ranked = sorted(b.players, key=lambda n: self.put[n], reverse=True)
        top = ranked[0]
        uncalled = self.put[top] - self.put[ranked[1]]
        if uncalled <= 0 or top in self.folded:
            return
        left_out = sum(self.put[n] for n in b.players) - b.total_pot
        if left_out == uncalled:
            b.returned(top, self.text(uncalled))
            b.fields["_returned_by_difference"] = True
        elif left_out == 0 and b.players[top].collected >= uncalled:
            b.returned(top, self.text(uncalled))
            b.players[top].collected -= uncalled
            b.total_pot -= uncalled
            b.fields["_uncalled_in_result"] = True

    # ------------------------------------------------------------------ the limits

    def limits(self) -> HandHistory:
        """The small and big bet that the bets show and the table rules accept (FORMATS 3.2)."""
        b = self.b
        small_seen, big_seen, small_alt, big_alt = self.sizes()
        bring_in = b.bring_in
        low = bring_in or self.bring_in_all_in or 1
        pairs: list[tuple[int, int]] = [(s, g) for s in small_seen for g in big_seen if s <= g]
        pairs += [(s, 2 * s) for s in small_seen]
        pairs += [((g + 1) // 2, g) for g in big_seen]
        pairs += [(s, g) for s in small_seen + small_alt for g in big_seen + big_alt if s <= g]
        pairs += [(s, s) for s in small_seen] + [(g, g) for g in big_seen]
        guesses = self.guesses(low)
        pairs += [(s, 2 * s) for s in guesses]
        pairs = [p for k, p in enumerate(pairs) if p not in pairs[:k] and low <= p[0] <= p[1]]
        b.small_bet, b.big_bet = pairs[0]
        hh = b.history()
        unknown = hh.extra.get("_bring_in_unknown", False)
        chosen = hh
        for s, g in pairs:
            candidate = dataclasses.replace(hh, small_bet=s, big_bet=g, bring_in=self.bring_in_of(s, unknown))
            candidate.extra = dict(hh.extra)
            try:
                replay(candidate)
            except ValueError:
                continue
            chosen = candidate
            break
        seen = (chosen.small_bet in small_seen, chosen.big_bet in big_seen)
        chosen.extra["_limits_seen"] = {(True, True): "both", (True, False): "small", (False, True): "big"}.get(
            seen, "none"
        )
        if not any(seen):
            chosen.extra["_limits_inferred"] = True
        return chosen

    def bring_in_of(self, small: int, unknown: bool) -> int:
        b = self.b
        if not unknown and b.bring_in is not None:
            return b.bring_in
        guess = max(1, small // 2, self.bring_in_all_in or 0)
        return min(guess, small)

    def sizes(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """The small and big bets the bets show, surest first; then the other reading of the
        fourth-street raises (on an open pair a raise may be a big one)."""
        small: list[int] = []
        big: list[int] = []
        for sure in (True, False):
            for e in self.evidence:
                if e.sure != sure or e.unit <= 0:
                    continue
                is_big = e.big if e.big is not None else e.street >= 2
                (big if is_big else small).append(e.unit)
        pair = [e.unit for e in self.evidence if e.street == 1 and e.big is None and e.unit > 0]
        return _unique(small), _unique(big), _unique([u // 2 for u in pair if u % 2 == 0]), _unique(pair)

    def guesses(self, low: int) -> list[int]:
        """Small bets for a hand whose bets show none: twice the bring-in first, then sizes that
        leave each all-in bet or raise within a bet (and so legal)."""
        base = 2 * (self.b.bring_in or low)
        floors = [inc if street < 2 else (inc + 1) // 2 for street, inc in self.all_in_floor]
        out = [base, max([base, *floors])]
        out += sorted({max(low, f) for f in floors}) + sorted({max(low, 2 * f) for f in floors})
        out += [low, 2 * low, 4 * low, 10 * low]
        return _unique(out)


def _unique(values: list[int]) -> list[int]:
    return list(dict.fromkeys(values))


def _card(token: str) -> str | None:
    """A card's text as studeval reads it (``10d`` is ``Td``); HistoryError for anything else
    (Bovada prints every card: a placeholder such as ``X`` or ``??`` is not read as a hidden one)."""
    t = token.strip()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0].upper() not in "23456789TJQKA" or t[1].lower() not in "cdhs":
        # Bovada prints every card (FORMATS.md 3.3): a placeholder is no card, and refused
        raise HistoryError(f"{token!r} is not a card")
    t = t[0].upper() + t[1].lower()
    try:
        parse_cards(t)
    except ValueError:  # pragma: no cover - the checks above admit only cards
        raise HistoryError(f"{token!r} is not a card") from None
    return t


def _header(m: re.Match[str], line: int) -> tuple[HandBuilder, bool]:
    rest = m.group("rest")
    game = _GAME.search(rest)
    if game is None:
        other = _OTHER_GAME.search(rest)
        raise HistoryError(f"{other.group() if other else 'the game'} is not a stud game studeval reads", line)
    not_limit = _NOT_LIMIT.search(rest)
    if not_limit:
        raise HistoryError(f"{not_limit.group()} stud is not fixed limit: studeval replays fixed limit", line)
    word = re.sub(r"\s|-", "", game.group("game")).upper()
    hilo = bool(game.group("hilo"))
    if word.startswith("5"):
        if hilo:
            raise HistoryError("five card stud hi-lo is not a game studeval reads", line)
        name = "five"
    elif word == "RAZZ":
        name = "razz"
    else:
        name = "stud8" if hilo else "seven"
    tournament = _TOURNAMENT.search(rest)
    b = HandBuilder("bovada", m.group("number"), name, scale=1 if tournament else 100, first_line=line)
    if tournament:
        b.fields["_tournament"] = int(tournament.group(1))
        at = _LEVEL.search(rest)
        if at:
            level(b.fields, at.group(1))
    else:
        b.fields["currency"] = "USD"
    table = _TABLE.search(rest)
    if table:
        b.fields["table"] = table.group(1)
    stamp = _WHEN.search(rest)
    if stamp:
        y, mo, d, h, mi, s = (int(x) for x in stamp.groups())
        try:
            when(b.fields, datetime.datetime(y, mo, d, h, mi, s), None)
        except ValueError:
            raise HistoryError(f"the date {stamp.group()!r} is not a date", line) from None
    return b, bool(tournament)


def read_hand(lines: Sequence[tuple[int, str]]) -> HandHistory:
    """One Bovada hand's numbered lines to its :class:`HandHistory` (or :class:`HistoryError`).

    >>> text = '''Bovada Hand #7 TBL#12 7CARD Fixed Limit - 2012-06-10 21:14:05
    ... Seat+1: $1 in chips
    ... Seat+2 [ME]: $1 in chips
    ... Seat+1 : Ante chip $0.02
    ... Seat+2 [ME] : Ante chip $0.02
    ... *** HOLE CARDS ***
    ... Seat+1 : Card dealt to a spot [Ah 7c 2d]
    ... Seat+2 [ME] : Card dealt to a spot [Kd Ks 9h]
    ... Seat+1 : Bring_in chip $0.05
    ... Seat+2 [ME] : Raises $0.10
    ... Seat+1 : Folds
    ... Seat+2 [ME] : Return uncalled portion of bet $0.05
    ... Seat+2 [ME] : Does not show [Kd Ks 9h] (One pair)
    ... Seat+2 [ME] : Hand result $0.14
    ... *** SUMMARY ***
    ... Total Pot($0.14)
    ... Seat 1:  Folded on the 3rd STREET
    ... Seat 2:  $0.14 [Does not show]'''
    >>> hh = read_hand(list(enumerate(text.splitlines(), 1)))
    >>> hh.actions
    ['d dh p1 Ah7c2d', 'd dh p2 KdKs9h', 'p1 pb', 'p2 cbr 10', 'p1 f']
    >>> hh.small_bet, hh.big_bet, hh.extra["_limits_seen"], hh.finishing_stacks
    (10, 20, 'small', [93, 107])
    """
    first_no, first = lines[0]
    m = _START.match(first.lstrip("\ufeff").strip())
    if not m:
        raise HistoryError("not the first line of a Bovada hand", first_no)
    b, tournament = _header(m, first_no)
    hand = _Hand(b, tournament)
    for no, raw in lines[1:]:
        b.line = no
        line = raw.lstrip("\ufeff").strip()
        if not line:
            continue
        try:
            _read_line(hand, no, line)
        except HistoryError as exc:
            if exc.line is None:
                exc.line = no
            raise
    if hand.hero is not None:
        b.fields["_hero"] = hand.hero
    return hand.finish(lines[-1][0])


def _read_line(hand: _Hand, no: int, line: str) -> None:
    """One line of a hand (not its first)."""
    b = hand.b
    pot = _POT.match(line)
    if pot:
        hand.flush()
        hand.pot(pot)
        hand.summary = True
        return
    marker = _MARKER.match(line)
    if marker:
        word = " ".join(marker.group("name").split()).upper()
        if word == "SUMMARY":
            hand.flush()
            hand.summary = True
        elif hand.summary or word in ("SHOW DOWN", "SHOWDOWN", "SHOWDOWN RESULTS"):
            hand.flush()
        elif _STREET_MARKER.match(word):
            hand.marker = True
        else:
            raise b.fail(f"unknown marker {line!r}")
        return
    if hand.summary:
        return  # the seats' summary repeats the hand
    p = _PLAYER.match(line)
    if p is None:
        board = _BOARD.match(line)
        if board and hand.seated_in and len(board.group("cards").split()) == 1:
            card = _card(board.group("cards"))
            if card is None:
                raise b.fail(f"the board card of {line!r} is not printed")
            hand.board(card)
            return
        raise b.fail(f"unreadable line {line!r}")
    name = f"Seat+{int(p.group('seat'))}"
    text = p.group("text").strip()
    seat = _SEAT.match(text)
    if seat and not hand.seated_in and not hand.antes and not hand.pending:
        if name in hand.seats:
            raise b.fail(f"{name} is seated twice")
        b.listed(int(p.group("seat")), name)  # seats 1..10, dealt in or not
        hand.seats[name] = (int(p.group("seat")), seat.group("stack").replace(" ", ""), no)
        hand.stack[name] = hand.chips(seat.group("stack"))
        hand.put[name] = 0
        if p.group("me"):
            hand.hero = name
        return
    kind, groups = _verb(text)
    if kind is None:
        if not p.group("gap"):
            return  # ``Seat S:`` without the space: a summary line
        raise b.fail(f"unreadable line {line!r}")
    if kind == "table":
        return
    if kind == "deal":
        cards = groups.get("cards") or ""
        hand.deal(name, _BRACKETS.findall(cards), no)
    elif kind in ("returned", "result", "shows", "mucks", "not_shown"):
        hand.end(name, kind, groups, no)
    else:
        hand.action(name, kind, groups, no)


def _verb(text: str) -> tuple[str | None, dict[str, str | None]]:
    """The kind of a player's line, its named groups and its amounts (``a1``, ``a2``)."""
    for kind, pattern in _VERBS:
        v = pattern.match(text)
        if v:
            named = set(pattern.groupindex.values())
            amounts = [v.group(k) for k in range(1, pattern.groups + 1) if k not in named and v.group(k) is not None]
            return kind, {**v.groupdict(), **{f"a{k}": a for k, a in enumerate(amounts, 1)}}
    return None, {}


@dataclass(frozen=True)
class BovadaSite:
    """Bovada and Bodog, as :mod:`studeval.histories` reads them (a LineSite)."""

    name: str = "bovada"
    start: re.Pattern[str] = _START

    def read(self, lines: Sequence[tuple[int, str]]) -> HandHistory:
        """One hand's numbered lines to its history (:func:`read_hand`)."""
        return read_hand(lines)


#: The site, as :mod:`studeval.histories` reads it.
SITE = BovadaSite()
