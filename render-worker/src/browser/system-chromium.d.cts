export declare const DEBIAN_CHROMIUM: string;
export declare const PATH_NAMES: readonly string[];
export declare function findSystemChromium(
  env?: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): string | undefined;
