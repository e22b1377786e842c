const HOME = /^(?:\/home\/[^/]+|\/Users\/[^/]+|\/root|[A-Za-z]:[\\/]Users[\\/][^\\/]+)(?=[\\/]|$)/;

/**
 * A path with the user's home directory written `~`: a consumed entry's record goes into git
 * (and is pushed), where the account name and layout of one machine have no business.
 *
 * @example
 * ```ts
 * withoutHome("/home/alice/src/app"); // "~/src/app"
 * ```
 */
export function withoutHome(path: string): string {
  return path.replace(HOME, "~");
}
