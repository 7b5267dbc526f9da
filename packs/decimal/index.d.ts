// Types for the @capsule/decimal guest module (decimal.js 10.6). `Decimal` is both the default and a named
// export. Long and short method names are aliases (plus/add, times/mul, dividedBy/div, …).
declare module "@capsule/decimal" {
  namespace Decimal {
    /** 0 UP, 1 DOWN, 2 CEIL, 3 FLOOR, 4 HALF_UP (default), 5 HALF_DOWN, 6 HALF_EVEN, 7 HALF_CEIL, 8 HALF_FLOOR. */
    type Rounding = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
    /** Rounding modes, or 9 EUCLID. */
    type Modulo = Rounding | 9;
    type Value = string | number | bigint | Decimal;
    type Constructor = typeof Decimal;
    interface Config {
      /** Significant digits of results (not decimal places). Default 20. */
      precision?: number;
      rounding?: Rounding;
      /** toString uses exponential notation below 10^toExpNeg (default -7) and from 10^toExpPos (default 21). */
      toExpNeg?: number;
      toExpPos?: number;
      minE?: number;
      maxE?: number;
      /** true throws "[DecimalError] crypto unavailable" in the sandbox. */
      crypto?: boolean;
      modulo?: Modulo;
      /** true resets every unspecified property to its default. */
      defaults?: boolean;
    }
  }

  class Decimal {
    /** Throws "[DecimalError] Invalid argument: …" for text that is not a number. */
    constructor(n: Decimal.Value);
    /** Digits (base 1e7), exponent and sign: internal representation. */
    readonly d: number[]; readonly e: number; readonly s: number;

    plus(n: Decimal.Value): Decimal; add(n: Decimal.Value): Decimal;
    minus(n: Decimal.Value): Decimal; sub(n: Decimal.Value): Decimal;
    times(n: Decimal.Value): Decimal; mul(n: Decimal.Value): Decimal;
    /** x/0 is ±Infinity, 0/0 is NaN (no throw). */
    dividedBy(n: Decimal.Value): Decimal; div(n: Decimal.Value): Decimal;
    dividedToIntegerBy(n: Decimal.Value): Decimal; divToInt(n: Decimal.Value): Decimal;
    modulo(n: Decimal.Value): Decimal; mod(n: Decimal.Value): Decimal;
    toPower(n: Decimal.Value): Decimal; pow(n: Decimal.Value): Decimal;
    squareRoot(): Decimal; sqrt(): Decimal;
    cubeRoot(): Decimal; cbrt(): Decimal;
    naturalExponential(): Decimal; exp(): Decimal;
    naturalLogarithm(): Decimal; ln(): Decimal;
    /** Base 10 by default. */
    logarithm(base?: Decimal.Value): Decimal; log(base?: Decimal.Value): Decimal;
    absoluteValue(): Decimal; abs(): Decimal;
    negated(): Decimal; neg(): Decimal;
    ceil(): Decimal; floor(): Decimal;
    /** Rounds to an integer with the configured rounding mode. */
    round(): Decimal;
    truncated(): Decimal; trunc(): Decimal;
    clampedTo(min: Decimal.Value, max: Decimal.Value): Decimal; clamp(min: Decimal.Value, max: Decimal.Value): Decimal;
    toDecimalPlaces(dp?: number, rounding?: Decimal.Rounding): Decimal; toDP(dp?: number, rounding?: Decimal.Rounding): Decimal;
    toSignificantDigits(sd?: number, rounding?: Decimal.Rounding): Decimal; toSD(sd?: number, rounding?: Decimal.Rounding): Decimal;
    /** Nearest multiple of n. */
    toNearest(n: Decimal.Value, rounding?: Decimal.Rounding): Decimal;
    /** [numerator, denominator]. */
    toFraction(maxDenominator?: Decimal.Value): [Decimal, Decimal];

    sine(): Decimal; sin(): Decimal; cosine(): Decimal; cos(): Decimal; tangent(): Decimal; tan(): Decimal;
    inverseSine(): Decimal; asin(): Decimal; inverseCosine(): Decimal; acos(): Decimal; inverseTangent(): Decimal; atan(): Decimal;
    hyperbolicSine(): Decimal; sinh(): Decimal; hyperbolicCosine(): Decimal; cosh(): Decimal; hyperbolicTangent(): Decimal; tanh(): Decimal;
    inverseHyperbolicSine(): Decimal; asinh(): Decimal; inverseHyperbolicCosine(): Decimal; acosh(): Decimal; inverseHyperbolicTangent(): Decimal; atanh(): Decimal;

