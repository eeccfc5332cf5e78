import { describe, expect, it } from "vitest";
import playArenaMatch from "./arena-match.js";
import { arena, arenaTasks, summarize, wilson } from "./arena.js";

const cfg = {
  game: "crazy-eights",
  players: 2,
  levels: ["medium", "random"],
  games: 6,
  seed: "arena",
  options: { target: 100 },
};

describe("the arena", () => {
  it("mirrors each deal: the same match seed with the levels swapped", () => {
    const tasks = arenaTasks(cfg);
    expect(tasks).toHaveLength(6);
    expect(tasks[0].seed).toBe(tasks[1].seed);
    expect(tasks[0].levels).toEqual(["medium", "random"]);
    expect(tasks[1].levels).toEqual(["random", "medium"]);
    expect(tasks[2].seed).not.toBe(tasks[0].seed);
  });

  it("gives Wilson intervals that hold the rate", () => {
    const [lo, hi] = wilson(60, 100);
    expect(lo).toBeCloseTo(0.502, 3);
    expect(hi).toBeCloseTo(0.691, 3);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it("sums matches and hands per level, shared wins split", () => {
    const tasks = arenaTasks({ ...cfg, games: 2 });
    const s = summarize(
      { ...cfg, games: 2 },
      tasks,
      [
        { winners: [0], hands: [[0], [1], [0, 1]], moves: 10, thinking: [0, 0], chosen: [5, 5] },
        { winners: [1], hands: [[1]], moves: 5, thinking: [0, 0], chosen: [3, 2] },
      ],
      1,
    );
    const medium = s.levels.find((l) => l.level === "medium")!;
    expect(medium.matches.won).toBe(2);
    expect(medium.hands.won).toBe(1 + 0.5 + 1);
    expect(medium.hands.played).toBe(4);
  });

  it("plays the same match from the same task", () => {
    const [task] = arenaTasks(cfg);
    expect(playArenaMatch(task)).toEqual({ ...playArenaMatch(task), thinking: expect.any(Array) });
  });

  it("plays its matches on worker threads", async () => {
    const s = await arena({ ...cfg, games: 4, threads: 2 });
    expect(s.games).toBe(4);
    expect(s.levels.map((l) => l.level)).toEqual(["medium", "random"]);
    expect(s.levels[0].matches.played).toBe(4);
  });
});
