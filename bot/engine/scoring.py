"""Scoring a finished hand: a standalone function of bids, tricks and the rules.

Every number a player needs to check the arithmetic is kept: for each side,
``contract + overtricks + nil + blind + special + renege + bag_penalty == total``.

``special`` names the special items by kind, joined by `` + `` (``"dix + last trick"``;
Gambling's pot with its figures, ``"hand score 30, stake 4, pot 16"``): words for no
reader, which ``bot.render.score_labels`` words in each reader's language.

The result classes live in ``results.py``; both modules are compiled with the engine's hot
path (setup.py).
"""

from __future__ import annotations

from typing import final

from bot.engine import berkley
from bot.engine.auction import auction_results
from bot.engine.end_streak import end_streak
from bot.engine.miser import miser_result
from bot.engine.options import Options, options_of
from bot.engine.results import HandResult, SeatOutcome, TeamHandResult
from bot.engine.rules import Rules

__all__ = ["HandResult", "SeatOutcome", "TeamHandResult", "score_hand"]


# Plain final classes, not NamedTuples: compiled, a NamedTuple is built by its interpreted
# constructor, these by a native one.
@final
class _Side:
    """What one side bid and took, as the contract sees it."""

    __slots__ = ("bid", "blind", "blind_bid", "counted", "extra_bags", "has_bid", "num_tricks")

    def __init__(
        self,
        bid: int,
        blind_bid: int,
        counted: int,
        extra_bags: int,
        has_bid: bool,
        num_tricks: int,
        blind: bool,
    ) -> None:
        self.blind = blind
        self.bid = bid
        self.blind_bid = blind_bid
        self.counted = counted
        self.extra_bags = extra_bags
        self.has_bid = has_bid
        self.num_tricks = num_tricks


@final
class _Contract:
    __slots__ = ("bags", "blind", "contract", "made", "over", "special", "special_points")

    def __init__(
        self,
        made: bool | None,
        contract: int,
        over: int,
        bags: int,
        blind: int,
        special: str | None,
        special_points: int,
    ) -> None:
        self.made = made
        self.contract = contract
        self.over = over
        self.bags = bags
        self.blind = blind
        self.special = special
        self.special_points = special_points


def _contract(
    options: Options, side: _Side, *, required_extra: int, forced_set: bool, forced_made: bool
) -> _Contract:
    """The contract part of one side's score, before bag penalties."""
    bid, blind_bid, counted = side.bid, side.blind_bid, side.counted
    extra_bags, has_bid, num_tricks = side.extra_bags, side.has_bid, side.num_tricks
    failed_bids = options.failed_bids
    if options.bid_values != "ten_a_trick" and has_bid:
        return _berkley(options, side, required_extra, forced_set, forced_made)
    if options.blind_six != "off" and bid == 6 and blind_bid == 6 and has_bid:
        return _blind_six(options, side, forced_set=forced_set, forced_made=forced_made)
    if not has_bid:
        overs = extra_bags
        made: bool | None = None
        contract = blind = 0
    else:
        required = bid + required_extra
        if forced_made:
            counted = max(counted, required)
        made = counted >= required and not forced_set
        if made and counted > required and not forced_made:
            # 000:170 Oh Hell: an overtrick breaks the contract; 000:114: "to make a
            # 10-for-200 bid, the side must win exactly 10 tricks".
            moon = options.shoot_the_moon != "off" and bid == num_tricks
            ten = options.ten_for_two_hundred and bid == 10 and not moon
            made = options.exact_bids == "off" and not (ten and options.ten_for_two_hundred_exact)
        # 000:119 Trailing Blind Bids: no overtricks, and a set costs only the normal 10 a
        # trick bid.
        trailing = blind_bid > 0 and options.blind_scoring == "trailing"
        if made:
            contract, blind = 10 * bid, 10 * blind_bid
            overs = extra_bags if trailing else counted - required + extra_bags
        else:
            overs = extra_bags
            if failed_bids == "minus_10x_bid":
                contract, blind = -10 * bid, -10 * blind_bid
            elif failed_bids in ("zero", "to_opponents"):
                contract = blind = 0
            elif failed_bids == "plus_1_a_trick":
                # 000:167 3B-Spades: "A set bid scores +1 per trick taken".
                contract, blind = counted, 0
            else:
                short = required - counted if counted < required else bid
                contract, blind = -10 * short, -10 * min(short, blind_bid)
            if trailing:
                blind = 0
    over_points = overs * options.overtrick_points
    bags = overs if options.bags_count else 0
    special: str | None = None
    special_points = 0
    if has_bid:
        lost = failed_bids not in ("zero", "to_opponents")
        lexington = options.lexington
        if options.shoot_the_moon != "off" and bid == num_tricks:
            special = "shoot the moon"
            if options.shoot_the_moon == "plus_minus_200":
                value = 200 if made else (-200 if lost else 0)
                special_points = value - contract
        elif lexington == "wins_game" and bid == 12:
            special = "lexington"
        elif lexington == "twelve_for_240" and made and counted == 12:
            # 000:123: "taking 12 tricks scores 240 whatever was bid".
            special = "lexington"
            special_points = 240 - contract
        elif options.ten_for_two_hundred and bid == 10:
            special = "10 for 200"
            loss = options.ten_for_two_hundred_loss
            value = 200 if made else (-loss if lost else 0)
            special_points = value - contract
        elif options.double_over and made and bid and counted >= 2 * bid:
            # 000:169: "bid 2, take 4 or more: -40".
            special = "double over"
            special_points = -20 * bid - contract
    return _Contract(made, contract, over_points, bags, blind, special, special_points)


