import { describe, expect, it } from "vitest";
import { readRefusal } from "./seat-refusal.js";

describe("a refusal as a seat's client reads it", () => {
  it("sends again what came too fast, and only that", () => {
    expect(readRefusal("rate_limited", true)).toBe("retry");
    expect(readRefusal("rate_limited", false)).toBe("other");
  });
  it("loses the seat only when nothing sent was refused", () => {
    expect(readRefusal("forbidden", false)).toBe("seat_lost");
    expect(readRefusal("not_found", false)).toBe("seat_lost");
    expect(readRefusal("forbidden", true)).toBe("refused");
    expect(readRefusal("stale", true)).toBe("refused");
    expect(readRefusal("stale", false)).toBe("other");
  });
});
