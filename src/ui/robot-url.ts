/**
 * Where the robot URL comes from: `?url=`, else the last one that connected, else the default `serve` was started
 * with (`--url`), else this host's port 9090. A URL is remembered only once it has connected (`rememberRobotUrl` is
 * called then), so a mistyped or dead `?url=` never replaces the robot that worked.
 */
export const ROBOT_URL_KEY = 'rviz-companion.robot-url';

export function initialRobotUrl(location: Pick<Location, 'search' | 'hostname'>, storage: Pick<Storage, 'getItem'>,
  serveDefault?: string): string {
  const fromQuery = new URLSearchParams(location.search).get('url');
  if (fromQuery) return fromQuery;
  const remembered = storage.getItem(ROBOT_URL_KEY);
  if (remembered) return remembered;
  if (serveDefault) return serveDefault;
  const host = !location.hostname || location.hostname === '127.0.0.1' ? 'localhost' : location.hostname;
  return `ws://${host}:9090`;
}

/** Call when `url` has connected: it becomes the robot the next visit opens. */
export function rememberRobotUrl(url: string, storage: Pick<Storage, 'setItem'>): void {
  try {
    storage.setItem(ROBOT_URL_KEY, url);
  } catch {
    // Storage disabled or full: the next visit starts from the default URL.
  }
}