def _blind_six(options: Options, side: _Side, *, forced_set: bool, forced_made: bool) -> _Contract:
    """000:118 Blind 6: "It scores 120 points if the side takes exactly six tricks. If they
    take some other number of tricks they lose 120." Or, "commonly", at least six with no
    overtricks counted, and a failure that loses only 60."""
    counted = side.counted
    at_least = options.blind_six != "exact"
    made = forced_made or (not forced_set and (counted >= 6 if at_least else counted == 6))
    lost = -60 if options.blind_six == "at_least_lose_60" else -120
    overs = side.extra_bags
    return _Contract(
        made,
        0,
        overs * options.overtrick_points,
        overs if options.bags_count else 0,
        0,
        "blind 6",
        120 if made else lost,
    )


def _berkley(
    options: Options, side: _Side, required_extra: int, forced_set: bool, forced_made: bool
) -> _Contract:
    """A bid worth what Berkley's table says (003:158-189, 003:247-333): bids taken
    exactly where they must be, overtricks 1 each otherwise, 10 a trick bid lost when set
    (more for the low three-player bids)."""
    bid, counted = side.bid, side.counted
    won, lost, exact = berkley.terms(options.bid_values, side.num_tricks, bid, side.blind)
    required = bid + required_extra
    made = forced_made or (
        not forced_set and (counted == required if exact else counted >= required)
    )
    overs = side.extra_bags + (counted - required if made and counted > required else 0)
    special = None
    if made and won == berkley.WIN:
        special, won = "automatic win", 0
    elif made and bid == 13 and options.bid_values == "berkley_two":
        special = "Boston"
    return _Contract(
        made,
        won if made else lost,
        overs * options.overtrick_points,
        overs if options.bags_count else 0,
        0,
        special,
        0,
    )


def _points(contract: _Contract) -> int:
    """The points of a contract before nil, bag penalty and renege adjustments."""
    return contract.contract + contract.over + contract.blind + contract.special_points


def _exact_blind(scoring: str, bid: int, took: int) -> int:
    """A blind bid that must be met exactly: +100 exact, -100 short, 0 over (000:69), or
    10 a trick bid won exact and lost otherwise (000:106 "if made exactly by that player")."""
    if scoring == "exact_100":
        return 100 if took == bid else (-100 if took < bid else 0)
    return 10 * bid if took == bid else -10 * bid


