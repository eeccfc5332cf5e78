import { describe, expect, it } from "vitest";
import type { LabPlan } from "../../lab/plan.js";
import { repeatCommand, shellWord } from "./lab-command.js";

const plan = { game: "hyrule", players: 3, seed: "8812" } as LabPlan;

describe("the command that plays a lab run again", () => {
  it("writes out the seed and the players the run chose, and every flag that decides the numbers", () => {
    expect(
      repeatCommand(
        {
          option: ["target=5"],
          vary: ["mode=chance,strategy"],
          games: "40",
          skill: true,
          measures: false,
          report: "out/h.html",
        },
        plan,
      ),
    ).toBe(
      "cardroom lab --game hyrule --players 3 --option target=5 --vary mode=chance,strategy --games 40 --skill --seed 8812 --no-measures --report out/h.html",
    );
  });

  it("quotes what a shell would split or read", () => {
    expect(shellWord("±1%")).toBe("'±1%'");
    expect(shellWord("my report.html")).toBe("'my report.html'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord("a=b,c")).toBe("a=b,c");
  });
});
