// Types for the @capsule/dates guest modules (dayjs 1.11, ESM build, and its plugins). The root module has
// only a default export. Plugin methods are declared on Dayjs directly: they exist only after
// `dayjs.extend(<plugin>)` in the same run (each is marked with the plugin it needs).
declare module "@capsule/dates" {
  type ConfigType = string | number | Date | Dayjs | null | undefined;
  type UnitTypeShort = "d" | "D" | "M" | "y" | "h" | "m" | "s" | "ms";
  type UnitTypeLong = "millisecond" | "second" | "minute" | "hour" | "day" | "month" | "year" | "date";
  type UnitTypeLongPlural = "milliseconds" | "seconds" | "minutes" | "hours" | "days" | "months" | "years" | "dates";
  type UnitType = UnitTypeLong | UnitTypeLongPlural | UnitTypeShort;
  type OpUnitType = UnitType | "week" | "weeks" | "w";
  /** "quarter" needs plugin/quarterOfYear, "isoWeek" needs plugin/isoWeek. */
  type QUnitType = OpUnitType | "quarter" | "quarters" | "Q" | "isoWeek";
  type ManipulateType = Exclude<OpUnitType, "date" | "dates"> | "quarter" | "quarters" | "Q";
  type OptionType = string | string[] | { locale?: string; format?: string; utc?: boolean };

  interface ILocale {
    name: string;
    weekdays?: string[];
    months?: string[];
    weekStart?: number;
    yearStart?: number;
    ordinal?: (n: number) => string | number;
    formats?: Partial<Record<"LT" | "LTS" | "L" | "LL" | "LLL" | "LLLL", string>>;
    relativeTime?: Partial<Record<"future" | "past" | "s" | "m" | "mm" | "h" | "hh" | "d" | "dd" | "M" | "MM" | "y" | "yy", string>>;
    [key: string]: unknown;
  }

  interface Dayjs {
    clone(): Dayjs;
    isValid(): boolean;
    year(): number; year(value: number): Dayjs;
    /** 0-based: January is 0. */
    month(): number; month(value: number): Dayjs;
    date(): number; date(value: number): Dayjs;
    /** Day of the week, Sunday = 0. */
    day(): 0 | 1 | 2 | 3 | 4 | 5 | 6; day(value: number): Dayjs;
    hour(): number; hour(value: number): Dayjs;
    minute(): number; minute(value: number): Dayjs;
    second(): number; second(value: number): Dayjs;
    millisecond(): number; millisecond(value: number): Dayjs;
    set(unit: UnitType, value: number): Dayjs;
    get(unit: UnitType): number;
    add(value: number, unit?: ManipulateType): Dayjs;
    subtract(value: number, unit?: ManipulateType): Dayjs;
    startOf(unit: QUnitType): Dayjs;
    endOf(unit: QUnitType): Dayjs;
    format(template?: string): string;
    diff(date?: ConfigType, unit?: QUnitType, float?: boolean): number;
    valueOf(): number;
    unix(): number;
    daysInMonth(): number;
    toDate(): Date;
    toJSON(): string | null;
    /** Throws RangeError for an invalid date. */
    toISOString(): string;
    toString(): string;
    utcOffset(): number;
    isBefore(date?: ConfigType, unit?: QUnitType): boolean;
    isSame(date?: ConfigType, unit?: QUnitType): boolean;
    isAfter(date?: ConfigType, unit?: QUnitType): boolean;
    locale(): string;
    locale(preset: string | ILocale, object?: Partial<ILocale>): Dayjs;

    /** plugin/utc */ utc(keepLocalTime?: boolean): Dayjs;
    /** plugin/utc */ local(): Dayjs;
    /** plugin/utc */ isUTC(): boolean;
    /** plugin/utc: minutes (|n| <= 16 is read as hours) or "+05:30". */ utcOffset(offset: number | string, keepLocalTime?: boolean): Dayjs;
    /** plugin/relativeTime */ fromNow(withoutSuffix?: boolean): string;
    /** plugin/relativeTime */ from(compared: ConfigType, withoutSuffix?: boolean): string;
    /** plugin/relativeTime */ toNow(withoutSuffix?: boolean): string;
    /** plugin/relativeTime */ to(compared: ConfigType, withoutSuffix?: boolean): string;
    /** plugin/duration */ add(duration: Duration): Dayjs;
    /** plugin/duration */ subtract(duration: Duration): Dayjs;
    /** plugin/isoWeek */ isoWeek(): number; isoWeek(value: number): Dayjs;
    /** plugin/isoWeek */ isoWeekYear(): number;
    /** plugin/isoWeek: Monday = 1 … Sunday = 7 */ isoWeekday(): number; isoWeekday(value: number): Dayjs;
    /** plugin/weekOfYear */ week(): number; week(value: number): Dayjs;
    /** plugin/dayOfYear */ dayOfYear(): number; dayOfYear(value: number): Dayjs;
    /** plugin/quarterOfYear */ quarter(): number; quarter(value: number): Dayjs;
    /** plugin/isBetween: exclusive "()" by default. */ isBetween(a: ConfigType, b: ConfigType, unit?: QUnitType | null, inclusivity?: "()" | "[]" | "[)" | "(]"): boolean;
    /** plugin/isSameOrAfter */ isSameOrAfter(date?: ConfigType, unit?: QUnitType): boolean;
    /** plugin/isSameOrBefore */ isSameOrBefore(date?: ConfigType, unit?: QUnitType): boolean;
    /** plugin/isLeapYear */ isLeapYear(): boolean;
  }

