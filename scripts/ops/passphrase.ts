// A passphrase never comes from an option or an argument (they end up in shell history and in `ps`).

/** The first line of a piped stdin, or asked twice without echo on a terminal. */
export async function readPassphrase(label: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) text += chunk;
    const line = text.split(/\r?\n/)[0] ?? '';
    if (!line) throw new Error(`${label}: expected on the first line of stdin, got nothing`);
    return line;
  }
  const first = await ask(`${label}: `);
  const again = await ask(`${label} again: `);
  if (first !== again) throw new Error('The two entries differ');
  return first;
}

/** One line from the terminal, echoing nothing; Ctrl-C or Ctrl-D gives up. */
function ask(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let text = '';
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          done();
          resolve(text);
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          done();
          reject(new Error('Cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') text = [...text].slice(0, -1).join('');
        else if (ch >= ' ') text += ch;
      }
    };
    stdin.on('data', onData);
  });
}
