export declare const ENTRIES: ReadonlyArray<{ name: string; source: string }>;
export declare function entry(name: string): { name: string; source: string };
export declare function sourceOf(name: string): string;
export declare function outputOf(name: string): string;