  type DurationUnitType = Exclude<ManipulateType, "quarter" | "quarters" | "Q">;
  type DurationUnits = Partial<Record<"milliseconds" | "seconds" | "minutes" | "hours" | "days" | "weeks" | "months" | "years", number>>;
  /** plugin/duration */
  interface Duration {
    clone(): Duration;
    humanize(withSuffix?: boolean): string;
    milliseconds(): number; asMilliseconds(): number;
    seconds(): number; asSeconds(): number;
    minutes(): number; asMinutes(): number;
    hours(): number; asHours(): number;
    days(): number; asDays(): number;
    weeks(): number; asWeeks(): number;
    months(): number; asMonths(): number;
    years(): number; asYears(): number;
    as(unit: DurationUnitType): number;
    get(unit: DurationUnitType): number;
    add(value: number | DurationUnits | Duration | string, unit?: DurationUnitType): Duration;
    subtract(value: number | DurationUnits | Duration | string, unit?: DurationUnitType): Duration;
    /** ISO 8601, e.g. "PT1H1M1S". */
    toJSON(): string;
    toISOString(): string;
    format(template?: string): string;
    locale(locale: string): Duration;
  }

  type PluginFunc<T = unknown> = (option: T, c: new (config?: unknown) => Dayjs, d: DayjsFactory) => void;

  interface DayjsFactory {
    (date?: ConfigType): Dayjs;
    /** Format(s) need plugin/customParseFormat; `strict` refuses rolled-over values. */
    (date: ConfigType, format: OptionType, strict?: boolean): Dayjs;
    (date: ConfigType, format: OptionType, locale: string, strict?: boolean): Dayjs;
    extend<T = unknown>(plugin: PluginFunc<T>, option?: T): DayjsFactory;
    locale(preset?: string | ILocale, object?: Partial<ILocale>, isLocal?: boolean): string;
    isDayjs(value: unknown): value is Dayjs;
    unix(seconds: number): Dayjs;
    Ls: Record<string, ILocale>;
    /** plugin/utc */ utc(date?: ConfigType, format?: string, strict?: boolean): Dayjs;
    /** plugin/duration */ duration(time: number, unit?: DurationUnitType): Duration;
    /** plugin/duration */ duration(units: DurationUnits): Duration;
    /** plugin/duration */ duration(iso8601: string): Duration;
    /** plugin/duration */ isDuration(value: unknown): value is Duration;
    /** plugin/minMax: null when given nothing. */ max(dates: Dayjs[]): Dayjs | null; max(...dates: Dayjs[]): Dayjs | null;
    /** plugin/minMax: null when given nothing. */ min(dates: Dayjs[]): Dayjs | null; min(...dates: Dayjs[]): Dayjs | null;
  }

  const dayjs: DayjsFactory;
  export default dayjs;
  export type { ConfigType, Dayjs, Duration, DurationUnits, ILocale, ManipulateType, OpUnitType, OptionType, PluginFunc, QUnitType, UnitType, DayjsFactory };
}

declare module "@capsule/dates/plugin/utc" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/customParseFormat" {
  /** `parseTwoDigitYear` maps "YY" text to a full year (default: 68 and below → 20xx). */
  const plugin: import("@capsule/dates").PluginFunc<{ parseTwoDigitYear?: (yearString: string) => number } | undefined>;
  export default plugin;
}
declare module "@capsule/dates/plugin/relativeTime" {
  const plugin: import("@capsule/dates").PluginFunc<{ rounding?: (n: number) => number; thresholds?: Array<{ l: string; r?: number; d?: string }> } | undefined>;
  export default plugin;
}
declare module "@capsule/dates/plugin/duration" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/isoWeek" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/weekOfYear" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/dayOfYear" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/quarterOfYear" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/advancedFormat" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/isBetween" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/isSameOrAfter" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/isSameOrBefore" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/minMax" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
declare module "@capsule/dates/plugin/isLeapYear" {
  const plugin: import("@capsule/dates").PluginFunc;
  export default plugin;
}
