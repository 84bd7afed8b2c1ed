export declare const SOURCES: string[];
export declare const OUTPUTS: string[];
export declare function buildState(root?: string): { stale: false } | { stale: true; reason: string };