    /** -1, 0, 1, or NaN. */
    comparedTo(n: Decimal.Value): number; cmp(n: Decimal.Value): number;
    equals(n: Decimal.Value): boolean; eq(n: Decimal.Value): boolean;
    greaterThan(n: Decimal.Value): boolean; gt(n: Decimal.Value): boolean;
    greaterThanOrEqualTo(n: Decimal.Value): boolean; gte(n: Decimal.Value): boolean;
    lessThan(n: Decimal.Value): boolean; lt(n: Decimal.Value): boolean;
    lessThanOrEqualTo(n: Decimal.Value): boolean; lte(n: Decimal.Value): boolean;
    isFinite(): boolean; isNaN(): boolean; isZero(): boolean;
    isInteger(): boolean; isInt(): boolean;
    isNegative(): boolean; isNeg(): boolean;
    isPositive(): boolean; isPos(): boolean;
    decimalPlaces(): number; dp(): number;
    precision(includeZeros?: boolean): number; sd(includeZeros?: boolean): number;

    /** Exponential notation outside toExpNeg..toExpPos ("1e+21", "1e-7"); trailing zeros dropped. */
    toString(): string;
    /** Same as toString. */
    valueOf(): string;
    toJSON(): string;
    /** Never exponential: fixed-point text, rounded to dp places when given. */
    toFixed(dp?: number, rounding?: Decimal.Rounding): string;
    toExponential(dp?: number, rounding?: Decimal.Rounding): string;
    toPrecision(sd?: number, rounding?: Decimal.Rounding): string;
    toNumber(): number;
    toBinary(sd?: number, rounding?: Decimal.Rounding): string;
    toOctal(sd?: number, rounding?: Decimal.Rounding): string;
    toHexadecimal(sd?: number, rounding?: Decimal.Rounding): string; toHex(sd?: number, rounding?: Decimal.Rounding): string;

    static abs(n: Decimal.Value): Decimal; static ceil(n: Decimal.Value): Decimal; static floor(n: Decimal.Value): Decimal;
    static round(n: Decimal.Value): Decimal; static trunc(n: Decimal.Value): Decimal; static sign(n: Decimal.Value): number;
    static add(x: Decimal.Value, y: Decimal.Value): Decimal; static sub(x: Decimal.Value, y: Decimal.Value): Decimal;
    static mul(x: Decimal.Value, y: Decimal.Value): Decimal; static div(x: Decimal.Value, y: Decimal.Value): Decimal;
    static mod(x: Decimal.Value, y: Decimal.Value): Decimal; static pow(base: Decimal.Value, exponent: Decimal.Value): Decimal;
    static sqrt(n: Decimal.Value): Decimal; static cbrt(n: Decimal.Value): Decimal; static exp(n: Decimal.Value): Decimal;
    static ln(n: Decimal.Value): Decimal; static log(n: Decimal.Value, base?: Decimal.Value): Decimal;
    static log2(n: Decimal.Value): Decimal; static log10(n: Decimal.Value): Decimal;
    static sin(n: Decimal.Value): Decimal; static cos(n: Decimal.Value): Decimal; static tan(n: Decimal.Value): Decimal;
    static asin(n: Decimal.Value): Decimal; static acos(n: Decimal.Value): Decimal; static atan(n: Decimal.Value): Decimal;
    static atan2(y: Decimal.Value, x: Decimal.Value): Decimal;
    static sinh(n: Decimal.Value): Decimal; static cosh(n: Decimal.Value): Decimal; static tanh(n: Decimal.Value): Decimal;
    static asinh(n: Decimal.Value): Decimal; static acosh(n: Decimal.Value): Decimal; static atanh(n: Decimal.Value): Decimal;
    static clamp(n: Decimal.Value, min: Decimal.Value, max: Decimal.Value): Decimal;
    static hypot(...n: Decimal.Value[]): Decimal;
    static max(...n: Decimal.Value[]): Decimal; static min(...n: Decimal.Value[]): Decimal; static sum(...n: Decimal.Value[]): Decimal;
    /** Uses the run's seeded Math.random (reproducible with the run's seed). */
    static random(significantDigits?: number): Decimal;
    static isDecimal(value: unknown): value is Decimal;
    /** A new, independent Decimal constructor with its own configuration. */
    static clone(config?: Decimal.Config): Decimal.Constructor;
    /** Changes this constructor's configuration (for the rest of the run). */
    static set(config: Decimal.Config): Decimal.Constructor;
    static config(config: Decimal.Config): Decimal.Constructor;

    static readonly precision: number; static readonly rounding: Decimal.Rounding;
    static readonly toExpNeg: number; static readonly toExpPos: number; static readonly minE: number; static readonly maxE: number;
    static readonly crypto: boolean; static readonly modulo: Decimal.Modulo;
    static readonly ROUND_UP: 0; static readonly ROUND_DOWN: 1; static readonly ROUND_CEIL: 2; static readonly ROUND_FLOOR: 3;
    static readonly ROUND_HALF_UP: 4; static readonly ROUND_HALF_DOWN: 5; static readonly ROUND_HALF_EVEN: 6;
    static readonly ROUND_HALF_CEIL: 7; static readonly ROUND_HALF_FLOOR: 8; static readonly EUCLID: 9;
  }
  /** Decimal may also be called without `new`. */
  function Decimal(n: Decimal.Value): Decimal;

  export { Decimal };
  export default Decimal;
}
