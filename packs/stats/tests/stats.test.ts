import { describe, expect, it } from "vitest";
import { shippedCatalog, shippedSandbox } from "../../../tests/support/shipped-catalog.js";

const sandbox = await shippedSandbox();

describe("@capsule/stats through discovery, compile, catalog and run", () => {
  it("is admitted with simple-statistics' named exports and a summary", async () => {
    const { catalog } = await shippedCatalog();
    expect(catalog.refused.filter((r) => r.pack === "@capsule/stats")).toEqual([]);
    const stats = catalog.modules.find((m) => m.specifier === "@capsule/stats");
    expect(stats).toBeDefined();
    expect(stats!.exports).toEqual(expect.arrayContaining([
      "default", "mean", "average", "median", "mode", "standardDeviation", "sampleStandardDeviation", "quantile", "iqr",
      "linearRegression", "linearRegressionLine", "rSquared", "sampleCorrelation", "tTest", "ckmeans", "BayesianClassifier", "shuffle",
    ]));
    expect(stats!.exports.length).toBeGreaterThanOrEqual(100);
    expect(stats!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stats!.summary).toMatch(/^Descriptive statistics.*simple-statistics/);
  });

  it("summarises a dataset, by named, namespace and default import", async () => {
    const result = await sandbox.run({
      source: `import { mean, median, mode, min, max, sum, variance, standardDeviation, sampleStandardDeviation, quantile, iqr, mad, zScore } from "@capsule/stats";
        import * as ns from "@capsule/stats";
        import ss from "@capsule/stats";
        const xs = [2, 4, 4, 4, 5, 5, 7, 9];
        return {
          central: [mean(xs), median(xs), mode(xs), ns.average(xs), ss.harmonicMean([1, 2, 4])],
          range: [min(xs), max(xs), sum(xs), ss.extent(xs)],
          spread: [variance(xs), standardDeviation(xs), sampleStandardDeviation(xs), iqr([1, 2, 3, 4, 5, 6, 7, 8]), mad([1, 1, 2, 2, 4, 6, 9])],
          quantiles: quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [0.25, 0.5, 0.9]),
          z: zScore(78, 80, 5),
          inputUntouched: xs.join(","),
          sameFunctions: ss !== ns && ss.mean === ns.mean && Object.keys(ss).length === Object.keys(ns).filter((k) => k !== "default").length,
        };`,
    });
    expect(result.ok && result.value).toEqual({
      central: [5, 4.5, 4, 5, 1.7142857142857142],
      range: [2, 9, 40, [2, 9]],
      spread: [4, 2, 2.138089935299395, 3.5, 1],
      quantiles: [3.25, 5.5, 9.1],
      z: -0.4,
      inputUntouched: "2,4,4,4,5,5,7,9",
      sameFunctions: true,
    });
  });

  it("fits regressions, correlates, tests and clusters", async () => {
    const result = await sandbox.run({
      source: `import * as ss from "@capsule/stats";
        const months = [1, 2, 3, 4, 5, 6], sales = [12, 15, 21, 24, 30, 33];
        const fit = ss.linearRegression(months.map((m, i) => [m, sales[i]]));
        const line = ss.linearRegressionLine(fit);
        const c = new ss.BayesianClassifier();
        c.train({ color: "red", size: "s" }, "cherry"); c.train({ color: "red", size: "l" }, "apple"); c.train({ color: "yellow", size: "l" }, "banana");
        return {
          fit, next: line(7),
          r2: Math.round(ss.rSquared(months.map((m, i) => [m, sales[i]]), line) * 1e6) / 1e6,
          r: ss.sampleCorrelation([1, 2, 3, 4], [2, 4, 6, 9]),
          t: ss.tTest([1, 2, 3, 4, 5], 2),
          t2: ss.tTestTwoSample([1, 2, 3, 4], [3, 4, 5, 6], 0),
          p: ss.cumulativeStdNormalProbability(1.96),
          clusters: ss.ckmeans([1, 2, 3, 50, 100, 101, 102], 3),
          breaks: ss.equalIntervalBreaks([1, 2, 10], 3),
          kmeans: ss.kMeansCluster([[0, 0], [0, 1], [10, 10], [10, 11]], 2, () => 0.1),
          bayes: c.score({ color: "red", size: "l" }),
          combos: ss.combinations([1, 2, 3], 2),
          factorial: ss.factorial(5),
        };`,
    });
    expect(result.ok && result.value).toEqual({
      fit: { m: 4.371428571428571, b: 7.200000000000001 },
      next: 37.8,
      r2: 0.990857,
      r: 0.9943767126843691,
      t: 1.5811388300841895,
      t2: -2.1908902300206643,
      p: 0.975,
      clusters: [[1, 2, 3], [50], [100, 101, 102]],
      breaks: [1, 4, 7, 10],
      kmeans: { labels: [0, 0, 1, 1], centroids: [[0, 0.5], [10, 10.5]] },
      bayes: { cherry: 0.3333333333333333, apple: 0.6666666666666666, banana: 0.3333333333333333 },
      combos: [[1, 2], [1, 3], [2, 3]],
      factorial: 120,
    });
  });

  it("draws random samples from the run's seed, reproducibly", async () => {
    const source = `import { shuffle, sample } from "@capsule/stats"; return [shuffle([1, 2, 3, 4, 5]), sample([1, 2, 3, 4, 5], 2), shuffle([1, 2, 3, 4], () => 0.5)];`;
    const first = await sandbox.run({ source, seed: 42 });
    const again = await sandbox.run({ source, seed: 42 });
    expect(first.ok && first.value).toEqual([[1, 4, 3, 2, 5], [4, 1], [1, 4, 2, 3]]);
    expect(again.ok && again.value).toEqual(first.ok && first.value);
  });

  it("throws on empty input, and lets unvalidated input through as NaN", async () => {
    const caught = await sandbox.run({
      source: `import * as ss from "@capsule/stats";
        const q = (f) => { try { return f(); } catch (e) { return e.name + ": " + e.message; } };
        return [q(() => ss.median([])), q(() => ss.sampleVariance([1])), ss.sum([]), ss.linearRegression([]), ss.mean(["1", "2"]), ss.medianSorted([5, 1, 3])];`,
    });
    expect(caught.ok && caught.value).toEqual([
      "Error: quantile requires at least one data point.",
      "Error: sampleVariance requires at least two data points",
      0,
      { m: NaN, b: NaN },
      NaN,
      1,
    ]);
    const thrown = await sandbox.run({ source: `import { mean } from "@capsule/stats"; return mean([]);` });
    expect(thrown.ok).toBe(false);
    expect(!thrown.ok && thrown.error).toMatchObject({ code: "E_GUEST_ERROR", name: "Error", message: "mean requires at least one data point" });
  });
});
