export declare const SHARED_SINGLETON_NAMES: readonly string[];
export declare function sharedSingletons(options: {
  provider: boolean;
}): Record<
  string,
  { singleton: true; requiredVersion: false | string; strictVersion: false; import?: false }
>;
