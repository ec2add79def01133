export function isSupportedNode(version: string): boolean;
export function assertSupportedNode(version?: string): void;
