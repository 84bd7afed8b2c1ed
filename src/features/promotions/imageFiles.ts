import { APPLY_RULES } from '../../../contract/constants.ts';

/** Why a picked picture was not taken (spec §5: png or jpg, 5 MB each, at most 3). */
export interface PickProblem {
  name: string;
  kind: 'type' | 'size' | 'count';
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/**
 * PNG or JPEG by the file's first bytes, as the server checks it: a renamed GIF or a document called .png is
 * refused here already, before anything is sent.
 */
export async function isPngOrJpeg(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, PNG.length).arrayBuffer());
  const starts = (magic: number[]) => magic.every((b, i) => head[i] === b);
  return starts(PNG) || starts(JPEG);
}

/** The pictures of `picked` that may join the `held` ones, in order, and a problem for each one refused. */
export async function checkPicked(
  held: number,
  picked: File[],
): Promise<{ added: File[]; problems: PickProblem[] }> {
  const added: File[] = [];
  const problems: PickProblem[] = [];
  for (const file of picked) {
    const { name } = file;
    if (file.size > APPLY_RULES.maxBytes) problems.push({ name, kind: 'size' });
    else if (!(await isPngOrJpeg(file))) problems.push({ name, kind: 'type' });
    else if (held + added.length >= APPLY_RULES.maxFiles) problems.push({ name, kind: 'count' });
    else added.push(file);
  }
  return { added, problems };
}
