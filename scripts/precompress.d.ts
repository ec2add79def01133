export function precompressStatic(distDir: string): Promise<{ files: number; bytes: number; br: number; gz: number }>;
