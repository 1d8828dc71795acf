export declare const DEBIAN_CHROMIUM: string;
export declare const DEBIAN_HEADLESS_SHELL: string;
export declare const PATH_NAMES: readonly string[];
export declare const HEADLESS_SHELL_NAMES: readonly string[];
export declare function findSystemChromium(
  env?: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): string | undefined;
export declare function findSystemHeadlessShell(
  env?: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): string | undefined;
export declare function isHeadlessShell(executablePath: string): boolean;
