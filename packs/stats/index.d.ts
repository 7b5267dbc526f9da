// Types for the @capsule/stats guest module (simple-statistics 7.12). Every export is named; the default export is
// an object of the same functions. Aliases (average = mean, iqr = interquartileRange, …) share one declaration.
declare module "@capsule/stats" {
  type Numbers = readonly number[];
  type Points = readonly (readonly number[])[];
  type RandomSource = () => number;

  // central tendency
  export function mean(x: Numbers): number;
  export { mean as average };
  export function meanSimple(x: Numbers): number;
  export { meanSimple as averageSimple };
  export function median(x: Numbers): number;
  export function medianSorted(sorted: Numbers): number;
  export function mode(x: Numbers): number;
  export function modeSorted(sorted: Numbers): number;
  export function modeFast<T>(x: readonly T[]): T;
  export function geometricMean(x: Numbers): number;
  export function harmonicMean(x: Numbers): number;
  export function logAverage(x: Numbers): number;
  export function rootMeanSquare(x: Numbers): number;
  export { rootMeanSquare as rms };
  export function scaledRootMeanSquare(x: Numbers): number;

  // extremes and sums
  export function min(x: Numbers): number;
  export function max(x: Numbers): number;
  export function minSorted(sorted: Numbers): number;
  export function maxSorted(sorted: Numbers): number;
  export function extent(x: Numbers): [number, number];
  export function extentSorted(sorted: Numbers): [number, number];
  export function sum(x: Numbers): number;
  export function sumSimple(x: Numbers): number;
  export function product(x: Numbers): number;

  // spread
  export function variance(x: Numbers): number;
  export function standardDeviation(x: Numbers): number;
  export function sampleVariance(x: Numbers): number;
  export function sampleStandardDeviation(x: Numbers): number;
  export function coefficientOfVariation(x: Numbers): number;
  export function interquartileRange(x: Numbers): number;
  export { interquartileRange as iqr };
  export function medianAbsoluteDeviation(x: Numbers): number;
  export { medianAbsoluteDeviation as mad };
  export function sumNthPowerDeviations(x: Numbers, n?: number): number;
  export function zScore(x: number, mean: number, standardDeviation: number): number;

  // quantiles and ranks
  export function quantile(x: Numbers, p: number): number;
  export function quantile(x: Numbers, p: Numbers): number[];
  export function quantileSorted(sorted: Numbers, p: number): number;
  export function quantileSorted(sorted: Numbers, p: Numbers): number[];
  export function quantileRank(x: Numbers, value: number): number;
  export function quantileRankSorted(sorted: Numbers, value: number): number;
  export function uniqueCountSorted(sorted: readonly unknown[]): number;

  // relations between samples
  export function sampleCovariance(x: Numbers, y: Numbers): number;
  export function sampleCorrelation(x: Numbers, y: Numbers): number;
  export function sampleRankCorrelation(x: Numbers, y: Numbers): number;
  export function sampleSkewness(x: Numbers): number;
  export function sampleKurtosis(x: Numbers): number;

  // incremental and weighted
  export function addToMean(mean: number, n: number, newValue: number): number;
  export function subtractFromMean(mean: number, n: number, value: number): number;
  export function combineMeans(mean1: number, n1: number, mean2: number, n2: number): number;
  export function combineVariances(variance1: number, mean1: number, n1: number, variance2: number, mean2: number, n2: number): number;
  export function weightedMean(x: Numbers, weights: Numbers): number;
  export function weightedVariance(x: Numbers, weights: Numbers): number;
  export function weightedStandardDeviation(x: Numbers, weights: Numbers): number;
  export function weightedQuantile(x: Numbers, weights: Numbers, p: number): number;
  export function weightedQuantile(x: Numbers, weights: Numbers, p: Numbers): number[];

  // regression
  /** Least squares over [x, y] pairs; empty input gives { m: NaN, b: NaN }. */
  export function linearRegression(data: Points): { m: number; b: number };
  export function linearRegressionLine(mb: { m: number; b: number }): (x: number) => number;
  export function rSquared(data: Points, func: (x: number) => number): number;
  export function weightedLinearRegression(data: Points, weights: Numbers): { m: number; b: number };

