import type { Plugin } from 'vite';

export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
export declare function precompressDir(
  dir: string,
  options?: { skip?: readonly string[] },
): Promise<string[]>;
export declare function precompress(): Plugin;
