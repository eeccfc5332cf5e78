#!/usr/bin/env python3
"""A Cardroom player in Python, standard library only (docs/PLAYER-PROTOCOL.md).

Cardroom starts this program for a seat and speaks JSON Lines with it:
    cardroom play gin-rummy --vs cmd:"python3 docs/examples/player.py"
It plays every game: from the legal moves it is given, it prefers putting
down its highest card (by rank) when it may, else any move at random. Put a
strategy of your own in choose(); the view is the engine protocol's view.
"""
import json
import random
import sys

RANKS = "A23456789TJQK"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def rank(card):
    return RANKS.index(card[0]) + 1 if card and card[0] in RANKS else 0


def choose(view, legal, rng):
    """One of the legal moves, exactly as it was listed."""
    with_cards = [m for m in legal if isinstance(m.get("card"), str)]
    if with_cards and rng.random() < 0.5:
        return max(with_cards, key=lambda m: rank(m["card"]))
    return rng.choice(legal)


def main():
    rng = random.Random()
    seat, events, hands = None, 0, 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            seat = message["seat"]
            send({"type": "hello", "protocol": 1, "name": "example-python", "games": ["*"]})
        elif kind == "event":
            events += 1  # message["event"] is one event, as this seat may see it
        elif kind == "turn":
            move = choose(message["view"], message["legal"], rng)
            send({"type": "move", "id": message["id"], "move": move})
        elif kind == "handEnd":
            hands += 1
        elif kind == "matchEnd":
            won = seat in message["winners"]
            print(f"seat {seat}: {hands} hands, {events} events, {'won' if won else 'lost'}",
                  file=sys.stderr)
            return


if __name__ == "__main__":
    main()
