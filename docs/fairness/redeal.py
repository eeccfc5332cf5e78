#!/usr/bin/env python3
"""Re-deals a Crazy Eights hand from its seed, independently of Cardroom's code.

    python3 redeal.py HAND_SEED_HEX PLAYERS DEALER
    python3 redeal.py --match MATCH_SEED HAND_NUMBER PLAYERS DEALER

Prints the deal as JSON: hands per seat, the up-card, the stock (top first).
It follows docs/FAIRNESS.md word for word, with nothing but the standard library.
"""
import hashlib
import hmac
import json
import struct
import sys

M = 0xFFFFFFFF


def hand_seed(match_seed: str, hand: int) -> bytes:
    return hmac.new(match_seed.encode("utf-8"), struct.pack(">I", hand), hashlib.sha256).digest()


class Sfc32:
    def __init__(self, seed: bytes):
        self.a, self.b, self.c, self.d = struct.unpack(">4I", seed[:16])
        for _ in range(12):
            self.next()

    def next(self) -> int:
        t = (self.a + self.b + self.d) & M
        self.d = (self.d + 1) & M
        self.a = self.b ^ (self.b >> 9)
        self.b = (self.c + (self.c << 3)) & M
        self.c = (((self.c << 21) | (self.c >> 11)) & M) + t & M
        return t

    def below(self, n: int) -> int:
        """Uniform in [0, n): Lemire's multiply-and-shift with rejection."""
        while True:
            m = self.next() * n
            high, low = m >> 32, m & M
            if low >= n or low >= (1 << 32) % n:
                return high


def shuffled_pack(seed: bytes, pack: list) -> list:
    rng = Sfc32(seed)
    cards = sorted(pack)
    for i in range(len(cards) - 1):
        j = i + rng.below(len(cards) - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def text(card: int) -> str:
    if card >= 52:
        return "RJ" if card == 52 else "BJ"
    return "A23456789TJQK"[card % 13] + "CDHS"[card // 13]


def crazy_eights(seed: bytes, players: int, dealer: int) -> dict:
    cards = shuffled_pack(seed, list(range(52)))
    hands = [None] * players
    at = 0
    for k in range(1, players + 1):  # blocks of 7, starting left of the dealer
        seat = (dealer + k) % players
        hands[seat] = [text(c) for c in cards[at : at + 7]]
        at += 7
    upcard = text(cards[at])
    stock = [text(c) for c in cards[at + 1 :]]
    return {"hands": hands, "upcard": upcard, "stock": stock}


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--match":
        seed = hand_seed(args[1], int(args[2]))
        args = args[3:]
    else:
        seed = bytes.fromhex(args[0])
        args = args[1:]
    print(json.dumps({"handSeed": seed.hex(), **crazy_eights(seed, int(args[0]), int(args[1]))}))
