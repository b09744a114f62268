"""Contract-family scenarios for tests: a deck order that deals given hands, upcard and
stock top (``deck_order``), an engine with that deal applied (``engine_with_deal``),
every physical card of a state (``all_cards``) and card ids for card codes (``card_ids``);
for Michigan, a deck that deals given hands and widow (``michigan_deck``)."""
from __future__ import annotations

from collections import Counter

from table_app.core.actions import Deal, Discard, Draw, PassBuy, PassUpcard
from table_app.core.cards import parse_cards, parse_face
from table_app.engine.engine import Engine
from table_app.variants import find_variant


def deck_order(rules, n: int, rnd: int, dealer: int, hands: dict[int, str] | None = None,
               upcard: str | None = None, stock: str = "") -> tuple[int, ...]:
    """A full deck (faces, top first) that deals ``hands[seat]`` (card codes; the rest of
    each hand filled from unused cards), then ``upcard``, then ``stock`` on top of the
    stock, then the remaining cards."""
    hands = hands or {}
    h = rules.spec.hand_size(rnd)
    pool = Counter(rules.deck(n))
    want = {s: parse_cards(t) for s, t in hands.items()}
    up = parse_cards(upcard)[0] if upcard else None
    top = parse_cards(stock) if stock else []
    for f in [f for v in want.values() for f in v] + ([up] if up is not None else []) + top:
        pool[f] -= 1
        assert pool[f] >= 0, f"too many copies of face {f}"
    # filler: cards far from anything interesting (spread order), deterministic
    filler = []
    for f, k in sorted(pool.items(), key=lambda x: (x[0] % 13, x[0])):
        filler.extend([f] * k)
    filler.reverse()
    seats = {s: list(want.get(s, [])) for s in range(n)}
    for s in range(n):
        assert len(seats[s]) <= h
        while len(seats[s]) < h:
            seats[s].append(filler.pop())
    deck = []
    for i in range(h * n):
        s = (dealer + 1 + i) % n
        deck.append(seats[s][i // n])
    deck.append(up if up is not None else filler.pop())
    deck.extend(top)
    deck.extend(reversed(filler))
    assert len(deck) == len(rules.deck(n))
    return tuple(deck)


def engine_with_deal(variant: str, n: int, rnd: int, dealer: int = -1, options=None, **kw) -> Engine:
    """An engine (auto mode) with one deal applied.  ``dealer`` defaults to the seat
    before 0, so seat 0 acts first."""
    rules = find_variant(variant)(options or {})
    if dealer < 0:
        dealer = n - 1
    eng = Engine(rules, n, seed=1)
    eng.apply(Deal(rnd, dealer, deck_order(rules, n, rnd, dealer, **kw)))
    return eng


def all_cards(st) -> list[int]:
    """Every physical card of a contract-family state, wherever it is."""
    out = [c for h in st.hands for c in h]
    out += list(st.stock) + list(st.discard)
    out += [c for m in st.melds for c in m.cards]
    return out


def card_ids(text: str, used=None) -> tuple[int, ...]:
    """Card ids for codes (first free copy of each face)."""
    used = set() if used is None else used
    out = []
    for t in text.split():
        f = parse_face(t)
        c = 0
        while f * 8 + c in used:
            c += 1
        used.add(f * 8 + c)
        out.append(f * 8 + c)
    return tuple(out)


def cf(variant: str, rnd: int = 1, n: int | None = None, **kw) -> Engine:
    """A contract-family deal, seat 0 to act (the dealer is the last seat)."""
    n = n or (2 if variant == "mexican" else 4)
    return engine_with_deal(variant, n, rnd, **kw)


def stock_turns(eng: Engine, k: int) -> Engine:
    """``k`` turns: decline the upcard, everyone passes, draw, discard the first card."""
    for _ in range(k):
        seat = eng.to_act()[0]
        if any(a.type == "pass_upcard" for a in eng.legal_actions()):
            eng.apply(PassUpcard(seat))
        while eng.to_act()[1] == "buy":
            eng.apply(PassBuy(eng.to_act()[0]))
        eng.apply(Draw(seat, "stock"))
        eng.apply(Discard(seat, eng.state.hands[seat][0] >> 3))
    return eng


def down_table(variant: str, rnd: int, hand: str, upcard: str, down_seat: int,
               melds: list[tuple[str, str]], left: int, n: int = 4):
    """``(rules, state)``: seat 0 has taken ``upcard`` to ``hand`` (play phase) and seat
    ``down_seat`` is down with ``melds`` (``(kind, codes)``, natural cards taken from the
    stock) and ``left`` cards in hand (the rest put back under the stock): a consistent
    position, every card in one place."""
    from table_app.core.melds import build_meld
    from table_app.variants.contract_family import replace
    eng = engine_with_deal(variant, n, rnd, hands={0: hand}, upcard=upcard)
    rules = eng.rules
    st = rules.apply(eng.state, Draw(0, "discard"))
    stock = list(st.stock)
    out = []
    for kind, codes in melds:
        ids = []
        for f in parse_cards(codes):
            c = next(c for c in reversed(stock) if c >> 3 == f)
            stock.remove(c)
            ids.append(c)
        out.append(build_meld(kind, down_seat, ids, (None,) * len(ids), rules.wild_ranks(rnd)))
    h = list(st.hands[down_seat])
    stock = h[left:] + stock
    hands = st.hands[:down_seat] + (tuple(h[:left]),) + st.hands[down_seat + 1:]
    down = tuple(s == down_seat for s in range(n))
    return rules, replace(st, stock=tuple(stock), hands=hands, melds=tuple(out), down=down)


def michigan_deck(n: int, dealer: int, hands: dict[int, str], widow: str = "") -> tuple[int, ...]:
    """A deck (faces) dealing ``hands`` and ``widow`` (codes; the rest filled in) one card
    at a time from the dealer's left, the widow the last of every circuit (MG-4)."""
    want = {s: list(parse_cards(t)) for s, t in hands.items()}
    want_w = list(parse_cards(widow)) if widow else []
    used = {f for v in want.values() for f in v} | set(want_w)
    rest = [f for f in range(52) if f not in used]
    slots: list[list[int]] = []
    for j in range(n):
        slots.append(want.get((dealer + 1 + j) % n, []))
    slots.append(want_w)
    for j, sl in enumerate(slots):
        while len(sl) < 52 // (n + 1) + (j < 52 % (n + 1)):
            sl.append(rest.pop())
    return tuple(slots[i % (n + 1)][i // (n + 1)] for i in range(52))
