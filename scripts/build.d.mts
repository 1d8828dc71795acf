export declare const ROOT: string;
export declare function staleReason(): string | null;
export declare function build(options?: { log?: (message: string) => void }): Promise<void>;
export declare function ensureBuilt(options?: { log?: (message: string) => void }): Promise<string | null>;
