// Reading and writing .rviz files for the apply, convert, lint and plan commands.
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { checkSize, parseBytes, type ParseResult } from '../core/rviz/index.ts';
import { CliError } from './context.ts';

function describeFsError(err: unknown, path: string, verb: string): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `cannot ${verb} ${path}: no such file`;
  if (code === 'EISDIR') return `cannot ${verb} ${path}: it is a folder`;
  if (code === 'EACCES' || code === 'EPERM') return `cannot ${verb} ${path}: permission denied`;
  return `cannot ${verb} ${path}: ${(err as Error).message}`;
}

/** Read and parse a .rviz file; oversized files are refused before they are read. */
export async function readRvizFile(path: string): Promise<ParseResult> {
  let size: number;
  try {
    const s = await stat(path);
    if (s.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    size = s.size;
  } catch (err) {
    throw new CliError(describeFsError(err, path, 'read'));
  }
  const name = basename(path);
  const big = checkSize(size, { name });
  if (big) return big;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw new CliError(describeFsError(err, path, 'read'));
  }
  return parseBytes(bytes, { name });
}

/** Write text next to the target and rename it in place, so a failed write never leaves half a file. */
export async function writeTextFile(path: string, text: string): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw new CliError(describeFsError(err, path, 'write'));
  }
}
