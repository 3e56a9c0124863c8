/**
 * The few web-platform globals that Node 20 and every browser both provide. Core is isomorphic,
 * so it gets neither the DOM nor Node's typings: only what is declared here.
 */
declare function atob(data: string): string;
declare function btoa(data: string): string;

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  decode(input?: Uint8Array): string;
}

declare class URLSearchParams {
  constructor(init?: string | Record<string, string>);
  get(name: string): string | null;
}

declare var crypto: {
  getRandomValues<T extends Uint8Array | Uint32Array>(array: T): T;
  randomUUID(): string;
};

declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}
