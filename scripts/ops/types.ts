// What the command table (commands.ts) and its runners (http.ts, local.ts) share, apart so neither imports the other.
export type Method = 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE';

/** An operator API call of the running server. */
export interface Call {
  method: Method;
  path: string;
  body?: object;
}

/** What a command gets: its positionals (after the command's name) and its options. */
export interface Input {
  args: string[];
  opts: Record<string, string | boolean | undefined>;
}
