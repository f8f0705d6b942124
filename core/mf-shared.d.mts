export declare const SHARED_SINGLETON_NAMES: readonly string[];
export declare function sharedSingletons(): Record<
  string,
  { singleton: true; requiredVersion: false; strictVersion: false; import: false }
>;
