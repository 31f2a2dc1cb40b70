import { describe, expect, it } from "vitest";
import { isFiltered, parseQueueFilters, queueAgeDays, queueAgeOptions, queueQuery } from "./queue-filters";

const STATUSES = ["submitted", "shipped"] as const;
const PRACTICE = "0E6F1F44-6D53-4B7E-8D1B-3C1D3C9E8A10";
const read = (query: string) => parseQueueFilters(new URLSearchParams(query), STATUSES);

describe("the console queues' filters", () => {
  it("default to what waits on staff, from every practice, of any age", () => {
    expect(read("")).toEqual({ status: "open", practiceId: "all", age: "all" });
    expect(isFiltered(read(""))).toBe(false);
    expect(queueQuery(read(""))).toBe("");
  });

  it("read a status of the queue's, a practice's id (lower-cased) and an age", () => {
    expect(read(`status=shipped&practice=${PRACTICE}&age=3`)).toEqual({ status: "shipped", practiceId: PRACTICE.toLowerCase(), age: "3" });
    expect(read("status=all").status).toBe("all");
    expect(read("status=open").status).toBe("open");
  });

  it("fall back to the default for anything else", () => {
    expect(read("status=draft&practice=lakeside&age=5")).toEqual({ status: "open", practiceId: "all", age: "all" });
    expect(read("status=&practice=&age=").status).toBe("open");
  });

  it("write back as the URL's query, defaults left out", () => {
    const filters = read(`status=all&practice=${PRACTICE}&age=7`);
    expect(isFiltered(filters)).toBe(true);
    expect(queueQuery(filters)).toBe(`status=all&practice=${PRACTICE.toLowerCase()}&age=7`);
    expect(queueQuery({ ...filters, status: "open" })).toBe(`practice=${PRACTICE.toLowerCase()}&age=7`);
    expect(read(queueQuery(filters))).toEqual(filters);
  });

  it("name and count the ages in the queue's words", () => {
    expect(queueAgeOptions("Waiting over")).toEqual([
      { value: "all", label: "Any age" },
      { value: "1", label: "Waiting over 1 day" },
      { value: "3", label: "Waiting over 3 days" },
      { value: "7", label: "Waiting over 7 days" },
    ]);
    expect(queueAgeDays("all")).toBeNull();
    expect(queueAgeDays("7")).toBe(7);
  });
});
