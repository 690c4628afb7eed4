/**
 * Where the robot URL comes from: `?url=` (and then remembered), else the last one used, else the default `serve`
 * was started with (`--url`), else this host's port 9090.
 */
export const ROBOT_URL_KEY = 'rviz-companion.robot-url';

export function initialRobotUrl(location: Pick<Location, 'search' | 'hostname'>, storage: Pick<Storage, 'getItem' | 'setItem'>,
  serveDefault?: string): string {
  const fromQuery = new URLSearchParams(location.search).get('url');
  if (fromQuery) {
    storage.setItem(ROBOT_URL_KEY, fromQuery);
    return fromQuery;
  }
  const remembered = storage.getItem(ROBOT_URL_KEY);
  if (remembered) return remembered;
  if (serveDefault) return serveDefault;
  const host = !location.hostname || location.hostname === '127.0.0.1' ? 'localhost' : location.hostname;
  return `ws://${host}:9090`;
}

export function rememberRobotUrl(url: string, storage: Pick<Storage, 'setItem'>): void {
  storage.setItem(ROBOT_URL_KEY, url);
}