def _bonuses(
    options: Options, contract: _Contract, bid: int, won_last: bool, all_exact: bool
) -> tuple[str | None, int]:
    """(label, points) of the side's special items with Seven Tricks Or Higher (000:180:
    a made bid of 7 or more, 10 more a trick bid above six), Win The Last Trick (000:182:
    10) and Individual Team Players (000:176: every partner exact, half the bid times 10,
    rounded down), after any special bid the contract had."""
    labels = [contract.special] if contract.special else []
    points = 0
    if options.exact_partners_bonus and all_exact and contract.made:
        labels.append("partners exact")
        points += 10 * (bid // 2)
    if options.seven_or_more_bonus and contract.made and bid >= 7 and not contract.special:
        labels.append("seven or more")
        points += 10 * (bid - 6)
    if options.last_trick_bonus and won_last:
        labels.append("last trick")
        points += 10
    return (" + ".join(labels) or None), points


def _streak(
    options: Options, teams: tuple[tuple[int, ...], ...], winners: list[int]
) -> tuple[int, str]:
    """000:153 End Winning Streak: (seat, label) of the seat whose side scores the bonus,
    the seat -2 (nobody's) when nobody does (``end_streak.py``)."""
    side_of = [0] * (max(max(seats) for seats in teams) + 1)
    for t, seats in enumerate(teams):
        for seat in seats:
            side_of[seat] = t
    found = end_streak(winners, options.end_streak_length, options.end_streak_breaker, side_of)
    return found if found is not None else (-2, "")


def _highlander(contract: _Contract, seat_overs: int) -> None:
    """000:175 Highlander Scoring: "Harry is awarded five points per overtrick", made or
    set, and "Sandbagging does not apply"."""
    contract.over = 5 * seat_overs
    contract.bags = 0


@final
class _Hand:
    """What one side bid and took this hand, for the extra bonuses."""

    __slots__ = ("bid", "bids", "made", "seats", "team", "took", "tricks")

    def __init__(
        self,
        team: int,
        seats: tuple[int, ...],
        bid: int,
        took: int,
        made: bool | None,
        tricks: list[int],
        bids: list[int | None],
    ) -> None:
        self.team = team
        self.seats = seats
        self.bid = bid
        self.took = took
        self.made = made
        self.tricks = tricks
        self.bids = bids


def _perfect(scheme: str, run: int) -> int:
    """003:165 "Three Consecutive Perfect Bids 80 pts"; 003:285-288: 100 at the third and
    "Consecutive Perfects Bids After First Three Perfect Bids 50 pts"."""
    if scheme == "eighty":
        return 80 if run % 3 == 0 else 0
    return 100 if run == 3 else (50 if run > 3 else 0)


def _extras(
    options: Options,
    special: str | None,
    bonus: int,
    hand: _Hand,
    card_bonus: tuple[tuple[int, str, int], ...],
    sevens_before: list[int] | None,
    perfect_runs: list[int] | None,
) -> tuple[str | None, int]:
    """The side's special label and points with the scoring rows that need more than this
    hand's bids and tricks: card bonuses, seven-trick streaks and perfect-bid runs."""
    labels = [special] if special else []
    for seat, label, points in card_bonus:
        if seat in hand.seats:
            labels.append(label)
            bonus += points
    sevens = (options.highlander and hand.took >= 7) or (
        options.seven_tricks_streak and hand.bid >= 7 and hand.made
    )
    if sevens:
        # 000:175, 000:181: "10 points the first time, 20 points the second, and each time
        # thereafter the points increase by 10".
        labels.append("seven tricks")
        bonus += 10 * ((sevens_before[hand.team] if sevens_before else 0) + 1)
    scheme = options.perfect_bids_bonus
    if scheme != "off":
        # With dummies a player's one bid is for both their hands (003:165).
        dummies = options.dummy_hands
        for seat in hand.seats[:1] if dummies else hand.seats:
            took = hand.took if dummies else hand.tricks[seat]
            bid = sum(hand.bids[s] or 0 for s in hand.seats) if dummies else hand.bids[seat]
            if hand.bids[seat] is not None and took == bid:
                run = (perfect_runs[seat] if perfect_runs else 0) + 1
                points = _perfect(scheme, run)
                if points:
                    labels.append("perfect bids")
                    bonus += points
    return (" + ".join(labels) or None), bonus


def _split_bonuses(results: list[TeamHandResult]) -> None:
    """000:115 Eight & Ten Rule, as this table reads it: each player's bonuses (Nil, blind
    and special items won) are split in two, half kept and half to the player opposite."""
    halves = [
        (max(0, r.nil_bonus) + max(0, r.blind_bonus) + max(0, r.special_points)) // 2
        for r in results
    ]
    for result in results:
        change = halves[(result.team + 2) % 4] - halves[result.team]
        if change or halves[result.team]:
            label = "split bonus"
            result.special = f"{result.special} + {label}" if result.special else label
            result.special_points += change
            result.total += change
            result.score += change


def _gambling_pot(results: list[TeamHandResult], scores: list[int]) -> None:
    """003:375-397 Gambling Spades, chips as points: every player stakes 1 and 1 a trick
    bid; "The highest scoring player wins all the chips staked - the central pot and the
    players' bids. If there is a tie for highest the pot is split." The hand's own score is
    shown in the item's label, and the chips are the score."""
    stakes = [1 + r.bid for r in results]
    best = max(r.total for r in results)
    share = sum(stakes) // sum(1 for r in results if r.total == best)
    for result, stake in zip(results, stakes, strict=True):
        won = share if result.total == best else 0
        result.special = f"hand score {result.total}, stake {stake}, pot {won}"
        result.contract_points = result.overtrick_points = result.nil_bonus = 0
        result.blind_bonus = result.renege_points = result.bag_penalty = 0
        result.special_points = result.total = won - stake
        result.score = scores[result.team] + result.total
        result.bags = result.bags_total = 0


def _award_sets(results: list[TeamHandResult], shorts: list[int]) -> None:
    """000:172 Broken Contract Gives Points To Opposing Team: every other side scores 10
    for each trick a set side fell short, as a special item of its own hand result."""
    for result in results:
        award = 10 * sum(short for t, short in enumerate(shorts) if t != result.team)
        if award:
            label = "opponents set"
            result.special = f"{result.special} + {label}" if result.special else label
            result.special_points += award
            result.total += award
            result.score += award


_MO_NAMES = {
    "mo": ("little mo", "big mo"),
    "moe": ("little moe", "big moe"),
    "bemo": ("bemo", "big bemo"),
    "bemo_three": ("bemo", "big bemo"),
}


def _declaration(options: Options, kind: int, run: int, broken: bool) -> tuple[str, int]:
    """(label, points) of a side's declaration: made when ``run`` reaches its goal."""
    goal, won, lost = options.mo_terms[kind - 1]
    label = _MO_NAMES[options.rules.mo][kind - 1]
    return label, won if run >= goal and not broken else lost


def _declared_result(
    options: Options,
    team: int,
    seats: tuple[int, ...],
    declaration: tuple[int, int],
    tricks: int,
    score: int,
    bags: int,
    claimed: bool,
    reneged: bool,
) -> TeamHandResult:
    """A side whose Mo or Moe stood instead of its bid: its declaration alone, made or
    lost, and no bags (002:90 "immune to bags for that hand"; 000:116 "Bags or overtricks
    ... are not counted")."""
    kind, run = declaration
    label, points = _declaration(options, kind, run, claimed or reneged)
    goal = options.mo_terms[kind - 1][0]
    return TeamHandResult(
        team,
        seats,
        goal,
        0,
        tricks,
        points > 0,
        0,
        0,
        0,
        0,
        0,
        0,
        label,
        points,
        0,
        points,
        score + points,
        bags,
        claimed,
    )


def score_hand(
    rules: Rules,
    *,
    hand_number: int,
    dealer: int,
    bids: list[int | None],
    blind: list[bool],
    tricks: list[int],
    scores: list[int],
    bags: list[int],
    num_tricks: int,
    renege_set: list[bool] | None = None,
    extra_required: list[int] | None = None,
    claim_set: list[bool] | None = None,
    last_trick: int | None = None,
    winners: list[int] | None = None,
    aces_last: tuple[int, ...] = (),
    card_bonus: tuple[tuple[int, str, int], ...] = (),
    bag_cancels: list[int] | None = None,
    sevens_before: list[int] | None = None,
    perfect_runs: list[int] | None = None,
    declared: list[int] | None = None,
    runs: list[int] | None = None,
    dark_big: tuple[int, ...] = (),
    no_trump: tuple[int, ...] = (),
) -> HandResult:
    """Score one hand. ``bids`` all ``None`` means the hand bid itself (001).

    ``renege_set[t]``: side ``t`` was caught reneging under the ``set`` rule (it is set and
    every other side makes its bid). ``extra_required[t]``: tricks side ``t`` must take
    beyond its bid (caught reneging under ``bid_plus_3``, or a false renege call).
    ``claim_set[t]``: side ``t`` made a claim that failed under the ``set`` penalty: its
    contract is set whatever it took (000 The rest are mine: "as if that player had failed
    to make his bid"), and in a hand that bid itself it scores nothing.
    ``last_trick``: the seat that won the last trick, for ``last_trick_bonus`` (``None``:
    nobody won it by play or claim). ``winners``: the seat that won each trick of the
    hand in order, all of them (``None``: the hand ended early), for ``end_streak_bonus``.
    ``aces_last``: the seats that played an Ace to the last trick, for ``ace_on_nil_bonus``.
    ``card_bonus``: (seat, label, points) won by
    a card (``card_bonuses.py``: Dix and the last-trick victories). ``bag_cancels[t]``: bag
    cancelling cards side ``t`` took, for ``bag_cancel_card``. ``sevens_before[t]``: earlier
    hands of the game in which side ``t`` scored seven tricks (``highlander``,
    ``seven_tricks_streak``). ``perfect_runs[s]``: hands just before this one in which seat
    ``s`` took exactly its bid, for ``perfect_bids_bonus``. ``declared[t]``: side ``t``'s
    Mo, Moe or Bemo (rules' ``mo``: 0 none, 1 Little, 2 Big) and ``runs[t]`` the tricks it
    took toward it. ``dark_big``: seats whose Blind Nil was played in the dark, worth 250
    made or lost (000:163 "scored the same as a Big Mo"). ``no_trump``: seats that bid no
    trump (000:113).
    """
    options = options_of(rules)
    teams = options.teams
    n_teams = len(teams)
    renege_set = renege_set or [False] * n_teams
    extra_required = extra_required or [0] * n_teams
    claim_set = claim_set or [False] * n_teams
    bid_itself = all(b is None for b in bids)
    nil_on = options.nil_on
    seat_outcomes = []
    for seat, b in enumerate(bids):
        is_nil = b == 0 and nil_on
        seat_outcomes.append(
            SeatOutcome(
                seat, b, blind[seat], is_nil, tricks[seat], tricks[seat] == 0 if is_nil else None
            )
        )
    team_results = []
    moon_winner = None
    any_set = any(renege_set)
    # Blind bids judged seat by seat, each on its own tricks (000:69, 000:106): their
    # points are the blind bonus, and the side's contract counts them as plain bids.
    blind_scoring = options.blind_scoring
    exact_blind = blind_scoring in ("exact_100", "exact_double")
    each_exact = options.exact_bids == "each"
    bonuses_on = (
        options.seven_or_more_bonus
        or options.last_trick_bonus
        or options.exact_partners_bonus
        or options.end_streak_bonus
    )
    to_opponents = options.failed_bids == "to_opponents"
    extras = options.score_extras
    highlander = options.highlander
    shorts = [0] * n_teams
    if options.auction:
        # 000:112 Auction Spades: one contract, the defenders scoring its difference.
        results = auction_results(teams, bids, tricks, scores, bags)
        return HandResult(hand_number, dealer, bid_itself, results, tuple(seat_outcomes), None)
    streak, streak_label = -2, ""
    if winners is not None and options.end_streak_bonus:
        streak, streak_label = _streak(options, teams, winners)
    miser = options.miser
    for t, seats in enumerate(teams):
        if miser:
            # 003:93-95 Miser: each alone, the reverse of high Spades.
            took, bid = tricks[seats[0]], bids[seats[0]] or 0
            result = miser_result(t, seats, bid, took, num_tricks, scores[t], bags[t])
            team_results.append(result)
            continue
        # One pass over the side's seats: its tricks, its nil seats and its bidders.
        team_tricks = team_bid = blind_bid = counted = nil_bonus = failed_nil_tricks = 0
        nils = blind_exact = 0
        any_blind = False
        # Whether every seat of the side took exactly its own bid (a Nil: none).
        all_exact = True
        # Highlander (000:175): a partner short of their own bid, and the partners'
        # overtricks.
        seat_short = False
        seat_overs = 0
        for s in seats:
            took = tricks[s]
            team_tricks += took
            if seat_outcomes[s].nil:
                nils += 1
                value = options.nil_points * (2 if blind[s] else 1)
                if dark_big and s in dark_big:
                    value = 250
                if options.bid_values == "berkley_two":
                    # 003:161, 003:163: Nil +300/-50 (bid before looking), Naught +200/-100.
                    won, lost = berkley.nil_terms(blind[s])
                    nil_bonus += won if took == 0 else lost
                elif options.nil_minus_10:
                    # 000:167 3B-Spades: "A Nil scores -10 per trick taken".
                    nil_bonus -= 10 * took
                else:
                    nil_bonus += value if took == 0 else -value
                if took == 0 and s in aces_last:
                    # 000:156 Last Trick Ace On Nil: "usually one-fifth of agreed nil value".
                    nil_bonus += value // 5
                failed_nil_tricks += took
                all_exact = all_exact and took == 0
            else:
                bid = bids[s] or 0
                all_exact = all_exact and took == bid
                if highlander:
                    seat_short = seat_short or took < bid
                    seat_overs += max(0, took - bid)
                team_bid += bid
                if blind[s]:
                    any_blind = True
                    blind_bid += bid
                    if exact_blind:
                        blind_exact += _exact_blind(blind_scoring, bid, took)
                counted += took
        if bid_itself:
            total = 0 if claim_set[t] else 10 * team_tricks
            team_results.append(
                TeamHandResult(
                    t,
                    seats,
                    0,
                    0,
                    team_tricks,
                    None,
                    total,
                    0,
                    0,
                    0,
                    0,
                    0,
                    None,
                    0,
                    0,
                    total,
                    scores[t] + total,
                    bags[t],
                    claim_set[t],
                )
            )
            continue
        if declared is not None and declared[t] and options.mo_replaces and runs is not None:
            team_results.append(
                _declared_result(
                    options,
                    t,
                    seats,
                    (declared[t], runs[t]),
                    team_tricks,
                    scores[t],
                    bags[t],
                    claim_set[t],
                    renege_set[t],
                )
            )
            continue
        has_bid = nils < len(seats)
        if nils == len(seats) > 1:
            if options.bid_values == "berkley_two":
                # 003:162, 003:164: Double Nil +500/-100, Double Naught +400/-100.
                won, lost = berkley.double_nil_terms(blind[seats[0]])
                nil_bonus = won if failed_nil_tricks == 0 else lost
            if options.team_nil:
                # 000:159-162 Team Nil: one Nil for the side, 150 when both bid it blind.
                value = 150 if all(blind[s] for s in seats) else 100
                nil_bonus = value if failed_nil_tricks == 0 else -value
            if failed_nil_tricks == 0:
                if options.double_nil_bonus:
                    nil_bonus *= 2
                if options.double_nil_wins:
                    moon_winner = t
            elif options.double_nil_no_penalty:
                nil_bonus = 0
        extra_bags = 0
        failed_nil = options.failed_nil
        if options.team_nil and not has_bid:
            pass  # "A team that declares Nil is immune to bags for that hand."
        elif failed_nil == "helps_team_bid" and has_bid:
            counted += failed_nil_tricks
        elif failed_nil == "takes_bags" or (failed_nil == "helps_team_bid" and not has_bid):
            extra_bags = failed_nil_tricks
        elif failed_nil == "minus_10_each":
            # 000:147: "Tricks taken by a nil do not count towards a non-nil bid and are
            # penalized 10 points each."
            nil_bonus -= 10 * failed_nil_tricks
        side = _Side(
            team_bid,
            0 if exact_blind else blind_bid,
            counted,
            extra_bags,
            has_bid,
            num_tricks,
            any_blind,
        )
        claimed = claim_set[t]
        # 000:170 Oh Hell, strict form: a player off their own bid sets the side.
        broken = claimed or (each_exact and not all_exact) or seat_short
        plain = _contract(options, side, required_extra=0, forced_set=broken, forced_made=False)
        if highlander:
            _highlander(plain, seat_overs)
        forced_made = any_set and any(renege_set[o] for o in range(n_teams) if o != t)
        plain_sum = _points(plain)
        if extra_required[t] or renege_set[t] or forced_made:
            actual = _contract(
                options,
                side,
                required_extra=extra_required[t],
                forced_set=renege_set[t] or broken,
                forced_made=forced_made,
            )
            if highlander:
                _highlander(actual, seat_overs)
            renege_points = _points(actual) - plain_sum
        else:
            actual = plain
            renege_points = 0
        if bag_cancels and bag_cancels[t] and actual.made and actual.bags:
            # 000:178 Sandbag Cancellation: "cancels one bag on that hand for the side that
            # takes it", only when the side made its bid with overtricks.
            actual.bags -= min(bag_cancels[t], actual.bags)
        new_bags = bags[t] + actual.bags
        bag_penalty = 0
        if options.bag_penalty:
            times, new_bags = divmod(new_bags, options.bag_limit)
            bag_penalty = -times * options.bag_penalty
        special, bonus = plain.special, 0
        if bonuses_on:
            special, bonus = _bonuses(
                options, actual, team_bid, last_trick in seats, all_exact and has_bid
            )
            if streak in seats:
                special = f"{special} + {streak_label}" if special else streak_label
                bonus += options.end_streak_bonus
        if extras:
            special, bonus = _extras(
                options,
                special,
                bonus,
                _Hand(t, seats, team_bid, team_tricks, actual.made, tricks, bids),
                card_bonus,
                sevens_before,
                perfect_runs,
            )
        if declared is not None and declared[t] and runs is not None:
            # 000:117 Bemo: "an extra bonus of 60 if successful and loses 60 if not".
            label, points = _declaration(options, declared[t], runs[t], claimed or renege_set[t])
            special = f"{special} + {label}" if special else label
            bonus += points
        if no_trump and actual.made:
            # 000:113: "A player who successfully makes a No Trump bid counts each trick
            # taken by that player as double."
            doubled = sum(tricks[s] for s in seats if s in no_trump and tricks[s] >= (bids[s] or 0))
            if doubled:
                special = f"{special} + no trump" if special else "no trump"
                bonus += 10 * doubled
        if to_opponents and actual.made is False:
            shorts[t] = max(0, team_bid + extra_required[t] - counted)
        total = plain_sum + renege_points + nil_bonus + bag_penalty + blind_exact + bonus
        contract_points, over_points, blind_points = plain.contract, plain.over, plain.blind
        special_points = plain.special_points + bonus
        if extras and options.no_deductions:
            # 000:184 No Point Deductions: every item that would take points off counts 0.
            contract_points, over_points = max(0, contract_points), max(0, over_points)
            nil_bonus, blind_exact = max(0, nil_bonus), max(0, blind_exact)
            blind_points, special_points = max(0, blind_points), max(0, special_points)
            renege_points, bag_penalty = max(0, renege_points), 0
            total = contract_points + over_points + nil_bonus + blind_points + blind_exact
            total += special_points + renege_points
        if (
            actual.special == "shoot the moon"
            and actual.made
            and options.shoot_the_moon == "wins_game"
        ) or (actual.special == "lexington" and actual.made and options.lexington == "wins_game"):
            moon_winner = t
        elif actual.special == "automatic win" and actual.made:
            # 003:307, 003:323: "Automatic Win".
            moon_winner = t
        team_results.append(
            TeamHandResult(
                t,
                seats,
                team_bid,
                blind_bid,
                team_tricks,
                actual.made,
                contract_points,
                over_points,
                actual.bags,
                bag_penalty,
                nil_bonus,
                blind_points + blind_exact,
                special,
                special_points,
                renege_points,
                total,
                scores[t] + total,
                new_bags,
                claimed,
            )
        )
    if any(shorts):
        _award_sets(team_results, shorts)
    if extras and options.split_bonuses:
        _split_bonuses(team_results)
    if extras and options.gambling_pot:
        _gambling_pot(team_results, scores)
    return HandResult(
        hand_number, dealer, bid_itself, tuple(team_results), tuple(seat_outcomes), moon_winner
    )