  // tests
  export function tTest(x: Numbers, expectedValue: number): number;
  export function tTestTwoSample(sampleX: Numbers, sampleY: Numbers, difference?: number): number | null;
  /** True when the data reject the hypothesized distribution (e.g. poissonDistribution) at `significance`. */
  export function chiSquaredGoodnessOfFit(data: Numbers, distributionType: (mean: number) => number[] | undefined, significance: number): boolean;
  /** p-value; `k` permutations (default 10000). */
  export function permutationTest(sampleX: Numbers, sampleY: Numbers, alternative?: "two_side" | "greater" | "less", k?: number, randomSource?: RandomSource): number;
  export function wilcoxonRankSum(sampleX: Numbers, sampleY: Numbers): number;

  // distributions and special functions
  export function bernoulliDistribution(p: number): number[];
  export function binomialDistribution(trials: number, probability: number): number[] | undefined;
  export function poissonDistribution(lambda: number): number[] | undefined;
  export function normalDistribution(x: number, mean: number, standardDeviation: number, cumulative?: boolean): number;
  /** Critical values: chiSquaredDistributionTable[degreesOfFreedom][significance], df 1–30, 40, 50, … 100. */
  export const chiSquaredDistributionTable: Readonly<Record<number, Readonly<Record<0.995 | 0.99 | 0.975 | 0.95 | 0.9 | 0.5 | 0.1 | 0.05 | 0.025 | 0.01 | 0.005, number>>>>;
  /** Φ(z) for z = index / 100, 0 ≤ index < 310. */
  export const standardNormalTable: readonly number[];
  export function cumulativeStdNormalProbability(z: number): number;
  export function cumulativeStdLogisticProbability(x: number): number;
  export function errorFunction(x: number): number;
  export { errorFunction as erf };
  export function inverseErrorFunction(x: number): number;
  export function probit(p: number): number;
  export function logit(p: number): number;
  export function gamma(n: number): number;
  export function gammaln(n: number): number;
  export function factorial(n: number): number;
  export const epsilon: number;

  // clustering and density
  export function ckmeans(x: Numbers, nClusters: number): number[][];
  export function jenks(data: Numbers, nClasses: number): number[] | null;
  export function equalIntervalBreaks(x: Numbers, nClasses: number): number[];
  export function kMeansCluster(points: Points, numCluster: number, randomSource?: RandomSource): { labels: number[]; centroids: number[][] };
  export function silhouette(points: Points, labels: Numbers): number[];
  export function silhouetteMetric(points: Points, labels: Numbers): number;
  export function kernelDensityEstimation(x: Numbers, kernel?: "gaussian" | ((u: number) => number), bandwidthMethod?: "nrd" | number): (x: number) => number;
  export { kernelDensityEstimation as kde };

  // classifiers
  export class BayesianClassifier {
    totalCount: number;
    data: Record<string, unknown>;
    train(item: Record<string, unknown>, category: string): void;
    /** Probability per category. */
    score(item: Record<string, unknown>): Record<string, number>;
  }
  export { BayesianClassifier as bayesian };
  export class PerceptronModel {
    weights: number[];
    bias: number;
    predict(features: Numbers): number | null;
    train(features: Numbers, label: 0 | 1): PerceptronModel | null;
  }
  export { PerceptronModel as perceptron };

  // combinatorics and sampling
  export function combinations<T>(x: readonly T[], k: number): T[][];
  export function combinationsReplacement<T>(x: readonly T[], k: number): T[][];
  export function permutationsHeap<T>(elements: readonly T[]): T[][];
  export function chunk<T>(x: readonly T[], chunkSize: number): T[][];
  /** A shuffled copy; Math.random (seeded per run) unless randomSource is given. */
  export function shuffle<T>(x: readonly T[], randomSource?: RandomSource): T[];
  /** Shuffles x itself and returns it. */
  export function shuffleInPlace<T>(x: T[], randomSource?: RandomSource): T[];
  export function sample<T>(x: readonly T[], n: number, randomSource?: RandomSource): T[];
  export function sampleWithReplacement<T>(x: readonly T[], n: number, randomSource?: RandomSource): T[];

  // utilities
  export function numericSort(x: Numbers): number[];
  /** Rearranges arr in place so arr[k] is the kth smallest. */
  export function quickselect(arr: number[], k: number, left?: number, right?: number): void;
  export function bisect(func: (x: number) => number, start: number, end: number, maxIterations: number, errorTolerance: number): number;
  export function sign(x: number): number;
  /** Relative tolerance, default epsilon (0.0001). */
  export function approxEqual(actual: number, expected: number, tolerance?: number): boolean;
  export function relativeError(actual: number, expected: number): number;

  /** simple-statistics has no default export: the default import is an object holding every named export. */
  const namespace: typeof import("@capsule/stats");
  export default namespace;
}
